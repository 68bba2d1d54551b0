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
//! Run: `cargo bench -p collision-mesh --bench queries -- --warm-up-time 1
//! --measurement-time 3`. The figures are in the crate docs
//! (`//! # Performance`).

use std::hint::black_box;

use collision_mesh::query::{Aabb, QueryScratch, Ray, RayFilter, RayResult, SweepQuery};
use collision_mesh::{build, Attributes, BuildConfig, CollisionMesh, Material, SoupTriangle};
use collision_mesh::{TriangleFlags, VisitedBits};
use criterion::{criterion_group, criterion_main, Criterion};
use kernels::{Contact, Sphere};
use parry3d::bounding_volume::Aabb as ParryAabb;
use parry3d::math::{Pose, Vector};
use parry3d::query::{self, Ray as ParryRay, RayCast, ShapeCastOptions};
use parry3d::shape::{Ball, TriMesh};
use ps2_float::{Ee32, Real, Vec4};

type V3 = [f32; 3];

/// A seeded generator (a 64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32)
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

/// The words of each kind of surface.
fn words(material: Material, flags: u16) -> Attributes {
    Attributes {
        flags: TriangleFlags::from_bits_retain(flags),
        material,
        area: 1,
    }
}

/// A quad `a b c d`, counter-clockwise seen from its front.
fn quad(soup: &mut Vec<SoupTriangle>, a: V3, b: V3, c: V3, d: V3, w: Attributes) {
    soup.push(SoupTriangle::new([a, b, c]).with(w));
    soup.push(SoupTriangle::new([a, c, d]).with(w));
}

/// A vertical face over the segment `p → q` from `z0` to `z1`, its front
/// on the right of the segment seen from above.
fn face(soup: &mut Vec<SoupTriangle>, p: [f32; 2], q: [f32; 2], z0: f32, z1: f32, w: Attributes) {
    quad(
        soup,
        [p[0], p[1], z0],
        [q[0], q[1], z0],
        [q[0], q[1], z1],
        [p[0], p[1], z1],
        w,
    );
}

/// A box standing on `z0` (no bottom face): ten triangles facing out.
fn block_box(soup: &mut Vec<SoupTriangle>, lo: V3, hi: V3, w: Attributes) {
    let ([x0, y0, z0], [x1, y1, z1]) = (lo, hi);
    quad(
        soup,
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y1, z1],
        [x0, y1, z1],
        w,
    );
    face(soup, [x0, y0], [x1, y0], z0, z1, w);
    face(soup, [x1, y0], [x1, y1], z0, z1, w);
    face(soup, [x1, y1], [x0, y1], z0, z1, w);
    face(soup, [x0, y1], [x0, y0], z0, z1, w);
}

/// The square `[lo, hi]²` walked counter-clockwise in `n` segments per
/// side, each with its outward side on the right.
fn ring(lo: f32, hi: f32, n: usize) -> Vec<([f32; 2], [f32; 2])> {
    let corners = [[lo, lo], [hi, lo], [hi, hi], [lo, hi]];
    let mut out = Vec::new();
    for s in 0..4 {
        let (a, b) = (corners[s], corners[(s + 1) % 4]);
        for k in 0..n {
            let t0 = k as f32 / n as f32;
            let t1 = (k + 1) as f32 / n as f32;
            let at = |t: f32| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            out.push((at(t0), at(t1)));
        }
    }
    out
}

/// One 60 × 60 m street block at `(ox, oy)`: the road in 5 m quads, a
/// 0.15 m kerb and its sidewalk around a building lot, the building's
/// façades (6 m), 36 posts, four parked cars (shells with flags 0xf00d), a
/// two-sided fence, and 52 crates and planters. 1,996 triangles.
fn street_block(soup: &mut Vec<SoupTriangle>, ox: f32, oy: f32) {
    let at = |p: V3| [p[0] + ox, p[1] + oy, p[2]];
    let at2 = |p: [f32; 2]| [p[0] + ox, p[1] + oy];
    let road = words(Material::ASHPHALT, 0x1);
    let concrete = words(Material::CONCRETE, 0x1);
    let steel = words(Material::LAMPOST, 0x1);
    let shell = words(Material::UNDEFINED, 0xf00d);
    let fence = words(Material::CHAINLINK_NOCLIMB, 0x3);
    // The road: 12 × 12 quads.
    for i in 0..12 {
        for j in 0..12 {
            let (x, y) = (i as f32 * 5.0, j as f32 * 5.0);
            quad(
                soup,
                at([x, y, 0.0]),
                at([x + 5.0, y, 0.0]),
                at([x + 5.0, y + 5.0, 0.0]),
                at([x, y + 5.0, 0.0]),
                road,
            );
        }
    }
    // The kerb: outward faces 0.15 m tall on the square [10, 50].
    for (p, q) in ring(10.0, 50.0, 16) {
        face(soup, at2(p), at2(q), 0.0, 0.15, concrete);
    }
    // The sidewalk: 16 quads per side between the kerb and the lot.
    for k in 0..16 {
        let (a, b) = (10.0 + 2.5 * k as f32, 12.5 + 2.5 * k as f32);
        let z = 0.15;
        quad(
            soup,
            at([a, 10.0, z]),
            at([b, 10.0, z]),
            at([b, 13.0, z]),
            at([a, 13.0, z]),
            concrete,
        );
        quad(
            soup,
            at([a, 47.0, z]),
            at([b, 47.0, z]),
            at([b, 50.0, z]),
            at([a, 50.0, z]),
            concrete,
        );
        quad(
            soup,
            at([10.0, a, z]),
            at([13.0, a, z]),
            at([13.0, b, z]),
            at([10.0, b, z]),
            concrete,
        );
        quad(
            soup,
            at([47.0, a, z]),
            at([50.0, a, z]),
            at([50.0, b, z]),
            at([47.0, b, z]),
            concrete,
        );
    }
    // The building: 17 panels of 2 m per side, two rows of 3 m.
    for (p, q) in ring(13.0, 47.0, 17) {
        face(soup, at2(p), at2(q), 0.15, 3.15, concrete);
        face(soup, at2(p), at2(q), 3.15, 6.15, concrete);
    }
    // Posts: 0.37 m square, 1.2 m tall, nine per side on the sidewalk.
    for k in 0..9 {
        let s = 12.0 + 4.5 * k as f32;
        for (x, y) in [(s, 11.0), (s, 48.6), (11.0, s + 1.0), (48.6, s + 1.0)] {
            block_box(
                soup,
                at([x, y, 0.15]),
                at([x + 0.37, y + 0.37, 1.35]),
                steel,
            );
        }
    }
    // Cars: a body, a cabin and four wheels each, along the four roads.
    for (cx, cy, along_x) in [
        (30.0, 6.0, true),
        (30.0, 54.0, true),
        (6.0, 30.0, false),
        (54.0, 30.0, false),
    ] {
        let (hl, hw) = if along_x { (2.2, 0.9) } else { (0.9, 2.2) };
        block_box(
            soup,
            at([cx - hl, cy - hw, 0.25]),
            at([cx + hl, cy + hw, 1.0]),
            shell,
        );
        let (cl, cw) = if along_x { (1.2, 0.8) } else { (0.8, 1.2) };
        block_box(
            soup,
            at([cx - cl, cy - cw, 1.0]),
            at([cx + cl, cy + cw, 1.55]),
            shell,
        );
        for (sx, sy) in [(-1.0f32, -1.0f32), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let (wx, wy) = (cx + sx * (hl - 0.5), cy + sy * (hw - 0.1));
            block_box(
                soup,
                at([wx - 0.3, wy - 0.1, 0.0]),
                at([wx + 0.3, wy + 0.1, 0.6]),
                shell,
            );
        }
    }
    // A fence along the block's edge: 30 two-sided panels 2 m tall.
    for k in 0..30 {
        let x = 2.0 * k as f32;
        face(soup, at2([x, 1.0]), at2([x + 2.0, 1.0]), 0.0, 2.0, fence);
    }
    // Crates and planters, seeded.
    let mut g = Lcg(0x5747_5245_4554);
    for _ in 0..52 {
        let (x, y) = loop {
            let x = g.range(1.5, 58.5);
            let y = g.range(1.5, 58.5);
            let on_lot = (9.0..51.0).contains(&x) && (9.0..51.0).contains(&y);
            if !on_lot {
                break (x, y);
            }
        };
        let (sx, sy, h) = (g.range(0.5, 1.5), g.range(0.5, 1.5), g.range(0.4, 1.2));
        block_box(soup, at([x, y, 0.0]), at([x + sx, y + sy, h]), concrete);
    }
}

/// `nx × ny` street blocks.
fn street(nx: usize, ny: usize) -> Vec<SoupTriangle> {
    let mut soup = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            street_block(&mut soup, 60.0 * i as f32, 60.0 * j as f32);
        }
    }
    soup
}

/// One mesh in both libraries.
struct Scene {
    ours: CollisionMesh,
    parry: TriMesh,
    /// The block whose local moves are run (a middle one in the tiling).
    origin: [f32; 2],
}

fn scene(nx: usize, ny: usize, block: [usize; 2], cell_size: f32) -> Scene {
    let soup = street(nx, ny);
    let cfg = BuildConfig {
        cell_size,
        ..BuildConfig::default()
    };
    let ours = build::from_soup(&soup, &cfg, "street").expect("the street builds");
    let points: Vec<Vector> = ours
        .vertices()
        .iter()
        .map(|v| Vector::new(v[0], v[1], v[2]))
        .collect();
    let indices: Vec<[u32; 3]> = ours
        .triangles()
        .iter()
        .map(|t| t.v.map(u32::from))
        .collect();
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
            let (a, b) = (g.range(5.0, 55.0), g.range(6.5, 11.5));
            let (x, y) = match side {
                0 => (a, b),
                1 => (a, 60.0 - b),
                2 => (b, a),
                _ => (60.0 - b, a),
            };
            let ang = g.range(0.0, std::f32::consts::TAU);
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
            let (x, y) = (g.range(2.0, 58.0), g.range(2.0, 9.0));
            let ang = g.range(0.0, std::f32::consts::TAU);
            let dz = g.range(-0.15, 0.0);
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
            let a = g.range(14.0, 46.0);
            let z = g.range(0.8, 5.0);
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
        .world_ray_cast(visited, &ray, &mut res, &RayFilter::default())
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

        let mut g = c.benchmark_group(format!("ray/{name}"));
        for (label, mesh) in [("ours_f32_cell8", s), ("ours_f32_cell2", s2)] {
            let mut visited = mesh.ours.visited_bits();
            g.bench_function(label, |b| {
                b.iter(|| {
                    ray_set
                        .iter()
                        .filter_map(|p| ours_ray(mesh, &mut visited, black_box(p)))
                        .sum::<f32>()
                });
            });
        }
        g.bench_function("parry3d", |b| {
            b.iter(|| {
                ray_set
                    .iter()
                    .filter_map(|p| parry_ray(s, black_box(p)))
                    .sum::<f32>()
            });
        });
        g.finish();

        let mut g = c.benchmark_group(format!("push/{name}"));
        for (label, mesh) in [("ours_f32_cell8", s), ("ours_f32_cell2", s2)] {
            let mut visited = mesh.ours.visited_bits();
            g.bench_function(label, |b| {
                b.iter(|| {
                    push_set
                        .iter()
                        .map(|p| ours_push(mesh, &mut visited, black_box(p)).x)
                        .sum::<f32>()
                });
            });
        }
        g.bench_function("parry3d", |b| {
            b.iter(|| {
                push_set
                    .iter()
                    .map(|p| parry_push(s, black_box(p)).x)
                    .sum::<f32>()
            });
        });
        g.finish();
    }
}

criterion_group!(queries, benches);
criterion_main!(queries);
