//! A ray against an upright capsule (the ray table's capsule entry).

use ps2_float::{Real, Vec4};

use crate::shapes::Capsule;
use crate::sweep::sweep_sphere_capsule;

/// The ray table's capsule entry (`+0x108`, type 3): the fraction of the ray
/// `start + t·dir`, `t` in `[0, 1]`, at which it first meets the capsule
/// taken with hemispherical ends, or `None`: the sphere-capsule kernel with
/// the capsule's own radius and no moving radius (overview, "Geometry
/// kernels"). A ray that starts within the capsule meets it at 0 when it
/// heads further in and not at all otherwise (the kernel's start rule,
/// divergence 101). Returns the fraction only (overview, "Queries"). The
/// name is ours (divergence 112).
///
/// Original: `PhysicsRay_Capsule` (0x003459f0).
#[inline]
#[must_use]
pub fn physics_ray_capsule<R: Real>(
    capsule: &Capsule<R>,
    start: Vec4<R>,
    dir: Vec4<R>,
) -> Option<R> {
    sweep_sphere_capsule(start, dir, capsule.base, capsule.height, capsule.radius)
}
