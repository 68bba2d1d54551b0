//! The world through the facade is the record layer's world: the same calls
//! give the same positions, and bad handles and input are typed errors.

use warriors_physics::prelude::*;
use warriors_physics::record::reference::{
    ReferenceOwner, ReferenceOwners, WalkingHumanOwner, WorldObjectOwner,
};
use warriors_physics::record::{MoverState, Vec4};
use warriors_physics::{ObjectBody, WorldError};

fn floor() -> Level<f32> {
    let soup = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
}

/// A dropped box, tick by tick, through the facade and through the record
/// layer's own calls (the scenario runner's order): the same bits.
#[test]
fn a_drop_matches_the_record_layer_f32() {
    a_drop_matches_the_record_layer::<f32>();
}

#[test]
fn a_drop_matches_the_record_layer_ee32() {
    a_drop_matches_the_record_layer::<Ee32>();
}

fn level<R: Real>() -> Level<R> {
    let soup = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
}

fn a_drop_matches_the_record_layer<R: Real>() {
    let size = Vec4::<R>::from_f32([0.3, 0.5, 0.2, 0.0]);
    let v = Vec4::<R>::from_f32([0.3, 0.2, 0.0, 0.0]);
    let make = || {
        let mut o = ReferenceOwners::<R>::default();
        let mut w = WorldObjectOwner::at(Vec4::from_f32([0.5, 0.2, 1.5, 1.0]), size, 5);
        w.velocity = v;
        let id = o.push(ReferenceOwner::Object(w));
        (o, id)
    };
    // The facade.
    let (mut owners, id) = make();
    let mut world = World::<R>::new();
    world.set_level(level::<R>()).unwrap();
    let body = world
        .create_object(
            &owners,
            id,
            ObjectBody::Box {
                size: [size.x, size.y, size.z],
            },
        )
        .unwrap();
    owners.set_body(id, body.0);
    owners.drop_object(id, v);
    // The record layer.
    let (mut r_owners, r_id) = make();
    let mut r_world = physics_world::PhysicsWorld::<R>::default();
    r_world.set_mesh(level::<R>().mesh(0).unwrap().clone());
    let ty = physics_world::ObjectType {
        shape: physics_world::ObjectShape::Box { size },
        centre: Vec4::ZERO,
        phyflags: 0,
        kind: 0,
    };
    let (r_body, _) = r_world.object_body_from_type(&r_owners, r_id, &ty).unwrap();
    r_owners.set_body(r_id, r_body);
    r_world.update(&r_owners, r_body);
    r_owners.drop_object(r_id, v);
    let mut lowest = f32::MAX;
    for tick in 0..90i64 {
        world.tick_reference_objects(&mut owners);
        r_owners.now = tick;
        r_owners.update_object(&mut r_world, r_id);
        r_world.step(&mut r_owners);
        let (a, b) = (owners.object(id).unwrap(), r_owners.object(r_id).unwrap());
        assert_eq!(a.position, b.position, "tick {tick}");
        assert_eq!(a.rotation, b.rotation, "tick {tick}");
        lowest = lowest.min(a.position.z.to_f32());
    }
    // It fell and stopped on the floor: never below it.
    assert!(lowest > 0.0 && lowest < 0.35, "{lowest}");
}

#[test]
fn stale_handles_and_bad_input_are_errors() {
    let mut world = World::<f32>::new();
    world.set_level(floor()).unwrap();
    let mut owners = ReferenceOwners::<f32>::default();
    let h = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
        0.0, 0.0, 0.0,
    ))));
    let body = world.create_human(&owners, h).unwrap();
    assert_eq!(body.kind(), BodyKind::Human);
    let nan = world.sweep(
        &mut owners,
        body,
        [f32::NAN, 0.0, 0.0],
        0.1,
        &MoverState::default(),
    );
    assert!(matches!(
        nan,
        Err(WorldError::Query(QueryError::NonFinite {
            input: Input::Velocity
        }))
    ));
    world.free(body).unwrap();
    assert!(matches!(world.free(body), Err(WorldError::NoSuchBody)));
    let stale = world.sweep(
        &mut owners,
        body,
        [1.0, 0.0, 0.0],
        0.1,
        &MoverState::default(),
    );
    assert!(matches!(stale, Err(WorldError::NoSuchBody)));
    let bad = world.create_object(&owners, h, ObjectBody::Sphere { radius: -1.0 });
    assert!(matches!(
        bad,
        Err(WorldError::Query(QueryError::Negative {
            input: Input::Radius
        }))
    ));
}

/// A level of two tiles is taken (divergence 344): the record layer's world
/// holds both meshes, and a sphere dropped on the second tile's triangle
/// lands on it, named by its tile.
#[test]
fn a_tiled_level_is_taken() {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
        SoupTriangle::new([[5.0, 0.0, 0.0], [6.0, 0.0, 0.0], [5.0, 1.0, 0.0]]),
    ];
    let cfg = LevelConfig {
        max_tile_triangles: 1,
        ..LevelConfig::default()
    };
    let level = Level::<f32>::from_soup(&soup, &cfg, "two").unwrap();
    assert_eq!(level.tile_count(), 2);
    let mut world = World::<f32>::new();
    world.set_level(level).unwrap();
    assert_eq!(world.record().tile_count(), 2);
    let sphere = warriors_physics::record::Shape::Sphere(warriors_physics::record::Sphere {
        radius: 0.25,
        centre: Vec4::point(5.25, 0.25, 1.0),
    });
    let mv = Vec4::new(0.0, 0.0, -2.0, 0.0);
    let bx = shape_pools::Aabb::new(Vec4::point(5.0, 0.0, -1.0), Vec4::point(5.5, 0.5, 1.25));
    let mut c = warriors_physics::record::Contact::default();
    let n = world
        .record_mut()
        .sweep_shape_vs_mesh(&mut c, &sphere, 0, 0, 0, 1.0, false, &bx, mv);
    assert_eq!(n, 1);
    // The sphere's bottom reaches z 0 after 0.75 of 2 m.
    assert_eq!(c.fraction, Some(0.375));
    assert_eq!(
        c.triangle.map(TriangleId::from_word),
        Some(TriangleId::new(1, 0))
    );
}

#[test]
fn bodies_in_a_box() {
    let mut world = World::<f32>::new();
    let mut owners = ReferenceOwners::<f32>::default();
    let mut bodies = Vec::new();
    for k in 0..3 {
        let id = owners.push(ReferenceOwner::Object(WorldObjectOwner::at(
            Vec4::point(k as f32 * 2.0, 0.0, 0.5),
            Vec4::new(1.0, 1.0, 1.0, 0.0),
            0,
        )));
        let b = world
            .create_object(
                &owners,
                id,
                ObjectBody::Box {
                    size: [1.0, 1.0, 1.0],
                },
            )
            .unwrap();
        owners.set_body(id, b.0);
        world.update(&owners, b).unwrap();
        bodies.push(b);
    }
    // A box around x = 4 only: the third crate (its box 3.5..4.5).
    let found = world
        .bodies_in_box([3.8, -0.1, 0.0], [4.2, 0.1, 1.0], 0x1)
        .unwrap()
        .to_vec();
    assert_eq!(found, [bodies[2]]);
    let (lo, hi) = world.bounds(bodies[2]).unwrap();
    assert_eq!((lo.x, hi.x), (3.5, 4.5));
}
