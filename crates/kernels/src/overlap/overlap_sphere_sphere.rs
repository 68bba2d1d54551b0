//! Sphere against sphere (table entry (2, 2)).

use ps2_float::Real;

use super::within_reach;
use crate::sat::vsub;
use crate::{contact::Contact, shapes::Sphere};

/// `true` when two spheres overlap: `|C_own − C_other|² ≤ (r_own + r_other)²`
/// (Unit 4, `PhysicsOverlap_SphereSphere`).
///
/// Touching and coincident centres are hits. The contact is not written.
///
/// Original: `PhysicsOverlap_SphereSphere` (0x00345d58).
#[inline]
#[must_use]
pub fn overlap_sphere_sphere<R: Real>(
    _c: &mut Contact<R>,
    own: &Sphere<R>,
    other: &Sphere<R>,
) -> bool {
    within_reach(vsub(own.centre, other.centre), own.radius, other.radius)
}
