//! What a pair table entry knows besides the two shapes and the move.

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
}
