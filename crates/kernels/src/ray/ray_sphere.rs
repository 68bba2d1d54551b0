//! A ray against a sphere: the entry the console's ray table lacks, used
//! when [`PairQuirks::ray_box_capsule_only`](crate::PairQuirks) is off.

use ps2_float::{Real, Vec4};

use crate::shapes::Sphere;
use crate::sweep::sweep_sphere_sphere;

/// The fraction of the ray `start + t·dir`, `t` in `[0, 1]`, at which it
/// first meets the sphere, or `None`: the sphere-sphere kernel
/// ([`sweep_sphere_sphere`]) with the sphere's own radius and no moving
/// radius, as the capsule's ray is the sphere-capsule kernel. A ray that
/// starts within the sphere meets it at 0 when it heads further in and not
/// at all otherwise, the capsule ray's start rule (divergence 101; the
/// corrected entry itself is divergence 476). The original has no such
/// entry: the console's table never ray-tests a sphere.
#[inline]
#[must_use]
pub fn ray_sphere<R: Real>(sphere: &Sphere<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    sweep_sphere_sphere(start, dir, sphere.centre, sphere.radius)
}
