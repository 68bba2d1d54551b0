//! Unit 12: an upright capsule swept against an oriented box, the pair table
//! entries (3, 1) and (1, 3).
//!
//! The test is two-dimensional: a circle (the capsule's footprint) swept
//! against the box's rectangle in the box's most horizontal plane. Heights are
//! never compared (spec, Unit 12, "Summary for the implementer").
//!
//! * [`physics_sweep_capsule_box`] picks the plane, the region of the start
//!   and the step, and fills the contact;
//! * [`physics_sweep_box_capsule`] is the mirror (the box moves);
//! * [`sweep_capsule_box_side`] and [`sweep_capsule_box_corner`] are the two
//!   steps, on coordinates folded so that the start lies left of (and, for a
//!   corner, below) the rectangle;
//! * [`capsule_box_first_touch`] is the corrected sweep
//!   ([`CapsuleBoxQuirks::steps`] off): the capsule's true first touch in
//!   three dimensions.

mod corner;
mod exact;
mod quirks;
mod side;
mod step;
pub(crate) mod sweep;

pub use corner::sweep_capsule_box_corner;
pub use exact::{capsule_box_first_touch, segment_box_nearest};
pub use quirks::CapsuleBoxQuirks;
pub use side::sweep_capsule_box_side;
pub use step::{Folded, StepResult};
pub use sweep::{physics_sweep_box_capsule, physics_sweep_capsule_box};
