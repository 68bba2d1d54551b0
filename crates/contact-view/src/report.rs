//! The HTML report: one static page with every kernel case and scenario of a
//! golden run: its spec row and name, its inputs, the stated numbers beside
//! the port's in both modes, the written fields and the picture (a
//! scenario's as a filmstrip of its ticks), with filters by unit, kernel and
//! quirk (also given in the address: `index.html#unit=unit1&differ=1`) and
//! the cases whose two modes differ marked; a scenario's stated numbers
//! show their source (stated by the spec, worked, the port's choice;
//! `docs/scenarios.md`), counted per scenario and in the page's summary; a
//! scenario's capture is summed up with each field's first divergence, its
//! fields are plotted over its ticks ([`crate::plot`]), the modes are marked
//! as differing only past [`ReportOptions::ulps`], and every entry shows the
//! command that re-runs it alone ([`rerun_command`]). No server, no external
//! file: the style, the pictures and the few lines of script are inline.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use golden::{Entry, EntryCall, Expected, SourceCounts, SourceKind};

use crate::case::{case_svg, Options};
use crate::plot::{
    differences_beyond, largest_gap, plots_svg, PlotOptions, DEFAULT_ULPS, PLOT_STYLE,
};
use crate::quirks::Quirk;
use crate::scenario::filmstrip_with;
use crate::svg::{esc, STYLE};
use crate::written::{show, written};
use crate::{error::ViewError, tree};

/// How the report is drawn.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// The modes' tolerance in ulps: a case or scenario is marked "modes
    /// differ" only past it ([`crate::plot`]).
    pub ulps: u64,
    /// The fixture folders the entries came from, when not the default
    /// ones: each re-run command names them (`--fixtures DIR`).
    pub fixtures: Vec<String>,
}

impl Default for ReportOptions {
    fn default() -> Self {
        Self {
            ulps: DEFAULT_ULPS,
            fixtures: Vec::new(),
        }
    }
}

/// The command that re-runs one case or scenario alone and draws it:
/// `cargo xtask view NAME --svg NAME.svg` (a scenario adds `--plot
/// NAME-plot.svg`), with the report's `--fixtures` and `--ulps`. It prints
/// the entry's unmet numbers and captures and exits 1 when one fails.
#[must_use]
pub fn rerun_command(e: &Entry, opts: &ReportOptions) -> String {
    let name = &e.snapshot;
    let mut cmd = format!("cargo xtask view {name} --svg {name}.svg");
    if matches!(e.call, EntryCall::Scenario(_)) {
        let _ = write!(cmd, " --plot {name}-plot.svg");
    }
    for f in &opts.fixtures {
        let _ = write!(cmd, " --fixtures {}", shell_word(f));
    }
    if opts.ulps != DEFAULT_ULPS {
        let _ = write!(cmd, " --ulps {}", opts.ulps);
    }
    cmd
}

/// A word for a POSIX shell: as it is when plain, else single-quoted.
fn shell_word(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:=@".contains(c))
    {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The report's page for `entries` (from [`golden::evaluate`]); `title`
/// heads it, `quirks` (from [`crate::quirks::parse`]) feed the quirk
/// filter; the default [`ReportOptions`].
///
/// # Errors
///
/// The first picture that cannot be drawn.
pub fn report_html(entries: &[Entry], title: &str, quirks: &[Quirk]) -> Result<String, ViewError> {
    report_html_with(entries, title, quirks, &ReportOptions::default())
}

/// As [`report_html`], with `opts`.
///
/// # Errors
///
/// The first picture that cannot be drawn, or a capture that cannot be
/// read.
pub fn report_html_with(
    entries: &[Entry],
    title: &str,
    quirks: &[Quirk],
    opts: &ReportOptions,
) -> Result<String, ViewError> {
    // Units in their number's order (unit1, unit4, ..., unit13), then the
    // other files, then the scenarios; cases in file order.
    let mut order: Vec<&Entry> = entries.iter().collect();
    order.sort_by_key(|e| unit_rank(e));
    let entries = order;
    let mut out = String::new();
    let units: BTreeSet<&str> = entries.iter().map(|e| e.unit.as_str()).collect();
    let kernels: BTreeSet<&str> = entries.iter().map(|e| e.kernel()).collect();
    let used: Vec<&Quirk> = quirks
        .iter()
        .filter(|q| entries.iter().any(|e| q.names(&e.name)))
        .collect();
    let differ = entries
        .iter()
        .filter(|e| !differences_beyond(e, opts.ulps).is_empty())
        .count();
    let failed = entries.iter().filter(|e| !e.failures.is_empty()).count();
    let scenarios = entries
        .iter()
        .filter(|e| matches!(e.call, EntryCall::Scenario(_)))
        .count();
    let mut sources = SourceCounts::default();
    for e in &entries {
        sources += e.source_counts();
    }

    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>{PAGE}{STYLE}{PLOT_STYLE}</style></head><body data-entries=\"{}\" data-ulps=\"{}\">\n",
        entries.len(),
        opts.ulps,
        t = esc(title)
    );
    let _ = writeln!(
        out,
        "<header><h1>{}</h1><p>{} kernel cases and {} scenarios, each run in <code>f32</code> and <code>Ee32</code> mode; {} whose modes differ by more than {} ulps; {} with a stated number not met.</p>",
        esc(title),
        entries.len() - scenarios,
        scenarios,
        differ,
        opts.ulps,
        failed
    );
    if scenarios > 0 {
        let _ = writeln!(
            out,
            "<p class=\"sources\" id=\"source-counts\" data-spec=\"{}\" data-worked=\"{}\" data-choice=\"{}\">The scenarios' {} expectations: {}.</p>",
            sources.spec,
            sources.worked,
            sources.choice,
            sources.total(),
            counts_text(&sources)
        );
    }
    out.push_str("<div id=\"filters\">");
    let select = |out: &mut String, id: &str, label: &str, opts: &[(String, String)]| {
        let _ = write!(
            out,
            "<label>{label} <select id=\"{id}\"><option value=\"\">all</option>"
        );
        for (v, l) in opts {
            let _ = write!(out, "<option value=\"{}\">{}</option>", esc(v), esc(l));
        }
        out.push_str("</select></label> ");
    };
    let pair = |s: &&str| ((*s).to_owned(), (*s).to_owned());
    select(
        &mut out,
        "f-unit",
        "unit",
        &units.iter().map(pair).collect::<Vec<_>>(),
    );
    select(
        &mut out,
        "f-kernel",
        "kernel",
        &kernels.iter().map(pair).collect::<Vec<_>>(),
    );
    select(
        &mut out,
        "f-quirk",
        "quirk",
        &used
            .iter()
            .map(|q| (q.id.clone(), q.label()))
            .collect::<Vec<_>>(),
    );
    out.push_str("<label><input type=\"checkbox\" id=\"f-differ\"> modes differ</label> <label><input type=\"checkbox\" id=\"f-failed\"> not met</label> <span id=\"shown\"></span></div><div id=\"errors\"></div></header>\n<main>\n");

    for (i, e) in entries.iter().enumerate() {
        entry_html(&mut out, e, i, &used, opts)?;
    }
    out.push_str("</main>\n");
    let _ = writeln!(out, "<script>{SCRIPT}</script></body></html>");
    Ok(out)
}

fn unit_rank(e: &Entry) -> (u8, u32, String) {
    if e.unit == "scenario" {
        return (2, 0, String::new());
    }
    match e
        .unit
        .strip_prefix("unit")
        .and_then(|n| n.parse::<u32>().ok())
    {
        Some(n) => (0, n, String::new()),
        None => (1, 0, e.unit.clone()),
    }
}

fn entry_html(
    out: &mut String,
    e: &Entry,
    i: usize,
    quirks: &[&Quirk],
    opts: &ReportOptions,
) -> Result<(), ViewError> {
    let diffs: Vec<&str> = differences_beyond(e, opts.ulps)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let largest = largest_gap(e);
    let qs: Vec<&str> = quirks
        .iter()
        .filter(|q| q.names(&e.name))
        .map(|q| q.id.as_str())
        .collect();
    let _ = write!(
        out,
        "<section class=\"case{}\" id=\"case-{}\" data-unit=\"{}\" data-kernel=\"{}\" data-quirks=\" {} \" data-differs=\"{}\" data-failed=\"{}\">",
        if diffs.is_empty() { "" } else { " differs" },
        esc(&e.snapshot),
        esc(&e.unit),
        esc(e.kernel()),
        qs.join(" "),
        u8::from(!diffs.is_empty()),
        u8::from(!e.failures.is_empty())
    );
    let _ = write!(out, "<h2>{}", esc(&e.name));
    if !diffs.is_empty() {
        let _ = write!(
            out,
            " <span class=\"badge differ\">modes differ ({} fields past {} ulps{})</span>",
            diffs.len(),
            opts.ulps,
            largest.map_or(String::new(), |(f, u)| format!(
                "; largest {u} ulps, {}",
                esc(f)
            ))
        );
    } else if let Some((f, u)) = largest {
        let _ = write!(
            out,
            " <span class=\"badge within\">modes within {} ulps (largest {u}, {})</span>",
            opts.ulps,
            esc(f)
        );
    }
    if !e.failures.is_empty() {
        out.push_str(" <span class=\"badge fail\">not met</span>");
    }
    if !e.known.is_empty() {
        out.push_str(" <span class=\"badge known\">known divergence</span>");
    }
    let file = file_name(&e.file);
    let _ = write!(
        out,
        "</h2><p class=\"spec\">{} · <code>{}</code> · {} · <code>{}</code></p>",
        esc(&e.spec),
        esc(e.kernel()),
        esc(&e.unit),
        esc(&file)
    );
    let _ = write!(
        out,
        "<p class=\"command\">re-run alone: <code>{}</code></p>",
        esc(&rerun_command(e, opts))
    );
    if let EntryCall::Scenario(_) = e.call {
        let c = e.source_counts();
        let _ = write!(
            out,
            "<p class=\"sources\" data-spec=\"{}\" data-worked=\"{}\" data-choice=\"{}\">sources of its {} expectations: {}</p>",
            c.spec,
            c.worked,
            c.choice,
            c.total(),
            counts_text(&c)
        );
    }
    if let Some(note) = &e.note {
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(note));
    }
    for q in quirks.iter().filter(|q| q.names(&e.name)) {
        let _ = write!(out, "<p class=\"quirk\">quirk: {}</p>", esc(&q.text));
    }
    out.push_str("<div class=\"row\"><div class=\"picture\">");
    let id = format!("c{i}");
    match &e.call {
        EntryCall::Kernel(_) => out.push_str(&case_svg(
            e,
            &Options {
                id,
                fields: false,
                style: false,
                ulps: opts.ulps,
            },
        )?),
        EntryCall::Scenario(_) => out.push_str(&filmstrip_with(e, &id, opts.ulps)?),
    }
    out.push_str("</div><div class=\"numbers\">");
    stated_table(out, e);
    capture_table(out, e)?;
    // The inputs.
    let inputs = match &e.call {
        EntryCall::Kernel(text) => tree::parse(text).map_or_else(|_| text.clone(), |n| n.compact()),
        EntryCall::Scenario(sc) => {
            let show = |t: String| tree::parse(&t).map_or(t.clone(), |n| n.compact());
            format!(
                "ticks: {}\nbodies: {}\ninputs: {}\nlevel: {} triangles{}",
                sc.ticks,
                show(format!("{:?}", sc.bodies)),
                show(format!("{:?}", sc.inputs)),
                sc.level.triangles.len(),
                sc.level
                    .mesh_file
                    .as_ref()
                    .map(|f| format!(", mesh file {f}"))
                    .unwrap_or_default()
            )
        }
    };
    let _ = write!(
        out,
        "<details open><summary>inputs</summary><pre>{}</pre></details>",
        esc(&inputs)
    );
    // The written fields.
    // Written in f32 mode, then what only Ee32 mode wrote.
    let shown: Vec<(&str, &golden::Value)> = written(&e.single)
        .chain(written(&e.ee).filter(|(p, _)| {
            e.single
                .get(p)
                .is_none_or(|v| *v == golden::Value::Unwritten)
        }))
        .collect();
    let _ = write!(
        out,
        "<details><summary>what the call wrote ({} fields{})</summary><table class=\"fields\"><tr><th>field</th><th>f32</th><th>ee32</th></tr>",
        shown.len(),
        if diffs.is_empty() { String::new() } else { format!(", {} differ", diffs.len()) }
    );
    for (p, _) in &shown {
        let ee = e.ee.get(p);
        let d = diffs.contains(p);
        let _ = write!(
            out,
            "<tr{}><td>{}</td><td>{}</td><td>{}</td></tr>",
            if d { " class=\"differs\"" } else { "" },
            esc(p),
            esc(&e
                .single
                .get(p)
                .map_or("absent".to_owned(), |v| show(v, false))),
            esc(&ee.map_or("absent".to_owned(), |v| show(v, true)))
        );
    }
    out.push_str("</table></details>");
    for f in e.failures.iter().chain(&e.known) {
        let _ = write!(out, "<p class=\"failure\">{}</p>", esc(f));
    }
    out.push_str("</div></div>");
    if let EntryCall::Scenario(_) = e.call {
        out.push_str("<details open class=\"plots\"><summary>fields over ticks</summary>");
        out.push_str(&plots_svg(
            e,
            &PlotOptions {
                id: format!("p{i}"),
                ulps: opts.ulps,
                style: false,
            },
        )?);
        out.push_str("</details>");
    }
    out.push_str("</section>\n");
    Ok(())
}

/// The last part of `path`, or nothing.
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A scenario's capture: per mode its summary, and per field its count
/// and first divergence (the capture's line, tick, captured, ours, ulps).
fn capture_table(out: &mut String, e: &Entry) -> Result<(), ViewError> {
    let Some((cap, cmp)) = golden::capture::for_entry(e)? else {
        return Ok(());
    };
    let file = file_name(&cap.path);
    let _ = write!(
        out,
        "<div class=\"capture\" data-file=\"{}\" data-rows=\"{}\"><p>capture <code>{}</code>: {}</p><table class=\"capture\"><tr><th>mode</th><th>field</th><th>rows</th><th>diverged</th><th>first: line</th><th>tick</th><th>captured</th><th>ours</th><th>ulps</th><th>off by</th><th>known</th></tr>",
        esc(&file),
        cap.rows.len(),
        esc(&file),
        esc(&cmp.iter().map(golden::capture::Comparison::summary).collect::<Vec<_>>().join("; "))
    );
    for c in &cmp {
        for f in &c.fields {
            let Some(d) = &f.first else { continue };
            let _ = write!(
                out,
                "<tr class=\"first-divergence{}\" data-mode=\"{}\" data-field=\"{}\" data-line=\"{}\" data-tick=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                if d.known.is_some() { " known" } else { "" },
                esc(c.mode.name()),
                esc(&f.field),
                d.line,
                d.tick,
                esc(c.mode.name()),
                esc(&f.field),
                f.rows,
                f.diverged,
                d.line,
                d.tick,
                esc(&d.captured),
                esc(&d.ours),
                d.ulps.map_or(String::new(), |u| u.to_string()),
                d.abs.map_or(String::new(), |a| format!("{a:e}")),
                esc(d.known.as_deref().unwrap_or(""))
            );
        }
    }
    out.push_str("</table></div>");
    Ok(())
}

/// "12 stated by the spec, 6 worked, 0 the port's choice".
fn counts_text(c: &SourceCounts) -> String {
    SourceKind::ALL
        .iter()
        .map(|&k| format!("{} {}", c.get(k), k.label()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn stated_table(out: &mut String, e: &Entry) {
    if e.expect.is_empty() {
        out.push_str("<p class=\"small\">no stated numbers</p>");
        return;
    }
    let with_sources = matches!(e.call, EntryCall::Scenario(_));
    out.push_str("<table class=\"stated\"><tr><th>field</th><th>stated</th><th>tol</th><th>f32</th><th>ee32</th>");
    if with_sources {
        out.push_str("<th>source</th>");
    }
    out.push_str("</tr>");
    for (field, want) in &e.expect {
        let tol = e
            .tolerances
            .get(field)
            .copied()
            .unwrap_or(golden::case::DEFAULT_TOLERANCE);
        let unwritten = matches!(want, Expected::Word(w) if w == "unwritten");
        let cell = |o: &golden::Outcome, bits: bool| {
            // The mode's own number where the scenario gives one (`ee32`).
            let want = e.expected_in(field, bits).unwrap_or(want);
            let unwritten = matches!(want, Expected::Word(w) if w == "unwritten");
            let got = o.get(field);
            // A scenario tick without the field meets "unwritten".
            let ok = (unwritten && got.is_none()) || golden::check(o, field, want, tol).is_none();
            let text = got.map_or("absent".to_owned(), |v| show(v, bits));
            let known = !ok && e.known.iter().any(|k| k.contains(&format!("`{field}`")));
            let cls = match (ok, known) {
                (true, _) => "ok",
                (false, true) => "known",
                (false, false) => "bad",
            };
            format!("<td class=\"{cls}\">{}</td>", esc(&text))
        };
        let text = |w: &Expected| match w {
            Expected::Number(v) => format!("{v}"),
            Expected::Word(w) => w.clone(),
        };
        let stated = match e.expect_ee32.get(field) {
            Some(ee) if ee != want => format!("f32 {}, ee32 {}", text(want), text(ee)),
            _ => text(want),
        };
        let source = match e.sources.get(field) {
            Some(s) => format!(
                "<td class=\"source {}\"><b>{}</b> {}</td>",
                s.kind().name(),
                esc(s.kind().label()),
                esc(s.text())
            ),
            None if with_sources => "<td class=\"source\"></td>".to_owned(),
            None => String::new(),
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td>{}{}{}</tr>",
            esc(field),
            esc(&stated),
            if unwritten {
                String::new()
            } else {
                format!("{tol:e}")
            },
            cell(&e.single, false),
            cell(&e.ee, true),
            source
        );
    }
    out.push_str("</table>");
}

const PAGE: &str = "\
body{font:13px/1.4 sans-serif;margin:0;color:#222;background:#f4f4f2}\
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ccc;padding:6px 12px;z-index:2}\
h1{font-size:18px;margin:4px 0}\
h2{font-size:14px;margin:0 0 2px}\
#filters select{max-width:260px}\
#errors{color:#b00}\
main{padding:8px 12px}\
section.case{background:#fff;border:1px solid #ddd;border-radius:4px;margin:0 0 10px;padding:8px}\
section.case.differs{border-left:5px solid #ffd600}\
.row{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap}\
.picture{overflow-x:auto;max-width:100%}\
.numbers{flex:1;min-width:320px}\
.spec,.note,.quirk,.sources{margin:0;color:#555}\
td.source{font-family:sans-serif;font-size:11px;max-width:420px}\
td.source.spec b{color:#1a7f37}td.source.worked b{color:#0550ae}td.source.choice b{color:#8a4b00}\
.quirk{color:#7a3d9d}\
.badge{font-size:11px;padding:1px 5px;border-radius:3px;font-weight:normal}\
.badge.differ{background:#ffd600}.badge.fail{background:#e31a1c;color:#fff}.badge.known{background:#fdae6b}\
table{border-collapse:collapse;font-size:12px;margin:4px 0}\
td,th{border:1px solid #ddd;padding:1px 5px;text-align:left;font-family:monospace}\
td.ok{background:#e5f5e0}td.bad{background:#fcbba1}td.known{background:#fdd0a2}\
tr.differs td{background:#fff3b0}\
pre{white-space:pre-wrap;font-size:11px;margin:2px 0;background:#fafafa;padding:4px}\
.failure{color:#b00;font-size:12px}\
.small{color:#666;font-size:11px}\
.command code{background:#f0f0ee;padding:1px 4px;user-select:all}\
.badge.within{background:#eee;color:#555}\
tr.first-divergence td{background:#fcbba1}tr.first-divergence.known td{background:#fdd0a2}\
.hidden{display:none}\
";

const SCRIPT: &str = r#"
(function () {
  window.addEventListener('error', function (ev) {
    var box = document.getElementById('errors');
    if (box) { box.textContent += 'script error: ' + ev.message + ' '; }
  });
  var ids = ['f-unit', 'f-kernel', 'f-quirk', 'f-differ', 'f-failed'];
  var sections = Array.prototype.slice.call(document.querySelectorAll('section.case'));
  function value(id) {
    var el = document.getElementById(id);
    return el.type === 'checkbox' ? el.checked : el.value;
  }
  function apply() {
    var unit = value('f-unit'), kernel = value('f-kernel'), quirk = value('f-quirk');
    var differ = value('f-differ'), failed = value('f-failed');
    var shown = 0;
    sections.forEach(function (s) {
      var ok = (!unit || s.dataset.unit === unit)
        && (!kernel || s.dataset.kernel === kernel)
        && (!quirk || s.dataset.quirks.indexOf(' ' + quirk + ' ') >= 0)
        && (!differ || s.dataset.differs === '1')
        && (!failed || s.dataset.failed === '1');
      s.classList.toggle('hidden', !ok);
      if (ok) { shown += 1; }
    });
    document.getElementById('shown').textContent = shown + ' of ' + sections.length + ' shown';
  }
  ids.forEach(function (id) { document.getElementById(id).addEventListener('change', apply); });
  // Filters given in the address: #unit=unit1&kernel=..&quirk=q3&differ=1&failed=1.
  (location.hash || '').replace(/^#/, '').split('&').forEach(function (kv) {
    var parts = kv.split('=');
    var el = document.getElementById('f-' + parts[0]);
    if (!el || parts.length !== 2) { return; }
    var v = decodeURIComponent(parts[1]);
    if (el.type === 'checkbox') { el.checked = v === '1'; } else { el.value = v; }
  });
  apply();
  document.body.dataset.pictures = String(document.querySelectorAll('section.case .picture > svg').length);
  document.body.dataset.ready = '1';
})();
"#;
