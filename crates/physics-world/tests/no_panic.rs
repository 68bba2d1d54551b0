//! No input panics: random sequences of creates, frees, updates, moves,
//! queries, settles and steps on small pools, with stale handles and
//! non-finite or huge coordinates (issue "the physics world", "Done when").

mod common;

use common::{Owner, Table};
use kernels::{Contact, Shape, Sphere};
use physics_world::{
    BodyFlags, BodyId, BoxQuery, PhysicsWorld, QueryOptions, ShapeQuery, WorldConfig,
};
use proptest::prelude::*;
use ps2_float::{Ee32, Real, Vec4};
use shape_pools::{Aabb, PoolCapacities, Pose};

#[derive(Clone, Debug)]
enum Op {
    Human(u8),
    Object(u8, f32),
    Car(u8),
    Pane(u8),
    Bag(u8),
    Free(usize),
    Move(u8, f32, f32, f32),
    Update(usize),
    Query(f32, f32, f32, usize),
    Collide(f32, f32, f32, f32),
    Ray(f32, f32, f32),
    Settle(u8, f32, f32, f32, u8),
    Step,
    Bone(usize, u8, bool),
    Push(usize, bool),
    Ignore(usize, u8),
}

fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => -20.0f32..20.0,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(-3.0e38f32),
        1 => Just(1.0e30f32),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        any::<u8>().prop_map(Op::Human),
        (any::<u8>(), coord()).prop_map(|(a, b)| Op::Object(a, b)),
        any::<u8>().prop_map(Op::Car),
        any::<u8>().prop_map(Op::Pane),
        any::<u8>().prop_map(Op::Bag),
        any::<usize>().prop_map(Op::Free),
        (any::<u8>(), coord(), coord(), coord()).prop_map(|(a, b, c, d)| Op::Move(a, b, c, d)),
        any::<usize>().prop_map(Op::Update),
        (coord(), coord(), coord(), any::<usize>()).prop_map(|(a, b, c, d)| Op::Query(a, b, c, d)),
        (coord(), coord(), coord(), coord()).prop_map(|(a, b, c, d)| Op::Collide(a, b, c, d)),
        (coord(), coord(), coord()).prop_map(|(a, b, c)| Op::Ray(a, b, c)),
        (any::<u8>(), coord(), coord(), coord(), any::<u8>())
            .prop_map(|(a, b, c, d, e)| Op::Settle(a, b, c, d, e)),
        Just(Op::Step),
        (any::<usize>(), any::<u8>(), any::<bool>()).prop_map(|(a, b, c)| Op::Bone(a, b, c)),
        (any::<usize>(), any::<bool>()).prop_map(|(a, b)| Op::Push(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Op::Ignore(a, b)),
    ]
}

fn run<R: Real>(ops: &[Op]) {
    let caps = PoolCapacities {
        humans: 3,
        objects: 4,
        panes: 2,
        cars: 1,
        push_spheres: 2,
        ignore_slots: 3,
        settle_slots: 2,
        strike_spheres: 2,
    };
    let mut w = PhysicsWorld::<R>::construct(WorldConfig {
        capacities: caps,
        ..WorldConfig::default()
    });
    let mut t = Table::<R>::default();
    let mut made: Vec<BodyId> = Vec::new();
    let f = R::from_f32;
    let mut out = [Contact::<R>::default(); 8];
    let mut cand = Vec::new();
    for op in ops {
        match *op {
            Op::Human(n) | Op::Bag(n) | Op::Car(n) | Op::Pane(n) | Op::Object(n, _) => {
                let o = t.add(u32::from(n) + 1, Owner::at(0x41, f32::from(n), 0.0, 0.0));
                let b = match *op {
                    Op::Human(_) => w.create_human_body(&t, o),
                    Op::Bag(_) => w.create_punch_bag_body(&t, o),
                    Op::Car(_) => {
                        let h = Vec4::new(f(1.0), f(2.0), f(0.5), R::ZERO);
                        w.create_car_body(&t, o, [(h, Vec4::ZERO), (h, Vec4::ZERO)])
                    }
                    Op::Pane(_) => {
                        w.create_box_body(&t, o, Vec4::new(f(2.0), f(0.5), f(2.0), R::ZERO))
                    }
                    Op::Object(_, s) => w
                        .shape_pools_mut()
                        .alloc_object_sphere(f(s))
                        .and_then(|sh| w.create_object_body(&t, o, sh, BodyFlags::OBJECT_START)),
                    _ => None,
                };
                made.extend(b);
            }
            Op::Free(i) if !made.is_empty() => {
                let b = made[i % made.len()];
                let _ = w.free_human_body(b)
                    || w.free_object_body(b)
                    || w.free_car_body(b)
                    || w.free_box_body(b)
                    || w.free_punch_bag_body(b);
            }
            Op::Move(n, x, y, z) => {
                if let Some(o) = t.owners.get_mut(&common::id(u32::from(n) + 1)) {
                    o.frame = Pose::at(Vec4::point(f(x), f(y), f(z)));
                }
                for b in &made {
                    w.moved(&t, *b);
                }
            }
            Op::Update(i) if !made.is_empty() => {
                let b = made[i % made.len()];
                w.set_body_flags(b, BodyFlags::DIRTY);
                w.update(&t, b);
            }
            Op::Query(x, y, z, i) => {
                let bx = Aabb::new(
                    Vec4::point(f(x), f(y), f(z)),
                    Vec4::point(f(x + 2.0), f(y + 2.0), f(z + 2.0)),
                );
                let mut q = BoxQuery::new(u32::MAX);
                q.start = made.get(i % (made.len() + 1)).copied();
                w.query_box(&mut cand, &bx, &q);
            }
            Op::Collide(x, y, z, r) => {
                let s = Shape::Sphere(Sphere {
                    radius: f(r),
                    centre: Vec4::point(f(x), f(y), f(z)),
                });
                let q = ShapeQuery::of_shape(s, None, QueryOptions::BODIES | QueryOptions::MESH);
                w.collide_shape(
                    &t,
                    &mut out,
                    &q,
                    Vec4::new(f(r), f(x), f(1.0), R::ZERO),
                    &mut cand,
                );
                w.overlap_shape(&t, &mut out, &q, &mut cand);
                for b in &made {
                    let q = ShapeQuery::of_body(*b, QueryOptions::BODIES);
                    w.collide_shape(
                        &t,
                        &mut out,
                        &q,
                        Vec4::new(f(x), f(y), f(z), R::ZERO),
                        &mut cand,
                    );
                }
            }
            Op::Ray(x, y, l) => {
                w.ray_cast_bodies(
                    &mut cand,
                    Vec4::point(f(x), f(y), f(0.5)),
                    Vec4::new(R::ONE, R::ZERO, R::ZERO, R::ZERO),
                    f(l),
                    u32::MAX,
                    None,
                );
            }
            Op::Settle(n, x, y, z, axis) => {
                let o = t.add(u32::from(n) + 1, Owner::at(0x1, 0.0, 0.0, 0.0));
                w.start_settle(&mut t, o, Vec4::new(f(x), f(y), f(z), R::ZERO), axis);
            }
            Op::Step => {
                w.step(&mut t);
            }
            Op::Bone(i, bone, on) if !made.is_empty() => {
                w.set_bone_shape_enabled(made[i % made.len()], Some(bone), on);
            }
            Op::Push(i, on) if !made.is_empty() => {
                w.set_push_sphere(made[i % made.len()], on);
            }
            Op::Ignore(i, n) if !made.is_empty() => {
                w.ignore(
                    made[i % made.len()],
                    common::OwnerIdExt::nz(n)
                        .map_or(physics_world::Other::Level, physics_world::Other::Owner),
                );
            }
            _ => {}
        }
    }
    // Every list invariant still holds: the sorted list holds live bodies
    // only, each once.
    let list = w.sorted_bodies().to_vec();
    for b in &list {
        assert!(w.body(*b).is_some());
    }
    let mut dedup = list.clone();
    dedup.sort();
    dedup.dedup();
    assert_eq!(dedup.len(), list.len());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    #[test]
    fn no_panic_f32(ops in proptest::collection::vec(op(), 1..60)) {
        run::<f32>(&ops);
    }
    #[test]
    fn no_panic_ee32(ops in proptest::collection::vec(op(), 1..60)) {
        run::<Ee32>(&ops);
    }
}
