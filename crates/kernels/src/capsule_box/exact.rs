//! The corrected capsule-box sweep ([`CapsuleBoxQuirks::steps`] off): the
//! true first contact of an upright capsule (its axis from the base up by
//! the height, swept by a ball of its radius) moving against an oriented
//! box, and the true normal there.
//!
//! In the box's frame the capsule touches the box when the distance from
//! its axis to the box is at most `r`. The first such time is the earliest
//! touch of the feature pairs that can make it: either end of the axis
//! against the box (the sphere-box sweep), a box corner against the axis
//! (a ball's sweep against a capsule) and a box edge against the axis's
//! inside (the two lines `r` apart with both nearest points inside their
//! segments). Every candidate is a real touch, and the first touch is
//! always one of them, so their earliest is the answer. The normal is the
//! direction from the box's nearest point to the axis's nearest point.
//!
//! [`CapsuleBoxQuirks::steps`]: super::CapsuleBoxQuirks

use ps2_float::{Real, Vec4};

use crate::least::keep_first_touch;
use crate::sphere_box::sphere_box_first_touch;
use crate::sphere_triangle::capsule_entry;

type V3<R> = [R; 3];

fn add<R: Real>(a: V3<R>, b: V3<R>, s: R) -> V3<R> {
    [a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s]
}

fn sub<R: Real>(a: V3<R>, b: V3<R>) -> V3<R> {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot<R: Real>(a: V3<R>, b: V3<R>) -> R {
    (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2]
}

fn vec4<R: Real>(a: V3<R>, w: R) -> Vec4<R> {
    Vec4::new(a[0], a[1], a[2], w)
}

/// The nearest points of the segment `p + s v` (`s` in `[0, 1]`) and the
/// box of half sizes `h` at the origin: the segment's point, the box's point
/// and their squared distance.
///
/// The squared distance is convex and, between the parameters where one of
/// the point's coordinates crosses a face plane, a quadratic in `s`; its
/// least value is at an end, at a crossing or at one piece's vertex.
#[must_use]
pub fn segment_box_nearest<R: Real>(h: V3<R>, p: V3<R>, v: V3<R>) -> (V3<R>, V3<R>, R) {
    let clamp = |x: R, k: usize| x.max(-h[k]).min(h[k]);
    let at = |s: R| {
        let a = add(p, v, s);
        let q = [clamp(a[0], 0), clamp(a[1], 1), clamp(a[2], 2)];
        let e = sub(a, q);
        (a, q, dot(e, e))
    };
    let mut cuts = [R::ZERO; 8];
    cuts[1] = R::ONE;
    let mut n = 2;
    for k in 0..3 {
        if v[k] != R::ZERO {
            for b in [-h[k], h[k]] {
                let s = (b - p[k]).div(v[k]);
                if R::ZERO < s && s < R::ONE {
                    cuts[n] = s;
                    n += 1;
                }
            }
        }
    }
    let cuts = &mut cuts[..n];
    cuts.sort_by(|a, b| a.partial_cmp(b).unwrap_or(core::cmp::Ordering::Equal));
    let mut best = at(R::ZERO);
    let mut take = |s: R| {
        let c = at(s);
        if c.2 < best.2 {
            best = c;
        }
    };
    for w in cuts.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        take(hi);
        // The piece's quadratic: the coordinates outside the box at its
        // middle, each against the face it lies beyond.
        let mid = add(p, v, (lo + hi) * R::from_f32(0.5));
        let (mut num, mut den) = (R::ZERO, R::ZERO);
        for k in 0..3 {
            if mid[k] > h[k] || mid[k] < -h[k] {
                let b = if mid[k] > h[k] { h[k] } else { -h[k] };
                num = num + (p[k] - b) * v[k];
                den = den + v[k] * v[k];
            }
        }
        if den > R::ZERO {
            take((-num).div(den).max(lo).min(hi));
        }
    }
    best
}

/// The fraction at which a box edge from `a` along `e` first comes within
/// `r` of the inside of the axis from `d` along `v` moving by `m`: the entry
/// into the slab of half width `r` about the plane through the edge spanned
/// by `e` and `v`, when both lines' nearest points then lie within their
/// segments. A path that starts in the slab enters the pair's rounded
/// parallelogram through its rim, where an end or a corner touches first.
fn edge_axis_entry<R: Real>(a: V3<R>, e: V3<R>, d: V3<R>, v: V3<R>, m: V3<R>, r: R) -> Option<R> {
    let n = vec4(e, R::ZERO).cross(vec4(v, R::ZERO));
    let nn = n.dot(n);
    if nn <= R::ZERO {
        return None;
    }
    let n = n.normalize();
    let n = [n.x, n.y, n.z];
    let gap = dot(sub(d, a), n);
    let rate = dot(m, n);
    let t = if gap > r && rate < R::ZERO {
        (r - gap).div(rate)
    } else if gap < -r && rate > R::ZERO {
        (-r - gap).div(rate)
    } else {
        return None;
    };
    if t > R::ONE {
        return None;
    }
    let w = sub(add(d, m, t), a);
    let (vv, ve, ee, vw, ew) = (dot(v, v), dot(v, e), dot(e, e), dot(v, w), dot(e, w));
    let den = vv * ee - ve * ve;
    if den <= R::ZERO {
        return None;
    }
    let s = (ve * ew - ee * vw).div(den);
    let u = (vv * ew - ve * vw).div(den);
    let inside = |x: R| R::ZERO <= x && x <= R::ONE;
    (inside(s) && inside(u)).then_some(t)
}

/// The first contact of an axis from `d` along `v` (in the box's frame,
/// from its centre along its axes) swept by a ball of radius `r` and moving
/// by `m`, with the box of half sizes `h`: the fraction, the axis's nearest
/// point then and the box's nearest point to it, or `None` when they do not
/// meet within the move. An axis already within `r` of the box meets it at
/// 0.
#[must_use]
pub fn capsule_box_first_touch<R: Real>(
    r: R,
    h: V3<R>,
    d: V3<R>,
    v: V3<R>,
    m: V3<R>,
) -> Option<(R, V3<R>, V3<R>)> {
    let rr = r * r;
    let (at, q, g) = segment_box_nearest(h, d, v);
    if g <= rr {
        return Some((R::ZERO, at, q));
    }
    let mut best: Option<R> = None;
    let mut take = |t: Option<R>| {
        if let Some(t) = t {
            keep_first_touch(&mut best, t);
        }
    };
    take(sphere_box_first_touch(r, h, d, m).map(|x| x.0));
    take(sphere_box_first_touch(r, h, add(d, v, R::ONE), m).map(|x| x.0));
    let sign = |b: bool, k: usize| if b { h[k] } else { -h[k] };
    let back = vec4([-m[0], -m[1], -m[2]], R::ZERO);
    for c in 0..8u8 {
        let corner = [
            sign(c & 1 != 0, 0),
            sign(c & 2 != 0, 1),
            sign(c & 4 != 0, 2),
        ];
        take(capsule_entry(
            vec4(d, R::ONE),
            vec4(v, R::ZERO),
            vec4(corner, R::ONE),
            back,
            r,
        ));
        // The three edges leaving this corner towards the positive side.
        for k in 0..3 {
            if c & (1 << k) == 0 {
                let mut e = [R::ZERO; 3];
                e[k] = h[k] + h[k];
                take(edge_axis_entry(corner, e, d, v, m, r));
            }
        }
    }
    let t = best?;
    let (at, q, _) = segment_box_nearest(h, add(d, m, t), v);
    Some((t, at, q))
}
