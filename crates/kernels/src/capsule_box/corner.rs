//! The corner step: a circle below and left of the rectangle
//! (spec, Unit 12, "CapsuleBox_SweepCorner (0x0034a318)").

use ps2_float::Real;

use super::step::{circle_root, len2, r2a, Folded, StepResult};

/// Sweeps the folded circle (start in the `(−, −)` corner region, `x < −hx`,
/// `y < −hy`) against the whole rectangle as seen from there: the near corner
/// `(−hx, −hy)`, the face `x = −hx` and the far corner `(−hx, hy)` beyond it,
/// or the face `y = −hy` and the far corner `(hx, −hy)`.
///
/// With `flag` false a move that does not approach the near corner point
/// (`m·e ≥ 0`) is a miss at once. A start within `r` of the corner returns
/// [`StepResult::Touching`]. The near corner's root is 0 when its
/// discriminant is exactly 0 in the `k ≥ 0` branch only. Grazes of the near
/// corner by a path that crosses the extended side line farther than `r` from
/// the corner, while not moving towards that side, are missed (a quirk,
/// spec test 11).
///
/// Spec: Unit 12, "CapsuleBox_SweepCorner (0x0034a318)".
/// Original: `CapsuleBox_SweepCorner` (0x0034a318).
#[must_use]
pub fn sweep_capsule_box_corner<R: Real>(f: Folded<R>, flag: bool) -> StepResult<R> {
    let Folded {
        x,
        y,
        r,
        mx,
        my,
        hx,
        hy,
    } = f;
    let ex = x + hx;
    let ey = y + hy;
    let a = len2(mx, my);
    let b = mx * ex + my * ey;
    let c = len2(ex, ey) - r * r;
    let k = (mx * ey).msub(my, ex);
    if !flag && b >= R::ZERO {
        return StepResult::Miss;
    }
    if c <= R::ZERO {
        return StepResult::Touching;
    }
    let near = |guard: bool| {
        let (t, d) = circle_root(ex, ey, mx, my, a, r);
        let frac = if guard && d == R::ZERO { R::ZERO } else { t };
        StepResult::Hit {
            frac,
            px: -hx,
            py: -hy,
        }
    };
    if k >= R::ZERO {
        // The path crosses the line y = −hy left of the corner.
        if k <= r * my {
            return near(true);
        }
        if mx <= R::ZERO {
            return StepResult::Miss;
        }
        let k2 = (mx * (y - hy)).msub(my, ex);
        if k2 >= R::ZERO && k2 * k2 > r2a(r, a) {
            return StepResult::Miss;
        }
        if k2 <= r * my {
            // `mx > 0` here; the product saturates in f32 (divergence 82).
            let frac = (-(ex + r)).div(mx);
            StepResult::Hit {
                frac,
                px: -hx,
                py: y.madd(frac, my),
            }
        } else {
            let (frac, _) = circle_root(ex, y - hy, mx, my, a, r);
            StepResult::Hit {
                frac,
                px: -hx,
                py: hy,
            }
        }
    } else {
        // The path crosses the line x = −hx below the corner.
        if -k <= r * mx {
            return near(false);
        }
        if my <= R::ZERO {
            return StepResult::Miss;
        }
        let k2 = (mx * ey).msub(my, x - hx);
        if k2 <= R::ZERO && k2 * k2 > r2a(r, a) {
            return StepResult::Miss;
        }
        if -k2 <= r * mx {
            // `my > 0` here; the product saturates in f32 (divergence 82).
            let frac = (-(ey + r)).div(my);
            StepResult::Hit {
                frac,
                px: x.madd(frac, mx),
                py: -hy,
            }
        } else {
            let (frac, _) = circle_root(x - hx, ey, mx, my, a, r);
            StepResult::Hit {
                frac,
                px: hx,
                py: -hy,
            }
        }
    }
}
