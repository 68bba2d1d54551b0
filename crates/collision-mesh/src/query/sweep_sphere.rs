//! The sphere swept against the mesh (spec Unit 1, "Issue #150";
//! overview "Mesh tests").

use kernels::sphere_triangle::{sweep_sphere_triangle_thunk_with, SweepRecord};
use kernels::{Contact, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::frame::{Step, TriangleVisitor, Visit};
use super::{
    admitted, bit3_rule, face_by_kept_plane, keep, marks, FaceOutcome, FaceTest, MeshContact,
    QueryScratch, QueryStats, Reach, SphereFrame, SweepOptions, SweepQuery, GRAZING,
};
use crate::{flags::TriangleFlags, mesh::CollisionMesh};

/// The sphere sweep as a visitor of the mesh's triangles.
struct SphereSweep<'a, R> {
    frame: SphereFrame<'a, R>,
    /// Option 0x20000: one contact per plane.
    one_per_plane: bool,
}

impl<R: Real> TriangleVisitor<R> for SphereSweep<'_, R> {
    type Cull = Reach;

    fn cull(&self) -> &Reach {
        &self.frame.reach
    }

    #[inline]
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R> {
        // The sphere sweep has no uncounted exit (divergence 159).
        mesh.sphere_triangle(&mut step.work, &self.frame, ix, step.stats)
    }

    /// With option 0x20000 a contact in the plane of one already kept
    /// replaces it when earlier and is dropped otherwise.
    fn keep(&self, contacts: &mut Vec<MeshContact<R>>, stats: &mut QueryStats, mc: MeshContact<R>) {
        if self.one_per_plane {
            if let Some(prev) = contacts.iter_mut().find(|p| same_plane(&p.work, &mc.work)) {
                if mc.fraction < prev.fraction {
                    *prev = mc;
                }
                return;
            }
        }
        keep(contacts, stats, mc);
    }

    fn write(&self, _: &CollisionMesh, out: &mut Contact<R>, mc: &MeshContact<R>) {
        self.frame.write_contact(out, mc);
    }
}

impl CollisionMesh {
    /// Sweeps `sphere` along the whole move `mv` against the triangles of the
    /// cells of `q.world_box`, keeps every hit at a fraction in `[0, 1]`,
    /// sorts them by fraction and writes the first `q.max` into `out`;
    /// returns how many it wrote.
    ///
    /// # Behaviour
    ///
    /// Per triangle, in this order (spec Unit 1, "Issue #150"):
    ///
    /// 1. one already visited in this query is skipped;
    /// 2. flag bit 3 (0x8) is skipped when the body has flag 0x100
    ///    ([`SweepQuery::body_flags`]) or the query has option 0x8000;
    /// 3. a disabled one (bit 0 clear) is skipped;
    /// 4. with option 0x4, a unit normal with `n.z` below
    ///    [`SweepQuery::nz_min`] is skipped; with 0x8, one above
    ///    [`SweepQuery::nz_max`];
    /// 5. the side: `n·c − n·v0 < 1e-6` (`c` the centre at the start) turns a
    ///    two-sided face over and skips a one-sided one;
    /// 6. the direction: `n·M ≥ −0.001` (the possibly turned normal, the
    ///    whole move) skips the face.
    ///
    /// With option 0x40 the last two skip nothing: they mark the contact
    /// 0x10 (behind), 0x20 (moving away) or 0x40 (`|n·M| ≤ 0.001`)
    /// ([`marks`], divergence 157). Then `Sweep_SphereTriangle` runs (through
    /// its thunk) on the working triangle with unnormalised edges and its
    /// plane constant, and a fraction outside `[0, 1]` is dropped. With
    /// option 0x20000 one contact is kept per plane, the earliest
    /// (*inferred*, divergence 158).
    ///
    /// # Arguments
    ///
    /// `scratch` holds the visited bits and the 100-entry contact array;
    /// after the call [`QueryScratch::contacts`] holds every kept contact,
    /// sorted. Each record of `out` that is written gets `+0x04` the shape,
    /// `+0x44` 0, `+0x50` the unit normal, `+0x80` the fraction, `+0x90` the
    /// point where the sphere touches the face's plane (`c + t·M − r·n`),
    /// `+0xb0` the marks, `+0xb4` the triangle and `+0x10` the move's
    /// direction, nothing else (divergence 156).
    ///
    /// # Returns
    ///
    /// The number of records written, at most `q.max` and `out.len()`.
    ///
    /// # Performance
    ///
    /// No allocation. The cost is the cells of the world box and their
    /// triangles; the kernel runs only for faces the move goes into.
    ///
    /// Original: `PhysicsMesh_SweepSphere` (0x00348a50).
    pub fn sweep_sphere<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        sphere: &Sphere<R>,
        mv: Vec4<R>,
    ) -> usize {
        let one_per_plane = q.options.contains(SweepOptions::ONE_PER_PLANE);
        let bit3 = bit3_rule(q.body_flags, q.options);
        self.visit_triangles(scratch, out, q, |visited| SphereSweep {
            frame: SphereFrame::new(q, *sphere, mv, visited, bit3),
            one_per_plane,
        })
    }

    /// One triangle of [`CollisionMesh::sweep_sphere`], after its visited
    /// bit and the walk's test of its box (divergence 178).
    fn sphere_triangle<R: Real>(
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
        let Some(flags) = admitted(self, ix, bit3) else {
            return Visit::Skipped;
        };
        let steep = |nz: R| {
            (q.options.contains(SweepOptions::NZ_MIN) && nz < q.nz_min)
                || (q.options.contains(SweepOptions::NZ_MAX) && nz > q.nz_max)
        };
        let marks = q.options.contains(SweepOptions::MARK_FACES);
        let mark = match self
            .kept_plane::<R>(ix)
            .filter(|_| reach.active() && !marks)
        {
            // The kept normal and plane offset `n·v0` (divergence 179): the
            // `n.z`, side and direction tests before the corners are read,
            // a turned face's corners then swapped as `CollTri_Flip` swaps
            // them, as the walking sweep does.
            Some(plane) => {
                if steep(plane.0.z) || !face_by_kept_plane(self, work, faces, ix, flags, plane) {
                    return Visit::Skipped;
                }
                0
            }
            None => {
                let Some(corners) = self.corners::<R>(ix) else {
                    return Visit::Skipped;
                };
                work.v = corners;
                self.set_normal(work, ix, reach.active());
                if steep(work.n.z) {
                    return Visit::Skipped;
                }
                if marks {
                    face_marks(faces, work, flags, mv)
                } else if let FaceOutcome::Skipped(_) = faces.face(work, flags) {
                    return Visit::Skipped;
                } else {
                    0
                }
            }
        };
        work.compute_edges(false);
        work.set_plane();
        stats.kernel_calls += 1;
        let mut record = SweepRecord::default();
        let edge_steps = q.quirks.sphere_edge_steps;
        let side = q.side_rule;
        if !sweep_sphere_triangle_thunk_with(&mut record, sphere, work, mv, edge_steps, side) {
            return Visit::Skipped;
        }
        // The caller reads +0x04 only and drops a fraction outside [0, 1].
        let Some(t) = record.fractions[0] else {
            return Visit::Skipped;
        };
        if t < R::ZERO || t > R::ONE {
            return Visit::Skipped;
        }
        Visit::Kept(MeshContact {
            flags: mark,
            ..MeshContact::kept(t, ix, work)
        })
    }
}

/// Option 0x40's reading of the face tests: nothing is dropped; a
/// one-sided face the centre is behind is marked 0x10 (a two-sided one is
/// turned over as [`FaceTest::face`] turns it), and a move that fails the
/// direction test is marked 0x40 when `|n·M| ≤ 0.001` and 0x20 otherwise
/// (spec Unit 1, "Issue #150"; divergence 157).
fn face_marks<R: Real>(
    faces: &FaceTest<R>,
    work: &mut WorkTriangle<R>,
    flags: TriangleFlags,
    mv: Vec4<R>,
) -> u32 {
    let mut mark = 0;
    if FaceTest::is_behind(faces.side(work)) {
        if flags.contains(TriangleFlags::TWO_SIDED) {
            work.flip();
        } else {
            mark |= marks::BEHIND;
        }
    }
    let nm = work.n.dot(mv);
    if FaceTest::is_receding(nm) {
        mark |= if nm.abs() <= R::from_bits(GRAZING) {
            marks::GRAZING
        } else {
            marks::AWAY
        };
    }
    mark
}

/// Whether two working triangles lie in one plane for option 0x20000: the
/// same unit normal and plane constant, compared exactly (*inferred*,
/// divergence 158).
fn same_plane<R: Real>(a: &WorkTriangle<R>, b: &WorkTriangle<R>) -> bool {
    a.n.x == b.n.x && a.n.y == b.n.y && a.n.z == b.n.z && a.d == b.d
}
