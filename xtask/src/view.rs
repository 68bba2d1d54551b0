//! `cargo xtask view NAME [--tick N] [--fixtures DIR] [--svg OUT] [--plot
//! OUT] [--ulps N]`: the picture of one kernel case, or of a scenario (its
//! filmstrip, or one tick), and a scenario's fields over its ticks; the
//! entry's unmet numbers and its capture's summary are printed, and the
//! task fails when one of them fails. `cargo xtask view FILE` draws a
//! level's picture (`crate::level_view`).

use std::path::{Path, PathBuf};

use golden::EntryCall;

/// The parsed arguments.
#[derive(Debug, Default, PartialEq)]
pub struct Args {
    /// The case's name, or its snapshot's.
    pub name: String,
    /// One tick of a scenario.
    pub tick: Option<u32>,
    /// The fixture folders (default the committed ones).
    pub fixtures: Vec<PathBuf>,
    /// The picture.
    pub svg: Option<PathBuf>,
    /// A scenario's plots.
    pub plot: Option<PathBuf>,
    /// The modes' tolerance in ulps.
    pub ulps: u64,
}

/// Reads the task's arguments.
pub fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        ulps: contact_view::plot::DEFAULT_ULPS,
        ..Args::default()
    };
    let mut name = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--tick" => {
                let t = it.next().ok_or("--tick needs a number")?;
                a.tick = Some(t.parse::<u32>().map_err(|e| format!("--tick {t}: {e}"))?);
            }
            "--ulps" => {
                let u = it.next().ok_or("--ulps needs a number")?;
                a.ulps = u.parse::<u64>().map_err(|e| format!("--ulps {u}: {e}"))?;
            }
            "--fixtures" => a
                .fixtures
                .push(PathBuf::from(it.next().ok_or("--fixtures needs a folder")?)),
            "--svg" => a.svg = Some(PathBuf::from(it.next().ok_or("--svg needs a file")?)),
            "--plot" => a.plot = Some(PathBuf::from(it.next().ok_or("--plot needs a file")?)),
            other if !other.starts_with('-') && name.is_none() => name = Some(other.to_owned()),
            other => return Err(format!("view: unknown argument `{other}`")),
        }
    }
    a.name = name.ok_or("view: name a case (or a scenario's file stem)")?;
    if a.svg.is_none() && a.plot.is_none() {
        return Err("view: --svg OUT or --plot OUT is needed".into());
    }
    Ok(a)
}

/// Runs the task (a level file's picture when the name is a level file or
/// folder, `crate::level_view`); `Ok(false)` when the entry has a stated number or a
/// captured value not met.
pub fn main(args: &[String]) -> Result<bool, String> {
    if crate::level_view::is_level(args) {
        return crate::level_view::main(args);
    }
    let a = parse(args)?;
    let mut fixtures = a.fixtures.clone();
    if fixtures.is_empty() {
        let root = crate::paths::root();
        fixtures = vec![
            root.join("fixtures/kernels"),
            root.join("fixtures/scenarios"),
        ];
    }
    let dirs: Vec<&Path> = fixtures.iter().map(PathBuf::as_path).collect();
    let (entries, _) = golden::evaluate(&dirs).map_err(|e| format!("view: {e}"))?;
    let name = &a.name;
    let entry = entries
        .iter()
        .find(|e| e.name == *name || e.snapshot == *name)
        .ok_or_else(|| format!("view: no case or scenario named `{name}`"))?;
    if let Some(out) = &a.svg {
        let opts = contact_view::Options {
            ulps: a.ulps,
            ..Default::default()
        };
        let svg = match (&entry.call, a.tick) {
            (EntryCall::Scenario(_), Some(t)) => contact_view::scenario::tick_svg(entry, t, &opts),
            (EntryCall::Scenario(_), None) => {
                contact_view::scenario::filmstrip_with(entry, "film", a.ulps)
            }
            (EntryCall::Kernel(_), _) => contact_view::case_svg(entry, &opts),
        }
        .map_err(|e| format!("view: {e}"))?;
        std::fs::write(out, svg).map_err(|e| format!("view: {}: {e}", out.display()))?;
        println!("wrote {}", out.display());
    }
    if let Some(out) = &a.plot {
        let opts = contact_view::plot::PlotOptions {
            ulps: a.ulps,
            ..Default::default()
        };
        let svg = contact_view::plot::plots_svg(entry, &opts).map_err(|e| format!("view: {e}"))?;
        std::fs::write(out, svg).map_err(|e| format!("view: {}: {e}", out.display()))?;
        println!("wrote {}", out.display());
    }
    let beyond = contact_view::plot::differences_beyond(entry, a.ulps).len();
    let largest = contact_view::plot::largest_gap(entry)
        .map_or(String::new(), |(f, u)| format!("; largest {u} ulps ({f})"));
    println!(
        "{}: modes differ in {beyond} fields past {} ulps{largest}",
        entry.snapshot, a.ulps
    );
    let capture = golden::capture::for_entry(entry).map_err(|e| format!("view: {e}"))?;
    let mut ok = entry.failures.is_empty();
    if let Some((cap, cmp)) = &capture {
        for c in cmp {
            println!("capture {}: {}", cap.path.display(), c.summary());
            for f in &c.fields {
                if let Some(d) = &f.first {
                    println!(
                        "  {}: {} of {} rows diverge, first at line {}, {}",
                        f.field,
                        f.diverged,
                        f.rows,
                        d.line,
                        d.text()
                    );
                }
            }
            ok &= c.unexpected() == 0 && c.known_met.is_empty();
        }
    }
    for f in &entry.failures {
        eprintln!("not met: {f}");
    }
    for k in &entry.known {
        println!("known divergence, not met: {k}");
    }
    println!(
        "{}: {}",
        entry.snapshot,
        if ok { "every number met" } else { "not met" }
    );
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_owned).collect()
    }

    /// Runs a command the report prints, its output files in `dir`.
    fn run_printed(cmd: &str, dir: &Path) -> Result<bool, String> {
        let words = words(cmd);
        assert_eq!(words[..3], ["cargo", "xtask", "view"], "{cmd}");
        let mut args = Vec::new();
        let mut out = false;
        for w in &words[3..] {
            args.push(if out {
                dir.join(w).display().to_string()
            } else {
                w.clone()
            });
            out = w == "--svg" || w == "--plot";
        }
        main(&args)
    }

    #[test]
    fn the_reports_commands_run() {
        let dir = std::env::temp_dir().join(format!("xtask-view-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let root = crate::paths::root();
        let (k, s) = (
            root.join("fixtures/kernels"),
            root.join("fixtures/scenarios"),
        );
        let (entries, _) = golden::evaluate(&[k.as_path(), s.as_path()]).unwrap();
        let opts = contact_view::report::ReportOptions::default();
        for name in ["settle_slot", "unit5_row01_face"] {
            let e = entries.iter().find(|e| e.name == name).unwrap();
            let cmd = contact_view::report::rerun_command(e, &opts);
            assert_eq!(run_printed(&cmd, &dir), Ok(true), "{cmd}");
            let svg = std::fs::read_to_string(dir.join(format!("{}.svg", e.snapshot))).unwrap();
            assert!(svg.starts_with("<svg"));
        }
        let plot = std::fs::read_to_string(dir.join("scenario__settle_slot-plot.svg")).unwrap();
        assert!(plot.contains(r#"data-field="brick.settle_t" data-points="10""#));

        // A folder of one's own, a capture with a value off: the printed
        // command names the folder and fails.
        let mine = dir.join("mine");
        std::fs::create_dir_all(&mine).unwrap();
        let text = std::fs::read_to_string(s.join("settle_slot.ron")).unwrap();
        std::fs::write(mine.join("settle_slot.ron"), text).unwrap();
        let tsv = std::fs::read_to_string(s.join("settle_slot.tsv")).unwrap();
        let off = tsv.replace("5\tbrick.settle_t\t0.3\n", "5\tbrick.settle_t\t0.35\n");
        assert_ne!(off, tsv);
        std::fs::write(mine.join("settle_slot.tsv"), off).unwrap();
        let (mine_entries, _) = golden::evaluate(&[mine.as_path()]).unwrap();
        let opts = contact_view::report::ReportOptions {
            fixtures: vec![mine.display().to_string()],
            ..Default::default()
        };
        let cmd = contact_view::report::rerun_command(&mine_entries[0], &opts);
        assert!(cmd.contains(" --fixtures "), "{cmd}");
        if !mine.display().to_string().contains(' ') {
            assert_eq!(run_printed(&cmd, &dir), Ok(false), "{cmd}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_arguments_parse() {
        let a = parse(&words(
            "brick --plot p.svg --ulps 9 --fixtures a --fixtures b",
        ))
        .unwrap();
        assert_eq!(a.name, "brick");
        assert_eq!(a.ulps, 9);
        assert_eq!(a.plot, Some(PathBuf::from("p.svg")));
        assert_eq!(a.svg, None);
        assert_eq!(a.fixtures, [PathBuf::from("a"), PathBuf::from("b")]);
        assert_eq!(parse(&words("x --svg o.svg")).unwrap().ulps, 4);
        assert!(parse(&words("x"))
            .unwrap_err()
            .contains("--svg OUT or --plot OUT"));
        assert!(parse(&words("x --svg o --ulps -1"))
            .unwrap_err()
            .contains("--ulps -1"));
        assert!(parse(&words("x --svg o --bad"))
            .unwrap_err()
            .contains("`--bad`"));
    }
}
