//! Where the tasks find the workspace.

use std::path::PathBuf;

/// The workspace root (the parent of this crate's folder).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map_or(here.clone(), PathBuf::from)
}
