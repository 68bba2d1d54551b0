//! Helpers shared by the picture tests: the workspace's fixtures, reading
//! a snapshot's point, and finding elements and attributes in SVG or HTML
//! text (the pictures are our own markup, one element per tag).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every kernel case and scenario of the committed fixtures.
pub fn entries() -> Vec<golden::Entry> {
    let r = root();
    let k = r.join("fixtures/kernels");
    let s = r.join("fixtures/scenarios");
    golden::evaluate(&[k.as_path(), s.as_path()])
        .expect("fixtures evaluate")
        .0
}

/// The `f32` value of `field` in a committed snapshot, read from its text
/// (`"contact.point.x": "-2.0",` in the `f32` block).
pub fn snapshot_value(snapshot: &str, field: &str) -> Option<f64> {
    let text = std::fs::read_to_string(
        root()
            .join("fixtures/golden")
            .join(format!("{snapshot}.snap")),
    )
    .ok()?;
    let f32_block = text.split("    ee32: {").next()?;
    let key = format!("\"{field}\": \"");
    let at = f32_block.find(&key)? + key.len();
    let rest = &f32_block[at..];
    rest[..rest.find('"')?].parse().ok()
}

/// The value of attribute `name` in one tag's text.
pub fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let rest = &tag[at..];
    Some(&rest[..rest.find('"')?])
}

/// Every start tag in `text` that has all the attribute texts `has`
/// (e.g. `class="contact-point"`).
pub fn tags<'a>(text: &'a str, name: &str, has: &[&str]) -> Vec<&'a str> {
    let open = format!("<{name} ");
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(&open) {
        let start = from + i;
        let end = text[start..]
            .find('>')
            .map_or(text.len(), |e| start + e + 1);
        let tag = &text[start..end];
        if has.iter().all(|h| tag.contains(h)) {
            out.push(tag);
        }
        from = end;
    }
    out
}

/// The panels of a picture, in order, each with the text it holds: its
/// `<g class="panel" ...>` tag and what follows up to the next panel.
pub fn panels(svg: &str) -> Vec<(&str, &str)> {
    let key = "<g class=\"panel\"";
    let starts: Vec<usize> = svg.match_indices(key).map(|(i, _)| i).collect();
    starts
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            let end = starts.get(k + 1).copied().unwrap_or(svg.len());
            let tag_end = svg[s..].find('>').map_or(end, |e| s + e + 1);
            (&svg[s..tag_end], &svg[tag_end..end])
        })
        .collect()
}

fn axis(name: &str) -> usize {
    match name {
        "x" => 0,
        "y" => 1,
        _ => 2,
    }
}

/// For each panel of `svg`: the world coordinates (on the panel's two
/// axes, as `(axis index, value)` pairs) of the first circle that has all
/// of `has`, mapped back from its `cx`, `cy` with the panel's mapping.
pub fn mapped_back(svg: &str, has: &[&str]) -> Vec<[(usize, f64); 2]> {
    let mut out = Vec::new();
    for (panel, body) in panels(svg) {
        let num = |k: &str| {
            attr(panel, k)
                .and_then(|v| v.parse::<f64>().ok())
                .expect("panel mapping")
        };
        let (ox, oy, s) = (num("data-ox"), num("data-oy"), num("data-s"));
        let axes: Vec<usize> = attr(panel, "data-axes")
            .expect("axes")
            .split(',')
            .map(axis)
            .collect();
        let Some(c) = tags(body, "circle", has).into_iter().next() else {
            continue;
        };
        let cx: f64 = attr(c, "cx").unwrap().parse().unwrap();
        let cy: f64 = attr(c, "cy").unwrap().parse().unwrap();
        out.push([(axes[0], (cx - ox) / s), (axes[1], (oy - cy) / s)]);
        let _ = s;
    }
    out
}

/// The panels' scale (pixels per world unit), for a tolerance of a
/// hundredth of a pixel (the pictures round pixels to two decimals).
pub fn scales(svg: &str) -> Vec<f64> {
    panels(svg)
        .iter()
        .map(|(p, _)| attr(p, "data-s").unwrap().parse().unwrap())
        .collect()
}

/// The Chromium to test with: `CHROMIUM`, else the first of its usual
/// names on `PATH`.
pub fn chromium() -> Option<PathBuf> {
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

/// The browser, or `None` (after saying why) when the test may skip.
pub fn browser_or_skip(test: &str) -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        if std::env::var_os("CONTACT_VIEW_REQUIRE_BROWSER").is_some() {
            panic!("CONTACT_VIEW_REQUIRE_BROWSER is set but no chromium is on PATH (apt-get install chromium)");
        }
        eprintln!(
            "SKIPPED {test}: no chromium on PATH (apt-get install chromium, or set CHROMIUM)"
        );
    }
    found
}

/// Chromium headless with the flags this machine's closed network needs
/// (no background connections) and a fresh profile.
pub fn run(browser: &Path, profile: &Path, args: &[&str]) -> (String, String) {
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

/// The plot a plot group's opening tag describes in its data attributes
/// (`data-rect`, `data-t0`, `data-t1`, `data-v0`, `data-v1`).
pub fn plot_frame(tag: &str) -> contact_view::plot::Plot {
    let num = |k: &str| attr(tag, k).unwrap().parse::<f64>().unwrap();
    let r: Vec<f64> = attr(tag, "data-rect")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    contact_view::plot::Plot {
        rect: [r[0], r[1], r[2], r[3]],
        ticks: (num("data-t0"), num("data-t1")),
        values: (num("data-v0"), num("data-v1")),
    }
}

/// The page's `<body>` tag, after checking that the browser logged no
/// console message and that the page's script ran to its end.
pub fn ready_body<'a, T: std::fmt::Debug>(dom: &'a str, console: &[T]) -> &'a str {
    assert!(console.is_empty(), "console messages: {console:#?}");
    let body = tags(dom, "body", &[]).into_iter().next().expect("a body");
    assert_eq!(
        attr(body, "data-ready"),
        Some("1"),
        "the page's script ran to its end"
    );
    body
}
