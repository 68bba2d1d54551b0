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
//! | 12-13 `0x3000` | with bits 14-15, a value 1 to 15 on the disc (the "top value"); bits 12-13 are read by no query here | overview "Collision layers" |
//! | 14-15 `0xc000` | the corner edge of the walking sweep's corner slide: 0 none, 1 to 3 the edges `e0` to `e2` ([`CornerEdge`], *inferred*, divergence 290) | overview "Contacts", "Open questions" |

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
    /// Bits 12-15: the "top value", 1 to 15 on the disc. Bits 14-15 are the
    /// corner edge ([`TriangleFlags::CORNER_EDGE`]).
    pub const TOP_VALUE: Self = Self::from_bits_retain(0xf000);
    /// Bits 14-15: the edge the walking sweep's corner slide runs towards
    /// (overview "Open questions"; [`TriangleFlags::corner_edge`]).
    pub const CORNER_EDGE: Self = Self::from_bits_retain(0xc000);

    /// The edge bits 14-15 name: `None` for 0, else edge `e0`, `e1` or `e2`
    /// for 1, 2 or 3 (the value minus one as the working triangle's edge
    /// index, *inferred*, divergence 290). The corner slide of the walking
    /// sweep runs along the wall towards it.
    #[inline]
    #[must_use]
    pub const fn corner_edge(self) -> Option<CornerEdge> {
        match self.bits() >> 14 {
            1 => Some(CornerEdge::E0),
            2 => Some(CornerEdge::E1),
            3 => Some(CornerEdge::E2),
            _ => None,
        }
    }

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

/// The triangle edge a corner slide runs towards, as bits 14-15 name it:
/// `e_k` runs from corner `k` to corner `k + 1` of the triangle as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CornerEdge {
    /// Bits 14-15 = 1: `e0`, from `v0` to `v1`.
    E0,
    /// Bits 14-15 = 2: `e1`, from `v1` to `v2`.
    E1,
    /// Bits 14-15 = 3: `e2`, from `v2` to `v0`.
    E2,
}

impl CornerEdge {
    /// The edge's index `k` (its corners are `k` and `(k + 1) mod 3`).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Self::E0 => 0,
            Self::E1 => 1,
            Self::E2 => 2,
        }
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
        // Bits 14-15 of 0xf00d are 3: edge e2.
        assert_eq!(f.corner_edge(), Some(CornerEdge::E2));
    }

    #[test]
    fn bits_14_and_15_name_the_corner_edge() {
        let with = |v: u16| TriangleFlags::from_bits_retain(0x0001 | (v << 14));
        assert_eq!(with(0).corner_edge(), None);
        assert_eq!(with(1).corner_edge().map(CornerEdge::index), Some(0));
        assert_eq!(with(2).corner_edge().map(CornerEdge::index), Some(1));
        assert_eq!(with(3).corner_edge().map(CornerEdge::index), Some(2));
        // Bits 12-13 do not name an edge.
        assert_eq!(TriangleFlags::from_bits_retain(0x3001).corner_edge(), None);
    }

    #[test]
    fn the_mask_rule_ignores_bits_0_and_11() {
        let f = TriangleFlags::from_bits_retain(0x0fff);
        assert_eq!(f.excluded_by(0x801), 0);
        assert_eq!(f.excluded_by(0x200), 0x200);
        assert_eq!(f.excluded_by(0xffff_ffff), 0x07fe);
    }
}
