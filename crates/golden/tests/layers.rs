//! The layers' dependency rules that the compiler does not check
//! (`docs/ARCHITECTURE.md`, "Layers"): the facade `warriors-physics` (its
//! library, examples and benchmarks), the stand-in game `game-smoke` and the
//! world `physics-world` name no `details` module of any crate. The record layer's `details` are for the
//! case replayer and the tests.

use std::fs;
use std::path::{Path, PathBuf};

use test_support::rust_files;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
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
    let files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| rust_files(&root().join(d)))
        .collect();
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

/// The modules a crate root declares (`mod x;`, `pub mod x;`, `pub(crate)
/// mod x {`), read from its `lib.rs` or `main.rs`.
fn root_modules(root_text: &str) -> Vec<String> {
    root_text
        .lines()
        .map(str::trim_start)
        .filter_map(|l| {
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
            let name = l.strip_prefix("mod ")?;
            let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
            Some(name[..end].to_owned())
        })
        .collect()
}

/// The first names of the paths a line's code takes from `crate::`
/// (`crate::a::b` gives `a`; `use crate::{a, B, c::D}` gives `a`, `B`, `c`).
fn crate_path_heads(code: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let head = |s: &str| {
        let s = s.trim_start();
        let end = s.find(|c: char| !is_ident(c)).unwrap_or(s.len());
        s[..end].to_owned()
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        if code[..i].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[i + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            out.push(head(rest));
            continue;
        };
        // The group's top-level entries, split at the commas outside braces.
        let mut depth = 0usize;
        let mut start = 0;
        for (j, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    out.push(head(&group[start..j]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(head(&group[start..j]));
                    start = j + 1;
                }
                _ => {}
            }
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Every `file:line name` under a crate's `src` (but its root) whose code
/// reaches a name through the crate root that the root does not declare as
/// a module: a name the root defines or re-exports, imported back up.
fn root_imports(krate: &str) -> (Vec<String>, usize) {
    let src = root().join(krate).join("src");
    let root_file = ["lib.rs", "main.rs"]
        .iter()
        .map(|f| src.join(f))
        .find(|p| p.exists())
        .expect("a crate root");
    let mods = root_modules(&fs::read_to_string(&root_file).expect("read the root"));
    let files = rust_files(&src);
    let mut bad = Vec::new();
    for f in files.iter().filter(|f| **f != root_file) {
        let text = fs::read_to_string(f).expect("read a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.find("//").map_or(line, |i| &line[..i]);
            for head in crate_path_heads(code) {
                if head != "self" && !mods.contains(&head) {
                    bad.push(format!("{}:{} {head}", f.display(), n + 1));
                }
            }
        }
    }
    (bad, files.len())
}

#[test]
fn the_root_scanner_tells_modules_from_names() {
    assert_eq!(
        root_modules("mod a;\npub mod b;\n  pub(crate) mod c {\n// mod d;"),
        ["a", "b", "c"]
    );
    assert_eq!(crate_path_heads("use crate::a::B;"), ["a"]);
    assert_eq!(
        crate_path_heads("use crate::{a::B, C, d::{E, F}};"),
        ["a", "C", "d"]
    );
    assert_eq!(crate_path_heads("let x = crate::Thing::new();"), ["Thing"]);
    assert!(crate_path_heads("use other_crate::x;").is_empty());
}

/// `docs/ARCHITECTURE.md`, "The world": every module imports what it needs
/// from the module that defines it, never back through its crate root, in
/// every crate of the workspace.
#[test]
fn no_module_imports_back_through_its_crate_root() {
    let mut bad = Vec::new();
    let mut read = 0;
    let crates = fs::read_dir(root().join("crates")).expect("the crates folder");
    let mut names: Vec<String> = crates
        .flatten()
        .filter(|e| e.path().join("src").is_dir())
        .map(|e| format!("crates/{}", e.file_name().to_string_lossy()))
        .collect();
    names.push("xtask".to_owned());
    for krate in &names {
        let (b, n) = root_imports(krate);
        bad.extend(b);
        read += n;
    }
    assert!(read >= 100, "the sources were not found ({read} files)");
    assert!(
        bad.is_empty(),
        "imports back through a crate root: {bad:#?}"
    );
}
