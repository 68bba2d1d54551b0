//! [`ChunkId`]: which of the six collision chunks of a level file a byte
//! belongs to, with its type number and its name in the game's chunk type
//! table (Coney `docs/research/collision.md`, "The chunks").
//!
//! It sits below both the chunk reader ([`chunks`](crate::chunks), which
//! re-exports it as `chunks::ChunkId`) and the checks that name a place in
//! a chunk ([`mesh`](crate::mesh), [`error`](crate::error)), so that their
//! imports go one way.

use core::fmt;

/// One of the six collision chunk types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChunkId {
    /// `0x03` Collision Mesh: the 160-byte header.
    Header,
    /// `0x04` Collision Triangles.
    Triangles,
    /// `0x05` Collision Grid.
    Grid,
    /// `0x06` Collision Strings: the index lists.
    Lists,
    /// `0x07` Collision Vertex Buffer.
    Vertices,
    /// `0x52` Collision Checked: the visited bits.
    Checked,
}

impl ChunkId {
    /// The six, in the order a level file holds them.
    pub const FILE_ORDER: [Self; 6] = [
        Self::Checked,
        Self::Vertices,
        Self::Triangles,
        Self::Grid,
        Self::Lists,
        Self::Header,
    ];

    /// The chunk type number.
    #[must_use]
    pub const fn type_id(self) -> u32 {
        match self {
            Self::Header => 0x03,
            Self::Triangles => 0x04,
            Self::Grid => 0x05,
            Self::Lists => 0x06,
            Self::Vertices => 0x07,
            Self::Checked => 0x52,
        }
    }

    /// The name the game's chunk type table gives it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Header => "Collision Mesh",
            Self::Triangles => "Collision Triangles",
            Self::Grid => "Collision Grid",
            Self::Lists => "Collision Strings",
            Self::Vertices => "Collision Vertex Buffer",
            Self::Checked => "Collision Checked",
        }
    }

    /// The chunk of a type number.
    #[must_use]
    pub fn from_type_id(id: u32) -> Option<Self> {
        Self::FILE_ORDER.into_iter().find(|c| c.type_id() == id)
    }
}

impl fmt::Display for ChunkId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chunk {:#04x} ({})", self.type_id(), self.name())
    }
}
