//! The squared distance from a point to a triangle, and the static sphere
//! overlap built on it (Unit 1, "PointTriangle_DistanceSq" and
//! "SphereTriangle_Penetration").

use ps2_float::{Real, Vec4};

use crate::sat;
use crate::{Sphere, WorkTriangle};

/// The squared distance from a point to a triangle and the closest point's
/// parameters: the closest point is `v0 + s·(v1 − v0) + t·(v2 − v0)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriangleDistance<R> {
    /// The squared distance (passed through `abs`).
    pub dist_sq: R,
    /// `*s` (written when the caller passes a pointer).
    pub s: R,
    /// `*t` (written when the caller passes a pointer).
    pub t: R,
}

/// The quadratic `q(s, t) = a·s² + 2b·s·t + c·t² + 2d·s + 2e·t + f` of the
/// region method, with its coefficients. Every doubling is an add, exact in
/// both modes (divergence 25).
struct Quad<R> {
    a: R,
    b: R,
    c: R,
    d: R,
    e: R,
    f: R,
}

impl<R: Real> Quad<R> {
    /// `q` at an interior `(s, t)`: `s·((a·s + b·t) + 2d) + t·((b·s + c·t) + 2e)`,
    /// then `+ f`. Saturating, because region 0 of a degenerate triangle
    /// scales by a saturated `1/det` (divergence 28).
    fn interior(&self, s: R, t: R) -> R {
        let ls = sat::add(
            sat::add(sat::mul(self.a, s), sat::mul(self.b, t)),
            sat::add(self.d, self.d),
        );
        let lt = sat::add(
            sat::add(sat::mul(self.b, s), sat::mul(self.c, t)),
            sat::add(self.e, self.e),
        );
        sat::add(sat::add(sat::mul(s, ls), sat::mul(t, lt)), self.f)
    }

    /// `q(1, 0) = (a + 2d) + f`.
    fn at_s1(&self) -> R {
        sat::add(sat::add(self.a, sat::add(self.d, self.d)), self.f)
    }

    /// `q(0, 1) = (c + 2e) + f`.
    fn at_t1(&self) -> R {
        sat::add(sat::add(self.c, sat::add(self.e, self.e)), self.f)
    }

    /// The `t = 0` edge rule: `(s, q)`.
    fn edge_t0(&self) -> (R, R) {
        if self.d >= R::ZERO {
            (R::ZERO, self.f)
        } else if -self.d >= self.a {
            (R::ONE, self.at_s1())
        } else {
            let s = (-self.d).div(self.a);
            (s, sat::add(sat::mul(self.d, s), self.f))
        }
    }

    /// The `s = 0` edge rule: `(t, q)`.
    fn edge_s0(&self) -> (R, R) {
        if self.e >= R::ZERO {
            (R::ZERO, self.f)
        } else if -self.e >= self.c {
            (R::ONE, self.at_t1())
        } else {
            let t = (-self.e).div(self.c);
            (t, sat::add(sat::mul(self.e, t), self.f))
        }
    }

    /// `den = (a − 2b) + c`, the squared length of `v2 − v1`.
    fn den(&self) -> R {
        sat::add(sat::sub(self.a, sat::add(self.b, self.b)), self.c)
    }
}

/// The squared distance from `p` to the triangle with corners `tri.v` (only
/// the corners are read), with the closest point's parameters `s` and `t`
/// (Unit 1, "PointTriangle_DistanceSq").
///
/// This is Eberly's region method ("Distance Between Point and Triangle in
/// 3D"), with the region tests in the original's order (regions 4, 3, 5, 0,
/// then 2, 6, 1) and its exact edge rules. A degenerate triangle can reach
/// region 0 and divide by a zero determinant, which saturates (divergence 28).
/// In `f32` mode every sum and product saturates at `±f32::MAX` instead of
/// overflowing, so a triangle whose squared edge passes `f32::MAX` (an edge
/// above 1.8e19) gives a finite answer, not NaN (divergence 320); in `Ee32`
/// mode the helpers are the plain operations, bit for bit.
///
/// Original: `PointTriangle_DistanceSq` (0x0034e840).
#[must_use]
pub fn point_triangle_distance_sq<R: Real>(
    p: Vec4<R>,
    tri: &WorkTriangle<R>,
) -> TriangleDistance<R> {
    let [v0, v1, v2] = tri.v;
    let e0 = sat::vsub(v1, v0);
    let e1 = sat::vsub(v2, v0);
    let dv = sat::vsub(v0, p);
    let q = Quad {
        a: sat::dot(e0, e0),
        b: sat::dot(e0, e1),
        c: sat::dot(e1, e1),
        d: sat::dot(e0, dv),
        e: sat::dot(e1, dv),
        f: sat::dot(dv, dv),
    };
    let det = sat::sub(sat::mul(q.a, q.c), sat::mul(q.b, q.b)).abs();
    let s = sat::sub(sat::mul(q.b, q.e), sat::mul(q.c, q.d));
    let t = sat::sub(sat::mul(q.b, q.d), sat::mul(q.a, q.e));
    let zero = R::ZERO;
    let (s, t, dist) = if sat::add(s, t) <= det {
        if s < zero {
            if t < zero {
                // Region 4.
                if q.d < zero {
                    let (s, d) = q.edge_t0();
                    (s, zero, d)
                } else {
                    let (t, d) = q.edge_s0();
                    (zero, t, d)
                }
            } else {
                // Region 3.
                let (t, d) = q.edge_s0();
                (zero, t, d)
            }
        } else if t < zero {
            // Region 5.
            let (s, d) = q.edge_t0();
            (s, zero, d)
        } else {
            // Region 0.
            let inv = R::ONE.div(det);
            let (s, t) = (sat::mul(s, inv), sat::mul(t, inv));
            (s, t, q.interior(s, t))
        }
    } else if s < zero {
        // Region 2.
        let t0 = sat::add(q.b, q.d);
        let t1 = sat::add(q.c, q.e);
        if t0 < t1 {
            let num = sat::sub(t1, t0);
            let den = q.den();
            if num >= den {
                (R::ONE, zero, q.at_s1())
            } else {
                let s = num.div(den);
                let t = R::ONE - s;
                (s, t, q.interior(s, t))
            }
        } else if t1 <= zero {
            (zero, R::ONE, q.at_t1())
        } else if q.e >= zero {
            (zero, zero, q.f)
        } else {
            let t = (-q.e).div(q.c);
            (zero, t, sat::add(sat::mul(q.e, t), q.f))
        }
    } else if t < zero {
        // Region 6.
        let t0 = sat::add(q.b, q.e);
        let t1 = sat::add(q.a, q.d);
        if t0 < t1 {
            let num = sat::sub(t1, t0);
            let den = q.den();
            if num >= den {
                (zero, R::ONE, q.at_t1())
            } else {
                let t = num.div(den);
                let s = R::ONE - t;
                (s, t, q.interior(s, t))
            }
        } else if t1 <= zero {
            (R::ONE, zero, q.at_s1())
        } else if q.d >= zero {
            (zero, zero, q.f)
        } else {
            let s = (-q.d).div(q.a);
            (s, zero, sat::add(sat::mul(q.d, s), q.f))
        }
    } else {
        // Region 1.
        let num = sat::sub(sat::sub(sat::add(q.c, q.e), q.b), q.d);
        if num <= zero {
            (zero, R::ONE, q.at_t1())
        } else {
            let den = q.den();
            if num >= den {
                (R::ONE, zero, q.at_s1())
            } else {
                let s = num.div(den);
                let t = R::ONE - s;
                (s, t, q.interior(s, t))
            }
        }
    };
    TriangleDistance {
        dist_sq: dist.abs(),
        s,
        t,
    }
}

/// The depth `r − sqrt(q)` of a sphere into a triangle, where `q` is the
/// squared distance from the centre ([`point_triangle_distance_sq`]), when
/// `q < r²` (strict); `None` otherwise (the original returns 0 and leaves the
/// depth unwritten). No normal and no point (Unit 1,
/// "SphereTriangle_Penetration").
///
/// Original: `SphereTriangle_Penetration` (0x0034edd0).
#[must_use]
pub fn sphere_triangle_penetration<R: Real>(
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
) -> Option<R> {
    let r = sphere.radius;
    let q = point_triangle_distance_sq(sphere.centre, tri).dist_sq;
    (q < r * r).then(|| r - q.sqrt())
}
