//! Segment against sphere (table entry (4, 2)) and its mirror (2, 4).

use ps2_float::Real;

use super::within_reach;
use crate::sat::vsub;
use crate::segment::closest_point;
use crate::{contact::Contact, shapes::Segment, shapes::Sphere};

// Written as `overlap_capsule_sphere` is, but a separate original: the axis
// is the segment's `start`..`end`, not the capsule's base and height.
/// `true` when the sphere reaches the segment: the squared distance from the
/// sphere's centre to its nearest point on the segment is at most
/// `(r_seg + r_sph)²` (Unit 4, `PhysicsOverlap_SegmentSphere`).
///
/// Touching is a hit; a zero-length segment is a sphere at its start. The
/// contact is not written.
///
/// Original: `PhysicsOverlap_SegmentSphere` (0x00346de0).
#[must_use]
pub fn overlap_segment_sphere<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Sphere<R>,
) -> bool {
    let q = closest_point(own.start, vsub(own.end, own.start), other.centre);
    within_reach(vsub(q, other.centre), own.radius, other.radius)
}

mirrored_overlap!(
    /// The mirror of [`overlap_segment_sphere`]: the same test with the shapes in
    /// the other order, no halves swapped.
    ///
    /// Original: `PhysicsOverlap_SphereSegment` (0x00346eb0).
    #[inline]
    #[must_use]
    overlap_sphere_segment(Sphere, Segment) => overlap_segment_sphere
);
