//! `cargo xtask diff A B [--ulps N] [--abs X] [--modes A:B] [--html DIR]
//! [--inputs DIR]...`:
//! two runs compared field by field (`contact_view::diff`).
//!
//! Each of `A` and `B` is a folder of snapshots (`fixtures/golden`, or one
//! written by `cargo xtask golden --fixtures .. --out ..`), or `--fixtures
//! DIR[,DIR...]`: the case files and scenarios of those folders, evaluated
//! now. Prints each case that differs (each mode's first field beyond the
//! tolerance, with its tick, both values, ulps and absolute difference) or
//! that one run lacks, then `N cases equal, M differ, K only in A, L only
//! in B`; exits 1 when anything differs or is in one run only. `--modes
//! f32:ee32` compares `A`'s `f32` fields with `B`'s `Ee32` ones (`A` and `B`
//! may be the same run) instead of each mode with itself.
//!
//! `--html DIR` writes `DIR/index.html` with both runs' pictures at each
//! case's first divergence. A snapshot folder holds no inputs: its
//! pictures draw the cases of `--inputs` (by default `fixtures/kernels` and
//! `fixtures/scenarios`) with the snapshot's numbers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use contact_view::diff::{
    compare_modes, diff_html, picture, with_outcomes, FloatMode, Pictures, Tolerance, SAME_MODES,
};
use contact_view::snapshot::{read_dir, Snapshot};
use golden::Entry;

/// One run: a snapshot folder, or fixture folders evaluated.
enum Side {
    Snapshots(PathBuf),
    Fixtures(Vec<PathBuf>),
}

impl Side {
    fn label(&self) -> String {
        match self {
            Side::Snapshots(p) => p.display().to_string(),
            Side::Fixtures(d) => {
                let names: Vec<String> = d.iter().map(|p| p.display().to_string()).collect();
                format!("--fixtures {}", names.join(","))
            }
        }
    }
}

/// A run read: its snapshots and, for evaluated fixtures, its entries.
struct Run {
    snapshots: Vec<Snapshot>,
    entries: Option<Vec<Entry>>,
}

fn evaluate(dirs: &[PathBuf]) -> Result<Vec<Entry>, String> {
    let dirs: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let (entries, _) = golden::evaluate(&dirs).map_err(|e| format!("diff: {e}"))?;
    Ok(entries)
}

fn read(side: &Side) -> Result<Run, String> {
    match side {
        Side::Snapshots(dir) => Ok(Run {
            snapshots: read_dir(dir).map_err(|e| format!("diff: {e}"))?,
            entries: None,
        }),
        Side::Fixtures(dirs) => {
            let entries = evaluate(dirs)?;
            Ok(Run {
                snapshots: entries.iter().map(Snapshot::of_entry).collect(),
                entries: Some(entries),
            })
        }
    }
}

/// Runs the task; `Ok(false)` (exit 1) when the runs differ.
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut sides = Vec::new();
    let mut tol = Tolerance::default();
    let mut html = None;
    let mut inputs = Vec::new();
    let mut modes = SAME_MODES.to_vec();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fixtures" => {
                let list = it.next().ok_or("--fixtures needs a folder")?;
                sides.push(Side::Fixtures(list.split(',').map(PathBuf::from).collect()));
            }
            "--ulps" => {
                let v = it.next().ok_or("--ulps needs a number")?;
                tol.ulps = v
                    .parse()
                    .map_err(|e| format!("--ulps `{v}`: {e} (a whole number of ulps)"))?;
            }
            "--abs" => {
                let v = it.next().ok_or("--abs needs a number")?;
                tol.abs = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| format!("--abs `{v}`: not a finite number at least 0"))?;
            }
            "--modes" => {
                let v = it.next().ok_or("--modes needs A:B (f32:ee32)")?;
                let mode = |m: &str| {
                    FloatMode::from_name(m)
                        .ok_or_else(|| format!("--modes `{v}`: `{m}` is not f32 or ee32"))
                };
                let (x, y) = v
                    .split_once(':')
                    .ok_or_else(|| format!("--modes `{v}`: expected A:B, e.g. f32:ee32"))?;
                modes = vec![(mode(x)?, mode(y)?)];
            }
            "--html" => html = Some(PathBuf::from(it.next().ok_or("--html needs a folder")?)),
            "--inputs" => inputs.push(PathBuf::from(it.next().ok_or("--inputs needs a folder")?)),
            other if !other.starts_with('-') => sides.push(Side::Snapshots(PathBuf::from(other))),
            other => return Err(format!("diff: unknown argument `{other}`")),
        }
    }
    let [a, b]: [Side; 2] = sides.try_into().map_err(|s: Vec<Side>| {
        format!(
            "diff: name two runs (a snapshot folder or --fixtures DIR each), not {}",
            s.len()
        )
    })?;
    let (ra, rb) = (read(&a)?, read(&b)?);
    let cmp = compare_modes(&ra.snapshots, &rb.snapshots, tol, &modes);
    print!("{}", cmp.text());
    if let Some(dir) = html {
        let needs_inputs = ra.entries.is_none() || rb.entries.is_none();
        let inputs_entries = if needs_inputs && cmp.differing().next().is_some() {
            if inputs.is_empty() {
                let root = crate::paths::root();
                inputs = vec![
                    root.join("fixtures/kernels"),
                    root.join("fixtures/scenarios"),
                ];
            }
            evaluate(&inputs)?
        } else {
            Vec::new()
        };
        let by_name = |list: &[Entry]| -> BTreeMap<String, Entry> {
            list.iter()
                .map(|e| (e.snapshot.clone(), e.clone()))
                .collect()
        };
        let input_map = by_name(&inputs_entries);
        let maps = [&ra, &rb].map(|r| r.entries.as_deref().map(by_name));
        let mut pictures = BTreeMap::new();
        for (k, (name, d)) in cmp.differing().enumerate() {
            let tick = d.tick();
            let mut pics: Pictures = [Err(String::new()), Err(String::new())];
            for (s, run) in [&ra, &rb].into_iter().enumerate() {
                let entry = match &maps[s] {
                    Some(m) => m.get(name).cloned(),
                    None => {
                        let snap = run.snapshots.iter().find(|x| x.name == name);
                        input_map
                            .get(name)
                            .zip(snap)
                            .map(|(e, snap)| with_outcomes(e, snap))
                    }
                };
                pics[s] = match entry {
                    Some(e) => picture(&e, tick, &format!("d{k}{}", ["a", "b"][s]))
                        .map_err(|e| format!("no picture: {e}")),
                    None => Err(format!(
                        "no picture: no case file of {} names `{name}`",
                        if inputs.is_empty() {
                            "the run".to_owned()
                        } else {
                            inputs
                                .iter()
                                .map(|p| p.display().to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    )),
                };
            }
            pictures.insert(name.to_owned(), pics);
        }
        let labels = [a.label(), b.label()];
        let page = diff_html(&cmp, [&labels[0], &labels[1]], &pictures);
        std::fs::create_dir_all(&dir).map_err(|e| format!("diff: {}: {e}", dir.display()))?;
        let file = dir.join("index.html");
        std::fs::write(&file, page).map_err(|e| format!("diff: {}: {e}", file.display()))?;
        println!("page: {}", file.display());
    }
    Ok(cmp.is_ok())
}
