//! One separating axis: the overlap of two projections along a direction.

use ps2_float::{Real, Vec4};

/// The interval `[min, max]` of the points' projections on `l`.
#[inline]
pub(crate) fn project<R: Real>(points: &[Vec4<R>], l: Vec4<R>) -> (R, R) {
    let mut lo = points[0].dot(l);
    let mut hi = lo;
    for p in &points[1..] {
        let x = p.dot(l);
        lo = lo.min(x);
        hi = hi.max(x);
    }
    (lo, hi)
}

/// The overlap of `[a_lo, a_hi]` and `[b_lo, b_hi]`: how far either must
/// move along the axis to leave the other, the shorter way; at most 0 when
/// they are apart or only touch.
#[inline]
pub(crate) fn overlap<R: Real>((a_lo, a_hi): (R, R), (b_lo, b_hi): (R, R)) -> R {
    (a_hi - b_lo).min(b_hi - a_lo)
}
