//! `cargo xtask golden`: the golden contact snapshots.

use std::path::PathBuf;

use golden::Mode;

/// Runs the task; `Ok(false)` when a number or (with `--check`) a snapshot
/// fails.
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut mode = Mode::Update;
    let mut fixtures = None;
    let mut out = None;
    let mut report_dir = None;
    let mut ulps = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--check" => mode = Mode::Check,
            "--fixtures" => {
                fixtures = Some(PathBuf::from(it.next().ok_or("--fixtures needs a folder")?))
            }
            "--out" => out = Some(PathBuf::from(it.next().ok_or("--out needs a folder")?)),
            "--ulps" => {
                let u = it.next().ok_or("--ulps needs a number")?;
                ulps = Some(u.parse::<u64>().map_err(|e| format!("--ulps {u}: {e}"))?);
            }
            "--report" => {
                report_dir = Some(PathBuf::from(it.next().ok_or("--report needs a folder")?))
            }
            other => return Err(format!("golden: unknown argument `{other}`")),
        }
    }
    let root = crate::paths::root();
    let custom = fixtures.is_some();
    // By default the kernel cases and the scenarios, whose snapshots share
    // fixtures/golden; a user's folder may hold either kind of file.
    let dirs = match fixtures {
        Some(f) => vec![f],
        None => vec![
            root.join("fixtures/kernels"),
            root.join("fixtures/scenarios"),
        ],
    };
    if let Some(dir) = report_dir {
        if mode == Mode::Check || out.is_some() {
            return Err(
                "golden: --report writes only the report: give it without --check and --out".into(),
            );
        }
        let ulps = ulps.unwrap_or(contact_view::plot::DEFAULT_ULPS);
        return crate::report::write(&dirs, &dir, ulps, custom);
    }
    if ulps.is_some() {
        return Err("golden: --ulps is for --report".into());
    }
    let out = match (out, custom) {
        (Some(o), _) => o,
        (None, false) => root.join("fixtures/golden"),
        (None, true) => return Err("golden: --fixtures needs --out (the committed snapshots are only written from fixtures/kernels and fixtures/scenarios)".into()),
    };
    let dirs: Vec<&std::path::Path> = dirs.iter().map(PathBuf::as_path).collect();
    let report = golden::run_dirs(&dirs, &out, mode).map_err(|e| format!("golden: {e}"))?;
    for f in &report.failures {
        eprintln!("spec number not met: {f}");
    }
    for k in &report.known {
        println!("known divergence, not met: {k}");
    }
    for c in &report.captures {
        println!("capture: {c}");
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
    let s = report.sources;
    println!(
        "golden: {} scenario expectations: {} stated by the spec, {} worked, {} the port's choice",
        s.total(),
        s.spec,
        s.worked,
        s.choice
    );
    Ok(report.is_ok(mode))
}
