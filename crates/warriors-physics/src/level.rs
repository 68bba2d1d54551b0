//! [`Level`]: the level's static collision, in as many collision meshes
//! ("tiles") as its size needs, shared behind an `Arc`, with a pool of the
//! scratch its queries reuse.
//!
//! # Loading
//!
//! Every form the record layer reads is accepted, through its own loaders,
//! and their typed [`MeshError`] comes back as it is: the console's chunks
//! ([`Level::load_chunks_dir`], [`Level::load_level_file`]), the compact
//! binary form ([`Level::load_binary`], [`Level::from_binary`]), the RON form
//! ([`Level::load_ron`], [`Level::from_ron_str`]), Wavefront OBJ
//! ([`Level::load_obj`], [`Level::from_obj_str`]), a triangle soup
//! ([`Level::from_soup`]) and meshes already made ([`Level::from_mesh`],
//! [`Level::from_meshes`]). [`Level::load_obj_with_report`] and
//! [`Level::from_obj_str_with_report`] give the OBJ reader's
//! [`obj::ImportReport`] beside the level (skipped lines, unknown `usemtl`
//! names); [`obj::ObjOptions::policy`] says what is refused.
//! [`Level::bounds`] is the box of the level's triangles.
//!
//! # Tiles
//!
//! The console's format holds at most 65,535 triangles and 65,536 vertices
//! in one mesh (`u16` counts and indices). A soup or OBJ file with more is
//! split into tiles: the soup's triangles are cut in two at the median of
//! their centroids along the longer horizontal axis (`x` or `y`) of the
//! centroids' box, again and again, until each part fits
//! ([`LevelConfig::max_tile_triangles`]) and its triangles span at most
//! [`MAX_TILE_CELLS_ACROSS`] cells (2,048 m at the default cell size) in
//! `x` and `y`; a part too wide whose triangles are some large (128 m or
//! more across on their own, at the default) and some small is first cut
//! into the large and the small, and a part of large triangles only is
//! not cut for its width (no cut narrows it); each
//! part keeps the soup's order and becomes one mesh, built with the same
//! [`BuildConfig`]. A soup that fits is one tile, the mesh
//! [`build::from_soup`] makes (divergences 341, 330). So flat ground of any
//! size within the centimetre-precision range ([`PRECISE_RANGE`]) loads
//! beside thousands of small triangles: its large triangles end in tiles
//! of their own. Corners beyond that range are refused, and so is a soup
//! whose tiles would have more than [`MAX_LEVEL_CELLS`] grid cells
//! together, before any tile is built (divergences 329, 331).
//!
//! Each query asks the tiles the record layer's rule picks and merges their
//! answers by it ([`collision_mesh::tiled`], written once for the world and
//! the level): a level of one tile is asked as the console's mesh, without
//! a tile test; with several, every tile whose triangles' box meets what
//! the query can reach. Sweeps' contacts are sorted by fraction (equal
//! fractions: lower tile first, then the tile's own order, the console's
//! walk order), the nearest ray hit (equal distances: lower tile first),
//! the nearest push-out wall (the same). With the exact list walk a
//! triangle's contact does not depend on the grid around it, so a tiled
//! level answers as one mesh of the same triangles would, but for the order
//! of equal fractions (divergences 341, 380).
//!
//! # Sharing
//!
//! The tiles are a [`TiledMesh`] behind an `Arc`, never copied: cloning a
//! [`Level`] clones the `Arc`, a [`World`](crate::World) given the level
//! holds the same `Arc` for its body sweeps ([`Level::shared`]), and a
//! level is `Send + Sync`, so threads can ask it at once. Every query takes
//! `&self`. Its per-query state (each tile's visited bits and mesh contact
//! array, the output records, the ray's material list) is a scratch the
//! level hands out per query, from a pool its clones share: the level's
//! first scratch, used in place by a query that finds it free (one lock,
//! one unlock), and spares for the queries running while it is held, each
//! taken out (a lock, a pop) and given back (a lock, a push); a query
//! finding no spare makes one, which then stays in the pool. So a level
//! asked from one thread at a time allocates nothing after it is made, nor
//! a level asked from `n` threads after the first `n` queries at
//! once. The queries returning every contact or overlap fill a caller's
//! `Vec` (`cast_sphere_all_into`, ...), which allocates nothing once it
//! has the room; the forms returning a `Vec` make a new one.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, TryLockError};

use collision_mesh::{
    binary, build, chunks, obj, ron_text, BuildConfig, CollisionMesh, MeshError, SoupTriangle,
    Tile, TiledMesh,
};
use kernels::Quirks;
use ps2_float::Real;

use crate::ids::TriangleId;
use crate::scratch::Scratch;

/// The most triangles of one tile: the console format's limit.
pub const MAX_TILE_TRIANGLES: usize = collision_mesh::mesh::MAX_TRIANGLES;

/// The most distinct vertices of one tile: the console format's limit.
const MAX_TILE_VERTICES: usize = collision_mesh::mesh::MAX_VERTICES;

/// The centimetre-precision range: a soup's corners must lie within
/// ±131,072 m (2¹⁷) in every axis (divergence 329). Below 2¹⁷ m in
/// magnitude an `f32` coordinate steps by at most 2⁻⁷ m (0.78 cm); from
/// 2¹⁷ m on the step is 1.56 cm, and it doubles with every power of two.
/// A corner beyond it is refused by [`Level::from_soup`] (and the OBJ
/// loaders) with [`MeshError::Inconsistent`] naming the corner.
pub const PRECISE_RANGE: f32 = 131_072.0;

/// A tile's horizontal extent, in cells of the build's
/// [`BuildConfig::cell_size`]: a part of a soup whose triangles' box is
/// wider than 256 cells in `x` or `y` (2,048 m at the default 8 m) is split
/// again (divergence 330). A tile that wide has at most 257 × 257 cells of
/// its cell size, about the builder's smallest cap (2¹⁶,
/// [`build::MIN_CELL_CAP`]), so a large triangle listed in all of them
/// stays far within the list budget, whatever the level's size.
pub const MAX_TILE_CELLS_ACROSS: f32 = 256.0;

/// The most grid cells a level's tiles may have together, estimated before
/// any tile is built (divergence 331): 2²⁴, the largest one grid the builder
/// takes ([`build::MAX_CELLS_LIMIT`], 64 MiB of cell words). A soup past it
/// (a few hundred triangles fanned out to a far corner, in tiles of one
/// triangle each) is refused with [`MeshError::OverBudget`] before it can
/// cost seconds and gigabytes.
pub const MAX_LEVEL_CELLS: usize = 1 << 24;

/// How a soup becomes a level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct LevelConfig {
    /// How each tile's grid is built (the record layer's builder).
    pub build: BuildConfig,
    /// The most triangles of a tile, at most (and by default)
    /// [`MAX_TILE_TRIANGLES`]; smaller values make more tiles.
    pub max_tile_triangles: usize,
}

impl Default for LevelConfig {
    fn default() -> Self {
        Self {
            build: BuildConfig::default(),
            max_tile_triangles: MAX_TILE_TRIANGLES,
        }
    }
}

/// The level's scratch, shared by a level and its clones: the first, which
/// a query uses in place when no other query holds it (one lock and one
/// unlock), and the spares the queries running meanwhile take out and give
/// back.
struct Pool<R> {
    first: Mutex<Scratch<R>>,
    spare: Mutex<Vec<Scratch<R>>>,
}

impl<R> core::fmt::Debug for Pool<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let spare = self.spare.lock().map_or(0, |v| v.len());
        f.debug_struct("Pool").field("spare", &spare).finish()
    }
}

/// A level's static collision: one or more collision meshes (tiles),
/// shared, and a pool of query scratch. `R` is the float mode (`f32`, the
/// default, or [`Ee32`](ps2_float::Ee32)).
///
/// Every query takes `&self`; `Clone` is two `Arc` clones (the tiles are
/// shared, never copied; the clone shares the pool too); the level is
/// `Send + Sync`. The [module](self) says how the scratch is handed out: a
/// warmed-up query allocates nothing.
#[derive(Clone, Debug)]
pub struct Level<R: Real = f32> {
    mesh: Arc<TiledMesh>,
    pool: Arc<Pool<R>>,
}

impl<R: Real> Level<R> {
    fn from_tiles(tiles: Vec<Tile>) -> Self {
        Self::with_mesh(Arc::new(TiledMesh::new(tiles)))
    }

    fn with_mesh(mesh: Arc<TiledMesh>) -> Self {
        let first = Scratch::new(&mesh);
        Self {
            mesh,
            pool: Arc::new(Pool {
                first: Mutex::new(first),
                spare: Mutex::new(Vec::new()),
            }),
        }
    }

    /// A level over tiles already shared (another level's
    /// [`Level::shared`], a record-layer world's level): the tiles are not
    /// copied. `None` for a mesh without a tile.
    #[must_use]
    pub fn from_shared(mesh: Arc<TiledMesh>) -> Option<Self> {
        (!mesh.is_empty()).then(|| Self::with_mesh(mesh))
    }

    /// The tiles, shared: what a [`World`](crate::World) given this level
    /// holds for its body sweeps (`Arc::ptr_eq` with
    /// `PhysicsWorld::level`), or what another level or a thread can be
    /// given without a copy.
    #[must_use]
    pub fn shared(&self) -> &Arc<TiledMesh> {
        &self.mesh
    }

    /// Runs `f` with the tiles and a scratch: the level's first when no
    /// other query holds it, else a spare ([`Level::with_spare`]).
    #[inline]
    pub(crate) fn with_scratch<T>(&self, f: impl FnOnce(&TiledMesh, &mut Scratch<R>) -> T) -> T {
        match self.pool.first.try_lock() {
            Ok(mut first) => f(&self.mesh, &mut first),
            Err(TryLockError::WouldBlock) => self.with_spare(f),
            Err(TryLockError::Poisoned(held)) => {
                // A query panicked holding it: its records may be half
                // read, so it starts afresh.
                let mut first = held.into_inner();
                *first = Scratch::new(&self.mesh);
                self.pool.first.clear_poison();
                f(&self.mesh, &mut first)
            }
        }
    }

    /// Runs `f` with a spare scratch, taken out of the pool and given back
    /// after (one made when the pool has none: the only allocation, once
    /// per query running at the same time as others).
    #[cold]
    #[inline(never)]
    fn with_spare<T>(&self, f: impl FnOnce(&TiledMesh, &mut Scratch<R>) -> T) -> T {
        let taken = self
            .pool
            .spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let mut scratch = match taken {
            Some(s) => s,
            None => Scratch::new(&self.mesh),
        };
        let answer = f(&self.mesh, &mut scratch);
        self.pool
            .spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(scratch);
        answer
    }

    /// A level of one mesh.
    #[must_use]
    pub fn from_mesh(mesh: CollisionMesh) -> Self {
        Self::from_tiles(vec![Tile::new(mesh)])
    }

    /// A level of several meshes, tile `k` the `k`-th; `None` for none.
    #[must_use]
    pub fn from_meshes(meshes: Vec<CollisionMesh>) -> Option<Self> {
        if meshes.is_empty() {
            return None;
        }
        Some(Self::from_tiles(
            meshes.into_iter().map(Tile::new).collect(),
        ))
    }

    /// A level from a triangle soup of any size, split into tiles as the
    /// [module](self) says; `file` names the source in errors.
    ///
    /// # Errors
    ///
    /// What [`build::from_soup`] returns for a tile (an empty soup, a
    /// non-finite corner, a bad configuration), naming `file`;
    /// [`MeshError::Inconsistent`] naming the corner for one beyond
    /// [`PRECISE_RANGE`]; [`MeshError::OverBudget`] for tiles of more than
    /// [`MAX_LEVEL_CELLS`] cells together.
    pub fn from_soup(
        soup: &[SoupTriangle],
        config: &LevelConfig,
        file: &str,
    ) -> Result<Self, MeshError> {
        let limit = config.max_tile_triangles.clamp(1, MAX_TILE_TRIANGLES);
        // Non-finite corners are reported by the builder with their soup
        // index before any split.
        check_finite(soup, file)?;
        check_precise(soup, file)?;
        let across = f64::from(config.build.cell_size) * f64::from(MAX_TILE_CELLS_ACROSS);
        let all: Vec<u32> = (0..soup.len() as u32).collect();
        if soup.len() <= limit
            && distinct_vertices(soup, None) <= MAX_TILE_VERTICES
            && !too_wide(soup, &all, across)
        {
            let mesh = build::from_soup(soup, &config.build, file)?;
            return Ok(Self::from_mesh(mesh));
        }
        let mut parts = Vec::new();
        let rule = Rule { limit, across };
        split(soup, all, &rule, &mut parts);
        if parts.len() == 1 {
            // Nothing to cut (a soup of large triangles only): one tile.
            let mesh = build::from_soup(soup, &config.build, file)?;
            return Ok(Self::from_mesh(mesh));
        }
        let cells: usize = parts
            .iter()
            .map(|p| estimated_cells(soup, p, &config.build))
            .fold(0usize, usize::saturating_add);
        if cells > MAX_LEVEL_CELLS {
            return Err(MeshError::OverBudget {
                file: file.to_owned(),
                what: "grid cells over the level's tiles",
                count: cells,
                limit: MAX_LEVEL_CELLS,
            });
        }
        let mut tiles = Vec::with_capacity(parts.len());
        let mut tile_soup = Vec::new();
        for part in parts {
            tile_soup.clear();
            tile_soup.extend(part.iter().map(|&i| soup[i as usize]));
            let mesh = build::from_soup(&tile_soup, &config.build, file)?;
            tiles.push(Tile::with_source(mesh, part));
        }
        Ok(Self::from_tiles(tiles))
    }

    /// A level from OBJ text: the record layer's
    /// [`obj::soup_from_str`], then [`Level::from_soup`] with the options'
    /// build settings.
    ///
    /// # Errors
    ///
    /// What either returns ([`MeshError::BadLine`] naming the line and
    /// field, ...).
    pub fn from_obj_str(
        text: &str,
        file: &str,
        options: &obj::ObjOptions,
        max_tile_triangles: usize,
    ) -> Result<Self, MeshError> {
        let soup = obj::soup_from_str(text, file, options)?;
        let config = LevelConfig {
            build: options.build,
            max_tile_triangles,
        };
        Self::from_soup(&soup, &config, file)
    }

    /// A level from an OBJ file, of any size ([`Level::from_obj_str`] with
    /// tiles of up to [`MAX_TILE_TRIANGLES`]).
    ///
    /// # Errors
    ///
    /// [`MeshError::Io`], or what [`Level::from_obj_str`] returns.
    pub fn load_obj(path: impl AsRef<Path>, options: &obj::ObjOptions) -> Result<Self, MeshError> {
        let (file, text) = collision_mesh::files::read_text(path.as_ref())?;
        Self::from_obj_str(&text, &file, options, MAX_TILE_TRIANGLES)
    }

    /// A level from a level file (the console's six chunks in the flat
    /// container), [`chunks::read_level_file`].
    ///
    /// # Errors
    ///
    /// What the record layer returns, naming the chunk and byte offset.
    pub fn load_level_file(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        Self::load_level_file_with(path, &Quirks::console())
    }

    /// [`Level::load_level_file`] loading with these quirks: with
    /// `quirks.mesh.enable_on_load` off (as in [`Quirks::corrected`]) a
    /// triangle the file stores disabled stays disabled, where the console
    /// enables every triangle it loads (divergence 504).
    ///
    /// ```no_run
    /// use warriors_physics::{Level, Quirks};
    /// let level = Level::<f32>::load_level_file_with("street.lev", &Quirks::corrected())?;
    /// # Ok::<(), warriors_physics::MeshError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Level::load_level_file`].
    pub fn load_level_file_with(
        path: impl AsRef<Path>,
        quirks: &Quirks,
    ) -> Result<Self, MeshError> {
        chunks::read_level_file_with(path.as_ref(), &quirks.mesh).map(Self::from_mesh)
    }

    /// A level from a folder of the six chunk files
    /// ([`chunks::MeshChunks::read_dir`]).
    ///
    /// # Errors
    ///
    /// What the record layer returns.
    pub fn load_chunks_dir(dir: impl AsRef<Path>) -> Result<Self, MeshError> {
        Self::load_chunks_dir_with(dir, &Quirks::console())
    }

    /// [`Level::load_chunks_dir`] loading with these quirks, as
    /// [`Level::load_level_file_with`].
    ///
    /// # Errors
    ///
    /// As [`Level::load_chunks_dir`].
    pub fn load_chunks_dir_with(dir: impl AsRef<Path>, quirks: &Quirks) -> Result<Self, MeshError> {
        let dir = dir.as_ref();
        let chunks = chunks::MeshChunks::read_dir(dir)?;
        chunks
            .decode_with(&dir.display().to_string(), &quirks.mesh)
            .map(Self::from_mesh)
    }

    /// A level from the compact binary form in memory.
    ///
    /// # Errors
    ///
    /// What [`binary::from_bytes`] returns.
    pub fn from_binary(bytes: &[u8], file: &str) -> Result<Self, MeshError> {
        binary::from_bytes(bytes, file).map(Self::from_mesh)
    }

    /// A level from a binary file.
    ///
    /// # Errors
    ///
    /// What [`binary::load`] returns.
    pub fn load_binary(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        binary::load(path.as_ref()).map(Self::from_mesh)
    }

    /// A level from RON text.
    ///
    /// # Errors
    ///
    /// What [`ron_text::from_str`] returns.
    pub fn from_ron_str(text: &str, file: &str) -> Result<Self, MeshError> {
        ron_text::from_str(text, file).map(Self::from_mesh)
    }

    /// A level from a RON file.
    ///
    /// # Errors
    ///
    /// What [`ron_text::load`] returns.
    pub fn load_ron(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        ron_text::load(path.as_ref()).map(Self::from_mesh)
    }

    /// The tiles' meshes, tile `k` the `k`-th.
    pub fn meshes(&self) -> impl ExactSizeIterator<Item = &CollisionMesh> + '_ {
        self.mesh.tiles().iter().map(Tile::mesh)
    }

    /// How many tiles the level has.
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.mesh.len()
    }

    /// How many triangles the level has, over all tiles.
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.mesh.triangle_count()
    }

    /// The mesh of tile `tile`.
    #[must_use]
    pub fn mesh(&self, tile: u32) -> Option<&CollisionMesh> {
        self.mesh.tile(tile as usize).map(Tile::mesh)
    }

    /// The record of a triangle.
    #[must_use]
    pub fn triangle(&self, id: TriangleId) -> Option<&collision_mesh::Triangle> {
        self.mesh(id.tile)?.triangle(usize::from(id.index))
    }

    /// For a level made from a soup, the triangle's index in that soup;
    /// for a level of meshes, its index in its mesh.
    #[must_use]
    pub fn source_index(&self, id: TriangleId) -> Option<u32> {
        self.mesh.tile(id.tile as usize)?.source_index(id.index)
    }
}

/// Refuses a corner beyond [`PRECISE_RANGE`], naming it as the builder
/// names a non-finite one (`soup[i].corners[k][a]`).
fn check_precise(soup: &[SoupTriangle], file: &str) -> Result<(), MeshError> {
    for (i, t) in soup.iter().enumerate() {
        for (k, c) in t.corners.iter().enumerate() {
            for (a, x) in c.iter().enumerate() {
                if x.abs() > PRECISE_RANGE {
                    return Err(MeshError::Inconsistent {
                        file: file.to_owned(),
                        at: collision_mesh::Place::Field {
                            path: format!("soup[{i}].corners[{k}][{a}]"),
                        },
                        detail: format!(
                            "{x} m is beyond the centimetre-precision range \
                             (|x| <= 131072 m, divergence 329)"
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

fn check_finite(soup: &[SoupTriangle], file: &str) -> Result<(), MeshError> {
    if let Some(bad) = soup
        .iter()
        .position(|t| t.corners.iter().flatten().any(|x| !x.is_finite()))
    {
        // The builder names the corner; give it the one triangle.
        let one = [soup[bad]];
        return match build::from_soup(&one, &BuildConfig::default(), file) {
            Err(MeshError::NonFinite { file, at, bits }) => Err(MeshError::NonFinite {
                file,
                at: match at {
                    collision_mesh::Place::Field { path } => collision_mesh::Place::Field {
                        path: path.replacen("soup[0]", &format!("soup[{bad}]"), 1),
                    },
                    other => other,
                },
                bits,
            }),
            Err(e) => Err(e),
            Ok(_) => Ok(()),
        };
    }
    Ok(())
}

/// How many distinct corners (bit for bit) the triangles use.
fn distinct_vertices(soup: &[SoupTriangle], part: Option<&[u32]>) -> usize {
    let mut seen = std::collections::HashSet::new();
    let mut add = |t: &SoupTriangle| {
        for c in &t.corners {
            seen.insert(c.map(f32::to_bits));
        }
    };
    match part {
        Some(p) => p.iter().for_each(|&i| add(&soup[i as usize])),
        None => soup.iter().for_each(add),
    }
    seen.len()
}

/// Cuts `part` (soup indices, ascending) until every piece fits, appending
/// the pieces in order (the lower half first).
/// How [`split`] cuts: at most `limit` triangles a part, and no part wider
/// than `across` metres in `x` or `y`.
struct Rule {
    limit: usize,
    across: f64,
}

/// The horizontal box of the triangles `part` of `soup` (`[lo_x, lo_y,
/// hi_x, hi_y]`, in `f64`).
fn horizontal_box(soup: &[SoupTriangle], part: &[u32]) -> [f64; 4] {
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for &i in part {
        for c in &soup[i as usize].corners {
            for k in 0..2 {
                b[k] = b[k].min(f64::from(c[k]));
                b[k + 2] = b[k + 2].max(f64::from(c[k]));
            }
        }
    }
    b
}

/// Whether the triangles `part` span more than `across` in `x` or `y`.
fn too_wide(soup: &[SoupTriangle], part: &[u32], across: f64) -> bool {
    let b = horizontal_box(soup, part);
    b[2] - b[0] > across || b[3] - b[1] > across
}

/// The cells the builder's grid for the triangles `part` will have, at
/// most: its cell cap ([`build::cell_cap`]) or the grid of the configured
/// cell size over the part's box, whichever is less (the builder's own
/// rule, `collision_mesh::build`).
fn estimated_cells(soup: &[SoupTriangle], part: &[u32], config: &BuildConfig) -> usize {
    let cap = build::cell_cap(part.len(), config.max_cells);
    let cell = f64::from(config.cell_size);
    let mut lo = [f64::MAX; 3];
    let mut hi = [f64::MIN; 3];
    for &i in part {
        for c in &soup[i as usize].corners {
            for k in 0..3 {
                lo[k] = lo[k].min(f64::from(c[k]));
                hi[k] = hi[k].max(f64::from(c[k]));
            }
        }
    }
    let mut total = 1.0f64;
    for k in 0..3 {
        if k == 2 && config.flat_z {
            continue;
        }
        let e = hi[k] - lo[k];
        if e > 0.0 {
            total *= (e / cell).ceil() + 1.0;
        }
    }
    if total >= cap as f64 {
        cap
    } else {
        total as usize
    }
}

/// Cuts `part` into tiles by [`Rule`] (divergences 341, 330): a part that
/// fits is a tile; a part too wide whose triangles are some large (wider
/// than a sixteenth of the tile width on their own) and some not is cut
/// into the large and the others (each keeping the soup's order); a part
/// too wide of large triangles only is a tile if it fits by count (no cut
/// can narrow it); any other part is cut at the median.
fn split(soup: &[SoupTriangle], part: Vec<u32>, rule: &Rule, out: &mut Vec<Vec<u32>>) {
    let fits =
        part.len() <= rule.limit && distinct_vertices(soup, Some(&part)) <= MAX_TILE_VERTICES;
    let wide = part.len() > 1 && too_wide(soup, &part, rule.across);
    if part.len() <= 1 || (fits && !wide) {
        out.push(part);
        return;
    }
    if wide {
        let large_of = rule.across / 16.0;
        let (large, small): (Vec<u32>, Vec<u32>) =
            part.iter().partition(|&&i| too_wide(soup, &[i], large_of));
        if !large.is_empty() && !small.is_empty() {
            split(soup, large, rule, out);
            split(soup, small, rule, out);
            return;
        }
        if small.is_empty() && fits {
            out.push(part);
            return;
        }
    }
    let centroid = |i: u32, k: usize| {
        let c = &soup[i as usize].corners;
        (c[0][k] + c[1][k] + c[2][k]) / 3.0
    };
    let mut lo = [f32::MAX; 2];
    let mut hi = [f32::MIN; 2];
    for &i in &part {
        for k in 0..2 {
            lo[k] = lo[k].min(centroid(i, k));
            hi[k] = hi[k].max(centroid(i, k));
        }
    }
    let axis = usize::from(hi[1] - lo[1] > hi[0] - lo[0]);
    let mut order = part;
    order.sort_by(|&a, &b| {
        centroid(a, axis)
            .total_cmp(&centroid(b, axis))
            .then(a.cmp(&b))
    });
    let right = order.split_off(order.len() / 2);
    let mut left = order;
    left.sort_unstable();
    let mut right = right;
    right.sort_unstable();
    split(soup, left, rule, out);
    split(soup, right, rule, out);
}
