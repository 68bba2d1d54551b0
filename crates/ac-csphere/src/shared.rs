//! The retail helpers the family calls that are not `CSphere` members of the
//! eight: `normalize_check_small` and `find_time_of_collision`. (The crease
//! slide is [`crate::Sphere::slide_sphere`]; `set_collide`,
//! `add_offset_to_check_pos` and `is_walkable_allowable` are methods of
//! [`crate::SpherePath`]; `set_contact_plane` and `set_collision_normal` of
//! [`crate::CollisionInfo`].)

use crate::constants::F_EPSILON;
use crate::math::Vec3;

/// Normalizes `v` in place unless it is shorter than `F_EPSILON`; returns
/// `true` (and leaves `v` alone) when it is too short (spec §8.6, register
/// row 9).
pub fn normalize_check_small(v: &mut Vec3) -> bool {
    // Register row 9: compare the length, then scale by its reciprocal.
    let len = v.length();
    if len < F_EPSILON {
        return true;
    }
    *v *= 1.0 / len;
    false
}

/// The fraction of `movement` at which a sphere starting at `disp` from a
/// fixed centre first comes within `radsum` of it; `-1.0` when it never does,
/// when it starts inside (`|disp|² − radsum² < F_EPSILON`) or when the
/// movement's squared length is below `F_EPSILON` (spec §6 calls it;
/// register row 15).
///
/// Solves `|disp + t·movement|² = radsum²` in `f64` (the retail function
/// returns an x87 `long double`) and returns the smaller root when it is not
/// negative, else the larger one.
pub fn find_time_of_collision(movement: Vec3, disp: Vec3, radsum: f32) -> f64 {
    // Register row 15.
    let eps = f64::from(F_EPSILON);
    let (mx, my, mz) = (
        f64::from(movement.x),
        f64::from(movement.y),
        f64::from(movement.z),
    );
    let (dx, dy, dz) = (f64::from(disp.x), f64::from(disp.y), f64::from(disp.z));
    let r = f64::from(radsum);
    let len_sq = mx * mx + my * my + mz * mz;
    let approach = -(dx * mx + dy * my + dz * mz);
    let outside = (dx * dx + dy * dy + dz * dz) - r * r;
    let disc = approach * approach - outside * len_sq;
    if outside < eps || len_sq < eps || disc < 0.0 {
        return -1.0;
    }
    let root = disc.sqrt();
    if approach - root < 0.0 {
        (approach + root) / len_sq
    } else {
        (approach - root) / len_sq
    }
}
