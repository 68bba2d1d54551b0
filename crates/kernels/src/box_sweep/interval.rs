//! One axis of a sweep: a moving interval against a still one
//! (spec, Unit 13, "Sweep_IntervalOverlap (0x0034a8d0)").

use ps2_float::Real;

/// A closed interval `[min, max]` on an axis.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval<R> {
    /// The low end.
    pub min: R,
    /// The high end.
    pub max: R,
}

impl<R: Real> Interval<R> {
    /// `[min, max]`.
    #[inline]
    #[must_use]
    pub const fn new(min: R, max: R) -> Self {
        Self { min, max }
    }
}

/// The time window `[first, last]` in which two intervals overlap, narrowed
/// axis by axis (the original's `*tFirst`, `*tLast`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Window<R> {
    /// `tFirst`: the latest entry time so far.
    pub first: R,
    /// `tLast`: the earliest exit time so far.
    pub last: R,
}

/// `a × b` saturated at `±MAX`: a no-op in `Ee32` mode (the multiplier
/// saturates itself); in `f32` mode it stops a product of a saturated
/// reciprocal from overflowing into an infinity (divergence 90).
#[inline]
#[must_use]
fn mul_sat<R: Real>(a: R, b: R) -> R {
    crate::sat::mul(a, b)
}

/// Narrows `window` by one axis on which the still interval `a` and the
/// interval `b`, moving by `v` per unit of time, must overlap; returns true
/// (the original's 1) when they are separated for the whole move, or when the
/// window is empty, and false (0) otherwise.
///
/// * `b` below `a` (`b.max < a.min`): separated unless `v > 0`; the entry time
///   `(a.min − b.max)·(1/v)` raises `first`, and `first > t_max` separates
///   (`first` keeps the raised value); the exit time `(a.max − b.min)·(1/v)`
///   lowers `last`.
/// * `b` above `a` (`a.max < b.min`): the mirror, for `v < 0`.
/// * Overlapping now (touching counts) with `v ≠ 0`: the exit time, divided
///   by `v` this time, lowers `last`.
/// * Overlapping with `v` exactly 0: `first = 0`, `last = 1`, false. This
///   forgets whatever window the earlier axes built (a quirk of the original,
///   kept).
///
/// The end test separates when `last < first` (strict).
///
/// Spec: Unit 13, "Sweep_IntervalOverlap (0x0034a8d0)".
/// Original: `Sweep_IntervalOverlap` (0x0034a8d0).
#[inline]
pub fn sweep_interval_overlap<R: Real>(
    window: &mut Window<R>,
    t_max: R,
    v: R,
    a: Interval<R>,
    b: Interval<R>,
) -> bool {
    sweep_interval_overlap_with(window, t_max, v, a, b, true)
}

/// [`sweep_interval_overlap`] with the zero-speed reset switched
/// ([`Quirks::zero_speed_reset`](crate::Quirks::zero_speed_reset)): `reset`
/// true is the original; false leaves the window as it is for intervals
/// that overlap at speed 0 (they overlap for the whole move, so the axis
/// constrains nothing) and returns whether the window is empty, the
/// separating-axis sweep's true rule.
pub fn sweep_interval_overlap_with<R: Real>(
    window: &mut Window<R>,
    t_max: R,
    v: R,
    a: Interval<R>,
    b: Interval<R>,
    reset: bool,
) -> bool {
    AxisTimes::new(v, a, b).narrow(window, t_max, reset)
}

/// The two halves of [`sweep_interval_overlap_with`]: what it works out
/// from the speed and the two intervals alone (its branches, the
/// reciprocal and the entry and leaving times), and what it then does to
/// the window ([`AxisTimes::narrow`]). Kept apart, an axis tested twice
/// with the same values (the box sweep's own axes, in the pre-test and
/// then in the kernel) divides once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum AxisTimes<R> {
    /// Apart and not closing: separated whatever the window.
    Apart,
    /// Apart and closing: the entry time, and the reciprocal speed and the
    /// span whose product is the exit time (worked only where the window
    /// is not left at the entry, as the function works it).
    Closing { enter: R, k: R, exit_span: R },
    /// Overlapping and moving: the exit time.
    Leaving(R),
    /// Overlapping at speed 0.
    Still,
}

impl<R: Real> AxisTimes<R> {
    /// The times of the speed `v` and the intervals `a` (still) and `b`
    /// (moving).
    #[inline(always)]
    pub(crate) fn new(v: R, a: Interval<R>, b: Interval<R>) -> Self {
        if b.max < a.min {
            if v <= R::ZERO {
                return AxisTimes::Apart;
            }
            let k = R::ONE.div(v);
            AxisTimes::Closing {
                enter: mul_sat(a.min - b.max, k),
                k,
                exit_span: a.max - b.min,
            }
        } else if a.max < b.min {
            if v >= R::ZERO {
                return AxisTimes::Apart;
            }
            let k = R::ONE.div(v);
            AxisTimes::Closing {
                enter: mul_sat(a.max - b.min, k),
                k,
                exit_span: a.min - b.max,
            }
        } else if v > R::ZERO {
            AxisTimes::Leaving((a.max - b.min).div(v))
        } else if v < R::ZERO {
            AxisTimes::Leaving((a.min - b.max).div(v))
        } else {
            AxisTimes::Still
        }
    }

    /// [`sweep_interval_overlap_with`] on `window` with these times: what
    /// the function does to the window once it has its times, and its
    /// answer.
    #[inline(always)]
    pub(crate) fn narrow(self, window: &mut Window<R>, t_max: R, reset: bool) -> bool {
        match self {
            AxisTimes::Apart => return true,
            AxisTimes::Closing {
                enter,
                k,
                exit_span,
            } => {
                if window.first < enter {
                    window.first = enter;
                }
                // Read as a test after the raise whether or not it raised
                // (divergence 91; equivalent while `first ≤ t_max` on entry).
                if t_max < window.first {
                    return true;
                }
                let exit = mul_sat(exit_span, k);
                if exit < window.last {
                    window.last = exit;
                }
            }
            AxisTimes::Leaving(t) => {
                if t < window.last {
                    window.last = t;
                }
            }
            AxisTimes::Still => {
                if reset {
                    // The zero-speed reset (0x0034aa1c-0x0034aa50).
                    window.first = R::ZERO;
                    window.last = R::ONE;
                    return false;
                }
            }
        }
        window.last < window.first
    }
}
