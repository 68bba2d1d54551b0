//! The early stop of the sort-and-sweep against the console's full walk on
//! random worlds (overview "Queries: the sort-and-sweep"; the early stop is
//! allowed only where it cannot change the answer, divergence 206).

mod common;

use common::{random_boxes, random_width};
use physics_world::{BodyFlags, BoxQuery, PhysicsWorld, QueryWalk};
use ps2_float::{Ee32, Real, Vec4};
use shape_pools::Aabb;
use test_support::{Seeded, Xorshift};

fn random_worlds<R: Real>(seed: u64) -> usize {
    let mut rng = Xorshift(seed);
    let mut compared = 0;
    for _world in 0..40 {
        let mut w = PhysicsWorld::<R>::default();
        // Mostly small boxes, a few wide ones (the widest decides the early
        // stop).
        let (_, bodies) = random_boxes(&mut w, &mut rng, 200, (50.0, 5.0), |rng| {
            let s = random_width(rng, 10, 12.0);
            Vec4::new(
                R::from_f32(s),
                R::from_f32(rng.range_f32(0.1, 2.0)),
                R::from_f32(0.5),
                R::ZERO,
            )
        });
        // Free some (the bound stays wide until the refresh) and refresh
        // in half the worlds.
        for b in bodies.iter().filter(|_| rng.bits().is_multiple_of(5)) {
            w.free_object_body(*b);
        }
        if rng.bits().is_multiple_of(2) {
            w.refresh_widest();
        }
        let live: Vec<_> = w.sorted_bodies().to_vec();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _q in 0..60 {
            let (x, y) = (rng.range_f32(-60.0, 60.0), rng.range_f32(-6.0, 6.0));
            let (hx, hy) = (rng.range_f32(0.0, 4.0), rng.range_f32(0.0, 3.0));
            let bx = Aabb::new(
                Vec4::point(R::from_f32(x - hx), R::from_f32(y - hy), R::from_f32(0.0)),
                Vec4::point(R::from_f32(x + hx), R::from_f32(y + hy), R::from_f32(2.0)),
            );
            let mut q = BoxQuery::new(if rng.bits().is_multiple_of(4) {
                0x1
            } else {
                u32::MAX
            });
            if !live.is_empty() && !rng.bits().is_multiple_of(3) {
                q.start = Some(live[(rng.bits() as usize) % live.len()]);
            }
            if rng.bits().is_multiple_of(3) {
                q.flag_mask = BodyFlags::from_bits_retain(0x4 << (rng.bits() % 3));
            }
            q.walk = QueryWalk::Console;
            w.query_box(&mut a, &bx, &q);
            q.walk = QueryWalk::Fast;
            w.query_box(&mut b, &bx, &q);
            assert_eq!(a, b, "seed {seed}: box {bx:?}, query {q:?}");
            compared += 1;
        }
    }
    compared
}

/// [`random_worlds`] with the seeds `k × step`, `k` from 1 to `runs`: each
/// run must compare all its 40 × 60 queries.
fn fast_walk_equals_the_console_walk<R: Real>(runs: u64, step: u64) {
    let mut n = 0;
    for seed in 1..=runs {
        n += random_worlds::<R>(seed * step);
    }
    assert_eq!(n, runs as usize * 40 * 60);
}

#[test]
fn fast_walk_equals_the_console_walk_f32() {
    fast_walk_equals_the_console_walk::<f32>(5, 7919);
}

#[test]
fn fast_walk_equals_the_console_walk_ee32() {
    fast_walk_equals_the_console_walk::<Ee32>(3, 104_729);
}
