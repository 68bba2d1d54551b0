//! A segment against a closed ball (Unit 1, "Segment_SphereIntersect"): the
//! edge step's first test, "is the edge already within the radius".

use ps2_float::{Real, Vec4};

use crate::sat;

/// The `int* count` and `vec4 points[2]` out-parameters the edge kernels
/// write, each slot written or not (`None`: the original leaves what the
/// caller's slot held).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EdgePoints<R> {
    /// `*count`.
    pub count: Option<u32>,
    /// `points[0]`, `points[1]`.
    pub points: [Option<Vec4<R>>; 2],
}

impl<R: Real> EdgePoints<R> {
    /// Writes `count` and the first `count` points (at most two).
    #[inline]
    fn write(&mut self, points: &[Vec4<R>]) {
        self.count = Some(u32::try_from(points.len()).unwrap_or(u32::MAX));
        for (slot, p) in self.points.iter_mut().zip(points) {
            *slot = Some(*p);
        }
    }
}

/// Whether the segment `A + u·E`, `u ∈ [0, 1]`, meets the closed ball of
/// radius `r` at `centre`; writes the count and the points where the segment's
/// line crosses the sphere (Unit 1, "Segment_SphereIntersect").
///
/// The quadratic is `a·u² + 2b·u + c` with `D = A − C`, `c = D·D − r²`,
/// `b = D·E`, `a = E·E`. A tangent line (`Δ = 0` exactly) counts, the
/// in-range tests are inclusive, and a segment lying wholly inside the ball
/// reports the far crossing, which is then past the segment's end. A
/// zero-length segment divides `−0` by `0` and returns `false`.
///
/// Original: `Segment_SphereIntersect` (0x0034e120).
#[inline]
pub fn intersect_segment_sphere<R: Real>(
    a: Vec4<R>,
    e: Vec4<R>,
    centre: Vec4<R>,
    r: R,
    out: &mut EdgePoints<R>,
) -> bool {
    let dv = a - centre;
    let c = dv.dot(dv) - r * r;
    let b = dv.dot(e);
    let aa = e.dot(e);
    let disc = b * b - aa * c;
    let at = |u: R| a.madd(e, u);
    if disc < R::ZERO {
        out.write(&[]);
        return false;
    }
    if disc > R::ZERO {
        let s = disc.sqrt();
        let inv = R::ONE.div(aa);
        // `inv` saturates for a (nearly) zero-length edge (divergence 20).
        let u1 = sat::mul(-b - s, inv);
        let u2 = sat::mul(-b + s, inv);
        if u1 > R::ONE || u2 < R::ZERO {
            out.write(&[]);
            return false;
        }
        if u1 >= R::ZERO {
            if u2 <= R::ONE {
                out.write(&[at(u1), at(u2)]);
            } else {
                out.write(&[at(u1)]);
            }
        } else {
            out.write(&[at(u2)]);
        }
        return true;
    }
    let u = (-b).div(aa);
    if R::ZERO <= u && u <= R::ONE {
        out.write(&[at(u)]);
        true
    } else {
        out.write(&[]);
        false
    }
}
