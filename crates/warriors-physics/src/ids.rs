//! [`TriangleId`]: how the facade names a triangle of a level.

/// A triangle of a [`Level`](crate::Level): its tile and its index in that
/// tile's collision mesh. A level of one tile names every triangle with
/// `tile: 0` and the mesh's own index (the record layer's `+0xb4`).
///
/// Ordered by tile, then index: the order ties between equal fractions or
/// distances are broken in across tiles (divergence 341).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TriangleId {
    /// The tile (0 for a level of one mesh).
    pub tile: u32,
    /// The triangle's index in its tile's mesh.
    pub index: u16,
}

impl TriangleId {
    /// A triangle of tile `tile`.
    #[must_use]
    pub const fn new(tile: u32, index: u16) -> Self {
        Self { tile, index }
    }

    /// The triangle a record-layer contact's triangle word (`+0xb4`) names,
    /// as the [`World`](crate::World)'s contacts carry it: the index in the
    /// low 16 bits, the tile in the high 16 (divergence 346). For a level
    /// of one tile the word is the mesh's own index.
    ///
    /// ```
    /// use warriors_physics::TriangleId;
    /// assert_eq!(TriangleId::from_word(7), TriangleId::new(0, 7));
    /// assert_eq!(TriangleId::from_word(0x0002_0005), TriangleId::new(2, 5));
    /// ```
    #[must_use]
    pub const fn from_word(word: u32) -> Self {
        let (tile, index) = physics_world::tiles::split_triangle_word(word);
        Self { tile, index }
    }

    /// The record-layer triangle word of this triangle
    /// ([`TriangleId::from_word`]'s inverse), `None` for a tile past
    /// 65,535, which no word names.
    #[must_use]
    pub const fn to_word(self) -> Option<u32> {
        if self.tile > 0xffff {
            return None;
        }
        Some(physics_world::tiles::triangle_word(self.tile, self.index))
    }
}
