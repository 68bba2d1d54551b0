//! What the OBJ reader's tests share: one triangle's vertices, the strict
//! options, and the places and skips the reports name.
#![allow(dead_code)]

use collision_mesh::obj::{ObjOptions, SkipReason, Skipped};
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
