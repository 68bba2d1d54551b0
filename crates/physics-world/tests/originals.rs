//! Every original function of the world's areas carries its `Original:`
//! line once, and the functions no other test reaches are exercised here
//! (overview, the function table's "The world", "Bodies", "Shapes", "The
//! human body", "Ignore lists", "Queries" and "Settling" rows).

mod common;

use collision_mesh::{build, BuildConfig, SoupTriangle};
use common::{both_modes, id, Owner, Table};
use kernels::{Contact, Shape, Sphere};
use physics_world::{
    BodyFlags, BodyPool, BoxFilter, BoxQuery, PhysicsWorld, QueryOptions, ShapeQuery,
};
use ps2_float::Vec4;
use shape_pools::{Aabb, PhysShape, Pose, ShapeFlags};

/// The addresses of the overview's function table for these areas (the
/// human body's `PushAwayHumans` 0x003425c0 and `Human_TestStrikes`
/// 0x0033f110 belong to the moving bodies).
const ADDRESSES: &[u32] = &[
    0x0033c288, 0x00340918, 0x0034f6c0, 0x0034f718, // the world
    0x0033cc48, 0x0033ce00, 0x0033cb08, 0x0033cbf0, 0x0033ce58, 0x0033cf00, 0x0033cf68, 0x0033cff8,
    0x0033d070, 0x0033d158, 0x00340668, 0x00340700, 0x003407a0, 0x003407f8, 0x003404a8, 0x003405d8,
    0x00340628, 0x00341158, 0x003418f8, 0x00341970, 0x00341a00, 0x00341a68, 0x00341aa8, 0x00341ae0,
    0x00341c10, 0x00341e40, 0x00341e18, 0x00341638, 0x003417c0, // bodies
    0x0033d1a0, 0x0033d1e8, 0x0033d230, 0x0033d278, 0x0033d2c8, 0x003408d8, 0x00342a30, 0x00342a70,
    0x00341190, 0x00342aa0, 0x00342ae0, 0x00342b08, 0x00342d18, 0x00342d98, 0x00342dc0, 0x00342df8,
    0x00343040, 0x003430e8, 0x003434a8, 0x003434e0, 0x00343508, 0x00343518, 0x003437b0, 0x003437e8,
    0x00343810, 0x00341660, 0x00341708, 0x00341840, 0x003414c0, // shapes
    0x00341e98, 0x00341f00, 0x00341f28, 0x003420d0, 0x003420c8, 0x00342130, 0x00342158, 0x00342168,
    0x00342288, 0x003422d0, 0x00342828, 0x003428d0, 0x003429e8, // the human body
    0x00340890, 0x0033cd70, 0x00341ae8, 0x00341b20, 0x00341b80, 0x003421d0, 0x00342230,
    0x00342260, // ignore lists
    0x0033feb0, 0x00340120, 0x0033e7f0, 0x0033ebb8, 0x0033eee0, // queries
    0x00340fe0, 0x003410f0, 0x00340d08, 0x00340b38, // settling
];

fn sources() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut all = String::new();
    for krate in ["physics-world", "shape-pools", "kernels"] {
        let dir = root.join(krate).join("src");
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "rs") {
                all.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    all
}

#[test]
fn every_address_has_one_original_line() {
    let src = sources();
    assert_eq!(ADDRESSES.len(), 92);
    for a in ADDRESSES {
        let tag = format!("` (0x{a:08x}).");
        let n = src
            .lines()
            .filter(|l| l.contains("/// Original: `") && l.contains(&tag))
            .count();
        assert_eq!(n, 1, "0x{a:08x}: {n} Original lines");
    }
}

#[test]
fn static_init_gives_the_three_axes() {
    let axes = physics_world::step::physics_static_init();
    assert_eq!(axes[0], [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(axes[2], [0.0, 0.0, 1.0, 0.0]);
}

#[test]
fn bodies_outside_the_pools_and_shape_chains() {
    let mut t = Table::<f32>::default();
    let o = t.add(1, Owner::at(0x8, 0.0, 0.0, 0.0));
    let mut b = PhysicsWorld::<f32>::construct_for_owner(&t, o, BodyFlags::OBJECT_START);
    assert_eq!((b.index, b.type_mask, b.first_shape), (-1, 0x8, None));
    b.set_owner(id(2));
    assert_eq!(b.owner, id(2));
    b.index = 4;
    PhysicsWorld::<f32>::destroy_body(&mut b);
    assert_eq!(b.index, -1);
    b.aabb = Aabb::new(Vec4::point(1.0, 1.0, 1.0), Vec4::point(2.0, 2.0, 2.0));
    b.node_init();
    assert_eq!(b.aabb.max.to_f32(), [0.0, 0.0, 0.0, 1.0]);

    // A body with two shapes: the chain, the joined box.
    let mut w = PhysicsWorld::<f32>::default();
    let s1 = w.shape_pools_mut().alloc_object_sphere(0.5).unwrap();
    let s2 = w.shape_pools_mut().alloc_object_sphere(0.25).unwrap();
    w.shape_mut(s2).unwrap().head.offset = Vec4::new(3.0, 0.0, 0.0, 0.0);
    let body = w
        .create_object_body(&t, o, s1, BodyFlags::OBJECT_START)
        .unwrap();
    assert!(w.add_shape(body, s2));
    assert_eq!(w.get_shapes(body), Some(s1));
    assert_eq!(w.body_shapes(body).collect::<Vec<_>>(), vec![s1, s2]);
    w.update(&t, body);
    let bb = w.body(body).unwrap().aabb;
    assert_eq!(bb.min.to_f32()[..3], [-0.5, -0.5, -0.5]);
    assert_eq!(bb.max.to_f32()[..3], [3.25, 0.5, 0.5]);
    assert_eq!(w.add_shape_bounds(None, s2).min.x, 2.75);
    // Moved: both spheres jump to the owner's new position (no offset).
    t.get_mut(o).frame = Pose::at(Vec4::point(10.0, 0.0, 0.0));
    assert!(w.moved(&t, body));
    let bb = w.body(body).unwrap().aabb;
    assert_eq!(bb.min.x, 9.5);
    assert_eq!(w.sorted_bodies(), &[body]);
    // The list operations by hand.
    assert!(w.list_remove(body));
    assert!(w.sorted_bodies().is_empty());
    assert!(!w.list_remove(body));
    assert!(w.list_insert(body));
    assert!(w.list_reinsert(body));
    assert_eq!(w.sorted_bodies(), &[body]);
}

#[test]
fn human_list_bone_shapes_and_struck_notice() {
    let mut w = PhysicsWorld::<f32>::default();
    let mut t = Table::<f32>::default();
    let a = w
        .create_human_body(&t, t.clone().add(1, Owner::at(0x40, 0.0, 0.0, 0.0)))
        .unwrap();
    t.add(1, Owner::at(0x40, 0.0, 0.0, 0.0));
    let b = w
        .create_human_body(&t, t.clone().add(2, Owner::at(0x40, 3.0, 0.0, 0.0)))
        .unwrap();
    // AddHumanBody puts each at the head of the human list.
    assert_eq!(w.human_bodies(), &[b, a]);
    assert!(w.remove_human_body(a));
    assert!(!w.remove_human_body(a));
    assert!(w.add_human_body(a));
    assert_eq!(w.human_bodies(), &[a, b]);
    // The sets are built full: AddBoneShape finds no empty place.
    let extra = w.shape_pools_mut().alloc_object_sphere(0.1).unwrap();
    assert!(!w.add_bone_shape(a, extra));
    assert!(w.human_on_struck(a));
    // A human's Destroy gives back the borrowed push sphere.
    assert!(w.set_push_sphere(a, true));
    assert_eq!(
        w.shape_pools()
            .pool(shape_pools::ShapeKind::PushSphere)
            .len(),
        1
    );
    assert!(w.destroy_human_parts(a));
    assert_eq!(
        w.shape_pools()
            .pool(shape_pools::ShapeKind::PushSphere)
            .len(),
        0
    );
    // The set built at construction: capsule + ten bones, all in use.
    let mut pools = shape_pools::ShapePools::<f32>::new(shape_pools::PoolCapacities::CONSOLE);
    let set = physics_world::build_human_set(&mut pools).unwrap();
    assert_eq!(set.bones.iter().flatten().count(), 10);
    assert_eq!(pools.pool(shape_pools::ShapeKind::BoneSegment).len(), 5);
    assert_eq!(b.kind, BodyPool::Human);
}

#[test]
fn shape_destructors_clear_the_flags() {
    let mut s = PhysShape::<f32>::sphere(1.0);
    s.head.flags = ShapeFlags::ENABLED | ShapeFlags::ALLOCATED;
    s.sphere_destroy();
    assert!(s.head.flags.is_empty());
    for f in [
        PhysShape::box_destroy as fn(&mut PhysShape<f32>),
        PhysShape::capsule_destroy,
        PhysShape::segment_destroy,
        PhysShape::destroy,
    ] {
        let mut s = PhysShape::<f32>::capsule(2.0, 0.35);
        s.head.flags = ShapeFlags::all();
        f(&mut s);
        assert!(s.head.flags.is_empty());
    }
}

#[test]
fn filtered_query_drops_flags_states_and_refused_pairs() {
    let mut w = PhysicsWorld::<f32>::default();
    let mut t = Table::<f32>::default();
    let mut ids = Vec::new();
    for n in 1..=4u32 {
        let o = t.add(n, Owner::at(0x1, n as f32, 0.0, 0.0));
        let s = w.shape_pools_mut().alloc_object_sphere(0.4).unwrap();
        let b = w
            .create_object_body(&t, o, s, BodyFlags::OBJECT_START)
            .unwrap();
        w.update(&t, b);
        ids.push(b);
    }
    w.set_body_flags(ids[0], BodyFlags::NOT_PUSHABLE);
    t.get_mut(id(2)).state = 0x100;
    let bx = Aabb::new(Vec4::point(0.0, -1.0, -1.0), Vec4::point(5.0, 1.0, 1.0));
    let filter = BoxFilter {
        excluded_flags: BodyFlags::NOT_PUSHABLE,
        excluded_state: 0x100,
    };
    let mut out = Vec::new();
    let n = w.query_box_filtered(&t, &mut out, &bx, &BoxQuery::new(1), &filter, |b, _| {
        b != ids[3]
    });
    assert_eq!(n, 1);
    assert_eq!(out, vec![ids[2]]);
}

fn floor() -> collision_mesh::CollisionMesh {
    let soup = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
    ];
    build::from_soup(&soup, &BuildConfig::default(), "floor").unwrap()
}

fn mesh_side_of_the_shape_queries<R: ps2_float::Real>() {
    let mut w = PhysicsWorld::<R>::default();
    w.set_mesh(floor());
    assert!(w.mesh().is_some());
    let t = Table::<R>::default();
    let f = R::from_f32;
    // A sphere r 0.5 at (3, −2, 2), 5/√2 = 3.5 m from the floor's diagonal,
    // falling by 3: it touches the floor when its
    // centre reaches z 0.5, half way: fraction 0.5, normal +z, the level.
    let s = Shape::Sphere(Sphere {
        radius: f(0.5),
        centre: Vec4::point(f(3.0), f(-2.0), f(2.0)),
    });
    let q = ShapeQuery::of_shape(s, None, QueryOptions::MESH);
    let mut out = [Contact::<R>::default(); 4];
    let mut cand = Vec::new();
    let n = w.collide_shape(
        &t,
        &mut out,
        &q,
        Vec4::new(R::ZERO, R::ZERO, f(-3.0), R::ZERO),
        &mut cand,
    );
    assert_eq!(n, 1, "one triangle under the centre's path");
    assert!((out[0].fraction.unwrap().to_f32() - 0.5).abs() < 1e-5);
    assert_eq!(out[0].other.owner, Some(0), "the level");
    assert!(out[0].triangle.is_some());
    // The same sphere resting 0.2 into the floor overlaps it by 0.2.
    let s = Shape::Sphere(Sphere {
        radius: f(0.5),
        centre: Vec4::point(f(3.0), f(-2.0), f(0.3)),
    });
    let q = ShapeQuery::of_shape(s, None, QueryOptions::MESH);
    let n = w.overlap_shape(&t, &mut out, &q, &mut cand);
    assert_eq!(n, 1, "3.5 m from the diagonal: one triangle");
    assert!((out[0].depth.unwrap().to_f32() - 0.2).abs() < 1e-5);
    // A box's mesh overlap returns 0 (0x003473b8).
    let b = Shape::Box(kernels::OrientedBox {
        half: Vec4::new(f(1.0), f(1.0), f(1.0), R::ZERO),
        axes: Pose::<R>::default().axes,
        centre: Vec4::point(f(0.0), f(0.0), f(0.5)),
    });
    let q = ShapeQuery::of_shape(b, None, QueryOptions::MESH);
    assert_eq!(w.overlap_shape(&t, &mut out, &q, &mut cand), 0);
}

both_modes!(mesh_side_of_the_shape_queries);
