//! Two runs compared field by field: two folders of snapshots (the
//! committed `fixtures/golden` and a folder written by `cargo xtask golden
//! --fixtures .. --out ..`), or two evaluations ([`Snapshot::of_entry`]).
//!
//! [`compare`] pairs the snapshots by name. For a pair it compares every
//! field of both modes, in the first run's order (a field only one run has
//! is a difference at its place); for each mode it keeps the first field
//! beyond the tolerance (for a scenario, the earliest tick's) and counts
//! the fields beyond and within it.
//!
//! Two floats are equal when their bit patterns are; their distance in
//! ulps is counted in the total order of the bit patterns (`-0` one step
//! below `+0`, the same for `f32` and `Ee32` patterns). A difference is
//! within the [`Tolerance`] when its ulps are at most `ulps` or its
//! absolute difference at most `abs`; the default (0 and 0) takes no
//! difference. Integers (returns, flags, indices), a float against an
//! integer, a written field against an unwritten one and a field only one
//! run has are beyond any tolerance (divergence 382).
//!
//! [`compare_modes`] crosses the modes: one run's `f32` fields against the
//! other's (or its own) `Ee32` fields.
//!
//! [`diff_html`] is the page of a comparison: the summary, one section per
//! differing case with its first divergences and the two runs' pictures at
//! that place side by side ([`picture`]: the case's picture, or the
//! scenario's tick), and the lists of cases only one run has.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The distance in ulps between two float bit patterns (`-0` one step below
/// `+0`): the capture comparison's rule, one definition for both tools.
pub use golden::capture::ulps_between;
use golden::{Entry, EntryCall, Value};

use crate::snapshot::Snapshot;
use crate::svg::esc;
use crate::{case::Options, error::ViewError};

/// How far two floats may be apart and count as equal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tolerance {
    /// The most ulps apart.
    pub ulps: u64,
    /// The largest absolute difference.
    pub abs: f64,
}

/// The float mode of a run's fields (`f32` or `ee32` in a snapshot): the
/// float layer's own type.
pub use ps2_float::FloatMode;

/// The modes compared by default: each run's `f32` fields against the
/// other's, and its `Ee32` fields against the other's.
pub const SAME_MODES: [(FloatMode, FloatMode); 2] = [
    (FloatMode::F32, FloatMode::F32),
    (FloatMode::Ee32, FloatMode::Ee32),
];

/// One field that differs.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDiff {
    /// The first run's mode.
    pub mode: FloatMode,
    /// The second run's mode (the same but when modes are crossed,
    /// [`compare_modes`]).
    pub mode_b: FloatMode,
    /// The field (`contact.fraction`, `t00021.brick.velocity.z`).
    pub field: String,
    /// A scenario field's tick (its `tNNNNN.` prefix).
    pub tick: Option<u32>,
    /// The value in the first run (`None`: it has no such field).
    pub a: Option<Value>,
    /// The value in the second run.
    pub b: Option<Value>,
    /// The distance in ulps, for two floats.
    pub ulps: Option<u64>,
    /// The absolute difference, for two numbers.
    pub abs: Option<f64>,
    /// Beyond the tolerance.
    pub beyond: bool,
}

/// A pair of snapshots compared.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaseDiff {
    /// Per mode, the first field beyond the tolerance (earliest tick, then
    /// the first run's order).
    pub first: Vec<FieldDiff>,
    /// The fields beyond the tolerance, both modes counted.
    pub beyond: usize,
    /// The fields that differ within the tolerance.
    pub within: usize,
    /// The largest distance in ulps of any float field that differs.
    pub largest_ulps: u64,
}

impl CaseDiff {
    /// The tick of the first divergence (the earliest over the modes).
    #[must_use]
    pub fn tick(&self) -> Option<u32> {
        self.first.iter().filter_map(|d| d.tick).min()
    }
}

/// What a case is in the comparison.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Every field equal, or within the tolerance.
    Equal(CaseDiff),
    /// A field beyond the tolerance.
    Differ(CaseDiff),
    /// Only the first run has it.
    OnlyA,
    /// Only the second run has it.
    OnlyB,
}

/// One case or scenario of the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    /// The snapshot's name.
    pub name: String,
    /// What it is.
    pub status: Status,
}

/// A comparison of two runs, by snapshot name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// Every snapshot name of either run, sorted.
    pub cases: Vec<CaseResult>,
    /// The tolerance used.
    pub tolerance: Tolerance,
}

impl Comparison {
    /// `[equal, differ, only in A, only in B]`.
    #[must_use]
    pub fn counts(&self) -> [usize; 4] {
        let mut c = [0; 4];
        for r in &self.cases {
            c[match r.status {
                Status::Equal(_) => 0,
                Status::Differ(_) => 1,
                Status::OnlyA => 2,
                Status::OnlyB => 3,
            }] += 1;
        }
        c
    }

    /// `N cases equal, M differ, K only in A, L only in B`.
    #[must_use]
    pub fn summary(&self) -> String {
        let [n, m, k, l] = self.counts();
        format!("{n} cases equal, {m} differ, {k} only in A, {l} only in B")
    }

    /// `true` when every case of either run is in both and equal.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        let [_, m, k, l] = self.counts();
        m + k + l == 0
    }

    /// The cases that differ, with their comparison.
    pub fn differing(&self) -> impl Iterator<Item = (&str, &CaseDiff)> {
        self.cases.iter().filter_map(|r| match &r.status {
            Status::Differ(d) => Some((r.name.as_str(), d)),
            _ => None,
        })
    }

    /// The text report: a line per case that differs (each mode's first
    /// divergence) or that one run lacks, a line per case equal only within
    /// the tolerance, and the summary last.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        for r in &self.cases {
            match &r.status {
                Status::Differ(d) => {
                    let _ = writeln!(
                        out,
                        "differs: {}: {} fields beyond the tolerance, {} within",
                        r.name, d.beyond, d.within
                    );
                    for f in &d.first {
                        let _ = writeln!(out, "  {}", describe(f));
                    }
                }
                Status::Equal(d) if d.within > 0 => {
                    let _ = writeln!(
                        out,
                        "equal within the tolerance: {}: {} fields differ, at most {} ulps",
                        r.name, d.within, d.largest_ulps
                    );
                }
                Status::Equal(_) => {}
                Status::OnlyA => {
                    let _ = writeln!(out, "only in A: {}", r.name);
                }
                Status::OnlyB => {
                    let _ = writeln!(out, "only in B: {}", r.name);
                }
            }
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }
}

/// A value as the report shows it: a float as Rust prints an `f32` (or in
/// exponent notation past its range), with its bits.
#[must_use]
pub fn show(v: Option<&Value>) -> String {
    match v {
        None => "absent".into(),
        Some(Value::Unwritten) => "unwritten".into(),
        Some(Value::Int(i)) => i.to_string(),
        Some(Value::Real { value, bits }) => {
            // As the snapshot prints an f32; an Ee32 value past f32's
            // range in exponent notation.
            let f = *value as f32;
            if f.is_finite() && f64::from(f) == *value {
                format!("{f:?} (0x{bits:08x})")
            } else {
                format!("{value:e} (0x{bits:08x})")
            }
        }
    }
}

impl FieldDiff {
    /// The modes compared: `f32`, or `f32/ee32` when they differ.
    #[must_use]
    pub fn modes_label(&self) -> String {
        if self.mode == self.mode_b {
            self.mode.name().to_owned()
        } else {
            format!("{}/{}", self.mode.name(), self.mode_b.name())
        }
    }
}

/// One difference as a line: mode, tick, field, both values, ulps and
/// absolute difference.
#[must_use]
pub fn describe(f: &FieldDiff) -> String {
    let tick = f.tick.map(|t| format!("tick {t}, ")).unwrap_or_default();
    let mut s = format!(
        "{}: {tick}field {}: A {}, B {}",
        f.modes_label(),
        f.field,
        show(f.a.as_ref()),
        show(f.b.as_ref())
    );
    if let Some(u) = f.ulps {
        let _ = write!(s, ", {u} ulps");
    }
    if let Some(a) = f.abs {
        let _ = write!(s, ", abs {a:e}");
    }
    s
}

/// The tick of a scenario field, `t00021.brick.flags` → 21.
#[must_use]
pub fn tick_of(field: &str) -> Option<u32> {
    let (t, _) = field.split_once('.')?;
    let digits = t.strip_prefix('t')?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The difference of two values, `None` when equal.
fn field_diff(
    (mode, mode_b): (FloatMode, FloatMode),
    field: &str,
    a: Option<&Value>,
    b: Option<&Value>,
    tol: Tolerance,
) -> Option<FieldDiff> {
    let (ulps, abs, beyond) = match (a, b) {
        (Some(Value::Real { bits: x, value: va }), Some(Value::Real { bits: y, value: vb })) => {
            if x == y {
                return None;
            }
            let u = ulps_between(*x, *y);
            let d = (va - vb).abs();
            let within = u <= tol.ulps || d <= tol.abs;
            (Some(u), Some(d), !within)
        }
        (Some(Value::Int(x)), Some(Value::Int(y))) => {
            if x == y {
                return None;
            }
            (None, Some(x.abs_diff(*y) as f64), true)
        }
        (Some(x), Some(y)) => {
            if x == y {
                return None;
            }
            let abs = match (x.number(), y.number()) {
                (Some(p), Some(q)) => Some((p - q).abs()),
                _ => None,
            };
            (None, abs, true)
        }
        (None, None) => return None,
        _ => (None, None, true),
    };
    Some(FieldDiff {
        mode,
        mode_b,
        field: field.to_owned(),
        tick: tick_of(field),
        a: a.copied(),
        b: b.copied(),
        ulps,
        abs,
        beyond,
    })
}

/// Compares two snapshots of one case, mode with mode.
#[must_use]
pub fn compare_pair(a: &Snapshot, b: &Snapshot, tol: Tolerance) -> CaseDiff {
    compare_pair_modes(a, b, tol, &SAME_MODES)
}

/// Compares two snapshots of one case: for each `(mode of a, mode of b)`
/// of `modes`, those two outcomes.
#[must_use]
pub fn compare_pair_modes(
    a: &Snapshot,
    b: &Snapshot,
    tol: Tolerance,
    modes: &[(FloatMode, FloatMode)],
) -> CaseDiff {
    let mut out = CaseDiff::default();
    for &pair in modes {
        let (oa, ob) = (
            a.outcome(pair.0 == FloatMode::Ee32),
            b.outcome(pair.1 == FloatMode::Ee32),
        );
        let mut first: Option<((u32, usize), FieldDiff)> = None;
        let mut visit = |order: usize, d: FieldDiff, out: &mut CaseDiff| {
            out.largest_ulps = out.largest_ulps.max(d.ulps.unwrap_or(0));
            if !d.beyond {
                out.within += 1;
                return;
            }
            out.beyond += 1;
            let key = (d.tick.unwrap_or(0), order);
            if first.as_ref().is_none_or(|(k, _)| key < *k) {
                first = Some((key, d));
            }
        };
        for (k, (field, va)) in oa.fields.iter().enumerate() {
            if let Some(d) = field_diff(pair, field, Some(va), ob.get(field), tol) {
                visit(k, d, &mut out);
            }
        }
        for (k, (field, vb)) in ob.fields.iter().enumerate() {
            if oa.get(field).is_none() {
                if let Some(d) = field_diff(pair, field, None, Some(vb), tol) {
                    visit(k, d, &mut out);
                }
            }
        }
        out.first.extend(first.map(|(_, d)| d));
    }
    out
}

/// Compares two runs' snapshots, paired by name, mode with mode.
#[must_use]
pub fn compare(a: &[Snapshot], b: &[Snapshot], tol: Tolerance) -> Comparison {
    compare_modes(a, b, tol, &SAME_MODES)
}

/// Compares two runs' snapshots, paired by name, for each `(mode of a,
/// mode of b)` of `modes`: `[(F32, Ee32)]` holds one run's `f32` results
/// against the other's (or its own) `Ee32` ones.
#[must_use]
pub fn compare_modes(
    a: &[Snapshot],
    b: &[Snapshot],
    tol: Tolerance,
    modes: &[(FloatMode, FloatMode)],
) -> Comparison {
    let mut names: BTreeMap<&str, (Option<&Snapshot>, Option<&Snapshot>)> = BTreeMap::new();
    for s in a {
        names.entry(&s.name).or_default().0 = Some(s);
    }
    for s in b {
        names.entry(&s.name).or_default().1 = Some(s);
    }
    let cases = names
        .into_iter()
        .map(|(name, pair)| CaseResult {
            name: name.to_owned(),
            status: match pair {
                (Some(x), Some(y)) => {
                    let d = compare_pair_modes(x, y, tol, modes);
                    if d.beyond > 0 {
                        Status::Differ(d)
                    } else {
                        Status::Equal(d)
                    }
                }
                (Some(_), None) => Status::OnlyA,
                _ => Status::OnlyB,
            },
        })
        .collect();
    Comparison {
        cases,
        tolerance: tol,
    }
}

/// An evaluated case with a snapshot's outcomes in place of its own: the
/// inputs of one run and the results of another, for drawing a snapshot
/// whose run is not at hand.
#[must_use]
pub fn with_outcomes(entry: &Entry, snap: &Snapshot) -> Entry {
    let mut e = entry.clone();
    e.single = snap.f32.clone();
    e.ee = snap.ee32.clone();
    e
}

/// The picture of an entry at a divergence: a kernel case's picture, or the
/// scenario's tick (the filmstrip without a tick); `id` makes its ids
/// unique in a page.
///
/// # Errors
///
/// As [`crate::case_svg`] and [`crate::scenario::tick_svg`].
pub fn picture(entry: &Entry, tick: Option<u32>, id: &str) -> Result<String, ViewError> {
    let opts = Options {
        id: id.to_owned(),
        ..Options::default()
    };
    match (&entry.call, tick) {
        (EntryCall::Kernel(_), _) => crate::case::case_svg(entry, &opts),
        (EntryCall::Scenario(_), Some(t)) => crate::scenario::tick_svg(entry, t, &opts),
        (EntryCall::Scenario(_), None) => crate::scenario::filmstrip(entry, id),
    }
}

/// The two pictures of a differing case: each run's, or why there is none.
pub type Pictures = [Result<String, String>; 2];

/// The page of a comparison: its summary (in `#summary`), a section per
/// differing case (`section.diff-case`, its first divergences in a table and
/// `pictures[name]` side by side in `div.side-by-side`, each in a
/// `div.side`), and the cases only one run has.
#[must_use]
pub fn diff_html(
    cmp: &Comparison,
    labels: [&str; 2],
    pictures: &BTreeMap<String, Pictures>,
) -> String {
    let mut out = String::new();
    let [na, nb] = [esc(labels[0]), esc(labels[1])];
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Diff: {na} against {nb}</title><style>\
body{{font:14px sans-serif;margin:1em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:left}}\
.side-by-side{{display:flex;gap:12px;align-items:flex-start}}.side{{border:1px solid #ddd;padding:4px}}.side h4{{margin:2px 0}}\
.none{{color:#a00}}</style></head><body>\n<h1>A: {na}<br>B: {nb}</h1>\n<p id=\"summary\">{}</p>\n<p>Tolerance: {} ulps or {:e} absolute.</p>\n",
        esc(&cmp.summary()),
        cmp.tolerance.ulps,
        cmp.tolerance.abs
    );
    for (name, d) in cmp.differing() {
        let _ = write!(
            out,
            "<section class=\"diff-case\" id=\"diff-{id}\" data-name=\"{id}\"><h2>{id}</h2><p>{} fields beyond the tolerance, {} within; largest {} ulps.</p>\
<table><tr><th>mode</th><th>tick</th><th>field</th><th>A</th><th>B</th><th>ulps</th><th>abs</th></tr>",
            d.beyond,
            d.within,
            d.largest_ulps,
            id = esc(name)
        );
        for f in &d.first {
            let _ = write!(
                out,
                "<tr class=\"first\" data-mode=\"{}\" data-field=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                f.mode.name(),
                esc(&f.field),
                f.modes_label(),
                f.tick.map(|t| t.to_string()).unwrap_or_default(),
                esc(&f.field),
                esc(&show(f.a.as_ref())),
                esc(&show(f.b.as_ref())),
                f.ulps.map(|u| u.to_string()).unwrap_or_default(),
                f.abs.map(|a| format!("{a:e}")).unwrap_or_default()
            );
        }
        out.push_str("</table><div class=\"side-by-side\">");
        let empty: Pictures = [Err("no picture".into()), Err("no picture".into())];
        let pics = pictures.get(name).unwrap_or(&empty);
        for (side, (label, pic)) in ["A", "B"].iter().zip(labels.iter().zip(pics)) {
            let _ = write!(
                out,
                "<div class=\"side\" data-side=\"{side}\"><h4>{side}: {}</h4>",
                esc(label)
            );
            match pic {
                Ok(svg) => out.push_str(svg),
                Err(why) => {
                    let _ = write!(out, "<p class=\"none\">{}</p>", esc(why));
                }
            }
            out.push_str("</div>");
        }
        out.push_str("</div></section>\n");
    }
    for (label, want) in [("Only in A", Status::OnlyA), ("Only in B", Status::OnlyB)] {
        let names: Vec<&str> = cmp
            .cases
            .iter()
            .filter(|r| r.status == want)
            .map(|r| r.name.as_str())
            .collect();
        if !names.is_empty() {
            let _ = write!(out, "<h2>{label}</h2><ul>");
            for n in names {
                let _ = write!(out, "<li>{}</li>", esc(n));
            }
            out.push_str("</ul>\n");
        }
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulps_count_across_zero() {
        assert_eq!(ulps_between(0x3f80_0000, 0x3f80_0001), 1);
        assert_eq!(ulps_between(0x3f80_0001, 0x3f80_0000), 1);
        // -0 is one step below +0; the smallest subnormals either side
        // of them are 3 apart.
        assert_eq!(ulps_between(0x8000_0000, 0x0000_0000), 1);
        assert_eq!(ulps_between(0x8000_0001, 0x0000_0001), 3);
        assert_eq!(ulps_between(0xbf80_0000, 0x3f80_0000), 2 * 0x3f80_0000 + 1);
    }

    #[test]
    fn ticks_are_read_from_the_prefix() {
        assert_eq!(tick_of("t00021.brick.flags"), Some(21));
        assert_eq!(tick_of("contact.fraction"), None);
        assert_eq!(tick_of("t.x"), None);
    }

    const F32S: (FloatMode, FloatMode) = (FloatMode::F32, FloatMode::F32);

    #[test]
    fn the_tolerance_takes_ulps_or_abs() {
        let r = |bits: u32| Value::Real {
            value: f64::from(f32::from_bits(bits)),
            bits,
        };
        let (a, b) = (r(0x3f80_0000), r(0x3f80_0002));
        let strict = field_diff(F32S, "x", Some(&a), Some(&b), Tolerance::default());
        let d = strict.unwrap();
        assert_eq!((d.ulps, d.beyond), (Some(2), true));
        assert_eq!(d.abs, Some(2.0 * f64::from(f32::EPSILON)));
        let two = Tolerance { ulps: 2, abs: 0.0 };
        assert!(
            !field_diff(F32S, "x", Some(&a), Some(&b), two)
                .unwrap()
                .beyond
        );
        let abs = Tolerance { ulps: 0, abs: 3e-7 };
        assert!(
            !field_diff(F32S, "x", Some(&a), Some(&b), abs)
                .unwrap()
                .beyond
        );
        // Integers are exact whatever the tolerance.
        let wide = Tolerance {
            ulps: 10,
            abs: 10.0,
        };
        let d = field_diff(
            F32S,
            "ret",
            Some(&Value::Int(1)),
            Some(&Value::Int(2)),
            wide,
        );
        assert!(d.unwrap().beyond);
        assert!(field_diff(F32S, "x", Some(&a), Some(&a), Tolerance::default()).is_none());
    }
}
