//! Segment against capsule (table entry (4, 3)) and its mirror (3, 4): the
//! capsule with rounded ends.

use ps2_float::{Real, Vec4};

use super::overlap_segment_segment::axes_meet;
use super::{capsule_axis, closest_points_with, OverlapQuirks};
use crate::sat::vsub;
use crate::segment::closest_points;
use crate::{contact::Contact, shapes::Capsule, shapes::Segment};

// Written as `overlap_segment_segment` is, but a separate original: the
// second axis is the capsule's, built from its height (`capsule_axis`).
/// The segment's direction, the capsule's axis and the segment's start less
/// the capsule's base, the arguments of the closest-point search.
#[inline]
#[must_use]
fn segment_capsule_axes<R: Real>(
    own: &Segment<R>,
    other: &Capsule<R>,
) -> (Vec4<R>, Vec4<R>, Vec4<R>) {
    let d1 = vsub(own.end, own.start);
    let d2 = capsule_axis(other.height);
    let w = vsub(own.start, other.base);
    (d1, d2, w)
}

/// `true` when a segment with a radius reaches the capsule taken as a true
/// capsule: the squared distance between the closest points of the segment
/// and the capsule's axis `B`..`B + (0, 0, h)` is at most `(r_seg + r_cap)²`
/// (Unit 4, `PhysicsOverlap_SegmentCapsule`).
///
/// Touching is a hit. The contact is not written.
///
/// Original: `PhysicsOverlap_SegmentCapsule` (0x00346fb8).
#[must_use]
pub fn overlap_segment_capsule<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Capsule<R>,
) -> bool {
    let axes = segment_capsule_axes(own, other);
    axes_meet(axes, own.radius, other.radius, closest_points)
}

mirrored_overlap!(
    /// The mirror of [`overlap_segment_capsule`]: the same test with the shapes in
    /// the other order, no halves swapped.
    ///
    /// Original: `PhysicsOverlap_CapsuleSegment` (0x00347148).
    #[inline]
    #[must_use]
    overlap_capsule_segment(Capsule, Segment) => overlap_segment_capsule
);

/// [`overlap_segment_capsule`] with the closest points of
/// [`closest_points_with`], so the kernel's two edge cases follow the
/// switches (the capsule's axis is the second segment: a capsule of height
/// 0 is the zero-length case). With both on it is the console's test.
#[must_use]
pub fn overlap_segment_capsule_with<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Capsule<R>,
    q: &OverlapQuirks,
) -> bool {
    let axes = segment_capsule_axes(own, other);
    axes_meet(axes, own.radius, other.radius, |d1, d2, w| {
        closest_points_with(d1, d2, w, q)
    })
}

/// The mirror of [`overlap_segment_capsule_with`], no halves swapped.
#[inline]
#[must_use]
pub fn overlap_capsule_segment_with<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Segment<R>,
    q: &OverlapQuirks,
) -> bool {
    overlap_segment_capsule_with(c, other, own, q)
}
