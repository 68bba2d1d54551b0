//! The mesh overlaps (the per-type table at IPhysics `+0xf4`): a sphere's
//! penetration into the triangles; boxes and capsules never overlap the mesh
//! (spec overview, "The shape-pair tables" and "Mesh tests").

use kernels::sphere_triangle::sphere_triangle_penetration;
use kernels::{Capsule, Contact, OrientedBox, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};

use super::contact::write_overlap_contact;
use super::walk::{walk_lists, Exit};
use super::{
    admit, keep, FaceOutcome, FaceTest, ListWalk, MeshContact, QueryScratch, Reach, SweepQuery,
};
use crate::mesh::CollisionMesh;

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
        let range = scratch.begin(self, &q.world_box);
        let QueryScratch {
            visited,
            contacts,
            stats,
        } = scratch;
        let mut work = WorkTriangle::<R>::default();
        let reach = Reach::sphere(sphere.centre, sphere.radius, Vec4::ZERO, ListWalk::Exact)
            .unless_reference(visited);
        let faces = FaceTest::at(sphere.centre);
        let cull = Some((&reach, self.cell_bounds()));
        let counts = walk_lists(
            self.grid(),
            self.cell_trees(),
            range,
            visited,
            q.walk,
            cull,
            |ix| {
                let Some(tri) = self.triangle(ix) else {
                    return Exit::Counted;
                };
                let flags = tri.flags;
                if admit(flags, false).is_err() {
                    return Exit::Counted;
                }
                if !reach.meets(self.tri_bounds(ix)) {
                    stats.culled += 1;
                    return Exit::Counted;
                }
                let Some(corners) = self.corners::<R>(ix) else {
                    return Exit::Counted;
                };
                work.v = corners;
                self.set_normal(&mut work, ix, reach.active());
                if let FaceOutcome::Skipped(_) = faces.face(&mut work, flags) {
                    return Exit::Counted;
                }
                work.compute_edges(false);
                work.set_plane();
                stats.kernel_calls += 1;
                if let Some(depth) = sphere_triangle_penetration(sphere, &work) {
                    keep(
                        contacts,
                        stats,
                        MeshContact {
                            fraction: R::ZERO,
                            // At most 65,535 triangles.
                            triangle: ix as u16,
                            flags: 0,
                            mask: None,
                            depth: Some(depth),
                            work,
                        },
                    );
                }
                Exit::Counted
            },
        );
        stats.record_walk(counts);
        let n = scratch.finish(q.max, out.len());
        for (o, mc) in out.iter_mut().zip(scratch.contacts.iter()).take(n) {
            write_overlap_contact(o, mc, q.own_shape);
        }
        n
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
