//! The geometry kernels of the physics world, exactly as the console computes
//! them: Units 1, 4, 5, 12 and 13 of the specification, the other pair sweeps
//! and rays, the contact record and the two 5 × 5 pair tables.
//!
//! Every function is generic over the float mode ([`ps2_float::Real`]: `f32` or
//! [`ps2_float::Ee32`]), pure, and allocation-free. Each one that implements an
//! original function says so in its docs with the original's name and address.
//!
//! The steps inside one original function that the specification's worked
//! cases pin (a per-axis test, a traced or split form) are in [`details`]:
//! for tests and the case replayer, not for a game.
//!
//! Quirks of the original are reproduced, not fixed; `docs/quirks.md` lists
//! them with the tests that pin them, and `docs/divergences.md` lists every
//! guard and inferred reading (cited from the code as "divergence N").
//!
//! # What it holds
//!
//! | module | what | specification |
//! | --- | --- | --- |
//! | `aabb.rs` | [`Aabb`], the one world box of the workspace (the shapes' bounds, the sort-and-sweep's keys, the mesh queries' `worldBox`), with the original's four box helpers and the swept boxes | overview "Shapes" |
//! | `readings.rs` | [`NormalTable`]: the sphere-box normal tables' constants under either text of the specification (SPEC-NOTES item 1); [`ParallelSideRule`]: the corner step's edge choice for a move parallel to a side plane (SPEC-NOTES item 3) | Units 5, 1 |
//! | [`triangle`] | the working triangle [`WorkTriangle`] (`CollTri_*`) | Unit 1 |
//! | [`flags`] | a triangle's flags word, [`TriangleFlags`], with the console's bit values | |
//! | [`triangle_filter`] | the per-triangle filter every mesh query applies before its kernel, with a typed outcome | |
//! | [`sphere_triangle`] | the sphere-triangle sweep and its edge, corner, cylinder and distance steps | Unit 1 |
//! | [`segment`] | the segment kernels | Unit 4 |
//! | [`overlap`] | the static overlaps, one pair per file | Unit 4 |
//! | [`sphere_box`], [`roots`] | the sphere-box sweep, its region steps and normal tables; the ray roots | Unit 5 |
//! | [`capsule_box`] | the capsule-box sweep | Unit 12 |
//! | [`box_sweep`] | the box-box and box-triangle sweeps, the interval test, the per-triangle part of the box mesh sweep | Unit 13 |
//! | [`sweep`] | the pair sweeps the units do not give exactly (sphere-sphere, capsule-capsule, sphere-capsule, sphere-segment, the segment entries) | inferred |
//! | [`ray`] | the rays against a box and a capsule; the corrected rays against a sphere and a segment | inferred |
//! | [`triangle_overlap`] | the corrected static overlaps of a box and of a capsule with a triangle, which the console's mesh table lacks | divergences 477, 478 |
//! | [`table`] | the two 5 × 5 pair tables `[moving type][other type]` and the per-type tables, as data | overview |
//! | [`contact`] | the 0xc0-byte [`Contact`] record, every field an `Option` | |
//! | [`shapes`] | the shape records ([`Sphere`], [`Capsule`], [`OrientedBox`], [`Segment`]) and [`Shape`] | |
//! | [`pair`] | [`PairContext`], the body state a pair function may read | |
//! | [`details`] | the steps inside one original function, for tests and the case replayer | |
//!
//! # How to use it
//!
//! Call a kernel with a cleared [`Contact`] (`Contact::default()`), the
//! shapes and the move; it returns whether it touched and writes exactly
//! the fields its unit names, leaving the others `None`. To dispatch on
//! the shapes' types as the world does, go through [`table::sweep_pair`]
//! and [`table::overlap_pair`]. The mesh queries of `collision-mesh` call
//! the per-triangle kernels for you.
//!
//! ```
//! use kernels::{sweep::physics_sweep_sphere_sphere, Contact, Sphere};
//! use ps2_float::{Ee32, Real, Vec4};
//!
//! /// A unit sphere at the origin moved 4 m along `x` towards a unit
//! /// sphere at rest 5 m away: the centres come within 2 m at 3/4 of the
//! /// move.
//! fn meets<R: Real>() -> (Option<f32>, Option<f32>) {
//!     let at = |x: f32| Vec4::<R>::from_f32([x, 0.0, 0.0, 1.0]);
//!     let own = Sphere { radius: R::ONE, centre: at(0.0) };
//!     let other = Sphere { radius: R::ONE, centre: at(5.0) };
//!     let mut c = Contact::default();
//!     assert!(physics_sweep_sphere_sphere(&mut c, &own, &other, at(4.0).with_w(R::ZERO)));
//!     (c.fraction.map(Real::to_f32), c.depth.map(Real::to_f32))
//! }
//!
//! // sqrt(20² − 16 · 21) = 8 and 21 / (8 + 20) are exact in both modes;
//! // the sphere-sphere sweep writes no depth.
//! assert_eq!(meets::<f32>(), (Some(0.75), None));
//! assert_eq!(meets::<Ee32>(), (Some(0.75), None));
//! ```
//!
//! # Independent checks
//!
//! Three brute-force oracles, each written apart from the kernel it checks,
//! step the shape along the move (2,000 samples) and test a static overlap at
//! each sample; every disagreement beyond the sampling step plus 1e-4 must be a
//! documented quirk (`docs/quirks.md`), and the tests fail on any other. Their
//! counts (printed by `cargo test -p warriors-kernels --test <name> -- --nocapture`):
//!
//! * `unit1_oracle`, sphere against a triangle, 5,000 seeded sweeps: 4,872
//!   agree; 73 late corner contacts and 45 missed ones (Unit 1 rows 11-12),
//!   3 with the corner already inside the ball, 7 where the corner step's
//!   untested edge is met first; 0 unexplained.
//! * `unit5_oracle`, sphere against a rotated box, 60,000 sweeps: 24,635
//!   agree and 30,605 miss on both sides; 1,847 start inside (hit at 0, the
//!   inside rule) and 2,900 start touching with the centre outside (no hit,
//!   the −1 rule); 13 more follow from the steps as the spec gives them (10
//!   edge steps handing over to a face they leave, 1 corner step choosing an
//!   edge it does not approach, 1 edge end trying only its end corner, 1
//!   contact on an edge's infinite line); 0 unexplained.
//! * `unit12_oracle`, capsule against a box, 40,000 sweeps per flag: with flag
//!   0, 17,385 hits agree (largest difference 4.0e-6), 13 of 1,591
//!   corner-region contacts are lost to grazes, 2,242 starts within reach and
//!   receding get no contact; with flag 1, 19,572 agree (3.0e-6), 12 of 1,605
//!   lost to grazes, 101 negative fractions, all in side regions; 0
//!   unexplained (the spec's own run: 17 of 1,124 corner contacts lost).
//!
//! `tests/parry_crosscheck.rs` compares face hits with parry3d's time of
//! impact (all within 1e-3), and `tests/table_props.rs` runs every table entry
//! on random shapes in both modes (no panic, no infinity or NaN in `f32` mode
//! for inputs up to 1e30, only console bit patterns in `Ee32` mode).
//!
//! # Performance
//!
//! Instructions per call over the benchmark's case sets (`cargo xtask
//! bench-ir --kernels`, callgrind; parry3d 0.31.1's shape cast of the same
//! moves):
//!
//! | kernel | `f32` | parry ÷ `f32` | goal | `Ee32` ÷ `f32` (goal ≤ 10×) | time, ns: `f32` / `Ee32` / parry |
//! | --- | --- | --- | --- | --- | --- |
//! | sphere-triangle | 847 | 11.04× | ≥ 10×, met | 16.4×, missed | 171 / 2,463 / 1,522 |
//! | sphere-box | 642 | 16.10× | ≥ 5×, met | 10.4×, missed | 75 / 831 / 1,784 |
//! | capsule-box | 460 | 17.70× | ≥ 5×, met | 9.9×, met | 39 / 523 / 1,476 |
//! | box-triangle | 1,653 | | | 20.0×, missed | |
//! | box-box | 991 | | | 20.9×, missed | |
//! | the other sweeps and rays | 132-296 | | | 20.0-32.6×, missed | |
//! | the static overlaps | 24-1,589 | | | 4.5-21.1× (three of five met) | |
//!
//! The goals are set in instructions; the times (criterion, per call over
//! the same cases) give parry ÷ ours 8.9× for sphere-triangle, 23.8× and
//! 37.9× for the box pairs.
//!
//! `Ee32` simulates the console's divider and root digit by digit (about
//! 30× and 45× an `f32` one), so a kernel's ratio follows its share of
//! divisions and roots. The criterion benchmark (`cargo bench -p
//! warriors-kernels --bench kernels -- --warm-up-time 1 --measurement-time
//! 3`), every kernel's row and the profiles behind each missed goal are on
//! the performance page, `docs/performance.md`.
//!
//! # Features
//!
//! * `serde` (optional): `Serialize`/`Deserialize` on the shapes, the
//!   contact record and [`TriangleFlags`], forwarded to `ps2-float` and
//!   `bitflags`.
//!
//! # Dependencies
//!
//! * `ps2-float`: the float modes.
//! * `bitflags`: [`TriangleFlags`].
//! * `serde` (optional): as above.
//! * `parry3d` (dev only): a peer for the benchmarks (`benches/kernels.rs`)
//!   and a cross-check of the sphere-triangle and sphere-box fractions
//!   (`tests/parry_crosscheck.rs`); no kernel uses it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod aabb;
pub mod box_sweep;
pub mod capsule_box;
pub mod contact;
pub mod details;
pub mod flags;
mod least;
pub mod overlap;
pub mod pair;
pub mod pair_quirks;
pub mod quirks;
pub mod quirks_mesh;
pub mod quirks_shape;
pub mod quirks_world;
pub mod ray;
mod readings;
pub mod roots;
mod sat;
pub mod segment;
pub mod shapes;
pub mod sphere_box;
pub mod sphere_triangle;
pub mod sweep;
pub mod table;
pub mod triangle;
pub mod triangle_filter;
pub mod triangle_overlap;

pub use aabb::Aabb;
pub use contact::{Contact, ContactHalf, Lanes};
pub use flags::TriangleFlags;
pub use pair::PairContext;
pub use pair_quirks::PairQuirks;
pub use quirks::Quirks;
pub use quirks_mesh::MeshQuirks;
pub use quirks_shape::ShapeQuirks;
pub use quirks_world::WorldQuirks;
pub use readings::{NormalTable, ParallelSideRule};
pub use shapes::{Capsule, OrientedBox, Segment, Shape, ShapeType, Sphere};
pub use triangle::WorkTriangle;
