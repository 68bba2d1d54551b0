//! [`TiledMesh`]: a level's static collision in one or more collision
//! meshes ("tiles"), immutable once made, so that one copy can be shared
//! (behind an `Arc`) by everything that asks it; and [`TiledScratch`], the
//! per-query state a caller owns beside it.
//!
//! The console's world holds one mesh, and its format holds at most 65,535
//! triangles; a larger level is held as several meshes, tile `k` the
//! `k`-th. The mesh queries' state (the visited bits and the 100-entry
//! contact array of each tile, [`QueryScratch`]) is not part of the mesh
//! (divergence 130): a [`TiledScratch`] holds one [`QueryScratch`] per
//! tile, made once and reused, so a query allocates nothing, takes the
//! level through `&self`, and any number of callers (threads) can ask the
//! same level at once, each with its own scratch.
//!
//! # The merge rule
//!
//! Every question asked of the tiles is answered by the one rule below,
//! written once here and used by the record layer's world
//! (`physics_world`) and the facade's level alike (divergences 341, 345,
//! 380):
//!
//! * **Which tiles.** A level of one tile is the console's mesh: it is
//!   asked as it always is, without a tile test. With several, a tile is
//!   asked when the box around its triangles ([`triangle_bounds`]) meets
//!   the query's world box grown by the culling margin ([`bounds_meet`],
//!   divergence 178), in tile order.
//! * **One answer** (the first contact of a sweep, the nearest ray hit, the
//!   nearest push-out wall): the smallest fraction or distance over the
//!   tiles asked; an equal one is kept from the lower tile
//!   ([`TiledMesh::first_contact`], [`TiledMesh::nearest_ray_hit`],
//!   [`TiledMesh::push_out_of_walls`]).
//! * **Every contact**: each tile's records in its own order (the mesh's,
//!   sorted by fraction), tile after tile ([`TiledMesh::each_contact`],
//!   [`TiledMesh::each_tile`]); a merged list is then sorted by fraction,
//!   stable, so equal fractions keep the lower tile first and then the
//!   tile's own order ([`sort_by_fraction_stable`], or the console's
//!   sorted insert, which keeps the same order).
//!
//! Contacts and hits come back with the tile they were found in and the
//! triangle's index in that tile's mesh, as the mesh gives them; how a
//! caller names the tile (the world's triangle word, the facade's
//! `TriangleId`) is the caller's.

use kernels::{Contact, Sphere};
use ps2_float::{Real, Vec4};

use crate::mesh::CollisionMesh;
use crate::query::{Aabb, MeshRayFilter, QueryScratch, Ray, RayResult, WallPush};

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

/// Sorts a merged list by fraction, stable: an item moves before another
/// only when its fraction is smaller, so equal fractions keep their order
/// (the lower tile first, then the tile's own order). An insertion sort,
/// which allocates nothing and costs one comparison per item on a list
/// already sorted (one tile's, or tiles whose fractions do not
/// interleave).
pub fn sort_by_fraction_stable<T, R: PartialOrd>(items: &mut [T], fraction: impl Fn(&T) -> R) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && fraction(&items[j]) < fraction(&items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// One tile: a collision mesh, the box around its triangles and, for a
/// tile cut from a larger soup, each triangle's index in that soup.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    mesh: CollisionMesh,
    bounds: [f32; 6],
    source: Option<Vec<u32>>,
}

impl Tile {
    /// A tile of `mesh`.
    #[must_use]
    pub fn new(mesh: CollisionMesh) -> Self {
        Self {
            bounds: triangle_bounds(&mesh),
            mesh,
            source: None,
        }
    }

    /// A tile of `mesh` whose triangle `i` is the `source[i]`-th of the
    /// soup it was cut from.
    #[must_use]
    pub fn with_source(mesh: CollisionMesh, source: Vec<u32>) -> Self {
        Self {
            source: Some(source),
            ..Self::new(mesh)
        }
    }

    /// The mesh.
    #[must_use]
    pub fn mesh(&self) -> &CollisionMesh {
        &self.mesh
    }

    /// The mesh, mutably: to switch triangles on and off or change their
    /// flags and materials, which move no vertex, so the tile's box stays
    /// right.
    pub fn mesh_mut(&mut self) -> &mut CollisionMesh {
        &mut self.mesh
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

    /// Each triangle's index in the soup the tile was cut from, if it was.
    #[must_use]
    pub fn source(&self) -> Option<&[u32]> {
        self.source.as_deref()
    }

    /// Triangle `index`'s index in the soup the tile was cut from, or its
    /// index in the mesh for a tile made from a mesh; `None` past the
    /// mesh's triangles.
    #[must_use]
    pub fn source_index(&self, index: u16) -> Option<u32> {
        if usize::from(index) >= self.mesh.triangles().len() {
            return None;
        }
        match &self.source {
            Some(s) => s.get(usize::from(index)).copied(),
            None => Some(u32::from(index)),
        }
    }
}

/// A level's static collision: its tiles, tile `k` the `k`-th, asked
/// through `&self` with a caller's [`TiledScratch`] and merged by the
/// [module](self)'s rule. Immutable through `&self`, plain data, so it is
/// `Send + Sync` and one copy behind an `Arc` serves every caller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TiledMesh {
    tiles: Vec<Tile>,
}

/// `[lo, hi]` of a box, in `f32`.
#[inline]
fn box_f32<R: Real>(b: &Aabb<R>) -> ([f32; 3], [f32; 3]) {
    let lo = b.min.to_f32();
    let hi = b.max.to_f32();
    ([lo[0], lo[1], lo[2]], [hi[0], hi[1], hi[2]])
}

/// The fraction a record sorts by (none sorts as 0, as the console's
/// sorted insert reads it).
#[inline]
fn fraction<R: Real>(c: &Contact<R>) -> R {
    c.fraction.unwrap_or(R::ZERO)
}

impl TiledMesh {
    /// A level of these tiles (none: an empty level, which answers
    /// nothing).
    #[must_use]
    pub fn new(tiles: Vec<Tile>) -> Self {
        Self { tiles }
    }

    /// A level of one mesh: the console's.
    #[must_use]
    pub fn from_mesh(mesh: CollisionMesh) -> Self {
        Self::new(vec![Tile::new(mesh)])
    }

    /// A level of these meshes, tile `k` the `k`-th.
    #[must_use]
    pub fn from_meshes(meshes: Vec<CollisionMesh>) -> Self {
        Self::new(meshes.into_iter().map(Tile::new).collect())
    }

    /// The tiles.
    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Tile `k`.
    #[must_use]
    pub fn tile(&self, k: usize) -> Option<&Tile> {
        self.tiles.get(k)
    }

    /// Tile `k`, mutably (through `Arc::make_mut` for a shared level, which
    /// copies it first when others hold it).
    pub fn tile_mut(&mut self, k: usize) -> Option<&mut Tile> {
        self.tiles.get_mut(k)
    }

    /// How many tiles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the level has no tile.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// How many triangles, over all tiles.
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.tiles.iter().map(|t| t.mesh.triangles().len()).sum()
    }

    /// Calls `ask` for every tile the box `[lo, hi]` reaches (every tile's
    /// box test, or the one tile untested), in tile order, and keeps the
    /// answer with the smallest key, an equal key kept from the lower tile.
    /// The scratch has been fitted ([`TiledScratch::fit`]).
    #[inline(always)]
    fn nearest<R: Real, T>(
        &self,
        scratch: &mut TiledScratch<R>,
        reach: impl FnOnce() -> ([f32; 3], [f32; 3]),
        mut ask: impl FnMut(&Tile, &mut QueryScratch<R>) -> Option<(R, T)>,
    ) -> Option<(u32, T)> {
        if let ([one], [s, ..]) = (&self.tiles[..], &mut scratch.tiles[..]) {
            return ask(one, s).map(|(_, v)| (0, v));
        }
        let (lo, hi) = reach();
        let mut best: Option<(u32, R, T)> = None;
        for (k, (t, s)) in self.tiles.iter().zip(scratch.tiles.iter_mut()).enumerate() {
            if !t.meets(lo, hi) {
                continue;
            }
            let Some((key, v)) = ask(t, s) else {
                continue;
            };
            if best.as_ref().is_none_or(|(_, b, _)| key < *b) {
                best = Some((k as u32, key, v));
            }
        }
        best.map(|(k, _, v)| (k, v))
    }

    /// The one contact of a max-1 mesh sweep (`query`, e.g.
    /// [`CollisionMesh::sweep_sphere`] with a [`SweepQuery`] of `max` 1)
    /// over the tiles `reach` (the query's world box) reaches, written to
    /// `out`: the earliest fraction, an equal one kept from the lower tile.
    /// Returns the contact's tile, or `None` without a contact. One tile is
    /// asked as the console asks its mesh, into `out` directly; with
    /// several, each tile into a fresh record, the kept one copied to
    /// `out`. The record's triangle is the index in its tile's mesh.
    ///
    /// [`SweepQuery`]: crate::SweepQuery
    #[inline(always)]
    pub fn first_contact<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        reach: &Aabb<R>,
        out: &mut Contact<R>,
        mut query: impl FnMut(&CollisionMesh, &mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
    ) -> Option<u32> {
        scratch.fit(self);
        if let ([one], [s, ..]) = (&self.tiles[..], &mut scratch.tiles[..]) {
            return (query(&one.mesh, s, core::slice::from_mut(out)) > 0).then_some(0);
        }
        let (k, c) = self.nearest(
            scratch,
            || box_f32(reach),
            |t, s| {
                let mut c = Contact::default();
                (query(&t.mesh, s, core::slice::from_mut(&mut c)) > 0).then(|| (fraction(&c), c))
            },
        )?;
        *out = c;
        Some(k)
    }

    /// Calls `f` with every tile `reach` (the query's world box) reaches
    /// and its scratch, in tile order (one tile untested): the
    /// [module](self)'s "which tiles".
    #[inline]
    pub fn each_tile<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        reach: &Aabb<R>,
        mut f: impl FnMut(u32, &Tile, &mut QueryScratch<R>),
    ) {
        scratch.fit(self);
        let several = self.tiles.len() > 1;
        let (lo, hi) = if several {
            box_f32(reach)
        } else {
            ([0.0; 3], [0.0; 3])
        };
        for (k, (t, s)) in self.tiles.iter().zip(scratch.tiles.iter_mut()).enumerate() {
            if several && !t.meets(lo, hi) {
                continue;
            }
            f(k as u32, t, s);
        }
    }

    /// Runs a mesh query writing records (`query`, e.g.
    /// [`CollisionMesh::sweep_sphere`] or [`CollisionMesh::overlap_sphere`])
    /// on every tile `reach` reaches ([`TiledMesh::each_tile`]), each
    /// tile's records in `buf`, and hands each record to `take` with its
    /// tile, tile after tile, each tile's in its order. A record is reset
    /// once taken (a mesh writes only some fields of a record, so the next
    /// tile's start from empty ones).
    #[inline]
    pub fn each_contact<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        reach: &Aabb<R>,
        buf: &mut [Contact<R>],
        mut query: impl FnMut(&CollisionMesh, &mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
        mut take: impl FnMut(u32, &Tile, &Contact<R>),
    ) {
        self.each_tile(scratch, reach, |k, t, s| {
            let n = query(&t.mesh, s, buf);
            for c in buf.iter_mut().take(n) {
                take(k, t, c);
                *c = Contact::default();
            }
        });
    }

    /// The nearest hit of `ray` over the tiles the box of its two ends
    /// reaches ([`CollisionMesh::world_ray_cast`] on each, the original's
    /// `WorldManager_RayCast`), with the tile it was found in; an equal
    /// distance kept from the lower tile.
    #[inline]
    pub fn nearest_ray_hit<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        ray: &Ray<R>,
        filter: &MeshRayFilter<'_>,
    ) -> Option<(u32, RayResult<R>)> {
        scratch.fit(self);
        self.nearest(
            scratch,
            || {
                let end = ray.origin.madd(ray.direction, ray.length);
                let (o, e) = (ray.origin.to_f32(), end.to_f32());
                (
                    [o[0].min(e[0]), o[1].min(e[1]), o[2].min(e[2])],
                    [o[0].max(e[0]), o[1].max(e[1]), o[2].max(e[2])],
                )
            },
            |t, s| {
                let mut hit = RayResult::default();
                t.mesh
                    .world_ray_cast(&mut s.visited, ray, &mut hit, filter)
                    .then_some((hit.t, hit))
            },
        )
    }

    /// The push out of the nearest wall a sphere overlaps
    /// ([`CollisionMesh::push_out_of_walls`], the original's
    /// `PhysicsBody_PushOutOfWalls`, on each tile the sphere's box
    /// reaches), with its tile: the smallest plane distance, an equal one
    /// kept from the lower tile.
    #[inline]
    pub fn push_out_of_walls<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        sphere: &Sphere<R>,
    ) -> Option<(u32, WallPush<R>)> {
        scratch.fit(self);
        self.nearest(
            scratch,
            || {
                box_f32(&Aabb::swept_sphere(
                    sphere.centre,
                    sphere.radius,
                    Vec4::ZERO,
                ))
            },
            |t, s| {
                t.mesh
                    .push_out_of_walls(&mut s.visited, sphere)
                    .map(|w| (w.distance, w))
            },
        )
    }

    /// [`CollisionMesh::drop_to_ground`] (`Collision_DropToGround`) on tile
    /// `tile` alone; `false` for a tile the level does not have.
    pub fn drop_to_ground<R: Real>(
        &self,
        scratch: &mut TiledScratch<R>,
        tile: u32,
        length: R,
        pos: &mut Vec4<R>,
    ) -> bool {
        scratch.fit(self);
        let k = tile as usize;
        match (self.tiles.get(k), scratch.tiles.get_mut(k)) {
            (Some(t), Some(s)) => t.mesh.drop_to_ground(&mut s.visited, length, pos),
            _ => false,
        }
    }
}

/// The per-query state of a [`TiledMesh`]'s queries: one [`QueryScratch`]
/// per tile (visited bits and the mesh contact array), owned by the
/// caller and reused for every query.
///
/// A scratch fits itself to the level it is used with: a missing tile's
/// scratch is made on first use, and visited bits made for another number
/// of triangles are resized by the query's own clear. Only that first use
/// allocates; a scratch used with one level allocates nothing after.
#[derive(Clone, Debug, Default)]
pub struct TiledScratch<R> {
    tiles: Vec<QueryScratch<R>>,
}

impl<R: Real> TiledScratch<R> {
    /// A scratch for every tile of `level`.
    #[must_use]
    pub fn new(level: &TiledMesh) -> Self {
        let mut s = Self::default();
        s.fit(level);
        s
    }

    /// Makes the scratch of every tile of `level` this one has none for
    /// yet (nothing when it has them all: one comparison).
    #[inline]
    pub fn fit(&mut self, level: &TiledMesh) {
        if self.tiles.len() < level.tiles.len() {
            let have = self.tiles.len();
            self.tiles.extend(
                level.tiles[have..]
                    .iter()
                    .map(|t| QueryScratch::new(&t.mesh)),
            );
        }
    }

    /// The scratch of tile `k`, if it has been made.
    pub fn tile_mut(&mut self, k: usize) -> Option<&mut QueryScratch<R>> {
        self.tiles.get_mut(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_meet_with_the_margin() {
        let b = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        assert!(bounds_meet(&b, [0.5; 3], [2.0; 3]));
        // The margin for a box up to 2: 1/64 + 2/4096 = 0.0161. So 0.01
        // past the box still meets; 0.1 past does not.
        assert!(bounds_meet(&b, [1.01, 0.0, 0.0], [2.0, 1.0, 1.0]));
        assert!(!bounds_meet(&b, [1.1, 0.0, 0.0], [2.0, 1.0, 1.0]));
        let empty = [f32::MAX, f32::MAX, f32::MAX, f32::MIN, f32::MIN, f32::MIN];
        assert!(!bounds_meet(&empty, [-1e6; 3], [1e6; 3]));
    }

    #[test]
    fn the_stable_sort_keeps_equal_fractions_in_order() {
        // (fraction, tile): two tiles' sorted runs, merged.
        let mut v = [(0.5, 0), (0.5, 0), (0.9, 0), (0.1, 1), (0.5, 1), (0.9, 1)];
        sort_by_fraction_stable(&mut v, |x| x.0);
        assert_eq!(
            v,
            [(0.1, 1), (0.5, 0), (0.5, 0), (0.5, 1), (0.9, 0), (0.9, 1)]
        );
    }
}
