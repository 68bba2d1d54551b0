//! The two footprint tests of the capsule-box overlap: a circle against a
//! rectangle's corner, and against one of its sides (Unit 4, "The kernels").
//!
//! Both take the circle's centre already mirrored into the region they test,
//! and both answer `Some(depth)` for a hit (the original returns 1 and writes
//! the depth through a pointer) or `None` (it returns 0 and writes nothing).

use ps2_float::Real;

use crate::sat::{add, mul, sub};

/// The circle of radius `r` at `(x, y)` against the corner `(−hx, −hy)` of
/// the rectangle, for a centre with `x < −hx` and `y < −hy` (Unit 4,
/// `CapsuleBox_CornerCircle`).
///
/// `q = (x + hx)² + (y + hy)² − r²`; a hit when `q ≤ 0`, with depth `−q`, a
/// squared length (m², not metres). Touching is a hit of depth 0.
///
/// Original: `CapsuleBox_CornerCircle` (0x0034a2d0).
#[inline]
#[must_use]
pub fn corner_circle<R: Real>(x: R, y: R, r: R, hx: R, hy: R) -> Option<R> {
    let ex = add(x, hx);
    let ey = add(y, hy);
    let q = sub(add(mul(ex, ex), mul(ey, ey)), mul(r, r));
    (q <= R::ZERO).then(|| -q)
}

/// The circle of radius `r` at `(x, y)` against the side `x = −hx` of the
/// rectangle, for a centre with `x < −hx` and `|y| ≤ hy` (Unit 4,
/// `CapsuleBox_SideInterval`).
///
/// `s = x + hx + r` (the radius minus the gap to the side); a hit when
/// `s ≥ 0`, with depth `s` in metres. Touching is a hit of depth 0. The
/// original reads only `x`, `r` and `hx`; `y` and `hy` are kept so the
/// argument list matches its callers.
///
/// Original: `CapsuleBox_SideInterval` (0x0034a6a0).
#[inline]
#[must_use]
pub fn side_interval<R: Real>(x: R, _y: R, r: R, hx: R, _hy: R) -> Option<R> {
    let s = add(add(x, hx), r);
    (s >= R::ZERO).then_some(s)
}
