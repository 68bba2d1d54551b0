//! [`TriangleFlags`]: the `u16` at `+0x06` of a collision triangle.
//!
//! The type lives in the kernels crate (`kernels::flags`), beside the
//! per-triangle filter every mesh query shares (`kernels::triangle_filter`);
//! the mesh names it here, where its triangles are.

pub use kernels::flags::TriangleFlags;
