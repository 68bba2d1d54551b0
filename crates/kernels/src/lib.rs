//! The geometry kernels of the physics world, exactly as the console computes
//! them: Units 1, 4, 5, 12 and 13 of the specification, the other pair sweeps
//! and rays, the contact record and the two 5 × 5 pair tables.
//!
//! Every function is generic over the float mode ([`ps2_float::Real`]: `f32` or
//! [`ps2_float::Ee32`]), pure, and allocation-free. Each one that implements an
//! original function says so in its docs with the original's name and address.
//!
//! Quirks of the original are reproduced, not fixed; `docs/quirks.md` lists
//! them with the tests that pin them, and `docs/divergences.md` lists every
//! guard and inferred reading (cited from the code as "divergence N").
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
//! `cargo bench -p warriors-kernels --bench kernels -- --warm-up-time 1
//! --measurement-time 3` runs one group per kernel family over a fixed, seeded
//! set of 256 cases per iteration (hits and misses mixed; the hit rates go to
//! standard error at set-up), in both modes, and for the three pairs with a
//! peer, parry3d's `cast_shapes` (max time of impact 1.0) on the same moves
//! in the same run (parry3d 0.22 when these figures were taken; the
//! workspace now pins 0.31.1). The figures are nanoseconds per call: the median of
//! four runs (two for the `sweep only` rows), with the range over those runs.
//! The machine is the 2-core development one, with other engineers building
//! throughout (load average 3.7 to 5.7 on 2 cores), so single figures moved by
//! up to ±30 % between runs; the ratios come from the same run and are steadier.
//!
//! | kernel (bench) | ours `f32` | ours `Ee32` | parry3d | parry ÷ `f32` (goal ≥ 5×) | `Ee32` ÷ `f32` (goal ≤ 10×) |
//! | --- | --- | --- | --- | --- | --- |
//! | sphere-triangle (`WorkTriangle::prepared` + `sweep_sphere_triangle`) | 210 (177-292) | 2,870 (2,040-3,036) | 2,808 (1,831-3,063) | 10.7× (9.9-17.3) | 11.7× (9.7-17.2), missed |
//! | sphere-triangle, sweep only (triangle prepared before) | 275 (272-279) | 2,166 (1,925-2,408) | | 9.6×, 11.3× | 7.9× (6.9-8.9) |
//! | sphere-box (`physics_sweep_sphere_box`) | 111 (97-138) | 1,355 (1,015-1,483) | 2,821 (2,264-3,252) | 25.8× (18.4-29.0) | 11.8× (9.0-13.5), missed |
//! | capsule-box (`physics_sweep_capsule_box`) | 68 (59-93) | 883 (601-946) | 2,472 (1,851-2,539) | 33.3× (27.1-38.7) | 11.3× (9.3-15.1), missed |
//! | box-triangle (prepared + `sweep_box_triangle`) | 327 (254-382) | 6,428 (5,376-6,615) | | | 19.8× (17.1-21.2), missed |
//! | box-triangle, sweep only | 351 (313-388) | 5,627 (5,132-6,122) | | | 16.4× (13.2-19.5), missed |
//! | box-box (`physics_sweep_box_box`) | 174 (158-269) | 3,894 (3,421-5,017) | | | 22.7× (12.7-30.7), missed |
//! | capsule-capsule (`physics_sweep_capsule_capsule`) | 59 (52-74) | 960 (740-1,049) | | | 15.7× (11.9-18.8), missed |
//! | sphere-sphere (`physics_sweep_sphere_sphere`) | 62 (47-75) | 710 (557-793) | | | 11.1× (9.9-13.5), missed |
//! | sphere-capsule (`physics_sweep_sphere_capsule`) | 70 (61-77) | 1,254 (1,044-1,614) | | | 18.5× (13.6-24.9), missed |
//! | ray-box (`physics_ray_box`) | 27 (22-36) | 878 (601-1,011) | | | 30.1× (26.8-32.2), missed |
//! | ray-capsule (`physics_ray_capsule`) | 19 (16-23) | 590 (560-699) | | | 32.7× (26.9-36.7), missed |
//! | overlap sphere-sphere | 4.5 (3.8-5.3) | 55 (45-71) | | | 12.3× (10.9-14.7), missed |
//! | overlap sphere-box | 56 (51-66) | 173 (114-240) | | | 2.9× (2.2-4.2) |
//! | overlap capsule-box | 50 (44-66) | 156 (121-221) | | | 2.8× (2.3-5.1) |
//! | overlap capsule-capsule | 29 (26-32) | 235 (224-247) | | | 8.0× (7.4-9.6) |
//! | overlap box-box | 385 (297-500) | 1,605 (1,559-1,670) | | | 4.2× (3.1-5.6) |
//!
//! Each `f32` sweep beats parry's cast of the same pair by more than the 5×
//! goal (about 10× for sphere-triangle, 25-35× for the box pairs; parry runs a
//! general GJK-based cast, ours a closed form). Preparing the triangle inside
//! the timed loop costs nothing measurable in `f32` (the "sweep only" row is
//! not faster, within the noise).
//!
//! The `Ee32` goal of 10× is missed by most sweeps: by a little (1.1-1.2×
//! over) for sphere-triangle, sphere-box, capsule-box and sphere-sphere, by
//! 1.5-2× for capsule-capsule, sphere-capsule, box-triangle and box-box, and
//! by 3× for the rays. The cause is the arithmetic, not the kernels' shape:
//! `Ee32` simulates the console's units bit for bit, add and multiply at about
//! 9× an `f32` one but division at about 25× and square root at about 60×
//! (`ps2_float`'s own figures), so a kernel's ratio follows its share of
//! divisions and roots. A call-graph count (callgrind) agrees: the ray-box
//! test makes six slab divisions per call and spends 58 % of its `Ee32` time in
//! the divider's digit recurrence; box-triangle spends 17 % there (divisions on
//! each of its 13 axes) and 44 % in the saturating dot products;
//! sphere-triangle spends 30 % in the divider and square-root recurrences (the
//! edge and corner roots), with or without the triangle's preparation (whose
//! reciprocal root is most of the gap between its two rows; the sweep-only
//! row's 7.9× also owes something to a noisy `f32` figure).
//!
//! After those figures, the saturation step became `Real::saturate`, a plain
//! identity in `Ee32` mode and one infinity test in `f32` mode (it used to be
//! two simulated compares per sum or product in `Ee32` mode); every snapshot
//! stayed bit-identical. Re-measured in one run (load average 2.2-3.2; ns per
//! call over the same 256 cases):
//!
//! | kernel | ours `f32` | ours `Ee32` | parry3d | parry ÷ `f32` | `Ee32` ÷ `f32` |
//! | --- | --- | --- | --- | --- | --- |
//! | sphere-triangle | 167 | 1,461 | 1,850 | 11.1× | 8.7×, met |
//! | sphere-box | 79 | 956 | 2,045 | 25.8× | 12.1×, missed |
//! | capsule-box | 60 | 562 | 1,436 | 23.9× | 9.4×, met |
//! | box-triangle | 238 | 4,865 | | | 20.5×, missed |
//! | box-box | 135 | 3,786 | | | 28.1×, missed |
//! | overlap sphere-box | 38 | 144 | | | 3.8× |
//! | overlap capsule-box | 29 | 102 | | | 3.5× |
//! | overlap box-box | 160 | 893 | | | 5.6× |
//!
//! The box sweeps remain 2-3× over the `Ee32` goal: their dozens of simulated
//! dot products and divisions per call are the console's own operations, and
//! reordering them would change the bits.
//!
//! Instruction counts (callgrind, per call over the same 256 cases, the loop of
//! each bench run in a small driver; exact and repeatable, unlike the times),
//! after the divider began reading only its final remainder's sign and the
//! square root took its operands from the exact integer root (`ps2_float`'s
//! performance notes); "before" is the same count with the previous
//! recurrences. Times were not re-measured: the machine's load average was
//! 10-12 at the time.
//!
//! | kernel | `f32` | `Ee32` before | `Ee32` | `Ee32` ÷ `f32` (goal ≤ 10×) |
//! | --- | --- | --- | --- | --- |
//! | sphere-triangle | 1,099 | 15,566 | 15,308 | 13.9×, missed |
//! | sphere-triangle, sweep only | 972 | 12,102 | 11,922 | 12.3×, missed |
//! | sphere-box | 571 | 7,152 | 7,090 | 12.4×, missed |
//! | capsule-box | 420 | 4,948 | 4,861 | 11.6×, missed |
//! | box-triangle | 1,773 | 34,972 | 34,838 | 19.6×, missed |
//! | box-triangle, sweep only | 1,647 | 31,508 | 31,451 | 19.1×, missed |
//! | box-box | 1,050 | 28,884 | 28,829 | 27.5×, missed |
//! | capsule-capsule | 209 | 5,314 | 5,149 | 24.6×, missed |
//! | sphere-sphere | 187 | 4,081 | 3,973 | 21.2×, missed |
//! | sphere-capsule | 296 | 8,382 | 8,192 | 27.7×, missed |
//! | ray-box | 168 | 5,469 | 5,438 | 32.4×, missed |
//! | ray-capsule | 132 | 4,653 | 4,588 | 34.8×, missed |
//! | overlap sphere-sphere | 42 | 432 | 432 | 10.3×, missed |
//! | overlap sphere-box | 254 | 1,276 | 1,276 | 5.0× |
//! | overlap capsule-box | 249 | 1,010 | 1,008 | 4.0× |
//! | overlap capsule-capsule | 128 | 1,234 | 1,206 | 9.4× |
//! | overlap box-box | 1,752 | 9,194 | 9,194 | 5.2× |
//!
//! The gain is 1-3 % per kernel: a division or root still simulates its 25
//! digit steps (about 650 and 750 instructions against one native
//! instruction). Callgrind's profile shows where each sweep's count goes:
//! ray-box spends 58 % of its `Ee32` instructions in the divider's
//! recurrence; sphere-triangle 17 % in the divider and 15 % in the square
//! root; box-box only 3 % in both, and 46 % in the simulated dot products (three
//! multiplies and two adds each, each about 7× its `f32` count). Only the
//! static overlaps, with few divisions and roots, are within 10×.
//!
//! # Dependencies
//!
//! * `ps2-float`: the float modes.
//! * `serde` (optional): serialisation of the shapes and the contact.
//! * `parry3d` (dev only): a peer for the benchmarks (`benches/kernels.rs`)
//!   and a cross-check of the sphere-triangle and sphere-box fractions
//!   (`tests/parry_crosscheck.rs`); no kernel uses it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod box_sweep;
pub mod capsule_box;
pub mod contact;
pub mod flags;
pub mod overlap;
pub mod pair;
pub mod ray;
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

pub use contact::{Contact, ContactHalf, Lanes};
pub use flags::TriangleFlags;
pub use pair::PairContext;
pub use shapes::{Capsule, OrientedBox, Segment, Shape, ShapeType, Sphere};
pub use triangle::WorkTriangle;
