//! The corner-region step: a sphere starting outside all three slabs (Unit 5,
//! "SphereBox_SweepFaceEdges (0x0034b7b0): the corner-region step").

use ps2_float::Real;

use super::edge_region::sweep_edge_region;
use super::step::{StartTouch, Step};
use crate::roots::ray_sphere_root;

/// First contact of a sphere of radius `r` whose folded centre starts at
/// `start = (dx, dy, dz)` outside all three slabs of the half extents
/// `half = (hx, hy, hz)`, moving by `mv = (mx, my, mz)` (Unit 5,
/// "SphereBox_SweepFaceEdges: the corner-region step").
///
/// `g2`, `g3`, `g4` (the offsets from the corner where the centre crosses each
/// face plane, scaled by that axis's move) pick the corner sphere (tests A, B,
/// C in that order) or one of the three edges through the corner, handed to
/// [`sweep_edge_region`] without the start test. For the corner sphere the
/// point is the sphere's centre at contact, not the corner (a quirk). A centre
/// already within `r` of the corner gives [`Step::Touching`]; the step has no
/// flag to skip that test.
///
/// Original: `SphereBox_SweepFaceEdges` (0x0034b7b0).
#[must_use]
pub fn sweep_corner_region<R: Real>(half: [R; 3], start: [R; 3], mv: [R; 3], r: R) -> Step<R> {
    let [hx, hy, hz] = half;
    let [dx, dy, dz] = start;
    let [mx, my, mz] = mv;
    let (ex, ey, ez) = (dx - hx, dy - hy, dz - hz);
    let rr = r * r;
    if ((ex * ex + ey * ey) + ez * ez) - rr <= R::ZERO {
        return Step::Touching;
    }
    if (mx * ex + my * ey) + mz * ez >= R::ZERO {
        return Step::Miss;
    }
    let g2 = mx * ez - mz * ex;
    let g3 = my * ez - mz * ey;
    let g4 = my * ex - mx * ey;
    let zero = R::ZERO;
    let case_a = g2 < zero && g4 >= zero && g2 * g2 + g4 * g4 <= rr * (mx * mx);
    let case_b = g4 < zero && g3 < zero && g3 * g3 + g4 * g4 <= rr * (my * my);
    let case_c = g2 >= zero && g3 >= zero && g2 * g2 + g3 * g3 <= rr * (mz * mz);
    if case_a || case_b || case_c {
        let fraction = ray_sphere_root([ex, ey, ez], [mx, my, mz], rr);
        let point = [
            dx.madd(fraction, mx),
            dy.madd(fraction, my),
            dz.madd(fraction, mz),
        ];
        return Step::Hit { fraction, point };
    }
    if g2 < zero && g4 >= zero {
        // The edge along x: P = y, Q = x, R = z.
        sweep_edge_region(
            [hy, hx, hz],
            [dy, dx, dz],
            [my, mx, mz],
            r,
            StartTouch::Ignore,
        )
        .map_point(|[p, q, s]| [q, p, s])
    } else if g4 < zero && g3 < zero {
        // The edge along y: P = x, Q = y, R = z.
        sweep_edge_region(half, start, mv, r, StartTouch::Ignore)
    } else {
        // The edge along z: P = x, Q = z, R = y.
        sweep_edge_region(
            [hx, hz, hy],
            [dx, dz, dy],
            [mx, mz, my],
            r,
            StartTouch::Ignore,
        )
        .map_point(|[p, q, s]| [p, s, q])
    }
}
