//! `IPhysics`, the physics world of The Warriors (PS2, 2005): the bodies of
//! humans, world objects, cars and glass panes, the list sorted by `min.x`
//! with its widest-body bound, the sort-and-sweep queries, the shape
//! queries against bodies and the level's mesh, the ignore lists, settling
//! and the 60 Hz step (overview "Data", "Behaviour", "Queries"; Units 6 to
//! 10, 14 and 15, whose exact pages are not in the specification: every
//! reading beyond the overview is *inferred* and numbered in
//! `docs/divergences.md`, rows 180-220 and 232). The body sweep and the contact
//! resolution ([`sweep`], [`resolve`]; Units 2 and 3, not in the
//! specification either) have rows 221 and up; the strike loop and the 0x801 update sweep
//! (`strike.rs`) and the landing segment (`landing.rs`) rows 240 and up.
//!
//! # What it holds
//!
//! | item | what |
//! | --- | --- |
//! | [`PhysicsWorld`], [`WorldConfig`] | the world: the shape pools, the ignore and settle slots and three parts of its own; `AddBody`/`RemoveBody` and the list operations |
//! | [`BodySet`], [`HumanSets`], [`LevelState`] | the world's state in parts (`parts.rs`): the body pools with the list sorted by `min.x`, its widest-body bound and the body vector; the human body sets and list; the level and its query scratch |
//! | [`BodyRecord`], [`HumanParts`], [`BodyFlags`], [`phyflag`], [`type_bits`], [`object_flags`] | the body record, the human set's extra fields, the body flags, the PHYFLAG values, the owner type mask's bits and the object flags |
//! | [`PhysicsWorld::create_object_body`], [`PhysicsWorld::create_car_body`], [`PhysicsWorld::update`] | the create and free of objects, cars and panes (a world object's shape from its type: [`ObjectType`], [`ObjectShape`]), and the base `Update`/`Moved` |
//! | [`PhysicsWorld::create_human_body`], [`BONE_SHAPES`] | the human and punch-bag bodies: the bone table ([`BoneShape`]), scale, enable bits, strike and push spheres, the human `Update`/`Moved`, the ignore rules |
//! | [`BoxQuery`], [`QueryWalk`] | the sort-and-sweep |
//! | [`sorted_list::SortedList`] | the list sorted by `min.x`, in chunks, read by position as the console's array |
//! | [`ShapeQuery`], [`ContactList`], [`RayBodyHit`] | `CollideShape`, `OverlapShape`, `RayCastBodies` and the sorted contact list |
//! | [`resolve`] | the contact resolution (`PhysicsBody_ResolveContacts`) |
//! | [`sweep`] | the body sweep (`PhysicsBody_Sweep`), its mesh half and its bodies' half |
//! | [`UpdateSweep`] | the strike loop and the 0x801 update sweep (`strike.rs`) |
//! | [`PhysicsWorld::landing_test`], [`LANDING_FLAG`] | the landing segment of an airborne human (`landing.rs`) |
//! | [`step`], [`settle`], [`quat`] | `StartSettle`, `CancelSettle`, `IPhysics_Step`, the settle's maths and the rotations |
//! | [`tiles`] | the triangle word that names a tile's triangle in a contact, the tile-count check |
//! | [`Owners`], [`ContactContext`], [`OwnerId`], [`BodyId`] | the owner trait the world calls with what its contact hooks are told, and the typed handles |
//! | [`reference`](mod@reference) | the reference owners the scenarios run with (world object, walking human, car and its loose part), the game's body-making and walking step |
//! | [`street`] | a seeded street workload, shared by the tick benchmark, the allocation test and the street scenario |
//!
//! # How to use it
//!
//! Make a [`PhysicsWorld`], give it the level ([`PhysicsWorld::set_mesh`],
//! [`PhysicsWorld::set_meshes`] or a shared [`PhysicsWorld::set_level`]),
//! implement [`Owners`] for the game's objects (or use `()`, or the
//! [`reference`](mod@reference) owners), create bodies from shapes of the world's pools,
//! and call [`PhysicsWorld::update`] after each move and
//! [`PhysicsWorld::step`] once a tick. This is the record layer: its calls are the original's, with
//! their out-parameters and option words; a game writes against the facade
//! crate `warriors-physics`, which drives this world for it.
//!
//! # The level
//!
//! The console's world holds one collision mesh ([`PhysicsWorld::set_mesh`]).
//! A level past the format's 65,535 triangles is held as several meshes
//! ([`PhysicsWorld::set_meshes`], the [`tiles`] module): every mesh question
//! of the world is then asked of each tile it reaches and the answers merged
//! as one mesh would give them, and a contact's triangle word names the tile
//! in its high half (divergences 345, 346). One tile is the console's path,
//! unchanged. The meshes are a shared `collision_mesh::TiledMesh` the world
//! holds behind an `Arc` ([`PhysicsWorld::set_level`] takes one another
//! holder has, such as the facade's level: no copy), with its own query
//! scratch; switching triangles through [`PhysicsWorld::mesh_mut`] copies a
//! shared level first (divergence 381).
//!
//! # Owners
//!
//! The console calls a body's owner (a task object) through its vtable.
//! Here that is the [`Owners`] trait, with the console's common answers as
//! default methods; the world never stores owners: each call that needs
//! them takes the game's implementation, keyed by the [`OwnerId`] the game
//! chose. `()` is the owner set where every owner gives the defaults.
//!
//! # Example
//!
//! ```
//! use physics_world::{type_bits, BodyFlags, BoxQuery, Owners, OwnerId, PhysicsWorld};
//! use ps2_float::Vec4;
//! use shape_pools::{Aabb, Pose};
//!
//! /// Two crates standing in a street.
//! struct Crates;
//! impl Owners<f32> for Crates {
//!     fn type_mask(&self, _: OwnerId) -> u32 {
//!         type_bits::OBJECT
//!     }
//!     fn frame(&self, o: OwnerId) -> Pose<f32> {
//!         Pose::at(Vec4::point(o.word() as f32 * 2.0, 0.0, 0.5))
//!     }
//! }
//!
//! let mut world = PhysicsWorld::<f32>::default();
//! let owners = Crates;
//! let size = Vec4::new(1.0, 1.0, 1.0, 0.0);
//! for n in 1..=2 {
//!     let owner = OwnerId::new(n).unwrap();
//!     let shape = world.shape_pools_mut().alloc_object_box(size).unwrap();
//!     let body = world
//!         .create_object_body(&owners, owner, shape, BodyFlags::OBJECT_START)
//!         .unwrap();
//!     world.update(&owners, body); // pose, bounds, sorted place
//! }
//! let mut found = Vec::new();
//! let probe = Aabb::new(Vec4::point(3.8, -0.1, 0.0), Vec4::point(4.2, 0.1, 1.0));
//! world.query_box(&mut found, &probe, &BoxQuery::new(type_bits::OBJECT));
//! assert_eq!(found.len(), 1);
//! assert_eq!(world.body(found[0]).unwrap().owner, OwnerId::new(2).unwrap());
//! ```
//!
//! # Performance
//!
//! The seeded street's tick (`cargo bench -p warriors-physics-world --bench
//! tick`; [`street`]: 60 humans walking, 416 world objects, 18 parked cars
//! on 200 m of road), the mean 1/30 s tick of ticks 61 to 360:
//!
//! | mode | time per tick | goal | |
//! | --- | --- | --- | --- |
//! | `f32` | 109 µs | under 330 µs (1 % of the console's 33 ms frame) | met |
//! | `Ee32` | 297 µs | within 10× of `f32` | met, 2.7× |
//!
//! In instructions (`cargo xtask bench-ir --tick`: callgrind, ticks 61 to
//! 360): 0.508 M per tick in `f32` (goal under 0.6 M, met), 1.477 M in
//! `Ee32` (2.91× `f32`; goal within 3×, met).
//!
//! The body query ([`PhysicsWorld::query_box`]) at 100,000 bodies in four
//! layouts (`cargo xtask bench-ir --bodies`: instructions, ours ÷ parry3d
//! 0.31.1's BVH over the same boxes; times from `cargo bench -p
//! warriors-physics-world --bench body_query`, µs per query, ours / BVH),
//! and building a world:
//!
//! | what | figure | time | goal |
//! | --- | --- | --- | --- |
//! | street along `x` | 0.86× | 0.14 / 0.10 | still ahead of the BVH, met |
//! | street along `y` | 1.37× | 0.20 / 0.11 | within 1.5×, met |
//! | square city | 1.36× | 0.21 / 0.11 | within 1.5×, met |
//! | crowd (discs of 200 at 1 per m²) | 2.38× | 0.41 / 0.16 | none |
//! | creating, then freeing, 100,000 bodies | 0.17-0.23 s, 0.07-0.11 s | | under 1 s each, met |
//!
//! `CollideShape` and `OverlapShape` write their contacts into the
//! caller's records (no per-query copy of the 50-record list: 3.2× and
//! 11.4× fewer instructions). A
//! warmed-up tick allocates nothing, in either mode
//! (`tests/no_alloc_tick.rs`). The body and query benchmarks, the
//! instruction profile of the tick, the runs before each change and why an
//! old street costs more are on the performance page,
//! `docs/performance.md` ("The world").
//!
//! # Features
//!
//! * `serde` (optional): `Serialize`/`Deserialize` on the body records
//!   (`BodyRecord`, `HumanParts`, `BodyFlags`), the object types and shapes, the
//!   ids (`OwnerId`, `BodyId`, `BodyPool`, `Other`) and `StepRate`,
//!   forwarded to `ps2-float`, `kernels`, `shape-pools` and `smallvec`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bodies;
mod body;
pub mod broad_phase;
mod flags;
mod human;
mod ids;
mod landing;
mod owner;
mod parts;
pub mod quat;
mod query_box;
pub mod reference;
pub mod resolve;
pub mod settle;
mod shape_query;
pub mod sorted_list;
pub mod step;
pub mod street;
mod strike;
pub mod sweep;
pub mod tiles;
mod world;

pub use bodies::{ObjectShape, ObjectType};
pub use body::{BodyRecord, HumanParts, MAX_STRIKE_SPHERES};
pub use flags::{object_flags, phyflag, type_bits, BodyFlags, PHYFLAG_TO_BODY};
pub use human::{BoneShape, BONE_SHAPES, PUNCH_BAG_SEGMENT};
pub use ids::{BodyId, BodyPool, Other, OwnerId};
pub use kernels::{NormalTable, ParallelSideRule, Quirks, WorldQuirks};
pub use landing::LANDING_FLAG;
pub use owner::{ContactContext, Owners};
pub use parts::{BodySet, HumanSets, LevelState};
pub use query_box::{BoxFilter, BoxQuery, QueryWalk};
pub use resolve::MoveState;
pub use shape_query::{ContactList, QueryOptions, RayBodyHit, ShapeQuery, MAX_CONTACTS};
pub use strike::UpdateSweep;
pub use sweep::{MoverState, SweepReport};
pub use tiles::LevelError;
pub use world::{
    build_human_set, BackOffReading, BounceReading, PhysicsWorld, Readings, Refusals, StepRate,
    WorldConfig,
};
