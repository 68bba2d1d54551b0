//! The part of `IPhysics_OverlapShape` (0x0033ebb8) that concerns one pair
//! and the order of its results (Unit 4, "How `IPhysics_OverlapShape` fills
//! a contact").
//!
//! The world (the sorted body list, the type mask and group filters, the
//! owner's refusal, the shape chains, the level mesh) belongs to the world
//! crate; it hands this module the querying shape, its gather box and the
//! candidate bodies (divergence 53). What is kept here:
//!
//! * the gather: a candidate body is tested only when its world box meets the
//!   gather box in x, y and z (the only vertical test a capsule-box pair gets);
//! * the test: the overlap table's entry for the two types, empty entries
//!   skipped;
//! * the fill: on a hit, the mesh triangle `+0xb4` is set to 0 and the owner
//!   and shape words of both halves are set (`Contact_InsertSorted`,
//!   0x0033d718), over whatever the pair function wrote there;
//! * the order: the original sorts the hits by `+0x80`, which no overlap test
//!   writes, so its order is stack leftovers; the contacts here stay in
//!   discovery order (divergence 48).

use ps2_float::Real;

use crate::table::{overlap_pair_with, PairAnswer};
use crate::{aabb::Aabb, contact::Contact, quirks::Quirks, shapes::Shape};

/// A shape as the query records it: the owner and shape words a contact
/// half gets (`+0x00`, `+0x04`), and the shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryShape<'a, R> {
    /// The owner word (the body's owner, `body +0x34`).
    pub owner: u32,
    /// The shape word.
    pub shape_id: u32,
    /// The shape.
    pub shape: &'a Shape<R>,
}

/// A candidate body: its owner, its world box and its shape chain (each
/// shape with its shape word), in the order the world found them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryBody<'a, R> {
    /// The owner word.
    pub owner: u32,
    /// The body's world box.
    pub bounds: Aabb<R>,
    /// The shape chain, in chain order.
    pub shapes: &'a [(u32, Shape<R>)],
}

/// Tests one pair with the overlap table and, on a hit, sets what the query
/// sets: `+0xb4 = 0`, then the owner and shape words of both halves. Fields
/// the pair function does not write are left as the slot held them (the
/// original's slot is not cleared). `false` for a miss or an empty table
/// entry.
pub fn overlap_query_pair<R: Real>(
    c: &mut Contact<R>,
    own: &QueryShape<'_, R>,
    other: &QueryShape<'_, R>,
) -> bool {
    overlap_query_pair_with(c, own, other, &Quirks::console())
}

/// [`overlap_query_pair`] with the pair tested by
/// [`overlap_pair_with`](crate::table::overlap_pair_with) under `quirks`.
pub fn overlap_query_pair_with<R: Real>(
    c: &mut Contact<R>,
    own: &QueryShape<'_, R>,
    other: &QueryShape<'_, R>,
    quirks: &Quirks,
) -> bool {
    if overlap_pair_with(c, own.shape, other.shape, quirks) != PairAnswer::Met {
        return false;
    }
    c.triangle = Some(0);
    c.own.owner = Some(own.owner);
    c.own.shape = Some(own.shape_id);
    c.other.owner = Some(other.owner);
    c.other.shape = Some(other.shape_id);
    true
}

/// The bodies' part of the overlap query: every shape of every candidate body
/// whose world box meets `gather` is tested against `own`, and each hit fills
/// the next slot of `out`, in discovery order (the candidates' order, then
/// chain order). Returns the number of contacts written; stops when `out` is
/// full (divergence 50), so an empty `out` (the query's max 0) tests nothing.
pub fn overlap_query<R: Real>(
    out: &mut [Contact<R>],
    own: &QueryShape<'_, R>,
    gather: &Aabb<R>,
    candidates: &[QueryBody<'_, R>],
) -> usize {
    overlap_query_with(out, own, gather, candidates, &Quirks::console())
}

/// [`overlap_query`] with each pair tested under `quirks`
/// ([`overlap_query_pair_with`]).
pub fn overlap_query_with<R: Real>(
    out: &mut [Contact<R>],
    own: &QueryShape<'_, R>,
    gather: &Aabb<R>,
    candidates: &[QueryBody<'_, R>],
    quirks: &Quirks,
) -> usize {
    let mut count = 0;
    for body in candidates {
        // Touching counts (divergence 49).
        if !gather.overlaps(&body.bounds) {
            continue;
        }
        for (shape_id, shape) in body.shapes {
            let Some(slot) = out.get_mut(count) else {
                return count;
            };
            let other = QueryShape {
                owner: body.owner,
                shape_id: *shape_id,
                shape,
            };
            if overlap_query_pair_with(slot, own, &other, quirks) {
                count += 1;
            }
        }
    }
    count
}
