//! The plots on the committed fixtures: each field's line has one point
//! per tick the committed snapshot writes it at, a mark maps back to its
//! tick and value, the modes' tolerance in ulps, and the re-run commands.

mod common;

use common::{attr, entries, plot_frame, root, tags};
use contact_view::plot::{differences_beyond, largest_gap, plots_svg, Gap, PlotOptions};
use contact_view::report::{rerun_command, ReportOptions};
use golden::Value;

/// The ticks at which the committed snapshot's `f32` block writes `field`
/// as a number (read from the file's text, not from the run).
fn snapshot_ticks(snapshot: &str, field: &str) -> usize {
    let text = std::fs::read_to_string(
        root()
            .join("fixtures/golden")
            .join(format!("{snapshot}.snap")),
    )
    .expect("the snapshot");
    let f32_block = text
        .split("    f32: {")
        .nth(1)
        .and_then(|t| t.split("    ee32: {").next())
        .expect("the f32 block");
    f32_block
        .lines()
        .filter(|l| {
            // `"t00001.brick.settle_t": "0.02",`
            let mut parts = l.trim().split('"');
            let (key, value) = (parts.nth(1).unwrap_or(""), parts.nth(1).unwrap_or(""));
            key.split_once('.')
                .is_some_and(|(t, f)| t.starts_with('t') && f == field)
                && value != "unwritten"
        })
        .count()
}

/// The `<g class="plot...">` of `field` in a plots picture, with what it
/// holds.
fn plot_of<'a>(svg: &'a str, field: &str) -> (&'a str, &'a str) {
    let key = format!("data-field=\"{field}\" data-points=");
    let at = svg.find(&key).expect("the field's plot");
    let start = svg[..at].rfind("<g ").unwrap();
    let end = svg[start..].find("</g>").unwrap() + start;
    let tag_end = svg[start..].find('>').unwrap() + start + 1;
    (&svg[start..tag_end], &svg[tag_end..end])
}

fn points(body: &str, class: &str) -> usize {
    tags(body, "polyline", &[&format!("class=\"series {class}\"")])
        .iter()
        .map(|t| attr(t, "points").unwrap().split(' ').count())
        .sum()
}

#[test]
fn each_plot_has_a_point_per_written_tick() {
    let all = entries();
    let mut checked = 0;
    for (name, field) in [
        ("settle_slot", "brick.settle_t"),
        ("settle_slot", "brick.rotation.w"),
        ("brick_settle", "brick.velocity.z"),
        ("brick_settle", "contact0.velocity.z"),
        ("loose_part", "panel.turn_t"),
        ("walker_into_human", "walker.position.x"),
    ] {
        let e = all.iter().find(|e| e.name == name).expect(name);
        let svg = plots_svg(e, &PlotOptions::default()).unwrap();
        let (tag, body) = plot_of(&svg, field);
        let want = snapshot_ticks(&e.snapshot, field);
        assert!(want > 0, "{name} {field}");
        assert_eq!(
            attr(tag, "data-points"),
            Some(want.to_string().as_str()),
            "{name} {field}"
        );
        assert_eq!(points(body, "f32"), want, "{name} {field}");
        checked += 1;
    }
    assert_eq!(checked, 6);
    // The settle slot's t: ticks 0-9 (freed at 10); the brick's contact
    // speed at its two floor contacts, ticks 21 and 33.
    let e = all.iter().find(|e| e.name == "settle_slot").unwrap();
    let svg = plots_svg(e, &PlotOptions::default()).unwrap();
    assert_eq!(
        attr(plot_of(&svg, "brick.settle_t").0, "data-points"),
        Some("10")
    );
    let e = all.iter().find(|e| e.name == "brick_settle").unwrap();
    let svg = plots_svg(e, &PlotOptions::default()).unwrap();
    let (_, body) = plot_of(&svg, "contact0.velocity.z");
    let froms: Vec<&str> = tags(body, "polyline", &["class=\"series f32\""])
        .iter()
        .map(|t| attr(t, "data-from").unwrap())
        .collect();
    assert_eq!(froms, ["21", "33"]);
    // The events strip: the two floor contacts.
    let contacts: Vec<&str> = tags(&svg, "line", &["class=\"contact-tick\""])
        .iter()
        .map(|t| attr(t, "data-tick").unwrap())
        .collect();
    assert_eq!(contacts, ["21", "33"]);
}

#[test]
fn a_capture_mark_maps_back_to_its_tick_and_value() {
    let all = entries();
    let e = all.iter().find(|e| e.name == "brick_settle").unwrap();
    let svg = plots_svg(e, &PlotOptions::default()).unwrap();
    let (tag, body) = plot_of(&svg, "brick.velocity.z");
    let plot = plot_frame(tag);
    // brick_settle.tsv line 16: tick 21, 0.5379, known (divergence 359).
    let marks = tags(body, "rect", &["data-line=\"16\""]);
    assert_eq!(marks.len(), 1);
    let m = marks[0];
    assert!(attr(m, "class").unwrap().contains("known"));
    let x: f64 = attr(m, "x").unwrap().parse().unwrap();
    let y: f64 = attr(m, "y").unwrap().parse().unwrap();
    let (t, v) = plot.unmap(x + 3.0, y + 3.0);
    let per_px = (plot.values.1 - plot.values.0) / plot.rect[3];
    assert!((t - 21.0).abs() < 0.05, "{t}");
    assert!((v - 0.5379).abs() <= 0.01 * per_px, "{v}");
}

#[test]
fn the_modes_tolerance_counts_ulps() {
    let r = |x: f32| Value::Real {
        value: f64::from(x),
        bits: x.to_bits(),
    };
    let one = 1.0f32;
    let up = |k: u32| f32::from_bits(one.to_bits() + k);
    assert_eq!(Gap::of(Some(&r(one)), Some(&r(one))), Gap::Same);
    assert_eq!(Gap::of(Some(&r(one)), Some(&r(up(3)))), Gap::Ulps(3));
    assert!(!Gap::Ulps(4).beyond(4));
    assert!(Gap::Ulps(5).beyond(4));
    assert_eq!(
        Gap::of(Some(&Value::Int(1)), Some(&Value::Int(2))),
        Gap::Other
    );
    assert_eq!(Gap::of(Some(&r(one)), None), Gap::Other);
    assert!(Gap::Other.beyond(u64::MAX));

    let all = entries();
    let mut fewer = 0;
    for e in &all {
        // 0 ulps: every difference; no tolerance hides a non-float one.
        assert_eq!(
            differences_beyond(e, 0).len(),
            e.mode_differences().len(),
            "{}",
            e.name
        );
        let past = differences_beyond(e, 4).len();
        assert!(past <= e.mode_differences().len());
        fewer += usize::from(past < e.mode_differences().len());
        // The largest gap is past every tolerance below it.
        if let Some((field, u)) = largest_gap(e) {
            assert!(differences_beyond(e, u - 1)
                .iter()
                .any(|(f, _)| *f == field));
            assert!(!differences_beyond(e, u)
                .iter()
                .any(|(f, g)| *f == field && matches!(g, Gap::Ulps(_))));
        }
    }
    assert!(
        fewer > 0,
        "the default tolerance hides some one-ulp differences"
    );
    // A plot's largest gap and its banded ticks at 0 and at a large tolerance.
    let e = all.iter().find(|e| e.name == "settle_slot").unwrap();
    let at = |ulps| {
        let svg = plots_svg(
            e,
            &PlotOptions {
                ulps,
                ..Default::default()
            },
        )
        .unwrap();
        let (tag, body) = plot_of(&svg, "brick.rotation.w");
        (
            attr(tag, "data-max-ulps").unwrap().to_owned(),
            tags(body, "rect", &["class=\"mode-band\""]).len(),
        )
    };
    let (max, bands0) = at(0);
    let max: u64 = max.parse().unwrap();
    assert!(max > 0);
    assert!(bands0 > 0);
    assert_eq!(at(max).1, 0, "no band at the largest gap's own tolerance");
}

#[test]
fn the_rerun_commands_name_the_entry_and_the_options() {
    let all = entries();
    let scenario = all.iter().find(|e| e.name == "settle_slot").unwrap();
    let case = all.iter().find(|e| e.name == "unit5_row01_face").unwrap();
    let d = ReportOptions::default();
    assert_eq!(
        rerun_command(scenario, &d),
        "cargo xtask view scenario__settle_slot --svg scenario__settle_slot.svg --plot scenario__settle_slot-plot.svg"
    );
    assert_eq!(
        rerun_command(case, &d),
        "cargo xtask view unit5__unit5_row01_face --svg unit5__unit5_row01_face.svg"
    );
    let o = ReportOptions {
        ulps: 0,
        fixtures: vec!["my cases".to_owned(), "fixtures/kernels".to_owned()],
    };
    assert_eq!(
        rerun_command(case, &o),
        "cargo xtask view unit5__unit5_row01_face --svg unit5__unit5_row01_face.svg --fixtures 'my cases' --fixtures fixtures/kernels --ulps 0"
    );
    // Each entry's name in its command is unique, so the command finds it.
    let mut names: Vec<&str> = all.iter().map(|e| e.snapshot.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all.len());
}

#[test]
fn the_filmstrip_marks_ticks_past_the_tolerance_only() {
    let all = entries();
    let e = all.iter().find(|e| e.name == "brick_settle").unwrap();
    let ticks = |keys: Vec<&str>| {
        let mut t: Vec<&str> = keys.iter().filter_map(|k| k.split('.').next()).collect();
        t.sort_unstable();
        t.dedup();
        t.len()
    };
    let marked = |ulps| {
        contact_view::scenario::filmstrip_with(e, "f", ulps)
            .unwrap()
            .matches(" tick-differs\"")
            .count()
    };
    let every = ticks(e.mode_differences());
    let past = ticks(
        differences_beyond(e, 4)
            .into_iter()
            .map(|(k, _)| k)
            .collect(),
    );
    assert_eq!(marked(0), every);
    assert_eq!(marked(4), past);
    assert!(past < every, "{past} of {every} ticks past 4 ulps");
}
