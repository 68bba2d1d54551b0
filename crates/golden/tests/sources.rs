//! Every committed scenario's expectations state their source, and the
//! counts of each kind agree between the files, the snapshots and the
//! status column of `docs/scenarios.md`.

use std::fs;
use std::path::{Path, PathBuf};

use golden::scenario::Scenario;
use golden::{SourceCounts, SourceKind};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed scenario files, sorted.
fn scenario_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(root().join("fixtures/scenarios"))
        .expect("the scenarios folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

/// The counts as a plain text search of the file finds them (each
/// expectation's `source: Spec(`, `source: Worked(`, `source: Choice(`).
fn counted_in_text(text: &str) -> SourceCounts {
    let n = |kind: &str| text.matches(&format!("source: {kind}(")).count();
    SourceCounts {
        spec: n("Spec"),
        worked: n("Worked"),
        choice: n("Choice"),
    }
}

/// "12 stated by the spec, 6 worked, 0 the port's choice" in `line`.
fn counts_in_words(line: &str) -> Option<SourceCounts> {
    let line = line.find("sources: ").map_or(line, |i| &line[i..]);
    let mut c = SourceCounts::default();
    for kind in SourceKind::ALL {
        let label = format!(" {}", kind.label());
        let end = line.find(&label)?;
        let start = line[..end]
            .rfind(|ch: char| !ch.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let n: usize = line[start..end].parse().ok()?;
        for _ in 0..n {
            c.add(kind);
        }
    }
    Some(c)
}

#[test]
fn the_counts_of_each_kind_match_the_files_the_snapshots_and_the_docs() {
    let docs = fs::read_to_string(root().join("docs/scenarios.md")).expect("docs/scenarios.md");
    let mut total = SourceCounts::default();
    let files = scenario_files();
    assert_eq!(files.len(), 10, "the committed scenarios");
    for path in &files {
        let text = fs::read_to_string(path).expect("read");
        let sc: Scenario = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        sc.validate()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let counts = sc.source_counts();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(counts.total(), sc.expect.len(), "{name}: one source each");
        assert_eq!(counts, counted_in_text(&text), "{name}: the text's sources");
        // The snapshot's count line.
        let stem = name.trim_end_matches(".ron");
        let snap =
            fs::read_to_string(root().join(format!("fixtures/golden/scenario__{stem}.snap")))
                .expect("the snapshot");
        let want = format!(
            "    source_counts: (spec: {}, worked: {}, choice: {}),\n",
            counts.spec, counts.worked, counts.choice
        );
        assert!(
            snap.contains(&want),
            "{name}: the snapshot has no `{}`",
            want.trim()
        );
        // The docs' status column.
        let row = docs
            .lines()
            .find(|l| l.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("{name}: no row in docs/scenarios.md"));
        let status = row.rsplit('|').nth(1).expect("a status column");
        assert_eq!(
            counts_in_words(status),
            Some(counts),
            "{name}: the docs' status column"
        );
        total += counts;
    }
    let line = docs
        .lines()
        .find(|l| l.starts_with("In total, the scenarios' "))
        .expect("docs/scenarios.md's total line");
    assert_eq!(
        counts_in_words(line),
        Some(total),
        "the docs' total: {line}"
    );
    assert!(
        line.contains(&format!(" {} expectations", total.total())),
        "{line}"
    );
}
