//! Switching the triangles inside a box on or off (Coney
//! `docs/research/collision.md`, "Switching triangles on and off"): how
//! doors and breakable barriers open a gap in the static collision.

use ps2_float::{Real, Vec4};

use crate::{flags::TriangleFlags, mesh::CollisionMesh};

impl CollisionMesh {
    /// Visits the cells of the box `min`…`max` and, for every triangle whose
    /// three vertices lie inside the box (inclusive on each axis), sets
    /// (`on`) or clears the enabled bit (flag bit 0). Returns how many
    /// triangles changed (the original returns nothing). The box's cells
    /// follow the shape query's rule and a triangle listed in several cells
    /// is simply switched again (*inferred*, divergence 175).
    ///
    /// Original: `CollisionMesh_SetEnabledInBox` (0x00351160).
    pub fn set_enabled_in_box<R: Real>(&mut self, min: Vec4<R>, max: Vec4<R>, on: bool) -> usize {
        let range = self.grid.cell_range(min, max);
        range
            .walk()
            .map(|cell| self.set_enabled_in_box_cell(cell, min, max, on))
            .sum()
    }

    /// One cell of [`CollisionMesh::set_enabled_in_box`].
    ///
    /// Original: `CollisionMesh_SetEnabledInBoxCell` (0x00350aa0).
    fn set_enabled_in_box_cell<R: Real>(
        &mut self,
        cell: [u16; 3],
        min: Vec4<R>,
        max: Vec4<R>,
        on: bool,
    ) -> usize {
        let Self {
            vertices,
            triangles,
            grid,
            ..
        } = self;
        let inside = |ix: u16| {
            vertices.get(usize::from(ix)).is_some_and(|p| {
                let p = Vec4::<R>::from_f32(*p);
                (min.x <= p.x && p.x <= max.x)
                    && (min.y <= p.y && p.y <= max.y)
                    && (min.z <= p.z && p.z <= max.z)
            })
        };
        let mut changed = 0;
        for &t in grid.cell_list(cell) {
            let Some(tri) = triangles.get_mut(usize::from(t)) else {
                continue;
            };
            if !tri.v.iter().all(|&v| inside(v)) {
                continue;
            }
            let before = tri.flags;
            tri.flags.set(TriangleFlags::ENABLED, on);
            if tri.flags != before {
                changed += 1;
            }
        }
        changed
    }
}
