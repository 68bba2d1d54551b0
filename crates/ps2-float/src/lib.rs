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
//! the magnitude, and neither mode ever produces an infinity or a NaN from finite
//! input. They differ only in:
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
//! # Performance
//!
//! `cargo bench -p ps2-float` runs each operation over 1,024 game-scale operand
//! pairs, accumulating the results with the mode's own `+` (so every `Ee32`
//! figure includes one `Ee32` add per operation). The instruction counts are
//! callgrind's for the same loop over the same pairs (per 1,024 operations,
//! exact and repeatable); the times are one criterion run on the 2-core
//! development machine while other builds kept the load average at 10-12, so
//! they are inflated and their ratios unsteady (the same code gave 53× for
//! `div` in the run before). An earlier run of the previous divider and square
//! root at load 3 gave `div` 25×, `sqrt` 60×, `rsqrt` 58× in time.
//!
//! | op | `f32` time | `Ee32` time | time ratio | `f32` instructions | `Ee32` instructions (before) | instruction ratio | goal (time) |
//! | --- | --- | --- | --- | --- | --- | --- | --- |
//! | add | 3.60 µs | 33.0 µs | 9.2× | 17,441 | 116,618 | 6.7× | 10× |
//! | sub | 3.50 µs | 36.6 µs | 10.5× | 17,441 | 116,632 | 6.7× | 10× |
//! | mul | 3.13 µs | 29.2 µs | 9.3× | 17,441 | 119,234 | 6.8× | 10× |
//! | madd | 5.82 µs | 46.9 µs | 8.1× | 26,657 | 171,468 | 6.4× | |
//! | div | 3.76 µs | 284 µs | 75× | 24,609 | 741,332 (747,476) | 30.1× | 25×, missed |
//! | sqrt | 5.08 µs | 268 µs | 53× | 18,465 | 831,488 (905,216) | 45.0× | 40×, missed |
//! | rsqrt (`a / sqrt(b)`) | 11.6 µs | 570 µs | 49× | 26,657 | 1,501,036 (1,580,908) | 56.3× | 40×, missed |
//!
//! Add, subtract and multiply meet their 10× goal in instructions (and in
//! time when the machine is quiet). Division, square root and `rsqrt` miss
//! theirs. Each is a 25-step digit recurrence whose last digit (the truncated
//! result or one unit above it) depends on the carry-save split of the
//! remainder at every step: in about 15 % of the divider's steps the digit differs from
//! the one the exact remainder would select, so no closed form from the exact
//! quotient or root exists and every step is simulated (about 25 instructions
//! and a dependency chain of about 8 cycles each, unrolled). What could be
//! taken out is taken out: the divider reads only the final remainder's sign
//! and adds it to the truncated quotient, computed by one integer division off
//! the recurrence's path (no dependent division at the end); the square root
//! takes each step's operands from the exact integer root instead of
//! accumulating its digits (8 % fewer instructions). `rsqrt` is a square root
//! and a division. The unit tests check both shortcuts against the previous
//! digit-by-digit code: every radicand exhaustively, 100 million random
//! significand pairs for the divider (`--ignored`), and samples of both in the
//! normal run.
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
pub use real::Real;
pub use vec4::Vec4;
