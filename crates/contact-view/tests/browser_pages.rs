//! The level picture's page and the diff page in headless Chromium, as
//! `tests/browser.rs` opens the report (the same flags, the same rule: a
//! missing browser skips, saying so, unless `CONTACT_VIEW_REQUIRE_BROWSER`
//! is set, which makes it a failure).
//!
//! * The page of a level of three tiles (`tests/three_tiles`) logs no
//!   console message, its script runs to its end, and the browser lays out
//!   every tile's group with an area and draws each tile's outline; the
//!   toggles set from the address (`#shade=material&flags=0&grid=0`) hide
//!   the flags and the grid and keep the outlines, as the computed style
//!   says.
//! * The page of a diff between the committed snapshots and a copy with two
//!   changes (Unit 5 row 1's `f32` contact point `z` moved from 0.5 to
//!   0.75; the brick's `f32` velocity at tick 21 moved by 3 ulps) shows two
//!   differing cases, each with both runs' pictures side by side, and the
//!   case's pictures draw each run's contact point where its run says.

mod common;
mod three_tiles;

use std::path::{Path, PathBuf};

use common::{attr, browser_or_skip, entries, mapped_back, ready_body, root, run, tags};
use contact_view::diff::{compare, diff_html, picture, with_outcomes, Pictures, Tolerance};
use contact_view::level_map::{level_map_html, level_map_svg, MapOptions};
use contact_view::snapshot::{read_dir, Snapshot};
use golden::Value;

/// The DOM Chromium builds for `url` and its console log lines.
fn dump(browser: &Path, profile: &Path, url: &str) -> (String, Vec<String>) {
    let (dom, log) = run(
        browser,
        profile,
        &["--enable-logging=stderr", "--v=0", "--dump-dom", url],
    );
    let console = log
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    (dom, console)
}

/// Writes `html` to `name/index.html` under the test's temp folder; its
/// address and a fresh profile folder.
fn page(name: &str, html: &str) -> (String, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("index.html");
    std::fs::write(&file, html).unwrap();
    let profile = dir.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    (
        format!("file://{}", file.canonicalize().unwrap().display()),
        profile,
    )
}

#[test]
fn level_picture_shows_every_tile_in_headless_chromium() {
    let Some(browser) = browser_or_skip("level_picture_shows_every_tile_in_headless_chromium")
    else {
        return;
    };
    let tiles = three_tiles::three_tiles();
    let svg = level_map_svg(&tiles, "three tiles", &MapOptions::default());
    let (url, profile) = page(
        "contact-view-level-map",
        &level_map_html(&svg, "three tiles"),
    );

    let (dom, console) = dump(&browser, &profile, &url);
    let body = ready_body(&dom, &console);
    assert_eq!(attr(body, "data-tiles"), Some("3"));
    assert_eq!(
        attr(body, "data-tiles-drawn"),
        Some("3"),
        "every tile laid out"
    );
    assert_eq!(tags(&dom, "g", &["class=\"tile\""]).len(), 3);
    let seams = tags(&dom, "polygon", &["class=\"seam\""]);
    assert_eq!(seams.len(), 3, "one outline per tile");
    for (k, s) in seams.iter().enumerate() {
        assert_eq!(attr(s, "data-tile"), Some(k.to_string().as_str()));
    }
    for k in ["flags", "grid", "seams"] {
        assert_eq!(attr(body, &format!("data-{k}-shown")), Some("1"), "{k}");
    }
    assert_eq!(attr(body, "data-shade"), Some("height"));

    // The toggles, set from the address.
    let (dom, console) = dump(
        &browser,
        &profile,
        &format!("{url}#shade=material&flags=0&grid=0"),
    );
    assert!(console.is_empty(), "console messages: {console:#?}");
    let body = tags(&dom, "body", &[]).into_iter().next().expect("a body");
    assert_eq!(attr(body, "data-shade"), Some("material"));
    assert_eq!(attr(body, "data-flags-shown"), Some("0"));
    assert_eq!(attr(body, "data-grid-shown"), Some("0"));
    assert_eq!(attr(body, "data-seams-shown"), Some("1"));
    assert_eq!(attr(body, "data-tiles-drawn"), Some("3"));
    let root_svg = tags(&dom, "svg", &["level-map"])
        .into_iter()
        .next()
        .unwrap();
    let class = attr(root_svg, "class").unwrap();
    for c in ["shade-material", "hide-flags", "hide-grid"] {
        assert!(class.split(' ').any(|x| x == c), "{c} in {class}");
    }
    assert!(!class.contains("hide-seams") && !class.contains("shade-height"));
}

/// Sets `field` of one mode of the snapshot `name` to an `f32` value.
fn set(snaps: &mut [Snapshot], name: &str, field: &str, v: f32) {
    let s = snaps.iter_mut().find(|s| s.name == name).unwrap();
    let slot = s
        .f32
        .fields
        .iter_mut()
        .find(|(f, _)| f == field)
        .unwrap_or_else(|| panic!("{name} {field}"));
    slot.1 = Value::Real {
        value: f64::from(v),
        bits: v.to_bits(),
    };
}

#[test]
fn diff_page_shows_both_pictures_in_headless_chromium() {
    let Some(browser) = browser_or_skip("diff_page_shows_both_pictures_in_headless_chromium")
    else {
        return;
    };
    let a = read_dir(&root().join("fixtures/golden")).unwrap();
    let mut b = a.clone();
    let case = "unit5__unit5_row01_face";
    set(&mut b, case, "contact.point.z", 0.75);
    let brick = "scenario__brick_settle";
    let old = match a
        .iter()
        .find(|s| s.name == brick)
        .and_then(|s| s.f32.get("t00021.brick.velocity.z"))
    {
        Some(Value::Real { bits, .. }) => f32::from_bits(*bits),
        other => panic!("{other:?}"),
    };
    set(
        &mut b,
        brick,
        "t00021.brick.velocity.z",
        f32::from_bits(old.to_bits() + 3),
    );
    let cmp = compare(&a, &b, Tolerance::default());
    assert_eq!(cmp.counts(), [a.len() - 2, 2, 0, 0]);

    let all = entries();
    let mut pictures = std::collections::BTreeMap::new();
    for (k, (name, d)) in cmp.differing().enumerate() {
        let entry = all.iter().find(|e| e.snapshot == name).unwrap();
        let mut pics: Pictures = [Err(String::new()), Err(String::new())];
        for (s, run) in [&a, &b].into_iter().enumerate() {
            let snap = run.iter().find(|x| x.name == name).unwrap();
            pics[s] = picture(&with_outcomes(entry, snap), d.tick(), &format!("d{k}{s}"))
                .map_err(|e| e.to_string());
        }
        pictures.insert(name.to_owned(), pics);
    }
    let html = diff_html(&cmp, ["committed", "changed"], &pictures);
    let (url, profile) = page("contact-view-diff", &html);
    let (dom, console) = dump(&browser, &profile, &url);
    assert!(console.is_empty(), "console messages: {console:#?}");
    assert!(dom.contains(&format!(
        "<p id=\"summary\">{} cases equal, 2 differ, 0 only in A, 0 only in B</p>",
        a.len() - 2
    )));
    let sections: Vec<&str> = dom.split("<section class=\"diff-case\"").skip(1).collect();
    assert_eq!(sections.len(), 2);
    for s in &sections {
        let sides: Vec<&str> = s.split("<div class=\"side\"").skip(1).collect();
        assert_eq!(sides.len(), 2, "two sides");
        for (side, want) in sides.iter().zip(["A", "B"]) {
            assert!(
                side.starts_with(&format!(" data-side=\"{want}\"")),
                "{side:.40}"
            );
            assert!(side.contains("<svg"), "side {want} has its picture");
        }
    }
    // The brick's section: both pictures of tick 21.
    let brick_section = sections
        .iter()
        .find(|s| s.contains(&format!("data-name=\"{brick}\"")))
        .unwrap();
    assert_eq!(brick_section.matches("data-tick=\"21\"").count(), 2);
    // Unit 5 row 1's: the contact point's z where each run has it, in the
    // side view (x, z) of each picture.
    let case_section = sections
        .iter()
        .find(|s| s.contains(&format!("data-name=\"{case}\"")))
        .unwrap();
    let sides: Vec<&str> = case_section.split("<div class=\"side\"").skip(1).collect();
    for (side, want) in sides.iter().zip([0.5, 0.75]) {
        let svg = &side[side.find("<svg").unwrap()..];
        let z: Vec<f64> = mapped_back(svg, &["class=\"contact-point\"", "data-mode=\"f32\""])
            .into_iter()
            .flatten()
            .filter(|(axis, _)| *axis == 2)
            .map(|(_, v)| v)
            .collect();
        assert_eq!(z.len(), 1, "one view with z");
        assert!((z[0] - want).abs() < 0.01, "{} vs {want}", z[0]);
    }
}
