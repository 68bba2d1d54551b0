//! Importing a Wavefront OBJ file as a collision mesh (with the `tobj`
//! loader), and writing a mesh back as OBJ.
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
//! 4. `key=value` words in the group line itself: `mat=` (an id or a
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
//! )
//! ```
//!
//! # Lines
//!
//! Before `tobj` reads the text, a scan of its lines checks what `tobj` would
//! refuse without saying where, so a bad file gives an error naming the line
//! and field: a `v` with a missing or unreadable coordinate, a NaN or an
//! infinity, a zero `w`; an `f` with fewer than three corners, an unreadable
//! index, or an index past the vertices (or texture coordinates, or normals)
//! defined so far; an unknown `key=` in a group line. `l` lines with two
//! points are ignored, as are points; polygons are cut into fans; materials
//! (`usemtl`, `mtllib`) are not read (divergence 146).
//!
//! # Axes
//!
//! The game's axes are `z` up. [`ObjAxes::ZUp`] (the default) takes the
//! coordinates as they are; [`ObjAxes::YUp`] turns a `y`-up file's
//! `(x, y, z)` into `(x, −z, y)` (divergence 147).

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

/// A mesh from an OBJ file and the import's report.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`import_str_with_report`] returns.
pub fn import_file_with_report(
    path: &Path,
    options: &ObjOptions,
) -> Result<(CollisionMesh, ImportReport), MeshError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| MeshError::Io {
        file: file.clone(),
        source,
    })?;
    import_str_with_report(&text, &file, options)
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
