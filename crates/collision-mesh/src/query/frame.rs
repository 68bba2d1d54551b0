//! The frame the mesh's table queries share (the sphere, walking and box
//! sweeps and the sphere overlap; overview "Mesh tests"): begin the query on
//! the cells of its world box, walk their lists once with the visited bits,
//! give each triangle to the query's own step, keep what it answers in the
//! 100-entry array, sort by fraction and write the first records out. Each
//! query is a [`TriangleVisitor`], its per-triangle step with the inputs it
//! reads (as parry's composite-shape visitors carry theirs), and
//! [`CollisionMesh::visit_triangles`] is the frame, written once.

use kernels::{Contact, WorkTriangle};
use ps2_float::Real;

use super::walk::{walk_lists, Cull, Exit};
use super::{keep, MeshContact, QueryScratch, QueryStats, SweepQuery};
use crate::mesh::CollisionMesh;
use crate::visited::VisitedBits;

/// What one triangle came to.
pub(crate) enum Visit<R> {
    /// Not kept; the list counter advances.
    Skipped,
    /// Not kept, through the exit that skips the list counter (the console's
    /// overrun, [`super::ListWalk`]).
    Beyond,
    /// Kept, to go into the contact array.
    Kept(MeshContact<R>),
}

/// What a query's per-triangle step works in: the one working triangle of
/// the whole query (as the original's stack record) and the counters.
pub(crate) struct Step<'s, R> {
    pub(crate) work: WorkTriangle<R>,
    pub(crate) stats: &'s mut QueryStats,
}

/// One mesh query's per-triangle step, what culls its walk, and how a kept
/// contact becomes an output record.
pub(crate) trait TriangleVisitor<R: Real> {
    /// What the query can reach, read by the walk to pass over cells, tree
    /// nodes and triangles.
    type Cull: Cull;

    /// The query's reach.
    fn cull(&self) -> &Self::Cull;

    /// The step for triangle `ix` (after its visited bit).
    fn visit(&self, mesh: &CollisionMesh, ix: usize, step: &mut Step<'_, R>) -> Visit<R>;

    /// Puts a kept contact into the array ([`keep`] unless the query has a
    /// rule of its own).
    #[inline]
    fn keep(&self, contacts: &mut Vec<MeshContact<R>>, stats: &mut QueryStats, mc: MeshContact<R>) {
        keep(contacts, stats, mc);
    }

    /// Writes one sorted contact into its output record.
    fn write(&self, mesh: &CollisionMesh, out: &mut Contact<R>, mc: &MeshContact<R>);
}

impl CollisionMesh {
    /// Runs one table query: the visitor `make` builds (from the visited
    /// bits as the query's start left them) walks the cells of
    /// `q.world_box`; the kept contacts are sorted by fraction and the first
    /// `q.max` (at most `out.len()`) written to `out`. Returns how many were
    /// written. No allocation.
    pub(crate) fn visit_triangles<R: Real, V: TriangleVisitor<R>>(
        &self,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
        make: impl FnOnce(&VisitedBits) -> V,
    ) -> usize {
        let range = scratch.begin(self, &q.world_box);
        let QueryScratch {
            visited,
            contacts,
            stats,
        } = scratch;
        let visitor = make(visited);
        let mut step = Step {
            work: WorkTriangle::<R>::default(),
            stats,
        };
        let counts =
            walk_lists(
                self,
                range,
                visited,
                q.walk,
                Some(visitor.cull()),
                |ix| match visitor.visit(self, ix, &mut step) {
                    Visit::Skipped => Exit::Counted,
                    Visit::Beyond => Exit::Uncounted,
                    Visit::Kept(mc) => {
                        visitor.keep(contacts, step.stats, mc);
                        Exit::Counted
                    }
                },
            );
        step.stats.record_walk(counts);
        let n = scratch.finish(q.max, out.len());
        for (o, mc) in out.iter_mut().zip(scratch.contacts.iter()).take(n) {
            visitor.write(self, o, mc);
        }
        n
    }
}
