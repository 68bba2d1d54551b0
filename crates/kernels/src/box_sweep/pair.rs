//! The box-box and box-segment pair table entries (spec, Unit 13, "The pair
//! wrappers: 0x003451e8, 0x00345588, 0x00345590").

use ps2_float::{Real, Vec4};

use super::box_box::sweep_box_box;
use crate::sweep::pair_sweep;
use crate::{contact::Contact, pair::PairContext, shapes::OrientedBox, shapes::Segment};

/// `clamp(v, −h, h)` (divergence 97).
#[inline]
fn clamp<R: Real>(v: R, h: R) -> R {
    if v < -h {
        -h
    } else if h < v {
        h
    } else {
        v
    }
}

/// Table entry (1, 1): the own box moving by `mv` against the other box at
/// rest. Returns false and writes nothing when [`super::sweep_box_box`] finds a
/// separating axis; else returns true with a contact at fraction 0 whatever
/// the move: `+0x50` straight back along the move, `+0x10` the move's
/// direction, `+0x60`/`+0x64` the own centre's offset from the other's along
/// `B0`, `B1`, clamped to the other box, `+0x68` the own centre's world `z`,
/// and `+0x90` those two offsets added to the own centre's world `x`, `y` (a
/// point that mixes frames, a quirk kept).
///
/// The bodies are not read.
///
/// Spec: Unit 13, "The pair wrappers: 0x003451e8, 0x00345588, 0x00345590".
/// Original: `PhysicsSweep_BoxBox` (0x003451e8).
pub fn physics_sweep_box_box<R: Real>(
    c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    if !sweep_box_box(own, mv, other, Vec4::ORIGIN) {
        return false;
    }
    let unit = mv.normalize();
    write_box_pair(c, R::ZERO, own.centre, other, -unit);
    true
}

/// Writes a box pair's contact at `fraction` with the own centre at `p`
/// and `n` as the other half's normal (its negation the own's): `+0x60`,
/// `+0x64` the own centre's offsets from the other's along `B0`, `B1`,
/// clamped to the other box, `+0x68` its world `z`, `+0x90` those offsets
/// added to its world `x`, `y`, `+0xb0 = 0`.
fn write_box_pair<R: Real>(
    c: &mut Contact<R>,
    fraction: R,
    p: Vec4<R>,
    other: &OrientedBox<R>,
    n: Vec4<R>,
) {
    let q = other.centre;
    let [b0, b1, _] = other.axes;
    c.fraction = Some(fraction);
    c.other.normal.set(n);
    c.own.normal.set(-n);
    let ox = clamp(b0.dot(p) - b0.dot(q), other.half.x);
    let oy = clamp(b1.dot(p) - b1.dot(q), other.half.y);
    c.other.point.x = Some(ox);
    c.other.point.y = Some(oy);
    c.other.point.z = Some(p.z);
    c.point.set(Vec4::new(p.x + ox, p.y + oy, p.z, R::ONE));
    c.flags = Some(0);
}

/// Table entry (1, 1) as the table calls it: [`physics_sweep_box_box`]
/// under [`Quirks::box_box_at_zero`](crate::Quirks::box_box_at_zero) (the
/// console's), else the corrected pair: the separating-axis sweep's first
/// contact ([`sweep_box_box_first_contact`](super::box_box::sweep_box_box_first_contact))
/// at its true fraction, `+0x50` the axis that set it turned to point from
/// the other box at the own one (the move's reverse for boxes already
/// overlapping), `+0x10` its negation, the other fields as the original
/// writes them from the own centre at that fraction.
pub fn physics_sweep_box_box_in<R: Real>(
    c: &mut Contact<R>,
    ctx: &PairContext,
    own: &OrientedBox<R>,
    other: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    if ctx.quirks.box_box_at_zero {
        return physics_sweep_box_box(c, own, other, mv);
    }
    let Some((t, axis)) = super::box_box::sweep_box_box_first_contact(own, mv, other) else {
        return false;
    };
    let p = own.centre.madd(mv, t).with_w(R::ONE);
    let q = other.centre;
    let n = match axis {
        Some(l) => {
            let l = l.normalize();
            if (p - q).with_w(R::ZERO).dot(l) < R::ZERO {
                -l
            } else {
                l
            }
        }
        None => -mv.normalize(),
    };
    write_box_pair(c, t, p, other, n.with_w(R::ZERO));
    true
}

/// Table entry (4, 1): a segment against a box. Returns false and writes
/// nothing: a segment strike never reaches a box through this table.
///
/// Spec: Unit 13, "The pair wrappers: 0x003451e8, 0x00345588, 0x00345590".
/// Original: `PhysicsSweep_SegmentBox` (0x00345588).
#[inline]
#[must_use]
pub fn physics_sweep_segment_box<R: Real>(
    _c: &mut Contact<R>,
    _segment: &Segment<R>,
    _bx: &OrientedBox<R>,
    _mv: Vec4<R>,
) -> bool {
    false
}

pair_sweep!(
    /// Table entry (1, 4): the mirror of [`physics_sweep_segment_box`], called
    /// with the shapes exchanged and the move reversed (`w` kept); its swap of the
    /// contact's halves after a hit never runs, so it returns false and writes
    /// nothing.
    ///
    /// Spec: Unit 13, "The pair wrappers: 0x003451e8, 0x00345588, 0x00345590".
    /// Original: `PhysicsSweep_BoxSegment` (0x00345590).
    physics_sweep_box_segment(OrientedBox, Segment) => mirror of physics_sweep_segment_box
);
