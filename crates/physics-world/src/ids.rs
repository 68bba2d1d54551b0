//! Typed handles: the game's owner ids and the world's body handles.

use core::num::NonZeroU32;

use shape_pools::PoolIndex;

/// An owner: a game object a body belongs to, named by an id the game
/// chooses (any non-zero number; the console's owner pointers are never
/// null, and the contact record's owner word 0 means the level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OwnerId(pub NonZeroU32);

impl OwnerId {
    /// The owner `n`; `None` for 0.
    #[must_use]
    pub const fn new(n: u32) -> Option<Self> {
        match NonZeroU32::new(n) {
            Some(v) => Some(Self(v)),
            None => None,
        }
    }

    /// The id as the contact record's owner word holds it.
    #[must_use]
    pub const fn word(self) -> u32 {
        self.0.get()
    }
}

/// What a contact's other half is: the level's mesh or an owner's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Other {
    /// The level (owner word 0).
    Level,
    /// An owner.
    Owner(OwnerId),
}

impl Other {
    /// Reads a contact record's owner word (0 the level).
    #[must_use]
    pub fn from_word(word: u32) -> Self {
        OwnerId::new(word).map_or(Other::Level, Other::Owner)
    }
}

/// Which pool a body comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BodyPool {
    /// `+0x124b0`: the 60 human body sets.
    Human,
    /// `+0x4f2a0`: the punch bag's own set.
    PunchBag,
    /// `+0x15930`: the 416 world-object bodies.
    Object,
    /// `+0x3af30`: the 255 glass-pane (box) bodies.
    Pane,
    /// `+0x4be20`: the 18 car bodies.
    Car,
}

impl BodyPool {
    /// The pool's place in the per-pool arrays: human 0, punch bag 1,
    /// object 2, pane 3, car 4.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        match self {
            BodyPool::Human => 0,
            BodyPool::PunchBag => 1,
            BodyPool::Object => 2,
            BodyPool::Pane => 3,
            BodyPool::Car => 4,
        }
    }
}

/// A body's handle: its pool and its generational index there. A freed
/// body's handle never reaches the slot's next body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BodyId {
    /// The pool.
    pub kind: BodyPool,
    /// The entry.
    pub slot: PoolIndex,
}
