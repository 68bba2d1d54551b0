//! The ray cast's nearest hit from the triangle tree (divergence 235): the
//! triangles of the whole mesh, nearest box first, each tested with the
//! console's arithmetic, and a hit kept only when the triangle is listed in
//! a cell the console's column walk visits. The walk tests exactly the
//! triangles of its cells, each once and with the same arithmetic whichever
//! cell it is reached from, so the nearest such hit is the walk's nearest;
//! when several give that distance the walk's order decides: the one it
//! visits first, found from the cells and list places kept for every
//! triangle ([`CollisionMesh::settle_ties`]).

use ps2_float::Real;

use super::{ColumnLine, MeshRayFilter, Nearest, Ray, SegmentReach};
use crate::grid::CellRange;
use crate::in_plane::PlaneReach;
use crate::mesh::{grow_box, CollisionMesh, EMPTY_BOX};
use crate::triangle_tree::{Node4, TriangleTree, STACK, TRIANGLE};

/// The cells the console's walk visits for one ray: its box of cells, and
/// when that box is more than one cell wide in `x` and in `y`, the rows each
/// column takes.
#[derive(Clone, Copy, Debug)]
struct WalkCells<R> {
    range: CellRange,
    line: Option<ColumnLine<R>>,
}

impl<R: Real> WalkCells<R> {
    fn new(mesh: &CollisionMesh, ray: &Ray<R>) -> Self {
        let ([g0, g1], range) = mesh.ray_cells(ray);
        let (lo, hi) = (range.lo, range.hi);
        let narrow = lo[0] == hi[0] || lo[1] == hi[1];
        Self {
            range,
            line: (!narrow).then(|| ColumnLine::new(g0, g1)),
        }
    }

    /// The box around the boxes of the cells the walk visits (each the box
    /// of its triangles): every triangle the walk tests lies in it.
    fn span(&self, mesh: &CollisionMesh) -> [f32; 6] {
        let (lo, hi) = (self.range.lo, self.range.hi);
        let [nx, ny, _] = mesh.grid().dims.map(usize::from);
        let cells = mesh.cell_bounds();
        let mut span = EMPTY_BOX;
        for x in lo[0]..=hi[0] {
            let (a, b) = match self.line {
                Some(line) => line.rows(i32::from(x), i32::from(lo[1]), i32::from(hi[1])),
                None => (i32::from(lo[1]), i32::from(hi[1])),
            };
            for y in a..=b {
                for z in lo[2]..=hi[2] {
                    let at = (usize::from(z) * ny + y as usize) * nx + usize::from(x);
                    if let Some(b) = cells.get(at) {
                        grow_box(&mut span, b);
                    }
                }
            }
        }
        span
    }

    /// Whether the walk visits `cell`.
    fn holds(&self, cell: [u16; 3]) -> bool {
        let (lo, hi) = (self.range.lo, self.range.hi);
        if (0..3).any(|k| cell[k] < lo[k] || cell[k] > hi[k]) {
            return false;
        }
        self.line.is_none_or(|line| {
            let (ylo, yhi) = (i32::from(lo[1]), i32::from(hi[1]));
            let (a, b) = line.rows(i32::from(cell[0]), ylo, yhi);
            (a..=b).contains(&i32::from(cell[1]))
        })
    }
}

/// The box test of [`SegmentReach::meets`] on a node's four boxes at once:
/// the same operations on the same values, lane by lane.
#[derive(Clone, Copy, Debug)]
struct LaneReach {
    o: [f32; 3],
    /// Per axis, `1 / d`, or `+∞` along an axis the ray does not move.
    inv: [f32; 3],
    /// Per axis, whether the ray goes down it.
    neg: [bool; 3],
    /// Per axis, what the near plane is grown by: `−margin` below a box
    /// for a ray going up the axis, `+margin` above it going down.
    grow: [f32; 3],
}

impl LaneReach {
    fn new(r: &SegmentReach) -> Self {
        let neg = [r.d[0] < 0.0, r.d[1] < 0.0, r.d[2] < 0.0];
        let grow = |k: usize| if neg[k] { r.margin } else { -r.margin };
        // Along an axis the ray does not move, `(lo − m − o) × ∞` is `+∞`
        // (an entry past every exit) exactly when `o < lo − m`, and
        // `(hi + m − o) × ∞` is `−∞` exactly when `o > hi + m`: the range
        // test of [`SegmentReach::meets`]. Where `o` is on the grown side the
        // product is 0 × ∞, a NaN, which moves nothing: inside, as there.
        let inv = |k: usize| {
            if r.d[k] == 0.0 {
                f32::INFINITY
            } else {
                r.inv[k]
            }
        };
        Self {
            o: r.o,
            inv: [inv(0), inv(1), inv(2)],
            neg,
            grow: [grow(0), grow(1), grow(2)],
        }
    }

    /// Which of the node's four boxes the segment from `−slack` to `exit`
    /// meets (bit per lane), and where it enters each.
    #[inline(always)]
    fn lanes(&self, n: &Node4, slack: f32, exit: f32) -> ([f32; 4], u32) {
        let mut enter = [-slack; 4];
        let mut out = [exit; 4];
        for k in 0..3 {
            let (near, far) = if self.neg[k] {
                (&n.hi[k], &n.lo[k])
            } else {
                (&n.lo[k], &n.hi[k])
            };
            let (grow, o, inv) = (self.grow[k], self.o[k], self.inv[k]);
            for l in 0..4 {
                // `lo − m` is `lo + (−m)` exactly, and `hi + m` likewise.
                let t0 = (near[l] + grow - o) * inv;
                let t1 = (far[l] - grow - o) * inv;
                // A NaN moves neither end: the test only keeps more.
                enter[l] = if t0 > enter[l] { t0 } else { enter[l] };
                out[l] = if t1 < out[l] { t1 } else { out[l] };
            }
        }
        let mut mask = 0;
        for l in 0..4 {
            mask |= u32::from(enter[l] <= out[l]) << l;
        }
        (enter, mask)
    }
}

/// A bit of a stack entry's child (above every node's index and below
/// [`TRIANGLE`]): no triangle under it is one the ray may lie nearly in the
/// plane of (divergence 238).
const CONE_FREE: u32 = 1 << 30;
const _: () = assert!(CONE_FREE & TRIANGLE == 0);

/// What the tree's search found: the nearest hit (or none), or that the
/// console's walk must decide (a tie of more triangles than the search
/// keeps, or a stack that would overflow, which no tree the mesh builds
/// gives).
pub(super) enum Found<R> {
    Nearest(Nearest<R>),
    WalkDecides,
}

impl CollisionMesh {
    /// The nearest hit of `ray` among the triangles of the cells the
    /// console's walk visits, searched through the triangle tree; `near` holds
    /// the hit the result held on entry.
    pub(super) fn ray_nearest_in_tree<R: Real>(
        &self,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
        reach: &SegmentReach,
        near: Nearest<R>,
    ) -> Found<R> {
        // A mesh without a triangle a ray could lie nearly in the plane of
        // (all in axis planes, say) searches without reading the cones.
        if self.in_plane().any_coned() {
            self.search_tree::<R, true>(ray, filter, reach, near)
        } else {
            self.search_tree::<R, false>(ray, filter, reach, near)
        }
    }

    /// [`CollisionMesh::ray_nearest_in_tree`]'s search; `CONES`: whether
    /// some node has a cone (divergence 238).
    fn search_tree<R: Real, const CONES: bool>(
        &self,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
        reach: &SegmentReach,
        mut near: Nearest<R>,
    ) -> Found<R> {
        let lanes = LaneReach::new(reach);
        let plain = self.plain_rays(reach);
        let tree: &TriangleTree = self.triangle_tree();
        if tree.nodes.is_empty() {
            return Found::Nearest(near);
        }
        let until = |near: &Nearest<R>| {
            if near.hit {
                near.t.min(ray.length).to_f32()
            } else {
                ray.length.to_f32()
            }
        };
        let mut walk: Option<WalkCells<R>> = None;
        let mut corridor: Option<[f32; 6]> = None;
        let mut planes: Option<PlaneReach> = None;
        let mut u = until(&near);
        let mut slack = reach.slack(u);
        let mut bound = u + slack;
        let mut stack = [(0u32, 0.0f32); STACK];
        stack[0] = (0, f32::NEG_INFINITY);
        let mut depth = 1;
        while depth > 0 {
            depth -= 1;
            let (child, enter) = stack[depth];
            // The box was met up to an older, farther bound; skip it when
            // the nearer hit found since puts it out of reach.
            if enter > bound {
                continue;
            }
            // Under a lane whose cone the ray lies outside of, no cone needs
            // reading.
            let (child, cone_free) = (child & !CONE_FREE, child & CONE_FREE);
            if child & TRIANGLE != 0 {
                let ix = (child & !TRIANGLE) as usize;
                let Some(hit_t) = self.ray_triangle(ix, ray, filter, plain) else {
                    continue;
                };
                if near.farther(hit_t) {
                    continue;
                }
                let cells = walk.get_or_insert_with(|| WalkCells::new(self, ray));
                if !tree.cells_of(ix).iter().any(|&c| cells.holds(c)) {
                    continue;
                }
                // At most 65,535 triangles.
                if !near.offer(ix as u16, hit_t) {
                    continue;
                }
                u = until(&near);
                slack = reach.slack(u);
                bound = u + slack;
                continue;
            }
            let Some(node) = tree.nodes.get(child as usize) else {
                continue;
            };
            if depth + 4 > STACK {
                return Found::WalkDecides;
            }
            let (mut enters, mut mask) = lanes.lanes(node, slack, bound);
            // The boxes that may hold a triangle the ray lies nearly in the
            // plane of, within the walk's cells: searched whatever their
            // entry and the nearest hit, since such a hit can lie anywhere
            // on the ray (divergence 238).
            let coned = match CONES.then(|| self.in_plane().coned(child as usize)) {
                Some(lanes) if lanes != 0 && cone_free == 0 => {
                    let plane = planes.get_or_insert_with(|| reach.plane());
                    self.in_plane().lanes(child as usize, lanes, plane)
                }
                _ => 0,
            };
            // The lanes pushed cone-free: all under a cone-free node, and
            // those outside their cones.
            let free = if cone_free != 0 { 0xf } else { !coned & 0xf };
            if coned != 0 {
                let mut kept = coned & mask;
                if coned & !mask != 0 {
                    let cells = walk.get_or_insert_with(|| WalkCells::new(self, ray));
                    let span = *corridor.get_or_insert_with(|| cells.span(self));
                    kept |= coned & !mask & node.meets_box(&span);
                }
                for (l, enter) in enters.iter_mut().enumerate() {
                    if kept & (1 << l) != 0 {
                        *enter = f32::NEG_INFINITY;
                    }
                }
                mask |= kept;
            }
            // Push the boxes met, farthest entry first, so that the
            // nearest is searched first.
            let base = depth;
            let mut rest = mask;
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let flag = if CONES && free & (1 << l) != 0 {
                    CONE_FREE
                } else {
                    0
                };
                let item = (node.child[l] | flag, enters[l]);
                let mut at = depth;
                while at > base && stack[at - 1].1 < item.1 {
                    stack[at] = stack[at - 1];
                    at -= 1;
                }
                stack[at] = item;
                depth += 1;
            }
        }
        match walk {
            Some(cells) => self.settle_ties(near, |c| cells.holds(c)),
            None => Found::Nearest(near),
        }
    }

    /// The nearest hit once the search is over: when other triangles share
    /// the winner's distance, the one the console's walk tests first (the
    /// first hit at a distance is kept, divergence 169). The walk tests a
    /// triangle at its first visit: the first of its cells, in the walk's
    /// order, that the walk visits (`visits`), at its first place in that
    /// cell's list; cells come in the walk's order `x`, then `y`, then `z`,
    /// so the earliest visit has the least `(cell, place)`. A hit the result
    /// held on entry at that distance stays; more ties than the search
    /// keeps are left to the walk.
    pub(super) fn settle_ties<R: Real>(
        &self,
        near: Nearest<R>,
        visits: impl Fn([u16; 3]) -> bool,
    ) -> Found<R> {
        let Some(winner) = near.winner.filter(|_| near.tied > 0) else {
            return Found::Nearest(near);
        };
        if near.overflow {
            return Found::WalkDecides;
        }
        let tree = self.triangle_tree();
        let first_visit = |t: u16| {
            let (cells, places) = tree.entries_of(usize::from(t));
            cells
                .iter()
                .zip(places)
                .find(|(c, _)| visits(**c))
                .map(|(c, &p)| (*c, p))
        };
        // Every offered triangle is one the walk visits, so each has a
        // first visit; the walk decides should one not.
        let Some(mut best) = first_visit(winner).map(|key| (winner, key, near.t)) else {
            return Found::WalkDecides;
        };
        for &(t, at) in &near.others[..near.tied] {
            let Some(key) = first_visit(t) else {
                return Found::WalkDecides;
            };
            if key < best.1 {
                best = (t, key, at);
            }
        }
        // The distance's bits are the kept triangle's own (`+0` or `−0`).
        Found::Nearest(Nearest {
            winner: Some(best.0),
            t: best.2,
            ..near
        })
    }
}
