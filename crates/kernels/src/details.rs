//! The unit-internal steps: parts of one original function (a set-up, a
//! window, a per-axis test, a traced or split form), public so that the
//! worked cases of the specification can be replayed step by step.
//!
//! Stable enough to test against, not the interface a game writes against:
//! a game reaches the kernels through the record layer's original functions
//! (the items with an `Original:` line) and their records, or through the
//! facade crate `warriors-physics`, which never names this module
//! (`docs/ARCHITECTURE.md`, "Layers"). The case replayer (`golden`) and the
//! tests use it, and so does the mesh crate, whose box sweep is built from
//! the per-triangle step below.
//!
//! One module per kernel family, named as the family's public module.

/// Unit 13's steps: the box-box sweep naming its axis, the box-triangle
/// sweep with its windows and its box-axes cull, and the per-triangle part
/// of `PhysicsMesh_SweepBox` with its output record.
pub mod box_sweep {
    pub use crate::box_sweep::box_box::sweep_box_box_axis;
    pub use crate::box_sweep::box_triangle::{box_axes_separate, sweep_box_triangle_windows};
    pub use crate::box_sweep::mesh::{
        physics_mesh_sweep_box_triangle, physics_mesh_sweep_box_triangle_with_normal,
        write_mesh_box_contact,
    };
}

/// Unit 12's step: the flag `PhysicsSweep_CapsuleBox` hands its two steps.
pub mod capsule_box {
    pub use crate::capsule_box::sweep::kernel_flag;
}

/// Unit 4's query step: what `IPhysics_OverlapShape` does around one pair
/// and the order of its results (the world's walk is the world crate's).
pub mod overlap {
    pub use crate::overlap::query::{
        overlap_query, overlap_query_pair, overlap_query_pair_with, overlap_query_with,
    };
}

/// Unit 5's step: a feature's box-frame normal, read from the tables
/// `SphereBox_ToBoxSpace` turns into world space.
pub mod sphere_box {
    pub use crate::sphere_box::normals::local_normal;
}

/// Unit 1's traced form: the sphere-triangle sweep also reporting the step
/// it took and what that step computed.
pub mod sphere_triangle {
    pub use crate::sphere_triangle::sweep::{
        sweep_sphere_triangle_traced, sweep_sphere_triangle_traced_with,
    };
}
