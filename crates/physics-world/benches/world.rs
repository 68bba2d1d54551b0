//! The world's benchmarks: creating and freeing every kind of body, the
//! sort-and-sweep on a street (60 humans, 416 objects, 18 cars) and on a
//! world of 10,000 bodies, the push sphere's overlap and a camera sphere's
//! sweep. `cargo bench -p warriors-physics-world --bench world -- --warm-up-time 1
//! --measurement-time 3`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use physics_world::{
    BodyFlags, BodyId, BoxQuery, OwnerId, Owners, PhysicsWorld, QueryOptions, QueryWalk,
    ShapeQuery, WorldConfig,
};
use ps2_float::Vec4;
use shape_pools::{Aabb, PoolCapacities, Pose};

/// Owners laid out on a street: owner `n` stands at a seeded place along
/// `length` metres of road, 12 m wide. The street of 494 bodies is 200 m
/// long; the world of 10,000 bodies is the same street 4,050 m long, so the
/// bodies near any query box are as many in both and only the total grows.
struct Street {
    humans: u32,
    length: f32,
}

fn place_on(n: u32, length: f32) -> (f32, f32) {
    let h = n.wrapping_mul(2_654_435_761);
    let x = (h % 1_000_000) as f32 * 1e-6 * length;
    let y = ((h >> 16) % 1_200) as f32 * 0.01 - 6.0;
    (x, y)
}

impl Owners<f32> for Street {
    fn type_mask(&self, o: OwnerId) -> u32 {
        if o.word() <= self.humans {
            0x40
        } else {
            0x1
        }
    }
    fn frame(&self, o: OwnerId) -> Pose<f32> {
        let (x, y) = place_on(o.word(), self.length);
        Pose::at(Vec4::point(x, y, 0.0))
    }
}

fn id(n: u32) -> OwnerId {
    OwnerId::new(n).unwrap()
}

/// A world with `humans` humans, `objects` crates and `cars` cars.
fn street(humans: u32, objects: u32, cars: u32, length: f32) -> (PhysicsWorld<f32>, Street) {
    let caps = PoolCapacities {
        humans: humans as usize,
        objects: objects as usize,
        cars: cars.max(1) as usize,
        ..PoolCapacities::CONSOLE
    };
    let mut w = PhysicsWorld::<f32>::construct(WorldConfig {
        capacities: caps,
        ..WorldConfig::default()
    });
    let o = Street { humans, length };
    for n in 1..=humans {
        let b = w.create_human_body(&o, id(n)).unwrap();
        w.update(&o, b);
    }
    let size = Vec4::new(0.6, 0.6, 0.9, 0.0);
    for n in humans + 1..=humans + objects {
        let s = w.shape_pools_mut().alloc_object_box(size).unwrap();
        let flags = BodyFlags::OBJECT_START | BodyFlags::BLOCKHUMANS | BodyFlags::RAYCASTTARGET;
        let b = w.create_object_body(&o, id(n), s, flags).unwrap();
        w.update(&o, b);
    }
    let half = Vec4::new(1.2, 3.0, 0.55, 0.0);
    for n in humans + objects + 1..=humans + objects + cars {
        let b = w
            .create_car_body(&o, id(n), [(half, Vec4::ZERO), (half, Vec4::ZERO)])
            .unwrap();
        w.update(&o, b);
    }
    (w, o)
}

fn probes(length: f32) -> Vec<Aabb<f32>> {
    (0..64u32)
        .map(|k| {
            let (x, y) = place_on(k + 90_000, length);
            Aabb::new(
                Vec4::point(x - 1.0, y - 1.0, 0.0),
                Vec4::point(x + 1.0, y + 1.0, 2.0),
            )
        })
        .collect()
}

fn query_box(c: &mut Criterion) {
    let mut g = c.benchmark_group("query_box");
    for (name, length, (w, _), walk) in [
        ("street", 200.0, street(60, 416, 18, 200.0), QueryWalk::Fast),
        (
            "10k",
            4_050.0,
            street(1_215, 8_424, 365, 4_050.0),
            QueryWalk::Fast,
        ),
        (
            "street_console_walk",
            200.0,
            street(60, 416, 18, 200.0),
            QueryWalk::Console,
        ),
        (
            "10k_console_walk",
            4_050.0,
            street(1_215, 8_424, 365, 4_050.0),
            QueryWalk::Console,
        ),
    ] {
        let probes = probes(length);
        let mut out = Vec::with_capacity(512);
        let mut q = BoxQuery::new(u32::MAX);
        q.walk = walk;
        // Half the queries are a body's own: its box grown by 1 m, starting
        // from it; the other half are free boxes from the head.
        let step = (w.sorted_bodies().len() / 32).max(1);
        let starts: Vec<_> = w.sorted_bodies().iter().step_by(step).collect();
        let own: Vec<Aabb<f32>> = starts
            .iter()
            .map(|b| {
                let a = w.body(*b).unwrap().aabb;
                Aabb::new(
                    a.min - Vec4::new(1.0, 1.0, 1.0, 0.0),
                    a.max + Vec4::new(1.0, 1.0, 1.0, 0.0),
                )
            })
            .collect();
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0;
                q.start = None;
                for p in &probes[..32] {
                    n += w.query_box(&mut out, black_box(p), &q);
                }
                for (s, p) in starts.iter().zip(&own).take(32) {
                    q.start = Some(*s);
                    n += w.query_box(&mut out, black_box(p), &q);
                }
                n
            })
        });
    }
    g.finish();
}

fn shape_queries(c: &mut Criterion) {
    let mut g = c.benchmark_group("shape_query");
    for (name, humans_n, objects, cars, length) in [
        ("street", 60, 416, 18, 200.0),
        ("10k", 1_215, 8_424, 365, 4_050.0),
    ] {
        let (mut w, o) = street(humans_n, objects, cars, length);
        let humans: Vec<BodyId> = w.human_bodies().to_vec();
        for h in &humans[..30] {
            w.set_push_sphere(*h, true);
            w.update(&o, *h);
        }
        let mut out = [kernels::Contact::<f32>::default(); 50];
        let mut cand = Vec::with_capacity(512);
        g.bench_function(format!("push_sphere_overlap/{name}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for h in &humans[..30] {
                    let body = w.body(*h).unwrap();
                    let ps = body.human.as_ref().unwrap().push_sphere.unwrap();
                    let shape = w.shape(ps).unwrap().geom;
                    let mut q = ShapeQuery::of_shape(
                        shape,
                        Some(body.owner),
                        QueryOptions::from_bits_retain(0x2012),
                    );
                    q.type_mask = 0x40;
                    n += w.overlap_shape(&o, &mut out, &q, &mut cand);
                }
                n
            })
        });
        g.bench_function(format!("camera_sphere_collide/{name}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for k in 0..32u32 {
                    let (x, y) = place_on(k + 70_000, length);
                    let cam = kernels::Shape::Sphere(kernels::Sphere {
                        radius: 0.3,
                        centre: Vec4::point(x, y, 1.5),
                    });
                    let q = ShapeQuery::of_shape(cam, None, QueryOptions::BODIES);
                    n +=
                        w.collide_shape(&o, &mut out, &q, Vec4::new(2.0, 0.5, 0.0, 0.0), &mut cand);
                }
                n
            })
        });
    }
    g.finish();
}

fn create_free(c: &mut Criterion) {
    let mut w = PhysicsWorld::<f32>::default();
    let o = Street {
        humans: 1,
        length: 200.0,
    };
    let mut g = c.benchmark_group("create_free");
    g.bench_function("human", |b| {
        b.iter(|| {
            let h = w.create_human_body(&o, id(1)).unwrap();
            w.free_human_body(h)
        })
    });
    g.bench_function("punch_bag", |b| {
        b.iter(|| {
            let h = w.create_punch_bag_body(&o, id(1)).unwrap();
            w.free_punch_bag_body(h)
        })
    });
    g.bench_function("object", |b| {
        b.iter(|| {
            let s = w.shape_pools_mut().alloc_object_sphere(0.3).unwrap();
            let h = w
                .create_object_body(&o, id(1), s, BodyFlags::OBJECT_START)
                .unwrap();
            w.free_object_body(h)
        })
    });
    g.bench_function("car", |b| {
        let half = Vec4::new(1.2, 3.0, 0.55, 0.0);
        b.iter(|| {
            let h = w
                .create_car_body(&o, id(1), [(half, Vec4::ZERO), (half, Vec4::ZERO)])
                .unwrap();
            w.free_car_body(h)
        })
    });
    g.bench_function("pane", |b| {
        b.iter(|| {
            let h = w
                .create_box_body(&o, id(1), Vec4::new(2.0, 0.5, 3.0, 0.0))
                .unwrap();
            w.free_box_body(h)
        })
    });
    g.finish();
}

criterion_group!(benches, create_free, query_box, shape_queries);
criterion_main!(benches);
