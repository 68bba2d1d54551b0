//! Each `Ee32` operation against the same operation on `f32`, in one run.
//!
//! Every iteration runs the operation over 1,024 operand pairs drawn from
//! game-scale values, so the figures are per 1,024 operations.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use ps2_float::{Ee32, Real};
use test_support::Xorshift32;

fn operands() -> Vec<(f32, f32)> {
    let mut rng = Xorshift32(0x2545_f491);
    let mut next = || (rng.word() as f32 / u32::MAX as f32) * 200.0 - 100.0;
    (0..1024).map(|_| (next(), next())).collect()
}

fn run<R: Real>(pairs: &[(R, R)], op: fn(R, R) -> R) -> R {
    let mut acc = R::ZERO;
    for &(a, b) in pairs {
        acc = acc + op(black_box(a), black_box(b));
    }
    acc
}

fn bench_ops(c: &mut Criterion) {
    let raw = operands();
    let f: Vec<(f32, f32)> = raw.clone();
    let e: Vec<(Ee32, Ee32)> = raw
        .iter()
        .map(|&(a, b)| (Ee32::from_f32(a), Ee32::from_f32(b)))
        .collect();
    macro_rules! pair {
        ($name:literal, $op:expr) => {{
            let mut g = c.benchmark_group($name);
            g.bench_function(BenchmarkId::new("f32", 1024), |bch| {
                bch.iter(|| run::<f32>(&f, $op))
            });
            g.bench_function(BenchmarkId::new("ee32", 1024), |bch| {
                bch.iter(|| run::<Ee32>(&e, $op))
            });
            g.finish();
        }};
    }
    pair!("add", |a, b| a + b);
    pair!("sub", |a, b| a - b);
    pair!("mul", |a, b| a * b);
    pair!("div", |a, b| a.div(b));
    pair!("sqrt", |a, _b| a.sqrt());
    pair!("rsqrt", |a, b| a.rsqrt(b));
    pair!("madd", |a, b| a.madd(a, b));
}

criterion_group!(benches, bench_ops);
criterion_main!(benches);
