//! [`ImportReport`]: what an OBJ import read, each line it skipped with its
//! number and the reason, and each `usemtl` name no table knew.

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
    /// A `usemtl` whose name is in no table (the sidecar's `materials`,
    /// [`ObjOptions::materials`](super::ObjOptions::materials), the game's
    /// names): the group's material stays. No longer listed among the
    /// skipped lines (such names are counted in
    /// [`ImportReport::unknown_materials`], divergence 372); the reason a
    /// strict import gives when it refuses the line.
    UnknownMaterial,
    /// An `f` the file ends inside: the last line has no line end and fewer
    /// than three corners (or its last corner cannot be read), or it goes on
    /// with `\` past the end. The file was cut off (divergence 370).
    CutOffFace {
        /// How many corners were read before the end.
        corners: usize,
    },
}

impl SkipReason {
    /// Whether the line was a face that gave no triangle
    /// ([`SkipReason::ShortFace`], [`SkipReason::CutOffFace`]): what
    /// [`ImportReport::skipped_faces`] counts.
    #[must_use]
    pub fn is_face(self) -> bool {
        matches!(self, Self::ShortFace { .. } | Self::CutOffFace { .. })
    }
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
                "no such material in the sidecar, the options' table or the game's table; \
                 the group's material stays",
            ),
            Self::CutOffFace { corners } => write!(
                f,
                "the file ends inside this face ({corners} corners read): it was cut off"
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

/// A `usemtl` name no table knew: listed once per spelling, with how many
/// `usemtl` lines name it and the first of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The name as the file spells it.
    pub name: String,
    /// How many `usemtl` lines name it (spelled so).
    pub count: usize,
    /// The first of them, from 1.
    pub first_line: usize,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, `usemtl`: unknown material `{}` ({} `usemtl` lines, this the first); \
             the group's material stays",
            self.first_line, self.name, self.count
        )
    }
}

/// What an OBJ import read, what it skipped and which `usemtl` names it did
/// not know. `Display` prints a summary line (the counts of
/// [`ImportReport::skipped_faces`], [`ImportReport::skipped_other`] and
/// unknown names), then one line per skipped statement, then one line per
/// unknown name.
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
    /// Each skipped line, in file order: the statements that gave nothing
    /// (faces that gave no triangle, polylines, points, free-form and
    /// unknown statements); not the `usemtl` lines of unknown names.
    pub skipped: Vec<Skipped>,
    /// Each `usemtl` name no table knew, in the order of first use.
    pub unknown_materials: Vec<UnknownName>,
}

impl ImportReport {
    /// Whether nothing was skipped and every `usemtl` name was known.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.skipped.is_empty() && self.unknown_materials.is_empty()
    }

    /// How many `f` lines gave no triangle (fewer than three corners, or
    /// cut off by the file's end): the `K` of `cargo xtask level`'s
    /// "loaded N triangles (K skipped)" (divergence 373).
    #[must_use]
    pub fn skipped_faces(&self) -> usize {
        self.skipped.iter().filter(|s| s.reason.is_face()).count()
    }

    /// How many other lines were skipped: polylines, points, free-form and
    /// unknown statements.
    #[must_use]
    pub fn skipped_other(&self) -> usize {
        self.skipped.len() - self.skipped_faces()
    }
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} vertices, {} triangles ({} polygons cut into fans), {} faces skipped, \
             {} other lines skipped, {} unknown material names",
            self.file,
            self.vertices,
            self.triangles,
            self.polygons,
            self.skipped_faces(),
            self.skipped_other(),
            self.unknown_materials.len()
        )?;
        for s in &self.skipped {
            write!(f, "\n  {}: {s}", self.file)?;
        }
        for u in &self.unknown_materials {
            write!(f, "\n  {}: {u}", self.file)?;
        }
        Ok(())
    }
}
