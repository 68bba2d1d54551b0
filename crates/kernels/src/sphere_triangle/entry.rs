//! The corrected edge step ([`Quirks::sphere_edge_steps`](crate::Quirks)
//! off): the true first contact of a moving sphere with an edge, and with a
//! triangle whose face it meets outside the face.
//!
//! An edge swept by a ball of radius `r` is a capsule: the finite cylinder
//! around the segment and a ball at each end. The first time the centre's
//! path touches a union of solids is the earliest first touch of its
//! members, and the cylinder's flat ends lie inside the end balls, so the
//! capsule's first touch is the earliest of the wall's entry (where it
//! falls between the ends) and the two balls' entries. That needs neither
//! the console's root list nor its order.

use ps2_float::{Real, Vec4};

use crate::least::keep_first_touch;
use crate::sat;
use crate::triangle::WorkTriangle;

/// The entry root of `a t² + 2 b t + c` ([`crate::sweep`]'s, which wants a
/// path that starts outside, `c > 0`, and approaches, `b < 0`), or `None`
/// for any other path or one that passes wide.
#[inline]
fn entry_root<R: Real>(a: R, b: R, c: R) -> Option<R> {
    if c <= R::ZERO || b >= R::ZERO || a <= R::ZERO {
        return None;
    }
    crate::sweep::entry_root(a, b, c)
}

/// The fraction of the move `mv` at which a ball of radius `r` starting at
/// `centre` first touches the segment from `a` to `a + e`: 0 when it
/// already does (distance at most `r`, touching included), the earliest
/// entry into the capsule when that lies in `[0, 1]`, else `None`.
#[must_use]
pub fn capsule_entry<R: Real>(
    a: Vec4<R>,
    e: Vec4<R>,
    centre: Vec4<R>,
    mv: Vec4<R>,
    r: R,
) -> Option<R> {
    let rr = r * r;
    let d = (centre - a).with_w(R::ZERO);
    let m = mv.with_w(R::ZERO);
    let e = e.with_w(R::ZERO);
    let ee = e.dot(e);
    // Already touching: the nearest point of the segment within `r`.
    let u = if ee > R::ZERO {
        sat::dot(d, e).div(ee).max(R::ZERO).min(R::ONE)
    } else {
        R::ZERO
    };
    let off = d.madd(e, -u);
    if off.dot(off) <= rr {
        return Some(R::ZERO);
    }
    let mm = m.dot(m);
    let mut best: Option<R> = None;
    let mut take = |t: R| {
        keep_first_touch(&mut best, t);
    };
    // The balls at the two ends.
    for p in [d, d - e] {
        if let Some(t) = entry_root(mm, p.dot(m), p.dot(p) - rr) {
            take(t);
        }
    }
    // The wall: the path and the offset without their parts along the axis.
    if ee > R::ZERO {
        let k = R::ONE.div(ee);
        let dp = d.madd(e, -(d.dot(e) * k));
        let mp = m.madd(e, -(m.dot(e) * k));
        if let Some(t) = entry_root(mp.dot(mp), dp.dot(mp), dp.dot(dp) - rr) {
            let s = d.madd(m, t).dot(e);
            if R::ZERO <= s && s <= ee {
                take(t);
            }
        }
    }
    best
}

/// The earliest of [`capsule_entry`] over the triangle's three edges
/// (edge `k` from `v_k` to `v_{k+1}`, taken from the corners, whatever
/// `tri.e` holds).
#[must_use]
pub fn triangle_edges_entry<R: Real>(
    tri: &WorkTriangle<R>,
    centre: Vec4<R>,
    mv: Vec4<R>,
    r: R,
) -> Option<R> {
    (0..3)
        .filter_map(|k| {
            let a = tri.v[k];
            let b = tri.v[(k + 1) % 3];
            capsule_entry(a, b - a, centre, mv, r)
        })
        .reduce(|x, y| if y < x { y } else { x })
}
