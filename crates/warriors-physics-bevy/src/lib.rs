//! The world of The Warriors' physics as a Bevy plugin: the level as a
//! resource, bodies as components, the world stepped in Bevy's fixed
//! timestep at the console's rates, its events as messages and its queries
//! as a system parameter.
//!
//! ```
//! use bevy_app::App;
//! use bevy_ecs::prelude::*;
//! use bevy_time::{TimePlugin, TimeUpdateStrategy};
//! use bevy_transform::components::Transform;
//! use warriors_physics::prelude::*;
//! use warriors_physics_bevy::prelude::*;
//!
//! let floor = [
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 5.0, 0.0]]),
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, 5.0, 0.0], [-5.0, 5.0, 0.0]]),
//! ];
//! let mut app = App::new();
//! app.add_plugins((TimePlugin, WarriorsPhysicsPlugin::<f32>::default()))
//!     // A headless run: one 60 Hz tick per update.
//!     .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
//!     .insert_resource(PhysicsLevel::new(Level::<f32>::from_soup(
//!         &floor,
//!         &LevelConfig::default(),
//!         "floor",
//!     )?));
//! // A 0.4 m crate turned 30° about z, let go 1 m up (the level's axes:
//! // z up), drifting sideways.
//! let crate_ = app
//!     .world_mut()
//!     .spawn((
//!         Transform::from_xyz(0.0, 0.0, 1.0)
//!             .with_rotation(bevy_math::Quat::from_rotation_z(0.5)),
//!         WorldObject::<f32>::cuboid(Vector3::new(0.4, 0.4, 0.4)),
//!         Throw::at(Vector3::new(0.3, 0.2, 0.0)),
//!     ))
//!     .id();
//! for _ in 0..240 {
//!     app.update();
//! }
//! // It came down and rests on the floor: its centre half its height and
//! // the 0.01 m back-off above it.
//! let z = app.world().get::<Transform>(crate_).unwrap().translation.z;
//! assert!((z - 0.21).abs() < 1e-4, "{z}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The map
//!
//! * [`WarriorsPhysicsPlugin`] (`plugin.rs`): what a game adds in one line;
//!   the float mode is its type parameter (`f32` or
//!   [`Ee32`](warriors_physics::Ee32)), the game's
//!   [`Hooks`](warriors_physics::Hooks) its second.
//! * [`PhysicsLevel`], [`Physics`], [`PhysicsHooks`] (`resources.rs`): the
//!   level (any form [`Level`](warriors_physics::Level) loads), the
//!   facade's [`World`](warriors_physics::World) with each body's entity,
//!   the game's hooks.
//! * Components (`components.rs`): [`Human`], [`WorldObject`], [`Car`],
//!   [`Pane`] make a body from the entity's `Transform`; the plugin adds
//!   [`BodyHandle`]. [`Walk`], [`WalkVelocity`], [`Throw`], [`StrikeBones`]
//!   and [`GameMoved`] are what a game asks of a body.
//! * Systems (`systems.rs`), in [`PhysicsSystems`] in `FixedPostUpdate`:
//!   the level, new bodies, inputs, one [`World::tick`](warriors_physics::World::tick)
//!   with its events written as messages, then `Transform`s.
//! * Messages (`messages.rs`): [`ContactMessage`], [`StrikeMessage`],
//!   [`LandedMessage`], [`SettleMessage`], [`StuckMessage`],
//!   [`BodyRefused`].
//! * [`SpatialQuery`] (`query.rs`): the level's casts, rays, overlaps and
//!   push-outs, and the bodies in a box, answered as the facade answers.
//! * [`sketch`] (`sketch.rs`): what the debug drawing draws, as plain
//!   [`Mark`](sketch::Mark)s (contact points, normals, the triangles met,
//!   every body's shapes, a human's walking sphere among them), readable
//!   without a renderer.
//! * [`PhysicsReal`] (`real.rs`): what the plugin asks of a float mode
//!   (`f32` or [`Ee32`](warriors_physics::Ee32)).
//! * `debug.rs` (feature `debug-draw`): those marks drawn with Bevy's
//!   gizmos each `PostUpdate`, as the [`DebugDraw`](sketch::DebugDraw)
//!   resource asks.
//!
//! # Rates and order
//!
//! The plugin sets Bevy's fixed timestep to 60 Hz (Bevy's default is
//! 64 Hz): one fixed step is one console tick, in which the world walks its
//! humans (every second tick: 30 Hz), sweeps the falling objects due and
//! steps the settles ([`World::tick`](warriors_physics::World::tick);
//! the facade's divergence 348). A game's own systems that steer bodies run
//! in `FixedUpdate`, before the physics.
//!
//! # Axes
//!
//! Positions are the level's own, metres with `z` up, as the facade's: a
//! body's `Transform::translation` is a human's feet or an object's centre
//! in those axes. A game that renders with Bevy's `y` up parents its
//! physics entities under one entity turned −90° about `x`; the plugin
//! reads and writes the local `Transform`, never the `GlobalTransform`.
//!
//! # Features
//!
//! * `debug-draw` (off by default, and out of CI): draws
//!   [`sketch::sketch`]'s marks with Bevy's gizmos. It pulls in
//!   `bevy_gizmos` (assets, meshes, cameras); the marks themselves are
//!   built in every build and checked headless by the plugin's tests, so
//!   the feature adds only the loop that hands them to the gizmos.
//!
//! Bevy's crates are taken with their default features off (no renderer,
//! no window, no asset server); what the plugin adds to a build is on the
//! performance page, `docs/performance.md` ("The Bevy plugin").
//!
//! # Dependencies
//!
//! * `warriors-physics` with its `glam` feature: Bevy's `Vec3` is glam
//!   0.33's, so it goes into every query as it is.
//! * `bevy_app`, `bevy_ecs`, `bevy_math`, `bevy_time`, `bevy_transform`:
//!   the smallest set that gives a plugin, components, a fixed timestep and
//!   `Transform`.
//! * `bevy_gizmos`, `bevy_color` (optional): the debug drawing.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod components;
#[cfg(feature = "debug-draw")]
mod debug;
mod messages;
mod plugin;
mod query;
mod real;
mod resources;
pub mod sketch;
mod systems;

pub use components::{
    BodyHandle, Car, GameMoved, Human, Pane, StrikeBones, Throw, Walk, WalkVelocity, WorldObject,
};
pub use messages::{
    BodyRefused, ContactMessage, ContactWith, LandedMessage, LevelRefused, SettleMessage,
    SettlePhase, StrikeMessage, StuckMessage,
};
pub use plugin::{PhysicsSystems, WarriorsPhysicsPlugin, TICK_HZ};
pub use query::{SpatialError, SpatialQuery};
pub use real::PhysicsReal;
pub use resources::{Physics, PhysicsHooks, PhysicsLevel};

/// What a game imports: `use warriors_physics_bevy::prelude::*;`.
pub mod prelude {
    pub use crate::{
        BodyHandle, BodyRefused, Car, ContactMessage, ContactWith, GameMoved, Human, LandedMessage,
        LevelRefused, Pane, Physics, PhysicsHooks, PhysicsLevel, PhysicsReal, PhysicsSystems,
        SettleMessage, SettlePhase, SpatialError, SpatialQuery, StrikeBones, StrikeMessage,
        StuckMessage, Throw, Walk, WalkVelocity, WarriorsPhysicsPlugin, WorldObject, TICK_HZ,
    };
}
