//! `IPhysics`, the physics world of The Warriors (PS2, 2005): the bodies of
//! humans, world objects, cars and glass panes, the list sorted by `min.x`
//! with its widest-body bound, the sort-and-sweep queries, the shape
//! queries against bodies and the level's mesh, the ignore lists, settling
//! and the 60 Hz step (overview "Data", "Behaviour", "Queries"; Units 6 to
//! 10, 14 and 15, whose exact pages are not in the specification: every
//! reading beyond the overview is *inferred* and numbered in
//! `docs/divergences.md`, rows 180-220 and 232). The body sweep and the contact
//! resolution ([`sweep`], [`resolve`]; Units 2 and 3, not in the
//! specification either) have rows 221 and up.
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
pub mod sweep;
mod world;

pub use bodies::{object_kind_bits, ObjectShape, ObjectType};
pub use body::{Body, HumanParts, MAX_STRIKE_SPHERES};
pub use flags::{object_flags, BodyFlags, PHYFLAG_TO_BODY};
pub use human::{BoneShape, BONE_SHAPES, PUNCH_BAG_SEGMENT};
pub use ids::{BodyId, BodyKind, Other, OwnerId};
pub use owner::Owners;
pub use query_box::{BoxFilter, BoxQuery, QueryWalk};
pub use resolve::{ContactContext, MoveState};
pub use shape_query::{ContactList, QueryOptions, RayBodyHit, ShapeQuery, MAX_CONTACTS};
pub use sweep::{MoverState, SweepReport};
pub use world::{build_human_set, Level, PhysicsWorld, Refusals, StepRate, WorldConfig};
