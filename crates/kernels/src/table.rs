//! The shape-pair tables of `IPhysics`, as data: the 5 × 5 overlap table
//! (`+0x18`) and sweep table (`+0x7c`), indexed `[moving type][other type]`,
//! and the per-type tables against the level mesh (`+0xe0`, `+0xf4`) and rays
//! (`+0x108`), exactly as `IPhysics_Construct` fills them (overview, "The
//! shape-pair tables").
//!
//! # Layout
//!
//! A table is indexed by the shape type byte (1 box, 2 sphere, 3 capsule,
//! 4 segment); row and column 0 exist in the original (row × 0x14 + column ×
//! 4) but hold nothing. An empty entry (`None`) means the pair never touches:
//! the segment has no overlap entry against the box, in either order, and
//! only the box and the capsule have a ray entry.
//!
//! The entries are functions over [`Shape`]: each one takes the two shapes it
//! expects (answering `false` for any other pair, which the table never
//! hands it) and calls the typed function that implements the original
//! entry. That function carries the original's name and address; the address
//! tables below ([`OVERLAP_ADDRESSES`], [`SWEEP_ADDRESSES`],
//! [`RAY_ADDRESSES`], [`MESH_SWEEP_ADDRESSES`], [`MESH_OVERLAP_ADDRESSES`])
//! list every entry the original has, so a test can check that each one is
//! here. The entries the original fills with a function that never touches
//! (sweep (4, 1), which returns 0, and its mirror (1, 4)) are such functions
//! here too, not empty entries.
//!
//! # Mirrors
//!
//! A mirrored sweep entry runs the other order with the move reversed and
//! swaps the contact's halves on a hit (Units 5, 12 and 13 for the box pairs,
//! inferred for the sphere-capsule and sphere-segment pairs). The mirrored
//! overlap entries swap only where a half was written (box-capsule, Unit 4).
//!
//! # The mesh tables
//!
//! The level mesh's sweeps and the sphere's mesh overlap belong to the mesh
//! crate; their slots here name the original's address only
//! ([`MeshSlot::MeshCrate`], divergence 114). The box's and the capsule's
//! mesh overlaps return 0 without reading the mesh, so they are here.

use ps2_float::{Real, Vec4};

use crate::box_sweep::{
    physics_sweep_box_box_in, physics_sweep_box_segment_in, physics_sweep_segment_box_in,
};
use crate::capsule_box::{physics_sweep_box_capsule, physics_sweep_capsule_box};
use crate::overlap::{
    overlap_box_box, overlap_box_box_with, overlap_box_capsule, overlap_box_capsule_with,
    overlap_box_segment, overlap_box_sphere, overlap_capsule_box, overlap_capsule_box_with,
    overlap_capsule_capsule, overlap_capsule_segment, overlap_capsule_segment_with,
    overlap_capsule_sphere, overlap_segment_box, overlap_segment_capsule,
    overlap_segment_capsule_with, overlap_segment_segment, overlap_segment_segment_with,
    overlap_segment_sphere, overlap_sphere_box, overlap_sphere_capsule, overlap_sphere_segment,
    overlap_sphere_sphere,
};
use crate::quirks::Quirks;
use crate::ray::{physics_ray_box, physics_ray_capsule, ray_segment, ray_sphere};
use crate::sphere_box::{physics_sweep_box_sphere_in, physics_sweep_sphere_box_in};
use crate::sweep::{
    physics_sweep_capsule_capsule_in, physics_sweep_capsule_segment_in,
    physics_sweep_capsule_sphere, physics_sweep_segment_capsule_in,
    physics_sweep_segment_segment_in, physics_sweep_segment_sphere_in,
    physics_sweep_sphere_capsule, physics_sweep_sphere_segment_in, physics_sweep_sphere_sphere,
};
use crate::{contact::Contact, pair::PairContext, shapes::Shape};

/// An overlap table entry: `(contact, own, other)`, `true` on overlap.
pub type OverlapEntry<R> = fn(&mut Contact<R>, &Shape<R>, &Shape<R>) -> bool;

/// A sweep table entry: `(contact, bodies' state, own, other, own's move)`,
/// `true` on a hit.
pub type SweepEntry<R> = fn(&mut Contact<R>, &PairContext, &Shape<R>, &Shape<R>, Vec4<R>) -> bool;

/// A ray table entry: `(shape, start, dir)`, the fraction of `dir` at the
/// first hit.
pub type RayEntry<R> = fn(&Shape<R>, Vec4<R>, Vec4<R>) -> Option<R>;

/// A mesh overlap table entry as far as it concerns the shape alone:
/// `(contacts out, shape)`, the number of contacts written.
pub type MeshOverlapEntry<R> = fn(&mut [Contact<R>], &Shape<R>) -> usize;

/// A 5 × 5 table indexed `[moving type][other type]`.
pub type PairTable<F> = [[Option<F>; 5]; 5];

/// A slot of a per-type mesh table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshSlot<F> {
    /// The entry, here.
    Entry(F),
    /// The original's entry at this address, which reads the level mesh and
    /// belongs to the mesh crate.
    MeshCrate(u32),
    /// No entry.
    Empty,
}

/// The overlap table's entry addresses (IPhysics `+0x18`), `[own][other]`.
pub const OVERLAP_ADDRESSES: [[Option<u32>; 5]; 5] = [
    [None; 5],
    [
        None,
        Some(0x0034_5dd8),
        Some(0x0034_6680),
        Some(0x0034_6d18),
        None,
    ],
    [
        None,
        Some(0x0034_6db8),
        Some(0x0034_5d58),
        Some(0x0034_6f90),
        Some(0x0034_6eb0),
    ],
    [
        None,
        Some(0x0034_6808),
        Some(0x0034_6ed8),
        Some(0x0034_6388),
        Some(0x0034_7148),
    ],
    [
        None,
        None,
        Some(0x0034_6de0),
        Some(0x0034_6fb8),
        Some(0x0034_6500),
    ],
];

/// The sweep table's entry addresses (IPhysics `+0x7c`), `[moving][other]`.
pub const SWEEP_ADDRESSES: [[Option<u32>; 5]; 5] = [
    [None; 5],
    [
        None,
        Some(0x0034_51e8),
        Some(0x0034_54c0),
        Some(0x0034_5108),
        Some(0x0034_5590),
    ],
    [
        None,
        Some(0x0034_53f8),
        Some(0x0034_40d0),
        Some(0x0034_5670),
        Some(0x0034_4320),
    ],
    [
        None,
        Some(0x0034_4618),
        Some(0x0034_5910),
        Some(0x0034_3cd8),
        Some(0x0034_5d18),
    ],
    [
        None,
        Some(0x0034_5588),
        Some(0x0034_4538),
        Some(0x0034_5d38),
        Some(0x0034_4300),
    ],
];

/// The ray table's entry addresses (IPhysics `+0x108`), by type.
pub const RAY_ADDRESSES: [Option<u32>; 5] =
    [None, Some(0x0034_5b90), None, Some(0x0034_59f0), None];

/// The mesh sweep table's entry addresses (IPhysics `+0xe0`), by type: all
/// three read the level mesh (the mesh crate).
pub const MESH_SWEEP_ADDRESSES: [Option<u32>; 5] = [
    None,
    Some(0x0034_8530),
    Some(0x0034_8a50),
    Some(0x0034_7c08),
    None,
];

/// The mesh overlap table's entry addresses (IPhysics `+0xf4`), by type.
pub const MESH_OVERLAP_ADDRESSES: [Option<u32>; 5] = [
    None,
    Some(0x0034_73b8),
    Some(0x0034_73c8),
    Some(0x0034_73c0),
    None,
];

/// Defines the overlap table's entries: for each, the typed function for one
/// pair of shape variants, `false` for any other pair (divergence 113).
macro_rules! overlap_entries {
    ($($(#[$doc:meta])* $name:ident: $a:ident, $b:ident => $f:ident;)*) => {$(
        $(#[$doc])*
        fn $name<R: Real>(c: &mut Contact<R>, own: &Shape<R>, other: &Shape<R>) -> bool {
            match (own, other) {
                (Shape::$a(x), Shape::$b(y)) => $f(c, x, y),
                _ => false,
            }
        }
    )*};
}

/// Defines one sweep table entry, as [`overlap_entries`] does; `ctx` is
/// passed on only to the entries that read the bodies' state.
macro_rules! sweep_entry {
    ($(#[$doc:meta])* $name:ident: $a:ident, $b:ident => $f:ident) => {
        $(#[$doc])*
        fn $name<R: Real>(
            c: &mut Contact<R>,
            _ctx: &PairContext,
            own: &Shape<R>,
            other: &Shape<R>,
            mv: Vec4<R>,
        ) -> bool {
            match (own, other) {
                (Shape::$a(x), Shape::$b(y)) => $f(c, x, y, mv),
                _ => false,
            }
        }
    };
    ($(#[$doc:meta])* $name:ident: $a:ident, $b:ident => $f:ident with ctx) => {
        $(#[$doc])*
        fn $name<R: Real>(
            c: &mut Contact<R>,
            ctx: &PairContext,
            own: &Shape<R>,
            other: &Shape<R>,
            mv: Vec4<R>,
        ) -> bool {
            match (own, other) {
                (Shape::$a(x), Shape::$b(y)) => $f(c, ctx, x, y, mv),
                _ => false,
            }
        }
    };
}

/// Defines the sweep table's entries, one [`sweep_entry`] each.
macro_rules! sweep_entries {
    ($($(#[$doc:meta])* $name:ident: $a:ident, $b:ident => $f:ident $($with:ident $ctx:ident)?;)*) => {$(
        sweep_entry!($(#[$doc])* $name: $a, $b => $f $($with $ctx)?);
    )*};
}

// One row per entry of the console's tables: each names its own original
// and kernel, so the entries are data and are not folded further.
overlap_entries! {
    /// Table entry (1, 1): `PhysicsOverlap_BoxBox` (0x00345dd8).
    o_box_box: Box, Box => overlap_box_box;
    /// Table entry (1, 2): `PhysicsOverlap_BoxSphere` (0x00346680).
    o_box_sphere: Box, Sphere => overlap_box_sphere;
    /// Table entry (1, 3): `PhysicsOverlap_BoxCapsule` (0x00346d18).
    o_box_capsule: Box, Capsule => overlap_box_capsule;
    /// Table entry (2, 1): `PhysicsOverlap_SphereBox` (0x00346db8).
    o_sphere_box: Sphere, Box => overlap_sphere_box;
    /// Table entry (2, 2): `PhysicsOverlap_SphereSphere` (0x00345d58).
    o_sphere_sphere: Sphere, Sphere => overlap_sphere_sphere;
    /// Table entry (2, 3): `PhysicsOverlap_SphereCapsule` (0x00346f90).
    o_sphere_capsule: Sphere, Capsule => overlap_sphere_capsule;
    /// Table entry (2, 4): `PhysicsOverlap_SphereSegment` (0x00346eb0).
    o_sphere_segment: Sphere, Segment => overlap_sphere_segment;
    /// Table entry (3, 1): `PhysicsOverlap_CapsuleBox` (0x00346808).
    o_capsule_box: Capsule, Box => overlap_capsule_box;
    /// Table entry (3, 2): `PhysicsOverlap_CapsuleSphere` (0x00346ed8).
    o_capsule_sphere: Capsule, Sphere => overlap_capsule_sphere;
    /// Table entry (3, 3): `PhysicsOverlap_CapsuleCapsule` (0x00346388).
    o_capsule_capsule: Capsule, Capsule => overlap_capsule_capsule;
    /// Table entry (3, 4): `PhysicsOverlap_CapsuleSegment` (0x00347148).
    o_capsule_segment: Capsule, Segment => overlap_capsule_segment;
    /// Table entry (4, 2): `PhysicsOverlap_SegmentSphere` (0x00346de0).
    o_segment_sphere: Segment, Sphere => overlap_segment_sphere;
    /// Table entry (4, 3): `PhysicsOverlap_SegmentCapsule` (0x00346fb8).
    o_segment_capsule: Segment, Capsule => overlap_segment_capsule;
    /// Table entry (4, 4): `PhysicsOverlap_SegmentSegment` (0x00346500).
    o_segment_segment: Segment, Segment => overlap_segment_segment;
}

// One row per table slot, as for the overlap table above: each slot is its
// own original at its own address, so the rows repeat in form only.
sweep_entries! {
    /// Table entry (1, 1): `PhysicsSweep_BoxBox` (0x003451e8).
    s_box_box: Box, Box => physics_sweep_box_box_in with ctx;
    /// Table entry (1, 2): `PhysicsSweep_BoxSphere` (0x003454c0).
    s_box_sphere: Box, Sphere => physics_sweep_box_sphere_in with ctx;
    /// Table entry (1, 3): `PhysicsSweep_BoxCapsule` (0x00345108).
    s_box_capsule: Box, Capsule => physics_sweep_box_capsule with ctx;
    /// Table entry (1, 4): `PhysicsSweep_BoxSegment` (0x00345590), never a hit.
    s_box_segment: Box, Segment => physics_sweep_box_segment_in with ctx;
    /// Table entry (2, 1): `PhysicsSweep_SphereBox` (0x003453f8).
    s_sphere_box: Sphere, Box => physics_sweep_sphere_box_in with ctx;
    /// Table entry (2, 2): `PhysicsSweep_SphereSphere` (0x003440d0).
    s_sphere_sphere: Sphere, Sphere => physics_sweep_sphere_sphere;
    /// Table entry (2, 3): `PhysicsSweep_SphereCapsule` (0x00345670).
    s_sphere_capsule: Sphere, Capsule => physics_sweep_sphere_capsule;
    /// Table entry (2, 4): `PhysicsSweep_SphereSegment` (0x00344320).
    s_sphere_segment: Sphere, Segment => physics_sweep_sphere_segment_in with ctx;
    /// Table entry (3, 1): `PhysicsSweep_CapsuleBox` (0x00344618).
    s_capsule_box: Capsule, Box => physics_sweep_capsule_box with ctx;
    /// Table entry (3, 2): `PhysicsSweep_CapsuleSphere` (0x00345910).
    s_capsule_sphere: Capsule, Sphere => physics_sweep_capsule_sphere;
    /// Table entry (3, 3): `PhysicsSweep_CapsuleCapsule` (0x00343cd8).
    s_capsule_capsule: Capsule, Capsule => physics_sweep_capsule_capsule_in with ctx;
    /// Table entry (3, 4): `PhysicsSweep_CapsuleSegment` (0x00345d18), the
    /// static overlap.
    s_capsule_segment: Capsule, Segment => physics_sweep_capsule_segment_in with ctx;
    /// Table entry (4, 1): `PhysicsSweep_SegmentBox` (0x00345588), never a hit.
    s_segment_box: Segment, Box => physics_sweep_segment_box_in with ctx;
    /// Table entry (4, 2): `PhysicsSweep_SegmentSphere` (0x00344538).
    s_segment_sphere: Segment, Sphere => physics_sweep_segment_sphere_in with ctx;
    /// Table entry (4, 3): `PhysicsSweep_SegmentCapsule` (0x00345d38), the
    /// static overlap.
    s_segment_capsule: Segment, Capsule => physics_sweep_segment_capsule_in with ctx;
    /// Table entry (4, 4): `PhysicsSweep_SegmentSegment` (0x00344300), the
    /// static overlap.
    s_segment_segment: Segment, Segment => physics_sweep_segment_segment_in with ctx;
}

/// Ray table entry, type 1: `PhysicsRay_Box` (0x00345b90).
fn r_box<R: Real>(shape: &Shape<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    match shape {
        Shape::Box(b) => physics_ray_box(b, start, dir),
        _ => None,
    }
}

/// Ray table entry, type 3: `PhysicsRay_Capsule` (0x003459f0).
fn r_capsule<R: Real>(shape: &Shape<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    match shape {
        Shape::Capsule(c) => physics_ray_capsule(c, start, dir),
        _ => None,
    }
}

/// The mesh overlap entry of a box (table `+0xf4`, type 1): returns 0 and
/// writes nothing; a box never overlaps the level mesh (overview, "The
/// shape-pair tables"). The name and the `(out, shape)` arguments are ours
/// (divergences 112, 114).
///
/// Original: `PhysicsMesh_OverlapBox` (0x003473b8).
#[inline]
#[must_use]
pub fn physics_mesh_overlap_box<R: Real>(_out: &mut [Contact<R>], _shape: &Shape<R>) -> usize {
    0
}

/// The mesh overlap entry of a capsule (table `+0xf4`, type 3): returns 0 and
/// writes nothing; only the sphere's mesh overlap can hit (overview, "The
/// shape-pair tables"). The name and the `(out, shape)` arguments are ours
/// (divergences 112, 114).
///
/// Original: `PhysicsMesh_OverlapCapsule` (0x003473c0).
#[inline]
#[must_use]
pub fn physics_mesh_overlap_capsule<R: Real>(_out: &mut [Contact<R>], _shape: &Shape<R>) -> usize {
    0
}

/// The overlap table (IPhysics `+0x18`), `[own type][other type]`.
#[must_use]
pub fn overlap_table<R: Real>() -> PairTable<OverlapEntry<R>> {
    let e = |f: OverlapEntry<R>| Some(f);
    [
        [None; 5],
        [None, e(o_box_box), e(o_box_sphere), e(o_box_capsule), None],
        [
            None,
            e(o_sphere_box),
            e(o_sphere_sphere),
            e(o_sphere_capsule),
            e(o_sphere_segment),
        ],
        [
            None,
            e(o_capsule_box),
            e(o_capsule_sphere),
            e(o_capsule_capsule),
            e(o_capsule_segment),
        ],
        [
            None,
            None,
            e(o_segment_sphere),
            e(o_segment_capsule),
            e(o_segment_segment),
        ],
    ]
}

/// The sweep table (IPhysics `+0x7c`), `[moving type][other type]`.
#[must_use]
pub fn sweep_table<R: Real>() -> PairTable<SweepEntry<R>> {
    let e = |f: SweepEntry<R>| Some(f);
    [
        [None; 5],
        [
            None,
            e(s_box_box),
            e(s_box_sphere),
            e(s_box_capsule),
            e(s_box_segment),
        ],
        [
            None,
            e(s_sphere_box),
            e(s_sphere_sphere),
            e(s_sphere_capsule),
            e(s_sphere_segment),
        ],
        [
            None,
            e(s_capsule_box),
            e(s_capsule_sphere),
            e(s_capsule_capsule),
            e(s_capsule_segment),
        ],
        [
            None,
            e(s_segment_box),
            e(s_segment_sphere),
            e(s_segment_capsule),
            e(s_segment_segment),
        ],
    ]
}

/// The ray table (IPhysics `+0x108`), by type: the box and the capsule.
#[must_use]
pub fn ray_table<R: Real>() -> [Option<RayEntry<R>>; 5] {
    let e = |f: RayEntry<R>| Some(f);
    [None, e(r_box), None, e(r_capsule), None]
}

/// The mesh overlap table (IPhysics `+0xf4`), by type: the box's and the
/// capsule's return 0; the sphere's reads the mesh (the mesh crate).
#[must_use]
pub fn mesh_overlap_table<R: Real>() -> [MeshSlot<MeshOverlapEntry<R>>; 5] {
    let e = |f: MeshOverlapEntry<R>| MeshSlot::Entry(f);
    [
        MeshSlot::Empty,
        e(physics_mesh_overlap_box),
        MeshSlot::MeshCrate(0x0034_73c8),
        e(physics_mesh_overlap_capsule),
        MeshSlot::Empty,
    ]
}

/// The mesh sweep table (IPhysics `+0xe0`), by type: every entry reads the
/// mesh (the mesh crate), the segment has none.
#[must_use]
pub fn mesh_sweep_table() -> [MeshSlot<()>; 5] {
    [
        MeshSlot::Empty,
        MeshSlot::MeshCrate(0x0034_8530),
        MeshSlot::MeshCrate(0x0034_8a50),
        MeshSlot::MeshCrate(0x0034_7c08),
        MeshSlot::Empty,
    ]
}

/// The table index of a shape's type.
#[inline]
fn index<R: Real>(s: &Shape<R>) -> usize {
    s.shape_type() as usize
}

/// What a pair table answered for two shapes' types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairAnswer {
    /// The table has no entry for the pair (the contact untouched).
    NoEntry,
    /// The entry ran and the shapes do not meet.
    Apart,
    /// The entry ran and the shapes meet (the contact written).
    Met,
}

impl PairAnswer {
    /// The entry's own answer, `None` for a pair without an entry.
    fn of(entry: Option<bool>) -> Self {
        match entry {
            None => Self::NoEntry,
            Some(false) => Self::Apart,
            Some(true) => Self::Met,
        }
    }

    /// Whether the shapes meet.
    #[must_use]
    pub fn met(self) -> bool {
        self == Self::Met
    }

    /// Whether the table has an entry for the pair.
    #[must_use]
    pub fn has_entry(self) -> bool {
        self != Self::NoEntry
    }
}

/// Looks up the overlap table for the two shapes' types and runs the entry:
/// [`PairAnswer::NoEntry`] for an empty entry (the contact untouched), else
/// its answer.
#[must_use]
pub fn overlap_pair<R: Real>(c: &mut Contact<R>, own: &Shape<R>, other: &Shape<R>) -> PairAnswer {
    let f = overlap_table::<R>()
        .get(index(own))
        .and_then(|row| row.get(index(other)))
        .copied()
        .flatten();
    PairAnswer::of(f.map(|f| f(c, own, other)))
}

/// [`overlap_pair`] with Unit 4's switches (`quirks.overlap`): the entries
/// with a switchable quirk run their `_with` variants, and with
/// [`OverlapQuirks::segment_box_missing`](crate::overlap::OverlapQuirks::segment_box_missing)
/// off the empty entries (4, 1) and (1, 4) are filled with the segment-box
/// test ([`overlap_segment_box`], [`overlap_box_segment`]). Every other
/// pair is the console's entry. With [`Quirks::console`] the answers are
/// [`overlap_pair`]'s.
#[must_use]
pub fn overlap_pair_with<R: Real>(
    c: &mut Contact<R>,
    own: &Shape<R>,
    other: &Shape<R>,
    quirks: &Quirks,
) -> PairAnswer {
    let q = &quirks.overlap;
    let hit = match (own, other) {
        (Shape::Box(a), Shape::Box(b)) => overlap_box_box_with(c, a, b, q),
        (Shape::Box(a), Shape::Capsule(b)) => overlap_box_capsule_with(c, a, b, q),
        (Shape::Capsule(a), Shape::Box(b)) => overlap_capsule_box_with(c, a, b, q),
        (Shape::Capsule(a), Shape::Segment(b)) => overlap_capsule_segment_with(c, a, b, q),
        (Shape::Segment(a), Shape::Capsule(b)) => overlap_segment_capsule_with(c, a, b, q),
        (Shape::Segment(a), Shape::Segment(b)) => overlap_segment_segment_with(c, a, b, q),
        (Shape::Segment(a), Shape::Box(b)) if !q.segment_box_missing => {
            overlap_segment_box(c, a, b, q)
        }
        (Shape::Box(a), Shape::Segment(b)) if !q.segment_box_missing => {
            overlap_box_segment(c, a, b, q)
        }
        _ => return overlap_pair(c, own, other),
    };
    PairAnswer::of(Some(hit))
}

/// Looks up the sweep table for the two shapes' types and runs the entry with
/// the moving shape `own`'s move `mv`: [`PairAnswer::NoEntry`] for an empty
/// entry, else its answer.
#[must_use]
pub fn sweep_pair<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    own: &Shape<R>,
    other: &Shape<R>,
    mv: Vec4<R>,
) -> PairAnswer {
    let f = sweep_table::<R>()
        .get(index(own))
        .and_then(|row| row.get(index(other)))
        .copied()
        .flatten();
    PairAnswer::of(f.map(|f| f(c, ctx, own, other, mv)))
}

/// Runs the ray table's entry for the shape's type: the fraction of `dir` at
/// the first hit, `None` on a miss or for a type without a ray entry (the
/// sphere and the segment are never ray-tested).
#[must_use]
pub fn ray_cast_shape<R: Real>(shape: &Shape<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    let f = ray_table::<R>().get(index(shape)).copied().flatten()?;
    f(shape, start, dir)
}

/// [`ray_cast_shape`] with the pair tables' switches: with
/// [`PairQuirks::ray_box_capsule_only`](crate::PairQuirks::ray_box_capsule_only)
/// off, a sphere and a segment meet the ray too ([`ray_sphere`],
/// [`ray_segment`], divergence 476); with [`Quirks::console`] the answers
/// are [`ray_cast_shape`]'s.
#[must_use]
pub fn ray_cast_shape_with<R: Real>(
    shape: &Shape<R>,
    start: Vec4<R>,
    dir: Vec4<R>,
    quirks: &Quirks,
) -> Option<R> {
    match shape {
        Shape::Sphere(s) if !quirks.pairs.ray_box_capsule_only => ray_sphere(s, start, dir),
        Shape::Segment(s) if !quirks.pairs.ray_box_capsule_only => ray_segment(s, start, dir),
        _ => ray_cast_shape(shape, start, dir),
    }
}
