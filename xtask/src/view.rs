//! `cargo xtask view CASE [--tick N] [--fixtures DIR] --svg OUT`: the
//! picture of one kernel case, or of one tick of a scenario; `cargo xtask
//! view FILE` a level's (`crate::level_view`).

use std::path::PathBuf;

use golden::EntryCall;

/// Runs the task: a level file's picture when the name is a level file
/// or folder (`crate::level_view`), else a case's or a scenario's.
pub fn main(args: &[String]) -> Result<bool, String> {
    if crate::level_view::is_level(args) {
        return crate::level_view::main(args);
    }
    let mut name = None;
    let mut tick = None;
    let mut fixtures = Vec::new();
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--tick" => {
                let t = it.next().ok_or("--tick needs a number")?;
                tick = Some(t.parse::<u32>().map_err(|e| format!("--tick {t}: {e}"))?);
            }
            "--fixtures" => {
                fixtures.push(PathBuf::from(it.next().ok_or("--fixtures needs a folder")?))
            }
            "--svg" => out = Some(PathBuf::from(it.next().ok_or("--svg needs a file")?)),
            other if !other.starts_with('-') && name.is_none() => name = Some(other.to_owned()),
            other => return Err(format!("view: unknown argument `{other}`")),
        }
    }
    let name = name.ok_or("view: name a case (or a scenario's file stem)")?;
    let out = out.ok_or("view: --svg OUT is needed")?;
    if fixtures.is_empty() {
        let root = super::root();
        fixtures = vec![
            root.join("fixtures/kernels"),
            root.join("fixtures/scenarios"),
        ];
    }
    let dirs: Vec<&std::path::Path> = fixtures.iter().map(PathBuf::as_path).collect();
    let (entries, _) = golden::evaluate(&dirs).map_err(|e| format!("view: {e}"))?;
    let entry = entries
        .iter()
        .find(|e| e.name == name || e.snapshot == name)
        .ok_or_else(|| format!("view: no case or scenario named `{name}`"))?;
    let svg = match (&entry.call, tick) {
        (EntryCall::Scenario(_), Some(t)) => {
            contact_view::scenario::tick_svg(entry, t, &Default::default())
        }
        (EntryCall::Scenario(_), None) => contact_view::scenario::filmstrip(entry, "film"),
        (EntryCall::Kernel(_), _) => contact_view::case_svg(entry, &Default::default()),
    }
    .map_err(|e| format!("view: {e}"))?;
    std::fs::write(&out, svg).map_err(|e| format!("view: {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(true)
}
