//! [`World`]: the world of bodies as a game uses it: bodies made from
//! descriptions and named by [`Body`] handles, values in and out, the tick
//! in the console's order, [`Hooks`] with typed arguments and [`Event`]s.
//!
//! The world keeps its bodies' owners itself, as the record layer's
//! reference owners (a world object, a walking human, a car: the
//! handlers the overview describes), so a game needs no owner code: every
//! call that lets the world answer contacts takes the game's [`Hooks`], or
//! `&mut ()` for the console's answers. The world adds no physics: each call
//! is the record layer's call, or the scenario runner's sequence of them
//! ([`World::tick`]).
//!
//! ```
//! use warriors_physics::prelude::*;
//!
//! let floor = [
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 5.0, 0.0]]),
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, 5.0, 0.0], [-5.0, 5.0, 0.0]]),
//! ];
//! let mut world = World::<f32>::new();
//! world.set_level(Level::from_soup(&floor, &LevelConfig::default(), "floor")?)?;
//! // A 0.4 m crate turned 30° about z, let go 1 m up, drifting sideways.
//! let mut desc = ObjectDesc::cuboid(Point3::new(0.0, 0.0, 1.0), Vector3::new(0.4, 0.4, 0.4));
//! desc.rotation = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5);
//! let crate_ = world.add_object(desc)?;
//! world.drop_object(crate_, Vector3::new(0.3, 0.2, 0.0))?;
//! let mut landed = false;
//! for _ in 0..240 {
//!     world.tick(&mut ());
//!     landed |= world.drain_events().any(|e| matches!(e, Event::Landed { .. }));
//! }
//! // It came down onto the floor and rests there: its centre half its
//! // height and the 0.01 m back-off above it.
//! let z = world.position(crate_)?.z;
//! assert!(landed && (z - 0.21).abs() < 1e-4, "{z}");
//! assert!(world.state(crate_)?.is_at_rest());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answer;
mod body;
mod events;
mod hooks;
mod state;

use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use physics_world::quat::Quat;
use physics_world::reference::{
    CarOwner, Hooked, ReferenceOwner, ReferenceOwners, WalkingHumanOwner, WorldObjectOwner,
};
use physics_world::{
    BodyFlags, BodyId, BoxFilter, BoxQuery, ObjectShape, ObjectType, OwnerId, Owners, PhysicsWorld,
    WorldConfig,
};
use ps2_float::{Real, Vec4};
use shape_pools::Aabb;

pub use answer::{ContactAnswer, ContactCode};
pub use body::{
    Body, BodyAttributes, BodyKind, BodyShape, CarDesc, HumanDesc, ObjectBody, ObjectDesc,
    PaneDesc, WorldId,
};
pub use events::{ContactEvent, Event, StrikeEvent, Touched};
pub use hooks::Hooks;
pub use state::{Layers, ObjectState, SettleAxis, TypeMask};

use crate::character::{WalkInput, WalkStep, Walker};
use crate::convert::{point_out, vector_out, IntoPoint, IntoVector};
use crate::{error::Input, error::QueryError, error::WorldError, level::Level};
use hooks::Bridge;

/// A box's half extents and its pose ([`World::box_pose`]).
pub type BoxPose<R> = (Vector3<R>, Isometry3<f32>);

/// What one [`World::tick`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TickReport {
    /// The tick's number (0 for the first).
    pub tick: u64,
    /// Humans that walked (every second tick, each human with a body).
    pub humans_walked: usize,
    /// World objects that swept (those due and falling).
    pub objects_swept: usize,
    /// Settles that turned their object this tick.
    pub settling: usize,
    /// Settles that ended this tick.
    pub settled: usize,
}

/// A human the world moves through the walking controller.
#[derive(Clone, Debug)]
struct Controlled<R: Real> {
    walker: Walker<R>,
    input: WalkInput<R>,
    last: Option<WalkStep<R>>,
}

/// The world of bodies over a [`Level`] of any number of tiles.
///
/// Made with [`World::new`]; bodies with [`World::add_human`],
/// [`World::add_object`], [`World::add_car`], [`World::add_pane`]; moved
/// by [`World::tick`] (one 60 Hz tick: walking humans at 30 Hz, falling
/// objects when due, the settles), read by [`World::position`],
/// [`World::state`], [`World::shapes`], queried by
/// [`World::bodies_in_box`]; what happened is in [`World::drain_events`].
#[derive(Debug)]
pub struct World<R: Real = f32> {
    id: WorldId,
    inner: PhysicsWorld<R>,
    owners: ReferenceOwners<R>,
    /// The body of each owner slot (owner `n` is slot `n − 1`).
    bodies: Vec<Option<Body>>,
    /// The velocity each human's control asks for, by owner slot.
    asked: Vec<Option<Vec4<R>>>,
    /// Owner slots whose body was freed, to be used again.
    free: Vec<OwnerId>,
    /// The walking controller and its input of each controlled human, by
    /// owner slot, with its last update's step.
    walkers: Vec<Option<Controlled<R>>>,
    /// Objects seen settling, for their end.
    settling: Vec<OwnerId>,
    level: Option<Level<R>>,
    events: Vec<Event<R>>,
    candidates: Vec<BodyId>,
    found: Vec<Body>,
}

impl<R: Real> Default for World<R> {
    fn default() -> Self {
        Self::new()
    }
}

/// The largest coordinate, size, box offset or bone position the world
/// takes, in metres, in either float mode (divergence 353).
///
/// Every derived bound must stay finite: a body's box is its origin plus
/// its rotated extents (at most `√3` times a size), and the kernels take
/// products of up to four lengths (the squared length of a cross product,
/// a segment pair's `a·c − b²`). With every length within 10⁸ m the
/// difference of two boxes' corners stays below about 10⁹ m and its fourth
/// power (10³⁶) a hundred times below `f32::MAX` (3.4 × 10³⁸); the `Ee32`
/// mode's largest number is about twice that. The cap is far beyond any
/// level: a coordinate keeps centimetre precision only up to 131,072 m.
pub const MAX_LENGTH: f32 = 1.0e8;

/// The largest speed (each component, m/s) the world takes: a walk, a
/// throw (divergence 353). At 10⁵ m/s a 60 Hz tick moves a body at most
/// about 1.7 km (3.3 km for a human's 30 Hz walk), well within
/// [`MAX_LENGTH`].
pub const MAX_SPEED: f32 = 1.0e5;

/// The largest human class scale the world takes (divergence 353): the
/// scaled capsule and bone shapes (about 2 m at scale 1) stay far within
/// [`MAX_LENGTH`].
pub const MAX_SCALE: f32 = 1.0e3;

/// The weights (attribute 1) the world takes, both ends included
/// (divergence 353). A push is divided by the pushed body's weight times
/// its push weight and multiplied by the pusher's weight (a walking
/// human's push of `0.25·w / (w′·k′)` each tick, the slide-and-push of
/// code 4; overview "Contacts"), so no weight may be zero, and the range
/// bounds the ratio of two weights by 10⁶: with [`PUSH_WEIGHT_RANGE`] a
/// tick's push moves a body at most 2.5 × 10⁵ m, far within
/// [`MAX_LENGTH`]. The examples' weights (1 for an object, 82 for a human)
/// are well inside.
pub const WEIGHT_RANGE: core::ops::RangeInclusive<f32> = 1.0e-2..=1.0e4;

/// The push weights (attribute 7) the world takes, both ends included
/// (divergence 353): the console's two values, 1 and 10⁹ (a held or
/// downed body), are its ends. A push weight below 1 would multiply every
/// push it divides.
pub const PUSH_WEIGHT_RANGE: core::ops::RangeInclusive<f32> = 1.0..=1.0e9;

/// The restitutions the world takes (attribute 8), both ends included
/// (divergence 353): a bounce gives back at most the speed it met, so
/// repeated bounces never grow a body's speed past every bound.
pub const RESTITUTION_RANGE: core::ops::RangeInclusive<f32> = 0.0..=1.0;

/// `v`'s three lanes checked: not finite → `NonFinite`, beyond `cap` →
/// `OutOfRange`, each naming `input`.
fn in_range<R: Real>(v: Option<Vec4<R>>, input: Input, cap: f32) -> Result<Vec4<R>, QueryError> {
    let v = v.ok_or(QueryError::NonFinite { input })?;
    let [x, y, z, _] = v.to_f32();
    if [x, y, z].iter().all(|c| c.is_finite()) {
        if [x, y, z].iter().all(|c| c.abs() <= cap) {
            Ok(v)
        } else {
            Err(QueryError::OutOfRange { input })
        }
    } else {
        Err(QueryError::NonFinite { input })
    }
}

fn finite_point<R: Real>(p: &Point3<R>, input: Input) -> Result<Vec4<R>, QueryError> {
    in_range(Vec4::point(p.x, p.y, p.z).into_point(), input, MAX_LENGTH)
}

fn finite_vector<R: Real>(v: &Vector3<R>, input: Input) -> Result<Vec4<R>, QueryError> {
    in_range(
        Vec4::new(v.x, v.y, v.z, R::ZERO).into_vector(),
        input,
        MAX_LENGTH,
    )
}

fn velocity_in<R: Real>(v: Option<Vec4<R>>) -> Result<Vec4<R>, QueryError> {
    in_range(v, Input::Velocity, MAX_SPEED)
}

fn size_of<R: Real>(x: R, input: Input) -> Result<R, QueryError> {
    let f = x.to_f32();
    if !f.is_finite() {
        Err(QueryError::NonFinite { input })
    } else if x < R::ZERO {
        Err(QueryError::Negative { input })
    } else if f > MAX_LENGTH {
        Err(QueryError::OutOfRange { input })
    } else {
        Ok(x)
    }
}

fn sizes<R: Real>(v: &Vector3<R>, input: Input) -> Result<Vec4<R>, QueryError> {
    for &x in v.iter() {
        size_of(x, input)?;
    }
    Ok(Vec4::new(v.x, v.y, v.z, R::ZERO))
}

fn quat_in(q: &UnitQuaternion<f32>) -> Result<Quat<f32>, QueryError> {
    let c = q.coords;
    let input = Input::Rotation;
    if !c.iter().all(|x| x.is_finite()) {
        return Err(QueryError::NonFinite { input });
    }
    // A `UnitQuaternion` made unchecked may be of any length; its rotation
    // would scale the box's axes (divergence 353).
    if (f64::from(c.norm_squared()) - 1.0).abs() > 1e-3 {
        return Err(QueryError::OutOfRange { input });
    }
    Ok(Quat::from_f32([c.x, c.y, c.z, c.w]))
}

fn quat_r<R: Real>(q: &UnitQuaternion<f32>) -> Result<Quat<R>, QueryError> {
    Ok(Quat::from_f32(quat_in(q)?.to_f32()))
}

fn attributes<R: Real>(a: &BodyAttributes<R>) -> Result<(), QueryError> {
    let input = Input::Attribute;
    for (x, range) in [
        (a.weight, WEIGHT_RANGE),
        (a.push_weight, PUSH_WEIGHT_RANGE),
        (a.restitution, RESTITUTION_RANGE),
    ] {
        let f = x.to_f32();
        if !f.is_finite() {
            return Err(QueryError::NonFinite { input });
        }
        if !range.contains(&f) {
            return Err(QueryError::OutOfRange { input });
        }
    }
    Ok(())
}

impl<R: Real> World<R> {
    /// An empty world with the console's pool sizes and no level.
    #[must_use]
    pub fn new() -> Self {
        Self::with_config(WorldConfig::default())
    }

    /// An empty world with these pool sizes and step rate.
    #[must_use]
    pub fn with_config(config: WorldConfig) -> Self {
        Self {
            id: WorldId::fresh(),
            inner: PhysicsWorld::construct(config),
            owners: ReferenceOwners::default(),
            bodies: Vec::new(),
            asked: Vec::new(),
            walkers: Vec::new(),
            free: Vec::new(),
            settling: Vec::new(),
            level: None,
            events: Vec::with_capacity(64),
            candidates: Vec::with_capacity(256),
            found: Vec::new(),
        }
    }

    /// This world's identity, which its [`Body`] handles carry.
    #[must_use]
    pub fn id(&self) -> WorldId {
        self.id
    }

    /// Puts `level` under the world's bodies, whatever its number of
    /// tiles: the record layer's world is given the level's tiles, shared
    /// (the `Arc` of [`Level::shared`]; no mesh is copied), and each of its
    /// mesh questions (the body sweep's mesh pass, the landing segment,
    /// `CollideShape`, `OverlapShape`) is asked of the tiles its box reaches
    /// and merged as one mesh would answer, with the level queries' rule
    /// (divergences 341, 344, 345). A contact names its triangle by
    /// [`TriangleId`](crate::TriangleId).
    ///
    /// # Errors
    ///
    /// [`WorldError::LevelTooLarge`] for a level of more tiles than a
    /// contact's triangle word can name (65,536); the world keeps its
    /// level then.
    pub fn set_level(&mut self, level: Level<R>) -> Result<(), WorldError> {
        self.inner
            .set_level(std::sync::Arc::clone(level.shared()))
            .map_err(|_| WorldError::LevelTooLarge {
                tiles: level.tile_count(),
            })?;
        self.level = Some(level);
        Ok(())
    }

    /// The level, for the facade's queries ([`Level::cast_sphere`], ...),
    /// which take `&self`; clone it (an `Arc` clone) to ask it from
    /// elsewhere, another thread included.
    ///
    /// A triangle switched on or off through the record layer's world
    /// (`record_mut().mesh_mut()`) is switched in the world's own copy,
    /// which the level then no longer shares (copy on write).
    #[must_use]
    pub fn level(&self) -> Option<&Level<R>> {
        self.level.as_ref()
    }

    /// The record layer's world, for what the facade does not wrap.
    #[must_use]
    pub fn record(&self) -> &PhysicsWorld<R> {
        &self.inner
    }

    /// The record layer's world, mutably.
    pub fn record_mut(&mut self) -> &mut PhysicsWorld<R> {
        &mut self.inner
    }

    /// The record layer's reference owners the world keeps for its bodies
    /// (owner `n` is the body's record-layer owner id).
    #[must_use]
    pub fn reference_owners(&self) -> &ReferenceOwners<R> {
        &self.owners
    }

    /// How many ticks [`World::tick`] has run.
    #[must_use]
    pub fn ticks(&self) -> u64 {
        u64::try_from(self.owners.now).unwrap_or(0)
    }

    // ---------------------------------------------------------------
    // Making and freeing bodies.

    /// An owner slot for `owner`: a freed one first, else a new one.
    fn alloc_owner(&mut self, owner: ReferenceOwner<R>) -> OwnerId {
        if let Some(id) = self.free.pop() {
            if let Some(slot) = self.owners.get_mut(id) {
                *slot = owner;
                return id;
            }
        }
        let id = self.owners.push(owner);
        self.bodies.push(None);
        self.asked.push(None);
        self.walkers.push(None);
        id
    }

    fn slot(id: OwnerId) -> usize {
        id.word() as usize - 1
    }

    fn bind(
        &mut self,
        owner: OwnerId,
        id: Option<BodyId>,
        what: &'static str,
    ) -> Result<Body, WorldError> {
        let Some(id) = id else {
            self.free.push(owner);
            return Err(WorldError::PoolFull { what });
        };
        self.owners.set_body(owner, id);
        let body = Body { world: self.id, id };
        self.bodies[Self::slot(owner)] = Some(body);
        self.asked[Self::slot(owner)] = None;
        self.walkers[Self::slot(owner)] = None;
        self.inner.update(&self.owners, id);
        Ok(body)
    }

    /// A human's body (`Human_CreatePhysicsBody` through the reference
    /// walking human: flags 0x8002243f, a player's 0x400 and scale
    /// 1.4286), standing at `desc.feet`, posed.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite input, a scale not above
    /// zero, or an input outside the world's range ([`MAX_LENGTH`],
    /// [`MAX_SCALE`], [`WEIGHT_RANGE`], [`PUSH_WEIGHT_RANGE`],
    /// [`RESTITUTION_RANGE`]);
    /// [`WorldError::PoolFull`] when every human body set is in use.
    pub fn add_human(&mut self, desc: HumanDesc<R>) -> Result<Body, WorldError> {
        let feet = finite_point(&desc.feet, Input::Position)?;
        if size_of(desc.scale, Input::Scale)? == R::ZERO {
            return Err(QueryError::Negative {
                input: Input::Scale,
            }
            .into());
        }
        if desc.scale.to_f32() > MAX_SCALE {
            return Err(QueryError::OutOfRange {
                input: Input::Scale,
            }
            .into());
        }
        attributes(&desc.attributes)?;
        let mut h = WalkingHumanOwner::at(feet);
        h.player = desc.player;
        h.scale = desc.scale;
        h.weight = desc.attributes.weight;
        h.push_weight = desc.attributes.push_weight;
        let owner = self.alloc_owner(ReferenceOwner::Human(h));
        let id = self
            .owners
            .make_human_body(&mut self.inner, owner, desc.pushable);
        self.bind(owner, id, "human body")
    }

    /// A world object's body as the game makes it from the object's type
    /// (`Obj_CreatePhysicsBody`: the shape, the PHYFLAG layers, kind 0, no
    /// centre offset), posed, at rest.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite input, a negative size, or an
    /// input outside the world's range ([`MAX_LENGTH`], [`WEIGHT_RANGE`],
    /// [`PUSH_WEIGHT_RANGE`], [`RESTITUTION_RANGE`], a rotation not of unit
    /// length);
    /// [`WorldError::PoolFull`] when the object pool is full.
    pub fn add_object(&mut self, desc: ObjectDesc<R>) -> Result<Body, WorldError> {
        let position = finite_point(&desc.position, Input::Position)?;
        let rotation = quat_r(&desc.rotation)?;
        attributes(&desc.attributes)?;
        let (shape, size) = match desc.shape {
            ObjectBody::Box { size } => {
                let s = sizes(&size, Input::HalfExtents)?;
                (ObjectShape::Box { size: s }, s)
            }
            ObjectBody::Sphere { radius } => {
                let d = size_of(radius, Input::Radius)? + radius;
                let s = Vec4::new(d, d, d, R::ZERO);
                (ObjectShape::Sphere { size: s }, s)
            }
        };
        let mut o = WorldObjectOwner::at(position, size, desc.settle.byte());
        o.rotation = rotation;
        o.weight = desc.attributes.weight;
        o.push_weight = desc.attributes.push_weight;
        o.restitution = desc.attributes.restitution;
        o.type_mask = desc.type_mask.bits();
        let owner = self.alloc_owner(ReferenceOwner::Object(o));
        let ty = ObjectType {
            shape,
            centre: Vec4::ZERO,
            phyflags: desc.layers.bits(),
            kind: 0,
        };
        let id = self
            .inner
            .object_body_from_type(&self.owners, owner, &ty)
            .map(|(id, _)| id);
        self.bind(owner, id, "object body")
    }

    /// A car's body of two boxes (`IPhysics_CreateCarBody`), posed.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite input, a negative half
    /// extent, or a length beyond [`MAX_LENGTH`] (a rotation not of unit
    /// length); [`WorldError::PoolFull`] when the car pool is full.
    pub fn add_car(&mut self, desc: CarDesc<R>) -> Result<Body, WorldError> {
        let position = finite_point(&desc.position, Input::Position)?;
        let rotation = quat_r(&desc.rotation)?;
        let mut boxes = [(Vec4::ZERO, Vec4::ZERO); 2];
        for (k, (half, offset)) in desc.boxes.iter().enumerate() {
            boxes[k] = (
                sizes(half, Input::HalfExtents)?,
                finite_vector(offset, Input::Position)?,
            );
        }
        let owner = self.alloc_owner(still_car(position, rotation));
        let id = self.inner.create_car_body(&self.owners, owner, boxes);
        self.bind(owner, id, "car body")
    }

    /// A glass pane's box body of full `desc.size` (`Physics_CreateBoxBody`),
    /// posed. Its owner is a static reference owner (the car's kind, which
    /// never moves on its own; divergence 350).
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite input, a negative size, or a
    /// length beyond [`MAX_LENGTH`] (a rotation not of unit length);
    /// [`WorldError::PoolFull`] when the pane pool is full.
    pub fn add_pane(&mut self, desc: PaneDesc<R>) -> Result<Body, WorldError> {
        let position = finite_point(&desc.position, Input::Position)?;
        let rotation = quat_r(&desc.rotation)?;
        let size = sizes(&desc.size, Input::HalfExtents)?;
        let owner = self.alloc_owner(still_car(position, rotation));
        let id = self.inner.create_box_body(&self.owners, owner, size);
        self.bind(owner, id, "pane body")
    }

    /// The owner of a live body of this world.
    fn owner(&self, body: Body) -> Result<OwnerId, WorldError> {
        if body.world != self.id {
            return Err(WorldError::OtherWorld);
        }
        self.inner
            .body(body.id)
            .map(|b| b.owner)
            .ok_or(WorldError::NoSuchBody)
    }

    /// Frees a body with its kind's free call; its handle is stale from
    /// then on.
    ///
    /// # Errors
    ///
    /// [`WorldError::NoSuchBody`] for a stale handle,
    /// [`WorldError::OtherWorld`] for another world's.
    pub fn remove(&mut self, body: Body) -> Result<(), WorldError> {
        let owner = self.owner(body)?;
        let id = body.id;
        let ok = match body.kind() {
            BodyKind::Human => self.inner.free_human_body(id),
            BodyKind::PunchBag => self.inner.free_punch_bag_body(id),
            BodyKind::Object => self.inner.free_object_body(id),
            BodyKind::Pane => self.inner.free_box_body(id),
            BodyKind::Car => self.inner.free_car_body(id),
        };
        if !ok {
            return Err(WorldError::NoSuchBody);
        }
        match self.owners.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => o.body = None,
            Some(ReferenceOwner::Human(h)) => h.body = None,
            Some(ReferenceOwner::Car(c)) => c.body = None,
            None => {}
        }
        self.bodies[Self::slot(owner)] = None;
        self.asked[Self::slot(owner)] = None;
        self.walkers[Self::slot(owner)] = None;
        self.settling.retain(|&o| o != owner);
        self.free.push(owner);
        Ok(())
    }

    /// How many bodies the world holds.
    #[must_use]
    pub fn body_count(&self) -> usize {
        self.bodies.iter().flatten().count()
    }

    // ---------------------------------------------------------------
    // Moving bodies.

    fn human_owner(&self, body: Body) -> Result<OwnerId, WorldError> {
        let owner = self.owner(body)?;
        match body.kind() {
            BodyKind::Human => Ok(owner),
            found => Err(WorldError::WrongKind {
                expected: BodyKind::Human,
                found,
            }),
        }
    }

    /// The velocity a human's control asks for from now on (m/s, the
    /// level's axes): [`World::tick`] walks him with it every second tick
    /// (an AI's control asks again every update, "Sweeping a body"). A
    /// player whose sweep wrote the slid velocity back walks with what the
    /// control asks, as an AI does.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite velocity or one beyond
    /// [`MAX_SPEED`]; a stale or foreign handle; [`WorldError::WrongKind`]
    /// for a body that is not a human.
    pub fn set_walk(&mut self, body: Body, velocity: impl IntoVector<R>) -> Result<(), WorldError> {
        let v = velocity_in(velocity.into_vector())?;
        let owner = self.human_owner(body)?;
        self.asked[Self::slot(owner)] = Some(v.with_w(R::ZERO));
        Owners::set_velocity(&mut self.owners, owner, v);
        Ok(())
    }

    /// Moves a human from now on through the walking controller
    /// ([`Walker`]: the game's character code around the body sweep, which
    /// follows the ground, steps onto kerbs, falls off ledges and lands):
    /// [`World::tick`] gives `input` to one controller update every second
    /// tick, in place of [`World::set_walk`]'s plain sweep. A jump asked in
    /// `input` is taken once. Call again to change the input (each update
    /// of a game's control); a player's controller is made with the
    /// player's number 0.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite velocity or one beyond
    /// [`MAX_SPEED`]; a stale or foreign handle; [`WorldError::WrongKind`]
    /// for a body that is not a human.
    pub fn control(&mut self, body: Body, input: WalkInput<R>) -> Result<(), WorldError> {
        let v = input.velocity;
        velocity_in(Vec4::new(v.x, v.y, v.z, R::ZERO).into_vector())?;
        let owner = self.human_owner(body)?;
        let player = Owners::is_player(&self.owners, owner);
        let slot = &mut self.walkers[Self::slot(owner)];
        match slot {
            Some(c) => c.input = input,
            None => {
                let walker = if player {
                    Walker::new().with_player(0)
                } else {
                    Walker::new()
                };
                *slot = Some(Controlled {
                    walker,
                    input,
                    last: None,
                });
            }
        }
        Ok(())
    }

    /// What a controlled human's last controller update did (`None` before
    /// the first, or for a human not controlled).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle; [`WorldError::WrongKind`] for a body that
    /// is not a human.
    pub fn last_walk(&self, body: Body) -> Result<Option<&WalkStep<R>>, WorldError> {
        let owner = self.human_owner(body)?;
        Ok(self.walkers[Self::slot(owner)]
            .as_ref()
            .and_then(|c| c.last.as_ref()))
    }

    /// Lets a world object go (`velocity` zero) or throws it: airborne
    /// from the next tick on (the reference owner's drop, "Settling a
    /// landed object"; divergence 261).
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite velocity or one beyond
    /// [`MAX_SPEED`]; a stale or foreign handle; [`WorldError::WrongKind`]
    /// for a body that is not a world object.
    pub fn drop_object(
        &mut self,
        body: Body,
        velocity: impl IntoVector<R>,
    ) -> Result<(), WorldError> {
        let v = velocity_in(velocity.into_vector())?;
        let owner = self.owner(body)?;
        if !self.owners.drop_object(owner, v) {
            return Err(WorldError::WrongKind {
                expected: BodyKind::Object,
                found: body.kind(),
            });
        }
        Ok(())
    }

    /// Puts a body's owner at `position` (a human's feet, an object's or
    /// a car's origin) and re-poses the body there.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite position or one beyond
    /// [`MAX_LENGTH`]; a stale or foreign handle.
    pub fn set_position(
        &mut self,
        body: Body,
        position: impl IntoPoint<R>,
    ) -> Result<(), WorldError> {
        let p = in_range(position.into_point(), Input::Position, MAX_LENGTH)?;
        let owner = self.owner(body)?;
        Owners::set_position(&mut self.owners, owner, p);
        self.inner.set_body_flags(body.id, BodyFlags::DIRTY);
        self.inner.update(&self.owners, body.id);
        Ok(())
    }

    /// Turns a human's strike shape on a bone on or off (`bone` the bone
    /// shape's number, 0-9; `None` every bone; `PhysicsBody_EnableBone`):
    /// [`World::tick`] tests the shapes switched on after each walk
    /// (`Human_TestStrikes`) and reports what they meet as
    /// [`Event::Strike`].
    ///
    /// # Errors
    ///
    /// A stale or foreign handle; [`WorldError::WrongKind`] for a body that
    /// is not a human.
    pub fn set_strike_bone(
        &mut self,
        body: Body,
        bone: Option<u8>,
        on: bool,
    ) -> Result<(), WorldError> {
        self.human_owner(body)?;
        self.inner.set_bone_shape_enabled(body.id, bone, on);
        Ok(())
    }

    /// Where a human's bone is (its world position, identity axes; every
    /// other bone is at the human's frame): what a strike shape on it is
    /// posed from.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite point or one beyond
    /// [`MAX_LENGTH`]; a stale or foreign handle; [`WorldError::WrongKind`]
    /// for a body that is not a human.
    pub fn set_bone_position(
        &mut self,
        body: Body,
        bone: u8,
        at: impl IntoPoint<R>,
    ) -> Result<(), WorldError> {
        let p = in_range(at.into_point(), Input::Position, MAX_LENGTH)?;
        let owner = self.human_owner(body)?;
        if let Some(ReferenceOwner::Human(h)) = self.owners.get_mut(owner) {
            h.bone = Some((bone, p));
        }
        Ok(())
    }

    /// One 60 Hz tick, in the order the scenario runner (and the game)
    /// runs it: on every second tick each human (in the order they were
    /// made) walks 1/30 s with the velocity his control asks for
    /// ([`World::set_walk`]; the body sweep, `PhysicsBody_Sweep`) and his
    /// strike shapes are tested (`Human_TestStrikes`); then each world
    /// object due (`WorldObject_Integrate`: gravity, the body sweep, the
    /// settle requests); then the step (`IPhysics_Step`: the settles turn,
    /// the widest-body bound refreshed when due); then the clock moves on.
    /// Every contact's answer goes through `hooks` (`&mut ()` for the
    /// console's); what happened is added to the events
    /// ([`World::drain_events`]). The order is divergence 348, the events
    /// divergence 349.
    pub fn tick<H: Hooks<R> + ?Sized>(&mut self, hooks: &mut H) -> TickReport {
        let Self {
            id,
            inner,
            owners,
            bodies,
            asked,
            walkers,
            settling,
            events,
            candidates,
            ..
        } = self;
        let now = owners.now;
        owners.contacts.clear();
        owners.strikes.clear();
        let mut report = TickReport {
            tick: u64::try_from(now).unwrap_or(0),
            ..TickReport::default()
        };
        let mut bridge = Bridge {
            hooks,
            events,
            bodies: &*bodies,
            world: *id,
        };
        let slots = bridge.bodies.len();
        if now % 2 == 0 {
            for (k, asked) in asked.iter().enumerate() {
                let Some(body) = bridge.bodies[k] else {
                    continue;
                };
                let owner = body_owner(k);
                let Some(ReferenceOwner::Human(h)) = owners.get(owner) else {
                    continue;
                };
                let v = asked.unwrap_or(h.velocity);
                if let Some(c) = walkers[k].as_mut() {
                    let mut hooked = Hooked {
                        owners: &mut *owners,
                        hook: &mut bridge,
                    };
                    if let Ok(step) = c.walker.update(inner, &mut hooked, body.id, &c.input) {
                        report.humans_walked += 1;
                        if step.landed.is_some() {
                            bridge.events.push(Event::Landed {
                                body,
                                at: step.feet,
                            });
                        }
                        let asked_move =
                            c.input.velocity.x != R::ZERO || c.input.velocity.y != R::ZERO;
                        if asked_move && step.displacement.iter().all(|x| *x == R::ZERO) {
                            bridge.events.push(Event::Stuck { body });
                        }
                        c.input.jump = false;
                        c.last = Some(step);
                    }
                } else if let Some(r) = owners.walk_human_with(inner, owner, v, &mut bridge) {
                    report.humans_walked += 1;
                    if r.stuck {
                        bridge.events.push(Event::Stuck { body });
                    }
                }
                inner.test_strikes(
                    &mut Hooked {
                        owners: &mut *owners,
                        hook: &mut bridge,
                    },
                    body.id,
                    candidates,
                );
            }
        }
        for k in 0..slots {
            let Some(body) = bridge.bodies[k] else {
                continue;
            };
            let owner = body_owner(k);
            let Some(before) = owners.object(owner).map(|o| o.flags) else {
                continue;
            };
            let swept = owners.update_object_with(inner, owner, &mut bridge);
            let after = owners.object(owner).map_or(0, |o| o.flags);
            if let Some(r) = swept {
                report.objects_swept += 1;
                if r.stuck {
                    bridge.events.push(Event::Stuck { body });
                }
            }
            object_events(bridge.events, owners, body, owner, before, after, settling);
        }
        let step = inner.step(owners);
        report.settling = step.settling;
        report.settled = step.settled;
        let events = &mut *bridge.events;
        let bodies = bridge.bodies;
        settling.retain(|&owner| {
            let flags = owners.object(owner).map_or(0, |o| o.flags);
            let done = flags & ObjectState::SETTLING.bits() == 0;
            if done {
                if let Some(body) = bodies[Self::slot(owner)] {
                    events.push(Event::SettleFinished { body });
                }
            }
            !done
        });
        owners.now += 1;
        report
    }

    /// The events since they were last drained, oldest first.
    #[must_use]
    pub fn events(&self) -> &[Event<R>] {
        &self.events
    }

    /// Takes the events since they were last drained, oldest first. Drain
    /// them every tick: the list keeps its room, so a steady game
    /// allocates nothing for them.
    pub fn drain_events(&mut self) -> std::vec::Drain<'_, Event<R>> {
        self.events.drain(..)
    }

    // ---------------------------------------------------------------
    // Reading bodies.

    /// Where a body's owner is: a human's feet, an object's or a car's
    /// origin.
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn position(&self, body: Body) -> Result<Point3<R>, WorldError> {
        let owner = self.owner(body)?;
        Ok(point_out(Owners::position(&self.owners, owner)))
    }

    /// A body's owner's velocity (for a player, what the last sweep wrote
    /// back).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn velocity(&self, body: Body) -> Result<Vector3<R>, WorldError> {
        let owner = self.owner(body)?;
        Ok(vector_out(match self.owners.get(owner) {
            Some(ReferenceOwner::Object(o)) => o.velocity,
            Some(ReferenceOwner::Human(h)) => h.velocity,
            Some(ReferenceOwner::Car(c)) => c.velocity,
            None => Vec4::ZERO,
        }))
    }

    /// A body's owner's rotation (a human's is the identity).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn rotation(&self, body: Body) -> Result<UnitQuaternion<f32>, WorldError> {
        let owner = self.owner(body)?;
        let q = match self.owners.get(owner) {
            Some(ReferenceOwner::Object(o)) => o.rotation.to_f32(),
            Some(ReferenceOwner::Car(c)) => c.rotation.to_f32(),
            _ => Quat::<R>::IDENTITY.to_f32(),
        };
        Ok(UnitQuaternion::new_normalize(nalgebra::Quaternion::new(
            q[3], q[0], q[1], q[2],
        )))
    }

    /// What a body's owner is doing: falling, settling, at rest, held.
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn state(&self, body: Body) -> Result<ObjectState, WorldError> {
        let owner = self.owner(body)?;
        Ok(ObjectState::from_bits_retain(Owners::object_flags(
            &self.owners,
            owner,
        )))
    }

    /// A body's weights.
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn attributes(&self, body: Body) -> Result<BodyAttributes<R>, WorldError> {
        let owner = self.owner(body)?;
        let a = |n| Owners::float_attribute(&self.owners, owner, n);
        Ok(BodyAttributes {
            weight: a(1),
            push_weight: a(7),
            restitution: a(8),
        })
    }

    /// Sets a body's weights (a human's restitution is not kept: nothing
    /// reads it).
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite value or one outside
    /// [`WEIGHT_RANGE`], [`PUSH_WEIGHT_RANGE`] or [`RESTITUTION_RANGE`]; a
    /// stale or foreign handle.
    pub fn set_attributes(&mut self, body: Body, a: BodyAttributes<R>) -> Result<(), WorldError> {
        attributes(&a)?;
        let owner = self.owner(body)?;
        match self.owners.get_mut(owner) {
            Some(ReferenceOwner::Object(o)) => {
                o.weight = a.weight;
                o.push_weight = a.push_weight;
                o.restitution = a.restitution;
            }
            Some(ReferenceOwner::Human(h)) => {
                h.weight = a.weight;
                h.push_weight = a.push_weight;
            }
            _ => {}
        }
        Ok(())
    }

    /// A body's flags (`+0x40`).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn body_flags(&self, body: Body) -> Result<BodyFlags, WorldError> {
        self.owner(body)?;
        Ok(self
            .inner
            .body(body.id)
            .map(|b| b.flags)
            .unwrap_or_default())
    }

    /// The body's world box (`min`, `max`).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn bounds(&self, body: Body) -> Result<(Point3<R>, Point3<R>), WorldError> {
        self.owner(body)?;
        let b = self.inner.body(body.id).ok_or(WorldError::NoSuchBody)?;
        Ok((point_out(b.aabb.min), point_out(b.aabb.max)))
    }

    /// The body's shapes as the world last posed them, in the body's chain
    /// order.
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn shapes(
        &self,
        body: Body,
    ) -> Result<impl Iterator<Item = BodyShape<R>> + '_, WorldError> {
        self.owner(body)?;
        Ok(self
            .inner
            .body_shapes(body.id)
            .filter_map(|s| self.inner.shape(s).map(|sh| BodyShape::of(&sh.geom))))
    }

    /// The sphere the body's capsule meets the level's walls with, as the
    /// world last posed it: its centre and radius (`None` for a body with
    /// no capsule). That is the capsule's radius times the body's scale
    /// (1, or a player's 1.4286), its centre that radius plus 0.05 m above
    /// the feet: what a walking step sweeps (overview "Sweeping a body";
    /// the record layer's `walking_sphere`, divergence 161).
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let mut world = World::<f32>::new();
    /// let human = world.add_human(HumanDesc::at(Point3::new(1.0, 2.0, 0.0)))?;
    /// let (centre, radius) = world.walking_sphere(human)?.expect("a human has a capsule");
    /// assert_eq!(radius, 0.35);
    /// assert_eq!(centre, Point3::new(1.0, 2.0, 0.35 + 0.05));
    /// # Ok::<(), warriors_physics::WorldError>(())
    /// ```
    pub fn walking_sphere(&self, body: Body) -> Result<Option<(Point3<R>, R)>, WorldError> {
        self.owner(body)?;
        let b = self.inner.body(body.id).ok_or(WorldError::NoSuchBody)?;
        let capsule = self
            .inner
            .body_shapes(body.id)
            .filter_map(|s| self.inner.shape(s))
            .find_map(|sh| match &sh.geom {
                kernels::Shape::Capsule(c) => Some(*c),
                _ => None,
            });
        Ok(capsule.map(|c| {
            let s = collision_mesh::query::walking_sphere(&c, b.scale.x);
            (point_out(s.centre), s.radius)
        }))
    }

    /// The pose of the body's first box (a world object's crate, a car's
    /// first box, a pane) with its half extents; `None` for a body with no
    /// box.
    ///
    /// # Errors
    ///
    /// A stale or foreign handle.
    pub fn box_pose(&self, body: Body) -> Result<Option<BoxPose<R>>, WorldError> {
        Ok(self.shapes(body)?.find_map(|s| match s {
            BodyShape::Box { half_extents, pose } => Some((half_extents, pose)),
            _ => None,
        }))
    }

    /// The bodies whose boxes meet the box `min`…`max` and whose owners'
    /// type masks meet `mask` (`IPhysics_QueryBox`), in the sorted list's
    /// order.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a non-finite corner.
    pub fn bodies_in_box(
        &mut self,
        min: impl IntoPoint<R>,
        max: impl IntoPoint<R>,
        mask: TypeMask,
    ) -> Result<&[Body], QueryError> {
        let nf = QueryError::NonFinite {
            input: Input::Position,
        };
        let lo = min.into_point().ok_or(nf)?;
        let hi = max.into_point().ok_or(nf)?;
        self.candidates.clear();
        self.inner.query_box(
            &mut self.candidates,
            &Aabb::new(lo, hi),
            &BoxQuery::new(mask.bits()),
        );
        self.found.clear();
        let world = self.id;
        let inner = &self.inner;
        // The record layer's answer, each body's box held to the query's
        // once more: with the world's inputs in range every box is finite
        // and this keeps every candidate; it only guards the answer against
        // a box made non-finite through the record layer (divergence 354).
        let meets = |id: &BodyId| {
            inner.body(*id).is_some_and(|b| {
                let (a, q) = (b.aabb, Aabb::new(lo, hi));
                a.min.x <= q.max.x
                    && a.max.x >= q.min.x
                    && a.min.y <= q.max.y
                    && a.max.y >= q.min.y
                    && a.min.z <= q.max.z
                    && a.max.z >= q.min.z
            })
        };
        self.found.extend(
            self.candidates
                .iter()
                .filter(|id| meets(id))
                .map(|&id| Body { world, id }),
        );
        Ok(&self.found)
    }

    /// [`World::bodies_in_box`] through `&self`: calls `each` with every
    /// body found, in the same order, and keeps nothing (no allocation), so
    /// that queries can share the world (an engine's systems reading it at
    /// once). Returns how many were found.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a non-finite corner.
    pub fn each_body_in_box(
        &self,
        min: impl IntoPoint<R>,
        max: impl IntoPoint<R>,
        mask: TypeMask,
        mut each: impl FnMut(Body),
    ) -> Result<usize, QueryError> {
        let nf = QueryError::NonFinite {
            input: Input::Position,
        };
        let lo = min.into_point().ok_or(nf)?;
        let hi = max.into_point().ok_or(nf)?;
        let world = self.id;
        let mut found = 0;
        // The filtered walk with no extra filter keeps what the plain walk
        // keeps, in its order; its `accept` sees each body kept and answers
        // "no", so the id list stays empty and unallocated.
        let mut none = Vec::new();
        self.inner.query_box_filtered(
            &self.owners,
            &mut none,
            &Aabb::new(lo, hi),
            &BoxQuery::new(mask.bits()),
            &BoxFilter::default(),
            |id, _| {
                found += 1;
                each(Body { world, id });
                false
            },
        );
        Ok(found)
    }
}

/// A car's reference owner standing still at `position` (a car's, and a
/// pane's: divergence 350).
fn still_car<R: Real>(position: Vec4<R>, rotation: Quat<R>) -> ReferenceOwner<R> {
    ReferenceOwner::Car(CarOwner {
        position,
        rotation,
        velocity: Vec4::ZERO,
        flags: 0,
        body: None,
    })
}

/// The owner of slot `k`.
fn body_owner(k: usize) -> OwnerId {
    // Slots are made one per owner, so `k + 1` is an owner's number.
    OwnerId::new(k as u32 + 1).unwrap_or(OwnerId(core::num::NonZeroU32::MIN))
}

/// The events of one object's update: from its flags before and after.
fn object_events<R: Real>(
    events: &mut Vec<Event<R>>,
    owners: &ReferenceOwners<R>,
    body: Body,
    owner: OwnerId,
    before: u32,
    after: u32,
    settling: &mut Vec<OwnerId>,
) {
    let (b, a) = (
        ObjectState::from_bits_retain(before),
        ObjectState::from_bits_retain(after),
    );
    if b.contains(ObjectState::FALLING) && !a.contains(ObjectState::FALLING) {
        events.push(Event::Landed {
            body,
            at: point_out(Owners::position(owners, owner)),
        });
    }
    if !b.contains(ObjectState::SETTLING) && a.contains(ObjectState::SETTLING) {
        events.push(Event::SettleStarted { body });
        if !settling.contains(&owner) {
            settling.push(owner);
        }
    }
}
