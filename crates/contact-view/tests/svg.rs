//! The SVG builder on the committed fixtures: a drawn contact point maps
//! back to the point the snapshot records, the move's ends are where the
//! inputs put them, and nothing the kernel did not write is drawn or listed.

mod common;

use common::{attr, entries, mapped_back, scales, snapshot_value, tags};
use contact_view::{case_svg, Options};
use golden::Value;

fn find<'a>(all: &'a [golden::Entry], name: &str) -> &'a golden::Entry {
    all.iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

/// Unit 5 row 1: the sphere at (0, -1.3, 0.5), r 0.09, moving (0, 0.4, 0)
/// meets the box face y = -1: the snapshot's contact point, read from the
/// committed file (not from the run), is where the picture puts its dot,
/// in both views.
#[test]
fn contact_point_maps_back_to_the_snapshot() {
    let all = entries();
    let e = find(&all, "unit5_row01_face");
    let svg = case_svg(e, &Options::default()).unwrap();
    let want: Vec<f64> = ["x", "y", "z"]
        .iter()
        .map(|l| {
            snapshot_value(&e.snapshot, &format!("contact.point.{l}")).expect("snapshot point")
        })
        .collect();
    let got = mapped_back(&svg, &["class=\"contact-point\"", "data-mode=\"f32\""]);
    assert_eq!(got.len(), 2, "one contact point per view");
    for (view, s) in got.iter().zip(scales(&svg)) {
        for &(axis, v) in view {
            assert!(
                (v - want[axis]).abs() <= 0.01 / s,
                "axis {axis}: drawn at {v}, snapshot {}",
                want[axis]
            );
        }
    }
    // The face is y = -1 (Unit 5 row 1's box, centre y 0, half 1).
    assert!((want[1] + 1.0).abs() < 1e-6);
}

/// The move arrow starts at the sphere's centre and ends at centre + move.
#[test]
fn move_arrow_spans_the_move() {
    let all = entries();
    let e = find(&all, "unit5_row01_face");
    let svg = case_svg(e, &Options::default()).unwrap();
    let (panel, body) = common::panels(&svg)[0];
    let num = |k: &str| attr(panel, k).unwrap().parse::<f64>().unwrap();
    let (ox, oy, s) = (num("data-ox"), num("data-oy"), num("data-s"));
    let g = body.find("<g class=\"move\"").expect("a move arrow");
    let line = tags(&body[g..], "line", &[]).into_iter().next().unwrap();
    let x1: f64 = attr(line, "x1").unwrap().parse().unwrap();
    let y1: f64 = attr(line, "y1").unwrap().parse().unwrap();
    assert!(((x1 - ox) / s - 0.0).abs() <= 0.01 / s);
    assert!(((oy - y1) / s - -1.3).abs() <= 0.01 / s);
}

/// Unit 4 row 26: the box-capsule overlap leaves the other half's normal
/// unwritten (divergence 40): the outcome has the field, unwritten, and the
/// picture neither draws nor lists it, while it draws the written normal.
#[test]
fn unwritten_fields_are_not_drawn() {
    let all = entries();
    let e = find(&all, "unit4_row26a_box_capsule_mirror");
    for lane in ["x", "y", "z", "w"] {
        assert_eq!(
            e.single.get(&format!("contact.other.normal.{lane}")),
            Some(&Value::Unwritten)
        );
    }
    let svg = case_svg(e, &Options::default()).unwrap();
    assert!(!svg.contains("data-field=\"contact.other.normal\""));
    assert!(!svg.contains("contact.other.normal.x"));
    assert!(svg.contains("data-field=\"contact.own.normal\""));
    assert!(svg.contains("contact.own.normal.y = -1.0"));
    // No field of the listing says "unwritten".
    assert!(!svg.contains("unwritten"));
}

/// A case whose modes differ draws the `Ee32` marks and highlights them; a
/// case whose modes agree draws one set.
#[test]
fn modes_drawn_when_they_differ() {
    let all = entries();
    let differs = all
        .iter()
        .find(|e| {
            matches!(e.call, golden::EntryCall::Kernel(_))
                && e.mode_differences()
                    .iter()
                    .any(|f| f.starts_with("contact.point"))
        })
        .expect("a case whose contact point differs between the modes");
    let svg = case_svg(differs, &Options::default()).unwrap();
    assert!(svg.contains("data-modes-differ=\"true\""));
    assert!(!tags(&svg, "circle", &["class=\"differs\""]).is_empty());
    assert!(!tags(&svg, "circle", &["data-mode=\"ee32\""]).is_empty());
    let same = find(&all, "unit5_row01_face");
    assert!(same.mode_differences().is_empty());
    let svg = case_svg(same, &Options::default()).unwrap();
    assert!(svg.contains("data-modes-differ=\"false\""));
    assert!(!svg.contains("data-mode=\"ee32\""));
}

/// Every entry gets a picture; the scenario tick and filmstrip views draw
/// every body each tick.
#[test]
fn every_entry_draws() {
    let all = entries();
    for e in &all {
        match &e.call {
            golden::EntryCall::Kernel(_) => {
                let svg = case_svg(e, &Options::default())
                    .unwrap_or_else(|err| panic!("{}: {err}", e.name));
                assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            }
            golden::EntryCall::Scenario(sc) => {
                let film = contact_view::scenario::filmstrip(e, "f").unwrap();
                let frames = if sc.ticks <= contact_view::scenario::MAX_FRAMES {
                    sc.ticks as usize
                } else {
                    // A long run shows the ticks it records fields for.
                    let mut t: Vec<&str> = e
                        .single
                        .paths()
                        .filter_map(|p| p.split('.').next())
                        .collect();
                    t.dedup();
                    // At most `MAX_FRAMES` of them (the loose part's 362
                    // recorded ticks show its first 120).
                    t.len().min(contact_view::scenario::MAX_FRAMES as usize)
                };
                assert_eq!(
                    tags(&film, "g", &["class=\"tick"]).len(),
                    frames,
                    "{}",
                    e.name
                );
                let tick = contact_view::scenario::tick_svg(e, 0, &Options::default()).unwrap();
                // Each body in both views.
                assert_eq!(
                    tick.matches("data-body=").count(),
                    2 * sc.bodies.len(),
                    "{}",
                    e.name
                );
                assert!(
                    contact_view::scenario::tick_svg(e, sc.ticks, &Options::default()).is_err()
                );
            }
        }
    }
}

/// The README's picture is the current picture of its case (regenerate it
/// with `cargo xtask view unit1_row08_corner_v0_edge0 --svg
/// docs/contact-unit1-row08.svg`).
#[test]
fn readme_picture_is_current() {
    let all = entries();
    let e = find(&all, "unit1_row08_corner_v0_edge0");
    let svg = case_svg(e, &Options::default()).unwrap();
    let committed =
        std::fs::read_to_string(common::root().join("docs/contact-unit1-row08.svg")).unwrap();
    assert!(
        committed == svg,
        "docs/contact-unit1-row08.svg is stale: cargo xtask view unit1_row08_corner_v0_edge0 --svg docs/contact-unit1-row08.svg"
    );
}
