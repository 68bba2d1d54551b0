//! The world's events as Bevy messages, each naming its bodies' entities
//! (the facade's [`Event`], divergence 349 of the facade for what each
//! means; divergence 435 for how they are written).

use bevy_ecs::entity::Entity;
use bevy_ecs::message::Message;
use warriors_physics::prelude::Point3;
use warriors_physics::{ContactEvent, Event, StrikeEvent, Touched, TriangleId, WorldError};

use crate::real::PhysicsReal;
use crate::resources::Physics;

/// What a moving body touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContactWith {
    /// A triangle of the level.
    Level(TriangleId),
    /// Another body's entity.
    Body(Entity),
}

/// One contact of a moving body's sweep ([`Event::Contact`]).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct ContactMessage<R: PhysicsReal = f32> {
    /// The moving body's entity.
    pub mover: Entity,
    /// What it touched.
    pub with: ContactWith,
    /// The contact as the facade gives it (point, normal, fraction, the
    /// answer acted on).
    pub contact: ContactEvent<R>,
}

/// A strike met a body ([`Event::Strike`]).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct StrikeMessage<R: PhysicsReal = f32> {
    /// The striking human's entity.
    pub striker: Entity,
    /// The struck body's entity.
    pub struck: Entity,
    /// The strike as the facade gives it.
    pub strike: StrikeEvent<R>,
}

/// A falling object or car stopped falling, or a human landed
/// ([`Event::Landed`]).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct LandedMessage<R: PhysicsReal = f32> {
    /// The body's entity.
    pub entity: Entity,
    /// Where its origin is after the landing.
    pub at: Point3<R>,
}

/// Which end of a settle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SettlePhase {
    /// A settle started turning the object onto a face.
    Started,
    /// The settle finished: the object lies on its face.
    Finished,
}

/// A settle started or finished ([`Event::SettleStarted`],
/// [`Event::SettleFinished`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettleMessage {
    /// The object's entity.
    pub entity: Entity,
    /// Started or finished.
    pub phase: SettlePhase,
}

/// The sweep could not move the body ([`Event::Stuck`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StuckMessage {
    /// The body's entity.
    pub entity: Entity,
}

/// The world refused a call for an entity: making its body (a size below
/// zero, a non-finite transform; the entity keeps its components and gets
/// no [`BodyHandle`](crate::BodyHandle), and the plugin asks again only
/// when the body's component changes), or one of its inputs (a
/// [`Walk`](crate::Walk) on a body that is not a human, a non-finite
/// velocity), which is dropped (divergence 434).
#[derive(Message, Debug)]
pub struct BodyRefused {
    /// The entity.
    pub entity: Entity,
    /// Why.
    pub error: WorldError,
}

/// The world refused the [`PhysicsLevel`](crate::PhysicsLevel) (more
/// tiles than a contact can name): the world keeps the level it had.
#[derive(Message, Debug)]
pub struct LevelRefused {
    /// Why.
    pub error: WorldError,
}

/// One event as its message, its bodies' entities looked up (`None` for
/// an event naming a body without an entity).
pub(crate) enum Written<R: PhysicsReal> {
    Contact(ContactMessage<R>),
    Strike(StrikeMessage<R>),
    Landed(LandedMessage<R>),
    Settle(SettleMessage),
    Stuck(StuckMessage),
}

impl<R: PhysicsReal> Written<R> {
    pub(crate) fn of(e: &Event<R>, physics: &Physics<R>) -> Option<Self> {
        Some(match *e {
            Event::Contact(c) => Self::Contact(ContactMessage {
                mover: physics.entity(c.mover)?,
                with: match c.other {
                    Touched::Level(t) => ContactWith::Level(t),
                    Touched::Body(b) => ContactWith::Body(physics.entity(b)?),
                },
                contact: c,
            }),
            Event::Strike(s) => Self::Strike(StrikeMessage {
                striker: physics.entity(s.striker)?,
                struck: physics.entity(s.struck)?,
                strike: s,
            }),
            Event::Landed { body, at } => Self::Landed(LandedMessage {
                entity: physics.entity(body)?,
                at,
            }),
            Event::SettleStarted { body } => Self::Settle(SettleMessage {
                entity: physics.entity(body)?,
                phase: SettlePhase::Started,
            }),
            Event::SettleFinished { body } => Self::Settle(SettleMessage {
                entity: physics.entity(body)?,
                phase: SettlePhase::Finished,
            }),
            Event::Stuck { body } => Self::Stuck(StuckMessage {
                entity: physics.entity(body)?,
            }),
            _ => return None,
        })
    }
}
