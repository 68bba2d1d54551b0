//! Runs the street workload (`physics_world::street`) for a number of
//! 1/30 s steps and prints what it did: a load to profile the world with
//! (`valgrind --tool=callgrind target/release/examples/street_ticks 200`).
//!
//! `cargo run --release -p warriors-physics-world --example street_ticks -- [STEPS] [f32|ee32]`
//! (100 steps in `f32` when left out).

use physics_world::street::Street;
use ps2_float::{Ee32, FloatMode, Real};

fn run<R: Real>(steps: u64) {
    let mut street = Street::<R>::new();
    for _ in 0..steps {
        street.tick();
    }
    println!(
        "{} steps ({}): {} sweeps, {} contacts, {} landed, state hash {:#018x}",
        street.ticks,
        R::MODE,
        street.sweeps,
        street.contacts,
        street.landed,
        street.state_hash()
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let steps = match args.next().map(|s| s.parse::<u64>()) {
        None => 100,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("street_ticks: STEPS must be a whole number: {e}");
            std::process::exit(2);
        }
    };
    let mode = match args.next() {
        None => FloatMode::F32,
        Some(name) => FloatMode::from_name(&name).unwrap_or_else(|| {
            eprintln!("street_ticks: the mode must be f32 or ee32, not {name:?}");
            std::process::exit(2);
        }),
    };
    match mode {
        FloatMode::F32 => run::<f32>(steps),
        FloatMode::Ee32 => run::<Ee32>(steps),
    }
}
