//! What a region step returns, and the flag that makes it reject a sphere
//! already touching (Unit 5, "Records and conventions": step results).

use ps2_float::Real;

/// The result of one of the region steps: the original's return value 1, 0 or
/// −1 with what it wrote.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step<R> {
    /// 1: first contact at `fraction` of the move, at `point` (three
    /// coordinates in the step's own axis order, in the folded box frame).
    Hit {
        /// The fraction of the move.
        fraction: R,
        /// The point (the step's axis order).
        point: [R; 3],
    },
    /// 0: no contact during the move (nothing written).
    Miss,
    /// −1: the sphere already touches the feature at the start; the step wrote
    /// a fraction of 0 and no point. Callers treat it as no contact.
    Touching,
}

impl<R: Real> Step<R> {
    /// The original's return value: 1, 0 or −1.
    #[inline]
    #[must_use]
    pub fn code(&self) -> i32 {
        match self {
            Step::Hit { .. } => 1,
            Step::Miss => 0,
            Step::Touching => -1,
        }
    }

    /// The fraction the step wrote: the hit's, 0 for [`Step::Touching`],
    /// none for a miss.
    #[inline]
    #[must_use]
    pub fn fraction(&self) -> Option<R> {
        match *self {
            Step::Hit { fraction, .. } => Some(fraction),
            Step::Miss => None,
            Step::Touching => Some(R::ZERO),
        }
    }

    /// The same result with the hit's point rearranged by `f` (from a called
    /// step's axis order into the caller's).
    #[inline]
    #[must_use]
    pub(crate) fn map_point(self, f: impl FnOnce([R; 3]) -> [R; 3]) -> Self {
        match self {
            Step::Hit { fraction, point } => Step::Hit {
                fraction,
                point: f(point),
            },
            other => other,
        }
    }
}

/// The steps' flag `t0`: whether a sphere already within its radius of the
/// feature at the start is rejected with [`Step::Touching`]. The main kernel
/// passes `Reject` (t0 = 1); a step called from another step passes `Ignore`
/// (t0 = 0). The corner-region step has no flag and always rejects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartTouch {
    /// t0 ≠ 0: test the start and return −1 when it already touches.
    Reject,
    /// t0 = 0: skip the test.
    Ignore,
}
