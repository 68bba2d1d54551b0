//! The OBJ line reader: one pass over the text, each statement checked where
//! it stands, so every error and every skipped line carries its number
//! (divergences 146, 324, 325, 370 to 372).

use std::collections::HashMap;

use crate::build::{Attributes, SoupTriangle};
use crate::error::{MeshError, Place};
use crate::{flags::TriangleFlags, material::Material};

use super::report::{ImportReport, SkipReason, Skipped, UnknownName};
use super::{ObjAxes, ObjOptions, Strictness};

pub(super) fn bad_line(file: &str, line: usize, field: &str, detail: String) -> MeshError {
    MeshError::BadLine {
        file: file.to_owned(),
        at: Place::ObjLine {
            line,
            field: field.to_owned(),
        },
        detail,
    }
}

/// A `g`/`o` line's name: the line after its keyword, trimmed, or
/// `unnamed_object` (the name `tobj` gave it, which sidecars written for the
/// earlier reader use).
fn group_name(line: &str) -> &str {
    let size = line.chars().next().map_or(0, char::len_utf8);
    let name = line.get(size..).unwrap_or("").trim();
    if name.is_empty() {
        "unnamed_object"
    } else {
        name
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

/// The words of a group line: the sidecar's, then the line's own; and
/// whether the line set the material itself.
fn group_attributes(
    name: &str,
    options: &ObjOptions,
    file: &str,
    line: usize,
) -> Result<(Attributes, bool), MeshError> {
    let sidecar = &options.sidecar;
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
    let mut own_material = false;
    for word in name.split_whitespace().filter(|w| w.contains('=')) {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let field = format!("g {key}");
        match key {
            "mat" | "material" => {
                attrs.material = Material::parse(value).ok_or_else(|| {
                    bad_line(file, line, &field, format!("unknown material `{value}`"))
                })?;
                own_material = true;
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
    Ok((attrs, own_material))
}

/// One corner of an `f` line: `v`, `v/vt`, `v//vn` or `v/vt/vn`, each index
/// 1-based or negative (counting back from the last defined), inside what was
/// defined so far; the vertex's 0-based index.
fn corner(word: &str, counts: [usize; 3], file: &str, line: usize) -> Result<usize, MeshError> {
    const NAMES: [&str; 3] = ["v", "vt", "vn"];
    if word.bytes().filter(|&b| b == b'/').count() > 2 {
        return Err(bad_line(
            file,
            line,
            "f",
            format!("`{word}` has more than three indices"),
        ));
    }
    let mut vertex = 0;
    for (k, part) in word.split('/').enumerate() {
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
        let field = || format!("f {}", NAMES[k]);
        let i: i64 = part
            .parse()
            .map_err(|_| bad_line(file, line, &field(), format!("`{part}` is not an index")))?;
        let n = counts[k] as i64;
        let resolved = if i < 0 { n + i } else { i - 1 };
        if !(0 <= resolved && resolved < n) {
            return Err(MeshError::IndexOutOfRange {
                file: file.to_owned(),
                at: Place::ObjLine {
                    line,
                    field: field(),
                },
                index: i.unsigned_abs(),
                limit: n as u64,
            });
        }
        if k == 0 {
            vertex = resolved as usize;
        }
    }
    Ok(vertex)
}

/// The statements that describe free-form curves and surfaces.
const FREE_FORM: [&str; 15] = [
    "vp", "cstype", "deg", "bmat", "step", "curv", "curv2", "surf", "parm", "trim", "hole", "scrv",
    "sp", "end", "con",
];

/// Statements that set how a renderer draws (smoothing, level of detail,
/// merging, texture maps, material libraries): nothing a collision mesh uses,
/// read without a word.
const RENDER_ONLY: [&str; 12] = [
    "s",
    "mtllib",
    "lod",
    "mg",
    "maplib",
    "usemap",
    "bevel",
    "c_interp",
    "d_interp",
    "shadow_obj",
    "trace_obj",
    "ctech",
];

/// How a statement meets the end of the text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// A line end follows it.
    Closed,
    /// It is the last line, with no line end after it.
    Open,
    /// It goes on with `\` past the end.
    Continued,
}

/// The reader's state between lines.
struct Reader<'a> {
    file: &'a str,
    options: &'a ObjOptions,
    positions: Vec<[f32; 3]>,
    counts: [usize; 3],
    group: Attributes,
    group_sets_material: bool,
    material: Option<Material>,
    soup: Vec<SoupTriangle>,
    report: ImportReport,
    corners: Vec<usize>,
    groups: HashMap<String, (Attributes, bool)>,
    /// Each `usemtl` name met so far: its material, and for an unknown
    /// name its entry in the report's list.
    names: HashMap<String, Result<Material, usize>>,
    policy: Strictness,
    /// How the statement being read meets the end of the text.
    end: End,
}

impl Reader<'_> {
    /// Skips a statement, or refuses it where the mode says so.
    fn skip(&mut self, line: usize, statement: &str, reason: SkipReason) -> Result<(), MeshError> {
        if self.policy.refuses(reason) {
            let mode = match self.policy {
                Strictness::Full => "strict import",
                _ => "import strict about geometry",
            };
            if let SkipReason::CutOffFace { corners } = reason {
                return Err(MeshError::CutOff {
                    file: self.file.to_owned(),
                    at: Place::ObjLine {
                        line,
                        field: statement.to_owned(),
                    },
                    detail: format!(
                        "{corners} corners read before the end{} ({mode})",
                        if self.end == End::Continued {
                            ", the line goes on with `\\` past it"
                        } else {
                            ", no line end"
                        }
                    ),
                });
            }
            return Err(bad_line(
                self.file,
                line,
                statement,
                format!("{reason} ({mode})"),
            ));
        }
        self.report.skipped.push(Skipped {
            line,
            statement: statement.to_owned(),
            reason,
        });
        Ok(())
    }

    fn attributes(&self) -> Attributes {
        let mut a = self.group;
        if let (Some(m), false) = (self.material, self.group_sets_material) {
            a.material = m;
        }
        a
    }

    fn vertex<'w>(
        &mut self,
        line: usize,
        mut words: impl Iterator<Item = &'w str>,
    ) -> Result<(), MeshError> {
        let file = self.file;
        const AXES: [&str; 3] = ["v x", "v y", "v z"];
        let mut xyz = [0f32; 3];
        for (a, slot) in xyz.iter_mut().enumerate() {
            let w = words
                .next()
                .ok_or_else(|| bad_line(file, line, AXES[a], "missing coordinate".to_owned()))?;
            *slot = w
                .parse()
                .map_err(|_| bad_line(file, line, AXES[a], format!("`{w}` is not a number")))?;
        }
        let mut rest = [""; 3];
        let mut extra = 0;
        for w in words {
            if extra < 3 {
                rest[extra] = w;
            }
            extra += 1;
        }
        match extra {
            0 => {}
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
            3 => {
                for (k, w) in rest.iter().enumerate() {
                    let field = ["v r", "v g", "v b"][k];
                    let c: f32 = w.parse().map_err(|_| {
                        bad_line(file, line, field, format!("colour `{w}` is not a number"))
                    })?;
                    if !c.is_finite() {
                        return Err(bad_line(
                            file,
                            line,
                            field,
                            format!("colour `{w}` is not finite"),
                        ));
                    }
                }
                self.report.coloured_vertices += 1;
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
                        field: AXES[a].to_owned(),
                    },
                    bits: c.to_bits(),
                });
            }
        }
        let p = match self.options.axes {
            ObjAxes::ZUp => xyz,
            ObjAxes::YUp => [xyz[0], -xyz[2], xyz[1]],
        };
        self.positions.push(p);
        self.counts[0] += 1;
        Ok(())
    }

    fn face<'w>(
        &mut self,
        line: usize,
        words: impl Iterator<Item = &'w str>,
    ) -> Result<(), MeshError> {
        self.corners.clear();
        let mut words = words.peekable();
        while let Some(w) = words.next() {
            match corner(w, self.counts, self.file, line) {
                Ok(v) => self.corners.push(v),
                // The last word of a face the text ends inside may be a
                // corner cut in two (`1/-`): the face is cut off.
                Err(_) if self.end != End::Closed && words.peek().is_none() => {
                    let corners = self.corners.len();
                    return self.skip(line, "f", SkipReason::CutOffFace { corners });
                }
                Err(e) => return Err(e),
            }
        }
        let n = self.corners.len();
        if self.end == End::Continued || (self.end == End::Open && n < 3) {
            return self.skip(line, "f", SkipReason::CutOffFace { corners: n });
        }
        if n < 3 {
            return self.skip(line, "f", SkipReason::ShortFace { corners: n });
        }
        if n > 3 {
            self.report.polygons += 1;
        }
        let attributes = self.attributes();
        let a = self.positions[self.corners[0]];
        for k in 1..n - 1 {
            let (b, c) = (
                self.positions[self.corners[k]],
                self.positions[self.corners[k + 1]],
            );
            self.soup.push(SoupTriangle {
                corners: [a, b, c],
                attributes,
            });
        }
        Ok(())
    }

    /// A `usemtl` line: the material its name gives ([`ObjOptions::material_of`],
    /// once per name); an unknown name counted in the report, or refused in
    /// the full strict mode.
    fn usemtl(&mut self, line: usize, name: &str) -> Result<(), MeshError> {
        let found = match self.names.get(name) {
            Some(&found) => found,
            None => {
                let found = self
                    .options
                    .material_of(name)
                    .ok_or(self.report.unknown_materials.len());
                self.names.insert(name.to_owned(), found);
                found
            }
        };
        match found {
            Ok(m) => self.material = Some(m),
            Err(k) => {
                self.material = None;
                let reason = SkipReason::UnknownMaterial;
                if self.policy.refuses(reason) {
                    return Err(bad_line(
                        self.file,
                        line,
                        "usemtl",
                        format!("`{name}`: {reason} (strict import)"),
                    ));
                }
                match self.report.unknown_materials.get_mut(k) {
                    Some(u) => u.count += 1,
                    None => self.report.unknown_materials.push(UnknownName {
                        name: name.to_owned(),
                        count: 1,
                        first_line: line,
                    }),
                }
            }
        }
        Ok(())
    }

    fn statement(&mut self, line: usize, text: &str) -> Result<(), MeshError> {
        let file = self.file;
        // A `#` word ends the values of a geometry statement.
        let mut words = text.split_ascii_whitespace();
        let Some(keyword) = words.next() else {
            return Ok(());
        };
        let values = words.take_while(|w| !w.starts_with('#'));
        match keyword {
            k if k.starts_with('#') => {}
            "v" => self.vertex(line, values)?,
            kind @ ("vt" | "vn") => {
                let need = if kind == "vt" { 2 } else { 3 };
                let mut values = values;
                for k in 0..need {
                    let w = values.next().ok_or_else(|| {
                        bad_line(file, line, kind, format!("value {} missing", k + 1))
                    })?;
                    w.parse::<f32>().map_err(|_| {
                        bad_line(file, line, kind, format!("`{w}` is not a number"))
                    })?;
                }
                self.counts[if kind == "vt" { 1 } else { 2 }] += 1;
            }
            "f" | "fo" => self.face(line, values)?,
            "l" => self.skip(line, "l", SkipReason::Line)?,
            "p" => self.skip(line, "p", SkipReason::Point)?,
            "g" | "o" => {
                let name = group_name(text.trim_start());
                let found = match self.groups.get(name) {
                    Some(&found) => found,
                    None => {
                        let found = group_attributes(name, self.options, file, line)?;
                        self.groups.insert(name.to_owned(), found);
                        found
                    }
                };
                (self.group, self.group_sets_material) = found;
            }
            "usemtl" => {
                let name = text
                    .trim_start()
                    .split_once(|c: char| c.is_ascii_whitespace())
                    .map_or("", |(_, n)| n.trim());
                if name.is_empty() {
                    return Err(bad_line(
                        file,
                        line,
                        "usemtl",
                        "no material name".to_owned(),
                    ));
                }
                self.usemtl(line, name)?;
            }
            k if RENDER_ONLY.contains(&k) => {}
            k if FREE_FORM.contains(&k) => self.skip(line, k, SkipReason::FreeForm)?,
            k => self.skip(line, k, SkipReason::Unknown)?,
        }
        Ok(())
    }
}

/// Reads OBJ text into a soup and a report.
pub(super) fn read(
    text: &str,
    file: &str,
    options: &ObjOptions,
) -> Result<(Vec<SoupTriangle>, ImportReport), MeshError> {
    let mut r = Reader {
        file,
        options,
        positions: Vec::new(),
        counts: [0; 3],
        group: options.sidecar.default,
        group_sets_material: false,
        material: None,
        soup: Vec::new(),
        report: ImportReport {
            file: file.to_owned(),
            ..ImportReport::default()
        },
        corners: Vec::with_capacity(8),
        groups: HashMap::new(),
        names: HashMap::new(),
        policy: options.policy(),
        end: End::Closed,
    };
    // A byte-order mark (some Windows exporters write one) is not a word.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A statement ending in `\` goes on on the next line.
    let mut joined = String::new();
    let mut first = 0;
    let open_end = !text.ends_with(['\n', '\r']);
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, raw)) = lines.next() {
        let line = i + 1;
        if open_end && lines.peek().is_none() {
            r.end = End::Open;
        }
        if let Some(head) = raw.strip_suffix('\\') {
            if joined.is_empty() {
                first = line;
            }
            joined.push_str(head);
            joined.push(' ');
            continue;
        }
        if joined.is_empty() {
            r.statement(line, raw)?;
        } else {
            joined.push_str(raw);
            let text = std::mem::take(&mut joined);
            r.statement(first, &text)?;
        }
    }
    if !joined.is_empty() {
        let text = std::mem::take(&mut joined);
        r.end = End::Continued;
        r.statement(first, &text)?;
    }
    r.report.vertices = r.counts[0];
    r.report.triangles = r.soup.len();
    Ok((r.soup, r.report))
}
