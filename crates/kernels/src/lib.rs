//! The geometry kernels of the physics world, exactly as the console computes
//! them: Units 1, 4, 5, 12 and 13 of the specification, the other pair sweeps
//! and rays, the contact record and the two 5 × 5 pair tables.
//!
//! Every function is generic over the float mode ([`ps2_float::Real`]: `f32` or
//! [`ps2_float::Ee32`]), pure, and allocation-free. Each one that implements an
//! original function says so in its docs with the original's name and address.
//!
//! Quirks of the original are reproduced, not fixed; `docs/quirks.md` lists
//! them with the tests that pin them, and `docs/divergences.md` lists every
//! guard and inferred reading (cited from the code as "divergence N").
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod box_sweep;
pub mod capsule_box;
pub mod contact;
pub mod overlap;
pub mod pair;
pub mod ray;
pub mod roots;
mod sat;
pub mod segment;
pub mod shapes;
pub mod sphere_box;
pub mod sphere_triangle;
pub mod sweep;
pub mod table;
pub mod triangle;

pub use contact::{Contact, ContactHalf, Lanes};
pub use pair::PairContext;
pub use shapes::{Capsule, OrientedBox, Segment, Shape, ShapeType, Sphere};
pub use triangle::WorkTriangle;
