//! The triangle tree: one four-wide tree of boxes over every triangle of a
//! mesh, and for every triangle the cells whose lists hold it, each with
//! the triangle's place in that cell's list, in the order the shape
//! queries walk the cells. All of it is made once, when the mesh is, from
//! its triangles' boxes and its grid. The ray cast searches the tree for
//! the nearest hit and keeps only the triangles of the cells the console's
//! walk visits (divergence 235); the sweeps, the overlaps and the push-outs
//! search it for the triangles their reach meets and take them in the walk's
//! order (divergence 236).
//!
//! The tree only ever skips work: a node's box holds every box under it, and
//! the queries' box tests are monotonic in the box, so a box a query's reach
//! misses holds no triangle it could touch (divergences 178 and 235). For a
//! ray lying nearly in a triangle's plane the box test does not hold, and
//! the ray cast also takes the boxes whose normal cones
//! ([`crate::in_plane`]) say they may hold such a triangle (divergence
//! 238).

use crate::grid::Grid;
use crate::mesh::{grow_box, widest_centre_axis, EMPTY_BOX};

/// A triangle's index and its box, while the tree is built.
type Item = (u32, [f32; 6]);

/// A rule that splits a node's triangles in two.
type Split = fn(&mut [Item]) -> (&mut [Item], &mut [Item]);

/// A child of a node that is a triangle: this bit and the triangle's index.
pub(crate) const TRIANGLE: u32 = 1 << 31;
/// A node's unused child (its box is inverted, so nothing meets it).
pub(crate) const NO_CHILD: u32 = u32::MAX;

/// One node: four children's boxes, lane by lane (`lo[axis][lane]`,
/// `hi[axis][lane]`) so that one box test covers all four, and the children
/// (a node's index, [`TRIANGLE`] with a triangle's index, or [`NO_CHILD`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(16))]
pub(crate) struct Node4 {
    pub(crate) lo: [[f32; 4]; 3],
    pub(crate) hi: [[f32; 4]; 3],
    pub(crate) child: [u32; 4],
}

impl Node4 {
    /// A node with no children: every lane's box inverted.
    pub(crate) const EMPTY: Self = Self {
        lo: [[f32::INFINITY; 4]; 3],
        hi: [[f32::NEG_INFINITY; 4]; 3],
        child: [NO_CHILD; 4],
    };
}

/// The triangle tree over all of a mesh's triangles, root first, and the
/// cells of every triangle.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct TriangleTree {
    /// The nodes; the root is node 0 (none for a mesh without triangles).
    pub(crate) nodes: Vec<Node4>,
    /// Per triangle, where its cells start in `cells` (one more entry than
    /// triangles: the last is the end).
    cell_starts: Vec<u32>,
    /// The cells (`x, y, z`) whose lists hold each triangle, triangle by
    /// triangle, each triangle's in the walk's order (`x` outermost, then
    /// `y`, then `z`; a cell as many times as its list holds the triangle,
    /// in the list's order), so that the first of them inside a box of
    /// cells is where the walk of that box first meets the triangle.
    cells: Vec<[u16; 3]>,
    /// Beside each entry of `cells`, where that cell's list holds the
    /// triangle: an index into [`Grid::lists`], so that the shape queries
    /// can take what the tree finds in the walk's order.
    positions: Vec<u32>,
}

/// The most entries the search's stack holds. A node pops one entry and
/// pushes at most four, and the tree is at most `MAX_LEVELS` deep, so the
/// stack never holds more than `3 × MAX_LEVELS + 4`.
pub(crate) const STACK: usize = 40;
/// The most levels the tree gets: a node splits its triangles by surface
/// area while a median subtree would still fit in the levels left with two
/// to spare, and in four quarters of equal counts (within one) after that,
/// which take `median_levels` (65,535 triangles: 8). The search falls back
/// to the console's walk should its stack fill all the same.
const MAX_LEVELS: usize = 12;
const _: () = assert!(3 * MAX_LEVELS + 4 <= STACK);

impl TriangleTree {
    /// The tree over the triangles' boxes `tri` (`[min; 3]`, `[max; 3]`) and
    /// the cells of every triangle in `grid`.
    pub(crate) fn new(tri: &[[f32; 6]], grid: &Grid) -> Self {
        let mut tree = Self::default();
        let mut items: Vec<Item> = (0u32..).zip(tri.iter().copied()).collect();
        if !items.is_empty() {
            tree.nodes.push(Node4::EMPTY);
            tree.build(&mut items, 0, MAX_LEVELS);
        }
        tree.index_cells(tri.len(), grid);
        tree
    }

    /// Fills node `at` with `items` split in four (or one triangle a lane),
    /// in a subtree of at most `levels` levels.
    fn build(&mut self, items: &mut [Item], at: usize, levels: usize) {
        let mut node = Node4::EMPTY;
        if items.len() <= 4 {
            for (lane, item) in items.iter().enumerate() {
                node.set_lane(lane, &item.1, TRIANGLE | item.0);
            }
            self.nodes[at] = node;
            return;
        }
        // Splits by surface area while the levels left leave room for a
        // median subtree under any of them; by the median otherwise.
        let by_area = median_levels(items.len()) + 2 < levels;
        let split: Split = if by_area { split_by_area } else { halve };
        let (left, right) = split(items);
        let (a, b) = split(left);
        let (c, d) = split(right);
        let groups = [a, b, c, d];
        let mut inner = [None; 4];
        for (lane, group) in groups.iter().enumerate() {
            if let [only] = &group[..] {
                node.set_lane(lane, &only.1, TRIANGLE | only.0);
            } else if !group.is_empty() {
                let ix = self.nodes.len();
                self.nodes.push(Node4::EMPTY);
                node.set_lane(lane, &union(group), ix as u32);
                inner[lane] = Some(ix);
            }
        }
        self.nodes[at] = node;
        for (group, ix) in groups.into_iter().zip(inner) {
            if let Some(ix) = ix {
                self.build(group, ix, levels - 1);
            }
        }
    }

    /// Lists every triangle's cells in the order the shape queries' walk
    /// takes them (`x` outermost, then `y`, then `z`), a cell that lists it
    /// twice twice, in its list's order.
    fn index_cells(&mut self, triangles: usize, grid: &Grid) {
        let [nx, ny, nz] = grid.dims.map(usize::from);
        let (cells, list) = (&grid.cells, |off: u32| grid.list_at(off));
        let mut count = vec![0u32; triangles + 1];
        for &off in cells {
            for &t in list(off) {
                if let Some(c) = count.get_mut(usize::from(t)) {
                    *c += 1;
                }
            }
        }
        let mut start = 0u32;
        self.cell_starts = Vec::with_capacity(triangles + 1);
        for c in &mut count {
            self.cell_starts.push(start);
            start += *c;
            *c = 0;
        }
        self.cells = vec![[0; 3]; start as usize];
        self.positions = vec![0; start as usize];
        // The cells in the walk's order: `x` outermost, then `y`, then `z`.
        let walk = (0..nx).flat_map(|x| (0..ny).flat_map(move |y| (0..nz).map(move |z| [x, y, z])));
        for [x, y, z] in walk {
            let Some(&off) = cells.get((z * ny + y) * nx + x) else {
                continue;
            };
            // The grid's dimensions are u16s, so each coordinate is one.
            let cell = [x as u16, y as u16, z as u16];
            for (j, &t) in list(off).iter().enumerate() {
                let t = usize::from(t);
                let (Some(&s), Some(k)) = (self.cell_starts.get(t), count.get_mut(t)) else {
                    continue;
                };
                let at = (s + *k) as usize;
                if let (Some(slot), Some(p)) = (self.cells.get_mut(at), self.positions.get_mut(at))
                {
                    *slot = cell;
                    // The list's entries follow its count at `off`.
                    *p = off + 1 + j as u32;
                }
                *k += 1;
            }
        }
    }

    /// Where triangle `ix`'s entries lie in `cells` and `positions` (empty
    /// for no such triangle).
    #[inline]
    fn span(&self, ix: usize) -> std::ops::Range<usize> {
        match (self.cell_starts.get(ix), self.cell_starts.get(ix + 1)) {
            (Some(&a), Some(&b)) => a as usize..b as usize,
            _ => 0..0,
        }
    }

    /// The cells whose lists hold triangle `ix`.
    #[inline]
    pub(crate) fn cells_of(&self, ix: usize) -> &[[u16; 3]] {
        self.cells.get(self.span(ix)).unwrap_or_default()
    }

    /// The cells whose lists hold triangle `ix` and, beside each, where that
    /// list holds it (an index into [`Grid::lists`]).
    #[inline]
    pub(crate) fn entries_of(&self, ix: usize) -> (&[[u16; 3]], &[u32]) {
        let span = self.span(ix);
        (
            self.cells.get(span.clone()).unwrap_or_default(),
            self.positions.get(span).unwrap_or_default(),
        )
    }
}

impl Node4 {
    /// Lane `lane`'s box (`[min; 3]`, `[max; 3]`), as [`Node4::set_lane`]
    /// wrote it.
    #[inline]
    pub(crate) fn lane_box(&self, lane: usize) -> [f32; 6] {
        [
            self.lo[0][lane],
            self.lo[1][lane],
            self.lo[2][lane],
            self.hi[0][lane],
            self.hi[1][lane],
            self.hi[2][lane],
        ]
    }

    /// The lanes (a bit each) whose box meets the box `b` (`[min; 3]`,
    /// `[max; 3]`, touching counts).
    #[inline]
    pub(crate) fn meets_box(&self, b: &[f32; 6]) -> u32 {
        let mut mask = 0;
        for l in 0..4 {
            let meets = (0..3).all(|k| self.lo[k][l] <= b[k + 3] && self.hi[k][l] >= b[k]);
            mask |= u32::from(meets) << l;
        }
        mask
    }

    /// Grows lane `lane`'s box to hold `b` (`[min; 3]`, `[max; 3]`).
    pub(crate) fn grow_lane(&mut self, lane: usize, b: &[f32; 6]) {
        for k in 0..3 {
            self.lo[k][lane] = self.lo[k][lane].min(b[k]);
            self.hi[k][lane] = self.hi[k][lane].max(b[k + 3]);
        }
    }

    /// Sets lane `lane` to the box `b` (`[min; 3]`, `[max; 3]`) and `child`.
    pub(crate) fn set_lane(&mut self, lane: usize, b: &[f32; 6], child: u32) {
        for k in 0..3 {
            self.lo[k][lane] = b[k];
            self.hi[k][lane] = b[k + 3];
        }
        self.child[lane] = child;
    }
}

/// The box around all of `items`' boxes.
fn union(items: &[Item]) -> [f32; 6] {
    let mut b = EMPTY_BOX;
    for (_, tb) in items {
        grow_box(&mut b, tb);
    }
    b
}

/// The levels a subtree of `n` triangles takes when every node splits at
/// the median: each level holds four times as many.
fn median_levels(n: usize) -> usize {
    let mut levels = 1;
    let mut held = 4;
    while held < n {
        held = held.saturating_mul(4);
        levels += 1;
    }
    levels
}

/// Splits `items` in two where the boxes' surface areas weighted by their
/// counts are least (binned by the boxes' centres, along each axis), so
/// that large and small triangles and distant groups part early; the
/// median split ([`halve`]) when no bin boundary parts them.
fn split_by_area(items: &mut [Item]) -> (&mut [Item], &mut [Item]) {
    const BINS: usize = 16;
    if items.len() < 2 {
        return items.split_at_mut(items.len());
    }
    let (mut cmin, mut cmax) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for (_, b) in items.iter() {
        for k in 0..3 {
            let c = b[k] + b[k + 3];
            cmin[k] = cmin[k].min(c);
            cmax[k] = cmax[k].max(c);
        }
    }
    let bin = |axis: usize, b: &[f32; 6]| -> usize {
        let extent = cmax[axis] - cmin[axis];
        let at = (b[axis] + b[axis + 3] - cmin[axis]) / extent * BINS as f32;
        // `as` saturates; the top centre lands on BINS.
        (at as usize).min(BINS - 1)
    };
    // (cost, axis, the first bin on the right)
    let mut best: Option<(f64, usize, usize)> = None;
    for axis in 0..3 {
        // Only a spread of centres can be binned (sums of coordinates near
        // `f32::MAX` can overflow, and their spread is then NaN).
        let spread = cmax[axis] - cmin[axis];
        if spread.is_nan() || spread <= 0.0 {
            continue;
        }
        let mut boxes = [EMPTY_BOX; BINS];
        let mut counts = [0usize; BINS];
        for (_, b) in items.iter() {
            let k = bin(axis, b);
            grow_box(&mut boxes[k], b);
            counts[k] += 1;
        }
        // The right side's area and count from each bin up.
        let mut right = [(0.0f64, 0usize); BINS];
        let (mut acc, mut n) = (EMPTY_BOX, 0);
        for k in (1..BINS).rev() {
            grow_box(&mut acc, &boxes[k]);
            n += counts[k];
            right[k] = (area(&acc), n);
        }
        let (mut acc, mut n) = (EMPTY_BOX, 0);
        for k in 1..BINS {
            grow_box(&mut acc, &boxes[k - 1]);
            n += counts[k - 1];
            let (ra, rn) = right[k];
            if n == 0 || rn == 0 {
                continue;
            }
            let cost = area(&acc) * n as f64 + ra * rn as f64;
            if best.is_none_or(|(c, _, _)| cost < c) {
                best = Some((cost, axis, k));
            }
        }
    }
    let Some((_, axis, k)) = best else {
        return halve(items);
    };
    // Left first, each side in its earlier order (a stable partition).
    items.sort_by_key(|(_, b)| bin(axis, b) >= k);
    let mid = items.iter().take_while(|(_, b)| bin(axis, b) < k).count();
    items.split_at_mut(mid)
}

/// A box's surface area over two (its three face pairs' areas summed).
fn area(b: &[f32; 6]) -> f64 {
    let d = [0, 1, 2].map(|k| f64::from(b[k + 3]) - f64::from(b[k]));
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}

/// Splits `items` in two halves of equal counts (within one) at the median
/// of the boxes' centres along the axis where the centres spread most.
fn halve(items: &mut [Item]) -> (&mut [Item], &mut [Item]) {
    if items.len() < 2 {
        return items.split_at_mut(items.len());
    }
    let axis = widest_centre_axis(items.iter().map(|i| &i.1));
    let mid = items.len() / 2;
    items.select_nth_unstable_by(mid, |x, y| {
        (x.1[axis] + x.1[axis + 3])
            .total_cmp(&(y.1[axis] + y.1[axis + 3]))
            .then(x.0.cmp(&y.0))
    });
    items.split_at_mut(mid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(dims: [u16; 3], cells: Vec<u32>, lists: Vec<u16>) -> Grid {
        Grid::new([[0.0; 4]; 4], [0.0; 4], [0.0; 4], dims, cells, lists)
    }

    /// Checks that every triangle of `tri` is in the tree once, under boxes
    /// that hold its own; returns the tree's levels.
    fn check_tree(tri: &[[f32; 6]]) -> usize {
        let tree = TriangleTree::new(tri, &grid([1, 1, 1], vec![0], vec![0]));
        let mut seen = vec![0u32; tri.len()];
        let mut stack = vec![(0usize, [f32::NEG_INFINITY; 3], [f32::INFINITY; 3], 1usize)];
        let mut deepest = 0;
        while let Some((at, plo, phi, level)) = stack.pop() {
            deepest = deepest.max(level);
            let n = &tree.nodes[at];
            for lane in 0..4 {
                let c = n.child[lane];
                if c == NO_CHILD {
                    continue;
                }
                let b = n.lane_box(lane);
                let (lo, hi) = ([b[0], b[1], b[2]], [b[3], b[4], b[5]]);
                for k in 0..3 {
                    assert!(plo[k] <= lo[k] && hi[k] <= phi[k]);
                }
                if c & TRIANGLE != 0 {
                    let t = (c & !TRIANGLE) as usize;
                    seen[t] += 1;
                    assert_eq!(b, tri[t]);
                } else {
                    stack.push((c as usize, lo, hi, level + 1));
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
        deepest
    }

    #[test]
    fn every_triangle_once_inside_its_parents_boxes() {
        let tri: Vec<[f32; 6]> = (0..1000)
            .map(|i| {
                let x = (i % 37) as f32 * 1.5;
                let y = (i / 37) as f32 * 0.7;
                let z = (i % 5) as f32;
                [x, y, z, x + 2.0, y + 1.0, z + 0.5]
            })
            .collect();
        // 1,000 triangles take five levels in quarters; the area split may
        // take more, within the budget.
        let levels = check_tree(&tri);
        assert!((5..=MAX_LEVELS).contains(&levels), "{levels}");
    }

    /// Clusters of triangles each twice as far out as the one before, which
    /// the area split alone would peel off one cluster a split (over 50
    /// levels): the median takes over in time, and the tree stays within
    /// the levels the search's stack holds.
    #[test]
    fn the_area_split_keeps_to_the_level_budget() {
        let tri: Vec<[f32; 6]> = (0..65_535)
            .map(|i| {
                let x = 2f32.powi(i / 601) * (1.0 + (i % 601) as f32 * 1e-4);
                [x, 0.0, 0.0, x + 0.5, 0.5, 0.0]
            })
            .collect();
        let levels = check_tree(&tri);
        assert!(levels <= MAX_LEVELS, "{levels}");
        assert_eq!(median_levels(65_535), 8);
        assert_eq!(
            (median_levels(4), median_levels(5), median_levels(16)),
            (1, 2, 2)
        );
    }

    #[test]
    fn cells_of_each_triangle_in_walk_order() {
        // A 2 × 2 × 1 grid: cells 0 and 3 share a list; cell 2 is empty.
        let lists = [0u16, 2, 0, 1, 1, 1];
        let cells = [1u32, 4, 0, 1];
        let tree = TriangleTree::new(
            &[[0.0; 6]; 3],
            &grid([2, 2, 1], cells.to_vec(), lists.to_vec()),
        );
        assert_eq!(tree.cells_of(0), &[[0, 0, 0], [1, 1, 0]]);
        assert_eq!(tree.cells_of(1), &[[0, 0, 0], [1, 0, 0], [1, 1, 0]]);
        assert!(tree.cells_of(2).is_empty());
        assert!(tree.cells_of(3).is_empty());
        // Cells 0 and 3 read the list at 1 (triangles 0 and 1, at 2 and 3),
        // cell 1 the list at 4 (triangle 1, at 5).
        assert_eq!(tree.entries_of(0).1, &[2, 2]);
        assert_eq!(tree.entries_of(1).1, &[3, 5, 3]);
        assert_eq!(tree.entries_of(3), (&[][..], &[][..]));
    }
}
