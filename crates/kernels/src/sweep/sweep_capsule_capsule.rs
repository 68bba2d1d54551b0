//! An upright capsule swept against an upright capsule at rest (sweep table
//! entry (3, 3)): the horizontal circles, then the vertical ranges.

use ps2_float::{Real, Vec4};

use super::{entry_root, write_normals};
use crate::box_sweep::{sweep_interval_overlap, Interval, Window};
use crate::segment::eps;
use crate::{contact::Contact, pair::PairContext, shapes::Capsule};

/// `1e24` (0x6753c21c): the window's starting `tLast`, as Unit 13's
/// box-triangle sweep starts it (divergence 104).
pub const CAPSULE_WINDOW_LAST: u32 = 0x6753_c21c;

/// Narrows the time window `window` to the part of the move in which a
/// circle starting at offset `q` (its centre minus the still circle's) and
/// moving by `m` per unit of time is within `reach` of the still circle's
/// centre; returns `true` when they are apart for the whole move (or the
/// window is empty), `false` otherwise. The calling convention of Unit 13's
/// `Sweep_IntervalOverlap`, whose window the capsule sweep passes on.
///
/// *Inferred* (the overview gives only "horizontal circles"): with
/// `A = m·m`, `B = q·m`, `C = q·q − reach²`, a path that does not approach
/// (`B ≥ 0`, a zero move included) is apart, even from a start within reach
/// (divergence 101). Otherwise, from a start outside (`C > 0`) the entry time
/// `C / (sqrt(B² − A·C) − B)` raises `first` (a path passing wide is apart)
/// and an entry after `t_max` is apart; from a start within reach `first`
/// stays. The exit time `(sqrt(B² − A·C) − B) / A` lowers `last`, and the end
/// test is `last < first` (strict), as in the interval test (divergence 103).
///
/// Original: `Sweep_CircleCircle2D` (0x003498c0).
pub fn sweep_circle_circle_2d<R: Real>(
    window: &mut Window<R>,
    t_max: R,
    q: [R; 2],
    m: [R; 2],
    reach: R,
) -> bool {
    let [qx, qy] = q;
    let [mx, my] = m;
    let b = qx * mx + qy * my;
    if b >= R::ZERO {
        return true;
    }
    let a = mx * mx + my * my;
    let c = (qx * qx + qy * qy) - reach * reach;
    if c > R::ZERO {
        let Some(t) = entry_root(a, b, c) else {
            return true;
        };
        if window.first < t {
            window.first = t;
        }
        if t_max < window.first {
            return true;
        }
    }
    // B < 0 makes A > 0 and the discriminant at least B².
    let t = ((b * b - a * c).sqrt() - b).div(a);
    if t < window.last {
        window.last = t;
    }
    window.last < window.first
}

/// A moving upright capsule (`own`) against an upright capsule at rest
/// (`other`), table entry (3, 3); each capsule is a flat-ended cylinder
/// `[base.z, base.z + height]` of its own radius.
///
/// The window starts at `[0, 1e24]` (divergence 104). The vertical ranges
/// narrow it first, through Unit 13's [`sweep_interval_overlap`] with
/// `t_max = 1`: the other's range still, the mover's moving by `mv.z`. The two
/// heights are swapped in those ranges (the mover's range is
/// `[own.base.z, own.base.z + other.height]`, the other's
/// `[other.base.z, other.base.z + own.height]`; overview, "Shapes",
/// 0x00343e1c-0x00343e28), a quirk kept. The interval test's zero-speed reset
/// runs here for every level move with overlapping ranges (the window becomes
/// `(0, 1)`); then the footprints, [`sweep_circle_circle_2d`] with the sum of
/// the radii, narrow the window, so a walker meets another human where the
/// circles first touch. The order is *inferred* (divergence 105: the reading
/// in which the reset stands and the centres still meet at the sum of the
/// radii, as the overview's "Human contacts" says). The fraction is the
/// window's `first`.
///
/// On a hit it writes `+0x80` the fraction; `+0x50` the horizontal unit
/// vector from the other's axis to the mover's axis at the fraction (`w = 1`;
/// `(0, −1, 0)` when the axes are within `1e-3`, Unit 4's constant for the
/// overlap negated), `+0x10` its negation; `+0x90` the mover's axis point at
/// the fraction at mid-height, `(B + f·M)` with `z = B.z + f·M.z + h/2`
/// (`w = 1`, as Unit 12 writes its capsule's point); `+0xb0 = 0`; and returns
/// `true`. A miss writes nothing. *Inferred* beyond the facts named
/// (divergences 101-106).
///
/// Original: `PhysicsSweep_CapsuleCapsule` (0x00343cd8).
pub fn physics_sweep_capsule_capsule<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Capsule<R>,
    mv: Vec4<R>,
) -> bool {
    sweep_capsules(c, own, other, mv, true)
}

/// Table entry (3, 3) as the table calls it: [`physics_sweep_capsule_capsule`]
/// with the heights as
/// [`Quirks::capsule_heights_swapped`](crate::Quirks::capsule_heights_swapped)
/// says: `true` (the console's) swaps them; `false` gives each capsule its
/// own height, `[base.z, base.z + height]`, and is otherwise the same sweep.
pub fn physics_sweep_capsule_capsule_in<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    own: &Capsule<R>,
    other: &Capsule<R>,
    mv: Vec4<R>,
) -> bool {
    sweep_capsules(c, own, other, mv, ctx.quirks.capsule_heights_swapped)
}

fn sweep_capsules<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Capsule<R>,
    mv: Vec4<R>,
    swapped: bool,
) -> bool {
    let mut window = Window {
        first: R::ZERO,
        last: R::from_bits(CAPSULE_WINDOW_LAST),
    };
    // The heights swapped (0x00343e1c-0x00343e28). The vertical ranges are
    // tested first, so the interval test's zero-speed reset to (0, 1) comes
    // before the circles narrow the window (divergence 105).
    let (still_h, own_h) = if swapped {
        (own.height, other.height)
    } else {
        (other.height, own.height)
    };
    let still = Interval::new(other.base.z, other.base.z + still_h);
    let moving = Interval::new(own.base.z, own.base.z + own_h);
    if sweep_interval_overlap(&mut window, R::ONE, mv.z, still, moving) {
        return false;
    }
    let q = [own.base.x - other.base.x, own.base.y - other.base.y];
    let reach = own.radius + other.radius;
    if sweep_circle_circle_2d(&mut window, R::ONE, q, [mv.x, mv.y], reach) {
        return false;
    }
    let f = window.first;
    let at = own.base.madd(mv, f);
    let d = (at - other.base).with_z(R::ZERO);
    let n = if d.dot(d) < eps() {
        // Unit 4's coincident-axes constant (0, 1, 0) is the own half's;
        // the other half's is its negation (divergence 106).
        Vec4::new(R::ZERO, -R::ONE, R::ZERO, R::ONE)
    } else {
        d.normalize()
    };
    c.fraction = Some(f);
    write_normals(c, n);
    let half = own.height * R::from_f32(0.5);
    c.point.set(Vec4::point(at.x, at.y, at.z + half));
    c.flags = Some(0);
    true
}
