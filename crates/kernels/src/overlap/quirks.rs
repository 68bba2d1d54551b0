//! The switches of Unit 4's quirks (`docs/quirks.md`, Unit 4), one field of
//! [`Quirks`](crate::Quirks).

/// Unit 4's switchable quirks; `true` reproduces the console's behaviour.
///
/// The pair functions read them through their `_with` variants, and the
/// overlap table through [`overlap_pair_with`](crate::table::overlap_pair_with);
/// the functions without the suffix are the console's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::struct_excessive_bools)]
pub struct OverlapQuirks {
    /// `PhysicsOverlap_BoxBox` builds its rotation matrix over all four rows
    /// of each box's matrix, the centres included, so two boxes that overlap
    /// away from the origin can be reported apart. Off, the matrix is
    /// `A_k · B_m` and the fifteen axes give the true answer.
    pub box_box_matrix: bool,
    /// `Segment_ClosestPoints` takes two segments as parallel when
    /// `a·c − b² < 1e-6` and rounds a numerator below `1e-6` to a parameter
    /// of 0, both absolute, so short segments get the wrong closest points.
    /// Off, the parallel test is relative to the lengths and the numerators
    /// are divided as they are (divergence 451).
    pub segment_absolute_threshold: bool,
    /// A zero-length second segment leaves `s = 0`: the first segment is
    /// measured from its start only. Off, `s` is the first segment's
    /// parameter nearest the point.
    pub segment_degenerate_second: bool,
    /// `PhysicsOverlap_CapsuleBox` is a circle against a rectangle in the
    /// box's plane: neither the capsule's height nor the box's vertical
    /// extent is read. Off, the capsule (its axis from the base up by the
    /// height, with its radius) is tested against the whole box
    /// (divergence 453).
    pub capsule_box_footprint: bool,
    /// The (−, −) corner's normal is built from the opposite corner. Off, it
    /// is built from its own corner.
    pub corner_normal_opposite: bool,
    /// Corner normals are turned by the box's axes 0 and 1 whatever axes
    /// span the plane. Off, by the two in-plane axes.
    pub corner_normal_axes_01: bool,
    /// A corner's depth is `r² − distance²` (m²). Off, `r − distance` (m).
    pub corner_depth_squared: bool,
    /// A capsule over the box picks its face by the signed test `x < y`.
    /// Off, the nearest face (divergence 455).
    pub signed_face_choice: bool,
    /// `PhysicsOverlap_BoxCapsule` leaves in `+0x50` whatever `+0x10` held
    /// before the call. Off, `+0x50` is the capsule's side normal (the box's
    /// normal reversed, divergence 456).
    pub box_capsule_stale_half: bool,
    /// The overlap table has no segment-box entry in either order. Off, the
    /// entries (4, 1) and (1, 4) test the segment with its radius against
    /// the box ([`overlap_segment_box`](super::overlap_segment_box),
    /// divergence 457).
    pub segment_box_missing: bool,
}

impl OverlapQuirks {
    /// Every Unit 4 quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            box_box_matrix: true,
            segment_absolute_threshold: true,
            segment_degenerate_second: true,
            capsule_box_footprint: true,
            corner_normal_opposite: true,
            corner_normal_axes_01: true,
            corner_depth_squared: true,
            signed_face_choice: true,
            box_capsule_stale_half: true,
            segment_box_missing: true,
        }
    }

    /// Every Unit 4 quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            box_box_matrix: false,
            segment_absolute_threshold: false,
            segment_degenerate_second: false,
            capsule_box_footprint: false,
            corner_normal_opposite: false,
            corner_normal_axes_01: false,
            corner_depth_squared: false,
            signed_face_choice: false,
            box_capsule_stale_half: false,
            segment_box_missing: false,
        }
    }

    /// `true` when both of `Segment_ClosestPoints`' quirks are on (the
    /// console's kernel answers).
    #[must_use]
    pub(crate) const fn closest_points_console(&self) -> bool {
        self.segment_absolute_threshold && self.segment_degenerate_second
    }
}

impl Default for OverlapQuirks {
    fn default() -> Self {
        Self::console()
    }
}
