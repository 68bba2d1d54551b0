//! The report in a real browser: headless Chromium (Debian's `chromium`)
//! opens the page written from the committed fixtures and
//!
//! * logs no console message at all (the page logs nothing, so any message,
//!   an error or an uncaught exception, fails) and its error box stays
//!   empty;
//! * counts one picture per case and scenario (`data-pictures`, set by the
//!   page's script once it has run, and the `.picture > svg` elements of
//!   the DOM it dumps);
//! * draws Unit 5 row 1's contact point, mapped back through its panel,
//!   where the committed snapshot says;
//! * with filters given in the address (`#unit=unit1&differ=1`), shows
//!   exactly Unit 1's cases whose modes differ.
//!
//! A screenshot of the page's top is kept as `target/report-screenshot.png`.
//!
//! Without a Chromium (none on `PATH` and no `CHROMIUM` variable) the test
//! prints why and passes as skipped, unless `CONTACT_VIEW_REQUIRE_BROWSER`
//! is set (CI sets it, after installing the package), which makes a missing
//! browser a failure.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{attr, entries, mapped_back, root, scales, snapshot_value, tags};

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Chromium headless with the flags this machine's closed network needs
/// (no background connections) and a fresh profile.
fn run(browser: &Path, profile: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium starts");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn report_in_headless_chromium() {
    let Some(browser) = chromium() else {
        if std::env::var_os("CONTACT_VIEW_REQUIRE_BROWSER").is_some() {
            panic!("CONTACT_VIEW_REQUIRE_BROWSER is set but no chromium is on PATH (apt-get install chromium)");
        }
        eprintln!("SKIPPED report_in_headless_chromium: no chromium on PATH (apt-get install chromium, or set CHROMIUM)");
        return;
    };
    let all = entries();
    let quirks = std::fs::read_to_string(root().join("docs/quirks.md"))
        .map(|t| contact_view::quirks::parse(&t))
        .unwrap_or_default();
    let html = contact_view::report::report_html(&all, "Golden contacts", &quirks).unwrap();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("contact-view-report");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("index.html");
    std::fs::write(&page, &html).unwrap();
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let profile = dir.join("profile");
    let _ = std::fs::remove_dir_all(&profile);

    let (dom, log) = run(
        &browser,
        &profile,
        &["--enable-logging=stderr", "--v=0", "--dump-dom", &url],
    );
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages: {console:#?}");
    let body = tags(&dom, "body", &[]).into_iter().next().expect("a body");
    assert_eq!(
        attr(body, "data-ready"),
        Some("1"),
        "the page's script ran to its end"
    );
    assert!(
        dom.contains("<div id=\"errors\"></div>"),
        "the page caught a script error"
    );

    // The scenarios' sources, counted in the summary.
    assert!(dom.contains("id=\"source-counts\""), "the sources' summary");

    // One picture per case and scenario.
    let pictures: usize = attr(body, "data-pictures").unwrap().parse().unwrap();
    assert_eq!(pictures, all.len());
    assert_eq!(
        dom.matches("<div class=\"picture\"><svg").count(),
        all.len()
    );
    let kernel_cases = all
        .iter()
        .filter(|e| matches!(e.call, golden::EntryCall::Kernel(_)))
        .count();
    assert_eq!(
        tags(&dom, "svg", &["class=\"cv contact-view\""]).len(),
        kernel_cases
    );
    assert!(dom.contains(&format!("{n} of {n} shown", n = all.len())));

    // Unit 5 row 1's contact point, in the DOM the browser built.
    let snapshot = "unit5__unit5_row01_face";
    let start = dom
        .find(&format!("id=\"case-{snapshot}\""))
        .expect("the case's section");
    let end = dom[start..]
        .find("</section>")
        .map_or(dom.len(), |e| start + e);
    let section = &dom[start..end];
    let svg_at = section.find("<svg").unwrap();
    let svg = &section[svg_at..];
    let want: Vec<f64> = ["x", "y", "z"]
        .iter()
        .map(|l| snapshot_value(snapshot, &format!("contact.point.{l}")).unwrap())
        .collect();
    let got = mapped_back(svg, &["class=\"contact-point\"", "data-mode=\"f32\""]);
    assert_eq!(got.len(), 2, "the contact point in both views");
    for (view, s) in got.iter().zip(scales(svg)) {
        for &(axis, v) in view {
            assert!(
                (v - want[axis]).abs() <= 0.01 / s,
                "axis {axis}: {v} vs {}",
                want[axis]
            );
        }
    }

    // The filters, set from the address: Unit 1's cases whose modes differ
    // (past the default tolerance in ulps).
    let want = all
        .iter()
        .filter(|e| {
            e.unit == "unit1"
                && !contact_view::plot::differences_beyond(e, contact_view::plot::DEFAULT_ULPS)
                    .is_empty()
        })
        .count();
    assert!(want > 0);
    let (dom, log) = run(
        &browser,
        &profile,
        &[
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            &format!("{url}#unit=unit1&differ=1"),
        ],
    );
    assert!(
        !log.contains(":CONSOLE"),
        "console messages with the filters set"
    );
    assert!(
        dom.contains(&format!("{want} of {} shown", all.len())),
        "{want} of {} shown",
        all.len()
    );
    let visible =
        dom.matches("<section class=\"case").count() - dom.matches(" hidden\" id=\"case-").count();
    assert_eq!(visible, want);

    // A screenshot of the page's top, kept under target/.
    let shot = tmp.parent().unwrap_or(&tmp).join("report-screenshot.png");
    let _ = std::fs::remove_file(&shot);
    run(
        &browser,
        &profile,
        &[
            "--window-size=1400,1800",
            &format!("--screenshot={}", shot.display()),
            &url,
        ],
    );
    let png = std::fs::read(&shot).expect("the screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    eprintln!("screenshot: {}", shot.display());
}
