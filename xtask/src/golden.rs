//! `cargo xtask golden`: the golden contact snapshots.

use std::path::PathBuf;

use golden::Mode;

/// Runs the task; `Ok(false)` when a number or (with `--check`) a snapshot
/// fails.
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut mode = Mode::Update;
    let mut fixtures = None;
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--check" => mode = Mode::Check,
            "--fixtures" => {
                fixtures = Some(PathBuf::from(it.next().ok_or("--fixtures needs a folder")?))
            }
            "--out" => out = Some(PathBuf::from(it.next().ok_or("--out needs a folder")?)),
            other => return Err(format!("golden: unknown argument `{other}`")),
        }
    }
    let root = super::root();
    let custom = fixtures.is_some();
    let fixtures = fixtures.unwrap_or_else(|| root.join("fixtures/kernels"));
    let out = match (out, custom) {
        (Some(o), _) => o,
        (None, false) => root.join("fixtures/golden"),
        (None, true) => return Err("golden: --fixtures needs --out (the committed snapshots are only written from fixtures/kernels)".into()),
    };
    let report = golden::run(&fixtures, &out, mode).map_err(|e| format!("golden: {e}"))?;
    for f in &report.failures {
        eprintln!("spec number not met: {f}");
    }
    match mode {
        Mode::Check => {
            for c in &report.changed {
                eprintln!("stale snapshot: {c}");
            }
            if !report.changed.is_empty() {
                eprintln!("run `cargo xtask golden` and review the diff of fixtures/golden/");
            }
        }
        Mode::Update => {
            for c in &report.changed {
                println!("updated: {c}");
            }
        }
    }
    println!(
        "golden: {} files, {} cases, {} stated numbers checked in two modes, {} not met, {} snapshots {}",
        report.files,
        report.cases,
        report.checks,
        report.failures.len(),
        report.changed.len(),
        if mode == Mode::Check { "stale" } else { "written" }
    );
    Ok(report.is_ok(mode))
}
