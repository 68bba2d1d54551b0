//! The retail client's two collision constants the family reads.

/// The retail collision epsilon, the `f32` nearest 0.0002 (bits `0x3951b717`;
/// register row 1).
pub const F_EPSILON: f32 = 0.0002;

/// The walkable allowance for a landing: the smallest `z` of a contact normal
/// the mover may land on, `cos 85°` (spec §5).
pub const LANDING_Z: f32 = 0.087_155_7;
