//! The nearest hit of a ray straight up or down whose box of cells is one
//! column (divergence 237): the console's walk tests exactly the triangles
//! that column's cells list within the box's `z` cells, each once, so the
//! column's entries whose `z` run meets those cells are the walk's
//! triangles. The entries the ray passes beside (their box grown by the
//! margin, on `x` and `y`) are skipped four at a time; the others are
//! tested with the console's arithmetic, and a tie for the nearest
//! distance is settled as the tree's search settles it, by the walk's order
//! of first visits.

use ps2_float::Real;

use super::nearest::Found;
use super::{MeshRayFilter, Nearest, Ray, SegmentReach};
use crate::grid::CellRange;
use crate::mesh::CollisionMesh;

impl CollisionMesh {
    /// The nearest hit of `ray`, which moves along neither `x` nor `y`
    /// (`reach`'s direction), among the triangles of the one column `range`
    /// spans; `near` holds the hit the result held on entry.
    // The tree's search (`nearest.rs`) has the same inputs but the range:
    // two searches of one cast, alike in signature only.
    pub(super) fn ray_nearest_in_column<R: Real>(
        &self,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
        reach: &SegmentReach,
        range: CellRange,
        near: Nearest<R>,
    ) -> Found<R> {
        // A column holding a triangle the ray may lie nearly in the plane
        // of is read whole, and such a triangle kept whatever its box
        // (divergence 238).
        if self.upright_in_plane(range.lo[0], range.lo[1], &reach.plane()) {
            self.search_column::<R, true>(ray, filter, reach, range, near)
        } else {
            self.search_column::<R, false>(ray, filter, reach, range, near)
        }
    }

    /// [`CollisionMesh::ray_nearest_in_column`]'s search; `WHOLE`: every
    /// entry is read, and one whose box the ray passes beside is tested
    /// when the ray may lie nearly in its triangle's plane.
    fn search_column<R: Real, const WHOLE: bool>(
        &self,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
        reach: &SegmentReach,
        range: CellRange,
        mut near: Nearest<R>,
    ) -> Found<R> {
        let (x, y, margin) = (reach.o[0], reach.o[1], reach.margin);
        let plain = self.plain_rays(reach);
        let (z_lo, z_hi) = (range.lo[2], range.hi[2]);
        let (groups, blocks) = self.columns().column(range.lo[0], range.lo[1]);
        // Made again rather than passed in: the search that does not read
        // the whole column drops it, and passing it in measured 7-13
        // instructions dearer a ray straight down.
        let plane = reach.plane();
        for (g, group) in groups.iter().enumerate() {
            let mut met_blocks = if WHOLE {
                0xf
            } else {
                group.beside(x, y, margin)
            };
            while met_blocks != 0 {
                let b = met_blocks.trailing_zeros() as usize;
                met_blocks &= met_blocks - 1;
                let Some(block) = blocks.get(4 * g + b) else {
                    continue;
                };
                let beside = block.boxes.beside(x, y, margin);
                let mut met = if WHOLE { 0xf } else { beside };
                while met != 0 {
                    let l = met.trailing_zeros() as usize;
                    met &= met - 1;
                    // Only a run of cells the walk visits counts.
                    if block.z_hi[l] < z_lo || block.z_lo[l] > z_hi {
                        continue;
                    }
                    let ix = usize::from(block.triangle[l]);
                    if WHOLE
                        && beside & (1 << l) == 0
                        && !self.in_plane().nearly_in_plane(ix, &plane)
                    {
                        continue;
                    }
                    let Some(hit_t) = self.ray_triangle(ix, ray, filter, plain) else {
                        continue;
                    };
                    near.offer(block.triangle[l], hit_t);
                }
            }
        }
        let (cx, cy) = (range.lo[0], range.lo[1]);
        self.settle_ties(near, |c| {
            c[0] == cx && c[1] == cy && (z_lo..=z_hi).contains(&c[2])
        })
    }
}
