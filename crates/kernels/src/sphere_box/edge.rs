//! One edge of the box: its cylinder and the corner at the end the move heads
//! for (Unit 5, "SphereBox_SweepEdge (0x0034b3b8)").

use ps2_float::{Real, Vec4};

use super::step::Step;
use crate::roots::{ray_circle_root, ray_sphere_root};

/// First contact of a sphere of radius `r` with the edge line along `Q` at
/// `h1` on axis 1 and `h2` on axis 2 (Unit 5, "SphereBox_SweepEdge").
///
/// * `q`: the centre's coordinate along the edge;
/// * `h = (h1, b, h2)`: the edge's place on axis 1, the half extent along `Q`,
///   its place on axis 2;
/// * `e = (e1, e2)`: the centre's offsets from the edge on axes 1 and 2;
/// * `m = (m1, mq, m2)`: the move on axis 1, along `Q`, on axis 2.
///
/// The corner at the end the move heads for is taken when the centre leaves
/// past that end still farther than `r` from the line (and its line reaches
/// the corner sphere; else no contact); otherwise the infinite cylinder, whose
/// point along `Q` is not clamped to the edge's length. There is no test that
/// the path reaches the cylinder: the callers come here only when it does. The
/// point is `(axis 1, Q, axis 2)`.
///
/// Original: `SphereBox_SweepEdge` (0x0034b3b8).
#[must_use]
pub fn sweep_edge<R: Real>(q: R, h: [R; 3], e: [R; 2], m: [R; 3], r: R) -> Step<R> {
    let [h1, b, h2] = h;
    let [e1, e2] = e;
    let [m1, mq, m2] = m;
    let (sq, f) = if mq >= R::ZERO {
        (R::ONE, q - b)
    } else {
        (-R::ONE, q + b)
    };
    // `sq·(…)` and `sq·b` are products, sign first (divergence 64).
    let j1 = sq * (e1 * mq - f * m1);
    let j2 = sq * (e2 * mq - f * m2);
    let rr = r * r;
    if j1 >= R::ZERO && j2 >= R::ZERO && rr * (mq * mq) < j1 * j1 + j2 * j2 {
        let qv = Vec4::new(e1, f, e2, R::ZERO);
        let mv = Vec4::new(m1, mq, m2, R::ZERO);
        if qv.cross(mv).length_sq() > rr * mv.length_sq() {
            return Step::Miss;
        }
        let fraction = ray_sphere_root([e1, f, e2], [m1, mq, m2], rr);
        return Step::Hit {
            fraction,
            point: [h1, sq * b, h2],
        };
    }
    let fraction = ray_circle_root([e1, e2], [m1, m2], m1 * m1 + m2 * m2, rr);
    Step::Hit {
        fraction,
        point: [h1, q.madd(fraction, mq), h2],
    }
}
