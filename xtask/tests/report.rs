//! `cargo xtask golden --report DIR --fixtures DIR`: a user's folder gives a
//! page with one section and one picture per case and scenario, and writes
//! no snapshot.

use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn report_of_a_users_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xtask-report");
    let _ = std::fs::remove_dir_all(&base);
    let fixtures = base.join("cases");
    std::fs::create_dir_all(&fixtures).unwrap();
    for f in [
        "fixtures/kernels/unit12.ron",
        "fixtures/scenarios/throw_wall.ron",
    ] {
        let p = root.join(f);
        std::fs::copy(&p, fixtures.join(p.file_name().unwrap())).unwrap();
    }
    let out = base.join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "golden",
            "--report",
            out.to_str().unwrap(),
            "--fixtures",
            fixtures.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // unit12.ron's cases and the one scenario.
    let cases = std::fs::read_to_string(fixtures.join("unit12.ron"))
        .unwrap()
        .matches("name: \"unit12_")
        .count();
    assert_eq!(html.matches("<section class=\"case").count(), cases + 1);
    assert_eq!(
        html.matches("<div class=\"picture\"><svg").count(),
        cases + 1
    );
    assert!(html.contains("id=\"case-scenario__throw_wall\""));
    assert!(!html.contains("<script src"), "no external script");
    assert!(
        !html.contains("http://")
            || !html
                .replace("http://www.w3.org/2000/svg", "")
                .contains("http://")
    );
    // Nothing but the report was written.
    let written: Vec<_> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written.len(), 2);
    assert_eq!(std::fs::read_dir(&fixtures).unwrap().count(), 2);
}
