//! Pushing a sphere out of the mesh's walls: the cameras' sphere push (Coney
//! `docs/research/collision.md`, "Sphere push-out") and the airborne body's
//! push out of the nearest wall (Coney `docs/research/characters.md`,
//! "Walls and steps"; spec overview "Sweeping a body").

use kernels::sphere_triangle::point_triangle_distance_sq;
use kernels::{Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::walk::cell_entries;
use super::{admit, FaceOutcome, FaceTest, ListWalk, Reach};
use crate::grid::CellRange;
use crate::query::ray::passes_material_filter;
use crate::visited::VisitedBits;
use crate::{flags::TriangleFlags, mesh::CollisionMesh};

/// `cos 15°` as the game computes it (`cosf` at 0x004b8a70 of 15° in
/// radians): 0.9659258, 0x3f7746ea (*inferred* to round like the nearest
/// `f32`, divergence 173).
const COS_15: u32 = 0x3f77_46ea;
/// `1e-5`, the sphere push's side and depth tolerance.
const PUSH_EPSILON: f32 = 1e-5;
/// `0.65`: the physics code's wall bound on `|n.z|`.
const WALL_NZ: f32 = 0.65;

/// The running sum of [`CollisionMesh::sphere_push`].
#[derive(Clone, Copy, Debug)]
struct PushSum<R> {
    sum: Vec4<R>,
    count: u32,
    /// What the sphere can touch (divergence 178).
    reach: Reach,
}

/// The wall [`CollisionMesh::push_out_of_walls`] chose and the push out of
/// it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallPush<R> {
    /// `n × (r − distance)`: what moves the sphere out of the wall's plane.
    pub push: Vec4<R>,
    /// The wall's unit normal, turned to face the sphere when two-sided.
    pub normal: Vec4<R>,
    /// The centre's distance from the wall's plane.
    pub distance: R,
    /// The wall.
    pub triangle: u16,
}

/// Whether the vector is zero in `x, y, z`.
fn is_zero<R: Real>(v: Vec4<R>) -> bool {
    v.x == R::ZERO && v.y == R::ZERO && v.z == R::ZERO
}

impl CollisionMesh {
    /// Moves a sphere out of the walls it overlaps: the cells of
    /// `centre ± radius` (visited bits cleared first), and for each enabled,
    /// not excluded wall (`|n.z| ≤ cos 15°`; floors and ceilings never push)
    /// with `dist = n·c − n·v0`: a one-sided triangle with `dist < −1e-5` is
    /// skipped, a two-sided one turns `n` and `dist` over; when
    /// `radius − dist > 1e-5` and the centre's projection lies inside the
    /// three edges, `n × (radius − dist)` is added to a sum, counted, and
    /// `first_normal` is set to `n` if it is still zero. Afterwards the centre
    /// moves by the sum over the count (the average, not the sum). Returns
    /// whether any wall was counted.
    ///
    /// Only the face counts: a sphere touching an edge or a corner and not
    /// the face is not pushed.
    ///
    /// Original: `CollisionMesh_SpherePush` (0x003519f8).
    pub fn sphere_push<R: Real>(
        &self,
        visited: &mut VisitedBits,
        radius: R,
        centre: &mut Vec4<R>,
        exclude: Option<&[u32]>,
        first_normal: &mut Vec4<R>,
    ) -> bool {
        let c = *centre;
        let min = Vec4::point(c.x - radius, c.y - radius, c.z - radius);
        let max = Vec4::point(c.x + radius, c.y + radius, c.z + radius);
        let range = self.begin_shape_query(visited, min, max);
        let mut acc = PushSum {
            sum: Vec4::ORIGIN,
            count: 0,
            reach: Reach::sphere(c, radius, Vec4::ZERO, ListWalk::Exact).unless_reference(visited),
        };
        for cell in range.walk() {
            // A cell whose triangles all lie clear of the sphere is passed
            // over (divergence 179).
            if !acc.reach.meets(self.cell_box(cell)) {
                continue;
            }
            let Some(ci) = self.grid().cell_index(cell) else {
                continue;
            };
            let reach = acc.reach;
            cell_entries(self.grid(), self.cell_trees(), ci, visited, &reach, |ix| {
                self.sphere_test_triangle(ix, radius, c, exclude, first_normal, &mut acc);
            });
        }
        if acc.count == 0 {
            return false;
        }
        // The average, as `sum × (1 / count)` (*inferred*, divergence 173).
        let inv = R::ONE.div(R::from_i32(acc.count as i32));
        *centre = c + acc.sum.scale(inv);
        true
    }

    /// One triangle of a cell of [`CollisionMesh::sphere_push`], after its
    /// visited bit (the cell's loop is [`cell_entries`]).
    ///
    /// Original: `CollisionMesh_SphereTestCell` (0x00351468).
    fn sphere_test_triangle<R: Real>(
        &self,
        ix: usize,
        radius: R,
        c: Vec4<R>,
        exclude: Option<&[u32]>,
        first_normal: &mut Vec4<R>,
        acc: &mut PushSum<R>,
    ) {
        let eps = R::from_f32(PUSH_EPSILON);
        {
            let (Some(tri), Some(corners)) = (self.triangle(ix), self.corners::<R>(ix)) else {
                return;
            };
            let flags = tri.flags;
            if admit(flags, false).is_err() || !passes_material_filter(tri.material, exclude) {
                return;
            }
            if !acc.reach.meets(self.tri_bounds(ix)) {
                return;
            }
            let mut work = WorkTriangle::from_corners(corners[0], corners[1], corners[2]);
            self.set_normal(&mut work, ix, acc.reach.active());
            let face = work.n;
            if face.z.abs() > R::from_bits(COS_15) {
                return;
            }
            let mut n = face;
            let mut dist = n.dot(c) - n.dot(work.v[0]);
            if dist < -eps {
                if !flags.contains(TriangleFlags::TWO_SIDED) {
                    return;
                }
                n = -n;
                dist = -dist;
            }
            let reaches = radius - dist > eps;
            if !reaches {
                return;
            }
            // The projection inside the three edges, tested with the face's
            // own normal whichever side the sphere is on (divergence 173).
            work.compute_edges(false);
            let inside = (0..3).all(|k| {
                let m = work.e[k].cross(face);
                m.dot(c) <= m.dot(work.v[k])
            });
            if !inside {
                return;
            }
            acc.sum = acc.sum.madd(n, radius - dist);
            acc.count += 1;
            if is_zero(*first_normal) {
                *first_normal = n;
            }
        }
    }

    /// The push that moves an airborne body's sphere out of the nearest wall
    /// it overlaps: among the enabled triangles of the cells of
    /// `centre ± r` that are walls (`|n.z| ≤ 0.65`), that the sphere overlaps
    /// (the squared distance from the centre to the triangle below `r²`) and
    /// is in front of (a two-sided one turned to face it; a one-sided one with
    /// the centre behind, `n·c − n·v0 < 1e-6`, skipped), the one whose plane
    /// is nearest the centre; the push is `n × (r − distance)`. `None` when
    /// no wall is reached.
    ///
    /// The caller adds the push to the body's pending push-out (`+0x50`) and
    /// sets body flag 0x1000, as the original does (spec overview, "Open
    /// questions"). The research gives "the nearest wall" and the push; the
    /// rest is *inferred* (divergence 174).
    ///
    /// Original: `PhysicsBody_PushOutOfWalls` (0x003477c0).
    pub fn push_out_of_walls<R: Real>(
        &self,
        visited: &mut VisitedBits,
        sphere: &Sphere<R>,
    ) -> Option<WallPush<R>> {
        let (c, r) = (sphere.centre, sphere.radius);
        let min = Vec4::point(c.x - r, c.y - r, c.z - r);
        let max = Vec4::point(c.x + r, c.y + r, c.z + r);
        let range: CellRange = self.begin_shape_query(visited, min, max);
        let mut best: Option<WallPush<R>> = None;
        let wall = R::from_f32(WALL_NZ);
        let reach = Reach::sphere(c, r, Vec4::ZERO, ListWalk::Exact).unless_reference(visited);
        let faces = FaceTest::at(c);
        for cell in range.walk() {
            // Divergence 179, as in the sphere push.
            if !reach.meets(self.cell_box(cell)) {
                continue;
            }
            let Some(ci) = self.grid().cell_index(cell) else {
                continue;
            };
            cell_entries(self.grid(), self.cell_trees(), ci, visited, &reach, |ix| {
                // At most 65,535 triangles.
                let t = ix as u16;
                let (Some(tri), Some(corners)) = (self.triangle(ix), self.corners::<R>(ix)) else {
                    return;
                };
                let flags = tri.flags;
                if admit(flags, false).is_err() || !reach.meets(self.tri_bounds(ix)) {
                    return;
                }
                let mut work = WorkTriangle::from_corners(corners[0], corners[1], corners[2]);
                self.set_normal(&mut work, ix, reach.active());
                if work.n.z.abs() > wall {
                    return;
                }
                let FaceOutcome::Kept { side: dist, .. } = faces.face(&mut work, flags) else {
                    return;
                };
                work.compute_edges(false);
                let overlaps = point_triangle_distance_sq(c, &work).dist_sq < r * r;
                let nearer = best.is_none_or(|b| dist < b.distance);
                if !(overlaps && nearer) {
                    return;
                }
                best = Some(WallPush {
                    push: Vec4::ZERO.madd(work.n, r - dist).with_w(R::ZERO),
                    normal: work.n,
                    distance: dist,
                    triangle: t,
                });
            });
        }
        best
    }
}
