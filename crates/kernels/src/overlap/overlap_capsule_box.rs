//! Capsule against box (table entry (3, 1)) and its mirror box against
//! capsule (1, 3): a circle against a rectangle in the box's horizontal plane.

use ps2_float::{Real, Vec4};

use super::footprint::{corner_circle, side_interval};
use super::overlap_segment_box::segment_box_approach;
use super::{capsule_axis, OverlapQuirks};
use crate::sat::{add, dot, mul, normalize, sub, vmadd, vscale, vsub};
use crate::{contact::Contact, shapes::Capsule, shapes::OrientedBox};

/// The normal a region writes to `+0x50`.
enum RegionNormal<R> {
    /// A side or the top: this vector with `w = 1`, all four lanes.
    Face(Vec4<R>),
    /// A corner: the in-plane offset `(ox, oy)`, turned by the box's axes 0
    /// and 1 and normalised; `x, y, z` only.
    Corner(R, R),
}

/// The index of the box axis with the largest `|z|`; the first wins a tie.
#[inline]
#[must_use]
fn vertical_axis<R: Real>(b: &OrientedBox<R>) -> usize {
    let mut u = 0;
    for k in 1..3 {
        if b.axis(k).z.abs() > b.axis(u).z.abs() {
            u = k;
        }
    }
    u
}

/// The capsule's base in the box's footprint: the box's two in-plane axes
/// `(ai, aj)` (those after the most vertical one, [`vertical_axis`]), their
/// half sizes `(hx, hy)`, and the base's horizontal offset from the centre
/// along each, `(x, y)`.
#[inline]
fn footprint<R: Real>(own: &Capsule<R>, other: &OrientedBox<R>) -> (Vec4<R>, Vec4<R>, R, R, R, R) {
    let i = (vertical_axis(other) + 1) % 3;
    let j = (i + 1) % 3;
    let (ai, aj) = (other.axis(i), other.axis(j));
    let d = vsub(own.base, other.centre).with_z(R::ZERO);
    let (hx, hy) = (other.half_extent(i), other.half_extent(j));
    (ai, aj, hx, hy, dot(d, ai), dot(d, aj))
}

/// A corner's normal: `normalize(ox·A0 + oy·A1 + 0·A2)` in `x, y, z`, always
/// with axes 0 and 1 whatever the in-plane axes are (divergence 46 for the
/// third row, 41 for the operand order).
#[inline]
#[must_use]
fn corner_normal<R: Real>(b: &OrientedBox<R>, ox: R, oy: R) -> Vec4<R> {
    let v = vmadd(
        vmadd(vscale(b.axes[0], ox), b.axes[1], oy),
        b.axes[2],
        R::ZERO,
    );
    normalize(v)
}

/// A footprint region's depth (`None`: no overlap) and normal.
type Region<R> = (Option<R>, RegionNormal<R>);

/// The footprint's nine regions around the rectangle `±hx`, `±hy` for the
/// base at `(x, y)` (from [`footprint`]); "x < −hx" and "x > hx" are
/// strict, so x = ±hx belongs to the middle column (the same for y;
/// divergence 45). A side region is its [`side_interval`] and outward
/// axis; a corner region's [`corner_circle`] goes to `corner` with
/// `[ex, ey, qx, qy]`, the true offset from the corner and the console's
/// (from the opposite corner (+hx, +hy) for (−, −), the quirk). The centre
/// over the box always hits: the face along `aj` when `take_j` says so,
/// else along `ai`, on the base's side, its depth `(h − |coordinate|) + r`.
#[inline]
fn footprint_region<R: Real>(
    (ai, aj, hx, hy, x, y): (Vec4<R>, Vec4<R>, R, R, R, R),
    r: R,
    corner: impl FnOnce(Option<R>, [R; 4]) -> Region<R>,
    take_j: impl FnOnce() -> bool,
) -> Region<R> {
    if x < -hx {
        if y > hy {
            let (ex, ey) = (add(x, hx), sub(y, hy));
            corner(corner_circle(x, -y, r, hx, hy), [ex, ey, ex, ey])
        } else if y < -hy {
            let (ex, ey) = (add(x, hx), add(y, hy));
            let (qx, qy) = (sub(x, hx), sub(y, hy));
            corner(corner_circle(x, y, r, hx, hy), [ex, ey, qx, qy])
        } else {
            (side_interval(x, y, r, hx, hy), RegionNormal::Face(-ai))
        }
    } else if x > hx {
        if y > hy {
            let (ex, ey) = (sub(x, hx), sub(y, hy));
            corner(corner_circle(-x, -y, r, hx, hy), [ex, ey, ex, ey])
        } else if y < -hy {
            let (ex, ey) = (sub(x, hx), add(y, hy));
            corner(corner_circle(-x, y, r, hx, hy), [ex, ey, ex, ey])
        } else {
            (side_interval(-x, y, r, hx, hy), RegionNormal::Face(ai))
        }
    } else if y < -hy {
        (side_interval(y, x, r, hy, hx), RegionNormal::Face(-aj))
    } else if y > hy {
        (side_interval(-y, x, r, hy, hx), RegionNormal::Face(aj))
    } else if take_j() {
        let n = if y < R::ZERO { -aj } else { aj };
        (Some(add(sub(hy, y.abs()), r)), RegionNormal::Face(n))
    } else {
        let n = if x < R::ZERO { -ai } else { ai };
        (Some(add(sub(hx, x.abs()), r)), RegionNormal::Face(n))
    }
}

/// Writes a footprint region's answer: `false` and nothing for no depth;
/// else `+0x50` the face's normal (`w = 1`) or, in `x, y, z` only,
/// `corner_normal` of a corner's offset, and the depth `+0x88`.
#[inline]
fn write_region<R: Real>(
    c: &mut Contact<R>,
    (depth, normal): Region<R>,
    corner_normal: impl FnOnce(R, R) -> Vec4<R>,
) -> bool {
    let Some(depth) = depth else {
        return false;
    };
    match normal {
        RegionNormal::Face(n) => write_face(c, n, depth),
        RegionNormal::Corner(ox, oy) => {
            c.other.normal.set_xyz(corner_normal(ox, oy));
            c.depth = Some(depth);
            true
        }
    }
}

/// Writes a face's hit, `+0x50` the normal `n` with `w = 1` and `+0x88`
/// the depth, and answers `true`.
#[inline]
fn write_face<R: Real>(c: &mut Contact<R>, n: Vec4<R>, depth: R) -> bool {
    c.other.normal.set(n.with_w(R::ONE));
    c.depth = Some(depth);
    true
}

/// `true` when the capsule's footprint (a circle of its radius around its
/// base's x, y) overlaps the box's footprint in the box's horizontal plane
/// (Unit 4, `PhysicsOverlap_CapsuleBox`).
///
/// Neither the capsule's height and base z nor the box's vertical extent is
/// read: shapes far apart in height overlap when their footprints do. The
/// box's vertical axis is the one with the largest `|z|`; the two others span
/// the plane. Of the nine regions around the rectangle, a side writes its
/// outward axis (`w = 1`) and a depth in metres; a corner writes a normalised
/// normal in `x, y, z` only and a depth in m² (`r² − distance²`); a centre
/// over the box always hits and picks its face by comparing the signed
/// coordinates (`x < y`), not by nearness.
///
/// On a hit it writes the other half's normal `+0x50` (the box's outward
/// normal towards the capsule) and the depth `+0x88`, nothing else. The
/// (−, −) corner's normal is built from the opposite corner, and every
/// corner's normal from axes 0 and 1: both quirks of the original, kept.
///
/// Original: `PhysicsOverlap_CapsuleBox` (0x00346808).
// Its signature has the shape of the other pair overlaps' (`(c, own,
// other) -> bool`, one original each); only the shape repeats.
#[must_use]
pub fn overlap_capsule_box<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &OrientedBox<R>,
) -> bool {
    let fp = footprint(own, other);
    let (.., x, y) = fp;
    let r = own.radius;
    let region = footprint_region(
        fp,
        r,
        // The console's offset: from the opposite corner for (−, −).
        |hit, [_, _, qx, qy]| (hit, RegionNormal::Corner(qx, qy)),
        // Over the box: the face by the signed comparison.
        || x < y,
    );
    write_region(c, region, |ox, oy| corner_normal(other, ox, oy))
}

/// The mirror of [`overlap_capsule_box`]: the same test with the shapes in the
/// other order; on a hit the two halves of the contact are swapped wholesale,
/// so `+0x10` holds the box's outward normal and `+0x50` holds whatever `+0x10`
/// held before the call (the capsule test never writes it: stack leftovers in
/// the original, kept as such here, divergence 40). The depth stays.
///
/// Original: `PhysicsOverlap_BoxCapsule` (0x00346d18).
#[inline]
#[must_use]
pub fn overlap_box_capsule<R: Real>(
    c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &Capsule<R>,
) -> bool {
    let hit = overlap_capsule_box(c, other, own);
    c.mirrored(hit)
}

/// `true` when every switch the capsule-box test reads is on (the
/// console's test).
#[inline]
#[must_use]
fn capsule_box_console(q: &OverlapQuirks) -> bool {
    q.capsule_box_footprint
        && q.corner_normal_opposite
        && q.corner_normal_axes_01
        && q.corner_depth_squared
        && q.signed_face_choice
}

/// [`overlap_capsule_box`] with its quirks switchable
/// ([`OverlapQuirks`]); with every switch on it is the console's test.
///
/// With `capsule_box_footprint` off the capsule is its axis from the base
/// up by the height with its radius (rounded ends), against the whole box:
/// a hit when the axis comes within `r` of the box. The axis outside the
/// box writes the unit offset from the box's nearest point to the axis's
/// (`w = 1`) and the depth `r − distance` in metres; an axis that meets the
/// box writes the face of the six whose normal pushes the capsule clear by
/// the least, and that push as the depth (divergence 453). The footprint's
/// region switches are then not read.
///
/// With the footprint kept, the other switches correct its regions: the
/// (−, −) corner's normal from its own corner (`corner_normal_opposite`
/// off), corner normals turned by the two in-plane axes
/// (`corner_normal_axes_01` off), a corner's depth `r − distance` in metres
/// (`corner_depth_squared` off, divergence 454), and over the box the
/// nearest face (`signed_face_choice` off, divergence 455).
#[must_use]
pub fn overlap_capsule_box_with<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &OrientedBox<R>,
    q: &OverlapQuirks,
) -> bool {
    if capsule_box_console(q) {
        return overlap_capsule_box(c, own, other);
    }
    if !q.capsule_box_footprint {
        return capsule_in_box(c, own, other);
    }
    let fp = footprint(own, other);
    let (ai, aj, hx, hy, x, y) = fp;
    let r = own.radius;

    // A corner: the kernel's hit test, then the normal's offset and the
    // depth as the switches say. `(ex, ey)` is the true offset from the
    // corner, `(qx, qy)` the console's.
    let corner = |hit: Option<R>, [ex, ey, qx, qy]: [R; 4]| {
        let depth = if q.corner_depth_squared {
            hit
        } else {
            hit.map(|_| sub(r, add(mul(ex, ex), mul(ey, ey)).sqrt()))
        };
        let (ox, oy) = if q.corner_normal_opposite {
            (qx, qy)
        } else {
            (ex, ey)
        };
        (depth, RegionNormal::Corner(ox, oy))
    };
    // The side regions are the console's; the corner regions and the
    // over-the-box face differ by the switches.
    let region = footprint_region(fp, r, corner, || {
        if q.signed_face_choice {
            x < y
        } else {
            sub(hy, y.abs()) < sub(hx, x.abs())
        }
    });
    write_region(c, region, |ox, oy| {
        if q.corner_normal_axes_01 {
            corner_normal(other, ox, oy)
        } else {
            normalize(vmadd(vscale(ai, ox), aj, oy))
        }
    })
}

/// The corrected capsule-box test (`capsule_box_footprint` off): the
/// capsule's axis `B`..`B + (0, 0, h)` with radius `r` against the whole box
/// (divergence 453).
fn capsule_in_box<R: Real>(c: &mut Contact<R>, own: &Capsule<R>, other: &OrientedBox<R>) -> bool {
    let r = own.radius;
    let up = capsule_axis(own.height);
    let near = segment_box_approach(other, own.base, up);
    if near.dist_sq > mul(r, r) {
        return false;
    }
    if near.dist_sq > R::ZERO {
        let dist = near.dist_sq.sqrt();
        return write_face(c, normalize(near.offset), sub(r, dist));
    }
    // The axis meets the box: of the six faces, the one whose normal pushes
    // the capsule clear by the least. The push along `σ·A_k` is the box's
    // reach `h_k` past the centre, less the capsule's least `σ·x_k` (over
    // its two ends), plus the radius.
    let rel = vsub(own.base, other.centre);
    let mut best: Option<(R, Vec4<R>)> = None;
    for k in 0..3 {
        let ak = other.axis(k);
        let lo = dot(ak, rel);
        let hi = add(lo, dot(ak, up));
        let h = other.half_extent(k);
        for (push, n) in [
            (add(sub(h, lo.min(hi)), r), ak),
            (add(add(h, lo.max(hi)), r), -ak),
        ] {
            if best.is_none_or(|(b, _)| push < b) {
                best = Some((push, n));
            }
        }
    }
    best.is_some_and(|(depth, n)| write_face(c, n, depth))
}

/// [`overlap_box_capsule`] with its quirks switchable: the capsule-box test
/// of [`overlap_capsule_box_with`], then the halves swapped. With
/// [`OverlapQuirks::box_capsule_stale_half`] off, `+0x50` is then written
/// as the capsule's normal towards the box, the box's normal reversed with
/// `w = 1`, in place of the stale `+0x10` (divergence 456).
#[must_use]
pub fn overlap_box_capsule_with<R: Real>(
    c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &Capsule<R>,
    q: &OverlapQuirks,
) -> bool {
    let hit = overlap_capsule_box_with(c, other, own, q);
    if hit {
        c.swap_halves();
        if !q.box_capsule_stale_half {
            let n = c.own.normal.get_or(R::ZERO);
            c.other.normal.set(Vec4::new(-n.x, -n.y, -n.z, R::ONE));
        }
    }
    hit
}
