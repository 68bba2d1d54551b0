//! A sphere swept against one triangle (Unit 1, "Triangle sphere-sweep
//! kernels"): the face, then one edge as a capsule or a corner's region, and
//! the static point-to-triangle distance.
//!
//! # The sweep
//!
//! [`sweep_sphere_triangle`] first finds where the sphere reaches the
//! triangle's plane (or takes the centre when it already reaches it), then
//! classifies that point against the three edges' side planes. Inside all
//! three is a face hit; outside one edge runs [`sweep_sphere_edge`] on that
//! edge; outside two runs [`sweep_sphere_vertex_region`] on the corner
//! between them, which tests one of the corner's two edges. An edge is first
//! checked for a segment already inside the ball
//! ([`intersect_segment_sphere`]), then swept as a capsule
//! ([`sweep_sphere_edge_cylinder`] over [`ray_infinite_cylinder`]).
//!
//! # Quirks kept
//!
//! The capsule lists its roots wall first, then the start cap, then the end
//! cap, and the edge step reports the first listed root, not the smallest:
//! corner contacts can come late or be lost past the end of the move, and the
//! kernel can return a fraction outside `[0, 1]` (the mesh callers drop it).
//! `docs/quirks.md` (Unit 1) lists them with their tests, and
//! `docs/divergences.md` the guards and inferred readings
//! (divergences 20-30).
//!
//! [`point_triangle_distance_sq`] and [`sphere_triangle_penetration`] are the
//! static side: Eberly's region method, followed exactly.
//!
//! # Arguments
//!
//! Out-parameters are `Option` fields (`None`: not written, as the original
//! leaves the caller's slot), sphere arguments are a centre and a radius, and
//! the original's unused arguments are not taken; [`SweepTrace`] and the
//! extra fields of [`EdgeSweep`] expose the original's locals (the capsule's
//! roots, the edge a corner step chose) for tests and snapshots
//! (divergence 29).

mod cylinder;
mod distance;
mod edge;
mod entry;
mod segment_sphere;
pub(crate) mod sweep;
mod vertex_region;

pub use cylinder::{ray_infinite_cylinder, sweep_sphere_edge_cylinder};
pub use distance::{point_triangle_distance_sq, sphere_triangle_penetration, TriangleDistance};
pub use edge::{sweep_sphere_edge, EdgeSweep};
pub use entry::{capsule_entry, triangle_edges_entry};
pub use segment_sphere::{intersect_segment_sphere, EdgePoints};
pub use sweep::{
    sweep_sphere_triangle, sweep_sphere_triangle_thunk, sweep_sphere_triangle_thunk_with,
    sweep_sphere_triangle_with, SweepRecord, SweepStep, SweepTrace,
};
pub use vertex_region::{sweep_sphere_vertex_region, sweep_sphere_vertex_region_read};
