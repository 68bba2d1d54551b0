//! [`Vec4`]: the 16-byte vector of the original's records, with VU0-ordered
//! operations.

use core::ops::{Add, Neg, Sub};

use crate::real::Real;

/// Four lanes `x, y, z, w` of a scalar `R`, as the original's `float[4]`.
///
/// The geometric operations read and write `x, y, z` only and keep the left
/// operand's `w`, as the VU0 `.xyz` instructions do; where a record's `w` matters
/// (most records carry `w = 1`) the caller sets it with [`Vec4::with_w`].
///
/// The order of every float operation is fixed, so `Ee32` mode reproduces the
/// console's bits:
///
/// * [`Vec4::dot`] is `(ax·bx + ay·by) + az·bz` (VU0 `vmul`, then `vaddy`, then
///   `vaddz`), each product rounded;
/// * [`Vec4::cross`] is the `vopmula` / `vopmsub` pair, `a × b` with
///   `x = ay·bz − az·by` (the first product rounded into the accumulator, then the
///   second subtracted from it);
/// * [`Vec4::normalize`] scales by `1 / sqrt(v·v)` computed in one `vrsqrt`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec4<R> {
    /// Lane 0.
    pub x: R,
    /// Lane 1.
    pub y: R,
    /// Lane 2.
    pub z: R,
    /// Lane 3 (`1.0` for points and most directions in the original's records).
    pub w: R,
}

impl<R: Real> Vec4<R> {
    /// `(0, 0, 0, 0)`.
    pub const ZERO: Self = Self {
        x: R::ZERO,
        y: R::ZERO,
        z: R::ZERO,
        w: R::ZERO,
    };

    /// `(0, 0, 0, 1)`, the original's constant at 0x005116c0.
    pub const ORIGIN: Self = Self {
        x: R::ZERO,
        y: R::ZERO,
        z: R::ZERO,
        w: R::ONE,
    };

    /// A vector from its four lanes.
    #[inline]
    #[must_use]
    pub const fn new(x: R, y: R, z: R, w: R) -> Self {
        Self { x, y, z, w }
    }

    /// `(x, y, z, 1)`.
    #[inline]
    #[must_use]
    pub const fn point(x: R, y: R, z: R) -> Self {
        Self { x, y, z, w: R::ONE }
    }

    /// A vector from `f32` lanes, converted into the mode.
    #[inline]
    #[must_use]
    pub fn from_f32(v: [f32; 4]) -> Self {
        Self::new(
            R::from_f32(v[0]),
            R::from_f32(v[1]),
            R::from_f32(v[2]),
            R::from_f32(v[3]),
        )
    }

    /// The lanes as `f32`.
    #[inline]
    #[must_use]
    pub fn to_f32(self) -> [f32; 4] {
        [
            self.x.to_f32(),
            self.y.to_f32(),
            self.z.to_f32(),
            self.w.to_f32(),
        ]
    }

    /// The same `x, y, z` with `w` replaced.
    #[inline]
    #[must_use]
    pub const fn with_w(self, w: R) -> Self {
        Self { w, ..self }
    }

    /// The same `x, y, w` with `z` replaced.
    #[inline]
    #[must_use]
    pub const fn with_z(self, z: R) -> Self {
        Self { z, ..self }
    }

    /// `(ax·bx + ay·by) + az·bz`.
    #[inline(always)]
    #[must_use]
    pub fn dot(self, o: Self) -> R {
        (self.x * o.x + self.y * o.y) + self.z * o.z
    }

    /// `self × o` in the VU0 `vopmula` / `vopmsub` order (`w` kept from `self`).
    #[inline(always)]
    #[must_use]
    pub fn cross(self, o: Self) -> Self {
        Self {
            x: (self.y * o.z).msub(self.z, o.y),
            y: (self.z * o.x).msub(self.x, o.z),
            z: (self.x * o.y).msub(self.y, o.x),
            w: self.w,
        }
    }

    /// `(x·s, y·s, z·s)`, `w` kept.
    #[inline]
    #[must_use]
    pub fn scale(self, s: R) -> Self {
        Self {
            x: self.x * s,
            y: self.y * s,
            z: self.z * s,
            w: self.w,
        }
    }

    /// `self + o·s` lane by lane on `x, y, z` with the product rounded first
    /// (VU0 `vmadd` with the scalar broadcast), `w` kept.
    #[inline(always)]
    #[must_use]
    pub fn madd(self, o: Self, s: R) -> Self {
        Self {
            x: self.x.madd(o.x, s),
            y: self.y.madd(o.y, s),
            z: self.z.madd(o.z, s),
            w: self.w,
        }
    }

    /// The lane-wise product on `x, y, z`, `w` kept.
    #[inline]
    #[must_use]
    pub fn mul_lanes(self, o: Self) -> Self {
        Self {
            x: self.x * o.x,
            y: self.y * o.y,
            z: self.z * o.z,
            w: self.w,
        }
    }

    /// `self · self`.
    #[inline]
    #[must_use]
    pub fn length_sq(self) -> R {
        self.dot(self)
    }

    /// `sqrt(self · self)` (VU0 `vsqrt`).
    #[inline]
    #[must_use]
    pub fn length(self) -> R {
        self.dot(self).sqrt()
    }

    /// `self · (1 / sqrt(self · self))`, the reciprocal from one `vrsqrt`, `w`
    /// kept. A zero vector stays zero in both modes (`0 × MAX = 0`).
    #[inline]
    #[must_use]
    pub fn normalize(self) -> Self {
        self.scale(R::ONE.rsqrt(self.dot(self)))
    }
}

impl<R: Real> Add for Vec4<R> {
    type Output = Self;
    /// Lane-wise on `x, y, z`; `w` of the left operand kept.
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Self {
            x: self.x + o.x,
            y: self.y + o.y,
            z: self.z + o.z,
            w: self.w,
        }
    }
}

impl<R: Real> Sub for Vec4<R> {
    type Output = Self;
    /// Lane-wise on `x, y, z`; `w` of the left operand kept.
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Self {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
            w: self.w,
        }
    }
}

impl<R: Real> Neg for Vec4<R> {
    type Output = Self;
    /// Negates `x, y, z`; `w` kept.
    #[inline]
    fn neg(self) -> Self {
        Self {
            x: -self.x,
            y: -self.y,
            z: -self.z,
            w: self.w,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ee32::Ee32;

    fn v<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
        Vec4::from_f32([x, y, z, 1.0])
    }

    fn cross_basis<R: Real>() {
        let c = v::<R>(1.0, 0.0, 0.0).cross(v(0.0, 1.0, 0.0));
        assert_eq!(c.to_f32(), [0.0, 0.0, 1.0, 1.0]);
        let c = v::<R>(0.0, 1.0, 0.0).cross(v(0.0, 0.0, 1.0));
        assert_eq!(c.to_f32(), [1.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn cross_is_first_times_second_in_both_modes() {
        cross_basis::<f32>();
        cross_basis::<Ee32>();
    }

    #[test]
    fn dot_sums_x_and_y_before_z() {
        // (1e8 + -1e8) + 1 = 1, where 1e8 + (-1e8 + 1) would lose the 1.
        let a = v::<f32>(1e8, -1e8, 1.0);
        let one = v::<f32>(1.0, 1.0, 1.0);
        assert_eq!(a.dot(one), 1.0);
        let a = v::<Ee32>(1e8, -1e8, 1.0);
        assert_eq!(a.dot(v(1.0, 1.0, 1.0)).to_f32(), 1.0);
    }

    #[test]
    fn normalize_zero_stays_zero() {
        assert_eq!(Vec4::<f32>::ZERO.normalize().to_f32(), [0.0; 4]);
        assert_eq!(Vec4::<Ee32>::ZERO.normalize().to_f32(), [0.0; 4]);
    }

    #[test]
    fn normalize_345() {
        let n = v::<f32>(3.0, 0.0, 4.0).normalize();
        assert!((n.x - 0.6).abs() < 1e-7 && (n.z - 0.8).abs() < 1e-7);
        let n = v::<Ee32>(3.0, 0.0, 4.0).normalize();
        // Truncating arithmetic lands at or just below the exact values.
        assert!(n.x.to_f32() <= 0.6 && n.x.to_f32() > 0.6 - 2e-7);
    }
}
