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

use ps2_float::Real;

use super::ReferenceOwners;
use crate::owner::ContactContext;
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

/// The names [`pass_owners_to!`](crate::pass_owners_to) writes its
/// signatures with, reachable from any crate that expands it.
#[doc(hidden)]
pub mod pass_owners_names {
    pub use crate::owner::{ContactContext, Owners};
    pub use crate::{ids::OwnerId, quat::Quat};
    pub use kernels::Contact;
    pub use ps2_float::Vec4;
    pub use shape_pools::{HumanCapsule, Pose};
}

/// Inside an `impl Owners<R> for Wrapper`, writes each named [`Owners`]
/// method as the same call on the field `inner` (`pass_owners_to!(inner,
/// R: type_mask, frame, ...)`): the calls a wrapper owner set passes on
/// unchanged, written once for [`Hooked`] and for any other wrapper. The
/// wrapper writes the methods it changes beside it; a method it neither
/// names nor writes keeps the trait's default. Bring it into scope by name
/// (`use physics_world::pass_owners_to;`): it calls itself by that name.
#[macro_export]
macro_rules! pass_owners_to {
    ($inner:ident, $r:ident: $($method:ident),* $(,)?) => {
        $(pass_owners_to!(@one $inner, $r, $method);)*
    };
    // One arm per method of `Owners`: the arms restate the trait's
    // signatures, which is what lets each wrapper name only its methods.
    (@one $i:ident, $r:ident, type_mask) => {
        fn type_mask(&self, owner: $crate::reference::pass_owners_names::OwnerId) -> u32 {
            self.$i.type_mask(owner)
        }
    };
    (@one $i:ident, $r:ident, state_flags) => {
        fn state_flags(&self, owner: $crate::reference::pass_owners_names::OwnerId) -> u64 {
            self.$i.state_flags(owner)
        }
    };
    (@one $i:ident, $r:ident, frame) => {
        fn frame(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> $crate::reference::pass_owners_names::Pose<$r> {
            self.$i.frame(owner)
        }
    };
    (@one $i:ident, $r:ident, bone) => {
        fn bone(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            bone: u8,
        ) -> $crate::reference::pass_owners_names::Pose<$r> {
            self.$i.bone(owner, bone)
        }
    };
    (@one $i:ident, $r:ident, human_capsule) => {
        fn human_capsule(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> Option<$crate::reference::pass_owners_names::HumanCapsule<$r>> {
            self.$i.human_capsule(owner)
        }
    };
    (@one $i:ident, $r:ident, human_scale) => {
        fn human_scale(&self, owner: $crate::reference::pass_owners_names::OwnerId) -> $r {
            self.$i.human_scale(owner)
        }
    };
    (@one $i:ident, $r:ident, float_attribute) => {
        fn float_attribute(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            n: u32,
        ) -> $r {
            self.$i.float_attribute(owner, n)
        }
    };
    (@one $i:ident, $r:ident, has_attribute) => {
        fn has_attribute(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            n: u32,
        ) -> bool {
            self.$i.has_attribute(owner, n)
        }
    };
    (@one $i:ident, $r:ident, grab_partner) => {
        fn grab_partner(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> Option<$crate::reference::pass_owners_names::OwnerId> {
            self.$i.grab_partner(owner)
        }
    };
    (@one $i:ident, $r:ident, is_player) => {
        fn is_player(&self, owner: $crate::reference::pass_owners_names::OwnerId) -> bool {
            self.$i.is_player(owner)
        }
    };
    (@one $i:ident, $r:ident, accepts_pair) => {
        fn accepts_pair(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            other: $crate::reference::pass_owners_names::OwnerId,
        ) -> bool {
            self.$i.accepts_pair(owner, other)
        }
    };
    (@one $i:ident, $r:ident, object_flags) => {
        fn object_flags(&self, owner: $crate::reference::pass_owners_names::OwnerId) -> u32 {
            self.$i.object_flags(owner)
        }
    };
    (@one $i:ident, $r:ident, set_object_flags) => {
        fn set_object_flags(
            &mut self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            flags: u32,
        ) {
            self.$i.set_object_flags(owner, flags);
        }
    };
    (@one $i:ident, $r:ident, rotation_now) => {
        fn rotation_now(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> $crate::reference::pass_owners_names::Quat<$r> {
            self.$i.rotation_now(owner)
        }
    };
    (@one $i:ident, $r:ident, stored_position) => {
        fn stored_position(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> $crate::reference::pass_owners_names::Vec4<$r> {
            self.$i.stored_position(owner)
        }
    };
    (@one $i:ident, $r:ident, set_pose) => {
        fn set_pose(
            &mut self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            rotation: $crate::reference::pass_owners_names::Quat<$r>,
            position: $crate::reference::pass_owners_names::Vec4<$r>,
        ) {
            self.$i.set_pose(owner, rotation, position);
        }
    };
    (@one $i:ident, $r:ident, zero_angular_velocity) => {
        fn zero_angular_velocity(&mut self, owner: $crate::reference::pass_owners_names::OwnerId) {
            self.$i.zero_angular_velocity(owner);
        }
    };
    (@one $i:ident, $r:ident, on_contact) => {
        fn on_contact(
            &mut self,
            ctx: &$crate::reference::pass_owners_names::ContactContext<$r>,
        ) -> u32 {
            self.$i.on_contact(ctx)
        }
    };
    (@one $i:ident, $r:ident, position) => {
        fn position(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> $crate::reference::pass_owners_names::Vec4<$r> {
            self.$i.position(owner)
        }
    };
    (@one $i:ident, $r:ident, set_position) => {
        fn set_position(
            &mut self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            position: $crate::reference::pass_owners_names::Vec4<$r>,
        ) {
            self.$i.set_position(owner, position);
        }
    };
    (@one $i:ident, $r:ident, set_velocity) => {
        fn set_velocity(
            &mut self,
            owner: $crate::reference::pass_owners_names::OwnerId,
            velocity: $crate::reference::pass_owners_names::Vec4<$r>,
        ) {
            self.$i.set_velocity(owner, velocity);
        }
    };
    (@one $i:ident, $r:ident, on_pushed) => {
        fn on_pushed(
            &mut self,
            pushed: $crate::reference::pass_owners_names::OwnerId,
            ctx: &$crate::reference::pass_owners_names::ContactContext<$r>,
        ) {
            self.$i.on_pushed(pushed, ctx);
        }
    };
    (@one $i:ident, $r:ident, may_strike) => {
        fn may_strike(
            &self,
            striker: $crate::reference::pass_owners_names::OwnerId,
            other: $crate::reference::pass_owners_names::OwnerId,
        ) -> bool {
            self.$i.may_strike(striker, other)
        }
    };
    (@one $i:ident, $r:ident, on_strike) => {
        fn on_strike(
            &mut self,
            striker: $crate::reference::pass_owners_names::OwnerId,
            struck: $crate::reference::pass_owners_names::OwnerId,
            contact: &$crate::reference::pass_owners_names::Contact<$r>,
        ) {
            self.$i.on_strike(striker, struck, contact);
        }
    };
    (@one $i:ident, $r:ident, landing_offset) => {
        fn landing_offset(
            &self,
            owner: $crate::reference::pass_owners_names::OwnerId,
        ) -> Option<$r> {
            self.$i.landing_offset(owner)
        }
    };
}

impl<R: Real, H: OwnerHook<R> + ?Sized> Owners<R> for Hooked<'_, R, H> {
    pass_owners_to!(owners, R:
        type_mask, state_flags, frame, bone, human_capsule, human_scale, float_attribute,
        has_attribute, grab_partner, is_player, object_flags, set_object_flags, rotation_now,
        stored_position, set_pose, zero_angular_velocity, position, set_position, set_velocity,
        on_pushed, landing_offset,
    );
    fn accepts_pair(&self, owner: OwnerId, other: OwnerId) -> bool {
        self.owners.accepts_pair(owner, other) && self.hook.accepts_pair(owner, other)
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
    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        self.owners.may_strike(striker, other) && self.hook.may_strike(striker, other)
    }
    fn on_strike(&mut self, striker: OwnerId, struck: OwnerId, contact: &kernels::Contact<R>) {
        self.owners.on_strike(striker, struck, contact);
        self.hook.struck(striker, struck, contact);
    }
}
