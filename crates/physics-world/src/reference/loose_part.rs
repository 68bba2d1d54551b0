//! A car's loose parts: the pieces that fly off a car, bounce, lay
//! themselves flat and go after 360 updates (overview "Cars", the loose
//! parts' three rules). A part has no body: each update sweeps a box of its
//! size at its pose through [`PhysicsWorld::collide_shape`] with a given
//! shape (option 0x400).
//!
//! The overview fixes the lifetime, the message, the gravity, the sweep,
//! the back-off and bounce, the floor test, the stopped spin, the eased
//! turn's acceleration, the counted floor contacts and the 0.95 scale. The
//! readings it leaves open are *inferred*, divergences 296 to 304: the
//! order of the steps within one update, which option bits beside 0x400 and
//! which querying body the sweep gets, the record's size read as a full
//! size, which contact is used, the lay-flat target, the sound's count and
//! speed, and the spin between contacts.

use kernels::{Contact, OrientedBox, Shape};
use ps2_float::{Real, Vec4};

use super::{ReferenceOwners, GRAVITY};
use crate::quat::{acos, quat_integrate_angular, Quat};
use crate::resolve::{back_off_plane_read, bounce_read};
use crate::settle::SettleSlot;
use crate::shape_query::{QueryOptions, ShapeQuery};
use crate::{ids::BodyId, owner::Owners, world::PhysicsWorld};

/// A part's lifetime at the start, in updates (`+0x94`, rule 1).
pub const LOOSE_PART_LIFETIME: i16 = 360;

/// The lifetime below which the part sends its message (rule 1).
pub const MESSAGE_BELOW: i16 = 91;

/// The message the part sends once to the object it holds (rule 1).
pub const LOOSE_PART_MESSAGE: u32 = 0x15;

/// The lay-flat turn's acceleration of its progress per update (`+0x88`,
/// rule 3).
pub const LAY_FLAT_ACCEL: f32 = 0.05;

/// What the velocity is scaled by after any contact (rule 3).
pub const CONTACT_SCALE: f32 = 0.95;

/// The speed above which a floor contact plays a sound (rule 3), m/s.
pub const SOUND_SPEED: f32 = 2.0;

/// How many floor contacts may play a sound (rule 3).
pub const SOUNDS: u8 = 3;

/// The sweep's options: 0x400 (the given box, rule 2) and 0x1 (the level
/// mesh; *inferred*, divergence 297: the caller is not traced).
pub const LOOSE_PART_OPTIONS: QueryOptions = QueryOptions::GIVEN_SHAPE.union(QueryOptions::MESH);

/// The part's flag byte (`+0x96`).
pub mod part_flags {
    /// Bit 0: flying.
    pub const FLYING: u8 = 0x1;
    /// Bit 1: the first floor contact was met (the lay-flat turn started).
    pub const FLOOR_MET: u8 = 0x2;
}

/// The floor test: a contact whose normal z is above 0.7 (rule 3).
fn floor_z<R: Real>() -> R {
    R::from_f32(0.7)
}

/// What a part's record gives (part records at type record `+0xf0`, 0x30
/// bytes each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoosePartType<R> {
    /// The part's size (record `+0x10`-`+0x18`), read as a full size and
    /// halved for the box (*inferred*, divergence 298).
    pub size: Vec4<R>,
    /// The restitution (record `+0x20`).
    pub restitution: R,
}

/// One loose part flying off a car.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoosePart<R> {
    /// The part's record.
    pub ty: LoosePartType<R>,
    /// The box's centre (the part's matrix, row 3).
    pub position: Vec4<R>,
    /// The part's rotation (the part's matrix, rows 0-2).
    pub rotation: Quat<R>,
    /// The velocity.
    pub velocity: Vec4<R>,
    /// The spin (radians per second about each world axis).
    pub angular_velocity: Vec4<R>,
    /// The lifetime left (`+0x94`).
    pub lifetime: i16,
    /// The flag byte (`+0x96`, [`part_flags`]).
    pub flags: u8,
    /// The floor contacts met (`+0x97`).
    pub floor_contacts: u8,
    /// The object the message goes to (`+0x8c`), if any.
    pub target: Option<u32>,
    /// The message was sent (*inferred*: the overview says "once", not
    /// where that is kept; divergence 296).
    pub message_sent: bool,
    /// The part was removed (lifetime 0): it neither flies nor counts.
    pub removed: bool,
    /// The lay-flat turn once started: its progress `t`, speed (`+0x84`,
    /// from rest) and acceleration (`+0x88`, [`LAY_FLAT_ACCEL`]), start and
    /// end rotations.
    pub turn: Option<SettleSlot<R, ()>>,
    /// The sweep's options ([`LOOSE_PART_OPTIONS`] by default).
    pub options: QueryOptions,
}

/// What one update of a part did: the message, the removal and the sound
/// are reported here for the caller to act on (divergence 301).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LoosePartUpdate<R> {
    /// Message [`LOOSE_PART_MESSAGE`] went to this object (`+0x8c`) this
    /// update; `Some(None)` when the part holds none.
    pub message: Option<Option<u32>>,
    /// The part was removed this update.
    pub removed: bool,
    /// The contact the sweep met, if any.
    pub contact: Option<Contact<R>>,
    /// The contact was a floor (normal z above 0.7).
    pub floor: bool,
    /// An impact sound played at this volume.
    pub sound: Option<R>,
}

impl<R: Real> LoosePart<R> {
    /// A part starting to fly from `position` with `rotation`, `velocity`
    /// and `spin`: lifetime 360, flag byte 1 (flying), no floor met, the
    /// sweep's options [`LOOSE_PART_OPTIONS`].
    #[must_use]
    pub fn new(
        ty: LoosePartType<R>,
        position: Vec4<R>,
        rotation: Quat<R>,
        velocity: Vec4<R>,
        spin: Vec4<R>,
    ) -> Self {
        Self {
            ty,
            position: position.with_w(R::ONE),
            rotation,
            velocity: velocity.with_w(R::ZERO),
            angular_velocity: spin.with_w(R::ZERO),
            lifetime: LOOSE_PART_LIFETIME,
            flags: part_flags::FLYING,
            floor_contacts: 0,
            target: None,
            message_sent: false,
            removed: false,
            turn: None,
            options: LOOSE_PART_OPTIONS,
        }
    }

    /// The box the part is swept as: half extents `size / 2`
    /// (divergence 298), the rotation's axes as rows, centred on the
    /// position.
    #[must_use]
    pub fn shape(&self) -> Shape<R> {
        Shape::Box(OrientedBox {
            half: self.ty.size.scale(R::from_f32(0.5)).with_w(R::ZERO),
            axes: self.rotation.axes(),
            centre: self.position.with_w(R::ONE),
        })
    }

    /// One update of the part, as the car's update calls it every tick
    /// while the part flies (so `dt` is 1/60 s, [`ReferenceOwners::dt`]`(1)`):
    ///
    /// 1. the lifetime counts down by one; below 91 the message 0x15 goes
    ///    once to the held object; at 0 the part is removed and stops
    ///    flying (nothing else happens that update);
    /// 2. flying: `vz −= 15.68 dt`, then the box swept by `v dt` through
    ///    [`PhysicsWorld::collide_shape`] with [`LoosePart::options`],
    ///    `car` as the querying body (divergence 297), at most one contact;
    /// 3. no contact: the part moves by `v dt`. A contact: the part moves by
    ///    the back-off of the move to the touch (`v dt × fraction`) off the
    ///    contact's plane (`PhysicsVec_BackOffPlane` under the world's
    ///    reading, divergences 221 and 303) and `v` bounces with the record's
    ///    restitution (`PhysicsVec_Bounce`); on a floor (normal z > 0.7)
    ///    the spin stops, the first floor contact starts the lay-flat turn
    ///    ([`lay_flat_target`], eased from rest with acceleration 0.05),
    ///    and the contact is counted, the first three faster than 2 m/s
    ///    playing a sound at `1 / (count + 1)` (divergence 300); then `v` is
    ///    scaled by 0.95;
    /// 4. the rotation: one tick of the turn once started, else the spin
    ///    integrated over `dt` (divergence 302).
    ///
    /// The order of the steps and of the floor rules is *inferred*
    /// (divergence 296). A removed part does nothing.
    ///
    /// Original: `Car_UpdateLoosePart` (0x00387f18).
    pub fn update<O: Owners<R> + ?Sized>(
        &mut self,
        world: &mut PhysicsWorld<R>,
        owners: &O,
        car: Option<BodyId>,
        candidates: &mut Vec<BodyId>,
    ) -> LoosePartUpdate<R> {
        let mut rep = LoosePartUpdate::default();
        if self.removed {
            return rep;
        }
        self.lifetime = self.lifetime.saturating_sub(1);
        if self.lifetime < MESSAGE_BELOW && !self.message_sent {
            self.message_sent = true;
            rep.message = Some(self.target);
        }
        if self.lifetime <= 0 {
            self.removed = true;
            self.flags &= !part_flags::FLYING;
            rep.removed = true;
            return rep;
        }
        if self.flags & part_flags::FLYING == 0 {
            return rep;
        }
        let dt = ReferenceOwners::<R>::dt(1);
        let mut v = self.velocity;
        v.z = v.z - R::from_f32(GRAVITY) * dt;
        let mv = v.scale(dt).with_w(R::ZERO);
        let mut q = ShapeQuery::of_shape(self.shape(), None, self.options);
        q.body = car;
        q.max = 1;
        let mut out = [Contact::<R>::default(); 1];
        let n = world.collide_shape(owners, &mut out, &q, mv, candidates);
        if n == 0 {
            self.position = (self.position + mv).with_w(R::ONE);
        } else {
            let c = out[0];
            let normal = c.other.normal.get_or(R::ZERO).with_w(R::ZERO);
            let f = c.fraction.unwrap_or(R::ZERO);
            let reading = world.config().readings.back_off;
            let advance = back_off_plane_read(reading, mv.scale(f), normal);
            self.position = (self.position + advance).with_w(R::ONE);
            let speed = v.length_sq().sqrt();
            let reading = world.config().readings.bounce;
            v = bounce_read(reading, v, normal, self.ty.restitution);
            if normal.z > floor_z() {
                rep.floor = true;
                self.angular_velocity = Vec4::ZERO;
                if self.flags & part_flags::FLOOR_MET == 0 {
                    self.flags |= part_flags::FLOOR_MET;
                    let end = lay_flat_target(self.rotation, normal);
                    self.turn = Some(SettleSlot::begin_with_accel(
                        (),
                        self.rotation,
                        end,
                        R::from_f32(LAY_FLAT_ACCEL),
                    ));
                }
                let count = self.floor_contacts;
                if count < SOUNDS && speed > R::from_f32(SOUND_SPEED) {
                    rep.sound = Some(R::ONE.div(R::from_i32(i32::from(count) + 1)));
                }
                self.floor_contacts = count.saturating_add(1);
            }
            v = v.scale(R::from_f32(CONTACT_SCALE));
            rep.contact = Some(c);
        }
        self.velocity = v.with_w(R::ZERO);
        if let Some(turn) = self.turn.as_mut() {
            self.rotation = turn.tick().0;
        } else if self.angular_velocity.length_sq() != R::ZERO {
            self.rotation = quat_integrate_angular(dt, self.rotation, self.angular_velocity);
        }
        rep
    }
}

/// The rotation that lays a part flat on the plane of unit normal `n` by
/// the smallest angle: of the part's three axes ([`Quat::axes`]) the one
/// most nearly along `n` or against it (the largest `|axis · n|`, the lower
/// index on a tie), taken with the sign that points along `n`, turned onto
/// `n` about `normalize(axis × n)` by `acos(axis · n)` (at most 90°), the
/// turn applied in the world frame after `start` (as `Settle_ComputeTarget`
/// does). An axis already along `n` (a zero cross product) gives `start`.
/// Overview "Cars", rule 3 ("by the smallest angle"); the choice among the
/// axes, the world-frame side and the normal being the contact's are
/// *inferred* (divergence 299).
#[must_use]
pub fn lay_flat_target<R: Real>(start: Quat<R>, n: Vec4<R>) -> Quat<R> {
    let axes = start.axes();
    let mut best = 0;
    let mut best_dot = axes[0].dot(n);
    for (i, a) in axes.iter().enumerate().skip(1) {
        let d = a.dot(n);
        if d.abs() > best_dot.abs() {
            best = i;
            best_dot = d;
        }
    }
    let d = if best_dot < R::ZERO {
        axes[best].scale(-R::ONE)
    } else {
        axes[best]
    }
    .with_w(R::ZERO);
    let c = d.cross(n).with_w(R::ZERO);
    if c.length_sq() == R::ZERO {
        return start;
    }
    let angle = acos(d.dot(n));
    Quat::from_axis_angle(c.normalize(), angle) * start
}
