//! [`MeshError`]: every way reading, importing or building a mesh can fail,
//! each naming the file and the place in it.
//!
//! No function of this crate panics on bad input: a truncated or inconsistent
//! chunk, an index out of range, a NaN coordinate or a bad OBJ line each come
//! back as one of these variants, with a [`Place`] that says where: the chunk
//! and the byte offset in it, the OBJ line and its field, or the path of a
//! field in RON data.

use core::fmt;

use crate::chunk_id::ChunkId;

/// Where in its source a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A byte offset inside one of the six collision chunks.
    Chunk {
        /// The chunk.
        chunk: ChunkId,
        /// The byte offset from the start of the chunk's data.
        offset: usize,
    },
    /// A byte offset in a chunk container (a level file or the binary form),
    /// outside any collision chunk's data: a container or chunk header.
    Container {
        /// The byte offset from the start of the file.
        offset: usize,
    },
    /// A line of a Wavefront OBJ file and the field on it.
    ObjLine {
        /// The line number, from 1.
        line: usize,
        /// The field: the statement (`v`, `f`, `g`, ...) and, where it
        /// matters, which value of it.
        field: String,
    },
    /// A field of in-memory or RON data, as a path (`triangles[3].v[1]`).
    Field {
        /// The path.
        path: String,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Chunk { chunk, offset } => write!(f, "{chunk}, offset {offset:#x}"),
            Self::Container { offset } => write!(f, "chunk container, offset {offset:#x}"),
            Self::ObjLine { line, field } => write!(f, "line {line}, field `{field}`"),
            Self::Field { path } => write!(f, "field `{path}`"),
        }
    }
}

/// An error of reading, importing, building or writing a mesh.
///
/// `file` is the name the caller gave the source (a path, or a label such as
/// `"<memory>"`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MeshError {
    /// A file could not be read or written.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The data ends before what its counts say it holds.
    #[error("{file}: {at}: truncated: {needed} bytes needed, {available} present")]
    Truncated {
        /// The file.
        file: String,
        /// Where the missing data should start.
        at: Place,
        /// How many bytes were needed from there.
        needed: usize,
        /// How many bytes there are from there.
        available: usize,
    },
    /// Two parts of the data disagree (a count and a chunk size, a clamp box
    /// and the grid, a chunk where another was expected), or a value is not
    /// one the format allows.
    #[error("{file}: {at}: {detail}")]
    Inconsistent {
        /// The file.
        file: String,
        /// Where.
        at: Place,
        /// What disagrees with what.
        detail: String,
    },
    /// An index (a vertex of a triangle, a triangle of a cell list, a list
    /// offset of a cell, an OBJ face's vertex) points past what it indexes.
    #[error("{file}: {at}: index {index} out of range (there are {limit}){}", one_based(.at, *.index))]
    IndexOutOfRange {
        /// The file.
        file: String,
        /// Where the index is.
        at: Place,
        /// The index.
        index: u64,
        /// How many things it may index.
        limit: u64,
    },
    /// A coordinate or matrix value is a NaN or an infinity.
    #[error("{file}: {at}: non-finite value (bits {bits:#010x})")]
    NonFinite {
        /// The file.
        file: String,
        /// Where the value is.
        at: Place,
        /// Its bit pattern.
        bits: u32,
    },
    /// A line of an OBJ file (or of its sidecar) that cannot be read.
    #[error("{file}: {at}: {detail}")]
    BadLine {
        /// The file.
        file: String,
        /// The line and field.
        at: Place,
        /// What is wrong with it.
        detail: String,
    },
    /// An OBJ file that ends inside a face (divergence 370): its last line
    /// has no line end and fewer than three corners (or a last corner that
    /// cannot be read), or it goes on with `\` past the end. Refused by the
    /// strict modes ([`Strictness`](crate::obj::Strictness)), reported by
    /// the lenient one.
    #[error("{file}: {at}: the file ends inside this face: {detail}")]
    CutOff {
        /// The file.
        file: String,
        /// The face's line and field (`f`).
        at: Place,
        /// What was read of it.
        detail: String,
    },
    /// The OBJ loader refused the file for a reason the line scan did not see
    /// first (so no line is known).
    #[error("{file}: OBJ loader: {detail}")]
    Obj {
        /// The file.
        file: String,
        /// The loader's message.
        detail: String,
    },
    /// RON text (a mesh or a sidecar) that does not parse.
    #[error("{file}: line {line}, column {column}{}: {detail}", field_path(.path))]
    Ron {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The path of the field whose value is wrong (`triangles[3].flags`),
        /// or empty when the text breaks before any field (a syntax error).
        path: String,
        /// The parser's message.
        detail: String,
    },
    /// More of something than the console's format can hold (triangle
    /// indices and counts are `u16`).
    #[error("{file}: {count} {what}; the format holds at most {limit}")]
    TooMany {
        /// The file.
        file: String,
        /// What there is too much of.
        what: &'static str,
        /// How many there are.
        count: usize,
        /// How many the format holds.
        limit: usize,
    },
    /// A soup whose grid would need more list values or triangle-cell tests
    /// than the builder allows for its triangle count (divergence 322): its
    /// triangles overlap far more cells than a level's do.
    #[error("{file}: {count} {what} needed at least; the builder allows {limit} for this soup")]
    OverBudget {
        /// The file.
        file: String,
        /// What there is too much of.
        what: &'static str,
        /// How many were needed when the builder stopped.
        count: usize,
        /// The budget.
        limit: usize,
    },
    /// A triangle soup with no triangle: there is no box to put a grid on.
    #[error("{file}: no triangles to build a mesh from")]
    Empty {
        /// The file.
        file: String,
    },
}

/// `, field `path`` for a RON error that names a field.
fn field_path(path: &str) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!(", field `{path}`")
    }
}

/// The note an OBJ index 0 gets: OBJ counts from 1.
fn one_based(at: &Place, index: u64) -> &'static str {
    match at {
        Place::ObjLine { .. } if index == 0 => {
            "; OBJ indices are 1-based (1 is the first, -1 the last defined so far)"
        }
        _ => "",
    }
}

impl MeshError {
    /// The place the error names, when it names one.
    #[must_use]
    pub fn place(&self) -> Option<&Place> {
        match self {
            Self::Truncated { at, .. }
            | Self::Inconsistent { at, .. }
            | Self::IndexOutOfRange { at, .. }
            | Self::NonFinite { at, .. }
            | Self::BadLine { at, .. }
            | Self::CutOff { at, .. } => Some(at),
            _ => None,
        }
    }

    /// The file the error names.
    #[must_use]
    pub fn file(&self) -> &str {
        match self {
            Self::Io { file, .. }
            | Self::Truncated { file, .. }
            | Self::Inconsistent { file, .. }
            | Self::IndexOutOfRange { file, .. }
            | Self::NonFinite { file, .. }
            | Self::BadLine { file, .. }
            | Self::CutOff { file, .. }
            | Self::Obj { file, .. }
            | Self::Ron { file, .. }
            | Self::TooMany { file, .. }
            | Self::OverBudget { file, .. }
            | Self::Empty { file } => file,
        }
    }
}
