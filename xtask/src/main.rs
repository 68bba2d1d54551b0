//! Project tasks, run as `cargo xtask <task>`.
//!
//! * `golden [--check] [--fixtures DIR --out DIR]`: evaluates the kernel case
//!   files and writes (or checks) the golden contact snapshots.
//! * `golden --report DIR [--fixtures DIR] [--ulps N]`: the HTML report of
//!   every case and scenario with its picture.
//! * `view CASE [--tick N] [--fixtures DIR] [--svg OUT] [--plot OUT] [--ulps
//!   N]`: one case's picture, a scenario's plots.
//! * `view FILE --svg OUT`: a level's picture, every tile in one.
//! * `diff A B [--ulps N] [--abs X] [--modes f32:ee32] [--html DIR]
//!   [--inputs DIR]`: two runs (snapshot folders, or `--fixtures DIR[,DIR]`
//!   evaluated) compared case by case.
//! * `level FILE [--svg OUT]`: loads a level mesh, prints its summary, and
//!   draws it from above.
//! * `ee-check FILE...`: checks tables of EE float results against `Ee32`.
//! * `bench-ir [--scenes A,B] [--kinds A,B] [--ee32] [--reps N]`: the mesh
//!   queries' neutral workload counted in instructions with callgrind, the
//!   port against parry3d; `--bodies`, `--kernels` and `--tick` count the
//!   body query, the geometry kernels and the street's tick.
#![forbid(unsafe_code)]

mod bench_ir;
mod diff;
mod ee_check;
mod golden;
mod level;
mod level_view;
mod paths;
mod report;
mod view;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  golden [--check] [--fixtures DIR --out DIR]
      Evaluate every case file (default fixtures/kernels) in both float modes,
      fail on any stated number not met, and write the snapshots (default
      fixtures/golden). With --check, write nothing and fail when a snapshot
      would change.
  golden --report DIR [--fixtures DIR] [--ulps N]
      Write DIR/index.html: every case and scenario (default fixtures/kernels
      and fixtures/scenarios) with its inputs, its stated numbers beside the
      port's in both modes, its capture, its picture, a scenario's fields
      over ticks, and the command that re-runs it; filters by unit, kernel
      and quirk. The modes are marked as differing past N ulps (default 4).
      Writes no snapshot.
  view NAME [--tick N] [--fixtures DIR] [--svg OUT] [--plot OUT] [--ulps N]
      The SVG picture of one kernel case, or of one scenario (its filmstrip,
      or with --tick one tick); --plot: a scenario's fields over its ticks.
      Prints the case's unmet numbers and its capture's first divergences;
      exits 1 when one is not met.
  view FILE (--svg OUT | --html OUT) [--around x,y,r] [--shade height|material]
       [--y-up] [--sidecar FILE] [--policy lenient|geometry|strict]
      A level, read as `level` reads it (FILE an existing level file or
      chunk folder), in one picture of all its tiles: tile outlines,
      triangles shaded by height or coloured by material (the legend names
      the usemtl names mapped to each), flags and grid; --html adds toggles
      for them. --around zooms to the square of half-side r (> 0) around
      (x, y).
  diff A B [--ulps N] [--abs X] [--modes f32:ee32] [--html DIR] [--inputs DIR]...
      Compare two runs case by case; A and B are each a snapshot folder
      (fixtures/golden, a `golden --out` folder) or `--fixtures DIR[,DIR]`
      (case files evaluated now). Prints each case's first field beyond the
      tolerance per mode (tick, both values, ulps, absolute difference) and
      'N cases equal, M differ, K only in A, L only in B'; exits 1 when any
      case differs or is in one run only. Floats within N ulps or X absolute
      are equal (default 0: bit for bit); integers must be equal. --modes
      f32:ee32 compares A's f32 fields with B's Ee32 ones (A and B may be
      the same folder) instead of each mode with itself. --html
      writes DIR/index.html with both runs' pictures at each first
      divergence; a snapshot folder's pictures use the case files of
      --inputs (default fixtures/kernels and fixtures/scenarios).
  level FILE [--svg OUT] [--y-up] [--sidecar FILE] [--policy lenient|geometry|strict]
      Load a level mesh (a chunk container such as a .lev file, a folder of
      chunk files, OBJ, a RON mesh or the binary form), print its triangle
      count, bounds, grid and materials, ending 'loaded N triangles (K
      skipped)', K the OBJ faces that gave no triangle; with --svg draw it
      from above. --policy: what the OBJ reader refuses (geometry: broken
      geometry, not unknown material names). Exits 1 with the typed error
      when it cannot be loaded.
  ee-check FILE...
      Check tables of EE float results (columns op, acc, a, b, expected[,
      acc_after]; '#' comment lines) against Ee32, bit for bit. Ends with
      'N passed, M failed'; exits non-zero when anything fails.
  bench-ir [--scenes A,B] [--kinds A,B] [--ee32] [--reps N]
      Build collision-mesh's bench_ir example (release) and run the mesh
      queries' neutral workload under valgrind's callgrind, per scene (2k and
      64k triangles, 8 m and 2 m cells) and query kind; print instructions per
      query for the port, parry3d and parry3d with the port's one-sided
      culling, and their ratios. Needs valgrind; exits non-zero without it.
  bench-ir --bodies [--layouts A,B] [--sizes N,M]
      The body query (IPhysics_QueryBox) in four layouts and four sizes,
      against parry3d's BVH.
  bench-ir --kernels
      Every geometry kernel per call over its benchmark's cases, f32 and
      Ee32, beside parry3d's peer where there is one.
  bench-ir --tick
      The street's tick over ticks 61 to 360 in both float modes, with the
      state hashes.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("golden") => golden::main(&args[1..]),
        Some("ee-check") => ee_check::main(&args[1..]),
        Some("bench-ir") => bench_ir::main(&args[1..]),
        Some("level") => level::main(&args[1..]),
        Some("view") => view::main(&args[1..]),
        Some("diff") => diff::main(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(true)
        }
        Some(other) => Err(format!("unknown task `{other}`\n\n{USAGE}")),
        None => Err(USAGE.to_owned()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}
