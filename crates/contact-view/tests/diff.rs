//! Two runs compared (`contact_view::diff`) on the committed snapshots:
//!
//! * the snapshot files read back are the evaluated fixtures' outcomes, to
//!   the bit, so a folder written by `cargo xtask golden` and a run
//!   evaluated now compare the same way;
//! * a copy of `fixtures/golden` with one field changed by 3 ulps differs in
//!   exactly that case, that mode, that field and tick, by 3 ulps and by the
//!   absolute difference of the two `f32` values; the unchanged copy is all
//!   equal; `--ulps 3` takes the change;
//! * a snapshot missing from one run, or only in the other, is counted so;
//! * a malformed snapshot is an error naming its file, line and field, and
//!   no edit of a snapshot's text makes the reader panic.

mod common;

use std::path::{Path, PathBuf};

use common::{entries, root};
use contact_view::diff::{compare, FloatMode, Status, Tolerance};
use contact_view::snapshot::{read_dir, Snapshot, SnapshotError};
use golden::Value;

/// A fresh copy of `fixtures/golden`'s snapshots under the test's temp
/// folder.
fn copy_golden(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for e in std::fs::read_dir(root().join("fixtures/golden")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "snap") {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

fn golden() -> Vec<Snapshot> {
    read_dir(&root().join("fixtures/golden")).unwrap()
}

#[test]
fn the_committed_snapshots_read_back_as_the_run_evaluates_them() {
    let read = golden();
    let run: Vec<Snapshot> = entries().iter().map(Snapshot::of_entry).collect();
    assert_eq!(read.len(), run.len());
    for s in &run {
        let r = read
            .iter()
            .find(|x| x.name == s.name)
            .unwrap_or_else(|| panic!("{} read", s.name));
        assert_eq!(r.case, s.case);
        for (mode, a, b) in [("f32", &r.f32, &s.f32), ("ee32", &r.ee32, &s.ee32)] {
            assert_eq!(a.fields.len(), b.fields.len(), "{} {mode}", s.name);
            for ((fa, va), (fb, vb)) in a.fields.iter().zip(&b.fields) {
                assert_eq!(fa, fb, "{} {mode}", s.name);
                let same = match (va, vb) {
                    (Value::Real { bits: x, .. }, Value::Real { bits: y, .. }) => x == y,
                    _ => va == vb,
                };
                assert!(same, "{} {mode} {fa}: {va:?} vs {vb:?}", s.name);
            }
        }
    }
    let cmp = compare(&read, &run, Tolerance::default());
    assert!(cmp.is_ok());
    assert_eq!(
        cmp.summary(),
        format!(
            "{} cases equal, 0 differ, 0 only in A, 0 only in B",
            run.len()
        )
    );
}

/// Replaces the first `"field": "value"` of `file` (the `f32` map comes
/// before the `ee32` one; `checked` and `sources` do not quote a value
/// after the name) with the `f32` `ulps` patterns above; returns the old
/// and new values.
fn bump(file: &Path, field: &str, ulps: u32) -> (f32, f32) {
    let text = std::fs::read_to_string(file).unwrap();
    let key = format!("\"{field}\": \"");
    let at = text.find(&key).unwrap() + key.len();
    let end = at + text[at..].find('"').unwrap();
    let old: f32 = text[at..end].parse().unwrap();
    let new = f32::from_bits(old.to_bits() + ulps);
    let changed = format!("{}{new:?}{}", &text[..at], &text[end..]);
    std::fs::write(file, changed).unwrap();
    (old, new)
}

#[test]
fn a_seeded_change_of_one_field_is_the_only_difference() {
    let a = golden();
    let dir = copy_golden("diff-seeded");
    let same = read_dir(&dir).unwrap();
    let cmp = compare(&a, &same, Tolerance::default());
    assert!(cmp.is_ok(), "the unchanged copy");
    assert_eq!(cmp.counts(), [a.len(), 0, 0, 0]);

    let field = "t00021.brick.velocity.z";
    let (old, new) = bump(&dir.join("scenario__brick_settle.snap"), field, 3);
    // The brick's bounce at tick 20 (overview, "Settling a landed object":
    // +0.5379), as the port's f32 run has it.
    assert!((old - 0.5379).abs() < 1e-4, "{old}");
    let b = read_dir(&dir).unwrap();
    let cmp = compare(&a, &b, Tolerance::default());
    assert!(!cmp.is_ok());
    assert_eq!(cmp.counts(), [a.len() - 1, 1, 0, 0]);
    assert_eq!(
        cmp.summary(),
        format!(
            "{} cases equal, 1 differ, 0 only in A, 0 only in B",
            a.len() - 1
        )
    );
    let differing: Vec<_> = cmp.differing().collect();
    assert_eq!(differing.len(), 1);
    let (name, d) = differing[0];
    assert_eq!(name, "scenario__brick_settle");
    assert_eq!((d.beyond, d.within, d.largest_ulps), (1, 0, 3));
    assert_eq!(d.first.len(), 1, "one mode only: {:?}", d.first);
    let f = &d.first[0];
    assert_eq!(f.mode, FloatMode::F32);
    assert_eq!(f.field, field);
    assert_eq!(f.tick, Some(21));
    assert_eq!(d.tick(), Some(21));
    assert_eq!(f.ulps, Some(3));
    assert_eq!(f.abs, Some(f64::from(new) - f64::from(old)));
    assert!(f.beyond);
    let text = cmp.text();
    assert!(
        text.contains("f32: tick 21, field t00021.brick.velocity.z:"),
        "{text}"
    );
    assert!(text.ends_with(&format!("{}\n", cmp.summary())));

    // Within 3 ulps the change is taken, and still counted.
    let loose = compare(&a, &b, Tolerance { ulps: 3, abs: 0.0 });
    assert!(loose.is_ok());
    let Some(Status::Equal(d)) = loose
        .cases
        .iter()
        .find(|c| c.name == "scenario__brick_settle")
        .map(|c| &c.status)
    else {
        panic!("equal within the tolerance");
    };
    assert_eq!((d.beyond, d.within), (0, 1));
    assert!(!compare(&a, &b, Tolerance { ulps: 2, abs: 0.0 }).is_ok());
    // By absolute difference: 3 ulps at 0.54 are 3 × 2⁻²⁴.
    let abs = 3.0 * 2f64.powi(-24);
    assert!(compare(&a, &b, Tolerance { ulps: 0, abs }).is_ok());
    assert!(!compare(
        &a,
        &b,
        Tolerance {
            ulps: 0,
            abs: abs / 2.0
        }
    )
    .is_ok());
}

#[test]
fn snapshots_in_one_run_only_are_counted() {
    let a = golden();
    let dir = copy_golden("diff-only");
    std::fs::remove_file(dir.join("unit1__unit1_row01_face.snap")).unwrap();
    std::fs::copy(
        dir.join("pairs__pairs_ray_oriented_box_face.snap"),
        dir.join("pairs__pairs_ray_oriented_box_face_copy.snap"),
    )
    .unwrap();
    let b = read_dir(&dir).unwrap();
    let cmp = compare(&a, &b, Tolerance::default());
    assert_eq!(
        cmp.summary(),
        format!(
            "{} cases equal, 0 differ, 1 only in A, 1 only in B",
            a.len() - 1
        )
    );
    assert!(!cmp.is_ok());
    let text = cmp.text();
    for line in [
        "only in A: unit1__unit1_row01_face\n",
        "only in B: pairs__pairs_ray_oriented_box_face_copy\n",
    ] {
        assert!(text.contains(line), "missing {line:?} in {text}");
    }
}

#[test]
fn a_malformed_snapshot_names_its_file_line_and_field() {
    let dir = copy_golden("diff-malformed");
    let file = dir.join("pairs__pairs_physics_ray_capsule_top.snap");
    let text = std::fs::read_to_string(&file).unwrap();
    // Line 16 of the file is `"fraction": "0.32500005 (0x3ea66668)",` in
    // the ee32 map.
    assert_eq!(
        text.lines().nth(15).map(str::trim),
        Some("\"fraction\": \"0.32500005 (0x3ea66668)\",")
    );
    std::fs::write(&file, text.replace("(0x3ea66668)", "(0x3ea6666g)")).unwrap();
    match read_dir(&dir) {
        Err(SnapshotError::Malformed {
            path, line, field, ..
        }) => {
            assert_eq!(path, file);
            assert_eq!((line, field.as_str()), (16, "ee32 fraction"));
        }
        other => panic!("{other:?}"),
    }
    let err = read_dir(&dir).unwrap_err().to_string();
    assert!(
        err.ends_with("pairs__pairs_physics_ray_capsule_top.snap:16: field `ee32 fraction`: `0.32500005 (0x3ea6666g)`: the bit pattern is not 8 hex digits"),
        "{err}"
    );
}

/// Random edits of a snapshot's text (characters replaced, inserted or
/// removed, the text cut short) give a snapshot or an error, never a
/// panic; an error names a line of the edited text.
#[test]
fn no_edit_of_a_snapshot_makes_the_reader_panic() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    let text = std::fs::read_to_string(
        root().join("fixtures/golden/pairs__pairs_physics_ray_capsule_top.snap"),
    )
    .unwrap();
    let chars: Vec<char> = text.chars().collect();
    let pick = prop::sample::select(vec![
        '"', '\\', ':', ',', '(', ')', '{', '}', '\n', ' ', 'x', '0', '-', '.', 'é', 'u',
    ]);
    let edit = (0..chars.len(), 0u8..4, pick);
    let mut runner = TestRunner::new(Config {
        cases: 512,
        ..Config::default()
    });
    runner
        .run(&prop::collection::vec(edit, 1..6), |edits| {
            let mut c = chars.clone();
            for (at, op, ch) in edits {
                let at = at.min(c.len().saturating_sub(1));
                match op {
                    0 if !c.is_empty() => c[at] = ch,
                    1 => c.insert(at, ch),
                    2 if !c.is_empty() => {
                        c.remove(at);
                    }
                    _ => c.truncate(at),
                }
            }
            let edited: String = c.into_iter().collect();
            match contact_view::snapshot::parse(&edited, "t", Path::new("t.snap")) {
                Ok(s) => prop_assert_eq!(s.name, "t"),
                Err(SnapshotError::Malformed { line, .. }) => {
                    prop_assert!(
                        line >= 1 && line <= edited.lines().count().max(1),
                        "line {}",
                        line
                    );
                }
                Err(e) => prop_assert!(false, "{}", e),
            }
            Ok(())
        })
        .unwrap();
}

/// One run's `f32` fields against its own `Ee32` ones: the cases that
/// differ are those whose two modes wrote some field differently (a float's
/// bits, an integer, written or not), counted here from the evaluated
/// outcomes; Unit 5's table edge 9 has `out.y` 0.7071068 (0x3f3504f4) in
/// `f32` and 0x3f3504f3 in `Ee32`, 1 ulp apart.
#[test]
fn crossed_modes_find_the_cases_whose_modes_differ() {
    use contact_view::diff::compare_modes;

    let all = entries();
    let differs = |e: &golden::Entry| {
        e.single.fields.iter().any(|(p, v)| match (v, e.ee.get(p)) {
            (Value::Real { bits: x, .. }, Some(Value::Real { bits: y, .. })) => x != y,
            (v, Some(w)) => v != w,
            (_, None) => true,
        }) || e.ee.fields.iter().any(|(p, _)| e.single.get(p).is_none())
    };
    let m = all.iter().filter(|e| differs(e)).count();
    assert!(m > 0 && m < all.len());
    let golden = golden();
    let cmp = compare_modes(
        &golden,
        &golden,
        Tolerance::default(),
        &[(FloatMode::F32, FloatMode::Ee32)],
    );
    assert_eq!(cmp.counts(), [all.len() - m, m, 0, 0]);
    let (_, d) = cmp
        .differing()
        .find(|(n, _)| *n == "unit5__unit5_table_edge_9")
        .unwrap();
    let f = d.first.iter().find(|f| f.field == "out.y").unwrap();
    assert_eq!((f.mode, f.mode_b), (FloatMode::F32, FloatMode::Ee32));
    assert_eq!(f.modes_label(), "f32/ee32");
    assert_eq!(f.ulps, Some(1));
    assert_eq!(
        (f.a, f.b),
        (
            Some(Value::Real {
                value: f64::from(f32::from_bits(0x3f35_04f4)),
                bits: 0x3f35_04f4
            }),
            Some(Value::Real {
                value: f64::from(f32::from_bits(0x3f35_04f3)),
                bits: 0x3f35_04f3
            })
        )
    );
}
