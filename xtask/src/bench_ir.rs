//! `cargo xtask bench-ir`: the neutral workload of the mesh queries
//! (`crates/collision-mesh/benches/common/neutral.rs`) counted in
//! instructions with callgrind, the port against parry3d.
//!
//! The example `bench_ir` of `collision-mesh` is built in release; then, per
//! scene, one run of it under `valgrind --tool=callgrind` answers every
//! (query kind, system) pair in turn, each inside one call of
//! `Runner::measure`. Collection is on only inside that function
//! (`--toggle-collect`), so the set-up (building the meshes, drawing the
//! queries) is not counted, and a profile part is written after each call
//! (`--dump-after`); each part's `totals:` line divided by the number of
//! queries is the figure printed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The function every measured pair runs in.
const MEASURED: &str = "bench_ir::neutral::Runner::measure";

const ALL_SCENES: [&str; 4] = ["2k_8m", "2k_2m", "64k_8m", "64k_2m"];
const ALL_KINDS: [&str; 8] = [
    "sweep_all",
    "sweep_first",
    "capsule",
    "box",
    "ray_down",
    "ray_level",
    "overlap",
    "push",
];

const USAGE: &str = "\
usage: cargo xtask bench-ir [--scenes A,B] [--kinds A,B] [--ee32] [--reps N]
  scenes: 2k_8m 2k_2m 64k_8m 64k_2m (default all)
  kinds:  sweep_all sweep_first capsule box ray_down ray_level overlap push
  --ee32: count the port's Ee32 mode too
  --reps: how many times each query set is answered (default 1)";

fn list(arg: Option<&String>, all: &[&'static str]) -> Result<Vec<&'static str>, String> {
    let Some(arg) = arg else {
        return Err(USAGE.to_owned());
    };
    arg.split(',')
        .map(|a| {
            all.iter()
                .copied()
                .find(|x| *x == a)
                .ok_or_else(|| format!("unknown name `{a}`\n\n{USAGE}"))
        })
        .collect()
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// The `totals:` (or `summary:`) count of one callgrind output file.
fn totals(file: &Path) -> Result<u64, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let line = text
        .lines()
        .find(|l| l.starts_with("totals:"))
        .or_else(|| text.lines().find(|l| l.starts_with("summary:")))
        .ok_or_else(|| format!("{}: no totals line", file.display()))?;
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("{}: bad totals line `{line}`", file.display()))
}

pub fn main(args: &[String]) -> Result<bool, String> {
    let mut scenes = ALL_SCENES.to_vec();
    let mut kinds = ALL_KINDS.to_vec();
    let mut systems = vec!["ours", "parry", "parry_one_sided"];
    let mut reps = 1usize;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--scenes" => scenes = list(it.next(), &ALL_SCENES)?,
            "--kinds" => kinds = list(it.next(), &ALL_KINDS)?,
            "--ee32" => systems.push("ours_ee32"),
            "--reps" => {
                reps = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| USAGE.to_owned())?;
            }
            _ => return Err(format!("unknown argument `{a}`\n\n{USAGE}")),
        }
    }
    let valgrind_ok = Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !valgrind_ok {
        return Err(
            "bench-ir needs valgrind (its callgrind tool) on the PATH, and it was not \
                    found: install it (e.g. `apt-get install valgrind`) and run again"
                .to_owned(),
        );
    }
    let root = crate::paths::root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!("building the bench_ir example (release)");
    let built = Command::new(&cargo)
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "-p",
            "warriors-collision-mesh",
            "--example",
            "bench_ir",
        ])
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if !built.success() {
        return Err("building the bench_ir example failed".to_owned());
    }
    let target = target_dir(&root);
    let exe = target.join("release").join("examples").join("bench_ir");
    let listed = Command::new(&exe)
        .arg("list")
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let listed = String::from_utf8_lossy(&listed.stdout);
    let queries: u64 = listed
        .lines()
        .find_map(|l| l.strip_prefix("queries "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or("bench_ir list printed no query count")?;
    let per_pair = queries * reps as u64;
    let dir = target.join("bench-ir");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;

    println!(
        "instructions per query (callgrind Ir, {queries} queries per kind x {reps}); \
         ratio = parry / ours (>1: ours is faster)\n"
    );
    let mut header =
        "| scene | query | ours | parry | parry ÷ ours | parry one-sided | one-sided ÷ ours |"
            .to_owned();
    let mut rule = "| --- | --- | --- | --- | --- | --- | --- |".to_owned();
    if systems.contains(&"ours_ee32") {
        header.push_str(" ours `Ee32` | `Ee32` ÷ `f32` |");
        rule.push_str(" --- | --- |");
    }
    println!("{header}\n{rule}");
    for scene in &scenes {
        let base = dir.join(format!("callgrind.{scene}"));
        for entry in std::fs::read_dir(&dir)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(&format!("callgrind.{scene}")) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        let pairs: Vec<String> = kinds
            .iter()
            .flat_map(|k| systems.iter().map(move |s| format!("{k}/{s}")))
            .collect();
        eprintln!("callgrind: {scene}, {} pairs", pairs.len());
        let out = Command::new("valgrind")
            .arg("--tool=callgrind")
            .arg(format!("--callgrind-out-file={}", base.display()))
            .arg(format!("--toggle-collect={MEASURED}"))
            .arg(format!("--dump-after={MEASURED}"))
            .arg(&exe)
            .arg(scene)
            .arg(reps.to_string())
            .args(&pairs)
            .output()
            .map_err(|e| format!("valgrind: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "valgrind failed on {scene}:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let mut ir = Vec::with_capacity(pairs.len());
        for i in 1..=pairs.len() {
            let part = PathBuf::from(format!("{}.{i}", base.display()));
            ir.push(totals(&part)? as f64 / per_pair as f64);
        }
        for (ki, kind) in kinds.iter().enumerate() {
            let row = &ir[ki * systems.len()..(ki + 1) * systems.len()];
            let (ours, parry, one) = (row[0], row[1], row[2]);
            let mut line = format!(
                "| {scene} | {kind} | {ours:.0} | {parry:.0} | {:.2}× | {one:.0} | {:.2}× |",
                parry / ours,
                one / ours
            );
            if let Some(ee) = row.get(3) {
                line.push_str(&format!(" {ee:.0} | {:.1}× |", ee / ours));
            }
            println!("{line}");
        }
    }
    Ok(true)
}
