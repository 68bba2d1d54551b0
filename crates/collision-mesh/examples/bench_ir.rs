//! One run of the neutral workload for an instruction count:
//! `bench_ir SCENE REPS KIND/SYSTEM...` builds the scene (the street
//! workload's `2k_8m`, `2k_2m`, `64k_8m`, `64k_2m`, the town workload's
//! `town_2k_8m` and so on) and its seeded queries, then for each pair in turn
//! answers every query of `KIND` (`sweep_all`, `sweep_first`, `capsule`,
//! `box`, `ray_down`, `ray_level`, `overlap`, `push`) `REPS` times with
//! `SYSTEM` (`ours`, `ours_ee32`, `parry`, `parry_one_sided`), each pair in
//! one call of `Runner::measure`.
//!
//! `cargo xtask bench-ir` runs it under `valgrind --tool=callgrind
//! --toggle-collect=*Runner*measure* --dump-after=*Runner*measure*`, so only
//! the queries are counted (not the set-up) and each pair gets its own
//! profile part, and divides each part's total by the number of queries.
//! `bench_ir list` prints the scene, kind and system names and the number of
//! queries per kind.

#[path = "../benches/common/street.rs"]
#[allow(dead_code)]
mod street;

#[path = "../benches/common/town.rs"]
mod town;

#[path = "../benches/common/neutral.rs"]
mod neutral;

use neutral::{Kind, Runner, System, QUERIES, SCENES};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("list") {
        println!("scenes {}", SCENES.join(" "));
        let kinds: Vec<_> = Kind::ALL.iter().map(|k| k.name()).collect();
        println!("kinds {}", kinds.join(" "));
        let systems: Vec<_> = System::ALL.iter().map(|k| k.name()).collect();
        println!("systems {}", systems.join(" "));
        println!("queries {QUERIES}");
        return;
    }
    let usage = "usage: bench_ir SCENE REPS KIND/SYSTEM... | bench_ir list";
    let (Some(scene), Some(Ok(reps))) = (args.first(), args.get(1).map(|r| r.parse::<usize>()))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(&scene) = SCENES.iter().find(|s| *s == scene) else {
        eprintln!("unknown scene {scene}; {usage}");
        std::process::exit(2);
    };
    let mut pairs = Vec::new();
    for a in &args[2..] {
        let parsed = a
            .split_once('/')
            .and_then(|(k, s)| Some((Kind::parse(k)?, System::parse(s)?)));
        let Some(pair) = parsed else {
            eprintln!("bad pair {a}; {usage}");
            std::process::exit(2);
        };
        pairs.push(pair);
    }
    let s = neutral::scene(scene);
    let work = neutral::workload(&s);
    let mut runner = Runner::new(&s, &work);
    for (kind, system) in pairs {
        let sum = runner.measure(kind, system, reps);
        println!("{scene} {} {} checksum {sum}", kind.name(), system.name());
    }
}
