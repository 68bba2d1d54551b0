//! What the workspace's tests share, so each test file states only its
//! cases: [`both_modes!`] runs a generic test in `f32` and `Ee32`;
//! [`near`] and [`near_v`] compare with a tolerance and say what was off;
//! [`r`], [`p`] and [`v`] make scalars, points and directions from `f32`
//! literals in either mode.
//!
//! ```
//! use ps2_float::Real;
//! use test_support::{both_modes, near_v, v};
//!
//! fn adds<R: Real>() {
//!     near_v(v::<R>(1.0, 2.0, 3.0) + v(1.0, 0.0, 0.0), [2.0, 2.0, 3.0], 0.0);
//! }
//! both_modes!(adds);
//! # fn main() {}
//! ```
#![forbid(unsafe_code)]

use ps2_float::{Real, Vec4};

/// Runs each named generic test function `name::<R>()` once per float
/// mode, as `f32_mode::name` and `ee32_mode::name`.
#[macro_export]
macro_rules! both_modes {
    ($($name:ident),* $(,)?) => {
        mod f32_mode {
            $(#[test] fn $name() { super::$name::<f32>(); })*
        }
        mod ee32_mode {
            $(#[test] fn $name() { super::$name::<$crate::Ee32>(); })*
        }
    };
}

#[doc(hidden)]
pub use ps2_float::Ee32;

/// `x` in mode `R`.
#[must_use]
pub fn r<R: Real>(x: f32) -> R {
    R::from_f32(x)
}

/// The point `(x, y, z, 1)` in mode `R`.
#[must_use]
pub fn p<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::from_f32([x, y, z, 1.0])
}

/// The direction `(x, y, z, 0)` in mode `R`.
#[must_use]
pub fn v<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::from_f32([x, y, z, 0.0])
}

/// Asserts `|got − want| ≤ tol` (compared in `f32`), naming both.
#[track_caller]
pub fn near<R: Real>(got: R, want: f32, tol: f32) {
    let g = got.to_f32();
    assert!(
        (g - want).abs() <= tol,
        "{} {g} is not {want} (±{tol}, off by {:e})",
        R::MODE,
        (g - want).abs()
    );
}

/// [`near`] on `x`, `y` and `z`.
#[track_caller]
pub fn near_v<R: Real>(got: Vec4<R>, want: [f32; 3], tol: f32) {
    let g = got.to_f32();
    for (k, lane) in ["x", "y", "z"].iter().enumerate() {
        assert!(
            (g[k] - want[k]).abs() <= tol,
            "{} {lane}: {:?} is not {want:?} (±{tol})",
            R::MODE,
            &g[..3]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shorthands<R: Real>() {
        assert_eq!(p::<R>(1.0, 2.0, 3.0).to_f32(), [1.0, 2.0, 3.0, 1.0]);
        assert_eq!(v::<R>(1.0, 2.0, 3.0).to_f32(), [1.0, 2.0, 3.0, 0.0]);
        near(r::<R>(0.5), 0.5, 0.0);
        near_v(v::<R>(1.0, 2.0, 3.0), [1.0, 2.0, 3.0], 0.0);
    }
    both_modes!(shorthands);

    #[test]
    #[should_panic(expected = "is not 0.4")]
    fn near_fails_outside_the_tolerance() {
        near(0.5f32, 0.4, 0.01);
    }

    #[test]
    #[should_panic(expected = "y:")]
    fn near_v_names_the_lane() {
        near_v(v::<f32>(0.0, 1.0, 0.0), [0.0, 0.0, 0.0], 0.1);
    }
}
