//! Scenarios: the console's runtime traces replayed through the physics
//! world and the reference owners (`physics_world::reference`), tick by
//! tick, in both float modes (the format is in
//! `docs/scenarios.md`).
//!
//! A scenario file is a case file whose unit is `"scenario"`; the golden
//! run evaluates it beside the kernel cases and writes one snapshot,
//! `scenario__<file stem>.snap`, with every body's position, velocity,
//! rotation and flags, its settle progress and every contact answered, per
//! tick, in both modes. Each expectation states where its number comes
//! from ([`Source`]); the snapshot lists every source and the count of
//! each kind.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use collision_mesh::{build, Attributes, BuildConfig, CollisionMesh, Material, SoupTriangle};
use physics_world::reference::{
    CarOwner, LoosePart, LoosePartType, LoosePartUpdate, ReferenceOwner, ReferenceOwners,
    WalkingHumanOwner, WorldObjectOwner,
};
use physics_world::{ObjectShape, ObjectType, OwnerId, Owners, PhysicsWorld};
use ps2_float::{FloatMode, Real, Vec4};
use serde::Deserialize;

use crate::case::{Expected, DEFAULT_TOLERANCE};
use crate::error::InputError;
use crate::outcome::Outcome;

/// The most ticks a scenario may ask for (a guard against a typo running
/// for ever).
pub const MAX_TICKS: u32 = 100_000;

/// The default budget's ticks (divergence 274): a scenario file runs at most
/// this many unless it sets `no_budget: true`. The committed scenarios'
/// largest is 2,000 (`street.ron`).
pub const BUDGET_TICKS: u32 = 10_000;

/// The default budget's ticks × bodies (divergence 274; a workload counts
/// its own bodies, the street's 494). The committed scenarios' largest is
/// `street.ron`'s 2,000 × 494 = 988,000.
pub const BUDGET_BODY_TICKS: u64 = 2_000_000;

/// The default limit on a scenario's snapshot, in bytes (divergence 332):
/// 4 MiB, ten times the committed scenarios' largest
/// (`walker_into_human`, 428,503 bytes). A run whose kept fields pass it
/// stops with an error naming the file and `ticks`; `keep` and `every`
/// keep fewer fields, `no_snapshot_limit: true` lifts it.
pub const SNAPSHOT_LIMIT: usize = 4 << 20;

/// The bytes one kept field adds to a snapshot, besides its name: the
/// indentation, quotes and separators, and the value with its bits (an
/// upper bound of the longest, `"-1.2345679e-38 (0x80000000)"`).
const FIELD_BYTES: usize = 48;

/// The bodies of the street workload (60 humans, 416 world objects, 18 cars).
const STREET_BODIES: u64 = 60 + 416 + 18;

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
// The serde field lists of this file are the scenario format's data: alike
// in form, each field its own.
pub struct Scenario {
    /// Always `"scenario"`.
    pub unit: String,
    /// What it reproduces (the spec section and trace).
    pub spec: String,
    /// Ticks to run (60 Hz), from tick 0.
    pub ticks: u32,
    /// A generated workload instead of a level and bodies.
    #[serde(default)]
    pub workload: Option<Workload>,
    /// The level.
    #[serde(default)]
    pub level: LevelSpec,
    /// The bodies, each with its owner.
    #[serde(default)]
    pub bodies: Vec<BodySpec>,
    /// A car's loose parts (`physics_world::reference::LoosePart`, no
    /// body), each updated every tick after the world objects.
    #[serde(default)]
    pub loose_parts: Vec<LoosePartSpec>,
    /// What happens at given ticks.
    #[serde(default)]
    pub inputs: Vec<InputSpec>,
    /// The numbers checked, each with its [`Source`].
    #[serde(default)]
    pub expect: Vec<Expectation>,
    /// Free text for the reader.
    #[serde(default)]
    pub note: Option<String>,
    /// Lifts the default budget ([`BUDGET_TICKS`], [`BUDGET_BODY_TICKS`];
    /// divergence 274); [`MAX_TICKS`] still holds.
    #[serde(default)]
    pub no_budget: bool,
    /// The fields to keep in the snapshot, by the start of their name
    /// after the tick (`"crate.position"` keeps `t00012.crate.position.x`
    /// ...); empty: every field. The fields `expect` checks are always
    /// kept (divergence 332).
    #[serde(default)]
    pub keep: Vec<String>,
    /// Keep only every `every`-th tick's fields (tick 0, `every`, ...) and
    /// the last tick's; none: every tick (divergence 332).
    #[serde(default)]
    pub every: Option<u32>,
    /// Lifts [`SNAPSHOT_LIMIT`] (divergence 332).
    #[serde(default)]
    pub no_snapshot_limit: bool,
    /// A capture file of the console's values, relative to the scenario
    /// file ([`crate::capture`]); its fields are always kept, as the
    /// checked ones.
    #[serde(default)]
    pub capture: Option<String>,
}

/// A generated workload: its own level, bodies and inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Workload {
    /// `physics_world::street::Street`: the seeded street (60 humans, 416
    /// world objects, 18 cars), one 1/30 s street step on every even tick.
    /// Its fields are `street.hash_hi`, `street.hash_lo` (the state hash's
    /// halves), `street.finite` (1 when every body and owner is finite),
    /// `street.steps`, `street.sweeps`, `street.contacts` and
    /// `street.landed`, recorded every 200 ticks and at the last.
    Street,
}

/// The level: inline triangles, or a mesh file beside the scenario
/// (`collision_mesh::ron_text` format), or none.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    /// Inline triangles.
    #[serde(default)]
    pub triangles: Vec<TriangleSpec>,
    /// A mesh file, relative to the scenario file.
    #[serde(default)]
    pub mesh_file: Option<String>,
}

/// One inline triangle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriangleSpec {
    /// The corners `a, b, c` (the kernel normal is `(b − a) × (c − b)`).
    pub corners: [[f32; 3]; 3],
    /// The flag word (the builder adds the enabled bit). Default 0.
    #[serde(default)]
    pub flags: u16,
    /// The material byte. Default 5 (`CONCRETE`).
    #[serde(default = "concrete")]
    pub material: u8,
    /// The area byte. Default 1.
    #[serde(default = "one_u8")]
    pub area: u8,
}

fn concrete() -> u8 {
    5
}
fn one_u8() -> u8 {
    1
}
fn identity() -> [f32; 4] {
    [0.0, 0.0, 0.0, 1.0]
}
fn tenth() -> f32 {
    0.1
}
fn one() -> f32 {
    1.0
}
fn type_one() -> u32 {
    physics_world::type_bits::OBJECT
}
fn yes() -> bool {
    true
}

/// A body's owner kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum OwnerKind {
    /// A world object (`WorldObjectOwner`).
    WorldObject,
    /// A walking human (`WalkingHumanOwner`), its body made as the game
    /// makes it (`ReferenceOwners::make_human_body`) and swept every second
    /// tick (30 Hz), its strike shapes tested after each step.
    Human,
    /// A car (`CarOwner`, `Car_OnLanded`), its body made with the two boxes
    /// of `car_boxes`.
    Car,
    /// The punch bag: a standing human owner (it never walks) with the
    /// bag's own body (`PhysicsWorld::create_punch_bag_body`: the capsule
    /// on, the bone 3 segment off), updated every tick after the step; its
    /// fields add `segment.start`, `segment.end` (the posed segment) and
    /// `capsule.height` (divergence 360).
    PunchBag,
}

/// One of a car's two boxes.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarBoxSpec {
    /// The half sizes (the type record's first vector).
    pub half: [f32; 3],
    /// The offset from the car's origin, in its frame.
    pub offset: [f32; 3],
}

/// A body's collision shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
pub enum ShapeSpec {
    /// A box of full size `x, y, z` (a world object), or a car (whose
    /// boxes are `car_boxes`; give `Box` any size).
    Box([f32; 3]),
    /// A sphere of radius `r` (a world object).
    Sphere(f32),
    /// The human body set's own capsule (radius 0.35 and height 2 m times
    /// the class scale): the only shape of a human, and its default.
    #[default]
    Capsule,
}

/// One body and its owner.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
    /// The name fields and inputs use.
    pub name: String,
    /// The owner.
    pub owner: OwnerKind,
    /// The collision shape (a human's is always `Capsule`, the default).
    #[serde(default)]
    pub shape: ShapeSpec,
    /// The origin.
    pub position: [f32; 3],
    /// The rotation quaternion `x, y, z, w`. Default the identity.
    #[serde(default = "identity")]
    pub rotation: [f32; 4],
    /// The velocity. Default 0.
    #[serde(default)]
    pub velocity: [f32; 3],
    /// The angular velocity. Default 0.
    #[serde(default)]
    pub angular_velocity: [f32; 3],
    /// The object flags. Default 0.
    #[serde(default)]
    pub flags: u32,
    /// The type's axis byte. Default 0.
    #[serde(default)]
    pub axis: u8,
    /// The restitution (attribute 8). Default 0.1.
    #[serde(default = "tenth")]
    pub restitution: f32,
    /// The weight (attribute 1). Default 1.
    #[serde(default = "one")]
    pub weight: f32,
    /// The owner's type mask. Default 1.
    #[serde(default = "type_one")]
    pub type_mask: u32,
    /// The PHYFLAG word of its type. Default 0.
    #[serde(default)]
    pub phyflags: u32,
    /// A human: the player (body flag 0x400, body scale 1.4286). Default
    /// false.
    #[serde(default)]
    pub player: bool,
    /// A human: the class scale (`+0x65c`). Default 1.
    #[serde(default = "one")]
    pub scale: f32,
    /// The push weight (attribute 7): 1, or 1e9 while held or down.
    /// Default 1.
    #[serde(default = "one")]
    pub push_weight: f32,
    /// A human: pushable (`false` sets body flag 0x200). Default true.
    #[serde(default = "yes")]
    pub pushable: bool,
    /// A link group: bodies with the same non-zero number get one fresh
    /// group of the world (`IPhysics +0x10`) and pass through each other.
    /// Default 0 (none).
    #[serde(default)]
    pub group: u16,
    /// A car: its two boxes. Required for a car, refused otherwise.
    #[serde(default)]
    pub car_boxes: Vec<CarBoxSpec>,
}

/// A loose part flying off a car (`Car_UpdateLoosePart`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoosePartSpec {
    /// The name its fields use.
    pub name: String,
    /// The car body (a `Car` of `bodies`) whose body the sweep queries
    /// with, if any.
    #[serde(default)]
    pub car: Option<String>,
    /// The part record's size (`+0x10`, a full size).
    pub size: [f32; 3],
    /// The part record's restitution (`+0x20`). Default 0.1.
    #[serde(default = "tenth")]
    pub restitution: f32,
    /// The box's centre at the start.
    pub position: [f32; 3],
    /// The rotation quaternion `x, y, z, w`. Default the identity.
    #[serde(default = "identity")]
    pub rotation: [f32; 4],
    /// The velocity it flies off with.
    #[serde(default)]
    pub velocity: [f32; 3],
    /// Its spin (radians per second about the world axes).
    #[serde(default)]
    pub spin: [f32; 3],
    /// The object its message goes to (`+0x8c`), if any.
    #[serde(default)]
    pub target: Option<u32>,
}

/// What happens to a body at a tick.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub enum Action {
    /// Let go (a drop from the hand, at rest: velocity 0) or thrown with
    /// this velocity: airborne, its next update the next tick with dt 1/60.
    Drop([f32; 3]),
    /// The velocity set.
    SetVelocity([f32; 3]),
    /// A human's walk: the velocity its control asks for from now on, again
    /// at every update (a player's slid velocity, which the sweep writes
    /// back, shows in its `velocity` until the next update asks again).
    Walk([f32; 3]),
    /// A human's bone posed at a world position (identity axes): where
    /// the bone shapes on it are posed from the next step on.
    Bone {
        /// The bone number (25 the right hand, 19 the left).
        bone: u8,
        /// Its world position.
        at: [f32; 3],
    },
    /// A human's bone shape on that bone switched on or off
    /// (`PhysBody_SetShapeEnabled`); a shape switched on is first tested
    /// with a zero move.
    StrikeShape {
        /// The bone number.
        bone: u8,
        /// On or off.
        on: bool,
    },
    /// A settle slot filled by hand: `IPhysics_StartSettle` with this
    /// normal and axis byte.
    Settle {
        /// The contact normal.
        normal: [f32; 3],
        /// The axis byte.
        axis: u8,
    },
}

/// One input.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputSpec {
    /// The tick (applied before the tick's updates).
    pub tick: u32,
    /// The body's name.
    pub body: String,
    /// What happens.
    pub action: Action,
}

/// Where an expectation's number comes from (`docs/scenarios.md`, "Where
/// the expected numbers come from"). Every expectation states one; the
/// snapshot and the HTML report show it and count each kind.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Source {
    /// The specification states the number: the section (and the runtime
    /// trace or test idea) that prints it, e.g.
    /// `Spec("overview, Settle slot (the runtime sample)")`.
    Spec(String),
    /// The number is worked from named rules on inputs the port chose: the
    /// rules and sections, and the separate float64 computation (with its
    /// test file) where there is one.
    Worked(String),
    /// The port's own choice: the number is an input read back (a body's
    /// index, a plane's normal, a triangle's flags), an input chosen so that
    /// it comes out, a count that checks only that the run did what it
    /// was told, or the port's own committed result (the street's state
    /// hash); the text says why.
    Choice(String),
}

/// The three kinds of [`Source`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SourceKind {
    /// [`Source::Spec`].
    Spec,
    /// [`Source::Worked`].
    Worked,
    /// [`Source::Choice`].
    Choice,
}

impl SourceKind {
    /// The three kinds, in the order the snapshot and the report list them.
    pub const ALL: [SourceKind; 3] = [SourceKind::Spec, SourceKind::Worked, SourceKind::Choice];

    /// The kind's short name (`spec`, `worked`, `choice`), as the snapshot's
    /// counts and the report's classes write it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Spec => "spec",
            SourceKind::Worked => "worked",
            SourceKind::Choice => "choice",
        }
    }

    /// The kind for a reader: "stated by the spec", "worked", "the port's
    /// choice".
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SourceKind::Spec => "stated by the spec",
            SourceKind::Worked => "worked",
            SourceKind::Choice => "the port's choice",
        }
    }
}

impl Source {
    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> SourceKind {
        match self {
            Source::Spec(_) => SourceKind::Spec,
            Source::Worked(_) => SourceKind::Worked,
            Source::Choice(_) => SourceKind::Choice,
        }
    }

    /// Its text (the section, the rules or the reason).
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Source::Spec(t) | Source::Worked(t) | Source::Choice(t) => t,
        }
    }
}

/// How many expectations have each kind of [`Source`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceCounts {
    /// Stated by the specification.
    pub spec: usize,
    /// Worked from named rules.
    pub worked: usize,
    /// The port's own choice.
    pub choice: usize,
}

impl SourceCounts {
    /// The counts of `sources`.
    pub fn of<'a>(sources: impl IntoIterator<Item = &'a Source>) -> Self {
        let mut c = Self::default();
        for s in sources {
            c.add(s.kind());
        }
        c
    }

    /// Counts one more of `kind`.
    pub fn add(&mut self, kind: SourceKind) {
        match kind {
            SourceKind::Spec => self.spec += 1,
            SourceKind::Worked => self.worked += 1,
            SourceKind::Choice => self.choice += 1,
        }
    }

    /// The count of `kind`.
    #[must_use]
    pub fn get(&self, kind: SourceKind) -> usize {
        match kind {
            SourceKind::Spec => self.spec,
            SourceKind::Worked => self.worked,
            SourceKind::Choice => self.choice,
        }
    }

    /// All three added.
    #[must_use]
    pub fn total(&self) -> usize {
        self.spec + self.worked + self.choice
    }
}

impl core::ops::AddAssign for SourceCounts {
    fn add_assign(&mut self, o: Self) {
        self.spec += o.spec;
        self.worked += o.worked;
        self.choice += o.choice;
    }
}

/// One stated number.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// The tick.
    pub tick: u32,
    /// The field within the tick's snapshot (`brick.velocity.z`,
    /// `contact0.answer`, `brick.settle_t`).
    pub field: String,
    /// The number, or `"unwritten"` (a field the tick does not have); in
    /// both modes unless `ee32` gives the `Ee32` mode's own.
    pub value: Expected,
    /// The number in `Ee32` mode when the two modes are not meant to agree
    /// (the street's state hash, one per mode); `value` is then the `f32`
    /// mode's. Default none: `value` in both modes.
    #[serde(default)]
    pub ee32: Option<Expected>,
    /// The tolerance. Default 1e-5.
    #[serde(default)]
    pub tol: Option<f64>,
    /// Where the number comes from (required).
    pub source: Source,
    /// A note on the number (how it is worked, what it means).
    #[serde(default)]
    pub why: Option<String>,
    /// The number is known not to be met, for this reason (a divergence
    /// row): its miss is reported, not a failure, and meeting it is a
    /// failure (so the mark is removed once fixed).
    #[serde(default)]
    pub known_divergence: Option<String>,
}

impl Expectation {
    /// The snapshot key of the field.
    #[must_use]
    pub fn key(&self) -> String {
        tick_key(self.tick, &self.field)
    }

    /// The tolerance in force.
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        self.tol.unwrap_or(DEFAULT_TOLERANCE)
    }

    /// The number expected in one mode: `ee32` in `Ee32` mode when given,
    /// else `value`.
    #[must_use]
    pub fn value_in(&self, mode: FloatMode) -> &Expected {
        match (&self.ee32, mode) {
            (Some(v), FloatMode::Ee32) => v,
            _ => &self.value,
        }
    }
}

fn tick_key(tick: u32, field: &str) -> String {
    format!("t{tick:05}.{field}")
}

fn v4<R: Real>(v: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], w])
}

impl Scenario {
    /// How many of its expectations have each kind of source.
    #[must_use]
    pub fn source_counts(&self) -> SourceCounts {
        SourceCounts::of(self.expect.iter().map(|e| &e.source))
    }

    /// Checks the references inside the file: body names unique, inputs
    /// and expectations naming known bodies and ticks in range.
    pub fn validate(&self) -> Result<(), InputError> {
        if self.unit != "scenario" {
            return Err(InputError::new("unit", "must be \"scenario\""));
        }
        if self.every == Some(0) {
            return Err(InputError::new("every", "must be at least 1"));
        }
        if self.ticks == 0 || self.ticks > MAX_TICKS {
            return Err(InputError::new(
                "ticks",
                format!("must be 1 to {MAX_TICKS}, got {}", self.ticks),
            ));
        }
        if !self.no_budget {
            let bodies = if self.workload.is_some() {
                STREET_BODIES
            } else {
                self.bodies.len().max(1) as u64
            };
            let work = u64::from(self.ticks) * bodies;
            if self.ticks > BUDGET_TICKS || work > BUDGET_BODY_TICKS {
                return Err(InputError::new(
                    "ticks",
                    format!(
                        "{} ticks × {bodies} bodies is past the default budget \
                         ({BUDGET_TICKS} ticks, {BUDGET_BODY_TICKS} ticks × bodies); \
                         set `no_budget: true` to run it (divergence 274)",
                        self.ticks
                    ),
                ));
            }
        }
        if self.workload.is_some()
            && (!self.bodies.is_empty()
                || !self.inputs.is_empty()
                || !self.level.triangles.is_empty()
                || self.level.mesh_file.is_some())
        {
            return Err(InputError::new(
                "workload",
                "a workload brings its own level, bodies and inputs: give none of them",
            ));
        }
        for (i, b) in self.bodies.iter().enumerate() {
            if self.bodies[..i].iter().any(|o| o.name == b.name) {
                return Err(InputError::new(
                    &format!("bodies[{i}].name"),
                    format!("`{}` used twice", b.name),
                ));
            }
            if b.name.is_empty() || b.name.starts_with("contact") || b.name.contains('.') {
                return Err(InputError::new(
                    &format!("bodies[{i}].name"),
                    "must be non-empty, without '.', and not start with `contact`",
                ));
            }
            let ok = match b.shape {
                ShapeSpec::Box(s) => s.iter().all(|x| x.is_finite() && *x > 0.0),
                ShapeSpec::Sphere(r) => r.is_finite() && r > 0.0,
                ShapeSpec::Capsule => true,
            };
            if !ok {
                return Err(InputError::new(
                    &format!("bodies[{i}].shape"),
                    "sizes must be finite and positive",
                ));
            }
            let human = matches!(b.owner, OwnerKind::Human | OwnerKind::PunchBag);
            if human != (b.shape == ShapeSpec::Capsule)
                || (b.owner == OwnerKind::Car && !matches!(b.shape, ShapeSpec::Box(_)))
            {
                return Err(InputError::new(
                    &format!("bodies[{i}].shape"),
                    "a human has the capsule (the default), a world object a Box or a Sphere, a car a Box",
                ));
            }
            let car = b.owner == OwnerKind::Car;
            let boxes_ok = b.car_boxes.iter().all(|c| {
                c.half.iter().all(|x| x.is_finite() && *x > 0.0)
                    && c.offset.iter().all(|x| x.is_finite())
            });
            if (car && b.car_boxes.len() != 2) || (!car && !b.car_boxes.is_empty()) || !boxes_ok {
                return Err(InputError::new(
                    &format!("bodies[{i}].car_boxes"),
                    "a car has exactly two boxes (finite offsets, positive half sizes); other bodies none",
                ));
            }
            for (field, x) in [
                ("scale", b.scale),
                ("push_weight", b.push_weight),
                ("weight", b.weight),
            ] {
                if !(x.is_finite() && x > 0.0) {
                    return Err(InputError::new(
                        &format!("bodies[{i}].{field}"),
                        "must be finite and positive",
                    ));
                }
            }
            if b.position.iter().chain(&b.velocity).any(|x| !x.is_finite()) {
                return Err(InputError::new(
                    &format!("bodies[{i}]"),
                    "position and velocity must be finite",
                ));
            }
        }
        for (i, p) in self.loose_parts.iter().enumerate() {
            let at = format!("loose_parts[{i}]");
            if p.name.is_empty()
                || p.name.starts_with("contact")
                || p.name.contains('.')
                || self.bodies.iter().any(|b| b.name == p.name)
                || self.loose_parts[..i].iter().any(|o| o.name == p.name)
            {
                return Err(InputError::new(
                    &format!("{at}.name"),
                    "must be non-empty, unique among bodies and parts, without '.', \
                     and not start with `contact`",
                ));
            }
            if let Some(car) = &p.car {
                if !self
                    .bodies
                    .iter()
                    .any(|b| &b.name == car && b.owner == OwnerKind::Car)
                {
                    return Err(InputError::new(
                        &format!("{at}.car"),
                        format!("no car named `{car}`"),
                    ));
                }
            }
            let finite = p
                .position
                .iter()
                .chain(&p.velocity)
                .chain(&p.spin)
                .chain(&p.rotation)
                .chain(core::iter::once(&p.restitution))
                .all(|x| x.is_finite());
            if !finite || !p.size.iter().all(|x| x.is_finite() && *x > 0.0) {
                return Err(InputError::new(&at, "must be finite, the size positive"));
            }
        }
        for (i, input) in self.inputs.iter().enumerate() {
            let Some(b) = self.bodies.iter().find(|b| b.name == input.body) else {
                return Err(InputError::new(
                    &format!("inputs[{i}].body"),
                    format!("no body named `{}`", input.body),
                ));
            };
            let for_human = matches!(
                input.action,
                Action::Walk(_) | Action::Bone { .. } | Action::StrikeShape { .. }
            );
            let for_object = matches!(input.action, Action::Drop(_) | Action::Settle { .. });
            let bag_ok = b.owner == OwnerKind::PunchBag
                && matches!(
                    input.action,
                    Action::Bone { .. } | Action::StrikeShape { .. }
                );
            if (for_human && b.owner != OwnerKind::Human && !bag_ok)
                || (for_object && b.owner != OwnerKind::WorldObject)
            {
                return Err(InputError::new(
                    &format!("inputs[{i}].action"),
                    format!(
                        "`{}` is a {:?}: Walk is for a human, Drop and Settle for a world object",
                        b.name, b.owner
                    ),
                ));
            }
            let finite = match input.action {
                Action::Drop(v) | Action::SetVelocity(v) | Action::Walk(v) => v,
                Action::Settle { normal, .. } => normal,
                Action::Bone { at, .. } => at,
                Action::StrikeShape { .. } => [0.0; 3],
            }
            .iter()
            .all(|x| x.is_finite());
            if !finite {
                return Err(InputError::new(
                    &format!("inputs[{i}].action"),
                    "must be finite",
                ));
            }
            if input.tick >= self.ticks {
                return Err(InputError::new(
                    &format!("inputs[{i}].tick"),
                    format!("{} is past the last tick {}", input.tick, self.ticks - 1),
                ));
            }
        }
        for (i, e) in self.expect.iter().enumerate() {
            if e.tick >= self.ticks {
                return Err(InputError::new(
                    &format!("expect[{i}].tick"),
                    format!("{} is past the last tick {}", e.tick, self.ticks - 1),
                ));
            }
            if e.source.text().trim().is_empty() {
                return Err(InputError::new(
                    &format!("expect[{i}].source"),
                    "must name the section, the rules or the reason",
                ));
            }
            if self.expect[..i].iter().any(|o| o.key() == e.key()) {
                return Err(InputError::new(
                    &format!("expect[{i}]"),
                    format!("`{}` at tick {} is stated twice", e.field, e.tick),
                ));
            }
        }
        Ok(())
    }

    fn mesh(&self, dir: &Path) -> Result<Option<CollisionMesh>, InputError> {
        if let Some(file) = &self.level.mesh_file {
            if !self.level.triangles.is_empty() {
                return Err(InputError::new(
                    "level",
                    "give either `triangles` or `mesh_file`, not both",
                ));
            }
            let m = collision_mesh::ron_text::load(&dir.join(file))
                .map_err(|e| InputError::new("level.mesh_file", e.to_string()))?;
            return Ok(Some(m));
        }
        if self.level.triangles.is_empty() {
            return Ok(None);
        }
        let soup: Vec<SoupTriangle> = self
            .level
            .triangles
            .iter()
            .map(|t| SoupTriangle {
                corners: t.corners,
                attributes: Attributes {
                    flags: collision_mesh::TriangleFlags::from_bits_retain(t.flags),
                    material: Material(t.material),
                    area: t.area,
                },
            })
            .collect();
        build::from_soup(&soup, &BuildConfig::default(), "scenario level")
            .map(Some)
            .map_err(|e| InputError::new("level.triangles", e.to_string()))
    }

    /// Runs the scenario in mode `R`; `dir` is the scenario file's folder
    /// (for a mesh file). Returns every tick's fields.
    pub fn run<R: Real>(&self, dir: &Path) -> Result<Outcome, InputError> {
        self.run_keeping::<R>(dir, &HashSet::new())
    }

    /// As [`Scenario::run`], keeping the snapshot keys `also` (a
    /// capture's) whatever `keep` and `every` say.
    pub fn run_keeping<R: Real>(
        &self,
        dir: &Path,
        also: &HashSet<String>,
    ) -> Result<Outcome, InputError> {
        self.validate()?;
        if let Some(Workload::Street) = self.workload {
            return Ok(self.run_street::<R>());
        }
        let mut world = PhysicsWorld::<R>::default();
        if let Some(m) = self.mesh(dir)? {
            world.set_mesh(m);
        }
        let mut owners = ReferenceOwners::<R>::default();
        let mut ids: BTreeMap<&str, OwnerId> = BTreeMap::new();
        let mut order: Vec<(&str, OwnerId)> = Vec::new();
        let mut groups: BTreeMap<u16, i16> = BTreeMap::new();
        let mut bags: Vec<(&str, OwnerId, physics_world::BodyId)> = Vec::new();
        for (i, b) in self.bodies.iter().enumerate() {
            let mut making = Making {
                world: &mut world,
                owners: &mut owners,
            };
            let (id, body) = match b.owner {
                OwnerKind::WorldObject => making.object(b),
                OwnerKind::Human => making.human(b),
                OwnerKind::Car => making.car(b),
                OwnerKind::PunchBag => making.punch_bag(b),
            }
            .ok_or_else(|| InputError::new(&format!("bodies[{i}]"), "the body pool is full"))?;
            if b.group != 0 {
                let g = *groups.entry(b.group).or_insert_with(|| world.new_group());
                world.set_group(body, g);
            }
            ids.insert(b.name.as_str(), id);
            order.push((b.name.as_str(), id));
            if b.owner == OwnerKind::PunchBag {
                bags.push((b.name.as_str(), id, body));
            }
        }
        let mut parts: Vec<(&str, Option<physics_world::BodyId>, LoosePart<R>)> = self
            .loose_parts
            .iter()
            .map(|p| {
                let car = p.car.as_deref().and_then(|c| ids.get(c)).and_then(|id| {
                    match owners.get(*id) {
                        Some(ReferenceOwner::Car(c)) => c.body,
                        _ => None,
                    }
                });
                let ty = LoosePartType {
                    size: v4(p.size, 0.0),
                    restitution: R::from_f32(p.restitution),
                };
                let mut part = LoosePart::new(
                    ty,
                    v4(p.position, 1.0),
                    physics_world::quat::Quat::from_f32(p.rotation),
                    v4(p.velocity, 0.0),
                    v4(p.spin, 0.0),
                );
                part.target = p.target;
                (p.name.as_str(), car, part)
            })
            .collect();
        // What each human's control asks for (an AI asks again each update).
        let mut walks: BTreeMap<OwnerId, Vec4<R>> = BTreeMap::new();
        let mut strike_candidates = Vec::new();
        let mut out = Outcome::new();
        let mut bytes = 0usize;
        for tick in 0..self.ticks {
            owners.now = i64::from(tick);
            owners.contacts.clear();
            owners.strikes.clear();
            for input in self.inputs.iter().filter(|i| i.tick == tick) {
                let Some(&id) = ids.get(input.body.as_str()) else {
                    continue;
                };
                match input.action {
                    Action::Drop(v) => {
                        owners.drop_object(id, v4(v, 0.0));
                    }
                    Action::SetVelocity(v) => {
                        Owners::set_velocity(&mut owners, id, v4(v, 0.0));
                    }
                    Action::Settle { normal, axis } => {
                        world.start_settle(&mut owners, id, v4(normal, 0.0), axis);
                    }
                    Action::Walk(v) => {
                        walks.insert(id, v4(v, 0.0));
                        Owners::set_velocity(&mut owners, id, v4(v, 0.0));
                    }
                    Action::Bone { bone, at } => {
                        if let Some(ReferenceOwner::Human(h)) = owners.get_mut(id) {
                            h.bone = Some((bone, v4(at, 1.0)));
                        }
                    }
                    Action::StrikeShape { bone, on } => {
                        if let Some(ReferenceOwner::Human(WalkingHumanOwner {
                            body: Some(b),
                            ..
                        })) = owners.get(id)
                        {
                            world.set_bone_shape_enabled(*b, Some(bone), on);
                        }
                    }
                }
            }
            // The humans move at 30 Hz, on even ticks, in file order.
            if tick % 2 == 0 {
                for &(_, id) in &order {
                    let Some(ReferenceOwner::Human(h)) = owners.get(id) else {
                        continue;
                    };
                    if bags.iter().any(|&(_, bag, _)| bag == id) {
                        continue;
                    }
                    // The control asks for its walk again every update (a
                    // player's stick as an AI's brain); without a walk, a
                    // human keeps its velocity.
                    let v = walks.get(&id).copied().unwrap_or(h.velocity);
                    owners.walk_human(&mut world, id, v);
                    if let Some(ReferenceOwner::Human(WalkingHumanOwner {
                        body: Some(b), ..
                    })) = owners.get(id)
                    {
                        let b = *b;
                        world.test_strikes(&mut owners, b, &mut strike_candidates);
                    }
                }
            }
            for &(_, id) in &order {
                owners.update_object(&mut world, id);
            }
            // The cars' updates: every loose part, every tick.
            for (name, car, part) in &mut parts {
                let u = part.update(&mut world, &owners, *car, &mut strike_candidates);
                record_part(&mut out, tick, name, part, &u);
            }
            world.step(&mut owners);
            // The bag's body posed from its owner's bones (divergence 360).
            for &(_, _, body) in &bags {
                world.update(&owners, body);
            }
            let start = out.fields.len();
            record(&mut out, tick, &world, &owners, &order);
            for &(name, _, body) in &bags {
                record_bag(&mut out, tick, &world, name, body);
            }
            bytes += self.trim(&mut out, start, tick, also);
            if !self.no_snapshot_limit && bytes > SNAPSHOT_LIMIT {
                return Err(InputError::new(
                    "ticks",
                    format!(
                        "the snapshot passes {SNAPSHOT_LIMIT} bytes at tick {tick} of {}; \
                         keep fewer fields (`keep`), fewer ticks (`every`) or set \
                         `no_snapshot_limit: true` (divergence 332)",
                        self.ticks
                    ),
                ));
            }
        }
        Ok(out)
    }

    /// Drops the fields of `tick` (from `out.fields[start..]`) the file
    /// does not keep (`keep`, `every`; the checked fields always stay) and
    /// returns the bytes the kept ones add to the snapshot (both modes';
    /// divergence 332).
    fn trim(&self, out: &mut Outcome, start: usize, tick: u32, also: &HashSet<String>) -> usize {
        let sampled = match self.every {
            Some(n) => tick.is_multiple_of(n) || tick + 1 == self.ticks,
            None => true,
        };
        let checked = |key: &str| also.contains(key) || self.expect.iter().any(|e| e.key() == key);
        let kept = |key: &str| {
            let field = key.split_once('.').map_or(key, |(_, f)| f);
            (sampled
                && (self.keep.is_empty()
                    || self.keep.iter().any(|k| field.starts_with(k.as_str()))))
                || checked(key)
        };
        let mut k = start;
        for i in start..out.fields.len() {
            if kept(&out.fields[i].0) {
                out.fields.swap(k, i);
                k += 1;
            }
        }
        out.fields.truncate(k);
        let added: usize = out.fields[start..]
            .iter()
            .map(|(key, _)| 2 * (key.len() + FIELD_BYTES))
            .sum();
        added
    }
}

impl Scenario {
    /// The street workload: a street step on every even tick, its fields
    /// every 200 ticks and at the last.
    fn run_street<R: Real>(&self) -> Outcome {
        let mut street = physics_world::street::Street::<R>::new();
        let mut out = Outcome::new();
        for tick in 0..self.ticks {
            if tick % 2 == 0 {
                street.tick();
            }
            if (tick + 1) % 200 == 0 || tick + 1 == self.ticks {
                let k = |f: &str| tick_key(tick, &format!("street.{f}"));
                let h = street.state_hash();
                out.int(&k("hash_hi"), i64::from((h >> 32) as u32));
                out.int(&k("hash_lo"), i64::from(h as u32));
                out.int(&k("finite"), i64::from(street.all_finite()));
                for (f, n) in [
                    ("steps", street.ticks),
                    ("sweeps", street.sweeps),
                    ("contacts", street.contacts),
                    ("landed", street.landed),
                ] {
                    out.int(&k(f), i64::try_from(n).unwrap_or(i64::MAX));
                }
            }
        }
        out
    }
}

/// The world and the owners a scenario's bodies are made in.
struct Making<'a, R: Real> {
    world: &'a mut PhysicsWorld<R>,
    owners: &'a mut ReferenceOwners<R>,
}

/// An owner and its body, made; `None` when a pool is full or the
/// description does not fit the owner.
type Made = Option<(OwnerId, physics_world::BodyId)>;

/// The walking human owner of `b` (its position, scale and weights) with
/// this velocity and state, its bone and body not set yet.
fn walking_owner<R: Real>(
    b: &BodySpec,
    velocity: Vec4<R>,
    airborne: bool,
    player: bool,
) -> WalkingHumanOwner<R> {
    WalkingHumanOwner {
        position: v4(b.position, 1.0),
        velocity,
        airborne,
        player,
        scale: R::from_f32(b.scale),
        weight: R::from_f32(b.weight),
        push_weight: R::from_f32(b.push_weight),
        bone: None,
        body: None,
    }
}

impl<R: Real> Making<'_, R> {
    /// A world object's owner and body from its description.
    fn object(&mut self, b: &BodySpec) -> Made {
        let size = match b.shape {
            ShapeSpec::Box(s) => v4::<R>(s, 0.0),
            ShapeSpec::Sphere(r) => v4::<R>([2.0 * r, 2.0 * r, 2.0 * r], 0.0),
            ShapeSpec::Capsule => return None,
        };
        let mut o = WorldObjectOwner::at(v4(b.position, 1.0), size, b.axis);
        o.rotation = physics_world::quat::Quat::from_f32(b.rotation);
        o.velocity = v4(b.velocity, 0.0);
        o.angular_velocity = v4(b.angular_velocity, 0.0);
        o.flags = b.flags;
        o.restitution = R::from_f32(b.restitution);
        o.weight = R::from_f32(b.weight);
        o.push_weight = R::from_f32(b.push_weight);
        o.type_mask = b.type_mask;
        let id = self.owners.push(ReferenceOwner::Object(o));
        let ty = ObjectType {
            shape: match b.shape {
                ShapeSpec::Sphere(_) => ObjectShape::Sphere { size },
                _ => ObjectShape::Box { size },
            },
            centre: Vec4::ZERO,
            phyflags: b.phyflags,
            kind: 0,
        };
        let (body, _) = self.world.object_body_from_type(&*self.owners, id, &ty)?;
        self.placed(id, body)
    }

    /// A walking human's owner and body from its description.
    fn human(&mut self, b: &BodySpec) -> Made {
        let airborne = b.flags & physics_world::object_flags::AIRBORNE != 0;
        let owner = walking_owner(b, v4(b.velocity, 0.0), airborne, b.player);
        let id = self.owners.push(ReferenceOwner::Human(owner));
        let body = self.owners.make_human_body(self.world, id, b.pushable)?;
        Some((id, body))
    }

    /// The punch bag's owner (a standing human) and its own body.
    fn punch_bag(&mut self, b: &BodySpec) -> Made {
        let owner = walking_owner(b, Vec4::ZERO, false, false);
        let id = self.owners.push(ReferenceOwner::Human(owner));
        let body = self.world.create_punch_bag_body(&*self.owners, id)?;
        if let Some(ReferenceOwner::Human(h)) = self.owners.get_mut(id) {
            h.body = Some(body);
        }
        self.world.update(&*self.owners, body);
        Some((id, body))
    }

    /// A car's owner and body from its description (its two boxes).
    fn car(&mut self, b: &BodySpec) -> Made {
        let id = self.owners.push(ReferenceOwner::Car(CarOwner {
            position: v4(b.position, 1.0),
            rotation: physics_world::quat::Quat::from_f32(b.rotation),
            velocity: v4(b.velocity, 0.0),
            flags: b.flags,
            body: None,
        }));
        let boxes = match b.car_boxes.as_slice() {
            [a, c] => [a, c].map(|x| (v4::<R>(x.half, 0.0), v4::<R>(x.offset, 0.0))),
            _ => return None,
        };
        let body = self.world.create_car_body(&*self.owners, id, boxes)?;
        self.placed(id, body)
    }

    /// Ties `body` to owner `id` and updates it once from its owner.
    fn placed(&mut self, id: OwnerId, body: physics_world::BodyId) -> Made {
        self.owners.set_body(id, body);
        self.world.update(&*self.owners, body);
        Some((id, body))
    }
}

/// The punch bag's posed segment (`segment.start`, `segment.end`) and its
/// capsule's height.
fn record_bag<R: Real>(
    out: &mut Outcome,
    tick: u32,
    world: &PhysicsWorld<R>,
    name: &str,
    body: physics_world::BodyId,
) {
    let k = |f: &str| tick_key(tick, &format!("{name}.{f}"));
    let parts = world.body(body).and_then(|b| b.human.as_ref());
    let shape = |id| world.shape(id).map(|s| s.geom);
    let segment = parts.and_then(|p| match p.bones[0].and_then(shape) {
        Some(kernels::Shape::Segment(s)) => Some(s),
        _ => None,
    });
    let height = parts.and_then(|p| match shape(p.capsule) {
        Some(kernels::Shape::Capsule(c)) => Some(c.height),
        _ => None,
    });
    for (what, v) in [
        ("segment.start", segment.map(|s| s.start)),
        ("segment.end", segment.map(|s| s.end)),
    ] {
        for lane in ["x", "y", "z"] {
            let x = v.map(|v| match lane {
                "x" => v.x,
                "y" => v.y,
                _ => v.z,
            });
            out.opt_real(&k(&format!("{what}.{lane}")), x);
        }
    }
    out.opt_real(&k("capsule.height"), height);
}

fn record<R: Real>(
    out: &mut Outcome,
    tick: u32,
    world: &PhysicsWorld<R>,
    owners: &ReferenceOwners<R>,
    order: &[(&str, OwnerId)],
) {
    for &(name, id) in order {
        let k = |f: &str| tick_key(tick, &format!("{name}.{f}"));
        // The pose and motion every kind records; then its own fields.
        let (position, velocity, rotation, flags) = match owners.get(id) {
            Some(ReferenceOwner::Human(h)) => {
                record_human(out, tick, world, name, h);
                continue;
            }
            Some(ReferenceOwner::Car(c)) => (c.position, c.velocity, c.rotation, c.flags),
            Some(ReferenceOwner::Object(o)) => (o.position, o.velocity, o.rotation, o.flags),
            None => continue,
        };
        put_xyz(out, &k("position"), position);
        put_xyz(out, &k("velocity"), velocity);
        for (lane, v) in [
            ("x", rotation.x),
            ("y", rotation.y),
            ("z", rotation.z),
            ("w", rotation.w),
        ] {
            out.real(&k(&format!("rotation.{lane}")), v);
        }
        out.int(&k("flags"), i64::from(flags));
        if let Some(ReferenceOwner::Object(_)) = owners.get(id) {
            out.opt_real(&k("settle_t"), world.settle_slot(id).map(|s| s.t));
        }
    }
    for (i, c) in owners.contacts.iter().enumerate() {
        let k = |f: &str| tick_key(tick, &format!("contact{i}.{f}"));
        let mover = order
            .iter()
            .position(|(_, id)| *id == c.mover)
            .map_or(-1, |p| p as i64);
        out.int(&k("mover"), mover);
        out.int(&k("other"), i64::from(c.other));
        out.int(&k("answer"), i64::from(c.answer));
        out.real(&k("fraction"), c.fraction);
        for (lane, v) in [("x", c.normal.x), ("y", c.normal.y), ("z", c.normal.z)] {
            out.real(&k(&format!("normal.{lane}")), v);
        }
        out.real(&k("velocity.z"), c.velocity.z);
        let flags = c
            .triangle
            .and_then(|t| world.mesh()?.triangle(t as usize))
            .map(|t| u32::from(t.flags.bits()));
        out.opt_int(&k("triangle"), c.triangle);
        out.opt_int(&k("triangle_flags"), flags);
    }
    for (i, st) in owners.strikes.iter().enumerate() {
        let k = |f: &str| tick_key(tick, &format!("strike{i}.{f}"));
        let index = |o: OwnerId| {
            order
                .iter()
                .position(|(_, id)| *id == o)
                .map_or(-1, |p| p as i64)
        };
        out.int(&k("striker"), index(st.striker));
        out.int(&k("struck"), index(st.struck));
        let c = &st.contact;
        out.opt_real(&k("fraction"), c.fraction);
        let lanes = |out: &mut Outcome, what: &str, v: &kernels::Lanes<R>| {
            for (lane, x) in [("x", v.x), ("y", v.y), ("z", v.z)] {
                out.opt_real(&k(&format!("{what}.{lane}")), x);
            }
        };
        lanes(out, "point", &c.point);
        lanes(out, "local", &c.other.point);
        lanes(out, "normal", &c.other.normal);
        out.opt_int(&k("feature"), c.other.feature);
        out.opt_int(&k("feature_index"), c.other.feature_index);
    }
}

/// A human's fields: position, velocity, its body's pending push-out and
/// flags.
fn record_human<R: Real>(
    out: &mut Outcome,
    tick: u32,
    world: &PhysicsWorld<R>,
    name: &str,
    h: &WalkingHumanOwner<R>,
) {
    let k = |f: &str| tick_key(tick, &format!("{name}.{f}"));
    let body = h.body.and_then(|b| world.body(b));
    let push = body.map_or(Vec4::ZERO, |b| b.push);
    for (what, v) in [
        ("position", h.position),
        ("velocity", h.velocity),
        ("push", push),
    ] {
        for (lane, x) in [("x", v.x), ("y", v.y), ("z", v.z)] {
            out.real(&k(&format!("{what}.{lane}")), x);
        }
    }
    out.int(
        &k("body_flags"),
        body.map_or(0, |b| i64::from(b.flags.bits())),
    );
}

/// A loose part's fields after its update: pose, motion, lifetime, flag
/// byte, floor count, the turn's progress, its tilt (the largest `|axis.z|`
/// of its three axes: 1 lying flat on a level floor) and what the update
/// did (message, removal, contact, sound).
fn record_part<R: Real>(
    out: &mut Outcome,
    tick: u32,
    name: &str,
    p: &LoosePart<R>,
    u: &LoosePartUpdate<R>,
) {
    let k = |f: &str| tick_key(tick, &format!("{name}.{f}"));
    put_xyz(out, &k("position"), p.position);
    put_xyz(out, &k("velocity"), p.velocity);
    let q = p.rotation;
    for (lane, v) in [("x", q.x), ("y", q.y), ("z", q.z), ("w", q.w)] {
        out.real(&k(&format!("rotation.{lane}")), v);
    }
    let tilt = q
        .axes()
        .iter()
        .map(|a| a.z.abs())
        .fold(R::ZERO, |m, z| m.max(z));
    out.real(&k("tilt"), tilt);
    out.int(&k("life"), i64::from(p.lifetime));
    out.int(&k("flags"), i64::from(p.flags));
    out.int(&k("floor_contacts"), i64::from(p.floor_contacts));
    out.opt_real(&k("turn_t"), p.turn.map(|t| t.t));
    out.opt_int(&k("message"), u.message.map(|t| t.unwrap_or(0)));
    out.int(&k("removed"), i64::from(u.removed));
    out.opt_real(&k("contact.fraction"), u.contact.and_then(|c| c.fraction));
    let n = u.contact.map(|c| c.other.normal);
    out.opt_real(&k("contact.normal.z"), n.and_then(|n| n.z));
    out.opt_real(&k("sound"), u.sound);
}

/// `key.x`, `key.y`, `key.z` of `v`.
fn put_xyz<R: Real>(out: &mut Outcome, key: &str, v: Vec4<R>) {
    for (lane, x) in [("x", v.x), ("y", v.y), ("z", v.z)] {
        out.real(&format!("{key}.{lane}"), x);
    }
}
