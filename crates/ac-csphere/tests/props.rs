//! Property tests: no panic and no NaN or infinity from finite input in the
//! range a world uses (coordinates within ±50 m, radii 0.05 to 3 m), and
//! mirrored inputs (x or y negated) give bit-for-bit mirrored outputs.

use ac_csphere::{
    CollisionInfo, InsertType, ObjectInfo, ObjectInfoState, Plane, Position, SimpleTransition,
    Sphere, SpherePath, Transition, TransitionState, Vec3,
};
use proptest::prelude::*;

fn coord() -> impl Strategy<Value = f32> {
    -50.0_f32..50.0
}

fn vec3(range: f32) -> impl Strategy<Value = Vec3> {
    (-range..range, -range..range, -range..range).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

fn unit() -> impl Strategy<Value = Vec3> {
    vec3(1.0).prop_filter_map("non-zero", |v| {
        let l = v.length();
        (l > 0.1).then(|| v * (1.0 / l))
    })
}

#[derive(Clone, Debug)]
struct Case {
    obstacle: Sphere,
    creature: bool,
    t: Transition,
}

prop_compose! {
    fn case()(
        ox in coord(), oy in coord(), oz in -5.0_f32..5.0, orad in 0.05_f32..3.0,
        creature in any::<bool>(),
        near in vec3(2.5), step in vec3(1.0), head_near in any::<bool>(),
        r in 0.05_f32..1.5, two in any::<bool>(), head_xy in (-1.0_f32..1.0, -1.0_f32..1.0),
        state in 0u32..16, perfect in any::<bool>(),
        mode in 0u8..6,
        step_down_amt in -1.0_f32..1.0, walk_interp in 0.0_f32..1.0,
        allowance in 0.0_f32..1.0, step_up in 0.0_f32..1.0,
        plane_n in unit(), plane_d in -5.0_f32..5.0, plane_valid in any::<bool>(),
        last_n in unit(),
    ) -> Case {
        let obstacle = Sphere::new(Vec3::new(ox, oy, oz), orad);
        // Half the cases put the head sphere (when there is one) near the
        // obstacle, so head-only overlaps are common.
        let lift = if two && head_near {
            Vec3::new(head_xy.0 * r, head_xy.1 * r, 2.0 * r)
        } else {
            Vec3::ZERO
        };
        let curr = obstacle.center + near - lift;
        let mut spheres = vec![Sphere::new(Vec3::ZERO, r)];
        if two {
            spheres.push(Sphere::new(Vec3::new(head_xy.0 * r, head_xy.1 * r, 2.0 * r), r));
        }
        let mut sp = SpherePath::for_step(&spheres, 3, curr, step);
        match mode {
            0 => sp.insert_type = InsertType::Placement,
            1 => sp.obstruction_ethereal = true,
            2 => sp.step_down = true,
            3 => sp.check_walkable = true,
            4 => sp.collide = true,
            _ => {}
        }
        sp.step_down_amt = step_down_amt;
        sp.walk_interp = walk_interp;
        sp.walkable_allowance = allowance;
        let mut bits = ObjectInfoState::from_bits_truncate(state & 0xb);
        if perfect {
            bits |= ObjectInfoState::PERFECT_CLIP;
        }
        let collision_info = CollisionInfo {
            contact_plane_valid: plane_valid,
            contact_plane: Plane::new(plane_n, plane_d),
            last_known_contact_plane_valid: true,
            last_known_contact_plane: Plane::new(last_n, 0.0),
            ..CollisionInfo::default()
        };
        Case {
            obstacle,
            creature,
            t: Transition {
                object_info: ObjectInfo { state: bits, step_up_height: step_up },
                sphere_path: sp,
                collision_info,
            },
        }
    }
}

fn finite_plane(p: Plane) -> bool {
    p.normal.is_finite() && p.d.is_finite()
}

fn all_finite(t: &Transition) -> bool {
    let sp = &t.sphere_path;
    let ci = &t.collision_info;
    sp.check_pos.frame.origin.is_finite()
        && sp
            .global_sphere
            .iter()
            .all(|s| s.center.is_finite() && s.radius.is_finite())
        && sp.step_up_normal.is_finite()
        && sp.walk_interp.is_finite()
        && sp.walkable_allowance.is_finite()
        && finite_plane(ci.contact_plane)
        && ci.collision_normal.is_finite()
}

type Mirror = fn(Vec3) -> Vec3;

fn mirror_y(v: Vec3) -> Vec3 {
    Vec3::new(v.x, -v.y, v.z)
}

fn mirror_transition(t: &Transition, m: Mirror) -> Transition {
    let mut out = *t;
    let sp = &mut out.sphere_path;
    for s in &mut sp.global_sphere {
        s.center = m(s.center);
    }
    for c in &mut sp.global_curr_center {
        *c = m(*c);
    }
    sp.step_up_normal = m(sp.step_up_normal);
    for p in [&mut sp.cur_pos, &mut sp.check_pos, &mut sp.backup_check_pos] {
        p.frame.origin = m(p.frame.origin);
    }
    let ci = &mut out.collision_info;
    ci.contact_plane.normal = m(ci.contact_plane.normal);
    ci.last_known_contact_plane.normal = m(ci.last_known_contact_plane.normal);
    ci.collision_normal = m(ci.collision_normal);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_panic_and_no_nan_from_finite_input(c in case()) {
        let mut t = c.t;
        let mut ops = SimpleTransition::default();
        let _ = c.obstacle.intersects_sphere(&mut t, &mut ops, c.creature);
        prop_assert!(all_finite(&t), "{t:?}");
    }

    #[test]
    fn the_wrapper_has_no_nan_either(c in case(), heading in -7.0_f32..7.0, scale in 0.2_f32..3.0, local in vec3(1.0)) {
        let mut t = c.t;
        let mut ops = SimpleTransition::default();
        let position = Position {
            objcell_id: 3,
            frame: ac_csphere::Frame::with_heading(c.obstacle.center, heading),
        };
        let s = Sphere::new(local, c.obstacle.radius / scale);
        let _ = s.intersects_sphere_at(&position, scale, &mut t, &mut ops, c.creature);
        prop_assert!(all_finite(&t), "{t:?}");
    }

    #[test]
    fn mirrored_inputs_give_mirrored_outputs(c in case(), axis in any::<bool>()) {
        let m: Mirror = if axis { Vec3::mirror_x } else { mirror_y };
        let mut a = c.t;
        let mut b = mirror_transition(&c.t, m);
        let mirrored_obstacle = Sphere::new(m(c.obstacle.center), c.obstacle.radius);
        let mut ops_a = SimpleTransition::default();
        let mut ops_b = SimpleTransition::default();
        let ra = c.obstacle.intersects_sphere(&mut a, &mut ops_a, c.creature);
        let rb = mirrored_obstacle.intersects_sphere(&mut b, &mut ops_b, c.creature);
        prop_assert_eq!(ra, rb);
        prop_assert_eq!(mirror_transition(&a, m), b);
        prop_assert_eq!(ops_a, ops_b);
    }

    /// A slid step keeps nothing along the normal and is never longer than
    /// the step it replaces.
    #[test]
    fn a_slide_keeps_nothing_along_the_normal(n in unit(), plane in unit(), step in vec3(1.0), curr in vec3(20.0)) {
        let mut t = Transition {
            sphere_path: SpherePath::for_step(&[Sphere::new(Vec3::ZERO, 0.5)], 1, curr, step),
            ..Transition::default()
        };
        t.collision_info.set_contact_plane(Plane::new(plane, 0.0), false);
        let mover = t.sphere_path.global_sphere[0];
        let r = mover.slide_sphere(&mut t, &SimpleTransition::default(), n, curr);
        if r == TransitionState::Slid {
            let moved = t.sphere_path.check_pos.frame.origin - curr;
            prop_assert!(moved.dot(n).abs() <= 1e-4, "{moved:?}");
            prop_assert!(moved.length() <= step.length() + 1e-4);
        }
    }
}
