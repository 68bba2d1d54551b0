//! The sort-and-sweep: `IPhysics_QueryBox` and `IPhysics_QueryBoxFiltered`
//! (overview "Queries: the sort-and-sweep").
//!
//! # The walk
//!
//! With a start body the console walks backwards from it to the head of
//! the list, then forwards from it (the start body is the forward walk's
//! first node, *inferred*, divergence 205) to the first node whose `min.x`
//! passes the box's `max.x`; without one it walks forwards from the head. The
//! keep test (overview step 3): `max.x` at least the box's `min.x`, overlap in
//! `y` and `z`, an owner other than the ignored one, a type mask sharing a
//! bit with the query's, and flags sharing one with the flag mask (an empty
//! mask takes any). The backward walk
//! has no `min.x ≤ box.max.x` test, so with a start body to the right of the
//! box it keeps bodies the box does not reach in `x` (Unit 7); with
//! `Quirks::world.backward_walk_skips_min_x` off it tests `min.x` too, so
//! every kept body overlaps the box on all three axes (divergence 490). The answer is
//! the backward hits in the order they were met (right to left), then the
//! forward hits; it has no cap.
//!
//! # The early stop
//!
//! The console's backward walk runs to the head of the list: its widest-body
//! test never stops it in practice. [`QueryWalk::Fast`] (the default) stops
//! it, and starts a walk from the head, at the first body whose `min.x` is
//! so far left of the box that even the widest body cannot reach it. Every
//! body it skips fails the `max.x` test (its width is at most the bound),
//! so the answer is the console's; the margin covers the rounding of the
//! widths (divergence 206), and `tests/query_box.rs` compares both walks on
//! random worlds. [`QueryWalk::Console`] is the full walk.
//!
//! # The grid
//!
//! Where even the early-stopped walk would look at many bodies (a street
//! along `y`, a city: every body of an `x`-slab), the fast query gathers
//! its candidates from the grid of [`crate::broad_phase`] instead: the
//! cells the box reaches, stretched in `x` to the start body's key (the
//! backward walk keeps bodies up to it). Each is kept by the walk's own
//! test on the live body (forwards only with a key at most the box's
//! `max.x`, where the walk would stop), then the kept ones are put in list
//! order, the part before the start body reversed, and the filtered form's
//! `accept` is asked in that order: the console walk's answer, as
//! `tests/broad_phase.rs` checks (divergence 419).

use core::cmp::Ordering;

use ps2_float::Real;
use shape_pools::Aabb;

use crate::broad_phase::{BroadPhase, Cells};
use crate::{
    body::BodyRecord, flags::BodyFlags, ids::BodyId, ids::OwnerId, owner::Owners,
    world::PhysicsWorld,
};

/// How the list is walked (the answer is the same).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueryWalk {
    /// The console's walk, backwards to the head.
    Console,
    /// The same answer, skipping the bodies the widest-body bound proves out
    /// of reach.
    #[default]
    Fast,
}

/// The arguments of `IPhysics_QueryBox` besides the box and the output.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxQuery {
    /// The start body (the querying body; a candidate too).
    pub start: Option<BodyId>,
    /// An owner whose bodies are not kept.
    pub ignored_owner: Option<OwnerId>,
    /// Kept bodies' type masks must meet it (0 finds nothing).
    pub type_mask: u32,
    /// Kept bodies' flags must meet it (empty: any).
    pub flag_mask: BodyFlags,
    /// How the list is walked.
    pub walk: QueryWalk,
}

impl BoxQuery {
    /// Any body of type mask `type_mask`, no start, no ignored owner.
    #[must_use]
    pub fn new(type_mask: u32) -> Self {
        Self {
            start: None,
            ignored_owner: None,
            type_mask,
            flag_mask: BodyFlags::empty(),
            walk: QueryWalk::Fast,
        }
    }
}

/// The filtered form's extra filters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoxFilter {
    /// Bodies with any of these flags are dropped.
    pub excluded_flags: BodyFlags,
    /// Bodies whose owner's state flags (owner vtable `+0x50`) meet this
    /// are dropped.
    pub excluded_state: u64,
}

impl<R: Real> PhysicsWorld<R> {
    fn keep(&self, b: &BodyRecord<R>, bx: &Aabb<R>, q: &BoxQuery) -> bool {
        b.aabb.max.x >= bx.min.x
            && b.aabb.overlaps_yz(bx)
            && Some(b.owner) != q.ignored_owner
            && b.type_mask & q.type_mask != 0
            && (q.flag_mask.is_empty() || b.flags.intersects(q.flag_mask))
    }

    /// The first list position the walk must look at: 0 for the console's
    /// walk, else the first body whose `min.x` could still reach the box.
    fn first_reachable(&self, bx: &Aabb<R>, walk: QueryWalk) -> usize {
        if walk == QueryWalk::Console {
            return 0;
        }
        let lo = f64::from(bx.min.x.to_f32());
        let w = f64::from(self.bodies.widest.to_f32());
        if !(lo.abs() < 1e37 && w < 1e37) {
            return 0;
        }
        // A body of width at most the bound reaches at most
        // `min.x + widest`; the margin covers the rounding of every width
        // (a few units in the last place of f32).
        let margin = (lo.abs() + w) * 1e-5 + 1e-30;
        let cut = lo - w - margin;
        self.bodies
            .list
            .partition_point(|k| f64::from(k.to_f32()) < cut)
    }

    /// Gathers the bodies whose boxes meet `bx`, in the console's order,
    /// into `out` (cleared first; reuse it to avoid allocating). Returns how
    /// many were found.
    ///
    /// Original: `IPhysics_QueryBox` (0x0033feb0).
    pub fn query_box(&self, out: &mut Vec<BodyId>, bx: &Aabb<R>, q: &BoxQuery) -> usize {
        self.query_box_with(out, bx, q, |_| true)
    }

    /// [`PhysicsWorld::query_box`] with the filtered form's extra filters:
    /// bodies with excluded flags, owners whose state flags meet the
    /// excluded mask, and pairs `accept` refuses (given the candidate).
    ///
    /// Original: `IPhysics_QueryBoxFiltered` (0x00340120).
    pub fn query_box_filtered<O: Owners<R> + ?Sized>(
        &self,
        owners: &O,
        out: &mut Vec<BodyId>,
        bx: &Aabb<R>,
        q: &BoxQuery,
        filter: &BoxFilter,
        mut accept: impl FnMut(BodyId, &BodyRecord<R>) -> bool,
    ) -> usize {
        self.query_box_with(out, bx, q, |(id, b)| {
            !b.flags.intersects(filter.excluded_flags)
                && owners.state_flags(b.owner) & filter.excluded_state == 0
                && accept(id, b)
        })
    }

    fn query_box_with(
        &self,
        out: &mut Vec<BodyId>,
        bx: &Aabb<R>,
        q: &BoxQuery,
        mut extra: impl FnMut((BodyId, &BodyRecord<R>)) -> bool,
    ) -> usize {
        out.clear();
        let first = self.first_reachable(bx, q.walk);
        if q.walk == QueryWalk::Fast && self.grid_query(out, bx, q, first, &mut extra) {
            return out.len();
        }
        let start = q.start.and_then(|s| self.position_in_list_from(s, first));
        let forward_from = match start {
            Some(pos) => {
                // Corrected, the backward walk also tests `min.x` against
                // the box's `max.x` (divergence 490).
                let min_x_test = !self.config.quirks.world.backward_walk_skips_min_x;
                self.bodies.list.walk_back(first.min(pos), pos, |&(_, id)| {
                    if let Some(b) = self.body(id) {
                        if (!min_x_test || b.aabb.min.x <= bx.max.x)
                            && self.keep(b, bx, q)
                            && extra((id, b))
                        {
                            out.push(id);
                        }
                    }
                    true
                });
                // Forwards, the bodies left of `first` cannot be kept
                // either, and none of them ends the walk.
                pos.max(first)
            }
            None => first,
        };
        self.bodies
            .list
            .walk(forward_from, usize::MAX, |&(key, id)| {
                // The key is the body's `min.x` (the list's invariant).
                if key > bx.max.x {
                    return false;
                }
                if let Some(b) = self.body(id) {
                    if self.keep(b, bx, q) && extra((id, b)) {
                        out.push(id);
                    }
                }
                true
            });
        out.len()
    }

    /// The fast walk's answer from the grid, when the walk would look at
    /// more than [`WALK_LIMIT`] bodies and the grid can answer: the bodies
    /// of the cells the box (stretched in `x` to the start body's key, as
    /// far as the backward walk keeps) reaches, kept by the walk's own test,
    /// put in list order, the ones before the start body reversed. `false`
    /// (and `out` untouched) when the walk should answer.
    fn grid_query(
        &self,
        out: &mut Vec<BodyId>,
        bx: &Aabb<R>,
        q: &BoxQuery,
        first: usize,
        extra: &mut impl FnMut((BodyId, &BodyRecord<R>)) -> bool,
    ) -> bool {
        let grid = &self.bodies.grid;
        if !grid.usable() || !grid.active() {
            return false;
        }
        let start = q
            .start
            .filter(|s| self.body(*s).is_some())
            .and_then(|s| grid.slot(s).copied());
        let console_back = self.config.quirks.world.backward_walk_skips_min_x;
        let hi = match start {
            Some(s) if console_back && s.key > bx.max.x => s.key,
            _ => bx.max.x,
        };
        // Few bodies to walk: the walk is cheaper than the cells.
        if self
            .bodies
            .list
            .key(first + WALK_LIMIT)
            .is_none_or(|k| k > hi)
        {
            return false;
        }
        let corners = [bx.min.x, bx.min.y, bx.min.z, bx.max.x, bx.max.y, bx.max.z];
        if corners.iter().any(|c| c.to_f32().is_nan()) {
            return false;
        }
        let cells = Cells::of(bx.min.x, bx.min.y, hi, bx.max.y);
        if cells.count() > MAX_QUERY_CELLS {
            return false;
        }
        grid.for_each_near(cells, |id| {
            let Some(b) = self.body(id) else {
                return;
            };
            let Some(s) = grid.slot(id) else {
                return;
            };
            // Forwards the walk stops at the first key past the box; the
            // list is sorted, so that is every key past it (no key nor
            // corner is NaN here). Backwards it keeps any key.
            let backward = console_back && start.is_some_and(|st| BroadPhase::before(s, &st));
            if (backward || s.key <= bx.max.x) && self.keep(b, bx, q) {
                out.push(id);
            }
        });
        let order = |a: &BodyId, b: &BodyId| match (grid.slot(*a), grid.slot(*b)) {
            (Some(x), Some(y)) if BroadPhase::before(x, y) => Ordering::Less,
            (Some(x), Some(y)) if BroadPhase::before(y, x) => Ordering::Greater,
            _ => Ordering::Equal,
        };
        out.sort_unstable_by(order);
        if let Some(st) = start {
            let split = out
                .partition_point(|id| grid.slot(*id).is_some_and(|s| BroadPhase::before(s, &st)));
            out[..split].reverse();
        }
        out.retain(|id| self.body(*id).is_some_and(|b| extra((*id, b))));
        true
    }
}

/// The fast walk answers when it looks at no more than this many bodies.
const WALK_LIMIT: usize = 32;
/// The grid answers only boxes of at most this many cells.
const MAX_QUERY_CELLS: u64 = 64;
