//! Evaluating case files and writing or checking their snapshots.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use ps2_float::{Ee32, FloatMode};

use crate::case::{CaseFile, Expected, Header};
use crate::entry::{Entry, EntryCall};
use crate::error::Error;
use crate::outcome::{Outcome, Value};
use crate::scenario::{Scenario, SourceCounts};
use crate::units::{with_unit, Kernel, UNITS};

/// What [`run`] does with the snapshots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Write every snapshot (and delete snapshots no case produces).
    Update,
    /// Write nothing; report every snapshot that would change.
    Check,
}

/// The result of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Case files read.
    pub files: usize,
    /// Cases evaluated (each in both modes).
    pub cases: usize,
    /// Stated numbers checked (both modes counted).
    pub checks: usize,
    /// Every stated number not met: file, case, mode, field, expected, got.
    pub failures: Vec<String>,
    /// Stated numbers of scenarios not met and marked as a known divergence
    /// (`known_divergence`): reported, not failures.
    pub known: Vec<String>,
    /// Snapshots that are missing, differ or are no longer produced
    /// (check mode), or that were rewritten (update mode).
    pub changed: Vec<String>,
    /// The scenarios' expectations by the kind of their source (each
    /// counted once, not per mode).
    pub sources: SourceCounts,
    /// Captured values compared (both modes counted).
    pub captured: usize,
    /// Per scenario with a capture and per mode, its summary line, then
    /// the first divergence of each field that has one.
    pub captures: Vec<String>,
}

impl Report {
    /// `true` when every stated number was met and (in check mode) every
    /// snapshot is current.
    #[must_use]
    pub fn is_ok(&self, mode: Mode) -> bool {
        self.failures.is_empty() && (mode == Mode::Update || self.changed.is_empty())
    }
}

/// Evaluates every `*.ron` case file in `fixtures` in both float modes, checks
/// the stated numbers, and writes (`Update`) or compares (`Check`) one snapshot
/// per case in `out`.
pub fn run(fixtures: &Path, out: &Path, mode: Mode) -> Result<Report, Error> {
    run_dirs(&[fixtures], out, mode)
}

/// As [`run`] over several folders (the kernel cases and the scenarios)
/// whose snapshots share `out`.
pub fn run_dirs(fixtures: &[&Path], out: &Path, mode: Mode) -> Result<Report, Error> {
    let mut report = Report::default();
    let mut snaps = Vec::new();
    for dir in fixtures {
        snaps.extend(evaluate_dir(dir, &mut report)?);
    }
    let mut produced = BTreeSet::new();
    for snap in snaps {
        let name = format!("{}.snap", snap.name);
        let file = out.join(&name);
        let current = fs::read_to_string(&file).ok();
        if current.as_deref().map(snapshot_body) != Some(snap.body.as_str()) {
            let what = if current.is_none() { "new" } else { "differs" };
            report.changed.push(format!("{}: {what}", file.display()));
            if mode == Mode::Update {
                write(
                    out,
                    &file,
                    &snapshot_text(&snap.source, &snap.case, &snap.body),
                )?;
            }
        }
        produced.insert(name);
    }
    if out.is_dir() {
        for p in read_dir(out)? {
            let name = p.file_name().map(|s| s.to_string_lossy().into_owned());
            let Some(name) = name else { continue };
            if name.ends_with(".snap") && !produced.contains(&name) {
                report
                    .changed
                    .push(format!("{}: no case produces it", p.display()));
                if mode == Mode::Update {
                    fs::remove_file(&p).map_err(|source| Error::Io { path: p, source })?;
                }
            }
        }
    }
    Ok(report)
}

/// One case's snapshot.
struct Snap {
    source: PathBuf,
    case: String,
    name: String,
    body: String,
}

fn evaluate_dir(fixtures: &Path, report: &mut Report) -> Result<Vec<Snap>, Error> {
    Ok(evaluate_entries(fixtures, report)?
        .into_iter()
        .map(|e| Snap {
            body: snapshot_body_for(&e),
            source: e.file,
            name: e.snapshot,
            case: e.name,
        })
        .collect())
}

/// Evaluates every case file and scenario of the folders, in both modes, as
/// [`run_dirs`] does (the same checks, the same report), and returns
/// each case and scenario instead of its snapshot.
pub fn evaluate(fixtures: &[&Path]) -> Result<(Vec<Entry>, Report), Error> {
    let mut report = Report::default();
    let mut all = Vec::new();
    for dir in fixtures {
        all.extend(evaluate_entries(dir, &mut report)?);
    }
    Ok((all, report))
}

/// Evaluates every case and scenario of one folder, in file order.
pub(crate) fn evaluate_entries(fixtures: &Path, report: &mut Report) -> Result<Vec<Entry>, Error> {
    let mut files: Vec<PathBuf> = read_dir(fixtures)?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let mut all = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        let header: Header = parse(path, &text)?;
        if header.unit == "scenario" {
            let entry = evaluate_scenario(path, &text, report)?;
            report.files += 1;
            all.push(entry);
            continue;
        }
        let cases = with_unit!(header.unit.as_str(), C => evaluate_file::<C>(path, &text, report)?,
        else return Err(Error::UnknownUnit {
            path: path.clone(),
            unit: header.unit.clone(),
            known: UNITS.join(", "),
        }));
        report.files += 1;
        all.extend(cases);
    }
    Ok(all)
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let io = |source| Error::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut v = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        v.push(entry.map_err(io)?.path());
    }
    Ok(v)
}

fn write(dir: &Path, file: &Path, text: &str) -> Result<(), Error> {
    fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    fs::write(file, text).map_err(|source| Error::Io {
        path: file.to_path_buf(),
        source,
    })
}

pub(crate) fn parse<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, Error> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e: ron::error::SpannedError| Error::Parse {
            path: path.to_path_buf(),
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })
}

/// Evaluates one file's cases.
fn evaluate_file<C: Kernel>(
    path: &Path,
    text: &str,
    report: &mut Report,
) -> Result<Vec<Entry>, Error> {
    let file: CaseFile<C> = parse(path, text)?;
    let stem = file_stem(path);
    let mut names = BTreeSet::new();
    let mut entries = Vec::with_capacity(file.cases.len());
    for case in &file.cases {
        if !names.insert(case.name.clone()) {
            return Err(Error::DuplicateCase {
                path: path.to_path_buf(),
                case: case.name.clone(),
            });
        }
        let input = |source| Error::Input {
            path: path.to_path_buf(),
            case: case.name.clone(),
            source,
        };
        let single = case.call.eval::<f32>().map_err(input)?;
        let ee = case.call.eval::<Ee32>().map_err(input)?;
        let mut failures = Vec::new();
        for (mode, outcome) in [(FloatMode::F32, &single), (FloatMode::Ee32, &ee)] {
            for (field, expected) in &case.expect {
                report.checks += 1;
                if let Some(msg) = check(outcome, field, expected, case.tolerance_for(field)) {
                    let line = format!(
                        "{}: case `{}` ({}), {mode}: field `{field}`: {msg}",
                        path.display(),
                        case.name,
                        case.spec
                    );
                    report.failures.push(line.clone());
                    failures.push(line);
                }
            }
        }
        report.cases += 1;
        let tolerances = case
            .expect
            .keys()
            .map(|k| (k.clone(), case.tolerance_for(k)))
            .collect();
        entries.push(Entry {
            file: path.to_path_buf(),
            unit: file.unit.clone(),
            snapshot: format!("{stem}__{}", case.name),
            name: case.name.clone(),
            spec: case.spec.clone(),
            note: case.note.clone(),
            call: EntryCall::Kernel(format!("{:?}", case.call)),
            expect: case.expect.clone(),
            expect_ee32: std::collections::BTreeMap::new(),
            sources: std::collections::BTreeMap::new(),
            tolerances,
            single,
            ee,
            failures,
            known: Vec::new(),
        });
    }
    Ok(entries)
}

/// Runs one scenario file in both modes and checks its stated numbers.
fn evaluate_scenario(path: &Path, text: &str, report: &mut Report) -> Result<Entry, Error> {
    let sc: Scenario = parse(path, text)?;
    let case = file_stem(path);
    let input = |source| Error::Input {
        path: path.to_path_buf(),
        case: case.clone(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let capture = match &sc.capture {
        Some(file) => {
            let cap = crate::capture::load(&dir.join(file))?;
            cap.check_ticks(sc.ticks)?;
            Some(cap)
        }
        None => None,
    };
    let also = capture
        .as_ref()
        .map(crate::capture::Capture::keys)
        .unwrap_or_default();
    let single = sc.run_keeping::<f32>(dir, &also).map_err(input)?;
    let ee = sc.run_keeping::<Ee32>(dir, &also).map_err(input)?;
    let mut expect = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    let mut known = Vec::new();
    if let Some(cap) = &capture {
        for (mode, outcome) in [(FloatMode::F32, &single), (FloatMode::Ee32, &ee)] {
            let cmp = cap.compare(outcome, mode);
            capture_lines(cap, &cmp, report, &mut failures, &mut known);
        }
    }
    for (mode, outcome) in [(FloatMode::F32, &single), (FloatMode::Ee32, &ee)] {
        for e in &sc.expect {
            report.checks += 1;
            let key = e.key();
            let want = e.value_in(mode);
            // A tick without the field (no contact, a freed slot) is
            // "unwritten".
            let unwritten = matches!(want, Expected::Word(w) if w == "unwritten");
            let msg = if unwritten && outcome.get(&key).is_none() {
                None
            } else {
                check(outcome, &key, want, e.tolerance())
            };
            match (msg, &e.known_divergence) {
                (None, None) => {}
                (Some(msg), None) => failures.push(format!(
                    "{}: scenario ({}), {mode}: field `{key}`: {msg}",
                    path.display(),
                    sc.spec
                )),
                (Some(msg), Some(why)) => known.push(format!(
                    "{}: {mode}: field `{key}`: {msg} ({why})",
                    path.display()
                )),
                (None, Some(why)) => failures.push(format!(
                    "{}: scenario ({}), {mode}: field `{key}` is met although marked as a known divergence ({why}): remove the mark",
                    path.display(),
                    sc.spec
                )),
            }
        }
    }
    report.failures.extend(failures.iter().cloned());
    report.known.extend(known.iter().cloned());
    report.sources += sc.source_counts();
    let mut tolerances = std::collections::BTreeMap::new();
    let mut sources = std::collections::BTreeMap::new();
    let mut expect_ee32 = std::collections::BTreeMap::new();
    for e in &sc.expect {
        expect.insert(e.key(), e.value.clone());
        tolerances.insert(e.key(), e.tolerance());
        sources.insert(e.key(), e.source.clone());
        if let Some(v) = &e.ee32 {
            expect_ee32.insert(e.key(), v.clone());
        }
    }
    report.cases += 1;
    Ok(Entry {
        file: path.to_path_buf(),
        unit: sc.unit.clone(),
        snapshot: format!("scenario__{case}"),
        name: case,
        spec: sc.spec.clone(),
        note: sc.note.clone(),
        call: EntryCall::Scenario(Box::new(sc)),
        expect,
        expect_ee32,
        sources,
        tolerances,
        single,
        ee,
        failures,
        known,
    })
}

/// The most lines one capture adds per mode to the failures, to the known
/// divergences and to the fields' first divergences; the rest are counted
/// in one more line.
pub const CAPTURE_LINES: usize = 50;

/// A capture's comparison in one mode into the report: its summary and
/// each field's first divergence (`report.captures`), each divergence not
/// marked `known` as a failure, each marked one as known, each stale mark
/// as a failure.
fn capture_lines(
    cap: &crate::capture::Capture,
    cmp: &crate::capture::Comparison,
    report: &mut Report,
    failures: &mut Vec<String>,
    known: &mut Vec<String>,
) {
    let file = cap.path.display();
    report.captured += cmp.rows;
    report.captures.push(format!("{file}: {}", cmp.summary()));
    let diverging = cmp.fields.iter().filter(|f| f.first.is_some()).count();
    for f in cmp
        .fields
        .iter()
        .filter(|f| f.first.is_some())
        .take(CAPTURE_LINES)
    {
        if let Some(d) = &f.first {
            report.captures.push(format!(
                "{file}: {}: `{}`: {} of {} rows diverge ({} known), first at line {}, {}",
                cmp.mode,
                f.field,
                f.diverged,
                f.rows,
                f.known,
                d.line,
                d.text()
            ));
        }
    }
    if diverging > CAPTURE_LINES {
        report.captures.push(format!(
            "{file}: {}: {} more fields diverge",
            cmp.mode,
            diverging - CAPTURE_LINES
        ));
    }
    // Each divergence a line, up to CAPTURE_LINES of each kind (not met,
    // marked known); then one line with the count of the rest.
    let (mut unmet, mut marked) = (0usize, 0usize);
    for d in &cmp.divergences {
        let n = if d.known.is_some() {
            &mut marked
        } else {
            &mut unmet
        };
        *n += 1;
        if *n > CAPTURE_LINES {
            continue;
        }
        let at = format!("{file}:{}: {}: field `{}`", d.line, cmp.mode, d.field);
        match &d.known {
            None => failures.push(format!("{at}: captured value not met: {}", d.text())),
            Some(why) => known.push(format!("{at}: {} ({why})", d.text())),
        }
    }
    if unmet > CAPTURE_LINES {
        failures.push(format!(
            "{file}: {}: {} more captured values not met",
            cmp.mode,
            unmet - CAPTURE_LINES
        ));
    }
    if marked > CAPTURE_LINES {
        known.push(format!(
            "{file}: {}: {} more captured values marked known",
            cmp.mode,
            marked - CAPTURE_LINES
        ));
    }
    for line in &cmp.known_met {
        failures.push(format!(
            "{file}:{line}: {}: captured value met although marked `known`: remove the mark",
            cmp.mode
        ));
    }
}

/// The message for a field the call does not produce: the fields it does
/// produce (for a scenario, those of the same tick), at most 80 of them.
fn no_such_field(outcome: &Outcome, field: &str) -> String {
    let tick = field
        .split_once('.')
        .filter(|(t, _)| t.starts_with('t') && t[1..].chars().all(|c| c.is_ascii_digit()))
        .map(|(t, _)| format!("{t}."));
    let names: Vec<&str> = outcome
        .paths()
        .filter(|p| tick.as_ref().is_none_or(|t| p.starts_with(t.as_str())))
        .collect();
    let shown = names
        .iter()
        .take(80)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    let more = if names.len() > 80 {
        format!(" and {} more", names.len() - 80)
    } else {
        String::new()
    };
    if names.is_empty() {
        "the call produces no such field (and none at that tick)".into()
    } else {
        format!("the call produces no such field; it produces: {shown}{more}")
    }
}

/// `None` when the field meets the expectation within `tol`, else what is
/// wrong (the test the run applies to every stated number).
pub fn check(outcome: &Outcome, field: &str, expected: &Expected, tol: f64) -> Option<String> {
    let Some(got) = outcome.get(field) else {
        return Some(no_such_field(outcome, field));
    };
    match expected {
        Expected::Word(w) if w == "unwritten" => {
            (*got != Value::Unwritten).then(|| format!("expected unwritten, got {}", show(got)))
        }
        Expected::Word(w) => Some(format!("unknown expectation `{w}`")),
        Expected::Number(want) => match got.number() {
            None => Some(format!("expected {want}, got unwritten")),
            Some(v) if (v - want).abs() <= tol => None,
            Some(v) => Some(format!(
                "expected {want} ± {tol:e}, got {} (off by {:e})",
                show(got),
                (v - want).abs()
            )),
        },
    }
}

fn show(v: &Value) -> String {
    match *v {
        Value::Real { value, bits } => {
            if (bits >> 23) & 0xff == 0xff {
                format!("{value:e} (0x{bits:08x})")
            } else {
                format!("{:?} (0x{bits:08x})", value as f32)
            }
        }
        Value::Int(i) => i.to_string(),
        Value::Unwritten => "unwritten".into(),
    }
}

/// A value as the snapshot shows it in `mode`: an `f32` run's numbers
/// without their bits, an `Ee32` run's with them.
fn show_mode(v: &Value, mode: FloatMode) -> String {
    match *v {
        Value::Real { value, .. } if mode == FloatMode::F32 => format!("{:?}", value as f32),
        _ => show(v),
    }
}

/// One snapshot's body: the case, its spec row, the checked fields, for a
/// scenario the count of each kind of source and every expectation's
/// source (`source_counts`, `sources`), then every field in both modes.
fn snapshot_body_for(e: &Entry) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "(");
    let _ = writeln!(s, "    case: {:?},", e.name);
    let _ = writeln!(s, "    spec: {:?},", e.spec);
    let checked: Vec<String> = e.expect.keys().map(|k| format!("{k:?}")).collect();
    let _ = writeln!(s, "    checked: [{}],", checked.join(", "));
    if matches!(e.call, EntryCall::Scenario(_)) {
        let c = e.source_counts();
        let _ = writeln!(
            s,
            "    source_counts: (spec: {}, worked: {}, choice: {}),",
            c.spec, c.worked, c.choice
        );
        let _ = writeln!(s, "    sources: {{");
        for (key, source) in &e.sources {
            let _ = writeln!(s, "        {key:?}: {source:?},");
        }
        let _ = writeln!(s, "    }},");
    }
    for (mode, outcome) in [(FloatMode::F32, &e.single), (FloatMode::Ee32, &e.ee)] {
        let _ = writeln!(s, "    {mode}: {{");
        for (field, v) in &outcome.fields {
            let _ = writeln!(s, "        {field:?}: {:?},", show_mode(v, mode));
        }
        let _ = writeln!(s, "    }},");
    }
    let _ = writeln!(s, ")");
    s
}

const SNAPSHOT_SOURCE: &str = "crates/golden/tests/golden.rs";

fn snapshot_text(case_file: &Path, case: &str, body: &str) -> String {
    let input = case_file
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("---\nsource: {SNAPSHOT_SOURCE}\nexpression: {case}\ninput_file: {input}\n---\n{body}")
}

/// The body of a snapshot file (what follows its header).
#[must_use]
pub fn snapshot_body(text: &str) -> &str {
    let rest = text.strip_prefix("---\n").unwrap_or(text);
    match rest.find("\n---\n") {
        Some(i) => &rest[i + 5..],
        None => text,
    }
}

/// Each case of the files in `fixtures` as `(snapshot name, body)`, with the
/// report of its stated numbers (for the insta test).
pub fn bodies(fixtures: &Path) -> Result<(Vec<(String, String)>, Report), Error> {
    bodies_dirs(&[fixtures])
}

/// As [`bodies`] over several folders.
pub fn bodies_dirs(fixtures: &[&Path]) -> Result<(Vec<(String, String)>, Report), Error> {
    let mut report = Report::default();
    let mut snaps = Vec::new();
    for dir in fixtures {
        snaps.extend(evaluate_dir(dir, &mut report)?);
    }
    Ok((
        snaps.into_iter().map(|s| (s.name, s.body)).collect(),
        report,
    ))
}
