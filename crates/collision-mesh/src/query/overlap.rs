//! The mesh overlaps (the per-type table at IPhysics `+0xf4`): a sphere's
//! penetration into the triangles; boxes and capsules never overlap the mesh
//! (spec overview, "The shape-pair tables" and "Mesh tests").

use kernels::sphere_triangle::sphere_triangle_penetration;
use kernels::{Capsule, Contact, OrientedBox, Sphere};
use ps2_float::{Real, Vec4};

use super::contact::write_overlap_contact;
use super::frame::{Step, TriangleVisitor, Visit};
use super::{admit, FaceOutcome, FaceTest, ListWalk, MeshContact, QueryScratch, Reach, SweepQuery};
use crate::mesh::CollisionMesh;

/// The sphere overlap as a visitor of the mesh's triangles.
struct SphereOverlap<'a, R> {
    own_shape: u32,
    sphere: &'a Sphere<R>,
    reach: Reach,
    faces: FaceTest<R>,
}

impl<R: Real> TriangleVisitor<R> for SphereOverlap<'_, R> {
    type Cull = Reach;

    fn cull(&self) -> &Reach {
        &self.reach
    }

    #[inline]
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R> {
        let Step { work, stats } = step;
        let Some(tri) = mesh.triangle(ix) else {
            return Visit::Skipped;
        };
        let flags = tri.flags;
        if admit(flags, false).is_err() {
            return Visit::Skipped;
        }
        if !self.reach.meets(mesh.tri_bounds(ix)) {
            stats.culled += 1;
            return Visit::Skipped;
        }
        let Some(corners) = mesh.corners::<R>(ix) else {
            return Visit::Skipped;
        };
        work.v = corners;
        mesh.set_normal(work, ix, self.reach.active());
        if let FaceOutcome::Skipped(_) = self.faces.face(work, flags) {
            return Visit::Skipped;
        }
        work.compute_edges(false);
        work.set_plane();
        stats.kernel_calls += 1;
        match sphere_triangle_penetration(self.sphere, work) {
            Some(depth) => Visit::Kept(MeshContact {
                fraction: R::ZERO,
                // At most 65,535 triangles.
                triangle: ix as u16,
                flags: 0,
                mask: None,
                depth: Some(depth),
                work: *work,
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
        self.visit_triangles(scratch, out, q, |visited| SphereOverlap {
            own_shape: q.own_shape,
            sphere,
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
}
