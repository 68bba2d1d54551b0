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
//! - per lane of every node of the triangle tree, a double cone around the
//!   normals of the triangles under it that a ray could lie nearly in the
//!   plane of, so that a search can tell which boxes may hold one;
//! - per column of cells, whether one of its triangles could be such a
//!   triangle for a ray straight up or down.
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

/// How many times the determinant's rounding bound a determinant must be for
/// the box tests to hold, per metre of the ray's length and the triangle's
/// size, in units of the culling margin: `8`. With a determinant that large
/// the hit the test gives lies within a small part of the margin of the
/// triangle (the rounding moves it by at most the relative error times the
/// distance from the triangle's first corner to the ray's origin, which is
/// below the ray's length plus the triangle's size).
const SAFE_RATIO: f32 = 8.0;

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
}

/// A node's four lanes' double cones, lane by lane: the axis (a unit
/// vector), the sine of the widest angle between it and the line of a
/// normal under the lane, the largest box diagonal and the largest ratio
/// `|W| / |N|` of those triangles. A lane with no such triangle has the
/// sine `−1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cone4 {
    axis: [[f32; 4]; 3],
    sin: [f32; 4],
    size: [f32; 4],
    ratio: [f32; 4],
}

impl Cone4 {
    const NONE: Self = Self {
        axis: [[0.0; 4]; 3],
        sin: [-1.0; 4],
        size: [0.0; 4],
        ratio: [0.0; 4],
    };
}

/// The plane data of a mesh: per triangle, per tree node and per column.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct InPlane {
    triangles: Vec<TriPlane>,
    /// Per tree node, its lanes' cones.
    cones: Vec<Cone4>,
    /// Per tree node, the lanes (a bit each) with a cone.
    coned: Vec<u8>,
    /// Whether some node's lane has a cone.
    any_coned: bool,
    /// Per column (`y × nx + x`), whether a triangle of it can be one a ray
    /// straight up or down lies nearly in the plane of.
    upright: Vec<bool>,
}

/// A ray's side of the tests: its unit direction, its length in metres and
/// the ratio `τ₀ = 8 × 2⁻¹⁹ / margin`; a triangle of size `D` is one the ray
/// lies nearly in the plane of when `|d · N| < τ₀ (L + D) (|d| · W)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PlaneReach {
    unit: [f32; 3],
    length: f32,
    tau: f32,
}

impl PlaneReach {
    /// The tests' side for a ray of direction `d` (not zero), length `len`
    /// (in units of `d`) and culling margin `margin`. The direction's length
    /// is taken in `f64`, where no `f32` lane's square overflows or
    /// vanishes. A length or margin that is not finite makes `τ` infinite or
    /// zero, which the tests read as every triangle or none: a margin that
    /// large keeps every box already.
    #[inline]
    pub(crate) fn new(d: [f32; 3], len: f32, margin: f32) -> Self {
        let d = d.map(f64::from);
        let norm = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        Self {
            unit: d.map(|c| (c / norm) as f32),
            length: (f64::from(len) * norm) as f32,
            tau: SAFE_RATIO * ROUNDING / margin,
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
    /// The plane data of the triangle with corners `a`, `b`, `c`.
    fn new(a: [f32; 4], b: [f32; 4], c: [f32; 4]) -> Self {
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
            .map(|k| {
                let lo = a[k].min(b[k]).min(c[k]);
                let hi = a[k].max(b[k]).max(c[k]);
                (f64::from(hi) - f64::from(lo)).powi(2)
            })
            .sum::<f64>()
            .sqrt();
        let size32 = (size * 1.0001) as f32;
        let finite = n.iter().chain(&w).all(|v| (*v as f32).is_finite()) && size32.is_finite();
        if !finite {
            return Self {
                n: [0.0; 3],
                w: [f32::MAX; 3],
                size: f32::MAX,
            };
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
        }
    }

    /// Whether the triangle may be one the ray lies nearly in the plane of.
    fn nearly_in_plane(&self, r: &PlaneReach) -> bool {
        let d = r.unit;
        let a = (d[0] * self.n[0] + d[1] * self.n[1] + d[2] * self.n[2]).abs();
        let b = d[0].abs() * self.w[0] + d[1].abs() * self.w[1] + d[2].abs() * self.w[2];
        a < r.tau_for(self.size) * b
    }

    /// Whether a ray straight up or down may lie nearly in its plane
    /// (`|N_z| < τ W_z` for the largest `τ`).
    fn upright(&self) -> bool {
        let tau = largest_tau(f64::from(self.size));
        f64::from(self.n[2].abs()) < tau * f64::from(self.w[2])
    }

    /// Whether some ray may lie nearly in its plane.
    fn any(&self) -> bool {
        self.w.iter().any(|v| *v != 0.0)
    }

    /// Its unit normal in `f64` (`None` for a zero or overflowed `N`) and
    /// the ratio `|W| / |N|`.
    fn normal(&self) -> Option<([f64; 3], f64)> {
        let n = self.n.map(f64::from);
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let w = self.w.map(f64::from);
        let wlen = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
        (len > 0.0 && wlen.is_finite()).then(|| (n.map(|v| v / len), wlen / len))
    }
}

impl InPlane {
    /// The plane data of a mesh's triangles, its tree's nodes and its
    /// columns.
    pub(crate) fn new(
        vertices: &[[f32; 4]],
        triangles: &[Triangle],
        tree: &TriangleTree,
        columns: &Columns,
    ) -> Self {
        let tris: Vec<TriPlane> = triangles
            .iter()
            .map(|t| {
                let corner = |k: usize| vertices.get(usize::from(t.v[k])).copied();
                match (corner(0), corner(1), corner(2)) {
                    (Some(a), Some(b), Some(c)) => TriPlane::new(a, b, c),
                    // Never for a checked mesh; every ray counts.
                    _ => TriPlane {
                        n: [0.0; 3],
                        w: [f32::MAX; 3],
                        size: f32::MAX,
                    },
                }
            })
            .collect();
        let mut plane = Self {
            cones: vec![Cone4::NONE; tree.nodes.len()],
            coned: vec![0; tree.nodes.len()],
            upright: columns
                .slots_where(|t| tris.get(usize::from(t)).is_some_and(TriPlane::upright)),
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
        plane
    }

    /// Lane `lane` of node `node`'s cone, around the normals of those of
    /// `under` some ray may lie nearly in the plane of.
    fn set_cone(&mut self, node: usize, lane: usize, under: &[u32]) {
        let planes = || {
            under
                .iter()
                .filter_map(|&t| self.triangles.get(t as usize))
                .filter(|p| p.any())
        };
        let Some(first) = planes().next() else {
            return;
        };
        let (mut size, mut ratio) = (0.0f64, 0.0f64);
        let mut sum = [0.0f64; 3];
        let mut whole = false;
        let reference = first.normal().map(|(n, _)| n);
        for p in planes() {
            size = size.max(f64::from(p.size));
            match (p.normal(), reference) {
                (Some((n, r)), Some(reference)) => {
                    ratio = ratio.max(r);
                    let sign = if dot(n, reference) < 0.0 { -1.0 } else { 1.0 };
                    for k in 0..3 {
                        sum[k] += sign * n[k];
                    }
                }
                _ => whole = true,
            }
        }
        let len = dot(sum, sum).sqrt();
        let axis = sum.map(|v| v / len);
        // The widest angle to a normal's line, as its cosine's least value.
        let mut cos = 1.0f64;
        for p in planes() {
            if let Some((n, _)) = p.normal() {
                cos = cos.min(dot(n, axis).abs());
            }
        }
        let sin = (1.0 - cos * cos).max(0.0).sqrt() + 1e-6;
        let whole = whole || !len.is_finite() || len == 0.0 || !size.is_finite();
        let c = &mut self.cones[node];
        for (lanes, a) in c.axis.iter_mut().zip(axis) {
            lanes[lane] = if whole { 0.0 } else { a as f32 };
        }
        // A sine of 2 keeps every ray: no |d · a| reaches it.
        c.sin[lane] = if whole { 2.0 } else { sin.min(2.0) as f32 };
        c.size[lane] = (size * 1.0001).min(f64::from(f32::MAX)) as f32;
        c.ratio[lane] = (ratio * 1.0001).min(f64::from(f32::MAX)) as f32;
        self.coned[node] |= 1 << lane;
    }

    /// Whether the ray may lie nearly in triangle `ix`'s plane (`true` for
    /// no such triangle).
    #[inline]
    pub(crate) fn nearly_in_plane(&self, ix: usize, r: &PlaneReach) -> bool {
        self.triangles.get(ix).is_none_or(|p| p.nearly_in_plane(r))
    }

    /// The lanes of node `node` among `lanes` (a bit each) under which a
    /// triangle may be one the ray lies nearly in the plane of: `|d · a| <
    /// sin α + (π/2) τ |W| / |N|` (the angle between the ray and a plane of
    /// the cone is at least its angle to the axis's plane less the cone's
    /// half-angle).
    #[inline]
    pub(crate) fn lanes(&self, node: usize, lanes: u32, r: &PlaneReach) -> u32 {
        let Some(c) = self.cones.get(node) else {
            return lanes;
        };
        let mut rest = lanes;
        let d = r.unit;
        let mut mask = 0;
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let along = (d[0] * c.axis[0][l] + d[1] * c.axis[1][l] + d[2] * c.axis[2][l]).abs();
            // `π/2` rounded up bounds `asin` over its slope.
            let reach = c.sin[l] + 1.570_797 * r.tau_for(c.size[l]) * c.ratio[l] + 1e-6;
            // A NaN keeps the lane.
            let outside = along >= reach;
            mask |= u32::from(!outside) << l;
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

    /// Whether a triangle of column `column` (`y × nx + x`) may be one a ray
    /// straight up or down lies nearly in the plane of.
    #[inline]
    pub(crate) fn upright_column(&self, column: usize) -> bool {
        self.upright.get(column).copied().unwrap_or(true)
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
        (InPlane::new(&vertices, &triangles, &tree, &columns), tree)
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
        let ray = |d: [f32; 3]| PlaneReach::new(d, 20.0, 1.0 / 64.0);
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
            let ray = PlaneReach::new(d, rng.range_f32(1.0, 60.0), 1.0 / 64.0);
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
