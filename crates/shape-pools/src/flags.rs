//! The shape head's flags byte (`+0x32`).

use bitflags::bitflags;

bitflags! {
    /// The flags of a shape's head (`+0x32`, overview "Shapes"), with the
    /// console's bit values. Unknown bits are kept.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct ShapeFlags: u8 {
        /// 0x1: the shape takes part in queries and sweeps.
        const ENABLED = 0x1;
        /// 0x2: set on the strike spheres at construction; on a human's
        /// capsule it means the human charges (the body sweep then adds
        /// CHARGETARGET to his mask, overview "Sweeping a body").
        const CHARGE = 0x2;
        /// 0x4: a target for strikes.
        const STRIKE_TARGET = 0x4;
        /// 0x8: the pool entry is in use.
        const ALLOCATED = 0x8;
        /// 0x10: reset: after the next pose the previous position is the
        /// posed one, so no sweep spans the jump (sphere, box, segment;
        /// the capsule ignores it).
        const RESET = 0x10;
    }
}

impl ShapeFlags {
    /// What the enable slot writes (`0x11`: enabled, and reset so that the
    /// next sweep starts where the shape is; overview "Shapes").
    pub const ENABLE: Self = Self::ENABLED.union(Self::RESET);
}
