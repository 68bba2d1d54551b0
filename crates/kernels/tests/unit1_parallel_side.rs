//! The corner step's edge choice for a move parallel to edge `k`'s side
//! plane (Unit 1, "SphereSweep_VertexRegion", edge case; SPEC-NOTES item 3;
//! divergence 23), under both of the specification's texts:
//! [`ParallelSideRule::Saturated`] (the console's saturated crossing, the
//! default) and [`ParallelSideRule::SignRule`] (the rule it gives for an
//! IEEE build). Both float modes. The edge each rule must pick is worked
//! here in `f64` from the rule's own text, and the fraction of the edge it
//! picks is checked against a sampled first touch of that edge's capsule.

use kernels::details::sphere_triangle::sweep_sphere_triangle_traced_with;
use kernels::sphere_triangle::{
    sweep_sphere_vertex_region_read, EdgeSweep, SweepRecord, SweepStep, SweepTrace,
};
use kernels::{ParallelSideRule, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};
use test_support::both_modes;
use test_support::oracle::{
    bisect_first, cross, dot, point_segment_distance, point_triangle_distance, sub, V as P,
};

/// The first fraction in `[0, 1]` at which a ball of radius `r` moving from
/// `c` along `m` touches the segment `a`-`b`: sampled in steps of 1e-4,
/// then bisected. `None` when it never comes within `r`.
fn first_touch(c: P, m: P, r: f64, a: P, b: P) -> Option<f64> {
    let at = |t: f64| [c[0] + t * m[0], c[1] + t * m[1], c[2] + t * m[2]];
    let inside = |t: f64| point_segment_distance(at(t), a, b) <= r;
    let n = 10_000;
    let k = (0..=n).find(|&k| inside(k as f64 / n as f64))?;
    if k == 0 {
        return Some(0.0);
    }
    let (lo, hi) = ((k - 1) as f64 / n as f64, k as f64 / n as f64);
    Some(bisect_first(inside, lo, hi, 60))
}

/// A sphere of radius 0.25 past corner 0 of a triangle, moving in edge 0's
/// side plane (`m0·M` is exactly 0 in both float modes for these inputs).
struct Case {
    corners: [P; 3],
    centre: P,
    mv_bits: [u32; 3],
}

const R_BALL: f64 = 0.25;

/// Rule texts part: the saturated crossing takes edge 2, which the ball
/// never reaches; the sign rule takes edge 0, which it meets.
const SIGN_RULE_MEETS: Case = Case {
    corners: [
        [0.375, 2.25, 1.25],
        [-0.125, -1.25, -1.0],
        [1.375, -0.125, -2.75],
    ],
    centre: [0.625, 1.25, 1.0],
    mv_bits: [0xbf4e_ac7d, 0x3eca_f176, 0xbedf_d59c],
};

/// The other way round: the saturated crossing takes edge 0 and meets it,
/// the sign rule takes edge 2 and meets nothing.
const SATURATED_MEETS: Case = Case {
    corners: [
        [2.75, 1.5, 2.125],
        [-2.25, -0.625, 0.25],
        [1.25, 2.0, -0.25],
    ],
    centre: [-1.375, 0.125, 0.75],
    mv_bits: [0x3f8e_7bc1, 0xbef2_7d56, 0xbe6b_11d8],
};

impl Case {
    fn mv(&self) -> P {
        self.mv_bits.map(|b| f64::from(f32::from_bits(b)))
    }

    /// The edge the sign rule names, from its text in `f64`: a zero
    /// numerator takes edge 2 (k − 1); `e0·M = 0` compares `e0·v0 ≤ e0·c`;
    /// else edge 0 when the numerator and `e0·M` share their sign.
    fn sign_rule_edge(&self) -> usize {
        let [v0, v1, v2] = self.corners;
        let (e0, n) = (sub(v1, v0), cross(sub(v1, v0), sub(v2, v0)));
        let m0 = cross(e0, n);
        let num = dot(m0, v0) - dot(m0, self.centre);
        let em = dot(e0, self.mv());
        let along = if num == 0.0 {
            false
        } else if em == 0.0 {
            dot(e0, v0) <= dot(e0, self.centre)
        } else {
            (num > 0.0) == (em > 0.0)
        };
        if along {
            0
        } else {
            2
        }
    }

    /// The sampled first touch of edge `edge`'s capsule.
    fn touch(&self, edge: usize) -> Option<f64> {
        let (a, b) = (self.corners[edge], self.corners[(edge + 1) % 3]);
        first_touch(self.centre, self.mv(), R_BALL, a, b)
    }

    fn run<R: Real>(&self, rule: ParallelSideRule) -> (bool, EdgeSweep<R>) {
        let p = |q: P| Vec4::<R>::from_f32([q[0] as f32, q[1] as f32, q[2] as f32, 1.0]);
        let t = WorkTriangle::prepared(p(self.corners[0]), p(self.corners[1]), p(self.corners[2]));
        let m = self.mv_bits.map(f32::from_bits);
        let mv = Vec4::<R>::from_f32([m[0], m[1], m[2], 1.0]);
        let m0 = t.side_normal(0);
        assert_eq!(
            m0.dot(mv).to_f32(),
            0.0,
            "the move lies in edge 0's side plane"
        );
        let mut out = EdgeSweep::default();
        let r = R::from_f32(R_BALL as f32);
        let hit = sweep_sphere_vertex_region_read(
            0,
            &t,
            m0,
            t.e[0],
            p(self.centre),
            mv,
            r,
            &mut out,
            rule,
        );
        (hit, out)
    }
}

/// The two rules pick different edges on the same input, each the one its
/// text names, and the fractions follow the picked edge's capsule.
fn rules_part<R: Real>() {
    // Sign rule meets edge 0 at the sampled first touch; the saturated
    // crossing took edge 2, which the ball never comes within 0.25 of. Then
    // the saturated crossing meets edge 0; the sign rule names edge 2.
    for (case, sign_edge, by_hand, meets, misses) in [
        (
            SIGN_RULE_MEETS,
            0,
            0.245_359,
            ParallelSideRule::SignRule,
            ParallelSideRule::Saturated,
        ),
        (
            SATURATED_MEETS,
            2,
            0.119_639,
            ParallelSideRule::Saturated,
            ParallelSideRule::SignRule,
        ),
    ] {
        assert_eq!(case.sign_rule_edge(), sign_edge);
        let want = case.touch(0).expect("the ball meets edge 0");
        assert!((want - by_hand).abs() < 1e-5, "{want}");
        assert_eq!(case.touch(2), None);
        let (hit, out) = case.run::<R>(meets);
        assert!(hit);
        assert_eq!(out.edge, Some(0));
        let got = f64::from(out.fraction.expect("a fraction").to_f32());
        assert!((got - want).abs() < 1e-5, "{got} vs {want} in {}", R::MODE);
        let (hit, out) = case.run::<R>(misses);
        assert!(!hit, "{}", R::MODE);
        assert_eq!(out.edge, Some(2));
    }
}

/// Test ideas row 14: both texts pick edge 2 (the row's edge) and meet the
/// cap at v0 at 0.551197, the row's number.
fn row14_both_rules<R: Real>() {
    let p = |x: f32, y: f32, z: f32| Vec4::<R>::from_f32([x, y, z, 1.0]);
    let t = WorkTriangle::prepared(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
    let m0 = t.side_normal(0);
    for rule in [ParallelSideRule::Saturated, ParallelSideRule::SignRule] {
        let mut out = EdgeSweep::default();
        let (c, mv) = (p(-2.0, -0.3, 0.2), p(3.0, 0.0, 0.0));
        let r = R::from_f32(0.5);
        assert!(sweep_sphere_vertex_region_read(
            0, &t, m0, t.e[0], c, mv, r, &mut out, rule
        ));
        assert_eq!(out.edge, Some(2), "{rule:?}");
        let f = out.fraction.expect("a fraction").to_f32();
        assert!((f - 0.551_197).abs() < 1e-5, "{rule:?}: {f}");
    }
}

/// A flat triangle at `z = 1.5`; a ball of radius 0.75 past corner 1 moving
/// `(0, −0.21875, −0.625)`, square to `m1 = (−8.421875, 0, 0)`. `m1·M` comes
/// out as −0 (each product of a zero lane with a negative one is −0), so
/// the console's `u = num / −0` is `+MAX` although the numerator
/// `8.421875 × (2.75 − 2.875)` is negative: the saturated crossing lies
/// along edge 1 and the corner step sweeps edge 1, whose first listed root
/// is the infinite wall's exit, `(0.75 + √0.546875) / 0.625 = 2.383216`, past
/// the move. The sign rule reads the numerator's sign against `e1·M =
/// 0.3828 > 0`, takes edge 0 and meets corner 1's cap at the ball's true
/// first touch of the triangle.
fn triangle_case<R: Real>() {
    let corners: [P; 3] = [[0.0, 1.5, 1.5], [-2.75, 2.25, 1.5], [-2.75, 0.5, 1.5]];
    let (c, m, rad): (P, P, f64) = ([-2.875, 2.375, 2.25], [0.0, -0.21875, -0.625], 0.75);
    let p = |q: P| Vec4::<R>::from_f32([q[0] as f32, q[1] as f32, q[2] as f32, 1.0]);
    let t = WorkTriangle::prepared(p(corners[0]), p(corners[1]), p(corners[2]));
    let sphere = Sphere {
        radius: R::from_f32(rad as f32),
        centre: p(c),
    };
    let sweep = |rule| {
        let mut record = SweepRecord::default();
        let (mut mask, mut trace) = (None, SweepTrace::<R>::default());
        let hit = sweep_sphere_triangle_traced_with(
            &mut record,
            &sphere,
            &t,
            p(m),
            &mut mask,
            &mut trace,
            true,
            rule,
        );
        assert!(hit, "{rule:?} in {}", R::MODE);
        assert_eq!(trace.step, Some(SweepStep::Corner(1)));
        let f = f64::from(record.fractions[0].expect("a fraction").to_f32());
        (trace.edge.edge, f)
    };

    let exit = (0.75 + 0.546_875f64.sqrt()) / 0.625;
    let (edge, f) = sweep(ParallelSideRule::Saturated);
    assert_eq!(edge, Some(1), "{}", R::MODE);
    assert!((f - exit).abs() < 1e-5, "{f} vs {exit} in {}", R::MODE);

    // The true first touch, sampled in steps of 1e-5 and bisected.
    let at = |s: f64| [c[0] + s * m[0], c[1] + s * m[1], c[2] + s * m[2]];
    let touches = |s: f64| point_triangle_distance(at(s), corners) <= rad;
    let k = (0..=100_000)
        .find(|&k| touches(k as f64 * 1e-5))
        .expect("a touch");
    let (mut lo, mut hi) = ((k - 1) as f64 * 1e-5, k as f64 * 1e-5);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if touches(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    assert!((hi - 0.031_947).abs() < 2e-6, "{hi}");
    let (edge, f) = sweep(ParallelSideRule::SignRule);
    assert_eq!(edge, Some(0), "{}", R::MODE);
    assert!((f - hi).abs() < 1e-5, "{f} vs {hi} in {}", R::MODE);
}

both_modes!(unit1_parallel_side_rules_pick_their_own_edges => rules_part);
both_modes!(unit1_parallel_side_negative_zero_denominator_misses_the_corner => triangle_case);
both_modes!(unit1_row14_parallel_side_both_rules_pick_edge_2 => row14_both_rules);

#[test]
fn parallel_side_default_is_the_saturated_crossing() {
    assert_eq!(ParallelSideRule::default(), ParallelSideRule::Saturated);
}
