//! `cargo xtask bench-ir`: the two workloads of the mesh queries
//! (`crates/collision-mesh/benches/common/neutral.rs`: the street's and the
//! town's, `town.rs`) counted in instructions with callgrind, the port
//! against parry3d; with `--bodies`, the body query in its four layouts and
//! sizes (`crates/physics-world/benches/body_query.rs`) against parry3d's
//! BVH; with `--kernels`, every geometry kernel over its benchmark's case set
//! (`crates/kernels/benches/kernels.rs`, run as `kernels ir`) in both float
//! modes and beside parry3d's peer; with `--tick`, the street's tick in both
//! float modes (`physics-world`'s `street_ticks` example).
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
/// The function the kernels' measured runs are in.
const KERNEL_MEASURED: &str = "kernels::ir_measure";
const USAGE: &str = "\
usage: cargo xtask bench-ir [--scenes A,B] [--kinds A,B] [--ee32] [--reps N]
       cargo xtask bench-ir --bodies [--layouts A,B] [--sizes N,M]
       cargo xtask bench-ir --kernels
       cargo xtask bench-ir --tick
  scenes: 2k_8m 2k_2m 64k_8m 64k_2m (the street workload)
          town_2k_8m town_2k_2m town_64k_8m town_64k_2m (the town workload)
          turned_2k_8m turned_town_2k_8m (the street and the town turned 20°)
          (default all)
  kinds:  sweep_all sweep_first capsule box ray_down ray_level overlap push
  --ee32: count the port's Ee32 mode too
  --reps: how many times each query set is answered (default 1)
  --bodies: the body query (IPhysics_QueryBox) instead, in the layouts
          street_x street_y city crowd and sizes 100 1000 10000 100000
          (default all), against parry3d's BVH
  --kernels: every geometry kernel over its benchmark's case set
          (crates/kernels/benches/kernels.rs), per call, f32 and Ee32,
          beside parry3d where it has the same query
  --tick: the street's tick (physics-world's street_ticks example), per
          tick over ticks 61 to 360, f32 and Ee32, with the state hashes";

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
    let (mut layouts, mut sizes) = (ALL_LAYOUTS.to_vec(), ALL_SIZES.to_vec());
    // The options given: the count they choose, and those it does not read.
    let mut given: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        given.push(a.as_str());
        match a.as_str() {
            "--bodies" | "--kernels" | "--tick" => {}
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
    // Each count reads its own options only: a mix is refused, not half
    // obeyed.
    let modes = ["--bodies", "--kernels", "--tick"];
    let chosen: Vec<&str> = modes.into_iter().filter(|m| given.contains(m)).collect();
    let (count, allowed): (Count, &[&str]) = match chosen.as_slice() {
        [] => (Count::Mesh, &["--scenes", "--kinds", "--ee32", "--reps"]),
        ["--bodies"] => (Count::Bodies, &["--bodies", "--layouts", "--sizes"]),
        ["--kernels"] => (Count::Kernels, &["--kernels"]),
        ["--tick"] => (Count::Tick, &["--tick"]),
        _ => {
            return Err(format!(
                "choose one of --bodies, --kernels, --tick\n\n{USAGE}"
            ))
        }
    };
    if let Some(a) = given
        .iter()
        .find(|a| a.starts_with("--") && !allowed.contains(a))
    {
        return Err(format!(
            "`{a}` does not go with {}\n\n{USAGE}",
            chosen.first().copied().unwrap_or("the mesh queries' count")
        ));
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
    match count {
        Count::Mesh => {}
        Count::Bodies => return body_query(&root, &cargo, &layouts, &sizes),
        Count::Kernels => return kernels(&root, &cargo),
        Count::Tick => return tick(&root, &cargo),
    }
    let exe = example_exe(&root, &cargo, "warriors-collision-mesh", "bench_ir")?;
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
    let dir = ir_dir(&root)?;

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

/// What `bench-ir` counts, as its options choose.
#[derive(Clone, Copy)]
enum Count {
    /// The mesh queries (no mode option).
    Mesh,
    /// `--bodies`.
    Bodies,
    /// `--kernels`.
    Kernels,
    /// `--tick`.
    Tick,
}

/// The folder the profiles go to (`target/bench-ir`), made if missing.
fn ir_dir(root: &Path) -> Result<PathBuf, String> {
    let dir = target_dir(root).join("bench-ir");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Builds the example `example` of `package` in release and answers its
/// executable's path.
fn example_exe(root: &Path, cargo: &str, package: &str, example: &str) -> Result<PathBuf, String> {
    eprintln!("building the {example} example (release)");
    let built = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", package, "--example", example])
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if !built.success() {
        return Err(format!("building the {example} example failed"));
    }
    Ok(target_dir(root)
        .join("release")
        .join("examples")
        .join(example))
}

/// Builds a bench target of `package` in release (`cargo bench --no-run`)
/// and answers its executable's path, which cargo names on its stderr
/// (`Executable benches/... (PATH)`).
fn bench_exe(root: &Path, cargo: &str, package: &str, bench: &str) -> Result<PathBuf, String> {
    eprintln!("building the {bench} bench (release)");
    let built = Command::new(cargo)
        .current_dir(root)
        .args(["bench", "-p", package, "--bench", bench, "--no-run"])
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    let log = String::from_utf8_lossy(&built.stderr);
    if !built.status.success() {
        return Err(format!("building the {bench} bench failed:\n{log}"));
    }
    log.lines()
        .filter(|l| l.contains("Executable") && l.contains(&format!("benches/{bench}.rs")))
        .find_map(|l| Some(l.rsplit_once('(')?.1.strip_suffix(')')?.to_owned()))
        // cargo may name it relative to the workspace's root.
        .map(|p| root.join(p))
        .ok_or_else(|| format!("cargo did not name the {bench} executable"))
}

/// The kernels' counts: runs the kernels bench as `kernels ir` under
/// callgrind, collecting inside `ir_measure` only; each kernel's runs
/// (`f32`, `Ee32`, parry3d's where there is one) are consecutive profile
/// parts, as `kernels ir list` names them.
fn kernels(root: &Path, cargo: &str) -> Result<bool, String> {
    let exe = bench_exe(root, cargo, "warriors-kernels", "kernels")?;
    let listed = Command::new(&exe)
        .args(["ir", "list"])
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let listed = String::from_utf8_lossy(&listed.stdout);
    let cases: u64 = listed
        .lines()
        .find_map(|l| l.strip_prefix("cases "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or("`kernels ir list` printed no case count")?;
    let rows: Vec<(String, usize)> = listed
        .lines()
        .filter_map(|l| {
            let mut w = l.strip_prefix("kernel ")?.split_whitespace();
            Some((w.next()?.to_owned(), w.next()?.parse().ok()?))
        })
        .collect();
    let parts: usize = rows.iter().map(|r| r.1).sum();
    if rows.is_empty() || rows.iter().any(|r| !(2..=3).contains(&r.1)) {
        return Err(format!(
            "`kernels ir list` printed no usable rows:\n{listed}"
        ));
    }
    let dir = ir_dir(root)?;
    let base = dir.join("callgrind.kernels");
    eprintln!("callgrind: {} kernels, {parts} runs", rows.len());
    let ir = callgrind(&base, KERNEL_MEASURED, &exe, &["ir".to_owned()], parts)?;
    println!(
        "instructions per call (callgrind Ir, {cases} cases per kernel); \
         parry ÷ ours (>1: ours is faster), Ee32 ÷ f32\n"
    );
    println!("| kernel | ours `f32` | ours `Ee32` | `Ee32` ÷ `f32` | parry3d | parry ÷ `f32` |");
    println!("| --- | --- | --- | --- | --- | --- |");
    let mut at = 0;
    for (name, n) in &rows {
        let per: Vec<f64> = ir[at..at + n]
            .iter()
            .map(|&t| t as f64 / cases as f64)
            .collect();
        at += n;
        let (f, e) = (per[0], per[1]);
        let parry = per.get(2).map_or_else(
            || " | |".to_owned(),
            |p| format!("{p:.0} | {:.2}× |", p / f),
        );
        println!("| {name} | {f:.0} | {e:.0} | {:.1}× | {parry}", e / f);
    }
    Ok(true)
}

/// The street's tick: runs `physics-world`'s `street_ticks` example for 60
/// and for 360 ticks under callgrind in each mode; the difference over 300
/// is the mean tick of ticks 61 to 360 (the set-up and the first 60 ticks
/// cancel), printed with the state hash the run ends on.
fn tick(root: &Path, cargo: &str) -> Result<bool, String> {
    let exe = example_exe(root, cargo, "warriors-physics-world", "street_ticks")?;
    let dir = ir_dir(root)?;
    println!("instructions per tick, ticks 61 to 360 (callgrind Ir, the whole run at 360 ticks less the run at 60, over 300)\n");
    println!("| mode | per tick | state hash at 360 |");
    println!("| --- | --- | --- |");
    let mut per_mode = Vec::new();
    for mode in ["f32", "ee32"] {
        let mut counts = Vec::new();
        let mut hash = String::new();
        for steps in ["60", "360"] {
            eprintln!("callgrind: street_ticks {steps} {mode}");
            let file = dir.join(format!("callgrind.tick.{mode}.{steps}"));
            let out = Command::new("valgrind")
                .arg("--tool=callgrind")
                .arg(format!("--callgrind-out-file={}", file.display()))
                .arg(&exe)
                .args([steps, mode])
                .output()
                .map_err(|e| format!("valgrind: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "valgrind failed on street_ticks {steps} {mode}:\n{}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            counts.push(totals(&file)?);
            hash = String::from_utf8_lossy(&out.stdout)
                .split("state hash ")
                .nth(1)
                .map(|h| h.trim().to_owned())
                .ok_or_else(|| format!("street_ticks {steps} {mode} printed no state hash"))?;
        }
        let per = counts[1].saturating_sub(counts[0]) as f64 / 300.0;
        println!("| `{mode}` | {:.4} M | {hash} |", per / 1e6);
        per_mode.push(per);
    }
    println!("\n`Ee32` ÷ `f32`: {:.2}×", per_mode[1] / per_mode[0]);
    Ok(true)
}

/// The body query's counts: builds `physics-world`'s `body_query` bench and
/// runs it as `body_query ir LAYOUT SIZE` under callgrind, one run per
/// layout and size; its three measured calls (the fast query, the console's
/// walk, parry3d's BVH) are the three profile parts.
fn body_query(root: &Path, cargo: &str, layouts: &[&str], sizes: &[&str]) -> Result<bool, String> {
    let exe = bench_exe(root, cargo, "warriors-physics-world", "body_query")?;
    let dir = ir_dir(root)?;
    println!(
        "instructions per query (callgrind Ir, {BODY_QUERIES} queries); \
         ratio = ours / parry (<1: ours is faster)\n"
    );
    println!("| layout | bodies | ours (fast) | console walk | parry BVH | ours ÷ parry |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for layout in layouts {
        for size in sizes {
            let base = dir.join(format!("callgrind.bodies.{layout}.{size}"));
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
/// ...); answers the instruction totals of the first `parts` parts. The
/// parts an earlier run left are removed first, so a part this run does not
/// write is an error, not an old count.
fn callgrind(
    base: &Path,
    measured: &str,
    exe: &Path,
    args: &[String],
    parts: usize,
) -> Result<Vec<u64>, String> {
    let part = |i: usize| PathBuf::from(format!("{}.{i}", base.display()));
    for i in 0..=parts + 1 {
        let _ = std::fs::remove_file(part(i));
    }
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
    (1..=parts).map(|i| totals(&part(i))).collect()
}
