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
    // The scenario's sources, counted from its file, in its section and the
    // page's summary; kernel cases have no source column.
    let text = std::fs::read_to_string(fixtures.join("throw_wall.ron")).unwrap();
    let n = |k: &str| text.matches(&format!("source: {k}(")).count();
    let (spec, worked, choice) = (n("Spec"), n("Worked"), n("Choice"));
    assert_eq!(spec + worked + choice, 13, "throw_wall's 13 expectations");
    let counts = format!("{spec} stated by the spec, {worked} worked, {choice} the port's choice");
    assert!(html.contains(&format!("sources of its 13 expectations: {counts}</p>")));
    assert!(html.contains(&format!("The scenarios' 13 expectations: {counts}.</p>")));
    assert_eq!(html.matches("<th>source</th>").count(), 1);
    assert_eq!(html.matches("<td class=\"source ").count(), 13);
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
