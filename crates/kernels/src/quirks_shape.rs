//! The switches of the shape records' quirks (`docs/quirks.md`, the
//! shapes' rows; overview "Shapes", "The human body"), one field of
//! [`Quirks`](crate::Quirks). The shape records live in `shape-pools`,
//! which reads these.

/// The shape records' switchable quirks; `true` reproduces the console's
/// behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShapeQuirks {
    /// The capsule's pose ignores the reset flag 0x10 that the sphere, the
    /// box and the segment honour: a capsule switched on (or reset) keeps
    /// the base it had before as its previous position, so its next sweep
    /// spans the jump, and the flag stays set. Off, the capsule's pose
    /// honours the flag as the other three types do. Read by
    /// `shape_pools::PhysShape::pose_with`.
    pub capsule_ignores_reset: bool,
    /// A segment's world box runs from `start − r` to `end + r` on every
    /// axis without ordering the ends, so on an axis the segment points
    /// down the box is wrong (inverted once the drop passes `2r`; the form
    /// is divergence 187's reading). Off, each axis takes the smaller end
    /// minus the radius and the larger end plus it, the box around the
    /// swept ball. Read by `shape_pools::PhysShape::bounds_with`.
    pub segment_bound_unordered: bool,
    /// "Set from a matrix" (`Moved`) puts a sphere's centre on the new
    /// origin but leaves its previous position where it was, and does not
    /// touch a segment, so the next pose sweeps both across the jump. Off,
    /// every shape's next sweep starts where its next pose puts it: the
    /// reset flag 0x10 is set and a sphere's or capsule's previous position
    /// follows its new position. Read by
    /// `shape_pools::PhysShape::set_from_matrix_with`.
    pub moved_keeps_previous: bool,
}

impl ShapeQuirks {
    /// Every shape quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            capsule_ignores_reset: true,
            segment_bound_unordered: true,
            moved_keeps_previous: true,
        }
    }

    /// Every shape quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            capsule_ignores_reset: false,
            segment_bound_unordered: false,
            moved_keeps_previous: false,
        }
    }
}

impl Default for ShapeQuirks {
    fn default() -> Self {
        Self::console()
    }
}
