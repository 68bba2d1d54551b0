//! A scenario's numbers over its ticks, as SVG line plots, and the
//! tolerance in ulps past which its two float modes are said to differ.
//!
//! [`plots_svg`] draws one small plot per numeric (float) field of a
//! scenario (`brick.velocity.z`, the tick prefix dropped): the `f32` run
//! as a solid line, the `Ee32` run dashed over it, the stated numbers as
//! circles and the capture's values ([`golden::capture`]) as squares,
//! those not met outlined red (orange when marked `known`); a tick where
//! the modes differ by more than the tolerance is banded yellow and the
//! plot's largest difference is printed in its title. A strip above the
//! plots marks the ticks with contacts and those where a flags word
//! changed, on the plots' shared tick axis.
//!
//! Every plot is a `<g class="plot">` with `data-field`, `data-points` (the
//! `f32` line's points: the ticks that field is written at), the mapping
//! (`data-rect="x y width height"`, `data-t0`, `data-t1`, `data-v0`,
//! `data-v1`: tick `t0` is drawn at the rect's left, value `v0` at its
//! foot) and `data-max-ulps`; readers map a mark back with them
//! ([`Plot::unmap`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use golden::capture::{self, Captured, Comparison};
use golden::{Entry, Expected, Value};

use crate::error::ViewError;
pub use crate::gap::{differences_beyond, largest_gap, Gap, DEFAULT_ULPS};
use crate::scenario::scenario_of;
use crate::svg::{esc, n, w};

/// How [`plots_svg`] draws.
#[derive(Clone, Debug)]
pub struct PlotOptions {
    /// The element ids' prefix.
    pub id: String,
    /// The modes' tolerance in ulps.
    pub ulps: u64,
    /// Include the style (a picture on its own; the report has it once).
    pub style: bool,
}

impl Default for PlotOptions {
    fn default() -> Self {
        Self {
            id: "plot".to_owned(),
            ulps: DEFAULT_ULPS,
            style: true,
        }
    }
}

/// One plot's mapping from ticks and values to the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plot {
    /// The plotting area: left, top, width, height.
    pub rect: [f64; 4],
    /// The ticks at the left and right edges.
    pub ticks: (f64, f64),
    /// The values at the foot and the top.
    pub values: (f64, f64),
}

impl Plot {
    /// Where `(tick, value)` is drawn.
    #[must_use]
    pub fn map(&self, tick: f64, value: f64) -> (f64, f64) {
        let [x, y, wd, h] = self.rect;
        let (t0, t1) = self.ticks;
        let (v0, v1) = self.values;
        (
            x + (tick - t0) / (t1 - t0) * wd,
            y + h - (value - v0) / (v1 - v0) * h,
        )
    }

    /// The plotting area and the ticks at its edges as the page's script
    /// reads them back: `data-rect="x y w h" data-t0="…" data-t1="…"`.
    fn frame_data(&self) -> String {
        let [x, y, wd, h] = self.rect;
        format!(
            r#"data-rect="{} {} {} {}" data-t0="{}" data-t1="{}""#,
            w(x),
            w(y),
            w(wd),
            w(h),
            w(self.ticks.0),
            w(self.ticks.1)
        )
    }

    /// The `(tick, value)` drawn at `(px, py)`.
    #[must_use]
    pub fn unmap(&self, px: f64, py: f64) -> (f64, f64) {
        let [x, y, wd, h] = self.rect;
        let (t0, t1) = self.ticks;
        let (v0, v1) = self.values;
        (
            t0 + (px - x) / wd * (t1 - t0),
            v0 + (y + h - py) / h * (v1 - v0),
        )
    }
}

/// A snapshot key's tick and field (`t00012.brick.flags` → 12, `brick.flags`).
fn split_key(key: &str) -> Option<(u32, &str)> {
    let (t, f) = key.split_once('.')?;
    Some((t.strip_prefix('t')?.parse().ok()?, f))
}

/// One field's values by tick in one mode.
type Series = BTreeMap<u32, f64>;

/// The float fields of an outcome by field, in first-appearance order.
fn float_series(o: &golden::Outcome) -> (Vec<String>, HashMap<String, Series>) {
    let mut order = Vec::new();
    let mut all: HashMap<String, Series> = HashMap::new();
    for (key, v) in &o.fields {
        let (Some((tick, field)), Value::Real { value, .. }) = (split_key(key), v) else {
            continue;
        };
        let s = all.entry(field.to_owned()).or_insert_with(|| {
            order.push(field.to_owned());
            Series::new()
        });
        s.insert(tick, *value);
    }
    (order, all)
}

/// A capture's value on the plot.
struct CaptureMark {
    tick: u32,
    value: f64,
    line: usize,
    /// `""`, `" diverged"` or `" known"`.
    state: &'static str,
    first: bool,
    text: String,
}

/// The fields plotted: each float field not of a contact or strike record,
/// and each contact or strike field with a stated number or a capture.
fn plotted(order: &[String], marked: &BTreeSet<String>) -> Vec<String> {
    order
        .iter()
        .filter(|f| {
            let record = f.starts_with("contact") || f.starts_with("strike");
            !record || marked.contains(f.as_str())
        })
        .cloned()
        .collect()
}

const PLOT_W: f64 = 300.0;
const PLOT_H: f64 = 90.0;
const CELL_W: f64 = 340.0;
const CELL_H: f64 = 140.0;
const PER_ROW: usize = 3;
const STRIP_H: f64 = 40.0;

/// Every float field of a scenario over its ticks, one plot per field
/// (module doc); a scenario without float fields gets a picture that says
/// so.
///
/// # Errors
///
/// [`ViewError::NotAScenario`] for a kernel case; the capture's error when
/// its file cannot be read.
pub fn plots_svg(entry: &Entry, opts: &PlotOptions) -> Result<String, ViewError> {
    let sc = scenario_of(entry)?;
    let captured = capture::for_entry(entry)?;
    let (order, single) = float_series(&entry.single);
    let (ee_order, ee) = float_series(&entry.ee);
    let mut order = order;
    for f in ee_order {
        if !single.contains_key(&f) {
            order.push(f);
        }
    }
    // Stated numbers and captured values by field.
    let mut stated: HashMap<String, Vec<(u32, f64, String)>> = HashMap::new();
    for (key, want) in &entry.expect {
        if let (Some((tick, field)), Expected::Number(v)) = (split_key(key), want) {
            stated
                .entry(field.to_owned())
                .or_default()
                .push((tick, *v, key.clone()));
        }
    }
    let mut marks: HashMap<String, Vec<CaptureMark>> = HashMap::new();
    if let Some((cap, cmp)) = &captured {
        capture_marks(cap, cmp, &mut marks);
    }
    let marked: BTreeSet<String> = stated.keys().chain(marks.keys()).cloned().collect();
    let fields = plotted(&order, &marked);
    let last = sc.ticks.saturating_sub(1).max(1);
    let ticks = (0.0, f64::from(last));
    let rows = fields.len().div_ceil(PER_ROW).max(1);
    let width = PER_ROW as f64 * CELL_W + 10.0;
    let height = STRIP_H + rows as f64 * CELL_H + 10.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv plots" id="{id}" width="{wd}" height="{h}" viewBox="0 0 {wd} {h}" data-case="{}" data-plots="{}" data-ulps="{}" data-ticks="{}">"#,
        esc(&entry.name),
        fields.len(),
        opts.ulps,
        sc.ticks,
        id = esc(&opts.id),
        wd = n(width),
        h = n(height)
    );
    if opts.style {
        let _ = write!(out, "<style>{}{PLOT_STYLE}</style>", crate::svg::STYLE);
    }
    events_strip(&mut out, entry, ticks);
    if fields.is_empty() {
        let _ = write!(
            out,
            r#"<text class="small" x="10" y="{}">no float fields to plot</text>"#,
            n(STRIP_H + 20.0)
        );
    }
    let empty = Series::new();
    for (i, field) in fields.iter().enumerate() {
        let (col, row) = (i % PER_ROW, i / PER_ROW);
        let left = 10.0 + col as f64 * CELL_W;
        let top = STRIP_H + row as f64 * CELL_H;
        let s = single.get(field).unwrap_or(&empty);
        let e = ee.get(field).unwrap_or(&empty);
        let st = stated.get(field).map_or(&[][..], Vec::as_slice);
        let cm = marks.get(field).map_or(&[][..], Vec::as_slice);
        one_plot(
            &mut out,
            entry,
            field,
            [left + 40.0, top + 30.0, PLOT_W - 40.0, PLOT_H],
            ticks,
            (s, e),
            st,
            cm,
            opts,
        );
    }
    out.push_str("</svg>");
    Ok(out)
}

fn capture_marks(
    cap: &capture::Capture,
    cmp: &[Comparison; 2],
    marks: &mut HashMap<String, Vec<CaptureMark>>,
) {
    // The first divergence of each field, in either mode.
    let mut firsts: BTreeSet<usize> = BTreeSet::new();
    let mut by_line: HashMap<usize, (&'static str, String)> = HashMap::new();
    for c in cmp {
        for f in &c.fields {
            if let Some(d) = &f.first {
                firsts.insert(d.line);
            }
        }
        for d in &c.divergences {
            let state = if d.known.is_some() {
                " known"
            } else {
                " diverged"
            };
            let text = format!("{}: {}", c.mode, d.text());
            by_line
                .entry(d.line)
                .and_modify(|(_, t)| {
                    t.push_str("; ");
                    t.push_str(&text);
                })
                .or_insert((state, text));
        }
    }
    for r in &cap.rows {
        let Captured::Number { value, .. } = r.value else {
            continue;
        };
        let (state, text) = by_line
            .get(&r.line)
            .cloned()
            .unwrap_or(("", "met in both modes".to_owned()));
        marks.entry(r.field.clone()).or_default().push(CaptureMark {
            tick: r.tick,
            value,
            line: r.line,
            state,
            first: firsts.contains(&r.line),
            text: format!(
                "{} line {}: tick {} captured {}; {text}",
                cap.path
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                r.line,
                r.tick,
                r.text
            ),
        });
    }
}

/// The strip of tick markers: a contact's tick (`contact0` written) and a
/// tick where a flags word changed from the tick before (`f32` mode).
fn events_strip(out: &mut String, entry: &Entry, ticks: (f64, f64)) {
    let strip = Plot {
        rect: [50.0, 8.0, PER_ROW as f64 * CELL_W - 60.0, STRIP_H - 16.0],
        ticks,
        values: (0.0, 1.0),
    };
    let [x, y, wd, h] = strip.rect;
    let _ = write!(
        out,
        r#"<g class="events" {}><rect class="frame" x="{}" y="{}" width="{}" height="{}"/><text class="small" x="4" y="{}">events</text>"#,
        strip.frame_data(),
        n(x),
        n(y),
        n(wd),
        n(h),
        n(y + h / 2.0 + 3.0)
    );
    let mut contacts = BTreeMap::new();
    let mut flags: BTreeMap<&str, i64> = BTreeMap::new();
    let mut changes: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (key, v) in &entry.single.fields {
        let Some((tick, field)) = split_key(key) else {
            continue;
        };
        if let Some(rest) = field.strip_prefix("contact") {
            if rest.ends_with(".answer") {
                *contacts.entry(tick).or_insert(0) += 1;
            }
            continue;
        }
        if field.ends_with("flags") {
            if let Value::Int(now) = *v {
                if let Some(before) = flags.insert(field, now) {
                    if before != now {
                        changes
                            .entry(tick)
                            .or_default()
                            .push(format!("{field} 0x{before:x} → 0x{now:x}"));
                    }
                }
            }
        }
    }
    for (tick, count) in &contacts {
        let (px, _) = strip.map(f64::from(*tick), 0.0);
        let _ = write!(
            out,
            r#"<line class="contact-tick" data-tick="{tick}" x1="{px}" y1="{}" x2="{px}" y2="{}"><title>tick {tick}: {count} contact(s)</title></line>"#,
            n(y),
            n(y + h / 2.0),
            px = n(px)
        );
    }
    for (tick, what) in &changes {
        let (px, _) = strip.map(f64::from(*tick), 0.0);
        let _ = write!(
            out,
            r#"<line class="state-tick" data-tick="{tick}" x1="{px}" y1="{}" x2="{px}" y2="{}"><title>tick {tick}: {}</title></line>"#,
            n(y + h / 2.0),
            n(y + h),
            esc(&what.join(", ")),
            px = n(px)
        );
    }
    let _ = write!(
        out,
        r#"<text class="small" x="{}" y="{}">{} contact ticks (green, top) · {} flag changes (purple, below) · ticks 0-{}</text></g>"#,
        n(x),
        n(y + h + 8.0),
        contacts.len(),
        changes.len(),
        ticks.1
    );
}

/// The points of a series as polylines, one per run of consecutive ticks.
fn polylines(out: &mut String, plot: &Plot, s: &Series, class: &str, field: &str) {
    let mut runs: Vec<Vec<(u32, f64)>> = Vec::new();
    for (&t, &v) in s {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|&(p, _)| p + 1 == t) => run.push((t, v)),
            _ => runs.push(vec![(t, v)]),
        }
    }
    for run in runs {
        let pts: Vec<String> = run
            .iter()
            .map(|&(t, v)| {
                let (x, y) = plot.map(f64::from(t), v);
                format!("{},{}", n(x), n(y))
            })
            .collect();
        let _ = write!(
            out,
            r#"<polyline class="series {class}" data-field="{}" data-from="{}" points="{}"/>"#,
            esc(field),
            run[0].0,
            pts.join(" ")
        );
        if run.len() == 1 {
            let (x, y) = plot.map(f64::from(run[0].0), run[0].1);
            let _ = write!(
                out,
                r#"<circle class="lone {class}" cx="{}" cy="{}" r="1.5"/>"#,
                n(x),
                n(y)
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn one_plot(
    out: &mut String,
    entry: &Entry,
    field: &str,
    rect: [f64; 4],
    ticks: (f64, f64),
    (s, e): (&Series, &Series),
    stated: &[(u32, f64, String)],
    captured: &[CaptureMark],
    opts: &PlotOptions,
) {
    // The value range: both modes, the stated and the captured numbers.
    let values = s
        .values()
        .chain(e.values())
        .copied()
        .chain(stated.iter().map(|m| m.1))
        .chain(captured.iter().map(|m| m.value));
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (lo, hi) = if !lo.is_finite() || !hi.is_finite() {
        (0.0, 1.0)
    } else if hi - lo < 1e-5 * hi.abs().max(lo.abs()).max(1e-30) {
        let pad = (hi.abs() * 0.1).max(1e-6);
        (lo - pad, hi + pad)
    } else {
        let pad = (hi - lo) * 0.05;
        (lo - pad, hi + pad)
    };
    let plot = Plot {
        rect,
        ticks,
        values: (lo, hi),
    };
    // The modes' gaps per tick.
    let mut beyond = Vec::new();
    let mut largest: Option<(u32, u64)> = None;
    for tick in s.keys().chain(e.keys()).collect::<BTreeSet<_>>() {
        let key = format!("t{tick:05}.{field}");
        match Gap::of(entry.single.get(&key), entry.ee.get(&key)) {
            Gap::Same => {}
            g => {
                if let Gap::Ulps(u) = g {
                    if largest.is_none_or(|(_, l)| u > l) {
                        largest = Some((*tick, u));
                    }
                }
                if g.beyond(opts.ulps) {
                    beyond.push(*tick);
                }
            }
        }
    }
    let diverged = captured.iter().filter(|m| m.state == " diverged").count();
    let unmet_stated: Vec<bool> = stated
        .iter()
        .map(|(_, _, key)| {
            entry
                .failures
                .iter()
                .any(|f| f.contains(&format!("`{key}`")))
        })
        .collect();
    let classes = format!(
        "plot{}{}",
        if beyond.is_empty() {
            ""
        } else {
            " modes-differ"
        },
        if diverged > 0 || unmet_stated.contains(&true) {
            " diverges"
        } else {
            ""
        }
    );
    let [x, y, wd, h] = rect;
    let _ = write!(
        out,
        r#"<g class="{classes}" data-field="{}" data-points="{}" data-ee32-points="{}" data-max-ulps="{}" data-beyond="{}" data-captured="{}" data-diverged="{diverged}" {} data-v0="{}" data-v1="{}">"#,
        esc(field),
        s.len(),
        e.len(),
        largest.map_or(0, |(_, u)| u),
        beyond.len(),
        captured.len(),
        plot.frame_data(),
        w(lo),
        w(hi)
    );
    let _ = write!(
        out,
        r#"<rect class="frame" x="{}" y="{}" width="{}" height="{}"/>"#,
        n(x),
        n(y),
        n(wd),
        n(h)
    );
    // The ticks where the modes differ past the tolerance.
    let band = (wd / (ticks.1 - ticks.0 + 1.0)).max(1.0);
    for t in &beyond {
        let (px, _) = plot.map(f64::from(*t), lo);
        let _ = write!(
            out,
            r#"<rect class="mode-band" data-tick="{t}" x="{}" y="{}" width="{}" height="{}"/>"#,
            n(px - band / 2.0),
            n(y),
            n(band),
            n(h)
        );
    }
    let gap = match largest {
        Some((t, u)) if !beyond.is_empty() => format!(
            "modes differ at {} ticks (> {} ulps), up to {u} ulps at tick {t}",
            beyond.len(),
            opts.ulps
        ),
        Some((t, u)) => format!("modes within {} ulps (up to {u} at tick {t})", opts.ulps),
        None => "modes the same".to_owned(),
    };
    let _ = write!(
        out,
        r#"<text class="title" x="{}" y="{}">{}</text><text class="small gap" x="{}" y="{}">{}</text><text class="small" x="{}" y="{}">{}</text><text class="small" x="{}" y="{}">{}</text><text class="small" x="{}" y="{}">0</text><text class="small" x="{}" y="{}">{}</text>"#,
        n(x - 38.0),
        n(y - 16.0),
        esc(field),
        n(x - 38.0),
        n(y - 5.0),
        esc(&gap),
        n(x - 38.0),
        n(y + 8.0),
        esc(&format!("{:.4}", hi)),
        n(x - 38.0),
        n(y + h),
        esc(&format!("{:.4}", lo)),
        n(x),
        n(y + h + 11.0),
        n(x + wd - 16.0),
        n(y + h + 11.0),
        ticks.1
    );
    polylines(out, &plot, s, "f32", field);
    polylines(out, &plot, e, "ee32", field);
    for ((tick, v, key), bad) in stated.iter().zip(&unmet_stated) {
        let (px, py) = plot.map(f64::from(*tick), *v);
        let _ = write!(
            out,
            r#"<circle class="stated{}" data-tick="{tick}" data-value="{}" cx="{}" cy="{}" r="3"><title>{}: stated {}</title></circle>"#,
            if *bad { " diverged" } else { "" },
            w(*v),
            n(px),
            n(py),
            esc(key),
            v
        );
    }
    for m in captured {
        let (px, py) = plot.map(f64::from(m.tick), m.value);
        let _ = write!(
            out,
            r#"<rect class="captured{}{}" data-tick="{}" data-line="{}" data-value="{}" x="{}" y="{}" width="6" height="6"><title>{}</title></rect>"#,
            m.state,
            if m.first { " first" } else { "" },
            m.tick,
            m.line,
            w(m.value),
            n(px - 3.0),
            n(py - 3.0),
            esc(&m.text)
        );
    }
    out.push_str("</g>");
}

/// The plots' style (added to the page's and the picture's).
pub const PLOT_STYLE: &str = "\
.cv .series{fill:none;stroke-width:1.3}\
.cv .series.f32{stroke:#2171b5}\
.cv .series.ee32{stroke:#3f51b5;stroke-dasharray:3 3;stroke-opacity:.8}\
.cv .lone.f32{fill:#2171b5}.cv .lone.ee32{fill:#3f51b5}\
.cv .mode-band{fill:#ffd600;fill-opacity:.35}\
.cv .plot.modes-differ>.frame{stroke:#e6b800;stroke-width:2}\
.cv .plot.diverges>.frame{stroke:#e31a1c;stroke-width:2}\
.cv .stated{fill:#fff;stroke:#238b45;stroke-width:1.5}\
.cv .stated.diverged{stroke:#e31a1c}\
.cv .captured{fill:#6b5a9d;fill-opacity:.7;stroke:none}\
.cv .captured.diverged{fill:#fff;stroke:#e31a1c;stroke-width:2}\
.cv .captured.known{fill:#fff;stroke:#fd8d3c;stroke-width:2}\
.cv .contact-tick{stroke:#238b45;stroke-width:1.5}\
.cv .state-tick{stroke:#7a3d9d;stroke-width:1.5}\
";
