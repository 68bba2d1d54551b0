//! Each branch of the dispatcher (spec §2) and each function it reaches, on
//! cases whose expected numbers are worked out by hand in the comments (and
//! checked with a short double-precision calculation; the tolerances cover the
//! `f32` rounding of the port).

use ac_csphere::{
    CollisionInfo, InsertType, ObjectInfo, ObjectInfoState, Plane, Position, SimpleTransition,
    Sphere, SphereIndex, SpherePath, Transition, TransitionOps, TransitionState, Vec3, F_EPSILON,
    LANDING_Z,
};

const CELL: u32 = 0xA9B4_0021;

/// A mover with one sphere of radius `r` whose centre is at `curr` now and at
/// `check` after the step (the sphere's centre is the frame's origin).
fn one_sphere(curr: Vec3, check: Vec3, r: f32, state: ObjectInfoState) -> Transition {
    let mut t = Transition {
        object_info: ObjectInfo {
            state,
            step_up_height: 0.4,
        },
        sphere_path: SpherePath::for_step(&[Sphere::new(Vec3::ZERO, r)], CELL, curr, check - curr),
        collision_info: CollisionInfo::default(),
    };
    t.collision_info
        .set_contact_plane(Plane::ground(0.0), false);
    t.collision_info.last_known_contact_plane_valid = true;
    t.collision_info.last_known_contact_plane = Plane::ground(0.0);
    t
}

/// The same with a foot sphere and a head sphere 0.9 m above it.
fn two_spheres(curr: Vec3, check: Vec3, r: f32, state: ObjectInfoState) -> Transition {
    let spheres = [
        Sphere::new(Vec3::ZERO, r),
        Sphere::new(v3(0.0, 0.0, 0.9), r),
    ];
    let mut t = one_sphere(curr, check, r, state);
    t.sphere_path = SpherePath::for_step(&spheres, CELL, curr, check - curr);
    t
}

/// A grounded mover with one sphere of radius 0.5 from `curr` to `check`.
fn walker(curr: Vec3, check: Vec3) -> Transition {
    one_sphere(curr, check, 0.5, grounded())
}

/// An airborne mover with one sphere of radius 0.5 from `curr` to `check`.
fn faller(curr: Vec3, check: Vec3) -> Transition {
    one_sphere(curr, check, 0.5, ObjectInfoState::empty())
}

/// A mover of radius 0.45 stepping 0.1 m east from `(0, 0, z)`, in
/// `state`: its foot alone, or with `head` its head too.
fn stepping_east(z: f32, state: ObjectInfoState, head: bool) -> Transition {
    let (curr, check) = (v3(0.0, 0.0, z), v3(0.1, 0.0, z));
    if head {
        two_spheres(curr, check, 0.45, state)
    } else {
        one_sphere(curr, check, 0.45, state)
    }
}

/// The grounded [`stepping_east`] mover from height `z` against a creature
/// (radius 0.5) at `(0.8, 0.6, at)`, after checking that it slides: the
/// creature and the mover.
#[track_caller]
fn slid_past_creature(at: f32, z: f32, head: bool) -> (Sphere, Transition) {
    let o = Sphere::new(v3(0.8, 0.6, at), 0.5);
    let mut t = stepping_east(z, grounded(), head);
    assert_eq!(run(&o, &mut t, true), TransitionState::Slid);
    (o, t)
}

/// The [`faller`] with its landing armed (the collide flag, the normal
/// up).
fn armed_faller(curr: Vec3, check: Vec3) -> Transition {
    let mut t = faller(curr, check);
    t.sphere_path.set_collide(Vec3::UP);
    t
}

/// The [`walker`] probing the ground: its step down by `amt`.
fn stepping_down(curr: Vec3, check: Vec3, amt: f32) -> Transition {
    let mut t = walker(curr, check);
    t.sphere_path.step_down = true;
    t.sphere_path.step_down_amt = amt;
    t
}

/// Asserts that the check position moved to `check` and sphere `k` with
/// it, to `centre`.
#[track_caller]
fn assert_moved_to(t: &Transition, check: Vec3, k: usize, centre: Vec3) {
    assert_close(check_origin(t), check, 1e-6);
    assert_close(t.sphere_path.global_sphere[k].center, centre, 1e-6);
}

/// The [`stepping_down`] probe by 0.5 onto a dome: no contact plane yet,
/// the walkable allowance 0.7.
fn dome_probe(curr: Vec3, check: Vec3) -> Transition {
    let mut t = stepping_down(curr, check, 0.5);
    t.collision_info = CollisionInfo::default();
    t.sphere_path.walkable_allowance = 0.7;
    t
}

/// Asserts that the mover's step answers OK and writes nothing.
#[track_caller]
fn assert_ok_writing_nothing(o: &Sphere, t: &mut Transition, creature: bool) {
    let before = *t;
    assert_eq!(run(o, t, creature), TransitionState::Ok);
    assert_eq!(*t, before);
}

/// Asserts that the foot landed at `foot` on the contact plane whose normal
/// points from the obstacle's centre to the foot's.
#[track_caller]
fn assert_landed(t: &Transition, o: &Sphere, foot: Vec3) {
    let g = t.sphere_path.global_sphere[0].center;
    assert_close(g, foot, 1e-6);
    let mut dir = g - o.center;
    ac_csphere::normalize_check_small(&mut dir);
    assert_close(dir, t.collision_info.contact_plane.normal, 1e-6);
}

fn grounded() -> ObjectInfoState {
    ObjectInfoState::CONTACT | ObjectInfoState::ON_WALKABLE
}

fn close(a: Vec3, b: Vec3, tol: f32) -> bool {
    (a - b).length() <= tol
}

/// Asserts that `a` is within `tol` of `b`.
#[track_caller]
fn assert_close(a: Vec3, b: Vec3, tol: f32) {
    assert!(close(a, b, tol), "{a:?} is not within {tol} of {b:?}");
}

/// The vector `(x, y, z)`.
fn v3(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x, y, z)
}

fn check_origin(t: &Transition) -> Vec3 {
    t.sphere_path.check_pos.frame.origin
}

fn run(o: &Sphere, t: &mut Transition, creature: bool) -> TransitionState {
    let mut ops = SimpleTransition::default();
    o.intersects_sphere(t, &mut ops, creature)
}

// ---------------------------------------------------------------- §1 and ε

/// Two spheres of radius 0.5: the shaved sum is 1 − 0.0002 = 0.9998 (the `f32`
/// nearest it, which is also the `f32` nearest the literal 0.9998). Resting
/// exactly touching (|d| = 1) and 0.1 mm closer (|d|² = 0.99980 > 0.9998² =
/// 0.99960) are not collisions; on the shaved sum (0.2 mm closer, |d|² equal
/// to radsum² in `f32`) and 0.3 mm closer they are.
#[test]
fn epsilon_boundary_of_the_overlap_test() {
    let radsum = 0.5 + 0.5 - F_EPSILON;
    assert!(!Sphere::collides_with_sphere(v3(1.0, 0.0, 0.0), radsum));
    assert!(!Sphere::collides_with_sphere(v3(0.9999, 0.0, 0.0), radsum));
    assert!(Sphere::collides_with_sphere(v3(0.9998, 0.0, 0.0), radsum));
    assert!(Sphere::collides_with_sphere(v3(0.9997, 0.0, 0.0), radsum));
    // Without the shave, touching is a collision (the old behaviour's test).
    assert!(Sphere::collides_with_sphere(v3(1.0, 0.0, 0.0), 1.0));
    // Full 3-D: the same distance along a diagonal, (0.6, 0, 0.8) at 1 m.
    assert!(!Sphere::collides_with_sphere(v3(0.6, 0.0, 0.8), radsum));
    assert!(Sphere::collides_with_sphere(v3(0.6, 0.0, 0.79), radsum));
}

/// The same boundary through the dispatcher, on a grounded mover walking
/// 0.1 m east into a creature 1 m ahead of where he stops: resting exactly
/// touching answers OK (he settles), 0.1 mm closer still OK, 0.3 mm closer he
/// collides and slides.
#[test]
fn epsilon_boundary_through_the_dispatcher() {
    let o = Sphere::new(v3(1.0, 0.0, 0.5), 0.5);
    for (stop, expect) in [
        (0.0, TransitionState::Ok),
        (0.0001, TransitionState::Ok),
        (0.0003, TransitionState::Collided),
    ] {
        let check = v3(stop, 0.0, 0.5);
        let mut t = walker(v3(-0.1, 0.0, 0.5), check);
        // Head-on: the crease (0, -1, 0)·(0.1, 0, 0) leaves nothing, so the
        // overlapping cases answer COLLIDED (the slide's 1.41 cm threshold).
        assert_eq!(run(&o, &mut t, true), expect, "stopping at x = {stop}");
    }
}

// ---------------------------------------------------------------- branch 1

/// Placement and ethereal movers: detection only. Obstacle radius 0.5 at the
/// origin, mover radius 0.5: at 0.9 m they overlap (0.81 ≤ 0.9996), at 1 m
/// they touch (OK); only the head overlapping is also COLLIDED; nothing in the
/// path is written.
#[test]
fn branch1_placement_and_ethereal_detect_only() {
    let o = Sphere::new(Vec3::ZERO, 0.5);
    for ethereal in [false, true] {
        let setup = |x: f32| {
            let mut t = walker(v3(x, 0.0, 0.0), v3(x, 0.0, 0.0));
            if ethereal {
                t.sphere_path.obstruction_ethereal = true;
            } else {
                t.sphere_path.insert_type = InsertType::Placement;
            }
            t
        };
        let mut t = setup(0.9);
        let before = t;
        assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
        assert_eq!(t, before);
        let mut t = setup(1.0);
        assert_eq!(run(&o, &mut t, true), TransitionState::Ok);
    }
    // Head only: foot 1.5 m below the obstacle's centre, head 0.6 m below it.
    let o = Sphere::new(v3(0.0, 0.0, 1.5), 0.5);
    let mut t = two_spheres(Vec3::ZERO, Vec3::ZERO, 0.5, grounded());
    t.sphere_path.insert_type = InsertType::Placement;
    assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
}

// ---------------------------------------------------------------- branch 2

/// The step-down probe onto a boulder of radius 1 at the origin; the mover's
/// foot (radius 0.5) was lowered by `step_down_amt` = 0.5 to (0.9, 0, 1.0).
///
/// radsum = 1.5 (after ε goes back on). The dome at horizontal offset 0.9 is
/// at height √(1.5² − 0.9²) = √1.44 = 1.2; the step to undo is
/// (1.2 − 1.0) / 0.5 = 0.4 of the step-down, so timecheck = (1 − 0.4)·1 = 0.6
/// and the foot rises by 0.5·0.4 = 0.2 to (0.9, 0, 1.2). The normal is
/// (0.9, 0, 1.2) / 1.5 = (0.6, 0, 0.8), the direction from the boulder's
/// centre to the foot's new centre; the contact point is that normal times the
/// boulder's radius, (0.6, 0, 0.8), so d = −(0.36 + 0.64) = −1.
#[test]
fn branch2_step_down_lands_on_a_tilted_plane() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = dome_probe(v3(0.9, 0.0, 1.5), v3(0.9, 0.0, 1.0));
    assert_eq!(run(&o, &mut t, false), TransitionState::Adjusted);
    let ci = t.collision_info;
    assert!(ci.contact_plane_valid);
    assert_close(ci.contact_plane.normal, v3(0.6, 0.0, 0.8), 1e-6);
    assert!((ci.contact_plane.d + 1.0).abs() < 1e-6);
    assert!(ci.contact_plane_is_water, "row 4: retail flags it as water");
    assert_eq!(ci.contact_plane_cell_id, CELL);
    assert!((t.sphere_path.walk_interp - 0.6).abs() < 1e-6);
    assert_close(check_origin(&t), v3(0.9, 0.0, 1.2), 1e-6);
    // The normal is the sphere-to-sphere direction at the landing.
    assert_landed(&t, &o, v3(0.9, 0.0, 1.2));
}

/// The same probe onto a creature answers OK at once and writes nothing
/// (spec §8.1, row 3).
#[test]
fn branch2_never_stands_on_a_creature() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = stepping_down(v3(0.9, 0.0, 1.5), v3(0.9, 0.0, 1.0), 0.5);
    assert_ok_writing_nothing(&o, &mut t, true);
}

/// A dome point too steep to stand on: the foot lowered to (1.4, 0, 0.3)
/// (|d|² = 2.05 ≤ 2.25). The dome height there is √(2.25 − 1.96) = 0.5385,
/// so the normal's z is 0.5385 / 1.5 = 0.359, below the walkable allowance
/// 0.7: OK, nothing written (the probe passes over it).
#[test]
fn branch2_rejects_a_slope_beyond_the_allowance() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = dome_probe(v3(1.4, 0.0, 0.8), v3(1.4, 0.0, 0.3));
    assert_ok_writing_nothing(&o, &mut t, false);
    // With a looser allowance (0.3 < 0.359) the same point is walkable.
    t.sphere_path.walkable_allowance = 0.3;
    assert_eq!(run(&o, &mut t, false), TransitionState::Adjusted);
    assert!((t.collision_info.contact_plane.normal.z - 0.359_01).abs() < 1e-4);
}

/// No overlap: OK. A step-down of 0.0001 (below ε) that overlaps: COLLIDED.
#[test]
fn branch2_misses_and_tiny_steps() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = stepping_down(v3(0.9, 0.0, 2.0), v3(0.9, 0.0, 1.6), 0.4);
    // |d|² = 0.81 + 2.56 = 3.37 > 2.25.
    assert_eq!(run(&o, &mut t, false), TransitionState::Ok);
    let mut t = stepping_down(v3(0.9, 0.0, 1.0), v3(0.9, 0.0, 1.0), 0.0001);
    assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
}

// ---------------------------------------------------------------- branch 3

/// The walkable probe: any overlap blocks, creature or not.
#[test]
fn branch3_walkable_probe_blocks_on_overlap() {
    let o = Sphere::new(Vec3::ZERO, 0.5);
    for creature in [false, true] {
        let mut t = walker(v3(0.9, 0.0, 0.0), v3(0.9, 0.0, 0.0));
        t.sphere_path.check_walkable = true;
        assert_eq!(run(&o, &mut t, creature), TransitionState::Collided);
        let mut t = walker(v3(1.0, 0.0, 0.0), v3(1.0, 0.0, 0.0));
        t.sphere_path.check_walkable = true;
        assert_eq!(run(&o, &mut t, creature), TransitionState::Ok);
    }
}

// ---------------------------------------------------------------- branch 4

/// Grounded foot hit, too tall to step over: the crease slide.
///
/// Mover radius 0.45 at (0, 0, 0.5) steps 0.1 m east; the creature (radius
/// 0.5) is at (0.8, 0.6, 0.5), 1 m away now, 0.922 m after the step (0.85 ≤
/// 0.9498²). Clearance radsum − disp.z = 0.95 − 0 > 0.4: slide. The normal
/// from the creature to the current centre is (−0.8, −0.6, 0); the crease is
/// n × up = (−0.6, 0.8, 0), of squared length 1; the step (0.1, 0, 0) projects
/// to −0.06·(−0.6, 0.8, 0) = (0.036, −0.048, 0), so the check position becomes
/// (0.036, −0.048, 0.5): SLID, 1.0018 m from the creature.
#[test]
fn branch4_grounded_foot_hit_slides_along_the_crease() {
    let (o, t) = slid_past_creature(0.5, 0.5, false);
    assert_moved_to(&t, v3(0.036, -0.048, 0.5), 0, v3(0.036, -0.048, 0.5));
    assert!(t.collision_info.collision_normal_valid);
    assert_close(t.collision_info.collision_normal, v3(-0.8, -0.6, 0.0), 1e-6);
    assert!(!t.sphere_path.cell_array_valid);
    let after = (check_origin(&t) - o.center).length();
    assert!((after - 1.0036_f32.sqrt()).abs() < 1e-5);
}

/// A step that leaves less than √ε = 1.41 cm along the crease collides: the
/// same creature with a step of 0.02 m straight at it, (0.016, 0.012, 0):
/// the crease takes 0 of it.
#[test]
fn branch4_slide_with_nothing_left_collides() {
    let o = Sphere::new(v3(0.8, 0.6, 0.5), 0.5);
    let mut t = one_sphere(v3(0.0, 0.0, 0.5), v3(0.08, 0.06, 0.5), 0.45, grounded());
    assert_eq!(run(&o, &mut t, true), TransitionState::Collided);
}

/// A grounded foot hit low enough to step over: a pebble of radius 0.1 at
/// (0.6, 0, 0.1), the mover (radius 0.45) at (0, 0, 0.45) stepping to
/// (0.2, 0, 0.45). disp = (−0.4, 0, 0.35), |d|² = 0.2825 ≤ 0.5498² = 0.3023.
/// Clearance 0.55 − 0.35 = 0.2 ≤ 0.4: step up, with the normal from the
/// pebble to the current centre, (−0.6, 0, 0.35) (not normalized).
///
/// `SimpleTransition`'s step-up fails; its step-up slide runs the crease with
/// that normal on the last known (ground) plane: crease (0, 0.6, 0), the step
/// (0.2, 0, 0) has nothing along it, so COLLIDED. An engine whose step-up
/// succeeds gets OK.
#[test]
fn branch4_grounded_low_obstacle_steps_up() {
    let o = Sphere::new(v3(0.6, 0.0, 0.1), 0.1);
    let curr = v3(0.0, 0.0, 0.45);
    let check = v3(0.2, 0.0, 0.45);

    let mut t = one_sphere(curr, check, 0.45, grounded());
    let mut ops = SimpleTransition::default();
    assert_eq!(
        o.intersects_sphere(&mut t, &mut ops, false),
        TransitionState::Collided
    );
    assert_eq!((ops.step_up_calls, ops.step_up_slide_calls), (1, 1));
    assert_close(t.sphere_path.step_up_normal, v3(-0.6, 0.0, 0.35), 1e-6);
    assert!(!t.collision_info.contact_plane_valid);

    struct Climbs(Vec3);
    impl TransitionOps for Climbs {
        fn step_up(&mut self, _t: &mut Transition, n: Vec3) -> bool {
            self.0 = n;
            true
        }
        fn step_up_slide(&mut self, _t: &mut Transition) -> TransitionState {
            unreachable!("the step-up succeeded")
        }
    }
    let mut t = one_sphere(curr, check, 0.45, grounded());
    let mut climbs = Climbs(Vec3::ZERO);
    assert_eq!(
        o.intersects_sphere(&mut t, &mut climbs, false),
        TransitionState::Ok
    );
    assert_close(climbs.0, v3(-0.6, 0.0, 0.35), 1e-6);
}

/// Grounded head hit (the foot clear): the head (0.9 m above the foot) slides
/// along a creature at head height, (0.8, 0.6, 1.35). The foot's disp is
/// (−0.7, −0.6, −0.9), |d|² = 1.66 > 0.9498²: clear. The head's is
/// (−0.7, −0.6, 0): 0.85, a hit. The numbers are those of the foot case above:
/// the whole check position moves to (0.036, −0.048, 0.45), the foot and the
/// head with it.
#[test]
fn branch4_grounded_head_hit_slides() {
    let (_, t) = slid_past_creature(1.35, 0.45, true);
    assert_moved_to(&t, v3(0.036, -0.048, 0.45), 1, v3(0.036, -0.048, 1.35));
    assert_close(
        t.sphere_path.global_sphere[0].center,
        v3(0.036, -0.048, 0.45),
        1e-6,
    );
}

/// Path-clipped foot hit: the normal from the obstacle to the current centre,
/// (−0.8, −0.6, 0), becomes the collision normal; COLLIDED; the check position
/// stays.
#[test]
fn branch4_path_clipped_collides_with_a_normal() {
    let o = Sphere::new(v3(0.8, 0.6, 0.5), 0.5);
    let mut t = stepping_east(0.5, ObjectInfoState::PATH_CLIPPED, false);
    assert_eq!(run(&o, &mut t, true), TransitionState::Collided);
    assert!(t.collision_info.collision_normal_valid);
    assert_close(t.collision_info.collision_normal, v3(-0.8, -0.6, 0.0), 1e-6);
    assert_close(check_origin(&t), v3(0.1, 0.0, 0.5), 0.0);
}

/// Airborne foot hit: `land_on_sphere` arms the collide flag with the normal
/// (0.6, 0, 0.8) from a boulder at the origin to the current centre
/// (0.9, 0, 1.2) / 1.5, saves the check position, sets walk_interp = 1 and the
/// walkable allowance to LANDING_Z; ADJUSTED. Creature or not (branch 4 is
/// not gated).
#[test]
fn branch4_airborne_foot_hit_arms_the_landing() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    for creature in [false, true] {
        let mut t = faller(v3(0.9, 0.0, 1.2), v3(0.9, 0.0, 0.9));
        t.sphere_path.walk_interp = 0.5;
        t.sphere_path.walkable_allowance = 0.7;
        assert_eq!(run(&o, &mut t, creature), TransitionState::Adjusted);
        let sp = t.sphere_path;
        assert!(sp.collide);
        assert_eq!(sp.walk_interp, 1.0);
        assert_eq!(sp.walkable_allowance, LANDING_Z);
        assert_close(sp.step_up_normal, v3(0.6, 0.0, 0.8), 1e-6);
        assert_eq!(sp.backup_check_pos, sp.check_pos);
        assert_close(check_origin(&t), v3(0.9, 0.0, 0.9), 0.0);
    }
}

/// Airborne head hit (the foot clear): COLLIDED with the normal from the
/// obstacle to the current head centre.
#[test]
fn branch4_airborne_head_hit_collides() {
    let o = Sphere::new(v3(0.8, 0.6, 1.35), 0.5);
    let mut t = stepping_east(0.45, ObjectInfoState::empty(), true);
    assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
    assert_close(t.collision_info.collision_normal, v3(-0.8, -0.6, 0.0), 1e-6);
    assert!(!t.sphere_path.collide);
}

/// The PerfectClip tail of `collide_with_point`, as the spec writes it
/// (row 16). Obstacle radius 0.5 at (2, 0, 0); mover radius 0.5 moving from the
/// origin to (1.2, 0, 0). find_time_of_collision(movement (1.2, 0, 0),
/// disp (−2, 0, 0), radsum 1): |m|² = 1.44, −d·m = 2.4, |d|² − 1 = 3,
/// discriminant 2.4² − 3·1.44 = 1.44, root 1.2, t = (2.4 − 1.2)/1.44 = 0.8333
/// (where the centres are 1 m apart). collision offset = 1.2·0.8333 − 1.2 =
/// −0.2; old_disp = −0.2 + 1.2 − 2 = −1 (along x); the normal −1/0.9998,
/// stored normalized as (−1, 0, 0); the check position moves by old_disp to
/// (0.2, 0, 0): ADJUSTED.
#[test]
fn branch4_perfect_clip_time_of_impact_tail() {
    let t_hit = ac_csphere::find_time_of_collision(v3(1.2, 0.0, 0.0), v3(-2.0, 0.0, 0.0), 1.0);
    assert!((t_hit - 0.833_333).abs() < 1e-6);

    let o = Sphere::new(v3(2.0, 0.0, 0.0), 0.5);
    let mut t = one_sphere(
        Vec3::ZERO,
        v3(1.2, 0.0, 0.0),
        0.5,
        ObjectInfoState::PATH_CLIPPED | ObjectInfoState::PERFECT_CLIP,
    );
    assert_eq!(run(&o, &mut t, false), TransitionState::Adjusted);
    assert_close(t.collision_info.collision_normal, v3(-1.0, 0.0, 0.0), 1e-6);
    assert_close(check_origin(&t), v3(0.2, 0.0, 0.0), 1e-5);

    // Starting inside the sum (|d|² − radsum² < ε): −1, COLLIDED.
    assert_eq!(
        ac_csphere::find_time_of_collision(v3(1.0, 0.0, 0.0), v3(-0.9, 0.0, 0.0), 1.0),
        -1.0
    );
}

// ---------------------------------------------------------------- branch 5

/// The landing re-test onto a boulder of radius 1 at the origin: the foot
/// (radius 0.5) fell from (0.9, 0, 1.6) (clear: |d|² = 3.37) to (0.9, 0, 1.0)
/// (|d|² = 1.81 ≤ 2.25).
///
/// movement = current − check = (0, 0, 0.6), |m|² = 0.36, diff = −m·d = −0.6,
/// radsum = 1.5; under the root 0.36 − (1.81 − 2.25)·0.36 = 0.5184, root
/// 0.72, t = 0.72 − 0.6 = 0.12 (not above 1), time = 0.12 / 0.36 = 1/3,
/// timecheck = (1 − 1/3)·1 = 2/3. The movement back is (0, 0, 0.2); the normal
/// (0.9, 0, 1.2)/1.5 = (0.6, 0, 0.8), the sphere-to-sphere direction at the
/// contact; the contact point is the check centre minus the normal times the
/// foot's radius, (0.6, 0, 0.6), so d = −(0.36 + 0.48) = −0.84 (the point is
/// taken before the move back, as the spec writes it). ADJUSTED, the foot at
/// (0.9, 0, 1.2), walk_interp 2/3, water flag set.
#[test]
fn branch5_lands_on_the_cap_of_a_non_creature() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = faller(v3(0.9, 0.0, 1.6), v3(0.9, 0.0, 1.0));
    t.collision_info = CollisionInfo::default();
    t.sphere_path.set_collide(v3(0.0, 0.0, 1.0));
    t.sphere_path.walkable_allowance = LANDING_Z;
    assert_eq!(run(&o, &mut t, false), TransitionState::Adjusted);
    let ci = t.collision_info;
    assert!(ci.contact_plane_valid && ci.contact_plane_is_water);
    assert_eq!(ci.contact_plane_cell_id, CELL);
    assert_close(ci.contact_plane.normal, v3(0.6, 0.0, 0.8), 1e-6);
    assert!((ci.contact_plane.d + 0.84).abs() < 1e-6);
    assert!((t.sphere_path.walk_interp - 2.0 / 3.0).abs() < 1e-6);
    // Tilted, and along the boulder-to-foot direction.
    assert!(ci.contact_plane.normal.z < 0.9);
    assert_landed(&t, &o, v3(0.9, 0.0, 1.2));
}

/// The same fall onto a creature: OK, nothing written (row 3).
#[test]
fn branch5_never_lands_on_a_creature() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = armed_faller(v3(0.9, 0.0, 1.6), v3(0.9, 0.0, 1.0));
    assert_ok_writing_nothing(&o, &mut t, true);
}

/// Too steep: a fall grazing the boulder's equator, from (1.499, 0, 0.6) to
/// (1.499, 0, 0): diff = 0, under the root (2.25 − 2.247)·0.36 = 0.00108,
/// t = 0.03286, time = 0.09127, the movement back 0.05477, the normal's z
/// 0.05477 / 1.5 = 0.0365 ≤ LANDING_Z = 0.0872: OK, nothing written.
#[test]
fn branch5_rejects_a_cap_point_beyond_the_allowance() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = armed_faller(v3(1.499, 0.0, 0.6), v3(1.499, 0.0, 0.0));
    t.sphere_path.walkable_allowance = LANDING_Z;
    assert_ok_writing_nothing(&o, &mut t, false);
}

/// No overlap: OK. No movement (current = check): COLLIDED.
#[test]
fn branch5_misses_and_standing_still() {
    let o = Sphere::new(Vec3::ZERO, 1.0);
    let mut t = armed_faller(v3(0.9, 0.0, 2.0), v3(0.9, 0.0, 1.6));
    assert_eq!(run(&o, &mut t, false), TransitionState::Ok);
    let mut t = armed_faller(v3(0.9, 0.0, 1.0), v3(0.9, 0.0, 1.0));
    assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
}

/// Spec §2 branch 5 written out line by line in plain IEEE `f32`, with no
/// guard: the answer the literal path gives (OK, COLLIDED or ADJUSTED) for
/// the foot's check centre `c0`, current centre `cur0`, radius `r0`, the
/// obstacle `o`, the walk interpolation and the walkable allowance. Only
/// the answer is returned: ADJUSTED is the one answer that writes.
fn literal_branch5(
    c0: Vec3,
    cur0: Vec3,
    r0: f32,
    o: &Sphere,
    walk_interp: f32,
    allowance: f32,
) -> TransitionState {
    let disp0 = c0 - o.center;
    let radsum = r0 + o.radius - F_EPSILON + F_EPSILON;
    let movement = cur0 - c0;
    let len_sq = movement.length_squared();
    let diff = -movement.dot(disp0);
    if len_sq.abs() < F_EPSILON {
        return TransitionState::Collided;
    }
    let mut t = (diff * diff - (disp0.length_squared() - radsum * radsum) * len_sq).sqrt() + diff;
    if t > 1.0 {
        t = diff * 2.0 - t;
    }
    let time = t / len_sq;
    let timecheck = (1.0 - time) * walk_interp;
    if timecheck >= walk_interp || timecheck < -0.1 {
        return TransitionState::Collided;
    }
    let normal = (disp0 + movement * time) / radsum;
    // is_walkable_allowable is `z > allowance`, false for a NaN.
    if normal.z > allowance {
        TransitionState::Adjusted
    } else {
        TransitionState::Ok
    }
}

/// Only the head overlaps and the foot's path never reaches the cap: row 18
/// answers as the literal IEEE path does, OK with nothing written (ACE's
/// answer too).
#[test]
fn branch5_head_only_overlap_answers_as_the_literal_path() {
    // Boulder radius 0.5 at (0, 0, 1.4); foot at z 0 (|d| = 1.4 > 1), head
    // at z 0.9 (|d| = 0.5, a hit). The foot moved sideways by 0.1 m, so its
    // path stays 1.4 m from the centre: diff = -(-0.1, 0, 0)·(0.1, 0, -1.4)
    // = 0.01, and diff² - (1.96 - 1)·0.01 = 0.0001 - 0.0096 < 0: the square
    // root is a NaN, every comparison after it is false, the NaN normal is
    // not walkable: OK, and the transition is left as it was.
    let o = Sphere::new(v3(0.0, 0.0, 1.4), 0.5);
    let mut t = two_spheres(v3(0.1, 0.0, 0.0), Vec3::ZERO, 0.5, ObjectInfoState::empty());
    t.sphere_path.set_collide(Vec3::UP);
    let before = t;
    let literal = literal_branch5(
        t.sphere_path.global_sphere[0].center,
        t.sphere_path.global_curr_center[0],
        0.5,
        &o,
        t.sphere_path.walk_interp,
        t.sphere_path.walkable_allowance,
    );
    assert_eq!(literal, TransitionState::Ok);
    assert_eq!(run(&o, &mut t, false), literal);
    assert_eq!(t, before);
}

/// A grounded foot under a sphere stepping sideways: the normal from the
/// obstacle to the foot is straight down, parallel to the ground's normal,
/// so there is no crease. The step-up's own slide (row 8, ACE's step-up)
/// tests the plane normal against the foot's offset from the obstacle:
/// (0, 0, 1)·(0.1, 0, -0.9) = -0.9 < 0, COLLIDED. (The shared crease slide
/// answered OK there and kept the check position, 9.4 cm into the obstacle:
/// 0.9998 - sqrt(0.82).)
#[test]
fn branch4_grounded_foot_under_a_sphere_without_a_crease_collides() {
    // Foot r 0.5 at (0, 0, 0.5) moving to (0.1, 0, 0.5); obstacle r 0.5 at
    // (0, 0, 1.4): |disp0|² = 0.01 + 0.81 = 0.82 ≤ 0.9998², a foot hit; the
    // clearance radsum - disp.z = 1.0 + 0.9 = 1.9 > 0.4, too tall: slide.
    let o = Sphere::new(v3(0.0, 0.0, 1.4), 0.5);
    let mut t = walker(v3(0.0, 0.0, 0.5), v3(0.1, 0.0, 0.5));
    let before_check = check_origin(&t);
    assert_eq!(run(&o, &mut t, false), TransitionState::Collided);
    // The collision normal was recorded first: (0, 0, -1).
    assert!(t.collision_info.collision_normal_valid);
    assert_close(t.collision_info.collision_normal, v3(0.0, 0.0, -1.0), 1e-6);
    assert_eq!(check_origin(&t), before_check);
}

/// The no-crease case with the obstacle below the foot: (0, 0, 1)·(0.1, 0,
/// 0.9) = 0.9 ≥ 0, so the movement (0.1, 0, 0) loses its part along the
/// normal (0, 0, 1), which is 0: SLID with the check position unchanged.
#[test]
fn branch4_grounded_foot_over_a_sphere_without_a_crease_slides() {
    // Obstacle r 0.5 at (0, 0, -0.4): |disp0|² = 0.01 + 0.81, a hit; the
    // clearance 1.0 - 0.9 = 0.1 is above a step-up height of 0.05: slide.
    let o = Sphere::new(v3(0.0, 0.0, -0.4), 0.5);
    let mut t = walker(v3(0.0, 0.0, 0.5), v3(0.1, 0.0, 0.5));
    t.object_info.step_up_height = 0.05;
    assert_eq!(run(&o, &mut t, false), TransitionState::Slid);
    assert_close(check_origin(&t), v3(0.1, 0.0, 0.5), 1e-6);
    assert_close(t.collision_info.collision_normal, v3(0.0, 0.0, 1.0), 1e-6);
}

/// The sphere an index names: the foot and the head, nothing else.
#[test]
fn sphere_index_names_the_two_spheres() {
    assert_eq!(SphereIndex::Foot.index(), 0);
    assert_eq!(SphereIndex::Head.index(), 1);
    // The index picks the centres read: an obstacle centred on the head's
    // current centre (0, 0, 0.9) gives the head a zero normal, COLLIDED
    // (spec §4's normalize_check_small); from the foot at the origin the
    // normal is (0, 0, -1), parallel to the ground's, no crease, and the
    // shared slide's opposing normals answer OK.
    let o = Sphere::new(v3(0.0, 0.0, 0.9), 0.5);
    let ops = SimpleTransition::default();
    let mut t = two_spheres(Vec3::ZERO, v3(0.1, 0.0, 0.0), 0.5, grounded());
    assert_eq!(
        o.slide_sphere_from_contact(&mut t, &ops, SphereIndex::Head),
        TransitionState::Collided
    );
    let mut t = two_spheres(Vec3::ZERO, v3(0.1, 0.0, 0.0), 0.5, grounded());
    assert_eq!(
        o.slide_sphere_from_contact(&mut t, &ops, SphereIndex::Foot),
        TransitionState::Ok
    );
}

// ---------------------------------------------------------------- wrapper

/// The wrapper places a local sphere: centre (0.5, 0, 0), radius 0.5, on an
/// object at (10, 0, 0) turned 90° (x to y) with scale 2, so the world sphere
/// is centred at (10, 1, 0) with radius 1. A placement test of a mover of
/// radius 0.5 at (10, 2.5, 0) touches it (OK), at (10, 2.49, 0) overlaps it
/// (COLLIDED); unrotated, the centre would be (11, 0, 0), 2.7 m away.
#[test]
fn wrapper_places_the_local_sphere() {
    let local = Sphere::new(v3(0.5, 0.0, 0.0), 0.5);
    let position = Position {
        objcell_id: CELL,
        frame: ac_csphere::Frame::with_heading(v3(10.0, 0.0, 0.0), core::f32::consts::FRAC_PI_2),
    };
    for (y, expect) in [
        (2.5, TransitionState::Ok),
        (2.49, TransitionState::Collided),
    ] {
        let at = v3(10.0, y, 0.0);
        let mut t = walker(at, at);
        t.sphere_path.insert_type = InsertType::Placement;
        let mut ops = SimpleTransition::default();
        assert_eq!(
            local.intersects_sphere_at(&position, 2.0, &mut t, &mut ops, false),
            expect
        );
    }
}
