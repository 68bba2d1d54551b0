//! The pair functions: the region choice, the kernels' flag and the contact
//! (spec, Unit 12, "PhysicsSweep_CapsuleBox (0x00344618): the regions", "What
//! the contact holds", "PhysicsSweep_BoxCapsule (0x00345108)").

use ps2_float::{Real, Vec4};

use super::corner::sweep_capsule_box_corner;
use super::exact::capsule_box_first_touch;
use super::side::sweep_capsule_box_side;
use super::step::{Folded, StepResult};
use crate::sweep::reversed;
use crate::{contact::Contact, pair::PairContext, shapes::Capsule, shapes::OrientedBox};

/// The box body's `BLOCKHUMANS` flag (body `+0x40`, bit 0x4).
const BLOCKHUMANS: u32 = 0x4;

/// The kernels' flag of `PhysicsSweep_CapsuleBox` (0x0034468c-0x003446cc),
/// for the capsule's body as `own` and the box's as `other`: false when the
/// box body blocks humans, else true when the capsule's owner is airborne or
/// landing. True switches off the steps' "not approaching" screen.
///
/// The owner's flags come in as booleans of [`PairContext`] (divergence 80).
///
/// Spec: Unit 12, "The kernels' flag".
#[inline]
#[must_use]
pub fn kernel_flag(ctx: &PairContext) -> bool {
    if ctx.other_body_flags & BLOCKHUMANS != 0 {
        false
    } else {
        ctx.own_airborne || ctx.own_landing
    }
}

/// Where the start lies along one in-plane axis: strictly outside below,
/// inside (inclusive), strictly outside above.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Band {
    Low,
    In,
    High,
}

#[inline]
fn band<R: Real>(v: R, h: R) -> Band {
    if v < -h {
        Band::Low
    } else if v > h {
        Band::High
    } else {
        Band::In
    }
}

/// The step a region calls.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Side,
    Corner,
}

/// The region's normal rule.
#[derive(Clone, Copy)]
enum NormalRule<R> {
    /// A face's fixed outward axis, `w = 1`.
    Face(Vec4<R>),
    /// The corner rule with the fraction-0 offset `n0`.
    Corner(R, R),
}

/// One outer region of the table: the step, its folded arguments, whether its
/// outputs come back as `(py, px)`, which unfolded outputs are negated, the
/// normal rule and the corner slide direction (before normalising).
struct Region<R> {
    step: Step,
    args: Folded<R>,
    swap_out: bool,
    neg_px: bool,
    neg_py: bool,
    normal: NormalRule<R>,
    slide: Option<Vec4<R>>,
}

/// The in-plane axes: `u` the axis with the largest `|A_k.z|` (the first wins
/// a tie, a strict `>` from −1), then `i = u + 1`, `j = i + 1` (mod 3).
#[inline]
fn plane_axes<R: Real>(bx: &OrientedBox<R>) -> (usize, usize) {
    let mut u = 0;
    let mut best = -R::ONE;
    for (k, a) in bx.axes.iter().enumerate() {
        if a.z.abs() > best {
            best = a.z.abs();
            u = k;
        }
    }
    match u {
        0 => (1, 2),
        1 => (2, 0),
        _ => (0, 1),
    }
}

/// Sweeps an upright capsule (its footprint circle) against a box at rest,
/// moving by `mv`; on a hit fills the contact's `+0x10`, `+0x50`, `+0x60`,
/// `+0x80`, `+0x90`, `+0xa0` and `+0xb0` and returns true. A miss writes
/// nothing.
///
/// `ctx` gives the capsule's body as `own` and the box's as `other`
/// ([`kernel_flag`]; the owner's airborne state also drops the corner slide).
/// Only the base's `x, y`, the radius and the move's `x, y` decide the hit;
/// the height and all `z` values only shape the output point. A start already
/// within `r` hits at fraction 0 when approaching (or with the flag set); a
/// start over the box's footprint always hits at 0 with an unsigned axis as
/// its normal. The quirks of the corner normal (from the start centre, built
/// on `A0`, `A1`, the `(−, −)` corner's fraction-0 offset taken from the
/// opposite corner) and the corner normal's unwritten `w` are kept.
///
/// Spec: Unit 12, "PhysicsSweep_CapsuleBox (0x00344618): the regions" and
/// "What the contact holds".
/// Original: `PhysicsSweep_CapsuleBox` (0x00344618).
pub fn physics_sweep_capsule_box<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    capsule: &Capsule<R>,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    let flag = kernel_flag(ctx);
    let (i, j) = plane_axes(bx);
    let ai = bx.axis(i);
    let aj = bx.axis(j);
    let hx = bx.half_extent(i);
    let hy = bx.half_extent(j);
    let d = (capsule.base - bx.centre).with_z(R::ZERO);
    let m = mv.with_z(R::ZERO);
    let x = d.dot(ai);
    let y = d.dot(aj);
    let mx = m.dot(ai);
    let my = m.dot(aj);
    let r = capsule.radius;

    let region = |step, args, swap_out, neg_px, neg_py, normal, slide| Region {
        step,
        args,
        swap_out,
        neg_px,
        neg_py,
        normal,
        slide,
    };
    let fold = |x, y, mx, my, hx, hy| Folded {
        x,
        y,
        r,
        mx,
        my,
        hx,
        hy,
    };
    // One arm per region of the 3×3 grid: the arms are the region table's
    // data (step, fold, flags and normal rule per region).
    let reg = match (band(x, hx), band(y, hy)) {
        (Band::In, Band::In) => None,
        (Band::Low, Band::Low) => Some(region(
            Step::Corner,
            fold(x, y, mx, my, hx, hy),
            false,
            false,
            false,
            NormalRule::Corner(x - hx, y - hy),
            Some(-ai - aj),
        )),
        (Band::Low, Band::In) => Some(region(
            Step::Side,
            fold(x, y, mx, my, hx, hy),
            false,
            false,
            false,
            NormalRule::Face(-ai),
            None,
        )),
        (Band::Low, Band::High) => Some(region(
            Step::Corner,
            fold(x, -y, mx, -my, hx, hy),
            false,
            false,
            true,
            NormalRule::Corner(x + hx, y - hy),
            Some(-ai + aj),
        )),
        (Band::In, Band::Low) => Some(region(
            Step::Side,
            fold(y, x, my, mx, hy, hx),
            true,
            false,
            false,
            NormalRule::Face(-aj),
            None,
        )),
        (Band::In, Band::High) => Some(region(
            Step::Side,
            fold(-y, x, -my, mx, hy, hx),
            true,
            false,
            true,
            NormalRule::Face(aj),
            None,
        )),
        (Band::High, Band::Low) => Some(region(
            Step::Corner,
            fold(-x, y, -mx, my, hx, hy),
            false,
            true,
            false,
            NormalRule::Corner(x - hx, y + hy),
            Some(ai - aj),
        )),
        (Band::High, Band::In) => Some(region(
            Step::Side,
            fold(-x, y, -mx, my, hx, hy),
            false,
            true,
            false,
            NormalRule::Face(ai),
            None,
        )),
        (Band::High, Band::High) => Some(region(
            Step::Corner,
            fold(-x, -y, -mx, -my, hx, hy),
            false,
            true,
            true,
            NormalRule::Corner(x - hx, y - hy),
            Some(ai + aj),
        )),
    };

    if !ctx.quirks.capsule_box.steps {
        let slide = reg.as_ref().and_then(|g| g.slide);
        let corner = reg
            .as_ref()
            .is_some_and(|g| matches!(g.normal, NormalRule::Corner(..)));
        return corrected_contact(c, ctx, capsule, bx, mv, slide, corner);
    }

    // The slide stays (0, 0, 0, 1) (0x005116c0) unless a corner region sets it.
    let mut slide = Vec4::ORIGIN;
    let (frac, px, py, normal_xyz, normal_w, corner) = match reg {
        None => {
            // Over the box: a hit at 0, the touch point (0, 0), an unsigned
            // axis as the normal.
            let n = if x.abs() < y.abs() { aj } else { ai };
            (R::ZERO, R::ZERO, R::ZERO, n, Some(R::ONE), false)
        }
        Some(reg) => {
            let res = match reg.step {
                Step::Side => sweep_capsule_box_side(reg.args, flag),
                Step::Corner => sweep_capsule_box_corner(reg.args, flag),
            };
            let frac = match res {
                StepResult::Miss => return false,
                StepResult::Touching => R::ZERO,
                StepResult::Hit { frac, .. } => frac,
            };
            // `c.le`: exactly 1.0 still hits (no NaN reaches here;
            // divergence 88).
            if frac > R::ONE {
                return false;
            }
            // The caller's (0, 0) stays when the step wrote no point, and is
            // unfolded like a touch point (−0.0 where negated; divergence 84).
            let (kx, ky) = res.point().unwrap_or((R::ZERO, R::ZERO));
            let (mut px, mut py) = if reg.swap_out { (ky, kx) } else { (kx, ky) };
            if reg.neg_px {
                px = -px;
            }
            if reg.neg_py {
                py = -py;
            }
            if let Some(s) = reg.slide {
                slide = s.normalize().with_w(R::ONE);
            }
            match reg.normal {
                NormalRule::Face(n) => (frac, px, py, n, Some(R::ONE), false),
                NormalRule::Corner(n0x, n0y) => {
                    let (nx, ny) = if frac > R::ZERO {
                        (x - px, y - py)
                    } else {
                        (n0x, n0y)
                    };
                    // Built on A0 and A1, whatever the in-plane axes; the
                    // w lane is never written (divergence 83, divergence 87).
                    let n = bx.axes[0].scale(nx).madd(bx.axes[1], ny).normalize();
                    (frac, px, py, n, None, true)
                }
            }
        }
    };
    let mid = write_move_fields(c, ctx, capsule, mv, frac, slide, corner);
    c.other.normal.set_xyz(normal_xyz);
    if let Some(w) = normal_w {
        c.other.normal.w = Some(w);
    }
    c.other.point.set(Vec4::new(px, py, mid, R::ONE));
    true
}

/// Writes the fields both sweeps fill alike and returns the mid-height z:
/// `+0x10` the move's direction, `+0x80` the fraction, `+0x90` the
/// capsule's axis point at mid-height, `+0xa0` the slide (reset for an
/// airborne owner while [`CapsuleBoxQuirks::airborne_drops_slide`] is on)
/// and `+0xb0`.
///
/// [`CapsuleBoxQuirks::airborne_drops_slide`]: super::CapsuleBoxQuirks
fn write_move_fields<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    capsule: &Capsule<R>,
    mv: Vec4<R>,
    frac: R,
    slide: Vec4<R>,
    corner: bool,
) -> R {
    // After the region the owner's airborne flag is read again: no slide.
    let slide = if ctx.own_airborne && ctx.quirks.capsule_box.airborne_drops_slide {
        Vec4::ORIGIN
    } else {
        slide
    };
    // B + f·M, then its z raised by half the height: the capsule's axis point
    // at mid-height (+0x68 and +0x98 hold the same value; divergence 86). The
    // product saturates in f32 mode for the ±MAX fraction of a zero move
    // (divergence 82).
    let at = capsule.base.madd(mv, frac);
    let mid = at.z + capsule.height * R::from_f32(0.5);
    // A zero move gives (0, 0, 0, w) in both modes (divergence 85).
    c.own.normal.set(mv.normalize());
    c.fraction = Some(frac);
    c.point.set(Vec4::new(at.x, at.y, mid, R::ONE));
    c.slide.set(slide);
    c.flags = Some(u32::from(corner));
    mid
}

/// [`physics_sweep_capsule_box`] corrected ([`CapsuleBoxQuirks::steps`]
/// off): the true first touch ([`capsule_box_first_touch`]); `+0x10` the
/// move's direction, `+0x50` the unit normal from the box's nearest point to
/// the capsule's axis (`w = 0`), `+0x60` that box point in the world,
/// `+0x90` the axis point at mid-height at contact; the slide and `+0xb0`
/// as the start's region gives them (the slide kept for an airborne owner
/// when [`CapsuleBoxQuirks::airborne_drops_slide`] is off).
///
/// [`CapsuleBoxQuirks::steps`]: super::CapsuleBoxQuirks
/// [`CapsuleBoxQuirks::airborne_drops_slide`]: super::CapsuleBoxQuirks
fn corrected_contact<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    capsule: &Capsule<R>,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
    slide: Option<Vec4<R>>,
    corner: bool,
) -> bool {
    let [a0, a1, a2] = bx.axes;
    let local = |v: Vec4<R>| [v.dot(a0), v.dot(a1), v.dot(a2)];
    let h = [bx.half.x, bx.half.y, bx.half.z];
    let d = local((capsule.base - bx.centre).with_w(R::ZERO));
    let up = Vec4::new(R::ZERO, R::ZERO, capsule.height, R::ZERO);
    let Some((frac, at, q)) =
        capsule_box_first_touch(capsule.radius, h, d, local(up), local(mv.with_w(R::ZERO)))
    else {
        return false;
    };
    let world = |p: [R; 3]| {
        bx.centre
            .madd(a0, p[0])
            .madd(a1, p[1])
            .madd(a2, p[2])
            .with_w(R::ONE)
    };
    let (n, q) = outward(at, q, h);
    let normal = a0.scale(n.x).madd(a1, n.y).madd(a2, n.z).with_w(R::ZERO);
    let slide = slide.map_or(Vec4::ORIGIN, |s| s.normalize().with_w(R::ONE));
    write_move_fields(c, ctx, capsule, mv, frac, slide, corner);
    c.other.normal.set(normal);
    c.other.point.set(world(q));
    true
}

/// The corrected contact's unit normal in the box's frame and the box point
/// it starts from: the direction from the box's nearest point `q` to the
/// axis's `at`, or, when the axis point lies within the box (the two
/// coincide and give no direction), the way out through the nearest face,
/// the axis `k` with the least `h[k] − |at[k]|` signed as `at[k]` (a zero
/// coordinate going out on the positive side), from that face's point
/// (divergence 470).
fn outward<R: Real>(at: [R; 3], q: [R; 3], h: [R; 3]) -> (Vec4<R>, [R; 3]) {
    let gap = Vec4::new(at[0] - q[0], at[1] - q[1], at[2] - q[2], R::ZERO);
    if gap.dot(gap) > R::ZERO {
        return (gap.normalize(), q);
    }
    let mut k = 0;
    for j in 1..3 {
        if h[j] - at[j].abs() < h[k] - at[k].abs() {
            k = j;
        }
    }
    let side = if at[k] < R::ZERO { -R::ONE } else { R::ONE };
    let mut n = [R::ZERO; 3];
    n[k] = side;
    let mut face = at;
    face[k] = side * h[k];
    (Vec4::new(n[0], n[1], n[2], R::ZERO), face)
}

/// The mirror, table entry (1, 3): the box moves by `mv` and the capsule
/// stands still. Runs [`physics_sweep_capsule_box`] with the move reversed
/// (`w` kept) and, on a hit, swaps the contact's halves wholesale, so `+0x10`
/// is the box's normal towards the capsule and `+0x50` the reversed move
/// direction.
///
/// `ctx` gives the box's body as `own` and the capsule's as `other`; it is
/// passed on swapped (divergence 80).
///
/// Spec: Unit 12, "PhysicsSweep_BoxCapsule (0x00345108)".
/// Original: `PhysicsSweep_BoxCapsule` (0x00345108).
pub fn physics_sweep_box_capsule<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    bx: &OrientedBox<R>,
    capsule: &Capsule<R>,
    mv: Vec4<R>,
) -> bool {
    if physics_sweep_capsule_box(c, &ctx.swapped(), capsule, bx, reversed(mv)) {
        c.swap_halves();
        if !ctx.quirks.capsule_box.mirror_halves {
            mirror_at_contact(c, mv);
        }
        true
    } else {
        false
    }
}

/// The mirror's contact where the moved box touches the capsule
/// ([`CapsuleBoxQuirks::mirror_halves`] off): `+0x50` the capsule's normal
/// (the box's `+0x10` reversed, `w = 0`), the box's point and `+0x90`
/// moved from the reversed sweep's frame (the box at its start pose) to the
/// world (the box moved by `f·M`, the capsule at rest).
///
/// [`CapsuleBoxQuirks::mirror_halves`]: super::CapsuleBoxQuirks
fn mirror_at_contact<R: Real>(c: &mut Contact<R>, mv: Vec4<R>) {
    let frac = c.fraction.unwrap_or(R::ZERO);
    let shift = mv.with_w(R::ZERO).scale(frac);
    // The corner normal's w is never written (divergence 87): x, y, z.
    if let (Some(x), Some(y), Some(z)) = (c.own.normal.x, c.own.normal.y, c.own.normal.z) {
        c.other.normal.set(Vec4::new(-x, -y, -z, R::ZERO));
    }
    if let Some(p) = c.own.point.get() {
        c.own.point.set(p + shift);
    }
    if let Some(p) = c.point.get() {
        c.point.set(p + shift);
    }
}
