//! Every repository path the sources and docs name exists, and every
//! divergence row they cite is a row of its register: `docs/divergences.md`
//! for the workspace, `crates/ac-csphere/DIVERGENCES.md` inside that crate.
//!
//! Scanned: `README.md`, `docs/*.md`, every crate's `*.rs`, `*.md` and
//! `Cargo.toml`, `xtask/`, the case and scenario files. A path is a
//! backticked or linked word starting with `docs/`, `fixtures/`, `crates/`
//! or `xtask/` (a `*` or `<...>` in it makes it a pattern, not checked); a
//! citation is "divergence N", "divergences N-M" (each of N..=M), "N, M
//! and K" after it ("row N" alone is a spec's test-ideas row, not checked).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use test_support::files_under;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files a scan reads: Rust sources, Markdown, scenario files and
/// manifests.
fn scanned(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".rs") || name.ends_with(".md") || name.ends_with(".ron") || name == "Cargo.toml"
}

/// The row numbers of a register (lines starting `| N |`).
fn rows(register: &Path) -> BTreeSet<u32> {
    let text = fs::read_to_string(register).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(' ').next())
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// The repository paths named in `text`.
fn paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (open, close) in [('`', '`'), ('(', ')')] {
        let mut rest = text;
        while let Some(i) = rest.find(open) {
            // A path of the C++ port's repository ("Coney `docs/...`") is
            // not one of ours.
            let before: String = rest[..i].chars().rev().take(16).collect();
            let external = before.contains("yenoC") || before.contains("yenoc");
            rest = &rest[i + 1..];
            let Some(j) = rest.find(close) else { break };
            let word = &rest[..j];
            rest = &rest[j + close.len_utf8()..];
            let word = word.split('#').next().unwrap_or("");
            let word = word.trim_end_matches([':', '.', ',']);
            // `docs/research/` is the port's folder of research pages,
            // which this repository does not have.
            let rooted = ["docs/", "fixtures/", "crates/", "xtask/"]
                .iter()
                .any(|p| word.starts_with(p))
                && !word.starts_with("docs/research/");
            let plain = word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c));
            if rooted && plain && !external && !word.contains("..") {
                out.push(word.to_owned());
            }
        }
    }
    out
}

/// The divergence rows cited in `text`.
fn citations(text: &str) -> Vec<u32> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    for key in [
        "divergence ",
        "divergences ",
        "divergence row ",
        "divergence rows ",
    ] {
        let mut rest = lower.as_str();
        while let Some(i) = rest.find(key) {
            let start = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric();
            rest = &rest[i + key.len()..];
            if start {
                out.extend(numbers(rest));
            }
        }
    }
    out
}

/// `N`, `N-M` / `N–M` ranges, and further numbers joined by ", " or
/// " and ", from the start of `s`.
fn numbers(mut s: &str) -> Vec<u32> {
    let mut out = Vec::new();
    loop {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        let Ok(a) = digits.parse::<u32>() else { break };
        s = &s[digits.len()..];
        let mut last = a;
        for dash in ["-", "–", " to "] {
            if let Some(t) = s.strip_prefix(dash) {
                let d: String = t.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(b) = d.parse::<u32>() {
                    if b >= a && b - a < 100 {
                        last = b;
                        s = &t[d.len()..];
                    }
                }
                break;
            }
        }
        out.extend(a..=last);
        let Some(t) = s.strip_prefix(", ").or_else(|| s.strip_prefix(" and ")) else {
            break;
        };
        if !t.starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        s = t;
    }
    out
}

#[test]
fn repository_paths_and_divergence_rows_resolve() {
    let root = root();
    let mut all = vec![root.join("README.md")];
    for dir in [
        "docs",
        "crates",
        "xtask",
        "fixtures/kernels",
        "fixtures/scenarios",
    ] {
        all.extend(files_under(&root.join(dir), &scanned));
    }
    let workspace_rows = rows(&root.join("docs/divergences.md"));
    let csphere_rows = rows(&root.join("crates/ac-csphere/DIVERGENCES.md"));
    assert!(
        workspace_rows.len() > 200,
        "the register's rows were not read"
    );
    let mut missing = Vec::new();
    for file in &all {
        let Ok(text) = fs::read_to_string(file) else {
            continue;
        };
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        // The registers themselves hold the numbers.
        if shown.ends_with("divergences.md")
            || shown.ends_with("DIVERGENCES.md")
            || shown.ends_with("doc_links.rs")
        {
            continue;
        }
        for p in paths(&text) {
            if !root.join(&p).exists() {
                missing.push(format!("{shown}: path `{p}` does not exist"));
            }
        }
        let register = if shown.starts_with("crates/ac-csphere") {
            &csphere_rows
        } else {
            &workspace_rows
        };
        for n in citations(&text) {
            if !register.contains(&n) {
                missing.push(format!(
                    "{shown}: divergence row {n} is not in its register"
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} unresolved:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_scanner_reads_ranges_lists_and_paths() {
    assert_eq!(numbers("101-104 and"), vec![101, 102, 103, 104]);
    assert_eq!(numbers("223, 224 and 226)"), vec![223, 224, 226]);
    assert_eq!(numbers("7: the"), vec![7]);
    assert_eq!(
        citations("(Divergence 12; divergence rows 3-4)"),
        vec![12, 3, 4]
    );
    assert_eq!(citations("Test ideas row 11"), Vec::<u32>::new());
    assert_eq!(citations("narrow 5"), Vec::<u32>::new());
    assert_eq!(
        paths(
            "see `docs/quirks.md` and [x](fixtures/mesh/a.lev#top), not `crates/*/src` \
             nor Coney `docs/research/a.md`"
        ),
        vec![
            "docs/quirks.md".to_owned(),
            "fixtures/mesh/a.lev".to_owned()
        ]
    );
}
