//! Importing a Wavefront OBJ file as a collision mesh, and writing a mesh
//! back as OBJ.
//!
//! # Materials and flags
//!
//! OBJ has no place for a triangle's flags, material and area byte, so they
//! come from the groups (`g`, or objects `o`), in this order, each over the
//! one before (divergence 145):
//!
//! 1. [`Attributes::default`]: enabled, one-sided, `CONCRETE` (5), area 1;
//! 2. a sidecar file's `default`;
//! 3. the sidecar's entry for the group's name;
//! 4. for the material only, the last `usemtl` (divergence 324): its name
//!    looked up in the sidecar's `materials`, else read as a material's
//!    number or published name (`usemtl STEEL`, `usemtl 116`); an unknown
//!    name is reported and changes nothing;
//! 5. `key=value` words in the group line itself: `mat=` (an id or a
//!    published name: `mat=STEEL`, `mat=116`), `flags=` (decimal, `0x` hex,
//!    or flag names joined by `|`: `flags=ENABLED|TWO_SIDED`), `area=`.
//!
//! The group's name is the rest of its line without the `key=value` words:
//! `g railing mat=RAILING flags=0x3` is the group `railing`.
//!
//! A sidecar is RON:
//!
//! ```ron
//! (
//!     default: (material: 116, flags: "ENABLED", area: 1),
//!     groups: {
//!         "railing": (material: 122, flags: "ENABLED | TWO_SIDED", area: 3),
//!     },
//!     materials: { "Concrete.001": 5 },
//! )
//! ```
//!
//! # Lines
//!
//! The reader is this crate's own, one pass over the lines (divergence 325),
//! so that every error and every skipped line carries its line number, which
//! the `tobj` crate cannot give, and so that files as exporters write them
//! load: `tobj` refuses colours on only some `v` lines (without a line) and
//! has no way to skip a line and go on. The reader is 400 lines; OBJ's
//! statements that matter here are few.
//!
//! What is an error, in every mode (a [`MeshError`] naming the line and the
//! field): a `v` with a missing or unreadable coordinate, a NaN or an
//! infinity, a zero `w`, an unreadable colour, or a count of values other
//! than 3, 4 (with `w`) or 6 (with a colour); a `vt` or `vn` with missing
//! values; an `f` corner with an unreadable index or one past the vertices
//! (or texture coordinates, or normals) defined so far, index 0 said to be
//! outside OBJ's 1-based count; an unknown `key=` in a group line; a
//! `usemtl` without a name.
//!
//! What cannot be a triangle is skipped and listed in the [`ImportReport`]
//! with its line and [`SkipReason`] (by default), or refused with a
//! [`MeshError::BadLine`] naming the line ([`ObjOptions::strict`]): an `f`
//! of fewer than three corners, `l` polylines, `p` points, free-form
//! geometry (`vp`, `cstype`, `deg`, `curv`, `surf`, `parm`, `trim`, `end`,
//! ...), statements the reader does not know, and a `usemtl` naming no known
//! material. Renderer statements (`s`, `mtllib`, `lod`, `mg`, `usemap`, ...)
//! are read without a word; a `#` word ends a geometry statement's values;
//! a line ending in `\` goes on on the next. Faces of four or more corners
//! are cut into fans from their first corner; colours are read and dropped.
//! A leading byte-order mark and CRLF line ends are accepted, and a file's
//! bytes that are not UTF-8 (a Latin-1 group name) read as U+FFFD.
//!
//! ```
//! use collision_mesh::obj::{self, ObjOptions};
//!
//! let text = "v 0 0 0\nv 4 0 0 1 0 0\nv 4 4 0\nv 0 4 0\nl 1 2\nf 1 2 3 4\n";
//! let (mesh, report) = obj::import_str_with_report(text, "yard.obj", &ObjOptions::default())?;
//! assert_eq!(mesh.triangles().len(), 2);
//! assert_eq!(
//!     report.to_string(),
//!     "yard.obj: 4 vertices, 2 triangles (1 polygons cut into fans), 1 lines skipped\n  \
//!      yard.obj: line 5, `l`: a polyline, not a triangle"
//! );
//! let strict = ObjOptions { strict: true, ..ObjOptions::default() };
//! let e = obj::import_str(text, "yard.obj", &strict).unwrap_err();
//! assert!(e.to_string().starts_with("yard.obj: line 5, field `l`"));
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```
//!
//! # Axes
//!
//! The game's axes are `z` up. [`ObjAxes::ZUp`] (the default) takes the
//! coordinates as they are; [`ObjAxes::YUp`] turns a `y`-up file's
//! `(x, y, z)` into `(x, −z, y)` (divergence 147).
//!
//! # Speed
//!
//! `examples/obj_speed.rs` (release) reads the generated street soup of
//! `tests/support/street_obj.rs`: 125,856 triangles in 7.7 MB of text
//! (every quad with its own four `v` lines) read in 149 to 161 ms (goal
//! 0.5 s, met); the soup is more than one mesh holds (65,535 triangles), so
//! its 8 × 8-block part, 55,936 triangles in 3.4 MB, is imported into a mesh
//! (read and built, 8 m cells) in 274 to 370 ms, 203 to 265 ms of it the
//! builder. Five runs each, on the shared 2-core machine at a load average
//! of 6 to 8.

mod read;
mod report;

pub use report::{ImportReport, SkipReason, Skipped};

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::build::{self, Attributes, BuildConfig, SoupTriangle};
use crate::error::MeshError;
use crate::{CollisionMesh, Material};

/// Which way is up in an OBJ file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ObjAxes {
    /// `z` up, as the game: coordinates taken as they are.
    #[default]
    ZUp,
    /// `y` up: `(x, y, z)` becomes `(x, −z, y)`.
    YUp,
}

/// The per-group words of an OBJ import.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sidecar {
    /// The words of a triangle whose group has no entry.
    pub default: Attributes,
    /// The words of each group, by name.
    pub groups: BTreeMap<String, Attributes>,
    /// The material of each `usemtl` name the game's table does not know
    /// (`"Concrete.001": 5`); a name not here is looked up as a material's
    /// number or published name (divergence 324).
    pub materials: BTreeMap<String, Material>,
}

impl Sidecar {
    /// A sidecar from its RON text; `file` names the source in errors.
    ///
    /// # Errors
    ///
    /// [`MeshError::Ron`] naming the line and column.
    pub fn parse(text: &str, file: &str) -> Result<Self, MeshError> {
        crate::ron_text::parse(text, file)
    }

    /// A sidecar from a file.
    ///
    /// # Errors
    ///
    /// [`MeshError::Io`], or what [`Sidecar::parse`] returns.
    pub fn load(path: &Path) -> Result<Self, MeshError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| MeshError::Io {
            file: file.clone(),
            source,
        })?;
        Self::parse(&text, &file)
    }
}

/// How to import an OBJ file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObjOptions {
    /// Which way is up in the file.
    pub axes: ObjAxes,
    /// The words per group.
    pub sidecar: Sidecar,
    /// How to build the grid.
    pub build: BuildConfig,
    /// Refuse, with a typed error naming the line, every line the default
    /// skips and reports (faces of fewer than three corners, polylines,
    /// points, free-form geometry, unknown statements, unknown `usemtl`
    /// names) (divergence 325).
    pub strict: bool,
}

/// The triangles of an OBJ text, with their words, as a soup, and the
/// report of what was read and skipped ([`ImportReport`], printable).
///
/// # Errors
///
/// [`MeshError::BadLine`], [`MeshError::IndexOutOfRange`] or
/// [`MeshError::NonFinite`] naming the line and field; in strict mode
/// ([`ObjOptions::strict`]) also [`MeshError::BadLine`] for each line the
/// default would skip.
pub fn read_str(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<(Vec<SoupTriangle>, ImportReport), MeshError> {
    read::read(text, file, options)
}

/// The triangles of an OBJ text, with their words, as a soup
/// ([`read_str`] without the report).
///
/// # Errors
///
/// What [`read_str`] returns.
pub fn soup_from_str(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<Vec<SoupTriangle>, MeshError> {
    read_str(text, file, options).map(|(soup, _)| soup)
}

/// A mesh from OBJ text and the import's report: [`read_str`], then
/// [`build::from_soup`].
///
/// # Errors
///
/// What either returns.
pub fn import_str_with_report(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<(CollisionMesh, ImportReport), MeshError> {
    let (soup, report) = read_str(text, file, options)?;
    Ok((build::from_soup(&soup, &options.build, file)?, report))
}

/// A mesh from OBJ text: [`import_str_with_report`] without the report.
///
/// # Errors
///
/// What [`read_str`] and [`build::from_soup`] return.
pub fn import_str(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<CollisionMesh, MeshError> {
    import_str_with_report(text, file, options).map(|(mesh, _)| mesh)
}

/// The triangles of an OBJ file and the import's report, before building:
/// [`read_str`] on the file's text, names in other encodings (Latin-1 group
/// names) read as U+FFFD rather than refused, since only ASCII matters to
/// the statements.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`read_str`] returns.
pub fn read_file(
    path: &Path,
    options: &ObjOptions,
) -> Result<(Vec<SoupTriangle>, ImportReport), MeshError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| MeshError::Io {
        file: file.clone(),
        source,
    })?;
    read_str(&String::from_utf8_lossy(&bytes), &file, options)
}

/// A mesh from an OBJ file and the import's report.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`read_file`] and the builder return.
pub fn import_file_with_report(
    path: &Path,
    options: &ObjOptions,
) -> Result<(CollisionMesh, ImportReport), MeshError> {
    let (soup, report) = read_file(path, options)?;
    let file = path.display().to_string();
    Ok((build::from_soup(&soup, &options.build, &file)?, report))
}

/// A mesh from an OBJ file.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`import_str`] returns.
pub fn import_file(path: &Path, options: &ObjOptions) -> Result<CollisionMesh, MeshError> {
    import_file_with_report(path, options).map(|(mesh, _)| mesh)
}

/// The mesh as OBJ text, `z` up: every vertex in order, then the triangles in
/// order, a `g` line with `mat=`, `flags=` and `area=` before each run of
/// triangles with the same words. Importing it again with the same grid
/// settings gives the same triangles (and, for a mesh the builder made, the
/// same mesh).
#[must_use]
pub fn export(mesh: &CollisionMesh) -> String {
    let mut out =
        String::from("# collision mesh: game axes, z up; words per group as mat=, flags=, area=\n");
    for v in mesh.vertices() {
        let _ = writeln!(out, "v {} {} {}", v[0], v[1], v[2]);
    }
    let mut current = None;
    for t in mesh.triangles() {
        let words = (t.material, t.flags, t.area);
        if current != Some(words) {
            let _ = writeln!(
                out,
                "g mesh mat={} flags={:#06x} area={}",
                t.material.0,
                t.flags.bits(),
                t.area
            );
            current = Some(words);
        }
        let _ = writeln!(
            out,
            "f {} {} {}",
            u32::from(t.v[0]) + 1,
            u32::from(t.v[1]) + 1,
            u32::from(t.v[2]) + 1
        );
    }
    out
}
