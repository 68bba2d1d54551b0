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
}
