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
//!    looked up, without regard to case, in the sidecar's `materials`, then
//!    in [`ObjOptions::materials`] (a [`MaterialMap`]), else read as a
//!    material's number or published name (`usemtl STEEL`, `usemtl steel`,
//!    `usemtl 116`) ([`ObjOptions::material_of`], divergence 372); an
//!    unknown name changes nothing and is listed in
//!    [`ImportReport::unknown_materials`], once a spelling, with how many
//!    lines name it and the first;
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
//! What cannot be a triangle is an `f` of fewer than three corners, an `f`
//! cut off by the file's end (the last line, without a line end, with fewer
//! than three corners or a last corner cut in two, or a line going on with
//! `\` past the end: [`SkipReason::CutOffFace`], divergence 370), `l`
//! polylines, `p` points, free-form geometry (`vp`, `cstype`, `deg`, `curv`,
//! `surf`, `parm`, `trim`, `end`, ...) and statements the reader does not
//! know. What [`ObjOptions::policy`] does with them and with unknown
//! `usemtl` names (divergence 371):
//!
//! | | faces, free-form, unknown statements | `l`, `p` | unknown `usemtl` |
//! | --- | --- | --- | --- |
//! | [`Strictness::Lenient`] (the default) | skipped, listed | skipped, listed | listed |
//! | [`Strictness::Geometry`] | refused | skipped, listed | listed |
//! | [`Strictness::Full`] ([`ObjOptions::strict`]) | refused | refused | refused |
//!
//! Listed: in the [`ImportReport`], each line with its number and
//! [`SkipReason`]; refused: a [`MeshError::BadLine`] naming the line and
//! the statement, or for a cut-off face a [`MeshError::CutOff`]. The
//! report's [`ImportReport::skipped_faces`] counts the faces that gave no
//! triangle, [`ImportReport::skipped_other`] the other skipped lines
//! (divergence 373). Renderer statements (`s`, `mtllib`, `lod`, `mg`, `usemap`, ...)
//! are read without a word; a `#` word ends a geometry statement's values;
//! a line ending in `\` goes on on the next. Faces of four or more corners
//! are cut into fans from their first corner; colours are read and dropped.
//! A leading byte-order mark and CRLF line ends are accepted, and a file's
//! bytes that are not UTF-8 (a Latin-1 group name) read as U+FFFD.
//!
//! ```
//! use collision_mesh::obj::{self, ObjOptions, Strictness};
//! use collision_mesh::MeshError;
//!
//! let text = "v 0 0 0\nv 4 0 0 1 0 0\nv 4 4 0\nv 0 4 0\nl 1 2\nf 1 2 3 4\n";
//! let (mesh, report) = obj::import_str_with_report(text, "yard.obj", &ObjOptions::default())?;
//! assert_eq!(mesh.triangles().len(), 2);
//! assert_eq!(
//!     report.to_string(),
//!     "yard.obj: 4 vertices, 2 triangles (1 polygons cut into fans), 0 faces skipped, \
//!      1 other lines skipped, 0 unknown material names\n  \
//!      yard.obj: line 5, `l`: a polyline, not a triangle"
//! );
//! let strict = ObjOptions { strict: true, ..ObjOptions::default() };
//! let e = obj::import_str(text, "yard.obj", &strict).unwrap_err();
//! assert!(e.to_string().starts_with("yard.obj: line 5, field `l`"));
//! // Strict about geometry: the polyline is only listed, a face cut off by
//! // the file's end is refused.
//! let geometry = ObjOptions { strictness: Strictness::Geometry, ..ObjOptions::default() };
//! assert!(obj::import_str(text, "yard.obj", &geometry).is_ok());
//! let cut = format!("{text}f 1 2");
//! let e = obj::import_str(&cut, "yard.obj", &geometry).unwrap_err();
//! assert!(matches!(e, MeshError::CutOff { .. }));
//! assert!(e.to_string().starts_with("yard.obj: line 7, field `f`"));
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
//! A 7.7 MB street of 125,856 triangles reads in about 0.15 s (goal 0.5 s,
//! met; `examples/obj_speed.rs`); the runs are on the performance page,
//! `docs/performance.md` ("Loading: speed and bounds").

mod read;
mod report;

pub use report::{ImportReport, SkipReason, Skipped, UnknownName};

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::build::{self, Attributes, BuildConfig, SoupTriangle};
use crate::error::MeshError;
use crate::{material::Material, mesh::CollisionMesh};

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
        let (file, text) = crate::files::read_text(path)?;
        Self::parse(&text, &file)
    }
}

/// What an import refuses of the lines that give no triangle (divergence
/// 371). Errors of every mode (an unreadable value, a bad index, a
/// non-finite vertex) are refused in every mode; this chooses for the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strictness {
    /// Skip every such line and report it (the default, as before).
    #[default]
    Lenient,
    /// Strict about geometry, lenient about names: refuse a face of fewer
    /// than three corners ([`MeshError::BadLine`]), a face cut off by the
    /// file's end ([`MeshError::CutOff`]), free-form geometry and unknown
    /// statements; skip and report polylines and points (no area to
    /// collide with, nothing of the surface lost); report unknown `usemtl`
    /// names ([`ImportReport::unknown_materials`]). For third-party files,
    /// whose material names are their own.
    Geometry,
    /// Refuse every such line, unknown `usemtl` names too
    /// ([`ObjOptions::strict`]).
    Full,
}

impl Strictness {
    /// Whether a line skipped for `reason` is refused in this mode.
    #[must_use]
    pub fn refuses(self, reason: SkipReason) -> bool {
        match self {
            Self::Lenient => false,
            Self::Geometry => !matches!(
                reason,
                SkipReason::Line | SkipReason::Point | SkipReason::UnknownMaterial
            ),
            Self::Full => true,
        }
    }
}

/// A table from a file's `usemtl` names to the game's materials, looked up
/// without regard to case (Unicode lower case): `Brick`, `BRICK` and
/// `brick` are one name (divergence 372).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MaterialMap {
    /// By the name in lower case: the name as first given, and its material.
    entries: BTreeMap<String, (String, Material)>,
}

impl MaterialMap {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Maps `name` (any case) to `material`; the material it had before, if
    /// any.
    pub fn insert(&mut self, name: impl Into<String>, material: Material) -> Option<Material> {
        let name = name.into();
        let key = name.to_lowercase();
        self.entries.insert(key, (name, material)).map(|(_, m)| m)
    }

    /// The table with `name` mapped to `material` ([`MaterialMap::insert`]).
    #[must_use]
    pub fn with(mut self, name: impl Into<String>, material: Material) -> Self {
        self.insert(name, material);
        self
    }

    /// The material of `name`, whatever its case.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<Material> {
        self.entries.get(&name.to_lowercase()).map(|&(_, m)| m)
    }

    /// How many names the table maps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table maps no name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Each name (as given) and its material, by lower-case name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Material)> + '_ {
        self.entries.values().map(|(n, m)| (n.as_str(), *m))
    }
}

impl<S: Into<String>> FromIterator<(S, Material)> for MaterialMap {
    fn from_iter<I: IntoIterator<Item = (S, Material)>>(iter: I) -> Self {
        let mut map = Self::new();
        map.extend(iter);
        map
    }
}

impl<S: Into<String>> Extend<(S, Material)> for MaterialMap {
    fn extend<I: IntoIterator<Item = (S, Material)>>(&mut self, iter: I) {
        for (name, material) in iter {
            self.insert(name, material);
        }
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
    /// skips and reports (faces of fewer than three corners or cut off,
    /// polylines, points, free-form geometry, unknown statements, unknown
    /// `usemtl` names) (divergence 325): [`Strictness::Full`], whatever
    /// [`ObjOptions::strictness`] says.
    pub strict: bool,
    /// What to refuse of the lines that give no triangle, when
    /// [`ObjOptions::strict`] is `false` ([`ObjOptions::policy`]).
    pub strictness: Strictness,
    /// The caller's names for `usemtl`, after the sidecar's `materials` and
    /// before the game's own names ([`ObjOptions::material_of`]).
    pub materials: MaterialMap,
}

impl ObjOptions {
    /// The mode the import runs in: [`Strictness::Full`] when
    /// [`ObjOptions::strict`] is set, else [`ObjOptions::strictness`].
    #[must_use]
    pub fn policy(&self) -> Strictness {
        if self.strict {
            Strictness::Full
        } else {
            self.strictness
        }
    }

    /// The material a `usemtl` name sets, each table without regard to case
    /// (divergence 372): the sidecar's `materials` (its exact spelling
    /// first, then the first key, in order, equal in lower case), then
    /// [`ObjOptions::materials`], then a material's number or the game's
    /// published name ([`Material::parse`], any case, with or without
    /// `MATERIAL_`). `None`: no table knows it.
    #[must_use]
    pub fn material_of(&self, name: &str) -> Option<Material> {
        let sidecar = &self.sidecar.materials;
        if let Some(&m) = sidecar.get(name) {
            return Some(m);
        }
        let lower = name.to_lowercase();
        sidecar
            .iter()
            .find(|(k, _)| k.to_lowercase() == lower)
            .map(|(_, &m)| m)
            .or_else(|| self.materials.get(name))
            .or_else(|| Material::parse(name))
    }
}

/// The triangles of an OBJ text, with their words, as a soup, and the
/// report of what was read and skipped ([`ImportReport`], printable).
///
/// # Errors
///
/// [`MeshError::BadLine`], [`MeshError::IndexOutOfRange`] or
/// [`MeshError::NonFinite`] naming the line and field; in a strict mode
/// ([`ObjOptions::policy`]) also [`MeshError::BadLine`] for each line the
/// mode refuses, [`MeshError::CutOff`] for a face cut off by the file's end.
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
    let (file, bytes) = crate::files::read_file(path)?;
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
