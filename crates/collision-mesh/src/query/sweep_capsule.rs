//! The walking body's sweep: the capsule shape as one sphere against the
//! mesh's walls (spec overview "Sweeping a body" step 2; Coney
//! `docs/research/characters.md` "Walls and steps").

use kernels::sphere_triangle::{sweep_sphere_triangle_with, SweepRecord};
use kernels::{Capsule, Contact, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::frame::{Step, TriangleVisitor, Visit};
use super::{
    admit, face_by_kept_plane, FaceOutcome, MeshContact, QueryScratch, QueryStats, Reach,
    SphereFrame, SweepQuery,
};
use crate::mesh::CollisionMesh;

/// `0.25`: the low-triangle rule's height and distance.
const LOW: f32 = 0.25;
/// `0.8`: a longest edge with `|unit z|` at least this is nearly vertical.
const NEARLY_VERTICAL: f32 = 0.8;
/// `0.05`: the sphere's lowest point above the feet.
const FOOT_GAP: f32 = 0.05;
/// Contact flag 0x1 (`+0xb0`): the corner slide; the resolution adds the
/// slide vector `+0xa0` to the move's velocity (spec overview "Contacts").
pub const CORNER_SLIDE: u32 = 0x1;

/// The walking sweep as a visitor of the mesh's triangles.
struct WalkingSweep<'a, R> {
    frame: SphereFrame<'a, R>,
}

impl<R: Real> TriangleVisitor<R> for WalkingSweep<'_, R> {
    type Cull = Reach;

    fn cull(&self) -> &Reach {
        &self.frame.reach
    }

    #[inline]
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R> {
        mesh.capsule_triangle(&mut step.work, &self.frame, ix, step.stats)
    }

    /// The sphere sweep's record and, unless the body is airborne, the
    /// corner slide.
    fn write(&self, mesh: &CollisionMesh, out: &mut Contact<R>, mc: &MeshContact<R>) {
        let f = &self.frame;
        f.write_contact(out, mc);
        if f.q.airborne {
            return;
        }
        if let Some(slide) = mesh.corner_slide(mc) {
            out.slide.set(slide);
            out.flags = Some(out.flags.unwrap_or(0) | CORNER_SLIDE);
        }
    }
}

/// The walking sweep's low-triangle rule: whether a triangle is too low or
/// too thin to be a wall for a walking body. Take the edge whose unit vector
/// is steepest (the largest `|e.z| / |e|`); if its two ends differ in height
/// by less than 0.25, it is too low. Then take the longest edge; unless it is
/// nearly vertical (`|unit z| ≥ 0.8`), it is too thin when the third corner
/// lies less than 0.25 from that edge's line (Coney `characters.md`, "Walls
/// and steps" step 3). Ties go to the first edge (`e0`, `e1`, `e2`), the
/// arithmetic order is *inferred* (divergence 162).
///
/// `work` holds the corners and the edges (`e_k` from corner `k` to `k + 1`).
#[cfg(test)]
#[must_use]
pub(crate) fn wall_too_low<R: Real>(work: &WorkTriangle<R>) -> bool {
    wall_too_low_with(work, true)
}

/// The low-triangle rule under the switch `MeshQuirks::low_wall_edges`:
/// `true` is the console's rule ([`wall_too_low`]); `false` keeps the 0.25 m
/// step, the game's rule, but measures the face itself: it is too low
/// exactly when its three corners span less than 0.25 m in height (the
/// highest corner's `z` minus the lowest's), however its edges run, so a
/// tall face is a wall whether or not it is a sliver (*inferred*,
/// divergence 501).
#[must_use]
pub(crate) fn wall_too_low_with<R: Real>(work: &WorkTriangle<R>, low_wall_edges: bool) -> bool {
    if !low_wall_edges {
        let z = [work.v[0].z, work.v[1].z, work.v[2].z];
        let top = z[0].max(z[1]).max(z[2]);
        let bottom = z[0].min(z[1]).min(z[2]);
        return top - bottom < R::from_f32(LOW);
    }
    let e = &work.e;
    let len = [e[0].length(), e[1].length(), e[2].length()];
    let uz = [
        e[0].z.abs().div(len[0]),
        e[1].z.abs().div(len[1]),
        e[2].z.abs().div(len[2]),
    ];
    let steepest = pick(uz);
    if work.e[steepest].z.abs() < R::from_f32(LOW) {
        return true;
    }
    let longest = pick(len);
    if uz[longest] >= R::from_f32(NEARLY_VERTICAL) {
        return false;
    }
    let a = work.v[longest];
    let p = work.v[(longest + 2) % 3];
    let dist = work.e[longest].cross(p - a).length().div(len[longest]);
    dist < R::from_f32(LOW)
}

/// The index of the largest value, the first on ties.
fn pick<R: Real>(v: [R; 3]) -> usize {
    let mut best = 0;
    for k in 1..3 {
        if v[k] > v[best] {
            best = k;
        }
    }
    best
}

impl CollisionMesh {
    /// Sweeps the walking body's capsule against the mesh's walls: the
    /// capsule is one sphere of radius `r = capsule.radius × body_scale`
    /// (body `+0x60`) centred `r + 0.05` above its base (the feet), swept
    /// along the whole move `mv`; hits at a fraction in `[0, 1]` are kept,
    /// sorted by fraction, and the first `q.max` written to `out`. Returns
    /// how many were written.
    ///
    /// # Behaviour
    ///
    /// Per triangle (spec overview "Sweeping a body" step 2; Coney
    /// `characters.md`, "Walls and steps"): skipped when already visited or
    /// disabled (no type bit and no bit-3 rule is read); kept only as a wall,
    /// `f12 ≤ n.z ≤ −f12` with `f12` = [`SweepQuery::nz_min`] (−0.65 from the
    /// body sweep, divergence 161); the side test `n·c − n·v0 < 1e-6` at the
    /// raised centre turns a two-sided face over and skips a one-sided one;
    /// the move must go into the face, `n·M < −0.001`; then the low-triangle
    /// rule (`wall_too_low`, divergence 162; the face's own height with
    /// `MeshQuirks::low_wall_edges` off, divergence 501) drops faces under
    /// 0.25 m; then
    /// `Sweep_SphereTriangle` runs, keeping its inside mask in the contact
    /// (`+0x14`). A fraction below 0 is dropped; one above 1 is dropped
    /// through the exit that skips the list counter (the console's overrun,
    /// [`super::ListWalk`], divergence 163).
    ///
    /// So a one-sided wall stops a body only from its front, and a kerb under
    /// 0.25 m never reaches the kernel.
    ///
    /// # Returns
    ///
    /// The number of records written, at most `q.max` and `out.len()`. The
    /// records get the sphere sweep's fields (divergence 156), and, unless
    /// [`SweepQuery::airborne`], the corner slide: a contact on a triangle
    /// whose flag bits 14-15 name an edge, met past that edge (the kernel's
    /// inside mask), gets flag 0x1 and the unit slide vector `+0xa0` along
    /// the wall towards that edge
    /// (spec overview "Contacts", "Open questions"; divergences 164, 290 to
    /// 294).
    ///
    /// Original: `PhysicsMesh_SweepCapsule` (0x00347c08).
    // The mesh queries share the originals' parameter list (scratch,
    // records, query, shape, move; here also the body scale); the walk
    // behind them is written once, in `visit_triangles`.
    pub fn sweep_capsule<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        capsule: &Capsule<R>,
        body_scale: R,
        mv: Vec4<R>,
    ) -> usize {
        let sphere = walking_sphere(capsule, body_scale);
        // No type bit and no bit-3 rule: only the enabled bit is read.
        self.visit_triangles(scratch, out, q, |visited| WalkingSweep {
            frame: SphereFrame::new(q, sphere, mv, visited, false),
        })
    }

    /// The corner slide of one kept wall contact, or `None` when its
    /// triangle names no corner edge (bits 14-15 zero,
    /// [`crate::TriangleFlags::corner_edge`]) or the sphere met it inside
    /// that edge (the kernel's inside mask, `+0x14`, has the edge's bit).
    ///
    /// The slide runs along the wall in the ground plane: `s = n × up` with
    /// `n` the contact's unit normal (the face turned towards the sphere) and
    /// `up = (0, 0, 1)`, turned over when it points away from the named
    /// edge (`s · ((a − p) + (b − p)) < 0`, with `a`, `b` the edge's corners
    /// and `p` the third corner of the triangle as stored), then made a unit
    /// vector with `w = 1`, as Unit 12's corner slide is. All of it is
    /// *inferred* (divergences 291 to 293): the spec gives the flag and the
    /// record's `+0xa0` (overview "Contacts") and the bits (overview "Open
    /// questions"), not the vector.
    fn corner_slide<R: Real>(&self, mc: &MeshContact<R>) -> Option<Vec4<R>> {
        let ix = usize::from(mc.triangle);
        let edge = self.triangle(ix)?.flags.corner_edge()?;
        let k = edge.index();
        // Only a touch past the named edge slides: the kernel's inside mask
        // (kept at +0x14) has edge k's bit clear. A face contact (mask 7)
        // or one past another edge does not (divergence 292).
        if mc.mask.is_some_and(|m| m & (1 << k) != 0) {
            return None;
        }
        let v = self.corners::<R>(ix)?;
        let (a, b, far) = (v[k], v[(k + 1) % 3], v[(k + 2) % 3]);
        let up = Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO);
        let mut s = mc.work.n.with_w(R::ZERO).cross(up);
        if s.dot((a - far) + (b - far)) < R::ZERO {
            s = s.scale(R::from_f32(-1.0));
        }
        Some(s.normalize().with_w(R::ONE))
    }

    /// One triangle of [`CollisionMesh::sweep_capsule`], after its visited
    /// bit and the walk's test of its box (divergence 178).
    fn capsule_triangle<R: Real>(
        &self,
        work: &mut WorkTriangle<R>,
        frame: &SphereFrame<'_, R>,
        ix: usize,
        stats: &mut QueryStats,
    ) -> Visit<R> {
        let SphereFrame {
            q,
            ref sphere,
            mv,
            ref reach,
            ref faces,
            bit3,
        } = *frame;
        // `admitted`, written out: through it the walking sweep counted
        // about 1 % more instructions (2,724 -> 2,753 a sweep, street 2k
        // 8 m), the same test.
        let Some(tri) = self.triangle(ix) else {
            return Visit::Skipped;
        };
        let flags = tri.flags;
        if admit(flags, bit3).is_err() {
            return Visit::Skipped;
        }
        let is_wall = |nz: R| q.nz_min <= nz && nz <= -q.nz_min;
        if let Some(plane) = self.kept_plane::<R>(ix).filter(|_| reach.active()) {
            // The fast walk, with the kept normal and plane offset `n·v0`:
            // the wall, side and direction tests read nothing else, so they
            // run before the corners are read; a turned face's corners are
            // then swapped as `CollTri_Flip` swaps them. The order changes
            // no answer (divergence 179).
            if !is_wall(plane.0.z) || !face_by_kept_plane(self, work, faces, ix, flags, plane) {
                return Visit::Skipped;
            }
        } else {
            let Some(corners) = self.corners::<R>(ix) else {
                return Visit::Skipped;
            };
            work.v = corners;
            work.compute_normal();
            if !is_wall(work.n.z) {
                return Visit::Skipped;
            }
            if let FaceOutcome::Skipped(_) = faces.face(work, flags) {
                return Visit::Skipped;
            }
        }
        work.compute_edges(false);
        if wall_too_low_with(work, q.quirks.mesh.low_wall_edges) {
            return Visit::Skipped;
        }
        work.set_plane();
        stats.kernel_calls += 1;
        let mut record = SweepRecord::default();
        let mut mask = None;
        let edge_steps = q.quirks.sphere_edge_steps;
        if !sweep_sphere_triangle_with(&mut record, sphere, work, mv, &mut mask, edge_steps) {
            return Visit::Skipped;
        }
        let Some(t) = record.fractions[0] else {
            return Visit::Skipped;
        };
        if t > R::ONE {
            return Visit::Beyond;
        }
        if t < R::ZERO {
            return Visit::Skipped;
        }
        Visit::Kept(MeshContact {
            mask,
            ..MeshContact::kept(t, ix, work)
        })
    }
}

/// The walking sphere of a capsule: radius `capsule.radius × body_scale`,
/// centre `r + 0.05` above the base (Coney `characters.md`, "Walls and
/// steps" step 1; the order of the operations is *inferred*, divergence
/// 161). It is the sphere [`CollisionMesh::sweep_capsule`] sweeps.
#[must_use]
pub fn walking_sphere<R: Real>(capsule: &Capsule<R>, body_scale: R) -> Sphere<R> {
    let r = capsule.radius * body_scale;
    let b = capsule.base;
    Sphere {
        radius: r,
        centre: Vec4::new(b.x, b.y, b.z + (r + R::from_f32(FOOT_GAP)), R::ONE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn work(v: [[f32; 3]; 3]) -> WorkTriangle<f32> {
        let p = |a: [f32; 3]| Vec4::point(a[0], a[1], a[2]);
        let mut w = WorkTriangle::from_corners(p(v[0]), p(v[1]), p(v[2]));
        w.compute_edges(false);
        w
    }

    #[test]
    fn low_and_thin_triangles() {
        // (corners, too low)
        let cases = [
            // A kerb face 0.2 tall: too low.
            ([[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 0.0, 0.2]], true),
            // A wall 0.3 tall, 1 wide: not too low, and its longest edge (the
            // diagonal, not vertical) has the third corner 0.287 away.
            ([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.3]], false),
            // A sliver: 3 tall but its third corner 0.1 from a slanted long
            // edge.
            ([[0.0, 0.0, 0.0], [4.0, 0.0, 3.0], [2.05, 0.0, 1.4]], true),
            // A tall thin post face: its longest edge is vertical, so it
            // stays.
            ([[0.0, 0.0, 0.0], [0.1, 0.0, 0.0], [0.1, 0.0, 3.0]], false),
        ];
        for (corners, low) in cases {
            assert_eq!(wall_too_low(&work(corners)), low, "{corners:?}");
        }
    }
}
