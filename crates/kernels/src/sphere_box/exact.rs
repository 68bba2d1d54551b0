//! The corrected sphere-box sweep ([`Quirks::sphere_box_steps`](crate::Quirks)
//! off): the true first contact of a moving sphere with an oriented box and
//! the true normal there.
//!
//! In the box's frame the sphere's centre first touches the box when it
//! enters the box rounded by the radius, which is the union of three boxes
//! (the box grown by `r` along one axis each) and the twelve edges' capsules
//! (each edge swept by a ball of radius `r`, its corners included). The
//! first touch of a union is its members' earliest: the slab entry of each
//! grown box and [`capsule_entry`] of each edge. The normal is the
//! direction from the nearest point of the box to the centre at contact.

use ps2_float::{Real, Vec4};

use super::kernel::SphereBoxHit;
use crate::least::keep_first_touch;
use crate::shapes::OrientedBox;
use crate::sphere_triangle::capsule_entry;

/// The entry time into the box of half sizes `h` centred at the origin
/// along the path `d + t m` from outside, when it lies in `[0, 1]`.
fn slab_entry<R: Real>(h: [R; 3], d: [R; 3], m: [R; 3]) -> Option<R> {
    let mut t_in = R::ZERO;
    let mut t_out = R::ONE;
    for i in 0..3 {
        if m[i] == R::ZERO {
            if d[i] < -h[i] || h[i] < d[i] {
                return None;
            }
            continue;
        }
        let k = R::ONE.div(m[i]);
        let t1 = (-h[i] - d[i]) * k;
        let t2 = (h[i] - d[i]) * k;
        let (lo, hi) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
        if lo > t_in {
            t_in = lo;
        }
        if hi < t_out {
            t_out = hi;
        }
        if t_out < t_in {
            return None;
        }
    }
    Some(t_in)
}

/// The first contact of a sphere of radius `r` whose centre starts at `d`
/// and moves by `m` (both in the box's frame, from its centre along its
/// axes) with the box of half sizes `h`: the fraction, the centre then and
/// the box's nearest point to it, or `None` when they do not meet within
/// the move. A sphere already within `r` of the box meets it at 0.
#[must_use]
pub fn sphere_box_first_touch<R: Real>(
    r: R,
    h: [R; 3],
    d: [R; 3],
    m: [R; 3],
) -> Option<(R, [R; 3], [R; 3])> {
    let clamp = |x: R, k: usize| x.max(-h[k]).min(h[k]);
    let nearest = |p: [R; 3]| [clamp(p[0], 0), clamp(p[1], 1), clamp(p[2], 2)];
    let gap2 = |p: [R; 3], q: [R; 3]| {
        let e = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
        (e[0] * e[0] + e[1] * e[1]) + e[2] * e[2]
    };
    let q0 = nearest(d);
    if gap2(d, q0) <= r * r {
        return Some((R::ZERO, d, q0));
    }
    let mut best: Option<R> = None;
    let mut take = |t: Option<R>| {
        if let Some(t) = t {
            keep_first_touch(&mut best, t);
        }
    };
    for k in 0..3 {
        let mut grown = h;
        grown[k] = grown[k] + r;
        take(slab_entry(grown, d, m));
    }
    let centre = Vec4::new(d[0], d[1], d[2], R::ONE);
    let mv = Vec4::new(m[0], m[1], m[2], R::ZERO);
    for axis in 0..3 {
        let (j, k) = ((axis + 1) % 3, (axis + 2) % 3);
        for (sj, sk) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut a = [R::ZERO; 3];
            a[axis] = -h[axis];
            a[j] = if sj { h[j] } else { -h[j] };
            a[k] = if sk { h[k] } else { -h[k] };
            let mut e = [R::ZERO; 3];
            e[axis] = h[axis] + h[axis];
            let a = Vec4::new(a[0], a[1], a[2], R::ONE);
            let e = Vec4::new(e[0], e[1], e[2], R::ZERO);
            take(capsule_entry(a, e, centre, mv, r));
        }
    }
    let t = best?;
    let at = [d[0] + m[0] * t, d[1] + m[1] * t, d[2] + m[2] * t];
    Some((t, at, nearest(at)))
}

/// [`sweep_sphere_oriented_box`](super::sweep_sphere_oriented_box)
/// corrected, for a start centre outside the box: the first touch
/// ([`sphere_box_first_touch`]) within `max_frac`, the contact point the
/// nearest point of the box (world and box frame), the normal the unit
/// direction from it to the centre at contact (`w = 0`); the horizontal
/// direction to the box, the feature and its index as the original gives
/// them for the start's region.
#[allow(clippy::too_many_arguments)] // the kernel's arguments and its region
pub(crate) fn corrected_hit<R: Real>(
    r: R,
    max_frac: R,
    bx: &OrientedBox<R>,
    d: [R; 3],
    m: [R; 3],
    to_box: Vec4<R>,
    feature: u32,
    index: u32,
) -> Option<SphereBoxHit<R>> {
    let h = [bx.half.x, bx.half.y, bx.half.z];
    let (fraction, at, q) = sphere_box_first_touch(r, h, d, m)?;
    if fraction > max_frac {
        return None;
    }
    let [a0, a1, a2] = bx.axes;
    let n = Vec4::new(at[0] - q[0], at[1] - q[1], at[2] - q[2], R::ZERO).normalize();
    let normal = a0.scale(n.x).madd(a1, n.y).madd(a2, n.z).with_w(R::ZERO);
    let world_point = bx
        .centre
        .madd(a0, q[0])
        .madd(a1, q[1])
        .madd(a2, q[2])
        .with_w(R::ONE);
    Some(SphereBoxHit {
        fraction,
        world_point,
        local_point: q,
        normal,
        to_box,
        feature,
        index,
    })
}
