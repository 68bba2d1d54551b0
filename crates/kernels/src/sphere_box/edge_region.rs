//! The edge-region step: a sphere starting outside two slabs and inside the
//! third (Unit 5, "SphereBox_SweepEdges (0x0034b600): the edge-region step").

use ps2_float::Real;

use super::edge::sweep_edge;
use super::face_region::sweep_face_region;
use super::step::{StartTouch, Step};

/// First contact of a sphere of radius `r` whose folded centre starts at
/// `start = (p, q, s)` beside the edge along `Q` at `P = a`, `R = c` (so
/// `p > a`, `s > c`), half extents `half = (a, b, c)`, moving by
/// `mv = (mp, mq, ms)` (Unit 5, "SphereBox_SweepEdges: the edge-region step").
///
/// In the `P`-`R` plane the sign of `k = ms·ep − mp·es` tells which face
/// plane the centre crosses first; within `r` of the edge it hands over to
/// [`sweep_edge`], else to [`sweep_face_region`] for the `R` face (`k ≥ 0`) or
/// the `P` face (`k < 0`), without the start test. The point is `(P, Q, R)`.
/// With [`StartTouch::Reject`] a centre already within `r` of the edge line
/// gives [`Step::Touching`].
///
/// Original: `SphereBox_SweepEdges` (0x0034b600).
#[must_use]
pub fn sweep_edge_region<R: Real>(
    half: [R; 3],
    start: [R; 3],
    mv: [R; 3],
    r: R,
    touch: StartTouch,
) -> Step<R> {
    // The same inputs as `sweep_face_region` (the console's steps share one
    // frame); the regions' steps differ.
    let [a, b, c] = half;
    let [p, q, s] = start;
    let [mp, mq, ms] = mv;
    let ep = p - a;
    let es = s - c;
    if touch == StartTouch::Reject && (ep * ep + es * es) - r * r <= R::ZERO {
        return Step::Touching;
    }
    if mp * ep + ms * es >= R::ZERO {
        return Step::Miss;
    }
    let k = ms * ep - mp * es;
    if k >= R::ZERO {
        if mp >= R::ZERO {
            return Step::Miss;
        }
        if k <= r * mp.abs() {
            // Axis 1 = R, axis 2 = P: the point comes back as (R, Q, P).
            sweep_edge(q, [c, b, a], [es, ep], [ms, mq, mp], r)
                .map_point(|[r_, q_, p_]| [p_, q_, r_])
        } else {
            sweep_face_region(half, start, mv, r, StartTouch::Ignore)
        }
    } else {
        if ms >= R::ZERO {
            return Step::Miss;
        }
        if k >= r * ms {
            sweep_edge(q, [a, b, c], [ep, es], [mp, mq, ms], r)
        } else {
            // (u, v, w) = (R, Q, P): the point comes back as (R, Q, P).
            sweep_face_region([c, b, a], [s, q, p], [ms, mq, mp], r, StartTouch::Ignore)
                .map_point(|[r_, q_, p_]| [p_, q_, r_])
        }
    }
}
