//! What a pair table entry knows besides the two shapes and the move.

use crate::quirks::Quirks;
use crate::readings::NormalTable;

/// The bodies' state a pair function reads (most read none of it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairContext {
    /// The moving body's flags (`body +0x40`).
    pub own_body_flags: u32,
    /// The other body's flags (`body +0x40`; Unit 12 reads `BLOCKHUMANS` 0x4).
    pub other_body_flags: u32,
    /// The moving owner is airborne (object flag 0x4000000, Unit 12).
    pub own_airborne: bool,
    /// The moving owner is landing (state flag 0x2000000000, Unit 12).
    pub own_landing: bool,
    /// The other owner is airborne (Unit 12's mirror, table entry (1, 3), reads
    /// the capsule's owner, which is the other one there).
    pub other_airborne: bool,
    /// The other owner is landing (Unit 12's mirror, as above).
    pub other_landing: bool,
    /// The switchable quirks the pair functions read (the box pair's
    /// fraction, [`Quirks::box_box_at_zero`]).
    pub quirks: Quirks,
    /// How the sphere-box pair reads its normal tables (SPEC-NOTES item 1,
    /// divergence 70; the executable's bit patterns by default).
    pub normal_table: NormalTable,
}

impl PairContext {
    /// The same state seen from the other body (own and other exchanged), as a
    /// mirrored table entry passes it on when it calls the other order.
    #[inline]
    #[must_use]
    pub fn swapped(&self) -> Self {
        Self {
            own_body_flags: self.other_body_flags,
            other_body_flags: self.own_body_flags,
            own_airborne: self.other_airborne,
            own_landing: self.other_landing,
            other_airborne: self.own_airborne,
            other_landing: self.own_landing,
            quirks: self.quirks,
            normal_table: self.normal_table,
        }
    }
}
