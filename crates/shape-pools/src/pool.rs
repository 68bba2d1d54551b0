//! A fixed-capacity pool that hands out its first free entry, with
//! generational handles.
//!
//! Every pool of `IPhysics` (overview, "Data", "IPhysics") is an array whose
//! allocator scans from the front for the first entry that is free (a body
//! whose owner is 0, a shape without the in-use bit 0x8, a settle slot whose
//! object is 0). Which entry a caller gets is observable: a healed human's
//! fresh body takes the slot his old one had (overview, "Human contacts",
//! the runtime table of "Who loses BLOCKHUMANS"), and the body vector and the
//! sorted list see entries in allocation order. `slotmap` reuses the most
//! recently freed slot first, which would change those answers, so the pools
//! are this small type instead: a `Vec` of entries, each with a generation
//! that a free bumps, so a handle to a freed entry never reaches its
//! successor.
//!
//! The first free entry is found without a scan: a bitset of the free
//! entries (bit set: free) with a summary bit per word that still has a free
//! bit, so an allocation reads the lowest set bit of the first summary word
//! that is not zero, then of that word ([`FreeSlots`]). The answer is the
//! scan's, the lowest free index, in a few word reads (one summary word
//! covers 4,096 entries).

/// A handle into a [`Pool`]: the entry's index and the generation it was
/// allocated in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PoolIndex {
    /// The entry's position in the pool (the console's array index).
    pub index: u32,
    /// The allocation this handle belongs to.
    pub generation: u32,
}

#[derive(Clone, Debug)]
struct Entry<T> {
    generation: u32,
    value: Option<T>,
}

/// The free entries of a pool as a two-level bitset: bit `i % 64` of word
/// `i / 64` is set while entry `i` is free, and bit `w % 64` of summary
/// word `w / 64` while word `w` is not zero.
#[derive(Clone, Debug, Default)]
struct FreeSlots {
    words: Vec<u64>,
    summary: Vec<u64>,
}

impl FreeSlots {
    /// Every one of `n` entries free.
    fn all_free(n: usize) -> Self {
        let mut words = vec![u64::MAX; n.div_ceil(64)];
        if !n.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (n % 64)) - 1;
            }
        }
        let mut summary = vec![0u64; words.len().div_ceil(64)];
        for (w, word) in words.iter().enumerate() {
            if *word != 0 {
                summary[w / 64] |= 1 << (w % 64);
            }
        }
        Self { words, summary }
    }

    /// The lowest free index.
    fn lowest(&self) -> Option<usize> {
        let (s, bits) = self.summary.iter().enumerate().find(|(_, b)| **b != 0)?;
        let w = s * 64 + bits.trailing_zeros() as usize;
        Some(w * 64 + self.words[w].trailing_zeros() as usize)
    }

    /// Marks entry `i` in use.
    fn take(&mut self, i: usize) {
        let w = i / 64;
        self.words[w] &= !(1u64 << (i % 64));
        if self.words[w] == 0 {
            self.summary[w / 64] &= !(1u64 << (w % 64));
        }
    }

    /// Marks entry `i` free.
    fn give(&mut self, i: usize) {
        let w = i / 64;
        self.words[w] |= 1u64 << (i % 64);
        self.summary[w / 64] |= 1u64 << (w % 64);
    }
}

/// A fixed-capacity pool allocating its first free entry.
///
/// Allocation past the capacity does nothing and answers `None`, as the
/// console's allocators do (they return null); [`Pool::exhausted`] counts
/// those refusals.
#[derive(Clone, Debug)]
pub struct Pool<T> {
    entries: Vec<Entry<T>>,
    /// Which entries are free (kept in step with `entries`' values).
    free: FreeSlots,
    live: usize,
    exhausted: u64,
}

impl<T> Pool<T> {
    /// An empty pool of `capacity` entries.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        let mut entries = Vec::with_capacity(capacity);
        entries.resize_with(capacity, || Entry {
            generation: 0,
            value: None,
        });
        Self {
            entries,
            free: FreeSlots::all_free(capacity),
            live: 0,
            exhausted: 0,
        }
    }

    /// How many entries the pool has.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// How many entries are in use.
    #[must_use]
    pub fn len(&self) -> usize {
        self.live
    }

    /// `true` when no entry is in use.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// How many allocations found the pool full.
    #[must_use]
    pub fn exhausted(&self) -> u64 {
        self.exhausted
    }

    /// The index the next allocation would take, if any entry is free:
    /// the lowest free index, as the console's scan from the front finds it.
    #[must_use]
    pub fn first_free(&self) -> Option<usize> {
        self.free.lowest()
    }

    /// Stores `value` in the first free entry; `None` (and the exhaustion
    /// counter up) when every entry is in use.
    pub fn alloc(&mut self, value: T) -> Option<PoolIndex> {
        let Some(i) = self.first_free() else {
            self.exhausted += 1;
            return None;
        };
        self.free.take(i);
        let e = &mut self.entries[i];
        e.value = Some(value);
        self.live += 1;
        Some(PoolIndex {
            index: i as u32,
            generation: e.generation,
        })
    }

    /// Frees the entry `h` names and returns its value; `None` for a stale
    /// or foreign handle (nothing changes).
    pub fn free(&mut self, h: PoolIndex) -> Option<T> {
        let e = self.entries.get_mut(h.index as usize)?;
        if e.generation != h.generation || e.value.is_none() {
            return None;
        }
        e.generation = e.generation.wrapping_add(1);
        self.live -= 1;
        self.free.give(h.index as usize);
        e.value.take()
    }

    /// The entry `h` names, while it is live.
    #[must_use]
    pub fn get(&self, h: PoolIndex) -> Option<&T> {
        let e = self.entries.get(h.index as usize)?;
        if e.generation == h.generation {
            e.value.as_ref()
        } else {
            None
        }
    }

    /// The entry `h` names, mutably, while it is live.
    pub fn get_mut(&mut self, h: PoolIndex) -> Option<&mut T> {
        let e = self.entries.get_mut(h.index as usize)?;
        if e.generation == h.generation {
            e.value.as_mut()
        } else {
            None
        }
    }

    /// The live entries in array order, with their handles.
    pub fn iter(&self) -> impl Iterator<Item = (PoolIndex, &T)> {
        self.entries.iter().enumerate().filter_map(|(i, e)| {
            e.value.as_ref().map(|v| {
                (
                    PoolIndex {
                        index: i as u32,
                        generation: e.generation,
                    },
                    v,
                )
            })
        })
    }

    /// The live entries in array order, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (PoolIndex, &mut T)> {
        self.entries.iter_mut().enumerate().filter_map(|(i, e)| {
            let generation = e.generation;
            e.value.as_mut().map(|v| {
                (
                    PoolIndex {
                        index: i as u32,
                        generation,
                    },
                    v,
                )
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_free_entry_is_reused_and_stale_handles_miss() {
        let mut p = Pool::with_capacity(3);
        let a = p.alloc('a').unwrap();
        let b = p.alloc('b').unwrap();
        let c = p.alloc('c').unwrap();
        assert_eq!((a.index, b.index, c.index), (0, 1, 2));
        assert_eq!(p.alloc('d'), None);
        assert_eq!(p.exhausted(), 1);
        assert_eq!(p.free(b), Some('b'));
        assert_eq!(p.free(a), Some('a'));
        // The console scans from the front: index 0 comes back first, not
        // the most recently freed 1.
        let e = p.alloc('e').unwrap();
        assert_eq!(e.index, 0);
        assert_eq!(p.get(a), None, "a stale handle never reaches the new entry");
        assert_eq!(p.get(e), Some(&'e'));
        assert_eq!(p.free(a), None);
        assert_eq!(p.len(), 2);
    }
}
