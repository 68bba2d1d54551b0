//! `IPhysics`, the physics world of The Warriors (PS2, 2005): the bodies of
//! humans, world objects, cars and glass panes, the list sorted by `min.x`
//! with its widest-body bound, the sort-and-sweep queries, the shape
//! queries against bodies and the level's mesh, the ignore lists, settling
//! and the 60 Hz step (overview "Data", "Behaviour", "Queries"; Units 6 to
//! 10, 14 and 15, whose exact pages are not in the specification: every
//! reading beyond the overview is *inferred* and numbered in
//! `docs/divergences.md`, rows 180-220 and 232). The body sweep and the contact
//! resolution ([`sweep`], [`resolve`]; Units 2 and 3, not in the
//! specification either) have rows 221 and up; the strike loop, the landing segment and the 0x801
//! update sweep (`strike.rs`) rows 240 and up.
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
//! use physics_world::{BodyFlags, BoxQuery, Owners, OwnerId, PhysicsWorld};
//! use ps2_float::Vec4;
//! use shape_pools::{Aabb, Pose};
//!
//! /// Two crates standing in a street.
//! struct Crates;
//! impl Owners<f32> for Crates {
//!     fn type_mask(&self, _: OwnerId) -> u32 {
//!         0x1
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
//! world.query_box(&mut found, &probe, &BoxQuery::new(0x1));
//! assert_eq!(found.len(), 1);
//! assert_eq!(world.body(found[0]).unwrap().owner, OwnerId::new(2).unwrap());
//! ```
//!
//! # Performance
//!
//! `cargo bench -p warriors-physics-world --bench world -- --warm-up-time 1
//! --measurement-time 3`, measured on the 2-core development machine with
//! other builds running (load about 4, so expect ±20 %), `f32`:
//!
//! | benchmark | time | what |
//! | --- | --- | --- |
//! | `create_free/human` | 0.60 µs | a human's body from its set and back |
//! | `create_free/punch_bag` | 0.32 µs | |
//! | `create_free/object` | 0.21 µs | a sphere and its body |
//! | `create_free/car` | 0.20 µs | two boxes and the body |
//! | `create_free/pane` | 0.15 µs | |
//! | `query_box/street` | 7.5 µs per 64 queries | 60 humans, 416 objects, 18 cars on 200 m of street |
//! | `query_box/10k` | 10.4 µs per 64 queries | 10,004 bodies, the same street 4,050 m long |
//! | `query_box/street_console_walk` | 43.6 µs per 64 | the console's walk to the head |
//! | `query_box/10k_console_walk` | 1,481 µs per 64 | |
//! | `shape_query/push_sphere_overlap/street` | 22.8 µs per 30 | 30 push spheres against the humans (0x2012, mask 0x40) |
//! | `shape_query/camera_sphere_collide/street` | 23.7 µs per 32 | a 0.3 m sphere swept 2 m through the street's bodies |
//!
//! The two shape queries on the street and among 10,000 bodies, measured
//! side by side in one later run (a build running beside it, so both are
//! slower than above): the push spheres 42.5 µs on the street and 32.9 µs
//! among 10,000 bodies, the camera spheres 47.8 µs and 39.3 µs; the larger
//! world costs no more, since the bodies near each sphere are as many.
//!
//! Half the box queries are free 2 m boxes from the head of the list, half a
//! body's own box grown by 1 m starting from that body. In instructions
//! (callgrind, the same queries, the set-up subtracted) a query costs 739
//! on the street and 784 among 10,000 bodies (1.06×; the goal was 2×): with
//! the early stop (divergence 206) the cost follows the bodies near the box,
//! where the console's walk to the head grows with the whole list (34× from
//! the street to 10,000 bodies in time). Creating bodies among many costs
//! more: the sorted list is a `Vec`, so an insert moves the bodies after it.
//!
//! ## The street tick
//!
//! `cargo bench -p warriors-physics-world --bench tick -- --warm-up-time 1
//! --measurement-time 5`: the mean 1/30 s tick of ticks 61 to 360 of the
//! seeded street (`physics_world::street`: a 200 × 12 m road of 684
//! triangles with kerbs, walls and eight crates; 60 humans walking, 416
//! world objects of which 35 to 65 are airborne or settling in that window,
//! 18 parked cars; the reference owners answering), each window on a fresh
//! street. A tick is about 110 sweeps (each human's, then each airborne
//! object's update), 55 contacts, and the step.
//!
//! | mode | time per tick | goal | |
//! | --- | --- | --- | --- |
//! | `f32` | 251 µs (221 to 283) | under 330 µs (1 % of the console's 33 ms frame) | met |
//! | `Ee32` | 568 µs (491 to 676) | within 10× of `f32` | met, 2.3× |
//!
//! (Load about 3.7 while it ran, the other core building; 2-core AMD EPYC.)
//! The window is fixed because the street's load grows with its age:
//! boxes that end inside each other climb for ever (divergence 273), and
//! more and more objects stay airborne: about 110 sweeps a tick over the
//! first 300 ticks, 200 over ticks 3,000 to 10,000. The earlier benchmark ran one street on for as
//! long as criterion asked (about 10,000 ticks) and so timed those late
//! ticks: 755 µs before the cull below, where the first 1,000 ticks of the
//! same code took about 350 µs each. With the cull, ticks 301 to 3,000
//! cost 1.35 M instructions each on average (3,949 M for 3,000 ticks, less
//! the first 300's), a third more than the window's 1.02 M, so a tick of a
//! street that old is about at the goal rather than under it; most of the
//! growth is objects lying on other objects or on the parked cars' roofs,
//! which the box pair meets at fraction 0 on every update, so they stay
//! airborne (121 airborne at tick 3,000: about 80 between 0.3 and 0.7 m up,
//! 23 on the roofs at 1.4 to 1.6 m, 11 climbing boxes 18 to 33 m up).
//!
//! In instructions (callgrind on `examples/street_ticks.rs`, 300 ticks from
//! the start, `f32`, release; load-independent): 1.02 M per tick (306.6 M
//! in all), down from 1.79 M (534.9 M) when the box sweep walked every
//! triangle of its cells. Its walk now culls cells, tree nodes and
//! triangles by the box's own three axes (divergence 272, exact: the
//! kernel's own test on those axes): a box sweep now costs 30 % of the tick
//! (it was 60 %), the humans' walking sweeps 18 %, the cells' trees 14 %
//! of it (`walk::pick`, in both), the world's sweep's own code with its
//! inlined body queries 18 % and the body pairs' kernels 6 %
//! (`kernels::table::sweep_pair`), the grid's
//! cell ranges 7 %, the sorted list's reinsert 5 %. Earlier steps: the
//! list's reinsert as one rotation (616.7 M → 589.6 M) and the box's own
//! axes tested before the kernel's set-up per triangle (→ 534.9 M).
//!
//! A warmed-up tick allocates nothing, in either mode
//! (`tests/no_alloc_tick.rs` counts the allocator's calls over 100 ticks).
//!
//! # Features
//!
//! * `serde` (optional): `Serialize`/`Deserialize` on the body records
//!   (`Body`, `HumanParts`, `BodyFlags`), the object types and shapes, the
//!   ids (`OwnerId`, `BodyId`, `BodyKind`, `Other`) and `StepRate`,
//!   forwarded to `ps2-float`, `kernels`, `shape-pools` and `smallvec`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bodies;
mod body;
mod flags;
mod human;
mod ids;
mod owner;
pub mod quat;
mod query_box;
pub mod reference;
pub mod resolve;
pub mod settle;
mod shape_query;
pub mod step;
pub mod street;
mod strike;
pub mod sweep;
pub mod tiles;
mod world;

pub use bodies::{ObjectShape, ObjectType};
pub use body::{Body, HumanParts, MAX_STRIKE_SPHERES};
pub use flags::{object_flags, BodyFlags, PHYFLAG_TO_BODY};
pub use human::{BoneShape, BONE_SHAPES, PUNCH_BAG_SEGMENT};
pub use ids::{BodyId, BodyKind, Other, OwnerId};
pub use kernels::Quirks;
pub use owner::Owners;
pub use query_box::{BoxFilter, BoxQuery, QueryWalk};
pub use resolve::{ContactContext, MoveState};
pub use shape_query::{ContactList, QueryOptions, RayBodyHit, ShapeQuery, MAX_CONTACTS};
pub use strike::{UpdateSweep, LANDING_FLAG};
pub use sweep::{MoverState, SweepReport};
pub use tiles::LevelError;
pub use world::{
    build_human_set, BackOffReading, BounceReading, PhysicsWorld, Readings, Refusals, StepRate,
    WorldConfig,
};
