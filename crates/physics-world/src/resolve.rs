//! Contact resolution: the three vector helpers and
//! `PhysicsBody_ResolveContacts`, the walk over a pass's sorted contacts
//! that asks the moving body's owner what each one does (overview
//! "Contacts", "Attributes"; SPEC-NOTES note 7). Readings the overview does
//! not fix are *inferred* and numbered in `docs/divergences.md`, rows 221
//! and up.

use collision_mesh::TriangleFlags;
use kernels::Contact;
use ps2_float::{Real, Vec4};

use crate::{
    flags::BodyFlags, ids::BodyId, ids::Other, ids::OwnerId, owner::ContactContext, owner::Owners,
    world::BackOffReading, world::BounceReading, world::PhysicsWorld,
};

/// The owner's answer word (owner vtable `+0xf8`): the low 16 bits are the
/// code, the high bits steer the walk (overview "Contacts").
pub mod answer {
    /// The low 16 bits: the code (0 nothing, 1 slide, 2 bounce, 3 stop, 4
    /// slide and push the other body; above 4 no branch).
    pub const CODE_MASK: u32 = 0xffff;
    /// 0x10000: the walk ends here and the move goes on (return 0).
    pub const END_WALK: u32 = 0x1_0000;
    /// 0x20000: with a non-zero code, the contact's scale is kept (the
    /// largest met) and applied to the velocity at the end of the move.
    pub const KEEP_SCALE: u32 = 0x2_0000;
    /// 0x40000: the move is aborted (return −1).
    pub const ABORT: u32 = 0x4_0000;
}

/// The contact record's flags word (`+0xb0`) bits the resolution reads.
pub mod contact_flags {
    /// 0x1: the corner slide; the slide vector is added to the move's
    /// velocity.
    pub const SLIDE_ADD: u32 = 0x1;
    /// 0x2: the slide vector is stored in the body's pending push-out,
    /// once per move.
    pub const SLIDE_STORE: u32 = 0x2;
    /// 0x80: a human's landing (the landing segment's contact).
    pub const LANDING: u32 = 0x80;
}

/// The back-off distance, 0.01 m (bits 0x3c23d70a).
#[must_use]
pub fn back_off<R: Real>() -> R {
    R::from_bits(0x3c23_d70a)
}

/// The state of one body's move that the resolution changes, kept across
/// the sweep's passes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveState<R> {
    /// The move's velocity `V` (each pass moves by `V × dt`).
    pub velocity: Vec4<R>,
    /// The real velocity (the owner's, written back at the end).
    pub real: Vec4<R>,
    /// The largest contact scale a contact answered with 0x20000 kept.
    pub scale: Option<R>,
    /// Whether a flag-0x2 slide was stored in this move already.
    pub slide_stored: bool,
    /// Whether a stopping contact asked for the velocity write-back.
    pub write_back: bool,
    /// The displacement the advances of this move applied so far.
    pub advanced: Vec4<R>,
    /// How many contacts were put to the owner.
    pub contacts_met: u32,
}

impl<R: Real> MoveState<R> {
    /// A move with the move's velocity `velocity` and the real velocity
    /// `real`, nothing met yet.
    #[must_use]
    pub fn new(velocity: Vec4<R>, real: Vec4<R>) -> Self {
        Self {
            velocity,
            real,
            scale: None,
            slide_stored: false,
            write_back: false,
            advanced: Vec4::ZERO,
            contacts_met: 0,
        }
    }
}

/// Whether `x` is finite and not saturated at `±MAX` (the value the
/// console's division by zero gives; divergence 248).
fn sane<R: Real>(x: R) -> bool {
    let f = x.to_f32();
    f.is_finite() && f.abs() < f32::MAX
}

/// The contact's normal (`other.normal`, `+0x50`) with unwritten lanes 0
/// and `w` 0.
fn contact_normal<R: Real>(c: &Contact<R>) -> Vec4<R> {
    c.other.normal.get_or(R::ZERO).with_w(R::ZERO)
}

/// The advance that puts a body which would touch a plane after `to_touch`
/// (the move times the contact's fraction) 0.01 m in front of it, along the
/// plane's unit normal `n` only: with `s = to_touch · n` (negative when the
/// move goes into the plane), `n × (s + 0.01)`. A touch more than 0.01 m
/// away is approached (the overview's code 1); a nearer one backs the body
/// out to 0.01 m, as the brick trace shows ("Settling a landed object", tick
/// 32: back to 0.01 above the floor from 0.0078). The part of the move along
/// the plane is not applied. The arguments and the operation order are
/// *inferred* (divergence 221).
///
/// Original: `PhysicsVec_BackOffPlane` (0x0033d7b8).
#[must_use]
pub fn back_off_plane<R: Real>(to_touch: Vec4<R>, n: Vec4<R>) -> Vec4<R> {
    let s = to_touch.dot(n);
    n.scale(s + back_off::<R>()).with_w(R::ZERO)
}

/// [`back_off_plane`] under one of the two readings of code 1
/// ([`BackOffReading`], divergence 221): [`BackOffReading::Trace`] is
/// [`back_off_plane`]; [`BackOffReading::CodeOneText`] gives the same
/// advance `n × (s + 0.01)` only when it goes into the plane
/// (`s + 0.01 < 0`, the touch more than 0.01 m away), and the zero vector
/// otherwise (the body is not moved).
#[must_use]
pub fn back_off_plane_read<R: Real>(
    reading: BackOffReading,
    to_touch: Vec4<R>,
    n: Vec4<R>,
) -> Vec4<R> {
    let s = to_touch.dot(n);
    let k = s + back_off::<R>();
    match reading {
        BackOffReading::Trace => n.scale(k).with_w(R::ZERO),
        BackOffReading::CodeOneText if k < R::ZERO => n.scale(k).with_w(R::ZERO),
        BackOffReading::CodeOneText => Vec4::ZERO,
    }
}

/// `v` without its part into the surface of unit normal `n`: with
/// `d = v · n < 0`, `v − n d` (as `v + n × (−d)`, one `madd` per lane);
/// a `v` going out of the surface or along it is returned unchanged
/// (overview "Contacts", code 1; the sign test is *inferred*, divergence
/// 222).
///
/// Original: `Vec_RemoveNormalPart` (0x0033d870).
#[must_use]
pub fn remove_normal_part<R: Real>(v: Vec4<R>, n: Vec4<R>) -> Vec4<R> {
    let d = v.dot(n);
    if d < R::ZERO {
        v.madd(n, -d)
    } else {
        v
    }
}

/// `v` bounced off the surface of unit normal `n` with restitution `e`:
/// `d = v · n`; into the surface (`d < 0`) `v − n d (1 + e)`, otherwise
/// `v − n d e` (an outgoing normal speed cut by `e`). The product is
/// `d × (1 + e)` (or `d × e`), then one `madd` per lane with its negation
/// (overview "Attributes"; SPEC-NOTES note 7 follows the formula, so
/// (0, 0, −2) with e 0.1 gives (0, 0, 0.2); the order is *inferred*,
/// divergence 222).
///
/// Original: `PhysicsVec_Bounce` (0x0033d8f0).
#[must_use]
pub fn bounce<R: Real>(v: Vec4<R>, n: Vec4<R>, e: R) -> Vec4<R> {
    bounce_by(v, n, R::ONE + e, e)
}

/// `v − n d k` for `d = v · n`, with `k = into` when `v` goes into the
/// surface (`d < 0`) and `k = out` otherwise: the product `d × k`, then one
/// `madd` per lane with its negation. Both readings of the bounce.
#[inline]
fn bounce_by<R: Real>(v: Vec4<R>, n: Vec4<R>, into: R, out: R) -> Vec4<R> {
    let d = v.dot(n);
    let k = if d < R::ZERO { d * into } else { d * out };
    v.madd(n, -k)
}

/// [`bounce`] under a reading of the spec's self-contradiction
/// ([`BounceReading`], divergence 222): [`BounceReading::Formula`] is
/// [`bounce`]; [`BounceReading::TestThirteen`] takes `k = d × (2 + e)`
/// into the surface (`d < 0`), so (0, 0, −2) with e 0.1 gives (0, 0, 2.2),
/// and the same `d × e` out of it.
#[must_use]
pub fn bounce_read<R: Real>(reading: BounceReading, v: Vec4<R>, n: Vec4<R>, e: R) -> Vec4<R> {
    match reading {
        BounceReading::Formula => bounce(v, n, e),
        BounceReading::TestThirteen => bounce_by(v, n, R::from_f32(2.0) + e, e),
    }
}

/// The walk's answer (the original's return value).
pub mod walk {
    /// The move goes on: no contact stopped it, or one ended the walk
    /// (0x10000).
    pub const GOES_ON: i32 = 0;
    /// A contact stopped the walk: the sweep makes another pass.
    pub const AGAIN: i32 = 1;
    /// The move is aborted (0x40000).
    pub const ABORT: i32 = -1;
}

impl<R: Real> PhysicsWorld<R> {
    /// Walks `contacts` (sorted by fraction) for the moving body `id`,
    /// whose pass moved by `pass_move`, and applies each owner answer to
    /// `st` and the world (overview "Contacts"):
    ///
    /// - a contact is skipped when its mesh triangle is no longer enabled
    ///   (or no longer exists), or when its other owner has no body;
    /// - the owner is asked ([`Owners::on_contact`]); code 0 without
    ///   0x10000 or 0x40000 goes on to the next contact;
    /// - 0x20000 with a non-zero code keeps the largest contact scale met
    ///   ([`PhysicsWorld::contact_scale`], with a body or the level);
    /// - code 1 advances the body ([`back_off_plane`] of the move to the
    ///   touch, through the owner's position) and removes the into-surface
    ///   part of both velocities; 2 advances and bounces both with the
    ///   owner's attribute 8; 3 advances and zeroes both; 4 first pushes
    ///   the other body (unless its flag 0x200) by
    ///   `0.5 (d·n) n w(mover) / (w(other) k(other))` into its pending
    ///   push-out, tells its owner ([`Owners::on_pushed`]), then acts as 1;
    ///   above 4 nothing;
    /// - then the contact's slide flags 0x1 (add the slide to the move's
    ///   velocity) and 0x2 (store it in the body's push-out, once per
    ///   move), the slide first cut by its part against the move's
    ///   direction;
    /// - 0x10000 returns 0 (the move goes on), 0x40000 returns −1 (abort),
    ///   otherwise 1 (another pass). With no stopping contact, 0.
    ///
    /// The order of the steps within one contact, the slide and write-back
    /// rules and the push's operation order are *inferred* (divergences
    /// 223-226). No allocation; a stale `id` returns 0.
    ///
    /// Original: `PhysicsBody_ResolveContacts` (0x0033d9d8).
    pub fn resolve_contacts<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        id: BodyId,
        contacts: &[Contact<R>],
        pass_move: Vec4<R>,
        st: &mut MoveState<R>,
    ) -> i32 {
        let Some(body) = self.body(id) else {
            return walk::GOES_ON;
        };
        let mover = body.owner;
        let no_slide = body.flags.contains(BodyFlags::NO_SLIDE);
        let mover_airborne = body.human.as_ref().is_some_and(|h| h.airborne);
        for c in contacts {
            let other = Other::from_word(c.other.owner.unwrap_or(0));
            let mut other_body = None;
            match other {
                Other::Level => {
                    if let Some(ix) = c.triangle {
                        let on = self
                            .level_triangle(ix)
                            .is_some_and(|t| t.flags.contains(TriangleFlags::ENABLED));
                        if !on {
                            continue;
                        }
                    }
                }
                Other::Owner(o) => match self.body_of_owner(o) {
                    Some(b) => other_body = Some(b),
                    None => continue,
                },
            }
            let ctx = ContactContext {
                mover,
                body: id,
                contact: *c,
                other,
                pass_move,
                quirks: self.config.quirks.world,
            };
            st.contacts_met = st.contacts_met.saturating_add(1);
            let ans = owners.on_contact(&ctx);
            let code = ans & answer::CODE_MASK;
            if code == 0 && ans & (answer::END_WALK | answer::ABORT) == 0 {
                continue;
            }
            if code != 0 && ans & answer::KEEP_SCALE != 0 {
                if let Some(s) = self.contact_scale(id, other_body.is_some()) {
                    if st.scale.is_none_or(|k| s > k) {
                        st.scale = Some(s);
                    }
                }
            }
            let n = contact_normal(c);
            if (1..=4).contains(&code) {
                if code == 4 {
                    if let (Other::Owner(o), Some(ob)) = (other, other_body) {
                        self.push_other(owners, mover, o, ob, pass_move, n);
                        owners.on_pushed(o, &ctx);
                    }
                }
                self.advance(owners, mover, c, pass_move, n, st);
                match code {
                    2 => {
                        let e = owners.float_attribute(mover, 8);
                        let reading = self.config.readings.bounce;
                        st.velocity = bounce_read(reading, st.velocity, n, e);
                        st.real = bounce_read(reading, st.real, n, e);
                    }
                    3 => {
                        st.velocity = Vec4::ZERO;
                        st.real = Vec4::ZERO;
                    }
                    _ => {
                        st.velocity = remove_normal_part(st.velocity, n);
                        st.real = remove_normal_part(st.real, n);
                    }
                }
                if !no_slide {
                    self.apply_slide(id, c, pass_move, st);
                }
                if self.asks_write_back(c, other_body, mover_airborne) {
                    st.write_back = true;
                }
            }
            if ans & answer::END_WALK != 0 {
                return walk::GOES_ON;
            }
            if ans & answer::ABORT != 0 {
                return walk::ABORT;
            }
            return walk::AGAIN;
        }
        walk::GOES_ON
    }

    /// Code 1's advance: the owner's position moved by
    /// [`back_off_plane`] of the move to the touch (`pass_move ×
    /// fraction`), and the advance added to the move's running
    /// displacement. A guard (divergence 248): a fraction that is a
    /// saturated quotient (`±MAX`, the console's `a / 0`, as Unit 12's
    /// capsule-box side step gives an airborne capsule with no horizontal
    /// move, "Edge cases", "Zero move") or an advance with a lane that is
    /// not finite or saturated is not applied: the body stays where it was
    /// and the rest of the contact's resolution runs as before.
    fn advance<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        mover: OwnerId,
        c: &Contact<R>,
        pass_move: Vec4<R>,
        n: Vec4<R>,
        st: &mut MoveState<R>,
    ) {
        let t = c.fraction.unwrap_or(R::ZERO);
        if !sane(t) {
            return;
        }
        let a = back_off_plane_read(self.config.readings.back_off, pass_move.scale(t), n);
        if a.x == R::ZERO && a.y == R::ZERO && a.z == R::ZERO {
            return;
        }
        if !(sane(a.x) && sane(a.y) && sane(a.z)) {
            return;
        }
        let p = owners.position(mover);
        owners.set_position(mover, p + a);
        st.advanced = st.advanced + a;
    }

    /// Code 4's push of the other body: unless it has flag 0x200,
    /// `((0.5 × (d·n)) × w(mover)) / (w(other) × k(other))` times `n` is
    /// added to its pending push-out (the order is *inferred*, divergence
    /// 224).
    fn push_other<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        mover: OwnerId,
        other: OwnerId,
        ob: BodyId,
        d: Vec4<R>,
        n: Vec4<R>,
    ) {
        let w_m = owners.float_attribute(mover, 1);
        let w_o = owners.float_attribute(other, 1);
        let k_o = owners.float_attribute(other, 7);
        let Some(b) = self.body_mut(ob) else {
            return;
        };
        if b.flags.contains(BodyFlags::NOT_PUSHABLE) {
            return;
        }
        let half = R::from_bits(0x3f00_0000);
        let s = (half * d.dot(n)) * w_m;
        let f = s.div(w_o * k_o);
        b.push = b.push.madd(n, f);
    }

    /// The contact's slide vector (`+0xa0`) after its part against the
    /// move's direction is dropped ([`remove_normal_part`] with the move's
    /// unit direction): flag 0x1 adds it to the move's velocity, flag 0x2
    /// stores it in the body's pending push-out once per move (divergence
    /// 225).
    fn apply_slide(&mut self, id: BodyId, c: &Contact<R>, d: Vec4<R>, st: &mut MoveState<R>) {
        let flags = c.flags.unwrap_or(0);
        if flags & (contact_flags::SLIDE_ADD | contact_flags::SLIDE_STORE) == 0 {
            return;
        }
        let dir = d.with_w(R::ZERO).normalize();
        let s = remove_normal_part(c.slide.get_or(R::ZERO).with_w(R::ZERO), dir);
        if flags & contact_flags::SLIDE_ADD != 0 {
            st.velocity = st.velocity + s;
        }
        if flags & contact_flags::SLIDE_STORE != 0 && !st.slide_stored {
            st.slide_stored = true;
            if let Some(b) = self.body_mut(id) {
                b.push = s;
            }
        }
    }

    /// Whether a stopping contact asks for the velocity write-back: not a
    /// level triangle with flag 0x100, not two airborne humans (overview
    /// "Sweeping a body"; divergence 226).
    fn asks_write_back(&self, c: &Contact<R>, other: Option<BodyId>, mover_airborne: bool) -> bool {
        match other {
            None => !c.triangle.is_some_and(|ix| {
                self.level_triangle(ix)
                    .is_some_and(|t| t.flags.contains(TriangleFlags::BIT_8))
            }),
            Some(ob) => {
                let other_airborne = self
                    .body(ob)
                    .and_then(|b| b.human.as_ref())
                    .is_some_and(|h| h.airborne);
                !(mover_airborne && other_airborne)
            }
        }
    }
}
