//! The corrected segment sweeps of the pair tables ([`PairQuirks`] off): a
//! segment with a radius, a sphere or a capsule meets a segment or a capsule
//! at the first touch along the move, and the table entries that choose
//! between these and the console's answers.
//!
//! Every shape here is a segment grown by a radius (a sphere a point, a
//! capsule its axis from the base up by the height). For shapes that only
//! move, the squared distance between two convex sets is a convex function
//! of the fraction of the move, so the first touch is found without
//! sampling: the distance's minimum over `[0, 1]` by golden-section search,
//! then bisection between 0 and that minimum for the first fraction where
//! the distance reaches the sum of the radii (divergence 474).
//!
//! [`PairQuirks`]: crate::PairQuirks

use ps2_float::{Real, Vec4};

use super::{
    physics_sweep_capsule_segment, physics_sweep_segment_capsule, physics_sweep_segment_segment,
    physics_sweep_segment_sphere, physics_sweep_sphere_segment, write_hit,
};
use crate::{contact::Contact, shapes::Capsule, shapes::Segment, shapes::Sphere};

/// Golden-section steps: the bracket shrinks by 0.618 each, below an `f32`
/// ulp of 1 after 40.
const GOLDEN_STEPS: usize = 40;
/// Bisection steps of the first touch, past an `f32` ulp of 1.
const BISECT_STEPS: usize = 32;

/// The argument in `[0, 1]` minimising a convex `f`, by golden-section
/// search.
pub(crate) fn golden_min<R: Real>(f: impl Fn(R) -> R) -> R {
    let g = R::from_f32(0.381_966_02);
    let (mut lo, mut hi) = (R::ZERO, R::ONE);
    let mut a = lo + (hi - lo) * g;
    let mut b = hi - (hi - lo) * g;
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..GOLDEN_STEPS {
        if fa <= fb {
            hi = b;
            b = a;
            fb = fa;
            a = lo + (hi - lo) * g;
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = hi - (hi - lo) * g;
            fb = f(b);
        }
    }
    // The ends themselves, for a minimum on the bracket's edge.
    let mut best = if fa <= fb { a } else { b };
    let mut fbest = f(best);
    for end in [R::ZERO, R::ONE] {
        let fe = f(end);
        if fe < fbest {
            best = end;
            fbest = fe;
        }
    }
    best
}

/// The first fraction in `[0, 1]` where a convex squared distance `d2`
/// falls to `reach²`: 0 when already there, `None` when it never does.
pub(crate) fn first_touch<R: Real>(d2: impl Fn(R) -> R, reach: R) -> Option<R> {
    let r2 = reach * reach;
    if d2(R::ZERO) <= r2 {
        return Some(R::ZERO);
    }
    let tmin = golden_min(&d2);
    if d2(tmin) > r2 {
        return None;
    }
    // d2 does not increase on [0, tmin]: bisect its crossing of r2.
    let (mut lo, mut hi) = (R::ZERO, tmin);
    let half = R::from_f32(0.5);
    for _ in 0..BISECT_STEPS {
        let mid = (lo + hi) * half;
        if d2(mid) <= r2 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// The point of the segment `a`..`b` nearest to `p` (exact clamp).
pub(crate) fn nearest_on_segment<R: Real>(p: Vec4<R>, a: Vec4<R>, b: Vec4<R>) -> Vec4<R> {
    let d = b - a;
    let dd = d.dot(d);
    if dd <= R::ZERO {
        return a;
    }
    let t = (p - a).dot(d).div(dd).max(R::ZERO).min(R::ONE);
    a.madd(d, t)
}

/// The squared distance between the segments `p0`..`p1` and `q0`..`q1`, and
/// the parameter along the first of its nearest point (the distance from a
/// point of the first to the second is convex along the first).
fn segment_segment<R: Real>(p0: Vec4<R>, p1: Vec4<R>, q0: Vec4<R>, q1: Vec4<R>) -> (R, R) {
    let d = p1 - p0;
    let at = |s: R| {
        let p = p0.madd(d, s);
        let g = p - nearest_on_segment(p, q0, q1);
        g.dot(g)
    };
    let s = golden_min(at);
    (at(s), s)
}

/// The unit direction from `from` to `to`, or the reverse of the move (then
/// `+z`) when they coincide.
fn direction<R: Real>(from: Vec4<R>, to: Vec4<R>, mv: Vec4<R>) -> Vec4<R> {
    let g = to - from;
    if g.dot(g) > R::ZERO {
        return g.normalize();
    }
    if mv.dot(mv) > R::ZERO {
        return (-mv).normalize();
    }
    Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO)
}

/// Writes a first touch: the fraction, `+0x50` the unit direction from the
/// other's nearest point to the own's (`w = 1`), `+0x10` its negation, the
/// point on the other's surface (`w = 1`) and `+0xb0 = 0`.
fn write_touch<R: Real>(
    c: &mut Contact<R>,
    t: R,
    own_near: Vec4<R>,
    other_near: Vec4<R>,
    other_radius: R,
    mv: Vec4<R>,
) {
    let n = direction(other_near, own_near, mv);
    write_hit(c, t, n, other_near, other_radius);
}

/// A shape as a segment grown by a radius: the two ends of its core segment
/// and the radius (a sphere's core is its centre twice).
trait RoundSegment<R: Real> {
    fn ends_and_radius(&self) -> (Vec4<R>, Vec4<R>, R);
}

impl<R: Real> RoundSegment<R> for Segment<R> {
    fn ends_and_radius(&self) -> (Vec4<R>, Vec4<R>, R) {
        (self.start, self.end, self.radius)
    }
}

impl<R: Real> RoundSegment<R> for Capsule<R> {
    /// Base to base + (0, 0, height).
    fn ends_and_radius(&self) -> (Vec4<R>, Vec4<R>, R) {
        let top = self.base + Vec4::new(R::ZERO, R::ZERO, self.height, R::ZERO);
        (self.base, top, self.radius)
    }
}

impl<R: Real> RoundSegment<R> for Sphere<R> {
    fn ends_and_radius(&self) -> (Vec4<R>, Vec4<R>, R) {
        (self.centre, self.centre, self.radius)
    }
}

/// The first touch of `own`'s axis `a0`..`a1` (radius `ra`) moving by `mv`
/// with `other`'s axis `b0`..`b1` (radius `rb`) at rest; on a hit, writes the
/// contact as [`write_touch`] and returns `true`; a miss writes nothing.
fn axes_first_touch<R: Real>(
    c: &mut Contact<R>,
    own: &impl RoundSegment<R>,
    other: &impl RoundSegment<R>,
    mv: Vec4<R>,
) -> bool {
    let ((a0, a1, ra), (b0, b1, rb)) = (own.ends_and_radius(), other.ends_and_radius());
    let d2 = |t: R| segment_segment(a0.madd(mv, t), a1.madd(mv, t), b0, b1).0;
    let Some(t) = first_touch(d2, ra + rb) else {
        return false;
    };
    let (p0, p1) = (a0.madd(mv, t), a1.madd(mv, t));
    let (_, s) = segment_segment(p0, p1, b0, b1);
    let own_near = p0.madd(p1 - p0, s);
    let other_near = nearest_on_segment(own_near, b0, b1);
    write_touch(c, t, own_near, other_near, rb, mv);
    true
}

pair_sweep!(
    /// A moving segment (`own`, with its radius) against a segment at rest: the
    /// first touch along `mv`, 0 when already touching; the contact as
    /// `write_touch`. The corrected table entry (4, 4).
    segment_first_touch(Segment, Segment) => axes_first_touch
);

pair_sweep!(
    /// A moving segment against a capsule at rest (a true capsule, its axis from
    /// the base up by the height): the first touch along `mv`. The corrected
    /// table entry (4, 3).
    segment_capsule_first_touch(Segment, Capsule) => axes_first_touch
);

pair_sweep!(
    /// A moving capsule against a segment at rest: the first touch along `mv`.
    /// The corrected table entry (3, 4).
    capsule_segment_first_touch(Capsule, Segment) => axes_first_touch
);

pair_sweep!(
    /// A moving sphere against a segment at rest: the first touch along `mv` (0
    /// when already touching), where the console's entry reports the closest
    /// approach (divergence 475). The corrected table entry (2, 4).
    sphere_segment_first_touch(Sphere, Segment) => axes_first_touch
);

// The `*_in` entries share their form (a switch, then the console's or the
// corrected kernel) and are written by `pair_sweep`: each is its own
// table entry with its own switch and kernels.
pair_sweep!(
    /// Sweep table entry (2, 4): the console's [`physics_sweep_sphere_segment`],
    /// or with [`PairQuirks::sphere_segment_closest`](crate::PairQuirks) off
    /// [`sphere_segment_first_touch`].
    physics_sweep_sphere_segment_in(Sphere, Segment):
        sphere_segment_closest ? physics_sweep_sphere_segment : sphere_segment_first_touch
);

pair_sweep!(
    /// Sweep table entry (4, 2): the console's [`physics_sweep_segment_sphere`],
    /// or corrected the mirror of [`sphere_segment_first_touch`] (the move
    /// reversed, the halves swapped on a hit).
    physics_sweep_segment_sphere_in(Segment, Sphere):
        sphere_segment_closest ? physics_sweep_segment_sphere : mirror of sphere_segment_first_touch
);

pair_sweep!(
    /// Sweep table entry (4, 4): the console's static
    /// [`physics_sweep_segment_segment`], or with
    /// [`PairQuirks::segment_sweep_static`](crate::PairQuirks) off
    /// [`segment_first_touch`].
    physics_sweep_segment_segment_in(Segment, Segment):
        segment_sweep_static ? physics_sweep_segment_segment : segment_first_touch
);

pair_sweep!(
    /// Sweep table entry (4, 3): the console's static
    /// [`physics_sweep_segment_capsule`], or corrected
    /// [`segment_capsule_first_touch`].
    physics_sweep_segment_capsule_in(Segment, Capsule):
        segment_sweep_static ? physics_sweep_segment_capsule : segment_capsule_first_touch
);

pair_sweep!(
    /// Sweep table entry (3, 4): the console's static
    /// [`physics_sweep_capsule_segment`], or corrected
    /// [`capsule_segment_first_touch`].
    physics_sweep_capsule_segment_in(Capsule, Segment):
        segment_sweep_static ? physics_sweep_capsule_segment : capsule_segment_first_touch
);
