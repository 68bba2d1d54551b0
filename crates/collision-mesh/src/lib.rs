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
//! # Sources and forms
//!
//! | module | what |
//! | --- | --- |
//! | [`build`] | a mesh from a triangle soup, the grid chosen like the game's tool |
//! | [`chunks`] | the six chunks of a level file, in the console's byte layout |
//! | [`binary`] | the compact binary form (a chunk container of the six) |
//! | [`ron_text`] | the RON form, for small meshes |
//! | [`obj`] | Wavefront OBJ import (with `tobj`) and export |
//!
//! Every source is checked once, when the mesh is made; a problem comes back
//! as a [`MeshError`] naming the file and the place (the chunk and byte
//! offset, the OBJ line and field, or the field path), never as a panic.
//! Degenerate triangles are kept: they can never produce a contact
//! ([`Triangle::is_degenerate`] says why).
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
//! # Dependencies
//!
//! * `ps2-float`: the float modes ([`ps2_float::Real`], [`ps2_float::Vec4`])
//!   the point-to-cell transform runs in, so a query's cells are the
//!   console's in `Ee32` mode.
//! * `serde`: the derives behind the RON form and the sidecar.
//! * `ron`: the RON text of small meshes and OBJ sidecars.
//! * `thiserror`: the [`MeshError`] derive.
//! * `bitflags`: [`TriangleFlags`], with names, unknown bits kept, and a
//!   text form for RON.
//! * `tobj`: reading Wavefront OBJ files.
//! * `kernels`: the geometry kernels the queries call per triangle (the
//!   sphere and box sweeps, the penetration test, the working triangle) and
//!   the 0xc0 contact record they fill.
//!
//! # Performance
//!
//! `benches/queries.rs` (criterion 0.5) runs each query side by side with
//! parry3d 0.22.1 on the same triangles (a `TriMesh` of the mesh's vertices
//! and indices), in `cargo bench -p collision-mesh --bench queries --
//! --warm-up-time 1 --measurement-time 3`. Neither side allocates per
//! query.
//!
//! * The meshes, generated in code (seeded): a 60 × 60 m street block of
//!   1,996 triangles (the road in 5 m quads, a 0.15 m kerb and its
//!   sidewalk, a building's façades, 36 posts, four parked car shells with
//!   flags `0xf00d`, a two-sided fence, 52 crates and planters), and a
//!   tiling of 8 × 4 blocks, 63,872 triangles. A mesh of 100,000 triangles
//!   cannot be made: the format's triangle count and vertex indices are
//!   `u16`, so a mesh holds at most 65,535 triangles; the large mesh is the
//!   largest tiling under that limit, seven times the largest level on the
//!   disc (9,051). Each is built with the disc's cell size (8 m, the
//!   builder's default; 7.5 and 8 m cells here) and with 2 m cells: the exact walk
//!   gives the same contacts on any grid, so the cell size is free.
//! * Per iteration, in one block (a middle one of the tiling): 32 sphere
//!   sweeps (radius 0.5, 2 m moves from 0.05 m above the road, slightly
//!   down, started near kerbs, posts and cars), collecting every contact
//!   sorted by fraction: 128 contacts in all (parry: the BVH's box query, a
//!   shape cast per triangle and a sort, 166 contacts, since it also keeps
//!   the faces the original skips); 32 rays of 20 m from eye height; 32
//!   sphere push-outs (radius 0.5, 0.2 m into a façade).
//!
//! Times per iteration (32 queries), criterion's median, two runs on a
//! machine of 2 cores shared with other builds (`uptime` load average 3.2
//! to 3.3 during the first run, 2.2 to 2.9 during the second; the confidence
//! intervals are ±3 to 10 %, and the runs differ by up to 40 % on the
//! rays):
//!
//! | benchmark | ours `f32`, 8 m cells | ours `f32`, 2 m cells | parry3d | parry ÷ ours (8 m / 2 m) |
//! | --- | --- | --- | --- | --- |
//! | sphere sweep, 2k | 156 / 121 µs | 119 / 102 µs | 1,334 / 1,300 µs | 8.5-10.7× / 11.2-12.7× |
//! | sphere sweep, 64k | 219 / 127 µs | 130 / 118 µs | 1,475 / 1,325 µs | 6.7-10.4× / 11.3-11.4× |
//! | sphere sweep, 2k, `Ee32` | | 709 / 625 µs | | 1.9-2.1× (2 m) |
//! | ray, 2k | 217 / 150 µs | 93 / 59 µs | 26.7 / 27.4 µs | 0.12-0.18× / 0.29-0.47× |
//! | ray, 64k | 289 / 170 µs | 86 / 93 µs | 31.2 / 34.4 µs | 0.11-0.20× / 0.36-0.37× |
//! | push-out, 2k | 96 / 80 µs | 31 / 22 µs | 29.0 / 24.4 µs | 0.30× / 0.93-1.11× |
//! | push-out, 64k | 97 / 80 µs | 27 / 40 µs | 28.2 / 27.0 µs | 0.29-0.34× / 0.68-1.03× |
//!
//! Against the goals:
//!
//! * the sphere sweep is 8.5 to 12.7 times faster than parry3d on the
//!   2,000-triangle mesh (goal 5×) and 6.7 to 11.4 times on the 63,872-
//!   triangle mesh (goal 3×, set for 100,000 triangles, which the format
//!   cannot hold), in `f32` mode; even the bit-exact `Ee32` mode is twice as
//!   fast as parry3d;
//! * the same sweep costs 1.05 to 1.40 times as much on the large mesh as on
//!   the small one (goal at most 2×): the cost is the cells of the world box
//!   and their lists, not the mesh's size; clearing the visited bits (8 KB
//!   for the large mesh) is the only part that grows with it;
//! * the ray misses the 5× goal: it is 2 to 9 times *slower* than parry3d.
//!   The original's column walk tests every triangle of every cell of each
//!   column's `y` range, where parry3d's BVH prunes per triangle; the port
//!   skips triangles whose box the segment cannot reach (a slab test,
//!   divergence 178), which halved it, but keeps the walk and its order:
//!   the order decides ties between equal hits, and on the disc's meshes,
//!   whose lists miss some cells a triangle touches, the cells visited
//!   decide what is found. (On the large mesh the rays also cross into the
//!   neighbouring blocks, which the small mesh does not have.);
//! * the push-out is on par with parry3d with 2 m cells (0.7 to 1.1×) and 3
//!   times slower with the disc's cells: the goal is missed;
//! * finer cells help every query; the disc's 5 to 13.57 m cells are what
//!   the game's own meshes have, and a mesh read from a level keeps them.
//!
//! Where the time goes in the sweep (`perf`): the sphere kernel (the edge
//! and corner steps) and the working triangle's normal; 70 to 90 % of the
//! triangles of the walked cells are skipped by the box test before their
//! normal (the counters of [`QueryStats`], printed by the benchmark).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod binary;
pub mod build;
pub mod chunks;
pub mod error;
pub mod flags;
pub mod grid;
pub mod material;
pub mod mesh;
pub mod obj;
pub mod query;
pub mod ron_text;
pub mod triangle;
pub mod visited;

pub use build::{Attributes, BuildConfig, SoupTriangle};
pub use error::{MeshError, Place};
pub use flags::TriangleFlags;
pub use grid::{CellRange, Grid};
pub use material::Material;
pub use mesh::{CollisionMesh, MeshData};
pub use query::{
    Aabb, ListWalk, MeshContact, QueryScratch, QueryStats, Ray, RayFilter, RayResult, SweepOptions,
    SweepQuery,
};
pub use triangle::Triangle;
pub use visited::{Visit, VisitedBits};
