//! The inner steps of the shapes' original functions, public so that tests
//! can hold them to the rules the overview states.
//!
//! Stable enough to test against, not the interface a game writes against:
//! a game poses a shape through [`PhysShape::pose`](crate::PhysShape::pose)
//! and reads its bounds through [`PhysShape::bounds`](crate::PhysShape::bounds),
//! or goes through the facade crate `warriors-physics`, which never names
//! this module (`docs/ARCHITECTURE.md`, "Layers").

pub use crate::shape::human_capsule_height;
