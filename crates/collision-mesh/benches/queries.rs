//! The mesh queries against parry3d, side by side in one run: a sphere
//! swept through a street-like mesh collecting every contact sorted by
//! fraction, a ray cast, and a sphere push-out, on a street block of about
//! 2,000 triangles and on a tiling of 32 such blocks (63,872 triangles, the
//! largest tiling the format's `u16` triangle count holds).
//!
//! parry3d gets a `TriMesh` of the same triangles; its sweep is the BVH's
//! box query, a shape cast per triangle and a sort, its push the box query
//! and a contact per triangle. Neither side allocates per query.
//!
//! Run: `cargo bench -p warriors-collision-mesh --bench queries -- --warm-up-time 1
//! --measurement-time 3`. The figures are in
//! `docs/performance.md` ("The street benchmark").

use std::hint::black_box;

use collision_mesh::query::{Aabb, MeshRayFilter, QueryScratch, Ray, RayResult, SweepQuery};
use collision_mesh::{CollisionMesh, VisitedBits};
use criterion::{criterion_group, criterion_main, Criterion};
use kernels::{Contact, Sphere};
use parry3d::bounding_volume::Aabb as ParryAabb;
use parry3d::math::{Pose, Vector};
use parry3d::query::{self, Ray as ParryRay, RayCast, ShapeCastOptions};
use parry3d::shape::{Ball, TriMesh};
use ps2_float::{Ee32, Real, Vec4};

#[path = "common/street.rs"]
mod street;

use street::{built_with_parry_arrays, street, Lcg, Seeded, V3};

/// One mesh in both libraries.
struct Scene {
    ours: CollisionMesh,
    parry: TriMesh,
    /// The block whose local moves are run (a middle one in the tiling).
    origin: [f32; 2],
}

fn scene(nx: usize, ny: usize, block: [usize; 2], cell_size: f32) -> Scene {
    let (ours, points, indices) = built_with_parry_arrays(&street(nx, ny), cell_size);
    let parry = TriMesh::new(points, indices).expect("the same triangles");
    Scene {
        ours,
        parry,
        origin: [60.0 * block[0] as f32, 60.0 * block[1] as f32],
    }
}

/// A sphere move (block-local centre) and a ray.
#[derive(Clone, Copy)]
struct Probe {
    c: V3,
    mv: V3,
}

/// 32 walking-height sphere moves, 2 m long, slightly down (so the road is
/// met too), started near the kerbs, posts and parked cars.
fn sphere_moves() -> Vec<Probe> {
    let mut g = Lcg(0x0051_7ee9);
    (0..32)
        .map(|k| {
            let side = k % 4;
            let (a, b) = (g.range_f32(5.0, 55.0), g.range_f32(6.5, 11.5));
            let (x, y) = match side {
                0 => (a, b),
                1 => (a, 60.0 - b),
                2 => (b, a),
                _ => (60.0 - b, a),
            };
            let ang = g.range_f32(0.0, std::f32::consts::TAU);
            Probe {
                c: [x, y, 0.55],
                mv: [2.0 * ang.cos(), 2.0 * ang.sin(), -0.1],
            }
        })
        .collect()
}

/// 32 rays from eye height (1.7 m), 20 m long, level or slightly down.
fn rays() -> Vec<Probe> {
    let mut g = Lcg(0x0072_a950);
    (0..32)
        .map(|_| {
            let (x, y) = (g.range_f32(2.0, 58.0), g.range_f32(2.0, 9.0));
            let ang = g.range_f32(0.0, std::f32::consts::TAU);
            let dz = g.range_f32(-0.15, 0.0);
            let l = (1.0 + dz * dz).sqrt();
            Probe {
                c: [x, y, 1.7],
                mv: [ang.cos() / l, ang.sin() / l, dz / l],
            }
        })
        .collect()
}

/// 32 spheres (radius 0.5) pressed 0.2 m into the building's façades.
fn pushes() -> Vec<Probe> {
    let mut g = Lcg(0x0000_9054);
    (0..32)
        .map(|k| {
            let a = g.range_f32(14.0, 46.0);
            let z = g.range_f32(0.8, 5.0);
            let c = match k % 4 {
                0 => [a, 12.7, z],
                1 => [a, 47.3, z],
                2 => [12.7, a, z],
                _ => [47.3, a, z],
            };
            Probe { c, mv: [0.0; 3] }
        })
        .collect()
}

fn world(s: &Scene, p: V3) -> V3 {
    [p[0] + s.origin[0], p[1] + s.origin[1], p[2]]
}

fn v<R: Real>(p: V3) -> Vec4<R> {
    Vec4::from_f32([p[0], p[1], p[2], 1.0])
}

const RADIUS: f32 = 0.5;

/// Ours: every contact of one sphere move, sorted (at most the 100 of the
/// original's array).
fn ours_sweep<R: Real>(
    s: &Scene,
    scratch: &mut QueryScratch<R>,
    out: &mut [Contact<R>],
    p: &Probe,
) -> usize {
    let c = v::<R>(world(s, p.c));
    let mv = v::<R>(p.mv);
    let r = R::from_f32(RADIUS);
    let q = SweepQuery::new(Aabb::swept_sphere(c, r, mv), out.len());
    let sphere = Sphere {
        radius: r,
        centre: c,
    };
    s.ours.sweep_sphere(scratch, out, &q, &sphere, mv)
}

/// parry3d: the BVH's box query, a shape cast per triangle, a sort.
fn parry_sweep(s: &Scene, hits: &mut Vec<(f32, u32)>, p: &Probe) -> usize {
    let c = world(s, p.c);
    let mv = Vector::new(p.mv[0], p.mv[1], p.mv[2]);
    let e = [c[0] + p.mv[0], c[1] + p.mv[1], c[2] + p.mv[2]];
    let lo = Vector::new(
        c[0].min(e[0]) - RADIUS,
        c[1].min(e[1]) - RADIUS,
        c[2].min(e[2]) - RADIUS,
    );
    let hi = Vector::new(
        c[0].max(e[0]) + RADIUS,
        c[1].max(e[1]) + RADIUS,
        c[2].max(e[2]) + RADIUS,
    );
    let aabb = ParryAabb::new(lo, hi);
    let ball = Ball::new(RADIUS);
    let pos = Pose::translation(c[0], c[1], c[2]);
    let still = Pose::identity();
    let zero = Vector::ZERO;
    let opts = ShapeCastOptions::with_max_time_of_impact(1.0);
    hits.clear();
    for t in s.parry.bvh().intersect_aabb(&aabb) {
        let tri = s.parry.triangle(t);
        if let Ok(Some(hit)) = query::cast_shapes(&pos, mv, &ball, &still, zero, &tri, opts) {
            hits.push((hit.time_of_impact, t));
        }
    }
    hits.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    hits.len()
}

fn ours_ray(s: &Scene, visited: &mut VisitedBits, p: &Probe) -> Option<f32> {
    let ray = Ray::new(
        v::<f32>(world(s, p.c)),
        Vec4::new(p.mv[0], p.mv[1], p.mv[2], 0.0),
        20.0,
    );
    let mut res = RayResult::default();
    s.ours
        .world_ray_cast(visited, &ray, &mut res, &MeshRayFilter::default())
        .then_some(res.t)
}

fn parry_ray(s: &Scene, p: &Probe) -> Option<f32> {
    let c = world(s, p.c);
    let ray = ParryRay::new(
        Vector::new(c[0], c[1], c[2]),
        Vector::new(p.mv[0], p.mv[1], p.mv[2]),
    );
    s.parry.cast_local_ray(&ray, 20.0, true)
}

fn ours_push(s: &Scene, visited: &mut VisitedBits, p: &Probe) -> Vec4<f32> {
    let mut c = v::<f32>(world(s, p.c));
    let mut first = Vec4::ZERO;
    s.ours
        .sphere_push(visited, RADIUS, &mut c, None, &mut first);
    c
}

/// parry3d's push: the box query and a contact per triangle, the average
/// of the penetrations.
fn parry_push(s: &Scene, p: &Probe) -> Vector {
    let c = world(s, p.c);
    let aabb = ParryAabb::new(
        Vector::new(c[0] - RADIUS, c[1] - RADIUS, c[2] - RADIUS),
        Vector::new(c[0] + RADIUS, c[1] + RADIUS, c[2] + RADIUS),
    );
    let ball = Ball::new(RADIUS);
    let pos = Pose::translation(c[0], c[1], c[2]);
    let still = Pose::identity();
    let mut sum = Vector::ZERO;
    let mut n = 0u32;
    for t in s.parry.bvh().intersect_aabb(&aabb) {
        let tri = s.parry.triangle(t);
        if let Ok(Some(k)) = query::contact(&pos, &ball, &still, &tri, 0.0) {
            if k.dist < 0.0 {
                sum -= k.normal1 * k.dist;
                n += 1;
            }
        }
    }
    if n > 0 {
        sum / n as f32
    } else {
        sum
    }
}

/// Reports, once, what each probe set meets in both libraries.
fn report(name: &str, s: &Scene) {
    let moves = sphere_moves();
    let mut scratch = QueryScratch::<f32>::new(&s.ours);
    let mut out = vec![Contact::default(); 100];
    let mut hits = Vec::with_capacity(256);
    let (mut ours, mut theirs, mut tested, mut entries, mut kernel, mut culled) =
        (0, 0, 0, 0, 0, 0);
    for p in &moves {
        ours += ours_sweep(s, &mut scratch, &mut out, p);
        tested += scratch.stats().tested;
        entries += scratch.stats().entries;
        kernel += scratch.stats().kernel_calls;
        culled += scratch.stats().culled;
        theirs += parry_sweep(s, &mut hits, p);
    }
    let mut visited = s.ours.visited_bits();
    let ray_hits = rays()
        .iter()
        .filter(|p| ours_ray(s, &mut visited, p).is_some())
        .count();
    let parry_ray_hits = rays().iter().filter(|p| parry_ray(s, p).is_some()).count();
    eprintln!(
        "{name}: {} triangles, grid {:?}; 32 sweeps: {ours} contacts ({entries} list entries, {tested} triangles tested, {culled} culled, {kernel} kernel calls), parry {theirs}; 32 rays: {ray_hits} hits, parry {parry_ray_hits}",
        s.ours.triangles().len(),
        s.ours.grid().dims(),
    );
}

fn benches(c: &mut Criterion) {
    // Each mesh with the disc's cell size (8 m, the builder's default) and
    // with 2 m cells: the exact walk gives the same contacts on any grid.
    let small = scene(1, 1, [0, 0], 8.0);
    let small2 = scene(1, 1, [0, 0], 2.0);
    let large = scene(8, 4, [3, 2], 8.0);
    let large2 = scene(8, 4, [3, 2], 2.0);
    for (name, s) in [
        ("2k cell 8", &small),
        ("2k cell 2", &small2),
        ("64k cell 8", &large),
        ("64k cell 2", &large2),
    ] {
        report(name, s);
    }
    let moves = sphere_moves();
    let ray_set = rays();
    let push_set = pushes();
    for (name, s, s2) in [("2k", &small, &small2), ("64k", &large, &large2)] {
        let mut g = c.benchmark_group(format!("sweep_sphere/{name}"));
        for (label, mesh) in [("ours_f32_cell8", s), ("ours_f32_cell2", s2)] {
            let mut scratch = QueryScratch::<f32>::new(&mesh.ours);
            let mut out = vec![Contact::default(); 100];
            g.bench_function(label, |b| {
                b.iter(|| {
                    let mut n = 0;
                    for p in &moves {
                        n += ours_sweep(mesh, &mut scratch, &mut out, black_box(p));
                    }
                    n
                });
            });
        }
        if name == "2k" {
            let mut scratch = QueryScratch::<Ee32>::new(&s2.ours);
            let mut out = vec![Contact::default(); 100];
            g.bench_function("ours_ee32_cell2", |b| {
                b.iter(|| {
                    let mut n = 0;
                    for p in &moves {
                        n += ours_sweep(s2, &mut scratch, &mut out, black_box(p));
                    }
                    n
                });
            });
        }
        let mut hits = Vec::with_capacity(256);
        g.bench_function("parry3d", |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &moves {
                    n += parry_sweep(s, &mut hits, black_box(p));
                }
                n
            });
        });
        g.finish();

        probe_group(
            c,
            &format!("ray/{name}"),
            (s, s2),
            &ray_set,
            ours_ray,
            parry_ray,
        );
        probe_group(
            c,
            &format!("push/{name}"),
            (s, s2),
            &push_set,
            |mesh, visited, p| Some(ours_push(mesh, visited, p).x),
            |mesh, p| Some(parry_push(mesh, p).x),
        );
    }
}

/// One benchmark group of `probes`: ours on both grids of `(s, s2)` (one
/// set of visited bits per grid) beside parry3d's on `s`'s mesh, each
/// summing the answers its query gives (`None`, a miss, is skipped).
fn probe_group(
    c: &mut Criterion,
    group: &str,
    (s, s2): (&Scene, &Scene),
    probes: &[Probe],
    ours: impl Fn(&Scene, &mut VisitedBits, &Probe) -> Option<f32>,
    parry: impl Fn(&Scene, &Probe) -> Option<f32>,
) {
    let mut g = c.benchmark_group(group);
    for (label, mesh) in [("ours_f32_cell8", s), ("ours_f32_cell2", s2)] {
        let mut visited = mesh.ours.visited_bits();
        g.bench_function(label, |b| {
            b.iter(|| {
                probes
                    .iter()
                    .filter_map(|p| ours(mesh, &mut visited, black_box(p)))
                    .sum::<f32>()
            });
        });
    }
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter_map(|p| parry(s, black_box(p)))
                .sum::<f32>()
        });
    });
    g.finish();
}

criterion_group!(queries, benches);
criterion_main!(queries);
