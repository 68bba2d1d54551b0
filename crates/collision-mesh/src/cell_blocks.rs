//! The cells' blocks: every cell's list once more, in the list's order,
//! its triangles' boxes four to a block and four blocks to a group whose
//! lanes hold each block's box, so that a query over a few cells tests a
//! cell's groups, then the blocks of the groups it meets, four boxes at
//! once, and meets the triangles it keeps in the order the console's walk
//! reads them. Made once, when the mesh is, from the grid's lists and the
//! triangles' boxes (divergence 236).
//!
//! Groups and blocks are [`Node4`]s, so the tree's four-box test
//! ([`Cull::meets4`](crate::query::walk)) reads them as it reads a node. A
//! block's children are its triangles' indices; a group's are unused. An
//! unused lane's box is inverted and its child [`NO_CHILD`].

use crate::grid::Grid;
use crate::grouped::Grouped;
use crate::mesh::FULL_BOX;
use crate::triangle_tree::{Node4, NO_CHILD};

/// Every cell's list as groups of blocks of four triangle boxes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct CellBlocks {
    /// Per cell (the grid's cell order), its groups and blocks.
    cells: Grouped<Node4, Node4>,
    /// Per cell, whether its list names each of its triangles once.
    distinct: Vec<bool>,
    /// The most groups any cell has.
    most_groups: usize,
}

/// The triangle lane `lane` of a block holds (none for an unused lane).
#[inline]
pub(crate) fn lane_triangle(block: &Node4, lane: usize) -> Option<usize> {
    block
        .child
        .get(lane)
        .filter(|&&c| c != NO_CHILD)
        .map(|&c| c as usize)
}

impl CellBlocks {
    /// The groups and blocks of every cell of `grid`, from the triangles'
    /// boxes `tri` (`[min; 3]`, `[max; 3]`). A list entry past `tri`
    /// (never, for a mesh that was checked) gets the box of all space, so
    /// no query skips it.
    pub(crate) fn new(tri: &[[f32; 6]], grid: &Grid) -> Self {
        let mut cb = Self {
            cells: Grouped::with_slots(grid.cells.len()),
            distinct: Vec::with_capacity(grid.cells.len()),
            most_groups: 0,
        };
        // One cell's list, sorted, reused.
        let mut sorted: Vec<u16> = Vec::new();
        for &off in &grid.cells {
            cb.cells.open_slot();
            let list = grid.list_at(off);
            sorted.clear();
            sorted.extend_from_slice(list);
            sorted.sort_unstable();
            cb.distinct.push(sorted.windows(2).all(|w| w[0] != w[1]));
            for (k, &t) in list.iter().enumerate() {
                let b = tri.get(usize::from(t)).unwrap_or(&FULL_BOX);
                if let Some((group, block_lane, block, lane)) =
                    cb.cells.entry(k, Node4::EMPTY, Node4::EMPTY)
                {
                    group.grow_lane(block_lane, b);
                    block.set_lane(lane, b, u32::from(t));
                }
            }
        }
        cb.cells.close();
        cb.most_groups = (0..grid.cells.len())
            .map(|ci| cb.cells.of(ci).0.len())
            .max()
            .unwrap_or(0);
        cb
    }

    /// The most groups any one cell has.
    #[inline]
    pub(crate) fn most_groups(&self) -> usize {
        self.most_groups
    }

    /// Whether cell `ci`'s list names each of its triangles once (`false`
    /// for no such cell).
    #[inline]
    pub(crate) fn distinct(&self, ci: usize) -> bool {
        self.distinct.get(ci).copied().unwrap_or(false)
    }

    /// Cell `ci`'s groups and blocks (none for no such cell).
    #[inline]
    pub(crate) fn of(&self, ci: usize) -> (&[Node4], &[Node4]) {
        self.cells.of(ci)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A 3 × 1 × 1 grid: cell 0 lists triangles 0 to 4 and 6 in that order;
    /// cell 1 none; cell 2 triangle 5 twice.
    fn grid() -> Grid {
        let mut m = [[0.0f32; 4]; 4];
        for (k, row) in m.iter_mut().enumerate().take(3) {
            row[k] = 1.0;
        }
        Grid::new(
            m,
            [0.0; 4],
            [3.0, 1.0, 1.0, 0.0],
            [3, 1, 1],
            vec![1, 0, 8],
            vec![0, 6, 0, 1, 2, 3, 4, 6, 2, 5, 5],
        )
    }

    #[test]
    fn a_cell_of_six_is_two_blocks_of_one_group_in_list_order() {
        let tri: Vec<[f32; 6]> = (0..7)
            .map(|t| {
                let x = t as f32;
                [x, 0.0, 0.0, x + 0.5, 1.0, 1.0]
            })
            .collect();
        let b = CellBlocks::new(&tri, &grid());
        let (groups, blocks) = b.of(0);
        assert_eq!((groups.len(), blocks.len()), (1, 2));
        let lanes: Vec<Option<usize>> = blocks
            .iter()
            .flat_map(|n| (0..4).map(move |l| lane_triangle(n, l)))
            .collect();
        let listed = [0, 1, 2, 3, 4, 6].map(Some);
        assert_eq!(
            lanes,
            listed.into_iter().chain([None; 2]).collect::<Vec<_>>()
        );
        // Each block's lanes hold their triangles' boxes; the group's lanes
        // the blocks' boxes; unused lanes are inverted.
        assert_eq!(blocks[1].lane_box(0), tri[4]);
        assert_eq!(blocks[1].lane_box(1), tri[6]);
        assert_eq!(groups[0].lane_box(0), [0.0, 0.0, 0.0, 3.5, 1.0, 1.0]);
        assert_eq!(groups[0].lane_box(1), [4.0, 0.0, 0.0, 6.5, 1.0, 1.0]);
        assert!(blocks[1].lo[0][2] > blocks[1].hi[0][2]);
        assert!(groups[0].lo[0][2] > groups[0].hi[0][2]);
        assert_eq!(b.of(1), (&[][..], &[][..]));
        assert_eq!((b.of(2).0.len(), b.of(2).1.len()), (1, 1));
        assert_eq!(b.of(3), (&[][..], &[][..]));
        // Only cell 2 names a triangle twice; no cell 3.
        let distinct: Vec<bool> = (0..4).map(|ci| b.distinct(ci)).collect();
        assert_eq!(distinct, [true, true, false, false]);
        assert_eq!(b.most_groups(), 1);
    }
}
