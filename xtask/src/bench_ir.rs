//! `cargo xtask bench-ir`: the two workloads of the mesh queries
//! (`crates/collision-mesh/benches/common/neutral.rs`: the street's and the
//! town's, `town.rs`) counted in instructions with callgrind, the port
//! against parry3d; with `--bodies`, the body query in its four layouts and
//! sizes (`crates/physics-world/benches/body_query.rs`) against parry3d's
//! BVH.
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

/// The body query's layouts and sizes.
const ALL_LAYOUTS: [&str; 4] = ["street_x", "street_y", "city", "crowd"];
const ALL_SIZES: [&str; 4] = ["100", "1000", "10000", "100000"];
/// The function the body query's measured runs are in, and its queries.
const BODY_MEASURED: &str = "body_query::measure";
const BODY_QUERIES: u64 = 64;
const USAGE: &str = "\
usage: cargo xtask bench-ir [--scenes A,B] [--kinds A,B] [--ee32] [--reps N]
       cargo xtask bench-ir --bodies [--layouts A,B] [--sizes N,M]
  scenes: 2k_8m 2k_2m 64k_8m 64k_2m (the street workload)
          town_2k_8m town_2k_2m town_64k_8m town_64k_2m (the town workload)
          turned_2k_8m turned_town_2k_8m (the street and the town turned 20°)
          (default all)
  kinds:  sweep_all sweep_first capsule box ray_down ray_level overlap push
  --ee32: count the port's Ee32 mode too
  --reps: how many times each query set is answered (default 1)
  --bodies: the body query (IPhysics_QueryBox) instead, in the layouts
          street_x street_y city crowd and sizes 100 1000 10000 100000
          (default all), against parry3d's BVH";

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
    // The scene and kind names are the example's (`bench_ir list`), checked
    // once it is built.
    let (mut scenes, mut kinds): (Option<String>, Option<String>) = (None, None);
    let mut systems = vec!["ours", "parry", "parry_one_sided"];
    let mut reps = 1usize;
    let (mut bodies, mut layouts, mut sizes) = (false, ALL_LAYOUTS.to_vec(), ALL_SIZES.to_vec());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--bodies" => bodies = true,
            "--layouts" => layouts = list(it.next(), &ALL_LAYOUTS)?,
            "--sizes" => sizes = list(it.next(), &ALL_SIZES)?,
            "--scenes" => scenes = Some(it.next().ok_or_else(|| USAGE.to_owned())?.clone()),
            "--kinds" => kinds = Some(it.next().ok_or_else(|| USAGE.to_owned())?.clone()),
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
    if bodies {
        return body_query(&root, &cargo, &layouts, &sizes);
    }
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
    let names = |what: &str| -> Vec<String> {
        listed
            .lines()
            .find_map(|l| l.strip_prefix(what))
            .map(|l| l.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default()
    };
    let chosen = |asked: &Option<String>, all: Vec<String>| -> Result<Vec<String>, String> {
        let Some(asked) = asked else {
            return Ok(all);
        };
        asked
            .split(',')
            .map(|a| {
                all.iter().find(|x| *x == a).cloned().ok_or_else(|| {
                    format!("unknown name `{a}` (known: {})\n\n{USAGE}", all.join(" "))
                })
            })
            .collect()
    };
    let scenes = chosen(&scenes, names("scenes "))?;
    let kinds = chosen(&kinds, names("kinds "))?;
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
        let args: Vec<String> = [scene.clone(), reps.to_string()]
            .into_iter()
            .chain(pairs.iter().cloned())
            .collect();
        let ir: Vec<f64> = callgrind(&base, MEASURED, &exe, &args, pairs.len())?
            .into_iter()
            .map(|t| t as f64 / per_pair as f64)
            .collect();
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

/// The body query's counts: builds `physics-world`'s `body_query` bench and
/// runs it as `body_query ir LAYOUT SIZE` under callgrind, one run per
/// layout and size; its three measured calls (the fast query, the console's
/// walk, parry3d's BVH) are the three profile parts.
fn body_query(root: &Path, cargo: &str, layouts: &[&str], sizes: &[&str]) -> Result<bool, String> {
    eprintln!("building the body_query bench (release)");
    let built = Command::new(cargo)
        .current_dir(root)
        .args([
            "bench",
            "-p",
            "warriors-physics-world",
            "--bench",
            "body_query",
            "--no-run",
        ])
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    let log = String::from_utf8_lossy(&built.stderr);
    if !built.status.success() {
        return Err(format!("building the body_query bench failed:\n{log}"));
    }
    // cargo names the executable on its stderr: `Executable benches/... (PATH)`.
    let exe = log
        .lines()
        .filter(|l| l.contains("Executable") && l.contains("body_query"))
        .find_map(|l| Some(l.rsplit_once('(')?.1.strip_suffix(')')?.to_owned()))
        .map(PathBuf::from)
        .ok_or("cargo did not name the body_query executable")?;
    let dir = target_dir(root).join("bench-ir");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!(
        "instructions per query (callgrind Ir, {BODY_QUERIES} queries); \
         ratio = ours / parry (<1: ours is faster)\n"
    );
    println!("| layout | bodies | ours (fast) | console walk | parry BVH | ours ÷ parry |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for layout in layouts {
        for size in sizes {
            let base = dir.join(format!("callgrind.bodies.{layout}.{size}"));
            for i in 0..=3 {
                let part = PathBuf::from(format!("{}.{i}", base.display()));
                let _ = std::fs::remove_file(part);
            }
            eprintln!("callgrind: {layout} {size}");
            let args = ["ir".to_owned(), (*layout).to_owned(), (*size).to_owned()];
            let parts = callgrind(&base, BODY_MEASURED, &exe, &args, 3)?;
            let ir: [f64; 3] = std::array::from_fn(|i| parts[i] as f64 / BODY_QUERIES as f64);
            let [fast, console, parry] = ir;
            println!(
                "| {layout} | {size} | {fast:.0} | {console:.0} | {parry:.0} | {:.2} |",
                fast / parry
            );
        }
    }
    Ok(true)
}

/// Runs `exe args` under callgrind, collecting inside `measured` only and
/// writing a profile part after each of its calls (`base.1`, `base.2`,
/// ...); answers the instruction totals of the first `parts` parts.
fn callgrind(
    base: &Path,
    measured: &str,
    exe: &Path,
    args: &[String],
    parts: usize,
) -> Result<Vec<u64>, String> {
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", base.display()))
        .arg(format!("--toggle-collect={measured}"))
        .arg(format!("--dump-after={measured}"))
        .arg(exe)
        .args(args)
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "valgrind failed on {}:\n{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    (1..=parts)
        .map(|i| totals(&PathBuf::from(format!("{}.{i}", base.display()))))
        .collect()
}
