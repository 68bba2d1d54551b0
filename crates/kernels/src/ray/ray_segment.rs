//! A ray against a segment with a radius (a capsule about any axis): the
//! entry the console's ray table lacks, used when
//! [`PairQuirks::ray_box_capsule_only`](crate::PairQuirks) is off.

use ps2_float::{Real, Vec4};

use crate::shapes::Segment;
use crate::sweep::{cap_entry, entry_root, sweep_sphere_sphere};

/// `v` less its component along `a`, where `aa = a·a > 0`.
#[inline]
fn across<R: Real>(v: Vec4<R>, a: Vec4<R>, aa: R) -> Vec4<R> {
    v - a.scale(v.dot(a).div(aa))
}

/// The fraction of the ray `start + t·dir`, `t` in `[0, 1]`, at which it
/// first meets the segment taken with its radius (a capsule from
/// `seg.start` to `seg.end` with hemispherical ends), or `None`. The
/// original has no such entry (the console's table never ray-tests a
/// segment); this one is divergence 476.
///
/// It is the capsule ray ([`physics_ray_capsule`](super::physics_ray_capsule))
/// about an axis of any direction: a start within the radius of the axis
/// (touching included) meets it at 0 when the ray heads further in, towards
/// the nearest axis point, and not at all otherwise (divergence 101). From
/// outside, the first entry is the earliest of the side wall's (the root of
/// the distance to the infinite axis, kept when its axial parameter lies in
/// `[0, 1]`) and the two end spheres' entries, each the smaller root
/// `C / (sqrt(B² − A·C) − B)` (divergence 100), and it must be at most 1.
/// A segment of zero length is a sphere at its start.
#[must_use]
pub fn ray_segment<R: Real>(seg: &Segment<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    let r = seg.radius;
    let a = seg.end - seg.start;
    let aa = a.dot(a);
    if aa <= R::ZERO {
        return sweep_sphere_sphere(start, dir, seg.start, r);
    }
    let m = start - seg.start;
    let rr = r * r;
    let u = m.dot(a).div(aa).max(R::ZERO).min(R::ONE);
    let e = m - a.scale(u);
    if e.dot(e) <= rr {
        return (e.dot(dir) < R::ZERO).then_some(R::ZERO);
    }

    let mut best: Option<R> = None;
    let mut keep = |t: R| {
        if best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    };
    // The side wall: the distance to the infinite axis.
    let (mp, dp) = (across(m, a, aa), across(dir, a, aa));
    let b = mp.dot(dp);
    let c = mp.dot(mp) - rr;
    if b < R::ZERO && c > R::ZERO {
        if let Some(t) = entry_root(dp.dot(dp), b, c) {
            let s = m.madd(dir, t).dot(a).div(aa);
            if R::ZERO <= s && s <= R::ONE {
                keep(t);
            }
        }
    }
    // The end spheres.
    for s in [seg.start, seg.end] {
        if let Some(t) = cap_entry(start, dir, s, r) {
            keep(t);
        }
    }
    best.filter(|t| *t <= R::ONE)
}
