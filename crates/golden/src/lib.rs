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
//! # Dependencies
//!
//! * `serde` and `ron`: the case files are RON, read with typed structures so a
//!   malformed file is reported with its line, column and field.
//! * `thiserror`: the typed errors.
//! * `insta` (tests only): the test that keeps `cargo test` failing on stale
//!   snapshots.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod case;
pub mod entry;
pub mod input;
pub mod outcome;
pub mod runner;
pub mod scenario;
pub mod units;

pub use case::{Case, CaseFile, Expected};
pub use entry::{evaluate, Entry, EntryCall};
pub use outcome::{Outcome, Value};
pub use runner::{check, run, run_dirs, Mode, Report};
pub use scenario::{Source, SourceCounts, SourceKind};

use std::path::PathBuf;

/// A case's input that cannot be turned into a kernel call.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("field `{field}`: {message}")]
pub struct InputError {
    /// The field, as a path inside the case's `call`.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl InputError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        Self {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// Why a golden run could not complete.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A case file is not valid RON for its unit.
    #[error("{path}:{line}:{column}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser says (it names the field).
        message: String,
    },
    /// A case file names a unit no evaluator knows.
    #[error("{path}: unknown unit `{unit}` (known: {known})")]
    UnknownUnit {
        /// The file.
        path: PathBuf,
        /// The unit it names.
        unit: String,
        /// The known units.
        known: String,
    },
    /// A case's input is out of range.
    #[error("{path}: case `{case}`: {source}")]
    Input {
        /// The file.
        path: PathBuf,
        /// The case.
        case: String,
        /// The problem.
        source: InputError,
    },
    /// Two cases share a name.
    #[error("{path}: case name `{case}` used twice")]
    DuplicateCase {
        /// The file.
        path: PathBuf,
        /// The name.
        case: String,
    },
}
