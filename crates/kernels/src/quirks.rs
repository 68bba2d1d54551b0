//! Which of the original's quirks a query reproduces: one switch each, for
//! the quirks whose effect reaches an answer a game reads.
//!
//! [`Quirks::console`] (the default) reproduces every one as the console
//! has it (`docs/quirks.md`); [`Quirks::corrected`] turns each off, for a
//! game that wants the geometry's true answer. A corrected behaviour is
//! checked against an independent brute-force sweep in `f64` (the kernels'
//! `tests/unit13.rs`, `tests/unit1.rs` and `tests/unit1_oracle.rs`), never
//! against the quirk's own code. Which rows of `docs/quirks.md` are
//! switchable, and why the others are not, is that file's "switch" column.

use crate::capsule_box::CapsuleBoxQuirks;
use crate::overlap::OverlapQuirks;
use crate::pair_quirks::PairQuirks;
use crate::quirks_mesh::MeshQuirks;
use crate::quirks_shape::ShapeQuirks;
use crate::quirks_world::WorldQuirks;

/// The switchable quirks; `true` reproduces the console's behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quirks {
    /// Unit 13's zero-speed reset in `Sweep_IntervalOverlap`: an axis on
    /// which the box and the triangle overlap and do not move apart resets
    /// the time window to `[0, 1]`, forgetting what the earlier axes found
    /// (a flat box dropped onto a floor meets it at fraction 0, a contact
    /// comes too early or where there is none). Off, such an axis leaves
    /// the window as it is, which is the separating-axis sweep's true
    /// answer. Read by the box-triangle sweep (the mesh's box sweeps).
    pub zero_speed_reset: bool,
    /// Unit 1's edge and corner steps as the console takes them: the edge
    /// step reports the capsule's first listed root (a wall exit after a
    /// cap entry: the late corner contact; a root past the move while the
    /// entry lies in it: the missed one), the corner step tries one of the
    /// corner's two edges, gives no contact for a corner already inside the
    /// ball or a move away from it. Off, a sphere whose touch point on the
    /// plane lies outside the face is swept against the capsules of all
    /// three edges and meets the earliest (its entry root), which is the
    /// true first contact. Read by `Sweep_SphereTriangle` (the mesh's
    /// sphere sweeps and the walking sweep).
    pub sphere_edge_steps: bool,
    /// Unit 5's region steps (`Sweep_SphereOrientedBox`): the start
    /// centre's region picks one face, edge or corner step, whose tests can
    /// miss a touch or report a later one; a sphere already touching with
    /// its centre outside never hits; the normal is the start region's
    /// table entry (the executable's constants, eight of them facing the
    /// wrong way). Off, a start outside the box meets it at its true first
    /// touch (0 when already touching) with the true normal there. Read by
    /// the sweep table's sphere-box entries (the body sweeps and the
    /// strikes).
    pub sphere_box_steps: bool,
    /// The capsule pair (`PhysicsSweep_CapsuleCapsule`, overview
    /// "Shapes"): the vertical ranges swap the two heights, so a short
    /// capsule high up can pass through a tall one's range and a tall one
    /// meet a short one above it. Off, each capsule spans its own height.
    /// Read by the sweep table's capsule-capsule entry (humans against
    /// humans).
    pub capsule_heights_swapped: bool,
    /// Unit 13's box pair (`PhysicsSweep_BoxBox`): `Sweep_BoxBox` says
    /// only whether two boxes meet, and the wrapper puts the contact at
    /// fraction 0 with the move's reverse as its normal, so an object
    /// falling onto another is stopped where its move began. Off, the pair
    /// meets at the separating-axis sweep's first contact with the face's
    /// normal. Read by the sweep table's box-box entry.
    pub box_box_at_zero: bool,
    /// The cell-list overrun of the box sweep and the walking sweep (a
    /// `t > 1` exit leaves the list counter, so the walk reads one entry
    /// past the list; divergence 154). The specification advises walking
    /// the lists exactly, so both presets walk them exactly (`false`);
    /// `true` reproduces the console's extra reads. Read by the mesh's walk.
    pub list_overrun: bool,
    /// Unit 12's capsule-box sweep ([`CapsuleBoxQuirks`]).
    pub capsule_box: CapsuleBoxQuirks,
    /// The physics world's quirks ([`WorldQuirks`]).
    pub world: WorldQuirks,
    /// The shape records' pose, bounds and "set from a matrix" ([`ShapeQuirks`]).
    pub shapes: ShapeQuirks,
    /// The level mesh's loading, walking sweep, push-out and box and capsule
    /// overlaps ([`MeshQuirks`]).
    pub mesh: MeshQuirks,
    /// Unit 4's static overlaps ([`OverlapQuirks`]).
    pub overlap: OverlapQuirks,
    /// The shape-pair tables' segment and sphere-segment sweeps and the ray
    /// table's entries ([`PairQuirks`]).
    pub pairs: PairQuirks,
}

impl Quirks {
    /// Every switchable quirk as the console has it; the lists walked
    /// exactly, as the specification advises (divergence 154). The default.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            zero_speed_reset: true,
            sphere_edge_steps: true,
            sphere_box_steps: true,
            capsule_heights_swapped: true,
            box_box_at_zero: true,
            list_overrun: false,
            capsule_box: CapsuleBoxQuirks::console(),
            world: WorldQuirks::console(),
            shapes: ShapeQuirks::console(),
            mesh: MeshQuirks::console(),
            overlap: OverlapQuirks::console(),
            pairs: PairQuirks::console(),
        }
    }

    /// Every switchable quirk turned off: the true geometric answers.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            zero_speed_reset: false,
            sphere_edge_steps: false,
            sphere_box_steps: false,
            capsule_heights_swapped: false,
            box_box_at_zero: false,
            list_overrun: false,
            capsule_box: CapsuleBoxQuirks::corrected(),
            world: WorldQuirks::corrected(),
            shapes: ShapeQuirks::corrected(),
            mesh: MeshQuirks::corrected(),
            overlap: OverlapQuirks::corrected(),
            pairs: PairQuirks::corrected(),
        }
    }
}

impl Default for Quirks {
    fn default() -> Self {
        Self::console()
    }
}
