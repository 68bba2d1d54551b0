//! A headless Bevy app on the street of `fixtures/mesh/street.obj`: a
//! human walks east along the road under the walking controller (1.5 m/s
//! for 10 s: from x = 2 to 17), a crate is thrown onto the road and
//! settles, a
//! second human's hand strikes a crate, and a guard's line of sight is
//! asked through the spatial query. Runs 600 fixed steps (10 s of the
//! console's 60 Hz) and prints what happened.
//!
//! `cargo run -p warriors-physics-bevy --example street`

use std::error::Error;
use std::path::Path;

use bevy_app::{App, FixedUpdate, PostUpdate};
use bevy_ecs::message::MessageReader;
use bevy_ecs::prelude::{Query, Res, ResMut, Resource, With};
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use warriors_physics::prelude::*;
use warriors_physics_bevy::prelude::*;

/// What the example counts.
#[derive(Resource, Default)]
struct Log {
    contacts: usize,
    strikes: usize,
    landings: usize,
    settled: usize,
    blocked_sights: usize,
}

/// The walker of the example.
#[derive(bevy_ecs::component::Component)]
struct Walker;

/// The guard at the east end, who looks at the walker every step.
fn guard_looks(query: SpatialQuery, walker: Query<&Transform, With<Walker>>, mut log: ResMut<Log>) {
    for t in &walker {
        let eye = bevy_math::Vec3::new(38.0, 0.0, 1.6);
        let target = t.translation + bevy_math::Vec3::new(0.0, 0.0, 1.6);
        if let Ok(Some(_)) = query.line_of_sight(eye, target) {
            log.blocked_sights += 1;
        }
    }
}

#[allow(clippy::needless_pass_by_value)]
fn count(
    mut log: ResMut<Log>,
    mut contacts: MessageReader<ContactMessage>,
    mut strikes: MessageReader<StrikeMessage>,
    mut landings: MessageReader<LandedMessage>,
    mut settles: MessageReader<SettleMessage>,
    physics: Res<Physics>,
) {
    log.contacts += contacts.read().count();
    for s in strikes.read() {
        log.strikes += 1;
        let p = s.strike.point;
        println!(
            "tick {:>3}: strike at ({:.3}, {:.3}, {:.3})",
            physics.last_tick().map_or(0, |t| t.tick),
            p.x,
            p.y,
            p.z
        );
    }
    for l in landings.read() {
        log.landings += 1;
        println!(
            "tick {:>3}: landed at z = {:.4}",
            physics.last_tick().map_or(0, |t| t.tick),
            l.at.z
        );
    }
    log.settled += settles
        .read()
        .filter(|s| s.phase == SettlePhase::Finished)
        .count();
}

fn main() -> Result<(), Box<dyn Error>> {
    let obj = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mesh/street.obj");
    let level = PhysicsLevel::<f32>::load(&obj)?;
    println!(
        "street: {} triangles in {} tile(s)",
        level.0.triangle_count(),
        level.0.tile_count()
    );
    let mut app = App::new();
    app.add_plugins((TimePlugin, WarriorsPhysicsPlugin::<f32>::default()))
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .insert_resource(level)
        .init_resource::<Log>()
        .add_systems(FixedUpdate, guard_looks)
        .add_systems(PostUpdate, count);

    let walker = app
        .world_mut()
        .spawn((
            Transform::from_xyz(2.0, 2.0, 0.0),
            Human::<f32>::default(),
            Walk(WalkInput::walk(Vector3::new(1.5, 0.0, 0.0))),
            Walker,
        ))
        .id();
    let thrown = app
        .world_mut()
        .spawn((
            Transform::from_xyz(6.0, -2.0, 1.5),
            WorldObject::<f32>::cuboid(Vector3::new(0.4, 0.4, 0.4)),
            Throw::at(Vector3::new(0.5, 0.3, 0.0)),
        ))
        .id();
    let mut target = WorldObject::<f32>::cuboid(Vector3::new(0.6, 0.6, 0.6));
    target.layers = Layers::MELEE_TARGET;
    app.world_mut()
        .spawn((Transform::from_xyz(11.0, -3.0, 0.3), target));
    app.world_mut().spawn((
        Transform::from_xyz(10.0, -3.0, 0.0),
        Human::<f32>::default(),
        StrikeBones {
            bones: vec![(25, Point3::new(10.9, -3.0, 0.4))],
        },
    ));

    // The first update starts the clock; each after it is one fixed step.
    app.update();
    for _ in 0..600 {
        app.update();
    }

    let physics = app.world().resource::<Physics>();
    let log = app.world().resource::<Log>();
    let w = app.world().get::<Transform>(walker).expect("the walker");
    let c = app.world().get::<Transform>(thrown).expect("the crate");
    println!(
        "after {} ticks: walker at x = {:.3}, y = {:.3}; crate at ({:.3}, {:.3}, {:.4})",
        physics.world().ticks(),
        w.translation.x,
        w.translation.y,
        c.translation.x,
        c.translation.y,
        c.translation.z
    );
    println!(
        "{} contacts, {} strike(s), {} landing(s), {} settle(s) finished, {} blocked sight(s)",
        log.contacts, log.strikes, log.landings, log.settled, log.blocked_sights
    );
    assert_eq!(physics.world().ticks(), 600);
    assert!((w.translation.x - 17.0).abs() < 0.01, "15 m east");
    assert_eq!(log.strikes, 1, "one strike");
    Ok(())
}
