//! Keeping the least of a run of candidates, as the corrected kernels and
//! the overlap depths keep their earliest fraction or smallest depth: the
//! first of equal values stays.

use ps2_float::Real;

/// Keeps the smaller of a running least and `v` (the earlier of equals).
#[inline]
pub(crate) fn keep_least<R: Real>(best: &mut Option<R>, v: R) {
    if best.is_none_or(|b| v < b) {
        *best = Some(v);
    }
}

/// Keeps a first touch: a fraction `t` of at most 1 that comes before the
/// running one, a start already touching (`t` below 0) kept as 0.
#[inline]
pub(crate) fn keep_first_touch<R: Real>(best: &mut Option<R>, t: R) {
    if t <= R::ONE && best.is_none_or(|b| t < b) {
        *best = Some(t.max(R::ZERO));
    }
}
