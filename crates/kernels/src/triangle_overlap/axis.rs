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

/// Whether the cross product `c` of two directions of squared lengths
/// `aa` and `bb` is too short to serve as an axis: the directions are
/// parallel to within about 0.06° (`|c|² ≤ 1e-6·|a|²·|b|²`), where the axis
/// adds nothing the others do not test.
#[inline]
pub(crate) fn degenerate<R: Real>(c: Vec4<R>, aa: R, bb: R) -> bool {
    c.dot(c) <= R::from_f32(1e-6) * (aa * bb)
}

/// Keeps the smaller of a running least depth and `d`.
#[inline]
pub(crate) fn least<R: Real>(best: &mut Option<R>, d: R) {
    if best.is_none_or(|b| d < b) {
        *best = Some(d);
    }
}
