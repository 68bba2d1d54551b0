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
//! | [`obj`] | Wavefront OBJ import (the crate's own reader, with an import report) and export |
//! | [`tiled`] | a level of several meshes (tiles), shared behind an `Arc`, asked through `&self` with a caller's scratch |
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
//! * `serde_path_to_error`: the path of the field (`triangles[3].flags`) a
//!   RON error is in, which `ron` alone does not give; 1 small crate by
//!   serde's author, no dependencies past `serde`.
//!
//! OBJ files are read by the crate's own reader ([`obj`] says why not
//! the `tobj` crate).
//! * `kernels`: the geometry kernels the queries call per triangle (the
//!   sphere and box sweeps, the penetration test, the working triangle) and
//!   the 0xc0 contact record they fill.
//!
//! # Loading: speed and bounds
//!
//! * OBJ: 125,856 triangles (7.7 MB of generated street) read in 149 to
//!   161 ms, release (goal 0.5 s); [`obj`] has the figures.
//! * Any soup, however hostile, is built or refused in bounded time and
//!   memory: the grid has at most 2^16 cells or 64 per triangle
//!   ([`build::cell_cap`], divergence 321), the lists at most 2^19 values or
//!   16 per triangle, and the listing at most four triangle-cell tests per
//!   value (divergence 322); past those a [`MeshError::OverBudget`]. Files
//!   of at most 1 MB generated to defeat the grid (`/usr/bin/time -v`,
//!   release, load average 8 to 10 on the shared 2 cores; user time, wall
//!   time, peak resident memory):
//!
//! | file | before | now |
//! | --- | --- | --- |
//! | 214 B: 20 slivers to a vertex at (1e38, 1e38) | 7.0 s, 34 MiB, 967 × 967 cells | built: 0.00 s, 0.03 s, 4.9 MiB, 255 × 255 cells |
//! | 682 B: 77 triangles over a 1e38 box | 31.7 s, 745 MiB | refused (`OverBudget`): 0.01 s, 0.10 s, 6.1 MiB |
//! | 738 KB: 65,000 slivers to a vertex at 1e38 | — | refused: 0.24 s, 0.73 s, 13.7 MiB |
//! | 520 KB: 65,000 copies of a 1.4 km diagonal sliver | — | refused: 0.33 s, 0.95 s, 13.7 MiB |
//! | 520 KB: 65,000 triangles over a 1e38 box | — | refused: 0.06 s, 0.29 s, 13.7 MiB |
//! | 1 MB: 56,600 random triangles in a ±1e38 cube | — | refused: 0.04 s, 0.15 s, 12.7 MiB |
//! | the same, `flat_z: false` (cells in `z` too) | — | refused (tests): 0.33 s, 1.06 s, 9.5 MiB |
//! | 739 KB: 65,000 slivers to (1e38, 1e38, 1e38), `flat_z: false` | — | refused: 0.37 s, 1.21 s, 13.8 MiB |
//! | 520 KB: 65,000 copies of a 3-d diagonal sliver, `flat_z: false` | — | refused: 0.46 s, 1.40 s, 13.7 MiB |
//!
//!   The CPU time stays under 0.5 s and the memory under 15 MiB for every
//!   file; the wall times are those of a machine running three times the
//!   work its cores can (load average 11.6 for the last three rows), about
//!   three times the CPU time.
//!
//!   The street soups of the benchmarks keep their grids (63,872 triangles
//!   with 8, 2 and 1 m cells need 1.5, 4.2 and 10.8 list values per
//!   triangle); with 0.5 m cells (27 per triangle) the large one is refused,
//!   the 1,996-triangle block (under 2^19 values) is not.
//!
//! # Performance
//!
//! ## The neutral workload, in instructions
//!
//! `benches/common/neutral.rs` holds a seeded workload answered by the port
//! and by parry3d 0.31.1 (the newest) on the same triangles: the street
//! block of 1,996 triangles and a tiling of 8 × 4 blocks (63,872), each
//! built with 8 m cells (the disc's) and 2 m cells; per query kind 256
//! queries, half started a short way in front of a wall-like triangle
//! (façades, kerbs, posts, car shells, crates, the fence) and moving towards
//! it, half anywhere over the mesh; no sweep or ray starts within 1 cm of a
//! triangle. Parry is used as its documentation suggests: its `TriMesh` and
//! BVH, `cast_shapes` against the whole mesh for the first contact, the
//! BVH's box query and a `cast_shapes` per triangle for every contact,
//! `cast_local_ray`, and a `contact` per triangle for the overlap and
//! push-out; and once more with the port's own filter (disabled, behind a
//! one-sided face, receding, the walking sweep's wall rule) applied before
//! its calls ("one-sided"), so neither side does work the other skips.
//!
//! `cargo xtask bench-ir` runs `examples/bench_ir.rs` under `valgrind
//! --tool=callgrind`, collecting only inside the measured function (the
//! mesh building and the drawing of the queries are not counted) and
//! writing one profile part per (query, system), and prints instructions
//! per query; `cargo bench -p warriors-collision-mesh --bench neutral --
//! --warm-up-time 0.3 --measurement-time 1` times the same calls. "Before"
//! is the same count for the queries as they were before the cell boxes,
//! trees, kept normals, nearest-first ray and partial clears (divergence
//! 179). Instructions (Ir) per query, `f32` mode; times are criterion's
//! median per query on the shared 2-core machine (load average 2 to 4.5;
//! single figures move by up to ±30 % between runs, the instruction counts
//! do not move). The instruction columns are from the latest `bench-ir` run,
//! after the one per-triangle filter, the box sweep's walk culled by the
//! box's own axes (divergence 272: 35,084 → 14,690 with 2k and 8 m cells,
//! 39,157 → 14,673 with 64k), the `f32` guard of the point-triangle
//! distance (divergence 320: every sum and product checked, which first
//! cost the sphere overlap 15 %, 5,026 → 5,764), then its plain set-up for
//! coordinates below 2²⁹, where nothing can overflow, and `f32`'s
//! saturation as one clamp (the same bits for every pattern; back to 5,187).
//! The time columns are from the run before those changes but for the box
//! rows, timed after the cull:
//!
//! | query | mesh, cells | before | ours | parry3d | parry ÷ ours | one-sided parry ÷ ours | ours µs | parry3d µs | parry ÷ ours, time | goal |
//! | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
//! | sphere sweep, all contacts | 2k, 8 m | 17,384 | 8,078 | 55,112 | 6.82× | 3.96× | 1.79 | 11.96 | 6.7× | ≥ 5×, met |
//! | sphere sweep, all contacts | 2k, 2 m | 10,666 | 7,749 | 55,112 | 7.11× | 4.12× | 1.38 | 15.59 | 11.3× | ≥ 5×, met |
//! | sphere sweep, all contacts | 64k, 8 m | 28,952 | 9,507 | 69,642 | 7.33× | 4.52× | 1.71 | 13.62 | 8.0× | ≥ 5×, met |
//! | sphere sweep, all contacts | 64k, 2 m | 20,130 | 9,144 | 69,642 | 7.62× | 4.70× | 3.45 | 23.35 | 6.8× | ≥ 5×, met |
//! | sphere sweep, first contact | 2k, 8 m | 17,889 | 8,469 | 34,232 | 4.04× | 4.41× | 1.31 | 5.98 | 4.6× | ≥ 3×, met |
//! | sphere sweep, first contact | 2k, 2 m | 11,025 | 8,242 | 34,232 | 4.15× | 4.53× | 1.51 | 7.22 | 4.8× | ≥ 3×, met |
//! | sphere sweep, first contact | 64k, 8 m | 28,911 | 9,311 | 36,555 | 3.93× | 4.41× | 2.82 | 11.93 | 4.2× | ≥ 3×, met |
//! | sphere sweep, first contact | 64k, 2 m | 20,289 | 9,139 | 36,555 | 4.00× | 4.49× | 2.48 | 10.30 | 4.2× | ≥ 3×, met |
//! | walking capsule | 2k, 8 m | 13,103 | 4,968 | 37,900 | 7.63× | 3.23× | 0.66 | 7.21 | 11.0× | ≥ 3×, met |
//! | walking capsule | 2k, 2 m | 6,930 | 4,675 | 37,900 | 8.11× | 3.44× | 1.26 | 9.97 | 7.9× | ≥ 3×, met |
//! | walking capsule | 64k, 8 m | 23,656 | 6,041 | 40,657 | 6.73× | 2.98× | 1.68 | 14.13 | 8.4× | ≥ 3×, met |
//! | walking capsule | 64k, 2 m | 15,726 | 5,700 | 40,657 | 7.13× | 3.16× | 1.94 | 13.03 | 6.7× | ≥ 3×, met |
//! | box sweep | 2k, 8 m | 42,489 | 14,690 | 19,527 | 1.33× | 0.88× | 2.66 | 4.41 | 1.7× | ≥ 3×, missed |
//! | box sweep | 2k, 2 m | 18,254 | 13,327 | 19,527 | 1.47× | 0.97× | 2.54 | 4.40 | 1.7× | ≥ 3×, missed |
//! | box sweep | 64k, 8 m | 56,056 | 14,673 | 18,431 | 1.26× | 0.80× | 2.34 | 3.98 | 1.7× | ≥ 3×, missed |
//! | box sweep | 64k, 2 m | 26,207 | 12,651 | 18,431 | 1.46× | 0.93× | 2.48 | 11.32 | 4.6× | ≥ 3×, missed |
//! | ray down, 20 m | 2k, 8 m | 11,940 | 4,751 | 2,096 | 0.44× | 0.44× | 0.48 | 0.24 | 0.5× | ≥ 2×, missed |
//! | ray down, 20 m | 2k, 2 m | 4,325 | 3,444 | 2,096 | 0.61× | 0.61× | 0.36 | 0.24 | 0.7× | ≥ 2×, missed |
//! | ray down, 20 m | 64k, 8 m | 20,176 | 4,772 | 2,603 | 0.55× | 0.54× | 1.04 | 0.53 | 0.5× | ≥ 2×, missed |
//! | ray down, 20 m | 64k, 2 m | 12,318 | 3,519 | 2,603 | 0.74× | 0.74× | 0.65 | 0.37 | 0.6× | ≥ 2×, missed |
//! | ray level, 20 m | 2k, 8 m | 49,765 | 6,861 | 1,869 | 0.27× | 0.28× | 0.92 | 0.21 | 0.2× | ≥ 2×, missed |
//! | ray level, 20 m | 2k, 2 m | 22,075 | 6,544 | 1,869 | 0.29× | 0.29× | 0.91 | 0.26 | 0.3× | ≥ 2×, missed |
//! | ray level, 20 m | 64k, 8 m | 72,242 | 7,312 | 2,725 | 0.37× | 0.38× | 1.15 | 0.28 | 0.2× | ≥ 2×, missed |
//! | ray level, 20 m | 64k, 2 m | 33,404 | 7,304 | 2,725 | 0.37× | 0.38× | 0.89 | 0.28 | 0.3× | ≥ 2×, missed |
//! | sphere overlap | 2k, 8 m | 11,406 | 5,187 | 5,556 | 1.07× | 0.79× | 0.97 | 0.96 | 1.0× | ≥ 2×, missed |
//! | sphere overlap | 2k, 2 m | 5,901 | 4,799 | 5,556 | 1.16× | 0.86× | 0.78 | 0.75 | 1.0× | ≥ 2×, missed |
//! | sphere overlap | 64k, 8 m | 20,887 | 5,787 | 6,251 | 1.08× | 0.82× | 1.04 | 1.70 | 1.6× | ≥ 2×, missed |
//! | sphere overlap | 64k, 2 m | 14,301 | 5,301 | 6,251 | 1.18× | 0.90× | 0.74 | 1.04 | 1.4× | ≥ 2×, missed |
//! | sphere push-out | 2k, 8 m | 16,513 | 5,349 | 5,427 | 1.01× | 0.78× | 0.62 | 0.73 | 1.2× | ≥ 2×, missed |
//! | sphere push-out | 2k, 2 m | 6,878 | 4,932 | 5,427 | 1.10× | 0.85× | 0.62 | 0.73 | 1.2× | ≥ 2×, missed |
//! | sphere push-out | 64k, 8 m | 27,312 | 5,969 | 6,127 | 1.03× | 0.77× | 1.86 | 1.76 | 0.9× | ≥ 2×, missed |
//! | sphere push-out | 64k, 2 m | 15,040 | 5,277 | 6,127 | 1.16× | 0.87× | 0.77 | 0.95 | 1.2× | ≥ 2×, missed |
//!
//! Against the goals (instructions, parry3d as it comes):
//!
//! * met: the sphere sweep with every contact (6.6 to 7.4×, goal 5×), the
//!   first contact (3.8 to 4.0×, goal 3×), the walking capsule (6.3 to
//!   7.8×, goal 3×). Against parry with the port's culling the all-contact
//!   sweep is 3.8 to 4.5× and the capsule 2.8 to 3.3×;
//! * the 64k mesh costs 1.00 to 1.18 times the 2k mesh for every query but
//!   the walking capsule, 1.24 to 1.25× before its wall, side and
//!   direction tests moved ahead of the corner reads, 1.22× after (6,178
//!   against 5,076 with 8 m cells, 5,826 against 4,774 with 2 m; goal 1.2×,
//!   missed by 2 %). The profile (callgrind per function, and the counters
//!   of [`QueryStats`] over the 256 capsule queries) says the extra cost is
//!   the workload's, not the mesh's: the large mesh's starts are drawn over
//!   the whole tiling, and near its block seams a query's box lists 13.2
//!   entries (9.0 on the small mesh), of which 4.0 reach the normal and the
//!   face tests (2.3) and 1.27 the kernel (1.05) for about the same kept
//!   contacts (0.74 and 0.71 per query). Of the 1,228 extra instructions per
//!   query before the change, the walk and the tree picks took 380, the sort
//!   of the picks 80, the per-triangle tests and the corner reads 510, the
//!   kernel and the low-triangle rule 210; none of it is a part of a query
//!   that grows with the mesh (the visited bits clear only the bytes a query
//!   set: before, clearing the 8 KB of the large mesh's bits was a third of
//!   its sweep). The culling left that provably changes no answer is the one
//!   done: with the kept normal the wall, side and direction tests need only
//!   the normal and the first corner, so the triangles they drop (floors and
//!   ceilings within reach, walls seen from behind or receding) cost no
//!   read of the other two corners (divergence 179); what remains is more
//!   walls met by more queries, each needing the walk, its tests and the
//!   kernel;
//! * missed, the box sweep: 1.26 to 1.46× in instructions (goal 3×; 0.47
//!   to 1.16× before its walk culled by the box's own axes, 0.41 to 1.13×
//!   before the per-triangle box-axes test). Divergence 178 keeps it
//!   unculled by world boxes (its kernel's zero-speed reset can give
//!   contacts no box test predicts); what it has is the kernel's own first
//!   test put on boxes: cells, tree nodes and triangles whose bounding box
//!   lies clear of the box along one of the box's three axes are passed
//!   over (divergence 272), which took 35,084 instructions to 14,698 (2k, 8 m
//!   cells) and 39,157 to 14,679 (64k, 8 m). Earlier profile (callgrind, 2k,
//!   8 m cells, before that cull): the kernel (`physics_mesh_sweep_box_triangle`,
//!   `sweep_box_triangle_windows`) 63 % of the query, the corners' conversion
//!   17 %, the kernel's own normal 14 %, which the kept normals replaced (8 %
//!   fewer instructions in `f32`, 40 % in `Ee32`). The box rows' times are
//!   from a run after the cull (load about 3; the 64k, 2 m parry figure
//!   spread 2.2 to 3.7 ms for its 256 queries);
//! * missed, the rays: 0.27 to 0.74× (goal 2×), from 0.04 to 0.48× before.
//!   The ray now walks its cells nearest first, through a tree of boxes per
//!   cell, and stops testing once the nearest hit is found, but keeps the
//!   console's cells (the column walk over the grid, 4 to 20 cells for 20 m)
//!   and each cell's tree is entered separately, where parry's one BVH over
//!   the whole mesh is entered once. Profile (2k, 8 m, level rays): the
//!   box-segment test 49 % (about 25 nodes and triangle boxes per cell), the
//!   two ends to grid space and the cell range 12 %;
//! * missed, the overlap (1.07 to 1.18×; 0.96 to 1.04× with the distance's
//!   `f32` guard checked at every step, 1.1 to 1.2× before it) and the
//!   push-out (1.0 to 1.2×), goal
//!   2×: they were 0.30 to 0.94× and 0.22 to 0.79× before. Profile (2k, 8 m): the cell walk and
//!   the tree's picks 35 to 40 % (collecting and sorting list positions so
//!   the console's order is kept), the corners' conversion 10 to 20 %, the
//!   grid mapping 13 to 22 %, the kernels (penetration, edge tests) the
//!   rest; parry's ball-triangle contact is cheaper than the console's
//!   penetration test, which the port must run as it is.
//!
//! The `Ee32` mode on the same workload (instructions; the `Ee32` ÷ `f32`
//! goal of 10× holds for every query, the box sweep closest at 7.1×; the
//! exact `Ee32` square root and division were made faster since, by 1 to
//! 8 % of their instructions, see `ps2-float`'s docs for why not more):
//!
//! | query | `f32` 2k 8 m / 64k 2 m | `Ee32` 2k 8 m / 64k 2 m | `Ee32` ÷ `f32` |
//! | --- | --- | --- | --- |
//! | sphere sweep, all contacts | 8,324 / 9,457 | 51,497 / 61,762 | 6.2× / 6.5× |
//! | sphere sweep, first contact | 8,736 / 9,463 | 53,572 / 59,139 | 6.1× / 6.2× |
//! | walking capsule | 5,160 / 6,055 | 27,177 / 33,621 | 5.3× / 5.6× |
//! | box sweep | 39,474 / 17,144 | 241,659 / 121,111 | 6.1× / 7.1× |
//! | ray down, 20 m | 4,751 / 3,519 | 12,085 / 11,616 | 2.5× / 3.3× |
//! | ray level, 20 m | 6,861 / 7,304 | 12,405 / 15,631 | 1.8× / 2.1× |
//! | sphere overlap | 5,026 / 5,127 | 20,822 / 23,899 | 4.1× / 4.7× |
//! | sphere push-out | 5,366 / 5,291 | 12,435 / 13,712 | 2.3× / 2.6× |
//!
//! The fast walk answers bit for bit as the specification's walk
//! (`VisitedBits::set_reference_walk`): `tests/differential.rs` compares
//! 100,000 seeded queries per query kind and float mode on the street block
//! with both cell sizes, every field of every record (all equal, 23 s in
//! the test suite).
//!
//! ## The street benchmark
//!
//! After the changes of divergence 179, with parry3d 0.31.1, one run
//! (`--warm-up-time 0.5 --measurement-time 1.5`, load average 1.5 to 3),
//! µs per iteration of 32 queries, ours 8 m / 2 m cells, then parry3d:
//! sphere sweep 2k 84.7 / 84.1 (`Ee32` 434 with 2 m cells), parry 1,158;
//! 64k 80.6 / 82.9, parry 992; ray 2k 32.5 / 37.2, parry 8.2; 64k 27.7 /
//! 31.3, parry 11.7; push-out 2k 24.2 / 17.7, parry 17.3; 64k 24.1 / 17.9,
//! parry 24.0. Every figure of the port is below the earlier run's below
//! (the sweep 1.2 to 2.7 times faster, the ray 1.6 to 10 times, the
//! push-out 1.2 to 4 times); parry3d 0.31 is itself 1.1 to 3.3 times faster
//! than 0.22 was. The earlier run, for the record:
//!
//! `benches/queries.rs` (criterion 0.5) runs each query side by side with
//! parry3d 0.22.1 on the same triangles (a `TriMesh` of the mesh's vertices
//! and indices), in `cargo bench -p warriors-collision-mesh --bench queries --
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
mod chunk_id;
pub mod chunks;
pub mod details;
pub mod error;
pub mod flags;
pub mod grid;
pub mod material;
pub mod mesh;
pub mod obj;
pub mod query;
pub mod ron_text;
pub mod tiled;
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
pub use tiled::{Tile, TiledMesh, TiledScratch};
pub use triangle::Triangle;
pub use visited::{Visit, VisitedBits};
