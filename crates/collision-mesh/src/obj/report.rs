//! [`ImportReport`]: what an OBJ import read, and each line it skipped with
//! its number and the reason.

use core::fmt;

/// Why a line of an OBJ file gave no triangle (or, for a material, no
/// effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkipReason {
    /// An `f` with fewer than three corners.
    ShortFace {
        /// How many corners it has.
        corners: usize,
    },
    /// An `l` polyline: lines have no area to collide with.
    Line,
    /// A `p` point.
    Point,
    /// A free-form geometry statement (`vp`, `cstype`, `deg`, `bmat`,
    /// `step`, `curv`, `curv2`, `surf`, `parm`, `trim`, `hole`, `scrv`, `sp`,
    /// `end`, `con`): curves and surfaces are not tessellated.
    FreeForm,
    /// A statement the reader does not know.
    Unknown,
    /// A `usemtl` whose name is neither in the sidecar's `materials` nor a
    /// material of the game: the group's material stays.
    UnknownMaterial,
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ShortFace { corners } => {
                write!(f, "a face needs 3 corners, this one has {corners}")
            }
            Self::Line => f.write_str("a polyline, not a triangle"),
            Self::Point => f.write_str("a point, not a triangle"),
            Self::FreeForm => f.write_str("free-form geometry (curves, surfaces) is not read"),
            Self::Unknown => f.write_str("not an OBJ statement this reader knows"),
            Self::UnknownMaterial => f.write_str(
                "no such material in the sidecar or the game's table; the group's material stays",
            ),
        }
    }
}

/// One line an import skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The line number, from 1 (the first line of a `\`-continued statement).
    pub line: usize,
    /// The statement's keyword (`l`, `f`, `curv`, ...).
    pub statement: String,
    /// Why it was skipped.
    pub reason: SkipReason,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, `{}`: {}",
            self.line, self.statement, self.reason
        )
    }
}

/// What an OBJ import read and what it skipped. `Display` prints a summary
/// line, then one line per skipped statement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// The file, as the caller named it.
    pub file: String,
    /// The vertices (`v` lines) read.
    pub vertices: usize,
    /// The triangles made.
    pub triangles: usize,
    /// The faces of four or more corners cut into fans.
    pub polygons: usize,
    /// The `v` lines that carried a colour (read and dropped).
    pub coloured_vertices: usize,
    /// Each skipped line, in file order.
    pub skipped: Vec<Skipped>,
}

impl ImportReport {
    /// Whether nothing was skipped.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.skipped.is_empty()
    }
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} vertices, {} triangles ({} polygons cut into fans), {} lines skipped",
            self.file,
            self.vertices,
            self.triangles,
            self.polygons,
            self.skipped.len()
        )?;
        for s in &self.skipped {
            write!(f, "\n  {}: {s}", self.file)?;
        }
        Ok(())
    }
}
