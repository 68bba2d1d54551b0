//! The compact binary form of a mesh: a flat chunk container holding the six
//! collision chunks in level-file order, byte for byte the console's layout
//! (divergence 143). It is what a level file holds for its mesh, minus the
//! other chunks, so [`crate::chunks::read_level_file`] reads it too, and a
//! mesh of 9,000 triangles takes about 200 KB.
//!
//! ```
//! use collision_mesh::{binary, build, BuildConfig, SoupTriangle};
//!
//! let floor = SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 10.0, 0.0]]);
//! let mesh = build::from_soup(&[floor], &BuildConfig::default(), "floor")?;
//! let bytes = binary::to_bytes(&mesh);
//! assert_eq!(binary::from_bytes(&bytes, "floor.bin")?, mesh);
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```

use std::path::Path;

use crate::chunks::MeshChunks;
use crate::{error::MeshError, mesh::CollisionMesh};

/// The mesh's binary form.
#[must_use]
pub fn to_bytes(mesh: &CollisionMesh) -> Vec<u8> {
    MeshChunks::encode(mesh).to_container()
}

/// A mesh from its binary form (or from a level file's bytes); `file` names
/// the source in errors.
///
/// # Errors
///
/// What [`MeshChunks::from_container`] and [`MeshChunks::decode`] return.
pub fn from_bytes(bytes: &[u8], file: &str) -> Result<CollisionMesh, MeshError> {
    MeshChunks::from_container(bytes, file)?.decode(file)
}

/// Writes the mesh's binary form to a file.
///
/// # Errors
///
/// [`MeshError::Io`].
pub fn save(mesh: &CollisionMesh, path: &Path) -> Result<(), MeshError> {
    crate::files::write_file(path, to_bytes(mesh))
}

/// Reads a mesh's binary form (or a level file) from a file.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`from_bytes`] returns.
pub fn load(path: &Path) -> Result<CollisionMesh, MeshError> {
    crate::chunks::read_level_file(path)
}
