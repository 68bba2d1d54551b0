//! Capsule against capsule (table entry (3, 3)): two upright cylinders with
//! flat ends.

use ps2_float::{Real, Vec4};

use crate::sat::{add, dot, mul, sub, vsub};
use crate::segment::eps;
use crate::{contact::Contact, shapes::Capsule};

/// `true` when two upright capsules, taken as flat-ended cylinders, overlap
/// (Unit 4, `PhysicsOverlap_CapsuleCapsule`).
///
/// The vertical ranges `[B.z, B.z + h]` must meet (inclusive: ends touching
/// is a hit); then the horizontal distance `|d|` between the axes must be
/// strictly below the sum of the radii (sides touching is a miss).
///
/// On a hit it writes the own half's normal `+0x10` (the horizontal unit vector
/// from own to other, or the constant `(0, 1, 0, 1)` when the axes are within
/// `1e-3` of each other), the other half's normal `+0x50` (its negation,
/// `w = 1`) and the depth `+0x88` (the sum of the radii minus `|d|`; the full
/// sum with the constant normal). Nothing else is written.
///
/// Original: `PhysicsOverlap_CapsuleCapsule` (0x00346388).
#[must_use]
pub fn overlap_capsule_capsule<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Capsule<R>,
) -> bool {
    let (own_z, other_z) = (own.base.z, other.base.z);
    let vertical = own_z <= add(other_z, other.height) && other_z <= add(own_z, own.height);
    if !vertical {
        return false;
    }
    let d = vsub(other.base, own.base).with_z(R::ZERO);
    let dd = dot(d, d);
    let reach = add(own.radius, other.radius);
    let horizontal = dd < mul(reach, reach);
    if !horizontal {
        return false;
    }
    let (normal, depth) = if dd < eps() {
        // Coincident axes: the original's constant at 0x00511730, and no
        // distance subtracted from the depth (divergence 43).
        (Vec4::new(R::ZERO, R::ONE, R::ZERO, R::ONE), reach)
    } else {
        // d / |d| lane by lane (divergence 43).
        let len = dd.sqrt();
        let n = Vec4::new(d.x.div(len), d.y.div(len), d.z.div(len), R::ONE);
        (n, sub(reach, len))
    };
    c.own.normal.set(normal);
    // The other half's normal is the negation in x, y, z (divergence 44).
    c.other.normal.set((-normal).with_w(R::ONE));
    c.depth = Some(depth);
    true
}
