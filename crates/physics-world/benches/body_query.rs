//! The body query (`IPhysics_QueryBox`) in four layouts of 100 to 100,000
//! bodies, against parry3d's BVH over the same boxes, and the time to build
//! and tear down a world of 100,000 bodies.
//!
//! Layouts, all at the street's density (0.2 bodies per m², one body in 20
//! car-sized): a street 12 m wide laid along `x`, the same street along
//! `y`, a square city, and a crowd in clusters of 200 bodies at 1 per m²
//! spread over the city's square. Queries: half free 2 m boxes from the
//! head of the list, half a body's own box grown by 1 m starting from it.
//!
//! `cargo bench -p warriors-physics-world --bench body_query` prints the
//! times (and the build/teardown times); `body_query ir` answers each
//! (layout, size, system) once inside `measure`, for callgrind:
//! `valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect='body_query::measure*' --dump-after='body_query::measure*'
//! target/release/deps/body_query-* ir city` (one layout per run), each part's total ÷ 64 queries.

use std::hint::black_box;
use std::time::Instant;

use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::math::Vector;
use parry3d::partitioning::{Bvh, BvhBuildStrategy};
use physics_world::{
    BodyFlags, BodyId, BoxQuery, OwnerId, Owners, PhysicsWorld, QueryWalk, WorldConfig,
};
use ps2_float::Vec4;
use shape_pools::{Aabb, PoolCapacities, Pose};
use test_support::{Seeded, Xorshift};

const LAYOUTS: [&str; 4] = ["street_x", "street_y", "city", "crowd"];
const SIZES: [usize; 4] = [100, 1_000, 10_000, 100_000];
const QUERIES: usize = 64;

/// A draw in `[lo, hi)` in steps of a millionth of the span (the layouts'
/// own draw, on the shared xorshift).
fn draw(rng: &mut Xorshift, lo: f32, hi: f32) -> f32 {
    lo + rng.below(1_000_000) as f32 / 1_000_000.0 * (hi - lo)
}

/// The places of `n` bodies in `layout`.
fn places(layout: &str, n: usize, rng: &mut Xorshift, sorted: bool) -> Vec<(f32, f32)> {
    let area = n as f32 / 0.2;
    let side = area.sqrt();
    let long = area / 12.0;
    let centres: Vec<(f32, f32)> = (0..n.div_ceil(200))
        .map(|_| (draw(rng, 0.0, side), draw(rng, 0.0, side)))
        .collect();
    // A cluster of 200 bodies at 1 per m² is a disc of radius 8 m.
    let mut p: Vec<(f32, f32)> = (0..n)
        .map(|k| match layout {
            "street_x" => (draw(rng, 0.0, long), draw(rng, -6.0, 6.0)),
            "street_y" => (draw(rng, -6.0, 6.0), draw(rng, 0.0, long)),
            "city" => (draw(rng, 0.0, side), draw(rng, 0.0, side)),
            _ => {
                let (cx, cy) = centres[k / 200];
                let (r, a) = (
                    8.0 * draw(rng, 0.0, 1.0).sqrt(),
                    draw(rng, 0.0, std::f32::consts::TAU),
                );
                (cx + r * a.cos(), cy + r * a.sin())
            }
        })
        .collect();
    // Made in order of x, left of the origin: a new body's box starts at
    // the origin, after every key, and its update leaves it at the end, so
    // building costs no list shifts (the build's cost under callgrind).
    if sorted {
        let right = p.iter().map(|q| q.0).fold(f32::MIN, f32::max);
        p.sort_by(|a, b| a.0.total_cmp(&b.0));
        for q in &mut p {
            q.0 -= right + 10.0;
        }
    }
    p
}

struct Places(Vec<(f32, f32)>);

impl Owners<f32> for Places {
    fn type_mask(&self, _: OwnerId) -> u32 {
        0x1
    }
    fn frame(&self, o: OwnerId) -> Pose<f32> {
        let (x, y) = self.0[o.word() as usize - 1];
        Pose::at(Vec4::point(x, y, 0.0))
    }
}

fn build(places: &Places) -> (PhysicsWorld<f32>, Vec<BodyId>) {
    let n = places.0.len();
    let mut w = PhysicsWorld::<f32>::construct(WorldConfig {
        capacities: PoolCapacities {
            objects: n,
            ..PoolCapacities::CONSOLE
        },
        ..WorldConfig::default()
    });
    let mut ids = Vec::with_capacity(n);
    for k in 0..n {
        let size = if k % 20 == 0 {
            Vec4::new(2.4, 6.0, 1.1, 0.0)
        } else {
            Vec4::new(0.6, 0.6, 0.9, 0.0)
        };
        let s = w.shape_pools_mut().alloc_object_box(size).unwrap();
        let o = OwnerId::new(k as u32 + 1).unwrap();
        let b = w
            .create_object_body(
                places,
                o,
                s,
                BodyFlags::OBJECT_START | BodyFlags::BLOCKHUMANS,
            )
            .unwrap();
        w.update(places, b);
        ids.push(b);
    }
    (w, ids)
}

struct Scene {
    name: String,
    w: PhysicsWorld<f32>,
    bvh: Bvh,
    /// The boxes, the start bodies (`None`: from the head).
    queries: Vec<(Aabb<f32>, Option<BodyId>)>,
}

fn scene(layout: &str, n: usize) -> Scene {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15 ^ n as u64);
    let p = Places(places(layout, n, &mut rng, true));
    let (w, ids) = build(&p);
    let leaves: Vec<PAabb> = ids
        .iter()
        .map(|b| {
            let a = w.body(*b).unwrap().aabb;
            PAabb::new(
                Vector::new(a.min.x, a.min.y, a.min.z),
                Vector::new(a.max.x, a.max.y, a.max.z),
            )
        })
        .collect();
    let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves);
    let free = places(layout, QUERIES / 2, &mut rng, false);
    let shift =
        p.0.first().map_or(0.0, |f| f.0) - free.iter().map(|q| q.0).fold(f32::MAX, f32::min);
    let mut queries: Vec<_> = free
        .iter()
        .map(|&(x, y)| {
            let x = x + shift;
            (
                Aabb::new(
                    Vec4::point(x - 1.0, y - 1.0, 0.0),
                    Vec4::point(x + 1.0, y + 1.0, 2.0),
                ),
                None,
            )
        })
        .collect();
    for _ in 0..QUERIES / 2 {
        let b = ids[rng.below(n as u64) as usize];
        let a = w.body(b).unwrap().aabb;
        let g = Vec4::new(1.0, 1.0, 1.0, 0.0);
        queries.push((Aabb::new(a.min - g, a.max + g), Some(b)));
    }
    Scene {
        name: format!("{layout}/{n}"),
        w,
        bvh,
        queries,
    }
}

/// Answers every query of `s` once with `system`; the bodies found.
#[inline(never)]
fn measure(s: &Scene, system: &str, out: &mut Vec<BodyId>, hits: &mut Vec<u32>) -> usize {
    let mut found = 0;
    let mut q = BoxQuery::new(u32::MAX);
    q.walk = if system == "console" {
        QueryWalk::Console
    } else {
        QueryWalk::Fast
    };
    for (bx, start) in &s.queries {
        if system == "parry" {
            let pa = PAabb::new(
                Vector::new(bx.min.x, bx.min.y, bx.min.z),
                Vector::new(bx.max.x, bx.max.y, bx.max.z),
            );
            hits.clear();
            hits.extend(s.bvh.intersect_aabb(black_box(&pa)));
            found += hits.len();
        } else {
            q.start = *start;
            found += s.w.query_box(out, black_box(bx), &q);
        }
    }
    found
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ir = args.iter().any(|a| a == "ir");
    // `ir LAYOUT` counts one layout only (each build of 100,000 bodies is
    // slow under callgrind).
    let only = args
        .iter()
        .skip_while(|a| *a != "ir")
        .nth(1)
        .map(String::as_str);
    let size = args
        .iter()
        .skip_while(|a| *a != "ir")
        .nth(2)
        .and_then(|n| n.parse().ok());
    let sizes: Vec<usize> = if ir {
        size.map_or(SIZES.to_vec(), |n| vec![n])
    } else {
        vec![1_000, 100_000]
    };
    let (mut out, mut hits) = (Vec::with_capacity(4096), Vec::with_capacity(4096));
    if !ir {
        // Building and tearing down 100,000 bodies.
        for layout in LAYOUTS {
            let mut rng = Xorshift(7);
            let p = Places(places(layout, 100_000, &mut rng, false));
            let t = Instant::now();
            let (mut w, ids) = build(&p);
            let built = t.elapsed();
            let t = Instant::now();
            for b in ids {
                w.free_object_body(b);
            }
            println!(
                "build/{layout}/100000: {:.3} s, teardown {:.3} s",
                built.as_secs_f64(),
                t.elapsed().as_secs_f64()
            );
        }
    }
    for layout in LAYOUTS.into_iter().filter(|l| only.is_none_or(|o| o == *l)) {
        for &n in &sizes {
            let s = scene(layout, n);
            for system in ["fast", "console", "parry"] {
                if ir {
                    let found = measure(&s, system, &mut out, &mut hits);
                    println!("{} {system} found {found}", s.name);
                } else {
                    let reps = 200usize;
                    let t = Instant::now();
                    for _ in 0..reps {
                        black_box(measure(&s, system, &mut out, &mut hits));
                    }
                    let per = t.elapsed().as_secs_f64() / (reps * QUERIES) as f64;
                    println!("time {} {system}: {:.3} µs per query", s.name, per * 1e6);
                }
            }
        }
    }
}
