//! The oriented box swept against the mesh (spec Unit 13,
//! "PhysicsMesh_SweepBox (0x00348530)").

use crate::visited::Culling;
use kernels::box_sweep::{BoxTriangleStep, MeshTriangle};
use kernels::details::box_sweep::{
    physics_mesh_sweep_box_triangle_with_normal, write_mesh_box_contact,
};
use kernels::{Contact, OrientedBox};
use ps2_float::{Real, Vec4};

use super::box_reach::BoxReach;
use super::frame::{Step, TriangleVisitor, Visit};
use super::{MeshContact, QueryScratch, SweepQuery};
use crate::mesh::CollisionMesh;

impl CollisionMesh {
    /// Sweeps the oriented box `bx` along the whole move `mv` against the
    /// triangles of the cells of `q.world_box`, keeps every hit at a fraction
    /// in `[0, 1]`, sorts them and writes the first `q.max` into `out`;
    /// returns how many it wrote.
    ///
    /// # Behaviour
    ///
    /// Per triangle (spec Unit 13, "PhysicsMesh_SweepBox"): the visited bit;
    /// bit 3 against the body's flag 0x100 ([`SweepQuery::body_flags`]; the
    /// sphere's option 0x8000 has no counterpart); the enabled bit; the side
    /// test at the box's centre (`n·P − n·v0 < 1e-6`: a one-sided triangle is
    /// skipped, a two-sided one turned over); the move must go into the face
    /// (`n·M < −0.001`); then `Sweep_BoxTriangle`, kept when `0 ≤ t ≤ 1`
    /// ([`physics_mesh_sweep_box_triangle`](kernels::details::box_sweep::physics_mesh_sweep_box_triangle) does all of this for one
    /// triangle). The options and the `n.z` thresholds are not read.
    ///
    /// The kernel's zero-speed reset gives fraction 0 to a box dropped flat
    /// (the flat-drop quirk), and each record's point is the box's centre at
    /// contact, its flags word 0 ([`write_mesh_box_contact`]).
    ///
    /// The original's loop leaves through its `t > 1` exit on every kernel
    /// miss (`1e28`), which skips the list counter; the walk here is exact
    /// unless [`SweepQuery::walk`] asks for the console's overrun
    /// (divergence 154).
    ///
    /// In the exact walk, a node of the mesh's tree, a cell or a triangle
    /// whose bounding box lies clear of the box's reach along one of the
    /// box's own axes is passed over: the kernel's test on that axis would
    /// separate every triangle in it (divergences 236 and 272). Only
    /// [`QueryStats`](crate::QueryStats) and the visited bits left set see it.
    ///
    /// # Returns
    ///
    /// The number of records written, at most `q.max` and `out.len()`.
    ///
    /// Original: `PhysicsMesh_SweepBox` (0x00348530).
    pub fn sweep_box<R: Real>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        bx: &OrientedBox<R>,
        mv: Vec4<R>,
    ) -> usize {
        // One stack record for the whole walk (the frame's), as the
        // original's: its plane constant and lengths are never written.
        self.visit_triangles(scratch, out, q, |visited| BoxSweep {
            q,
            bx,
            mv,
            reference: visited.reference_walk(),
            reach: BoxReach::new(bx, mv, q.walk).unless_reference(visited),
        })
    }
}

/// The box sweep as a visitor of the mesh's triangles.
struct BoxSweep<'a, R> {
    q: &'a SweepQuery<R>,
    bx: &'a OrientedBox<R>,
    mv: Vec4<R>,
    /// The reference walk (divergence 179): no kept normal is read.
    reference: bool,
    reach: BoxReach,
}

impl<R: Real> TriangleVisitor<R> for BoxSweep<'_, R> {
    type Cull = BoxReach;

    fn cull(&self) -> &BoxReach {
        &self.reach
    }

    #[inline]
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R> {
        let Step { work, stats } = step;
        let (Some(tri), Some(corners)) = (mesh.triangle(ix), mesh.corners::<R>(ix)) else {
            return Visit::Skipped;
        };
        let mt = MeshTriangle {
            corners,
            flags: tri.flags.bits(),
            // At most 65,535 triangles.
            id: ix as u32,
        };
        // The kept normal, but for the reference walk (divergence 179).
        let normal = mesh.kept_normal::<R>(ix).filter(|_| !self.reference);
        let step = physics_mesh_sweep_box_triangle_with_normal(
            work,
            self.bx,
            self.q.body_flags,
            &mt,
            self.mv,
            normal,
            self.q.quirks.zero_speed_reset,
        );
        match step {
            BoxTriangleStep::Skipped(_) => Visit::Skipped,
            BoxTriangleStep::Before(_) => {
                stats.kernel_calls += 1;
                Visit::Skipped
            }
            BoxTriangleStep::Beyond(_) => {
                stats.kernel_calls += 1;
                Visit::Beyond
            }
            BoxTriangleStep::Kept(mc) => {
                stats.kernel_calls += 1;
                Visit::Kept(MeshContact::from_box(&mc))
            }
        }
    }

    fn write(&self, _: &CollisionMesh, out: &mut Contact<R>, mc: &MeshContact<R>) {
        write_mesh_box_contact(out, &mc.to_box(), self.q.own_shape, self.bx, self.mv);
    }
}
