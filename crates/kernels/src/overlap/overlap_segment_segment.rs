//! Segment against segment (table entry (4, 4)).

use ps2_float::{Real, Vec4};

use super::{closest_points_with, within_reach, OverlapQuirks};
use crate::sat::{vmadd, vscale, vsub};
use crate::segment::closest_points;
use crate::{contact::Contact, shapes::Segment};

/// The gap vector between the closest points of two segments,
/// `w + s·d1 − t·d2`, as Unit 4 writes it (divergence 41 for the operand order
/// of the products).
#[inline]
#[must_use]
pub(crate) fn gap<R: Real>(w: Vec4<R>, d1: Vec4<R>, s: R, d2: Vec4<R>, t: R) -> Vec4<R> {
    vsub(vmadd(w, d1, s), vscale(d2, t))
}

/// `true` when two axes with radii `ra` and `rb` meet: `d1` and `d2` their
/// directions, `w` the first's start less the second's; the closest points'
/// parameters come from `closest`, and their [`gap`] is [`within_reach`].
#[inline]
#[must_use]
pub(crate) fn axes_meet<R: Real>(
    (d1, d2, w): (Vec4<R>, Vec4<R>, Vec4<R>),
    ra: R,
    rb: R,
    closest: impl FnOnce(Vec4<R>, Vec4<R>, Vec4<R>) -> (R, R),
) -> bool {
    let (s, t) = closest(d1, d2, w);
    within_reach(gap(w, d1, s, d2, t), ra, rb)
}

/// The directions of two segments and the first's start less the second's,
/// the arguments of the closest-point search.
#[inline]
#[must_use]
fn segment_pair_axes<R: Real>(own: &Segment<R>, other: &Segment<R>) -> (Vec4<R>, Vec4<R>, Vec4<R>) {
    let d1 = vsub(own.end, own.start);
    let d2 = vsub(other.end, other.start);
    let w = vsub(own.start, other.start);
    (d1, d2, w)
}

/// `true` when two segments with radii overlap: the squared distance between
/// their closest points is at most `(r_own + r_other)²` (Unit 4,
/// `PhysicsOverlap_SegmentSegment`).
///
/// The closest points come from [`closest_points`], with its absolute parallel
/// threshold and its handling of a zero-length other segment (measured from
/// own's start). Touching is a hit. The contact is not written.
///
/// Original: `PhysicsOverlap_SegmentSegment` (0x00346500).
#[must_use]
pub fn overlap_segment_segment<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Segment<R>,
) -> bool {
    let axes = segment_pair_axes(own, other);
    axes_meet(axes, own.radius, other.radius, closest_points)
}

/// [`overlap_segment_segment`] with the closest points of
/// [`closest_points_with`], so the kernel's two edge cases follow
/// [`OverlapQuirks::segment_absolute_threshold`] and
/// [`OverlapQuirks::segment_degenerate_second`]. With both on it is the
/// console's test.
#[must_use]
pub fn overlap_segment_segment_with<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Segment<R>,
    q: &OverlapQuirks,
) -> bool {
    let axes = segment_pair_axes(own, other);
    axes_meet(axes, own.radius, other.radius, |d1, d2, w| {
        closest_points_with(d1, d2, w, q)
    })
}
