//! Why a golden run stopped: a file, a parse, a unit, an input, a capture.

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
    /// A scenario's capture file cannot be read or has a bad line.
    #[error("{0}")]
    Capture(#[from] CaptureError),
    /// Two cases share a name.
    #[error("{path}: case name `{case}` used twice")]
    DuplicateCase {
        /// The file.
        path: PathBuf,
        /// The name.
        case: String,
    },
}

/// A capture file that cannot be read, or a bad line in it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}:{column}: {message}", path.display())]
pub struct CaptureError {
    /// The capture file.
    pub path: PathBuf,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// 1-based column, in characters (0: the line as a whole).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}
