//! Unit 13: an oriented box swept against another box, a triangle and (one
//! triangle at a time) the level's mesh; and the box-segment pair entries,
//! which never touch.
//!
//! * [`sweep_interval_overlap`]: one separating axis of a moving interval
//!   against a still one, narrowing a time window (with the zero-speed reset
//!   quirk);
//! * [`box_tri_project_box`], [`box_tri_project_triangle`]: the intervals;
//! * [`sweep_box_triangle`]: the 13-axis sweep of a box against a still
//!   triangle, giving a fraction or `1e28`;
//! * [`sweep_box_box`]: whether two moving boxes meet (21 axes), no fraction;
//! * [`physics_sweep_box_box`], [`physics_sweep_segment_box`],
//!   [`physics_sweep_box_segment`]: the pair table entries (1, 1), (4, 1),
//!   (1, 4);
//! * [`physics_mesh_sweep_box_triangle`], [`write_mesh_box_contact`]: the
//!   per-triangle part of the mesh sweep and its output record (the cell walk
//!   belongs to the mesh crate).

pub(crate) mod box_box;
pub(crate) mod box_triangle;
mod interval;
pub(crate) mod mesh;
mod pair;
mod project;
mod segment_box;

pub use box_box::{sweep_box_box, sweep_box_box_first_contact, BoxBoxAxis};
pub use box_triangle::{sweep_box_triangle, sweep_box_triangle_with, NO_CONTACT};
pub use interval::{sweep_interval_overlap, sweep_interval_overlap_with, Interval, Window};
pub use mesh::{BoxTriangleStep, MeshBoxContact, MeshSkip, MeshTriangle};
pub use pair::{
    physics_sweep_box_box, physics_sweep_box_box_in, physics_sweep_box_segment,
    physics_sweep_segment_box,
};
pub use project::{box_tri_project_box, box_tri_project_triangle};
pub use segment_box::{
    physics_sweep_box_segment_in, physics_sweep_segment_box_in, segment_box_first_touch,
};

#[cfg(doc)]
use mesh::{physics_mesh_sweep_box_triangle, write_mesh_box_contact};
