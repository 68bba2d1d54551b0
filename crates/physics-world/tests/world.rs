//! The world's bodies, layers, queries, ignore lists and human body set,
//! in both float modes (overview "Bodies", "Collision layers", "Queries:
//! the sort-and-sweep", "Human contacts", "Ignore lists", "The human
//! body").

mod common;

use common::{
    both_modes, human_body, id, object_at, object_body, p, r, start_object, v, Owner, Solid, Table,
};
use kernels::Contact;
use physics_world::{
    BodyFlags, BodyId, BodyPool, BoxQuery, Other, OwnerId, PhysicsWorld, QueryOptions, QueryWalk,
    RayBodyHit, ShapeQuery, WorldConfig,
};
use ps2_float::{Real, Vec4};
use shape_pools::ShapeId;
use shape_pools::{Aabb, PoolCapacities, Pose, ShapeFlags};
use test_support::{Seeded, Xorshift};

both_modes!(
    starting_flags_per_kind,
    layer_masks_against_the_runtime_flags,
    query_answer_order_backward_reversed_then_forward,
    backward_walk_has_no_min_x_test,
    who_loses_blockhumans_body_side,
    shared_group_passes_zero_unlinks,
    human_body_set_shapes_and_scale,
    punch_bag_posed_segment_from_the_runtime_table,
    widest_bound_grows_on_insert_and_refreshes_every_120,
    body_vector_index_not_reset_on_remove,
    ray_cast_bodies_nearest_box_or_capsule,
    collide_shape_sorted_by_fraction,
    overlap_shape_options,
    ignore_rules_of_the_human_body,
    object_body_from_type,
    reinsert_puts_a_body_where_remove_and_insert_would,
);

/// `BodyList_Reinsert` moves a body to where taking it out and inserting
/// it as new would (after its ties; divergence 191): 3,000 random moves of
/// 40 crates on a 0.5 m lattice (many ties), against a second world that
/// really removes and inserts.
fn reinsert_puts_a_body_where_remove_and_insert_would<R: Real>() {
    let (mut a, mut ta) = (PhysicsWorld::<R>::default(), Table::default());
    let (mut b, mut tb) = (PhysicsWorld::<R>::default(), Table::default());
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut next = |n: u64| rng.below(n);
    let mut ids = Vec::new();
    for n in 1..=40 {
        let x = next(20) as f32 * 0.5;
        let ia = start_object(&mut a, &mut ta, n, (x, 0.0, 0.0), Solid::cube(1.0));
        let ib = start_object(&mut b, &mut tb, n, (x, 0.0, 0.0), Solid::cube(1.0));
        ids.push((n, ia, ib));
    }
    assert_eq!(a.sorted_bodies(), b.sorted_bodies());
    for _ in 0..3000 {
        let (n, ia, ib) = ids[next(ids.len() as u64) as usize];
        let x = next(20) as f32 * 0.5;
        ta.get_mut(id(n)).frame = Pose::at(p(x, 0.0, 0.0));
        tb.get_mut(id(n)).frame = Pose::at(p(x, 0.0, 0.0));
        // The first world re-sorts through the reinsert (`moved`); the
        // second takes the body out first, so `moved` only computes its box
        // (and says it found no list place), then inserts it as new.
        assert!(a.moved(&ta, ia));
        assert!(b.list_remove(ib));
        assert!(!b.moved(&tb, ib));
        assert!(b.list_insert(ib));
        assert_eq!(a.sorted_bodies(), b.sorted_bodies());
    }
}

fn human_at<R: Real>(w: &mut PhysicsWorld<R>, t: &mut Table<R>, n: u32, x: f32, y: f32) -> BodyId {
    let o = t.add(n, Owner::at(0x40, x, y, 0.0));
    human_body(w, t, o)
}

// Overview "Bodies": human 0x8002243f, punch bag 0x8000243f, world object
// 0x80000500 (+ layers), car 0x80000000 then 0x2211a, pane 0x8000007a.
fn starting_flags_per_kind<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let h = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let bag = t.add(2, Owner::at(0x40, 5.0, 0.0, 0.0));
    let bag = w.create_punch_bag_body(&t, bag).unwrap();
    let car = t.add(3, Owner::at(0x1, 10.0, 0.0, 0.0));
    let half = v(1.2, 3.0, 0.55);
    let car = w
        .create_car_body(&t, car, [(half, Vec4::ZERO), (half, v(0.0, 0.0, 0.8))])
        .unwrap();
    let pane = t.add(4, Owner::at(0x1, 20.0, 0.0, 0.0));
    let pane = w.create_box_body(&t, pane, v(2.0, 0.5, 3.0)).unwrap();
    let flags = |b: BodyId| w.body(b).unwrap().flags.bits();
    // The human's update cleared the dirty bit; its other bits are the
    // creation's.
    assert_eq!(flags(h), 0x0002_243f);
    assert_eq!(flags(bag), 0x8000_243f);
    assert_eq!(flags(car), 0x8002_211a, "0x80000000 | 0x2211a");
    assert_eq!(flags(pane), 0x8000_007a);
    assert_eq!(w.body(h).unwrap().type_mask, 0x40, "owner vtable +0x20");
    // The car's two boxes, the pane's one (SetSize halves (2, 0.5, 3)).
    assert_eq!(w.body_shapes(car).count(), 2);
    let ps = w.body_shapes(pane).next().unwrap();
    let kernels::Shape::Box(b) = w.shape(ps).unwrap().geom else {
        panic!()
    };
    assert_eq!(b.half.to_f32()[..3], [1.0, 0.25, 1.5]);
    assert!(w.free_car_body(car));
    assert!(w.free_box_body(pane));
    assert_eq!(
        w.shape_pools().pool(shape_pools::ShapeKind::CarBox).len(),
        0,
        "in-use bits cleared"
    );
}

// Overview "Collision layers": humans 0x2203f, cars 0x2211a, panes 0x7a,
// objects 0x500 to 0x5057e; a walking human's mask 4 meets humans and
// BLOCKHUMANS objects, not a car's or a pane's body.
fn layer_masks_against_the_runtime_flags<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let mut bodies = Vec::new();
    for (n, flags) in [
        (1u32, 0x2203f),
        (2, 0x2211a),
        (3, 0x7a),
        (4, 0x500),
        (5, 0x5057e),
    ] {
        let at = (n as f32, 0.0, 0.0);
        let b = object_at(&mut w, &mut t, n, at, Solid::cube(0.5), BodyFlags::empty());
        w.clear_body_flags(b, BodyFlags::all());
        w.set_body_flags(b, BodyFlags::from_bits_retain(flags));
        bodies.push(b);
    }
    let mut out = Vec::new();
    let bx = Aabb::new(p(-10.0, -10.0, -10.0), p(10.0, 10.0, 10.0));
    let mut q = BoxQuery::new(u32::MAX);
    q.flag_mask = BodyFlags::BLOCKHUMANS;
    w.query_box(&mut out, &bx, &q);
    assert_eq!(
        out,
        vec![bodies[0], bodies[4]],
        "the human and the 0x5057e object"
    );
    // A flying object's mask 2 (BLOCKOBJECTS) meets the car, the pane, the
    // human and the 0x5057e object, not the bare 0x500 one.
    q.flag_mask = BodyFlags::BLOCKOBJECTS;
    w.query_box(&mut out, &bx, &q);
    assert_eq!(out, vec![bodies[0], bodies[1], bodies[2], bodies[4]]);
    // Rays: RAYCASTTARGET 0x2000 is in the human's 0x2203f and the car's
    // 0x2211a, not in the pane's or the objects'.
    q.flag_mask = BodyFlags::RAYCASTTARGET;
    w.query_box(&mut out, &bx, &q);
    assert_eq!(out, vec![bodies[0], bodies[1]]);
    // Type mask 0 finds nothing.
    w.query_box(&mut out, &bx, &BoxQuery::new(0));
    assert!(out.is_empty());
    // PHYFLAG to body flags, one to one.
    assert_eq!(BodyFlags::from_phyflags(2).bits(), 0x4);
    assert_eq!(BodyFlags::from_phyflags(0x3ff).bits(), 0x7_207e);
}

// "The answer is the backward hits in reverse list order, then the forward
// hits" (overview "Queries: the sort-and-sweep").
fn query_answer_order_backward_reversed_then_forward<R: Real>() {
    for walk in [QueryWalk::Console, QueryWalk::Fast] {
        let mut w = PhysicsWorld::<R>::default();
        let mut t = Table::default();
        let b: Vec<BodyId> = (0..6)
            .map(|k| {
                start_object(
                    &mut w,
                    &mut t,
                    k + 1,
                    (k as f32, 0.0, 0.0),
                    Solid::cube(1.0),
                )
            })
            .collect();
        assert_eq!(w.sorted_bodies(), &b[..], "sorted by min.x");
        let mut out = Vec::new();
        let bx = Aabb::new(p(0.2, -1.0, -1.0), p(4.2, 1.0, 1.0));
        let mut q = BoxQuery::new(u32::MAX);
        q.walk = walk;
        q.start = Some(b[3]);
        w.query_box(&mut out, &bx, &q);
        // Backward from b3: b2, b1, b0 (b0's max.x 0.5 ≥ 0.2); forward: b3,
        // b4 (min.x 3.5 ≤ 4.2), then b5 (min.x 4.5) stops the walk.
        assert_eq!(out, vec![b[2], b[1], b[0], b[3], b[4]], "{walk:?}");
        q.start = None;
        w.query_box(&mut out, &bx, &q);
        assert_eq!(out, vec![b[0], b[1], b[2], b[3], b[4]], "from the head");
        q.ignored_owner = Some(id(2));
        w.query_box(&mut out, &bx, &q);
        assert_eq!(out, vec![b[0], b[2], b[3], b[4]], "ignored owner");
    }
}

// Unit 7 via the overview: "going backwards there is no min.x ≤ box.max.x
// test", so a start body right of the box keeps bodies the box misses.
fn backward_walk_has_no_min_x_test<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    // A wide body (x −5..5), one at x 3 (2.5..3.5), the start at x 8.
    let wide = start_object(&mut w, &mut t, 1, (0.0, 0.0, 0.0), Solid::cube(10.0));
    let mid = start_object(&mut w, &mut t, 2, (3.0, 0.0, 0.0), Solid::cube(1.0));
    let start = start_object(&mut w, &mut t, 3, (8.0, 0.0, 0.0), Solid::cube(1.0));
    let bx = Aabb::new(p(0.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
    let mut out = Vec::new();
    let mut q = BoxQuery::new(u32::MAX);
    q.start = Some(start);
    for walk in [QueryWalk::Console, QueryWalk::Fast] {
        q.walk = walk;
        w.query_box(&mut out, &bx, &q);
        // mid (min.x 2.5 > box.max.x 1) is kept by the backward walk; the
        // forward walk stops at the start (min.x 7.5 > 1).
        assert_eq!(out, vec![mid, wide], "{walk:?}");
    }
    q.start = None;
    w.query_box(&mut out, &bx, &q);
    assert_eq!(out, vec![wide], "the forward walk has the test");
}

// Overview "Human contacts", "Who loses BLOCKHUMANS" (runtime table): the
// knock-out clears 0x4 with the re-pose bit; the heal's fresh body takes
// the same slot with 0x8002243f; the unarrest sets 0x80000004.
fn who_loses_blockhumans_body_side<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let other = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let him = human_at(&mut w, &mut t, 2, 5.0, 0.0);
    // Knock-out (Human_KnockOut's write): & ~4, | 0x80000000.
    w.clear_body_flags(him, BodyFlags::BLOCKHUMANS);
    w.set_body_flags(him, BodyFlags::DIRTY);
    let mut q = BoxQuery::new(u32::MAX);
    q.flag_mask = BodyFlags::BLOCKHUMANS;
    let bx = Aabb::new(p(-10.0, -10.0, -10.0), p(10.0, 10.0, 10.0));
    let mut out = Vec::new();
    w.query_box(&mut out, &bx, &q);
    assert_eq!(out, vec![other], "walkers pass over him");
    // The heal: Human_CreatePhysicsBody frees the body and creates a fresh
    // one, which takes the same pool slot.
    assert!(w.free_human_body(him));
    let healed = w.create_human_body(&t, id(2)).unwrap();
    assert_eq!(healed.slot.index, him.slot.index, "same slot");
    assert!(w.body(him).is_none(), "the old handle is stale");
    assert_eq!(w.body(healed).unwrap().flags.bits(), 0x8002_243f);
    assert_eq!(w.body(healed).unwrap().group, 0, "no link survives");
    // Arrest clears 0x4 again; the unarrest sets 0x80000004.
    w.clear_body_flags(healed, BodyFlags::BLOCKHUMANS | BodyFlags::DIRTY);
    assert_eq!(w.body(healed).unwrap().flags.bits(), 0x0002_243b, "cuffed");
    w.set_body_flags(healed, BodyFlags::UNARREST);
    assert_eq!(
        w.body(healed).unwrap().flags.bits(),
        0x8002_243f,
        "unarrested"
    );
    assert_eq!(BodyFlags::UNARREST.bits(), 0x8000_0004);
    w.query_box(&mut out, &bx, &q);
    assert!(out.contains(&healed), "he blocks walkers again");
    w.update(&t, healed);
    assert!(
        w.body(healed).unwrap().aabb.min.x.to_f32() > 4.0,
        "posed at x 5"
    );
    w.query_box(&mut out, &bx, &q);
    assert_eq!(out.len(), 2);
}

// Overview "Human contacts", "Groups": linked humans share a fresh group
// number (1 to 0xfffe) and pass through each other; 0 unlinks them.
fn shared_group_passes_zero_unlinks<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let b = human_at(&mut w, &mut t, 2, 1.0, 0.0);
    let mut out = [Contact::<R>::default(); 8];
    let mut cand = Vec::new();
    let mv = v(1.0, 0.0, 0.0);
    let mut q = ShapeQuery::of_body(a, QueryOptions::BODIES);
    q.type_mask = 0x40;
    assert_eq!(w.collide_shape(&t, &mut out, &q, mv, &mut cand), 1, "met");
    assert_eq!(out[0].other.owner, Some(2));
    let g = w.new_group();
    assert_eq!(g, 1);
    w.set_group(a, g);
    w.set_group(b, g);
    assert_eq!(
        w.collide_shape(&t, &mut out, &q, mv, &mut cand),
        0,
        "linked: passes"
    );
    w.set_group(a, 0);
    w.set_group(b, 0);
    assert_eq!(
        w.collide_shape(&t, &mut out, &q, mv, &mut cand),
        1,
        "unlinked"
    );
    // The counter wraps from 0xfffe back to 1.
    let mut last = 0;
    for _ in 0..0xfffe {
        last = w.new_group();
    }
    assert_eq!(last as u16, 1);
}

/// The push sphere's shape of human body `h` (switched on).
fn push_sphere<R: Real>(w: &PhysicsWorld<R>, h: BodyId) -> ShapeId {
    w.body(h)
        .unwrap()
        .human
        .as_ref()
        .unwrap()
        .push_sphere
        .unwrap()
}

// Overview "The human body"; the bone table of the port's `combat.md`.
fn human_body_set_shapes_and_scale<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let mut o = Owner::at(0x40, 0.0, 0.0, 0.0);
    o.scale = r(0.97);
    let o = t.add(1, o);
    let h = w.create_human_body(&t, o).unwrap();
    let parts = w.body(h).unwrap().human.clone().unwrap();
    // The chain is the capsule alone (GetShapes returns +0x30).
    assert_eq!(w.body_shapes(h).collect::<Vec<_>>(), vec![parts.capsule]);
    assert_eq!(w.human_get_shapes(h), Some(parts.capsule));
    let cap = w.shape(parts.capsule).unwrap();
    assert!(cap.is_enabled());
    let kernels::Shape::Capsule(c) = cap.geom else {
        panic!()
    };
    // 0.35 × 0.97 = 0.3395 (the runtime +0x40 of a scale-0.97 human).
    assert!((c.radius.to_f32() - 0.3395).abs() < 1e-6);
    // Ten bone shapes, off; spine and head also targets (0x4).
    assert_eq!(parts.bones.iter().flatten().count(), 10);
    let mut targets = Vec::new();
    for b in parts.bones.iter().flatten() {
        let s = w.shape(*b).unwrap();
        assert!(!s.is_enabled());
        if s.head.flags.contains(ShapeFlags::STRIKE_TARGET) {
            targets.push(s.head.bone.unwrap());
        }
    }
    targets.sort_unstable();
    assert_eq!(targets, vec![3, 6]);
    // The hand sphere on bone 25: r 0.09 × 0.97, offset 0.08 × 0.97.
    w.set_bone_shape_enabled(h, Some(25), true);
    assert_eq!(w.body(h).unwrap().human.as_ref().unwrap().bones_on, 1 << 23);
    let hand = parts
        .bones
        .iter()
        .flatten()
        .find(|b| w.shape(**b).unwrap().head.bone == Some(25))
        .unwrap();
    let s = w.shape(*hand).unwrap();
    assert!(s.is_enabled());
    let kernels::Shape::Sphere(sp) = s.geom else {
        panic!()
    };
    assert!((sp.radius.to_f32() - 0.0873).abs() < 1e-6);
    assert!((s.head.offset.x.to_f32() - 0.0776).abs() < 1e-6);
    // −1 off: everything off, bits cleared.
    w.set_bone_shape_enabled(h, None, false);
    assert_eq!(w.body(h).unwrap().human.as_ref().unwrap().bones_on, 0);
    assert!(!w.shape(*hand).unwrap().is_enabled());
    // Push sphere: 2.0 m from the 30 pool.
    assert!(w.set_push_sphere(h, true));
    let ps = push_sphere(&w, h);
    let kernels::Shape::Sphere(sp) = w.shape(ps).unwrap().geom else {
        panic!()
    };
    assert_eq!(sp.radius.to_f32(), 2.0);
    assert!(w.set_push_sphere(h, false));
    assert!(w.shape(ps).is_none());
    // Strike spheres from the 60 pool; cleared back.
    let s1 = w.add_strike_sphere(h, r(0.1), Vec4::ZERO).unwrap();
    assert!(w.body(h).unwrap().human.as_ref().unwrap().weapon_strike);
    assert!(w.clear_strike_spheres(h));
    assert!(w.shape(s1).is_none());
    // Contact scale: 0.25 airborne, else 1.0.
    assert_eq!(w.contact_scale(h, false).unwrap().to_f32(), 1.0);
    w.set_human_airborne(h, true);
    assert_eq!(w.contact_scale(h, false).unwrap().to_f32(), 0.25);
    // Moved: the broad bound 0.8 out, 2.0 tall from the new position.
    t.get_mut(o).frame = shape_pools::Pose::at(p(10.0, 0.0, 1.0));
    w.human_moved(&t, h);
    let broad = w.body(h).unwrap().human.as_ref().unwrap().broad;
    let (lo, hi) = (broad.min.to_f32(), broad.max.to_f32());
    for (a, e) in lo[..3]
        .iter()
        .chain(&hi[..3])
        .zip([9.2, -0.8, 1.0, 10.8, 0.8, 3.0])
    {
        assert!((a - e).abs() < 2e-6, "{a} vs {e}");
    }
}

// Overview "Bodies", the punch bag (runtime, level95): its segment on bone
// 3 (r 0.35, length 1.5), posed from bone 3 2.15 m above the origin,
// ending 0.65 m above it.
fn punch_bag_posed_segment_from_the_runtime_table<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let z0 = -197.567f32;
    let mut o = Owner::at(0x40, 0.0, 0.0, z0);
    let dz = -(1.5f32 * 1.5 - 0.05 * 0.05).sqrt();
    o.bones.insert(
        3,
        shape_pools::Pose {
            axes: [
                v(0.05 / 1.5, 0.0, dz / 1.5),
                v(0.0, 1.0, 0.0),
                v(-dz / 1.5, 0.0, 0.05 / 1.5),
            ],
            position: p(0.0, 0.0, z0 + 2.15),
        },
    );
    let o = t.add(1, o);
    let bag = w.create_punch_bag_body(&t, o).unwrap();
    let seg = w.body(bag).unwrap().human.as_ref().unwrap().bones[0].unwrap();
    assert!(!w.shape(seg).unwrap().is_enabled(), "the bone shapes off");
    w.set_bone_shape_enabled(bag, Some(3), true);
    w.update(&t, bag);
    let kernels::Shape::Segment(s) = w.shape(seg).unwrap().geom else {
        panic!()
    };
    assert_eq!(s.radius.to_f32(), 0.35);
    assert!((s.start.z.to_f32() - (z0 + 2.15)).abs() < 2e-5);
    assert!(((s.end.z.to_f32() - z0) - 0.65).abs() < 0.005);
    assert!(
        (s.end.x.to_f32() - 0.05).abs() < 1e-5,
        "0.05 m off the vertical"
    );
    // The capsule (r 0.35, height 1.787) stands on the bag's origin.
    let cap = w.body(bag).unwrap().first_shape.unwrap();
    let kernels::Shape::Capsule(c) = w.shape(cap).unwrap().geom else {
        panic!()
    };
    assert_eq!((c.radius.to_f32(), c.height.to_f32()), (0.35, 1.787));
    assert!((c.base.z.to_f32() - z0).abs() < 1e-5);
    // A second bag is refused: it has one set.
    assert!(w.create_punch_bag_body(&t, o).is_none());
    assert_eq!(w.refusals().bodies, 1);
}

// Overview "The step", 1: the bound only grows on insert; every 120 ticks
// it is recomputed (every 60 in a 30 Hz world).
fn widest_bound_grows_on_insert_and_refreshes_every_120<R: Real>() {
    for (rate, every) in [
        (physics_world::StepRate::Hz60, 120),
        (physics_world::StepRate::Hz30, 60),
    ] {
        let mut w = PhysicsWorld::<R>::construct(WorldConfig {
            rate,
            ..WorldConfig::default()
        });
        let mut t = Table::default();
        let wide = start_object(&mut w, &mut t, 1, (0.0, 0.0, 0.0), Solid::cube(6.0));
        start_object(&mut w, &mut t, 2, (9.0, 0.0, 0.0), Solid::cube(1.0));
        assert_eq!(w.widest().to_f32(), 6.0);
        assert!(w.free_object_body(wide));
        assert_eq!(w.widest().to_f32(), 6.0, "removing does not shrink it");
        for k in 1..every {
            assert!(!w.step(&mut t).refreshed, "tick {k}");
        }
        assert!(w.step(&mut t).refreshed);
        assert_eq!(w.widest().to_f32(), 1.0);
        assert_eq!(w.ticks_since_refresh(), 0);
    }
}

// Overview "Bodies": +0x20 is the body's index in the vector; removing
// the body does not reset it (Unit 7).
fn body_vector_index_not_reset_on_remove<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = start_object(&mut w, &mut t, 1, (0.0, 0.0, 0.0), Solid::cube(1.0));
    let b = start_object(&mut w, &mut t, 2, (2.0, 0.0, 0.0), Solid::cube(1.0));
    assert_eq!((w.body(a).unwrap().index, w.body(b).unwrap().index), (0, 1));
    assert!(w.remove_body(a));
    assert_eq!(w.body(a).unwrap().index, 0, "not reset");
    assert_eq!(w.body_vector(), &[b]);
    assert_eq!(w.body(b).unwrap().index, 0, "the last took the place");
    assert_eq!(w.sorted_bodies(), &[b]);
}

// Overview "Queries", RayCastBodies: RAYCASTTARGET candidates, enabled
// boxes and capsules only, the nearest owner, shape and fraction.
/// The nearest ray-target body of any type (none of `ignored`'s) that the
/// ray from `from` along `dir`, 10 long, meets.
fn ray_10<R: Real>(
    w: &PhysicsWorld<R>,
    from: Vec4<R>,
    dir: Vec4<R>,
    ignored: Option<OwnerId>,
) -> Option<RayBodyHit<R>> {
    w.ray_cast_bodies(&mut Vec::new(), from, dir, r(10.0), u32::MAX, ignored)
}

fn ray_cast_bodies_nearest_box_or_capsule<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let ray = BodyFlags::OBJECT_START | BodyFlags::RAYCASTTARGET;
    // Boxes (full size 1) at x 4 and x 7: faces at x 3.5 and 6.5.
    let near = object_at(&mut w, &mut t, 1, (4.0, 0.0, 0.0), Solid::cube(1.0), ray);
    object_at(&mut w, &mut t, 2, (7.0, 0.0, 0.0), Solid::cube(1.0), ray);
    // Not a ray target: nearer, never met.
    start_object(&mut w, &mut t, 3, (2.0, 0.0, 0.0), Solid::cube(1.0));
    let hit = ray_10(&w, p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), None).unwrap();
    assert_eq!(hit.body, near);
    assert!((hit.fraction.to_f32() - 0.35).abs() < 1e-5, "3.5 of 10");
    // Ignoring the near one's owner: the far one at 6.5.
    let hit = ray_10(&w, p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), Some(id(1))).unwrap();
    assert!((hit.fraction.to_f32() - 0.65).abs() < 1e-5);
    // A human's capsule (r 0.35 at x −3): a ray along −x meets it at 2.65.
    human_at(&mut w, &mut t, 4, -3.0, 0.0);
    w.set_body_flags(w.human_bodies()[0], BodyFlags::RAYCASTTARGET);
    let hit = ray_10(&w, p(0.0, 0.0, 1.0), v(-1.0, 0.0, 0.0), None).unwrap();
    assert_eq!(hit.owner, id(4));
    assert!((hit.fraction.to_f32() - 0.265).abs() < 1e-5);
    // A sphere body is never ray-tested.
    let o = t.add(5, Owner::at(0x1, 0.0, 5.0, 0.0));
    object_body(&mut w, &t, o, Solid::Sphere(1.0), ray);
    assert!(ray_10(&w, p(0.0, 0.0, 0.0), v(0.0, 1.0, 0.0), None).is_none());
}

// Overview "Queries", CollideShape: the bodies through the sweep table,
// at most 50 contacts sorted by fraction, the first `max` copied out.
fn collide_shape_sorted_by_fraction<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    // Boxes of full size 1 at x 6 (face 5.5) and x 3 (face 2.5).
    let far = start_object(&mut w, &mut t, 1, (6.0, 0.0, 0.0), Solid::cube(1.0));
    let near = start_object(&mut w, &mut t, 2, (3.0, 0.0, 0.0), Solid::cube(1.0));
    // A camera sphere r 0.5 from the origin along +x by 10: it touches the
    // near face when its centre reaches 2.0 (fraction 0.2), the far at 5.0.
    let cam = kernels::Shape::Sphere(kernels::Sphere {
        radius: r(0.5),
        centre: p(0.0, 0.0, 0.0),
    });
    let q = ShapeQuery::of_shape(cam, None, QueryOptions::BODIES);
    let mut out = [Contact::<R>::default(); 4];
    let mut cand = Vec::new();
    let n = w.collide_shape(&t, &mut out, &q, v(10.0, 0.0, 0.0), &mut cand);
    assert_eq!(n, 2);
    assert_eq!(out[0].other.owner, Some(2));
    assert!((out[0].fraction.unwrap().to_f32() - 0.2).abs() < 1e-5);
    assert!((out[1].fraction.unwrap().to_f32() - 0.5).abs() < 1e-5);
    let _ = (far, near);
    // max 1 copies the first only.
    let mut q1 = q;
    q1.max = 1;
    assert_eq!(
        w.collide_shape(&t, &mut out, &q1, v(10.0, 0.0, 0.0), &mut cand),
        1
    );
    // A refusing querier skips the pair.
    let me = t.add(9, Owner::at(0x1, 0.0, 0.0, 0.0));
    t.get_mut(me).refuses.push(id(2));
    let q2 = ShapeQuery::of_shape(cam, Some(me), QueryOptions::BODIES);
    assert_eq!(
        w.collide_shape(&t, &mut out, &q2, v(10.0, 0.0, 0.0), &mut cand),
        1
    );
    assert_eq!(out[0].other.owner, Some(1));
}

// Overview "Queries", OverlapShape: 0x80 skips the same group, 0x200 only
// enabled shapes; the push sphere's 0x2012 with mask 0x40 finds humans.
fn overlap_shape_options<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let b = human_at(&mut w, &mut t, 2, 1.5, 0.0);
    let c = human_at(&mut w, &mut t, 3, 4.0, 0.0);
    assert!(w.set_push_sphere(a, true));
    w.set_body_flags(a, BodyFlags::DIRTY);
    w.update(&t, a);
    let ps = push_sphere(&w, a);
    let sphere = w.shape(ps).unwrap().geom;
    let mut q = ShapeQuery::of_shape(sphere, Some(id(1)), QueryOptions::from_bits_retain(0x2012));
    q.type_mask = 0x40;
    let mut out = [Contact::<R>::default(); 8];
    let mut cand = Vec::new();
    // The 2 m sphere at a's base reaches b's capsule (1.5 − 0.35 < 2), not
    // c's (4 − 0.35 > 2); a itself is the ignored owner.
    assert_eq!(w.overlap_shape(&t, &mut out, &q, &mut cand), 1);
    assert_eq!(out[0].other.owner, Some(2));
    // 0x2012 has no 0x200: b's capsule switched off is still tested; with
    // 0x200 it is not.
    let bcap = w.body(b).unwrap().first_shape.unwrap();
    w.shape_mut(bcap).unwrap().set_enabled(false);
    assert_eq!(
        w.overlap_shape(&t, &mut out, &q, &mut cand),
        1,
        "without 0x200"
    );
    q.options |= QueryOptions::ENABLED_ONLY;
    assert_eq!(
        w.overlap_shape(&t, &mut out, &q, &mut cand),
        0,
        "with 0x200"
    );
    w.shape_mut(bcap).unwrap().set_enabled(true);
    // Option 0x80 with the querying body: same group skipped.
    let g = w.new_group();
    w.set_group(a, g);
    w.set_group(b, g);
    let mut qb = ShapeQuery::of_body(a, QueryOptions::BODIES);
    qb.type_mask = 0x40;
    qb.shape = Some(sphere);
    qb.options |= QueryOptions::GIVEN_SHAPE;
    assert_eq!(w.overlap_shape(&t, &mut out, &qb, &mut cand), 1);
    qb.options |= QueryOptions::SKIP_SAME_GROUP;
    assert_eq!(w.overlap_shape(&t, &mut out, &qb, &mut cand), 0);
    let _ = c;
}

// Overview "Ignore lists": the human body always ignores its grab partner;
// a null owner means the level; removing a body frees every slot naming
// its owner; the pane free skips StopIgnoring.
fn ignore_rules_of_the_human_body<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let b = human_at(&mut w, &mut t, 2, 5.0, 0.0);
    assert!(!w.is_ignoring(&t, a, Other::Owner(id(2))));
    t.get_mut(id(1)).grab = Some(id(2));
    assert!(
        w.is_ignoring(&t, a, Other::Owner(id(2))),
        "the grab partner"
    );
    assert!(!w.is_ignoring(&t, a, Other::Level));
    assert!(w.ignore(a, Other::Level));
    assert!(w.is_ignoring(&t, a, Other::Level), "the level");
    assert_eq!(w.ignore_slots().len(), 0, "the level takes no slot");
    assert!(w.ignore(a, Other::Owner(id(3))));
    assert!(w.ignore(b, Other::Owner(id(1))));
    assert!(w.is_ignoring(&t, b, Other::Owner(id(1))));
    // Freeing a (owner 1): every slot naming owner 1 goes, and a's own.
    assert!(w.free_human_body(a));
    assert!(!w.is_ignoring(&t, b, Other::Owner(id(1))));
    assert_eq!(w.ignore_slots().len(), 0);
    // The pane free keeps the pane's own slots (no StopIgnoring).
    let pane = t.add(7, Owner::at(0x1, 9.0, 0.0, 0.0));
    let pane = w.create_box_body(&t, pane, v(2.0, 0.5, 3.0)).unwrap();
    assert!(w.ignore(pane, Other::Owner(id(2))));
    assert!(w.free_box_body(pane));
    assert_eq!(w.ignore_slots().len(), 1, "left behind");
    // Sixty slots: the sixty-first does nothing.
    for k in 0..59 {
        assert!(w.ignore(b, Other::Owner(id(100 + k))));
    }
    assert!(!w.ignore(b, Other::Owner(id(999))));
    assert!(!w.is_ignoring(&t, b, Other::Owner(id(999))));
}

// Overview "Bodies", world-object bodies from the type: OBB half extents
// size / 2, sphere radius size.x / 2, offset by the centre, 0x80000500 +
// the PHYFLAG bits.
fn object_body_from_type<R: Real>() {
    use physics_world::{ObjectShape, ObjectType};
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let o = t.add(1, Owner::at(0x1, 1.0, 2.0, 3.0));
    let ty = ObjectType {
        shape: ObjectShape::Box {
            size: v(0.07, 0.21, 0.10),
        },
        centre: v(0.0, 0.0, 0.05),
        phyflags: 2 | 64,
        kind: 0,
    };
    let (b, extra) = w.object_body_from_type(&t, o, &ty).unwrap();
    assert_eq!(extra, 0);
    assert_eq!(w.body(b).unwrap().flags.bits(), 0x8000_2504);
    w.update(&t, b);
    let s = w.body(b).unwrap().first_shape.unwrap();
    let kernels::Shape::Box(k) = w.shape(s).unwrap().geom else {
        panic!()
    };
    assert!((k.half.y.to_f32() - 0.105).abs() < 1e-7);
    assert!((k.centre.z.to_f32() - 3.05).abs() < 1e-6);
    let o2 = t.add(2, Owner::at(0x1, 0.0, 0.0, 0.0));
    let sph = ObjectType {
        shape: ObjectShape::Sphere {
            size: v(0.3, 9.0, 9.0),
        },
        ..ty
    };
    let (b2, _) = w.object_body_from_type(&t, o2, &sph).unwrap();
    let s2 = w.body(b2).unwrap().first_shape.unwrap();
    let kernels::Shape::Sphere(k2) = w.shape(s2).unwrap().geom else {
        panic!()
    };
    assert!((k2.radius.to_f32() - 0.15).abs() < 1e-7);
    let none = ObjectType {
        shape: ObjectShape::None,
        ..ty
    };
    assert!(w.object_body_from_type(&t, o2, &none).is_none());
    assert!(w.free_object_body(b2));
    assert!(w.body(b2).is_none());
}

#[test]
fn pool_exhaustion_and_raised_capacities() {
    let mut w = PhysicsWorld::<f32>::default();
    let mut t = Table::<f32>::default();
    for n in 1..=60 {
        let o = t.add(n, Owner::at(0x40, n as f32, 0.0, 0.0));
        assert!(w.create_human_body(&t, o).is_some());
    }
    let o = t.add(61, Owner::at(0x40, 0.0, 0.0, 0.0));
    assert!(
        w.create_human_body(&t, o).is_none(),
        "the 61st: nothing happens"
    );
    assert_eq!(w.refusals().bodies, 1);
    // 200 humans with a raised capacity.
    let mut big = PhysicsWorld::<f32>::construct(WorldConfig {
        capacities: PoolCapacities {
            humans: 200,
            ..PoolCapacities::CONSOLE
        },
        ..WorldConfig::default()
    });
    for n in 1..=200 {
        let o = t.add(n, Owner::at(0x40, n as f32, 0.0, 0.0));
        assert!(big.create_human_body(&t, o).is_some(), "human {n}");
    }
    assert_eq!(big.human_bodies().len(), 200);
    // Stale handles: every call answers false or None, nothing panics.
    let h = big.human_bodies()[0];
    assert!(big.free_human_body(h));
    assert!(!big.free_human_body(h));
    assert!(big.body(h).is_none());
    assert!(!big.update(&t, h));
    assert!(!big.set_push_sphere(h, true));
    assert!(!big.free_object_body(h), "wrong kind");
    assert_eq!(h.kind, BodyPool::Human);
}

// Overview "The human body", the push sphere: 0.25 m × w(this) / (w(other)
// × k(other)) along the line from this human to the other; not the target,
// not a player, not a 0x200 body. w = 82 for every human (attribute 1), k
// the push weight (attribute 7): 1, or 1e9.
#[test]
fn push_away_humans_nudges_bystanders() {
    struct Weights(common::Table<f32>, Vec<(u32, f32)>, u32);
    impl physics_world::Owners<f32> for Weights {
        fn type_mask(&self, o: physics_world::OwnerId) -> u32 {
            self.0.type_mask(o)
        }
        fn frame(&self, o: physics_world::OwnerId) -> shape_pools::Pose<f32> {
            self.0.frame(o)
        }
        fn float_attribute(&self, o: physics_world::OwnerId, n: u32) -> f32 {
            match n {
                1 => 82.0,
                7 => self
                    .1
                    .iter()
                    .find(|(k, _)| *k == o.word())
                    .map_or(1.0, |x| x.1),
                _ => 0.0,
            }
        }
        fn is_player(&self, o: physics_world::OwnerId) -> bool {
            o.word() == self.2
        }
    }
    let mut w = PhysicsWorld::<f32>::default();
    let mut t = Table::<f32>::default();
    let me = human_at(&mut w, &mut t, 1, 0.0, 0.0);
    let b = human_at(&mut w, &mut t, 2, 1.2, 0.0); // east, k = 1
    let c = human_at(&mut w, &mut t, 3, 0.0, -1.0); // south, k = 1e9
    let d = human_at(&mut w, &mut t, 4, -1.0, 0.0); // the target
    let e = human_at(&mut w, &mut t, 5, 0.0, 1.5); // a player
    let f = human_at(&mut w, &mut t, 6, 1.0, 1.0); // not pushable
    w.set_body_flags(f, BodyFlags::NOT_PUSHABLE);
    let owners = Weights(t, vec![(3, 1e9)], 5);
    let mut cand = Vec::new();
    assert_eq!(
        w.push_away_humans(&owners, me, None, &mut cand),
        0,
        "sphere off"
    );
    w.set_push_sphere(me, true);
    w.set_body_flags(me, BodyFlags::DIRTY);
    w.update(&owners, me);
    let n = w.push_away_humans(&owners, me, Some(id(4)), &mut cand);
    assert_eq!(n, 2, "b and c");
    // b: 0.25 × 82 / (82 × 1) = 0.25 along +x.
    let pb = w.body(b).unwrap().push.to_f32();
    assert!((pb[0] - 0.25).abs() < 1e-6 && pb[1].abs() < 1e-6, "{pb:?}");
    // c: 0.25 / 1e9 along −y.
    let pc = w.body(c).unwrap().push.to_f32();
    assert!((pc[1] + 2.5e-10).abs() < 1e-15, "{pc:?}");
    for x in [d, e, f] {
        assert_eq!(w.body(x).unwrap().push.to_f32()[..3], [0.0; 3]);
    }
}
