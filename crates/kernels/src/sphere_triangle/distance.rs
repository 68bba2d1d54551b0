//! The squared distance from a point to a triangle, and the static sphere
//! overlap built on it (Unit 1, "PointTriangle_DistanceSq" and
//! "SphereTriangle_Penetration").

use ps2_float::{Real, Vec4};

use crate::sat;
use crate::{shapes::Sphere, triangle::WorkTriangle};

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
        self.edge(self.d, self.a, || self.at_s1())
    }

    /// The `s = 0` edge rule: `(t, q)`.
    fn edge_s0(&self) -> (R, R) {
        self.edge(self.e, self.c, || self.at_t1())
    }

    /// One of the two edge rules above on the edge's parameter `u`, with
    /// `lin` its linear coefficient (`d` or `e`), `quad` its square's (`a`
    /// or `c`) and `at_one` the value at `u = 1`: `(u, q)`.
    fn edge(&self, lin: R, quad: R, at_one: impl FnOnce() -> R) -> (R, R) {
        if lin >= R::ZERO {
            (R::ZERO, self.f)
        } else if -lin >= quad {
            (R::ONE, at_one())
        } else {
            let u = (-lin).div(quad);
            (u, sat::add(sat::mul(lin, u), self.f))
        }
    }

    /// The point of the edge `s + t = 1` at `u = num / den` ([`Quad::den`])
    /// along it, `u` being `s` when `u_is_s` and `t` otherwise, the other
    /// `1 − u`: `(s, t, q)`; `u = 1` itself (`(1, 0)` or `(0, 1)`) once
    /// `num ≥ den`.
    #[inline]
    fn far_edge(&self, num: R, u_is_s: bool) -> (R, R, R) {
        let den = self.den();
        if num >= den {
            return if u_is_s {
                (R::ONE, R::ZERO, self.at_s1())
            } else {
                (R::ZERO, R::ONE, self.at_t1())
            };
        }
        let u = num.div(den);
        let v = R::ONE - u;
        let (s, t) = if u_is_s { (u, v) } else { (v, u) };
        (s, t, self.interior(s, t))
    }

    /// Regions 6 and 2, past the side `t = 0` (`u_is_s`: `u = s`, `lin = d`,
    /// `quad = a`) or `s = 0` (`u = t`, `lin = e`, `quad = c`): the far edge
    /// ([`Quad::far_edge`] at `t1 − t0`, its `u` the other parameter) when
    /// `t0 < t1`; else the closest point on the side's edge, `u = 1` once
    /// `t1 ≤ 0`, else `u = 0` when `lin ≥ 0`, else `u = −lin / quad`, the
    /// other parameter 0. Answers `(s, t, q)`.
    #[inline]
    fn past_side(&self, t0: R, t1: R, lin: R, quad: R, u_is_s: bool) -> (R, R, R) {
        if t0 < t1 {
            return self.far_edge(sat::sub(t1, t0), !u_is_s);
        }
        let (u, q) = if t1 <= R::ZERO {
            let at_one = if u_is_s { self.at_s1() } else { self.at_t1() };
            (R::ONE, at_one)
        } else if lin >= R::ZERO {
            (R::ZERO, self.f)
        } else {
            let u = (-lin).div(quad);
            (u, sat::add(sat::mul(lin, u), self.f))
        };
        if u_is_s {
            (u, R::ZERO, q)
        } else {
            (R::ZERO, u, q)
        }
    }

    /// `den = (a − 2b) + c`, the squared length of `v2 − v1`.
    fn den(&self) -> R {
        sat::add(sat::sub(self.a, sat::add(self.b, self.b)), self.c)
    }
}

/// `2²⁹` (`0x4e000000`), the coordinate bound of the plain set-up.
const SMALL_BITS: u32 = 0x4e00_0000;

/// The region method's set-up: the quadratic's coefficients, `|det|` and the
/// unscaled `s`, `t`; each step saturated when `SAT`, plain otherwise (the
/// same bits when nothing overflows).
#[inline(always)]
fn set_up<R: Real, const SAT: bool>(p: Vec4<R>, tri: &WorkTriangle<R>) -> (Quad<R>, R, R, R) {
    let sub = |a: R, b: R| if SAT { sat::sub(a, b) } else { a - b };
    let mul = |a: R, b: R| if SAT { sat::mul(a, b) } else { a * b };
    let add = |a: R, b: R| if SAT { sat::add(a, b) } else { a + b };
    let vsub = |a: Vec4<R>, b: Vec4<R>| Vec4::new(sub(a.x, b.x), sub(a.y, b.y), sub(a.z, b.z), a.w);
    let dot = |a: Vec4<R>, b: Vec4<R>| add(add(mul(a.x, b.x), mul(a.y, b.y)), mul(a.z, b.z));
    let [v0, v1, v2] = tri.v;
    let e0 = vsub(v1, v0);
    let e1 = vsub(v2, v0);
    let dv = vsub(v0, p);
    let q = Quad {
        a: dot(e0, e0),
        b: dot(e0, e1),
        c: dot(e1, e1),
        d: dot(e0, dv),
        e: dot(e1, dv),
        f: dot(dv, dv),
    };
    let det = sub(mul(q.a, q.c), mul(q.b, q.b)).abs();
    let s = sub(mul(q.b, q.e), mul(q.c, q.d));
    let t = sub(mul(q.b, q.d), mul(q.a, q.e));
    (q, det, s, t)
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
    // Below 2²⁹ in every coordinate nothing up to `s + t` can overflow (the
    // edges stay under 2³⁰, the dot products under 3·2⁶⁰, `s` and `t` under
    // 2¹²⁵), so the plain operations give the saturating ones' bits.
    let small = tri.v.iter().chain([&p]).all(|v| {
        let m = v.x.abs().max(v.y.abs()).max(v.z.abs());
        m <= R::from_bits(SMALL_BITS)
    });
    let (q, det, s, t) = if small {
        set_up::<R, false>(p, tri)
    } else {
        set_up::<R, true>(p, tri)
    };
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
        q.past_side(sat::add(q.b, q.d), sat::add(q.c, q.e), q.e, q.c, false)
    } else if t < zero {
        // Region 6.
        q.past_side(sat::add(q.b, q.e), sat::add(q.a, q.d), q.d, q.a, true)
    } else {
        // Region 1.
        let num = sat::sub(sat::sub(sat::add(q.c, q.e), q.b), q.d);
        if num <= zero {
            (zero, R::ONE, q.at_t1())
        } else {
            q.far_edge(num, true)
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

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{Seeded, Xorshift};

    /// The plain set-up gives the saturating one's bits wherever the bound
    /// lets it run: random corners and points up to `±2²⁹`, a third of them
    /// at the bound itself (the largest products), in `f32`, where the two
    /// differ only by an overflow.
    #[test]
    fn plain_set_up_is_the_saturating_one_below_the_bound() {
        let bound = f32::from_bits(SMALL_BITS);
        assert_eq!(bound, 536_870_912.0);
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || {
            let x = rng.bits();
            let u = (x >> 40) as f32 / (1u64 << 24) as f32;
            match x % 3 {
                0 => bound.copysign(u - 0.5),
                1 => (u * 2.0 - 1.0) * bound,
                _ => (u * 2.0 - 1.0) * 100.0,
            }
        };
        for _ in 0..200_000 {
            let mut v = [Vec4::<f32>::ZERO; 4];
            for c in &mut v {
                *c = Vec4::new(next(), next(), next(), 1.0);
            }
            let tri = WorkTriangle {
                v: [v[0], v[1], v[2]],
                ..WorkTriangle::default()
            };
            let (qa, da, sa, ta) = set_up::<f32, true>(v[3], &tri);
            let (qb, db, sb, tb) = set_up::<f32, false>(v[3], &tri);
            let bits = |q: &Quad<f32>, d: f32, s: f32, t: f32| {
                [q.a, q.b, q.c, q.d, q.e, q.f, d, s, t].map(f32::to_bits)
            };
            assert_eq!(bits(&qa, da, sa, ta), bits(&qb, db, sb, tb), "{v:?}");
            assert!(sa.is_finite() && ta.is_finite() && (sa + ta).is_finite());
        }
    }
}
