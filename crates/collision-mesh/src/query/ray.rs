//! The ray cast into the mesh (Coney `docs/research/collision.md`, "Ray
//! cast"): the column walk over the grid, the per-cell test with its type
//! mask, enabled rules and material exclusion list, and the two
//! Möller-Trumbore triangle tests.

use crate::in_plane::PlaneReach;
use crate::visited::Culling;
use kernels::WorkTriangle;
use ps2_float::{FloatMode, Real, Vec4};

use crate::grid::CellRange;
use crate::visited::{Visit, VisitedBits};
use crate::{flags::TriangleFlags, material::Material, mesh::CollisionMesh, triangle::Triangle};
use nearest::Found;

mod column;
mod nearest;

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

    /// Whether the ray is one the casts answer (divergence 327): no `x`, `y`,
    /// `z` lane of the origin or the direction, nor the length, has the IEEE
    /// exponent 255 (a NaN or an infinity in `f32` mode, those patterns in
    /// `Ee32`) or is `±R::MAX` (what both modes make of an infinity), and
    /// the direction is not zero in both modes (some lane with a non-zero
    /// exponent: an `f32` denormal counts as zero, as `Ee32` flushes it). A
    /// ray that is not castable hits nothing.
    #[inline]
    #[must_use]
    pub fn is_castable(&self) -> bool {
        let max = R::MAX.to_bits();
        let (o, d) = (&self.origin, &self.direction);
        // Eight lanes (the length twice), every test on all of them without
        // branches, so that the compiler works them as two vector steps.
        let lanes = [o.x, o.y, o.z, d.x, d.y, d.z, self.length, self.length].map(R::to_bits);
        let mut refused = 0u32;
        for b in lanes {
            refused |= u32::from((b >> 23) & 0xff == 0xff) | u32::from(b & 0x7fff_ffff == max);
        }
        let moving = [d.x, d.y, d.z]
            .map(R::to_bits)
            .iter()
            .fold(0, |m, b| m | (b >> 23) & 0xff);
        refused == 0 && moving != 0
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
pub struct MeshRayFilter<'a> {
    /// The material exclusion list: `u32` ids ended by the value 1
    /// (`MATERIAL_NONE`) or by the slice's end (divergence 170); `None`
    /// excludes nothing.
    pub exclude: Option<&'a [u32]>,
    /// The query mask: a triangle with `flags & 0xfff & mask & !0x801` is
    /// skipped; mask bit 0 tests disabled triangles too, and mask bit 11
    /// tests the disabled ones with flag 0x800.
    pub mask: u32,
}

impl MeshRayFilter<'_> {
    /// The ray's flag rule for one triangle: no type bit shared with the mask
    /// ([`TriangleFlags::excluded_by`]), and enabled, or the mask has the
    /// enabled bit's value (0x1: every triangle), or the mask and the
    /// triangle both have [`TriangleFlags::TESTABLE_WHILE_DISABLED`]'s value
    /// (0x800). The material list is tested apart.
    #[inline]
    #[must_use]
    pub fn admits(&self, flags: TriangleFlags) -> bool {
        let mask_has = |f: TriangleFlags| self.mask & u32::from(f.bits()) != 0;
        flags.excluded_by(self.mask) == 0
            && (flags.contains(TriangleFlags::ENABLED)
                || mask_has(TriangleFlags::ENABLED)
                || (mask_has(TriangleFlags::TESTABLE_WHILE_DISABLED)
                    && flags.contains(TriangleFlags::TESTABLE_WHILE_DISABLED)))
    }
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

/// Below this magnitude (2³⁰) in every lane of the ray's origin and
/// direction and of the triangle's corners, no step of the triangle tests
/// comes near `f32::MAX`: the edges stay below 2³¹, the cross products below
/// 2⁶³, the determinant and the dot products below 2⁹⁶, and `1 / det` and the
/// barycentrics below 2¹¹⁵ (`|det| ≥ 1e-6` once it passes). So `f32` mode's
/// multiply-subtract, which differs from IEEE's multiply then subtract only
/// by turning an infinity into `±MAX`, gives IEEE's bits there.
pub(crate) const PLAIN_LIMIT: f32 = 1_073_741_824.0;

/// `a × b` as [`Vec4::cross`] computes it, each lane's multiply-subtract
/// written as IEEE's multiply then subtract: the same bits wherever nothing
/// overflows ([`PLAIN_LIMIT`]), in `f32` mode only.
#[inline(always)]
fn cross_plain<R: Real>(a: Vec4<R>, b: Vec4<R>) -> Vec4<R> {
    Vec4::new(
        a.y * b.z - a.z * b.y,
        a.z * b.x - a.x * b.z,
        a.x * b.y - a.y * b.x,
        a.w,
    )
}

/// The Möller-Trumbore test shared by both triangle tests; the order of the
/// operations is *inferred* (divergence 168). With `plain` (only for `f32`
/// mode and inputs below [`PLAIN_LIMIT`]) the cross products skip the
/// saturation that cannot act.
#[inline]
fn moller_trumbore<R: Real>(
    o: Vec4<R>,
    d: Vec4<R>,
    v: &[Vec4<R>; 3],
    two_sided: bool,
    plain: bool,
) -> R {
    let cross = |a: Vec4<R>, b: Vec4<R>| if plain { cross_plain(a, b) } else { a.cross(b) };
    let miss = R::from_f32(RAY_MISS);
    let e1 = v[1] - v[0];
    let e2 = v[2] - v[0];
    let p = cross(d, e2);
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
    let q = cross(s, e1);
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
#[inline]
#[must_use]
pub fn ray_triangle_one_sided<R: Real>(o: Vec4<R>, d: Vec4<R>, v: &[Vec4<R>; 3]) -> R {
    moller_trumbore(o, d, v, false, false)
}

/// A ray against either face of a triangle: the distance `t`, or −1 (a
/// determinant with `|det| < 1e-6` is refused).
///
/// Original: `RayTriangle_TwoSided` (0x00337a60).
#[inline]
#[must_use]
pub fn ray_triangle_two_sided<R: Real>(o: Vec4<R>, d: Vec4<R>, v: &[Vec4<R>; 3]) -> R {
    moller_trumbore(o, d, v, true, false)
}

/// Whether a triangle of `material` passes the exclusion list: `true` for
/// no list, or when the material is not in it before its end marker 1
/// (`MATERIAL_NONE`).
///
/// Original: `CollisionTri_PassesMaterialFilter` (0x00350538).
#[inline]
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
/// range, so the skip does not change the result (divergence 178), unless
/// the ray lies nearly in the triangle's plane: its hit distance can then be
/// rounding noise anywhere on the ray, so such triangles are kept whatever
/// their boxes ([`SegmentReach::plane`], divergence 238).
#[derive(Clone, Copy, Debug)]
struct SegmentReach {
    o: [f32; 3],
    d: [f32; 3],
    inv: [f32; 3],
    margin: f32,
    /// The ray's length (in units of its direction), for the
    /// nearly-in-plane tests.
    len: f32,
    /// `f32` mode, for the nearly-in-plane tests.
    ieee: bool,
    /// `false` for the reference walk: nothing is skipped.
    active: bool,
    /// `f32` mode, with every lane of the origin and the direction below
    /// [`PLAIN_LIMIT`]: the triangle tests may skip their saturation when
    /// the mesh's corners are below it too.
    plain: bool,
}

impl Culling for SegmentReach {
    fn switch_off(&mut self) {
        self.active = false;
    }
}

impl SegmentReach {
    fn new<R: Real>(ray: &Ray<R>) -> Self {
        let o = ray.origin.to_f32();
        let d = ray.direction.to_f32();
        let len = ray.length.to_f32().abs();
        // Lane by lane without branches (each step one vector operation):
        // the largest coordinate of the two ends (none is a NaN: the ray is
        // castable, and a finite origin plus an overflowed move is
        // infinite, not a NaN), and whether every lane is below the plain
        // limit.
        let mut far = [0.0f32; 4];
        let mut small = true;
        for k in 0..3 {
            let (a, b) = (o[k].abs(), (o[k] + d[k] * len).abs());
            far[k] = if a > b { a } else { b };
            small &= (a < PLAIN_LIMIT) & (d[k].abs() < PLAIN_LIMIT);
        }
        let big = far.iter().fold(0.0f32, |m, &v| if v > m { v } else { m });
        let inv = |d: f32| if d == 0.0 { 0.0 } else { 1.0 / d };
        let margin = 1.0 / 64.0 + big * (1.0 / 4096.0);
        let d = [d[0], d[1], d[2]];
        Self {
            o: [o[0], o[1], o[2]],
            d,
            inv: [inv(d[0]), inv(d[1]), inv(d[2])],
            margin,
            len,
            ieee: R::FLOAT_MODE == FloatMode::F32,
            active: true,
            plain: R::FLOAT_MODE == FloatMode::F32 && small,
        }
    }

    /// The ray's side of the nearly-in-plane tests (divergence 238): which
    /// triangles it may lie nearly in the plane of, so that its hit there
    /// may fall outside the triangle's box.
    #[inline]
    fn plane(&self) -> PlaneReach {
        PlaneReach::new(self.d, self.len, self.margin, self.ieee)
    }

    /// How far the segment is grown past its ends for a hit up to `until`:
    /// the margin and `until / 1024`.
    #[inline]
    fn slack(&self, until: f32) -> f32 {
        self.margin + until.abs() * (1.0 / 1024.0)
    }

    /// Whether the segment from 0 to `until` can meet a bounding box (a
    /// triangle's, or a cell's around all its triangles; `[min; 3]`,
    /// `[max; 3]`): the box grown by the margin, the segment by the margin
    /// and `until / 1024`. An inverted (empty cell's) box meets nothing;
    /// anything not finite, or no box, keeps it.
    #[inline]
    fn meets(&self, b: Option<&[f32; 6]>, until: f32) -> bool {
        if !self.active {
            return true;
        }
        let Some(b) = b else {
            return true;
        };
        if b[0] > b[3] {
            return false;
        }
        let slack = self.slack(until);
        let (mut enter, mut exit) = (-slack, until + slack);
        // The answer does not depend on the axes' order: each axis only
        // raises `enter` and lowers `exit`, or refuses outright.
        for k in 0..3 {
            if self.d[k] == 0.0 {
                // An axis the ray does not move along: a range test.
                if self.o[k] < b[k] - self.margin || self.o[k] > b[k + 3] + self.margin {
                    return false;
                }
                continue;
            }
            let lo = b[k] - self.margin;
            let hi = b[k + 3] + self.margin;
            let t0 = (lo - self.o[k]) * self.inv[k];
            let t1 = (hi - self.o[k]) * self.inv[k];
            enter = enter.max(t0.min(t1));
            exit = exit.min(t0.max(t1));
            if exit < enter {
                return false;
            }
        }
        let apart = exit < enter;
        !apart
    }
}

/// One ray cast's fixed inputs: the ray, its ends in grid space, its box of
/// cells, its filter and its reach.
#[derive(Clone, Copy, Debug)]
struct Cast<'a, 'f, R> {
    ray: &'a Ray<R>,
    g: [Vec4<R>; 2],
    range: CellRange,
    filter: &'a MeshRayFilter<'f>,
    reach: SegmentReach,
}

/// How many other triangles at the nearest distance a search keeps to
/// settle a tie itself; a tie of more is left to the console's walk.
const TIED: usize = 4;

/// The nearest hit of [`CollisionMesh::ray_cast`]'s search so far: its
/// distance, its triangle (`None` for the hit the result held on entry, or
/// for none), and the other triangles hit at that distance.
#[derive(Clone, Copy, Debug)]
struct Nearest<R> {
    hit: bool,
    t: R,
    winner: Option<u16>,
    /// The first `tied` are the other triangles at distance `t`, each with
    /// its own hit distance: equal to `t`, but `+0` and `−0` are equal
    /// with other bits, and the walk reports the bits of the one it keeps.
    others: [(u16, R); TIED],
    tied: usize,
    /// More triangles met at `t` than `others` holds.
    overflow: bool,
}

impl<R: Real> Nearest<R> {
    /// A nearest hit at `t` (if `hit`) by `winner`, with no tie yet.
    fn new(hit: bool, t: R, winner: Option<u16>) -> Self {
        Self {
            hit,
            t,
            winner,
            others: [(0, R::ZERO); TIED],
            tied: 0,
            overflow: false,
        }
    }

    /// The search's start: the hit `result` holds on entry, if any.
    fn entry(result: &RayResult<R>) -> Self {
        Self::new(result.hit, result.t, None)
    }

    /// Whether a hit at `t` is farther than the nearest so far (`t` passed
    /// `0 ≤ t ≤ length`, so it is no NaN).
    #[inline]
    fn farther(&self, t: R) -> bool {
        self.hit && self.t < t
    }

    /// Takes triangle `ix`'s hit at `t`, of a triangle the console's walk
    /// visits: the new nearest when nearer (returns `true`), one more at the
    /// nearest distance when equal, nothing when farther. The same triangle
    /// met again (two runs of one column) is not a second hit.
    #[inline]
    fn offer(&mut self, ix: u16, t: R) -> bool {
        if !self.hit || t < self.t {
            // A new nearest with no tie (`others` past `tied` is not read).
            self.hit = true;
            self.t = t;
            self.winner = Some(ix);
            self.tied = 0;
            self.overflow = false;
            return true;
        }
        let known = self.others[..self.tied].iter().any(|&(o, _)| o == ix);
        if self.t < t || self.winner == Some(ix) || known {
            return false;
        }
        match self.others.get_mut(self.tied) {
            Some(slot) => {
                *slot = (ix, t);
                self.tied += 1;
            }
            None => self.overflow = true,
        }
        false
    }
}

/// The line of a ray's columns in grid space, `y = slope·x + c`, through the
/// unclamped ends (operation order *inferred*, divergence 167).
#[derive(Clone, Copy, Debug)]
struct ColumnLine<R> {
    slope: R,
    c: R,
}

impl<R: Real> ColumnLine<R> {
    fn new(g0: Vec4<R>, g1: Vec4<R>) -> Self {
        let slope = (g1.y - g0.y).div(g1.x - g0.x);
        Self {
            slope,
            c: g0.y.msub(slope, g0.x),
        }
    }

    /// The rows of column `x`: the line at `x` and `x + 1`, each `max(·, 0)`
    /// and truncated, ordered, and clamped to `ylo..=yhi`.
    #[inline]
    fn rows(&self, x: i32, ylo: i32, yhi: i32) -> (i32, i32) {
        let row = |x: i32| {
            self.c
                .madd(self.slope, R::from_i32(x))
                .max(R::ZERO)
                .to_i32()
        };
        let (a, b) = (row(x), row(x + 1));
        let (a, b) = if b < a { (b, a) } else { (a, b) };
        (a.clamp(ylo, yhi), b.clamp(ylo, yhi))
    }
}

/// The result record of a hit on triangle `t` at distance `hit_t`: its unit
/// normal `n` (turned to face the ray for a two-sided triangle), its
/// material, flags `& 0xfff` and area.
fn hit_record<R: Real>(
    tri: &crate::triangle::Triangle,
    t: u16,
    n: Vec4<R>,
    hit_t: R,
    d: Vec4<R>,
    two_sided: bool,
) -> RayResult<R> {
    let mut n = n;
    if two_sided && n.dot(d) > R::ZERO {
        n = -n;
    }
    RayResult {
        normal: n,
        hit: true,
        t: hit_t,
        material: tri.material,
        flags: tri.flags.low(),
        area: tri.area,
        // At most 65,535 triangles.
        triangle: Some(t),
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
    /// hides what lies behind it. Returns whether the cell kept a hit. A
    /// ray that is not [`Ray::is_castable`] keeps nothing (divergence 327).
    ///
    /// Original: `CollisionMesh_RayTestCell` (0x00350778).
    pub fn ray_test_cell<R: Real>(
        &self,
        visited: &mut VisitedBits,
        cell: [u16; 3],
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &MeshRayFilter<'_>,
    ) -> bool {
        if !ray.is_castable() {
            // Divergence 327: such a ray hits nothing.
            return false;
        }
        let reach = SegmentReach::new(ray).unless_reference(visited);
        self.ray_test_cell_within(visited, cell, ray, result, filter, &reach)
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
        filter: &MeshRayFilter<'_>,
        reach: &SegmentReach,
    ) -> bool {
        let mut kept = false;
        // The ray's side of the nearly-in-plane test, made at the first
        // triangle the box test skips.
        let mut plane: Option<PlaneReach> = None;
        for &t in self.cell_triangles(cell) {
            let ix = usize::from(t);
            if visited.visit(ix) != Visit::First {
                continue;
            }
            let Some(tri) = self.ray_candidate(ix, filter) else {
                continue;
            };
            let flags = tri.flags;
            let until = if result.hit {
                result.t.min(ray.length)
            } else {
                ray.length
            };
            if !reach.meets(self.tri_bounds(ix), until.to_f32()) {
                let plane = plane.get_or_insert_with(|| reach.plane());
                if !self.in_plane().nearly_in_plane(ix, plane) {
                    continue;
                }
            }
            let Some(corners) = self.corners::<R>(ix) else {
                continue;
            };
            let two_sided = flags.contains(TriangleFlags::TWO_SIDED);
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
            *result = hit_record(tri, t, work.n, hit_t, d, two_sided);
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
    /// A ray that is not [`Ray::is_castable`] (a NaN or infinite lane, a
    /// zero or denormal direction) keeps nothing and leaves `result` as it
    /// was (divergence 327). Otherwise both ends go to grid space; per axis the smaller and the larger,
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
    /// No allocation. The nearest hit comes from the mesh's ray tree: the
    /// boxes nearest the ray's origin first, a hit counted only from a
    /// triangle of a cell the walk above visits (divergence 235); a ray
    /// straight up or down within one column of cells reads that column's
    /// entries instead, four boxes at a time (divergence 237). Both also
    /// take the triangles the ray may lie nearly in the plane of, whatever
    /// their boxes, whose hit distance can be rounding noise anywhere along
    /// it (divergence 238). Hits sharing
    /// the nearest distance go to the one the walk above visits first; the
    /// cells are walked as above only for a tie of more than five.
    /// The cost follows the boxes along the ray up to its nearest hit, not
    /// the cells it crosses.
    ///
    /// Original: `CollisionMesh_RayCast` (0x00350cd8).
    pub fn ray_cast<R: Real>(
        &self,
        visited: &mut VisitedBits,
        ray: &Ray<R>,
        result: &mut RayResult<R>,
        filter: &MeshRayFilter<'_>,
    ) -> bool {
        // The same guard as `ray_test_cell`'s: each of the two originals is
        // an entry point of its own and refuses such a ray itself.
        if !ray.is_castable() {
            // Divergence 327: a NaN, infinite or zero ray hits nothing.
            return false;
        }
        // Cleared (and sized for this mesh) by every cast, as the console
        // clears its bits, whether or not the cells are walked.
        visited.reset(self.triangles().len());
        let reach = SegmentReach::new(ray).unless_reference(visited);
        if reach.active {
            let near = Nearest::entry(result);
            // Straight up or down within one column of cells: that column's
            // entries (divergence 237); any other ray: the tree's search.
            let found = match self.upright_column(ray, &reach) {
                Some(range) => self.ray_nearest_in_column(ray, filter, &reach, range, near),
                None => self.ray_nearest_in_tree(ray, filter, &reach, near),
            };
            if let Found::Nearest(near) = found {
                return self.write_nearest(ray, &near, result);
            }
        }
        let (g, range) = self.ray_cells(ray);
        // A tie for the nearest hit, or the reference walk: the console's
        // walk decides.
        let cast = Cast {
            ray,
            g,
            range,
            filter,
            reach,
        };
        self.ray_cast_console_order(visited, &cast, result)
    }

    /// The box of cells of a ray straight up or down (its direction's `x`
    /// and `y` are 0) when that box is one column; `None` for any other ray.
    fn upright_column<R: Real>(&self, ray: &Ray<R>, reach: &SegmentReach) -> Option<CellRange> {
        if reach.d[0] != 0.0 || reach.d[1] != 0.0 {
            return None;
        }
        let end = ray.origin.madd(ray.direction, ray.length);
        let range = self.grid().cell_range(ray.origin, end);
        (range.lo[0] == range.hi[0] && range.lo[1] == range.hi[1]).then_some(range)
    }

    /// A ray's two ends in grid space (computed once: the box of cells and
    /// the columns' line come from them) and its box of cells.
    fn ray_cells<R: Real>(&self, ray: &Ray<R>) -> ([Vec4<R>; 2], CellRange) {
        let end = ray.origin.madd(ray.direction, ray.length);
        self.grid().in_grid(ray.origin, end)
    }

    /// Writes the nearest hit the triangle tree found into `result` (a miss
    /// leaves it as it was); returns whether there was one.
    fn write_nearest<R: Real>(
        &self,
        ray: &Ray<R>,
        near: &Nearest<R>,
        result: &mut RayResult<R>,
    ) -> bool {
        let Some(t) = near.winner else {
            return false;
        };
        let ix = usize::from(t);
        // The kept normal: the bits `compute_normal` gives for the
        // triangle's corners (divergence 179), without converting them.
        let (Some(tri), Some(n)) = (self.triangle(ix), self.kept_normal::<R>(ix)) else {
            return false;
        };
        let two_sided = tri.flags.contains(TriangleFlags::TWO_SIDED);
        *result = hit_record(tri, t, n, near.t, ray.direction, two_sided);
        true
    }

    /// The cells of a ray cast in the console's order, each tested with
    /// [`CollisionMesh::ray_test_cell`]: the specification's reading, and
    /// what decides a tie for the nearest hit.
    fn ray_cast_console_order<R: Real>(
        &self,
        visited: &mut VisitedBits,
        cast: &Cast<'_, '_, R>,
        result: &mut RayResult<R>,
    ) -> bool {
        let Cast {
            ray,
            g: [g0, g1],
            range,
            filter,
            ref reach,
        } = *cast;
        let mut kept = false;
        let (lo, hi) = (range.lo, range.hi);
        if lo[0] == hi[0] || lo[1] == hi[1] {
            for cell in range.walk() {
                kept |= self.ray_test_cell_within(visited, cell, ray, result, filter, reach);
            }
        } else {
            let line = ColumnLine::new(g0, g1);
            let (ylo, yhi) = (i32::from(lo[1]), i32::from(hi[1]));
            for ix in lo[0]..=hi[0] {
                let (a, b) = line.rows(i32::from(ix), ylo, yhi);
                for iy in a..=b {
                    for iz in lo[2]..=hi[2] {
                        // `a..=b` lies inside the box's y range of u16s.
                        let cell = [ix, iy as u16, iz];
                        kept |=
                            self.ray_test_cell_within(visited, cell, ray, result, filter, reach);
                    }
                }
            }
        }
        kept
    }

    /// A triangle's hit distance for a ray cast: `None` when the mask, the
    /// enabled rule or the material list skips it, or when the test misses or
    /// gives a `t` outside `[0, length]`. `plain`: the ray's and the mesh's
    /// lanes are below [`PLAIN_LIMIT`] in `f32` mode
    /// ([`CollisionMesh::plain_rays`]).
    #[inline]
    fn ray_triangle<R: Real>(
        &self,
        ix: usize,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
        plain: bool,
    ) -> Option<R> {
        let flags = self.ray_candidate(ix, filter)?.flags;
        let corners = self.corners::<R>(ix)?;
        let two_sided = flags.contains(TriangleFlags::TWO_SIDED);
        // `RayTriangle_TwoSided` or `RayTriangle_OneSided`, unsaturated
        // where saturation cannot act.
        let hit_t = moller_trumbore(ray.origin, ray.direction, &corners, two_sided, plain);
        (R::ZERO <= hit_t && hit_t <= ray.length).then_some(hit_t)
    }

    /// Triangle `ix` when `filter` lets a ray test it: its flags pass
    /// [`MeshRayFilter::admits`] and its material the exclusion list.
    #[inline]
    fn ray_candidate(&self, ix: usize, filter: &MeshRayFilter<'_>) -> Option<&Triangle> {
        self.triangle(ix).filter(|tri| {
            filter.admits(tri.flags) && passes_material_filter(tri.material, filter.exclude)
        })
    }

    /// Whether the triangle tests of a ray with `reach` may skip their
    /// saturation: `f32` mode, and the ray's and every corner's lanes below
    /// [`PLAIN_LIMIT`].
    #[inline]
    fn plain_rays(&self, reach: &SegmentReach) -> bool {
        reach.plain && self.bounds.small
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
        filter: &MeshRayFilter<'_>,
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

    /// Below [`PLAIN_LIMIT`] the unsaturated test gives the saturating
    /// one's bits (hits, misses and refusals alike), for corners and rays of
    /// every scale up to the limit, both faces.
    #[test]
    fn plain_triangle_test_keeps_the_bits_below_the_limit() {
        use test_support::Seeded;
        let mut rng = test_support::Xorshift(0x0917);
        let mut hits = 0;
        for i in 0..100_000 {
            let big = [4.0f32, 1e3, 1e6, 1.07e9][i % 4];
            let mut v = || rng.range_f32(-big, big);
            let corners = [p(v(), v(), v()), p(v(), v(), v()), p(v(), v(), v())];
            // Rays from near the triangle towards a point of it, some
            // unnormalised.
            let o = p(v(), v(), v());
            let target = corners[0].madd(corners[1] - corners[0], 0.3);
            let d = (target - o).with_w(0.0);
            let n = if i % 3 == 0 { 1.0 } else { d.dot(d).sqrt() };
            let d = if n > 0.0 && (i % 3 != 0) {
                d.scale(1.0 / n)
            } else {
                d
            };
            let below = [o.x, o.y, o.z, d.x, d.y, d.z]
                .iter()
                .all(|c| c.abs() < PLAIN_LIMIT);
            if !below {
                continue;
            }
            for two_sided in [false, true] {
                let plain = moller_trumbore(o, d, &corners, two_sided, true);
                let saturating = moller_trumbore(o, d, &corners, two_sided, false);
                assert_eq!(
                    plain.to_bits(),
                    saturating.to_bits(),
                    "{o:?} {d:?} {corners:?}"
                );
                hits += usize::from(plain != RAY_MISS);
            }
        }
        assert!(hits > 10_000, "{hits}");
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
