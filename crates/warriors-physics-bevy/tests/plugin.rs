//! The plugin in a headless `App` (`TimePlugin` and a manual time source:
//! one fixed step per update) against the facade's `World` driven by hand:
//! the same bits every tick in both float modes, its events as messages
//! once each, bodies freed with their entities, queries answered as the
//! facade answers.

use bevy_app::{App, PostUpdate};
use bevy_ecs::message::MessageReader;
use bevy_ecs::prelude::{Entity, Res, ResMut, Resource};
use bevy_ecs::system::RunSystemOnce;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use test_support::both_modes;
use warriors_physics::prelude::*;
use warriors_physics::{Event, World};
use warriors_physics_bevy::prelude::*;

fn p<R: Real>(x: f32, y: f32, z: f32) -> Point3<R> {
    Point3::new(R::from_f32(x), R::from_f32(y), R::from_f32(z))
}

fn v<R: Real>(x: f32, y: f32, z: f32) -> Vector3<R> {
    Vector3::new(R::from_f32(x), R::from_f32(y), R::from_f32(z))
}

/// A point's lanes as the `f32` bits a `Transform` holds.
fn bits<R: Real>(q: Point3<R>) -> [u32; 3] {
    [
        q.x.to_f32().to_bits(),
        q.y.to_f32().to_bits(),
        q.z.to_f32().to_bits(),
    ]
}

/// `t` turned by `turn`.
fn turned(t: Transform, turn: &UnitQuaternion<f32>) -> Transform {
    let q = turn.quaternion();
    t.with_rotation(bevy_math::Quat::from_xyzw(q.i, q.j, q.k, q.w))
}

fn translation_bits(t: &Transform) -> [u32; 3] {
    t.translation.to_array().map(f32::to_bits)
}

/// A floor of 20 m and a wall at x = 3 facing −x.
fn floor_and_wall<R: Real>() -> Level<R> {
    let soup = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
        SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 4.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "yard").unwrap()
}

/// What the test's collecting system saw of the plugin's messages, by
/// the tick they came in.
#[derive(Resource, Default)]
struct Seen<R: PhysicsReal> {
    strikes: Vec<(u64, StrikeMessage<R>)>,
    settles: Vec<(u64, SettleMessage)>,
    landings: Vec<(u64, LandedMessage<R>)>,
    contacts: usize,
    refused: Vec<Entity>,
}

#[allow(clippy::too_many_arguments)] // a system's messages
fn collect<R: PhysicsReal>(
    physics: Res<Physics<R>>,
    mut seen: ResMut<Seen<R>>,
    mut strikes: MessageReader<StrikeMessage<R>>,
    mut settles: MessageReader<SettleMessage>,
    mut landings: MessageReader<LandedMessage<R>>,
    mut contacts: MessageReader<ContactMessage<R>>,
    mut refused: MessageReader<BodyRefused>,
) {
    let tick = physics.last_tick().map_or(0, |t| t.tick);
    seen.strikes.extend(strikes.read().map(|m| (tick, *m)));
    seen.settles.extend(settles.read().map(|m| (tick, *m)));
    seen.landings.extend(landings.read().map(|m| (tick, *m)));
    seen.contacts += contacts.read().count();
    seen.refused.extend(refused.read().map(|m| m.entity));
}

/// A headless app: time advanced by one fixed step per update, the plugin
/// in mode `R`, and the collecting system.
fn app<R: PhysicsReal>(level: Option<Level<R>>) -> App {
    let mut app = App::new();
    app.add_plugins((TimePlugin, WarriorsPhysicsPlugin::<R>::default()))
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .init_resource::<Seen<R>>()
        .add_systems(PostUpdate, collect::<R>);
    if let Some(level) = level {
        app.insert_resource(PhysicsLevel::new(level));
    }
    app
}

/// Updates until the world has run `ticks` ticks (the first update runs
/// none: Bevy's first frame has no elapsed time).
fn run_ticks<R: PhysicsReal>(app: &mut App, ticks: u64) {
    let target = ticks_run::<R>(app) + ticks;
    let mut guard = 0;
    while ticks_run::<R>(app) < target {
        app.update();
        guard += 1;
        assert!(guard < ticks + 4, "the fixed step does not run");
    }
}

fn ticks_run<R: PhysicsReal>(app: &App) -> u64 {
    app.world().resource::<Physics<R>>().world().ticks()
}

both_modes!(
    a_human_walked_into_a_wall_stops_where_the_world_stops_him,
    a_controlled_human_walks_as_the_world_walks_him,
    a_dropped_crate_settles_at_the_same_tick_and_pose,
    a_strike_arrives_once,
    queries_answer_as_the_facade_answers,
    a_game_moved_body_goes_where_its_transform_says,
    the_sketch_shows_what_the_walker_met,
);

#[test]
fn the_fixed_step_is_the_consoles_60_hz() {
    let mut app = app::<f32>(None);
    app.finish();
    let step = app.world().resource::<Time<Fixed>>().timestep();
    assert_eq!(step, std::time::Duration::from_secs_f64(1.0 / 60.0));
    // One tick per update.
    app.update();
    let before = ticks_run::<f32>(&app);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(ticks_run::<f32>(&app) - before, 10);
}

/// A human walked at 2 m/s into the wall 5 m ahead: every tick his
/// `Transform` holds the bits of the facade world's position for the same
/// calls, and he ends 0.01 short of the wall less his radius 0.35, at
/// x = 2.64 (overview "Sweeping a body", "Contacts"; the facade's
/// divergence 221).
fn a_human_walked_into_a_wall_stops_where_the_world_stops_him<R: PhysicsReal>() {
    let mut world = World::<R>::new();
    world.set_level(floor_and_wall::<R>()).unwrap();
    let walker = world.add_human(HumanDesc::at(p(-2.0, 0.0, 0.0))).unwrap();
    world.set_walk(walker, v::<R>(2.0, 0.0, 0.0)).unwrap();

    let (mut app, human) = walker_towards_the_wall::<R>();
    assert_eq!(ticks_run::<R>(&app), 0);
    for tick in 0..240 {
        run_ticks::<R>(&mut app, 1);
        world.tick(&mut ());
        let facade = bits(world.position(walker).unwrap());
        let t = app.world().get::<Transform>(human).unwrap();
        assert_eq!(translation_bits(t), facade, "tick {tick}");
    }
    let x = app.world().get::<Transform>(human).unwrap().translation.x;
    assert!((x - 2.64).abs() < 1e-3, "{x}");
    assert!(app.world().resource::<Seen<R>>().contacts > 0);
}

/// An app over the floor and wall with a human at x = −2 walking at 2 m/s
/// towards the wall, after the first update (which runs no tick).
fn walker_towards_the_wall<R: PhysicsReal>() -> (App, Entity) {
    let mut app = app::<R>(Some(floor_and_wall::<R>()));
    let human = app
        .world_mut()
        .spawn((
            Transform::from_xyz(-2.0, 0.0, 0.0),
            Human::<R>::default(),
            WalkVelocity(v::<R>(2.0, 0.0, 0.0)),
        ))
        .id();
    app.update();
    (app, human)
}

/// A floor of 20 m and a ramp rising along x from 2 to 6 m by 0.5 m.
fn ramp<R: Real>() -> Level<R> {
    let soup = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [2.0, -10.0, 0.0], [2.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [2.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
        SoupTriangle::new([[2.0, -10.0, 0.0], [6.0, -10.0, 0.5], [6.0, 10.0, 0.5]]),
        SoupTriangle::new([[2.0, -10.0, 0.0], [6.0, 10.0, 0.5], [2.0, 10.0, 0.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "ramp").unwrap()
}

/// A human under the walking controller ([`Walk`]) up a ramp: the same
/// bits as the facade world's `control` every tick, and he follows the
/// ground (at x = 4 the ramp is 0.25 m up; the controller's divergences
/// 400-418 of the facade).
fn a_controlled_human_walks_as_the_world_walks_him<R: PhysicsReal>() {
    let mut world = World::<R>::new();
    world.set_level(ramp::<R>()).unwrap();
    let walker = world.add_human(HumanDesc::at(p(0.0, 0.0, 0.0))).unwrap();
    let input = WalkInput::walk(v::<R>(1.5, 0.0, 0.0));
    world.control(walker, input).unwrap();

    let mut app = app::<R>(Some(ramp::<R>()));
    let human = app
        .world_mut()
        .spawn((Transform::default(), Human::<R>::default(), Walk(input)))
        .id();
    app.update();
    let mut at_four = None;
    for tick in 0..180 {
        run_ticks::<R>(&mut app, 1);
        world.tick(&mut ());
        let q = world.position(walker).unwrap();
        let t = app.world().get::<Transform>(human).unwrap();
        assert_eq!(translation_bits(t), bits(q), "tick {tick}");
        if at_four.is_none() && q.x.to_f32() >= 4.0 {
            at_four = Some(q.z.to_f32());
        }
    }
    let z = at_four.expect("he reaches x = 4");
    assert!((z - 0.25).abs() < 0.03, "{z}");
}

/// A 0.4 m crate let go 1 m up: its settle finishes at the tick the facade
/// world's does, and it rests at the same position and rotation bits.
fn a_dropped_crate_settles_at_the_same_tick_and_pose<R: PhysicsReal>() {
    let floor = || {
        let soup = [
            SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
            SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
        ];
        Level::<R>::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
    };
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5);
    let mut world = World::<R>::new();
    world.set_level(floor()).unwrap();
    let mut desc = ObjectDesc::cuboid(p(0.0, 0.0, 1.0), v(0.4, 0.4, 0.4));
    desc.rotation = turn;
    let crate_ = world.add_object(desc).unwrap();
    world.drop_object(crate_, v::<R>(0.3, 0.2, 0.0)).unwrap();
    let mut facade_finished = Vec::new();
    for _ in 0..240 {
        world.tick(&mut ());
        let tick = world.ticks() - 1;
        for e in world.drain_events() {
            if let Event::SettleFinished { .. } = e {
                facade_finished.push(tick);
            }
        }
    }

    let mut app = app::<R>(Some(floor()));
    let entity = app
        .world_mut()
        .spawn((
            turned(Transform::from_xyz(0.0, 0.0, 1.0), &turn),
            WorldObject::<R>::cuboid(v(0.4, 0.4, 0.4)),
            Throw::at(v::<R>(0.3, 0.2, 0.0)),
        ))
        .id();
    app.update();
    run_ticks::<R>(&mut app, 240);
    let seen = app.world().resource::<Seen<R>>();
    let finished: Vec<u64> = seen
        .settles
        .iter()
        .filter(|(_, m)| m.phase == SettlePhase::Finished && m.entity == entity)
        .map(|&(t, _)| t)
        .collect();
    assert!(!facade_finished.is_empty());
    assert_eq!(finished, facade_finished);
    assert_eq!(seen.landings.len(), 1);
    let t = app.world().get::<Transform>(entity).unwrap();
    assert_eq!(translation_bits(t), bits(world.position(crate_).unwrap()));
    let r = world.rotation(crate_).unwrap();
    assert_eq!(
        t.rotation.to_array().map(f32::to_bits),
        [r.i, r.j, r.k, r.w].map(f32::to_bits)
    );
    // At rest on the floor: half its height and the 0.01 back-off up.
    assert!((t.translation.z - 0.21).abs() < 1e-4, "{}", t.translation.z);
    // The throw was taken once and its component removed.
    assert!(app.world().get::<Throw<R>>(entity).is_none());
}

// The set-up is the facade's strike test (warriors-physics tests/world.rs):
// this one holds the plugin's message to the facade's event.
/// A human's right hand (bone 25) posed inside a crate that strikes meet:
/// one strike message, naming both entities, at the facade's point.
fn a_strike_arrives_once<R: PhysicsReal>() {
    let mut world = World::<R>::new();
    let striker = world.add_human(HumanDesc::at(p(0.0, 0.0, 0.0))).unwrap();
    let mut desc = ObjectDesc::cuboid(p(1.0, 0.0, 0.5), v(0.6, 0.6, 0.6));
    desc.layers = Layers::MELEE_TARGET;
    world.add_object(desc).unwrap();
    world
        .set_bone_position(striker, 25, p::<R>(0.9, 0.0, 0.5))
        .unwrap();
    world.set_strike_bone(striker, Some(25), true).unwrap();
    let mut facade = Vec::new();
    for _ in 0..8 {
        world.tick(&mut ());
        facade.extend(world.drain_events().filter_map(|e| match e {
            Event::Strike(s) => Some(s),
            _ => None,
        }));
    }
    assert_eq!(facade.len(), 1);

    let mut app = app::<R>(None);
    let human = app
        .world_mut()
        .spawn((
            Transform::default(),
            Human::<R>::default(),
            StrikeBones {
                bones: vec![(25, p::<R>(0.9, 0.0, 0.5))],
            },
        ))
        .id();
    let mut object = WorldObject::<R>::cuboid(v(0.6, 0.6, 0.6));
    object.layers = Layers::MELEE_TARGET;
    let target = app
        .world_mut()
        .spawn((Transform::from_xyz(1.0, 0.0, 0.5), object))
        .id();
    app.update();
    run_ticks::<R>(&mut app, 8);
    let seen = app.world().resource::<Seen<R>>();
    assert_eq!(seen.strikes.len(), 1, "{:?}", seen.strikes);
    let m = seen.strikes[0].1;
    assert_eq!((m.striker, m.struck), (human, target));
    assert_eq!(bits(m.strike.point), bits(facade[0].point));
    assert_eq!(m.strike.feature, facade[0].feature);
}

/// The spatial query parameter gives the facade level's answers, bit for
/// bit, and the bodies in a box by entity.
fn queries_answer_as_the_facade_answers<R: PhysicsReal>() {
    let level = floor_and_wall::<R>();
    let mut app = app::<R>(Some(level.clone()));
    let near = app
        .world_mut()
        .spawn((
            Transform::from_xyz(1.0, 0.0, 0.5),
            WorldObject::<R>::cuboid(v(0.4, 0.4, 0.4)),
        ))
        .id();
    app.world_mut().spawn((
        Transform::from_xyz(-8.0, 0.0, 0.5),
        WorldObject::<R>::cuboid(v(0.4, 0.4, 0.4)),
    ));
    app.update();
    run_ticks::<R>(&mut app, 1);

    let sphere = level
        .cast_sphere(p::<R>(0.0, 0.0, 1.0), 0.3f32, v::<R>(5.0, 0.0, 0.0))
        .unwrap()
        .expect("the wall");
    let ray = level
        .cast_ray(
            p::<R>(0.0, 0.0, 1.0),
            v::<R>(0.0, 0.0, -1.0),
            5.0f32,
            &RayFilter::default(),
        )
        .unwrap()
        .expect("the floor");
    let overlaps = level.overlap_sphere(p::<R>(2.8, 0.0, 1.0), 0.3f32).unwrap();
    let push = level
        .push_out_of_walls(p::<R>(2.8, 0.0, 1.0), 0.3f32)
        .unwrap();
    let ground = level.ground_below(p::<R>(0.5, 0.5, 2.0), 5.0f32).unwrap();
    // The corrected box and capsule overlaps (a crate 0.1 into the floor, a
    // capsule's rounded end 0.1 into it).
    let corrected = warriors_physics::Quirks::corrected();
    let pose = Isometry3::translation(0.5, 0.5, 0.4);
    let half = [0.5f32, 0.5, 0.5];
    let boxes = level.overlap_box(half, &pose, &corrected).unwrap();
    let capsules = level
        .overlap_capsule(p::<R>(0.5, 0.5, 0.3), 0.4f32, 1.5f32, &corrected)
        .unwrap();
    assert!(!boxes.is_empty() && !capsules.is_empty());
    let got_overlaps = app
        .world_mut()
        .run_system_once(move |q: SpatialQuery<R>| {
            (
                q.overlap_box(half, &pose, &corrected).unwrap(),
                q.overlap_capsule(p::<R>(0.5, 0.5, 0.3), 0.4f32, 1.5f32, &corrected)
                    .unwrap(),
                q.overlap_box(half, &pose, &warriors_physics::Quirks::console())
                    .unwrap(),
            )
        })
        .unwrap();
    assert_eq!(got_overlaps.0, boxes);
    assert_eq!(got_overlaps.1, capsules);
    assert!(
        got_overlaps.2.is_empty(),
        "the console's box overlaps nothing"
    );

    let got = app
        .world_mut()
        .run_system_once(move |q: SpatialQuery<R>| {
            (
                q.cast_sphere(p::<R>(0.0, 0.0, 1.0), 0.3f32, v::<R>(5.0, 0.0, 0.0))
                    .unwrap(),
                q.cast_ray(
                    p::<R>(0.0, 0.0, 1.0),
                    v::<R>(0.0, 0.0, -1.0),
                    5.0f32,
                    &RayFilter::default(),
                )
                .unwrap(),
                q.overlap_sphere(p::<R>(2.8, 0.0, 1.0), 0.3f32).unwrap(),
                q.push_out_of_walls(p::<R>(2.8, 0.0, 1.0), 0.3f32).unwrap(),
                q.ground_below(p::<R>(0.5, 0.5, 2.0), 5.0f32).unwrap(),
                q.bodies_in_box(
                    p::<R>(0.0, -1.0, 0.0),
                    p::<R>(2.0, 1.0, 1.0),
                    TypeMask::all(),
                )
                .unwrap(),
            )
        })
        .unwrap();
    assert_eq!(got.0, Some(sphere));
    assert!((sphere.normal.x.to_f32() + 1.0).abs() < 1e-6);
    assert_eq!(got.1, Some(ray));
    assert!((ray.distance.to_f32() - 1.0).abs() < 1e-6);
    assert_eq!(got.2, overlaps);
    assert!(!overlaps.is_empty());
    assert_eq!(got.3, push);
    assert!(push.is_some());
    assert_eq!(got.4, ground);
    assert_eq!(got.5, vec![near]);
    // Bevy's own vectors go in as they are.
    let hit = app
        .world_mut()
        .run_system_once(|q: SpatialQuery<R>| {
            q.line_of_sight(
                bevy_math::Vec3::new(0.0, 0.0, 1.0),
                bevy_math::Vec3::new(5.0, 0.0, 1.0),
            )
            .unwrap()
        })
        .unwrap()
        .expect("the wall");
    assert!(
        (hit.distance.to_f32() - 3.0).abs() < 1e-5,
        "{:?}",
        hit.distance
    );
}

/// A body the game moves ([`GameMoved`]): its `Transform` is read into the
/// world when it changes, and never written over.
fn a_game_moved_body_goes_where_its_transform_says<R: PhysicsReal>() {
    let mut app = app::<R>(None);
    let e = app
        .world_mut()
        .spawn((
            Transform::from_xyz(0.0, 0.0, 0.5),
            WorldObject::<R>::cuboid(v(0.4, 0.4, 0.4)),
            GameMoved,
        ))
        .id();
    app.update();
    run_ticks::<R>(&mut app, 1);
    app.world_mut()
        .get_mut::<Transform>(e)
        .unwrap()
        .translation
        .x = 4.0;
    run_ticks::<R>(&mut app, 1);
    let physics = app.world().resource::<Physics<R>>();
    let body = physics.body(e).unwrap();
    assert_eq!(physics.world().position(body).unwrap().x.to_f32(), 4.0);
    let (lo, hi) = physics.world().bounds(body).unwrap();
    assert!(lo.x.to_f32() < 4.0 && hi.x.to_f32() > 4.0);
}

/// 10,000 spawn and despawn cycles: every body is freed with its entity,
/// the world's owner table does not grow, and removing the body's
/// component (or its handle) frees it too.
#[test]
fn despawning_frees_the_body() {
    let mut app = app::<f32>(None);
    app.update();
    for i in 0..10_000 {
        let e = if i % 2 == 0 {
            app.world_mut()
                .spawn((
                    Transform::from_xyz(0.0, 0.0, 0.5),
                    WorldObject::<f32>::ball(0.3),
                ))
                .id()
        } else {
            app.world_mut()
                .spawn((Transform::default(), Human::<f32>::default()))
                .id()
        };
        app.update();
        assert!(app.world().get::<BodyHandle>(e).is_some(), "cycle {i}");
        assert_eq!(
            app.world().resource::<Physics<f32>>().world().body_count(),
            1
        );
        app.world_mut().despawn(e);
        let physics = app.world().resource::<Physics<f32>>();
        assert_eq!(physics.world().body_count(), 0, "cycle {i}");
        assert_eq!(physics.entity_count(), 0, "cycle {i}");
    }
    let physics = app.world().resource::<Physics<f32>>();
    assert!(physics.world().reference_owners().owners.len() <= 2);

    // Removing the body's component frees it and takes the handle off.
    let e = app
        .world_mut()
        .spawn((Transform::default(), Human::<f32>::default()))
        .id();
    app.update();
    app.world_mut().entity_mut(e).remove::<Human<f32>>();
    app.update();
    assert!(app.world().get::<BodyHandle>(e).is_none());
    assert_eq!(
        app.world().resource::<Physics<f32>>().world().body_count(),
        0
    );
    // Removing the handle frees it too (and the entity, with its body's
    // component unchanged, is not made a body again).
    app.world_mut()
        .entity_mut(e)
        .insert(Human::<f32>::default());
    app.update();
    assert_eq!(
        app.world().resource::<Physics<f32>>().world().body_count(),
        1
    );
    app.world_mut().entity_mut(e).remove::<BodyHandle>();
    assert_eq!(
        app.world().resource::<Physics<f32>>().world().body_count(),
        0
    );
}

/// Bad input is refused with a message naming the entity, never a panic
/// and never a body: a box of negative size, a non-finite transform, a
/// walk asked of a crate. A query before any level is `NoLevel`.
#[test]
fn bad_input_is_refused_by_message() {
    let mut app = app::<f32>(None);
    app.update();
    let negative = app
        .world_mut()
        .spawn((
            Transform::default(),
            WorldObject::<f32>::cuboid(Vector3::new(-1.0, 1.0, 1.0)),
        ))
        .id();
    let nan = app
        .world_mut()
        .spawn((
            Transform::from_xyz(f32::NAN, 0.0, 0.0),
            Human::<f32>::default(),
        ))
        .id();
    let walked_crate = app
        .world_mut()
        .spawn((
            Transform::default(),
            WorldObject::<f32>::ball(0.3),
            WalkVelocity(Vector3::new(1.0, 0.0, 0.0)),
        ))
        .id();
    app.update();
    let seen = &app.world().resource::<Seen<f32>>().refused;
    assert!(
        seen.contains(&negative) && seen.contains(&nan) && seen.contains(&walked_crate),
        "{seen:?} {negative:?} {nan:?} {walked_crate:?}"
    );
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(app.world().get::<BodyHandle>(negative).is_none());
    assert!(app.world().get::<BodyHandle>(nan).is_none());
    // Not asked again while the component is unchanged.
    app.update();
    assert_eq!(app.world().resource::<Seen<f32>>().refused.len(), 3);
    let answer = app
        .world_mut()
        .run_system_once(|q: SpatialQuery| {
            q.cast_ray(
                [0.0, 0.0, 1.0],
                [0.0, 0.0, -1.0],
                5.0,
                &RayFilter::default(),
            )
        })
        .unwrap();
    assert_eq!(answer, Err(SpatialError::NoLevel));
}

/// A car and a pane made from their components stand where their
/// `Transform`s put them, with the facade's boxes for the same
/// descriptions, and a car's two boxes are the body's shapes.
#[test]
fn cars_and_panes_are_the_facades() {
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.3);
    let boxes = [
        (Vector3::new(2.0, 0.9, 0.5), Vector3::new(0.0, 0.0, 0.5)),
        (Vector3::new(1.0, 0.8, 0.4), Vector3::new(-0.3, 0.0, 1.3)),
    ];
    let mut world = World::<f32>::new();
    let car = world
        .add_car(CarDesc {
            position: Point3::new(5.0, 1.0, 0.0),
            rotation: turn,
            boxes,
        })
        .unwrap();
    let pane = world
        .add_pane(PaneDesc {
            position: Point3::new(-3.0, 0.0, 1.0),
            rotation: UnitQuaternion::identity(),
            size: Vector3::new(0.02, 2.0, 1.5),
        })
        .unwrap();

    let mut app = app::<f32>(None);
    let car_e = app
        .world_mut()
        .spawn((
            turned(Transform::from_xyz(5.0, 1.0, 0.0), &turn),
            Car::<f32> { boxes },
        ))
        .id();
    let pane_e = app
        .world_mut()
        .spawn((
            Transform::from_xyz(-3.0, 0.0, 1.0),
            Pane::<f32> {
                size: Vector3::new(0.02, 2.0, 1.5),
            },
        ))
        .id();
    app.update();
    run_ticks::<f32>(&mut app, 3);
    let physics = app.world().resource::<Physics<f32>>();
    for (e, facade) in [(car_e, car), (pane_e, pane)] {
        let body = physics.body(e).expect("a body");
        assert_eq!(body.kind(), facade.kind());
        assert_eq!(
            physics.world().bounds(body).unwrap(),
            world.bounds(facade).unwrap()
        );
        let ours: Vec<_> = physics.world().shapes(body).unwrap().collect();
        let theirs: Vec<_> = world.shapes(facade).unwrap().collect();
        assert_eq!(ours, theirs);
    }
    // The pane's box: 0.01 either side of x = −3 (its half size).
    let (lo, hi) = physics
        .world()
        .bounds(physics.body(pane_e).unwrap())
        .unwrap();
    assert!((lo.x + 3.01).abs() < 1e-5 && (hi.x + 2.99).abs() < 1e-5);
    assert_eq!(
        physics
            .world()
            .shapes(physics.body(car_e).unwrap())
            .unwrap()
            .count(),
        2
    );
}

/// `PhysicsLevel::load` reads each form by its name: the street's OBJ
/// (28 triangles: fixtures/mesh/README.md's road, kerbs, pavements,
/// façades, end wall, car shell and window) and the hand-made chunk
/// container (three triangles); a missing file is the facade's error
/// naming it.
#[test]
fn levels_load_from_any_form() {
    let street =
        PhysicsLevel::<f32>::load(test_support::workspace_path("fixtures/mesh/street.obj"))
            .unwrap();
    assert_eq!(street.0.triangle_count(), 28);
    let hand =
        PhysicsLevel::<f32>::load(test_support::workspace_path("fixtures/mesh/hand-made.lev"))
            .unwrap();
    assert_eq!(hand.0.triangle_count(), 3);
    let missing = PhysicsLevel::<f32>::load("no/such/level.obj").unwrap_err();
    assert!(missing.to_string().contains("level.obj"), "{missing}");
    // Given to the world at the next fixed step.
    let mut app = app::<f32>(Some(street.0.clone()));
    app.update();
    run_ticks::<f32>(&mut app, 1);
    let level = app
        .world()
        .resource::<Physics<f32>>()
        .world()
        .level()
        .map(Level::triangle_count);
    assert_eq!(level, Some(28));
}

/// The game's hooks, the plugin's second type parameter: a hook that
/// ignores every contact lets a crate fall through the floor (one second of
/// free fall from 1 m ends below z = −3), and the contact messages carry
/// the hook's answer; a hook that counts is read back from the resource.
#[derive(Default)]
struct Ghost {
    asked: usize,
}

impl Hooks<f32> for Ghost {
    fn contact(&mut self, _: &ContactEvent<f32>, _: ContactAnswer) -> ContactAnswer {
        self.asked += 1;
        ContactAnswer::IGNORE
    }
}

#[derive(Resource, Default)]
struct Answers(Vec<ContactAnswer>);

fn answers(mut seen: ResMut<Answers>, mut contacts: MessageReader<ContactMessage>) {
    seen.0.extend(contacts.read().map(|m| m.contact.answer));
}

#[test]
fn hooks_change_the_answer() {
    let floor = [
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, -10.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[-10.0, -10.0, 0.0], [10.0, 10.0, 0.0], [-10.0, 10.0, 0.0]]),
    ];
    let level = Level::<f32>::from_soup(&floor, &LevelConfig::default(), "floor").unwrap();
    let mut app = App::new();
    app.add_plugins((TimePlugin, WarriorsPhysicsPlugin::<f32, Ghost>::default()))
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .insert_resource(PhysicsLevel::new(level))
        .init_resource::<Answers>()
        .add_systems(PostUpdate, answers);
    let c = app
        .world_mut()
        .spawn((
            Transform::from_xyz(0.0, 0.0, 1.0),
            WorldObject::<f32>::cuboid(Vector3::new(0.4, 0.4, 0.4)),
            Throw::<f32>::drop(),
        ))
        .id();
    app.update();
    run_ticks::<f32>(&mut app, 60);
    let z = app.world().get::<Transform>(c).unwrap().translation.z;
    assert!(z < -3.0, "{z}");
    let seen = &app.world().resource::<Answers>().0;
    assert!(!seen.is_empty() && seen.iter().all(|&a| a == ContactAnswer::IGNORE));
    let asked = app.world().resource::<PhysicsHooks<Ghost>>().0.asked;
    assert_eq!(asked, seen.len());
}

/// The debug sketch of a walker meeting the wall: per contact event, in
/// order, its point (a 0.03 m sphere) and its normal (a 0.3 m arrow), and
/// for the wall's contact the wall's own three corners as built; the
/// walker's capsule at his feet, and his walking sphere of radius 0.35
/// (scale 1) 0.35 + 0.05 above his feet ("Sweeping a body").
fn the_sketch_shows_what_the_walker_met<R: PhysicsReal>() {
    use warriors_physics_bevy::sketch::{sketch, DebugDraw, Mark, Role};
    let (mut app, human) = walker_towards_the_wall::<R>();
    // Walk until a tick whose events hold a contact with the wall (normal
    // −x): 4.65 m at 2 m/s is about 140 ticks.
    let mut guard = 0;
    loop {
        run_ticks::<R>(&mut app, 1);
        let physics = app.world().resource::<Physics<R>>();
        let on_wall = physics
            .events()
            .iter()
            .any(|e| matches!(e, Event::Contact(c) if c.normal.x.to_f32() < -0.99));
        if on_wall {
            break;
        }
        guard += 1;
        assert!(guard < 400, "the walker never met the wall");
    }
    let physics = app.world().resource::<Physics<R>>();
    let mut marks = Vec::new();
    sketch(physics, DebugDraw::default(), &mut marks);

    // The contacts, in the events' order.
    let contacts: Vec<_> = physics
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Contact(c) => Some(*c),
            _ => None,
        })
        .collect();
    let points: Vec<_> = marks
        .iter()
        .filter_map(|m| match *m {
            Mark::Sphere {
                centre,
                radius,
                role: Role::ContactPoint,
            } => Some((centre, radius)),
            _ => None,
        })
        .collect();
    let arrows: Vec<_> = marks
        .iter()
        .filter_map(|m| match *m {
            Mark::Arrow { from, to, role } => Some((from, to, role)),
            _ => None,
        })
        .collect();
    assert_eq!(points.len(), contacts.len());
    assert_eq!(arrows.len(), contacts.len());
    for ((c, (centre, radius)), (from, to, role)) in contacts.iter().zip(&points).zip(&arrows) {
        let q = [c.point.x, c.point.y, c.point.z].map(|x| x.to_f32());
        let n = [c.normal.x, c.normal.y, c.normal.z].map(|x| x.to_f32());
        assert_eq!(centre.to_array(), q);
        assert_eq!(*radius, 0.03);
        assert_eq!(*role, Role::Normal);
        assert_eq!(from.to_array(), q);
        for k in 0..3 {
            assert!((to[k] - (q[k] + 0.3 * n[k])).abs() < 1e-6);
        }
    }
    // The wall's triangle, its corners as the soup gave them (in any
    // rotation of the outline).
    let wall = [[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 4.0]];
    let triangles: Vec<[[f32; 3]; 3]> = marks
        .iter()
        .filter_map(|m| match *m {
            Mark::Triangle {
                corners,
                role: Role::Triangle,
            } => Some(corners.map(|c| c.to_array())),
            _ => None,
        })
        .collect();
    assert!(
        triangles.iter().any(|t| {
            let mut t = t.to_vec();
            let mut w = wall.to_vec();
            t.sort_by(|a, b| a.partial_cmp(b).unwrap());
            w.sort_by(|a, b| a.partial_cmp(b).unwrap());
            t == w
        }),
        "{triangles:?}"
    );

    // The walker's capsule and walking sphere, at his feet.
    let feet = app.world().get::<Transform>(human).unwrap().translation;
    let spheres = |role: Role| -> Vec<(bevy_math::Vec3, f32)> {
        marks
            .iter()
            .filter_map(|m| match *m {
                Mark::Sphere {
                    centre,
                    radius,
                    role: r,
                } if r == role => Some((centre, radius)),
                _ => None,
            })
            .collect()
    };
    let shape_spheres = spheres(Role::Shape);
    assert!(
        shape_spheres.contains(&(feet, 0.35)),
        "the capsule's foot sphere at {feet}: {shape_spheres:?}"
    );
    let walking = spheres(Role::WalkingSphere);
    assert_eq!(walking.len(), 1);
    let (centre, radius) = walking[0];
    assert_eq!(radius, 0.35);
    assert_eq!((centre.x, centre.y), (feet.x, feet.y));
    assert!((centre.z - (feet.z + 0.4)).abs() < 1e-6, "{centre}");

    // Nothing asked, nothing drawn.
    let mut none = Vec::new();
    let nothing = DebugDraw {
        contacts: false,
        shapes: false,
    };
    sketch(physics, nothing, &mut none);
    assert!(none.is_empty());
}
