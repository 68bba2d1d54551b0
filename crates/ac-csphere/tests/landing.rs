//! A fall onto a sphere's cap through the dispatcher twice, the way a
//! transition runs it: the airborne foot hit arms the landing (branch 4,
//! `land_on_sphere`), the next attempt re-tests with the collide flag
//! (branch 5) and rests the player on a tilted plane, unless the sphere is a
//! creature's. Numbers as in `branches.rs` (`branch5_lands_on_the_cap...`).

use ac_csphere::{
    CollisionInfo, ObjectInfo, ObjectInfoState, SimpleTransition, Sphere, SpherePath, Transition,
    TransitionState, Vec3, LANDING_Z,
};

fn falling_player() -> Transition {
    // Foot sphere radius 0.5; the step takes it from (0.9, 0, 1.6) down to
    // (0.9, 0, 1.0), into a boulder of radius 1 at the origin.
    Transition {
        object_info: ObjectInfo {
            state: ObjectInfoState::empty(),
            step_up_height: 0.4,
        },
        sphere_path: SpherePath::for_step(
            &[Sphere::new(Vec3::ZERO, 0.5)],
            7,
            Vec3::new(0.9, 0.0, 1.6),
            Vec3::new(0.0, 0.0, -0.6),
        ),
        collision_info: CollisionInfo::default(),
    }
}

#[test]
fn a_fall_onto_a_boulder_lands_on_a_tilted_plane() {
    let boulder = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = falling_player();
    t.sphere_path.walkable_allowance = 0.9;
    let mut ops = SimpleTransition::default();

    // Attempt 1: airborne foot hit. The normal from the boulder to the
    // current foot centre is (0.9, 0, 1.6) / 1.8358.
    assert_eq!(
        boulder.intersects_sphere(&mut t, &mut ops, false),
        TransitionState::Adjusted
    );
    assert!(t.sphere_path.collide);
    assert_eq!(t.sphere_path.walkable_allowance, LANDING_Z);
    assert_eq!(t.sphere_path.walk_interp, 1.0);
    let n = t.sphere_path.step_up_normal;
    assert!((n - Vec3::new(0.9, 0.0, 1.6) * (1.0 / 3.37_f32.sqrt())).length() < 1e-6);

    // Attempt 2: the re-test lands him a third of the way back up the step,
    // on the plane with normal (0.6, 0, 0.8).
    assert_eq!(
        boulder.intersects_sphere(&mut t, &mut ops, false),
        TransitionState::Adjusted
    );
    let ci = t.collision_info;
    assert!(ci.contact_plane_valid && ci.contact_plane_is_water);
    assert_eq!(ci.contact_plane_cell_id, 7);
    assert!((ci.contact_plane.normal - Vec3::new(0.6, 0.0, 0.8)).length() < 1e-6);
    let foot = t.sphere_path.global_sphere[0].center;
    assert!((foot - Vec3::new(0.9, 0.0, 1.2)).length() < 1e-6);
    // The plane's normal is the boulder-to-foot direction, not the vertical.
    let dir = (foot - boulder.center) * (1.0 / 1.5);
    assert!((dir - ci.contact_plane.normal).length() < 1e-6);
    assert!((t.sphere_path.walk_interp - 2.0 / 3.0).abs() < 1e-6);
}

#[test]
fn a_fall_onto_a_creature_does_not_land_on_it() {
    let creature = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = falling_player();
    let mut ops = SimpleTransition::default();
    // The foot hit is not gated: it arms the re-test like any other.
    assert_eq!(
        creature.intersects_sphere(&mut t, &mut ops, true),
        TransitionState::Adjusted
    );
    assert!(t.sphere_path.collide);
    // The re-test is: OK, no contact plane, the check position where it was.
    let before = t;
    assert_eq!(
        creature.intersects_sphere(&mut t, &mut ops, true),
        TransitionState::Ok
    );
    assert_eq!(t, before);
    assert!(!t.collision_info.contact_plane_valid);
}
