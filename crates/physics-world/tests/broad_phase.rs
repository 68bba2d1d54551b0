//! The grid's answers against the console's walk (`QueryWalk::Console`) on
//! random worlds spread in `x` and `y`, as they are built, thinned, moved
//! and refreshed: every answer list bit for bit the same, in both float
//! modes (the grid only gathers; the order and the keep test are the
//! walk's, `broad_phase.rs`).

mod common;

use common::{Owner, Table};
use physics_world::{BodyFlags, BodyId, BoxQuery, OwnerId, PhysicsWorld, QueryWalk, WorldConfig};
use ps2_float::{Ee32, Real, Vec4};
use shape_pools::{Aabb, PoolCapacities, Pose};
use test_support::{Seeded, Xorshift};

/// A place: mostly spread over the square, some on a few shared points
/// (ties of the key), some on a line along `y`.
fn place(g: &mut Xorshift, side: f32) -> (f32, f32) {
    match g.below(10) {
        0 => (
            [-0.0f32, 0.0, 12.5][g.below(3) as usize],
            g.range_f32(-side, side),
        ),
        1 => (7.25, g.range_f32(-side, side)),
        _ => (g.range_f32(-side, side), g.range_f32(-side, side)),
    }
}

fn pt<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::point(R::from_f32(x), R::from_f32(y), R::from_f32(z))
}

struct World<R: Real> {
    w: PhysicsWorld<R>,
    t: Table<R>,
    live: Vec<(BodyId, OwnerId)>,
    next_owner: u32,
    side: f32,
}

impl<R: Real> World<R> {
    fn new(side: f32) -> Self {
        let caps = PoolCapacities {
            objects: 4_000,
            ..PoolCapacities::CONSOLE
        };
        Self {
            w: PhysicsWorld::construct(WorldConfig {
                capacities: caps,
                ..WorldConfig::default()
            }),
            t: Table::default(),
            live: Vec::new(),
            next_owner: 1,
            side,
        }
    }

    fn add(&mut self, rng: &mut Xorshift) {
        let (x, y) = place(rng, self.side);
        let o = self.t.add(
            self.next_owner,
            Owner::at(1 << rng.below(3), x, y, rng.range_f32(0.0, 3.0)),
        );
        self.next_owner += 1;
        // Mostly small boxes; some a few cells wide; a few wider than the
        // grid files in cells.
        let sx = match rng.below(20) {
            0 => rng.range_f32(20.0, 60.0),
            1..=3 => rng.range_f32(3.0, 12.0),
            _ => rng.range_f32(0.1, 1.5),
        };
        let sy = if rng.below(15) == 0 {
            rng.range_f32(20.0, 50.0)
        } else {
            rng.range_f32(0.1, 2.0)
        };
        let Some(shape) = self.w.shape_pools_mut().alloc_object_box(Vec4::new(
            R::from_f32(sx),
            R::from_f32(sy),
            R::from_f32(0.5),
            R::ZERO,
        )) else {
            return;
        };
        let flags = BodyFlags::from_bits_retain((rng.bits() as u32) & 0x2_207e) | BodyFlags::DIRTY;
        let Some(b) = self.w.create_object_body(&self.t, o, shape, flags) else {
            return;
        };
        // Some bodies stay at the origin until a later move.
        if rng.below(8) != 0 {
            self.w.update(&self.t, b);
        }
        self.live.push((b, o));
    }

    fn step(&mut self, rng: &mut Xorshift) {
        match rng.below(16) {
            0..=5 => self.add(rng),
            6..=7 if !self.live.is_empty() => {
                let (b, _) = self
                    .live
                    .swap_remove(rng.below(self.live.len() as u64) as usize);
                self.w.free_object_body(b);
            }
            8..=12 if !self.live.is_empty() => {
                let (b, o) = self.live[rng.below(self.live.len() as u64) as usize];
                let (x, y) = if rng.below(3) == 0 {
                    place(rng, self.side)
                } else {
                    let p = self.t.get(o).frame.transform(pt(0.0, 0.0, 0.0));
                    (
                        p.x.to_f32() + rng.range_f32(-2.0, 2.0),
                        p.y.to_f32() + rng.range_f32(-2.0, 2.0),
                    )
                };
                self.t.get_mut(o).frame = Pose::at(pt(x, y, rng.range_f32(0.0, 3.0)));
                self.w.set_body_flags(b, BodyFlags::DIRTY);
                self.w.update(&self.t, b);
            }
            13 if !self.live.is_empty() => {
                // Out of the list and back (at the end of its ties).
                let (b, _) = self.live[rng.below(self.live.len() as u64) as usize];
                self.w.list_remove(b);
                if rng.below(4) != 0 {
                    self.w.list_insert(b);
                }
            }
            14 if !self.live.is_empty() => {
                let (b, _) = self.live[rng.below(self.live.len() as u64) as usize];
                self.w.list_reinsert(b);
            }
            _ => self.w.refresh_widest(),
        }
    }

    fn random_box(&self, rng: &mut Xorshift) -> Aabb<R> {
        let (x, y) = place(rng, self.side * 1.1);
        let (hx, hy) = match rng.below(6) {
            0 => (rng.range_f32(0.0, 20.0), rng.range_f32(0.0, 20.0)),
            1 => (rng.range_f32(-1.0, 0.0), rng.range_f32(0.0, 2.0)),
            _ => (rng.range_f32(0.0, 2.5), rng.range_f32(0.0, 2.5)),
        };
        Aabb::new(
            pt(x - hx, y - hy, rng.range_f32(-1.0, 1.0)),
            pt(x + hx, y + hy, rng.range_f32(1.0, 3.0)),
        )
    }

    fn random_query(&self, rng: &mut Xorshift) -> BoxQuery {
        let mut q = BoxQuery::new(match rng.below(5) {
            0 => 0x1,
            1 => 0x6,
            _ => u32::MAX,
        });
        if !self.live.is_empty() && rng.below(3) != 0 {
            q.start = Some(self.live[rng.below(self.live.len() as u64) as usize].0);
        }
        if rng.below(4) == 0 {
            q.ignored_owner = self.live.first().map(|(_, o)| *o);
        }
        if rng.below(3) == 0 {
            q.flag_mask = BodyFlags::from_bits_retain(0x4 << rng.below(3));
        }
        q
    }

    /// Asks `n` random queries both ways; answers how many answers were
    /// compared and how many bodies they held.
    fn compare(&self, rng: &mut Xorshift, n: usize, label: &str) -> (usize, usize) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut found = 0;
        for _ in 0..n {
            let pick = rng.below(8);
            let bx = if !self.live.is_empty() && pick == 0 {
                // A box ending exactly on a body's key, and starting on
                // another's right edge: the walk's bounds, met exactly.
                let (i, j) = (
                    rng.below(self.live.len() as u64) as usize,
                    rng.below(self.live.len() as u64) as usize,
                );
                let a = self.w.body(self.live[i].0).unwrap().aabb;
                let c = self.w.body(self.live[j].0).unwrap().aabb;
                let (lo, hi) = if c.max.x < a.min.x {
                    (c.max.x, a.min.x)
                } else {
                    (a.min.x - R::from_f32(3.0), a.min.x)
                };
                Aabb::new(
                    Vec4::point(lo, a.min.y - R::from_f32(2.0), R::from_f32(-1.0)),
                    Vec4::point(hi, a.max.y + R::from_f32(2.0), R::from_f32(4.0)),
                )
            } else if !self.live.is_empty() && pick < 3 {
                // A body's own box grown by 1 m, from that body.
                let (id, _) = self.live[rng.below(self.live.len() as u64) as usize];
                let a = self.w.body(id).unwrap().aabb;
                let g = Vec4::new(R::ONE, R::ONE, R::ONE, R::ZERO);
                Aabb::new(a.min - g, a.max + g)
            } else {
                self.random_box(rng)
            };
            let mut q = self.random_query(rng);
            q.walk = QueryWalk::Console;
            self.w.query_box(&mut a, &bx, &q);
            q.walk = QueryWalk::Fast;
            self.w.query_box(&mut b, &bx, &q);
            assert_eq!(a, b, "{label}: box {bx:?}, query {q:?}");
            // The filtered form, with a refusing `accept` that remembers
            // the order it was asked in.
            let mut asked = (Vec::new(), Vec::new());
            for (walk, log, out) in [
                (QueryWalk::Console, &mut asked.0, &mut a),
                (QueryWalk::Fast, &mut asked.1, &mut b),
            ] {
                q.walk = walk;
                self.w.query_box_filtered(
                    &(),
                    out,
                    &bx,
                    &q,
                    &physics_world::BoxFilter {
                        excluded_flags: BodyFlags::from_bits_retain(0x10),
                        excluded_state: 0,
                    },
                    |id, _| {
                        log.push(id);
                        log.len() % 3 != 0
                    },
                );
            }
            assert_eq!(asked.0, asked.1, "{label}: accept asked in another order");
            assert_eq!(a, b, "{label}: filtered, box {bx:?}, query {q:?}");
            found += a.len();
        }
        (n, found)
    }
}

fn differential<R: Real>(seed: u64, worlds: usize) -> (usize, usize) {
    let mut rng = Xorshift(seed);
    let (mut asked, mut found) = (0, 0);
    for k in 0..worlds {
        let side = [30.0, 80.0, 150.0][k % 3];
        let mut world = World::<R>::new(side);
        let target = 1_100 + rng.below(1_400) as usize;
        while world.live.len() < target {
            world.add(&mut rng);
        }
        let (a, f) = world.compare(&mut rng, 150, &format!("seed {seed} world {k} built"));
        asked += a;
        found += f;
        for round in 0..6 {
            for _ in 0..200 {
                world.step(&mut rng);
            }
            let label = format!("seed {seed} world {k} round {round}");
            let (a, f) = world.compare(&mut rng, 100, &label);
            asked += a;
            found += f;
        }
        let grid = world.w.body_set().broad_phase();
        assert!(grid.usable(), "the random worlds keep the grid usable");
        assert_eq!(grid.active(), grid.len() >= 512, "{} bodies", grid.len());
        // Tear the world down: the list and the grid end empty.
        for (b, _) in std::mem::take(&mut world.live) {
            world.w.free_object_body(b);
        }
        assert!(world.w.sorted_bodies().is_empty());
        assert!(world.w.body_set().broad_phase().is_empty());
    }
    (asked, found)
}

#[test]
fn grid_answers_as_the_console_walk_f32() {
    let (asked, found) = differential::<f32>(0x5eed_0001, 6);
    assert_eq!(asked, 6 * 750);
    // The answers are not all empty: the comparison sees real lists.
    assert!(found > asked, "{found} bodies in {asked} answers");
}

#[test]
fn grid_answers_as_the_console_walk_ee32() {
    let (asked, found) = differential::<Ee32>(0x5eed_0002, 4);
    assert_eq!(asked, 4 * 750);
    assert!(found > asked, "{found} bodies in {asked} answers");
}

#[test]
fn a_body_listed_twice_makes_the_walk_answer() {
    // The list then holds the body twice; the walk meets it twice and the
    // grid, which cannot say so, steps aside.
    let mut world = World::<f32>::new(40.0);
    let mut rng = Xorshift(99);
    while world.live.len() < 1_200 {
        world.add(&mut rng);
    }
    let (b, _) = world.live[10];
    world.w.list_insert(b);
    assert!(!world.w.body_set().broad_phase().usable());
    world.compare(&mut rng, 200, "listed twice");
    // Emptying the list makes the grid usable again.
    assert!(world.w.list_remove(b));
    for (b, _) in std::mem::take(&mut world.live) {
        world.w.free_object_body(b);
    }
    assert!(world.w.sorted_bodies().is_empty());
    assert!(world.w.body_set().broad_phase().usable());
}

/// A world of 100,000 bodies is built and torn down whole (the first-free
/// bitset and the list operations, divergence 420): each body takes the first free pool entry (0, 1, 2,
/// ... with nothing freed), the list ends sorted by `min.x` with every body
/// once, the grid's answers are the walk's, and freeing every body in a
/// shuffled order leaves the list and the grid empty.
#[test]
fn a_world_of_100_000_bodies_builds_and_tears_down() {
    const N: usize = 100_000;
    let caps = PoolCapacities {
        objects: N,
        ..PoolCapacities::CONSOLE
    };
    let mut w = PhysicsWorld::<f32>::construct(WorldConfig {
        capacities: caps,
        ..WorldConfig::default()
    });
    let mut t = Table::<f32>::default();
    let mut rng = Xorshift(0x5eed_0100);
    let mut ids = Vec::with_capacity(N);
    for n in 0..N {
        let (x, y) = (
            rng.range_f32(-2_000.0, 2_000.0),
            rng.range_f32(-2_000.0, 2_000.0),
        );
        let o = t.add(n as u32 + 1, Owner::at(1, x, y, 0.0));
        let s = w
            .shape_pools_mut()
            .alloc_object_box(Vec4::new(0.6, 0.6, 0.9, 0.0))
            .expect("room for every box");
        let b = w
            .create_object_body(&t, o, s, BodyFlags::OBJECT_START)
            .expect("room for every body");
        assert_eq!(b.slot.index as usize, n, "the first free entry");
        w.update(&t, b);
        ids.push(b);
    }
    let list = w.sorted_bodies();
    assert_eq!(list.len(), N);
    let keys: Vec<f32> = list.iter().map(|b| w.body(b).unwrap().aabb.min.x).collect();
    assert!(keys.windows(2).all(|k| k[0] <= k[1]), "sorted by min.x");
    let mut seen = list.to_vec();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), N, "every body once");
    assert!(w.body_set().broad_phase().active());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        let (x, y) = (
            rng.range_f32(-2_000.0, 2_000.0),
            rng.range_f32(-2_000.0, 2_000.0),
        );
        let bx = Aabb::new(
            Vec4::point(x - 6.0, y - 6.0, -1.0),
            Vec4::point(x + 6.0, y + 6.0, 2.0),
        );
        let mut q = BoxQuery::new(1);
        q.walk = QueryWalk::Console;
        w.query_box(&mut a, &bx, &q);
        q.walk = QueryWalk::Fast;
        w.query_box(&mut b, &bx, &q);
        assert_eq!(a, b, "box {bx:?}");
    }
    // Free in a shuffled order.
    for i in (1..ids.len()).rev() {
        ids.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for id in ids {
        assert!(w.free_object_body(id), "a live body frees");
    }
    assert!(w.sorted_bodies().is_empty());
    assert!(w.body_set().broad_phase().is_empty());
}
