//! Keeps `cargo test` failing on stale golden snapshots: every case of
//! `fixtures/kernels/` and every scenario of `fixtures/scenarios/` is evaluated in both float modes, every stated number
//! must be met, and every snapshot in `fixtures/golden/` must match (insta;
//! `cargo insta review` after `cargo xtask golden` shows the diffs).

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn golden_snapshots_are_current() {
    let kernels = root().join("fixtures/kernels");
    let scenarios = root().join("fixtures/scenarios");
    let fixtures = [kernels.as_path(), scenarios.as_path()];
    let snapshots = root().join("fixtures/golden");
    let (bodies, report) = golden::runner::bodies_dirs(&fixtures).expect("case files load");
    assert!(
        report.failures.is_empty(),
        "spec numbers not met:\n{}",
        report.failures.join("\n")
    );
    for (name, body) in bodies {
        insta::with_settings!({
            snapshot_path => &snapshots,
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, body);
        });
    }
    // Snapshots that no case produces any more are stale too.
    let report = golden::run_dirs(&fixtures, &snapshots, golden::Mode::Check).expect("golden run");
    assert!(
        report.changed.is_empty(),
        "stale snapshots (run `cargo xtask golden`):\n{}",
        report.changed.join("\n")
    );
}
