//! Saturating arithmetic shared by the kernels.
//!
//! The console clamps every overflowing result to the largest magnitude; IEEE
//! `f32` gives an infinity, and from there a NaN. So that `f32` mode never
//! yields either from finite shapes, the kernels route the sums and products
//! that can overflow (those fed by a saturated quotient, or by large inputs)
//! through these helpers, which clamp an `f32` infinity to `±f32::MAX`
//! (divergence 20 for Unit 1, divergence 51 for Unit 4). In `Ee32` mode no
//! value exceeds `MAX`, so each helper is the plain operation, bit for bit.
//!
//! Dot products keep the spec's order, `(ax·bx + ay·by) + az·bz`.

use ps2_float::{Real, Vec4};

/// `x` clamped to `[−MAX, MAX]` (an `f32` infinity becomes `±f32::MAX`; a
/// no-op in `Ee32` mode).
#[inline]
#[must_use]
pub(crate) fn sat<R: Real>(x: R) -> R {
    x.saturate()
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

/// `a × b` (in this operand order), saturated.
#[inline]
#[must_use]
pub(crate) fn mul<R: Real>(a: R, b: R) -> R {
    sat(a * b)
}

/// `a · b` over x, y, z as `(ax·bx + ay·by) + az·bz`, each step saturated.
#[inline]
#[must_use]
pub(crate) fn dot<R: Real>(a: Vec4<R>, b: Vec4<R>) -> R {
    add(add(mul(a.x, b.x), mul(a.y, b.y)), mul(a.z, b.z))
}

/// `a − b` in x, y, z, saturated; `w` of `a` kept.
#[inline]
#[must_use]
pub(crate) fn vsub<R: Real>(a: Vec4<R>, b: Vec4<R>) -> Vec4<R> {
    Vec4::new(sub(a.x, b.x), sub(a.y, b.y), sub(a.z, b.z), a.w)
}

/// `v × s` in x, y, z (vector lane first), saturated; `w` kept.
#[inline]
#[must_use]
pub(crate) fn vscale<R: Real>(v: Vec4<R>, s: R) -> Vec4<R> {
    Vec4::new(mul(v.x, s), mul(v.y, s), mul(v.z, s), v.w)
}

/// `acc + v × s` in x, y, z, the product rounded first (`vmadd`); `w` of
/// `acc` kept. [`Real::madd`] already saturates in `f32` mode.
#[inline]
#[must_use]
pub(crate) fn vmadd<R: Real>(acc: Vec4<R>, v: Vec4<R>, s: R) -> Vec4<R> {
    acc.madd(v, s)
}

/// `v / sqrt(v · v)` in x, y, z through one reciprocal square root
/// (`vrsqrt`), saturated; `w` kept. A zero vector stays zero.
#[inline]
#[must_use]
pub(crate) fn normalize<R: Real>(v: Vec4<R>) -> Vec4<R> {
    vscale(v, R::ONE.rsqrt(dot(v, v)))
}
