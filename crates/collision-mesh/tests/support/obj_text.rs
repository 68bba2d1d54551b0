//! What the OBJ reader's tests share: one triangle's vertices, the strict
//! options, and the places and skips the reports name.
#![allow(dead_code)]

use collision_mesh::obj::{self, ImportReport, ObjOptions, SkipReason, Skipped};
use collision_mesh::Place;

/// Three vertices of one triangle (4 m legs), for `f 1 2 3`.
pub const TRI: &str = "v 0 0 0\nv 4 0 0\nv 0 4 0\n";

/// The default options with `strict` set.
pub fn strict() -> ObjOptions {
    ObjOptions {
        strict: true,
        ..ObjOptions::default()
    }
}

/// The report of reading `text` as the file `file` with the default
/// options, which must give one triangle and skip `skips`.
pub fn one_triangle_skipping(text: &str, file: &str, skips: &[Skipped]) -> ImportReport {
    let (soup, report) = obj::read_str(text, file, &ObjOptions::default()).expect("read");
    assert_eq!(soup.len(), 1, "{file}");
    assert_eq!(report.skipped, skips, "{file}");
    report
}

/// The place of `field` on OBJ line `line`.
pub fn obj_place(line: usize, field: &str) -> Place {
    Place::ObjLine {
        line,
        field: field.to_owned(),
    }
}

/// A skipped statement of line `line`, for `reason`.
pub fn skipped(line: usize, statement: &str, reason: SkipReason) -> Skipped {
    Skipped {
        line,
        statement: statement.to_owned(),
        reason,
    }
}
