//! The cell walk of the shape queries: each cell of the box (`x` outermost,
//! then `y`, then `z`), each entry of its list, the visited bit tested and
//! set before the triangle's own tests.

use crate::grid::{CellRange, Grid};
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
/// With `cull` (a reach and the cells' boxes, [`super::Reach`]), in the
/// exact walk, a cell whose box around all its triangles lies clear of the
/// reach is passed over without reading its list: each of its triangles
/// would be culled by the same reach in `test`, in this cell or in any later
/// one, so no answer changes; only the visited bits of those triangles stay
/// clear (divergence 179).
pub(crate) fn walk_lists(
    grid: &Grid,
    range: CellRange,
    visited: &mut VisitedBits,
    mode: ListWalk,
    cull: Option<(&super::Reach, &[[f32; 6]])>,
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
