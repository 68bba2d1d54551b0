//! Static overlaps of a box and of an upright capsule with one triangle of
//! the level mesh: the kernels the console's mesh overlap table lacks (its
//! box and capsule entries return 0, overview "The shape-pair tables"),
//! used by the mesh's corrected overlaps when
//! [`MeshQuirks::overlap_sphere_only`](crate::MeshQuirks::overlap_sphere_only)
//! is off (divergences 477 and 478).
//!
//! Both answer a depth only, as the sphere's `SphereTriangle_Penetration`
//! does ([`crate::sphere_triangle::sphere_triangle_penetration`]): the
//! least distance the shape must move to stop overlapping the triangle,
//! `None` when they do not overlap (touching is not an overlap, the
//! sphere's strict rule). They read only the triangle's corners `v`.
//!
//! * [`box_triangle_depth`]: the separating axes of a box and a triangle;
//! * [`capsule_triangle_depth`]: the distance from the capsule's axis to the
//!   triangle, or the separating axes of the axis and the triangle when the
//!   axis passes through it.

mod axis;
mod overlap_box_triangle;
mod overlap_capsule_triangle;

pub use overlap_box_triangle::box_triangle_depth;
pub use overlap_capsule_triangle::capsule_triangle_depth;
