//! [`Event`]: what a tick or a walk did, as values, kept until the game
//! drains them ([`World::drain_events`](crate::World::drain_events)).

use nalgebra::{Point3, Unit, Vector3};
use ps2_float::Real;

use super::answer::ContactAnswer;
use super::body::Body;
use crate::ids::TriangleId;

/// What a moving body touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Touched {
    /// A triangle of the level.
    Level(TriangleId),
    /// Another body.
    Body(Body),
}

/// One contact of a moving body's sweep, as its owner was asked about it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactEvent<R: Real> {
    /// The moving body.
    pub mover: Body,
    /// What it touched.
    pub other: Touched,
    /// The contact point (the record's `+0x90`).
    pub point: Point3<R>,
    /// The other half's normal, pointing at the mover (`+0x50`).
    pub normal: Unit<Vector3<R>>,
    /// The fraction of the pass's move at contact (`+0x80`).
    pub fraction: R,
    /// A human's landing contact (the landing segment's, flag 0x80).
    pub landing: bool,
    /// The answer the sweep acted on (after the hooks).
    pub answer: ContactAnswer,
}

/// One strike: a human's strike shape met another body
/// (`Human_TestStrikes`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StrikeEvent<R: Real> {
    /// The striking human.
    pub striker: Body,
    /// The struck body.
    pub struck: Body,
    /// The contact point in the world (`+0x90`).
    pub point: Point3<R>,
    /// The feature of the struck shape the contact is on (the other half's
    /// feature word: Unit 5's face, edge or corner type), if the kernel
    /// wrote it.
    pub feature: Option<u32>,
    /// That feature's index, if written.
    pub feature_index: Option<u32>,
}

/// What happened in a tick or a walk.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event<R: Real> {
    /// A contact was put to the moving body's owner.
    Contact(ContactEvent<R>),
    /// A strike met a body.
    Strike(StrikeEvent<R>),
    /// A falling world object or car stopped falling (its
    /// [`ObjectState::FALLING`](crate::ObjectState::FALLING) went), or a
    /// human's landing contact was met.
    Landed {
        /// The body.
        body: Body,
        /// Where its owner's origin is after the landing.
        at: Point3<R>,
    },
    /// A settle started turning a world object onto a face.
    SettleStarted {
        /// The object.
        body: Body,
    },
    /// A settle finished (the object lies on its face).
    SettleFinished {
        /// The object.
        body: Body,
    },
    /// The sweep could not move the body: three passes stopped, or a slide
    /// left no move (the record's `stuck`).
    Stuck {
        /// The body.
        body: Body,
    },
}
