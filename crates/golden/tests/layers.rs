//! The layers' dependency rules that the compiler does not check
//! (`docs/ARCHITECTURE.md`, "Layers"): the facade `warriors-physics` (its
//! library, examples and benchmarks), the stand-in game `game-smoke` and the
//! world `physics-world` name no `details` module of any crate. The record layer's `details` are for the
//! case replayer and the tests.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The 1-based numbers of the lines of `text` whose code (the part before a
/// `//` comment, doc comments included) names an identifier `details`.
fn details_lines(text: &str) -> Vec<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.find("//").map_or(*line, |i| &line[..i]);
            code.match_indices("details").any(|(i, w)| {
                let before = code[..i].chars().next_back();
                let after = code[i + w.len()..].chars().next();
                !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
            })
        })
        .map(|(i, _)| i + 1)
        .collect()
}

/// Every `file:line` under `dirs` (relative to the root) that names a
/// `details` module, and how many files were read.
fn offenders(dirs: &[&str]) -> (Vec<String>, usize) {
    let mut files = Vec::new();
    for d in dirs {
        rust_files(&root().join(d), &mut files);
    }
    let mut out = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).expect("read a source file");
        for n in details_lines(&text) {
            out.push(format!("{}:{n}", f.display()));
        }
    }
    (out, files.len())
}

#[test]
fn the_scanner_finds_a_details_path_and_only_in_code() {
    assert_eq!(details_lines("use kernels::details::box_sweep::x;"), [1]);
    assert_eq!(details_lines("a\nuse shape_pools::{details, Aabb};"), [2]);
    assert_eq!(
        details_lines("let y = collision_mesh::details::triangle_touches_cell(m, 0, c, 1.0);"),
        [1]
    );
    assert!(details_lines("// kernels::details::box_sweep").is_empty());
    assert!(details_lines("/// see the kernels' `details`").is_empty());
    assert!(details_lines("let detailsx = 1; let my_details = 2;").is_empty());
}

#[test]
fn the_facade_names_no_details_module() {
    let (bad, read) = offenders(&[
        "crates/warriors-physics/src",
        "crates/warriors-physics/examples",
        "crates/warriors-physics/benches",
        "crates/game-smoke",
    ]);
    assert!(
        read >= 10,
        "the facade's sources were not found ({read} files)"
    );
    assert!(
        bad.is_empty(),
        "the facade reaches past the record layer's public API: {bad:?}"
    );
}

#[test]
fn the_world_names_no_details_module() {
    let (bad, read) = offenders(&["crates/physics-world/src"]);
    assert!(
        read >= 10,
        "the world's sources were not found ({read} files)"
    );
    assert!(
        bad.is_empty(),
        "the world reaches past the public API of the crates below it: {bad:?}"
    );
}
