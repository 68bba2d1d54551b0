//! One street tick (60 humans' sweeps, 416 world objects' updates, 18
//! parked cars, the step) in both float modes, after 60 warm-up ticks.
//! `cargo bench -p warriors-physics-world --bench tick -- --warm-up-time 1
//! --measurement-time 3`.

use criterion::{criterion_group, criterion_main, Criterion};
use physics_world::street::Street;
use ps2_float::{Ee32, Real};

fn warmed<R: Real>() -> Street<R> {
    let mut s = Street::<R>::new();
    for _ in 0..60 {
        s.tick();
    }
    s
}

fn tick(c: &mut Criterion) {
    let mut g = c.benchmark_group("street_tick");
    let mut a = warmed::<f32>();
    g.bench_function("f32", |b| b.iter(|| a.tick()));
    let mut e = warmed::<Ee32>();
    g.bench_function("ee32", |b| b.iter(|| e.tick()));
    g.finish();
}

criterion_group!(benches, tick);
criterion_main!(benches);
