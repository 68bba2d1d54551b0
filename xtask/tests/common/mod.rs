//! What the xtask tests share: the workspace root, running the built
//! `xtask`, a scratch file, and the OBJ text of a square grid of quads.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The built `xtask` run with `args`: its status and output.
pub fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

/// The path `name` in the scratch folder `folder` (created).
pub fn scratch(folder: &str, name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// OBJ text of an `n` × `n` grid of unit quads (`2 n²` triangles): the
/// `(n + 1)²` corners `v i j height(i)`, then the `between` lines, then one
/// `f` line a quad.
pub fn quad_grid_obj(n: usize, height: impl Fn(usize) -> usize, between: &str) -> String {
    let mut text = String::new();
    for j in 0..=n {
        for i in 0..=n {
            text.push_str(&format!("v {i} {j} {}\n", height(i)));
        }
    }
    let at = |i: usize, j: usize| j * (n + 1) + i + 1;
    text.push_str(between);
    for j in 0..n {
        for i in 0..n {
            text.push_str(&format!(
                "f {} {} {} {}\n",
                at(i, j),
                at(i + 1, j),
                at(i + 1, j + 1),
                at(i, j + 1)
            ));
        }
    }
    text
}
