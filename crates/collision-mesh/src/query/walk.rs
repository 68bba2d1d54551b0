//! The cell walk of the shape queries: each cell of the box (`x` outermost,
//! then `y`, then `z`), each entry of its list, the visited bit tested and
//! set before the triangle's own tests; and the same triangles in the same
//! order found through the cells' blocks or the mesh's tree of all its
//! triangles instead (divergence 236). Those keep each triangle's first
//! visit otherwise (no bit, a short list of their own, a sorted key), so
//! the bits a query leaves set follow the specification's walk only under
//! `VisitedBits::set_reference_walk` (divergence 179).

use crate::cell_blocks::lane_triangle;
use crate::grid::CellRange;
use crate::mesh::CollisionMesh;
use crate::triangle_tree::{Node4, TriangleTree, NO_CHILD, STACK, TRIANGLE};
use crate::visited::{Visit, VisitedBits, KEYS};

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
    /// [`Cull::meets`] for each of a tree node's four boxes: bit `l` set
    /// when lane `l`'s box may hold a triangle the query reaches.
    #[inline(always)]
    fn meets4(&self, node: &Node4) -> u32 {
        let mut mask = 0;
        for lane in 0..4 {
            mask |= u32::from(self.meets(Some(&node.lane_box(lane)))) << lane;
        }
        mask
    }
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

    #[inline(always)]
    fn meets4(&self, node: &Node4) -> u32 {
        super::Reach::meets4(self, node)
    }
}

/// What a walk went through.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WalkCounts {
    pub(crate) cells: u32,
    pub(crate) cells_culled: u32,
    pub(crate) entries: u32,
    pub(crate) tested: u32,
    pub(crate) culled: u32,
}

impl super::QueryStats {
    /// Takes the walk's cell, entry, test and cull counts.
    pub(crate) fn record_walk(&mut self, n: WalkCounts) {
        self.cells = n.cells;
        self.entries = n.entries;
        self.tested = n.tested;
        self.cells_culled = n.cells_culled;
        self.culled = n.culled;
    }
}

/// Walks the lists of the cells of `range` in the query order, testing each
/// triangle at its first visit (its visited bit clear, then set, in the
/// lists' walk) whose own box meets `cull` with `test`.
///
/// With `cull` on, in the exact walk, a small box of cells is read from
/// the cells' blocks ([`block_walk`]), and a larger one's triangles come
/// from the mesh's tree instead ([`tree_walk`]): those listed in a cell of `range` whose
/// box meets the cull, each at its first place in the walk's order, which
/// are the triangles the list walk would not cull, in the same order
/// (divergence 236). Without it, or where the tree cannot be used, the
/// lists are read, and with `cull` on a cell whose box around all its
/// triangles lies clear of it is passed over (divergence 179), its
/// triangles' visited bits left clear, and a triangle whose own box lies
/// clear of it is counted as culled and not tested (divergence 178), its
/// bit set as the lists' walk read it; the tree never reaches such a
/// triangle, so its bit stays clear there.
pub(crate) fn walk_lists<C: Cull>(
    mesh: &CollisionMesh,
    range: CellRange,
    visited: &mut VisitedBits,
    mode: ListWalk,
    cull: Option<&C>,
    mut test: impl FnMut(usize) -> Exit,
) -> WalkCounts {
    let mut n = WalkCounts::default();
    let cull = cull.filter(|reach| reach.active() && mode == ListWalk::Exact);
    if let Some(reach) = cull {
        if let Some(n) = block_walk(mesh, range, visited, reach, &mut test) {
            return n;
        }
        let mut keys = std::mem::take(&mut visited.keys);
        let found = tree_walk(mesh, range, reach, &mut keys);
        if found {
            n.cells = u32::try_from(range.len()).unwrap_or(u32::MAX);
            let lists = mesh.grid().lists();
            for &key in &keys {
                let Some(&t) = lists.get(list_position(key)) else {
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
        visited.keys = keys;
        if found {
            return n;
        }
    }
    let grid = mesh.grid();
    let boxes = mesh.cell_bounds();
    for cell in range.walk() {
        n.cells += 1;
        let Some(ci) = grid.cell_index(cell) else {
            continue;
        };
        if let Some(reach) = cull {
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
                    if visited.visit(t) != Visit::First {
                        continue;
                    }
                    n.tested += 1;
                    // The tree's search tests each triangle's own box; the
                    // lists' walk tests it here (divergence 178).
                    if let Some(reach) = cull {
                        if !reach.meets(mesh.tri_bounds(t)) {
                            n.culled += 1;
                            continue;
                        }
                    }
                    test(t);
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

/// The most cells, and the most groups of sixteen list entries over them,
/// a box of cells may have for [`block_walk`]; a larger one is searched in
/// the tree, whose cost follows the triangles found rather than the
/// entries listed.
const BLOCK_CELLS: usize = 27;
const BLOCK_GROUPS: usize = 32;

/// The exact walk with `cull` on, read from the cells' blocks
/// ([`CellBlocks`](crate::cell_blocks::CellBlocks)) when the box of cells
/// holds few of them: each cell in the walk's order, each group and then
/// each block of its list in the list's order, four triangles' boxes tested
/// at once, and each triangle whose box meets `cull` tested at its first
/// visit (one cell: every visit is a first; several: [`Met`]). The lists'
/// walk with divergence 178's culling, but no visited bit is set for a
/// triangle the cull refuses, nor for the first sixteen met (divergences
/// 179, 236). `None`, having done nothing, for a box
/// of more cells or groups.
fn block_walk<C: Cull>(
    mesh: &CollisionMesh,
    range: CellRange,
    visited: &mut VisitedBits,
    cull: &C,
    test: &mut impl FnMut(usize) -> Exit,
) -> Option<WalkCounts> {
    let (lo, hi) = (range.lo.map(usize::from), range.hi.map(usize::from));
    let wide = [0, 1, 2].map(|a| hi[a].saturating_sub(lo[a]) + 1);
    let cells = wide[0] * wide[1] * wide[2];
    if cells > BLOCK_CELLS {
        return None;
    }
    let (grid, blocks) = (mesh.grid(), mesh.cell_blocks());
    let [nx, ny, nz] = grid.dims.map(usize::from);
    // The grid's entry of a cell is `(z·ny + y)·nx + x`. `Grid::cell_range`
    // keeps the box inside the grid; a box that is not is left to the others.
    if hi[0] >= nx || hi[1] >= ny || hi[2] >= nz {
        return None;
    }
    let at = |x: usize, y: usize, z: usize| (z * ny + y) * nx + x;
    let cell = |x: usize, y: usize, z: usize| blocks.of(at(x, y, z));
    // At most 27 cells.
    let mut n = WalkCounts {
        cells: cells as u32,
        ..WalkCounts::default()
    };
    if cells == 1 {
        // One cell (most small queries): no count of the box's groups to
        // gather first. A list that names each triangle once meets each at
        // most once, so no visited bit can be set before its test, and none
        // is read or set (which bits a query leaves set is no answer,
        // divergence 179).
        let (groups, cell_blocks) = cell(lo[0], lo[1], lo[2]);
        if groups.len() > BLOCK_GROUPS {
            return None;
        }
        let once = blocks.distinct(at(lo[0], lo[1], lo[2]));
        walk_cell(
            groups,
            cell_blocks,
            cull,
            &mut n,
            |t| once || visited.visit(t) == Visit::First,
            test,
        );
        return Some(n);
    }
    // The box's groups counted only when its cells could hold too many.
    if cells * blocks.most_groups() > BLOCK_GROUPS {
        let mut read = 0;
        for x in lo[0]..hi[0] + 1 {
            for y in lo[1]..hi[1] + 1 {
                for z in lo[2]..hi[2] + 1 {
                    read += cell(x, y, z).0.len();
                }
            }
        }
        if read > BLOCK_GROUPS {
            return None;
        }
    }
    // The walk's order: `x` outermost, then `y`, then `z`.
    let mut met = Met::new(mesh.triangles().len());
    for x in lo[0]..hi[0] + 1 {
        for y in lo[1]..hi[1] + 1 {
            for z in lo[2]..hi[2] + 1 {
                let (groups, cell_blocks) = cell(x, y, z);
                walk_cell(
                    groups,
                    cell_blocks,
                    cull,
                    &mut n,
                    |t| met.first(t, visited),
                    test,
                );
            }
        }
    }
    Some(n)
}

/// How many triangles [`Met`] keeps itself.
const MET: usize = 16;

/// The triangles a [`block_walk`] of several cells has met: the first
/// [`MET`] in a short list of their own, the rest in the visited bits. A
/// small box meets few triangles, so most walks set no bit at all and the
/// next query's reset has none to clear (which bits a query leaves set is
/// no answer, divergence 179); the answer is the bits' answer: a triangle
/// is first the first time the walk meets it, and one past the mesh's
/// triangles never is.
struct Met {
    /// `u16::MAX` where no triangle is kept yet: no triangle has that
    /// index (at most 65,535 triangles).
    seen: [u16; MET],
    len: usize,
    triangles: usize,
}

impl Met {
    /// An empty list, for a mesh of `triangles` triangles.
    #[inline(always)]
    fn new(triangles: usize) -> Self {
        Self {
            seen: [u16::MAX; MET],
            len: 0,
            triangles,
        }
    }

    /// Whether the walk meets triangle `t` (an index from a cell's list)
    /// for the first time in this query.
    #[inline(always)]
    fn first(&mut self, t: usize, visited: &mut VisitedBits) -> bool {
        // A list's entry is a `u16`.
        let key = t as u16;
        // All sixteen compared, no early exit: one vector compare.
        if self.seen.iter().fold(false, |any, &s| any | (s == key)) {
            return false;
        }
        match self.seen.get_mut(self.len) {
            Some(slot) => {
                *slot = key;
                self.len += 1;
                t < self.triangles
            }
            None => visited.visit(t) == Visit::First,
        }
    }
}

/// One cell of [`block_walk`]: its groups, then the blocks of the groups
/// `cull` meets, in the list's order; each triangle whose box `cull` meets
/// is counted, and tested when `first` (its visit) says so.
#[inline(always)]
fn walk_cell<C: Cull>(
    groups: &[Node4],
    blocks: &[Node4],
    cull: &C,
    n: &mut WalkCounts,
    mut first: impl FnMut(usize) -> bool,
    test: &mut impl FnMut(usize) -> Exit,
) {
    for (g, group) in groups.iter().enumerate() {
        let mut in_group = cull.meets4(group);
        while in_group != 0 {
            let b = 4 * g + in_group.trailing_zeros() as usize;
            in_group &= in_group - 1;
            let Some(block) = blocks.get(b) else {
                continue;
            };
            let mut met = cull.meets4(block);
            while met != 0 {
                let lane = met.trailing_zeros() as usize;
                met &= met - 1;
                let Some(t) = lane_triangle(block, lane) else {
                    continue;
                };
                n.entries += 1;
                if first(t) {
                    n.tested += 1;
                    test(t);
                }
            }
        }
    }
}

/// Calls `each` with every triangle the exact walk of `range` reaches whose
/// box meets `reach`, in the walk's order, at its first visit:
/// [`walk_lists`] for the queries that keep no contact array (the
/// push-outs).
pub(crate) fn range_entries(
    mesh: &CollisionMesh,
    range: CellRange,
    visited: &mut VisitedBits,
    reach: &super::Reach,
    mut each: impl FnMut(usize),
) {
    walk_lists(mesh, range, visited, ListWalk::Exact, Some(reach), |t| {
        each(t);
        Exit::Counted
    });
}

/// The list position a walk key holds (its low 32 bits).
#[inline]
fn list_position(key: u64) -> usize {
    (key & u64::from(u32::MAX)) as usize
}

/// Fills `keys` with one key per triangle that the exact walk of `range`
/// reaches and whose box meets `reach`, sorted into the walk's order, and
/// returns `true`; `false` (with `keys` unusable) when there are more than
/// [`KEYS`] of them, the search's stack would overflow or the range has
/// more than `2³²` cells, and the caller reads the lists instead.
///
/// The triangles come from the mesh's tree of all its triangles
/// ([`TriangleTree`]), each once: a node whose box `reach` refuses holds only
/// boxes it refuses (the cull is monotonic). A triangle counts when one of the cells whose lists hold it lies in `range`, and
/// its key is the first of those in the walk's order (kept so since the
/// mesh was made): the cell's place in the walk (`x` outermost, then `y`,
/// then `z`; high 32 bits) and the place in that cell's list (an index into
/// the lists, low 32 bits), where the walk first meets the triangle and
/// its visited bit is clear. So the keys in order are the walk's first
/// visits of the triangles the cull keeps, in the walk's order
/// (divergence 236).
pub(crate) fn tree_walk<C: Cull>(
    mesh: &CollisionMesh,
    range: CellRange,
    reach: &C,
    keys: &mut Vec<u64>,
) -> bool {
    keys.clear();
    let (lo, hi) = (range.lo, range.hi);
    // Per axis, the largest offset from `lo` inside the range; the range is
    // one more cell than that wide.
    let wide = [
        u32::from(hi[0].saturating_sub(lo[0])),
        u32::from(hi[1].saturating_sub(lo[1])),
        u32::from(hi[2].saturating_sub(lo[2])),
    ];
    let (ny, nz) = (u64::from(wide[1]) + 1, u64::from(wide[2]) + 1);
    if (u64::from(wide[0]) + 1) * ny * nz > u64::from(u32::MAX) {
        return false;
    }
    let tree: &TriangleTree = mesh.triangle_tree();
    if tree.nodes.is_empty() {
        return true;
    }
    // Room for `KEYS` triangles (a set's own, or reserved once after a
    // clone, which has none); a query that finds more reads the lists.
    let room = mesh.triangles().len().min(KEYS);
    if keys.capacity() < room {
        keys.reserve_exact(room);
    }
    let mut stack = [0u32; STACK];
    let mut depth = 1;
    while depth > 0 {
        depth -= 1;
        let Some(node) = tree.nodes.get(stack[depth] as usize) else {
            return false;
        };
        let mut met = reach.meets4(node);
        while met != 0 {
            let lane = met.trailing_zeros() as usize;
            met &= met - 1;
            let Some(&child) = node.child.get(lane) else {
                break;
            };
            if child & TRIANGLE == 0 {
                let Some(slot) = stack.get_mut(depth) else {
                    return false;
                };
                *slot = child;
                depth += 1;
                continue;
            }
            if child == NO_CHILD {
                continue;
            }
            // The triangle's cells come in the walk's order, so the first
            // inside the range is where the walk first meets it.
            let (cells, positions) = tree.entries_of((child & !TRIANGLE) as usize);
            for (cell, &pos) in cells.iter().zip(positions) {
                // The cell's offsets from the range's low corner; a cell
                // below it wraps round to a large offset, past the span.
                let d = [
                    u32::from(cell[0].wrapping_sub(lo[0])),
                    u32::from(cell[1].wrapping_sub(lo[1])),
                    u32::from(cell[2].wrapping_sub(lo[2])),
                ];
                if d[0] <= wide[0] && d[1] <= wide[1] && d[2] <= wide[2] {
                    if keys.len() == keys.capacity() {
                        return false;
                    }
                    let place = (u64::from(d[0]) * ny + u64::from(d[1])) * nz + u64::from(d[2]);
                    keys.push(place << 32 | u64::from(pos));
                    break;
                }
            }
        }
    }
    keys.sort_unstable();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::{from_soup, BuildConfig, SoupTriangle};
    use crate::query::Reach;
    use ps2_float::Vec4;
    use test_support::{Lcg, Seeded};

    /// 3,000 triangles of every size, most small, in a 40 m cube.
    fn soup(g: &mut Lcg) -> Vec<SoupTriangle> {
        (0..3000)
            .map(|_| {
                let a = g.vec3_f32(0.0, 40.0);
                let size = if g.unit_f32() < 0.9 { 1.5 } else { 12.0 };
                let corner = |g: &mut Lcg| {
                    let d = g.vec3_f32(-size, size);
                    [a[0] + d[0], a[1] + d[1], a[2] + d[2]]
                };
                let (b, c) = (corner(g), corner(g));
                SoupTriangle::new([a, b, c])
            })
            .collect()
    }

    /// The lists' walk of `range` as the reading of divergence 178 gives it:
    /// every cell in the walk's order, every entry of its list once (the
    /// visited bit), tested when its box meets the reach.
    fn listed(mesh: &CollisionMesh, range: CellRange, reach: &Reach) -> Vec<usize> {
        let mut seen = vec![false; mesh.triangles().len()];
        let mut out = Vec::new();
        for cell in range.walk() {
            for &t in mesh.cell_triangles(cell) {
                let t = usize::from(t);
                if !std::mem::replace(&mut seen[t], true) && reach.meets(mesh.tri_bounds(t)) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// [`Met`] answers as the visited bits alone would: first the first
    /// time a triangle comes, never for one past the mesh's triangles,
    /// through its own list and past it (sequences of up to 60 distinct
    /// triangles, each met up to four times, in any order).
    #[test]
    fn met_answers_as_the_visited_bits() {
        let mut g = Lcg(0x3e7_5eed);
        let triangles = 500;
        let mut past = 0;
        for _ in 0..2000 {
            let distinct = 1 + (g.unit_f32() * 60.0) as usize;
            let ids: Vec<usize> = (0..distinct)
                .map(|_| (g.unit_f32() * 520.0) as usize)
                .collect();
            let seq: Vec<usize> = (0..distinct * 3)
                .map(|_| ids[(g.unit_f32() * distinct as f32) as usize % distinct])
                .collect();
            let mut bits = VisitedBits::new(triangles);
            let mut met_bits = VisitedBits::new(triangles);
            let mut met = Met::new(triangles);
            let mut set = std::collections::HashSet::new();
            for &t in &seq {
                let want = t < triangles && set.insert(t);
                assert_eq!(bits.visit(t) == Visit::First, want, "bits {t}");
                assert_eq!(met.first(t, &mut met_bits), want, "met {t} in {seq:?}");
            }
            past += usize::from(set.len() > MET);
        }
        // Many sequences outgrew the list.
        assert!(past > 500, "{past}");
    }

    /// The cells' blocks and the tree find the triangles the lists' walk
    /// tests, in its order (divergence 236), for spheres of every size
    /// whose boxes take one cell to hundreds, on 8 m, 3 m and 1 m cells.
    #[test]
    fn blocks_and_tree_test_what_the_lists_walk_tests_in_its_order() {
        let mut g = Lcg(0x5eed_b10c);
        let soup = soup(&mut g);
        let (mut by_blocks, mut by_tree) = (0, 0);
        for cell_size in [8.0, 3.0, 1.0] {
            let cfg = BuildConfig {
                cell_size,
                ..BuildConfig::default()
            };
            let mesh = from_soup(&soup, &cfg, "soup").expect("the soup builds");
            let mut visited = mesh.visited_bits();
            for _ in 0..2000 {
                let c = g.vec3_f32(-2.0, 42.0);
                let r = if g.unit_f32() < 0.7 {
                    g.range_f32(0.05, 1.0)
                } else {
                    g.range_f32(1.0, 6.0)
                };
                let (c, r) = (Vec4::<f32>::point(c[0], c[1], c[2]), r);
                let reach = Reach::sphere(c, r, Vec4::ZERO, ListWalk::Exact);
                let lo = Vec4::point(c.x - r, c.y - r, c.z - r);
                let hi = Vec4::point(c.x + r, c.y + r, c.z + r);
                let range = mesh.begin_shape_query(&mut visited, lo, hi);
                let want = listed(&mesh, range, &reach);
                let mut got = Vec::new();
                let blocks = block_walk(&mesh, range, &mut visited, &reach, &mut |t| {
                    got.push(t);
                    Exit::Counted
                });
                if blocks.is_some() {
                    by_blocks += 1;
                    assert_eq!(got, want, "blocks, {cell_size} m cells, {range:?}");
                }
                let mut keys = Vec::new();
                if tree_walk(&mesh, range, &reach, &mut keys) {
                    by_tree += 1;
                    let mut seen = vec![false; mesh.triangles().len()];
                    let lists = mesh.grid().lists();
                    let tree: Vec<usize> = keys
                        .iter()
                        .map(|&k| usize::from(lists[list_position(k)]))
                        .filter(|&t| !std::mem::replace(&mut seen[t], true))
                        .collect();
                    assert_eq!(tree, want, "tree, {cell_size} m cells, {range:?}");
                }
            }
        }
        // Both searches are used, each on many boxes.
        assert!(by_blocks > 1500 && by_tree > 5000, "{by_blocks} {by_tree}");
    }
}
