//! What a body meets outside its own sweep: the strike loop of a human
//! (`Human_TestStrikes`) and the sweep `PhysicsBody_Update` makes for a
//! body flagged 0x801 (the landing segment of an airborne human is
//! `landing.rs`) (overview "Bodies", "The human body", "The shape-pair
//! tables", "Sweeping a body" step 2; kernels file Unit 5, "How
//! Human_TestStrikes builds the sweep"). Readings beyond those pages are
//! *inferred* and numbered in `docs/divergences.md`, rows 240 and up.

use kernels::table::{sweep_pair, PairAnswer};
use kernels::{Contact, PairContext};
use ps2_float::{Real, Vec4};
use shape_pools::{ShapeFlags, ShapeId};

use crate::flags::type_bits;
use crate::query_box::BoxQuery;
use crate::resolve::{walk, MoveState};
use crate::shape_query::ContactList;
use crate::sweep::MoverState;
use crate::{flags::BodyFlags, ids::BodyId, ids::Other, owner::Owners, world::PhysicsWorld};

/// The body flags a strike's gather meets: WEAPONTARGET | MELEETARGET |
/// CHARGETARGET, the union of the loop's own filters (0x10 or 0x20 for a
/// bone shape against a non-human, 0x8 for a weapon sphere), so every body
/// a filter accepts is a candidate (divergence 241).
const STRIKE_GATHER: u32 = 0x38;

/// The body flags a bone shape needs on a candidate that is not a human:
/// MELEETARGET | CHARGETARGET.
const BONE_TARGET: u32 = 0x30;

/// What the 0x801 sweep of [`PhysicsWorld::update_with_sweep`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UpdateSweep<R> {
    /// Whether the body had 0x801 and a first shape, so a sweep was made.
    pub swept: bool,
    /// The first shape's move, from its previous position to its posed one.
    pub moved_by: Vec4<R>,
    /// The contacts found (one per body met).
    pub contacts: usize,
    /// The resolution's answer (`resolve::walk`: 0 on, 1 again, −1 abort).
    pub outcome: i32,
}

impl<R: Real> PhysicsWorld<R> {
    /// [`PhysicsWorld::update`], then, for a body with both 0x1 and 0x800
    /// (`SWEEP_ON_UPDATE | UPDATE_ALWAYS`), the sweep the console's update
    /// makes (overview "Bodies"): the first shape, put back at its previous
    /// position, is swept along `current − previous` against the other
    /// bodies through [`PhysicsWorld::sweep_human_mask`] (the layer mask of
    /// `mover`), with the candidates of the *new* box grown by the move
    /// ([`shape_pools::Aabb::extend_by_move`]): a body the move passed
    /// through, behind the new box, is not a candidate and is missed (with
    /// `Quirks::world.update_sweep_new_box_only` off the new box is grown
    /// back along the move instead, so the whole path is gathered;
    /// divergence 493). The
    /// contacts go through [`PhysicsWorld::resolve_contacts`] with the move
    /// as the pass's move and as both velocities. `update` keeps its
    /// `&O` signature for the owners that only pose; this form takes `&mut
    /// O` because the resolution calls the contact handler. The shape's
    /// put-back, the resolution's inputs and the sweep on a zero move are
    /// *inferred* (divergence 240).
    pub fn update_with_sweep<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        id: BodyId,
        mover: &MoverState,
        candidates: &mut Vec<BodyId>,
    ) -> UpdateSweep<R> {
        let mut out = UpdateSweep {
            swept: false,
            moved_by: Vec4::ZERO,
            contacts: 0,
            outcome: walk::GOES_ON,
        };
        if !self.update(&*owners, id) {
            return out;
        }
        let Some(b) = self.body(id) else {
            return out;
        };
        let both = BodyFlags::SWEEP_ON_UPDATE | BodyFlags::UPDATE_ALWAYS;
        if !b.flags.contains(both) {
            return out;
        }
        let bx = b.aabb;
        let Some(shape) = b.first_shape.and_then(|s| self.shape(s)) else {
            return out;
        };
        let cur = shape.position();
        let mv = (cur - shape.head.previous).with_w(R::ZERO);
        let back = (shape.head.previous - cur).with_w(R::ZERO);
        // The console grows the new box forward by the move; corrected, it
        // is grown back to where the shape started, over the whole path
        // (divergence 493).
        let grown = if self.config.quirks.world.update_sweep_new_box_only {
            bx.extend_by_move(mv)
        } else {
            bx.extend_by_move(back)
        };
        let mut list = ContactList::<R>::default();
        let n = self.sweep_human_mask(&*owners, id, back, &grown, mv, mover, candidates, &mut list);
        let mut st = MoveState::new(mv, mv);
        out.swept = true;
        out.moved_by = mv;
        out.contacts = n;
        out.outcome = self.resolve_contacts(owners, id, list.as_slice(), mv, &mut st);
        out
    }

    /// The strike loop of human body `id` (kernels file "How
    /// Human_TestStrikes builds the sweep", Unit 5; overview "The
    /// shape-pair tables"). Nothing unless a bone bit or the weapon flag is
    /// set. The candidates are the bodies of the human's broad bound whose
    /// flags meet 0x38 (the human itself left out; divergence 241), so a
    /// box flagged only CHARGETARGET (0x20) is struck; a candidate the striker
    /// ignores, or that [`Owners::may_strike`] refuses, is skipped. For each
    /// candidate, each strike shape in turn (the bone shapes with flags 0x1
    /// and 0x2, then the weapon spheres) is put at its previous
    /// position (the shape's setter: a sphere's centre, a segment's start
    /// only, so a segment is stretched from its previous start to its
    /// current end) and swept by `current − previous` through
    /// [`sweep_pair`] against each of the candidate's shapes: a human's
    /// bone shapes flagged 0x4 (spine, head), another body's whole chain.
    /// Bone shapes try a non-human only when its flags meet 0x30; weapon
    /// spheres try only bodies with 0x8. The first hit is the candidate's
    /// one contact (owners and shapes stamped), given to
    /// [`Owners::on_strike`], after which the striker ignores that owner,
    /// and the loop goes to the next candidate. A shape switched on for
    /// this update has previous = current (the reset flag), so its sweep
    /// has a zero move and meets only what it starts in; a segment never
    /// reaches a box (the table's entry answers no). Returns the contacts in
    /// the order found. The loop order, the ignore as the struck list and
    /// the skipped line-of-sight ray are *inferred* (divergences 241-245);
    /// neither the level's mesh nor a human's capsule is struck (divergence
    /// 247). `candidates` is the box query's reusable list; nothing else
    /// allocates for up to ten target shapes a candidate.
    ///
    /// Original: `Human_TestStrikes` (0x0033f110).
    pub fn test_strikes<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        id: BodyId,
        candidates: &mut Vec<BodyId>,
    ) -> ContactList<R> {
        let mut found = ContactList::default();
        let Some(b) = self.body(id) else {
            return found;
        };
        let (striker, sflags) = (b.owner, b.flags);
        let Some(parts) = b.human.as_ref() else {
            return found;
        };
        if parts.bones_on == 0 && !parts.weapon_strike {
            return found;
        }
        let broad = parts.broad;
        // The strike shapes: (shape id, is a weapon sphere).
        let mut strikers: smallvec::SmallVec<[(ShapeId, bool); 18]> = smallvec::SmallVec::new();
        let strike = ShapeFlags::ENABLED | ShapeFlags::CHARGE;
        for s in parts.bones.iter().flatten() {
            if self
                .shape(*s)
                .is_some_and(|x| x.head.flags.contains(strike))
            {
                strikers.push((*s, false));
            }
        }
        for s in &parts.strike_spheres {
            if self
                .shape(*s)
                .is_some_and(|x| x.head.flags.contains(strike))
            {
                strikers.push((*s, true));
            }
        }
        let q = BoxQuery {
            start: Some(id),
            ignored_owner: Some(striker),
            type_mask: u32::MAX,
            flag_mask: BodyFlags::from_bits_retain(STRIKE_GATHER),
            walk: Default::default(),
        };
        self.query_box(candidates, &broad, &q);
        for &cid in candidates.iter() {
            let Some(cb) = self.body(cid) else { continue };
            let (other, oflags) = (cb.owner, cb.flags);
            let target_human = cb.type_mask & type_bits::HUMAN != 0;
            if self.is_ignoring(&*owners, id, Other::Owner(other))
                || !owners.may_strike(striker, other)
            {
                continue;
            }
            let ctx = self.pair_context(owners, (Some(striker), sflags), (other, oflags));
            let hit = self.strike_one(&strikers, cid, target_human, oflags, &ctx);
            let Some(mut c) = hit else { continue };
            c.own.owner = Some(striker.word());
            c.other.owner = Some(other.word());
            found.push(c);
            owners.on_strike(striker, other, &c);
            self.ignore(id, Other::Owner(other));
        }
        found
    }

    /// One candidate of the strike loop: the first strike shape whose sweep
    /// meets one of the candidate's shapes, as a contact with both shapes
    /// stamped.
    fn strike_one(
        &self,
        strikers: &[(ShapeId, bool)],
        cid: BodyId,
        target_human: bool,
        oflags: BodyFlags,
        ctx: &PairContext,
    ) -> Option<Contact<R>> {
        let cb = self.body(cid)?;
        let weapon_ok = oflags.bits() & BodyFlags::WEAPONTARGET.bits() != 0;
        let bone_ok = target_human || oflags.bits() & BONE_TARGET != 0;
        // The candidate's shapes: a human's strike targets, else its chain.
        let mut targets: smallvec::SmallVec<[ShapeId; 10]> = smallvec::SmallVec::new();
        if target_human {
            if let Some(p) = cb.human.as_ref() {
                for s in p.bones.iter().flatten() {
                    if self
                        .shape(*s)
                        .is_some_and(|x| x.head.flags.contains(ShapeFlags::STRIKE_TARGET))
                    {
                        targets.push(*s);
                    }
                }
            }
        } else {
            targets.extend(self.body_shapes(cid));
        }
        for &(sid, weapon) in strikers {
            if (weapon && !weapon_ok) || (!weapon && !bone_ok) {
                continue;
            }
            let Some(s) = self.shape(sid) else { continue };
            let cur = s.position();
            let prev = s.head.previous;
            let mut moving = *s;
            moving.set_position(prev);
            let mv = (cur - prev).with_w(R::ONE);
            for &tid in &targets {
                let Some(t) = self.shape(tid) else { continue };
                let mut c = Contact::default();
                if sweep_pair(&mut c, ctx, &moving.geom, &t.geom, mv) == PairAnswer::Met {
                    c.own.shape = Some(sid.word());
                    c.other.shape = Some(tid.word());
                    return Some(c);
                }
            }
        }
        None
    }
}
