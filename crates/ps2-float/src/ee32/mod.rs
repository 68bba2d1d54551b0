//! [`Ee32`]: one float of the EE's FPU or VU0, held as its bit pattern.
//!
//! # The rules
//!
//! The arithmetic follows the bit-exact model of the EE FPU published by a PCSX2
//! developer (TellowKrinkle/PS2Float: the adder, the radix-4 Booth multiplier and
//! the digit-recurrence divider and square root), checked here against results
//! captured on a real console (`fixtures/ee-fpu/ee-fpu-hardware.tsv`, 837 lines)
//! and against the model itself on random operands
//! (`fixtures/ee-fpu/ee-fpu-reference.tsv`, 96,000 lines); every line of both
//! matches bit for bit (`tests/vectors.rs`).
//!
//! * An exponent of 255 is an ordinary number; the largest magnitude is
//!   `0x7fffffff` (about 6.8e38). An operand with exponent 0 is zero.
//! * Results are truncated toward zero. A result too small for exponent 1 is a
//!   signed zero (underflow); a result too large is the sign with `0x7fffffff`
//!   (overflow).
//! * Division by zero gives the XOR of the signs with `0x7fffffff`; a square root
//!   takes the magnitude of its operand.
//! * Comparisons treat every zero-exponent value as zero and compare sign and
//!   magnitude (`-0 == +0`); `min` and `max` compare the raw patterns.
//!
//! The VU0 macro instructions the kernels use (`vadd`, `vsub`, `vmul`, `vmadd`,
//! `vmsub`, `vopmula`/`vopmsub`, `vdiv`, `vsqrt`, `vrsqrt`) share the FPU's
//! adder and multiplier. For division by zero and `rsqrt` both units saturate to
//! the signed maximum (the VU sets its D flag where the FPU sets its divide
//! flag), so one set of rules serves both (divergence 4).
//!
//! [`raw`] has the operations on bare bit patterns with the flags they raise;
//! [`Ee32`] wraps them with operators.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

pub mod raw;
pub mod table;

pub use raw::Flags;

/// One EE float: a `Copy` newtype over its IEEE-like bit pattern (sign, 8-bit
/// exponent, 23-bit mantissa), with the console's arithmetic.
///
/// Equality and ordering follow the console's `c.eq.s` / `c.lt.s` / `c.le.s`
/// (zero-exponent values are zero, `-0 == +0`). Compare [`Ee32::to_bits`] for
/// bit identity.
#[derive(Clone, Copy, Default)]
#[repr(transparent)]
pub struct Ee32(u32);

impl Ee32 {
    /// `+0.0`.
    pub const ZERO: Self = Self(0);
    /// `1.0`.
    pub const ONE: Self = Self(0x3f80_0000);
    /// The largest positive value, `0x7fffffff` (about 6.8e38). The specification
    /// calls it "FLT_MAX".
    pub const MAX: Self = Self(0x7fff_ffff);
    /// The most negative value, `0xffffffff`.
    pub const MIN: Self = Self(0xffff_ffff);

    /// The value with this bit pattern (every pattern is a value; those with a
    /// zero exponent read as zero in arithmetic).
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u32) -> Self {
        Self(bits)
    }

    /// The bit pattern.
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// Converts an IEEE float. Finite normal values keep their bit pattern (the
    /// formats agree there); denormals become a signed zero; `±inf` becomes
    /// `±MAX`; a NaN becomes `+0` (the console has none; divergence 3).
    #[inline]
    #[must_use]
    pub fn from_f32(v: f32) -> Self {
        let bits = v.to_bits();
        let exp = (bits >> 23) & 0xff;
        if exp == 0 {
            Self(bits & 0x8000_0000)
        } else if exp != 0xff {
            Self(bits)
        } else if bits & 0x007f_ffff == 0 {
            Self((bits & 0x8000_0000) | 0x7fff_ffff)
        } else {
            Self(0)
        }
    }

    /// Converts to an IEEE float. Values with exponent 255 (above IEEE's largest
    /// finite value) map to `±f32::MAX`; zero-exponent patterns map to a signed
    /// zero; every other value is exact (divergence 3).
    #[inline]
    #[must_use]
    pub fn to_f32(self) -> f32 {
        let exp = (self.0 >> 23) & 0xff;
        if exp == 0 {
            f32::from_bits(self.0 & 0x8000_0000)
        } else if exp == 0xff {
            f32::from_bits((self.0 & 0x8000_0000) | f32::MAX.to_bits())
        } else {
            f32::from_bits(self.0)
        }
    }

    /// The value as `f64`, exact for every pattern (exponent 255 included;
    /// a zero exponent is a zero of the pattern's sign): the same sign and
    /// mantissa with the exponent rebased, which `f64` always holds.
    #[inline]
    #[must_use]
    pub fn to_f64(self) -> f64 {
        let sign = u64::from(self.0 >> 31) << 63;
        let exp = (self.0 >> 23) & 0xff;
        if exp == 0 {
            return f64::from_bits(sign);
        }
        let exp = u64::from(exp) + 1023 - 127;
        f64::from_bits(sign | exp << 52 | u64::from(self.0 & 0x007f_ffff) << 29)
    }

    /// `true` when the exponent is zero: the console reads the value as zero.
    #[inline]
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 & 0x7f80_0000 == 0
    }

    /// `true` when the sign bit is set (also for `-0`).
    #[inline]
    #[must_use]
    pub const fn is_sign_negative(self) -> bool {
        self.0 & 0x8000_0000 != 0
    }

    // One inline wrapper per FPU instruction over its `raw` function; they
    // share their form, not their operation.
    /// `self + rhs` with the flags the FPU raises (`add.s`).
    #[inline]
    #[must_use]
    pub fn add_flagged(self, rhs: Self) -> (Self, Flags) {
        let (r, f) = raw::add(self.0, rhs.0);
        (Self(r), f)
    }

    /// `self - rhs` with the flags the FPU raises (`sub.s`).
    #[inline]
    #[must_use]
    pub fn sub_flagged(self, rhs: Self) -> (Self, Flags) {
        let (r, f) = raw::sub(self.0, rhs.0);
        (Self(r), f)
    }

    /// `self × rhs` with the flags the FPU raises (`mul.s`). The operand order
    /// matters: the multiplier is not commutative in its lowest bit.
    #[inline]
    #[must_use]
    pub fn mul_flagged(self, rhs: Self) -> (Self, Flags) {
        let (r, f) = raw::mul(self.0, rhs.0);
        (Self(r), f)
    }

    /// `self / rhs` with the flags the FPU raises (`div.s`).
    #[inline]
    #[must_use]
    pub fn div_flagged(self, rhs: Self) -> (Self, Flags) {
        let (r, f) = raw::div(self.0, rhs.0);
        (Self(r), f)
    }

    /// `sqrt(|self|)` with the flags the FPU raises (`sqrt.s`; invalid for a
    /// negative operand).
    #[inline]
    #[must_use]
    pub fn sqrt_flagged(self) -> (Self, Flags) {
        let (r, f) = raw::sqrt(self.0);
        (Self(r), f)
    }

    /// `self / sqrt(|x|)` with the flags the FPU raises (`rsqrt.s`).
    #[inline]
    #[must_use]
    pub fn rsqrt_flagged(self, x: Self) -> (Self, Flags) {
        let (r, f) = raw::rsqrt(self.0, x.0);
        (Self(r), f)
    }

    /// `self + a × b` (`madd.s`: the product, then the add) with its flags.
    #[inline]
    #[must_use]
    pub fn madd_flagged(self, a: Self, b: Self) -> (Self, Flags) {
        let (r, f) = raw::madd(self.0, a.0, b.0);
        (Self(r), f)
    }

    /// `self − a × b` (`msub.s`) with its flags.
    #[inline]
    #[must_use]
    pub fn msub_flagged(self, a: Self, b: Self) -> (Self, Flags) {
        let (r, f) = raw::msub(self.0, a.0, b.0);
        (Self(r), f)
    }

    /// `sqrt(|self|)` (`sqrt.s`).
    #[inline]
    #[must_use]
    pub fn sqrt(self) -> Self {
        self.sqrt_flagged().0
    }

    /// `self / sqrt(|x|)` (`rsqrt.s`, VU0 `vrsqrt`).
    #[inline]
    #[must_use]
    pub fn rsqrt(self, x: Self) -> Self {
        self.rsqrt_flagged(x).0
    }

    /// `self + a × b` (`madd.s`).
    #[inline]
    #[must_use]
    pub fn madd(self, a: Self, b: Self) -> Self {
        self.madd_flagged(a, b).0
    }

    /// `self − a × b` (`msub.s`).
    #[inline]
    #[must_use]
    pub fn msub(self, a: Self, b: Self) -> Self {
        self.msub_flagged(a, b).0
    }

    /// The magnitude (`abs.s`: clears the sign bit, nothing else).
    #[inline]
    #[must_use]
    pub fn abs(self) -> Self {
        Self(raw::abs(self.0))
    }

    /// The smaller of the two (`min.s`, which compares the raw patterns).
    #[inline]
    #[must_use]
    pub fn min(self, rhs: Self) -> Self {
        Self(raw::min(self.0, rhs.0))
    }

    /// The larger of the two (`max.s`, which compares the raw patterns).
    #[inline]
    #[must_use]
    pub fn max(self, rhs: Self) -> Self {
        Self(raw::max(self.0, rhs.0))
    }

    /// Converts to an integer, truncating toward zero and saturating
    /// (`cvt.w.s`).
    #[inline]
    #[must_use]
    pub fn to_i32(self) -> i32 {
        raw::to_i32(self.0)
    }

    /// Converts from an integer, truncating toward zero (`cvt.s.w`).
    #[inline]
    #[must_use]
    pub fn from_i32(i: i32) -> Self {
        Self(raw::from_i32(i))
    }
}

impl fmt::Debug for Ee32 {
    /// Prints the value and the bits, e.g. `1.0 (0x3f800000)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} (0x{:08x})", self.to_f64() as f32, self.0)?;
        Ok(())
    }
}

impl fmt::Display for Ee32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_f64(), f)
    }
}

impl PartialEq for Ee32 {
    /// The console's `c.eq.s`: zeros of either sign (and every zero-exponent
    /// pattern) are equal (divergence 7).
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        raw::eq(self.0, other.0)
    }
}

impl core::hash::Hash for Ee32 {
    /// Hashes the value as the console compares it: every zero-exponent pattern
    /// (both zeros included) hashes as `+0`, so equal values hash equally.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let canonical = if self.is_zero() { 0 } else { self.0 };
        canonical.hash(state);
    }
}

impl PartialOrd for Ee32 {
    /// The console's compare: a total order on values (sign and magnitude, zeros
    /// equal), never `None`.
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(if raw::eq(self.0, other.0) {
            Ordering::Equal
        } else if raw::lt(self.0, other.0) {
            Ordering::Less
        } else {
            Ordering::Greater
        })
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        raw::lt(self.0, other.0)
    }

    #[inline]
    fn le(&self, other: &Self) -> bool {
        raw::le(self.0, other.0)
    }

    #[inline]
    fn gt(&self, other: &Self) -> bool {
        raw::lt(other.0, self.0)
    }

    #[inline]
    fn ge(&self, other: &Self) -> bool {
        raw::le(other.0, self.0)
    }
}

macro_rules! binop {
    ($tr:ident, $method:ident, $atr:ident, $amethod:ident, $raw:path) => {
        impl $tr for Ee32 {
            type Output = Ee32;
            #[inline]
            fn $method(self, rhs: Ee32) -> Ee32 {
                Ee32($raw(self.0, rhs.0).0)
            }
        }
        impl $atr for Ee32 {
            #[inline]
            fn $amethod(&mut self, rhs: Ee32) {
                *self = $tr::$method(*self, rhs);
            }
        }
    };
}

binop!(Add, add, AddAssign, add_assign, raw::add);
binop!(Sub, sub, SubAssign, sub_assign, raw::sub);
binop!(Mul, mul, MulAssign, mul_assign, raw::mul);
binop!(Div, div, DivAssign, div_assign, raw::div);

impl Neg for Ee32 {
    type Output = Ee32;
    /// `neg.s`: flips the sign bit, nothing else.
    #[inline]
    fn neg(self) -> Ee32 {
        Ee32(raw::neg(self.0))
    }
}

impl From<f32> for Ee32 {
    #[inline]
    fn from(v: f32) -> Self {
        Self::from_f32(v)
    }
}

impl From<Ee32> for f32 {
    #[inline]
    fn from(v: Ee32) -> Self {
        v.to_f32()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Ee32 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Ee32 {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u32::deserialize(d).map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::Ee32;

    /// `to_f64` is `±mantissa · 2^(e − 150)` for every exponent (255
    /// included) and a signed zero for exponent 0, whatever its mantissa.
    #[test]
    fn to_f64_is_the_patterns_exact_value() {
        for exp in 0u32..256 {
            for mant in [0u32, 1, 0x40_0000, 0x12_3456, 0x7f_ffff] {
                for sign in [0u32, 1] {
                    let bits = sign << 31 | exp << 23 | mant;
                    let got = Ee32::from_bits(bits).to_f64();
                    let want = if exp == 0 {
                        0.0
                    } else {
                        f64::from(mant | 0x80_0000) * 2f64.powi(exp as i32 - 150)
                    };
                    let want = if sign == 1 { -want } else { want };
                    assert_eq!(got.to_bits(), want.to_bits(), "{bits:08x}");
                }
            }
        }
    }
}
