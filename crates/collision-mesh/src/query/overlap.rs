//! The mesh overlaps (the per-type table at IPhysics `+0xf4`): a sphere's
//! penetration into the triangles; boxes and capsules never overlap the mesh
//! (spec overview, "The shape-pair tables" and "Mesh tests") unless
//! `MeshQuirks::overlap_sphere_only` is off, when they overlap it as the
//! sphere does (divergences 477-479).

use crate::visited::Culling;
use kernels::sphere_triangle::sphere_triangle_penetration;
use kernels::triangle_overlap::{box_triangle_depth, capsule_triangle_depth};
use kernels::{Capsule, Contact, OrientedBox, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::contact::write_overlap_contact;
use super::frame::{Step, TriangleVisitor, Visit};
use super::{
    admitted, face_by_kept_plane, FaceOutcome, FaceTest, ListWalk, MeshContact, QueryScratch,
    Reach, SweepQuery,
};
use crate::mesh::CollisionMesh;

/// The shape a mesh overlap tests.
#[derive(Clone, Copy)]
enum Overlapping<'a, R> {
    /// The console's sphere overlap.
    Sphere(&'a Sphere<R>),
    /// The corrected box overlap (divergence 477).
    Box(&'a OrientedBox<R>),
    /// The corrected capsule overlap (divergence 478).
    Capsule(&'a Capsule<R>),
}

impl<R: Real> Overlapping<'_, R> {
    /// The shape's depth into one prepared triangle, `None` when apart.
    #[inline]
    fn depth(self, work: &WorkTriangle<R>) -> Option<R> {
        match self {
            Self::Sphere(s) => sphere_triangle_penetration(s, work),
            Self::Box(b) => box_triangle_depth(b, work),
            Self::Capsule(c) => capsule_triangle_depth(c, work),
        }
    }
}

/// A mesh overlap as a visitor of the mesh's triangles.
struct ShapeOverlap<'a, R> {
    own_shape: u32,
    shape: Overlapping<'a, R>,
    reach: Reach,
    faces: FaceTest<R>,
}

impl<R: Real> TriangleVisitor<R> for ShapeOverlap<'_, R> {
    type Cull = Reach;

    fn cull(&self) -> &Reach {
        &self.reach
    }

    #[inline]
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R> {
        let Step { work, stats } = step;
        let Some(flags) = admitted(mesh, ix, false) else {
            return Visit::Skipped;
        };
        let kept = match mesh.kept_plane::<R>(ix).filter(|_| self.reach.active()) {
            // The kept plane gives the side test before the corners are
            // read: a one-sided face the centre is behind is dropped
            // without them (the same test, the same bits).
            Some(plane) => face_by_kept_plane(mesh, work, &self.faces, ix, flags, plane),
            None => {
                let Some(corners) = mesh.corners::<R>(ix) else {
                    return Visit::Skipped;
                };
                work.v = corners;
                mesh.set_normal(work, ix, false);
                !matches!(self.faces.face(work, flags), FaceOutcome::Skipped(_))
            }
        };
        if !kept {
            return Visit::Skipped;
        }
        // The sphere's kernel reads the corners only, so its edges and
        // plane are formed for a kept triangle alone: the record it keeps is
        // the same, and a triangle not kept leaves nothing.
        let edges_first = !matches!(self.shape, Overlapping::Sphere(_));
        if edges_first {
            work.compute_edges(false);
            work.set_plane();
        }
        stats.kernel_calls += 1;
        let depth = self.shape.depth(work);
        if depth.is_some() && !edges_first {
            work.compute_edges(false);
            work.set_plane();
        }
        match depth {
            Some(depth) => Visit::Kept(MeshContact {
                depth: Some(depth),
                ..MeshContact::kept(R::ZERO, ix, work)
            }),
            None => Visit::Skipped,
        }
    }

    fn write(&self, _: &CollisionMesh, out: &mut Contact<R>, mc: &MeshContact<R>) {
        write_overlap_contact(out, mc, self.own_shape);
    }
}

impl CollisionMesh {
    /// The triangles of the cells of `q.world_box` that `sphere` overlaps,
    /// with their depth (`SphereTriangle_Penetration`: `r − sqrt(q)` when the
    /// squared distance `q` from the centre is below `r²`, strictly), written
    /// to `out` (at most `q.max`); returns how many.
    ///
    /// Per triangle (the "Mesh tests" pattern; the details are *inferred*,
    /// divergence 165): the visited bit; the enabled bit; the unit normal and
    /// the side test at the centre (`n·c − n·v0 < 1e-6` skips a one-sided
    /// triangle and turns a two-sided one over); then the penetration test.
    /// Each record gets `+0x04` the shape, `+0x44` 0, `+0x50` the normal,
    /// `+0x80` 0, `+0x88` the depth, `+0xb0` 0 and `+0xb4` the triangle; no
    /// point (the kernel gives none). The query's two `n.z` thresholds and
    /// its options are not read (divergence 233).
    ///
    /// Original: `PhysicsMesh_OverlapSphere` (0x003473c8).
    pub fn overlap_sphere<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        sphere: &Sphere<R>,
    ) -> usize {
        self.visit_triangles(scratch, out, q, |visited| ShapeOverlap {
            own_shape: q.own_shape,
            shape: Overlapping::Sphere(sphere),
            reach: Reach::sphere(sphere.centre, sphere.radius, Vec4::ZERO, ListWalk::Exact)
                .unless_reference(visited),
            faces: FaceTest::at(sphere.centre),
        })
    }

    /// A box never overlaps the mesh: the table entry returns 0 and writes
    /// nothing.
    /// The table entry is `kernels::table::physics_mesh_overlap_box`, which carries the
    /// original's name and address (`PhysicsMesh_OverlapBox`, 0x003473b8).
    #[must_use]
    pub fn overlap_box<R: Real>(
        &self,
        _out: &mut [Contact<R>],
        _q: &SweepQuery<R>,
        _bx: &OrientedBox<R>,
    ) -> usize {
        0
    }

    /// A capsule never overlaps the mesh: the table entry returns 0 and
    /// writes nothing.
    /// The table entry is `kernels::table::physics_mesh_overlap_capsule`, which carries the
    /// original's name and address (`PhysicsMesh_OverlapCapsule`, 0x003473c0).
    #[must_use]
    pub fn overlap_capsule<R: Real>(
        &self,
        _out: &mut [Contact<R>],
        _q: &SweepQuery<R>,
        _capsule: &Capsule<R>,
    ) -> usize {
        0
    }

    /// The box's mesh overlap with the query's switches: with
    /// [`MeshQuirks::overlap_sphere_only`](kernels::MeshQuirks::overlap_sphere_only)
    /// on in `q.quirks` (the console's) it is [`CollisionMesh::overlap_box`],
    /// 0, with `scratch`'s contacts emptied; off, the triangles of the cells
    /// of `q.world_box` that the box overlaps, with their depth
    /// ([`box_triangle_depth`]), written to `out` (at most `q.max`), and how
    /// many. Each triangle passes the sphere
    /// overlap's steps, read at the box's centre: the visited and enabled
    /// bits, the culling by the sphere around the box, the normal and the
    /// side test (a one-sided triangle whose plane has the centre behind it
    /// is skipped, a two-sided one turned over). The record is the sphere
    /// overlap's: the shape, the normal, fraction 0, the depth, the triangle
    /// (*inferred*, divergence 479).
    pub fn overlap_box_with<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        bx: &OrientedBox<R>,
    ) -> usize {
        if q.quirks.mesh.overlap_sphere_only {
            scratch.clear_answer();
            return self.overlap_box(out, q, bx);
        }
        // `Σ |hᵢ|·|Aᵢ|` bounds the box about its centre whether or not its
        // axes are orthogonal (no kernel checks that they are).
        let half = [bx.half.x, bx.half.y, bx.half.z];
        let reach = bx
            .axes
            .iter()
            .zip(half)
            .fold(R::ZERO, |acc, (a, h)| acc + h.abs() * a.length());
        let shape = Overlapping::Box(bx);
        self.overlap_shape(scratch, out, q, shape, bx.centre, reach)
    }

    /// The capsule's mesh overlap with the query's switches: with
    /// [`MeshQuirks::overlap_sphere_only`](kernels::MeshQuirks::overlap_sphere_only)
    /// on in `q.quirks` (the console's) it is
    /// [`CollisionMesh::overlap_capsule`], 0, with `scratch`'s contacts
    /// emptied; off, the triangles the capsule overlaps, with their depth
    /// ([`capsule_triangle_depth`]), as [`CollisionMesh::overlap_box_with`]
    /// finds them, read at the middle of the capsule's axis (*inferred*,
    /// divergence 479).
    pub fn overlap_capsule_with<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        capsule: &Capsule<R>,
    ) -> usize {
        if q.quirks.mesh.overlap_sphere_only {
            scratch.clear_answer();
            return self.overlap_capsule(out, q, capsule);
        }
        let half = capsule.height.abs() * R::from_f32(0.5);
        let mid = Vec4::point(
            capsule.base.x,
            capsule.base.y,
            capsule.base.z + capsule.height * R::from_f32(0.5),
        );
        let shape = Overlapping::Capsule(capsule);
        self.overlap_shape(scratch, out, q, shape, mid, half + capsule.radius.abs())
    }

    /// The corrected overlaps' walk: the triangles near the sphere of
    /// radius `reach` about `centre`, side-tested at `centre`.
    fn overlap_shape<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        shape: Overlapping<'_, R>,
        centre: Vec4<R>,
        reach: R,
    ) -> usize {
        self.visit_triangles(scratch, out, q, |visited| ShapeOverlap {
            own_shape: q.own_shape,
            shape,
            reach: Reach::sphere(centre, reach, Vec4::ZERO, ListWalk::Exact)
                .unless_reference(visited),
            faces: FaceTest::at(centre),
        })
    }
}
