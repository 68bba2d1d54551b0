//! [`Hooks`]: what a game changes of the world's answers, with typed
//! arguments, and the bridge that puts them between the record layer's
//! reference owners and the sweep.
//!
//! The world keeps its bodies' owners itself (the record layer's reference
//! owners: a world object, a walking human, a car), so a world runs with
//! no trait implemented at all: pass `&mut ()`. A game overrides only what
//! differs, as with rapier's `PhysicsHooks`; each default is the reference
//! owners' (the console's handlers') answer. A game that wants the
//! console's exact owner slots implements the record layer's `Owners` and
//! drives [`World::record_mut`](crate::World::record_mut) itself
//! (divergence 347).

use kernels::Contact;
use physics_world::reference::{OwnerHook, ReferenceOwners};
use physics_world::resolve::contact_flags;
use physics_world::{ContactContext, Other, OwnerId};
use ps2_float::Real;

use super::answer::ContactAnswer;
use super::body::{Body, WorldId};
use super::events::{ContactEvent, Event, StrikeEvent, Touched};
use crate::convert::{point_out, unit_out};
use crate::ids::TriangleId;

/// What a game changes of the world's answers. Every method has the
/// console's answer as its default.
#[allow(unused_variables)]
pub trait Hooks<R: Real> {
    /// The answer to one contact of a moving body: `answer` is the
    /// reference owner's (`WorldObject_OnContact`, `Human_OnContact`,
    /// `Car_OnLanded`), whose own changes (a settle asked for, an object
    /// stopped) are already made. Default: `answer`.
    fn contact(&mut self, contact: &ContactEvent<R>, answer: ContactAnswer) -> ContactAnswer {
        answer
    }

    /// Whether `mover` meets `other` at all (the owners' pair test, asked
    /// by the sweeps). Default `true`, the base slot's answer.
    fn meets(&self, mover: Body, other: Body) -> bool {
        true
    }

    /// Whether `striker` may strike `other`. Default `true`.
    fn may_strike(&self, striker: Body, other: Body) -> bool {
        true
    }
}

impl<R: Real> Hooks<R> for () {}

/// The game's hooks and the world's event list as the record layer's
/// [`OwnerHook`].
pub(crate) struct Bridge<'a, R: Real, H: ?Sized> {
    pub hooks: &'a mut H,
    pub events: &'a mut Vec<Event<R>>,
    pub bodies: &'a [Option<Body>],
    pub world: WorldId,
}

impl<R: Real, H: ?Sized> Bridge<'_, R, H> {
    fn body(&self, owner: OwnerId) -> Option<Body> {
        self.bodies
            .get(owner.word().checked_sub(1)? as usize)
            .copied()
            .flatten()
            .filter(|b| b.world == self.world)
    }
}

impl<R: Real, H: Hooks<R> + ?Sized> OwnerHook<R> for Bridge<'_, R, H> {
    fn answer(&mut self, owners: &ReferenceOwners<R>, ctx: &ContactContext<R>, answer: u32) -> u32 {
        let Some(mover) = self.body(ctx.mover) else {
            return answer;
        };
        let other = match ctx.other {
            Other::Level => {
                Touched::Level(TriangleId::from_word(ctx.contact.triangle.unwrap_or(0)))
            }
            Other::Owner(o) => match self.body(o) {
                Some(b) => Touched::Body(b),
                None => return answer,
            },
        };
        let c = &ctx.contact;
        let mut event = ContactEvent {
            mover,
            other,
            point: point_out(c.point.get_or(R::ZERO)),
            normal: unit_out(ctx.normal()),
            fraction: c.fraction.unwrap_or(R::ZERO),
            landing: c.flags.unwrap_or(0) & contact_flags::LANDING != 0,
            answer: ContactAnswer::from_word(answer),
        };
        let chosen = self.hooks.contact(&event, event.answer);
        // The console's word as the handler gave it when the hooks keep the
        // answer (bits the typed answer does not name survive).
        let word = if chosen == event.answer {
            answer
        } else {
            chosen.word()
        };
        event.answer = chosen;
        self.events.push(Event::Contact(event));
        if event.landing {
            let at = point_out(physics_world::Owners::position(owners, ctx.mover));
            self.events.push(Event::Landed { body: mover, at });
        }
        word
    }

    fn accepts_pair(&self, owner: OwnerId, other: OwnerId) -> bool {
        match (self.body(owner), self.body(other)) {
            (Some(a), Some(b)) => self.hooks.meets(a, b),
            _ => true,
        }
    }

    fn may_strike(&self, striker: OwnerId, other: OwnerId) -> bool {
        match (self.body(striker), self.body(other)) {
            (Some(a), Some(b)) => self.hooks.may_strike(a, b),
            _ => true,
        }
    }

    fn struck(&mut self, striker: OwnerId, struck: OwnerId, contact: &Contact<R>) {
        if let (Some(striker), Some(struck)) = (self.body(striker), self.body(struck)) {
            self.events.push(Event::Strike(StrikeEvent {
                striker,
                struck,
                point: point_out(contact.point.get_or(R::ZERO)),
                feature: contact.other.feature,
                feature_index: contact.other.feature_index,
            }));
        }
    }
}
