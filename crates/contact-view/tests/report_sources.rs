//! The HTML report shows each scenario expectation's source and counts each
//! kind per scenario and in total, as the scenario files state them.

mod common;

use common::{entries, root};

/// The counts of `source: Spec(`, `source: Worked(`, `source: Choice(` in
/// the committed scenario files' text.
fn counted_in_files() -> (usize, usize, usize) {
    let mut c = (0, 0, 0);
    for e in std::fs::read_dir(root().join("fixtures/scenarios")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            let t = std::fs::read_to_string(&p).unwrap();
            c.0 += t.matches("source: Spec(").count();
            c.1 += t.matches("source: Worked(").count();
            c.2 += t.matches("source: Choice(").count();
        }
    }
    c
}

#[test]
fn the_report_shows_every_source_and_counts_each_kind() {
    let all = entries();
    let html = contact_view::report::report_html(&all, "Golden contacts", &[]).unwrap();
    let (spec, worked, choice) = counted_in_files();
    let total = spec + worked + choice;
    // The page's summary.
    let summary = format!(
        "id=\"source-counts\" data-spec=\"{spec}\" data-worked=\"{worked}\" data-choice=\"{choice}\">The scenarios' {total} expectations: {spec} stated by the spec, {worked} worked, {choice} the port's choice.</p>"
    );
    assert!(html.contains(&summary), "no summary `{summary}`");
    // One source cell per expectation, one source column per scenario.
    assert_eq!(html.matches("<td class=\"source ").count(), total);
    let scenarios: Vec<&golden::Entry> = all.iter().filter(|e| e.unit == "scenario").collect();
    assert_eq!(html.matches("<th>source</th>").count(), scenarios.len());
    assert_eq!(
        html.matches("<td class=\"source spec\"><b>stated by the spec</b>")
            .count(),
        spec
    );
    assert_eq!(
        html.matches("<td class=\"source worked\"><b>worked</b>")
            .count(),
        worked
    );
    assert_eq!(
        html.matches("<td class=\"source choice\"><b>the port&#39;s choice</b>")
            .count()
            + html
                .matches("<td class=\"source choice\"><b>the port's choice</b>")
                .count(),
        choice
    );
    // Each scenario's own counts, in its section.
    for e in &scenarios {
        let c = e.source_counts();
        let at = html
            .find(&format!("id=\"case-{}\"", e.snapshot))
            .expect("the scenario's section");
        let section = &html[at..];
        let section = &section[..section.find("</section>").unwrap()];
        let want = format!(
            "<p class=\"sources\" data-spec=\"{}\" data-worked=\"{}\" data-choice=\"{}\">sources of its {} expectations:",
            c.spec,
            c.worked,
            c.choice,
            c.total()
        );
        assert!(section.contains(&want), "{}: no `{want}`", e.name);
    }
    // The street's hash: both modes' own numbers stated, both met.
    let at = html.find("id=\"case-scenario__street\"").unwrap();
    let street = &html[at..];
    let street = &street[..street.find("</section>").unwrap()];
    assert!(
        street.contains("f32 819792152, ee32 3471473570"),
        "the stated hash_hi"
    );
    assert!(
        street.contains("f32 3473228362, ee32 2494303450"),
        "the stated hash_lo"
    );
    assert!(
        !street.contains("td class=\"bad\""),
        "every street number met"
    );
}
