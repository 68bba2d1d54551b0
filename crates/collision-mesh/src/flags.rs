//! [`TriangleFlags`]: the `u16` at `+0x06` of a collision triangle.
//!
//! The type, and [`CornerEdge`] (the edge bits 14-15 name), live in the
//! kernels crate (`kernels::flags`), beside the per-triangle filter every
//! mesh query shares (`kernels::triangle_filter`); the mesh names them here,
//! where its triangles are.

pub use kernels::flags::{CornerEdge, TriangleFlags};
