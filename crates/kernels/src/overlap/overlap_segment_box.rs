//! Segment against box, for the corrected overlap table
//! ([`OverlapQuirks::segment_box_missing`] off): the original has no such
//! entry. Also the distance from a segment to a box, which the corrected
//! capsule-box test uses for the capsule's axis.

use ps2_float::{Real, Vec4};

use super::OverlapQuirks;
use crate::sat::{add, dot, mul, sub, vmadd, vsub};
use crate::{contact::Contact, shapes::OrientedBox, shapes::Segment};

/// The closest approach of a segment and a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentBoxApproach<R> {
    /// The segment's parameter in `[0, 1]` at the closest approach.
    pub s: R,
    /// The squared distance there (0 when the segment meets the box).
    pub dist_sq: R,
    /// The offset from the box's nearest point to the segment's point, in
    /// world axes (zero when the segment meets the box).
    pub offset: Vec4<R>,
}

/// The box-frame coordinates `a_k + s·e_k` of the segment `p0 + s·d`.
#[inline]
fn frame<R: Real>(b: &OrientedBox<R>, p0: Vec4<R>, d: Vec4<R>) -> ([R; 3], [R; 3]) {
    let rel = vsub(p0, b.centre);
    let a = [0, 1, 2].map(|k| dot(b.axis(k), rel));
    let e = [0, 1, 2].map(|k| dot(b.axis(k), d));
    (a, e)
}

/// The amount by which `x` lies outside `[−h, h]`, signed (0 inside).
#[inline]
fn outside<R: Real>(x: R, h: R) -> R {
    if x > h {
        sub(x, h)
    } else if x < -h {
        add(x, h)
    } else {
        R::ZERO
    }
}

/// The squared distance from the segment's point at `s` to the box.
#[inline]
fn dist_sq_at<R: Real>(b: &OrientedBox<R>, a: &[R; 3], e: &[R; 3], s: R) -> R {
    let mut sum = R::ZERO;
    for k in 0..3 {
        let o = outside(a[k].madd(e[k], s), b.half_extent(k));
        sum = add(sum, mul(o, o));
    }
    sum
}

/// The closest approach of the segment `p0 + s·d` (`s` in `[0, 1]`) and the
/// oriented box, exactly: the squared distance is a convex piecewise
/// quadratic in `s`, whose pieces end where the segment crosses one of the
/// six face planes; each piece's least value is found in closed form. No
/// allocation (at most eight break points). A zero `d` is the point `p0`.
#[must_use]
pub fn segment_box_approach<R: Real>(
    b: &OrientedBox<R>,
    p0: Vec4<R>,
    d: Vec4<R>,
) -> SegmentBoxApproach<R> {
    let (a, e) = frame(b, p0, d);
    let mut cuts = [R::ONE; 8];
    cuts[0] = R::ZERO;
    let mut n = 2;
    for k in 0..3 {
        if e[k] == R::ZERO {
            continue;
        }
        let h = b.half_extent(k);
        for plane in [h, -h] {
            let s = sub(plane, a[k]).div(e[k]);
            if s > R::ZERO && s < R::ONE {
                cuts[n] = s;
                n += 1;
            }
        }
    }
    // Insertion sort of the break points (at most eight).
    for i in 1..n {
        let mut j = i;
        while j > 0 && cuts[j - 1] > cuts[j] {
            cuts.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut best_s = R::ZERO;
    let mut best = dist_sq_at(b, &a, &e, R::ZERO);
    for i in 0..n.saturating_sub(1) {
        let (lo, hi) = (cuts[i], cuts[i + 1]);
        let mid = mul(add(lo, hi), R::from_f32(0.5));
        // The piece's quadratic: the lanes outside the box at its middle.
        let (mut num, mut den) = (R::ZERO, R::ZERO);
        for k in 0..3 {
            let h = b.half_extent(k);
            let x = a[k].madd(e[k], mid);
            let c = if x > h {
                sub(a[k], h)
            } else if x < -h {
                add(a[k], h)
            } else {
                continue;
            };
            num = sub(num, mul(c, e[k]));
            den = add(den, mul(e[k], e[k]));
        }
        let s = if den > R::ZERO {
            num.div(den).max(lo).min(hi)
        } else {
            lo
        };
        for cand in [s, hi] {
            let f = dist_sq_at(b, &a, &e, cand);
            if f < best {
                best = f;
                best_s = cand;
            }
        }
    }
    let mut offset = Vec4::new(R::ZERO, R::ZERO, R::ZERO, R::ZERO);
    for k in 0..3 {
        let o = outside(a[k].madd(e[k], best_s), b.half_extent(k));
        offset = vmadd(offset, b.axis(k), o);
    }
    SegmentBoxApproach {
        s: best_s,
        dist_sq: best,
        offset,
    }
}

/// `true` when a segment with its radius reaches the box: the squared
/// distance from the segment `S`..`E` to the box is at most `r²`. Touching
/// is a hit. The contact is not written, as the other segment tests write
/// nothing. The entry (4, 1) of the corrected overlap table
/// ([`OverlapQuirks::segment_box_missing`] off); with the switch on the
/// answer is always `false`, the console's empty entry (divergence 457).
#[must_use]
pub fn overlap_segment_box<R: Real>(
    _c: &mut Contact<R>,
    own: &Segment<R>,
    other: &OrientedBox<R>,
    q: &OverlapQuirks,
) -> bool {
    if q.segment_box_missing {
        return false;
    }
    let near = segment_box_approach(other, own.start, vsub(own.end, own.start));
    near.dist_sq <= mul(own.radius, own.radius)
}

// Written out, as `overlap_capsule_segment_with` is: these mirrors take the
// switches (`q`) as a fourth argument, which `mirrored_overlap`'s console
// form has no place for.
/// The mirror of [`overlap_segment_box`]: the same test with the shapes in
/// the other order, nothing swapped (nothing is written). The entry (1, 4)
/// of the corrected overlap table.
#[inline]
#[must_use]
pub fn overlap_box_segment<R: Real>(
    c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &Segment<R>,
    q: &OverlapQuirks,
) -> bool {
    overlap_segment_box(c, other, own, q)
}
