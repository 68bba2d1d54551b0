//! The ray cast into the mesh (Coney `docs/research/collision.md`, "Ray
//! cast"): the column walk over the grid, the per-cell test with its type
//! mask, enabled rules and material exclusion list, and the two
//! Möller-Trumbore triangle tests.

use kernels::WorkTriangle;
use ps2_float::{Real, Vec4};

use crate::visited::{Visit, VisitedBits};
use crate::{CollisionMesh, Material};

/// What the triangle tests return for no hit: `−1`.
pub const RAY_MISS: f32 = -1.0;

/// The determinant limit `1e-6` of both triangle tests (*inferred* bits:
/// the nearest `f32`, 0x358637bd).
const DET_LIMIT: u32 = 0x3586_37bd;

/// A ray: an origin (`+0x00`), a unit direction (`+0x10`) and a length
/// (`+0x20`). The direction is taken as given; a `t` is a distance along it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ray<R> {
    /// `+0x00`: the origin.
    pub origin: Vec4<R>,
    /// `+0x10`: the unit direction.
    pub direction: Vec4<R>,
    /// `+0x20`: the length.
    pub length: R,
}

impl<R: Real> Ray<R> {
    /// A ray from its three fields.
    #[must_use]
    pub fn new(origin: Vec4<R>, direction: Vec4<R>, length: R) -> Self {
        Self {
            origin,
            direction,
            length,
        }
    }

    /// The point at distance `t`: `origin + direction × t` (`w = 1`).
    #[must_use]
    pub fn at(&self, t: R) -> Vec4<R> {
        self.origin.madd(self.direction, t).with_w(R::ONE)
    }
}

/// What a ray cast skips: the triangles whose type bits meet `mask` (and
/// the disabled ones, unless the mask says otherwise), and the materials of
/// `exclude`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayFilter<'a> {
    /// The material exclusion list: `u32` ids ended by the value 1
    /// (`MATERIAL_NONE`) or by the slice's end (divergence 170); `None`
    /// excludes nothing.
    pub exclude: Option<&'a [u32]>,
    /// The query mask: a triangle with `flags & 0xfff & mask & !0x801` is
    /// skipped; mask bit 0 tests disabled triangles too, and mask bit 11
    /// tests the disabled ones with flag 0x800.
    pub mask: u32,
}

/// The result record of a ray cast (Coney `collision.md`, "Ray cast").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayResult<R> {
    /// `+0x00`: the unit face normal, turned to face the ray for a two-sided
    /// triangle.
    pub normal: Vec4<R>,
    /// `+0x10`: whether something was hit.
    pub hit: bool,
    /// `+0x14`: the distance along the ray.
    pub t: R,
    /// `+0x28`: the material (the world's cast sets `MATERIAL_NONE` first).
    pub material: Material,
    /// `+0x2c`: the triangle's flags `& 0xfff`.
    pub flags: u16,
    /// `+0x2e`: the triangle's area byte.
    pub area: u8,
    /// `+0x30`: the triangle (its index; the original keeps a pointer,
    /// divergence 176).
    pub triangle: Option<u16>,
}

impl<R: Real> Default for RayResult<R> {
    /// No hit, material `MATERIAL_NONE`, everything else zero: what the
    /// world's cast starts from.
    fn default() -> Self {
        Self {
            normal: Vec4::ZERO,
            hit: false,
            t: R::ZERO,
            material: Material::NONE,
            flags: 0,
            area: 0,
            triangle: None,
        }
    }
}

impl<R: Real> RayResult<R> {
    /// The hit point along `ray`, when something was hit.
    #[must_use]
    pub fn point(&self, ray: &Ray<R>) -> Option<Vec4<R>> {
        self.hit.then(|| ray.at(self.t))
    }
}

/// The Möller-Trumbore test shared by both triangle tests; the order of the
/// operations is *inferred* (divergence 168).
#[inline]
fn moller_trumbore<R: Real>(o: Vec4<R>, d: Vec4<R>, v: &[Vec4<R>; 3], two_sided: bool) -> R {
    let miss = R::from_f32(RAY_MISS);
    let e1 = v[1] - v[0];
    let e2 = v[2] - v[0];
    let p = d.cross(e2);
    let det = e1.dot(p);
    let limit = R::from_bits(DET_LIMIT);
    let refused = if two_sided {
        det.abs() < limit
    } else {
        det < limit
    };
    if refused {
        return miss;
    }
    let inv = R::ONE.div(det);
    let s = o - v[0];
    let u = s.dot(p) * inv;
    if u < R::ZERO || u > R::ONE {
        return miss;
    }
    let q = s.cross(e1);
    let w = d.dot(q) * inv;
    if w < R::ZERO || u + w > R::ONE {
        return miss;
    }
    e2.dot(q) * inv
}

/// A ray (origin `o`, direction `d`) against the front of a triangle: the
/// distance `t` along `d`, or −1 when the ray misses or meets the back (a
/// determinant below `1e-6`).
///
/// Original: `RayTriangle_OneSided` (0x00337920).
#[must_use]
pub fn ray_triangle_one_sided<R: Real>(o: Vec4<R>, d: Vec4<R>, v: &[Vec4<R>; 3]) -> R {
    moller_trumbore(o, d, v, false)
}

/// A ray against either face of a triangle: the distance `t`, or −1 (a
/// determinant with `|det| < 1e-6` is refused).
///
/// Original: `RayTriangle_TwoSided` (0x00337a60).
#[must_use]
pub fn ray_triangle_two_sided<R: Real>(o: Vec4<R>, d: Vec4<R>, v: &[Vec4<R>; 3]) -> R {
    moller_trumbore(o, d, v, true)
}

/// Whether a triangle of `material` passes the exclusion list: `true` for
/// no list, or when the material is not in it before its end marker 1
/// (`MATERIAL_NONE`).
///
/// Original: `CollisionTri_PassesMaterialFilter` (0x00350538).
#[must_use]
pub fn passes_material_filter(material: Material, exclude: Option<&[u32]>) -> bool {
    let Some(list) = exclude else {
        return true;
    };
    let id = u32::from(material.0);
    !list
        .iter()
        .take_while(|&&m| m != u32::from(Material::NONE.0))
        .any(|&m| m == id)
}

/// The part of space a ray's segment can hit, for skipping triangles
/// before the intersection test: a slab test of the segment (from 0 to a
/// limit) against the triangle's bounding box grown by `1/64 + 2⁻¹²` of the
/// largest coordinate. A triangle the test skips has no hit `t` in that
/// range, so the skip never changes the result (divergence 178).
#[derive(Clone, Copy, Debug)]
struct SegmentReach {
    o: [f32; 3],
    d: [f32; 3],
    inv: [f32; 3],
    margin: f32,
}

impl SegmentReach {
    fn new<R: Real>(ray: &Ray<R>) -> Self {
        let o = ray.origin.to_f32();
        let d = ray.direction.to_f32();
        let len = ray.length.to_f32().abs();
        let mut big = 0.0f32;
        for k in 0..3 {
            big = big.max(o[k].abs()).max((o[k] + d[k] * len).abs());
        }
        Self {
            o: [o[0], o[1], o[2]],
            d: [d[0], d[1], d[2]],
            inv: [0, 1, 2].map(|k| if d[k] == 0.0 { 0.0 } else { 1.0 / d[k] }),
            margin: 1.0 / 64.0 + big * (1.0 / 4096.0),
        }
    }

    /// Whether the segment from 0 to `until` can meet the triangle's box
    /// (anything not finite keeps the triangle).
    #[inline]
    fn meets(&self, vertices: &[[f32; 4]], t: &crate::Triangle, until: f32) -> bool {
        let (Some(a), Some(b), Some(c)) = (
            vertices.get(usize::from(t.v[0])),
            vertices.get(usize::from(t.v[1])),
            vertices.get(usize::from(t.v[2])),
        ) else {
            return true;
        };
        let slack = self.margin + until.abs() * (1.0 / 1024.0);
        let (mut enter, mut exit) = (-slack, until + slack);
        for k in 0..3 {
            let lo = a[k].min(b[k]).min(c[k]) - self.margin;
            let hi = a[k].max(b[k]).max(c[k]) + self.margin;
            if self.d[k] == 0.0 {
                if self.o[k] < lo || self.o[k] > hi {
                    return false;
                }
                continue;
            }
            let t0 = (lo - self.o[k]) * self.inv[k];
            let t1 = (hi - self.o[k]) * self.inv[k];
            enter = enter.max(t0.min(t1));
            exit = exit.min(t0.max(t1));
        }
        let apart = exit < enter;
        !apart
    }
}

impl CollisionMesh {
    /// Tests the ray against one cell's triangles: per triangle, skip it if
    /// visited (and mark it), if `flags & 0xfff & mask & !0x801` is not zero,
    /// unless enabled (flag bit 0, or mask bit 0, or mask bit 11 with flag
    /// 0x800), or if its material is excluded; then intersect (two-sided
    /// test for flag bit 1, one-sided otherwise) and keep a `t` with
    /// `0 ≤ t ≤ length` when there is no hit yet in `result` or it is nearer
    /// (ties keep the first, *inferred*, divergence 169). Excluded triangles
    /// are skipped before the intersection, so a see-through material never
    /// hides what lies behind it. Returns whether the cell kept a hit.
    ///
    /// Original: `CollisionMesh_RayTestCell` (0x00350778).
    pub fn ray_test_cell<R: Real>(
        &self,
        visited: &mut VisitedBits,
        cell: [u16; 3],
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &RayFilter<'_>,
    ) -> bool {
        self.ray_test_cell_within(visited, cell, ray, result, filter, &SegmentReach::new(ray))
    }

    /// [`CollisionMesh::ray_test_cell`], skipping the triangles whose
    /// bounding box the ray's segment (up to the nearest hit so far) cannot
    /// reach (divergence 178).
    fn ray_test_cell_within<R: Real>(
        &self,
        visited: &mut VisitedBits,
        cell: [u16; 3],
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &RayFilter<'_>,
        reach: &SegmentReach,
    ) -> bool {
        let mut kept = false;
        for &t in self.cell_triangles(cell) {
            let ix = usize::from(t);
            if visited.visit(ix) != Visit::First {
                continue;
            }
            let Some(tri) = self.triangle(ix) else {
                continue;
            };
            let flags = tri.flags.bits();
            if tri.flags.excluded_by(filter.mask) != 0 {
                continue;
            }
            let enabled = flags & 0x1 != 0
                || filter.mask & 0x1 != 0
                || (filter.mask & 0x800 != 0 && flags & 0x800 != 0);
            if !enabled || !passes_material_filter(tri.material, filter.exclude) {
                continue;
            }
            let until = if result.hit {
                result.t.min(ray.length)
            } else {
                ray.length
            };
            if !reach.meets(self.vertices(), tri, until.to_f32()) {
                continue;
            }
            let Some(corners) = self.corners::<R>(ix) else {
                continue;
            };
            let two_sided = flags & 0x2 != 0;
            let (o, d) = (ray.origin, ray.direction);
            let hit_t = if two_sided {
                ray_triangle_two_sided(o, d, &corners)
            } else {
                ray_triangle_one_sided(o, d, &corners)
            };
            if !(R::ZERO <= hit_t && hit_t <= ray.length) {
                continue;
            }
            let nearer = !result.hit || hit_t < result.t;
            if !nearer {
                continue;
            }
            let mut work = WorkTriangle::from_corners(corners[0], corners[1], corners[2]);
            work.compute_normal();
            let mut n = work.n;
            if two_sided && n.dot(d) > R::ZERO {
                n = -n;
            }
            *result = RayResult {
                normal: n,
                hit: true,
                t: hit_t,
                material: tri.material,
                flags: tri.flags.low(),
                area: tri.area,
                // At most 65,535 triangles.
                triangle: Some(t),
            };
            kept = true;
        }
        kept
    }

    /// Casts `ray` against the mesh and keeps the nearest accepted hit along
    /// the whole ray in `result` (a miss leaves `result` as it was); returns
    /// whether this cast kept a hit.
    ///
    /// # Behaviour
    ///
    /// Both ends go to grid space; per axis the smaller and the larger,
    /// clamped and truncated, give the box of cells. The visited bits are
    /// cleared. When the box is one cell wide in `x` or in `y`, every cell of
    /// it is tested. Otherwise the `x` columns are walked: in each column
    /// `ix` the ray's line in grid space (`y = slope·x + c`, from the
    /// unclamped ends) is evaluated at `ix` and `ix + 1`, each value
    /// `max(·, 0)` and truncated, the two ordered and clamped to the box's
    /// `y` range, and every cell between them is tested for every `z` of the
    /// box (`y` outer, `z` inner). The columns' edges are at integer grid
    /// coordinates, as the console's are (Coney `collision.md`, "Ray cast":
    /// the walk covers its columns half a cell off the tool's cells; the same
    /// arithmetic is kept). Each cell is [`CollisionMesh::ray_test_cell`].
    ///
    /// # Performance
    ///
    /// No allocation; the cost is the cells along the ray and their
    /// triangles.
    ///
    /// Original: `CollisionMesh_RayCast` (0x00350cd8).
    pub fn ray_cast<R: Real>(
        &self,
        visited: &mut VisitedBits,
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &RayFilter<'_>,
    ) -> bool {
        let end = ray.origin.madd(ray.direction, ray.length);
        let grid = self.grid();
        let range = grid.cell_range(ray.origin, end);
        visited.reset(self.triangles().len());
        let reach = SegmentReach::new(ray);
        let mut kept = false;
        let (lo, hi) = (range.lo, range.hi);
        if lo[0] == hi[0] || lo[1] == hi[1] {
            for cell in range.walk() {
                kept |= self.ray_test_cell_within(visited, cell, ray, result, filter, &reach);
            }
        } else {
            let g0 = grid.to_grid(ray.origin);
            let g1 = grid.to_grid(end);
            // The column edges on the line through the unclamped ends
            // (operation order *inferred*, divergence 167).
            let slope = (g1.y - g0.y).div(g1.x - g0.x);
            let c = g0.y.msub(slope, g0.x);
            let row = |x: i32| c.madd(slope, R::from_i32(x)).max(R::ZERO).to_i32();
            let (ylo, yhi) = (i32::from(lo[1]), i32::from(hi[1]));
            for ix in lo[0]..=hi[0] {
                let x = i32::from(ix);
                let (a, b) = (row(x), row(x + 1));
                let (a, b) = if b < a { (b, a) } else { (a, b) };
                let (a, b) = (a.clamp(ylo, yhi), b.clamp(ylo, yhi));
                for iy in a..=b {
                    for iz in lo[2]..=hi[2] {
                        // `a..=b` lies inside the box's y range of u16s.
                        let cell = [ix, iy as u16, iz];
                        kept |=
                            self.ray_test_cell_within(visited, cell, ray, result, filter, &reach);
                    }
                }
            }
        }
        kept
    }

    /// The world's ray cast: sets the result's material to `MATERIAL_NONE`
    /// and its hit to 0, then casts into the level's mesh
    /// ([`CollisionMesh::ray_cast`]); returns whether it hit.
    ///
    /// Original: `WorldManager_RayCast` (0x0040db88).
    pub fn world_ray_cast<R: Real>(
        &self,
        visited: &mut VisitedBits,
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &RayFilter<'_>,
    ) -> bool {
        result.material = Material::NONE;
        result.hit = false;
        self.ray_cast(visited, ray, result, filter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f32, y: f32, z: f32) -> Vec4<f32> {
        Vec4::point(x, y, z)
    }

    #[test]
    fn one_sided_meets_the_front_only() {
        let v = [p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0)];
        let down = Vec4::new(0.0, 0.0, -1.0, 0.0);
        let up = Vec4::new(0.0, 0.0, 1.0, 0.0);
        assert_eq!(ray_triangle_one_sided(p(1.0, 1.0, 2.0), down, &v), 2.0);
        assert_eq!(ray_triangle_one_sided(p(1.0, 1.0, -2.0), up, &v), RAY_MISS);
        assert_eq!(ray_triangle_two_sided(p(1.0, 1.0, -2.0), up, &v), 2.0);
        // Parallel to the face: the determinant is 0.
        let along = Vec4::new(1.0, 0.0, 0.0, 0.0);
        assert_eq!(
            ray_triangle_two_sided(p(-1.0, 1.0, 0.0), along, &v),
            RAY_MISS
        );
        // Outside the edges.
        assert_eq!(ray_triangle_one_sided(p(3.0, 3.0, 2.0), down, &v), RAY_MISS);
    }

    #[test]
    fn material_list_ends_at_one() {
        let list = [2u32, 122, 1, 5];
        assert!(!passes_material_filter(Material::GLASS, Some(&list)));
        assert!(!passes_material_filter(Material::RAILING, Some(&list)));
        assert!(passes_material_filter(Material::CONCRETE, Some(&list)));
        assert!(passes_material_filter(Material::GLASS, None));
        assert!(passes_material_filter(Material::GLASS, Some(&[])));
    }
}
