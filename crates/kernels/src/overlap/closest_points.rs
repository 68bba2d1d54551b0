//! The closest points of two segments with Unit 4's two kernel quirks
//! switchable ([`OverlapQuirks::segment_absolute_threshold`],
//! [`OverlapQuirks::segment_degenerate_second`]).

use ps2_float::{Real, Vec4};

use super::OverlapQuirks;
use crate::sat::{mul, sub};
use crate::segment::{clamped_numerators, closest_points, closest_points_dots, eps};

/// `n / d` clamped to `[0, 1]`, or 0 when `d` is not positive (a zero-length
/// segment has no parameter to speak of).
#[inline]
#[must_use]
fn ratio<R: Real>(n: R, d: R) -> R {
    if d > R::ZERO {
        n.div(d).max(R::ZERO).min(R::ONE)
    } else {
        R::ZERO
    }
}

/// The parameters `(s, t)`, both in `[0, 1]`, of the closest points
/// `p1 + s·d1` and `p2 + t·d2` of two segments, given `w = p1 − p2`: the
/// clamped solution of Unit 4's `Segment_ClosestPoints`, with its two edge
/// cases as the switches say.
///
/// With both switches on it is [`closest_points`], bit for bit. With
/// `segment_absolute_threshold` off, the segments count as parallel when
/// `a·c − b² ≤ 1e-6·a·c` (an angle under about 0.06°, whatever the
/// lengths), and each parameter is its numerator over its denominator with
/// no rounding to 0 (divergence 451). With `segment_degenerate_second` off,
/// a zero-length second segment (`c = 0`) gets the first segment's parameter
/// nearest it, `−d / a` clamped, as a zero-length first segment already gets
/// `t` (divergence 452).
#[must_use]
pub fn closest_points_with<R: Real>(
    d1: Vec4<R>,
    d2: Vec4<R>,
    w: Vec4<R>,
    q: &OverlapQuirks,
) -> (R, R) {
    if q.closest_points_console() {
        return closest_points(d1, d2, w);
    }
    let eps = eps::<R>();
    let [a, b, c, d, e] = closest_points_dots(d1, d2, w);
    let ac = mul(a, c);
    let den = sub(ac, mul(b, b));
    let parallel = if q.segment_absolute_threshold {
        den < eps
    } else {
        den <= mul(eps, ac)
    };

    let point_second = !q.segment_degenerate_second;
    let (sn, sd, tn, td) = clamped_numerators([a, b, c, d, e], den, parallel, point_second);

    if q.segment_absolute_threshold {
        let s = if sn.abs() < eps {
            R::ZERO
        } else {
            ratio(sn, sd)
        };
        let t = if tn.abs() < eps {
            R::ZERO
        } else {
            ratio(tn, td)
        };
        (s, t)
    } else {
        (ratio(sn, sd), ratio(tn, td))
    }
}
