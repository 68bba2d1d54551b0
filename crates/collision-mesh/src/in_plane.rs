//! What a ray cast needs to find the triangles it may lie nearly in the
//! plane of (divergence 238). For such a ray, Möller-Trumbore's determinant
//! can be mostly rounding and still pass its limit, and the distance it then
//! gives can fall anywhere along the ray, far outside the triangle's box: the
//! box tests that skip triangles (divergences 178, 235, 237) must not skip
//! these. Made once, when the mesh is, from the corners:
//!
//! - per triangle, its edges' cross product `N = e1 × e2` and the sums of the
//!   magnitudes of the products in each of its lanes, `W` (`W_x = |e1y e2z| +
//!   |e1z e2y|`, and so on): for a direction `d`, the determinant is
//!   `d · N` up to sign, and its rounding is at most a small multiple of
//!   `|d| · W` (see [`TriPlane`]);
//! - per lane of every node of the triangle tree, three double cones around
//!   the normals of the triangles under it that a ray could lie nearly in
//!   the plane of, so that a search can tell which boxes may hold one;
//! - per column of cells, what a ray straight up or down needs for one of
//!   its triangles to be such a triangle.
//!
//! The tests here only ever keep more triangles: every triangle they keep is
//! then tested with the console's arithmetic, as any other.

use crate::columns::Columns;
use crate::triangle::Triangle;
use crate::triangle_tree::{TriangleTree, NO_CHILD, TRIANGLE};

/// The bound on the rounding of the ray tests' determinant, per unit of
/// `|d| · W`: `2⁻¹⁹`, twice `8 × 2⁻²³`. The edges (one rounding each), the
/// cross product's lanes (two products and a difference) and the dot
/// product (three products and two sums) each lose at most one unit of
/// `2⁻²³` relative (the EE truncates; IEEE rounds to nearest, half that),
/// and the sum of those losses stays below `8 × 2⁻²³ × |d| · W`.
const ROUNDING: f32 = 1.0 / 524_288.0;

/// [`ROUNDING`] and the rounding of `|d · N|` as these tests compute it in
/// `f32` (below `2⁻²¹ |d| · W`).
const ROUNDED: f32 = ROUNDING + 1.0 / 2_097_152.0;

/// The determinant's limit (`1e-6`), a little below it: a determinant whose
/// value and rounding bound stay under it cannot pass.
const PASSES: f32 = 0.999_99e-6;

/// How many times the determinant's rounding bound a determinant must be for
/// the box tests to hold, per metre of the ray's length and the triangle's
/// size, in units of the culling margin: `2`. With a determinant that large
/// the hit the test gives lies within half the margin of the triangle, but
/// for the numerators' rounding (the determinant's rounding moves the hit by
/// at most its relative error times the distance from the triangle's first
/// corner to the ray's origin, which is below the ray's length plus the
/// triangle's size). The adversarial searches of `tests/ray_nearly_in_plane.rs`
/// still agree with a bound 1,024 times narrower than this one's first form
/// (four times as wide), and fail at 65,536 times.
const SAFE_RATIO: f32 = 2.0;

/// The largest `length / margin` any castable ray has: its margin is at
/// least `2⁻¹²` of its largest coordinate, which is at least half its
/// extent along an axis, and its length at most `√3` times that extent
/// (`4096 × 2√3`, rounded up).
const LENGTH_PER_MARGIN: f64 = 14_200.0;

/// The largest `1 / margin` (the margin is at least `1/64`).
const SIZE_PER_MARGIN: f64 = 64.0;

/// One triangle's plane data: `N`, `W` and its box's diagonal. A triangle no
/// ray can lie nearly in the plane of, in the sense of [`PlaneReach`] (one
/// in an axis plane, whose determinant is one product and rounds relative
/// to itself), has `n` and `w` zero; one whose products overflow `f32` has
/// `n` zero and `w` at `f32::MAX`, so that every ray counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct TriPlane {
    n: [f32; 3],
    w: [f32; 3],
    size: f32,
    /// The second and third corners share `x` and `y` (a wall's triangle
    /// with its second and third corners above one another): then a ray
    /// `(0, 0, ±1)` gets the determinant `−e1x e1y + e1y e1x`, exactly 0 in
    /// `f32` mode (IEEE's product does not depend on the order of its
    /// factors) and at most a unit in the last place of `e1x e1y` in `Ee32`
    /// mode (the EE's does; `twin_tests` checks both).
    twin: bool,
}

/// How many double cones a lane has: a street's walls face two ways, and
/// its floors a third.
const CONES: usize = 3;

/// A node's four lanes' double cones, [`CONES`] a lane: per lane and cone
/// the axis (a unit vector), the sine of the widest angle between it and
/// the line of a normal of its part and, lane by lane, the largest ratio
/// `W / |N|` of its part's triangles; per lane the largest box diagonal. A
/// cone with no normal has the sine `−1`; one that must keep every ray, `2`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cone4 {
    axis: [[[f32; 3]; CONES]; 4],
    sin: [[f32; CONES]; 4],
    size: [f32; 4],
    ratio: [[[f32; 3]; CONES]; 4],
}

impl Cone4 {
    const NONE: Self = Self {
        axis: [[[0.0; 3]; CONES]; 4],
        sin: [[-1.0; CONES]; 4],
        size: [0.0; 4],
        ratio: [[[0.0; 3]; CONES]; 4],
    };
}

/// What a ray straight up or down needs to lie nearly in the plane of a
/// triangle, or of one of a column's: `τ` above `ratio` (`|N_z| / W_z`, the
/// least of the column's) for a triangle of box diagonal `size` (the
/// largest), and a direction long enough that `|d| reach` reaches the
/// determinant's limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Upright {
    ratio: f32,
    size: f32,
    /// The largest `|N_z| + ROUNDED W_z`: a unit direction's determinant
    /// and its rounding bound.
    reach: f32,
}

impl Upright {
    /// No ray: no triangle.
    const NONE: Self = Self {
        ratio: f32::INFINITY,
        size: 0.0,
        reach: 0.0,
    };

    /// What one of two needs: the lesser ratio and the larger size.
    fn or(self, o: Self) -> Self {
        Self {
            ratio: self.ratio.min(o.ratio),
            size: self.size.max(o.size),
            reach: self.reach.max(o.reach),
        }
    }
}

/// The plane data of a mesh: per triangle, per tree node and per column.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct InPlane {
    triangles: Vec<TriPlane>,
    /// The cones of the nodes with a lane that has one, in node order.
    cones: Vec<Cone4>,
    /// Per tree node, where its cones are in `cones` (`u32::MAX`: none).
    slots: Vec<u32>,
    /// Per tree node, the lanes (a bit each) with a cone.
    coned: Vec<u8>,
    /// Whether some node's lane has a cone.
    any_coned: bool,
    /// Per column (`y × nx + x`), what a ray straight up or down of each
    /// kind ([`GENERAL`], [`IEEE_UPRIGHT`], [`EE_UPRIGHT`]) needs to lie
    /// nearly in the plane of one of its triangles.
    upright: Vec<[Upright; 3]>,
}

/// A ray's side of the tests: its unit direction, its length in metres and
/// the ratio `τ₀ = 2 × 2⁻¹⁹ / margin`; a triangle of size `D` is one the ray
/// lies nearly in the plane of when `|d · N| < τ₀ (L + D) (|d| · W)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PlaneReach {
    unit: [f32; 3],
    /// The direction's length.
    norm: f32,
    length: f32,
    tau: f32,
    /// For a direction `(0, 0, ±1)`, the float mode's [`Upright`] kind
    /// ([`TriPlane::twin`]); [`GENERAL`] for any other.
    upright: usize,
}

/// A ray's kind for the wall triangles of [`TriPlane::twin`]: any direction.
const GENERAL: usize = 0;
/// `f32` mode and `(0, 0, ±1)`: their determinant is exactly 0.
const IEEE_UPRIGHT: usize = 1;
/// `Ee32` mode and `(0, 0, ±1)`: their determinant is at most
/// `2⁻²² |e1x e1y|`, `2⁻²³ W_z`.
const EE_UPRIGHT: usize = 2;

/// The bound of [`EE_UPRIGHT`] per unit of `W_z`, rounded up: `2⁻²³`.
const EE_TWIN: f32 = 1.01 / 8_388_608.0;

impl PlaneReach {
    /// The tests' side for a ray of direction `d` (not zero), length `len`
    /// (in units of `d`) and culling margin `margin`. The direction's length
    /// is taken in `f64`, where no `f32` lane's square overflows or
    /// vanishes. A length or margin that is not finite makes `τ` infinite or
    /// zero, which the tests read as every triangle or none: a margin that
    /// large keeps every box already.
    #[inline]
    pub(crate) fn new(d: [f32; 3], len: f32, margin: f32, ieee: bool) -> Self {
        let upright = match (d[0] == 0.0 && d[1] == 0.0 && d[2].abs() == 1.0, ieee) {
            (false, _) => GENERAL,
            (true, true) => IEEE_UPRIGHT,
            (true, false) => EE_UPRIGHT,
        };
        let d = d.map(f64::from);
        let norm = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        Self {
            unit: d.map(|c| (c / norm) as f32),
            norm: norm as f32,
            length: (f64::from(len) * norm) as f32,
            tau: SAFE_RATIO * ROUNDING / margin,
            upright,
        }
    }

    /// `τ` for a triangle of box diagonal `size`, rounded up for the
    /// rounding of the tests themselves.
    #[inline]
    fn tau_for(&self, size: f32) -> f32 {
        self.tau * (self.length + size) * 1.01 + 1.0 / 2_097_152.0
    }
}

/// The largest `τ` any ray gives a triangle of box diagonal `size`.
fn largest_tau(size: f64) -> f64 {
    let scale = f64::from(SAFE_RATIO * ROUNDING);
    scale * (LENGTH_PER_MARGIN + SIZE_PER_MARGIN * size) * 1.02 + 1e-6
}

impl TriPlane {
    /// A triangle every ray counts for.
    const EVERY: Self = Self {
        n: [0.0; 3],
        w: [f32::MAX; 3],
        size: f32::MAX,
        twin: false,
    };

    /// The plane data of the triangle with corners `a`, `b`, `c` and box
    /// `bx` (`[min; 3]`, `[max; 3]`, the mesh's).
    fn new(a: [f32; 4], b: [f32; 4], c: [f32; 4], bx: &[f32; 6]) -> Self {
        let e = |p: [f32; 4]| [0, 1, 2].map(|k| f64::from(p[k]) - f64::from(a[k]));
        let (e1, e2) = (e(b), e(c));
        let n = [
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        ];
        let w = [
            (e1[1] * e2[2]).abs() + (e1[2] * e2[1]).abs(),
            (e1[2] * e2[0]).abs() + (e1[0] * e2[2]).abs(),
            (e1[0] * e2[1]).abs() + (e1[1] * e2[0]).abs(),
        ];
        let size = (0..3)
            .map(|k| (f64::from(bx[k + 3]) - f64::from(bx[k])).powi(2))
            .sum::<f64>()
            .sqrt();
        let size32 = (size * 1.0001) as f32;
        let finite = n.iter().chain(&w).all(|v| (*v as f32).is_finite()) && size32.is_finite();
        if !finite {
            return Self::EVERY;
        }
        // In an axis plane: `W` has one lane, and `N` (no larger lane by lane)
        // at most that one. Then `d · N` is `d_i N_i` and `|d| · W` is
        // `|d_i| W_i`, so no ray lies nearly in its plane unless `|N_i| < τ
        // W_i`, for the largest `τ`.
        let lanes = w.iter().filter(|v| **v != 0.0).count();
        let flat = lanes == 0
            || (lanes == 1
                && (0..3).all(|k| w[k] == 0.0 || n[k].abs() >= largest_tau(size) * w[k]));
        if flat {
            return Self::default();
        }
        Self {
            n: n.map(|v| v as f32),
            // Rounded up.
            w: w.map(|v| (v * (1.0 + 1e-7)) as f32),
            size: size32,
            twin: b[0] == c[0] && b[1] == c[1],
        }
    }

    /// Whether the triangle may be one the ray lies nearly in the plane of.
    fn nearly_in_plane(&self, r: &PlaneReach) -> bool {
        if r.upright != GENERAL && self.twin {
            return r.upright == EE_UPRIGHT && EE_TWIN * self.w[2] >= PASSES;
        }
        let d = r.unit;
        let a = (d[0] * self.n[0] + d[1] * self.n[1] + d[2] * self.n[2]).abs();
        let b = d[0].abs() * self.w[0] + d[1].abs() * self.w[1] + d[2].abs() * self.w[2];
        // Nearly in the plane, and a determinant (`|d|` times the unit
        // direction's) that can pass its limit.
        a < r.tau_for(self.size) * b && r.norm * (a + ROUNDED * b) >= PASSES
    }

    /// What a ray straight up or down of the kind `upright` ([`GENERAL`],
    /// [`IEEE_UPRIGHT`], [`EE_UPRIGHT`]) needs to lie nearly in its plane
    /// (`|N_z| < τ W_z`, and a determinant that can pass its limit).
    fn upright(&self, upright: usize) -> Upright {
        if self.w[2] == 0.0 || (upright == IEEE_UPRIGHT && self.twin) {
            return Upright::NONE;
        }
        if upright == EE_UPRIGHT && self.twin {
            return Upright {
                ratio: 0.0,
                size: self.size,
                reach: EE_TWIN * self.w[2],
            };
        }
        // `|N_z| / W_z` rounded down, and `|N_z| + ROUNDED W_z` up.
        let (n, w) = (f64::from(self.n[2].abs()), f64::from(self.w[2]));
        Upright {
            ratio: (n / w * (1.0 - 1e-6)) as f32,
            size: self.size,
            reach: ((n + f64::from(ROUNDED) * w) * (1.0 + 1e-6)) as f32,
        }
    }

    /// Whether some ray may lie nearly in its plane.
    fn any(&self) -> bool {
        self.w.iter().any(|v| *v != 0.0)
    }

    /// Its unit normal in `f64` (`None` for a zero or overflowed `N`) and
    /// the ratio `W / |N|`, lane by lane.
    fn normal(&self) -> Option<([f64; 3], [f64; 3])> {
        let n = self.n.map(f64::from);
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let w = self.w.map(f64::from);
        let finite = w.iter().all(|v| v.is_finite());
        (len > 0.0 && finite).then(|| (n.map(|v| v / len), w.map(|v| v / len)))
    }
}

impl InPlane {
    /// The plane data of a mesh's triangles (with their boxes `boxes`), its
    /// tree's nodes and its columns.
    pub(crate) fn new(
        vertices: &[[f32; 4]],
        triangles: &[Triangle],
        boxes: &[[f32; 6]],
        tree: &TriangleTree,
        columns: &Columns,
    ) -> Self {
        let tris: Vec<TriPlane> = triangles
            .iter()
            .zip(boxes)
            .map(|(t, bx)| {
                let corner = |k: usize| vertices.get(usize::from(t.v[k])).copied();
                match (corner(0), corner(1), corner(2)) {
                    (Some(a), Some(b), Some(c)) => TriPlane::new(a, b, c, bx),
                    // Never for a checked mesh; every ray counts.
                    _ => TriPlane::EVERY,
                }
            })
            .collect();
        let mut plane = Self {
            cones: vec![Cone4::NONE; tree.nodes.len()],
            slots: Vec::new(),
            coned: vec![0; tree.nodes.len()],
            upright: columns.fold_slots([Upright::NONE; 3], |mut u, t| {
                let p = tris.get(usize::from(t)).unwrap_or(&TriPlane::EVERY);
                for (kind, u) in u.iter_mut().enumerate() {
                    *u = u.or(p.upright(kind));
                }
                u
            }),
            triangles: tris,
            any_coned: false,
        };
        let mut under = Vec::new();
        for node in 0..tree.nodes.len() {
            for lane in 0..4 {
                under.clear();
                collect(tree, tree.nodes[node].child[lane], &mut under);
                plane.set_cone(node, lane, &under);
            }
        }
        plane.any_coned = plane.coned.iter().any(|&c| c != 0);
        // Only the nodes with a cone keep theirs (none on a mesh of axis
        // planes).
        let dense = std::mem::take(&mut plane.cones);
        plane.slots = plane
            .coned
            .iter()
            .zip(dense)
            .map(|(&coned, cone)| {
                if coned == 0 {
                    return u32::MAX;
                }
                plane.cones.push(cone);
                // Fewer cones than nodes, which a u32 counts.
                (plane.cones.len() - 1) as u32
            })
            .collect();
        plane
    }

    /// Lane `lane` of node `node`'s cones, around the normals of those of
    /// `under` some ray may lie nearly in the plane of: the normals are
    /// parted between seeds (the first normal, then each time the one
    /// farthest from the seeds before), each part's cone around its mean
    /// line.
    fn set_cone(&mut self, node: usize, lane: usize, under: &[u32]) {
        let planes: Vec<&TriPlane> = under
            .iter()
            .filter_map(|&t| self.triangles.get(t as usize))
            .filter(|p| p.any())
            .collect();
        let Some(first) = planes.first() else {
            return;
        };
        let size = planes.iter().map(|p| f64::from(p.size)).fold(0.0, f64::max);
        let normals: Option<Vec<([f64; 3], [f64; 3])>> =
            planes.iter().map(|p| p.normal()).collect();
        let c = &mut self.cones[node];
        c.size[lane] = (size * 1.0001).min(f64::from(f32::MAX)) as f32;
        self.coned[node] |= 1 << lane;
        let (Some(normals), Some((seed, _)), true) = (normals, first.normal(), size.is_finite())
        else {
            // A triangle without a normal (overflowed): every ray counts.
            c.sin[lane] = [2.0; CONES];
            c.ratio[lane] = [[f32::MAX; 3]; CONES];
            return;
        };
        // Seeds picked one by one, each the normal farthest from the lines
        // of those before it (its largest |cos| to them least).
        let mut seeds = [seed; CONES];
        for k in 1..CONES {
            let nearest = |n: &[f64; 3]| {
                seeds[..k]
                    .iter()
                    .map(|s| dot(*n, *s).abs())
                    .fold(0.0, f64::max)
            };
            seeds[k] = normals
                .iter()
                .map(|(n, _)| *n)
                .min_by(|a, b| nearest(a).total_cmp(&nearest(b)))
                .unwrap_or(seed);
        }
        // Each normal to the seed whose line is nearest (the first of
        // equals).
        let parts: Vec<usize> = normals
            .iter()
            .map(|(n, _)| {
                let mut best = 0;
                for k in 1..CONES {
                    if dot(*n, seeds[k]).abs() > dot(*n, seeds[best]).abs() {
                        best = k;
                    }
                }
                best
            })
            .collect();
        for (k, seed) in seeds.iter().enumerate() {
            let part = || {
                normals
                    .iter()
                    .zip(&parts)
                    .filter(move |(_, &p)| p == k)
                    .map(|(n, _)| n)
            };
            let mut sum = [0.0f64; 3];
            let mut any = false;
            for (n, _) in part() {
                let sign = if dot(*n, *seed) < 0.0 { -1.0 } else { 1.0 };
                for (s, v) in sum.iter_mut().zip(n) {
                    *s += sign * v;
                }
                any = true;
            }
            let len = dot(sum, sum).sqrt();
            if !any {
                c.sin[lane][k] = -1.0;
                continue;
            }
            if !(len > 0.0 && len.is_finite()) {
                c.sin[lane][k] = 2.0;
                c.ratio[lane][k] = [f32::MAX; 3];
                continue;
            }
            let axis = sum.map(|v| v / len);
            for (j, ratio) in c.ratio[lane][k].iter_mut().enumerate() {
                let most = part().map(|(_, r)| r[j]).fold(0.0, f64::max);
                *ratio = (most * 1.0001).min(f64::from(f32::MAX)) as f32;
            }
            // The widest angle to a normal's line, as its cosine's least
            // value.
            let cos = part().map(|(n, _)| dot(*n, axis).abs()).fold(1.0, f64::min);
            let sin = (1.0 - cos * cos).max(0.0).sqrt() + 1e-6;
            c.axis[lane][k] = axis.map(|a| a as f32);
            // A sine of 2 keeps every ray: no |d · a| reaches it.
            c.sin[lane][k] = sin.min(2.0) as f32;
        }
    }

    /// Whether the ray may lie nearly in triangle `ix`'s plane (`true` for
    /// no such triangle).
    #[inline]
    pub(crate) fn nearly_in_plane(&self, ix: usize, r: &PlaneReach) -> bool {
        self.triangles.get(ix).is_none_or(|p| p.nearly_in_plane(r))
    }

    /// The lanes of node `node` among `lanes` (a bit each) under which a
    /// triangle may be one the ray lies nearly in the plane of: `|d · a| <
    /// sin α + (π/2) τ (|d| · W / |N|)` for one of the lane's cones (a
    /// triangle's test asks `|d · n| < τ (|d| · W) / |N|`, and the angle
    /// between the ray and a plane of the cone is at least its angle to the
    /// axis's plane less the cone's half-angle).
    #[inline]
    pub(crate) fn lanes(&self, node: usize, lanes: u32, r: &PlaneReach) -> u32 {
        let slot = self.slots.get(node).map_or(u32::MAX, |&s| s);
        let Some(c) = self.cones.get(slot as usize) else {
            return lanes;
        };
        let mut rest = lanes;
        let d = r.unit;
        let mut mask = 0;
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // `π/2` rounded up bounds `asin` over its slope.
            let tau = 1.570_797 * r.tau_for(c.size[l]);
            for ((a, sin), w) in c.axis[l].iter().zip(c.sin[l]).zip(&c.ratio[l]) {
                let along = (d[0] * a[0] + d[1] * a[1] + d[2] * a[2]).abs();
                let across = d[0].abs() * w[0] + d[1].abs() * w[1] + d[2].abs() * w[2];
                // With `|d| · W` zero for every triangle of the part, none
                // counts (its determinant is exact). A NaN keeps the lane.
                let outside = across == 0.0 || along >= sin + tau * across + 1e-6;
                mask |= u32::from(!outside) << l;
            }
        }
        mask
    }

    /// Whether some node's lane has a cone.
    #[inline]
    pub(crate) fn any_coned(&self) -> bool {
        self.any_coned
    }

    /// The lanes (a bit each) of node `node` with a cone: those under which
    /// some ray may lie nearly in a triangle's plane.
    #[inline]
    pub(crate) fn coned(&self, node: usize) -> u32 {
        self.coned.get(node).map_or(0, |&c| u32::from(c))
    }

    /// Whether a triangle of column `column` (`y × nx + x`) may be one the
    /// ray, straight up or down, lies nearly in the plane of.
    #[inline]
    pub(crate) fn upright_column(&self, column: usize, r: &PlaneReach) -> bool {
        self.upright.get(column).is_none_or(|u| {
            let u = u[r.upright];
            // A NaN keeps the column.
            let clear = u.ratio >= r.tau_for(u.size) || r.norm * u.reach < PASSES;
            !clear
        })
    }
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Appends the triangles under `child` to `out`.
fn collect(tree: &TriangleTree, child: u32, out: &mut Vec<u32>) {
    if child == NO_CHILD {
        return;
    }
    if child & TRIANGLE != 0 {
        out.push(child & !TRIANGLE);
        return;
    }
    if let Some(node) = tree.nodes.get(child as usize) {
        for c in node.child {
            collect(tree, c, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use test_support::{Seeded, Xorshift};

    /// A one-cell grid listing the triangles `0..n`.
    fn grid(n: u16) -> Grid {
        let mut lists = vec![0u16, n];
        lists.extend(0..n);
        Grid::new(
            [
                [1.0, 0.0, 0.0, 0.0],
                [0.0, 1.0, 0.0, 0.0],
                [0.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
            [-1000.0; 4],
            [1000.0; 4],
            [1, 1, 1],
            vec![1],
            lists,
        )
    }

    fn plane_data(corners: &[[[f32; 4]; 3]]) -> (InPlane, TriangleTree) {
        let vertices: Vec<[f32; 4]> = corners.iter().flatten().copied().collect();
        let triangles: Vec<Triangle> = (0..corners.len())
            .map(|i| {
                let v = |k: usize| (3 * i + k) as u16;
                Triangle {
                    v: [v(0), v(1), v(2)],
                    ..Triangle::default()
                }
            })
            .collect();
        let boxes: Vec<[f32; 6]> = corners
            .iter()
            .map(|c| {
                let lo = |k: usize| c[0][k].min(c[1][k]).min(c[2][k]);
                let hi = |k: usize| c[0][k].max(c[1][k]).max(c[2][k]);
                [lo(0), lo(1), lo(2), hi(0), hi(1), hi(2)]
            })
            .collect();
        let g = grid(corners.len() as u16);
        let tree = TriangleTree::new(&boxes, &g);
        let columns = Columns::new(&boxes, &g);
        (
            InPlane::new(&vertices, &triangles, &boxes, &tree, &columns),
            tree,
        )
    }

    /// Triangles in the axis planes (a floor, two walls) are never ones a
    /// ray lies nearly in the plane of, even a ray exactly in their plane
    /// (their determinant is one product, exactly 0 there); a tilted one is
    /// for a ray in its plane, and not for one across it.
    #[test]
    fn axis_plane_triangles_never_count_and_tilted_ones_do() {
        let p = |x: f32, y: f32, z: f32| [x, y, z, 1.0];
        let (data, _) = plane_data(&[
            [p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0)],
            [p(2.0, 0.0, 0.0), p(2.0, 5.0, 0.0), p(2.0, 0.0, 3.0)],
            [p(0.0, 1.0, 0.0), p(0.0, 1.0, 3.0), p(6.0, 1.0, 0.0)],
            [p(0.0, 0.0, 0.0), p(40.0, 0.0, 10.0), p(0.0, 40.0, 20.0)],
        ]);
        let ray = |d: [f32; 3]| PlaneReach::new(d, 20.0, 1.0 / 64.0, false);
        for d in [
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.6, 0.8, 0.0],
            [0.0, 0.0, 1.0],
        ] {
            for t in 0..3 {
                assert!(!data.nearly_in_plane(t, &ray(d)), "{t} {d:?}");
            }
        }
        // In the tilted plane (normal ∝ (−1, −2, 4)): along (2, −1, 0).
        assert!(data.nearly_in_plane(3, &ray([0.894_427_2, -0.447_213_6, 0.0])));
        assert!(!data.nearly_in_plane(3, &ray([0.0, 0.0, 1.0])));
        assert!(!data.triangles[0].any() && data.triangles[3].any());
    }

    /// The cones never leave out a lane holding a triangle the ray may lie
    /// nearly in the plane of: checked triangle by triangle against every
    /// lane above it, for random tilted triangles and random directions,
    /// half of them taken in some triangle's plane.
    #[test]
    fn cones_keep_every_lane_with_a_triangle_nearly_in_plane() {
        let mut rng = Xorshift(0x0238_c0e5);
        let mut corners = Vec::new();
        for i in 0..300 {
            let c = [rng.range_f32(-50.0, 50.0), rng.range_f32(-50.0, 50.0), 0.0];
            let s = if i % 2 == 0 { 2.0 } else { 30.0 };
            // Mostly gentle slopes around a few headings, so that the cones
            // are narrow.
            let tilt = rng.range_f32(0.0, 0.3);
            let v = |a: f32, b: f32| [c[0] + a * s, c[1] + b * s, c[2] + (a + b) * tilt * s, 1.0];
            corners.push([v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]);
        }
        let (data, tree) = plane_data(&corners);
        let mut seen = 0;
        for k in 0..4_000 {
            let d = if k % 2 == 0 {
                rng.unit_vec3_f32()
            } else {
                // In a triangle's plane, turned by up to a milliradian.
                let t = &data.triangles[rng.below(300) as usize];
                let n = t.n;
                let a = rng.unit_vec3_f32();
                let along = [
                    a[1] * n[2] - a[2] * n[1],
                    a[2] * n[0] - a[0] * n[2],
                    a[0] * n[1] - a[1] * n[0],
                ];
                let l = (along[0] * along[0] + along[1] * along[1] + along[2] * along[2]).sqrt();
                let off = rng.range_f32(-1e-3, 1e-3);
                let nl = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                [0, 1, 2].map(|i| along[i] / l + off * n[i] / nl)
            };
            let ray = PlaneReach::new(d, rng.range_f32(1.0, 60.0), 1.0 / 64.0, k % 4 == 1);
            for (node, n4) in tree.nodes.iter().enumerate() {
                let kept = data.lanes(node, data.coned(node), &ray);
                for lane in 0..4 {
                    let mut under = Vec::new();
                    collect(&tree, n4.child[lane], &mut under);
                    let any = under
                        .iter()
                        .any(|&t| data.nearly_in_plane(t as usize, &ray));
                    seen += usize::from(any);
                    assert!(!any || kept & (1 << lane) != 0, "{node} {lane} {d:?}");
                }
            }
        }
        assert!(seen > 1_000, "{seen}");
    }
}

#[cfg(test)]
mod twin_tests {
    use ps2_float::{Ee32, Real, Vec4};
    use test_support::{Seeded, Xorshift};

    /// The determinant of the ray tests (`e1 · (d × e2)`, the operations of
    /// `moller_trumbore`) for a ray `(0, 0, ±1)` and a wall's triangle whose
    /// second and third corners share `x` and `y`: exactly 0 in `f32` mode,
    /// and in `Ee32` mode no more than `2⁻²² |e1x e1y|` (`2⁻²³ W_z`): the
    /// two products `e1x e1y` and `e1y e1x` differ by the EE's dependence on
    /// their order, a unit in the last place at most.
    #[test]
    fn twin_walls_determinant_under_rays_straight_up_or_down() {
        let mut rng = Xorshift(0x0238_7719);
        let mut nonzero = 0;
        for i in 0..200_000 {
            let s = [0.1f32, 3.0, 50.0, 2000.0][i % 4];
            let v0 = [
                rng.range_f32(-s, s),
                rng.range_f32(-s, s),
                rng.range_f32(-s, s),
            ];
            let top = [rng.range_f32(-s, s), rng.range_f32(-s, s)];
            let (z1, z2) = (rng.range_f32(-s, s), rng.range_f32(-s, s));
            let dz = if i % 2 == 0 { 1.0 } else { -1.0 };
            let corners = |z: f32| [top[0], top[1], z];
            fn det<R: Real>(v0: [f32; 3], v1: [f32; 3], v2: [f32; 3], dz: f32) -> (f64, f64) {
                let p = |v: [f32; 3]| Vec4::<R>::from_f32([v[0], v[1], v[2], 1.0]);
                let (e1, e2) = (p(v1) - p(v0), p(v2) - p(v0));
                let d = Vec4::<R>::from_f32([0.0, 0.0, dz, 0.0]);
                let det = e1.dot(d.cross(e2));
                let e1x = f64::from(e1.x.to_f32());
                let e1y = f64::from(e1.y.to_f32());
                (f64::from(det.to_f32()), (e1x * e1y).abs())
            }
            let (f, _) = det::<f32>(v0, corners(z1), corners(z2), dz);
            assert_eq!(f, 0.0, "{v0:?} {top:?} {z1} {z2}");
            let (e, prod) = det::<Ee32>(v0, corners(z1), corners(z2), dz);
            assert!(
                e.abs() <= prod / 4_194_304.0,
                "{e} {prod} {v0:?} {top:?} {z1} {z2}"
            );
            nonzero += usize::from(e != 0.0);
        }
        assert!(nonzero > 1_000, "{nonzero}");
    }
}
