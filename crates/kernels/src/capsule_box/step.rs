//! What the two capsule-box steps take and return, and the circle root they
//! share (spec, Unit 12, "CapsuleBox_SweepSide").

use ps2_float::Real;

/// The folded arguments of a step: `(x, y, r, mx, my, hx, hy)` as the region
/// code passes them in `f12`-`f18`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Folded<R> {
    /// The start centre's coordinate along the first in-plane axis.
    pub x: R,
    /// The start centre's coordinate along the second in-plane axis.
    pub y: R,
    /// The capsule's radius.
    pub r: R,
    /// The move along the first in-plane axis.
    pub mx: R,
    /// The move along the second in-plane axis.
    pub my: R,
    /// The rectangle's half extent along the first in-plane axis.
    pub hx: R,
    /// The rectangle's half extent along the second in-plane axis.
    pub hy: R,
}

/// What a step returns: its integer result with the out-parameters it wrote.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepResult<R> {
    /// `0`: no hit; nothing written.
    Miss,
    /// `−1`: already within `r` at the start; the fraction is written as 0,
    /// the touch point is not written.
    Touching,
    /// `1`: a hit at `frac` (any sign; the caller rejects only `frac > 1`),
    /// touching the folded rectangle at `(px, py)`.
    Hit {
        /// The fraction of the move.
        frac: R,
        /// The touch point's first coordinate (folded frame).
        px: R,
        /// The touch point's second coordinate (folded frame).
        py: R,
    },
}

impl<R: Real> StepResult<R> {
    /// The integer the original returns (`1`, `0` or `−1`).
    #[inline]
    #[must_use]
    pub fn code(&self) -> i32 {
        match self {
            StepResult::Miss => 0,
            StepResult::Touching => -1,
            StepResult::Hit { .. } => 1,
        }
    }

    /// The fraction written through `*frac`, if any.
    #[inline]
    #[must_use]
    pub fn fraction(&self) -> Option<R> {
        match *self {
            StepResult::Miss => None,
            StepResult::Touching => Some(R::ZERO),
            StepResult::Hit { frac, .. } => Some(frac),
        }
    }

    /// The touch point written through `*px`, `*py`, if any.
    #[inline]
    #[must_use]
    pub fn point(&self) -> Option<(R, R)> {
        match *self {
            StepResult::Hit { px, py, .. } => Some((px, py)),
            _ => None,
        }
    }
}

/// `r²·A`, the right-hand side of the steps' miss tests.
#[inline]
#[must_use]
pub(crate) fn r2a<R: Real>(r: R, a: R) -> R {
    (r * r) * a
}

/// `mx² + my²`.
#[inline]
#[must_use]
pub(crate) fn len2<R: Real>(mx: R, my: R) -> R {
    mx * mx + my * my
}

/// The smaller root of `|q + t·m|² = r²`, inline in both steps:
/// `C = |q|² − r²`, `B = q·m`, `D = sqrt(|B² − A·C|)`,
/// `t = (C / D) / (1 − B / D)` (spec, Unit 12, "CapsuleBox_SweepSide", the
/// root; the two divisions by `D` as the section writes them, divergence 81).
///
/// `D = 0` saturates as on the console (both quotients `±MAX`, the result
/// `±1` or so); only the guarded near-corner branch treats it specially.
#[inline]
#[must_use]
pub(crate) fn circle_root<R: Real>(qx: R, qy: R, mx: R, my: R, a: R, r: R) -> (R, R) {
    let c = len2(qx, qy) - r * r;
    let b = qx * mx + qy * my;
    let d = (b * b).msub(a, c).sqrt();
    let t = c.div(d).div(R::ONE - b.div(d));
    (t, d)
}
