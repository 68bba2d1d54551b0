//! Closest points on segments: a point against a segment, and two segments
//! against each other (Unit 4, "The kernels").
//!
//! A segment here is a start `p0` and a direction `d`, covering `p0 + t·d` for
//! `t` in `[0, 1]`. The overlap tests of Unit 4 call these kernels, and so may
//! other units' sweeps; the parameters they return are always clamped to
//! `[0, 1]`.
//!
//! Two behaviours of the original are kept (Unit 4, `Segment_ClosestPoints`):
//! the parallel test is absolute (`a·c − b² < 1e-6`, whatever the lengths), and
//! a zero-length second segment leaves `s = 0`, so the first segment is then
//! measured from its start only.
//!
//! Sums and products saturate in `f32` mode as on the console (divergence 51).

use ps2_float::{Real, Vec4};

use crate::sat::{add, dot, mul, sub, vmadd, vsub};

/// The original's threshold `1e-6` (0x358637bd), used for the parallel test
/// and for rounding tiny numerators to zero.
#[inline]
#[must_use]
pub(crate) fn eps<R: Real>() -> R {
    R::from_bits(0x3586_37bd)
}

/// The parameter `t` in `[0, 1]` of the point of `p0 + t·d` nearest `q`
/// (Unit 4, `Segment_ClosestParam`).
///
/// `k = (q − p0)·d`; `t = 0` unless `k > 0`, then `1` when `d·d < k`, else
/// `k / (d·d)`. A zero-length segment gives `0` without dividing.
///
/// Original: `Segment_ClosestParam` (0x0034ac08).
#[inline]
#[must_use]
pub fn closest_param<R: Real>(p0: Vec4<R>, d: Vec4<R>, q: Vec4<R>) -> R {
    let k = dot(vsub(q, p0), d);
    if k > R::ZERO {
        let dd = dot(d, d);
        if dd < k {
            R::ONE
        } else {
            k.div(dd)
        }
    } else {
        R::ZERO
    }
}

/// The point of the segment `p0 + t·d` nearest `q`, with `w = 1` (Unit 4,
/// `Segment_ClosestPoint`); `t` from [`closest_param`].
///
/// Original: `Segment_ClosestPoint` (0x0034acc8).
#[inline]
#[must_use]
pub fn closest_point<R: Real>(p0: Vec4<R>, d: Vec4<R>, q: Vec4<R>) -> Vec4<R> {
    let t = closest_param(p0, d, q);
    // p0 + t·d, the product rounded first (divergence 41 for its operand order).
    vmadd(p0, d, t).with_w(R::ONE)
}

/// The parameters `(s, t)`, both in `[0, 1]`, of the closest points
/// `p1 + s·d1` and `p2 + t·d2` of two segments, given `w = p1 − p2` (Unit 4,
/// `Segment_ClosestPoints`).
///
/// The clamped solution with numerators and denominators kept apart, as
/// published by Dan Sunday, with the original's single threshold `1e-6`: the
/// segments count as parallel when `a·c − b² < 1e-6` (absolute), and a
/// numerator below `1e-6` in magnitude gives a parameter of exactly 0.
///
/// Original: `Segment_ClosestPoints` (0x0034ad50).
#[must_use]
pub fn closest_points<R: Real>(d1: Vec4<R>, d2: Vec4<R>, w: Vec4<R>) -> (R, R) {
    let eps = eps::<R>();
    let [a, b, c, d, e] = closest_points_dots(d1, d2, w);
    // Products rounded, then subtracted (divergence 52).
    let den = sub(mul(a, c), mul(b, b));

    let (sn, sd, tn, td) = clamped_numerators([a, b, c, d, e], den, den < eps, false);
    let s = if sn.abs() < eps { R::ZERO } else { sn.div(sd) };
    let t = if tn.abs() < eps { R::ZERO } else { tn.div(td) };
    (s, t)
}

/// The five dot products the closest points' parameters are made of,
/// `[d1·d1, d1·d2, d2·d2, d1·w, d2·w]` (Unit 4, `Segment_ClosestPoints`):
/// shared by [`closest_points`] and the corrected form in
/// `overlap::closest_points`.
#[inline]
#[must_use]
pub(crate) fn closest_points_dots<R: Real>(d1: Vec4<R>, d2: Vec4<R>, w: Vec4<R>) -> [R; 5] {
    [
        dot(d1, d1),
        dot(d1, d2),
        dot(d2, d2),
        dot(d1, w),
        dot(d2, w),
    ]
}

/// `s`'s numerator and denominator once `t` is clamped to one of its ends:
/// `n / a` clamped to `[0, 1]` (`n` the numerator over `a`), `sd` kept at
/// either end of `s`.
#[inline]
#[must_use]
fn s_at_t_end<R: Real>(n: R, a: R, sd: R) -> (R, R) {
    if n < R::ZERO {
        (R::ZERO, sd)
    } else if n > a {
        (sd, sd)
    } else {
        (n, a)
    }
}

/// The clamped numerators and denominators `(sn, sd, tn, td)` of the
/// closest points' parameters (Unit 4, `Segment_ClosestPoints`), from
/// `[a, b, c, d, e]` (`d1·d1`, `d1·d2`, `d2·d2`, `d1·w`, `d2·w`) and
/// `den = a·c − b²`: the parallel branch when `parallel` says so, and with
/// `point_second` a zero-length second segment clamped against the first
/// instead of measured from its start. Shared by [`closest_points`] and
/// the corrected form in `overlap::closest_points`.
#[must_use]
pub(crate) fn clamped_numerators<R: Real>(
    [a, b, c, d, e]: [R; 5],
    den: R,
    parallel: bool,
    point_second: bool,
) -> (R, R, R, R) {
    let (mut sn, mut sd, mut tn, mut td);
    if parallel {
        // Parallel or degenerate: s from the start of the first segment.
        sn = R::ZERO;
        sd = R::ONE;
        tn = e;
        td = c;
        if point_second && c <= R::ZERO {
            // A point second segment against the first: clamped as the
            // `tn < 0` branch below does (divergence 452).
            tn = -R::ONE;
            td = R::ONE;
        }
    } else {
        sn = sub(mul(b, e), mul(c, d));
        tn = sub(mul(a, e), mul(b, d));
        sd = den;
        td = den;
        if sn < R::ZERO {
            sn = R::ZERO;
            tn = e;
            td = c;
        } else if sn > sd {
            sn = sd;
            tn = add(e, b);
            td = c;
        }
    }

    if tn < R::ZERO {
        tn = R::ZERO;
        (sn, sd) = s_at_t_end(-d, a, sd);
    } else if tn > td {
        tn = td;
        (sn, sd) = s_at_t_end(sub(b, d), a, sd);
    }

    (sn, sd, tn, td)
}
