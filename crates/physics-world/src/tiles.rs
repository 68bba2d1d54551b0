//! The level's tiles: the world's mesh questions asked of one collision
//! mesh (the console's world) or of several (a level past the format's
//! 65,535 triangles, cut into tiles), merged as one mesh would answer.
//!
//! The console's world holds one mesh. Holding a list of them is a port
//! choice (divergence 345): a list of one is the console's world and every
//! query then takes the path it always took, without a tile test. With
//! several tiles each query asks every tile whose triangles' box, grown by
//! the culling margin (divergence 178), meets the query's world box, in tile
//! order, and merges the answers with the facade level's rule (divergence
//! 341): the earliest fraction or the nearest ray hit, an equal one kept
//! from the lower tile; contact lists filled tile after tile, sorted by
//! fraction and stable (equal fractions: the lower tile first).
//!
//! A contact names its triangle in the record's `+0xb4` word: on the
//! console the triangle's index, below 65,536 (the format's `u16`
//! indices). Here the low 16 bits are the index in its tile's mesh and the
//! high 16 bits the tile, so tile 0 gives the console's word unchanged
//! ([`triangle_word`], [`split_triangle_word`]; divergence 346).

use collision_mesh::{CollisionMesh, QueryScratch, Ray, RayFilter, RayResult};
use kernels::Contact;
use ps2_float::Real;
use shape_pools::Aabb;

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

/// `[min x, min y, min z, max x, max y, max z]` of the vertices `mesh`'s
/// triangles use (`f32::MAX` / `f32::MIN` for a mesh without triangles,
/// which meets no box).
#[must_use]
pub fn triangle_bounds(mesh: &CollisionMesh) -> [f32; 6] {
    let mut b = [f32::MAX, f32::MAX, f32::MAX, f32::MIN, f32::MIN, f32::MIN];
    let vs = mesh.vertices();
    for t in mesh.triangles() {
        for &v in &t.v {
            if let Some(p) = vs.get(usize::from(v)) {
                for k in 0..3 {
                    b[k] = b[k].min(p[k]);
                    b[k + 3] = b[k + 3].max(p[k]);
                }
            }
        }
    }
    b
}

/// Whether the box `bounds` ([`triangle_bounds`]) meets `[lo, hi]`, grown
/// by a margin far above the float error of any test: `1/64 + 2⁻¹²` of the
/// largest coordinate of the query box, as the mesh's own culling
/// (divergence 178). A tile that fails it holds no triangle inside the
/// query box.
#[inline]
#[must_use]
pub fn bounds_meet(bounds: &[f32; 6], lo: [f32; 3], hi: [f32; 3]) -> bool {
    let mut big = 0.0f32;
    for k in 0..3 {
        big = big.max(lo[k].abs()).max(hi[k].abs());
    }
    let m = 1.0 / 64.0 + big * (1.0 / 4096.0);
    (0..3).all(|k| bounds[k] <= hi[k] + m && lo[k] - m <= bounds[k + 3])
}

/// One tile of the level: its mesh, the scratch its queries use and the
/// box around its triangles.
#[derive(Clone, Debug)]
pub struct Level<R> {
    /// The mesh.
    pub mesh: CollisionMesh,
    /// Its query scratch (visited bits and the mesh contact array).
    pub scratch: QueryScratch<R>,
    bounds: [f32; 6],
}

impl<R: Real> Level<R> {
    /// A tile of `mesh`, with a fresh scratch.
    #[must_use]
    pub fn new(mesh: CollisionMesh) -> Self {
        Self {
            scratch: QueryScratch::new(&mesh),
            bounds: triangle_bounds(&mesh),
            mesh,
        }
    }

    /// The box around the tile's triangles ([`triangle_bounds`]).
    #[must_use]
    pub fn bounds(&self) -> [f32; 6] {
        self.bounds
    }

    /// Whether the tile can hold a triangle inside `[lo, hi]`
    /// ([`bounds_meet`]).
    #[inline]
    #[must_use]
    pub fn meets(&self, lo: [f32; 3], hi: [f32; 3]) -> bool {
        bounds_meet(&self.bounds, lo, hi)
    }
}

/// `[lo, hi]` of a box, in `f32`.
#[inline]
fn box_f32<R: Real>(b: &Aabb<R>) -> ([f32; 3], [f32; 3]) {
    let lo = b.min.to_f32();
    let hi = b.max.to_f32();
    ([lo[0], lo[1], lo[2]], [hi[0], hi[1], hi[2]])
}

/// The fraction a contact sorts by (none sorts as 0, as
/// [`crate::ContactList::insert_sorted`] reads it).
#[inline]
fn fraction<R: Real>(c: &Contact<R>) -> R {
    c.fraction.unwrap_or(R::ZERO)
}

/// Gives a tile's contact its tile in the triangle word.
#[inline]
fn name_tile<R>(c: &mut Contact<R>, tile: usize) {
    if tile != 0 {
        c.triangle = c
            .triangle
            .map(|t| triangle_word(tile as u32, split_triangle_word(t).1));
    }
}

/// A mesh query writing records into a slice and returning how many.
pub(crate) trait MeshQuery<R> {
    /// Runs the query on one mesh.
    fn run(
        &mut self,
        mesh: &CollisionMesh,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
    ) -> usize;
}

impl<R, F> MeshQuery<R> for F
where
    F: FnMut(&CollisionMesh, &mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
{
    #[inline]
    fn run(
        &mut self,
        mesh: &CollisionMesh,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
    ) -> usize {
        self(mesh, scratch, out)
    }
}

/// The one contact of a max-1 mesh sweep over the tiles `bx` reaches,
/// written to `out`: the earliest fraction, an equal one kept from the
/// lower tile (divergence 345). One tile is asked as it always was, into
/// `out` directly. Returns 1 with a contact, else 0. Inlined into the
/// body sweep's mesh pass, which it joins on every pass (the one-tile path
/// then costs what the single mesh's call cost).
#[inline(always)]
pub(crate) fn first_contact<R: Real>(
    tiles: &mut [Level<R>],
    bx: &Aabb<R>,
    out: &mut Contact<R>,
    mut query: impl MeshQuery<R>,
) -> usize {
    if let [one] = tiles {
        return query.run(&one.mesh, &mut one.scratch, core::slice::from_mut(out));
    }
    let (lo, hi) = box_f32(bx);
    let mut found = 0;
    for (k, t) in tiles.iter_mut().enumerate() {
        if !t.meets(lo, hi) {
            continue;
        }
        let mut c = Contact::default();
        if query.run(&t.mesh, &mut t.scratch, core::slice::from_mut(&mut c)) == 0 {
            continue;
        }
        name_tile(&mut c, k);
        if found == 0 || fraction(&c) < fraction(out) {
            *out = c;
            found = 1;
        }
    }
    found
}

/// Runs a mesh query on every tile `bx` reaches, in tile order, each
/// tile's records in `buf`, and hands each record (its tile named in the
/// triangle word) to `take`, tile after tile. One tile is asked as it
/// always was, without the tile test. The records are reset between tiles
/// (a mesh writes only some fields of a record).
pub(crate) fn each_contact<R: Real>(
    tiles: &mut [Level<R>],
    bx: &Aabb<R>,
    buf: &mut [Contact<R>],
    mut query: impl MeshQuery<R>,
    mut take: impl FnMut(Contact<R>),
) {
    let several = tiles.len() > 1;
    let (lo, hi) = if several {
        box_f32(bx)
    } else {
        ([0.0; 3], [0.0; 3])
    };
    for (k, t) in tiles.iter_mut().enumerate() {
        if several && !t.meets(lo, hi) {
            continue;
        }
        let n = query.run(&t.mesh, &mut t.scratch, buf);
        for c in buf.iter_mut().take(n) {
            let mut r = *c;
            name_tile(&mut r, k);
            take(r);
            if several {
                *c = Contact::default();
            }
        }
    }
}

/// The nearest hit of `ray` over the tiles the ray's box reaches
/// (`CollisionMesh::world_ray_cast` on each, in tile order; an equal
/// distance kept from the lower tile, divergence 345), with the tile it was
/// found in. One tile is asked as it always was.
pub(crate) fn nearest_ray_hit<R: Real>(
    tiles: &mut [Level<R>],
    ray: &Ray<R>,
    filter: &RayFilter<'_>,
) -> Option<(u32, RayResult<R>)> {
    if let [one] = tiles {
        let mut hit = RayResult::default();
        return one
            .mesh
            .world_ray_cast(&mut one.scratch.visited, ray, &mut hit, filter)
            .then_some((0, hit));
    }
    let end = ray.origin.madd(ray.direction, ray.length);
    let (o, e) = (ray.origin.to_f32(), end.to_f32());
    let lo = [o[0].min(e[0]), o[1].min(e[1]), o[2].min(e[2])];
    let hi = [o[0].max(e[0]), o[1].max(e[1]), o[2].max(e[2])];
    let mut best: Option<(u32, RayResult<R>)> = None;
    for (k, t) in tiles.iter_mut().enumerate() {
        if !t.meets(lo, hi) {
            continue;
        }
        let mut hit = RayResult::default();
        if !t
            .mesh
            .world_ray_cast(&mut t.scratch.visited, ray, &mut hit, filter)
        {
            continue;
        }
        if best.as_ref().is_none_or(|(_, b)| hit.t < b.t) {
            best = Some((k as u32, hit));
        }
    }
    best
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

    #[test]
    fn bounds_meet_with_the_margin() {
        let b = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        assert!(bounds_meet(&b, [0.5; 3], [2.0; 3]));
        // 1/64 + 2/4096 past the box still meets; 0.1 past does not.
        assert!(bounds_meet(&b, [1.01, 0.0, 0.0], [2.0, 1.0, 1.0]));
        assert!(!bounds_meet(&b, [1.1, 0.0, 0.0], [2.0, 1.0, 1.0]));
        let empty = [f32::MAX, f32::MAX, f32::MAX, f32::MIN, f32::MIN, f32::MIN];
        assert!(!bounds_meet(&empty, [-1e6; 3], [1e6; 3]));
    }
}
