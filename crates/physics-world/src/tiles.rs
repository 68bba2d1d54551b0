//! The level's tiles: the world's mesh questions asked of one collision
//! mesh (the console's world) or of several (a level past the format's
//! 65,535 triangles, cut into tiles), merged as one mesh would answer.
//!
//! The console's world holds one mesh. Holding a list of them is a port
//! choice (divergence 345). The list is a [`TiledMesh`], shared behind an
//! `Arc` with whoever else asks the level (the facade's level, another
//! thread): the world holds no copy of its own, only its query scratch
//! ([`TiledScratch`]). Which tiles a question asks and how their answers
//! merge is the one rule of [`collision_mesh::tiled`]: a list of one is
//! the console's world and every query takes the path it always took,
//! without a tile test; with several, every tile whose triangles' box,
//! grown by the culling margin (divergence 178), meets the query's world
//! box, in tile order; the earliest fraction or the nearest ray hit, an
//! equal one kept from the lower tile; contact lists filled tile after
//! tile, sorted by fraction and stable (equal fractions: the lower tile
//! first).
//!
//! [`TiledMesh`]: collision_mesh::TiledMesh
//! [`TiledScratch`]: collision_mesh::TiledScratch
//!
//! A contact names its triangle in the record's `+0xb4` word: on the
//! console the triangle's index, below 65,536 (the format's `u16`
//! indices). Here the low 16 bits are the index in its tile's mesh and the
//! high 16 bits the tile, so tile 0 gives the console's word unchanged
//! ([`triangle_word`], [`split_triangle_word`]; divergence 346).

use kernels::Contact;

/// The most tiles a world holds: the tile number is the high half of the
/// contact's triangle word (divergence 346).
pub const MAX_TILES: usize = 1 << 16;

/// The contact's triangle word (`+0xb4`) of triangle `index` of tile
/// `tile`: `tile << 16 | index` (divergence 346). Tile 0 gives `index`,
/// the console's word.
#[inline]
#[must_use]
pub const fn triangle_word(tile: u32, index: u16) -> u32 {
    (tile << 16) | index as u32
}

/// The tile and the index in its mesh named by a contact's triangle word
/// ([`triangle_word`]'s inverse).
#[inline]
#[must_use]
pub const fn split_triangle_word(word: u32) -> (u32, u16) {
    (word >> 16, (word & 0xffff) as u16)
}

/// Why a world refused a level's meshes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LevelError {
    /// No mesh was given (a world without a level has none to set).
    #[error("a level needs at least one mesh")]
    NoTiles,
    /// More tiles than a contact's triangle word can name
    /// ([`MAX_TILES`]).
    #[error("a world holds at most {max} tiles; this level has {tiles}", max = MAX_TILES)]
    TooManyTiles {
        /// The meshes given.
        tiles: usize,
    },
}

/// Whether a world can hold `tiles` meshes: at least one, at most
/// [`MAX_TILES`].
///
/// # Errors
///
/// [`LevelError::NoTiles`] for 0, [`LevelError::TooManyTiles`] past
/// [`MAX_TILES`].
pub fn check_tile_count(tiles: usize) -> Result<(), LevelError> {
    match tiles {
        0 => Err(LevelError::NoTiles),
        n if n > MAX_TILES => Err(LevelError::TooManyTiles { tiles: n }),
        _ => Ok(()),
    }
}

/// Gives a tile's contact its tile in the triangle word (divergence 346;
/// tile 0 leaves the console's word).
#[inline]
pub(crate) fn name_tile<R>(c: &mut Contact<R>, tile: u32) {
    if tile != 0 {
        c.triangle = c
            .triangle
            .map(|t| triangle_word(tile, split_triangle_word(t).1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_of_tile_0_is_the_index() {
        assert_eq!(triangle_word(0, 65_534), 65_534);
        assert_eq!(triangle_word(3, 7), 0x0003_0007);
        assert_eq!(split_triangle_word(0x0003_0007), (3, 7));
        assert_eq!(split_triangle_word(65_534), (0, 65_534));
        assert_eq!(
            split_triangle_word(triangle_word(65_535, 0xffff)),
            (65_535, 0xffff)
        );
    }

    #[test]
    fn tile_counts() {
        assert_eq!(check_tile_count(0), Err(LevelError::NoTiles));
        assert_eq!(check_tile_count(1), Ok(()));
        assert_eq!(check_tile_count(MAX_TILES), Ok(()));
        assert_eq!(
            check_tile_count(MAX_TILES + 1),
            Err(LevelError::TooManyTiles {
                tiles: MAX_TILES + 1
            })
        );
    }
}
