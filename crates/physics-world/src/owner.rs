//! The owners: the game objects bodies belong to, called through one trait
//! the way the console calls them through their vtable.
//!
//! The world never stores an owner. Every call that needs one takes the
//! game's implementation of [`Owners`] as an argument (as rapier's `step`
//! takes its `PhysicsHooks`), keyed by the [`OwnerId`] the game chose when
//! it created the body. The trait's default methods give the console's
//! common answers (the base task class's slots), so an owner overrides only
//! what it has; `()` is an owner set with every default.

use kernels::Contact;
use ps2_float::{Real, Vec4};
use shape_pools::{HumanCapsule, Pose};

use crate::ids::{BodyId, Other, OwnerId};
use crate::quat::Quat;

/// What the moving owner's contact handler is told about one contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactContext<R> {
    /// The moving body's owner.
    pub mover: OwnerId,
    /// The moving body.
    pub body: BodyId,
    /// The contact record as the sweep found it.
    pub contact: Contact<R>,
    /// The other half: the level or an owner.
    pub other: Other,
    /// This pass's move (`V × dt`).
    pub pass_move: Vec4<R>,
    /// The world's quirks (`WorldConfig::quirks.world`), for a handler that
    /// reproduces one of the game's own (the reference world object's
    /// landing, `object_lands_on_level_only`).
    pub quirks: kernels::WorldQuirks,
}

impl<R: Real> ContactContext<R> {
    /// The contact's normal (`+0x50`, the other shape's, pointing at the
    /// mover), unwritten lanes read as 0 and `w` 0.
    #[must_use]
    pub fn normal(&self) -> Vec4<R> {
        self.contact.other.normal.get_or(R::ZERO).with_w(R::ZERO)
    }
}

/// What the world asks of the game's objects (the owner vtable's slots the
/// physics calls; overview "Bodies", "Attributes", "Contacts", "The step").
#[allow(unused_variables)]
pub trait Owners<R: Real> {
    /// The owner's type mask (vtable `+0x20`, copied to body `+0x44`; 0x40 a
    /// human). Queries filter by it, and a type mask of 0 is met by no
    /// query. Default 0.
    fn type_mask(&self, owner: OwnerId) -> u32 {
        0
    }

    /// The owner's state flags (vtable `+0x50`), which the filtered box
    /// query tests against its excluded mask. Default 0.
    fn state_flags(&self, owner: OwnerId) -> u64 {
        0
    }

    /// The owner's frame (vtable `+0xa0`): what boxes, capsules, spheres on
    /// no bone and segments on no bone are posed in. Default: the origin,
    /// unrotated.
    fn frame(&self, owner: OwnerId) -> Pose<R> {
        Pose::default()
    }

    /// A bone's world matrix (vtable `+0xb8`). Default: the owner's frame.
    fn bone(&self, owner: OwnerId, bone: u8) -> Pose<R> {
        self.frame(owner)
    }

    /// The human's capsule state (the inputs of the capsule's height rules);
    /// `None` for an owner that is not a human. Default `None`.
    fn human_capsule(&self, owner: OwnerId) -> Option<HumanCapsule<R>> {
        None
    }

    /// The owner's scale (a human's `+0x65c`), read by
    /// `PhysicsBody_ApplyHumanScale`. Default 1.0.
    fn human_scale(&self, owner: OwnerId) -> R {
        R::ONE
    }

    /// Numbered float attribute `n` (vtable `+0xd0`): 1 a weight, 7 the push
    /// weight, 8 the restitution (overview "Attributes"). Default 0.
    fn float_attribute(&self, owner: OwnerId, n: u32) -> R {
        R::ZERO
    }

    /// Whether the owner has attribute `n` at all (vtable `+0xd8`). Default
    /// `false`.
    fn has_attribute(&self, owner: OwnerId, n: u32) -> bool {
        false
    }

    /// The other human of the owner's grab (`Human_GetGrabOther`), whom a
    /// human body always ignores. Default `None`.
    fn grab_partner(&self, owner: OwnerId) -> Option<OwnerId> {
        None
    }

    /// Whether the owner is a player (has a player number), whom the push
    /// sphere never nudges. Default `false`.
    fn is_player(&self, owner: OwnerId) -> bool {
        false
    }

    /// Whether the owner takes part in a pair with `other` (vtable `+0x110`,
    /// asked by the sweeps and by the queries that say so). The base slot
    /// (0x004dac30) answers yes. Default `true`.
    fn accepts_pair(&self, owner: OwnerId, other: OwnerId) -> bool {
        true
    }

    /// The object flags of the task head (`+0x54`: settling 0x40000,
    /// settled 0x8000000, ...). Default 0.
    fn object_flags(&self, owner: OwnerId) -> u32 {
        0
    }

    /// Writes the object flags (`+0x54`). Default: nothing.
    fn set_object_flags(&mut self, owner: OwnerId, flags: u32) {}

    /// The owner's rotation extrapolated to now (`Obj_GetPoseNow`, the
    /// settle's start). Default: the identity.
    fn rotation_now(&self, owner: OwnerId) -> Quat<R> {
        Quat::IDENTITY
    }

    /// The position of the owner's stored pose (owner slot `+0xa8`), which a
    /// settle turn keeps. Default: the frame's position.
    fn stored_position(&self, owner: OwnerId) -> Vec4<R> {
        self.frame(owner).position
    }

    /// Writes the owner's pose (slot `+0x68`; the world object's 0x00395220
    /// ignores it while a human holds the object). Default: nothing.
    fn set_pose(&mut self, owner: OwnerId, rotation: Quat<R>, position: Vec4<R>) {}

    /// Zeroes the owner's angular velocity (slot `+0x78`). Default: nothing.
    fn zero_angular_velocity(&mut self, owner: OwnerId) {}

    /// The owner's contact handler (vtable `+0xf8`): what a contact of the
    /// owner's moving body does, as the answer word of
    /// [`crate::resolve::answer`] (low 16 bits the code, high bits the
    /// walk). Default 0: nothing, go on to the next contact (the base
    /// slot 0x004dac20).
    fn on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        0
    }

    /// The owner's position (vtable `+0xa8`), which a contact's advance
    /// reads. Default: the frame's position.
    fn position(&self, owner: OwnerId) -> Vec4<R> {
        self.frame(owner).position
    }

    /// Writes the owner's position (vtable `+0xb0`): a contact's advance
    /// and the end of a sweep. Default: nothing.
    fn set_position(&mut self, owner: OwnerId, position: Vec4<R>) {}

    /// Writes the owner's velocity (vtable `+0x74`): the end of a sweep.
    /// Default: nothing.
    fn set_velocity(&mut self, owner: OwnerId, velocity: Vec4<R>) {}

    /// Tells `pushed` that the moving body of `ctx` pushed it (code 4; the
    /// other body's vtable `+0x54`, a human's `Human_OnPushContact`).
    /// Default: nothing.
    fn on_pushed(&mut self, pushed: OwnerId, ctx: &ContactContext<R>) {}

    /// Whether `striker` may strike `other` at all (the striker's vtable
    /// `+0x108`/`+0x10c`; the human's 0x00227180 answers yes for any
    /// non-human and for a human whose state word lacks 0x100000000).
    /// Asked by [`crate::PhysicsWorld::test_strikes`]. Default `true`.
    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        true
    }

    /// Tells `striker` that one of its strike shapes struck `struck` (the
    /// striker's `Strike_Contact`, vtable `+0x104`, or for a weapon sphere
    /// the held object's handler), with the contact the sweep wrote.
    /// Default: nothing.
    fn on_strike(&mut self, striker: OwnerId, struck: OwnerId, contact: &kernels::Contact<R>) {}

    /// The landing segment's raise for an airborne human (the human's
    /// `+0x4e8`): `Some(offset)` makes the body sweep cast the landing
    /// segment (`Human_LandingTest`), `None` (not airborne, or not a human)
    /// casts none. Default `None`.
    fn landing_offset(&self, owner: OwnerId) -> Option<R> {
        None
    }
}

impl<R: Real> Owners<R> for () {}

/// The pose source one owner gives a shape's pose.
pub(crate) struct OwnerPose<'a, R: Real, O: Owners<R> + ?Sized> {
    pub owners: &'a O,
    pub owner: OwnerId,
    pub human: bool,
    pub _r: core::marker::PhantomData<R>,
}

impl<R: Real, O: Owners<R> + ?Sized> shape_pools::PoseSource<R> for OwnerPose<'_, R, O> {
    fn frame(&self) -> Pose<R> {
        self.owners.frame(self.owner)
    }
    fn bone(&self, bone: u8) -> Pose<R> {
        self.owners.bone(self.owner, bone)
    }
    fn human_capsule(&self) -> Option<HumanCapsule<R>> {
        if self.human {
            self.owners.human_capsule(self.owner)
        } else {
            None
        }
    }
}
