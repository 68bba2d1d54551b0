//! Saturating arithmetic for the places where a saturated quotient (a
//! division by zero, `±MAX`) can reach a product or a sum.
//!
//! The console clamps every overflow to `±MAX`; `Ee32` does so by itself,
//! and these helpers make `f32` mode do the same instead of producing an
//! infinity (divergence 20). For finite, non-overflowing values they are the
//! plain operation in both modes, bit for bit.

use ps2_float::{Real, Vec4};

/// `v` with an `f32` infinity clamped to `±MAX` (no change in `Ee32` mode or
/// for any finite value).
#[inline]
#[must_use]
pub(crate) fn sat<R: Real>(v: R) -> R {
    if v > R::MAX {
        R::MAX
    } else if v < -R::MAX {
        -R::MAX
    } else {
        v
    }
}

/// `a × b`, saturated.
#[inline]
#[must_use]
pub(crate) fn mul<R: Real>(a: R, b: R) -> R {
    sat(a * b)
}

/// `a + b`, saturated.
#[inline]
#[must_use]
pub(crate) fn add<R: Real>(a: R, b: R) -> R {
    sat(a + b)
}

/// `a − b`, saturated.
#[inline]
#[must_use]
pub(crate) fn sub<R: Real>(a: R, b: R) -> R {
    sat(a - b)
}

/// `(ax·bx + ay·by) + az·bz` (the pinned order), every step saturated.
#[inline]
#[must_use]
pub(crate) fn dot<R: Real>(a: Vec4<R>, b: Vec4<R>) -> R {
    add(add(mul(a.x, b.x), mul(a.y, b.y)), mul(a.z, b.z))
}
