//! One level, shared: a [`Level`] is `Clone + Send + Sync`, its clones and
//! a [`World`] given it hold one copy of the tiles (the same `Arc`), and
//! threads asking one level at once get the answers one thread gets, bit
//! for bit.

mod common;

use std::sync::Arc;

use common::{street, Lcg, Seeded};
use test_support::both_modes;
use warriors_physics::prelude::*;

/// Compiles only for a type that is cheap to hand to another thread.
fn clone_send_sync<T: Clone + Send + Sync>() {}

#[test]
fn a_level_is_clone_send_and_sync() {
    clone_send_sync::<Level<f32>>();
    clone_send_sync::<Level<Ee32>>();
    let soup = street(4, 4, 3.0, 1);
    let a = Level::<f32>::from_soup(&soup, &LevelConfig::default(), "s").unwrap();
    let b = a.clone();
    // A clone shares the tiles: the same allocation, counted twice.
    assert!(Arc::ptr_eq(a.shared(), b.shared()));
    assert_eq!(Arc::strong_count(a.shared()), 2);
    assert!(std::ptr::eq(a.mesh(0).unwrap(), b.mesh(0).unwrap()));
    // A level over tiles already shared copies nothing either.
    let c = Level::<f32>::from_shared(Arc::clone(a.shared())).unwrap();
    assert!(Arc::ptr_eq(a.shared(), c.shared()));
    assert!(Level::<f32>::from_shared(Arc::default()).is_none());
}

/// 212 × 210 floor quads of 1 m and their walls: 2 × 44,520 floor
/// triangles and 2 × (44,520 / 8 + 4) = 11,138 wall triangles, 100,178 in
/// all, past the format's 65,535: two tiles or more. `f32` only: the
/// ownership is the same in both modes and the level takes seconds to
/// build in the test profile.
#[test]
fn a_world_on_a_100k_triangle_level_holds_one_copy() {
    let soup = street(212, 210, 1.0, 5);
    assert_eq!(soup.len(), 100_178);
    let level = Level::<f32>::from_soup(&soup, &LevelConfig::default(), "big").unwrap();
    assert_eq!(level.triangle_count(), 100_178);
    assert!(level.tile_count() >= 2);
    let mut world = World::<f32>::new();
    world.set_level(level.clone()).unwrap();

    // The record layer's world, the world's level and this one: one
    // allocation, three holders; every tile's mesh at one address.
    let record = world.record().level().expect("the world has the level");
    assert!(Arc::ptr_eq(record, level.shared()));
    assert!(Arc::ptr_eq(record, world.level().unwrap().shared()));
    assert_eq!(Arc::strong_count(level.shared()), 3);
    for k in 0..level.tile_count() {
        let mine = level.mesh(k as u32).unwrap();
        assert!(std::ptr::eq(world.record().tile_mesh(k).unwrap(), mine));
        assert!(std::ptr::eq(
            world.record().tile_mesh(k).unwrap().triangles().as_ptr(),
            mine.triangles().as_ptr()
        ));
    }

    // The world's level answers: a 0.5 m sphere dropped 3 m from 2 m up
    // touches the floor (z = 0, normal +z) when its centre is 0.5 m up,
    // half the move; walls it may meet on the way are other contacts.
    let hit = world
        .level()
        .unwrap()
        .cast_sphere_all(
            [100.5, 100.5, 2.0],
            0.5,
            [0.0, 0.0, -3.0],
            &SweepSettings::default(),
        )
        .unwrap()
        .into_iter()
        .find(|h| h.normal.z == 1.0)
        .expect("the floor");
    assert!((hit.fraction - 0.5).abs() < 1e-6);

    // Switching a triangle off through the record layer's world copies
    // the level first (copy on write): the others keep theirs.
    let flags = level.mesh(0).unwrap().triangles()[0].flags;
    assert!(flags.contains(TriangleFlags::ENABLED));
    world
        .record_mut()
        .mesh_mut()
        .unwrap()
        .set_flags(0, TriangleFlags::empty());
    assert!(!Arc::ptr_eq(
        world.record().level().unwrap(),
        level.shared()
    ));
    assert_eq!(Arc::strong_count(level.shared()), 2);
    assert_eq!(level.mesh(0).unwrap().triangles()[0].flags, flags);
    assert_eq!(
        world.record().mesh().unwrap().triangles()[0].flags,
        TriangleFlags::empty()
    );
}

/// One query of the mixed workload.
enum Query {
    Sphere([f32; 3], f32, [f32; 3]),
    SphereAll([f32; 3], f32, [f32; 3]),
    Ray([f32; 3], Vector3<f32>),
    Overlap([f32; 3], f32),
    Push([f32; 3], f32),
    Ground([f32; 3]),
}

fn workload(n: usize) -> Vec<Query> {
    let mut rng = Lcg(77);
    (0..n)
        .map(|i| {
            let p = [
                rng.range_f32(-2.0, 62.0),
                rng.range_f32(-2.0, 62.0),
                rng.range_f32(0.05, 3.0),
            ];
            let mv = [
                rng.range_f32(-5.0, 5.0),
                rng.range_f32(-5.0, 5.0),
                rng.range_f32(-3.0, 1.0),
            ];
            let r = rng.range_f32(0.1, 1.2);
            match i % 6 {
                0 => Query::Sphere(p, r, mv),
                1 => Query::SphereAll(p, r, mv),
                2 => Query::Ray(p, Vector3::new(mv[0], mv[1], mv[2]).normalize()),
                3 => Query::Overlap(p, r),
                4 => Query::Push(p, r),
                _ => Query::Ground(p),
            }
        })
        .collect()
}

fn hit_bits<R: Real>(out: &mut Vec<u32>, h: &Hit<R>) {
    let face = (h.triangle, h.material, h.triangle_flags);
    face_bits(out, (h.fraction, h.point), h.normal, face);
    out.push(h.marks.bits());
}

fn ray_bits<R: Real>(out: &mut Vec<u32>, h: &RayHit<R>) {
    let face = (h.triangle, h.material, h.triangle_flags);
    face_bits(out, (h.distance, h.point), h.normal, face);
    out.push(u32::from(h.area));
}

/// What a sweep's hit and a ray's hit share, as bits: where along (the
/// fraction or the distance) and the point, the normal, and the face (its
/// triangle, material and flags).
fn face_bits<R: Real>(
    out: &mut Vec<u32>,
    (along, point): (R, Point3<R>),
    normal: Unit<Vector3<R>>,
    (triangle, material, flags): (TriangleId, Material, TriangleFlags),
) {
    out.extend([along, point.x, point.y, point.z].map(Real::to_bits));
    out.extend([normal.x, normal.y, normal.z].map(Real::to_bits));
    out.extend([triangle.tile, u32::from(triangle.index)]);
    out.extend([u32::from(material.0), u32::from(flags.bits())]);
}

/// Every field of the answer, as bits (a leading word for the variant
/// and for none).
fn answer<R: Real>(
    level: &Level<R>,
    q: &Query,
    hits: &mut Vec<Hit<R>>,
    overlaps: &mut Vec<Overlap<R>>,
) -> Vec<u32> {
    let mut out = Vec::new();
    let s = SweepSettings::<R>::default();
    match q {
        Query::Sphere(p, r, mv) => {
            out.push(0);
            if let Some(h) = level.cast_sphere(*p, *r, *mv).unwrap() {
                hit_bits(&mut out, &h);
            }
        }
        Query::SphereAll(p, r, mv) => {
            out.push(1);
            level.cast_sphere_all_into(*p, *r, *mv, &s, hits).unwrap();
            for h in hits.iter() {
                hit_bits(&mut out, h);
            }
        }
        Query::Ray(p, d) => {
            out.push(2);
            if let Some(h) = level.cast_ray(*p, *d, 8.0, &RayFilter::default()).unwrap() {
                ray_bits(&mut out, &h);
            }
        }
        Query::Overlap(p, r) => {
            out.push(3);
            level.overlap_sphere_into(*p, *r, overlaps).unwrap();
            for o in overlaps.iter() {
                out.extend([o.depth, o.normal.x, o.normal.y, o.normal.z].map(Real::to_bits));
                out.extend([o.triangle.tile, u32::from(o.triangle.index)]);
                out.push(u32::from(o.material.0));
            }
        }
        Query::Push(p, r) => {
            out.push(4);
            if let Some(w) = level.push_out_of_walls(*p, *r).unwrap() {
                out.extend([w.push.x, w.push.y, w.push.z, w.distance].map(Real::to_bits));
                out.extend([w.normal.x, w.normal.y, w.normal.z].map(Real::to_bits));
                out.extend([w.triangle.tile, u32::from(w.triangle.index)]);
            }
        }
        Query::Ground(p) => {
            out.push(5);
            if let Some(g) = level.ground_below(*p, 10.0).unwrap() {
                ray_bits(&mut out, &g.hit);
                out.extend([g.rest.x, g.rest.y, g.rest.z].map(Real::to_bits));
            }
        }
    }
    out
}

const QUERIES: usize = 10_000;
const THREADS: usize = 4;

/// The same 10,000 seeded queries (sphere sweeps, first and every contact,
/// rays, overlaps, push-outs, ground, over a street cut into tiles of at
/// most 150 triangles) asked by one thread, then by four at once of the
/// same level (three through `&Level`, one through a clone), each starting
/// at another quarter of the list: every answer is the single-threaded
/// one, bit for bit.
fn threads_answer_as_one<R: Real>() {
    let soup = street(20, 20, 3.0, 7);
    let config = LevelConfig {
        max_tile_triangles: 150,
        ..LevelConfig::default()
    };
    let level = Level::<R>::from_soup(&soup, &config, "street").unwrap();
    assert!(level.tile_count() >= 4, "{} tiles", level.tile_count());
    let queries = workload(QUERIES);
    let (mut hits, mut overlaps) = (Vec::new(), Vec::new());
    let expected: Vec<Vec<u32>> = queries
        .iter()
        .map(|q| answer(&level, q, &mut hits, &mut overlaps))
        .collect();
    // The workload meets the level, so the threads below compare hits, not
    // only empty answers: 44 % of the queries answer, every kind at least
    // 50 times (the push-outs fewest: 75 spheres of 1,667 reach a wall,
    // the street's walls being 54 quads over 60 × 60 m).
    let mut answered = [0usize; 6];
    for a in &expected {
        if a.len() > 1 {
            answered[a[0] as usize] += 1;
        }
    }
    for (kind, &n) in answered.iter().enumerate() {
        assert!(n >= 50, "kind {kind}: {n} answered");
    }
    assert!(answered.iter().sum::<usize>() > QUERIES / 3, "{answered:?}");

    let clone = level.clone();
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (level, queries, expected) = (
                if t == THREADS - 1 { &clone } else { &level },
                &queries,
                &expected,
            );
            scope.spawn(move || {
                let (mut hits, mut overlaps) = (Vec::new(), Vec::new());
                for i in 0..QUERIES {
                    let k = (i + t * QUERIES / THREADS) % QUERIES;
                    let got = answer(level, &queries[k], &mut hits, &mut overlaps);
                    assert_eq!(got, expected[k], "thread {t}, query {k}");
                }
            });
        }
    });
}

both_modes!(threads_answer_as_one);
