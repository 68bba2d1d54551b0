//! The level collision mesh of The Warriors (PS2): the structure the console
//! keeps, building it from any triangle soup, loading real data, and the
//! queries the physics world and the game ask it.
//!
//! # The structure
//!
//! A [`CollisionMesh`] holds what the console's mesh holds (Coney
//! `docs/research/collision.md`; spec overview "Mesh tests"):
//!
//! * vertices, `[f32; 4]` with `w = 1`;
//! * 10-byte [`Triangle`]s: three `u16` vertex indices, `u16`
//!   [`TriangleFlags`], a `u8` [`Material`] and the `u8` area byte;
//! * a uniform [`Grid`]: a world-to-grid matrix (the bounding box's corners
//!   on the integer grid coordinates `0` and `n − 1`, the research's "cells
//!   centred on integer grid coordinates"), a clamp box, and per-cell `u16`
//!   index lists in the console's flat layout. A point's cell is its grid
//!   coordinates clamped and truncated, so cell `k` receives `[k, k + 1)`.
//!
//! The per-triangle visited bits that make a triangle shared by several
//! cells count once per query are a [`VisitedBits`] the caller keeps beside
//! the mesh and reuses; [`CollisionMesh::begin_shape_query`] clears them and
//! turns a world box into the cells to walk.
//!
//! # What it holds
//!
//! | module | what |
//! | --- | --- |
//! | [`mesh`] | [`CollisionMesh`], checked once when made, its plain-data twin [`MeshData`], [`CollisionMesh::begin_shape_query`] |
//! | [`triangle`] | the 10-byte [`Triangle`] record |
//! | [`flags`], [`material`] | a triangle's words: [`TriangleFlags`] (defined in `kernels` beside the per-triangle filter, named here) and [`Material`] with the game's names |
//! | [`grid`] | the uniform [`Grid`] in the console's flat layout, the point-to-cell rule and the cell walk ([`CellRange`]) |
//! | [`visited`] | the per-triangle [`VisitedBits`] a caller owns and reuses |
//! | [`build`] | a mesh from a triangle soup, the grid chosen like the game's tool |
//! | [`chunks`] | the six chunks of a level file, in the console's byte layout, and the flat chunk container |
//! | [`binary`] | the compact binary form (a chunk container of the six) |
//! | [`ron_text`] | the RON form, for small meshes |
//! | [`soup`] | soups from simple pieces (a quad, a vertical face, a standing box), for generated levels |
//! | [`obj`] | Wavefront OBJ import (the crate's own reader, with an import report) and export |
//! | [`error`] | [`MeshError`], every way a source can fail, and its [`Place`] |
//! | [`files`] | whole files read and written, a failure a [`MeshError::Io`] naming the file |
//! | [`tiled`] | a level of several meshes (tiles), shared behind an `Arc`, asked through `&self` with a caller's scratch, and the one merge rule across tiles |
//! | [`query`] | every mesh query of the original, each a method of [`CollisionMesh`], and their [`QueryScratch`] |
//! | [`details`] | the builder's triangle-cell listing test, public for tests, not for a game |
//!
//! # How to use it
//!
//! Make a mesh once, from whichever source the level comes in: a triangle
//! soup ([`build::from_soup`]), the console's chunks
//! ([`chunks::read_level_file`]), the binary or RON forms, or an OBJ file
//! ([`obj`]). Every source is checked once, when the mesh is made; a problem
//! comes back as a [`MeshError`] naming the file and the place (the chunk
//! and byte offset, the OBJ line and field, or the field path), never as a
//! panic. Degenerate triangles are kept: they can never produce a contact
//! ([`Triangle::is_degenerate`] says why). Then make one [`QueryScratch`]
//! per mesh and float mode and ask the queries; a level of several meshes
//! is a [`TiledMesh`] with a [`TiledScratch`]. A game asks through the
//! facade crate `warriors-physics` instead, which loads, shares and merges
//! for it.
//!
//! # Queries
//!
//! The [`query`] module holds every mesh query of the original, each a
//! method of [`CollisionMesh`] generic over the float mode: the sphere,
//! walking-capsule and box sweeps (`PhysicsMesh_SweepSphere`,
//! `PhysicsMesh_SweepCapsule`, `PhysicsMesh_SweepBox`), the sphere overlap
//! and the two overlaps that return 0, the ray cast and the world's ray,
//! the sphere push-out and the physics push-out of walls, switching
//! triangles on and off in a box, and the ground-height helpers. Their
//! reusable scratch is a [`QueryScratch`] (the visited bits and the
//! original's 100-entry mesh contact array): no query allocates.
//!
//! ```
//! use collision_mesh::{build, Aabb, BuildConfig, QueryScratch, SoupTriangle, SweepQuery};
//! use kernels::{Contact, Sphere};
//! use ps2_float::Vec4;
//!
//! let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
//! let mesh = build::from_soup(&floor, &BuildConfig::default(), "floor")?;
//! let mut scratch = QueryScratch::<f32>::new(&mesh);
//! let mut out = [Contact::default(); 4];
//! let sphere = Sphere { radius: 0.5, centre: Vec4::point(1.0, 1.0, 2.0) };
//! let mv = Vec4::point(0.0, 0.0, -3.0);
//! let q = SweepQuery::new(Aabb::swept_sphere(sphere.centre, sphere.radius, mv), 4);
//! assert_eq!(mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, mv), 1);
//! assert_eq!(out[0].fraction, Some(0.5));
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```
//!
//! # Example
//!
//! ```
//! use collision_mesh::{build, chunks::MeshChunks, BuildConfig, SoupTriangle, Visit};
//! use ps2_float::Vec4;
//!
//! // A 40 × 40 floor of two triangles and a wall.
//! let soup = [
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [40.0, 0.0, 0.0], [40.0, 40.0, 0.0]]),
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [40.0, 40.0, 0.0], [0.0, 40.0, 0.0]]),
//!     SoupTriangle::new([[20.0, 0.0, 0.0], [20.0, 40.0, 0.0], [20.0, 40.0, 3.0]]),
//! ];
//! let mesh = build::from_soup(&soup, &BuildConfig::default(), "yard")?;
//! assert_eq!(mesh.grid().dims(), [6, 6, 1]);
//!
//! // A query: clear the visited bits, get the cells, walk them.
//! let mut visited = mesh.visited_bits();
//! let cells = mesh.begin_shape_query(
//!     &mut visited,
//!     Vec4::<f32>::point(18.0, 18.0, -1.0),
//!     Vec4::point(22.0, 22.0, 1.0),
//! );
//! let mut met = Vec::new();
//! for cell in cells.walk() {
//!     for &t in mesh.cell_triangles(cell) {
//!         if visited.visit(usize::from(t)) == Visit::First {
//!             met.push(t);
//!         }
//!     }
//! }
//! met.sort();
//! assert_eq!(met, [0, 1, 2]);
//!
//! // The console's bytes, and back.
//! let chunks = MeshChunks::encode(&mesh);
//! assert_eq!(chunks.header.len(), 160);
//! assert_eq!(chunks.decode("yard.lev")?, mesh);
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```
//!
//! # Loading: bounds
//!
//! Any soup, however hostile, is built or refused in bounded time and
//! memory: the grid has at most 2^16 cells or 64 per triangle
//! ([`build::cell_cap`], divergence 321), the lists at most 2^19 values or
//! 16 per triangle, and the listing at most four triangle-cell tests per
//! value (divergence 322); past those a [`MeshError::OverBudget`].
//!
//! # Performance
//!
//! The latest instruction counts of the two workloads
//! (`benches/common/neutral.rs` and `town.rs`, counted by `cargo xtask
//! bench-ir`; instructions per query, `f32`, parry3d 0.31.1 on the same
//! triangles), parry's count over ours on the four scenes of each (2,000
//! and 64,000 triangles, 8 m and 2 m cells), and on the `turned_` scenes
//! (the street and the town of 2,000 triangles, 8 m cells, turned 20° so
//! that their walls stand off the axes):
//!
//! | query | street | town | turned street / town | time, µs: ours / parry, street 2k 8 m, town 2k 8 m | goal |
//! | --- | --- | --- | --- | --- | --- |
//! | sphere sweep, all contacts | 10.22-11.54× | 6.41-7.22× | 10.68× / 7.24× | 1.12 / 12.52, 0.63 / 7.05 (11.2×, 11.2×) | ≥ 5×, met |
//! | sphere sweep, first contact | 6.05-6.40× | 4.54-4.71× | 7.08× / 5.48× | 0.76 / 5.92, 0.83 / 3.18 (7.8×, 3.8×) | ≥ 3×, met |
//! | walking capsule | 13.26-13.92× | 10.49-11.61× | 14.65× / 13.68× | 0.40 / 7.64, 0.36 / 5.90 (19.3×, 16.2×) | ≥ 3×, met |
//! | box sweep | 2.20-2.28× | 1.54-1.69× | 2.34× / 1.98× | 1.30 / 3.54, 0.96 / 2.45 (2.7×, 2.5×) | ≥ 3×, missed |
//! | ray down, 20 m | 1.45-1.98× | 1.36-1.87× | 1.67× / 1.68× | 0.19 / 0.25, 0.19 / 0.23 (1.3×, 1.3×) | ≥ 2×, missed (by 1 % on street 64k 2 m, 1.98×) |
//! | ray level, 20 m | 1.19-1.35× | 1.17-1.25× | 0.99× / 0.99× | 0.24 / 0.23, 0.23 / 0.18 (1.0×, 0.8×) | ≥ 2×, missed |
//! | sphere overlap | 2.10-2.26× | 2.02-2.10× | 2.28× / 2.25× | 0.33 / 0.97, 0.29 / 0.64 (3.0×, 2.3×) | ≥ 2×, met |
//! | sphere push-out | 2.46-2.65× | 2.33-2.44× | 2.69× / 2.55× | 0.26 / 0.77, 0.28 / 0.81 (3.0×, 2.9×) | ≥ 2×, met |
//!
//! The goals are set in instructions. The times are criterion's medians
//! for the 256 queries of each set divided by 256 (`cargo bench -p
//! warriors-collision-mesh --bench neutral -- --warm-up-time 0.3
//! --measurement-time 1`, one run on an otherwise idle 2-core machine). In
//! time most ratios are higher than in counts (the town's all-contact
//! sweep 11.2× against 7.22×, its box sweep 2.5× against 1.64×, the
//! walking capsule by about 1.4-1.5×); the rays (0.8-1.3×) and the town's
//! first contact (3.8× against 4.67×) are lower.
//!
//! The rays keep the triangles they may lie nearly in the plane of
//! (divergence 238): nothing on the axis-aligned scenes, a cone test per
//! node and some whole columns on the turned ones.
//!
//! Every mesh size and cell size, the times, the `Ee32` mode, the street
//! benchmark, the loading figures, the runs before each change and the
//! profiles behind every missed goal are on the performance page,
//! `docs/performance.md` ("The mesh queries and loaders").
//!
//! # Features
//!
//! None: `serde` and `ron` are always on, for the crate's own file forms
//! (RON meshes, OBJ sidecars), and with them the `serde` feature of
//! `kernels`, whose [`TriangleFlags`] the RON form writes by name.
//!
//! # Dependencies
//!
//! * `ps2-float`: the float modes ([`ps2_float::Real`], [`ps2_float::Vec4`])
//!   the point-to-cell transform runs in, so a query's cells are the
//!   console's in `Ee32` mode.
//! * `kernels`: the geometry kernels the queries call per triangle (the
//!   sphere and box sweeps, the penetration test, the working triangle, the
//!   per-triangle filter) and the 0xc0 contact record they fill.
//! * `serde`: the derives behind the RON form and the sidecar.
//! * `ron`: the RON text of small meshes and OBJ sidecars.
//! * `thiserror`: the [`MeshError`] derive.
//! * `bitflags`: [`TriangleFlags`], with names, unknown bits kept, and a
//!   text form for RON.
//! * `serde_path_to_error`: the path of the field (`triangles[3].flags`) a
//!   RON error is in, which `ron` alone does not give; 1 small crate by
//!   serde's author, no dependencies past `serde`.
//!
//! OBJ files are read by the crate's own reader ([`obj`] says why not
//! the `tobj` crate).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod binary;
pub mod build;
mod cell_blocks;
mod chunk_id;
pub mod chunks;
mod columns;
pub mod details;
mod ee32_cells;
pub mod error;
pub mod files;
pub mod flags;
pub mod grid;
mod grouped;
mod in_plane;
pub mod material;
pub mod mesh;
pub mod obj;
pub mod query;
pub mod ron_text;
pub mod soup;
pub mod tiled;
pub mod triangle;
mod triangle_tree;
pub mod visited;

pub use build::{Attributes, BuildConfig, SoupTriangle};
pub use error::{MeshError, Place};
pub use flags::TriangleFlags;
pub use grid::{CellRange, Grid};
pub use material::Material;
pub use mesh::{CollisionMesh, MeshData};
pub use query::{
    Aabb, ListWalk, MeshContact, MeshRayFilter, QueryScratch, QueryStats, Ray, RayResult,
    SweepOptions, SweepQuery,
};
pub use tiled::{Tile, TiledMesh, TiledScratch};
pub use triangle::Triangle;
pub use visited::{Visit, VisitedBits};
