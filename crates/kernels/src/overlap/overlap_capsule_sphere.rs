//! Capsule against sphere (table entry (3, 2)) and its mirror (2, 3): the
//! capsule with rounded ends.

use ps2_float::Real;

use super::{capsule_axis, within_reach};
use crate::sat::vsub;
use crate::segment::closest_point;
use crate::{contact::Contact, shapes::Capsule, shapes::Sphere};

/// `true` when the sphere reaches the capsule taken as a true capsule (the
/// vertical segment from `B` to `B + (0, 0, h)` swept by its radius, rounded
/// at both ends): the squared distance from the sphere's centre to that
/// segment is at most `(r_cap + r_sph)²` (Unit 4,
/// `PhysicsOverlap_CapsuleSphere`).
///
/// So the capsule reaches `r` below its base and above its top, unlike the
/// capsule-capsule test. Touching is a hit; `h = 0` is a sphere at `B`. The
/// contact is not written.
///
/// Original: `PhysicsOverlap_CapsuleSphere` (0x00346ed8).
#[must_use]
pub fn overlap_capsule_sphere<R: Real>(
    _c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Sphere<R>,
) -> bool {
    let q = closest_point(own.base, capsule_axis(own.height), other.centre);
    within_reach(vsub(q, other.centre), own.radius, other.radius)
}

mirrored_overlap!(
    /// The mirror of [`overlap_capsule_sphere`]: the same test with the shapes in
    /// the other order, no halves swapped. The push sphere's test against another
    /// human.
    ///
    /// Original: `PhysicsOverlap_SphereCapsule` (0x00346f90).
    #[inline]
    #[must_use]
    overlap_sphere_capsule(Sphere, Capsule) => overlap_capsule_sphere
);
