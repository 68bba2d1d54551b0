//! The retail helpers on their boundaries.

use ac_csphere::{
    find_time_of_collision, normalize_check_small, CollisionInfo, Plane, Position, Sphere,
    SpherePath, Vec3, F_EPSILON, LANDING_Z,
};

#[test]
fn the_epsilon_is_the_retail_float() {
    assert_eq!(F_EPSILON.to_bits(), 0x3951_b717);
    // The literals decompilers print for it name the same float.
    for printed in ["0.00019999999", "0.000199999995"] {
        assert_eq!(printed.parse::<f32>().unwrap().to_bits(), 0x3951_b717);
    }
    // cos 85°.
    assert!((f64::from(LANDING_Z) - 85.0_f64.to_radians().cos()).abs() < 1e-7);
    // The crease slide's threshold is √ε = 1.41 cm.
    assert!((F_EPSILON.sqrt() - 0.014_142_1).abs() < 1e-7);
}

#[test]
fn normalize_check_small_fails_below_epsilon_and_leaves_the_vector() {
    let mut v = Vec3::new(0.000_1, 0.0, 0.000_1); // length 0.000141 < ε
    assert!(normalize_check_small(&mut v));
    assert_eq!(v, Vec3::new(0.000_1, 0.0, 0.000_1));
    let mut v = Vec3::new(0.0, 3.0, 4.0);
    assert!(!normalize_check_small(&mut v));
    assert!((v - Vec3::new(0.0, 0.6, 0.8)).length() < 1e-7);
}

#[test]
fn set_collision_normal_stores_a_unit_vector_or_zero() {
    let mut ci = CollisionInfo::default();
    ci.set_collision_normal(Vec3::new(0.0, 0.0, -2.0));
    assert!(ci.collision_normal_valid);
    assert_eq!(ci.collision_normal, Vec3::new(0.0, 0.0, -1.0));
    ci.set_collision_normal(Vec3::new(0.000_1, 0.0, 0.0));
    assert!(ci.collision_normal_valid);
    assert_eq!(ci.collision_normal, Vec3::ZERO);
}

#[test]
fn set_contact_plane_and_the_slide_plane() {
    let mut ci = CollisionInfo {
        last_known_contact_plane: Plane::ground(2.0),
        ..CollisionInfo::default()
    };
    assert_eq!(ci.slide_plane(), Plane::ground(2.0));
    ci.set_contact_plane(Plane::ground(1.0), true);
    assert!(ci.contact_plane_valid && ci.contact_plane_is_water);
    assert_eq!(ci.slide_plane(), Plane::ground(1.0));
}

#[test]
fn is_walkable_allowable_is_strict() {
    let sp = SpherePath {
        walkable_allowance: 0.5,
        ..SpherePath::default()
    };
    assert!(!sp.is_walkable_allowable(0.5));
    assert!(sp.is_walkable_allowable(0.500_001));
}

#[test]
fn set_collide_saves_the_check_position_and_restarts_the_walk() {
    let mut sp = SpherePath::for_step(
        &[Sphere::new(Vec3::ZERO, 0.5)],
        9,
        Vec3::ZERO,
        Vec3::new(1.0, 0.0, 0.0),
    );
    sp.walk_interp = 0.25;
    sp.set_collide(Vec3::UP);
    assert!(sp.collide);
    assert_eq!(sp.walk_interp, 1.0);
    assert_eq!(sp.step_up_normal, Vec3::UP);
    assert_eq!(
        sp.backup_check_pos,
        Position::at(9, Vec3::new(1.0, 0.0, 0.0))
    );
}

#[test]
fn add_offset_moves_the_check_position_and_both_spheres() {
    let spheres = [
        Sphere::new(Vec3::ZERO, 0.5),
        Sphere::new(Vec3::new(0.0, 0.0, 1.0), 0.5),
    ];
    let mut sp = SpherePath::for_step(&spheres, 9, Vec3::ZERO, Vec3::new(1.0, 0.0, 0.0));
    sp.cell_array_valid = true;
    sp.add_offset_to_check_pos(Vec3::new(0.0, 2.0, 0.0), 0.5);
    assert_eq!(sp.check_pos.frame.origin, Vec3::new(1.0, 2.0, 0.0));
    assert_eq!(sp.global_sphere[0].center, Vec3::new(1.0, 2.0, 0.0));
    assert_eq!(sp.global_sphere[1].center, Vec3::new(1.0, 2.0, 1.0));
    assert_eq!(
        sp.global_curr_center,
        [Vec3::ZERO, Vec3::new(0.0, 0.0, 1.0)]
    );
    assert!(!sp.cell_array_valid);
}

/// find_time_of_collision: the smaller root when it is not negative, the
/// larger one otherwise, −1 when the movement is too short or the path
/// misses.
#[test]
fn find_time_of_collision_roots() {
    // From (−2, 0, 0) moving (4, 0, 0) towards a sum of 1: first touch at
    // x = −1, t = 1/4.
    let t = find_time_of_collision(Vec3::new(4.0, 0.0, 0.0), Vec3::new(-2.0, 0.0, 0.0), 1.0);
    assert!((t - 0.25).abs() < 1e-9);
    // Moving away from (−2, 0, 0): −d·m = −8, discriminant 64 − 3·16 = 16,
    // root 4; the smaller root (−8 − 4)/16 is negative, so the larger one,
    // (−8 + 4)/16 = −0.25, is returned (and a caller's t < ε test rejects it).
    let t = find_time_of_collision(Vec3::new(-4.0, 0.0, 0.0), Vec3::new(-2.0, 0.0, 0.0), 1.0);
    assert!((t + 0.25).abs() < 1e-9);
    // Passing 2 m to the side: no real root.
    assert_eq!(
        find_time_of_collision(Vec3::new(4.0, 0.0, 0.0), Vec3::new(-2.0, 2.0, 0.0), 1.0),
        -1.0
    );
    // A movement of squared length below ε.
    assert_eq!(
        find_time_of_collision(Vec3::new(0.01, 0.0, 0.0), Vec3::new(-2.0, 0.0, 0.0), 1.0),
        -1.0
    );
}
