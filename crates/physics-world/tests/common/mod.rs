//! Test owners: plain data per owner, and the float-mode macro.
#![allow(dead_code)]

use std::collections::HashMap;

use collision_mesh::{build, BuildConfig, CollisionMesh, SoupTriangle};

use physics_world::pass_owners_to;
use physics_world::quat::Quat;
use physics_world::{
    BodyFlags, BodyId, MoverState, OwnerId, Owners, PhysicsWorld, Readings, SweepReport,
    WorldConfig,
};
use ps2_float::{Real, Vec4};
use shape_pools::Pose;

#[allow(unused_imports)]
pub use test_support::{both_modes, near, near_v, p, r, v};
use test_support::{Seeded, Xorshift};

/// The one shape of a world-object body: a box of full size `x y z`, or a
/// sphere of radius `r`.
#[derive(Clone, Copy, Debug)]
pub enum Solid {
    /// A box of the given full size.
    Box(f32, f32, f32),
    /// A sphere of the given radius.
    Sphere(f32),
}

/// A world-object body for owner `o`, its shape `solid` taken from the
/// world's pools, flagged `flags` and updated once from its owner.
pub fn object_body<R: Real, O: Owners<R> + ?Sized>(
    w: &mut PhysicsWorld<R>,
    owners: &O,
    o: OwnerId,
    solid: Solid,
    flags: BodyFlags,
) -> BodyId {
    let pools = w.shape_pools_mut();
    let s = match solid {
        Solid::Box(x, y, z) => pools.alloc_object_box(v(x, y, z)),
        Solid::Sphere(radius) => pools.alloc_object_sphere(r(radius)),
    }
    .unwrap();
    let b = w.create_object_body(owners, o, s, flags).unwrap();
    w.update(owners, b);
    b
}

impl Solid {
    /// A cube of full size `size`.
    #[must_use]
    pub fn cube(size: f32) -> Self {
        Self::Box(size, size, size)
    }
}

/// [`object_at`] flagged as a world object at the start
/// ([`BodyFlags::OBJECT_START`]).
pub fn start_object<R: Real>(
    w: &mut PhysicsWorld<R>,
    t: &mut Table<R>,
    n: u32,
    at: (f32, f32, f32),
    solid: Solid,
) -> BodyId {
    object_at(w, t, n, at, solid, BodyFlags::OBJECT_START)
}

/// [`object_body`] for a new type-1 owner `n` of `t` standing at `at`.
pub fn object_at<R: Real>(
    w: &mut PhysicsWorld<R>,
    t: &mut Table<R>,
    n: u32,
    at: (f32, f32, f32),
    solid: Solid,
    flags: BodyFlags,
) -> BodyId {
    let o = t.add(n, Owner::at(0x1, at.0, at.1, at.2));
    object_body(w, t, o, solid, flags)
}

/// A human body for owner `o`, updated once from its owner.
pub fn human_body<R: Real, O: Owners<R> + ?Sized>(
    w: &mut PhysicsWorld<R>,
    owners: &O,
    o: OwnerId,
) -> BodyId {
    let b = w.create_human_body(owners, o).unwrap();
    w.update(owners, b);
    b
}

/// One sweep of body `b` by `velocity` over `dt` from a still mover, with
/// a fresh candidate list.
pub fn sweep_once<R: Real, O: Owners<R> + ?Sized>(
    w: &mut PhysicsWorld<R>,
    owners: &mut O,
    b: BodyId,
    velocity: Vec4<R>,
    dt: R,
) -> SweepReport<R> {
    let mut cands = Vec::new();
    w.sweep(owners, b, velocity, dt, &MoverState::default(), &mut cands)
}

/// `updates` rounds of a sweep of body `b` by `velocity` over `dt` (from a
/// still mover, one candidate list for all) and an update, each round's
/// `read` of the owners after it.
pub fn sweep_rounds<R: Real>(
    w: &mut PhysicsWorld<R>,
    t: &mut Table<R>,
    b: BodyId,
    (velocity, dt): (Vec4<R>, R),
    updates: usize,
    read: impl Fn(&Table<R>) -> f32,
) -> Vec<f32> {
    let mut cands = Vec::new();
    let mut out = Vec::new();
    for _ in 0..updates {
        w.sweep(t, b, velocity, dt, &MoverState::default(), &mut cands);
        w.update(t, b);
        out.push(read(t));
    }
    out
}

/// One owner's answers.
#[derive(Clone, Debug)]
pub struct Owner<R: Real> {
    pub type_mask: u32,
    pub frame: Pose<R>,
    pub bones: HashMap<u8, Pose<R>>,
    pub rotation: Quat<R>,
    pub object_flags: u32,
    pub state: u64,
    pub scale: R,
    pub refuses: Vec<OwnerId>,
    pub grab: Option<OwnerId>,
    pub poses_written: usize,
    /// Float attributes by number (absent: 0).
    pub attrs: HashMap<u32, R>,
    /// The contact handler's answers, in call order (the last repeats;
    /// none: 0).
    pub answers: Vec<u32>,
    /// The contacts the handler was asked about.
    pub seen: Vec<physics_world::ContactContext<R>>,
    /// Every velocity written (`set_velocity`).
    pub velocities: Vec<Vec4<R>>,
    /// How many position writes (`set_position`).
    pub positions_written: usize,
    /// Who pushed this owner (`on_pushed`), in order.
    pub pushed_by: Vec<OwnerId>,
}

impl<R: Real> Owner<R> {
    pub fn at(type_mask: u32, x: f32, y: f32, z: f32) -> Self {
        Self {
            type_mask,
            frame: Pose::at(Vec4::point(R::from_f32(x), R::from_f32(y), R::from_f32(z))),
            bones: HashMap::new(),
            rotation: Quat::IDENTITY,
            object_flags: 0,
            state: 0,
            scale: R::ONE,
            refuses: Vec::new(),
            grab: None,
            poses_written: 0,
            attrs: HashMap::new(),
            answers: Vec::new(),
            seen: Vec::new(),
            velocities: Vec::new(),
            positions_written: 0,
            pushed_by: Vec::new(),
        }
    }
}

/// A table of owners by id.
#[derive(Clone, Debug, Default)]
pub struct Table<R: Real> {
    pub owners: HashMap<OwnerId, Owner<R>>,
}

pub fn id(n: u32) -> OwnerId {
    OwnerId::new(n).unwrap()
}

impl<R: Real> Table<R> {
    pub fn add(&mut self, n: u32, o: Owner<R>) -> OwnerId {
        self.owners.insert(id(n), o);
        id(n)
    }
    pub fn get(&self, o: OwnerId) -> &Owner<R> {
        &self.owners[&o]
    }
    pub fn get_mut(&mut self, o: OwnerId) -> &mut Owner<R> {
        self.owners.get_mut(&o).unwrap()
    }
}

impl<R: Real> Owners<R> for Table<R> {
    fn type_mask(&self, o: OwnerId) -> u32 {
        self.owners.get(&o).map_or(0, |x| x.type_mask)
    }
    fn state_flags(&self, o: OwnerId) -> u64 {
        self.owners.get(&o).map_or(0, |x| x.state)
    }
    fn frame(&self, o: OwnerId) -> Pose<R> {
        self.owners.get(&o).map_or_else(Pose::default, |x| x.frame)
    }
    fn bone(&self, o: OwnerId, b: u8) -> Pose<R> {
        self.owners
            .get(&o)
            .and_then(|x| x.bones.get(&b).copied())
            .unwrap_or_else(|| self.frame(o))
    }
    fn human_scale(&self, o: OwnerId) -> R {
        self.owners.get(&o).map_or(R::ONE, |x| x.scale)
    }
    fn accepts_pair(&self, o: OwnerId, other: OwnerId) -> bool {
        self.owners
            .get(&o)
            .is_none_or(|x| !x.refuses.contains(&other))
    }
    fn grab_partner(&self, o: OwnerId) -> Option<OwnerId> {
        self.owners.get(&o).and_then(|x| x.grab)
    }
    fn object_flags(&self, o: OwnerId) -> u32 {
        self.owners.get(&o).map_or(0, |x| x.object_flags)
    }
    fn set_object_flags(&mut self, o: OwnerId, f: u32) {
        if let Some(x) = self.owners.get_mut(&o) {
            x.object_flags = f;
        }
    }
    fn rotation_now(&self, o: OwnerId) -> Quat<R> {
        self.owners.get(&o).map_or(Quat::IDENTITY, |x| x.rotation)
    }
    fn set_pose(&mut self, o: OwnerId, q: Quat<R>, p: Vec4<R>) {
        if let Some(x) = self.owners.get_mut(&o) {
            x.rotation = q;
            let a = q.axes();
            x.frame = Pose {
                axes: a,
                position: p,
            };
            x.poses_written += 1;
        }
    }
    fn float_attribute(&self, o: OwnerId, n: u32) -> R {
        self.owners
            .get(&o)
            .and_then(|x| x.attrs.get(&n).copied())
            .unwrap_or(R::ZERO)
    }
    fn on_contact(&mut self, ctx: &physics_world::ContactContext<R>) -> u32 {
        let Some(x) = self.owners.get_mut(&ctx.mover) else {
            return 0;
        };
        let k = x.seen.len();
        x.seen.push(*ctx);
        x.answers.get(k).or(x.answers.last()).copied().unwrap_or(0)
    }
    fn position(&self, o: OwnerId) -> Vec4<R> {
        self.frame(o).position
    }
    fn set_position(&mut self, o: OwnerId, p: Vec4<R>) {
        if let Some(x) = self.owners.get_mut(&o) {
            x.frame.position = p;
            x.positions_written += 1;
        }
    }
    fn set_velocity(&mut self, o: OwnerId, v: Vec4<R>) {
        if let Some(x) = self.owners.get_mut(&o) {
            x.velocities.push(v);
        }
    }
    fn on_pushed(&mut self, pushed: OwnerId, ctx: &physics_world::ContactContext<R>) {
        if let Some(x) = self.owners.get_mut(&pushed) {
            x.pushed_by.push(ctx.mover);
        }
    }
}

/// `Some(owner n + 1)`, or `None` (the level) for 0.
pub struct OwnerIdExt;
impl OwnerIdExt {
    pub fn nz(n: u8) -> Option<OwnerId> {
        OwnerId::new(u32::from(n))
    }
}

/// A [`Table`] that also records the strike hook and answers the landing
/// raise (the strike, landing and 0x801 tests).
#[derive(Clone, Debug, Default)]
pub struct Striking<R: Real> {
    pub table: Table<R>,
    /// `on_strike` calls: (striker, struck, contact).
    pub strikes: Vec<(OwnerId, OwnerId, kernels::Contact<R>)>,
    /// The landing raise by owner (absent: `None`, no landing segment).
    pub landing: HashMap<OwnerId, R>,
    /// Pairs (striker, other) that `may_strike` refuses.
    pub no_strike: Vec<(OwnerId, OwnerId)>,
}

impl<R: Real> Owners<R> for Striking<R> {
    pass_owners_to!(table, R:
        type_mask, state_flags, frame, bone, human_scale, accepts_pair, grab_partner,
        object_flags, float_attribute, on_contact, position, set_position, set_velocity,
        on_pushed,
    );
    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        !self.no_strike.contains(&(striker, other))
    }
    fn on_strike(&mut self, striker: OwnerId, struck: OwnerId, c: &kernels::Contact<R>) {
        self.strikes.push((striker, struck, *c));
    }
    fn landing_offset(&self, o: OwnerId) -> Option<R> {
        self.landing.get(&o).copied()
    }
}

/// The level of `soup`, built with the default configuration.
pub fn mesh(soup: &[SoupTriangle]) -> CollisionMesh {
    build::from_soup(soup, &BuildConfig::default(), "test").unwrap()
}

/// Two triangles covering [−10, 10]² at height `h`, facing +z.
pub fn floor(h: f32) -> Vec<SoupTriangle> {
    let a = [-10.0, -10.0, h];
    let b = [10.0, -10.0, h];
    let c = [10.0, 10.0, h];
    let d = [-10.0, 10.0, h];
    vec![SoupTriangle::new([a, b, c]), SoupTriangle::new([a, c, d])]
}

/// A wall at x = 2 facing −x, from z 0 to 3, y −10 to 10.
pub fn wall() -> Vec<SoupTriangle> {
    let a = [2.0, -10.0, 0.0];
    let b = [2.0, 10.0, 0.0];
    let c = [2.0, 10.0, 3.0];
    let d = [2.0, -10.0, 3.0];
    vec![SoupTriangle::new([a, c, b]), SoupTriangle::new([a, d, c])]
}

/// A new owner `k` of `t` of type 1, 2 or 4 at a random spot in
/// `[-x, x] × [-y, y] × [0, 3]`, drawn from `rng` in that order.
pub fn random_owner<R: Real>(
    t: &mut Table<R>,
    rng: &mut Xorshift,
    k: u32,
    x: f32,
    y: f32,
) -> OwnerId {
    t.add(
        k,
        Owner::at(
            1 << (rng.bits() % 3),
            rng.range_f32(-x, x),
            rng.range_f32(-y, y),
            rng.range_f32(0.0, 3.0),
        ),
    )
}

/// A random box size: one in `one_in` wide (3 to `widest`), the others 0.1
/// to 1.5.
pub fn random_width(rng: &mut Xorshift, one_in: u64, widest: f32) -> f32 {
    if rng.bits().is_multiple_of(one_in) {
        rng.range_f32(3.0, widest)
    } else {
        rng.range_f32(0.1, 1.5)
    }
}

/// A world reading the specification's open points as `readings` says,
/// with the default settings otherwise.
pub fn with_readings<R: Real>(readings: Readings) -> PhysicsWorld<R> {
    PhysicsWorld::construct(WorldConfig {
        readings,
        ..WorldConfig::default()
    })
}

/// A world-object box body for owner `o` of full size `size`, its flags
/// drawn from `rng` among 0x2207e (and dirty), updated once.
pub fn random_box_body<R: Real>(
    w: &mut PhysicsWorld<R>,
    t: &Table<R>,
    rng: &mut Xorshift,
    o: OwnerId,
    size: Vec4<R>,
) -> BodyId {
    let shape = w.shape_pools_mut().alloc_object_box(size).unwrap();
    let flags = BodyFlags::from_bits_retain((rng.bits() as u32) & 0x2_207e) | BodyFlags::DIRTY;
    let b = w.create_object_body(t, o, shape, flags).unwrap();
    w.update(t, b);
    b
}

/// `20 + bits % spread` random box bodies drawn from `rng` (owners 1, 2, …
/// of [`random_owner`] within `x` and `y`, each box's full size from
/// `size`, [`random_box_body`]): the owners and the bodies.
pub fn random_boxes<R: Real>(
    w: &mut PhysicsWorld<R>,
    rng: &mut Xorshift,
    spread: u64,
    (x, y): (f32, f32),
    mut size: impl FnMut(&mut Xorshift) -> Vec4<R>,
) -> (Table<R>, Vec<BodyId>) {
    let mut t = Table::<R>::default();
    let n = 20 + (rng.bits() % spread) as u32;
    let mut bodies = Vec::new();
    for k in 1..=n {
        let o = random_owner(&mut t, rng, k, x, y);
        let s = size(rng);
        bodies.push(random_box_body(w, &t, rng, o, s));
    }
    (t, bodies)
}
