//! The PlayStation 2 Emotion Engine's float arithmetic, and one scalar trait for
//! two float modes.
//!
//! The EE's FPU (COP1) and VU0 (in macro mode) do not implement IEEE 754: they
//! round toward zero, have no infinities, NaNs or denormals, and saturate on
//! overflow and division by zero. The physics of the original game ran on that
//! arithmetic, so reproducing its contacts bit for bit needs it too.
//!
//! * [`Ee32`] is one console float, held as its bit pattern, with the console's
//!   arithmetic (see the module [`ee32`] for the rules and their sources).
//! * [`Real`] is the scalar trait every numeric kernel of the workspace is generic
//!   over. It is implemented by `f32` (IEEE rounding, console exception rules) and
//!   by [`Ee32`] (the console, bit for bit).
//! * [`Vec4`] is the 16-byte vector the original's records hold, with the VU0
//!   operation order the specification pins (dot products, cross products,
//!   normalisation through `rsqrt`).
//!
//! # The two modes
//!
//! Both modes agree on every exceptional case: a division by zero gives the largest
//! magnitude with the XOR of the signs, an overflow saturates, a square root takes
//! the magnitude, and neither mode's [`Real`] methods (`div`, `sqrt`, `rsqrt`,
//! `madd`, `msub`) ever produce an infinity or a NaN from finite input. The
//! bare `+`, `−` and `×` of `f32` mode are IEEE's: a result past `f32::MAX`
//! (about 3.4e38; the square of a length above 1.8e19) is an infinity, so
//! the kernels clamp such sums and products where their inputs can reach
//! them (divergences 2, 20, 320). They differ only in:
//!
//! * rounding: `f32` rounds to nearest-even, `Ee32` truncates (and its multiplier
//!   may land one more unit below the truncated product);
//! * the top binade: `Ee32` values with exponent 255 are ordinary numbers (up to
//!   about 6.8e38), where `f32` saturates at `f32::MAX` (about 3.4e38);
//! * tiny values: `f32` keeps IEEE denormals, `Ee32` flushes them to zero.
//!
//! ```
//! use ps2_float::{Ee32, Real, Vec4};
//!
//! let a = Ee32::from_f32(1.0);
//! let b = Ee32::from_bits(0x3fff_ffff);
//! // The console's multiplier depends on the operand order.
//! assert_ne!((a * b).to_bits(), (b * a).to_bits());
//!
//! // Division by zero saturates in both modes.
//! assert_eq!((Ee32::ONE / Ee32::ZERO).to_bits(), 0x7fff_ffff);
//! assert_eq!(Real::div(1.0f32, 0.0), f32::MAX);
//!
//! let n = Vec4::<f32>::new(3.0, 0.0, 4.0, 1.0).normalize();
//! assert!((n.x - 0.6).abs() < 1e-6);
//! ```
//!
//! # What it holds
//!
//! | item | what |
//! | --- | --- |
//! | [`ee32`] | [`Ee32`], one console float with its operators; [`ee32::raw`], the operations on bare bit patterns (adder, multiplier, divider, square root, compares, conversions) with the [`Flags`] each raises; [`ee32::table`], one row of an FPU result table evaluated by op name |
//! | [`Real`] | the scalar trait every numeric function of the workspace is generic over, for `f32` and [`Ee32`] |
//! | [`Vec4`] | the original's 16-byte vector, with the VU0 operation order |
//! | (feature `nalgebra`) | `From` conversions between [`Vec4`] and nalgebra's vectors and points |
//!
//! # How to use it
//!
//! Write numeric code once, generic over `R: Real`, and run it in `f32`
//! (fast, IEEE rounding with the console's exception rules) or in [`Ee32`]
//! (the console's bits). `Real` has no `/` operator: divide with
//! [`Real::div`], which saturates on a zero divisor in both modes. Keep the
//! order of operations the original has by using [`Vec4::dot`],
//! [`Vec4::cross`], [`Vec4::normalize`] and [`Real::madd`] rather than
//! writing them out.
//!
//! ```
//! use ps2_float::{Ee32, Real, Vec4};
//!
//! /// The length of `v` along the unit vector of `axis`, in the mode `R`.
//! fn along<R: Real>(v: [f32; 4], axis: [f32; 4]) -> f32 {
//!     let axis = Vec4::<R>::from_f32(axis).normalize();
//!     Vec4::<R>::from_f32(v).dot(axis).to_f32()
//! }
//!
//! // 1 / sqrt(4) is exact in both modes, so both give 4.
//! assert_eq!(along::<f32>([3.0, 4.0, 0.0, 1.0], [0.0, 2.0, 0.0, 0.0]), 4.0);
//! assert_eq!(along::<Ee32>([3.0, 4.0, 0.0, 1.0], [0.0, 2.0, 0.0, 0.0]), 4.0);
//! ```
//!
//! # Performance
//!
//! `cargo bench -p ps2-float` runs each operation over 1,024 game-scale
//! operand pairs. Instructions per 1,024 operations (callgrind, exact and
//! repeatable), the latest count:
//!
//! | op | `f32` | `Ee32` | `Ee32` ÷ `f32` | goal |
//! | --- | --- | --- | --- | --- |
//! | add | 17,441 | 116,618 | 6.7× | 10× |
//! | sub | 17,441 | 116,632 | 6.7× | 10× |
//! | mul | 17,441 | 119,234 | 6.8× | 10× |
//! | madd | 26,657 | 171,468 | 6.4× | |
//! | div | 24,609 | 741,332 | 30.1× | 25×, missed |
//! | sqrt | 18,465 | 831,488 | 45.0× | 40×, missed |
//! | rsqrt (`a / sqrt(b)`) | 26,657 | 1,501,036 | 56.3× | 40×, missed |
//!
//! Each count includes the loop's accumulation (one add of the mode per
//! operation). The goals are set in time; the times, the counts before the
//! last change of the divider and the square root, and why division and
//! square root cannot be made cheaper without changing a bit are on the
//! performance page,
//! `docs/performance.md` ("The float operations").
//!
//! # Features
//!
//! * `nalgebra` (default on): the nalgebra conversions of [`Vec4`].
//! * `serde` (optional): serialisation of [`Ee32`] (as its bits) and [`Vec4`].
//!
//! # Dependencies
//!
//! * `nalgebra` (optional, default on): `From` conversions between [`Vec4`] and
//!   nalgebra's vectors and points, so game crates can pass their own types.
//! * `serde` (optional): serialisation of [`Ee32`] (as its bits) and [`Vec4`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ee32;
#[cfg(feature = "nalgebra")]
mod interop;
mod real;
mod vec4;

pub use ee32::{Ee32, Flags};
pub use real::{FloatMode, Real};
pub use vec4::Vec4;
