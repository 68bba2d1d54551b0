//! The switches of the shape-pair tables' quirks (`docs/quirks.md`, the
//! overview's "The shape-pair tables" and Unit 13's pair wrappers), one
//! field of [`Quirks`](crate::Quirks).

/// The pair tables' switchable quirks; `true` reproduces the console's
/// behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairQuirks {
    /// The sweep entries (4, 1) and (1, 4) answer 0: a segment never meets
    /// a box in a sweep (a strike's forearm passes through a car). Off, the
    /// segment with its radius meets the box at their first touch along the
    /// move ([`segment_box_first_touch`], divergence 473).
    ///
    /// [`segment_box_first_touch`]: crate::box_sweep::segment_box_first_touch
    pub segment_box_never: bool,
    /// The sweep entries (4, 3), (3, 4) and (4, 4) are the static overlap
    /// where the shapes stand: the move is not read and no fraction is
    /// written. Off, they meet at the first touch along the move with its
    /// fraction ([`segment_first_touch`], divergence 474).
    ///
    /// [`segment_first_touch`]: crate::sweep::segment_first_touch
    pub segment_sweep_static: bool,
    /// The sphere-segment entries (2, 4) and (4, 2) report the point of
    /// closest approach along the move (divergence 109's reading). Off, the
    /// fraction is the first touch ([`sphere_segment_first_touch`],
    /// divergence 475).
    ///
    /// [`sphere_segment_first_touch`]: crate::sweep::sphere_segment_first_touch
    pub sphere_segment_closest: bool,
    /// The ray table (`+0x108`) has entries for the box and the capsule
    /// only: a ray passes through every sphere and segment body. Off, a
    /// sphere and a segment meet rays too ([`ray_sphere`], [`ray_segment`],
    /// through [`ray_cast_shape_with`]; divergence 476).
    ///
    /// [`ray_sphere`]: crate::ray::ray_sphere
    /// [`ray_segment`]: crate::ray::ray_segment
    /// [`ray_cast_shape_with`]: crate::table::ray_cast_shape_with
    pub ray_box_capsule_only: bool,
}

impl PairQuirks {
    /// Every pair-table quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            segment_box_never: true,
            segment_sweep_static: true,
            sphere_segment_closest: true,
            ray_box_capsule_only: true,
        }
    }

    /// Every pair-table quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            segment_box_never: false,
            segment_sweep_static: false,
            sphere_segment_closest: false,
            ray_box_capsule_only: false,
        }
    }
}

impl Default for PairQuirks {
    fn default() -> Self {
        Self::console()
    }
}
