//! The RON form of a mesh, for small meshes a person reads and edits: the
//! fields of [`MeshData`] (vertices, triangles with their flags by name,
//! the grid as the console lays it out, the header words).
//!
//! Reading checks the mesh as every other source does, naming the field of
//! the first problem (`triangles[3].v[1]`) (divergence 150).
//!
//! ```
//! use collision_mesh::{build, ron_text, BuildConfig, SoupTriangle};
//!
//! let floor = SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 10.0, 0.0]]);
//! let mesh = build::from_soup(&[floor], &BuildConfig::default(), "floor")?;
//! let text = ron_text::to_string(&mesh)?;
//! assert!(text.contains("ENABLED"));
//! assert_eq!(ron_text::from_str(&text, "floor.ron")?, mesh);
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```

use std::path::Path;

use crate::mesh::MeshData;
use crate::{error::MeshError, mesh::CollisionMesh};

/// The mesh as pretty RON text.
///
/// # Errors
///
/// [`MeshError::Ron`] if the serialiser refuses (it does not for a checked
/// mesh).
pub fn to_string(mesh: &CollisionMesh) -> Result<String, MeshError> {
    let config = ron::ser::PrettyConfig::new().depth_limit(3);
    ron::ser::to_string_pretty(&mesh.to_data(), config).map_err(|e| MeshError::Ron {
        file: "<ron>".to_owned(),
        line: 0,
        column: 0,
        path: String::new(),
        detail: e.to_string(),
    })
}

/// A mesh from RON text; `file` names the source in errors.
///
/// # Errors
///
/// [`MeshError::Ron`] with the line, the column and the field path for text
/// that does not parse;
/// the checks of [`CollisionMesh::from_data`] for a mesh that breaks an
/// invariant.
pub fn from_str(text: &str, file: &str) -> Result<CollisionMesh, MeshError> {
    let data: MeshData = parse(text, file)?;
    CollisionMesh::from_data(data, file)
}

/// Parses RON text into `T`, turning the parser's error into
/// [`MeshError::Ron`] with the line, the column and, for a value of the
/// wrong type or form, the path of its field (`triangles[3].flags`)
/// (divergence 326).
pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    text: &str,
    file: &str,
) -> Result<T, MeshError> {
    let ron_error = |e: ron::error::SpannedError, path: String| MeshError::Ron {
        file: file.to_owned(),
        line: e.position.line,
        column: e.position.col,
        path,
        detail: e.code.to_string(),
    };
    let mut de = ron::Deserializer::from_str(text).map_err(|e| ron_error(e, String::new()))?;
    match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(value) => {
            de.end()
                .map_err(|code| ron_error(de.span_error(code), String::new()))?;
            Ok(value)
        }
        Err(e) => {
            let path = e.path().to_string();
            let path = if path == "." { String::new() } else { path };
            Err(ron_error(de.span_error(e.into_inner()), path))
        }
    }
}

/// Writes the mesh's RON form to a file.
///
/// # Errors
///
/// [`MeshError::Io`].
pub fn save(mesh: &CollisionMesh, path: &Path) -> Result<(), MeshError> {
    let file = path.display().to_string();
    let text = to_string(mesh).map_err(|e| match e {
        MeshError::Ron {
            line,
            column,
            path,
            detail,
            ..
        } => MeshError::Ron {
            file,
            line,
            column,
            path,
            detail,
        },
        other => other,
    })?;
    crate::files::write_file(path, text)
}

/// Reads a mesh's RON form from a file.
///
/// # Errors
///
/// [`MeshError::Io`], or what [`from_str`] returns.
pub fn load(path: &Path) -> Result<CollisionMesh, MeshError> {
    let (file, text) = crate::files::read_text(path)?;
    from_str(&text, &file)
}
