//! The first root of a ray against a sphere (3D) or a circle (2D), in the
//! original's form (Unit 5, "Ray_SphereRoot and Ray_CircleRoot").
//!
//! Both solve `|q + t·m|² = rr` for the smaller `t` as
//!
//! ```text
//! C = |q|² − rr;  B = q·m;  A = |m|²;  D = sqrt(|B² − A·C|);  s = 1 / D
//! t = (C·s) / (1 − B·s)
//! ```
//!
//! which is `C / (D − B)` in exact arithmetic. The square root takes the
//! magnitude, so a negative discriminant is not rejected (the callers screen
//! misses first). At `D = 0` (exact tangency) `1 / D` saturates to the largest
//! float, and so do the products with it: the result is then a ratio of two
//! saturated values, not the tangent root (divergence 60).

use ps2_float::Real;

/// `a × b`, saturated to `±MAX` where `f32` mode's product overflows to an
/// infinity (the console's rule; `Ee32` saturates by itself, so this is its
/// plain product). Used where an operand may be a saturated quotient
/// (divergence 60).
#[inline]
#[must_use]
pub(crate) fn mul_sat<R: Real>(a: R, b: R) -> R {
    crate::sat::mul(a, b)
}

/// `t = (C·s) / (1 − B·s)` with `s = 1 / sqrt(|B² − A·C|)`: the shared tail of
/// both roots.
#[inline]
#[must_use]
fn root_tail<R: Real>(c: R, b: R, a: R) -> R {
    // `s = 1/D` as a square root then a division (divergence 65).
    let d = (b * b - a * c).sqrt();
    let s = R::ONE.div(d);
    let num = mul_sat(c, s);
    let den = R::ONE - mul_sat(b, s);
    num.div(den)
}

/// The smaller root `t` of `|q + t·m|² = rr` in three dimensions (a ray from `q`
/// along `m` against a sphere of squared radius `rr` at the origin), in the
/// original's `(C·s) / (1 − B·s)` form (Unit 5, "Ray_SphereRoot and
/// Ray_CircleRoot").
///
/// Dot products are summed `(x·x + y·y) + z·z`.
///
/// Original: `Ray_SphereRoot` (0x0034af50).
#[must_use]
pub fn ray_sphere_root<R: Real>(q: [R; 3], m: [R; 3], rr: R) -> R {
    let [qx, qy, qz] = q;
    let [mx, my, mz] = m;
    let c = ((qx * qx + qy * qy) + qz * qz) - rr;
    let b = (qx * mx + qy * my) + qz * mz;
    let a = (mx * mx + my * my) + mz * mz;
    root_tail(c, b, a)
}

/// The smaller root `t` of `|q + t·m|² = rr` in two dimensions, with `a = |m|²`
/// passed in by the caller, in the original's `(C·s) / (1 − B·s)` form (Unit 5,
/// "Ray_SphereRoot and Ray_CircleRoot").
///
/// Original: `Ray_CircleRoot` (0x0034afd8).
#[must_use]
pub fn ray_circle_root<R: Real>(q: [R; 2], m: [R; 2], a: R, rr: R) -> R {
    let [qx, qy] = q;
    let [mx, my] = m;
    let c = (qx * qx + qy * qy) - rr;
    let b = qx * mx + qy * my;
    root_tail(c, b, a)
}
