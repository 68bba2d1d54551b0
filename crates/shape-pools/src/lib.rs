//! The shapes of The Warriors' physics world and the fixed pools they live
//! in: the shape record with its common head, each type's pose, "set from
//! a matrix" and world bounds, the box helpers, the pools with the console's
//! capacities and the ignore slots (overview "Data", "Shapes", "Ignore
//! lists"; Units 6 and 8, whose exact pages are not in the specification:
//! every reading beyond the overview is *inferred* and numbered in
//! `docs/divergences.md`, rows 180-199).
//!
//! Every numeric function is generic over the float mode
//! ([`ps2_float::Real`]: `f32` or [`ps2_float::Ee32`]).
//!
//! # What it holds
//!
//! | item | what |
//! | --- | --- |
//! | [`PhysShape`], [`ShapeHead`] | the shape record: the common head (next shape, offset, previous position, bone, [`ShapeFlags`]) beside the kernels' geometry, with the constructors, each type's pose from a [`PoseSource`], "set from a matrix", the box's size, matrix and corners, and the world bounds |
//! | [`HumanCapsule`], [`CapsuleRaise`] | a human's capsule state, read by the capsule's pose |
//! | [`Aabb`] | the world box and the original's four box helpers (`kernels`' one box type, re-exported) |
//! | [`Pose`] | the row-vector frame a pose reads |
//! | [`Pool`], [`PoolIndex`] | the first-free generational pool |
//! | [`ShapePools`], [`PoolCapacities`], [`ShapeId`], [`ShapeKind`] | the named shape pools with the console's capacities, and the allocators |
//! | [`IgnoreSlots`], [`IgnoreSlot`] | the sixty ignore slots, generic over the body and owner types |
//! | [`details`] | the human capsule's raise and height step, for tests |
//!
//! # How to use it
//!
//! Make one [`ShapePools`] with the console's capacities
//! ([`PoolCapacities::CONSOLE`]), allocate each shape from its pool, pose
//! it from its owner's frame ([`PhysShape::pose`]) and read its world box
//! ([`PhysShape::bounds`]). A handle that outlived its shape reaches
//! nothing; a full pool answers `None`. The physics world
//! (`physics-world`) does all of this for its bodies.
//!
//! # Pools and handles
//!
//! [`Pool`] is a fixed array that hands out its first free entry, as every
//! allocator of `IPhysics` does, with a generation per entry so that a
//! freed shape's [`ShapeId`] can never reach the entry's next user. The
//! workspace's design names `slotmap` for handles; it is not used because
//! its free list gives back the most recently freed slot, and which slot a
//! body or shape takes is observable on the console (a healed human's new
//! body has his old one's slot). A full pool does what the console does —
//! nothing — and says so: the allocation is `None` and a counter goes up.
//!
//! ```
//! use ps2_float::Vec4;
//! use shape_pools::{PoolCapacities, Pose, ShapeKind, ShapePools};
//!
//! let mut pools = ShapePools::<f32>::new(PoolCapacities::CONSOLE);
//! // A brick's box: PhysicsBox_SetSize halves the size it is given.
//! let id = pools.alloc_object_box(Vec4::new(0.07, 0.21, 0.10, 0.0)).unwrap();
//! let brick = pools.get_mut(id).unwrap();
//! brick.pose(&Pose::at(Vec4::point(1.0, 2.0, 0.2831)));
//! let b = brick.bounds();
//! assert!((b.max.z - 0.3331).abs() < 1e-6);
//!
//! assert!(pools.free_shape(id));
//! assert!(pools.get(id).is_none(), "a freed shape cannot be reached");
//! assert_eq!(pools.pool(ShapeKind::ObjectBox).capacity(), 416);
//! ```
//!
//! # Features
//!
//! * `serde` (optional): `Serialize`/`Deserialize` on the shape records
//!   (`PhysShape`, `ShapeHead`, `HumanCapsule`, `CapsuleRaise`,
//!   `ShapeFlags`), `Pose`, `Aabb`, the pools' ids and capacities
//!   (`ShapeId`, `ShapeKind`, `PoolIndex`, `PoolCapacities`) and the
//!   ignore slots, forwarded to `ps2-float` and `kernels`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod details;
mod flags;
mod ignore;
mod pool;
mod pools;
mod pose;
mod shape;

pub use flags::ShapeFlags;
pub use ignore::{IgnoreSlot, IgnoreSlots};
pub use kernels::Aabb;
pub use pool::{Pool, PoolIndex};
pub use pools::{PoolCapacities, ShapeId, ShapeKind, ShapePools};
pub use pose::Pose;
pub use shape::{
    CapsuleRaise, HumanCapsule, PhysShape, PoseSource, ShapeHead, CAPSULE_HEIGHT, CAPSULE_RADIUS,
};
