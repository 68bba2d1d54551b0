//! A sphere swept against an upright capsule with rounded ends (sweep table
//! entries (2, 3) and its mirror (3, 2)); the kernel is also the capsule's
//! ray.

use ps2_float::{Real, Vec4};

use super::{entry_root, write_hit};
use crate::least::keep_least;
use crate::{contact::Contact, shapes::Capsule, shapes::Sphere};

/// The point of the upright axis `base`..`base + (0, 0, h)` nearest `p`:
/// `p.z − base.z` clamped to `[0, h]` (`w = 1`).
#[inline]
#[must_use]
fn axis_point<R: Real>(base: Vec4<R>, h: R, p: Vec4<R>) -> Vec4<R> {
    let dz = p.z - base.z;
    let z = if dz < R::ZERO {
        R::ZERO
    } else if h < dz {
        h
    } else {
        dz
    };
    Vec4::point(base.x, base.y, base.z + z)
}

/// A sphere's first entry time along `p + t·d`: centre `s`, reach `reach`,
/// for a start outside it; `None` when the path does not approach or passes
/// wide.
#[inline]
pub(crate) fn cap_entry<R: Real>(p: Vec4<R>, d: Vec4<R>, s: Vec4<R>, reach: R) -> Option<R> {
    let q = p - s;
    let b = q.dot(d);
    if b >= R::ZERO {
        return None;
    }
    entry_root(d.dot(d), b, q.dot(q) - reach * reach)
}

/// The fraction of the segment `p + t·d`, `t` in `[0, 1]`, at which it first
/// comes within `reach` of the upright axis from `base` to
/// `base + (0, 0, height)` (a capsule with hemispherical ends), or `None`.
/// The kernel has no moving radius: a sphere's radius is folded into `reach`
/// by the caller, a ray passes the capsule's own (overview, "Geometry
/// kernels").
///
/// *Inferred* beyond that role: a start within reach of the axis (touching
/// included) is a hit at 0 when the segment heads further in (towards the
/// nearest axis point) and no hit otherwise (divergence 101). From outside,
/// the first entry is the earliest of the side wall's entry (the
/// two-dimensional root about the axis, kept when its height lies on the
/// axis, both ends inclusive) and the two end spheres' entries, each a
/// smaller root `C / (sqrt(B² − A·C) − B)` (divergence 100); it must be at
/// most 1. The original builds a frame around the axis with
/// `Vec_MakePerpendicularBasis` (0x00349180, the Unit 1 function); for an
/// upright axis that frame is `(−x, −y, z)`, whose signs cancel in every
/// product used, so the test is written in world axes (divergence 107). A
/// zero height makes it a sphere at `base` (divergence 116).
///
/// Original: `Sweep_SphereCapsule` (0x00349a60).
#[must_use]
pub fn sweep_sphere_capsule<R: Real>(
    p: Vec4<R>,
    d: Vec4<R>,
    base: Vec4<R>,
    height: R,
    reach: R,
) -> Option<R> {
    let rr = reach * reach;
    let e = p - axis_point(base, height, p);
    if e.dot(e) <= rr {
        return (e.dot(d) < R::ZERO).then_some(R::ZERO);
    }

    let mut best: Option<R> = None;
    let mut keep = |t: R| {
        keep_least(&mut best, t);
    };
    // The side wall, in the horizontal plane.
    let (qx, qy) = (p.x - base.x, p.y - base.y);
    let b = qx * d.x + qy * d.y;
    let c = (qx * qx + qy * qy) - rr;
    if b < R::ZERO && c > R::ZERO {
        let a = d.x * d.x + d.y * d.y;
        if let Some(t) = entry_root(a, b, c) {
            let z = (p.z - base.z).madd(d.z, t);
            if R::ZERO <= z && z <= height {
                keep(t);
            }
        }
    }
    // The end spheres, bottom then top.
    let top = Vec4::point(base.x, base.y, base.z + height);
    for s in [base, top] {
        if let Some(t) = cap_entry(p, d, s, reach) {
            keep(t);
        }
    }
    best.filter(|t| *t <= R::ONE)
}

/// A moving sphere (`own`) against an upright capsule at rest (`other`),
/// table entry (2, 3): [`sweep_sphere_capsule`] from the sphere's centre
/// along `mv`, with the capsule's radius plus the sphere's. On a hit it
/// writes `+0x80` the fraction; `+0x50` the unit vector from the nearest axis
/// point to the sphere's centre at the fraction (`w = 1`), `+0x10` its
/// negation; `+0x90` the point on the capsule's surface along that normal
/// (`w = 1`); `+0xb0 = 0`; and returns `true`. A miss writes nothing.
/// *Inferred* beyond the role (divergences 100-102); a centre on the axis
/// gives the zero vector as the normal (divergence 116).
///
/// Original: `PhysicsSweep_SphereCapsule` (0x00345670).
pub fn physics_sweep_sphere_capsule<R: Real>(
    c: &mut Contact<R>,
    own: &Sphere<R>,
    other: &Capsule<R>,
    mv: Vec4<R>,
) -> bool {
    let reach = other.radius + own.radius;
    let Some(f) = sweep_sphere_capsule(own.centre, mv, other.base, other.height, reach) else {
        return false;
    };
    let at = own.centre.madd(mv, f);
    let q = axis_point(other.base, other.height, at);
    let n = (at - q).normalize();
    write_hit(c, f, n, q, other.radius);
    true
}

pair_sweep!(
    /// The mirror, table entry (3, 2): the capsule moves by `mv` against a sphere
    /// at rest. Runs [`physics_sweep_sphere_capsule`] with the move reversed
    /// (`w` kept) and, on a hit, swaps the contact's halves wholesale, so `+0x10`
    /// is the capsule's normal towards the sphere; the world point then lies on
    /// the capsule's start pose. *Inferred* from the function's size (the same as
    /// the specified mirrors) and the overview's "Mirrored entries call the other
    /// order and swap the contact's halves" (divergence 108).
    ///
    /// Original: `PhysicsSweep_CapsuleSphere` (0x00345910).
    physics_sweep_capsule_sphere(Capsule, Sphere) => mirror of physics_sweep_sphere_capsule
);
