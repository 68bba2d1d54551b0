//! The game layer over the physics of The Warriors (PS2): the one crate a
//! game depends on.
//!
//! The record-level crates (`ps2-float`, `kernels`, `collision-mesh`,
//! `shape-pools`, `physics-world`) keep the original's functions, records,
//! out-parameters and option words, for comparison with the console. This
//! crate adds no physics: it converts values, owns the scratch, derives the
//! query boxes and calls the record layer, whose answers it returns as
//! values.
//!
//! # What it holds
//!
//! | module or item | what |
//! | --- | --- |
//! | [`level`] ([`Level`], [`LevelConfig`]) | the level's collision in one or more tiles, shared, with a pool of the scratch its queries reuse, and its loaders (the chunks, binary, RON, OBJ, a soup) |
//! | the queries ([`Hit`], [`RayHit`], [`Overlap`], [`Push`], [`Ground`], [`Answer`], [`SweepSettings`], [`RayFilter`]) | the value-returning methods of [`Level`] and their records and settings |
//! | [`convert`] | what is accepted and returned (nalgebra, `[f32; 3]`, glam behind its feature) and the finiteness check |
//! | [`world`] ([`World`]) | the game's world: bodies made from descriptions, the typed words, the [`Hooks`] trait, the [`Event`]s |
//! | [`character`] ([`Walker`]) | the walking controller, which [`World::control`] runs in the tick |
//! | [`TriangleId`] | a triangle named by tile and index |
//! | [`QueryError`], [`WorldError`] | the typed errors |
//! | [`record`] | the record-layer types a caller may need, so a game names no record crate |
//! | [`prelude`] | what a game imports |
//!
//! # Levels
//!
//! A [`Level`] loads every form of the level's collision (the console's
//! chunks, the binary and RON forms, OBJ, a triangle soup) and holds a
//! level of any size, in as many collision meshes (tiles) as the console's
//! 65,535-triangle limit needs; its queries answer across tiles as one mesh
//! would (the [`level`] module says how, and how ties are ordered).
//! Triangles are named by [`TriangleId`] (tile, index).
//!
//! A level is shared, never copied: its tiles are one
//! [`TiledMesh`](record::TiledMesh) behind an `Arc`, every query
//! takes `&self`, and a `Level` is `Clone` (an `Arc` clone), `Send` and
//! `Sync`, so the world, the AI's line tests and other threads ask the same
//! one at once; each query takes its scratch from the level's pool
//! ([`level`], "Sharing").
//!
//! # Queries
//!
//! | query | returns | record layer |
//! | --- | --- | --- |
//! | [`Level::cast_sphere`] / [`Level::cast_sphere_all`] (`_into` a caller's `Vec`) | `Option<Hit>` / [`Answer<Hit>`](Answer) sorted by fraction, marked when truncated | `PhysicsMesh_SweepSphere` |
//! | [`Level::cast_capsule_walls`] / [`Level::cast_capsule_walls_all`] | the walking body's wall contacts (walls only: no floor) | `PhysicsMesh_SweepCapsule` |
//! | [`Level::cast_box`] / [`Level::cast_box_all`] | the box's contacts | `PhysicsMesh_SweepBox` |
//! | [`Level::cast_ray`], [`Level::line_of_sight`] | `Option<RayHit>`, the nearest | `WorldManager_RayCast` |
//! | [`Level::overlap_sphere`] (`_into` a caller's `Vec`) | [`Answer<Overlap>`](Answer), marked when truncated | `PhysicsMesh_OverlapSphere` |
//! | [`Level::push_out_of_walls`] | `Option<Push>`, the nearest wall (walls only) | `PhysicsBody_PushOutOfWalls` |
//! | [`Level::ground_below`] | `Option<Ground>` | `Collision_DropToGround` |
//!
//! Inputs are nalgebra's `Point3`, `Vector3`, `Unit<Vector3>`,
//! `Translation3` and `Isometry3`, `[f32; 3]`, or with the `glam` feature
//! glam's `Vec3`/`Vec3A` ([`convert`]); outputs are nalgebra types in the
//! level's float mode `R` (`f32` by default, or [`Ee32`], the console's bits).
//! A NaN or infinite input is a [`QueryError`], never a hit.
//!
//! ```
//! use warriors_physics::prelude::*;
//!
//! let soup = [
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [10.0, 10.0, 0.0]]),
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 10.0, 0.0], [0.0, 10.0, 0.0]]),
//! ];
//! let level: Level = Level::from_soup(&soup, &LevelConfig::default(), "yard")?;
//! let hit = level.cast_sphere(Point3::new(5.0, 5.0, 3.0), 0.5, Vector3::new(0.0, 0.0, -5.0))?;
//! assert_eq!(hit.map(|h| h.fraction), Some(0.5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Units, axes and float modes
//!
//! Lengths are metres, times seconds, velocities m/s; the level's `z` is
//! up, as on the console (an OBJ file made y-up is read with
//! [`ObjAxes`] set in its [`ObjOptions`]). Every type is generic over the
//! float mode `R`: `f32` (the default, IEEE arithmetic with the console's
//! saturations) or [`Ee32`], the console's FPU bit for bit.
//!
//! # The world
//!
//! A [`World`] holds the bodies over a [`Level`]: humans, world objects,
//! cars and panes made from descriptions ([`HumanDesc`], [`ObjectDesc`],
//! [`CarDesc`], [`PaneDesc`]) and named by [`Body`] handles that know
//! their world. [`World::tick`] runs one 60 Hz tick in the console's order
//! (walking humans at 30 Hz, falling objects when due, the settles), with
//! the game's [`Hooks`] answering contacts (`&mut ()` for the console's
//! answers); [`World::control`] moves a human through the walking
//! controller ([`Walker`]: ground, kerbs, ledges, landings); what happened
//! comes out as [`Event`]s. A whole game loop:
//!
//! ```
//! use warriors_physics::prelude::*;
//!
//! let ground = [
//!     SoupTriangle::new([[-20.0, -20.0, 0.0], [20.0, -20.0, 0.0], [20.0, 20.0, 0.0]]),
//!     SoupTriangle::new([[-20.0, -20.0, 0.0], [20.0, 20.0, 0.0], [-20.0, 20.0, 0.0]]),
//! ];
//! let mut world = World::<f32>::new();
//! world.set_level(Level::from_soup(&ground, &LevelConfig::default(), "yard")?)?;
//! let player = world.add_human(HumanDesc { player: true, ..HumanDesc::at(Point3::origin()) })?;
//! let bystander = world.add_human(HumanDesc::at(Point3::new(3.0, 0.0, 0.0)))?;
//! let crate_ = world.add_object(ObjectDesc::cuboid(Point3::new(0.0, 3.0, 2.0), Vector3::repeat(0.5)))?;
//! world.drop_object(crate_, Vector3::new(0.0, 0.0, 0.0))?;
//! world.control(player, WalkInput::walk(Vector3::new(2.0, 0.0, 0.0)))?;
//! let (mut bumps, mut landings) = (0, 0);
//! for _tick in 0..120 {
//!     world.tick(&mut ());
//!     for event in world.drain_events() {
//!         match event {
//!             Event::Contact(c) if c.other == Touched::Body(bystander) => bumps += 1,
//!             Event::Landed { body, .. } if body == crate_ => landings += 1,
//!             _ => {}
//!         }
//!     }
//! }
//! // The player walked into the bystander and pushed him; the crate landed.
//! assert!(bumps > 0 && landings == 1);
//! assert!(world.position(bystander)?.x > 3.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A level of any number of tiles is taken, its tiles shared with the
//! level (no copy): the body sweep, the landing segment and the shape
//! queries ask every tile they reach and merge as the level's queries do; a contact names its triangle by [`TriangleId`].
//! Games that want the console's owner slots use the record layer's world
//! ([`World::record_mut`], [`record`]).
//!
//! # Examples
//!
//! `examples/`: `walk_street` (a human walked down a street loaded from
//! `fixtures/mesh/street.obj` into a parked car and a façade),
//! `drop_brick` (a brick dropped, bouncing, settling and at rest),
//! `line_of_sight` (sight rays through glass, into and over a car),
//! `load_disc_chunks` (the console's chunks of `fixtures/mesh/hand-made.lev`).
//! Each runs in well under a second: `cargo run -p warriors-physics
//! --example walk_street`.
//!
//! # Performance
//!
//! `benches/facade.rs` asks 256 seeded queries of a generated street (854
//! triangles, one tile) through the facade and through the record layer's
//! own calls, which find the same hits. Instructions per query (callgrind,
//! `f32`, the level shared and asked through `&self`), the latest count:
//!
//! | query | record layer | facade | facade ÷ record | goal |
//! | --- | --- | --- | --- | --- |
//! | first-hit sphere sweep | 9,729 | 9,944 | 1.022 | ≤ 1.05, met |
//! | ray, 8 m | 4,915 | 5,120 | 1.042 | ≤ 1.05, met |
//!
//! How the counts are taken, the counts before the shared level, what the
//! facade's part is and the times are on the performance page,
//! `docs/performance.md` ("The facade").
//!
//! # Features
//!
//! * `glam`: glam's vectors in ([`convert::IntoPoint`], [`convert::IntoVector`])
//!   and out (`convert::ToGlam`, with the feature).
//! * `serde`: `Serialize`/`Deserialize` on every public record of the
//!   facade (hits, rays, overlaps, pushes, ids, settings, errors' inputs),
//!   forwarded to every crate below that has the feature.
//!
//! # Dependencies
//!
//! * `ps2-float`: the float modes ([`Real`], [`Ee32`]) and the record
//!   layer's `Vec4`, with its nalgebra conversions.
//! * `kernels`: the shape records and the contact record the sweeps fill.
//! * `collision-mesh`: every loader and every mesh query.
//! * `shape-pools`: the world's shape records (poses, boxes).
//! * `physics-world`: the world of bodies, its owners and reference owners.
//! * `nalgebra`: the vector types in and out.
//! * `bitflags`: [`SweepFlags`], [`ContactMarks`].
//! * `thiserror`: the error derives.
//! * `glam`, `serde`: optional, as above.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod character;
pub mod convert;
mod error;
mod ids;
mod import;
pub mod level;
mod query;
mod scratch;
pub mod world;

pub use character::{Landing, WalkInput, WalkStep, Walker};
pub use collision_mesh::obj::{
    ImportReport, MaterialMap, ObjAxes, ObjOptions, Sidecar, Strictness, UnknownName,
};
pub use collision_mesh::{
    Attributes, BuildConfig, CollisionMesh, ListWalk, Material, MeshError, Place, SoupTriangle,
    TriangleFlags,
};
pub use error::{Input, QueryError, WorldError};
pub use ids::TriangleId;
pub use level::{Level, LevelConfig, MAX_TILE_TRIANGLES};
pub use physics_world::step::StepReport;
pub use physics_world::{BackOffReading, BodyFlags, BounceReading, Readings, WorldConfig};
pub use physics_world::{NormalTable, ParallelSideRule, Quirks};
pub use ps2_float::{Ee32, Real};
pub use query::{
    oriented_box, ContactMarks, Ground, Hit, Overlap, Push, RayFilter, RayHit, SweepFlags,
    SweepSettings,
};
pub use query::{Answer, Truncation};
pub use world::{
    Body, BodyAttributes, BodyKind, BodyShape, CarDesc, ContactAnswer, ContactCode, ContactEvent,
    Event, Hooks, HumanDesc, Layers, ObjectBody, ObjectDesc, ObjectState, PaneDesc, SettleAxis,
    StrikeEvent, TickReport, Touched, TypeMask, World, WorldId,
};

/// The record layer's types the facade's calls take or give, for a caller
/// who needs the exact records (an `Ee32` box's axes, a world's owner
/// trait): re-exported so that no game names the record crates itself.
pub mod record {
    pub use collision_mesh::build::from_soup;
    pub use collision_mesh::{binary, chunks, obj, ron_text};
    pub use collision_mesh::{
        Aabb, MeshRayFilter, QueryScratch, Ray, RayResult, SweepQuery, Tile, TiledMesh,
        TiledScratch,
    };
    pub use kernels::{Capsule, Contact, OrientedBox, Shape, Sphere};
    pub use physics_world::quat::Quat;
    pub use physics_world::reference;
    pub use physics_world::{
        BodyId, ContactContext, MoverState, ObjectShape, ObjectType, Other, OwnerId, Owners,
        PhysicsWorld, SweepReport, WorldConfig,
    };
    pub use ps2_float::Vec4;
    pub use shape_pools::{HumanCapsule, Pose};
}

/// What a game imports: `use warriors_physics::prelude::*;`.
pub mod prelude {
    #[cfg(feature = "glam")]
    pub use crate::convert::ToGlam;
    pub use crate::convert::{IntoPoint, IntoScalar, IntoVector};
    pub use crate::{Answer, Truncation};
    pub use crate::{
        Body, BodyAttributes, BodyKind, BodyShape, CarDesc, ContactAnswer, ContactCode,
        ContactEvent, ContactMarks, Ee32, Event, Ground, Hit, Hooks, HumanDesc, ImportReport,
        Input, Layers, Level, LevelConfig, Material, MaterialMap, MeshError, ObjAxes, ObjOptions,
        ObjectBody, ObjectDesc, ObjectState, Overlap, PaneDesc, Push, QueryError, RayFilter,
        RayHit, Real, SettleAxis, SoupTriangle, Strictness, StrikeEvent, SweepFlags, SweepSettings,
        TickReport, Touched, TriangleFlags, TriangleId, TypeMask, WalkInput, WalkStep, Walker,
        World, WorldError,
    };
    pub use nalgebra::{Isometry3, Point3, Translation3, Unit, UnitQuaternion, Vector3};
}
