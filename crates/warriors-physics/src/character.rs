//! A walking human: the game's character code around the body sweep
//! (`Human_StateUpdate` and `Human_Move`), one [`Walker`] per human, built
//! on the record layer's [`PhysicsWorld`] and the game's [`Owners`].
//!
//! The exact pages of the characters unit are not in the specification;
//! the rules below come from the port's public research page (Coney
//! `docs/research/characters.md`, cited by section) and the overview's
//! "Sweeping a body". Every reading neither gives is an *inferred* row of
//! `docs/divergences.md`, rows 400-418.
//!
//! # One update
//!
//! [`Walker::update`] is one 30 Hz update (`dt` = 1/30 s; "The characters'
//! update"). The caller's [`WalkInput::velocity`] is what the human's state
//! function gives (the locomotion on the ground, the air control in the
//! air): the controller does no locomotion of its own, and keeps the
//! vertical velocity (the human's `+0x3a0`) itself (divergence 400). In
//! order ("Moving, standing on the ground and falling", "One update, in
//! order"; divergence 401):
//!
//! 1. **The velocity**: the asked `x`, `y` with the walker's vertical speed
//!    as `z` ("Locomotion" step 6).
//! 2. **The speed check**: a velocity longer than 50 × the human's scale is
//!    zeroed (step 2; divergence 402).
//! 3. **Gravity**, airborne only, from the second airborne update:
//!    `vz − 15.68 × dt`, at least −50 m/s; on the ground the airborne count
//!    is reset (step 3; divergence 403).
//! 4. **Out of the world**: 20 m below the level's lowest vertex the
//!    velocity is zeroed and the step says so (step 4; divergence 404).
//! 5. **Stuck in the air**: after 60 airborne updates with the body's
//!    could-not-move counter above 59, the human is put back at its last
//!    ground position and lands (step 5; divergence 405).
//! 6. **The move** (`Human_Move`, "The move"): on the ground `v.z = 0` and
//!    the slope factor (divergence 406); the body sweep
//!    ([`PhysicsWorld::sweep`], the walking sphere and its 0.25 m
//!    low-triangle rule, "Walls and steps"; divergence 407), which in the
//!    air also casts the landing segment (`Human_LandingTest`, through the
//!    owners' [`Owners::landing_offset`] hook; divergence 408) whose contact
//!    lands the human (`Human_Land`, "Falling and landing"; divergences 409,
//!    410); then, on the ground (a landing included, divergence 411), the
//!    ground snap: a ray from 1.0 m above the feet, 1.5 m down, puts the
//!    feet on what it hits (a kerb up to 1.0 m up, a drop up to 0.5 m), or
//!    the human starts to fall (`Human_StartFall`; divergences 412, 413).
//! 7. **The jump**, when asked on the ground: 5.5 m/s up and the fall
//!    started ("Jumping"; divergence 414).
//! 8. **The push out of the walls in the air** (`Human_PushOutInAir`): the
//!    push sphere's push out of the nearest wall joins the body's pending
//!    push-out for the next move ("Walls and steps"; divergence 415).
//! 9. The body is re-posed where the feet are (divergence 416).
//!
//! The velocity the human holds after the update is the sweep's when it
//! wrote one back (a player's slid velocity, or any body's stop against a
//! wall), else the one it moved with ([`WalkStep::velocity`]; divergence
//! 417). A NaN or infinite input, a stale body or a body that is not a
//! human's is a [`WorldError`] before anything changes (divergence 418).
//!
//! # Owners
//!
//! The human's position lives in its owner ([`Owners::position`],
//! [`Owners::set_position`]); the walker keeps the rest of its state
//! (airborne, vertical speed, airborne count, last ground normal and
//! position) and writes its airborne state to the owner's object flags
//! and the body (divergence 400). The record layer's reference owners
//! (`ReferenceOwners` with `WalkingHumanOwner::at`) work as they are.

use collision_mesh::{MeshRayFilter, Ray, RayResult, TriangleFlags, VisitedBits};
use kernels::{Contact, Sphere};
use nalgebra::{Point3, Unit, Vector3};
use physics_world::pass_owners_to;
use physics_world::ContactContext;
use physics_world::{
    object_flags, BodyFlags, BodyId, MoverState, Other, OwnerId, Owners, PhysicsWorld, LANDING_FLAG,
};
use ps2_float::{Real, Vec4};

use crate::convert::{finite, point_out, unit_out, vector_out};
use crate::error::{Input, QueryError, WorldError};
use crate::ids::TriangleId;
use crate::query::{Push, RayHit};

/// The characters' step, 1/30 s ("Movement constants", `0x005102cc`).
const STEP_DT: f32 = 1.0 / 30.0;
/// The gravity of a falling human, 15.68 m/s² ("One update", step 3).
const GRAVITY: f32 = 15.68;
/// The fastest fall, 50 m/s (step 3).
const FALL_LIMIT: f32 = 50.0;
/// The speed check's limit per unit of the human's scale (step 2).
const SPEED_LIMIT: f32 = 50.0;
/// The airborne update from which gravity applies (step 3).
const GRAVITY_FROM: u32 = 2;
/// How far below the level's lowest vertex a human is out of the world
/// (step 4).
const OUT_OF_WORLD: f32 = 20.0;
/// The airborne updates and the body's could-not-move count after which
/// the human is put back on the ground (step 5).
const STUCK_UPDATES: u32 = 60;
const STUCK_COUNT: u32 = 59;
/// The slope rule: below this ground normal `z` the velocity is scaled
/// by `clamp(0.6 + 0.3 × (n.z − 0.5), 0.5, 1.0)` ("The move").
const SLOPE_NZ: f32 = 0.95;
const SLOPE_BASE: f32 = 0.6;
const SLOPE_GAIN: f32 = 0.3;
const SLOPE_MID: f32 = 0.5;
const SLOPE_MIN: f32 = 0.5;
/// The ground snap's ray: from 1.0 m above the feet (the human's vtable
/// `+0x5c`), 1.5 m down ("Ground snap").
const SNAP_ABOVE: f32 = 1.0;
const SNAP_LENGTH: f32 = 1.5;
/// The jump's vertical speed, 5.5 m/s (`0x00510188`, "Jumping").
const JUMP_SPEED: f32 = 5.5;
/// The fall target's march: 0.1 m steps, up to 5 m ("Falling and landing").
const MARCH_STEP: f32 = 0.1;
const MARCH_MAX: f32 = 5.0;
/// The air push-out sphere's radius per unit of scale: 0.35, 0.5 for a
/// player, centred 0.05 above its radius ("Walls and steps").
const PUSH_RADIUS: f32 = 0.35;
const PUSH_RADIUS_PLAYER: f32 = 0.5;
const SPHERE_LIFT: f32 = 0.05;
/// The landing segment's raise `+0x4e8` the walker gives when the owner
/// gives none: 1.0352, so that `offset − 0.16 × scale` is the research's
/// 0.880 m for the player at scale 0.97 (divergence 408).
pub const LANDING_OFFSET: f32 = 1.0352;
/// The answer the walker gives the landing contact: code 1, slide
/// (divergence 409).
const LANDING_ANSWER: u32 = 1;

/// What the human's state function asks of one update.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WalkInput<R: Real> {
    /// The asked velocity, m/s: its `x` and `y` are used, its `z` is not
    /// (the walker keeps the vertical speed; divergence 400).
    pub velocity: Vector3<R>,
    /// Jump at the end of this update, if on the ground (divergence 414).
    pub jump: bool,
    /// The human runs (gait above 3): its sweep meets RUNTARGET bodies too
    /// (overview "Sweeping a body" step 3).
    pub running: bool,
}

impl<R: Real> WalkInput<R> {
    /// A walk at `velocity` (horizontal, m/s): no jump, not running.
    #[must_use]
    pub fn walk(velocity: Vector3<R>) -> Self {
        Self {
            velocity,
            jump: false,
            running: false,
        }
    }

    /// Standing still.
    #[must_use]
    pub fn stand() -> Self {
        Self::walk(Vector3::new(R::ZERO, R::ZERO, R::ZERO))
    }
}

/// A landing: the landing segment's contact that `Human_Land` answered.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Landing<R: Real> {
    /// The vertical speed at impact (negative when falling), m/s: what the
    /// game's fall damage reads (none above −14.9, all health below
    /// −20.5; "Falling and landing").
    pub impact_speed: R,
    /// The landing segment's hit point.
    pub point: Point3<R>,
    /// The floor's unit normal.
    pub normal: Unit<Vector3<R>>,
    /// The floor's triangle.
    pub triangle: Option<TriangleId>,
}

/// What one [`Walker::update`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WalkStep<R: Real> {
    /// The feet (the owner's position) after the update.
    pub feet: Point3<R>,
    /// The feet's move over the update.
    pub displacement: Vector3<R>,
    /// The velocity the human holds after the update (divergence 417).
    pub velocity: Vector3<R>,
    /// The sweep wrote its velocity back to the owner (a player's slide,
    /// or a stop against a wall).
    pub velocity_written: bool,
    /// The vertical speed after the update (the human's `+0x3a0`).
    pub vertical_speed: R,
    /// On the ground at the end of the update.
    pub grounded: bool,
    /// The human landed in this update.
    pub landed: Option<Landing<R>>,
    /// The human left the ground in this update (a ledge, or a jump).
    pub left_ground: bool,
    /// The human jumped in this update.
    pub jumped: bool,
    /// Where the fall that started in this update is to end
    /// (`Human_StartFall`'s march, divergence 413).
    pub fall_target: Option<Point3<R>>,
    /// The ground snap's hit, when it hit in this update.
    pub ground: Option<RayHit<R>>,
    /// The sweep's passes all stopped (a wall in the way): the feet stayed
    /// where the last advance put them.
    pub blocked: bool,
    /// The contacts the sweep put to the owners.
    pub contacts: u32,
    /// The push out of the nearest wall added to the body's pending
    /// push-out, in the air (divergence 415).
    pub push_out: Option<Push<R>>,
    /// The speed check zeroed the velocity (divergence 402).
    pub speed_limited: bool,
    /// The human is 20 m below the level's lowest vertex (divergence 404).
    pub out_of_world: bool,
    /// The human, stuck in the air, was put back at its last ground
    /// position (divergence 405).
    pub put_back: bool,
}

/// The controller of one walking human (module docs: what one update does).
///
/// ```
/// use physics_world::reference::{ReferenceOwner, ReferenceOwners, WalkingHumanOwner};
/// use physics_world::PhysicsWorld;
/// use ps2_float::Vec4;
/// use warriors_physics::character::{WalkInput, Walker};
/// use warriors_physics::{LevelConfig, Level, SoupTriangle};
/// use nalgebra::Vector3;
///
/// // A 10 % ramp rising along x.
/// let ramp = [
///     SoupTriangle::new([[0.0, -5.0, 0.0], [20.0, -5.0, 2.0], [20.0, 5.0, 2.0]]),
///     SoupTriangle::new([[0.0, -5.0, 0.0], [20.0, 5.0, 2.0], [0.0, 5.0, 0.0]]),
/// ];
/// let level: Level<f32> = Level::from_soup(&ramp, &LevelConfig::default(), "ramp")?;
/// let mut world = PhysicsWorld::<f32>::default();
/// world.set_level(std::sync::Arc::clone(level.shared()))?;
///
/// let mut owners = ReferenceOwners::<f32>::default();
/// let human = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(2.0, 0.0, 0.2))));
/// let body = owners.make_human_body(&mut world, human, true).expect("a body");
///
/// let mut walker = Walker::new();
/// let up = WalkInput::walk(Vector3::new(2.0, 0.0, 0.0));
/// for _ in 0..30 {
///     let step = walker.update(&mut world, &mut owners, body, &up)?;
///     assert!(step.grounded);
///     // The feet stay on the ramp: z = 0.1 x.
///     assert!((step.feet.z - 0.1 * step.feet.x).abs() < 1e-4);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Walker<R: Real> {
    landing_offset: R,
    player: Option<u8>,
    airborne: bool,
    vertical_speed: R,
    airborne_updates: u32,
    ground_normal: Vec4<R>,
    last_ground: Option<Vec4<R>>,
    velocity: Vec4<R>,
    candidates: Vec<BodyId>,
    visited: Vec<VisitedBits>,
}

impl<R: Real> Default for Walker<R> {
    fn default() -> Self {
        Self::new()
    }
}

/// The human a walker updates and where: the world, the owners, the
/// human's body and owner.
struct Human<'a, R: Real, O: ?Sized> {
    world: &'a mut PhysicsWorld<R>,
    owners: &'a mut O,
    body: BodyId,
    owner: OwnerId,
}

impl<R: Real> Walker<R> {
    /// A human standing on the ground: vertical speed 0, the last ground
    /// normal straight up, no last ground position, the landing raise
    /// [`LANDING_OFFSET`], no player number (divergence 400).
    #[must_use]
    pub fn new() -> Self {
        Self {
            landing_offset: R::from_f32(LANDING_OFFSET),
            player: None,
            airborne: false,
            vertical_speed: R::ZERO,
            airborne_updates: 0,
            ground_normal: Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO),
            last_ground: None,
            velocity: Vec4::ZERO,
            candidates: Vec::new(),
            visited: Vec::new(),
        }
    }

    /// The same walker with the landing segment's raise `+0x4e8` (used
    /// when the owner's [`Owners::landing_offset`] gives none).
    #[must_use]
    pub fn with_landing_offset(mut self, offset: R) -> Self {
        self.landing_offset = offset;
        self
    }

    /// The same walker for player `index`: its sweep meets the bodies of
    /// the layer `0x80000 << index` (overview "Sweeping a body" step 3).
    #[must_use]
    pub fn with_player(mut self, index: u8) -> Self {
        self.player = Some(index);
        self
    }

    /// Whether the human is in the air.
    #[must_use]
    pub fn airborne(&self) -> bool {
        self.airborne
    }

    /// The vertical speed (the human's `+0x3a0`), m/s.
    #[must_use]
    pub fn vertical_speed(&self) -> R {
        self.vertical_speed
    }

    /// The airborne updates so far (the human's `+0x384`).
    #[must_use]
    pub fn airborne_updates(&self) -> u32 {
        self.airborne_updates
    }

    /// The ground normal of the last snap (the human's `+0x230`).
    #[must_use]
    pub fn ground_normal(&self) -> Unit<Vector3<R>> {
        unit_out(self.ground_normal)
    }

    /// The last ground position (the human's `+0x390`), if the snap ever
    /// hit.
    #[must_use]
    pub fn last_ground(&self) -> Option<Point3<R>> {
        self.last_ground.map(point_out)
    }

    /// The velocity the human held after the last update.
    #[must_use]
    pub fn velocity(&self) -> Vector3<R> {
        vector_out(self.velocity)
    }

    /// The landing segment's raise the walker gives.
    #[must_use]
    pub fn landing_offset(&self) -> R {
        self.landing_offset
    }

    /// One 30 Hz update of human body `body`, whose owner holds the
    /// position: the steps of the module docs, in order. Returns what it
    /// did. Refuses, changing nothing, a non-finite velocity
    /// ([`Input::Velocity`]), owner position ([`Input::Position`]) or
    /// landing raise ([`Input::Height`]), a stale body
    /// ([`WorldError::NoSuchBody`]) and a body without a human's parts
    /// ([`WorldError::NotAHuman`]). No allocation once warmed up (the
    /// sweep's candidate list and the rays' visited bits are kept).
    ///
    /// Original: `Human_StateUpdate` (0x0023fea8).
    pub fn update<O: Owners<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        owners: &mut O,
        body: BodyId,
        input: &WalkInput<R>,
    ) -> Result<WalkStep<R>, WorldError> {
        let owner = human_owner(world, body)?;
        let mut h = Human {
            world,
            owners,
            body,
            owner,
        };
        let asked = Vec4::new(
            input.velocity.x,
            input.velocity.y,
            input.velocity.z,
            R::ZERO,
        );
        if !finite(asked) {
            return Err(QueryError::NonFinite {
                input: Input::Velocity,
            }
            .into());
        }
        self.check_offset()?;
        let start = h.owners.position(h.owner);
        if !finite(start) {
            return Err(QueryError::NonFinite {
                input: Input::Position,
            }
            .into());
        }
        self.sync(&mut h);
        let dt = R::from_f32(STEP_DT);
        let mut step = WalkStep {
            feet: point_out(start),
            displacement: Vector3::new(R::ZERO, R::ZERO, R::ZERO),
            velocity: Vector3::new(R::ZERO, R::ZERO, R::ZERO),
            velocity_written: false,
            vertical_speed: R::ZERO,
            grounded: false,
            landed: None,
            left_ground: false,
            jumped: false,
            fall_target: None,
            ground: None,
            blocked: false,
            contacts: 0,
            push_out: None,
            speed_limited: false,
            out_of_world: false,
            put_back: false,
        };

        // 1. The state function's velocity, with the kept vertical speed.
        let mut v = Vec4::new(asked.x, asked.y, self.vertical_speed, R::ZERO);
        // 2. The speed check (divergence 402).
        let scale = h.owners.human_scale(h.owner);
        if v.length() > R::from_f32(SPEED_LIMIT) * scale {
            v = Vec4::ZERO;
            self.vertical_speed = R::ZERO;
            step.speed_limited = true;
        }
        // 3. Gravity (divergence 403).
        if self.airborne {
            self.airborne_updates = self.airborne_updates.saturating_add(1);
            if self.airborne_updates >= GRAVITY_FROM {
                let vz = self.vertical_speed - R::from_f32(GRAVITY) * dt;
                self.vertical_speed = vz.max(-R::from_f32(FALL_LIMIT));
                v.z = self.vertical_speed;
            }
        } else {
            self.airborne_updates = 0;
        }
        h.owners.set_velocity(h.owner, v);
        // 4. Out of the world (divergence 404).
        if let Some(low) = lowest_vertex(h.world) {
            if start.z < R::from_f32(low) - R::from_f32(OUT_OF_WORLD) {
                v = Vec4::ZERO;
                self.vertical_speed = R::ZERO;
                h.owners.set_velocity(h.owner, v);
                step.out_of_world = true;
            }
        }
        // 5. Stuck in the air (divergence 405).
        let stuck = h.world.body(h.body).map_or(0, |b| b.stuck);
        if self.airborne && self.airborne_updates >= STUCK_UPDATES && stuck > STUCK_COUNT {
            if let Some(back) = self.last_ground {
                h.owners.set_position(h.owner, back);
                h.world.moved(&*h.owners, h.body);
                self.land(&mut h, v);
                v.z = R::ZERO;
                step.put_back = true;
            }
        }
        // 6. The move.
        self.human_move(&mut h, v, input.running, &mut step);
        // 7. The jump (divergence 414).
        if input.jump && !self.airborne {
            self.launch_jump(&mut h, &mut step);
        }
        // 8. The push out of the walls in the air (divergence 415).
        if self.airborne {
            step.push_out = self.push_out_in_air(&mut h);
        }
        // 9. The body where the feet are (divergence 416).
        h.world.set_body_flags(h.body, BodyFlags::DIRTY);
        h.world.update(&*h.owners, h.body);

        let end = h.owners.position(h.owner);
        step.feet = point_out(end);
        step.displacement = vector_out(end - start);
        step.velocity = vector_out(self.velocity);
        step.vertical_speed = self.vertical_speed;
        step.grounded = !self.airborne;
        Ok(step)
    }

    /// Starts the human's fall (what a missed ground snap and a jump call;
    /// a game may call it for a push off a ledge): the fall's target found
    /// by a march along the walker's velocity, 0.1 m steps up to 5 m, the
    /// hit point or else the feet; the airborne object flag set (grounded
    /// cleared), the body's airborne flag set and its group 0 (divergence
    /// 413; "Falling and landing", overview "Human contacts"). Returns the
    /// target, or `None` when the human is already in the air (nothing
    /// changes). Refuses a stale body, a body without a human's parts and
    /// a non-finite owner position.
    ///
    /// Original: `Human_StartFall` (0x0023dc58).
    pub fn start_fall<O: Owners<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        owners: &mut O,
        body: BodyId,
    ) -> Result<Option<Point3<R>>, WorldError> {
        let owner = human_owner(world, body)?;
        let feet = owners.position(owner);
        if !finite(feet) {
            return Err(QueryError::NonFinite {
                input: Input::Position,
            }
            .into());
        }
        if self.airborne {
            return Ok(None);
        }
        let target = self.fall_target(world, feet);
        let flags = owners.object_flags(owner);
        owners.set_object_flags(
            owner,
            (flags | object_flags::AIRBORNE) & !object_flags::GROUNDED,
        );
        world.set_human_airborne(body, true);
        world.set_group(body, 0);
        self.airborne = true;
        Ok(Some(point_out(target)))
    }

    /// The landing raise must be a number (divergence 418).
    fn check_offset(&self) -> Result<(), WorldError> {
        if self.landing_offset.to_f32().is_finite() {
            Ok(())
        } else {
            Err(QueryError::NonFinite {
                input: Input::Height,
            }
            .into())
        }
    }

    /// Writes the walker's airborne state to the owner's object flags and
    /// the body where they differ (divergence 400).
    fn sync<O: Owners<R> + ?Sized>(&self, h: &mut Human<'_, R, O>) {
        let flags = h.owners.object_flags(h.owner);
        if (flags & object_flags::AIRBORNE != 0) != self.airborne {
            let f = if self.airborne {
                (flags | object_flags::AIRBORNE) & !object_flags::GROUNDED
            } else {
                (flags & !object_flags::AIRBORNE) | object_flags::GROUNDED
            };
            h.owners.set_object_flags(h.owner, f);
        }
        let on_body = h
            .world
            .body(h.body)
            .and_then(|b| b.human.as_ref())
            .is_some_and(|h| h.airborne);
        if on_body != self.airborne {
            h.world.set_human_airborne(h.body, self.airborne);
        }
    }

    /// The move: on the ground `v.z = 0` and the slope factor; the body
    /// sweep (the landing segment through the owners' hook while in the
    /// air, its contact landing the human); then, on the ground, the snap
    /// or the start of a fall (divergences 406-413; "The move").
    ///
    /// Original: `Human_Move` (0x0023d8c8).
    fn human_move<O: Owners<R> + ?Sized>(
        &mut self,
        h: &mut Human<'_, R, O>,
        v: Vec4<R>,
        running: bool,
        step: &mut WalkStep<R>,
    ) {
        let mut v = v;
        if !self.airborne {
            v.z = R::ZERO;
            let nz = self.ground_normal.z;
            if nz < R::from_f32(SLOPE_NZ) {
                let k = (R::from_f32(SLOPE_GAIN) * (nz - R::from_f32(SLOPE_MID))
                    + R::from_f32(SLOPE_BASE))
                .max(R::from_f32(SLOPE_MIN))
                .min(R::ONE);
                v.x = v.x * k;
                v.y = v.y * k;
            }
        }
        let mover = MoverState {
            airborne_or_holding: self.airborne,
            running,
            player: self.player,
        };
        let dt = R::from_f32(STEP_DT);
        let mut hooks = WalkOwners {
            inner: &mut *h.owners,
            owner: h.owner,
            airborne: self.airborne,
            offset: self.landing_offset,
            velocity: v,
            landing: None,
        };
        let mut candidates = core::mem::take(&mut self.candidates);
        let report = h
            .world
            .sweep(&mut hooks, h.body, v, dt, &mover, &mut candidates);
        self.candidates = candidates;
        let landing = hooks.landing;
        step.blocked = report.stuck;
        step.contacts = report.contacts;
        step.velocity_written = report.velocity_written;
        let mut after = v;
        if let Some(c) = landing {
            // The handler did the owner's half of `Human_Land` (divergence
            // 409); the walker's and the body's half now.
            self.land_walker(h.world, h.body);
            after.z = R::ZERO;
            step.landed = Some(Landing {
                impact_speed: v.z,
                point: point_out(c.point.get_or(R::ZERO)),
                normal: unit_out(c.other.normal.get_or(R::ZERO).with_w(R::ZERO)),
                triangle: c.triangle.map(TriangleId::from_word),
            });
        }
        if report.velocity_written {
            after = report.velocity.with_w(R::ZERO);
        }
        self.velocity = after;
        if !self.airborne {
            self.snap_to_ground(h, step);
        }
    }

    /// The ground snap: a ray from 1.0 m above the feet straight down,
    /// 1.5 m long, into every tile of the level (the nearest hit); a hit
    /// puts the feet on the hit point and keeps its normal for the slope
    /// rule and the feet before the snap as the last ground position; a
    /// miss starts the fall (divergence 412; "Ground snap").
    ///
    /// Original: `Human_SnapToGround` (0x0023eab8).
    fn snap_to_ground<O: Owners<R> + ?Sized>(
        &mut self,
        h: &mut Human<'_, R, O>,
        step: &mut WalkStep<R>,
    ) {
        let feet = h.owners.position(h.owner);
        let origin = feet.with_z(feet.z + R::from_f32(SNAP_ABOVE)).with_w(R::ONE);
        let ray = Ray::new(origin, down(), R::from_f32(SNAP_LENGTH));
        match cast_level(h.world, &mut self.visited, &ray) {
            Some((tile, hit)) => {
                let on = ray.at(hit.t);
                self.last_ground = Some(feet);
                self.ground_normal = hit.normal.with_w(R::ZERO);
                h.owners.set_position(h.owner, on);
                step.ground = Some(ray_hit(&ray, tile, &hit));
            }
            None => {
                // `start_fall` refuses only what `update` already checked.
                if let Ok(Some(target)) = self.start_fall(h.world, h.owners, h.body) {
                    step.left_ground = true;
                    step.fall_target = Some(target);
                }
            }
        }
    }

    /// The jump's launch: the vertical speed 5.5 m/s, then the fall
    /// started; the horizontal velocity is the caller's (divergence 414;
    /// "Jumping").
    ///
    /// Original: `Human_LaunchJump` (0x002217f0).
    fn launch_jump<O: Owners<R> + ?Sized>(
        &mut self,
        h: &mut Human<'_, R, O>,
        step: &mut WalkStep<R>,
    ) {
        self.vertical_speed = R::from_f32(JUMP_SPEED);
        self.velocity.z = self.vertical_speed;
        h.owners.set_velocity(h.owner, self.velocity);
        if let Ok(Some(target)) = self.start_fall(h.world, h.owners, h.body) {
            step.jumped = true;
            step.left_ground = true;
            step.fall_target = Some(target);
        }
    }

    /// The landing: the owner's half ([`land_owner`]: the airborne flag
    /// cleared and grounded set, the velocity written with `z` 0), then the
    /// walker's and the body's ([`Walker::land_walker`]); the fall damage
    /// and the camera are the game's (divergence 410; "Falling and
    /// landing"). The landing contact of a sweep splits the two halves
    /// around the sweep (divergence 409).
    ///
    /// Original: `Human_Land` (0x0023e090).
    fn land<O: Owners<R> + ?Sized>(&mut self, h: &mut Human<'_, R, O>, v: Vec4<R>) {
        land_owner(h.owners, h.owner, v);
        self.land_walker(h.world, h.body);
        self.velocity = v.with_z(R::ZERO);
    }

    /// The walker's and the body's half of the landing: on the ground, no
    /// vertical speed, the body's airborne flag cleared.
    fn land_walker(&mut self, world: &mut PhysicsWorld<R>, body: BodyId) {
        self.airborne = false;
        self.vertical_speed = R::ZERO;
        world.set_human_airborne(body, false);
    }

    /// The push out of the walls in the air: the push sphere (radius 0.35,
    /// or 0.5 for a player, times the human's scale, centred that plus
    /// 0.05 above the feet) out of the nearest wall of every tile
    /// (`PhysicsBody_PushOutOfWalls`), the push added to the body's pending
    /// push-out with flag 0x1000 (divergence 415; "Walls and steps").
    ///
    /// Original: `Human_PushOutInAir` (0x0021a490).
    fn push_out_in_air<O: Owners<R> + ?Sized>(
        &mut self,
        h: &mut Human<'_, R, O>,
    ) -> Option<Push<R>> {
        let per = if h.owners.is_player(h.owner) {
            PUSH_RADIUS_PLAYER
        } else {
            PUSH_RADIUS
        };
        let radius = R::from_f32(per) * h.owners.human_scale(h.owner);
        let feet = h.owners.position(h.owner);
        let centre = feet
            .with_z(feet.z + (radius + R::from_f32(SPHERE_LIFT)))
            .with_w(R::ONE);
        let sphere = Sphere { radius, centre };
        let mut best: Option<(u32, collision_mesh::query::WallPush<R>)> = None;
        for k in 0..h.world.tile_count() {
            let Some(mesh) = h.world.tile_mesh(k) else {
                continue;
            };
            let bits = visited_for(&mut self.visited, k);
            if let Some(p) = mesh.push_out_of_walls(bits, &sphere) {
                if best.as_ref().is_none_or(|(_, b)| p.distance < b.distance) {
                    best = Some((k as u32, p));
                }
            }
        }
        let (tile, p) = best?;
        let pending = h.world.body(h.body)?.push;
        h.world
            .set_pending_push(h.body, (pending + p.push).with_w(R::ZERO));
        h.world.set_body_flags(h.body, BodyFlags::PUSH_PREDIVIDED);
        Some(Push {
            push: vector_out(p.push),
            normal: unit_out(p.normal.with_w(R::ZERO)),
            distance: p.distance,
            triangle: TriangleId::new(tile, p.triangle),
        })
    }

    /// The fall's target: `Collision_MarchRay` from the feet along the
    /// velocity's unit direction on every tile, the hit nearest the feet;
    /// the feet when nothing is hit or the velocity is zero (divergence
    /// 413).
    fn fall_target(&mut self, world: &PhysicsWorld<R>, feet: Vec4<R>) -> Vec4<R> {
        let v = self.velocity.with_w(R::ZERO);
        if v.x == R::ZERO && v.y == R::ZERO && v.z == R::ZERO {
            return feet;
        }
        let dir = v.normalize();
        let mut best: Option<(R, Vec4<R>)> = None;
        for k in 0..world.tile_count() {
            let Some(mesh) = world.tile_mesh(k) else {
                continue;
            };
            let bits = visited_for(&mut self.visited, k);
            let mut out = feet;
            let (step, max) = (R::from_f32(MARCH_STEP), R::from_f32(MARCH_MAX));
            if mesh.march_ray(bits, step, max, &mut out, feet, dir) {
                let d = (out - feet).with_w(R::ZERO).dot(dir);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, out));
                }
            }
        }
        best.map_or(feet, |(_, p)| p)
    }
}

/// The owner of human body `body`.
fn human_owner<R: Real>(world: &PhysicsWorld<R>, body: BodyId) -> Result<OwnerId, WorldError> {
    let b = world.body(body).ok_or(WorldError::NoSuchBody)?;
    if b.human.is_none() {
        return Err(WorldError::NotAHuman);
    }
    Ok(b.owner)
}

/// The owner's half of the landing: the airborne flag cleared and the
/// grounded one set (`Object_SetGrounded`), the velocity written with
/// `z` 0.
fn land_owner<R: Real, O: Owners<R> + ?Sized>(owners: &mut O, owner: OwnerId, v: Vec4<R>) {
    let flags = owners.object_flags(owner);
    owners.set_object_flags(
        owner,
        (flags & !object_flags::AIRBORNE) | object_flags::GROUNDED,
    );
    owners.set_velocity(owner, v.with_z(R::ZERO).with_w(R::ZERO));
}

/// `(0, 0, −1)`.
fn down<R: Real>() -> Vec4<R> {
    Vec4::new(R::ZERO, R::ZERO, -R::ONE, R::ZERO)
}

/// The lowest vertex `z` of the level's tiles (mesh header `+0x98`), if it
/// has any.
fn lowest_vertex<R: Real>(world: &PhysicsWorld<R>) -> Option<f32> {
    (0..world.tile_count())
        .filter_map(|k| world.tile_mesh(k))
        .map(|m| m.lowest_z())
        .reduce(f32::min)
}

/// The visited bits of tile `k` (made on first use, then reused).
fn visited_for(visited: &mut Vec<VisitedBits>, k: usize) -> &mut VisitedBits {
    if visited.len() <= k {
        visited.resize_with(k + 1, VisitedBits::default);
    }
    &mut visited[k]
}

/// The nearest hit of `ray` over the level's tiles (`world_ray_cast` on
/// each in tile order, mask 0, no material list; an equal distance kept
/// from the lower tile), with its tile.
fn cast_level<R: Real>(
    world: &PhysicsWorld<R>,
    visited: &mut Vec<VisitedBits>,
    ray: &Ray<R>,
) -> Option<(u32, RayResult<R>)> {
    let mut best: Option<(u32, RayResult<R>)> = None;
    for k in 0..world.tile_count() {
        let Some(mesh) = world.tile_mesh(k) else {
            continue;
        };
        let bits = visited_for(visited, k);
        let mut hit = RayResult::default();
        if mesh.world_ray_cast(bits, ray, &mut hit, &MeshRayFilter::default())
            && best.as_ref().is_none_or(|(_, b)| hit.t < b.t)
        {
            best = Some((k as u32, hit));
        }
    }
    best
}

/// A ray's record-layer hit as the facade's [`RayHit`].
fn ray_hit<R: Real>(ray: &Ray<R>, tile: u32, res: &RayResult<R>) -> RayHit<R> {
    RayHit {
        distance: res.t,
        point: point_out(ray.at(res.t)),
        normal: unit_out(res.normal.with_w(R::ZERO)),
        triangle: TriangleId::new(tile, res.triangle.unwrap_or_default()),
        material: res.material,
        triangle_flags: TriangleFlags::from_bits_retain(res.flags),
        area: res.area,
    }
}

/// The owners as the walker's sweep sees them: the game's, with the
/// human's landing segment raise given while the walker is in the air
/// (divergence 408) and its landing contact answered by the walker
/// (divergence 409); every other call goes to the game's owners.
struct WalkOwners<'a, R: Real, O: Owners<R> + ?Sized> {
    inner: &'a mut O,
    owner: OwnerId,
    airborne: bool,
    offset: R,
    velocity: Vec4<R>,
    landing: Option<Contact<R>>,
}

impl<R: Real, O: Owners<R> + ?Sized> Owners<R> for WalkOwners<'_, R, O> {
    pass_owners_to!(inner, R:
        type_mask, state_flags, frame, bone, human_capsule, human_scale, float_attribute,
        has_attribute, grab_partner, is_player, accepts_pair, object_flags, set_object_flags,
        rotation_now, stored_position, set_pose, zero_angular_velocity, position, set_position,
        set_velocity, on_pushed, may_strike, on_strike,
    );
    fn on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        let landing = ctx.mover == self.owner
            && self.airborne
            && self.landing.is_none()
            && ctx.other == Other::Level
            && ctx.contact.flags.unwrap_or(0) & LANDING_FLAG != 0;
        if !landing {
            return self.inner.on_contact(ctx);
        }
        // `Human_OnContact`'s landing: `Human_Land`'s owner half now
        // (divergence 409).
        self.landing = Some(ctx.contact);
        land_owner(&mut *self.inner, self.owner, self.velocity);
        LANDING_ANSWER
    }
    fn landing_offset(&self, owner: OwnerId) -> Option<R> {
        if owner != self.owner {
            return self.inner.landing_offset(owner);
        }
        if self.airborne && self.landing.is_none() {
            Some(self.inner.landing_offset(owner).unwrap_or(self.offset))
        } else {
            None
        }
    }
}
