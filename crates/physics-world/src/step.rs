//! Settling a landed object and the per-tick step (overview "The step",
//! "Settling a landed object", "30 Hz or 60 Hz"; Unit 15 is not in the
//! specification: readings beyond the overview are *inferred*).

use ps2_float::{Real, Vec4};

use crate::flags::object_flags;
use crate::settle::{
    settle_accel, settle_accel_30hz, settle_compute_target_with, AxisMask, SettleSlot,
};
use crate::{
    flags::BodyFlags, ids::BodyId, ids::OwnerId, owner::Owners, world::PhysicsWorld,
    world::StepRate,
};

/// What the step did, for callers that watch it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepReport {
    /// The widest-body bound was recomputed this step.
    pub refreshed: bool,
    /// Settle slots that turned their object.
    pub settling: usize,
    /// Settles that ended (and freed their slot).
    pub settled: usize,
}

/// The 48 bytes `Physics_StaticInit` copies from 0x00511720 to 0x006eb9e0,
/// read as the three unit axes (the port's research names 0x00511720 the
/// `+x` unit vector; *inferred*, divergence 217).
pub const STATIC_AXES: [[f32; 4]; 3] = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
];

/// The static initialiser's copy of [`STATIC_AXES`].
///
/// Original: `Physics_StaticInit` (0x0034f6c0).
#[must_use]
pub fn physics_static_init() -> [[f32; 4]; 3] {
    physics_static_init_copy()
}

/// The stub the static initialiser calls to do the copy.
///
/// Original: `Physics_StaticInit_Copy` (0x0034f718).
#[must_use]
pub fn physics_static_init_copy() -> [[f32; 4]; 3] {
    STATIC_AXES
}

impl<R: Real> PhysicsWorld<R> {
    /// The body of `owner` (what owner vtable `+0xf0` answers): the first
    /// body added for it that is still in the world. A map kept with the
    /// body vector answers it without a walk over the bodies (divergence
    /// 234).
    #[must_use]
    pub fn body_of_owner(&self, owner: OwnerId) -> Option<BodyId> {
        self.bodies
            .owner_bodies
            .get(&owner)
            .copied()
            .filter(|id| self.body(*id).is_some())
    }

    /// The settle slot of `owner`, if it settles.
    #[must_use]
    pub fn settle_slot(&self, owner: OwnerId) -> Option<&SettleSlot<R, OwnerId>> {
        self.settle.iter().flatten().find(|s| s.object == owner)
    }

    /// The settle slots (64 on the console), `None` where free.
    #[must_use]
    pub fn settle_slots(&self) -> &[Option<SettleSlot<R, OwnerId>>] {
        &self.settle
    }

    /// Starts settling `owner` onto a contact's `normal`: the owner's own
    /// slot if it has one, else the first free one (so an owner never holds
    /// two), speed 0, the start its rotation
    /// now (`Obj_GetPoseNow`), the end the nearest-face turn
    /// ([`settle_compute_target_with`], the nearest axis under the world's
    /// quirks) for the type's axis byte, passed through
    /// unchanged; the owner's angular velocity zeroed and its object flag
    /// 0x40000 set. With every slot busy nothing happens (`false`, counted
    /// in [`PhysicsWorld::refusals`]). The acceleration is 0.02, or 0.08 in
    /// a 30 Hz world.
    ///
    /// Original: `IPhysics_StartSettle` (0x00340fe0).
    pub fn start_settle<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        owner: OwnerId,
        normal: Vec4<R>,
        axis_byte: u8,
    ) -> bool {
        let own = self
            .settle
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.object == owner));
        let Some(i) = own.or_else(|| self.settle.iter().position(Option::is_none)) else {
            self.count_refused_settle();
            return false;
        };
        let start = owners.rotation_now(owner);
        let target = settle_compute_target_with(
            start,
            AxisMask::from_byte(axis_byte),
            normal,
            self.config.quirks.world,
        );
        let accel = match self.config.rate {
            StepRate::Hz60 => settle_accel(),
            StepRate::Hz30 => settle_accel_30hz(),
        };
        self.settle[i] = Some(SettleSlot::begin_with_accel(
            owner, start, target.end, accel,
        ));
        owners.zero_angular_velocity(owner);
        let f = owners.object_flags(owner);
        owners.set_object_flags(owner, f | object_flags::SETTLING);
        true
    }

    /// Stops `owner`'s settle: its slot is freed and its flag 0x40000
    /// cleared (what removing an object does). `false` when it was not
    /// settling.
    ///
    /// Original: `IPhysics_CancelSettle` (0x003410f0).
    pub fn cancel_settle<O: Owners<R> + ?Sized>(&mut self, owners: &mut O, owner: OwnerId) -> bool {
        let Some(i) = self
            .settle
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.object == owner))
        else {
            return false;
        };
        self.settle[i] = None;
        let f = owners.object_flags(owner);
        owners.set_object_flags(owner, f & !object_flags::SETTLING);
        true
    }

    /// One step of the world (60 Hz on the console, once per tick after
    /// the task wheel):
    ///
    /// 1. the tick is counted; at the refresh interval (120, or 60 in a 30
    ///    Hz world) the count restarts and the widest-body bound is
    ///    recomputed over the list, the only place it can shrink;
    /// 2. each settle slot in use: `t += speed`, `speed += accel`, `t`
    ///    clamped to 1; the owner's rotation becomes `slerp(start, end, t)`
    ///    at its stored pose's position (written through the owner); its
    ///    body, if it has one, is marked dirty and updated at once (shapes
    ///    re-posed, box, sorted place); once `t` reaches 1 the slot is
    ///    emptied and the owner's flags go from settling (0x40000) to
    ///    settled (0x8000000).
    ///
    /// Original: `IPhysics_Step` (0x00340918).
    pub fn step<O: Owners<R> + ?Sized>(&mut self, owners: &mut O) -> StepReport {
        let mut report = StepReport::default();
        self.bodies.refresh_ticks += 1;
        if self.bodies.refresh_ticks >= self.config.rate.refresh_interval() {
            self.bodies.refresh_ticks = 0;
            self.refresh_widest();
            report.refreshed = true;
        }
        for i in 0..self.settle.len() {
            let Some(slot) = self.settle[i].as_mut() else {
                continue;
            };
            let (rotation, done) = slot.tick();
            let owner = slot.object;
            let position = owners.stored_position(owner);
            owners.set_pose(owner, rotation, position);
            report.settling += 1;
            if let Some(body) = self.body_of_owner(owner) {
                self.set_body_flags(body, BodyFlags::DIRTY);
                self.update(&*owners, body);
            }
            if done {
                self.settle[i] = None;
                let f = owners.object_flags(owner);
                owners
                    .set_object_flags(owner, (f & !object_flags::SETTLING) | object_flags::SETTLED);
                report.settled += 1;
            }
        }
        report
    }

    /// Steps since the widest-body bound was last recomputed (`+0x12`).
    #[must_use]
    pub fn ticks_since_refresh(&self) -> u16 {
        self.bodies.refresh_ticks
    }
}
