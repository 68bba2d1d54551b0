//! The builder's and the queries' inner steps, public so that tests can
//! hold them to independent computations.
//!
//! Stable enough to test against, not the interface a game writes against:
//! a game loads and queries a mesh through [`CollisionMesh`] and its
//! records, or through the facade crate `warriors-physics`, which
//! never names this module (`docs/ARCHITECTURE.md`, "Layers").

use crate::mesh::CollisionMesh;

/// Whether the builder's test lists `triangle` in `cell` with this margin (in
/// cells): the triangle, in grid space, meets the cell's region grown by the
/// margin. `false` for a triangle or cell that does not exist.
///
/// The listing step of [`crate::build::from_soup`], the test each
/// triangle-cell pair of the triangle's cell box goes through.
#[must_use]
pub fn triangle_touches_cell(
    mesh: &CollisionMesh,
    triangle: usize,
    cell: [u16; 3],
    margin: f32,
) -> bool {
    crate::build::triangle_touches_cell(mesh, triangle, cell, margin)
}
