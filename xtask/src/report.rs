//! `cargo xtask golden --report DIR [--fixtures DIR] [--ulps N]`: the HTML
//! report of every case and scenario, `DIR/index.html`.

use std::path::{Path, PathBuf};
use std::time::Instant;

/// Evaluates the folders and writes the report; `Ok(false)` when a stated
/// number is not met (the report shows which). `ulps` is the modes'
/// tolerance; `custom`: the folders were given (`--fixtures`), so each
/// re-run command names them.
pub fn write(dirs: &[PathBuf], out: &Path, ulps: u64, custom: bool) -> Result<bool, String> {
    let started = Instant::now();
    let dirs: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let (entries, report) = golden::evaluate(&dirs).map_err(|e| format!("golden: {e}"))?;
    let quirks = std::fs::read_to_string(crate::paths::root().join("docs/quirks.md"))
        .map(|t| contact_view::quirks::parse(&t))
        .unwrap_or_default();
    let title = if dirs.len() == 1 {
        format!("Golden contacts: {}", dirs[0].display())
    } else {
        "Golden contacts".to_owned()
    };
    let opts = contact_view::report::ReportOptions {
        ulps,
        fixtures: if custom {
            dirs.iter().map(|d| d.display().to_string()).collect()
        } else {
            Vec::new()
        },
    };
    let html = contact_view::report::report_html_with(&entries, &title, &quirks, &opts)
        .map_err(|e| format!("golden --report: {e}"))?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let file = out.join("index.html");
    std::fs::write(&file, &html).map_err(|e| format!("{}: {e}", file.display()))?;
    for f in &report.failures {
        eprintln!("spec number not met: {f}");
    }
    println!(
        "golden --report: {} cases and scenarios, {} not met, {} KiB, {:.1} s: {}",
        entries.len(),
        report.failures.len(),
        html.len() / 1024,
        started.elapsed().as_secs_f64(),
        file.display()
    );
    Ok(report.failures.is_empty())
}
