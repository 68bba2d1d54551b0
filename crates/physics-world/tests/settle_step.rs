//! Settling through the world's step, in both modes (overview "The step",
//! "Settle slot", "Settling a landed object", "30 Hz or 60 Hz").

mod common;

use common::{both_modes, r, Owner, Table};
use physics_world::object_flags::{SETTLED, SETTLING};
use physics_world::quat::Quat;
use physics_world::{BodyFlags, PhysicsWorld, StepRate, WorldConfig};
use ps2_float::{Real, Vec4};

both_modes!(
    settle_t_after_n_ticks_and_the_runtime_sample,
    settle_turns_the_body_and_keeps_the_position,
    settle_slots_exhaust_and_cancel,
    thirty_hz_settle_ends_in_six_steps,
);

fn brick<R: Real>(w: &mut PhysicsWorld<R>, t: &mut Table<R>, n: u32) -> physics_world::BodyId {
    let o = t.add(n, Owner::at(0x1, n as f32, 0.0, 0.2831));
    let s = w
        .shape_pools_mut()
        .alloc_object_box(Vec4::new(r(0.07), r(0.21), r(0.10), R::ZERO))
        .unwrap();
    let b = w
        .create_object_body(t, o, s, BodyFlags::OBJECT_START)
        .unwrap();
    w.update(t, b);
    b
}

// "t after n ticks is 0.01 × n(n − 1), so a settle takes 11 ticks"; the
// slot filled by hand read t = 0.02, 0.12, 0.2, 0.3, 0.42, 0.56, 0.72, 0.9,
// then 1.0 with the slot freed and the flags 0x40000 → 0x8000000.
fn settle_t_after_n_ticks_and_the_runtime_sample<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    brick(&mut w, &mut t, 1);
    let o = common::id(1);
    // A quarter turn: the z axis lying along x (mask XZ = 5): the nearest
    // allowed positive axis to n = (0, 0, 1) is x (acos 0 = 90°), turned
    // through 90°.
    t.get_mut(o).rotation = Quat::from_axis_angle(
        Vec4::new(R::ZERO, R::ONE, R::ZERO, R::ZERO),
        r(std::f32::consts::FRAC_PI_2),
    );
    assert!(w.start_settle(&mut t, o, Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO), 5));
    assert_eq!(t.get(o).object_flags, SETTLING);
    let mut seen = Vec::new();
    for n in 1..=11u32 {
        w.step(&mut t);
        let expect = (0.01 * (n * (n - 1)) as f32).min(1.0);
        match w.settle_slot(o) {
            Some(s) => {
                assert!(n < 11, "freed at tick 11");
                assert!(
                    (s.t.to_f32() - expect).abs() < 1e-5,
                    "tick {n}: {} vs {expect}",
                    s.t.to_f32()
                );
                seen.push(s.t.to_f32());
            }
            None => {
                assert_eq!(n, 11);
                seen.push(1.0);
            }
        }
    }
    let sample = [0.02, 0.12, 0.2, 0.3, 0.42, 0.56, 0.72, 0.9, 1.0];
    let mut it = seen.iter();
    for s in sample {
        assert!(it.any(|x| (x - s).abs() < 1e-5), "{s} in order in {seen:?}");
    }
    assert_eq!(t.get(o).object_flags, SETTLED, "0x40000 → 0x8000000");
    assert_eq!(t.get(o).poses_written, 11);
}

fn settle_turns_the_body_and_keeps_the_position<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = brick(&mut w, &mut t, 1);
    let o = common::id(1);
    // Tilted 30° about x, mask XZ: the z axis is nearest the floor normal
    // (acos cos 30° = 30°, x at 90°), turned back by 30°: flat.
    t.get_mut(o).rotation = Quat::from_axis_angle(
        Vec4::new(R::ONE, R::ZERO, R::ZERO, R::ZERO),
        r(30f32.to_radians()),
    );
    t.get_mut(o).frame.axes = t.get(o).rotation.axes();
    w.set_body_flags(b, BodyFlags::DIRTY);
    w.update(&t, b);
    let tilted_height = w.body(b).unwrap().aabb.max.z.to_f32() - 0.2831;
    w.start_settle(&mut t, o, Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO), 5);
    for _ in 0..11 {
        w.step(&mut t);
    }
    let z = t.get(o).rotation.axes()[2].to_f32();
    assert!((z[2] - 1.0).abs() < 1e-5, "z axis up: {z:?}");
    // The position of the stored pose is kept; the body was re-posed at
    // once: its box is the flat brick's, half height 0.05 above 0.2831.
    assert_eq!(t.get(o).frame.position.to_f32()[..3], [1.0, 0.0, 0.2831]);
    let bb = w.body(b).unwrap().aabb;
    assert!(
        (bb.max.z.to_f32() - 0.3331).abs() < 1e-5,
        "{}",
        bb.max.z.to_f32()
    );
    // Tilted, the box was taller: 0.105 sin 30° + 0.05 cos 30°.
    assert!((tilted_height - (0.105 * 0.5 + 0.05 * 0.866_025_4)).abs() < 1e-5);
    assert!(!w.body(b).unwrap().flags.contains(BodyFlags::DIRTY));
}

// "With all 64 slots busy nothing happens"; CancelSettle frees the slot
// and clears 0x40000.
fn settle_slots_exhaust_and_cancel<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let n = Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO);
    for k in 1..=64 {
        t.add(k, Owner::at(0x1, 0.0, 0.0, 0.0));
        assert!(w.start_settle(&mut t, common::id(k), n, 7));
    }
    t.add(65, Owner::at(0x1, 0.0, 0.0, 0.0));
    assert!(!w.start_settle(&mut t, common::id(65), n, 7));
    assert_eq!(t.get(common::id(65)).object_flags, 0);
    assert_eq!(w.refusals().settles, 1);
    // The object's own slot is reused.
    assert!(w.start_settle(&mut t, common::id(3), n, 7));
    assert!(w.cancel_settle(&mut t, common::id(3)));
    assert_eq!(t.get(common::id(3)).object_flags, 0);
    assert!(w.settle_slots()[2].is_none());
    assert!(w.start_settle(&mut t, common::id(65), n, 7));
    assert_eq!(w.settle_slots()[2].as_ref().unwrap().object, common::id(65));
    assert!(!w.cancel_settle(&mut t, common::id(99)));
}

// "30 Hz or 60 Hz": with acceleration 0.08 per step² a settle ends in 6
// steps (t = 0.04 n(n − 1): 0, 0.08, 0.24, 0.48, 0.8, 1.2 → 1).
fn thirty_hz_settle_ends_in_six_steps<R: Real>() {
    let mut w = PhysicsWorld::<R>::construct(WorldConfig {
        rate: StepRate::Hz30,
        ..WorldConfig::default()
    });
    let mut t = Table::default();
    let o = t.add(1, Owner::at(0x1, 0.0, 0.0, 0.0));
    w.start_settle(&mut t, o, Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO), 4);
    for k in 1..=5 {
        w.step(&mut t);
        assert!(w.settle_slot(o).is_some(), "step {k}");
    }
    w.step(&mut t);
    assert!(w.settle_slot(o).is_none());
    assert_eq!(t.get(o).object_flags, SETTLED);
}
