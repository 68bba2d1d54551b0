//! The mesh queries: what the physics world and the game ask the level's
//! static collision.
//!
//! | query | original | method |
//! | --- | --- | --- |
//! | start a shape query | `CollisionMesh_BeginShapeQuery` (0x00347170) | [`CollisionMesh::begin_shape_query`] |
//! | sort the mesh contacts | `MeshContacts_SortByFraction` (0x00347300) | [`sort_by_fraction`] |
//! | sweep a sphere | `PhysicsMesh_SweepSphere` (0x00348a50) | [`CollisionMesh::sweep_sphere`] |
//! | sweep the walking body | `PhysicsMesh_SweepCapsule` (0x00347c08) | [`CollisionMesh::sweep_capsule`] |
//! | sweep a box | `PhysicsMesh_SweepBox` (0x00348530) | [`CollisionMesh::sweep_box`] |
//! | overlap a sphere | 0x003473c8 | [`CollisionMesh::overlap_sphere`] |
//! | overlap a box, a capsule | 0x003473b8, 0x003473c0 (return 0) | [`CollisionMesh::overlap_box`], [`CollisionMesh::overlap_capsule`]; corrected: [`CollisionMesh::overlap_box_with`], [`CollisionMesh::overlap_capsule_with`] (divergences 477-479) |
//! | cast a ray | `CollisionMesh_RayCast` (0x00350cd8), `CollisionMesh_RayTestCell` (0x00350778) | [`CollisionMesh::ray_cast`] |
//! | the world's ray | `WorldManager_RayCast` (0x0040db88) | [`CollisionMesh::world_ray_cast`] |
//! | push a sphere out of walls | `CollisionMesh_SpherePush` (0x003519f8) | [`CollisionMesh::sphere_push`] |
//! | push a body out of walls | `PhysicsBody_PushOutOfWalls` (0x003477c0) | [`CollisionMesh::push_out_of_walls`] |
//! | switch triangles in a box | `CollisionMesh_SetEnabledInBox` (0x00351160) | [`CollisionMesh::set_enabled_in_box`] |
//! | ground height | `Collision_DropToGround` (0x0034f950), `Collision_DropToMarkedGround` (0x0034fa28), `Collision_MarchRay` (0x0034f740) | [`CollisionMesh::drop_to_ground`], [`CollisionMesh::drop_to_marked_ground`], [`CollisionMesh::march_ray`] |
//!
//! # Scratch
//!
//! Every query clears and fills per-triangle visited bits, and the three
//! sweeps and the sphere overlap collect their hits in the original's
//! 100-entry array of 0xb0-byte mesh contacts before sorting them and copying
//! the first `max` into 0xc0 [`Contact`] records. Both live in a
//! [`QueryScratch`] the caller makes once per mesh and reuses (divergence
//! 152): no query allocates. The ray cast, the push-outs and the ground
//! helpers need only the visited bits, [`QueryScratch::visited`].
//!
//! # Shared arguments
//!
//! The mesh sweeps take the original's arguments as a [`SweepQuery`]: the
//! world box (the caller's; [`Aabb::swept_sphere`] makes one), the most
//! contacts to copy out, the moving body's flags and shape, the options word
//! and the two `n.z` thresholds, and how the cell lists are walked
//! ([`ListWalk`]: exactly, by default, or with the console's counter bug).
//!
//! [`Contact`]: kernels::Contact

mod box_reach;
mod contact;
mod enable;
mod frame;
mod ground;
mod overlap;
mod push;
mod ray;
mod sweep_box;
mod sweep_capsule;
mod sweep_sphere;
mod walk;

pub use contact::{sort_by_fraction, MeshContact};
pub use ground::MARCH_MAX_STEPS;
pub use push::WallPush;
pub use ray::{
    passes_material_filter, ray_triangle_one_sided, ray_triangle_two_sided, MeshRayFilter, Ray,
    RayResult, RAY_MISS,
};
pub use sweep_capsule::walking_sphere;
pub use walk::ListWalk;

use crate::visited::Culling;
use bitflags::bitflags;
use kernels::{Contact, ParallelSideRule, Quirks, Sphere, TriangleFlags, WorkTriangle};
use ps2_float::{Real, Vec4};

use crate::{grid::CellRange, mesh::CollisionMesh, visited::VisitedBits};

/// The size of the original's stack array of mesh contacts: 100 entries of
/// 0xb0 bytes (spec Unit 13, "PhysicsMesh_SweepBox": "100-entry stack array
/// of 0xb0 mesh contacts"; the same for the sphere and capsule sweeps,
/// *inferred*, divergence 160).
pub const MESH_CONTACTS: usize = 100;

/// The per-triangle filter the queries share: the flags step, the side
/// test (two-sided faces turned, one-sided ones behind dropped) and the
/// direction test, with their thresholds defined once (`kernels`).
pub(crate) use kernels::triangle_filter::{admit, FaceOutcome, FaceTest, BODY_SKIPS_BIT3, GRAZING};
pub(crate) use ray::PLAIN_LIMIT;

bitflags! {
    /// The options word of a sphere mesh sweep (the `t2` argument of
    /// `PhysicsMesh_SweepSphere`; spec Unit 1, "Issue #150"). Unknown bits are
    /// kept and ignored; the box and capsule sweeps read no option.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct SweepOptions: u32 {
        /// 0x4: skip a face whose unit normal has `n.z` below the first
        /// threshold ([`SweepQuery::nz_min`]).
        const NZ_MIN = 0x4;
        /// 0x8: skip a face whose `n.z` is above the second threshold
        /// ([`SweepQuery::nz_max`]).
        const NZ_MAX = 0x8;
        /// 0x40: the side and direction tests skip nothing; they mark the
        /// contact 0x10 (behind), 0x20 (moving away) or 0x40 (grazing).
        const MARK_FACES = 0x40;
        /// 0x8000: skip triangles with flag bit 3, as a body with flag 0x100
        /// does.
        const SKIP_BIT_3 = 0x8000;
        /// 0x20000: keep one contact per plane.
        const ONE_PER_PLANE = 0x2_0000;
    }
}

/// The marks option 0x40 writes into a mesh contact's flags (`+0x08`, then
/// the record's `+0xb0`).
pub mod marks {
    /// The sphere's centre is behind a one-sided face.
    pub const BEHIND: u32 = 0x10;
    /// The move goes away from the face (`n·M > 0.001`).
    pub const AWAY: u32 = 0x20;
    /// The move grazes the face (`|n·M| ≤ 0.001`).
    pub const GRAZING: u32 = 0x40;
}

pub use kernels::Aabb;

/// The arguments the mesh sweeps share (the original's `out`, `max`,
/// `worldBox`, `body`, `shape`, options `t2` and thresholds `f12`, `f13`),
/// and how the cell lists are walked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepQuery<R> {
    /// The world box whose cells are walked (the caller's; the original never
    /// derives it from the shape).
    pub world_box: Aabb<R>,
    /// The most contacts copied out (capped to the output's length,
    /// divergence 177).
    pub max: usize,
    /// The moving body's flags (`body +0x40`): 0x100 skips triangles with
    /// bit 3 in the sphere and box sweeps.
    pub body_flags: u32,
    /// The moving shape, written to each record's `+0x04`.
    pub own_shape: u32,
    /// The options word (read by the sphere sweep only).
    pub options: SweepOptions,
    /// The first threshold (`f12`): option 0x4's `n.z` minimum for the
    /// sphere; the walking sweep's wall bound (a wall has
    /// `f12 ≤ n.z ≤ −f12`). The body sweep passes −0.65.
    pub nz_min: R,
    /// The second threshold (`f13`): option 0x8's `n.z` maximum. The body
    /// sweep passes 0.
    pub nz_max: R,
    /// How the cell lists are walked.
    pub walk: ListWalk,
    /// The kernels' switchable quirks (the console's by default): the box
    /// sweep reads [`Quirks::zero_speed_reset`], the sphere and walking
    /// sweeps [`Quirks::sphere_edge_steps`]. The list overrun is
    /// [`SweepQuery::walk`] ([`SweepQuery::with_quirks`] sets both).
    pub quirks: Quirks,
    /// The moving body's owner is airborne (object flag 0x4000000): the
    /// walking sweep then writes no corner slide (spec Unit 1 "Seen at
    /// runtime": "the corner slide skips airborne bodies"; the flag given as
    /// an argument, *inferred*, divergence 294). Read by no other sweep.
    pub airborne: bool,
    /// How the sphere sweep's corner step picks its edge for a move
    /// parallel to a side plane (SPEC-NOTES item 3, divergence 23; the
    /// console's saturated crossing by default). Read by the sphere sweep
    /// only: the walking sweep keeps the console's.
    pub side_rule: ParallelSideRule,
}

impl<R: Real> SweepQuery<R> {
    /// A query over `world_box` copying out at most `max` contacts, with the
    /// body sweep's thresholds (−0.65 and 0, `IPhysics_SweepShapeVsMesh`), no
    /// option, body flags 0, shape 0 and the exact list walk.
    #[must_use]
    pub fn new(world_box: Aabb<R>, max: usize) -> Self {
        Self {
            world_box,
            max,
            body_flags: 0,
            own_shape: 0,
            options: SweepOptions::empty(),
            nz_min: R::from_f32(-0.65),
            nz_max: R::ZERO,
            walk: ListWalk::Exact,
            quirks: Quirks::console(),
            airborne: false,
            side_rule: ParallelSideRule::Saturated,
        }
    }

    /// The same query with these options.
    #[must_use]
    pub fn with_options(self, options: SweepOptions) -> Self {
        Self { options, ..self }
    }

    /// The same query with these body flags.
    #[must_use]
    pub fn with_body_flags(self, body_flags: u32) -> Self {
        Self { body_flags, ..self }
    }

    /// The same query for an airborne (or grounded) owner.
    #[must_use]
    pub fn with_airborne(self, airborne: bool) -> Self {
        Self { airborne, ..self }
    }

    /// The same query with this reading of the corner step's parallel
    /// case ([`SweepQuery::side_rule`]).
    #[must_use]
    pub fn with_side_rule(self, side_rule: ParallelSideRule) -> Self {
        Self { side_rule, ..self }
    }

    /// The same query with this list walk.
    #[must_use]
    pub fn with_walk(self, walk: ListWalk) -> Self {
        Self { walk, ..self }
    }

    /// The same query with these quirks, the list walk included
    /// ([`ListWalk::ConsoleOverrun`] when [`Quirks::list_overrun`] is set,
    /// else [`ListWalk::Exact`]).
    #[must_use]
    pub fn with_quirks(self, quirks: Quirks) -> Self {
        let walk = if quirks.list_overrun {
            ListWalk::ConsoleOverrun
        } else {
            ListWalk::Exact
        };
        Self {
            quirks,
            walk,
            ..self
        }
    }
}

/// Counters of the last query, for tests and benchmarks (the original keeps
/// none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Cells walked.
    pub cells: u32,
    /// List entries read (more than the lists hold only with
    /// [`ListWalk::ConsoleOverrun`]).
    pub entries: u32,
    /// Triangles tested: entries whose visited bit was clear.
    pub tested: u32,
    /// Calls of the triangle kernel (sphere, box or penetration test, or
    /// ray-triangle test).
    pub kernel_calls: u32,
    /// Triangles skipped before their normal because their bounding box
    /// lies clear of everything the shape can reach (divergence 178).
    pub culled: u32,
    /// Mesh contacts kept.
    pub kept: u32,
    /// Hits dropped because the 100-entry array was full (divergence 153).
    pub overflowed: u32,
    /// Cells whose list was not read because the box around all of its
    /// triangles lies clear of everything the shape can reach (divergence
    /// 179); their entries are not in `entries`.
    pub cells_culled: u32,
}

/// The reusable scratch of the mesh queries: the visited bits and the
/// original's 100-entry mesh contact array. Make one per mesh (or per world)
/// and pass it to every query; no query allocates (divergence 152).
#[derive(Clone, Debug)]
pub struct QueryScratch<R> {
    /// The per-triangle visited bits (`+0x94` on the console).
    pub visited: VisitedBits,
    pub(crate) contacts: Vec<MeshContact<R>>,
    pub(crate) stats: QueryStats,
}

impl<R: Real> QueryScratch<R> {
    /// A scratch sized for `mesh`: its visited bits and room for
    /// [`MESH_CONTACTS`] mesh contacts.
    #[must_use]
    pub fn new(mesh: &CollisionMesh) -> Self {
        Self {
            visited: mesh.visited_bits(),
            contacts: Vec::with_capacity(MESH_CONTACTS),
            stats: QueryStats::default(),
        }
    }

    /// The mesh contacts of the last sweep or overlap, sorted by fraction
    /// (all of them, not only the `max` copied out).
    #[must_use]
    pub fn contacts(&self) -> &[MeshContact<R>] {
        &self.contacts
    }

    /// The counters of the last sweep or overlap.
    #[must_use]
    pub fn stats(&self) -> QueryStats {
        self.stats
    }

    /// Starts a query over `world_box`: empties the contact array and the
    /// counters, then clears the visited bits and returns the box's cells
    /// ([`CollisionMesh::begin_shape_query`]).
    pub(crate) fn begin(&mut self, mesh: &CollisionMesh, world_box: &Aabb<R>) -> CellRange {
        self.contacts.clear();
        self.stats = QueryStats::default();
        mesh.begin_shape_query(&mut self.visited, world_box.min, world_box.max)
    }

    /// Empties the answer (the contacts and the counts) of a query that
    /// reads no triangle, so that [`QueryScratch::contacts`] does not show
    /// the previous query's; the visited bits are left as they are.
    pub(crate) fn clear_answer(&mut self) {
        self.contacts.clear();
        self.stats = QueryStats::default();
    }

    /// Sorts the array and returns how many records to copy out.
    pub(crate) fn finish(&mut self, max: usize, out_len: usize) -> usize {
        sort_by_fraction(&mut self.contacts);
        self.contacts.len().min(max).min(out_len)
    }
}

/// One sphere query's fixed inputs, as its per-triangle step reads them:
/// the query (box, options, thresholds, walk), the sphere at the start, the
/// whole move, what the sphere can reach, the face tests at the sphere's
/// centre and whether the bit-3 rule holds for the whole query.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SphereFrame<'a, R> {
    pub(crate) q: &'a SweepQuery<R>,
    pub(crate) sphere: Sphere<R>,
    pub(crate) mv: Vec4<R>,
    pub(crate) reach: Reach,
    pub(crate) faces: FaceTest<R>,
    pub(crate) bit3: bool,
}

impl<'a, R: Real> SphereFrame<'a, R> {
    /// The frame of a sweep of `sphere` along `mv` for `q`; `bit3` is the
    /// query's bit-3 rule ([`bit3_rule`] for the sphere sweep, `false` for
    /// the walking sweep, which reads no type bit).
    pub(crate) fn new(
        q: &'a SweepQuery<R>,
        sphere: Sphere<R>,
        mv: Vec4<R>,
        visited: &VisitedBits,
        bit3: bool,
    ) -> Self {
        Self {
            q,
            sphere,
            mv,
            reach: Reach::sphere(sphere.centre, sphere.radius, mv, q.walk)
                .unless_reference(visited),
            faces: FaceTest::sweep(sphere.centre, mv),
            bit3,
        }
    }

    /// Writes a kept contact of this sweep into `out`
    /// (`write_sphere_contact` with the query's shape, the
    /// sphere at the start and the whole move).
    #[inline]
    pub(crate) fn write_contact(&self, out: &mut Contact<R>, mc: &MeshContact<R>) {
        contact::write_sphere_contact(
            out,
            mc,
            self.q.own_shape,
            self.sphere.centre,
            self.sphere.radius,
            self.mv,
        );
    }
}

/// Stores a mesh contact in the 100-entry array; past the 100th it is
/// dropped and counted (divergence 153).
#[inline]
pub(crate) fn keep<R>(
    contacts: &mut Vec<MeshContact<R>>,
    stats: &mut QueryStats,
    c: MeshContact<R>,
) {
    if contacts.len() < MESH_CONTACTS {
        contacts.push(c);
        stats.kept += 1;
    } else {
        stats.overflowed += 1;
    }
}

/// The side and direction tests of `faces` on triangle `ix` from its kept
/// unit normal `n` and plane offset `n·v0` ([`CollisionMesh::kept_plane`],
/// the bits the corners would give, divergence 179), before its corners are
/// read; then, for a face that passes, its corners into `work`, turned over
/// as `CollTri_Flip` turns them when the test turned the face. `false`, the
/// face dropped, otherwise (`work` then holds no triangle).
#[inline(always)]
pub(crate) fn face_by_kept_plane<R: Real>(
    mesh: &CollisionMesh,
    work: &mut WorkTriangle<R>,
    faces: &FaceTest<R>,
    ix: usize,
    flags: TriangleFlags,
    (n, offset): (Vec4<R>, R),
) -> bool {
    work.n = n;
    let side = n.dot(faces.centre) - offset;
    let FaceOutcome::Kept { flipped, .. } = faces.face_at_side(work, flags, side) else {
        return false;
    };
    let Some(corners) = mesh.corners::<R>(ix) else {
        return false;
    };
    work.v = corners;
    if flipped {
        work.v.swap(1, 2);
    }
    true
}

/// The flags of triangle `ix` when [`admit`] lets it in (enabled, and
/// without bit 3 under the bit-3 rule `bit3`); `None` for a dropped or
/// missing triangle.
#[inline(always)]
pub(crate) fn admitted(mesh: &CollisionMesh, ix: usize, bit3: bool) -> Option<TriangleFlags> {
    let flags = mesh.triangle(ix)?.flags;
    admit(flags, bit3).is_ok().then_some(flags)
}

/// Whether the sphere sweep's bit-3 rule holds for a query: the body has
/// flag 0x100 or the query asks with option 0x8000; triangles with bit 0x8
/// are then dropped ([`admit`]).
#[inline]
pub(crate) fn bit3_rule(body_flags: u32, options: SweepOptions) -> bool {
    body_flags & BODY_SKIPS_BIT3 != 0 || options.contains(SweepOptions::SKIP_BIT_3)
}

/// The box a sphere can touch during a query, grown by a margin: a
/// triangle whose bounding box lies outside it can give no contact (every
/// contact of the sphere kernel, the penetration test and the push-outs is a
/// point of the triangle within the radius of a centre on the move), so the
/// queries skip it before computing its normal. The margin is 1/64 m,
/// `2⁻¹⁶` of the largest coordinate (128 units in the last place of it,
/// far above the rounding of the tests, whose nearest points are clamped
/// onto the triangle) and `2⁻⁸` of the move (the sum of its components'
/// magnitudes, at least its length): the edge test takes a move within
/// 1.42 mrad of an edge for one along it, so a contact it accepts may lie
/// up to `1.42·10⁻³` of the move beside the swept sphere. So the skip never
/// changes a result; only the counters see it (divergence 178).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    lo: [f32; 3],
    hi: [f32; 3],
    /// `false` for the console's overrun walk, where a triangle's exit (not
    /// only its contact) matters: nothing is skipped there.
    active: bool,
}

impl Culling for Reach {
    fn switch_off(&mut self) {
        self.active = false;
    }
}

impl Reach {
    /// What a sphere of radius `r` at `c` moving by `mv` can reach.
    pub(crate) fn sphere<R: Real>(c: Vec4<R>, r: R, mv: Vec4<R>, walk: ListWalk) -> Self {
        let (c, r, m) = (c.to_f32(), r.to_f32().abs(), mv.to_f32());
        let mut lo = [0.0f32; 3];
        let mut hi = [0.0f32; 3];
        let mut big = 0.0f32;
        let mut travel = 0.0f32;
        for k in 0..3 {
            let e = c[k] + m[k];
            lo[k] = c[k].min(e) - r;
            hi[k] = c[k].max(e) + r;
            big = big.max(lo[k].abs()).max(hi[k].abs());
            travel += m[k].abs();
        }
        let margin = 1.0 / 64.0 + big * (1.0 / 65536.0) + travel * (1.0 / 256.0);
        for k in 0..3 {
            lo[k] -= margin;
            hi[k] += margin;
        }
        Self {
            lo,
            hi,
            active: walk == ListWalk::Exact,
        }
    }

    /// Whether the culling is on.
    #[inline]
    pub(crate) fn active(&self) -> bool {
        self.active
    }

    /// Whether a bounding box (a triangle's or a cell's, `[min; 3]`,
    /// `[max; 3]`) meets the box; a NaN anywhere keeps it, and so does a
    /// missing box.
    #[inline]
    pub(crate) fn meets(&self, b: Option<&[f32; 6]>) -> bool {
        if !self.active {
            return true;
        }
        let Some(b) = b else {
            return true;
        };
        (0..3).all(|k| !(b[k] > self.hi[k] || b[k + 3] < self.lo[k]))
    }

    /// [`Reach::meets`] for each of a tree node's four boxes, lane by lane:
    /// bit `l` set when lane `l`'s box is met. `lo > hi'` is read as
    /// `lo − hi' > 0`, the same for finite floats (a difference of two
    /// different ones is never 0) and for infinite ones but `∞ − ∞`, a NaN,
    /// which keeps the box; so no box [`Reach::meets`] keeps is refused,
    /// and the largest gap of the six can be taken lane-wide (`maxps`). An
    /// unused lane's inverted box meets nothing.
    #[inline(always)]
    pub(crate) fn meets4(&self, node: &crate::triangle_tree::Node4) -> u32 {
        if !self.active {
            return 0b1111;
        }
        let mut gap = [f32::NEG_INFINITY; 4];
        for k in 0..3 {
            let (lo, hi) = (&node.lo[k], &node.hi[k]);
            for l in 0..4 {
                let above = lo[l] - self.hi[k];
                let below = self.lo[k] - hi[l];
                gap[l] = if above > gap[l] { above } else { gap[l] };
                gap[l] = if below > gap[l] { below } else { gap[l] };
            }
        }
        let mut mask = 0;
        for (l, g) in gap.iter().enumerate() {
            // Not "greater than 0", so that a NaN keeps the box.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            let met = !(*g > 0.0);
            mask |= u32::from(met) << l;
        }
        mask
    }
}
