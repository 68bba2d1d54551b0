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
//!   exactly Unit 1's cases whose modes differ (past the default tolerance
//!   in ulps);
//! * for a scenario whose capture has a value seeded off, shows that row
//!   as its field's first divergence where the capture file puts it (its
//!   line, tick and ulps in the capture table; its mark on the plot mapped
//!   back to its tick and value), a plot with one point per tick the
//!   snapshot writes the field at, and the re-run command
//!   (`captures_and_plots_in_headless_chromium`).
//!
//! A screenshot of the page's top is kept as `target/report-screenshot.png`.
//!
//! Without a Chromium (none on `PATH` and no `CHROMIUM` variable) the test
//! prints why and passes as skipped, unless `CONTACT_VIEW_REQUIRE_BROWSER`
//! is set (CI sets it, after installing the package), which makes a missing
//! browser a failure.

mod common;

use std::path::PathBuf;

use common::{
    attr, browser_or_skip, entries, mapped_back, plot_frame, ready_body, root, run, scales,
    snapshot_value, tags,
};

#[test]
fn report_in_headless_chromium() {
    let Some(browser) = browser_or_skip("report_in_headless_chromium") else {
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
    let body = ready_body(&dom, &console);
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

/// The report's captures and plots in the browser: a copy of the settle
/// slot scenario whose capture has one value seeded off (tick 5's `t`
/// written 0.35 where the overview prints 0.3) shows that row as the
/// field's first divergence, at the capture file's line and tick, in the
/// capture table and as the plot's mark, mapped back to the tick and the
/// value the file gives; the plot of `t` has one point per tick the
/// committed snapshot writes it at (ticks 0-9: 10); each case and scenario
/// shows its re-run command.
#[test]
fn captures_and_plots_in_headless_chromium() {
    let Some(browser) = browser_or_skip("captures_and_plots_in_headless_chromium") else {
        return;
    };
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contact-view-captures");
    let _ = std::fs::remove_dir_all(&tmp);
    let fixtures = tmp.join("fixtures");
    std::fs::create_dir_all(&fixtures).unwrap();
    let scenarios = root().join("fixtures/scenarios");
    std::fs::copy(
        scenarios.join("settle_slot.ron"),
        fixtures.join("settle_slot.ron"),
    )
    .unwrap();
    let tsv = std::fs::read_to_string(scenarios.join("settle_slot.tsv")).unwrap();
    let seeded = tsv.replace("5\tbrick.settle_t\t0.3\n", "5\tbrick.settle_t\t0.35\n");
    assert_ne!(seeded, tsv, "the seeded row");
    std::fs::write(fixtures.join("settle_slot.tsv"), &seeded).unwrap();
    // Where the capture file says the off value is.
    let line = seeded
        .lines()
        .position(|l| l == "5\tbrick.settle_t\t0.35")
        .unwrap()
        + 1;
    let (all, _) = golden::evaluate(&[fixtures.as_path()]).unwrap();
    let opts = contact_view::report::ReportOptions {
        fixtures: vec![fixtures.display().to_string()],
        ..Default::default()
    };
    let html = contact_view::report::report_html_with(&all, "Captures", &[], &opts).unwrap();
    let page = tmp.join("index.html");
    std::fs::write(&page, &html).unwrap();
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let (dom, log) = run(
        &browser,
        &tmp.join("profile"),
        &["--enable-logging=stderr", "--v=0", "--dump-dom", &url],
    );
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages: {console:#?}");
    assert!(dom.contains("<div id=\"errors\"></div>"));

    // The capture table: the first divergence of `brick.settle_t` in f32
    // mode is the seeded row, with its ulps from 0.35's f32 word.
    let rows = tags(
        &dom,
        "tr",
        &["data-mode=\"f32\"", "data-field=\"brick.settle_t\""],
    );
    assert_eq!(rows.len(), 1, "one first divergence for the field");
    assert_eq!(attr(rows[0], "data-line"), Some(line.to_string().as_str()));
    assert_eq!(attr(rows[0], "data-tick"), Some("5"));
    assert!(!attr(rows[0], "class").unwrap().contains("known"));
    let ours = snapshot_value("scenario__settle_slot", "t00005.brick.settle_t").unwrap() as f32;
    let ulps = golden::capture::ulps_between(ours.to_bits(), 0.35f32.to_bits());
    let at = dom.find(rows[0]).unwrap() + rows[0].len();
    let cells: Vec<&str> = dom[at..dom[at..].find("</tr>").unwrap() + at]
        .split("<td>")
        .skip(1)
        .map(|c| c.trim_end_matches("</td>"))
        .collect();
    assert_eq!(cells[5], "5", "tick");
    assert_eq!(cells[6], "0.35", "captured");
    assert_eq!(cells[8], ulps.to_string(), "ulps");

    // The plot: the seeded row's mark is the field's first divergence and
    // maps back to tick 5 and 0.35.
    let key = "data-field=\"brick.settle_t\" data-points=";
    let start = dom
        .find(key)
        .map(|i| dom[..i].rfind("<g ").unwrap())
        .unwrap();
    let end = dom[start..].find("</g>").unwrap() + start;
    let tag = &dom[start..dom[start..].find('>').unwrap() + start + 1];
    let body = &dom[start..end];
    assert!(attr(tag, "class").unwrap().contains("diverges"));
    let plot = plot_frame(tag);
    let firsts = tags(body, "rect", &["class=\"captured diverged first\""]);
    assert_eq!(firsts.len(), 1);
    assert_eq!(
        attr(firsts[0], "data-line"),
        Some(line.to_string().as_str())
    );
    let x: f64 = attr(firsts[0], "x").unwrap().parse().unwrap();
    let y: f64 = attr(firsts[0], "y").unwrap().parse().unwrap();
    let (t, v) = plot.unmap(x + 3.0, y + 3.0);
    let per_px = (plot.values.1 - plot.values.0) / plot.rect[3];
    assert!(
        (t - 5.0).abs() <= 0.01 * (plot.ticks.1 - plot.ticks.0) / plot.rect[2],
        "{t}"
    );
    assert!((v - 0.35).abs() <= 0.01 * per_px, "{v}");
    // The plot's points: one per tick the committed snapshot writes `t`.
    let want = (0..14)
        .filter(|t| {
            snapshot_value("scenario__settle_slot", &format!("t{t:05}.brick.settle_t")).is_some()
        })
        .count();
    assert_eq!(want, 10);
    assert_eq!(attr(tag, "data-points"), Some("10"));
    let drawn: usize = tags(body, "polyline", &["class=\"series f32\""])
        .iter()
        .map(|p| attr(p, "points").unwrap().split(' ').count())
        .sum();
    assert_eq!(drawn, want);

    // The re-run command, with the folder the entries came from.
    let cmd = contact_view::report::rerun_command(&all[0], &opts);
    assert_eq!(
        cmd,
        format!(
            "cargo xtask view scenario__settle_slot --svg scenario__settle_slot.svg --plot scenario__settle_slot-plot.svg --fixtures {}",
            fixtures.display()
        )
    );
    assert!(dom.contains(&format!("re-run alone: <code>{cmd}</code>")));
}
