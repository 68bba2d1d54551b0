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

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::build::{self, Attributes, BuildConfig, SoupTriangle};
use crate::error::{MeshError, Place};
use crate::{CollisionMesh, Material, TriangleFlags};

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
}

/// What the line scan learnt: each group name's words.
struct Scan {
    groups: HashMap<String, Attributes>,
}

fn bad_line(file: &str, line: usize, field: &str, detail: String) -> MeshError {
    MeshError::BadLine {
        file: file.to_owned(),
        at: Place::ObjLine {
            line,
            field: field.to_owned(),
        },
        detail,
    }
}

/// The name `tobj` gives a `g`/`o` line's model: the line after its first
/// character, trimmed, or `unnamed_object`.
fn tobj_name(line: &str) -> String {
    let size = line.chars().next().map_or(0, char::len_utf8);
    let name = line.get(size..).unwrap_or("").trim();
    if name.is_empty() {
        "unnamed_object".to_owned()
    } else {
        name.to_owned()
    }
}

fn parse_flags(text: &str) -> Option<TriangleFlags> {
    if let Ok(v) = text.parse::<u16>() {
        return Some(TriangleFlags::from_bits_retain(v));
    }
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        return u16::from_str_radix(hex, 16)
            .ok()
            .map(TriangleFlags::from_bits_retain);
    }
    bitflags::parser::from_str::<TriangleFlags>(text).ok()
}

/// The words of a group line: the sidecar's, then the line's own.
fn group_attributes(
    name: &str,
    sidecar: &Sidecar,
    file: &str,
    line: usize,
) -> Result<Attributes, MeshError> {
    let plain: Vec<&str> = name
        .split_whitespace()
        .filter(|w| !w.contains('='))
        .collect();
    let plain = plain.join(" ");
    let mut attrs = sidecar
        .groups
        .get(&plain)
        .copied()
        .unwrap_or(sidecar.default);
    for word in name.split_whitespace().filter(|w| w.contains('=')) {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let field = format!("g {key}");
        match key {
            "mat" | "material" => {
                attrs.material = Material::parse(value).ok_or_else(|| {
                    bad_line(file, line, &field, format!("unknown material `{value}`"))
                })?;
            }
            "flags" => {
                attrs.flags = parse_flags(value).ok_or_else(|| {
                    bad_line(file, line, &field, format!("unreadable flags `{value}`"))
                })?;
            }
            "area" => {
                attrs.area = value.parse().map_err(|_| {
                    bad_line(
                        file,
                        line,
                        &field,
                        format!("area `{value}` is not 0 to 255"),
                    )
                })?;
            }
            _ => return Err(bad_line(file, line, &field, format!("unknown key `{key}`"))),
        }
    }
    Ok(attrs)
}

/// Checks one corner of an `f` (or `l`) line: `v`, `v/vt`, `v//vn` or
/// `v/vt/vn`, each index 1-based or negative (relative), inside what was
/// defined so far.
fn check_corner(word: &str, counts: [usize; 3], file: &str, line: usize) -> Result<(), MeshError> {
    const NAMES: [&str; 3] = ["v", "vt", "vn"];
    let parts: Vec<&str> = word.split('/').collect();
    if parts.len() > 3 {
        return Err(bad_line(
            file,
            line,
            "f",
            format!("`{word}` has more than three indices"),
        ));
    }
    for (k, part) in parts.iter().enumerate() {
        if part.is_empty() {
            if k == 0 {
                return Err(bad_line(
                    file,
                    line,
                    "f",
                    format!("`{word}` has no vertex index"),
                ));
            }
            continue;
        }
        let field = format!("f {}", NAMES[k]);
        let i: i64 = part
            .parse()
            .map_err(|_| bad_line(file, line, &field, format!("`{part}` is not an index")))?;
        let n = counts[k] as i64;
        let resolved = if i < 0 { n + i } else { i - 1 };
        if !(0 <= resolved && resolved < n) {
            return Err(MeshError::IndexOutOfRange {
                file: file.to_owned(),
                at: Place::ObjLine { line, field },
                index: i.unsigned_abs(),
                limit: n as u64,
            });
        }
    }
    Ok(())
}

/// Scans the lines for what `tobj` would refuse without a line number, and
/// works out each group's words.
fn scan(text: &str, sidecar: &Sidecar, file: &str) -> Result<Scan, MeshError> {
    let mut counts = [0usize; 3];
    let mut groups = HashMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let mut words = raw.split_whitespace();
        match words.next() {
            Some("v") => {
                let mut xyz = [0f32; 3];
                for (a, slot) in xyz.iter_mut().enumerate() {
                    let field = format!("v {}", ["x", "y", "z"][a]);
                    let w = words.next().ok_or_else(|| {
                        bad_line(file, line, &field, "missing coordinate".to_owned())
                    })?;
                    *slot = w.parse().map_err(|_| {
                        bad_line(file, line, &field, format!("`{w}` is not a number"))
                    })?;
                }
                let rest: Vec<&str> = words.collect();
                match rest.len() {
                    0 | 3 => {}
                    1 => {
                        let w: f32 = rest[0].parse().map_err(|_| {
                            bad_line(file, line, "v w", format!("`{}` is not a number", rest[0]))
                        })?;
                        if w == 0.0 {
                            return Err(bad_line(file, line, "v w", "w is zero".to_owned()));
                        }
                        for c in &mut xyz {
                            *c /= w;
                        }
                    }
                    n => {
                        return Err(bad_line(
                            file,
                            line,
                            "v",
                            format!(
                                "{} values; a vertex has 3, 4 (with w) or 6 (with a colour)",
                                n + 3
                            ),
                        ));
                    }
                }
                for (a, c) in xyz.iter().enumerate() {
                    if !c.is_finite() {
                        return Err(MeshError::NonFinite {
                            file: file.to_owned(),
                            at: Place::ObjLine {
                                line,
                                field: format!("v {}", ["x", "y", "z"][a]),
                            },
                            bits: c.to_bits(),
                        });
                    }
                }
                counts[0] += 1;
            }
            Some(kind @ ("vt" | "vn")) => {
                let need = if kind == "vt" { 2 } else { 3 };
                for k in 0..need {
                    let w = words.next().ok_or_else(|| {
                        bad_line(file, line, kind, format!("value {} missing", k + 1))
                    })?;
                    w.parse::<f32>().map_err(|_| {
                        bad_line(file, line, kind, format!("`{w}` is not a number"))
                    })?;
                }
                counts[if kind == "vt" { 1 } else { 2 }] += 1;
            }
            Some(kind @ ("f" | "l")) => {
                let corners: Vec<&str> = words.collect();
                for w in &corners {
                    check_corner(w, counts, file, line)?;
                }
                if kind == "f" && corners.len() < 3 {
                    return Err(bad_line(
                        file,
                        line,
                        "f",
                        format!("a face needs 3 corners, this one has {}", corners.len()),
                    ));
                }
            }
            Some("o" | "g") => {
                let name = tobj_name(raw);
                let attrs = group_attributes(&name, sidecar, file, line)?;
                groups.insert(name, attrs);
            }
            Some("usemtl") if raw.split_once(' ').map_or("", |(_, n)| n.trim()).is_empty() => {
                return Err(bad_line(
                    file,
                    line,
                    "usemtl",
                    "no material name".to_owned(),
                ));
            }
            _ => {}
        }
    }
    Ok(Scan { groups })
}

/// The triangles of an OBJ text, with their words, as a soup.
///
/// # Errors
///
/// [`MeshError::BadLine`], [`MeshError::IndexOutOfRange`] or
/// [`MeshError::NonFinite`] naming the line and field; [`MeshError::Obj`]
/// when `tobj` refuses the text for another reason.
pub fn soup_from_str(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<Vec<SoupTriangle>, MeshError> {
    let scan = scan(text, &options.sidecar, file)?;
    let load = tobj::LoadOptions {
        single_index: false,
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
    };
    let (models, _materials) = tobj::load_obj_buf(&mut text.as_bytes(), &load, |_| {
        Ok((Vec::new(), std::collections::HashMap::new()))
    })
    .map_err(|e| MeshError::Obj {
        file: file.to_owned(),
        detail: e.to_string(),
    })?;
    let mut soup = Vec::new();
    for model in &models {
        let attributes = scan
            .groups
            .get(&model.name)
            .copied()
            .unwrap_or(options.sidecar.default);
        let pos = &model.mesh.positions;
        let corner = |ix: u32| -> Option<[f32; 3]> {
            let i = ix as usize * 3;
            let p = [*pos.get(i)?, *pos.get(i + 1)?, *pos.get(i + 2)?];
            Some(match options.axes {
                ObjAxes::ZUp => p,
                ObjAxes::YUp => [p[0], -p[2], p[1]],
            })
        };
        for face in model.mesh.indices.chunks_exact(3) {
            let (Some(a), Some(b), Some(c)) = (corner(face[0]), corner(face[1]), corner(face[2]))
            else {
                return Err(MeshError::Obj {
                    file: file.to_owned(),
                    detail: format!("model `{}` has a face index past its positions", model.name),
                });
            };
            soup.push(SoupTriangle {
                corners: [a, b, c],
                attributes,
            });
        }
    }
    Ok(soup)
}

/// A mesh from OBJ text: [`soup_from_str`], then [`build::from_soup`].
///
/// # Errors
///
/// What either returns.
pub fn import_str(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<CollisionMesh, MeshError> {
    let soup = soup_from_str(text, file, options)?;
    build::from_soup(&soup, &options.build, file)
}

/// A mesh from an OBJ file.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`import_str`] returns.
pub fn import_file(path: &Path, options: &ObjOptions) -> Result<CollisionMesh, MeshError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| MeshError::Io {
        file: file.clone(),
        source,
    })?;
    import_str(&text, &file, options)
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
