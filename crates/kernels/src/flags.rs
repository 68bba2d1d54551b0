//! [`TriangleFlags`]: the `u16` at `+0x06` of a collision triangle.
//!
//! The bit values are the console's. The names are the research's (the
//! original's own names are not in the executable): what the code that reads
//! each bit does with it.
//!
//! | bits | meaning | source |
//! | --- | --- | --- |
//! | 0 `0x0001` | enabled; set on every triangle at load | Coney `collision.md` "Triangles" |
//! | 1 `0x0002` | two-sided | same; spec overview "Sweeping a body" |
//! | 2-10 `0x07fc` | the type bits a query mask can exclude | Coney `collision.md` "Triangles" |
//! | 2 `0x0004` | player-climbable | spec overview "Collision layers" |
//! | 3 `0x0008` | skipped by bodies with flag `0x100` | spec Unit 1 "Issue #150", Unit 13 |
//! | 4 `0x0010` | shadow ground, a human on it may hide (*inferred*, divergence 136) | Coney `collision.md` "Open questions" |
//! | 11 `0x0800` | testable while disabled, for a mask with `0x800` | Coney `collision.md` "Triangles" |
//! | 12-15 `0xf000` | a value 1 to 15; bits 14-15 name the corner edge of the walking sweep's corner slide, which this crate does not write yet (divergence 164); no query here reads them | overview "Open questions" |

use bitflags::bitflags;

bitflags! {
    /// The flags word of a collision triangle, with the console's bit values.
    ///
    /// Bits without a name here (5 to 10) are kept as they are: every
    /// conversion retains unknown bits ([`TriangleFlags::from_bits_retain`]),
    /// so a mesh read and written again keeps its exact words.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct TriangleFlags: u16 {
        /// Bit 0: the triangle takes part in queries. The load handler sets it
        /// on every triangle; `CollisionMesh_SetEnabledInBox` switches it.
        const ENABLED = 0x0001;
        /// Bit 1: both faces count; a query flips the normal to face the
        /// shape instead of skipping a triangle it is behind.
        const TWO_SIDED = 0x0002;
        /// Bit 2: the player may climb it (the car shells' triangles have it).
        const CLIMBABLE = 0x0004;
        /// Bit 3: skipped by a body whose flags have `0x100` (and by a sphere
        /// query with option `0x8000`).
        const BIT_3 = 0x0008;
        /// Bit 4: shadow ground; a human standing on it may be under cover
        /// (*inferred* from the callee of the ground snap).
        const SHADOW = 0x0010;
        /// Bit 5, a type bit of unknown meaning.
        const BIT_5 = 0x0020;
        /// Bit 6, a type bit no triangle on the disc has.
        const BIT_6 = 0x0040;
        /// Bit 7, a type bit of unknown meaning.
        const BIT_7 = 0x0080;
        /// Bit 8, a type bit of unknown meaning. The body sweep does not write
        /// a slid velocity back for a level triangle with it (spec overview
        /// "Sweeping a body": "not a level triangle with flag 0x100").
        const BIT_8 = 0x0100;
        /// Bit 9, a type bit of unknown meaning.
        const BIT_9 = 0x0200;
        /// Bit 10, a type bit of unknown meaning.
        const BIT_10 = 0x0400;
        /// Bit 11: a disabled triangle is still tested by a query whose mask
        /// has `0x800`.
        const TESTABLE_WHILE_DISABLED = 0x0800;
    }
}

impl TriangleFlags {
    /// Bits 2-10: the type bits a query mask can exclude
    /// (`flags & 0xfff & mask & !0x801`).
    pub const TYPE_BITS: Self = Self::from_bits_retain(0x07fc);
    /// Bits 0-11: what ray results and the mesh sweeps read (`flags & 0xfff`).
    pub const LOW_BITS: Self = Self::from_bits_retain(0x0fff);
    /// Bits 12-15: the "top value", 1 to 15 on the disc. Bits 14-15 name a
    /// corner edge for the walking sweep's corner slide (overview "Open
    /// questions"), which is not written yet (divergence 164); no query of
    /// this crate reads them today.
    pub const TOP_VALUE: Self = Self::from_bits_retain(0xf000);

    /// The value in bits 12-15 (0 to 15).
    #[inline]
    #[must_use]
    pub const fn top_value(self) -> u8 {
        (self.bits() >> 12) as u8
    }

    /// The same flags with bits 12-15 set to `value & 0xf`.
    #[inline]
    #[must_use]
    pub const fn with_top_value(self, value: u8) -> Self {
        Self::from_bits_retain((self.bits() & 0x0fff) | (((value & 0xf) as u16) << 12))
    }

    /// `flags & 0xfff`, the word a ray result and a mesh contact carry.
    #[inline]
    #[must_use]
    pub const fn low(self) -> u16 {
        self.bits() & 0x0fff
    }

    /// The bits this triangle shares with a query `mask` under the ray cast's
    /// rule `flags & 0xfff & mask & !0x801` (bits 1-10: the type bits and,
    /// as the rule is written, the two-sided bit); a query skips the triangle
    /// when this is not zero.
    #[inline]
    #[must_use]
    pub const fn excluded_by(self, mask: u32) -> u16 {
        (self.bits() as u32 & 0x0fff & mask & !0x801) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_car_shell_word_reads_as_the_overview_says() {
        // Spec overview, "Collision layers": 0xf00d is enabled, type bits 2
        // and 3, top value 15.
        let f = TriangleFlags::from_bits_retain(0xf00d);
        assert!(
            f.contains(TriangleFlags::ENABLED | TriangleFlags::CLIMBABLE | TriangleFlags::BIT_3)
        );
        assert!(!f.contains(TriangleFlags::TWO_SIDED));
        assert_eq!(f.top_value(), 15);
        assert_eq!(f.low(), 0x00d);
        assert_eq!(f.with_top_value(3).bits(), 0x300d);
    }

    #[test]
    fn the_mask_rule_ignores_bits_0_and_11() {
        let f = TriangleFlags::from_bits_retain(0x0fff);
        assert_eq!(f.excluded_by(0x801), 0);
        assert_eq!(f.excluded_by(0x200), 0x200);
        assert_eq!(f.excluded_by(0xffff_ffff), 0x07fe);
    }
}
