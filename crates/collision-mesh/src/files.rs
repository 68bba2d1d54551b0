//! Whole files read and written, a failure a [`MeshError::Io`] naming the
//! file (the path as displayed). Every reader and writer of the crate, and
//! the facade's OBJ loader, goes through these, so an unreadable or
//! unwritable file is reported one way.

use std::path::Path;

use crate::error::MeshError;

/// Reads the file at `path` whole: the name the errors give it and its
/// bytes.
///
/// # Errors
///
/// [`MeshError::Io`] naming the file.
pub fn read_file(path: &Path) -> Result<(String, Vec<u8>), MeshError> {
    named(path, || std::fs::read(path))
}

/// [`read_file`] for a text: its name and its contents, which must be UTF-8.
///
/// # Errors
///
/// [`MeshError::Io`] naming the file, of the kind
/// [`InvalidData`](std::io::ErrorKind::InvalidData) for text that is not
/// UTF-8.
pub fn read_text(path: &Path) -> Result<(String, String), MeshError> {
    named(path, || std::fs::read_to_string(path))
}

/// Writes `contents` to the file at `path`, replacing it.
///
/// # Errors
///
/// [`MeshError::Io`] naming the file.
pub fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), MeshError> {
    named(path, || std::fs::write(path, contents)).map(|_| ())
}

/// Runs `op`, which reads or writes the file at `path`: the name the
/// errors give the file (the path as displayed) and what `op` returned,
/// or [`MeshError::Io`] naming it.
fn named<T>(
    path: &Path,
    op: impl FnOnce() -> std::io::Result<T>,
) -> Result<(String, T), MeshError> {
    let file = path.display().to_string();
    match op() {
        Ok(value) => Ok((file, value)),
        Err(source) => Err(MeshError::Io { file, source }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A missing file is an `Io` error naming it, for each reader; a text
    /// that is not UTF-8 is one of the kind `InvalidData`.
    #[test]
    fn a_failed_read_names_the_file() {
        let dir = std::env::temp_dir().join(format!("collision-mesh-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.obj");
        for e in [
            read_file(&missing).unwrap_err(),
            read_text(&missing).unwrap_err(),
        ] {
            assert!(
                matches!(&e, MeshError::Io { file, .. } if file.ends_with("missing.obj")),
                "{e}"
            );
        }
        let latin = dir.join("latin.obj");
        write_file(&latin, [b'o', b' ', 0xe9]).unwrap();
        assert_eq!(read_file(&latin).unwrap().1, [b'o', b' ', 0xe9]);
        let MeshError::Io { file, source } = read_text(&latin).unwrap_err() else {
            panic!("not an Io error");
        };
        assert!(file.ends_with("latin.obj"));
        assert_eq!(source.kind(), std::io::ErrorKind::InvalidData);
        let e = write_file(&dir.join("no-dir").join("x.bin"), b"").unwrap_err();
        assert!(e.file().ends_with("x.bin"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
