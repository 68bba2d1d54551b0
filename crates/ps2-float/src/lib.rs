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
//! # Performance
//!
//! `cargo bench -p ps2-float` runs each operation over 1,024 game-scale operand
//! pairs, accumulating the results with the mode's own `+` (so every `Ee32`
//! figure includes one `Ee32` add per operation). Measured on the 2-core
//! development machine (x86-64, load average about 3 from other builds, so
//! expect ±10 %):
//!
//! | op | `f32` (1,024 ops) | `Ee32` (1,024 ops) | ratio | goal |
//! | --- | --- | --- | --- | --- |
//! | add | 1.70 µs | 15.8 µs | 9.3× | 10× |
//! | sub | 1.62 µs | 15.7 µs | 9.7× | 10× |
//! | mul | 1.27 µs | 11.1 µs | 8.7× | 10× |
//! | madd | 2.65 µs | 17.3 µs | 6.5× | |
//! | div | 2.99 µs | 76.2 µs | 25× | 40× |
//! | sqrt | 1.87 µs | 112 µs | 60× | 40×, missed |
//! | rsqrt (`a / sqrt(b)`) | 3.50 µs | 204 µs | 58× | 40×, missed |
//!
//! Add, subtract and multiply meet their 10× goal; division meets its 40×
//! goal. The square root misses it by half: its result depends on the path of
//! a 25-step digit recurrence (the truncated root or one unit above it), which
//! is simulated step by step, unrolled; `rsqrt` is a square root and a
//! division. Against the latency of a single native operation (rather than the
//! throughput above) the square root is about 13× slower.
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
