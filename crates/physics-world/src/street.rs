//! A seeded street workload: a 200 × 12 m road with kerbs and walls along
//! both sides and a few crates of triangles, 60 humans walking, 416 world
//! objects (some thrown and falling), 18 parked cars, driven by the
//! reference owners at 30 Hz. The `tick` benchmark, the allocation test and
//! the street scenario (`fixtures/scenarios/street.ron`) share it; a game
//! can use it as a load to measure its own owners against.
//!
//! ```
//! use physics_world::street::Street;
//!
//! let mut street = Street::<f32>::new();
//! for _ in 0..10 {
//!     street.tick();
//! }
//! assert!(street.all_finite());
//! assert_eq!(street.ticks, 10);
//! ```

use collision_mesh::{build, soup, Attributes, BuildConfig, SoupTriangle};
use ps2_float::{Real, Vec4};
use shape_pools::PoolCapacities;

use crate::reference::{
    CarOwner, ReferenceOwner, ReferenceOwners, WalkingHumanOwner, WorldObjectOwner,
};
use crate::{
    flags::object_flags, flags::BodyFlags, ids::BodyId, ids::OwnerId, sweep::MoverState,
    world::PhysicsWorld, world::StepRate, world::WorldConfig,
};
use kernels::Quirks;

/// The road's length (x from 0) and half width (y from −6 to 6).
pub const LENGTH: f32 = 200.0;
/// The road's half width.
pub const HALF_WIDTH: f32 = 6.0;
/// The humans, world objects and cars.
pub const HUMANS: usize = 60;
/// The world objects.
pub const OBJECTS: usize = 416;
/// The cars.
pub const CARS: usize = 18;
/// One tick, 1/30 s, in the reference owners' 60 Hz ticks.
pub const TICKS_PER_STEP: i64 = 2;

// The same generator as `test_support::Lcg`, kept here because the street
// is public and that crate is for tests only; a test below checks that the
// two draw the same numbers.
/// A seeded generator: a 64-bit LCG with Knuth's MMIX constants (the state
/// times 6364136223846793005 plus 1442695040888963407); [`Lcg::unit`]
/// reads the state's top 24 bits.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number in [0, 1).
    pub fn unit(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32)
    }

    /// The next number in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// The street's triangles: the road in 4 m quads, a 0.15 m kerb and a
/// 4 m wall 1 m beyond it on each side (the sidewalk between), walls
/// across both ends, and eight crates of 1.2 m on the road.
#[must_use]
pub fn street_soup() -> Vec<SoupTriangle> {
    let (mut tris, words) = (Vec::new(), Attributes::default());
    let (w, l) = (HALF_WIDTH, LENGTH);
    for i in 0..50 {
        for j in 0..3 {
            let (x, y) = (i as f32 * 4.0, -w + j as f32 * 4.0);
            soup::rect(&mut tris, [x, y], [x + 4.0, y + 4.0], 0.0, words);
        }
    }
    for i in 0..25 {
        let (a, b) = (i as f32 * 8.0, i as f32 * 8.0 + 8.0);
        // The kerbs face the road; the sidewalks; the walls face the road.
        soup::face(&mut tris, [b, -w], [a, -w], [0.0, 0.15], words);
        soup::face(&mut tris, [a, w], [b, w], [0.0, 0.15], words);
        soup::rect(&mut tris, [a, -w - 1.0], [b, -w], 0.15, words);
        soup::rect(&mut tris, [a, w], [b, w + 1.0], 0.15, words);
        soup::face(&mut tris, [b, -w - 1.0], [a, -w - 1.0], [0.15, 4.0], words);
        soup::face(&mut tris, [a, w + 1.0], [b, w + 1.0], [0.15, 4.0], words);
    }
    soup::face(
        &mut tris,
        [0.0, -w - 1.0],
        [0.0, w + 1.0],
        [0.0, 4.0],
        words,
    );
    soup::face(&mut tris, [l, w + 1.0], [l, -w - 1.0], [0.0, 4.0], words);
    for k in 0..8 {
        let x = 12.0 + k as f32 * 24.0;
        let y = if k % 2 == 0 { -3.5 } else { 2.3 };
        soup::standing_box(&mut tris, [x, y, 0.0], [x + 1.2, y + 1.2, 1.2], words);
    }
    tris
}

/// The street and its owners, and what the ticks did.
pub struct Street<R: Real> {
    /// The world.
    pub world: PhysicsWorld<R>,
    /// The reference owners: humans, then objects, then cars.
    pub owners: ReferenceOwners<R>,
    /// Each human's owner and body.
    pub humans: Vec<(OwnerId, BodyId)>,
    /// Each world object's owner.
    pub objects: Vec<OwnerId>,
    /// Each car's body.
    pub cars: Vec<BodyId>,
    /// The ticks run.
    pub ticks: u64,
    /// The contacts put to owners so far.
    pub contacts: u64,
    /// The objects' floor contacts answered 0x10003 so far (at rest).
    pub landed: u64,
    /// The sweeps made so far.
    pub sweeps: u64,
    candidates: Vec<BodyId>,
    rng: Lcg,
}

fn f<R: Real>(x: f32) -> R {
    R::from_f32(x)
}

fn vec<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::new(f(x), f(y), f(z), R::ZERO)
}

impl<R: Real> Street<R> {
    /// The street, seeded: humans spread over the road, objects standing on
    /// it (every fourth one 1 to 3 m up, let go at the first tick; each
    /// settles flat on one of its axes: bytes 4, 5 and 7), cars
    /// parked along both kerbs. The pools are sized for exactly these
    /// bodies and the mesh is fixed, so the `expect`s below cannot fail.
    #[must_use]
    pub fn new() -> Self {
        Self::with_quirks(Quirks::console())
    }

    /// The same street with the world's kernels taking `quirks`
    /// ([`WorldConfig::quirks`]).
    #[must_use]
    pub fn with_quirks(quirks: Quirks) -> Self {
        let caps = PoolCapacities {
            humans: HUMANS,
            objects: OBJECTS,
            cars: CARS,
            ..PoolCapacities::CONSOLE
        };
        let mut world = PhysicsWorld::<R>::construct(WorldConfig {
            capacities: caps,
            rate: StepRate::Hz30,
            readings: Default::default(),
            quirks,
        });
        world.set_mesh(
            build::from_soup(&street_soup(), &BuildConfig::default(), "street")
                .expect("the street builds"),
        );
        let mut owners = ReferenceOwners::<R>::default();
        let mut rng = Lcg(0x5eed);
        let mut humans = Vec::with_capacity(HUMANS);
        for _ in 0..HUMANS {
            let (x, y) = (rng.range(2.0, LENGTH - 2.0), rng.range(-5.0, 5.0));
            let id = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
                f(x),
                f(y),
                R::ZERO,
            ))));
            let b = owners
                .make_human_body(&mut world, id, true)
                .expect("a human body");
            humans.push((id, b));
        }
        let mut objects = Vec::with_capacity(OBJECTS);
        for k in 0..OBJECTS {
            let s = rng.range(0.2, 0.6);
            let size = vec::<R>(s, s * 1.2, s * 0.8);
            let (x, y) = (rng.range(1.0, LENGTH - 1.0), rng.range(-5.5, 5.5));
            let z = if k % 4 == 0 { rng.range(1.0, 3.0) } else { 0.0 };
            let at = Vec4::point(f(x), f(y), f::<R>(z) + size.z * f(0.5) + f(0.01));
            let object = WorldObjectOwner::at(at, size, [4, 5, 7][k % 3]);
            let (id, b) = owners
                .add_box_object(&mut world, object)
                .expect("an object body");
            world.set_body_flags(b, BodyFlags::BLOCKHUMANS | BodyFlags::BLOCKOBJECTS);
            objects.push(id);
        }
        let mut cars = Vec::with_capacity(CARS);
        let half = vec::<R>(1.0, 2.3, 0.7);
        for k in 0..CARS {
            let x = 6.0 + k as f32 * 10.5;
            let y = if k % 2 == 0 { -4.6 } else { 4.6 };
            let id = owners.push(ReferenceOwner::Car(CarOwner {
                position: Vec4::point(f(x), f(y), f(0.7)),
                rotation: crate::quat::Quat::IDENTITY,
                velocity: Vec4::ZERO,
                flags: 0,
                body: None,
            }));
            let b = world
                .create_car_body(&owners, id, [(half, Vec4::ZERO), (half, Vec4::ZERO)])
                .expect("a car body");
            owners.set_body(id, b);
            world.update(&owners, b);
            cars.push(b);
        }
        for (k, id) in objects.iter().enumerate() {
            if k % 4 == 0 {
                let v = vec::<R>(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0), 0.0);
                owners.drop_object(*id, v);
            }
        }
        for (id, _) in &humans {
            let a = rng.range(0.0, core::f32::consts::TAU);
            let speed = rng.range(1.0, 2.0);
            if let Some(ReferenceOwner::Human(h)) = owners.get_mut(*id) {
                h.velocity = vec(speed * a.cos(), speed * a.sin(), 0.0);
            }
        }
        // The contact log is cleared every tick; reserved once.
        owners.contacts.reserve(4096);
        Self {
            world,
            owners,
            humans,
            objects,
            cars,
            ticks: 0,
            contacts: 0,
            landed: 0,
            sweeps: 0,
            // More than every body: the candidate list never grows.
            candidates: Vec::with_capacity(1024),
            rng,
        }
    }

    /// One tick (1/30 s): each human's sweep with its walking velocity
    /// (turned back when within 1 m of a wall or an end), one object at
    /// rest thrown up, the objects' updates when due, then the step.
    pub fn tick(&mut self) {
        self.owners.now += TICKS_PER_STEP;
        let dt = f::<R>(1.0 / 30.0);
        let state = MoverState::default();
        for &(id, body) in &self.humans {
            let Some(ReferenceOwner::Human(h)) = self.owners.get_mut(id) else {
                continue;
            };
            let (p, mut v) = (h.position, h.velocity);
            let (x, y) = (p.x.to_f32(), p.y.to_f32());
            if (y > HALF_WIDTH - 1.0 && v.y > R::ZERO) || (y < 1.0 - HALF_WIDTH && v.y < R::ZERO) {
                v.y = -v.y;
            }
            if (x > LENGTH - 1.0 && v.x > R::ZERO) || (x < 1.0 && v.x < R::ZERO) {
                v.x = -v.x;
            }
            h.velocity = v;
            self.world
                .sweep(&mut self.owners, body, v, dt, &state, &mut self.candidates);
            self.world.update(&self.owners, body);
            self.sweeps += 1;
        }
        // One object at rest thrown up, so that some are always falling.
        let k = (self.ticks as usize * 7) % self.objects.len();
        let id = self.objects[k];
        if self
            .owners
            .object(id)
            .is_some_and(|o| o.flags == 0 || o.flags == object_flags::GROUNDED)
        {
            let v = vec::<R>(self.rng.range(-2.0, 2.0), self.rng.range(-2.0, 2.0), 4.0);
            self.owners.drop_object(id, v);
        }
        for &id in &self.objects {
            if self.owners.update_object(&mut self.world, id).is_some() {
                self.sweeps += 1;
            }
        }
        self.world.step(&mut self.owners);
        self.contacts += self.owners.contacts.len() as u64;
        self.landed += self
            .owners
            .contacts
            .iter()
            .filter(|c| c.answer == 0x1_0003)
            .count() as u64;
        self.owners.contacts.clear();
        self.ticks += 1;
    }

    /// A hash (FNV-1a, 64 bits) of the whole state's bit patterns: every
    /// owner's position, velocity and flags, every body's box, flags and
    /// push-out in the sorted list's order, the settle slots' progress and
    /// the counters. Equal hashes mean bit-identical runs.
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut put = |w: u32| {
            for b in w.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        let vec = |put: &mut dyn FnMut(u32), v: Vec4<R>| {
            for c in [v.x, v.y, v.z] {
                put(c.to_bits());
            }
        };
        for o in &self.owners.owners {
            match o {
                ReferenceOwner::Object(o) => {
                    vec(&mut put, o.position);
                    vec(&mut put, o.velocity);
                    put(o.flags);
                }
                ReferenceOwner::Human(x) => {
                    vec(&mut put, x.position);
                    vec(&mut put, x.velocity);
                }
                ReferenceOwner::Car(c) => {
                    vec(&mut put, c.position);
                    put(c.flags);
                }
            }
        }
        for id in self.world.sorted_bodies().iter() {
            if let Some(b) = self.world.body(id) {
                vec(&mut put, b.aabb.min);
                vec(&mut put, b.aabb.max);
                vec(&mut put, b.push);
                put(b.flags.bits());
                put(b.stuck);
            }
        }
        for s in self.world.settle_slots().iter().flatten() {
            put(s.t.to_bits());
        }
        for n in [self.ticks, self.contacts, self.landed, self.sweeps] {
            put(n as u32);
        }
        h
    }

    /// Whether every body's box and every owner's position is finite
    /// (no NaN, no infinity).
    #[must_use]
    pub fn all_finite(&self) -> bool {
        let owners = self.owners.owners.iter().all(|o| {
            let p = match o {
                ReferenceOwner::Object(o) => o.position,
                ReferenceOwner::Human(h) => h.position,
                ReferenceOwner::Car(c) => c.position,
            };
            p.to_f32()[..3].iter().all(|c| c.is_finite())
        });
        owners
            && self.world.sorted_bodies().iter().all(|b| {
                self.world.body(b).is_some_and(|b| {
                    let (lo, hi) = (b.aabb.min, b.aabb.max);
                    [lo.x, lo.y, lo.z, hi.x, hi.y, hi.z]
                        .iter()
                        .all(|c| c.to_f32().is_finite())
                })
            })
    }
}

impl<R: Real> Default for Street<R> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Lcg;
    use test_support::Seeded;

    /// The street's generator draws what test-support's `Lcg` draws, so a
    /// workload seeded alike in a test or a benchmark gets the same numbers.
    #[test]
    fn the_street_generator_is_test_supports_lcg() {
        for seed in [0, 0x5eed, u64::MAX] {
            let (mut ours, mut shared) = (Lcg(seed), test_support::Lcg(seed));
            for _ in 0..1_000 {
                let (a, b) = (ours.range(-5.0, 5.0), shared.range_f32(-5.0, 5.0));
                assert_eq!(a.to_bits(), b.to_bits(), "seed {seed:#x}");
            }
        }
    }
}
