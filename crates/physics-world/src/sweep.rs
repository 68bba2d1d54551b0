//! The body sweep: `PhysicsBody_Sweep` and its two halves, the level
//! (`IPhysics_SweepBodyVsMesh` through `IPhysics_SweepShapeVsMesh`) and the
//! other bodies (`PhysicsBody_SweepHumanMask`), in up to three passes with
//! the contacts of each pass resolved by
//! [`PhysicsWorld::resolve_contacts`] (overview "Sweeping a body",
//! "Collision layers", "Human contacts"). Units 2 and 3 are not in the
//! specification: every reading beyond the overview is *inferred* and
//! numbered in `docs/divergences.md`, rows 221 and up.
//!
//! # Example
//!
//! A ball dropped onto a floor whose owner answers every contact with a
//! bounce (code 2, restitution 0.5):
//!
//! ```
//! use collision_mesh::{build, BuildConfig, SoupTriangle};
//! use physics_world::{BodyFlags, ContactContext, MoverState, OwnerId, Owners, PhysicsWorld};
//! use ps2_float::Vec4;
//! use shape_pools::Pose;
//!
//! struct Ball {
//!     at: Vec4<f32>,
//! }
//! impl Owners<f32> for Ball {
//!     fn type_mask(&self, _: OwnerId) -> u32 {
//!         0x1
//!     }
//!     fn frame(&self, _: OwnerId) -> Pose<f32> {
//!         Pose::at(self.at)
//!     }
//!     fn float_attribute(&self, _: OwnerId, n: u32) -> f32 {
//!         if n == 8 { 0.5 } else { 1.0 }
//!     }
//!     fn on_contact(&mut self, _: &ContactContext<f32>) -> u32 {
//!         2
//!     }
//!     fn set_position(&mut self, _: OwnerId, p: Vec4<f32>) {
//!         self.at = p;
//!     }
//! }
//!
//! let floor = [
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 5.0, 0.0]]),
//!     SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, 5.0, 0.0], [-5.0, 5.0, 0.0]]),
//! ];
//! let mut world = PhysicsWorld::<f32>::default();
//! world.set_mesh(build::from_soup(&floor, &BuildConfig::default(), "floor").unwrap());
//! let mut ball = Ball { at: Vec4::point(0.0, 0.0, 1.0) };
//! let owner = OwnerId::new(1).unwrap();
//! let shape = world.shape_pools_mut().alloc_object_sphere(0.5).unwrap();
//! let body = world
//!     .create_object_body(&ball, owner, shape, BodyFlags::OBJECT_START)
//!     .unwrap();
//! world.update(&ball, body);
//!
//! let mut candidates = Vec::new();
//! let v = Vec4::new(0.0, 0.0, -4.0, 0.0);
//! let report = world.sweep(&mut ball, body, v, 0.25, &MoverState::default(), &mut candidates);
//! // The ball touched the floor halfway, stopped 0.01 m above it and went
//! // back up with half its speed for the rest of the move.
//! assert_eq!(report.passes, 2);
//! assert!((report.velocity.z - 2.0).abs() < 1e-6);
//! assert!((ball.at.z - (0.51 + 0.5)).abs() < 1e-5);
//! ```

use collision_mesh::SweepQuery;
use kernels::table::{sweep_pair, PairAnswer};
use kernels::{Contact, PairContext, Shape};
use ps2_float::{Real, Vec4};
use shape_pools::{Aabb, ShapeFlags};

use crate::flags::{object_flags, type_bits};
use crate::query_box::BoxQuery;
use crate::resolve::{walk, MoveState};
use crate::shape_query::ContactList;
use crate::{flags::BodyFlags, ids::BodyId, ids::OwnerId, owner::Owners, world::PhysicsWorld};

/// `1e-6` (0x358637bd): a pass whose move `D` has `D·D` at most this sweeps
/// nothing and ends the move (kernels file, Unit 13 "Test ideas", box-box
/// contact; divergence 228).
const TINY_MOVE_BITS: u32 = 0x3586_37bd;

/// The mover's state that its layer mask depends on (overview "Sweeping a
/// body" step 3). The charge bit comes from the capsule's own shape flag
/// 0x2, read by the sweep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoverState {
    /// The human is airborne (object flag 0x4000000) or holding (record
    /// `+0x08` bit 0x800): 0x44 instead of 0x4.
    pub airborne_or_holding: bool,
    /// The human's gait is above 3 (running): RUNTARGET 0x40000.
    pub running: bool,
    /// The human's player number, if a player: `0x80000 << player`.
    pub player: Option<u8>,
}

impl MoverState {
    /// The layer mask a mover's sweep meets bodies with: 2 (BLOCKOBJECTS)
    /// for a non-human; for a human 4 (BLOCKHUMANS), or 0x44 while
    /// airborne or holding, plus 0x20 (CHARGETARGET) when `charging` (the
    /// capsule's shape flag 0x2), 0x40000 (RUNTARGET) when running and
    /// `0x80000 << player` for a player (bits shifted past bit 31 are
    /// lost; divergence 230). Overview "Sweeping a body" step 3 and
    /// "Collision layers".
    #[must_use]
    pub fn mask(&self, human: bool, charging: bool) -> u32 {
        if !human {
            return BodyFlags::BLOCKOBJECTS.bits();
        }
        let mut m = if self.airborne_or_holding { 0x44 } else { 0x4 };
        if charging {
            m |= BodyFlags::CHARGETARGET.bits();
        }
        if self.running {
            m |= BodyFlags::RUNTARGET.bits();
        }
        if let Some(p) = self.player {
            m |= 0x8_0000u32.checked_shl(u32::from(p)).unwrap_or(0);
        }
        m
    }
}

/// What one call of [`PhysicsWorld::sweep`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepReport<R> {
    /// The passes made (0 to 3).
    pub passes: u32,
    /// The contacts put to the owner over all passes.
    pub contacts: u32,
    /// The real velocity at the end (the one written back, when it is).
    pub velocity: Vec4<R>,
    /// The body moved by the rest of its move (the last pass went on).
    pub moved: bool,
    /// Three passes stopped (or a slide left no move): the body stayed
    /// where the last advance put it and its counter went up.
    pub stuck: bool,
    /// A contact aborted the move (0x40000).
    pub aborted: bool,
    /// Whether the velocity was written to the owner.
    pub velocity_written: bool,
    /// The body's whole displacement (advances and rest).
    pub displacement: Vec4<R>,
}

impl<R: Real> Default for SweepReport<R> {
    fn default() -> Self {
        Self {
            passes: 0,
            contacts: 0,
            velocity: Vec4::ZERO,
            moved: false,
            stuck: false,
            aborted: false,
            velocity_written: false,
            displacement: Vec4::ZERO,
        }
    }
}

/// A shape moved by `d` (`x, y, z`; each point keeps its `w`).
#[inline]
fn translate<R: Real>(s: &Shape<R>, d: Vec4<R>) -> Shape<R> {
    let mut s = *s;
    match &mut s {
        Shape::Box(b) => b.centre = b.centre + d,
        Shape::Sphere(x) => x.centre = x.centre + d,
        Shape::Capsule(c) => c.base = c.base + d,
        Shape::Segment(g) => {
            g.start = g.start + d;
            g.end = g.end + d;
        }
    }
    s
}

/// A box moved by `d`.
#[inline]
fn translate_box<R: Real>(b: &Aabb<R>, d: Vec4<R>) -> Aabb<R> {
    Aabb::new(b.min + d, b.max + d)
}

/// Whether two boxes are already inside each other where the move starts:
/// the separating-axis sweep's window opens at `t = 0` with no axis
/// setting it ([`kernels::box_sweep::sweep_box_box_first_contact`]). Any
/// other pair of shapes answers `false` (divergence 496).
fn inside_at_start<R: Real>(own: &Shape<R>, other: &Shape<R>, mv: Vec4<R>) -> bool {
    match (own, other) {
        (Shape::Box(a), Shape::Box(b)) => matches!(
            kernels::box_sweep::sweep_box_box_first_contact(a, mv, b),
            Some((_, None))
        ),
        _ => false,
    }
}

/// Whether a contact met at fraction 0 gives no normal (`+0x50` zero or
/// unwritten): the pair starts inside each other and says nothing of the
/// way out (divergence 496).
fn no_way_out<R: Real>(c: &Contact<R>) -> bool {
    let n = c.other.normal.get_or(R::ZERO).with_w(R::ZERO);
    c.fraction.is_none_or(|f| f == R::ZERO) && is_zero(n)
}

fn is_zero<R: Real>(v: Vec4<R>) -> bool {
    v.x == R::ZERO && v.y == R::ZERO && v.z == R::ZERO
}

impl<R: Real> PhysicsWorld<R> {
    /// The pair context the kernels read for a pair of bodies: both bodies'
    /// flags, the owners' airborne (object flag 0x4000000) and landing
    /// (state flag 0x2000000000) bits (an ownerless querier is neither),
    /// and the world's quirks. The body sweep, the shape queries and the
    /// strike loop build it alike.
    pub(crate) fn pair_context<O: Owners<R> + ?Sized>(
        &self,
        owners: &O,
        own: (Option<OwnerId>, BodyFlags),
        other: (OwnerId, BodyFlags),
    ) -> PairContext {
        let airborne = |o: OwnerId| owners.object_flags(o) & object_flags::AIRBORNE != 0;
        let landing = |o: OwnerId| owners.state_flags(o) & 0x20_0000_0000 != 0;
        PairContext {
            own_body_flags: own.1.bits(),
            other_body_flags: other.1.bits(),
            own_airborne: own.0.is_some_and(airborne),
            own_landing: own.0.is_some_and(landing),
            other_airborne: airborne(other.0),
            other_landing: landing(other.0),
            quirks: self.config.quirks,
            normal_table: self.config.readings.normal_table,
        }
    }

    /// Sweeps `shape` (shape word `shape_word`) along `mv` against the
    /// level's mesh over the cells of `bx`, with the mesh sweep of its type
    /// (a box, a sphere, a capsule as the walking sphere scaled by
    /// `body_scale`; a segment has none), the thresholds −0.65 and 0,
    /// option 0x4 when `type_mask` has the human bit 0x40 and the moving
    /// body's flags `body_flags`; at most one contact, the nearest, written
    /// to `out`; a walking capsule's contact on a triangle naming a corner
    /// edge gets the corner slide unless `airborne` (divergences 164,
    /// 290-294). A level of several tiles is asked tile by tile and gives
    /// the earliest contact, the lower tile's on a tie, its triangle word
    /// naming the tile (divergences 345, 346). Returns 1 with a contact,
    /// else 0 (also without a level).
    /// The thresholds, the one contact and the option come from the
    /// overview's "Sweeping a body" step 2.
    ///
    /// Original: `IPhysics_SweepShapeVsMesh` (0x0033d2d8).
    #[allow(clippy::too_many_arguments)]
    pub fn sweep_shape_vs_mesh(
        &mut self,
        out: &mut Contact<R>,
        shape: &Shape<R>,
        shape_word: u32,
        body_flags: u32,
        type_mask: u32,
        body_scale: R,
        airborne: bool,
        bx: &Aabb<R>,
        mv: Vec4<R>,
    ) -> usize {
        let Some(level) = &self.level.tiles else {
            return 0;
        };
        let options = if type_mask & type_bits::HUMAN != 0 {
            collision_mesh::SweepOptions::NZ_MIN
        } else {
            collision_mesh::SweepOptions::empty()
        };
        let mut q = SweepQuery::new(*bx, 1)
            .with_quirks(self.config.quirks)
            .with_side_rule(self.config.readings.parallel_side)
            .with_options(options)
            .with_body_flags(body_flags)
            .with_airborne(airborne);
        q.own_shape = shape_word;
        q.nz_min = R::from_f32(-0.65);
        q.nz_max = R::ZERO;
        // Over every tile the box reaches: the earliest contact, an equal
        // fraction kept from the lower tile (divergence 345).
        let query = |mesh: &collision_mesh::CollisionMesh,
                     scratch: &mut collision_mesh::QueryScratch<R>,
                     buf: &mut [Contact<R>]| match shape {
            Shape::Sphere(s) => mesh.sweep_sphere(scratch, buf, &q, s, mv),
            Shape::Capsule(c) => mesh.sweep_capsule(scratch, buf, &q, c, body_scale, mv),
            Shape::Box(b) => mesh.sweep_box(scratch, buf, &q, b, mv),
            Shape::Segment(_) => 0,
        };
        match level.first_contact(&mut self.level.scratch, bx, out, query) {
            Some(tile) => {
                crate::tiles::name_tile(out, tile);
                1
            }
            None => 0,
        }
    }

    /// The mesh half of a pass: the body's first shape, moved by `offset`
    /// (the advances of this move so far), swept along `mv` over `bx`
    /// through [`PhysicsWorld::sweep_shape_vs_mesh`]; the contact gets the
    /// mover's owner and shape and the level (owner word 0). The landing
    /// segment of an airborne human (`Human_LandingTest`, a contact flagged
    /// 0x80) is the world's `landing_contact`, which the sweep's pass
    /// adds next to this contact (divergence 229). `None` without a hit, a
    /// first shape or a live body (overview "Sweeping a body" step 2).
    ///
    /// Original: `IPhysics_SweepBodyVsMesh` (0x0033d340).
    pub fn sweep_body_vs_mesh(
        &mut self,
        id: BodyId,
        offset: Vec4<R>,
        bx: &Aabb<R>,
        mv: Vec4<R>,
    ) -> Option<Contact<R>> {
        let b = self.body(id)?;
        let (owner, flags, type_mask, scale) = (b.owner, b.flags, b.type_mask, b.scale.x);
        // An airborne human's walking sweep writes no corner slide
        // (divergence 294).
        let airborne = b.human.as_ref().is_some_and(|h| h.airborne);
        let sid = b.first_shape?;
        let shape = translate(&self.shape(sid)?.geom, offset);
        let mut c = Contact::default();
        let n = self.sweep_shape_vs_mesh(
            &mut c,
            &shape,
            sid.word(),
            flags.bits(),
            type_mask,
            scale,
            airborne,
            bx,
            mv,
        );
        if n == 0 {
            return None;
        }
        c.own.owner = Some(owner.word());
        c.own.shape = Some(sid.word());
        c.other.owner = Some(0);
        if c.other.shape.is_none() {
            c.other.shape = Some(0);
        }
        Some(c)
    }

    /// The bodies' half of a pass: the candidates of `bx` (type mask −1,
    /// the mover's owner left out) whose flags share a bit with the mover's
    /// layer mask ([`MoverState::mask`]; the charge bit from the first
    /// shape's flag 0x2), skipping the mover's non-zero group and the pairs
    /// its owner refuses; each enabled shape of a candidate, from its first,
    /// is swept against the mover's first shape (moved by `offset`) along
    /// `mv` through the sweep table, and the first that hits gives the
    /// candidate's one contact, inserted into `list` sorted by fraction.
    /// Returns how many contacts were inserted (overview "Sweeping a body"
    /// step 3, "Human contacts"). With `Quirks::world.overlap_backs_out`
    /// off, a candidate box the mover's box is already inside at the
    /// pass's start is not swept, and a contact met at fraction 0 with no
    /// normal is dropped (the candidate's next shape is tried; divergence
    /// 496). `candidates` is the box query's reusable
    /// list. The mask's inputs and the candidates' filters
    /// are *inferred* (divergences 230, 231).
    ///
    /// Original: `PhysicsBody_SweepHumanMask` (0x0033d498).
    #[allow(clippy::too_many_arguments)]
    pub fn sweep_human_mask<O: Owners<R> + ?Sized>(
        &self,
        owners: &O,
        id: BodyId,
        offset: Vec4<R>,
        bx: &Aabb<R>,
        mv: Vec4<R>,
        mover: &MoverState,
        candidates: &mut Vec<BodyId>,
        list: &mut ContactList<R>,
    ) -> usize {
        let Some(b) = self.body(id) else {
            return 0;
        };
        let (owner, group, flags) = (b.owner, b.group, b.flags);
        let human = b.type_mask & type_bits::HUMAN != 0;
        let Some(sid) = b.first_shape else {
            return 0;
        };
        let Some(own) = self.shape(sid) else {
            return 0;
        };
        let charging = own.head.flags.contains(ShapeFlags::CHARGE);
        let shape = translate(&own.geom, offset);
        let mask = mover.mask(human, charging);
        let q = BoxQuery {
            start: Some(id),
            ignored_owner: Some(owner),
            type_mask: u32::MAX,
            flag_mask: BodyFlags::from_bits_retain(mask),
            walk: Default::default(),
        };
        self.query_box(candidates, bx, &q);
        let backs_out = self.config.quirks.world.overlap_backs_out;
        let mut n = 0;
        for &cid in candidates.iter() {
            let Some(cb) = self.body(cid) else { continue };
            if group != 0 && cb.group == group {
                continue;
            }
            if !owners.accepts_pair(owner, cb.owner) {
                continue;
            }
            let ctx = self.pair_context(owners, (Some(owner), flags), (cb.owner, cb.flags));
            for osid in self.body_shapes(cid) {
                let Some(other) = self.shape(osid) else {
                    continue;
                };
                if !other.is_enabled() {
                    continue;
                }
                if !backs_out && inside_at_start(&shape, &other.geom, mv) {
                    continue;
                }
                let mut c = Contact::default();
                if sweep_pair(&mut c, &ctx, &shape, &other.geom, mv) == PairAnswer::Met {
                    if !backs_out && no_way_out(&c) {
                        continue;
                    }
                    c.own.owner = Some(owner.word());
                    c.own.shape = Some(sid.word());
                    c.other.owner = Some(cb.owner.word());
                    c.other.shape = Some(osid.word());
                    if list.insert_sorted(c) {
                        n += 1;
                    }
                    break;
                }
            }
        }
        n
    }

    /// Moves body `id` by `velocity × dt` plus its pending push-out, in up
    /// to three passes against the level and the bodies (overview
    /// "Sweeping a body"):
    ///
    /// - the push-out (`+0x50`) is divided by the owner's push weight
    ///   (attribute 7) unless the body has flag 0x1000, and cleared; it
    ///   joins the move's velocity as `push / dt` (divergence 227);
    /// - a pass: the body's box (unscaled; the original's copy scaled by
    ///   `+0x60` is never read, so none is made) at where the advances left
    ///   it, grown by the pass's move `V × dt`; the mesh's contact
    ///   ([`PhysicsWorld::sweep_body_vs_mesh`]) and the bodies' contacts
    ///   ([`PhysicsWorld::sweep_human_mask`]) in one list sorted by
    ///   fraction; [`PhysicsWorld::resolve_contacts`];
    /// - a walk that goes on ends the passes: the body moves by the
    ///   resolved `V × dt` (owner position) and its counter `+0x70` is
    ///   reset; the kept contact scale is applied to the real velocity
    ///   (`x`, `y`, and `z` only when upward; divergence 228), which is
    ///   written to the owner when the body has flag 0x400 and a stopping
    ///   contact asked for it;
    /// - a pass whose move `D` is tiny (`D·D ≤ 1e-6`, tested before every
    ///   pass, the first included: Unit 13 "Test ideas") sweeps nothing and
    ///   ends the move as a slide that left no move (divergence 228); with
    ///   `Quirks::world.tiny_move_skips_sweep` off only a zero move does,
    ///   and a tiny one is swept like any other (divergence 494);
    /// - three stopped passes, or a slide that left no move: the body stays
    ///   where the last advance put it, the real velocity loses its
    ///   horizontal part and is written to the owner whatever the flags,
    ///   and the counter goes up;
    /// - an aborted walk (0x40000) ends the move where it is, nothing
    ///   written.
    ///
    /// The body's shapes and box follow the displacement (translated, and
    /// the list place found again; divergence 227). No allocation beyond
    /// `candidates`' growth; a stale `id` does nothing.
    ///
    /// Original: `PhysicsBody_Sweep` (0x0033e278).
    pub fn sweep<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        id: BodyId,
        velocity: Vec4<R>,
        dt: R,
        mover: &MoverState,
        candidates: &mut Vec<BodyId>,
    ) -> SweepReport<R> {
        let mut report = SweepReport::default();
        let Some(b) = self.body(id) else {
            return report;
        };
        let owner = b.owner;
        let flags = b.flags;
        let start_box = b.aabb;
        let mut push = b.push.with_w(R::ZERO);
        // A zero push is not divided: with an owner whose push weight is 0
        // (the trait's default) 0 / 0 would give the console's ±MAX
        // (divergence 227).
        if !flags.contains(BodyFlags::PUSH_PREDIVIDED) && !is_zero(push) {
            let k = owners.float_attribute(owner, 7);
            push = Vec4::new(push.x.div(k), push.y.div(k), push.z.div(k), R::ZERO);
        }
        if let Some(bm) = self.body_mut(id) {
            bm.push = Vec4::ZERO;
        }
        let v = velocity.with_w(R::ZERO);
        let folded = if is_zero(push) {
            v
        } else {
            let inv = R::ONE.div(dt);
            v.madd(push, inv)
        };
        let mut st = MoveState::new(folded, v);
        let mut outcome = walk::AGAIN;
        let mut list = self.sweep_list.take().unwrap_or_default();
        let tiny = R::from_bits(TINY_MOVE_BITS);
        let skip_tiny = self.config.quirks.world.tiny_move_skips_sweep;
        for _ in 0..3 {
            let d = st.velocity.scale(dt).with_w(R::ZERO);
            // The tiny move (Unit 13's box-box test ideas: the body sweep
            // stops below |D|² ≤ 1e-6), tested at the top of every pass:
            // the walk is left as "another pass", so the move ends as a
            // slide that left no move (divergence 228). Corrected, only a
            // move of exactly zero ends the passes so; any other is swept
            // (divergence 494).
            let stop = if skip_tiny {
                d.dot(d) <= tiny
            } else {
                is_zero(d)
            };
            if stop {
                break;
            }
            report.passes += 1;
            let bx = translate_box(&start_box, st.advanced).extend_by_move(d);
            list.clear();
            if let Some(c) = self.sweep_body_vs_mesh(id, st.advanced, &bx, d) {
                list.insert_sorted(c);
            }
            // The landing segment (divergences 229, 246).
            if let Some(c) = self.landing_contact(&*owners, id, d) {
                list.insert_sorted(c);
            }
            self.sweep_human_mask(
                &*owners,
                id,
                st.advanced,
                &bx,
                d,
                mover,
                candidates,
                &mut list,
            );
            outcome = self.resolve_contacts(owners, id, list.as_slice(), d, &mut st);
            if outcome != walk::AGAIN {
                break;
            }
        }
        self.sweep_list = Some(list);
        report.contacts = st.contacts_met;
        if outcome == walk::ABORT {
            report.aborted = true;
        } else {
            if let Some(s) = st.scale {
                st.real.x = st.real.x * s;
                st.real.y = st.real.y * s;
                if st.real.z > R::ZERO {
                    st.real.z = st.real.z * s;
                }
            }
            if outcome == walk::GOES_ON {
                let rest = st.velocity.scale(dt).with_w(R::ZERO);
                let p = owners.position(owner);
                owners.set_position(owner, p + rest);
                st.advanced = st.advanced + rest;
                report.moved = true;
                if let Some(bm) = self.body_mut(id) {
                    bm.stuck = 0;
                }
                if flags.contains(BodyFlags::WRITE_VELOCITY) && st.write_back {
                    owners.set_velocity(owner, st.real);
                    report.velocity_written = true;
                }
            } else {
                st.real.x = R::ZERO;
                st.real.y = R::ZERO;
                owners.set_velocity(owner, st.real);
                report.velocity_written = true;
                report.stuck = true;
                if let Some(bm) = self.body_mut(id) {
                    bm.stuck = bm.stuck.saturating_add(1);
                }
            }
        }
        report.velocity = st.real;
        report.displacement = st.advanced;
        if !is_zero(st.advanced) {
            self.translate_body(id, st.advanced);
        }
        report
    }

    /// Moves a body's shapes and box by `d` and finds its list place again.
    fn translate_body(&mut self, id: BodyId, d: Vec4<R>) {
        self.each_body_shape_mut(id, |sh| sh.geom = translate(&sh.geom, d));
        if let Some(b) = self.body_mut(id) {
            b.aabb = translate_box(&b.aabb, d);
        }
        self.list_reinsert(id);
    }
}
