//! The grid's columns: for every column of cells (`x`, `y`), the triangles
//! its cells list, each with the run of `z` cells that list it and its box
//! across the column (`x` and `y`). Made once, when the mesh is, from the
//! grid's lists and the triangles' boxes. A column's entries are ordered
//! along a curve through their boxes' centres and kept four to a block, and
//! the blocks four to a group whose lanes hold each block's box, so that a
//! point's search tests the groups and then the blocks of the groups it
//! lies in.
//!
//! A ray straight up or down whose box of cells is one column is walked by
//! the console over that column's cells only (Coney `collision.md`, "Ray
//! cast": a box one cell wide tests every cell of it), so the triangles it
//! can hit are the entries of that column whose `z` run meets the box's `z`
//! cells; the boxes skip, four at a time, those the ray passes beside, by
//! the still-axis rule of divergence 178 (divergence 237).

use crate::grid::Grid;
use crate::grouped::Grouped;
use crate::mesh::FULL_BOX;

/// Four boxes in `x` and `y`, lane by lane. An unused lane's box is
/// inverted, and no point lies in it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(16))]
pub(crate) struct Boxes4 {
    pub(crate) min_x: [f32; 4],
    pub(crate) max_x: [f32; 4],
    pub(crate) min_y: [f32; 4],
    pub(crate) max_y: [f32; 4],
}

impl Boxes4 {
    /// Four unused lanes.
    const EMPTY: Self = Self {
        min_x: [f32::INFINITY; 4],
        max_x: [f32::NEG_INFINITY; 4],
        min_y: [f32::INFINITY; 4],
        max_y: [f32::NEG_INFINITY; 4],
    };

    /// Grows lane `l` to hold the box `[min x, min y, _, max x, max y, _]`.
    fn grow(&mut self, l: usize, b: &[f32; 6]) {
        self.min_x[l] = self.min_x[l].min(b[0]);
        self.min_y[l] = self.min_y[l].min(b[1]);
        self.max_x[l] = self.max_x[l].max(b[3]);
        self.max_y[l] = self.max_y[l].max(b[4]);
    }

    /// The lanes (a bit each) whose box the still point `(x, y)` lies in,
    /// each box grown by `margin`. A lane it refuses is one the still-axis
    /// test of [`SegmentReach::meets`](crate::query) refuses (`p < min − m`
    /// or `p > max + m` on `x` or `y`), and a lane holding the union of
    /// boxes is refused only when each of them is: `min − m` and `max + m`
    /// are monotonic in `min` and `max`.
    #[inline(always)]
    pub(crate) fn beside(&self, x: f32, y: f32, margin: f32) -> u32 {
        // Per lane the largest of the four gaps `(min − m) − p` and
        // `p − (max + m)`: one is above 0 exactly when `p < min − m` or
        // `p > max + m` (a difference of two finite values, or of a finite
        // value and an infinity, has the sign of the comparison), written
        // lane by lane without branches so that each step is one vector
        // operation.
        let mut gap = self.min_x.map(|lo| (lo - margin) - x);
        let wider = |gap: &mut [f32; 4], other: [f32; 4]| {
            for l in 0..4 {
                gap[l] = if other[l] > gap[l] { other[l] } else { gap[l] };
            }
        };
        wider(&mut gap, self.max_x.map(|hi| x - (hi + margin)));
        wider(&mut gap, self.min_y.map(|lo| (lo - margin) - y));
        wider(&mut gap, self.max_y.map(|hi| y - (hi + margin)));
        let mut mask = 0;
        for (l, g) in gap.iter().enumerate() {
            mask |= u32::from(*g <= 0.0) << l;
        }
        mask
    }
}

/// Four entries of a column: their triangles' boxes, the triangles, and the
/// first and last `z` cell of the run of cells that lists each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Block4 {
    pub(crate) boxes: Boxes4,
    pub(crate) triangle: [u16; 4],
    pub(crate) z_lo: [u16; 4],
    pub(crate) z_hi: [u16; 4],
}

impl Block4 {
    /// A block of four unused lanes.
    const EMPTY: Self = Self {
        boxes: Boxes4::EMPTY,
        triangle: [0; 4],
        z_lo: [u16::MAX; 4],
        z_hi: [0; 4],
    };
}

/// One entry while the columns are made: the triangle, its run of `z`
/// cells, and where its box's centre falls on the column's curve.
type Entry = (u16, u16, u16, u32);

/// The columns of a grid (see the [module](self)).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Columns {
    /// Columns per row (`nx`).
    nx: usize,
    /// Per column `y·nx + x`, its groups and blocks.
    columns: Grouped<Boxes4, Block4>,
}

/// The bits of `v` (below 2¹⁶) spread to the even places.
fn spread(v: u32) -> u32 {
    let mut v = v & 0xffff;
    v = (v | (v << 8)) & 0x00ff_00ff;
    v = (v | (v << 4)) & 0x0f0f_0f0f;
    v = (v | (v << 2)) & 0x3333_3333;
    (v | (v << 1)) & 0x5555_5555
}

impl Columns {
    /// The columns of `grid`, with the triangles' boxes `tri` (`[min; 3]`,
    /// `[max; 3]`). A triangle listed in two runs of a column's cells apart
    /// gets an entry for each, so that a gap in its listing is kept.
    pub(crate) fn new(tri: &[[f32; 6]], grid: &Grid) -> Self {
        let [nx, ny, nz] = grid.dims.map(usize::from);
        let mut columns = Self {
            nx,
            columns: Grouped::with_slots(nx * ny),
        };
        // One column's (triangle, z) listings and entries, reused.
        let mut listed: Vec<(u16, u16)> = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        for y in 0..ny {
            for x in 0..nx {
                listed.clear();
                for z in 0..nz {
                    let Some(&off) = grid.cells.get((z * ny + y) * nx + x) else {
                        continue;
                    };
                    // The grid's dimensions are u16s, so `z` is one.
                    listed.extend(grid.list_at(off).iter().map(|&t| (t, z as u16)));
                }
                listed.sort_unstable();
                listed.dedup();
                runs(&listed, &mut entries);
                order_along_curve(&mut entries, tri);
                columns.columns.open_slot();
                columns.push_column(&entries, tri);
            }
        }
        columns.columns.close();
        columns
    }

    /// Appends one column's entries, in their order: four to a block, four
    /// blocks to a group.
    fn push_column(&mut self, entries: &[Entry], tri: &[[f32; 6]]) {
        for (k, &(t, lo, hi, _)) in entries.iter().enumerate() {
            // Every listed triangle has a box in a checked mesh.
            let b = tri.get(usize::from(t)).copied().unwrap_or(FULL_BOX);
            if let Some((group, block, entry, lane)) =
                self.columns.entry(k, Boxes4::EMPTY, Block4::EMPTY)
            {
                group.grow(block, &b);
                entry.boxes.grow(lane, &b);
                entry.triangle[lane] = t;
                entry.z_lo[lane] = lo;
                entry.z_hi[lane] = hi;
            }
        }
    }

    /// The groups of column `(x, y)` and their blocks (none outside the
    /// grid).
    #[inline]
    pub(crate) fn column(&self, x: u16, y: u16) -> (&[Boxes4], &[Block4]) {
        if usize::from(x) >= self.nx {
            return (&[], &[]);
        }
        self.columns.of(usize::from(y) * self.nx + usize::from(x))
    }

    /// Per column (`y × nx + x`), `f` folded over its entries' triangles
    /// from `init`.
    pub(crate) fn fold_slots<T: Copy>(&self, init: T, f: impl Fn(T, u16) -> T) -> Vec<T> {
        let slots = self.columns.slots();
        (0..slots)
            .map(|slot| {
                let (_, blocks) = self.columns.of(slot);
                let mut acc = init;
                for b in blocks {
                    for l in (0..4).filter(|&l| b.z_lo[l] <= b.z_hi[l]) {
                        acc = f(acc, b.triangle[l]);
                    }
                }
                acc
            })
            .collect()
    }
}

/// The entries of one column's sorted, distinct `(triangle, z)` listings:
/// one per run of consecutive `z` cells of a triangle.
fn runs(listed: &[(u16, u16)], entries: &mut Vec<Entry>) {
    entries.clear();
    let mut run: Option<(u16, u16, u16)> = None;
    for &(t, z) in listed {
        run = match run {
            Some((rt, lo, hi)) if rt == t && hi.checked_add(1) == Some(z) => Some((rt, lo, z)),
            Some((rt, lo, hi)) => {
                entries.push((rt, lo, hi, 0));
                Some((t, z, z))
            }
            None => Some((t, z, z)),
        };
    }
    if let Some((rt, lo, hi)) = run {
        entries.push((rt, lo, hi, 0));
    }
}

/// Orders a column's entries along a Z-order curve through their boxes'
/// centres (`x` and `y`, scaled to the entries' own extent), so that the
/// entries of a block, and the blocks of a group, lie near each other. The
/// order changes only which boxes are tested together, never an answer.
fn order_along_curve(entries: &mut [Entry], tri: &[[f32; 6]]) {
    let centre = |t: u16| {
        tri.get(usize::from(t))
            .map_or([0.0, 0.0], |b| [(b[0] + b[3]) * 0.5, (b[1] + b[4]) * 0.5])
    };
    let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
    for e in entries.iter() {
        let c = centre(e.0);
        for k in 0..2 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    for e in entries.iter_mut() {
        let c = centre(e.0);
        let q = |k: usize| {
            let span = hi[k] - lo[k];
            let f = if span > 0.0 {
                (c[k] - lo[k]) / span
            } else {
                0.0
            };
            // A finite fraction in [0, 1]; anything else goes first.
            (f * 65535.0) as u32
        };
        e.3 = spread(q(0)) | spread(q(1)) << 1;
    }
    entries.sort_by_key(|e| (e.3, e.0, e.1));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(dims: [u16; 3], cells: Vec<u32>, lists: Vec<u16>) -> Grid {
        Grid::new(
            [
                [1.0, 0.0, 0.0, 0.0],
                [0.0, 1.0, 0.0, 0.0],
                [0.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
            [0.5; 4],
            [1.5; 4],
            dims,
            cells,
            lists,
        )
    }

    /// The entries of a column as (triangle, first z, last z), in order.
    fn entries(c: &Columns, x: u16, y: u16) -> Vec<(u16, u16, u16)> {
        let (groups, blocks) = c.column(x, y);
        assert_eq!(groups.len(), blocks.len().div_ceil(4));
        blocks
            .iter()
            .flat_map(|b| (0..4).map(move |l| (b, l)))
            .filter(|(b, l)| b.z_lo[*l] <= b.z_hi[*l])
            .map(|(b, l)| (b.triangle[l], b.z_lo[l], b.z_hi[l]))
            .collect()
    }

    /// Each column holds its triangles once per run of `z` cells listing
    /// them; a triangle listed twice in one cell counts once, and a gap in
    /// its cells splits the run.
    #[test]
    fn columns_hold_runs_of_cells() {
        // A 2 × 1 × 3 grid. Column (0, 0): cells z = 0, 1, 2 list
        // [0, 1], [0, 0], [1]; column (1, 0): only z = 2 lists [2].
        let lists = [0u16, 2, 0, 1, 2, 0, 0, 1, 1, 1, 2];
        let cells = [1u32, 0, 4, 0, 7, 9];
        let tri = [
            [0.0, 1.0, 0.0, 2.0, 3.0, 1.0],
            [4.0, 5.0, 0.0, 6.0, 7.0, 1.0],
            [8.0, 9.0, 0.0, 10.0, 11.0, 1.0],
        ];
        let c = Columns::new(&tri, &grid([2, 1, 3], cells.to_vec(), lists.to_vec()));
        let mut first = entries(&c, 0, 0);
        first.sort_unstable();
        // Triangle 0 in z 0..=1; triangle 1 in z 0, then again in z 2.
        assert_eq!(first, [(0, 0, 1), (1, 0, 0), (1, 2, 2)]);
        assert_eq!(entries(&c, 1, 0), [(2, 2, 2)]);
        assert_eq!(entries(&c, 2, 0), []);
        assert_eq!(entries(&c, 0, 1), []);
    }

    /// A column of 40 entries takes ten blocks in three groups; each
    /// group's lane holds the union of its block's boxes, each block lane
    /// its entry's box, and a point finds, through the groups, exactly the
    /// entries whose box (grown by the margin) holds it.
    #[test]
    fn groups_hold_their_blocks_boxes() {
        // Forty unit squares on a 8 × 5 lattice, all listed in one cell.
        let n = 40u16;
        let tri: Vec<[f32; 6]> = (0..n)
            .map(|i| {
                let (x, y) = (f32::from(i % 8), f32::from(i / 8));
                [x, y, 0.0, x + 1.0, y + 1.0, 0.0]
            })
            .collect();
        let mut lists = vec![0u16, n];
        lists.extend(0..n);
        let c = Columns::new(&tri, &grid([1, 1, 1], vec![1], lists));
        let (groups, blocks) = c.column(0, 0);
        assert_eq!((groups.len(), blocks.len()), (3, 10));
        for (g, group) in groups.iter().enumerate() {
            for l in 0..4 {
                let Some(block) = blocks.get(4 * g + l) else {
                    // The last group's lanes past its blocks meet nothing.
                    assert!(group.min_x[l] > group.max_x[l]);
                    continue;
                };
                let min = (0..4)
                    .map(|k| block.boxes.min_x[k])
                    .fold(f32::INFINITY, f32::min);
                assert_eq!(group.min_x[l], min);
                let max = (0..4)
                    .map(|k| block.boxes.max_y[k])
                    .fold(f32::NEG_INFINITY, f32::max);
                assert_eq!(group.max_y[l], max);
            }
        }
        let mut all = entries(&c, 0, 0);
        all.sort_unstable();
        assert_eq!(all, (0..n).map(|t| (t, 0, 0)).collect::<Vec<_>>());
        for (px, py, m) in [
            (2.5f32, 1.5f32, 0.0f32),
            (3.0, 2.0, 0.0),
            (3.1, 2.1, 0.125),
            (9.5, 0.5, 0.25),
        ] {
            let mut found = Vec::new();
            for (g, group) in groups.iter().enumerate() {
                let mut met = group.beside(px, py, m);
                while met != 0 {
                    let l = met.trailing_zeros() as usize;
                    met &= met - 1;
                    let block = &blocks[4 * g + l];
                    let mut hit = block.boxes.beside(px, py, m);
                    while hit != 0 {
                        let k = hit.trailing_zeros() as usize;
                        hit &= hit - 1;
                        found.push(block.triangle[k]);
                    }
                }
            }
            found.sort_unstable();
            let expected: Vec<u16> = (0..n)
                .filter(|&t| {
                    let b = tri[usize::from(t)];
                    !(px < b[0] - m || px > b[3] + m || py < b[1] - m || py > b[4] + m)
                })
                .collect();
            assert_eq!(found, expected, "({px}, {py}) margin {m}");
        }
    }

    /// The lanes a point lies beside are the ones whose box grown by the
    /// margin misses it on `x` or `y`; the edges count as inside.
    #[test]
    fn beside_grows_each_box_by_the_margin() {
        let mut b = Boxes4::EMPTY;
        b.min_x = [0.0, 0.0, 10.0, 0.0];
        b.max_x = [1.0, 1.0, 11.0, 1.0];
        b.min_y = [0.0, 2.0, 0.0, 0.0];
        b.max_y = [1.0, 3.0, 1.0, 1.0];
        // Lane 0 holds (1.25, 0.5) with a margin of 0.25 (its edge), lane 1
        // is 1.0 too far in y, lane 2 far in x, lane 3 holds it too.
        assert_eq!(b.beside(1.25, 0.5, 0.25), 0b1001);
        assert_eq!(b.beside(1.25, 0.5, 0.125), 0b0000);
        assert_eq!(b.beside(0.5, 2.0, 1.0), 0b1011);
        // Unused lanes never hold a point, whatever the margin.
        assert_eq!(Boxes4::EMPTY.beside(0.0, 0.0, 1e30), 0);
    }
}
