//! A sphere swept against a sphere at rest (sweep table entry (2, 2)).

use ps2_float::{Real, Vec4};

use super::{entry_root, write_hit};
use crate::{contact::Contact, shapes::Sphere};

/// The fraction of the move `mv` at which a point starting at `c0` first
/// comes within `reach` of the point `c1` (the centres of two spheres whose
/// radii sum to `reach`), or `None` when it does not within the move.
///
/// *Inferred* (the overview gives only the role, "moving sphere against a
/// sphere"): with `q = c0 − c1`, `A = mv·mv`, `B = q·mv`,
/// `C = q·q − reach²`, a start within reach (`C ≤ 0`, touching included) is a
/// hit at 0 when the move goes further in (`B < 0`) and no hit otherwise
/// (divergence 101); else the path must approach and pass within reach, and
/// the smaller root `C / (sqrt(B² − A·C) − B)` must be at most 1
/// (divergence 100). A zero move never hits. One relative move, the other
/// point at rest (divergence 115). Dot products are summed
/// `(x·x + y·y) + z·z`.
///
/// Original: `Sweep_SphereSphere` (0x00349268).
#[must_use]
pub fn sweep_sphere_sphere<R: Real>(c0: Vec4<R>, mv: Vec4<R>, c1: Vec4<R>, reach: R) -> Option<R> {
    let q = c0 - c1;
    let b = q.dot(mv);
    let c = q.dot(q) - reach * reach;
    if b >= R::ZERO {
        return None;
    }
    if c <= R::ZERO {
        return Some(R::ZERO);
    }
    let t = entry_root(mv.dot(mv), b, c)?;
    if t > R::ONE {
        None
    } else {
        Some(t)
    }
}

/// A moving sphere (`own`) against a sphere at rest (`other`), table entry
/// (2, 2): [`sweep_sphere_sphere`] with the sum of the radii. On a hit it
/// writes the fraction `+0x80`, the other sphere's normal `+0x50` (the unit
/// vector from its centre to the mover's centre at the fraction, `w = 1`),
/// `+0x10` its negation, the world point `+0x90` on the other sphere's
/// surface along that normal (`w = 1`) and `+0xb0 = 0`, and returns `true`;
/// a miss writes nothing.
///
/// *Inferred* beyond the role (divergences 100-102). Centres that coincide at
/// the fraction give the zero vector as the normal (a zero vector normalises
/// to zero in both modes) and the other centre as the point (divergence 116).
///
/// Original: `PhysicsSweep_SphereSphere` (0x003440d0).
pub fn physics_sweep_sphere_sphere<R: Real>(
    c: &mut Contact<R>,
    own: &Sphere<R>,
    other: &Sphere<R>,
    mv: Vec4<R>,
) -> bool {
    let reach = own.radius + other.radius;
    let Some(f) = sweep_sphere_sphere(own.centre, mv, other.centre, reach) else {
        return false;
    };
    let at = own.centre.madd(mv, f);
    let n = (at - other.centre).normalize();
    write_hit(c, f, n, other.centre, other.radius);
    true
}
