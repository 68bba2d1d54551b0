//! The switches of Unit 12's quirks (`docs/quirks.md`, Unit 12), one field
//! of [`Quirks`](crate::Quirks).

/// Unit 12's switchable quirks; `true` reproduces the console's behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CapsuleBoxQuirks {
    /// The footprint steps of `PhysicsSweep_CapsuleBox`: only the circles
    /// in the box's most horizontal plane meet (no vertical test), a start
    /// within `r` hits only when approaching, a base over the footprint hits
    /// at 0 with an unsigned axis, the corner normal is taken from the start
    /// centre (the (−, −) corner's at fraction 0 from the opposite corner)
    /// and built on `A0`, `A1`, the corner step misses grazes, flag 1 accepts
    /// a negative fraction, a tangent path and a zero move give the
    /// saturated quotients' answers. Off, the capsule (its axis from the
    /// base up by the height, with its radius) meets the box at their true
    /// first touch, 0 when already touching, with the normal from the box's
    /// nearest point to the capsule's axis ([`capsule_box_first_touch`]).
    ///
    /// [`capsule_box_first_touch`]: super::capsule_box_first_touch
    pub steps: bool,
    /// An airborne owner loses the corner slide (`+0xa0` reset to
    /// (0, 0, 0, 1) after the region). Off, it keeps the region's slide.
    pub airborne_drops_slide: bool,
    /// The mirror (`PhysicsSweep_BoxCapsule`) swaps the halves wholesale:
    /// `+0x50` is the reversed move's direction, not a surface normal, and
    /// the points lie on the box's start pose. Off, `+0x50` is the capsule's
    /// normal at the contact (towards the box, `w = 0`) and the points lie
    /// where the moved box touches the capsule.
    pub mirror_halves: bool,
}

impl CapsuleBoxQuirks {
    /// Every Unit 12 quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            steps: true,
            airborne_drops_slide: true,
            mirror_halves: true,
        }
    }

    /// Every Unit 12 quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            steps: false,
            airborne_drops_slide: false,
            mirror_halves: false,
        }
    }
}

impl Default for CapsuleBoxQuirks {
    fn default() -> Self {
        Self::console()
    }
}
