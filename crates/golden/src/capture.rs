//! Captures: values recorded from the console, held against a scenario's
//! run tick by tick (the format is in `docs/scenarios.md`, "Captures").
//!
//! A capture file is plain text, one row a line, the columns separated by
//! tabs:
//!
//! ```text
//! # comment
//! tick<TAB>field<TAB>value[<TAB>bits]
//! tol<TAB>field-or-prefix*<TAB>ulps|abs<TAB>amount
//! known<TAB>tick<TAB>field<TAB>why (the divergence row)
//! ```
//!
//! The fields are the scenario snapshot's names without the tick prefix
//! (`brick.position.z`, `contact0.fraction`). A scenario names its capture
//! (`capture: "brick.tsv"`, relative to the scenario file); the golden run
//! compares every row in both float modes ([`Capture::compare`]) and
//! reports, per field, the first divergence (tick, captured, ours, the
//! difference in ulps) and the count of all.
//!
//! What "met" means is fixed by the row alone, before any run
//! ([`Tolerance::for_text`]): a row with a bit pattern must be met bit for
//! bit (0 ulps); a value printed with `d` digits after the point (and an
//! exponent `e`) within half a unit of its last digit, `0.5 × 10^(e − d)`;
//! an integer (no point, or `0x` hex) exactly. A `tol` row replaces the
//! default for a field, or for every field starting with a prefix written
//! with a trailing `*` (the last matching `tol` row wins).
//!
//! Reading is bounded: at most [`MAX_BYTES`] bytes, [`MAX_LINE`] bytes a
//! line and [`MAX_ROWS`] rows; a bad line is a [`CaptureError`] naming the
//! file, the line and the column. Nothing panics.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Read as _;
use std::path::{Path, PathBuf};

use ps2_float::FloatMode;

use crate::entry::{Entry, EntryCall};
pub use crate::error::CaptureError;
use crate::outcome::{Outcome, Value};
use crate::scenario::MAX_TICKS;

/// The largest capture file read, in bytes (16 MiB).
pub const MAX_BYTES: u64 = 16 << 20;

/// The longest line, in bytes.
pub const MAX_LINE: usize = 1024;

/// The most data rows one file may hold.
pub const MAX_ROWS: usize = 200_000;

/// The longest field name, in bytes.
pub const MAX_FIELD: usize = 200;

/// How close our value must come to a captured one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    /// At most this many units in the last place of an `f32` (bit
    /// patterns as ordered integers).
    Ulps(u64),
    /// At most this far apart.
    Abs(f64),
}

impl Tolerance {
    /// The default tolerance of a value as printed: an integer (no point,
    /// no exponent, or `0x` hex) exactly, `Abs(0)`; a decimal with `d`
    /// digits after the point and exponent `e` within half a unit of its
    /// last digit, `Abs(0.5 × 10^(e − d))`.
    #[must_use]
    pub fn for_text(text: &str) -> Tolerance {
        Tolerance::Abs(half_unit(text))
    }

    /// The tolerance in words (`0 ulps`, `± 5e-5`).
    #[must_use]
    pub fn text(&self) -> String {
        match *self {
            Tolerance::Ulps(n) => format!("{n} ulps"),
            Tolerance::Abs(x) => format!("± {x:e}"),
        }
    }
}

/// Half a unit of the last digit `text` prints (0 for an integer).
fn half_unit(text: &str) -> f64 {
    let t = text.trim_start_matches(['+', '-']);
    if t.starts_with("0x") || t.starts_with("0X") {
        return 0.0;
    }
    let (mantissa, exp) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], t[i + 1..].parse::<i32>().unwrap_or(0)),
        None => (t, 0),
    };
    let decimals = mantissa
        .split_once('.')
        .map_or(0, |(_, f)| i32::try_from(f.len()).unwrap_or(i32::MAX));
    if decimals == 0 && exp == 0 {
        return 0.0;
    }
    0.5 * 10f64.powi(exp.saturating_sub(decimals))
}

/// A captured value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Captured {
    /// A number (with its `f32` bit pattern when the row gives one).
    Number {
        /// The value (the bit pattern's, when the row gives one).
        value: f64,
        /// The bit pattern (column 4), if given.
        bits: Option<u32>,
    },
    /// The console left the field unwritten (no slot, no contact).
    Unwritten,
}

/// One data row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based line in the file.
    pub line: usize,
    /// The tick.
    pub tick: u32,
    /// The field, without the tick prefix.
    pub field: String,
    /// The value as the file prints it.
    pub text: String,
    /// The value.
    pub value: Captured,
}

impl Row {
    /// The snapshot key (`t00012.brick.position.z`).
    #[must_use]
    pub fn key(&self) -> String {
        format!("t{:05}.{}", self.tick, self.field)
    }
}

/// A `tol` row: a field (or a prefix ending in `*`) and its tolerance.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldTolerance {
    /// 1-based line.
    pub line: usize,
    /// The field, or a prefix with a trailing `*`.
    pub pattern: String,
    /// The tolerance.
    pub tolerance: Tolerance,
}

impl FieldTolerance {
    fn matches(&self, field: &str) -> bool {
        match self.pattern.strip_suffix('*') {
            Some(prefix) => field.starts_with(prefix),
            None => field == self.pattern,
        }
    }
}

/// A parsed capture file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Capture {
    /// The file.
    pub path: PathBuf,
    /// The data rows, in file order.
    pub rows: Vec<Row>,
    /// The `tol` rows, in file order.
    pub tolerances: Vec<FieldTolerance>,
    /// The `known` rows: `(tick, field)` → why it is not met.
    pub known: BTreeMap<(u32, String), String>,
}

/// One captured value not met in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// The row's line in the capture file.
    pub line: usize,
    /// The tick.
    pub tick: u32,
    /// The field.
    pub field: String,
    /// The captured value, as printed.
    pub captured: String,
    /// Ours, as the snapshot shows it (`absent` when the tick lacks it).
    pub ours: String,
    /// Ours as a number, when there is one.
    pub ours_value: Option<f64>,
    /// The difference in `f32` ulps (two floats).
    pub ulps: Option<u64>,
    /// The absolute difference (two numbers).
    pub abs: Option<f64>,
    /// The tolerance in force.
    pub tolerance: Tolerance,
    /// The `known` row's reason, when the row is marked.
    pub known: Option<String>,
}

impl Divergence {
    /// The divergence in words: `tick 12: captured 0.2613, ours -0.2614 (3 ulps, 1e-4 off; ± 5e-5)`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut diff = Vec::new();
        if let Some(u) = self.ulps {
            diff.push(format!("{u} ulps"));
        }
        if let Some(a) = self.abs {
            diff.push(format!("{:e} off", a as f32));
        }
        diff.push(self.tolerance.text());
        format!(
            "tick {}: captured {}, ours {} ({})",
            self.tick,
            self.captured,
            self.ours,
            diff.join(", ")
        )
    }
}

/// One field's rows in one mode.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldSummary {
    /// The field.
    pub field: String,
    /// Its rows.
    pub rows: usize,
    /// Rows not met (marked `known` or not).
    pub diverged: usize,
    /// Of those, rows marked `known`.
    pub known: usize,
    /// The first row not met, in tick order.
    pub first: Option<Divergence>,
}

/// A capture compared with one mode's run.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The mode.
    pub mode: FloatMode,
    /// Rows compared.
    pub rows: usize,
    /// Per field, in the order the fields first appear in the file.
    pub fields: Vec<FieldSummary>,
    /// Every row not met, in file order.
    pub divergences: Vec<Divergence>,
    /// The lines of rows marked `known` that are met (the mark is stale).
    pub known_met: Vec<usize>,
}

impl Comparison {
    /// Rows not met and not marked `known`.
    #[must_use]
    pub fn unexpected(&self) -> usize {
        self.divergences
            .iter()
            .filter(|d| d.known.is_none())
            .count()
    }

    /// Rows not met and marked `known`.
    #[must_use]
    pub fn known(&self) -> usize {
        self.divergences
            .iter()
            .filter(|d| d.known.is_some())
            .count()
    }

    /// One line: `f32: 9 rows, 9 met, 0 diverged (0 known)`.
    #[must_use]
    pub fn summary(&self) -> String {
        let d = self.divergences.len();
        format!(
            "{}: {} rows, {} met, {d} diverged ({} known)",
            self.mode,
            self.rows,
            self.rows - d,
            self.known()
        )
    }
}

/// The distance between two `f32` bit patterns in ulps, as ordered
/// integers: neighbours are 1 apart and `−0` is one step below `+0` (the
/// rule `xtask diff` uses too, divergence 382), so two different words are
/// never 0 ulps apart.
#[must_use]
pub fn ulps_between(a: u32, b: u32) -> u64 {
    fn ordered(b: u32) -> i64 {
        let mag = i64::from(b & 0x7fff_ffff);
        if b & 0x8000_0000 != 0 {
            -mag - 1
        } else {
            mag
        }
    }
    ordered(a).abs_diff(ordered(b))
}

fn err(path: &Path, line: usize, column: usize, message: impl Into<String>) -> CaptureError {
    CaptureError {
        path: path.to_path_buf(),
        line,
        column,
        message: message.into(),
    }
}

/// Reads and parses a capture file (at most [`MAX_BYTES`]).
///
/// # Errors
///
/// The file cannot be read, is too large, or has a bad line.
pub fn load(path: &Path) -> Result<Capture, CaptureError> {
    let io = |e: std::io::Error| err(path, 0, 0, e.to_string());
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(err(path, 0, 0, format!("larger than {MAX_BYTES} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        err(path, line, 0, "not UTF-8")
    })?;
    parse(path, &text)
}

/// The columns of one line: `(1-based character column, text)`.
fn columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 1;
    for part in line.split('\t') {
        out.push((col, part));
        col += part.chars().count() + 1;
    }
    out
}

fn parse_tick(path: &Path, line: usize, (col, t): (usize, &str)) -> Result<u32, CaptureError> {
    let tick: u32 = t
        .parse()
        .map_err(|_| err(path, line, col, format!("tick `{t}`: not a whole number")))?;
    if tick >= MAX_TICKS {
        return Err(err(
            path,
            line,
            col,
            format!("tick {tick}: past the largest scenario ({MAX_TICKS} ticks)"),
        ));
    }
    Ok(tick)
}

fn parse_field(path: &Path, line: usize, (col, f): (usize, &str)) -> Result<String, CaptureError> {
    if f.is_empty() || f.len() > MAX_FIELD {
        return Err(err(
            path,
            line,
            col,
            format!("a field name of 1 to {MAX_FIELD} bytes"),
        ));
    }
    if let Some(bad) = f
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '.'))
    {
        return Err(err(
            path,
            line,
            col,
            format!("field `{f}`: `{bad}` (letters, digits, `_` and `.` only)"),
        ));
    }
    Ok(f.to_owned())
}

fn parse_value(path: &Path, line: usize, (col, v): (usize, &str)) -> Result<f64, CaptureError> {
    let bad = || err(path, line, col, format!("value `{v}`: not a number"));
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v.strip_prefix('+').unwrap_or(v)),
    };
    // One sign only: `--0.5` or `-+1` is not a number.
    if digits.starts_with(['+', '-']) {
        return Err(bad());
    }
    let x = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u64::from_str_radix(hex, 16).map_err(|_| bad())? as f64
    } else {
        // Rust's float syntax without its words (`inf`, `NaN`).
        if digits.is_empty()
            || !digits
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        {
            return Err(bad());
        }
        digits.parse::<f64>().map_err(|_| bad())?
    };
    if !x.is_finite() {
        return Err(bad());
    }
    Ok(if neg { -x } else { x })
}

fn parse_bits(path: &Path, line: usize, (col, b): (usize, &str)) -> Result<u32, CaptureError> {
    b.strip_prefix("0x")
        .filter(|h| h.len() == 8)
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            err(
                path,
                line,
                col,
                format!("bits `{b}`: `0x` and 8 hex digits"),
            )
        })
}

/// Parses a capture file's text (`path` names it in errors).
///
/// # Errors
///
/// The first bad line: a wrong column count, a tick, field, value or bit
/// pattern that cannot be read, a value its bit pattern does not print, a
/// row given twice, a line past [`MAX_LINE`] or a row past [`MAX_ROWS`].
pub fn parse(path: &Path, text: &str) -> Result<Capture, CaptureError> {
    let mut cap = Capture {
        path: path.to_path_buf(),
        ..Capture::default()
    };
    let mut seen: HashSet<(u32, String)> = HashSet::new();
    let mut known_lines = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if l.len() > MAX_LINE {
            return Err(err(path, line, 0, format!("longer than {MAX_LINE} bytes")));
        }
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        let cols = columns(l);
        let count = |n: usize, what: &str| -> Result<(), CaptureError> {
            let (lo, hi) = if n == 3 { (3, 4) } else { (n, n) };
            if cols.len() < lo {
                let end = l.chars().count() + 1;
                return Err(err(
                    path,
                    line,
                    end,
                    format!("{} columns, need {lo}: {what}", cols.len()),
                ));
            }
            if cols.len() > hi {
                return Err(err(
                    path,
                    line,
                    cols[hi].0,
                    format!("{} columns, at most {hi}: {what}", cols.len()),
                ));
            }
            Ok(())
        };
        match cols[0].1 {
            "tol" => {
                count(4, "tol, field (or prefix*), ulps or abs, amount")?;
                let pattern = match cols[1].1.strip_suffix('*') {
                    Some("") => "*".to_owned(),
                    Some(p) => parse_field(path, line, (cols[1].0, p))? + "*",
                    None => parse_field(path, line, cols[1])?,
                };
                let (c, amount) = cols[3];
                let tolerance = match cols[2].1 {
                    "ulps" => Tolerance::Ulps(amount.parse().map_err(|_| {
                        err(
                            path,
                            line,
                            c,
                            format!("ulps `{amount}`: not a whole number"),
                        )
                    })?),
                    "abs" => {
                        let x = parse_value(path, line, cols[3])?;
                        if x < 0.0 {
                            return Err(err(path, line, c, "abs: not negative"));
                        }
                        Tolerance::Abs(x)
                    }
                    other => {
                        return Err(err(
                            path,
                            line,
                            cols[2].0,
                            format!("`{other}`: `ulps` or `abs`"),
                        ))
                    }
                };
                cap.tolerances.push(FieldTolerance {
                    line,
                    pattern,
                    tolerance,
                });
            }
            "known" => {
                count(4, "known, tick, field, why")?;
                let tick = parse_tick(path, line, cols[1])?;
                let field = parse_field(path, line, cols[2])?;
                let why = cols[3].1.trim();
                if why.is_empty() {
                    return Err(err(
                        path,
                        line,
                        cols[3].0,
                        "the reason (its divergence row) is empty",
                    ));
                }
                known_lines.push((line, tick, field.clone()));
                if cap.known.insert((tick, field), why.to_owned()).is_some() {
                    return Err(err(path, line, 1, "this row is marked twice"));
                }
            }
            _ => {
                count(3, "tick, field, value[, bits]")?;
                if cap.rows.len() >= MAX_ROWS {
                    return Err(err(path, line, 1, format!("more than {MAX_ROWS} rows")));
                }
                let tick = parse_tick(path, line, cols[0])?;
                let field = parse_field(path, line, cols[1])?;
                let (vc, text) = cols[2];
                let value = if text == "unwritten" {
                    if cols.len() == 4 {
                        return Err(err(path, line, cols[3].0, "bits for an unwritten value"));
                    }
                    Captured::Unwritten
                } else {
                    let value = parse_value(path, line, cols[2])?;
                    let bits = match cols.get(3) {
                        Some(&c) => Some(parse_bits(path, line, c)?),
                        None => None,
                    };
                    let mut value = value;
                    if let Some(b) = bits {
                        let exact = ps2_float::Ee32::from_bits(b).to_f64();
                        let tol = half_unit(text);
                        if (exact - value).abs() > tol.max(f64::from(f32::EPSILON) * exact.abs()) {
                            return Err(err(
                                path,
                                line,
                                vc,
                                format!(
                                    "value `{text}` is not what bits {b:#010x} hold ({exact:e})"
                                ),
                            ));
                        }
                        // The bit pattern is the value; the text only shows it.
                        value = exact;
                    }
                    Captured::Number { value, bits }
                };
                if !seen.insert((tick, field.clone())) {
                    return Err(err(
                        path,
                        line,
                        1,
                        format!("`{field}` at tick {tick} is given twice"),
                    ));
                }
                cap.rows.push(Row {
                    line,
                    tick,
                    field,
                    text: text.to_owned(),
                    value,
                });
            }
        }
    }
    for (line, tick, field) in known_lines {
        if !seen.contains(&(tick, field.clone())) {
            return Err(err(
                path,
                line,
                1,
                format!("marks `{field}` at tick {tick}, which no row gives"),
            ));
        }
    }
    Ok(cap)
}

impl Capture {
    /// The tolerance of a row: the last `tol` row matching its field, else
    /// 0 ulps with a bit pattern, else [`Tolerance::for_text`].
    #[must_use]
    pub fn tolerance(&self, row: &Row) -> Tolerance {
        if let Some(t) = self.tolerances.iter().rev().find(|t| t.matches(&row.field)) {
            return t.tolerance;
        }
        match row.value {
            Captured::Number { bits: Some(_), .. } => Tolerance::Ulps(0),
            _ => Tolerance::for_text(&row.text),
        }
    }

    /// The snapshot keys of every row.
    #[must_use]
    pub fn keys(&self) -> HashSet<String> {
        self.rows.iter().map(Row::key).collect()
    }

    /// Checks that every row's tick is below `ticks` (the scenario's).
    ///
    /// # Errors
    ///
    /// The first row past the end, with its line.
    pub fn check_ticks(&self, ticks: u32) -> Result<(), CaptureError> {
        match self.rows.iter().find(|r| r.tick >= ticks) {
            Some(r) => Err(err(
                &self.path,
                r.line,
                1,
                format!(
                    "tick {} is past the scenario's last tick {}",
                    r.tick,
                    ticks.saturating_sub(1)
                ),
            )),
            None => Ok(()),
        }
    }

    /// Compares every row with the run in `mode`.
    #[must_use]
    pub fn compare(&self, outcome: &Outcome, mode: FloatMode) -> Comparison {
        // By tick and field, read off the keys (`t00012.brick.flags`).
        let index: HashMap<(u32, &str), &Value> = outcome
            .fields
            .iter()
            .filter_map(|(k, v)| {
                let (t, f) = k.split_once('.')?;
                Some(((t.strip_prefix('t')?.parse().ok()?, f), v))
            })
            .collect();
        let mut cmp = Comparison {
            mode,
            rows: self.rows.len(),
            fields: Vec::new(),
            divergences: Vec::new(),
            known_met: Vec::new(),
        };
        // The fields the run writes at some tick: a row naming none of them
        // (a misspelt field) diverges even when it captures `unwritten`.
        let known_fields: std::collections::HashSet<&str> = index.keys().map(|&(_, f)| f).collect();
        let mut by_field: HashMap<&str, usize> = HashMap::new();
        for row in &self.rows {
            let slot = *by_field.entry(row.field.as_str()).or_insert_with(|| {
                cmp.fields.push(FieldSummary {
                    field: row.field.clone(),
                    ..FieldSummary::default()
                });
                cmp.fields.len() - 1
            });
            let tolerance = self.tolerance(row);
            let ours = index.get(&(row.tick, row.field.as_str())).copied();
            let known = if self.known.is_empty() {
                None
            } else {
                self.known.get(&(row.tick, row.field.clone())).cloned()
            };
            let summary = &mut cmp.fields[slot];
            summary.rows += 1;
            let verdict = if known_fields.contains(row.field.as_str()) {
                judge(row, ours, tolerance)
            } else {
                Some((None, None))
            };
            match verdict {
                None => {
                    if known.is_some() {
                        cmp.known_met.push(row.line);
                    }
                }
                Some((ulps, abs)) => {
                    let d = Divergence {
                        line: row.line,
                        tick: row.tick,
                        field: row.field.clone(),
                        captured: row.text.clone(),
                        ours: match ours {
                            Some(v) => show(v),
                            None if known_fields.contains(row.field.as_str()) => {
                                "absent".to_owned()
                            }
                            None => "no such field".to_owned(),
                        },
                        ours_value: ours.and_then(Value::number),
                        ulps,
                        abs,
                        tolerance,
                        known,
                    };
                    summary.diverged += 1;
                    summary.known += usize::from(d.known.is_some());
                    if summary.first.as_ref().is_none_or(|f| f.tick > d.tick) {
                        summary.first = Some(d.clone());
                    }
                    cmp.divergences.push(d);
                }
            }
        }
        cmp
    }
}

/// `None` when `ours` meets the row, else the difference in ulps and in
/// absolute terms (where they can be taken).
fn judge(
    row: &Row,
    ours: Option<&Value>,
    tolerance: Tolerance,
) -> Option<(Option<u64>, Option<f64>)> {
    let (want, want_bits) = match row.value {
        Captured::Unwritten => {
            return match ours {
                None | Some(Value::Unwritten) => None,
                Some(_) => Some((None, None)),
            }
        }
        Captured::Number { value, bits } => (value, bits),
    };
    match ours {
        None | Some(Value::Unwritten) => Some((None, None)),
        Some(&Value::Int(i)) => {
            let abs = (i as f64 - want).abs();
            let ok = match tolerance {
                Tolerance::Abs(t) => abs <= t,
                Tolerance::Ulps(n) => abs <= n as f64,
            };
            (!ok).then_some((None, Some(abs)))
        }
        Some(&Value::Real { value, bits }) => {
            let abs = (value - want).abs();
            let ulps = ulps_between(bits, want_bits.unwrap_or((want as f32).to_bits()));
            let ok = match tolerance {
                Tolerance::Abs(t) => abs <= t,
                Tolerance::Ulps(n) => ulps <= n,
            };
            (!ok).then_some((Some(ulps), Some(abs)))
        }
    }
}

fn show(v: &Value) -> String {
    match *v {
        Value::Real { value, bits } => format!("{:?} (0x{bits:08x})", value as f32),
        Value::Int(i) => i.to_string(),
        Value::Unwritten => "unwritten".to_owned(),
    }
}

/// An entry's capture and its comparison in both modes (`f32`, then
/// `ee32`, as the golden run names them); `None` for a kernel case or a scenario without `capture`.
///
/// # Errors
///
/// The capture file cannot be read or has a bad line, or a row's tick is
/// past the scenario's end.
pub fn for_entry(entry: &Entry) -> Result<Option<(Capture, [Comparison; 2])>, CaptureError> {
    let EntryCall::Scenario(sc) = &entry.call else {
        return Ok(None);
    };
    let Some(file) = &sc.capture else {
        return Ok(None);
    };
    let dir = entry.file.parent().unwrap_or(Path::new("."));
    let cap = load(&dir.join(file))?;
    cap.check_ticks(sc.ticks)?;
    let cmp = [
        cap.compare(&entry.single, FloatMode::F32),
        cap.compare(&entry.ee, FloatMode::Ee32),
    ];
    Ok(Some((cap, cmp)))
}
