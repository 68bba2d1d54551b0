//! Reference owners: plain-data world objects, walking humans and cars with
//! the contact answers and the world object's update the overview describes
//! ("Contacts", "Who answers what"; "Settling a landed object"; "How things
//! actually move"; "Cars"; "Attributes"), and a car's loose parts
//! ([`LoosePart`], "Cars"). A game can start from them; the
//! scenario runner (`golden::scenario`) drives them.
//!
//! # The settle request
//!
//! On the console `WorldObject_OnContact` calls `IPhysics_StartSettle` from
//! inside the contact walk. Here the handler gets no world (the walk holds
//! it), so it files a request and [`ReferenceOwners::update_object`] starts
//! it through [`PhysicsWorld::start_settle`] right after the sweep, before
//! the rotation step (divergence 260).
//!
//! Time is counted in 60 Hz ticks ([`ReferenceOwners::now`]); a `dt` of `n`
//! ticks is `n / 60` s rounded to `f32` (divergence 262).

use ps2_float::{Real, Vec4};
use shape_pools::Pose;

mod hook;
#[doc(hidden)]
pub use hook::pass_owners_names;
pub use hook::{Hooked, OwnerHook};

mod loose_part;
pub use loose_part::{
    lay_flat_target, part_flags, LoosePart, LoosePartType, LoosePartUpdate, CONTACT_SCALE,
    LAY_FLAT_ACCEL, LOOSE_PART_LIFETIME, LOOSE_PART_MESSAGE, LOOSE_PART_OPTIONS, MESSAGE_BELOW,
    SOUNDS, SOUND_SPEED,
};

use crate::bodies::{ObjectShape, ObjectType};
use crate::flags::{object_flags, type_bits};
use crate::owner::ContactContext;
use crate::quat::{quat_integrate_angular, Quat};
use crate::sweep::{MoverState, SweepReport};
use crate::{
    flags::BodyFlags, ids::BodyId, ids::Other, ids::OwnerId, owner::Owners, world::PhysicsWorld,
};

/// The gravity world objects fall with, 15.68 m/s² ("How things actually
/// move").
pub const GRAVITY: f32 = 15.68;

/// The scale of a player's body (`+0x60` / `+0x64`, "Sweeping a body").
pub const PLAYER_SCALE: f32 = 1.4286;

/// The update interval of a world object at rest, in ticks (the brick
/// trace's "interval back to 20 ticks").
pub const REST_INTERVAL: i64 = 20;

/// The update interval of a world object airborne or settling, in ticks.
pub const FLYING_INTERVAL: i64 = 2;

/// The floor test of the contact handlers: a level contact whose normal z
/// is above 0.7.
fn floor_z<R: Real>() -> R {
    R::from_f32(0.7)
}

/// One world object: its pose, motion, flags and the type fields the
/// physics reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldObjectOwner<R> {
    /// The origin.
    pub position: Vec4<R>,
    /// The rotation (stored at its last update or settle turn).
    pub rotation: Quat<R>,
    /// The velocity.
    pub velocity: Vec4<R>,
    /// The angular velocity (radians per second about each world axis).
    pub angular_velocity: Vec4<R>,
    /// The object flags (`+0x54`): airborne 0x4000000, settling 0x40000,
    /// settled 0x8000000, grounded 0x2000000.
    pub flags: u32,
    /// The type's axis byte (`+0x85`, CfgObj argument 10).
    pub axis: u8,
    /// The restitution (attribute 8, the type's `+0x88`).
    pub restitution: R,
    /// The weight (attribute 1).
    pub weight: R,
    /// The push weight (attribute 7).
    pub push_weight: R,
    /// The owner's type mask (vtable `+0x20`).
    pub type_mask: u32,
    /// The type's full box size (or the sphere's diameter in `x`).
    pub size: Vec4<R>,
    /// The object's body, once made.
    pub body: Option<BodyId>,
    /// The tick of its last update (or settle re-pose).
    pub last_update: i64,
    /// The tick of its next update.
    pub next_update: i64,
}

impl<R: Real> WorldObjectOwner<R> {
    /// An object at rest at `position`, unrotated, flags 0, restitution
    /// 0.1, weight 1, push weight 1, type mask 1, updating at tick 0.
    #[must_use]
    pub fn at(position: Vec4<R>, size: Vec4<R>, axis: u8) -> Self {
        Self {
            position: position.with_w(R::ONE),
            rotation: Quat::IDENTITY,
            velocity: Vec4::ZERO,
            angular_velocity: Vec4::ZERO,
            flags: 0,
            axis,
            restitution: R::from_f32(0.1),
            weight: R::ONE,
            push_weight: R::ONE,
            type_mask: type_bits::OBJECT,
            size,
            body: None,
            last_update: 0,
            next_update: 0,
        }
    }
}

/// One walking human: what `Human_OnContact` and the body read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WalkingHumanOwner<R> {
    /// The position (the feet).
    pub position: Vec4<R>,
    /// The velocity the walk asks for.
    pub velocity: Vec4<R>,
    /// Airborne (object flag 0x4000000).
    pub airborne: bool,
    /// A player: body flag 0x400 and body scale 1.4286.
    pub player: bool,
    /// The class scale (a human's `+0x65c`, 1.0 for most, 0.97 for the
    /// player's Rembrandt at runtime): what `PhysicsBody_ApplyHumanScale`
    /// scales the capsule and bone shapes by.
    pub scale: R,
    /// The weight (attribute 1).
    pub weight: R,
    /// The push weight (attribute 7): 1, or 1e9 while held or down.
    pub push_weight: R,
    /// One posed bone: its number and its world position (identity axes);
    /// every other bone is at the human's frame. What a strike needs.
    pub bone: Option<(u8, Vec4<R>)>,
    /// The human's body, once made.
    pub body: Option<BodyId>,
}

impl<R: Real> WalkingHumanOwner<R> {
    /// A human standing at `position` (the feet): not airborne, not a
    /// player, class scale 1, weight 82 (the examples' choice: attribute 1
    /// is the game's own), push weight 1, no posed bone, no body yet. Set
    /// `velocity` for the walk, or use the struct's fields for the rest.
    #[must_use]
    pub fn at(position: Vec4<R>) -> Self {
        Self {
            position: position.with_w(R::ONE),
            velocity: Vec4::ZERO,
            airborne: false,
            player: false,
            scale: R::ONE,
            weight: R::from_f32(82.0),
            push_weight: R::ONE,
            bone: None,
            body: None,
        }
    }
}

/// One car: what `Car_OnLanded` reads and writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CarOwner<R> {
    /// The origin.
    pub position: Vec4<R>,
    /// The rotation.
    pub rotation: Quat<R>,
    /// The velocity.
    pub velocity: Vec4<R>,
    /// The object flags (airborne 0x4000000).
    pub flags: u32,
    /// The car's body, once made.
    pub body: Option<BodyId>,
}

/// One reference owner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReferenceOwner<R> {
    /// A world object.
    Object(WorldObjectOwner<R>),
    /// A walking human.
    Human(WalkingHumanOwner<R>),
    /// A car.
    Car(CarOwner<R>),
}

/// One contact put to a reference owner, as logged for the scenarios.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactLog<R> {
    /// The tick it happened in.
    pub tick: i64,
    /// The moving owner.
    pub mover: OwnerId,
    /// The other half (0 the level).
    pub other: u32,
    /// The answer word.
    pub answer: u32,
    /// The contact's fraction.
    pub fraction: R,
    /// The contact's normal.
    pub normal: Vec4<R>,
    /// The mover's velocity when it was asked.
    pub velocity: Vec4<R>,
    /// The level triangle met (`+0xb4`), if any.
    pub triangle: Option<u32>,
}

/// One strike a reference human's strike shape made, as logged for the
/// scenarios (the contact `Human_TestStrikes` hands to `Strike_Contact`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrikeLog<R> {
    /// The tick it happened in.
    pub tick: i64,
    /// The striking human.
    pub striker: OwnerId,
    /// The struck owner.
    pub struck: OwnerId,
    /// The contact record as the sweep wrote it.
    pub contact: kernels::Contact<R>,
}

/// A settle the world object's handler asked for (see the module's
/// "The settle request").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettleRequest<R> {
    /// The object.
    pub owner: OwnerId,
    /// The floor's normal.
    pub normal: Vec4<R>,
    /// The type's axis byte.
    pub axis: u8,
}

/// The table of reference owners; owner `n` is entry `n − 1`.
#[derive(Clone, Debug, Default)]
pub struct ReferenceOwners<R> {
    /// The owners.
    pub owners: Vec<ReferenceOwner<R>>,
    /// The current tick.
    pub now: i64,
    /// The contacts asked so far (cleared by the caller).
    pub contacts: Vec<ContactLog<R>>,
    /// The strikes made so far (cleared by the caller).
    pub strikes: Vec<StrikeLog<R>>,
    requests: Vec<SettleRequest<R>>,
    candidates: Vec<BodyId>,
}

impl<R: Real> ReferenceOwners<R> {
    /// Adds an owner; returns its id.
    pub fn push(&mut self, owner: ReferenceOwner<R>) -> OwnerId {
        self.owners.push(owner);
        // The table's length is at least 1 here.
        OwnerId::new(self.owners.len() as u32).unwrap_or(OwnerId(core::num::NonZeroU32::MIN))
    }

    /// The owner `id`.
    #[must_use]
    pub fn get(&self, id: OwnerId) -> Option<&ReferenceOwner<R>> {
        self.owners.get(id.word().checked_sub(1)? as usize)
    }

    /// The owner `id`, mutably.
    pub fn get_mut(&mut self, id: OwnerId) -> Option<&mut ReferenceOwner<R>> {
        self.owners.get_mut(id.word().checked_sub(1)? as usize)
    }

    /// The world object `id`.
    #[must_use]
    pub fn object(&self, id: OwnerId) -> Option<&WorldObjectOwner<R>> {
        match self.get(id)? {
            ReferenceOwner::Object(o) => Some(o),
            _ => None,
        }
    }

    fn object_mut(&mut self, id: OwnerId) -> Option<&mut WorldObjectOwner<R>> {
        match self.get_mut(id)? {
            ReferenceOwner::Object(o) => Some(o),
            _ => None,
        }
    }

    /// Sets `id`'s body.
    pub fn set_body(&mut self, id: OwnerId, body: BodyId) {
        match self.get_mut(id) {
            Some(ReferenceOwner::Object(o)) => o.body = Some(body),
            Some(ReferenceOwner::Human(h)) => h.body = Some(body),
            Some(ReferenceOwner::Car(c)) => c.body = Some(body),
            None => {}
        }
    }

    /// The settles asked for and not yet started.
    #[must_use]
    pub fn pending_settles(&self) -> &[SettleRequest<R>] {
        &self.requests
    }

    /// A world object let go at rest (or thrown with `velocity`): the
    /// velocity set, flag 0x4000000 (airborne) set and 0x2000000 cleared,
    /// its last-update stamp put at now so that its next update, the next
    /// tick, sweeps with `dt` 1/60 s (the drop's message 28 stamps the time
    /// a tick back; "Settling a landed object"; divergence 261).
    pub fn drop_object(&mut self, id: OwnerId, velocity: Vec4<R>) -> bool {
        let now = self.now;
        let Some(o) = self.object_mut(id) else {
            return false;
        };
        o.velocity = velocity.with_w(R::ZERO);
        o.flags = (o.flags | object_flags::AIRBORNE) & !object_flags::GROUNDED;
        o.last_update = now;
        o.next_update = now + 1;
        true
    }

    /// The `dt` of `ticks` 60 Hz ticks (divergence 262).
    #[must_use]
    pub fn dt(ticks: i64) -> R {
        R::from_f32(ticks as f32 / 60.0)
    }

    /// A world object's update when it is due (`next_update ≤ now`):
    /// `dt` the time since its last update or settle re-pose; airborne
    /// with a body, the velocity first (`vz −= 15.68 × dt`), then
    /// [`PhysicsWorld::sweep`] with it, the settles its handler asked for
    /// started, then the rotation turned by the angular velocity unless
    /// settling; the next update 2 ticks on while airborne or settling
    /// (0x4040000), else 20. Not airborne, nothing moves (divergence 263).
    /// Returns the sweep's report when it swept.
    ///
    /// Original: `WorldObject_Integrate` (0x00395a10).
    pub fn update_object(
        &mut self,
        world: &mut PhysicsWorld<R>,
        id: OwnerId,
    ) -> Option<SweepReport<R>> {
        self.update_object_with(world, id, &mut ())
    }

    /// [`ReferenceOwners::update_object`] with `hook` seeing (and, if it
    /// chooses, changing) each answer of the sweep ([`OwnerHook`]). With
    /// `()` it is `update_object` itself.
    pub fn update_object_with<H: OwnerHook<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        id: OwnerId,
        hook: &mut H,
    ) -> Option<SweepReport<R>> {
        let now = self.now;
        let o = *self.object(id)?;
        if o.next_update > now {
            return None;
        }
        let dt = Self::dt(now - o.last_update);
        let mut report = None;
        if o.flags & object_flags::AIRBORNE != 0 {
            if let Some(body) = o.body {
                let g = R::from_f32(GRAVITY);
                let mut v = o.velocity;
                v.z = v.z - g * dt;
                if let Some(m) = self.object_mut(id) {
                    m.velocity = v;
                }
                report = Some(self.sweep_body(world, body, v, dt, hook));
                self.start_requested_settles(world);
                let mut turned = false;
                if let Some(m) = self.object_mut(id) {
                    if m.flags & object_flags::SETTLING == 0 && !is_zero(m.angular_velocity) {
                        m.rotation = quat_integrate_angular(dt, m.rotation, m.angular_velocity);
                        turned = true;
                    }
                }
                if turned {
                    // The new rotation re-poses the body's shapes (the sweep
                    // already moved them with the position).
                    world.set_body_flags(body, BodyFlags::DIRTY);
                }
                world.update(&*self, body);
            }
        }
        self.schedule_object(id);
        report
    }

    /// A walking human's body made as the game makes it: any body it had
    /// freed, a fresh one from [`PhysicsWorld::create_human_body`] (flags
    /// 0x8002243f, group 0, the capsule scaled by the owner's class scale),
    /// then for a player body flag 0x400 (the slid velocity written back)
    /// and body scale 1.4286, for anyone else flag 0x400 cleared, and for a
    /// human the game made unpushable flag 0x200; the body posed ([`PhysicsWorld::update`]). `None` when
    /// `id` is not a human or the pool is full ("Sweeping a body", "Human
    /// contacts": what gives BLOCKHUMANS back).
    ///
    /// Original: `Human_CreatePhysicsBody` (0x0021ce08).
    pub fn make_human_body(
        &mut self,
        world: &mut PhysicsWorld<R>,
        id: OwnerId,
        pushable: bool,
    ) -> Option<BodyId> {
        let ReferenceOwner::Human(h) = *self.get(id)? else {
            return None;
        };
        if let Some(old) = h.body {
            world.free_human_body(old);
        }
        let body = world.create_human_body(&*self, id)?;
        if h.player {
            world.set_body_flags(body, BodyFlags::WRITE_VELOCITY);
            world.set_body_scale(body, R::from_f32(PLAYER_SCALE));
        } else {
            // The create's 0x8002243f has 0x400; an AI's body at runtime
            // (0x2223f) has not (divergence 270).
            world.clear_body_flags(body, BodyFlags::WRITE_VELOCITY);
        }
        if !pushable {
            world.set_body_flags(body, BodyFlags::NOT_PUSHABLE);
        }
        self.set_body(id, body);
        world.update(&*self, body);
        Some(body)
    }

    /// Adds `object` with a plain box type (its `size`, no centre offset,
    /// no PHYFLAG layers, kind 0), gives it its body as the game makes one
    /// from a type ([`PhysicsWorld::object_body_from_type`]), records the
    /// body on the owner and poses it ([`PhysicsWorld::update`]); returns
    /// the owner's and the body's ids. `None` when the body or shape pool
    /// is full (the owner stays added, without a body).
    pub fn add_box_object(
        &mut self,
        world: &mut PhysicsWorld<R>,
        object: WorldObjectOwner<R>,
    ) -> Option<(OwnerId, BodyId)> {
        let id = self.push(ReferenceOwner::Object(object));
        let ty = ObjectType {
            shape: ObjectShape::Box { size: object.size },
            centre: Vec4::ZERO,
            phyflags: 0,
            kind: 0,
        };
        let (body, _) = world.object_body_from_type(&*self, id, &ty)?;
        self.set_body(id, body);
        world.update(&*self, body);
        Some((id, body))
    }

    /// One walking step of a human (the physics part of the game's 30 Hz
    /// move): [`PhysicsWorld::sweep`] of its body with `velocity` over
    /// 1/30 s, then the body re-posed where the sweep left it. The caller
    /// chooses `velocity`: an AI's control asks for its speed again every
    /// update, a player keeps what the sweep wrote back ("Sweeping a
    /// body"). `None` without a body.
    pub fn walk_human(
        &mut self,
        world: &mut PhysicsWorld<R>,
        id: OwnerId,
        velocity: Vec4<R>,
    ) -> Option<SweepReport<R>> {
        self.walk_human_with(world, id, velocity, &mut ())
    }

    /// [`ReferenceOwners::walk_human`] with `hook` seeing each answer of
    /// the sweep ([`OwnerHook`]).
    pub fn walk_human_with<H: OwnerHook<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        id: OwnerId,
        velocity: Vec4<R>,
        hook: &mut H,
    ) -> Option<SweepReport<R>> {
        let Some(ReferenceOwner::Human(h)) = self.get_mut(id) else {
            return None;
        };
        let body = h.body?;
        h.velocity = velocity.with_w(R::ZERO);
        let r = self.sweep_body(world, body, velocity.with_w(R::ZERO), Self::dt(2), hook);
        world.update(&*self, body);
        Some(r)
    }

    /// [`PhysicsWorld::sweep`] of `body` with these owners answering
    /// (through `hook`), the box query's candidate list the owners keep
    /// reused.
    fn sweep_body<H: OwnerHook<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        body: BodyId,
        velocity: Vec4<R>,
        dt: R,
        hook: &mut H,
    ) -> SweepReport<R> {
        let mut candidates = core::mem::take(&mut self.candidates);
        let r = world.sweep(
            &mut Hooked { owners: self, hook },
            body,
            velocity,
            dt,
            &MoverState::default(),
            &mut candidates,
        );
        self.candidates = candidates;
        r
    }

    /// Stamps `id`'s update and sets its next one: 2 ticks on while
    /// airborne or settling, else 20.
    ///
    /// Original: `WorldObject_Update` (0x00395b70).
    pub fn schedule_object(&mut self, id: OwnerId) {
        let now = self.now;
        if let Some(m) = self.object_mut(id) {
            let flying = m.flags & (object_flags::AIRBORNE | object_flags::SETTLING) != 0;
            m.last_update = now;
            m.next_update = now
                + if flying {
                    FLYING_INTERVAL
                } else {
                    REST_INTERVAL
                };
        }
    }

    /// Starts the settles the handlers asked for (see the module's "The
    /// settle request").
    pub fn start_requested_settles(&mut self, world: &mut PhysicsWorld<R>) {
        let requests = core::mem::take(&mut self.requests);
        for r in &requests {
            world.start_settle(self, r.owner, r.normal, r.axis);
        }
        self.requests = requests;
        self.requests.clear();
    }

    /// A world object's answer to one contact of its own sweep (overview
    /// "Who answers what", "Settling a landed object"): 2 against a body or
    /// a surface with normal z ≤ 0.7; on a floor 0x10003 once settled
    /// (and the object stops: velocity and angular velocity zero, flags
    /// 0x4000000 and 0x8000000 cleared, 0x2000000 set), else 0x20002, with
    /// a settle asked for when the axis byte is not 0 and the object is
    /// neither settling nor settled. The holder, wear and thrown-at-human
    /// branches are not modelled (divergence 264). With the world's
    /// `object_lands_on_level_only` off ([`ContactContext::quirks`]), a
    /// world object or a car at rest (not airborne) under it is a floor
    /// too, so an object lying on another one or on a car settles and stops
    /// as on the level (divergence 495).
    ///
    /// Original: `WorldObject_OnContact` (0x00394050).
    pub fn world_object_on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        let n = ctx.normal();
        let floor = match ctx.other {
            Other::Level => true,
            Other::Owner(other) => !ctx.quirks.object_lands_on_level_only && self.rests(other),
        };
        let Some(o) = self.object_mut(ctx.mover) else {
            return 0;
        };
        if !floor || n.z <= floor_z() {
            return 2;
        }
        if o.flags & object_flags::SETTLED != 0 {
            o.velocity = Vec4::ZERO;
            o.angular_velocity = Vec4::ZERO;
            o.flags = (o.flags & !(object_flags::AIRBORNE | object_flags::SETTLED))
                | object_flags::GROUNDED;
            return 0x1_0003;
        }
        if o.axis != 0 && o.flags & (object_flags::SETTLING | object_flags::SETTLED) == 0 {
            let axis = o.axis;
            if !self.requests.iter().any(|r| r.owner == ctx.mover) {
                self.requests.push(SettleRequest {
                    owner: ctx.mover,
                    normal: n,
                    axis,
                });
            }
        }
        0x2_0002
    }

    /// Whether `owner` is a world object or a car that is not airborne:
    /// something at rest another object can lie on.
    fn rests(&self, owner: OwnerId) -> bool {
        match self.get(owner) {
            Some(ReferenceOwner::Object(o)) => o.flags & object_flags::AIRBORNE == 0,
            Some(ReferenceOwner::Car(c)) => c.flags & object_flags::AIRBORNE == 0,
            _ => false,
        }
    }

    /// A walking human's answer: 0x20001 (slide, keeping the contact
    /// scale) against the level and against bodies that are not humans, 1
    /// against a body whose type mask has 0x200, and against another human
    /// 4 (slide and push), 0x20004 while airborne. The strike branch
    /// (a charging capsule or an airborne mover striking him, then 1) is
    /// not modelled (divergence 265).
    ///
    /// Original: `Human_OnContact` (0x00219d50).
    pub fn human_on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        let airborne = match self.get(ctx.mover) {
            Some(ReferenceOwner::Human(h)) => h.airborne,
            _ => return 0,
        };
        let Other::Owner(other) = ctx.other else {
            return 0x2_0001;
        };
        let mask = self.type_mask(other);
        if mask & type_bits::HUMAN != 0 {
            return if airborne { 0x2_0004 } else { 4 };
        }
        if mask & type_bits::SLIDE_PAST != 0 {
            return 1;
        }
        0x2_0001
    }

    /// A car's answer: always 2; against the level the car is no longer
    /// airborne and its velocity is zeroed (the damage message 0x3f is not
    /// sent; divergence 266).
    ///
    /// Original: `Car_OnLanded` (0x00389e08).
    pub fn car_on_landed(&mut self, ctx: &ContactContext<R>) -> u32 {
        if let Some(ReferenceOwner::Car(c)) = self.get_mut(ctx.mover) {
            if ctx.other == Other::Level {
                c.flags &= !object_flags::AIRBORNE;
                c.velocity = Vec4::ZERO;
            }
        }
        2
    }
}

fn is_zero<R: Real>(v: Vec4<R>) -> bool {
    v.x == R::ZERO && v.y == R::ZERO && v.z == R::ZERO
}

fn pose<R: Real>(rotation: Quat<R>, position: Vec4<R>) -> Pose<R> {
    Pose {
        axes: rotation.axes(),
        position: position.with_w(R::ONE),
    }
}

impl<R: Real> Owners<R> for ReferenceOwners<R> {
    fn type_mask(&self, owner: OwnerId) -> u32 {
        match self.get(owner) {
            Some(ReferenceOwner::Object(o)) => o.type_mask,
            Some(ReferenceOwner::Human(_)) => type_bits::HUMAN,
            // Inferred: a car's own type mask is not in the overview
            // (divergence 266).
            Some(ReferenceOwner::Car(_)) => type_bits::OBJECT,
            None => 0,
        }
    }

    fn frame(&self, owner: OwnerId) -> Pose<R> {
        match self.get(owner) {
            Some(ReferenceOwner::Object(o)) => pose(o.rotation, o.position),
            Some(ReferenceOwner::Human(h)) => Pose::at(h.position),
            Some(ReferenceOwner::Car(c)) => pose(c.rotation, c.position),
            None => Pose::default(),
        }
    }

    fn bone(&self, owner: OwnerId, bone: u8) -> Pose<R> {
        match self.get(owner) {
            Some(ReferenceOwner::Human(WalkingHumanOwner {
                bone: Some((b, at)),
                ..
            })) if *b == bone => Pose::at(*at),
            _ => self.frame(owner),
        }
    }

    fn on_strike(&mut self, striker: OwnerId, struck: OwnerId, contact: &kernels::Contact<R>) {
        self.strikes.push(StrikeLog {
            tick: self.now,
            striker,
            struck,
            contact: *contact,
        });
    }

    fn human_scale(&self, owner: OwnerId) -> R {
        match self.get(owner) {
            Some(ReferenceOwner::Human(h)) => h.scale,
            _ => R::ONE,
        }
    }

    fn float_attribute(&self, owner: OwnerId, n: u32) -> R {
        match (self.get(owner), n) {
            (Some(ReferenceOwner::Object(o)), 1) => o.weight,
            (Some(ReferenceOwner::Object(o)), 7) => o.push_weight,
            (Some(ReferenceOwner::Object(o)), 8) => o.restitution,
            (Some(ReferenceOwner::Human(h)), 1) => h.weight,
            (Some(ReferenceOwner::Human(h)), 7) => h.push_weight,
            (Some(_), 1 | 7) => R::ONE,
            _ => R::ZERO,
        }
    }

    fn has_attribute(&self, owner: OwnerId, n: u32) -> bool {
        self.get(owner).is_some() && matches!(n, 1 | 7 | 8)
    }

    fn is_player(&self, owner: OwnerId) -> bool {
        matches!(self.get(owner), Some(ReferenceOwner::Human(h)) if h.player)
    }

    fn object_flags(&self, owner: OwnerId) -> u32 {
        match self.get(owner) {
            Some(ReferenceOwner::Object(o)) => o.flags,
            Some(ReferenceOwner::Human(h)) if h.airborne => object_flags::AIRBORNE,
            Some(ReferenceOwner::Car(c)) => c.flags,
            _ => 0,
        }
    }

    fn set_object_flags(&mut self, owner: OwnerId, flags: u32) {
        match self.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => o.flags = flags,
            Some(ReferenceOwner::Human(h)) => h.airborne = flags & object_flags::AIRBORNE != 0,
            Some(ReferenceOwner::Car(c)) => c.flags = flags,
            None => {}
        }
    }

    fn rotation_now(&self, owner: OwnerId) -> Quat<R> {
        match self.get(owner) {
            Some(ReferenceOwner::Object(o)) => {
                if is_zero(o.angular_velocity) {
                    o.rotation
                } else {
                    let dt = Self::dt(self.now - o.last_update);
                    quat_integrate_angular(dt, o.rotation, o.angular_velocity)
                }
            }
            Some(ReferenceOwner::Car(c)) => c.rotation,
            _ => Quat::IDENTITY,
        }
    }

    fn set_pose(&mut self, owner: OwnerId, rotation: Quat<R>, position: Vec4<R>) {
        let now = self.now;
        match self.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => {
                o.rotation = rotation;
                o.position = position.with_w(R::ONE);
                // The settle's re-pose stamps the object's time (the brick
                // trace's 1/60 s updates while settling; divergence 261).
                o.last_update = now;
            }
            Some(ReferenceOwner::Car(c)) => {
                c.rotation = rotation;
                c.position = position.with_w(R::ONE);
            }
            Some(ReferenceOwner::Human(h)) => h.position = position.with_w(R::ONE),
            None => {}
        }
    }

    fn zero_angular_velocity(&mut self, owner: OwnerId) {
        if let Some(o) = self.object_mut(owner) {
            o.angular_velocity = Vec4::ZERO;
        }
    }

    fn on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        let velocity = match self.get(ctx.mover) {
            Some(ReferenceOwner::Object(o)) => o.velocity,
            Some(ReferenceOwner::Human(h)) => h.velocity,
            Some(ReferenceOwner::Car(c)) => c.velocity,
            None => Vec4::ZERO,
        };
        let answer = match self.get(ctx.mover) {
            Some(ReferenceOwner::Object(_)) => self.world_object_on_contact(ctx),
            Some(ReferenceOwner::Human(_)) => self.human_on_contact(ctx),
            Some(ReferenceOwner::Car(_)) => self.car_on_landed(ctx),
            None => 0,
        };
        let other = match ctx.other {
            Other::Level => 0,
            Other::Owner(o) => o.word(),
        };
        self.contacts.push(ContactLog {
            tick: self.now,
            mover: ctx.mover,
            other,
            answer,
            fraction: ctx.contact.fraction.unwrap_or(R::ZERO),
            normal: ctx.normal(),
            velocity,
            triangle: ctx.contact.triangle,
        });
        answer
    }

    fn position(&self, owner: OwnerId) -> Vec4<R> {
        self.frame(owner).position
    }

    fn set_position(&mut self, owner: OwnerId, position: Vec4<R>) {
        let p = position.with_w(R::ONE);
        match self.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => o.position = p,
            Some(ReferenceOwner::Human(h)) => h.position = p,
            Some(ReferenceOwner::Car(c)) => c.position = p,
            None => {}
        }
    }

    fn set_velocity(&mut self, owner: OwnerId, velocity: Vec4<R>) {
        let v = velocity.with_w(R::ZERO);
        match self.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => o.velocity = v,
            Some(ReferenceOwner::Human(h)) => h.velocity = v,
            Some(ReferenceOwner::Car(c)) => c.velocity = v,
            None => {}
        }
    }
}
