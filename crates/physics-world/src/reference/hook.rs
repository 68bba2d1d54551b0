//! [`OwnerHook`]: what a caller of the reference owners sees of, and may
//! change in, their answers, without writing an [`Owners`] of its own.
//!
//! The reference owners answer every contact as the console's handlers do
//! (`WorldObject_OnContact`, `Human_OnContact`, `Car_OnLanded`). A hook is
//! asked after the handler ran, with the handler's answer word; what it
//! returns is what the sweep acts on. The handler's own changes to its
//! owner (a settle asked for, an object stopped on a floor) are made
//! before the hook is asked and stay, whatever it answers. With `()` as
//! the hook every call is the reference owners' own.

use ps2_float::{Real, Vec4};
use shape_pools::{HumanCapsule, Pose};

use super::ReferenceOwners;
use crate::owner::ContactContext;
use crate::quat::Quat;
use crate::{ids::OwnerId, owner::Owners};

/// What a caller adds to the reference owners' answers. Every method's
/// default leaves the reference owners' behaviour as it is.
#[allow(unused_variables)]
pub trait OwnerHook<R: Real> {
    /// The answer word the sweep acts on for this contact; `answer` is the
    /// reference handler's. Default: `answer`.
    fn answer(&mut self, owners: &ReferenceOwners<R>, ctx: &ContactContext<R>, answer: u32) -> u32 {
        answer
    }

    /// Whether `owner` takes part in a pair with `other` (the owners'
    /// [`Owners::accepts_pair`], which the reference owners answer yes).
    /// Default `true`.
    fn accepts_pair(&self, owner: OwnerId, other: OwnerId) -> bool {
        true
    }

    /// Whether `striker` may strike `other` ([`Owners::may_strike`]).
    /// Default `true`.
    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        true
    }

    /// Told of each strike after the reference owners logged it.
    /// Default: nothing.
    fn struck(&mut self, striker: OwnerId, struck: OwnerId, contact: &kernels::Contact<R>) {}
}

impl<R: Real> OwnerHook<R> for () {}

/// The reference owners with a hook: an [`Owners`] whose every answer is
/// the reference owners', but for what [`OwnerHook`] changes.
pub struct Hooked<'a, R, H: ?Sized> {
    /// The reference owners.
    pub owners: &'a mut ReferenceOwners<R>,
    /// The hook.
    pub hook: &'a mut H,
}

impl<R: Real, H: OwnerHook<R> + ?Sized> Owners<R> for Hooked<'_, R, H> {
    fn type_mask(&self, owner: OwnerId) -> u32 {
        self.owners.type_mask(owner)
    }
    fn state_flags(&self, owner: OwnerId) -> u64 {
        self.owners.state_flags(owner)
    }
    fn frame(&self, owner: OwnerId) -> Pose<R> {
        self.owners.frame(owner)
    }
    fn bone(&self, owner: OwnerId, bone: u8) -> Pose<R> {
        self.owners.bone(owner, bone)
    }
    fn human_capsule(&self, owner: OwnerId) -> Option<HumanCapsule<R>> {
        self.owners.human_capsule(owner)
    }
    fn human_scale(&self, owner: OwnerId) -> R {
        self.owners.human_scale(owner)
    }
    fn float_attribute(&self, owner: OwnerId, n: u32) -> R {
        self.owners.float_attribute(owner, n)
    }
    fn has_attribute(&self, owner: OwnerId, n: u32) -> bool {
        self.owners.has_attribute(owner, n)
    }
    fn grab_partner(&self, owner: OwnerId) -> Option<OwnerId> {
        self.owners.grab_partner(owner)
    }
    fn is_player(&self, owner: OwnerId) -> bool {
        self.owners.is_player(owner)
    }
    fn accepts_pair(&self, owner: OwnerId, other: OwnerId) -> bool {
        self.owners.accepts_pair(owner, other) && self.hook.accepts_pair(owner, other)
    }
    fn object_flags(&self, owner: OwnerId) -> u32 {
        self.owners.object_flags(owner)
    }
    fn set_object_flags(&mut self, owner: OwnerId, flags: u32) {
        self.owners.set_object_flags(owner, flags);
    }
    fn rotation_now(&self, owner: OwnerId) -> Quat<R> {
        self.owners.rotation_now(owner)
    }
    fn stored_position(&self, owner: OwnerId) -> Vec4<R> {
        self.owners.stored_position(owner)
    }
    fn set_pose(&mut self, owner: OwnerId, rotation: Quat<R>, position: Vec4<R>) {
        self.owners.set_pose(owner, rotation, position);
    }
    fn zero_angular_velocity(&mut self, owner: OwnerId) {
        self.owners.zero_angular_velocity(owner);
    }
    fn on_contact(&mut self, ctx: &ContactContext<R>) -> u32 {
        let answer = self.owners.on_contact(ctx);
        let answer = self.hook.answer(self.owners, ctx, answer);
        // The log keeps the answer the sweep acts on.
        if let Some(last) = self.owners.contacts.last_mut() {
            last.answer = answer;
        }
        answer
    }
    fn position(&self, owner: OwnerId) -> Vec4<R> {
        self.owners.position(owner)
    }
    fn set_position(&mut self, owner: OwnerId, position: Vec4<R>) {
        self.owners.set_position(owner, position);
    }
    fn set_velocity(&mut self, owner: OwnerId, velocity: Vec4<R>) {
        self.owners.set_velocity(owner, velocity);
    }
    fn on_pushed(&mut self, pushed: OwnerId, ctx: &ContactContext<R>) {
        self.owners.on_pushed(pushed, ctx);
    }
    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        self.owners.may_strike(striker, other) && self.hook.may_strike(striker, other)
    }
    fn on_strike(&mut self, striker: OwnerId, struck: OwnerId, contact: &kernels::Contact<R>) {
        self.owners.on_strike(striker, struck, contact);
        self.hook.struck(striker, struck, contact);
    }
    fn landing_offset(&self, owner: OwnerId) -> Option<R> {
        self.owners.landing_offset(owner)
    }
}
