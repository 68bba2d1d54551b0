//! The corrected segment-box sweep of the pair tables
//! ([`PairQuirks::segment_box_never`](crate::PairQuirks) off): a segment with
//! a radius meets an oriented box at their first touch along the move, and
//! the table entries (4, 1) and (1, 4) that choose between it and the
//! console's "never".
//!
//! The distance from a point to the box is the distance to its clamp in the
//! box's frame; along the segment it is convex, and so is the smallest of it
//! as the segment moves, so the first touch is found as the other segment
//! sweeps find theirs (golden section, then bisection; divergence 473).

use ps2_float::{Real, Vec4};

use super::pair::{physics_sweep_box_segment, physics_sweep_segment_box};
use crate::sweep::{first_touch_of, golden_min_of, pair_sweep};
use crate::{contact::Contact, shapes::OrientedBox, shapes::Segment};

/// The point of the box nearest to `p`: `p` in the box's frame clamped to the
/// half extents (the axes taken as they are, unit and orthogonal).
fn nearest_on_box<R: Real>(bx: &OrientedBox<R>, p: Vec4<R>) -> Vec4<R> {
    let d = p - bx.centre;
    let half = [bx.half.x, bx.half.y, bx.half.z];
    let mut q = bx.centre;
    for (axis, h) in bx.axes.iter().zip(half) {
        let h = h.abs();
        let u = d.dot(*axis).max(-h).min(h);
        q = q.madd(*axis, u);
    }
    q
}

/// The squared distance from the segment `a`..`b` to the box and the
/// parameter along the segment of its nearest point.
fn segment_box_distance<R: Real>(bx: &OrientedBox<R>, a: Vec4<R>, b: Vec4<R>) -> (R, R) {
    let d = b - a;
    let at = |s: R| {
        let p = a.madd(d, s);
        let g = p - nearest_on_box(bx, p);
        g.dot(g)
    };
    let s = golden_min_of(at);
    (at(s), s)
}

/// A segment (`own`, with its radius) moving by `mv` against an oriented box
/// at rest: the first touch along the move, 0 when already touching. On a
/// hit it writes the fraction, `+0x50` the unit direction from the box's
/// nearest point to the segment's (`w = 1`; the reversed move when they
/// coincide), `+0x10` its negation, `+0x90` the box's nearest point
/// (`w = 1`), `+0xb0 = 0`, and returns `true`; a miss writes nothing. The
/// corrected table entry (4, 1).
pub fn segment_box_first_touch<R: Real>(
    c: &mut Contact<R>,
    own: &Segment<R>,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    let (a, b) = (own.start, own.end);
    let d2 = |t: R| segment_box_distance(bx, a.madd(mv, t), b.madd(mv, t)).0;
    let Some(t) = first_touch_of(d2, own.radius) else {
        return false;
    };
    let (p0, p1) = (a.madd(mv, t), b.madd(mv, t));
    let (_, s) = segment_box_distance(bx, p0, p1);
    let own_near = p0.madd(p1 - p0, s);
    let box_near = nearest_on_box(bx, own_near);
    let g = own_near - box_near;
    let n = if g.dot(g) > R::ZERO {
        g.normalize()
    } else if mv.dot(mv) > R::ZERO {
        (-mv).normalize()
    } else {
        Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO)
    };
    c.fraction = Some(t);
    c.other.normal.set(n.with_w(R::ONE));
    c.own.normal.set((-n).with_w(R::ONE));
    c.point.set(box_near.with_w(R::ONE));
    c.flags = Some(0);
    true
}

// The two entries below have the form of the segment sweeps' `*_in` entries
// (a switch, then one of two kernels) and are written by the same macro:
// each is its own table entry.
pair_sweep!(
    /// Sweep table entry (4, 1): the console's [`physics_sweep_segment_box`]
    /// (never a hit), or with the switch off [`segment_box_first_touch`].
    physics_sweep_segment_box_in(Segment, OrientedBox):
        segment_box_never ? physics_sweep_segment_box : segment_box_first_touch
);

pair_sweep!(
    /// Sweep table entry (1, 4): the console's [`physics_sweep_box_segment`]
    /// (never a hit), or corrected the mirror of [`segment_box_first_touch`]: the
    /// move reversed (`w` kept), the halves swapped on a hit.
    physics_sweep_box_segment_in(OrientedBox, Segment):
        segment_box_never ? physics_sweep_box_segment : mirror of segment_box_first_touch
);
