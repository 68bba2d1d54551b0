//! The side step: a circle left of the rectangle, level with the face
//! (spec, Unit 12, "CapsuleBox_SweepSide (0x0034a6d0)").

use ps2_float::Real;

use super::step::{circle_root, len2, r2a, Folded, StepResult};

/// Sweeps the folded circle (start left of the face `x = −hx`, `|y| ≤ hy`)
/// against that face and the end corner `(−hx, ±hy)` the move heads for.
///
/// With `flag` false a move that does not approach the face (`mx ≤ 0`) is a
/// miss at once; with `flag` true nothing screens a receding path, and an end
/// corner's root can be a past time (a negative fraction, spec, Unit 12, "Edge
/// cases"). A start within `r` of the face plane returns
/// [`StepResult::Touching`]. The face hit's `py` is not clamped to the face.
///
/// Spec: Unit 12, "CapsuleBox_SweepSide (0x0034a6d0)". Note that the original's
/// names of the two steps were swapped in the shared project and renamed from
/// their call sites; this is the step at 0x0034a6d0.
/// Original: `CapsuleBox_SweepSide` (0x0034a6d0).
#[must_use]
pub fn sweep_capsule_box_side<R: Real>(f: Folded<R>, flag: bool) -> StepResult<R> {
    // The folded frame is read as `sweep_capsule_box_corner` reads it; the
    // two steps' arithmetic differs.
    let Folded {
        x,
        y,
        r,
        mx,
        my,
        hx,
        hy,
    } = f;
    let g = x + hx;
    let s = g + r;
    let a = len2(mx, my);
    if !flag && mx <= R::ZERO {
        return StepResult::Miss;
    }
    if s >= R::ZERO {
        return StepResult::Touching;
    }
    // The end the move heads for, and whether the line passes beyond it.
    let (end, corner) = if my >= R::ZERO {
        let k = (mx * (y - hy)).msub(my, g);
        if k >= R::ZERO && k * k > r2a(r, a) {
            return StepResult::Miss;
        }
        (hy, k > r * my)
    } else {
        let k = (mx * (y + hy)).msub(my, g);
        if k <= R::ZERO && k * k > r2a(r, a) {
            return StepResult::Miss;
        }
        (-hy, r * my > k)
    };
    if corner {
        let (frac, _) = circle_root(g, y - end, mx, my, a, r);
        StepResult::Hit {
            frac,
            px: -hx,
            py: end,
        }
    } else {
        // A zero `mx` (flag set) saturates to ±MAX with the zero's sign
        // (spec, Unit 12, "Edge cases", zero move; divergence 82 for the
        // saturated product).
        let frac = (-s).div(mx);
        StepResult::Hit {
            frac,
            px: -hx,
            py: y.madd(frac, my),
        }
    }
}
