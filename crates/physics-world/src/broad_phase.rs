//! The broad phase beside the x-sorted list: a hashed uniform grid over
//! the bodies' boxes in `x` and `y`, and each listed body's place in the
//! list's order, so that a box query can gather the bodies near its box in
//! any layout and still answer in the console's walk order.
//!
//! # The list's order without positions
//!
//! The list is sorted by its keys (each body's `min.x` when it was last
//! inserted or re-inserted), and a body always goes after the bodies with
//! the same key (divergence 191). So the list's order is the order of
//! `(key, seq)`, where `seq` counts the list operations: a body's `seq` is
//! the number of the last insert or re-insert that placed it. Two bodies
//! compare in the list as their keys compare in the float mode (`-0` and
//! `+0` equal), ties by `seq`. This holds while every key compares with
//! every other one (no `NaN`) and each body is in the list once; anything
//! else marks the grid unusable ([`BroadPhase::usable`]) until the list is
//! empty again, and the queries then walk the list as before.
//!
//! # The grid
//!
//! A body is filed under every cell of [`CELL`] metres its box meets in
//! `x` and `y` (in a table of buckets by the cell's hash; bodies of
//! different cells may share a bucket), or, when its box spans more than
//! [`MAX_SPAN`] cells on an axis, in a list of large bodies that every
//! query looks at. A cell's number is `floor(v × 1/CELL)` of the
//! coordinate read as an IEEE float, clamped: a non-decreasing function of
//! the coordinate in both float modes (`Ee32`'s values past `f32::MAX` read
//! as `f32::MAX`), so a box that meets another in the mode's own compare
//! has cells that meet the other's. The grid only prunes: the keep test of
//! the walk, on the live body, decides.
//!
//! The grid is kept in step with the list: every insert, removal and
//! re-insert files, drops or moves the body. A listed body's box changes
//! only with a re-insert (the world's update, sweep and settle re-insert
//! after every change of a box).

use ps2_float::Real;

use shape_pools::PoolIndex;

use crate::ids::{BodyId, BodyPool};
use crate::parts::KINDS;

/// The side of a grid cell, metres.
pub const CELL: f32 = 3.0;
/// The most cells a body's box may span on an axis and still be filed in
/// cells; wider bodies are in the large list.
pub const MAX_SPAN: i32 = 8;
/// The grid is built when the list reaches this many bodies; below it the
/// walk over the list is as cheap, and a world of the console's size never
/// files a body in a bucket (so its step allocates nothing).
pub const GRID_ON: usize = 1024;
/// The grid is dropped when the list falls below this many bodies.
pub const GRID_OFF: usize = 512;
/// The clamp of cell numbers (far inside `i32`, so spans never overflow).
const CELL_LIMIT: f32 = 1.0e9;

/// The cell number of coordinate `v` (see the module docs).
#[inline]
pub(crate) fn cell_of<R: Real>(v: R) -> i32 {
    // NaN never reaches here (such a key marks the grid unusable); the
    // clamp keeps infinities and huge values inside the range. Clamping
    // before the floor gives the same number (the limit is a whole
    // number); the floor is the truncation stepped down for a negative
    // fraction (`f32::floor` is a library call without SSE4.1).
    let c = (v.to_f32() * (1.0 / CELL)).clamp(-CELL_LIMIT, CELL_LIMIT);
    let t = c as i32;
    t - i32::from((t as f32) > c)
}

/// A span of cells, inclusive: `x0..=x1` by `y0..=y1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cells {
    pub(crate) x0: i32,
    pub(crate) y0: i32,
    pub(crate) x1: i32,
    pub(crate) y1: i32,
}

impl Cells {
    /// The cells between the coordinates `a` and `b` on each axis (in
    /// either order: an inverted box still meets the boxes that span it).
    pub(crate) fn of<R: Real>(a_x: R, a_y: R, b_x: R, b_y: R) -> Self {
        let (ax, bx) = (cell_of(a_x), cell_of(b_x));
        let (ay, by) = (cell_of(a_y), cell_of(b_y));
        Self {
            x0: ax.min(bx),
            y0: ay.min(by),
            x1: ax.max(bx),
            y1: ay.max(by),
        }
    }

    /// How many cells the span covers (0 for an empty one), saturating.
    pub(crate) fn count(&self) -> u64 {
        let w = i64::from(self.x1) - i64::from(self.x0) + 1;
        let h = i64::from(self.y1) - i64::from(self.y0) + 1;
        if w <= 0 || h <= 0 {
            0
        } else {
            (w as u64).saturating_mul(h as u64)
        }
    }

    fn is_large(&self) -> bool {
        i64::from(self.x1) - i64::from(self.x0) >= i64::from(MAX_SPAN)
            || i64::from(self.y1) - i64::from(self.y0) >= i64::from(MAX_SPAN)
    }
}

/// One body filed in a bucket: its handle and its cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Member {
    pub(crate) id: BodyId,
    pub(crate) cells: Cells,
}

/// A listed body's entry: the generation of the handle listed, its key and
/// list number, its box in `x` and `y`, and, while the grid is built, its
/// cells (or in the large list).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot<R> {
    pub(crate) generation: u32,
    pub(crate) key: R,
    pub(crate) seq: u64,
    /// `min.x`, `min.y`, `max.x`, `max.y`: the cells are worked from them
    /// when the grid is built.
    pub(crate) bounds: [R; 4],
    pub(crate) cells: Cells,
    pub(crate) large: bool,
}

impl<R: Real> Slot<R> {
    /// The entry of body `id` (its generation) at `key` with list number
    /// `seq`, over `bounds`, filed in `cells` (`large`: too wide for them).
    fn of(id: BodyId, key: R, seq: u64, bounds: [R; 4], (cells, large): (Cells, bool)) -> Self {
        Slot {
            generation: id.slot.generation,
            key,
            seq,
            bounds,
            cells,
            large,
        }
    }

    /// The cells of the slot's box and whether it is too wide for them.
    fn cells_of(bounds: [R; 4]) -> (Cells, bool) {
        let cells = Cells::of(bounds[0], bounds[1], bounds[2], bounds[3]);
        (cells, cells.is_large())
    }
}

/// The grid and the list numbers (see the module docs).
#[derive(Clone, Debug)]
pub struct BroadPhase<R> {
    /// Per body kind, per pool entry: the listed body's entry.
    slots: [Vec<Option<Slot<R>>>; KINDS],
    /// The buckets, a power of two of them; none while the grid is off.
    buckets: Vec<Vec<Member>>,
    /// The bodies too wide for cells.
    large: Vec<Member>,
    /// How many bodies are listed.
    listed: usize,
    /// The next list number.
    next_seq: u64,
    /// `false` once the list holds a key that does not compare (`NaN`) or
    /// a body twice.
    usable: bool,
}

impl<R> Default for BroadPhase<R> {
    fn default() -> Self {
        Self {
            slots: Default::default(),
            buckets: Vec::new(),
            large: Vec::new(),
            listed: 0,
            next_seq: 0,
            usable: true,
        }
    }
}

#[inline]
fn bucket_of(cx: i32, cy: i32, mask: usize) -> usize {
    let h = (cx as u32).wrapping_mul(0x9e37_79b1) ^ (cy as u32).wrapping_mul(0x85eb_ca77);
    (h ^ (h >> 15)) as usize & mask
}

impl<R: Real> BroadPhase<R> {
    /// Whether the grid and the list numbers describe the list (see the
    /// module docs); when not, the queries walk the list.
    #[must_use]
    pub fn usable(&self) -> bool {
        self.usable
    }

    /// How many bodies the grid holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.listed
    }

    /// Whether the grid is built (the list holds enough bodies, see
    /// [`GRID_ON`]); the list numbers are kept either way.
    #[must_use]
    pub fn active(&self) -> bool {
        !self.buckets.is_empty()
    }

    /// Whether the grid holds no body.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.listed == 0
    }

    /// The listed body's entry, for the handle `id` (not a stale one).
    #[inline]
    pub(crate) fn slot(&self, id: BodyId) -> Option<&Slot<R>> {
        self.slots[id.kind.index()]
            .get(id.slot.index as usize)?
            .as_ref()
            .filter(|s| s.generation == id.slot.generation)
    }

    /// The list order of two listed bodies' entries: by key in the float
    /// mode's compare, ties by list number.
    #[inline]
    pub(crate) fn before(a: &Slot<R>, b: &Slot<R>) -> bool {
        match a.key.partial_cmp(&b.key) {
            Some(core::cmp::Ordering::Less) => true,
            Some(core::cmp::Ordering::Equal) => a.seq < b.seq,
            _ => false,
        }
    }

    /// Files body `id` (box `min`/`max` in `x` and `y`, key `key`) as just
    /// inserted at the end of its ties; answers its list number.
    pub(crate) fn insert(&mut self, id: BodyId, key: R, min: (R, R), max: (R, R)) -> u64 {
        let seq = self.next_seq;
        self.next_seq += 1;
        if !self.usable {
            return seq;
        }
        if key.partial_cmp(&key).is_none() {
            return self.give_up(seq);
        }
        let k = id.kind.index();
        let i = id.slot.index as usize;
        if self.slots[k].len() <= i {
            self.slots[k].resize(i + 1, None);
        }
        if self.slots[k][i].is_some() {
            // In the list twice, or a stale handle's entry still listed.
            return self.give_up(seq);
        }
        let bounds = [min.0, min.1, max.0, max.1];
        // While the grid is off the cells wait for its build.
        let (cells, large) = if self.active() {
            Slot::cells_of(bounds)
        } else {
            (Cells::default(), false)
        };
        self.slots[k][i] = Some(Slot::of(id, key, seq, bounds, (cells, large)));
        self.listed += 1;
        if self.listed >= GRID_ON && self.listed * 2 > self.buckets.len() {
            // Files the new body too.
            self.rebuild((self.listed * 4).next_power_of_two());
        } else {
            self.file(Member { id, cells }, large);
        }
        seq
    }

    /// Drops body `id` from the grid (it left the list).
    pub(crate) fn remove(&mut self, id: BodyId) {
        if !self.usable {
            return;
        }
        let k = id.kind.index();
        let i = id.slot.index as usize;
        let Some(slot) = self.slot(id).copied() else {
            // Not listed under this handle: the list removed a body the
            // grid does not know, so it no longer describes the list.
            self.usable = false;
            return;
        };
        self.slots[k][i] = None;
        self.listed -= 1;
        self.unfile(id, slot.cells, slot.large);
        if self.listed == 0 {
            self.clear();
        } else if self.listed < GRID_OFF && self.active() {
            self.buckets = Vec::new();
            self.large = Vec::new();
        }
    }

    /// Moves body `id` to its new box and key, as re-inserted at the end of
    /// its ties; answers its list number.
    pub(crate) fn reinsert(&mut self, id: BodyId, key: R, min: (R, R), max: (R, R)) -> u64 {
        if !self.usable {
            self.next_seq += 1;
            return self.next_seq - 1;
        }
        let Some(old) = self.slot(id).copied() else {
            self.usable = false;
            self.next_seq += 1;
            return self.next_seq - 1;
        };
        if key.partial_cmp(&key).is_none() {
            self.next_seq += 1;
            return self.give_up(self.next_seq - 1);
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        let bounds = [min.0, min.1, max.0, max.1];
        let (cells, large) = if self.active() {
            let (cells, large) = Slot::cells_of(bounds);
            if cells != old.cells || large != old.large {
                self.unfile(id, old.cells, old.large);
                self.file(Member { id, cells }, large);
            }
            (cells, large)
        } else {
            (Cells::default(), false)
        };
        let k = id.kind.index();
        self.slots[k][id.slot.index as usize] =
            Some(Slot::of(id, key, seq, bounds, (cells, large)));
        seq
    }

    /// Forgets every body (the list is empty): the grid is usable again.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.slots {
            s.clear();
        }
        self.buckets = Vec::new();
        self.large = Vec::new();
        self.listed = 0;
        self.usable = true;
    }

    fn give_up(&mut self, seq: u64) -> u64 {
        self.usable = false;
        seq
    }

    fn file(&mut self, m: Member, large: bool) {
        if !self.active() {
            return;
        }
        if large {
            self.large.push(m);
            return;
        }
        let mask = self.buckets.len() - 1;
        let c = m.cells;
        for cy in c.y0..=c.y1 {
            for cx in c.x0..=c.x1 {
                let b = &mut self.buckets[bucket_of(cx, cy, mask)];
                // Once per bucket, though two of its cells share one.
                if !b.iter().any(|o| o.id == m.id) {
                    b.push(m);
                }
            }
        }
    }

    fn unfile(&mut self, id: BodyId, c: Cells, large: bool) {
        if !self.active() {
            return;
        }
        if large {
            if let Some(p) = self.large.iter().position(|m| m.id == id) {
                self.large.swap_remove(p);
            }
            return;
        }
        let mask = self.buckets.len() - 1;
        for cy in c.y0..=c.y1 {
            for cx in c.x0..=c.x1 {
                let b = &mut self.buckets[bucket_of(cx, cy, mask)];
                // One copy per bucket (see `file`).
                if let Some(p) = b.iter().position(|m| m.id == id) {
                    b.swap_remove(p);
                }
            }
        }
    }

    /// Makes `n` empty buckets and files every listed body again.
    fn rebuild(&mut self, n: usize) {
        self.buckets = vec![Vec::new(); n];
        self.large.clear();
        const KIND_OF: [BodyPool; KINDS] = [
            BodyPool::Human,
            BodyPool::PunchBag,
            BodyPool::Object,
            BodyPool::Pane,
            BodyPool::Car,
        ];
        for (k, kind) in KIND_OF.iter().enumerate() {
            for i in 0..self.slots[k].len() {
                let Some(s) = self.slots[k][i].as_mut() else {
                    continue;
                };
                (s.cells, s.large) = Slot::cells_of(s.bounds);
                let s = *s;
                {
                    let id = BodyId {
                        kind: *kind,
                        slot: PoolIndex {
                            index: i as u32,
                            generation: s.generation,
                        },
                    };
                    self.file(Member { id, cells: s.cells }, s.large);
                }
            }
        }
    }

    /// Calls `f` once for every member filed in the cells `q` (and every
    /// large body): each member is met in one cell only, the lowest cell
    /// of `q` it is filed in.
    #[inline]
    pub(crate) fn for_each_near(&self, q: Cells, mut f: impl FnMut(BodyId)) {
        for m in &self.large {
            f(m.id);
        }
        if self.buckets.is_empty() {
            return;
        }
        let mask = self.buckets.len() - 1;
        for cy in q.y0..=q.y1 {
            for cx in q.x0..=q.x1 {
                for m in &self.buckets[bucket_of(cx, cy, mask)] {
                    let c = m.cells;
                    if cx == c.x0.max(q.x0) && cy == c.y0.max(q.y0) && cx <= c.x1 && cy <= c.y1 {
                        f(m.id);
                    }
                }
            }
        }
    }
}
