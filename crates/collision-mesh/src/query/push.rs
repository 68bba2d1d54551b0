//! Pushing a sphere out of the mesh's walls: the cameras' sphere push (Coney
//! `docs/research/collision.md`, "Sphere push-out") and the airborne body's
//! push out of the nearest wall (Coney `docs/research/characters.md`,
//! "Walls and steps"; spec overview "Sweeping a body").

use crate::visited::Culling;
use kernels::sphere_triangle::point_triangle_distance_sq;
use kernels::{MeshQuirks, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::walk::range_entries;
use super::{admit, admitted, FaceOutcome, FaceTest, ListWalk, Reach};
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
/// How many walls the combined push (`MeshQuirks::push_average` off)
/// holds; past it the shallowest gives way (divergence 503).
const PUSH_SLOTS: usize = 32;
/// The most passes of the combined push's projection (divergence 503).
const PUSH_PASSES: usize = 64;
/// The most rounds of the combined push (divergence 503).
const PUSH_ROUNDS: usize = 16;
/// A pass of the combined push whose every step is below this (in metres)
/// ends the solver.
const PUSH_SETTLED: f32 = 1e-7;

/// One wall counted by the combined push: the triangle, its face normal
/// turned towards the sphere and the depth it was reached by.
#[derive(Clone, Copy, Debug)]
struct Held<R> {
    triangle: usize,
    normal: Vec4<R>,
    depth: R,
}

/// The walls the combined push counts (`MeshQuirks::push_average` off): up
/// to [`PUSH_SLOTS`], the shallowest giving way to a deeper one when full
/// (divergence 503).
#[derive(Clone, Copy, Debug)]
struct Walls<R> {
    held: [Held<R>; PUSH_SLOTS],
    /// How many of `held` are in use.
    len: usize,
}

impl<R: Real> Walls<R> {
    /// No walls yet.
    fn new() -> Self {
        Self {
            held: [Held {
                triangle: 0,
                normal: Vec4::ZERO,
                depth: R::ZERO,
            }; PUSH_SLOTS],
            len: 0,
        }
    }

    /// The walls held.
    fn held(&self) -> &[Held<R>] {
        self.held.get(..self.len).unwrap_or_default()
    }

    /// Holds one more wall, in the shallowest one's place if full and
    /// deeper.
    fn hold(&mut self, h: Held<R>) {
        if self.len < PUSH_SLOTS {
            self.held[self.len] = h;
            self.len += 1;
            return;
        }
        let mut low = 0;
        for k in 1..PUSH_SLOTS {
            if self.held[k].depth < self.held[low].depth {
                low = k;
            }
        }
        if h.depth > self.held[low].depth {
            self.held[low] = h;
        }
    }
}

/// The running sum of [`CollisionMesh::sphere_push`].
#[derive(Debug)]
struct PushSum<'w, R> {
    sum: Vec4<R>,
    count: u32,
    /// What the sphere can touch (divergence 178).
    reach: Reach,
    /// The switches read.
    quirks: MeshQuirks,
    /// The counted walls, for the combined push: only with
    /// `MeshQuirks::push_average` off (the console's average needs none,
    /// and so does not make a kilobyte of them per query).
    walls: Option<&'w mut Walls<R>>,
}

impl<R: Real> PushSum<'_, R> {
    /// Counts one wall's push: `depth` along the unit direction `u`, from
    /// triangle `triangle` whose turned face normal is `normal`.
    fn add(&mut self, triangle: usize, normal: Vec4<R>, u: Vec4<R>, depth: R) {
        self.sum = self.sum.madd(u, depth);
        self.count += 1;
        if let Some(walls) = self.walls.as_deref_mut() {
            walls.hold(Held {
                triangle,
                normal,
                depth,
            });
        }
    }
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

/// The nearest point `q` of a wall's edges to `c` (each edge's clamped
/// projection, the first on ties) as the unit direction from `q` to `c`
/// (`w = 0`; the face normal `work.n` when `c` lies on an edge) and the
/// distance `|c − q|`.
fn edge_nearest<R: Real>(work: &WorkTriangle<R>, c: Vec4<R>) -> (Vec4<R>, R) {
    let mut best: Option<(Vec4<R>, R)> = None;
    for k in 0..3 {
        let a = work.v[k];
        let e = work.v[(k + 1) % 3] - a;
        let ee = e.dot(e);
        let t = if ee > R::ZERO {
            (c - a).dot(e).div(ee).max(R::ZERO).min(R::ONE)
        } else {
            R::ZERO
        };
        let gap = (c - a.madd(e, t)).with_w(R::ZERO);
        let d2 = gap.dot(gap);
        if best.is_none_or(|(_, b)| d2 < b) {
            best = Some((gap, d2));
        }
    }
    let (gap, d2) = best.unwrap_or((Vec4::ZERO, R::ZERO));
    let dist = d2.sqrt();
    if dist > R::ZERO {
        (gap.scale(R::ONE.div(dist)).with_w(R::ZERO), dist)
    } else {
        (work.n.with_w(R::ZERO), R::ZERO)
    }
}

/// The push of a sphere whose centre projects outside a wall's face, with
/// `MeshQuirks::push_faces_only` off: the direction from the nearest point
/// of the edges and the depth `radius − distance`, when that depth passes
/// `eps` (divergence 502).
fn edge_push<R: Real>(
    work: &WorkTriangle<R>,
    c: Vec4<R>,
    radius: R,
    eps: R,
) -> Option<(Vec4<R>, R)> {
    let (u, dist) = edge_nearest(work, c);
    (radius - dist > eps && dist > R::ZERO).then_some((u, radius - dist))
}

/// Where a wall is nearest `x` for the combined push: the face normal
/// `work.n` (turned towards the sphere) and the signed distance from the
/// plane when `x` projects inside the face or `faces_only` holds, else
/// [`edge_nearest`]. `work` holds the corners and edges.
fn nearest_push<R: Real>(work: &WorkTriangle<R>, x: Vec4<R>, faces_only: bool) -> (Vec4<R>, R) {
    let n = work.n;
    let inside = (0..3).all(|k| {
        let m = work.e[k].cross(n);
        m.dot(x) <= m.dot(work.v[k])
    }) || (0..3).all(|k| {
        let m = work.e[k].cross(n);
        m.dot(x) >= m.dot(work.v[k])
    });
    if inside || faces_only {
        (n.with_w(R::ZERO), n.dot(x) - n.dot(work.v[0]))
    } else {
        edge_nearest(work, x)
    }
}

/// The shortest `d` with `u · d ≥ b` for every plane `(u, b)` (unit `u`),
/// by Hildreth's projection: each pass takes the planes in order and moves
/// `d` along `u` by what it lacks, or back by what it has to spare without
/// giving back more than that plane has pushed; up to 64 passes, ending on
/// a pass whose steps are all under 1e-7 m.
fn shortest_beyond<R: Real>(planes: &[(Vec4<R>, R)]) -> Vec4<R> {
    let settled = R::from_f32(PUSH_SETTLED);
    let mut carried = [R::ZERO; PUSH_SLOTS];
    let mut d = Vec4::ZERO;
    for _ in 0..PUSH_PASSES {
        let mut moved = false;
        for (&(u, b), lambda) in planes.iter().zip(carried.iter_mut()) {
            let next = (*lambda + (b - u.dot(d))).max(R::ZERO);
            let step = next - *lambda;
            if step.abs() > settled {
                moved = true;
            }
            d = d.madd(u, step);
            *lambda = next;
        }
        if !moved {
            break;
        }
    }
    d.with_w(R::ZERO)
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
    /// the face is not pushed. The console's behaviour:
    /// [`CollisionMesh::sphere_push_with`] with [`MeshQuirks::console`].
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
        // The original keeps its own parameter list, which
        // `sphere_push_with` repeats with the quirks added; the push itself
        // is written once, there.
        self.sphere_push_with(
            visited,
            radius,
            centre,
            exclude,
            first_normal,
            &MeshQuirks::console(),
        )
    }

    /// [`CollisionMesh::sphere_push`] under `quirks`. The walls are the same
    /// (`|n.z| ≤ cos 15°`, enabled, not excluded, the sphere in front of a
    /// one-sided face: which triangles push is the game's rule and stays).
    /// With [`MeshQuirks::push_faces_only`] off, a wall whose face the
    /// centre does not project into still pushes when its nearest point on
    /// an edge or corner lies within the radius: by `r − distance` along the
    /// line from that point to the centre (divergence 502). With
    /// [`MeshQuirks::push_average`] off, the centre moves by the shortest
    /// displacement that carries it `depth` along each counted push's
    /// direction, so it ends clear of every wall it reached (exactly, when
    /// the pushes' planes can all be cleared at once; divergence 503).
    /// `first_normal` gets the first counted push's direction.
    pub fn sphere_push_with<R: Real>(
        &self,
        visited: &mut VisitedBits,
        radius: R,
        centre: &mut Vec4<R>,
        exclude: Option<&[u32]>,
        first_normal: &mut Vec4<R>,
        quirks: &MeshQuirks,
    ) -> bool {
        let c = *centre;
        let min = Vec4::point(c.x - radius, c.y - radius, c.z - radius);
        let max = Vec4::point(c.x + radius, c.y + radius, c.z + radius);
        let range = self.begin_shape_query(visited, min, max);
        let mut store;
        let mut acc = PushSum {
            sum: Vec4::ORIGIN,
            count: 0,
            reach: Reach::sphere(c, radius, Vec4::ZERO, ListWalk::Exact).unless_reference(visited),
            quirks: *quirks,
            walls: if quirks.push_average {
                None
            } else {
                store = Walls::new();
                Some(&mut store)
            },
        };
        // Only the triangles whose boxes meet the sphere's reach, in the
        // walk's order (divergences 179 and 236).
        let reach = acc.reach;
        range_entries(self, range, visited, &reach, |ix| {
            self.sphere_test_triangle(ix, radius, c, exclude, first_normal, &mut acc);
        });
        if acc.count == 0 {
            return false;
        }
        // The walls are held exactly when the average is off.
        match acc.walls.as_deref() {
            None => {
                // The average, as `sum × (1 / count)` (*inferred*, divergence 173).
                let inv = R::ONE.div(R::from_i32(acc.count as i32));
                *centre = c + acc.sum.scale(inv);
            }
            Some(walls) => *centre = c + self.combined_push(walls, acc.quirks, radius, c),
        }
        true
    }

    /// The combined push of [`CollisionMesh::sphere_push_with`]
    /// (`MeshQuirks::push_average` off): the shortest move `d` of the centre
    /// after which every counted wall's nearest point lies at least the
    /// radius away. Each round takes, for every counted wall, its nearest
    /// point `q` to `c + d` (its face plane alone with
    /// `MeshQuirks::push_faces_only` set) and the plane through `q + r·u`
    /// across the unit direction `u` from `q` to the centre, then finds the
    /// shortest move beyond all those planes by projection with clamped
    /// multipliers (Hildreth's method, up to 64 passes); the rounds repeat,
    /// up to 16, until the move changes by less than 1e-7 m. For walls the
    /// centre can clear all at once this is the shortest clearing move
    /// (walls meeting in a concave corner, an edge, a corner); walls it
    /// cannot clear together (a gap narrower than the sphere) end at the
    /// last round's move. *Inferred* (divergence 503). `w` is 0.
    fn combined_push<R: Real>(
        &self,
        walls: &Walls<R>,
        quirks: MeshQuirks,
        radius: R,
        c: Vec4<R>,
    ) -> Vec4<R> {
        let settled = R::from_f32(PUSH_SETTLED);
        let faces_only = quirks.push_faces_only;
        let held = walls.held();
        let mut planes = [(Vec4::<R>::ZERO, R::ZERO); PUSH_SLOTS];
        let mut d = Vec4::ZERO;
        for _ in 0..PUSH_ROUNDS {
            // The planes at the current move: `u · d' ≥ r − s + u · d`.
            let x = (c + d).with_w(R::ONE);
            for (h, plane) in held.iter().zip(planes.iter_mut()) {
                let Some(corners) = self.corners::<R>(h.triangle) else {
                    *plane = (Vec4::ZERO, R::ZERO);
                    continue;
                };
                let mut work = WorkTriangle::from_corners(corners[0], corners[1], corners[2]);
                work.n = h.normal;
                work.compute_edges(false);
                let (u, s) = nearest_push(&work, x, faces_only);
                *plane = (u, (radius - s) + u.dot(d));
            }
            let next = shortest_beyond(&planes[..held.len()]);
            let change = next - d;
            d = next;
            if change.dot(change) <= settled * settled {
                break;
            }
        }
        d.with_w(R::ZERO)
    }

    /// One triangle of a cell of [`CollisionMesh::sphere_push`], after its
    /// visited bit and the test of its box (the cells' loop is
    /// `range_entries`).
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
            let Some(tri) = self.triangle(ix) else {
                return;
            };
            let flags = tri.flags;
            if admit(flags, false).is_err() || !passes_material_filter(tri.material, exclude) {
                return;
            }
            // A floor or a ceiling never pushes: the kept normal, where
            // it is read (divergence 179), tells before the corners are.
            let steep = |n: Vec4<R>| n.z.abs() > R::from_bits(COS_15);
            let cached = acc.reach.active();
            if self
                .kept_normal::<R>(ix)
                .filter(|_| cached)
                .is_some_and(steep)
            {
                return;
            }
            let Some(corners) = self.corners::<R>(ix) else {
                return;
            };
            let mut work = WorkTriangle::from_corners(corners[0], corners[1], corners[2]);
            self.set_normal(&mut work, ix, cached);
            let face = work.n;
            if steep(face) {
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
            let (u, depth) = if inside {
                (n, radius - dist)
            } else if acc.quirks.push_faces_only {
                return;
            } else {
                // Outside the face: the nearest point of the edges
                // (divergence 502).
                let Some(push) = edge_push(&work, c, radius, eps) else {
                    return;
                };
                push
            };
            acc.add(ix, n, u, depth);
            if is_zero(*first_normal) {
                *first_normal = u;
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
        // Divergences 179 and 236, as in the sphere push.
        range_entries(self, range, visited, &reach, |ix| {
            // At most 65,535 triangles.
            let t = ix as u16;
            let (Some(flags), Some(corners)) = (admitted(self, ix, false), self.corners::<R>(ix))
            else {
                return;
            };
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
        best
    }
}
