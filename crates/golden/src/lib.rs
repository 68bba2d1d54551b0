//! Golden contact snapshots.
//!
//! The specification's worked numbers are kept as case files
//! (`fixtures/kernels/*.ron`, one per unit): each case names a kernel entry
//! point, its inputs, the spec row it comes from and the numbers the spec states.
//! [`run`] evaluates every case in both float modes (`f32` and `Ee32`), fails
//! loudly when a stated number is not met, and writes (or, in check mode,
//! compares) one snapshot per case with every field the call produced, written
//! or not, in both modes, with the `Ee32` bit patterns.
//!
//! Scenario files (`fixtures/scenarios/*.ron`, unit `"scenario"`;
//! [`scenario`], `docs/scenarios.md`) replay the console's runtime traces
//! through the physics world and are checked and snapshotted the same way;
//! each of their expectations states its source ([`Source`]: stated by the
//! spec, worked from named rules, or the port's own choice), which the
//! snapshot lists and counts.
//!
//! Snapshots use insta's `.snap` layout (a short header, then the body), so
//! `cargo insta review` works on them; the body is RON.
//!
//! # What it holds
//!
//! | module | what |
//! | --- | --- |
//! | [`capture`] | capture files: the console's recorded values, compared with a scenario's run |
//! | [`case`] | the case-file format ([`CaseFile`], [`Case`], [`Expected`]) |
//! | [`input`] | inputs as case files write them, and their conversion into either float mode |
//! | [`units`] | one module per unit, mapping a case's `call` to its kernel (the kernels' `details` included) |
//! | [`outcome`] | [`Outcome`]: everything one call produced, as named fields |
//! | [`scenario`] | the scenario files and their runner over the world and the reference owners |
//! | [`runner`] | [`run`]: every case file of a folder in both modes, the stated numbers checked, the snapshots written or compared; [`evaluate`]: the same run giving each entry instead of its snapshot |
//! | [`entry`] | [`Entry`]: one evaluated case or scenario with its inputs and both outcomes, for the pictures and the report |
//! | `error.rs` | [`Error`], [`InputError`]: why a run stopped |
//!
//! # How to use it
//!
//! `cargo xtask golden` writes the snapshots of `fixtures/kernels` and
//! `fixtures/scenarios` into `fixtures/golden`, `cargo xtask golden
//! --check` compares them, and this crate's test `tests/golden.rs` makes
//! `cargo test` fail on a stale one. A case file of one's own is run the
//! same way:
//!
//! ```
//! use golden::{run, Mode};
//!
//! let dir = std::env::temp_dir().join(format!("golden-doc-{}", std::process::id()));
//! let (cases, snapshots) = (dir.join("cases"), dir.join("snapshots"));
//! std::fs::create_dir_all(&cases)?;
//! // By hand: the centres start 2 apart and close 4 in the move, so they
//! // are 1 apart (the reach) at a quarter of it.
//! std::fs::write(
//!     cases.join("pairs.ron"),
//!     r#"(
//!         unit: "pairs",
//!         cases: [(
//!             name: "pairs_head_on",
//!             spec: "worked by hand",
//!             call: SweepSphereSphere(c0: [-2, 0, 0], move: [4, 0, 0], c1: [0, 0, 0], reach: 1.0),
//!             expect: {"ret": 1, "fraction": 0.25},
//!         )],
//!     )"#,
//! )?;
//! let report = run(&cases, &snapshots, Mode::Update)?;
//! assert!(report.is_ok(Mode::Update));
//! // One case, two stated numbers, each checked in both float modes.
//! assert_eq!((report.cases, report.checks), (1, 4));
//! // The snapshot just written is current.
//! assert!(run(&cases, &snapshots, Mode::Check)?.is_ok(Mode::Check));
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! None.
//!
//! # Dependencies
//!
//! * `serde` and `ron`: the case files are RON, read with typed structures so a
//!   malformed file is reported with its line, column and field.
//! * `thiserror`: the typed errors.
//! * `insta` (tests only): the test that keeps `cargo test` failing on stale
//!   snapshots.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod capture;
pub mod case;
pub mod entry;
mod error;
pub mod input;
pub mod outcome;
pub mod runner;
pub mod scenario;
pub mod units;

pub use case::{Case, CaseFile, Expected};
pub use entry::{Entry, EntryCall};
pub use error::{Error, InputError};
pub use outcome::{Outcome, Value};
pub use runner::{check, evaluate, run, run_dirs, Mode, Report};
pub use scenario::{Source, SourceCounts, SourceKind};
