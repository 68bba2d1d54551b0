//! The street tick (60 humans' sweeps, 416 world objects' updates, 18
//! parked cars, the step) in both float modes: the mean time of ticks 61 to
//! 360 of the seeded street, each window run on a fresh street (its build
//! and 60 warm-up ticks untimed). A fixed window, because the street's load
//! grows with its age (boxes that land inside each other climb, see
//! `docs/performance.md`, "The street tick"), so a benchmark that ran one street on would measure later
//! and later ticks the longer it ran.
//! `cargo bench -p warriors-physics-world --bench tick -- --warm-up-time 1
//! --measurement-time 5`.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use physics_world::street::Street;
use ps2_float::{Ee32, Real};

/// The ticks before the window.
const WARM_UP: usize = 60;
/// The ticks of the window.
const WINDOW: u32 = 300;

fn warmed<R: Real>() -> Street<R> {
    let mut s = Street::<R>::new();
    for _ in 0..WARM_UP {
        s.tick();
    }
    s
}

/// `iters` ticks' worth of time: whole windows on fresh streets, divided
/// down to `iters` ticks.
fn window<R: Real>(iters: u64) -> Duration {
    let windows = iters.div_ceil(u64::from(WINDOW)).max(1);
    let mut total = Duration::ZERO;
    for _ in 0..windows {
        let mut s = warmed::<R>();
        let t = Instant::now();
        for _ in 0..WINDOW {
            s.tick();
        }
        total += t.elapsed();
        criterion::black_box(&s);
    }
    let ticks = u128::from(windows) * u128::from(WINDOW);
    let per_tick = total.as_nanos() / ticks;
    Duration::from_nanos(u64::try_from(per_tick * u128::from(iters)).unwrap_or(u64::MAX))
}

fn tick(c: &mut Criterion) {
    let mut g = c.benchmark_group("street_tick");
    g.sample_size(20);
    g.bench_function("f32", |b| b.iter_custom(window::<f32>));
    g.bench_function("ee32", |b| b.iter_custom(window::<Ee32>));
    g.finish();
}

criterion_group!(benches, tick);
criterion_main!(benches);
