//! The ignore slots: sixty 12-byte records `{body, ignored owner, next}` at
//! `IPhysics +0xf4e0`, chained from each body's `+0x38` (overview "Ignore
//! lists").
//!
//! A body's chain is the set of slots naming it: the order of a chain
//! decides nothing (every call asks whether an owner is in it, or frees the
//! slots naming one), so the slots keep the body they belong to instead of
//! a `next` pointer (divergence 189).

/// One slot: the body it belongs to and the owner that body ignores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IgnoreSlot<B, O> {
    /// `+0x00`: the ignoring body.
    pub body: B,
    /// `+0x04`: the ignored owner.
    pub owner: O,
}

/// The fixed set of ignore slots.
#[derive(Clone, Debug)]
pub struct IgnoreSlots<B, O> {
    slots: Vec<Option<IgnoreSlot<B, O>>>,
    refused: u64,
}

impl<B: Copy + Eq, O: Copy + Eq> IgnoreSlots<B, O> {
    /// `capacity` free slots (the console's 60).
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Self {
            slots: vec![None; capacity],
            refused: 0,
        }
    }

    /// The first free slot.
    ///
    /// Original: `IPhysics_FindFreeIgnoreSlot` (0x00340890).
    #[must_use]
    pub fn find_free(&self) -> Option<usize> {
        self.slots.iter().position(Option::is_none)
    }

    /// Makes `body` ignore `owner` in the first free slot; with every slot
    /// in use nothing happens (counted in [`IgnoreSlots::refused`]). An
    /// owner already ignored takes no second slot (*inferred*, divergence
    /// 190).
    ///
    /// Original: `PhysicsBody_Ignore` (0x00341b20).
    pub fn ignore(&mut self, body: B, owner: O) -> bool {
        if self.is_ignoring(body, owner) {
            return true;
        }
        match self.find_free() {
            Some(i) => {
                self.slots[i] = Some(IgnoreSlot { body, owner });
                true
            }
            None => {
                self.refused += 1;
                false
            }
        }
    }

    /// `true` when a slot of `body`'s chain names `owner`.
    ///
    /// Original: `PhysicsBody_IsIgnoring` (0x00341ae8).
    #[must_use]
    pub fn is_ignoring(&self, body: B, owner: O) -> bool {
        self.slots
            .iter()
            .flatten()
            .any(|s| s.body == body && s.owner == owner)
    }

    /// Frees the slot of `body`'s chain that names `owner`, or, given
    /// `None`, every slot of the chain. Returns how many were freed.
    ///
    /// Original: `PhysicsBody_StopIgnoring` (0x00341b80).
    pub fn stop_ignoring(&mut self, body: B, owner: Option<O>) -> usize {
        let mut n = 0;
        for s in &mut self.slots {
            let hit = matches!(s, Some(x) if x.body == body && owner.is_none_or(|o| x.owner == o));
            if hit {
                *s = None;
                n += 1;
                if owner.is_some() {
                    break;
                }
            }
        }
        n
    }

    /// Frees every slot, of any body, that names `owner` (what removing a
    /// body does for its owner first). Returns how many were freed.
    ///
    /// Original: `IPhysics_ForgetIgnoredOwner` (0x0033cd70).
    pub fn forget_owner(&mut self, owner: O) -> usize {
        let mut n = 0;
        for s in &mut self.slots {
            if matches!(s, Some(x) if x.owner == owner) {
                *s = None;
                n += 1;
            }
        }
        n
    }

    /// The slots in use, in array order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &IgnoreSlot<B, O>)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
    }

    /// How many slots are in use.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.iter().flatten().count()
    }

    /// `true` when no slot is in use.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many `ignore` calls found every slot in use.
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.refused
    }
}
