//! Rays against single shapes: the per-type ray table (IPhysics `+0x108`),
//! which has entries for the box and the capsule only (overview, "The
//! shape-pair tables").
//!
//! `IPhysics_RayCastBodies` tries each candidate body's shapes with the entry
//! for their type and keeps the nearest hit's owner, shape and fraction; it
//! writes no point or normal (overview, "Queries"). So an entry here answers
//! a fraction only.
//!
//! A ray is the segment `start + t·dir`, `t` in `[0, 1]`, and an entry returns
//! the `t` at which it first meets the shape, or `None`. That form is
//! *inferred* (divergence 110): the spec gives the query's first argument as
//! a length and does not give the entries' arguments.
//!
//! * [`ray_clip_slab`], [`ray_oriented_box`], [`physics_ray_box`]: the box,
//!   slab by slab;
//! * [`physics_ray_capsule`]: the capsule, through the sphere-capsule kernel
//!   [`crate::sweep::sweep_sphere_capsule()`] with the capsule's own radius;
//! * [`ray_sphere`], [`ray_segment`]: the sphere and the segment, which the
//!   console's table never ray-tests; they serve only with
//!   [`PairQuirks::ray_box_capsule_only`](crate::PairQuirks) off
//!   ([`crate::table::ray_cast_shape_with`], divergence 476).

mod ray_box;
mod ray_capsule;
mod ray_segment;
mod ray_sphere;

pub use ray_box::{physics_ray_box, ray_clip_slab, ray_oriented_box};
pub use ray_capsule::physics_ray_capsule;
pub use ray_segment::ray_segment;
pub use ray_sphere::ray_sphere;
