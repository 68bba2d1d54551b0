//! The face-region step: a sphere starting over a face (Unit 5,
//! "SphereBox_SweepCorner (0x0034b040): the face-region step").

use ps2_float::{Real, Vec4};

use super::step::{StartTouch, Step};
use crate::roots::{ray_circle_root, ray_sphere_root};

/// The signed edge an axis's move heads for and its `k` term (Unit 5, face
/// step, step 3): `(s, k)` with `s = +1, k = m·g − mw·(x − h)` when `m ≥ 0`,
/// else `s = −1, k = mw·(x + h) − m·g`.
#[inline]
#[must_use]
fn heading<R: Real>(x: R, h: R, m: R, mw: R, g: R) -> (R, R) {
    if m >= R::ZERO {
        (R::ONE, m * g - mw * (x - h))
    } else {
        (-R::ONE, mw * (x + h) - m * g)
    }
}

/// The fraction at which a centre past one edge of the face meets that
/// edge's line, in the plane of the edge's axis and the face normal: `q`
/// the start relative to the edge, `m` the move, `rr = r²`. `None` when the
/// path passes wider than `r` (`k² > r²·|m|²`, `k` from [`heading`]).
#[inline]
#[must_use]
fn edge_line_root<R: Real>(k: R, q: [R; 2], m: [R; 2], rr: R) -> Option<R> {
    let a_m = m[0] * m[0] + m[1] * m[1];
    if k * k > rr * a_m {
        return None;
    }
    Some(ray_circle_root(q, m, a_m, rr))
}

/// First contact of a sphere of radius `r` whose folded centre starts at
/// `start = (u, v, w)` above the face `w = c` of the half extents
/// `half = (a, b, c)` and moves by `mv = (mu, mv, mw)` (Unit 5,
/// "SphereBox_SweepCorner: the face-region step").
///
/// The face is taken when the centre is still over it (each `k ≤ r·|m|`) as
/// it reaches the plane `w = c + r`; past one edge, that edge as an infinite
/// line (the other coordinate of the point is not clamped); past both, the
/// corner sphere only, never the edge cylinders. The point is `(u, v, w)` in
/// the step's axes, on the box surface. With [`StartTouch::Reject`] a centre
/// already within `r` of the face plane gives [`Step::Touching`].
///
/// Original: `SphereBox_SweepCorner` (0x0034b040).
#[must_use]
pub fn sweep_face_region<R: Real>(
    half: [R; 3],
    start: [R; 3],
    mv: [R; 3],
    r: R,
    touch: StartTouch,
) -> Step<R> {
    let [a, b, c] = half;
    let [u, v, w] = start;
    let [mu, mv, mw] = mv;
    if touch == StartTouch::Reject && w <= c + r {
        return Step::Touching;
    }
    if mw >= R::ZERO {
        return Step::Miss;
    }
    let g = w - c;
    // Products in the spec's operand order (divergence 65); the edges' signed
    // coordinates `su·a`, `sv·b` are products, sign first (divergence 64);
    // the points' `x + t·m` are multiply-adds, saturating in f32 mode
    // (divergence 67).
    let (su, ku) = heading(u, a, mu, mw, g);
    let (sv, kv) = heading(v, b, mv, mw, g);
    let u_over = ku <= r * mu.abs();
    let v_over = kv <= r * mv.abs();
    let rr = r * r;
    match (u_over, v_over) {
        (true, true) => {
            let fraction = (r - g).div(mw);
            let point = [u.madd(fraction, mu), v.madd(fraction, mv), c];
            Step::Hit { fraction, point }
        }
        (false, true) => {
            let Some(fraction) = edge_line_root(ku, [u - su * a, g], [mu, mw], rr) else {
                return Step::Miss;
            };
            let point = [su * a, v.madd(fraction, mv), c];
            Step::Hit { fraction, point }
        }
        (true, false) => {
            let Some(fraction) = edge_line_root(kv, [v - sv * b, g], [mv, mw], rr) else {
                return Step::Miss;
            };
            let point = [u.madd(fraction, mu), sv * b, c];
            Step::Hit { fraction, point }
        }
        (false, false) => {
            if ku * ku > rr * (mu * mu + mw * mw) || kv * kv > rr * (mv * mv + mw * mw) {
                return Step::Miss;
            }
            let q = Vec4::new(u - su * a, v - sv * b, g, R::ZERO);
            let m = Vec4::new(mu, mv, mw, R::ZERO);
            if q.cross(m).length_sq() > rr * m.length_sq() {
                return Step::Miss;
            }
            let fraction = ray_sphere_root([q.x, q.y, q.z], [mu, mv, mw], rr);
            Step::Hit {
                fraction,
                point: [su * a, sv * b, c],
            }
        }
    }
}
