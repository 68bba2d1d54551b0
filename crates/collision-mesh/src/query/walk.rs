//! The cell walk of the shape queries: each cell of the box (`x` outermost,
//! then `y`, then `z`), each entry of its list, the visited bit tested and
//! set before the triangle's own tests.

use crate::grid::{CellRange, Grid};
use crate::mesh::{CellTrees, TREE_DEPTH};
use crate::visited::{Visit, VisitedBits};

/// How a mesh sweep walks a cell's list.
///
/// The box sweep's loop (spec Unit 13, "PhysicsMesh_SweepBox", "Bug",
/// 0x0034888c) and the walking sweep's (Unit 2, as the spec cites it) leave
/// through a `t > 1` exit that skips the loop counter's increment while the
/// list pointer moves on, so each such exit makes the walk read one more
/// `u16` past the end of the cell's list. The spec's advice is to walk the
/// lists exactly, which is the default; the console's reading is kept as an
/// option to show what its extra reads do (divergence 154).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ListWalk {
    /// Every entry of every list, once: the port's walk.
    #[default]
    Exact,
    /// The console's walk: a `t > 1` exit does not count, so one more entry
    /// is read past the list per such exit (the next cell's count and
    /// indices, in the flat layout). Reads stop at the end of the lists, and
    /// an entry past the triangle count is skipped (guards, divergence 154).
    ConsoleOverrun,
}

/// Which way a triangle's test left the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// Through the counter's increment (every exit but one).
    Counted,
    /// Through the `t > 1` exit, which skips it.
    Uncounted,
}

/// What a query can reach, as the walk's culling reads it: a box around
/// all of it ([`super::Reach`]) or the box sweep's slabs
/// ([`super::box_reach::BoxReach`]). `meets` must be monotonic in the box
/// (a box inside one it refuses is refused too) and refuse only boxes whose
/// triangles the query's own tests would give no contact.
pub(crate) trait Cull {
    /// Whether the culling is on.
    fn active(&self) -> bool;
    /// Whether a bounding box (`[min; 3]`, `[max; 3]`) may hold a triangle
    /// the query reaches; a missing box is kept.
    fn meets(&self, b: Option<&[f32; 6]>) -> bool;
}

impl Cull for super::Reach {
    #[inline]
    fn active(&self) -> bool {
        super::Reach::active(self)
    }

    #[inline]
    fn meets(&self, b: Option<&[f32; 6]>) -> bool {
        super::Reach::meets(self, b)
    }
}

/// What a walk went through.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WalkCounts {
    pub(crate) cells: u32,
    pub(crate) cells_culled: u32,
    pub(crate) entries: u32,
    pub(crate) tested: u32,
}

impl super::QueryStats {
    /// Takes the walk's cell, entry and test counts.
    pub(crate) fn record_walk(&mut self, n: WalkCounts) {
        self.cells = n.cells;
        self.entries = n.entries;
        self.tested = n.tested;
        self.cells_culled = n.cells_culled;
    }
}

/// Walks the lists of the cells of `range` in the query order, testing each
/// triangle whose visited bit was clear (and setting it) with `test`.
///
/// With `cull` (a reach and the cells' boxes, [`Cull`]), in the
/// exact walk, a cell whose box around all its triangles lies clear of the
/// reach is passed over without reading its list: each of its triangles
/// would be culled by the same reach in `test`, in this cell or in any later
/// one, so no answer changes; only the visited bits of those triangles stay
/// clear (divergence 179). A cell with more than [`TREE_MIN`] entries is
/// read through its tree of boxes instead ([`pick`]): the entries whose box
/// meets the reach, taken in the list's order, which are the ones the list's
/// walk would not cull, in the same order.
pub(crate) fn walk_lists<C: Cull>(
    grid: &Grid,
    trees: &CellTrees,
    range: CellRange,
    visited: &mut VisitedBits,
    mode: ListWalk,
    cull: Option<(&C, &[[f32; 6]])>,
    mut test: impl FnMut(usize) -> Exit,
) -> WalkCounts {
    let mut n = WalkCounts::default();
    let cull = cull.filter(|(reach, _)| reach.active() && mode == ListWalk::Exact);
    for cell in range.walk() {
        n.cells += 1;
        let Some(ci) = grid.cell_index(cell) else {
            continue;
        };
        if let Some((reach, boxes)) = cull {
            if !reach.meets(boxes.get(ci)) {
                n.cells_culled += 1;
                continue;
            }
        }
        let Some(off) = grid.cells().get(ci).copied() else {
            continue;
        };
        if let Some((reach, _)) = cull {
            if grid.list_at(off).len() > TREE_MIN {
                let mut picks = std::mem::take(&mut visited.picks);
                let whole = pick(trees, ci, reach, &mut picks);
                if whole {
                    picks.sort_unstable();
                    let lists = grid.lists();
                    for &pos in &picks {
                        let Some(&t) = lists.get(pos as usize) else {
                            continue;
                        };
                        n.entries += 1;
                        let t = usize::from(t);
                        if visited.visit(t) == Visit::First {
                            n.tested += 1;
                            test(t);
                        }
                    }
                }
                visited.picks = picks;
                if whole {
                    continue;
                }
            }
        }
        match mode {
            ListWalk::Exact => {
                for &t in grid.list_at(off) {
                    n.entries += 1;
                    let t = usize::from(t);
                    if visited.visit(t) == Visit::First {
                        n.tested += 1;
                        test(t);
                    }
                }
            }
            ListWalk::ConsoleOverrun => {
                if off == 0 {
                    continue;
                }
                let lists = grid.lists();
                let off = off as usize;
                let count = lists.get(off).copied().unwrap_or(0);
                let mut pos = off + 1;
                let mut i = 0u16;
                while i < count {
                    let Some(&t) = lists.get(pos) else {
                        break;
                    };
                    pos += 1;
                    n.entries += 1;
                    let t = usize::from(t);
                    if visited.visit(t) != Visit::First {
                        i += 1;
                        continue;
                    }
                    n.tested += 1;
                    if test(t) == Exit::Counted {
                        i += 1;
                    }
                }
            }
        }
    }
    n
}

/// Lists longer than this are read through the cell's tree when culling.
pub(crate) const TREE_MIN: usize = 12;

/// Collects into `picks` the list positions of cell `ci`'s triangles whose
/// box meets `reach`, going down the cell's tree; `false` (with `picks`
/// unusable) when they do not fit in `picks`' capacity or the tree is
/// missing, and the caller reads the list instead.
pub(crate) fn pick<C: Cull>(trees: &CellTrees, ci: usize, reach: &C, picks: &mut Vec<u32>) -> bool {
    picks.clear();
    let Some(&root) = trees.roots.get(ci) else {
        return false;
    };
    if root == u32::MAX {
        return true;
    }
    let mut stack = [0u32; TREE_DEPTH];
    stack[0] = root;
    let mut depth = 1;
    while depth > 0 {
        depth -= 1;
        let Some(node) = trees.nodes.get(stack[depth] as usize) else {
            return false;
        };
        if !reach.meets(Some(&node.b)) {
            continue;
        }
        if node.count == 0 {
            if depth + 2 > TREE_DEPTH {
                return false;
            }
            stack[depth] = node.first + 1;
            stack[depth + 1] = node.first;
            depth += 2;
            continue;
        }
        let (a, n) = (node.first as usize, node.count as usize);
        let Some(pos) = trees.positions.get(a..a + n) else {
            return false;
        };
        if picks.len() + n > picks.capacity() {
            return false;
        }
        picks.extend_from_slice(pos);
    }
    true
}

/// Calls `each` with every entry of cell `ci`'s list in the list's order,
/// after its visited bit was clear (and is now set); with `reach` on and a
/// long list, only the entries whose box meets it, found through the cell's
/// tree (the others could give nothing, divergence 179).
pub(crate) fn cell_entries(
    grid: &Grid,
    trees: &CellTrees,
    ci: usize,
    visited: &mut VisitedBits,
    reach: &super::Reach,
    mut each: impl FnMut(usize),
) {
    let Some(&off) = grid.cells().get(ci) else {
        return;
    };
    let list = grid.list_at(off);
    if reach.active() && list.len() > TREE_MIN {
        let mut picks = std::mem::take(&mut visited.picks);
        let whole = pick(trees, ci, reach, &mut picks);
        if whole {
            picks.sort_unstable();
            let lists = grid.lists();
            for &pos in &picks {
                let Some(&t) = lists.get(pos as usize) else {
                    continue;
                };
                let t = usize::from(t);
                if visited.visit(t) == Visit::First {
                    each(t);
                }
            }
        }
        visited.picks = picks;
        if whole {
            return;
        }
    }
    for &t in list {
        let t = usize::from(t);
        if visited.visit(t) == Visit::First {
            each(t);
        }
    }
}
