//! A ray against a segment with a radius (a capsule about any axis): the
//! entry the console's ray table lacks, used when
//! [`PairQuirks::ray_box_capsule_only`](crate::PairQuirks) is off.

use ps2_float::{Real, Vec4};

use crate::least::keep_least;
use crate::shapes::Segment;
use crate::sweep::{cap_entry, entry_root, sweep_sphere_sphere};

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
/// outside, the first entry is the side wall's (the root of the distance to
/// the infinite axis, when its axial parameter lies in `[0, 1]`), else the
/// earlier of the two end spheres' entries, each the smaller root
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
    // One division: the axial parameters below are products with `1 / a·a`.
    let inv = R::ONE.div(aa);
    let m = start - seg.start;
    let rr = r * r;
    let (ma, da) = (m.dot(a), dir.dot(a));
    let u = (ma * inv).max(R::ZERO).min(R::ONE);
    let e = m - a.scale(u);
    if e.dot(e) <= rr {
        return (e.dot(dir) < R::ZERO).then_some(R::ZERO);
    }

    // The side wall: the distance to the infinite axis (`m` and `dir` less
    // their components along it). The capsule lies within that cylinder, so
    // a ray that never enters the cylinder misses, and one that enters it
    // where the axial parameter lies in `[0, 1]` enters the capsule there.
    let (mp, dp) = (m - a.scale(ma * inv), dir - a.scale(da * inv));
    let b = mp.dot(dp);
    let c = mp.dot(mp) - rr;
    if c > R::ZERO {
        if b >= R::ZERO {
            return None;
        }
        let t = entry_root(dp.dot(dp), b, c)?;
        let s = ma.madd(da, t) * inv;
        if R::ZERO <= s && s <= R::ONE {
            return (t <= R::ONE).then_some(t);
        }
    }
    // Past an end of the wall: the end spheres, the earlier entry.
    let mut best: Option<R> = None;
    for s in [seg.start, seg.end] {
        if let Some(t) = cap_entry(start, dir, s, r) {
            keep_least(&mut best, t);
        }
    }
    best.filter(|t| *t <= R::ONE)
}
