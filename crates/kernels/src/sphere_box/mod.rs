//! Unit 5: a sphere swept against an oriented box (sweep table entries (2, 1)
//! and (1, 2)), the kernel of strikes on cars and objects.
//!
//! * [`physics_sweep_sphere_box`], [`physics_sweep_box_sphere`]: the table
//!   entries, writing the contact record;
//! * [`sweep_sphere_oriented_box`]: the kernel: the start centre's region in
//!   the box's frame, folded so every coordinate is not negative, then one
//!   step:
//!   * [`sweep_face_region`] (a face region; the original's
//!     `SphereBox_SweepCorner`),
//!   * [`sweep_edge_region`] (an edge region, `SphereBox_SweepEdges`) with
//!     [`sweep_edge`] (one edge's cylinder and end corner,
//!     `SphereBox_SweepEdge`),
//!   * [`sweep_corner_region`] (the corner region,
//!     `SphereBox_SweepFaceEdges`);
//! * [`box_normal_to_world`]: the feature normal from the executable's tables
//!   (`SphereBox_ToBoxSpace`);
//! * the roots the steps use are in [`crate::roots`].
//!
//! The argument shapes (the box record, triples in a step's own axis order,
//! [`StartTouch`] for the flag `t0`) and the Rust names, which say what each
//! step does rather than repeat the original's names from an earlier pass,
//! are divergence 68.
//!
//! The contact point is kept in two frames: `+0x90` in the world, `+0x60` (the
//! box's half's point) in the struck box's frame, from its centre along its
//! axes. The quirks the specification names (normals by start region, eight
//! wrong table entries, the corner region's point being the sphere centre, the
//! inside case's world z, a touching start never hitting) are reproduced; see
//! `docs/quirks.md` (Unit 5).

pub use corner_region::sweep_corner_region;
pub use edge::sweep_edge;
pub use edge_region::sweep_edge_region;
pub use entries::{
    physics_sweep_box_sphere, physics_sweep_box_sphere_in, physics_sweep_sphere_box,
    physics_sweep_sphere_box_in,
};
pub use exact::sphere_box_first_touch;
pub use face_region::sweep_face_region;
pub use kernel::{
    sweep_sphere_oriented_box, sweep_sphere_oriented_box_read, sweep_sphere_oriented_box_with,
    SphereBoxHit, FEATURE_CORNER, FEATURE_EDGE, FEATURE_FACE, FEATURE_INSIDE,
};
pub use normals::{
    box_normal_to_world, box_normal_to_world_read, NormalTable, A_BITS, A_PRINTED_BITS, B_BITS,
    B_PRINTED_BITS,
};
pub use step::{StartTouch, Step};

mod corner_region;
mod edge;
mod edge_region;
mod entries;
mod exact;
mod face_region;
mod kernel;
pub(crate) mod normals;
mod step;
