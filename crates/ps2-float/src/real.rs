//! [`Real`]: the scalar every numeric kernel is generic over.

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};

use crate::ee32::Ee32;

/// The two float modes a [`Real`] can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatMode {
    /// IEEE `f32` with the console's saturations ([`Real`] for `f32`).
    F32,
    /// The EE's own arithmetic, bit for bit ([`Ee32`]).
    Ee32,
}

impl FloatMode {
    /// The mode's short name, as [`Real::MODE`] gives it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FloatMode::F32 => "f32",
            FloatMode::Ee32 => "ee32",
        }
    }

    /// The mode of a short name ([`FloatMode::name`]): `f32` or `ee32`.
    ///
    /// ```
    /// use ps2_float::FloatMode;
    ///
    /// assert_eq!(FloatMode::from_name("ee32"), Some(FloatMode::Ee32));
    /// assert_eq!(FloatMode::from_name("f64"), None);
    /// assert_eq!(FloatMode::Ee32.to_string(), "ee32");
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        [FloatMode::F32, FloatMode::Ee32]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// The mode's short name ([`FloatMode::name`]).
impl core::fmt::Display for FloatMode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A scalar of one of the two float modes: `f32` (IEEE rounding) or [`Ee32`]
/// (the console, bit for bit).
///
/// The trait holds exactly what the geometry kernels need. Every operation
/// follows the console's exception rules in both modes, so no operation yields an
/// infinity or a NaN from finite operands:
///
/// | case | result (both modes) |
/// | --- | --- |
/// | `x / 0` | `±MAX`, sign = XOR of the operands' signs |
/// | overflow | `±MAX` with the sign of the exact result |
/// | `sqrt(x)`, `x < 0` | `sqrt(\|x\|)` |
/// | `a.rsqrt(0)` | `±MAX` with the sign of `a` |
///
/// What remains different between the modes is listed in the crate docs:
/// rounding (nearest-even against truncation, and the multiplier's extra ulp),
/// `MAX` itself (`f32::MAX` against `0x7fffffff`), and denormals (kept by `f32`,
/// flushed by `Ee32`).
///
/// Division is the method [`Real::div`], not the `/` operator, so that `f32`
/// mode cannot divide by zero into an infinity. `+`, `-` and `×` are the
/// operators; in `f32` mode they are IEEE's and only overflow past `f32::MAX`
/// (about 3.4e38), which the kernels reach only from a saturated division; the
/// kernels saturate those places explicitly with [`Real::div`] and [`Real::madd`].
///
/// Comparisons (`PartialOrd`) follow IEEE for `f32` and the console's `c.lt.s`
/// for `Ee32`; both order `-0` and `+0` as equal.
pub trait Real:
    Copy
    + Debug
    + Default
    + PartialEq
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// `0.0`.
    const ZERO: Self;
    /// `1.0`.
    const ONE: Self;
    /// The largest finite magnitude of the mode (what the specification calls
    /// FLT_MAX): `f32::MAX`, or `0x7fffffff` for [`Ee32`].
    const MAX: Self;
    /// A short name of the mode, `"f32"` or `"ee32"`, for reports and snapshot
    /// names.
    const MODE: &'static str;
    /// The mode as a value, for code that chooses by mode (a match, not a
    /// comparison of [`Real::MODE`]'s names).
    const FLOAT_MODE: FloatMode;

    /// The mode's value for an IEEE float (exact for every finite normal `f32`).
    fn from_f32(v: f32) -> Self;
    /// The value as an IEEE float (`Ee32` values beyond `f32::MAX` saturate).
    fn to_f32(self) -> f32;
    /// The bit pattern (IEEE layout in both modes).
    fn to_bits(self) -> u32;
    /// The value with this bit pattern.
    fn from_bits(bits: u32) -> Self;
    /// [`Real::from_f32`] of a value the caller knows to be finite (a
    /// mesh's vertices and grid, checked when it was made): the same value,
    /// without `f32` mode's test for an infinity or a NaN, which such a
    /// value never needs. `Ee32` mode converts as [`Real::from_f32`] does
    /// (denormals still become zero). Given an infinity or a NaN, `f32`
    /// mode returns it as it is.
    fn from_finite_f32(v: f32) -> Self;

    /// `self / rhs`; a zero divisor gives `±MAX` with the XOR of the signs.
    #[must_use]
    fn div(self, rhs: Self) -> Self;
    /// `sqrt(|self|)`.
    #[must_use]
    fn sqrt(self) -> Self;
    /// `self / sqrt(|x|)` in one operation (the VU0 `vrsqrt` and FPU `rsqrt.s`
    /// form); `1 / sqrt(x)` is `Self::ONE.rsqrt(x)`.
    #[must_use]
    fn rsqrt(self, x: Self) -> Self;
    /// `|self|`.
    #[must_use]
    fn abs(self) -> Self;
    /// The smaller operand (for `Ee32`, `min.s` on the raw patterns).
    #[must_use]
    fn min(self, other: Self) -> Self;
    /// The larger operand (for `Ee32`, `max.s` on the raw patterns).
    #[must_use]
    fn max(self, other: Self) -> Self;
    /// `self + a × b` with the product rounded first (`madd.s`, VU0 `vmadd`).
    #[must_use]
    fn madd(self, a: Self, b: Self) -> Self;
    /// `self − a × b` with the product rounded first (`msub.s`, VU0 `vmsub`).
    #[must_use]
    fn msub(self, a: Self, b: Self) -> Self;
    /// The value clamped to `[−MAX, MAX]`: an `f32` infinity (from an IEEE
    /// operator that overflowed) becomes `±f32::MAX`; every other value,
    /// and every `Ee32` value, is returned unchanged (divergence 2).
    #[must_use]
    fn saturate(self) -> Self;
    /// Truncates toward zero, saturating at the `i32` range.
    fn to_i32(self) -> i32;
    /// The value of an integer (rounded in the mode's way).
    fn from_i32(i: i32) -> Self;

    /// `true` when the sign bit is set (`-0` included).
    #[inline]
    fn is_sign_negative(self) -> bool {
        self.to_bits() >> 31 == 1
    }

    /// `self × self`.
    #[inline]
    #[must_use]
    fn sq(self) -> Self {
        self * self
    }
}

/// Saturates an IEEE result that overflowed to an infinity (the console's rule;
/// divergence 2).
#[inline(always)]
fn sat(v: f32) -> f32 {
    if v.is_finite() {
        v
    } else if v.is_nan() {
        // Unreachable from finite operands through the operations below; kept so
        // that a NaN handed in by a caller cannot propagate.
        0.0
    } else {
        f32::MAX.copysign(v)
    }
}

/// `f32` mode: IEEE rounding, the console's exception rules in every method.
/// Denormals are kept (divergence 6).
impl Real for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const MAX: Self = f32::MAX;
    const MODE: &'static str = "f32";
    const FLOAT_MODE: FloatMode = FloatMode::F32;

    #[inline]
    fn from_f32(v: f32) -> Self {
        sat(v)
    }
    #[inline]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline]
    fn to_bits(self) -> u32 {
        f32::to_bits(self)
    }
    #[inline]
    fn from_bits(bits: u32) -> Self {
        sat(f32::from_bits(bits))
    }
    #[inline]
    fn from_finite_f32(v: f32) -> Self {
        v
    }
    #[inline]
    fn div(self, rhs: Self) -> Self {
        // The console's rule for a zero divisor (divergence 1).
        if rhs == 0.0 {
            let neg = (self.to_bits() ^ rhs.to_bits()) >> 31 == 1;
            if neg {
                -f32::MAX
            } else {
                f32::MAX
            }
        } else {
            sat(self / rhs)
        }
    }
    #[inline]
    fn sqrt(self) -> Self {
        f32::sqrt(f32::abs(self))
    }
    #[inline]
    fn rsqrt(self, x: Self) -> Self {
        let s = f32::sqrt(f32::abs(x));
        if s == 0.0 {
            f32::MAX.copysign(self)
        } else {
            sat(self / s)
        }
    }
    #[inline]
    fn abs(self) -> Self {
        f32::abs(self)
    }
    #[inline]
    fn min(self, other: Self) -> Self {
        // Compares values, not raw patterns (divergence 5).
        if other < self {
            other
        } else {
            self
        }
    }
    #[inline]
    fn max(self, other: Self) -> Self {
        if other > self {
            other
        } else {
            self
        }
    }
    #[inline]
    fn madd(self, a: Self, b: Self) -> Self {
        sat(self + sat(a * b))
    }
    #[inline]
    fn msub(self, a: Self, b: Self) -> Self {
        sat(self - sat(a * b))
    }
    #[inline]
    fn saturate(self) -> Self {
        // The same bits as "an infinity becomes `±MAX`, anything else is
        // kept" for every one of the 2³² patterns (checked exhaustively; a
        // NaN and `-0` pass through), in two instructions without a branch.
        self.clamp(-f32::MAX, f32::MAX)
    }
    #[inline]
    fn to_i32(self) -> i32 {
        // `as` truncates toward zero and saturates.
        self as i32
    }
    #[inline]
    fn from_i32(i: i32) -> Self {
        i as f32
    }
}

impl Real for Ee32 {
    const ZERO: Self = Ee32::ZERO;
    const ONE: Self = Ee32::ONE;
    const MAX: Self = Ee32::MAX;
    const MODE: &'static str = "ee32";
    const FLOAT_MODE: FloatMode = FloatMode::Ee32;

    #[inline]
    fn from_f32(v: f32) -> Self {
        Ee32::from_f32(v)
    }
    #[inline]
    fn to_f32(self) -> f32 {
        Ee32::to_f32(self)
    }
    #[inline]
    fn to_bits(self) -> u32 {
        Ee32::to_bits(self)
    }
    #[inline]
    fn from_bits(bits: u32) -> Self {
        Ee32::from_bits(bits)
    }
    #[inline]
    fn from_finite_f32(v: f32) -> Self {
        Ee32::from_f32(v)
    }
    #[inline]
    fn div(self, rhs: Self) -> Self {
        self / rhs
    }
    #[inline]
    fn sqrt(self) -> Self {
        Ee32::sqrt(self)
    }
    #[inline]
    fn rsqrt(self, x: Self) -> Self {
        Ee32::rsqrt(self, x)
    }
    #[inline]
    fn abs(self) -> Self {
        Ee32::abs(self)
    }
    #[inline]
    fn min(self, other: Self) -> Self {
        Ee32::min(self, other)
    }
    #[inline]
    fn max(self, other: Self) -> Self {
        Ee32::max(self, other)
    }
    #[inline(always)]
    fn madd(self, a: Self, b: Self) -> Self {
        Ee32::madd(self, a, b)
    }
    #[inline(always)]
    fn msub(self, a: Self, b: Self) -> Self {
        Ee32::msub(self, a, b)
    }
    #[inline]
    fn saturate(self) -> Self {
        // No `Ee32` value lies beyond `MAX`.
        self
    }
    #[inline]
    fn to_i32(self) -> i32 {
        Ee32::to_i32(self)
    }
    #[inline]
    fn from_i32(i: i32) -> Self {
        Ee32::from_i32(i)
    }
}
