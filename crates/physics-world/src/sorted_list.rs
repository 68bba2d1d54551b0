//! The body list sorted by `min.x` (`IPhysics +0x08`), kept in chunks.
//!
//! The console keeps one array and shifts every body after an insert or a
//! removal; a list of a few hundred bodies pays nothing for that. A world
//! of 100,000 bodies built in random order would move billions of entries
//! (2.3 s for the build, `docs/performance.md`), so the list here is a sequence of
//! contiguous chunks of at most `cap` entries ([`CHUNK`] unless a test asks
//! for less), with each chunk's first position and last key kept densely
//! beside them. An insert or a removal shifts the entries of one chunk and
//! renumbers the chunks after it, `O(cap + len / cap)` where the array is
//! `O(len)`; a full chunk splits in two and two thin neighbours merge. The
//! order, the ties and every position are those of one array (the walk of
//! `IPhysics_QueryBox` and the tests read them so), and a world of at most
//! `cap` bodies keeps a single chunk, the array itself.

use crate::ids::BodyId;

/// The most entries a chunk holds.
pub const CHUNK: usize = 1024;

/// The positions of one block of the index (`1 << BLOCK`), which names the
/// chunk holding each block's first position.
const BLOCK: u32 = 8;

/// A listed body with its sort key.
type Entry<R> = (R, BodyId);

/// Calls `f` on each entry of `s`, in order, until it answers `false`;
/// whether it never did.
#[inline]
fn each<R>(s: &[Entry<R>], f: &mut impl FnMut(&Entry<R>) -> bool) -> bool {
    for e in s {
        if !f(e) {
            return false;
        }
    }
    true
}

/// The bodies sorted by their keys (each body's `min.x` when last
/// inserted), read by position as one array; see the module docs.
#[derive(Clone, Debug)]
pub struct SortedList<R> {
    /// The runs of the list, none empty, each at most `cap` long.
    chunks: Vec<Vec<Entry<R>>>,
    /// Each chunk's first position.
    starts: Vec<usize>,
    /// Each chunk's last key (the chunks' binary search reads only this).
    lasts: Vec<R>,
    /// For each block of positions, the chunk holding its first position
    /// (empty while there is one chunk): a position's chunk is found from
    /// there in a step or two, not by a binary search.
    index: Vec<u32>,
    len: usize,
    cap: usize,
}

impl<R> Default for SortedList<R> {
    fn default() -> Self {
        Self::with_chunk(CHUNK)
    }
}

impl<R> SortedList<R> {
    /// An empty list whose chunks hold at most `cap` entries (at least 2;
    /// the tests use small chunks to cross their seams often).
    #[must_use]
    pub fn with_chunk(cap: usize) -> Self {
        Self {
            chunks: Vec::new(),
            starts: Vec::new(),
            lasts: Vec::new(),
            index: Vec::new(),
            len: 0,
            cap: cap.max(2),
        }
    }

    /// How many bodies are listed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty (no chunk is ever left empty).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }

    /// The chunk holding position `pos` (below `len`) and the offset in it.
    #[inline]
    fn locate(&self, pos: usize) -> (usize, usize) {
        if self.chunks.len() <= 1 {
            return (0, pos);
        }
        let mut ci = self.index[pos >> BLOCK] as usize;
        while self.starts.get(ci + 1).is_some_and(|s| *s <= pos) {
            ci += 1;
        }
        (ci, pos - self.starts[ci])
    }

    /// Rebuilds the index from the block holding chunk `c0`'s start on
    /// (the chunks before `c0` did not move).
    fn reindex(&mut self, c0: usize) {
        if self.chunks.len() <= 1 {
            self.index.clear();
            return;
        }
        let c0 = c0.min(self.chunks.len() - 1);
        let b0 = self.starts[c0] >> BLOCK;
        let blocks = (self.len >> BLOCK) + 1;
        self.index.resize(blocks, 0);
        // The chunk holding block `b0`'s first position is `c0` or before.
        let first = b0 << BLOCK;
        let mut ci = self.starts[..=c0].partition_point(|s| *s <= first) - 1;
        for b in b0..blocks {
            let p = b << BLOCK;
            while self.starts.get(ci + 1).is_some_and(|s| *s <= p) {
                ci += 1;
            }
            self.index[b] = ci as u32;
        }
    }
}

impl<R: Copy + PartialOrd> SortedList<R> {
    /// The entry at position `pos`.
    #[inline]
    fn entry(&self, pos: usize) -> Option<&Entry<R>> {
        if pos >= self.len {
            return None;
        }
        let (ci, off) = self.locate(pos);
        self.chunks[ci].get(off)
    }

    /// The body at position `pos`.
    #[must_use]
    pub fn get(&self, pos: usize) -> Option<BodyId> {
        self.entry(pos).map(|e| e.1)
    }

    /// The key at position `pos`.
    #[must_use]
    pub fn key(&self, pos: usize) -> Option<R> {
        self.entry(pos).map(|e| e.0)
    }

    /// The first body of the list.
    #[must_use]
    pub fn first(&self) -> Option<BodyId> {
        self.get(0)
    }

    /// The first position at or after chunk `c0`'s start whose key fails
    /// `pred`, where `pred` holds for a prefix of the keys.
    #[inline]
    fn partition_from_chunk(&self, c0: usize, mut pred: impl FnMut(&R) -> bool) -> usize {
        let c0 = c0.min(self.chunks.len());
        let ci = c0 + self.lasts[c0..].partition_point(&mut pred);
        match self.chunks.get(ci) {
            Some(c) => self.starts[ci] + c.partition_point(|e| pred(&e.0)),
            None => self.len,
        }
    }

    /// The first position whose key fails `pred`, where `pred` holds for a
    /// prefix of the keys (as [`slice::partition_point`]).
    pub fn partition_point(&self, pred: impl FnMut(&R) -> bool) -> usize {
        self.partition_from_chunk(0, pred)
    }

    /// The first position at or after `from` whose key fails `pred`, where
    /// `pred` holds for a prefix of the keys: searched from `from` in
    /// growing steps, so a position near `from` costs a few compares.
    pub fn partition_point_from(&self, from: usize, mut pred: impl FnMut(&R) -> bool) -> usize {
        if from >= self.len {
            return self.len;
        }
        let (ci, off) = self.locate(from);
        if pred(&self.lasts[ci]) {
            // Not in this chunk: the chunks after it.
            return self.partition_from_chunk(ci + 1, pred);
        }
        let c = &self.chunks[ci];
        if !pred(&c[off].0) {
            return from;
        }
        // The chunk's last key fails, so the gallop ends inside it: the
        // answer lies in `lo + 1..=hi`.
        let (mut lo, mut hi, mut step) = (off, off + 1, 1);
        while pred(&c[hi].0) {
            lo = hi;
            step *= 2;
            hi = (hi + step).min(c.len() - 1);
        }
        let l = lo + 1;
        self.starts[ci] + l + c[l..hi].partition_point(|e| pred(&e.0))
    }

    /// The positions `lo..hi` (clamped to the list) as runs of entries
    /// (key, body), one per chunk, in list order (`.rev()` gives the runs
    /// backwards, each still in list order).
    pub fn slices(
        &self,
        lo: usize,
        hi: usize,
    ) -> impl DoubleEndedIterator<Item = &[Entry<R>]> + '_ {
        let hi = hi.min(self.len);
        let lo = lo.min(hi);
        let (c0, c1) = if hi == lo {
            (0, 0)
        } else {
            (self.locate(lo).0, self.locate(hi - 1).0 + 1)
        };
        self.chunks[c0..c1]
            .iter()
            .zip(&self.starts[c0..c1])
            .map(move |(c, &start)| {
                let a = lo.max(start) - start;
                let b = hi.min(start + c.len()) - start;
                &c[a..b]
            })
    }

    /// Calls `f` on the entries (key, body) of positions `lo..hi` (clamped
    /// to the list) in list order, until it answers `false`: the walk of a
    /// query, at a slice's cost per body.
    #[inline]
    pub fn walk(&self, lo: usize, hi: usize, mut f: impl FnMut(&Entry<R>) -> bool) {
        let hi = hi.min(self.len);
        if lo >= hi {
            return;
        }
        let (mut ci, off) = self.locate(lo);
        let mut end = hi - self.starts[ci];
        let mut run = &self.chunks[ci][off..end.min(self.chunks[ci].len())];
        loop {
            if !each(run, &mut f) {
                return;
            }
            ci += 1;
            match self.chunks.get(ci) {
                Some(c) if self.starts[ci] < hi => {
                    end = hi - self.starts[ci];
                    run = &c[..end.min(c.len())];
                }
                _ => return,
            }
        }
    }

    /// Calls `f` on the entries of positions `lo..hi` (clamped to the
    /// list) from the last to the first, until it answers `false`.
    #[inline]
    pub fn walk_back(&self, lo: usize, hi: usize, mut f: impl FnMut(&Entry<R>) -> bool) {
        let hi = hi.min(self.len);
        if lo >= hi {
            return;
        }
        let (mut ci, off) = self.locate(hi - 1);
        loop {
            let start = self.starts[ci];
            let c = &self.chunks[ci];
            let from = lo.max(start) - start;
            let to = if start + c.len() >= hi {
                off + 1
            } else {
                c.len()
            };
            for e in c[from..to].iter().rev() {
                if !f(e) {
                    return;
                }
            }
            if start <= lo || ci == 0 {
                return;
            }
            ci -= 1;
        }
    }

    /// The positions `lo..hi` (clamped to the list) with their keys, in
    /// list order; `.rev()` walks them backwards.
    pub fn range(&self, lo: usize, hi: usize) -> impl DoubleEndedIterator<Item = (BodyId, R)> + '_ {
        self.slices(lo, hi)
            .flat_map(|s| s.iter().map(|&(k, id)| (id, k)))
    }

    /// The positions from `lo` to the end, with their keys.
    pub fn iter_from(&self, lo: usize) -> impl DoubleEndedIterator<Item = (BodyId, R)> + '_ {
        self.range(lo, self.len)
    }

    /// Every listed body, in list order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = BodyId> + '_ {
        self.chunks.iter().flat_map(|c| c.iter().map(|e| e.1))
    }

    /// The listed bodies in list order, as a vector.
    #[must_use]
    pub fn to_vec(&self) -> Vec<BodyId> {
        self.iter().collect()
    }

    /// The position of `id`, listed with key `key`, searched from `hint`
    /// when its key lies at or after the hint (a query's start body is near
    /// its box: a gallop from there costs a few compares), else from the
    /// head; then along its ties. `None` when it is not listed there.
    #[must_use]
    pub fn position_from(&self, id: BodyId, key: R, hint: usize) -> Option<usize> {
        let hint = hint.min(self.len);
        let before = |k: &R| *k < key;
        let start = if self.key(hint).is_some_and(|k| before(&k)) {
            self.partition_point_from(hint, before)
        } else if hint == 0 || self.key(hint - 1).is_some_and(|k| before(&k)) {
            hint
        } else {
            self.partition_point(before)
        };
        let (mut at, mut found) = (start, false);
        self.walk(start, self.len, |e| {
            found = e.1 == id;
            at += usize::from(!found);
            !found
        });
        found.then_some(at)
    }

    /// Puts `id` with `key` at position `pos` (at most `len`), shifting
    /// the bodies from `pos` on by one, as the console's array insert.
    pub fn insert(&mut self, pos: usize, id: BodyId, key: R) {
        let pos = pos.min(self.len);
        if self.chunks.is_empty() {
            self.chunks.push(Vec::new());
            self.starts.push(0);
            self.lasts.push(key);
        }
        // One past the end goes into the last chunk.
        let (ci, off) = if pos == self.len {
            let last = self.chunks.len() - 1;
            (last, pos - self.starts[last])
        } else {
            self.locate(pos)
        };
        let c = &mut self.chunks[ci];
        c.insert(off, (key, id));
        if off + 1 == c.len() {
            self.lasts[ci] = key;
        }
        self.len += 1;
        for s in &mut self.starts[ci + 1..] {
            *s += 1;
        }
        if self.chunks[ci].len() > self.cap {
            // A full chunk splits in two halves.
            let c = &mut self.chunks[ci];
            let half = c.len() / 2;
            let mut upper = Vec::with_capacity(self.cap + 1);
            upper.extend_from_slice(&c[half..]);
            c.truncate(half);
            let (lower_last, upper_last) = (c[half - 1].0, upper[upper.len() - 1].0);
            self.lasts[ci] = lower_last;
            self.chunks.insert(ci + 1, upper);
            self.starts.insert(ci + 1, self.starts[ci] + half);
            self.lasts.insert(ci + 1, upper_last);
        }
        self.reindex(ci);
    }

    /// Takes out the body at position `pos`, shifting the bodies after it
    /// back by one; `None` past the end.
    pub fn remove(&mut self, pos: usize) -> Option<(BodyId, R)> {
        if pos >= self.len {
            return None;
        }
        let (ci, off) = self.locate(pos);
        let (key, id) = self.chunks[ci].remove(off);
        self.len -= 1;
        for s in &mut self.starts[ci + 1..] {
            *s -= 1;
        }
        if self.chunks[ci].is_empty() {
            self.chunks.remove(ci);
            self.starts.remove(ci);
            self.lasts.remove(ci);
            self.reindex(ci.saturating_sub(1));
            return Some((id, key));
        }
        if ci + 1 < self.chunks.len()
            && self.chunks[ci].len() + self.chunks[ci + 1].len() <= self.cap / 2
        {
            // Two thin neighbours become one (a list emptied in random
            // order keeps few, full chunks).
            let next = self.chunks.remove(ci + 1);
            self.starts.remove(ci + 1);
            self.lasts.remove(ci + 1);
            self.chunks[ci].extend_from_slice(&next);
        }
        if let Some(last) = self.chunks[ci].last() {
            self.lasts[ci] = last.0;
        }
        self.reindex(ci);
        Some((id, key))
    }

    /// Moves the body at `from` to position `to` of the list without it
    /// (as a removal then an insert there) with the new key `key`: the
    /// bodies between the two places shift by one.
    pub fn relocate(&mut self, from: usize, to: usize, key: R) {
        if from >= self.len {
            return;
        }
        let to = to.min(self.len - 1);
        let (cf, of) = self.locate(from);
        let (ct, ot) = self.locate(to);
        if cf == ct {
            // Inside one chunk: one rotation, as the console's array.
            let c = &mut self.chunks[cf];
            if ot < of {
                c[ot..=of].rotate_right(1);
            } else {
                c[of..=ot].rotate_left(1);
            }
            c[ot].0 = key;
            if let Some(last) = c.last() {
                self.lasts[cf] = last.0;
            }
            return;
        }
        if let Some((id, _)) = self.remove(from) {
            self.insert(to, id, key);
        }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.chunks.clear();
        self.starts.clear();
        self.lasts.clear();
        self.index.clear();
        self.len = 0;
    }
}

impl<R: Copy + PartialOrd> PartialEq<[BodyId]> for SortedList<R> {
    fn eq(&self, other: &[BodyId]) -> bool {
        self.len == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl<R: Copy + PartialOrd, const N: usize> PartialEq<[BodyId; N]> for SortedList<R> {
    fn eq(&self, other: &[BodyId; N]) -> bool {
        *self == other[..]
    }
}

/// Two lists are equal when they hold the same bodies in the same order.
impl<R: Copy + PartialOrd> PartialEq for SortedList<R> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}
