//! The facade's first-hit sphere sweep and ray beside the record layer's
//! calls on the same queries (`cargo bench -p warriors-physics --bench
//! facade -- --warm-up-time 0.5 --measurement-time 1`). The figures are in
//! `docs/performance.md` ("The facade"; the crate's docs keep the latest).

use common::Seeded;
use criterion::{black_box, criterion_group, Criterion};
use warriors_physics::prelude::*;
use warriors_physics::record::{
    Aabb, Contact, QueryScratch, Ray, RayResult, Sphere, SweepQuery, Vec4,
};
use warriors_physics::CollisionMesh;

#[path = "../tests/common/mod.rs"]
mod common;

/// 256 seeded queries over the generated street (20 × 20 cells of 3 m,
/// 854 triangles): starts 0.05 to 3 m up, moves up to 5 m, radii 0.1 to
/// 1.2 m; rays of 8 m along the normalised move.
pub struct Workload {
    pub starts: Vec<[f32; 3]>,
    pub moves: Vec<[f32; 3]>,
    pub radii: Vec<f32>,
    pub dirs: Vec<[f32; 3]>,
}

pub fn workload() -> Workload {
    let mut rng = common::Lcg(2024);
    let mut w = Workload {
        starts: Vec::new(),
        moves: Vec::new(),
        radii: Vec::new(),
        dirs: Vec::new(),
    };
    for _ in 0..256 {
        w.starts.push([
            rng.range_f32(0.0, 60.0),
            rng.range_f32(0.0, 60.0),
            rng.range_f32(0.05, 3.0),
        ]);
        let m = [
            rng.range_f32(-5.0, 5.0),
            rng.range_f32(-5.0, 5.0),
            rng.range_f32(-3.0, 1.0),
        ];
        let l = (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).sqrt();
        w.moves.push(m);
        w.dirs.push([m[0] / l, m[1] / l, m[2] / l]);
        w.radii.push(rng.range_f32(0.1, 1.2));
    }
    w
}

/// The record layer's first-hit sphere sweep over the workload.
#[inline(never)]
fn measure_sphere_record(
    mesh: &CollisionMesh,
    scratch: &mut QueryScratch<f32>,
    w: &Workload,
) -> usize {
    record_hits(w, |i| {
        let [x, y, z] = w.starts[i];
        let [mx, my, mz] = w.moves[i];
        let centre = Vec4::point(x, y, z);
        let mv = Vec4::new(mx, my, mz, 0.0);
        let sphere = Sphere {
            radius: w.radii[i],
            centre,
        };
        let q = SweepQuery::new(Aabb::swept_sphere(centre, sphere.radius, mv), 1);
        let mut out = [Contact::default()];
        let n = mesh.sweep_sphere(scratch, &mut out, &q, &sphere, mv);
        black_box(&out);
        n
    })
}

/// How many of the workload's queries hit: `query(i)` the record layer's
/// count for the `i`-th.
#[inline]
fn record_hits(w: &Workload, query: impl FnMut(usize) -> usize) -> usize {
    (0..w.starts.len()).map(query).sum()
}

/// How many of the workload's queries hit: `query(i)` the facade's answer
/// to the `i`-th (each answer kept from the optimiser).
#[inline]
fn facade_hits<T>(w: &Workload, mut query: impl FnMut(usize) -> Option<T>) -> usize {
    let mut hits = 0;
    for i in 0..w.starts.len() {
        let h = query(i);
        hits += usize::from(h.is_some());
        black_box(&h);
    }
    hits
}

/// The facade's first-hit sphere sweep over the workload.
#[inline(never)]
fn measure_sphere_facade(level: &Level<f32>, w: &Workload) -> usize {
    facade_hits(w, |i| {
        level
            .cast_sphere(w.starts[i], w.radii[i], w.moves[i])
            .unwrap()
    })
}

/// The record layer's world ray over the workload.
#[inline(never)]
fn measure_ray_record(
    mesh: &CollisionMesh,
    scratch: &mut QueryScratch<f32>,
    w: &Workload,
) -> usize {
    let filter = warriors_physics::record::MeshRayFilter::default();
    record_hits(w, |i| {
        let [x, y, z] = w.starts[i];
        let [dx, dy, dz] = w.dirs[i];
        let ray = Ray::new(Vec4::point(x, y, z), Vec4::new(dx, dy, dz, 0.0), 8.0);
        let mut res = RayResult::default();
        let hit = mesh.world_ray_cast(&mut scratch.visited, &ray, &mut res, &filter);
        black_box(&res);
        usize::from(hit)
    })
}

/// The facade's ray over the workload.
#[inline(never)]
fn measure_ray_facade(level: &Level<f32>, w: &Workload) -> usize {
    facade_hits(w, |i| {
        level
            .cast_ray(w.starts[i], w.dirs[i], 8.0, &RayFilter::default())
            .unwrap()
    })
}

fn setup() -> (Level<f32>, CollisionMesh, QueryScratch<f32>, Workload) {
    let soup = common::street(20, 20, 3.0, 7);
    let level = Level::<f32>::from_soup(&soup, &LevelConfig::default(), "street").unwrap();
    let mesh = level.mesh(0).unwrap().clone();
    let scratch = QueryScratch::<f32>::new(&mesh);
    (level, mesh, scratch, workload())
}

/// `FACADE_IR=sphere-record|sphere-facade|ray-record|ray-facade`: runs one
/// measured function 10 times (after one warm-up run) for callgrind,
/// `valgrind --tool=callgrind --toggle-collect='*measure_*' BENCH`.
fn instructions(which: &str) {
    let (level, mesh, mut scratch, w) = setup();
    let mut run = || match which {
        "sphere-record" => measure_sphere_record(&mesh, &mut scratch, &w),
        "sphere-facade" => measure_sphere_facade(&level, &w),
        "ray-record" => measure_ray_record(&mesh, &mut scratch, &w),
        "ray-facade" => measure_ray_facade(&level, &w),
        _ => panic!("unknown FACADE_IR {which}"),
    };
    let hits = run();
    for _ in 0..10 {
        assert_eq!(run(), hits);
    }
    println!("{which}: {hits} hits of {} queries", w.starts.len());
}

fn bench(c: &mut Criterion) {
    let (level, mesh, mut scratch, w) = setup();

    // The same queries give the same hits through both.
    assert_eq!(
        measure_sphere_record(&mesh, &mut scratch, &w),
        measure_sphere_facade(&level, &w)
    );
    assert_eq!(
        measure_ray_record(&mesh, &mut scratch, &w),
        measure_ray_facade(&level, &w)
    );
    let mut g = c.benchmark_group("first-hit sphere sweep, 256 queries");
    g.bench_function("record layer", |b| {
        b.iter(|| measure_sphere_record(&mesh, &mut scratch, &w))
    });
    g.bench_function("facade", |b| b.iter(|| measure_sphere_facade(&level, &w)));
    g.finish();
    let mut g = c.benchmark_group("ray, 8 m, 256 queries");
    g.bench_function("record layer", |b| {
        b.iter(|| measure_ray_record(&mesh, &mut scratch, &w))
    });
    g.bench_function("facade", |b| b.iter(|| measure_ray_facade(&level, &w)));
    g.finish();
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(which) = std::env::var("FACADE_IR") {
        instructions(&which);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
