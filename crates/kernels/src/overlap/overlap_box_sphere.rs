//! Box against sphere (table entries (1, 2) and its mirror (2, 1)).

use ps2_float::Real;

use crate::sat::{add, dot, mul, sub, vsub};
use crate::{contact::Contact, shapes::OrientedBox, shapes::Sphere};

/// The squared excess of a box-frame coordinate past `±h` (0 inside).
#[inline]
#[must_use]
fn excess_sq<R: Real>(x: R, h: R) -> R {
    if x < -h {
        let e = add(x, h);
        mul(e, e)
    } else if x > h {
        let e = sub(x, h);
        mul(e, e)
    } else {
        R::ZERO
    }
}

/// `true` when the sphere reaches the box: the squared distance from the
/// sphere's centre to the box, measured in the box's frame axis by axis, is at
/// most `r²` (Unit 4, `PhysicsOverlap_BoxSphere`).
///
/// A centre inside the box always hits; touching is a hit. The contact is not
/// written.
///
/// Original: `PhysicsOverlap_BoxSphere` (0x00346680).
#[must_use]
pub fn overlap_box_sphere<R: Real>(
    _c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &Sphere<R>,
) -> bool {
    let rel = vsub(other.centre, own.centre);
    let x = own.axes.map(|axis| dot(axis, rel));
    let dist_sq = add(
        add(excess_sq(x[0], own.half.x), excess_sq(x[1], own.half.y)),
        excess_sq(x[2], own.half.z),
    );
    dist_sq <= mul(other.radius, other.radius)
}

mirrored_overlap!(
    /// The mirror of [`overlap_box_sphere`]: the same test with the shapes in the
    /// other order, and no halves swapped (nothing was written).
    ///
    /// Original: `PhysicsOverlap_SphereBox` (0x00346db8).
    #[inline]
    #[must_use]
    overlap_sphere_box(Sphere, OrientedBox) => overlap_box_sphere
);
