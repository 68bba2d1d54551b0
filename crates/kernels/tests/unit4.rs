//! Unit 4 (static shape-pair overlaps): one test per quirk and edge case the
//! spec names, each written once as a generic function and run in both float
//! modes. The expected numbers come from the spec's rows or are worked here
//! independently (by hand in f64, or by brute-force sampling).

use kernels::details::overlap::overlap_query;
use kernels::overlap::{
    corner_circle, overlap_box_box, overlap_box_capsule, overlap_box_sphere, overlap_capsule_box,
    overlap_capsule_capsule, overlap_capsule_segment, overlap_capsule_sphere,
    overlap_segment_capsule, overlap_segment_segment, overlap_segment_sphere, overlap_sphere_box,
    overlap_sphere_capsule, overlap_sphere_segment, overlap_sphere_sphere, side_interval,
};
use kernels::overlap::{QueryBody, QueryShape};
use kernels::segment::{closest_param, closest_point, closest_points};
use kernels::table::{overlap_pair, PairAnswer};
use kernels::Aabb;
use kernels::{Capsule, Contact, OrientedBox, Segment, Shape, Sphere};
use ps2_float::{Real, Vec4};
use test_support::{both_modes, f64_of as f, p64 as v, r64 as r};

mod support;
use support::assert_lanes;

// The shapes of `support` from `f64` literals, each rounded to `f32`.

fn sphere<R: Real>(c: [f64; 3], radius: f64) -> Sphere<R> {
    support::sphere(c.map(|x| x as f32), radius as f32)
}

fn capsule<R: Real>(b: [f64; 3], radius: f64, height: f64) -> Capsule<R> {
    support::capsule(b.map(|x| x as f32), radius as f32, height as f32)
}

fn segment<R: Real>(s: [f64; 3], e: [f64; 3], radius: f64) -> Segment<R> {
    support::segment(s.map(|x| x as f32), e.map(|x| x as f32), radius as f32)
}

fn boxed<R: Real>(c: [f64; 3], h: [f64; 3], axes: [[f64; 3]; 3]) -> OrientedBox<R> {
    OrientedBox {
        half: v(h[0], h[1], h[2]),
        axes: axes.map(|a| v(a[0], a[1], a[2])),
        centre: v(c[0], c[1], c[2]),
    }
}

const WORLD: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// The spec's car-like box: centre (0, 0, 0.5), half (2, 1, 0.5).
fn car<R: Real>() -> OrientedBox<R> {
    boxed([0.0, 0.0, 0.5], [2.0, 1.0, 0.5], WORLD)
}

/// The spec's human capsule: r 0.35, h 2.0.
fn human<R: Real>(b: [f64; 3]) -> Capsule<R> {
    capsule(b, 0.35, 2.0)
}

/// [`overlap_capsule_capsule`] of `own` against a human standing at `at`.
fn meets_human<R: Real>(c: &mut Contact<R>, own: &Capsule<R>, at: [f64; 3]) -> bool {
    overlap_capsule_capsule(c, own, &human(at))
}

/// [`overlap_capsule_sphere`] of `cap` against a sphere of radius `r` at `at`.
fn capsule_meets_sphere<R: Real>(
    c: &mut Contact<R>,
    cap: &Capsule<R>,
    at: [f64; 3],
    r: f64,
) -> bool {
    overlap_capsule_sphere(c, cap, &sphere(at, r))
}

/// [`overlap_capsule_box`] of a human standing at `at` against the spec's car.
fn human_meets_car<R: Real>(c: &mut Contact<R>, at: [f64; 3]) -> bool {
    overlap_capsule_box(c, &human(at), &car())
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: got {got}, want {want} (off by {:e})",
        (got - want).abs()
    );
}

fn lanes_close<R: Real>(l: &kernels::Lanes<R>, want: [f64; 3], tol: f64, what: &str) {
    close(f(l.x.expect("x written")), want[0], tol, what);
    close(f(l.y.expect("y written")), want[1], tol, what);
    close(f(l.z.expect("z written")), want[2], tol, what);
}

/// `true` when the pair call left the record as it found it.
fn untouched<R: Real>(c: &Contact<R>) -> bool {
    *c == Contact::default()
}

// ---------------------------------------------------------------------------
// The segment kernels
// ---------------------------------------------------------------------------

fn closest_param_edge_cases<R: Real>() {
    // A zero-length segment: k = 0, so t = 0 with no division.
    let t = closest_param::<R>(v(1.0, 2.0, 3.0), v(0.0, 0.0, 0.0), v(5.0, 5.0, 5.0));
    assert_eq!(t.to_bits(), 0);
    // k exactly d·d takes the division and gives 1.
    let t = closest_param::<R>(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(4.0, 7.0, 0.0));
    assert_eq!(f(t), 1.0);
    // Past the end (d·d < k): 1; behind the start: 0.
    let t = closest_param::<R>(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(9.0, 0.0, 0.0));
    assert_eq!(f(t), 1.0);
    let t = closest_param::<R>(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(-9.0, 0.0, 0.0));
    assert_eq!(f(t), 0.0);
    // The point form sets w = 1.
    let p = closest_point::<R>(
        v(0.0, 0.0, 0.0),
        v(0.0, 0.0, 2.0).with_w(R::ZERO),
        v(0.0, 0.0, 2.3),
    );
    assert_eq!(p.to_f32(), [0.0, 0.0, 2.0, 1.0]);
}
both_modes!(unit4_segment_closest_param_edge_cases => closest_param_edge_cases);

/// The squared distance between `p1 + s·d1` and `p2 + t·d2`, in f64.
fn dist_sq(p1: [f64; 3], d1: [f64; 3], s: f64, p2: [f64; 3], d2: [f64; 3], t: f64) -> f64 {
    (0..3)
        .map(|k| {
            let g = (p1[k] + s * d1[k]) - (p2[k] + t * d2[k]);
            g * g
        })
        .sum()
}

/// The least squared distance between two segments by sampling a grid.
fn brute_min_dist_sq(p1: [f64; 3], d1: [f64; 3], p2: [f64; 3], d2: [f64; 3]) -> f64 {
    let n = 400;
    let mut best = f64::MAX;
    for i in 0..=n {
        for j in 0..=n {
            let (s, t) = (f64::from(i) / f64::from(n), f64::from(j) / f64::from(n));
            best = best.min(dist_sq(p1, d1, s, p2, d2, t));
        }
    }
    best
}

fn closest_points_match_brute_force<R: Real>() {
    // Skew segments in general position, clamped at various ends.
    // (p1, d1, p2, d2)
    let cases: [[[f64; 3]; 4]; 5] = [
        [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.3, -1.0, 0.5],
            [0.4, 2.0, 0.1],
        ],
        [
            [0.0, 0.0, 0.0],
            [1.0, 0.5, 0.0],
            [2.0, 1.0, 0.3],
            [1.0, -0.2, 0.4],
        ],
        [
            [0.2, 0.1, 0.0],
            [0.0, 0.0, 1.5],
            [-1.0, 0.5, 0.7],
            [0.5, 0.0, -0.3],
        ],
        [
            [1.0, 1.0, 1.0],
            [-0.5, 0.2, 0.1],
            [0.0, 0.0, 0.0],
            [0.3, 0.3, 0.3],
        ],
        [
            [0.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.3, -0.5, 2.2],
            [0.0, 0.0, 2.0],
        ],
    ];
    for [p1, d1, p2, d2] in cases {
        let w = [p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]];
        let (s, t) = closest_points::<R>(
            v(d1[0], d1[1], d1[2]),
            v(d2[0], d2[1], d2[2]),
            v(w[0], w[1], w[2]),
        );
        let (s, t) = (f(s), f(t));
        assert!((0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t));
        let got = dist_sq(p1, d1, s, p2, d2, t);
        let best = brute_min_dist_sq(p1, d1, p2, d2);
        // The grid's step is 1/400 of each segment: it overestimates a little.
        assert!(
            got <= best + 1e-5,
            "{p1:?} {d1:?} {p2:?} {d2:?}: {got} > {best}"
        );
        assert!(got >= best - 2e-2, "{got} far below the sampled {best}");
    }
}
both_modes!(unit4_segment_closest_points_general_position_matches_sampling => closest_points_match_brute_force);

fn segment_segment_rows_9_to_11<R: Real>() {
    let d1 = v::<R>(1.0, 0.0, 0.0);
    // Row 9: parallel, overlapping: s = 0.5, t = 0, distance 0.1.
    let (s, t) = closest_points(d1, v(1.0, 0.0, 0.0), v(-0.5, -0.1, 0.0));
    assert_eq!((f(s), f(t)), (0.5, 0.0));
    close(
        dist_sq(
            [0.0; 3],
            [1.0, 0.0, 0.0],
            0.5,
            [0.5, 0.1, 0.0],
            [1.0, 0.0, 0.0],
            0.0,
        )
        .sqrt(),
        0.1,
        1e-12,
        "row 9 distance",
    );
    // Row 10: parallel, apart: s = 1, t = 0, distance² 1.01.
    let (s, t) = closest_points(d1, v(1.0, 0.0, 0.0), v(-2.0, -0.1, 0.0));
    assert_eq!((f(s), f(t)), (1.0, 0.0));
    close(
        dist_sq(
            [0.0; 3],
            [1.0, 0.0, 0.0],
            1.0,
            [2.0, 0.1, 0.0],
            [1.0, 0.0, 0.0],
            0.0,
        ),
        1.01,
        1e-12,
        "row 10 distance²",
    );
    // Row 11: a zero-length other: s = 0, t = 0 (measured from own's start).
    let (s, t) = closest_points(d1, v(0.0, 0.0, 0.0), v(-0.9, -0.05, 0.0));
    assert_eq!((f(s), f(t)), (0.0, 0.0));
}
both_modes!(unit4_test_ideas_rows_9_to_11_closest_params => segment_segment_rows_9_to_11);

fn degenerate_second_segment<R: Real>() {
    // Test ideas row 11: own (0,0,0)-(1,0,0) r 0.1 against a point at
    // (0.9, 0.05, 0) r 0.1. The true distance is 0.05 (a hit); the kernel
    // measures from own's start, 0.8125 squared, and misses.
    let own = segment::<R>([0.0; 3], [1.0, 0.0, 0.0], 0.1);
    let other = segment::<R>([0.9, 0.05, 0.0], [0.9, 0.05, 0.0], 0.1);
    let true_d2 = brute_min_dist_sq([0.0; 3], [1.0, 0.0, 0.0], [0.9, 0.05, 0.0], [0.0; 3]);
    close(true_d2, 0.0025, 1e-9, "true distance²");
    let mut c = Contact::<R>::default();
    assert!(!overlap_segment_segment(&mut c, &own, &other));
    assert!(untouched(&c));
    // The first segment degenerate instead is handled: s = 0, t = e / c.
    let (s, t) = closest_points::<R>(v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.25, 0.0, 0.0));
    assert_eq!((f(s), f(t)), (0.0, 0.25));
}
both_modes!(unit4_segment_closest_points_degenerate_second_segment_from_start => degenerate_second_segment);

fn absolute_parallel_threshold<R: Real>() {
    // Two forearms 0.20 m long crossing at their middles (true s = t = 0.5),
    // 0.01 apart in z. The spec: parallel when a·c·sin²θ < 1e-6, i.e.
    // θ < 1.4° for 0.2 m; then s = 0 and t is the projection of the first
    // segment's start, (1 − cos θ) / 2 here (worked in f64).
    let run = |deg: f64| {
        let th = deg.to_radians();
        let d1 = [0.2, 0.0, 0.0];
        let d2 = [0.2 * th.cos(), 0.2 * th.sin(), 0.0];
        let p1 = [-0.1, 0.0, 0.0];
        let p2 = [-0.1 * th.cos(), -0.1 * th.sin(), 0.01];
        let w = [p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]];
        let (s, t) = closest_points::<R>(
            v(d1[0], d1[1], d1[2]),
            v(d2[0], d2[1], d2[2]),
            v(w[0], w[1], w[2]),
        );
        (f(s), f(t))
    };
    let (s, t) = run(1.0);
    assert_eq!(s, 0.0, "1° is below the absolute parallel threshold");
    close(
        t,
        (1.0 - 1f64.to_radians().cos()) / 2.0,
        1e-7,
        "t from own's start",
    );
    // At 2° the segments are not parallel for the test (a·c·sin²θ = 1.95e-6),
    // but the numerator of s is 0.5 of that, 9.7e-7 < 1e-6: s is still 0.
    assert_eq!(run(2.0), (0.0, 0.0), "2°: both numerators under 1e-6");
    let (s, t) = run(5.0);
    close(s, 0.5, 1e-4, "5°: s");
    close(t, 0.5, 1e-4, "5°: t");
}
both_modes!(unit4_segment_closest_points_absolute_parallel_threshold => absolute_parallel_threshold);

// ---------------------------------------------------------------------------
// Footprint kernels
// ---------------------------------------------------------------------------

fn footprint_touching<R: Real>() {
    // Corner: (−4 + 1)² + (−5 + 1)² − 5² = 0: a hit of depth 0.
    let d = corner_circle::<R>(r(-4.0), r(-5.0), r(5.0), r(1.0), r(1.0));
    assert_eq!(d.map(f), Some(0.0));
    // Just out of reach: no hit.
    assert_eq!(
        corner_circle::<R>(r(-4.0), r(-5.1), r(5.0), r(1.0), r(1.0)),
        None
    );
    // Side: −1.5 + 1 + 0.5 = 0: a hit of depth 0; y and hy are not read.
    let d = side_interval::<R>(r(-1.5), r(1e6), r(0.5), r(1.0), r(-3.0));
    assert_eq!(d.map(f), Some(0.0));
    assert_eq!(
        side_interval::<R>(r(-1.75), r(0.0), r(0.5), r(1.0), r(1.0)),
        None
    );
}
both_modes!(unit4_capsule_box_kernels_touching_is_hit_depth_zero => footprint_touching);

// ---------------------------------------------------------------------------
// Pair functions
// ---------------------------------------------------------------------------

fn sphere_sphere_touching<R: Real>() {
    // Test ideas row 1.
    let a = sphere::<R>([0.0; 3], 0.5);
    let mut c = Contact::<R>::default();
    assert!(overlap_sphere_sphere(
        &mut c,
        &a,
        &sphere([1.0, 0.0, 0.0], 0.5)
    ));
    assert!(untouched(&c));
    assert!(!overlap_sphere_sphere(
        &mut c,
        &a,
        &sphere([1.001, 0.0, 0.0], 0.5)
    ));
    assert!(untouched(&c));
    // Coincident centres are a hit.
    assert!(overlap_sphere_sphere(&mut c, &a, &a));
}
both_modes!(unit4_row01_sphere_sphere_touching_is_hit => sphere_sphere_touching);

fn box_box_touching<R: Real>() {
    // Test ideas row 33: A at the origin, half 1: B at 1.9 and 2.0 hit, 2.1 misses.
    let a = boxed::<R>([0.0; 3], [1.0; 3], WORLD);
    let mut c = Contact::<R>::default();
    for (x, hit) in [(1.9, true), (2.0, true), (2.1, false)] {
        let b = boxed::<R>([x, 0.0, 0.0], [1.0; 3], WORLD);
        assert_eq!(overlap_box_box(&mut c, &a, &b), hit, "B at {x}");
    }
    assert!(untouched(&c));
}
both_modes!(unit4_row33_box_box_touching_overlaps => box_box_touching);

fn box_box_wrong_matrix<R: Real>() {
    // Test ideas row 33 (quirk): boxes of half 1 at x = 100 and 101.5 overlap
    // by 0.5 m (|Δx| = 1.5 < 2), yet the original's matrix, with the centres
    // in it (R[0][0] = 1 + 100 × 101.5), reports them apart.
    let a = boxed::<R>([100.0, 0.0, 0.0], [1.0; 3], WORLD);
    let b = boxed::<R>([101.5, 0.0, 0.0], [1.0; 3], WORLD);
    let mut c = Contact::<R>::default();
    assert!(!overlap_box_box(&mut c, &a, &b));
    // The same pair moved so the querying box sits at the origin: the matrix
    // is right there, and the answer too.
    let a0 = boxed::<R>([0.0; 3], [1.0; 3], WORLD);
    let b0 = boxed::<R>([1.5, 0.0, 0.0], [1.0; 3], WORLD);
    assert!(overlap_box_box(&mut c, &a0, &b0));
    // The same along y: R[1][1] = 1 + 100 × 101.5 and |1.5 × 10151| > 10152.
    let a1 = boxed::<R>([0.0, 100.0, 0.0], [1.0; 3], WORLD);
    let b1 = boxed::<R>([0.0, 101.5, 0.0], [1.0; 3], WORLD);
    assert!(!overlap_box_box(&mut c, &a1, &b1));
}
both_modes!(unit4_row33_box_box_wrong_matrix_far_from_origin => box_box_wrong_matrix);

fn capsule_capsule_tests<R: Real>() {
    // Test ideas rows 4 and 5: ends touching hit (inclusive), sides touching
    // miss (strict).
    let own = human::<R>([0.0; 3]);
    let mut c = Contact::<R>::default();
    assert!(meets_human(&mut c, &own, [0.5, 0.0, 2.0]));
    let mut c = Contact::<R>::default();
    assert!(!meets_human(&mut c, &own, [0.7, 0.0, 0.0]));
    assert!(untouched(&c));
    // Row 6: just above: miss.
    assert!(!meets_human(&mut c, &own, [0.5, 0.0, 2.01]));
    // Below: the other range ends exactly at own's base: still a hit.
    assert!(meets_human(&mut c, &own, [0.5, 0.0, -2.0]));
}
both_modes!(unit4_rows04_05_capsule_capsule_vertical_inclusive_horizontal_strict => capsule_capsule_tests);

fn capsule_capsule_written<R: Real>() {
    // Test ideas row 2: +0x10 = (1, 0, 0, 1), +0x50 = (−1, 0, 0, 1), depth 0.2.
    let own = human::<R>([0.0; 3]);
    let mut c = Contact::<R>::default();
    assert!(meets_human(&mut c, &own, [0.5, 0.0, 1.0]));
    assert_lanes(&c.own.normal, [1.0, 0.0, 0.0, 1.0], "own normal");
    let other = c.other.normal.get().map(Vec4::to_f32);
    assert_eq!(
        other.map(|n| [n[0], n[1] + 0.0, n[2] + 0.0, n[3]]),
        Some([-1.0, 0.0, 0.0, 1.0])
    );
    close(f(c.depth.unwrap_or(R::MAX)), 0.2, 1e-6, "depth");
    // Only +0x10, +0x50 and +0x88.
    let mut expect = Contact::<R>::default();
    expect.own.normal = c.own.normal;
    expect.other.normal = c.other.normal;
    expect.depth = c.depth;
    assert_eq!(c, expect);
}
both_modes!(unit4_row02_capsule_capsule_writes_normals_and_depth => capsule_capsule_written);

fn capsule_capsule_coincident<R: Real>() {
    // Test ideas row 3, and the same within 1e-3 of the axis: the constant
    // (0, 1, 0, 1) and the full sum of the radii, 0.7 (not 0.7 − |d|).
    let own = human::<R>([0.0; 3]);
    for dx in [0.0, 0.0005] {
        let mut c = Contact::<R>::default();
        assert!(meets_human(&mut c, &own, [dx, 0.0, 1.5]));
        assert_lanes(&c.own.normal, [0.0, 1.0, 0.0, 1.0], "own normal");
        let n = c.other.normal.get().map(Vec4::to_f32).unwrap_or_default();
        assert_eq!([n[0] + 0.0, n[1], n[2] + 0.0, n[3]], [0.0, -1.0, 0.0, 1.0]);
        assert_eq!(c.depth, Some(own.radius + own.radius));
    }
    // Just past 1e-3 (|d|² = 1.21e-6): a real normal and 0.7 − 0.0011.
    let mut c = Contact::<R>::default();
    assert!(meets_human(&mut c, &own, [0.0011, 0.0, 1.5]));
    lanes_close(&c.own.normal, [1.0, 0.0, 0.0], 1e-6, "normal");
    close(f(c.depth.unwrap_or(R::MAX)), 0.7 - 0.0011, 1e-6, "depth");
}
both_modes!(unit4_row03_capsule_capsule_coincident_axes_constant_normal => capsule_capsule_coincident);

fn rounded_against_flat<R: Real>() {
    // Test ideas rows 28-30: against a sphere the capsule has rounded ends
    // (a sphere 0.3 above the top or below the base reaches it); against a
    // capsule its ends are flat (row 6: 0.01 above the top misses).
    let cap = human::<R>([0.0; 3]);
    let mut c = Contact::<R>::default();
    assert!(capsule_meets_sphere(&mut c, &cap, [0.0, 0.0, 2.3], 0.1));
    assert!(capsule_meets_sphere(&mut c, &cap, [0.0, 0.0, -0.3], 0.1));
    assert!(!capsule_meets_sphere(&mut c, &cap, [0.46, 0.0, 1.0], 0.1));
    // Off-axis above the top: rounded, so a point at the cylinder's rim
    // (0.3, 0, 2.3) is 0.4243 from (0, 0, 2): out of reach for 0.35 + 0.05.
    assert!(!capsule_meets_sphere(&mut c, &cap, [0.3, 0.0, 2.3], 0.05));
    // Row 31: the push sphere.
    assert!(overlap_sphere_capsule(
        &mut c,
        &sphere([1.5, 0.0, 1.0], 2.0),
        &cap
    ));
    assert!(untouched(&c));
    // Row 32: a segment 0.2 above the top, 0.3 off the axis, reaches the
    // rounded end (distance² 0.13 ≤ 0.1764); at 0.4 above it does not.
    let s = segment::<R>([0.3, -0.5, 2.2], [0.3, 0.5, 2.2], 0.07);
    assert!(overlap_segment_capsule(&mut c, &s, &cap));
    assert!(overlap_capsule_segment(&mut c, &cap, &s));
    let s = segment::<R>([0.3, -0.5, 2.4], [0.3, 0.5, 2.4], 0.07);
    assert!(!overlap_segment_capsule(&mut c, &s, &cap));
    assert!(!overlap_capsule_segment(&mut c, &cap, &s));
    assert!(untouched(&c));
}
both_modes!(unit4_rows28_32_capsule_rounded_ends_against_sphere_and_segment => rounded_against_flat);

fn box_sphere_rows<R: Real>() {
    // Test ideas rows 12-16, both orders.
    let unit = boxed::<R>([0.0; 3], [1.0; 3], WORLD);
    let a = std::f64::consts::FRAC_1_SQRT_2;
    let rot = boxed::<R>(
        [0.0; 3],
        [1.0, 0.5, 0.5],
        [[a, a, 0.0], [-a, a, 0.0], [0.0, 0.0, 1.0]],
    );
    let rows = [
        (&unit, [1.5, 0.0, 0.0], 0.5, true),
        (&unit, [1.51, 0.0, 0.0], 0.5, false),
        (&unit, [0.2, 0.3, 0.0], 0.01, true),
        (&unit, [1.5, 1.5, 0.0], 0.7, false),
        (&unit, [1.5, 1.5, 0.0], 0.75, true),
        (&rot, [0.0, 1.0, 0.0], 0.4, true),
        (&rot, [0.0, 1.0, 0.0], 0.2, false),
    ];
    let mut c = Contact::<R>::default();
    for (b, centre, radius, hit) in rows {
        let s = sphere::<R>(centre, radius);
        assert_eq!(
            overlap_box_sphere(&mut c, b, &s),
            hit,
            "{centre:?} r {radius}"
        );
        assert_eq!(
            overlap_sphere_box(&mut c, &s, b),
            hit,
            "swapped {centre:?} r {radius}"
        );
    }
    assert!(untouched(&c));
}
both_modes!(unit4_rows12_16_box_sphere_both_orders => box_sphere_rows);

fn segment_sphere_rows<R: Real>() {
    // Test ideas row 27, both orders.
    let s = segment::<R>([0.0; 3], [0.4, 0.0, 0.0], 0.1);
    let mut c = Contact::<R>::default();
    for (centre, radius, hit) in [
        ([0.5, 0.0, 0.0], 0.15, true),
        ([0.2, 0.3, 0.0], 0.15, false),
        ([0.2, 0.3, 0.0], 0.25, true),
    ] {
        let b = sphere::<R>(centre, radius);
        assert_eq!(overlap_segment_sphere(&mut c, &s, &b), hit);
        assert_eq!(overlap_sphere_segment(&mut c, &b, &s), hit);
    }
    let point = segment::<R>([0.0; 3], [0.0; 3], 0.1);
    assert!(overlap_segment_sphere(
        &mut c,
        &point,
        &sphere([0.2, 0.0, 0.0], 0.1)
    ));
    assert!(untouched(&c));
}
both_modes!(unit4_row27_segment_sphere_both_orders => segment_sphere_rows);

fn capsule_box_no_height<R: Real>() {
    // Test ideas row 25: 50 m above the box, the pair function still hits,
    // with the same normal and depth as at ground level (row 17).
    let mut ground = Contact::default();
    assert!(human_meets_car(&mut ground, [0.0, -1.2, 0.0]));
    let mut high = Contact::default();
    assert!(human_meets_car(&mut high, [0.0, -1.2, 50.0]));
    assert_eq!(ground, high);
    // Neither the height nor a taller box changes anything.
    let mut c = Contact::<R>::default();
    let tall = boxed::<R>([0.0, 0.0, -30.0], [2.0, 1.0, 0.01], WORLD);
    assert!(overlap_capsule_box(
        &mut c,
        &capsule([0.0, -1.2, 50.0], 0.35, 0.0),
        &tall
    ));
    assert_eq!(c, ground);
    // Row 17's numbers.
    let n = ground
        .other
        .normal
        .get()
        .map(Vec4::to_f32)
        .unwrap_or_default();
    assert_eq!([n[0] + 0.0, n[1], n[2] + 0.0, n[3]], [0.0, -1.0, 0.0, 1.0]);
    close(f(ground.depth.unwrap_or(R::MAX)), 0.15, 1e-6, "depth");
    assert!(ground.own.normal.is_unwritten());
}
both_modes!(unit4_row25_capsule_box_reads_no_height => capsule_box_no_height);

fn capsule_box_mm_corner<R: Real>() {
    // Test ideas row 22: the (−, −) corner's normal is built from (+hx, +hy):
    // normalize(−2.2 − 2, −1.2 − 1, 0), worked here in f64.
    let mut c = Contact::<R>::default();
    assert!(human_meets_car(&mut c, [-2.2, -1.2, 0.0]));
    let (x, y) = (-4.2f64, -2.2f64);
    let len = x.hypot(y);
    lanes_close(
        &c.other.normal,
        [x / len, y / len, 0.0],
        2e-6,
        "(−, −) normal",
    );
    // The three other corners are right: (±0.2, ±0.2) normalised.
    let h = std::f64::consts::FRAC_1_SQRT_2;
    for (bx, by) in [(2.2, 1.2), (-2.2, 1.2), (2.2, -1.2)] {
        let mut c = Contact::<R>::default();
        assert!(overlap_capsule_box(&mut c, &human([bx, by, 0.0]), &car()));
        let want = [h.copysign(bx), h.copysign(by), 0.0];
        lanes_close(&c.other.normal, want, 2e-6, "corner normal");
    }
}
both_modes!(unit4_row22_capsule_box_mm_corner_normal_from_opposite_corner => capsule_box_mm_corner);

fn capsule_box_corner_axes<R: Real>() {
    // "Corner normals always use axes 0 and 1": a box whose first axis is the
    // vertical one (u = 0, so the plane is spanned by A1 = x and A2 = y).
    // Half extents: 0.5 along A0 (vertical), 2 along A1, 1 along A2: the same
    // footprint as the car box. At (2.2, 1.2) the offset is (0.2, 0.2), and
    // the normal is normalize(0.2·A0 + 0.2·A1) = (0.7071, 0, 0.7071), not the
    // in-plane (0.7071, 0.7071, 0). The depth is unaffected.
    let b = boxed::<R>(
        [0.0, 0.0, 0.5],
        [0.5, 2.0, 1.0],
        [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
    );
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([2.2, 1.2, 0.0]), &b));
    let h = std::f64::consts::FRAC_1_SQRT_2;
    lanes_close(
        &c.other.normal,
        [h, 0.0, h],
        2e-6,
        "corner normal from A0, A1",
    );
    close(f(c.depth.unwrap_or(R::MAX)), 0.0425, 1e-5, "depth");
    // The faces use the in-plane axes: at (0, −1.2) the normal is −A2.
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([0.0, -1.2, 0.0]), &b));
    lanes_close(&c.other.normal, [0.0, -1.0, 0.0], 0.0, "face normal");
}
both_modes!(unit4_capsule_box_corner_normals_use_axes_0_and_1 => capsule_box_corner_axes);

fn capsule_box_corner_w_and_depth<R: Real>() {
    // Test ideas row 19: the corner depth is r² − distance² = 0.1225 − 0.08 =
    // 0.0425 m², not the metric 0.35 − √0.08 = 0.0672; the corner normal's w
    // is not written, a face normal's is 1.
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([2.2, 1.2, 0.0]), &car()));
    let depth = f(c.depth.unwrap_or(R::MAX));
    close(depth, 0.35f64.powi(2) - 0.08, 1e-5, "depth in m²");
    assert!((depth - (0.35 - 0.08f64.sqrt())).abs() > 0.02);
    assert_eq!(c.other.normal.w, None);
    assert!(c.other.normal.x.is_some());
    // Row 20: out of reach.
    let mut c = Contact::<R>::default();
    assert!(!human_meets_car(&mut c, [2.3, 1.3, 0.0]));
    assert!(untouched(&c));
    // A face: w = 1 (row 17).
    let mut c = Contact::<R>::default();
    assert!(human_meets_car(&mut c, [0.0, -1.2, 0.0]));
    assert_eq!(c.other.normal.w.map(f), Some(1.0));
}
both_modes!(unit4_row19_capsule_box_corner_depth_squared_and_w_unwritten => capsule_box_corner_w_and_depth);

fn capsule_box_face_choice<R: Real>() {
    // Test ideas rows 23 and 24: over the box the face comes from the signed
    // comparison x < y. At (−1.5, 0.1) the nearest face is −x (0.5 away), but
    // x < y picks +y with depth 1 − 0.1 + 0.35.
    let mut c = Contact::<R>::default();
    assert!(human_meets_car(&mut c, [-1.5, 0.1, 0.0]));
    assert_lanes(&c.other.normal, [0.0, 1.0, 0.0, 1.0], "other normal");
    close(f(c.depth.unwrap_or(R::MAX)), 1.25, 1e-6, "row 24 depth");
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([0.5, 0.2, 0.0]), &car()));
    assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "other normal");
    close(f(c.depth.unwrap_or(R::MAX)), 1.85, 1e-6, "row 23 depth");
    // Negative side: (−0.5, −0.2): x < y, y < 0: −A_j, depth 1 − 0.2 + 0.35.
    let mut c = Contact::<R>::default();
    assert!(human_meets_car(&mut c, [-0.5, -0.2, 0.0]));
    lanes_close(&c.other.normal, [0.0, -1.0, 0.0], 0.0, "−A_j");
    close(f(c.depth.unwrap_or(R::MAX)), 1.15, 1e-6, "depth");
}
both_modes!(unit4_rows23_24_capsule_box_over_box_signed_face_choice => capsule_box_face_choice);

fn capsule_box_boundaries<R: Real>() {
    // "x = ±hx is in the middle column": at x = hx = 2, y = 0.5 the centre is
    // over the box; x < y is false, so +A_i with depth hx − |x| + r = 0.35.
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([2.0, 0.5, 0.0]), &car()));
    assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "other normal");
    close(f(c.depth.unwrap_or(R::MAX)), 0.35, 1e-6, "depth");
    // At x = 2, y = 1 (the corner point itself): still over the box.
    let mut c = Contact::<R>::default();
    assert!(overlap_capsule_box(&mut c, &human([2.0, 1.0, 0.0]), &car()));
    assert_eq!(c.other.normal.w.map(f), Some(1.0));
    // Row 18: a gap of 0.36 > 0.35 misses.
    let mut c = Contact::<R>::default();
    assert!(!human_meets_car(&mut c, [0.0, -1.36, 0.0]));
    assert!(untouched(&c));
}
both_modes!(unit4_capsule_box_region_boundaries_middle_column => capsule_box_boundaries);

fn box_capsule_stale<R: Real>() {
    // Test ideas row 26: the mirror swaps the halves wholesale: +0x10 gets the
    // box's outward normal (0, −1, 0, 1), +0x50 what +0x10 held before (here
    // (9, 8, 7, 6), and nothing at all in a fresh slot); the depth stays 0.15.
    let stale = Vec4::<R>::from_f32([9.0, 8.0, 7.0, 6.0]);
    let mut c = Contact::<R>::default();
    c.own.normal.set(stale);
    c.own.owner = Some(77);
    assert!(overlap_box_capsule(
        &mut c,
        &car(),
        &human([0.0, -1.2, 0.0])
    ));
    let n = c.own.normal.get().map(Vec4::to_f32).unwrap_or_default();
    assert_eq!([n[0] + 0.0, n[1], n[2] + 0.0, n[3]], [0.0, -1.0, 0.0, 1.0]);
    assert_eq!(c.other.normal.get(), Some(stale));
    assert_eq!(c.other.owner, Some(77));
    assert_eq!(c.own.owner, None);
    close(f(c.depth.unwrap_or(R::MAX)), 0.15, 1e-6, "depth");
    let mut fresh = Contact::<R>::default();
    assert!(overlap_box_capsule(
        &mut fresh,
        &car(),
        &human([0.0, -1.2, 0.0])
    ));
    assert!(fresh.other.normal.is_unwritten());
    // A miss swaps nothing.
    let mut c = Contact::<R>::default();
    c.own.normal.set(stale);
    assert!(!overlap_box_capsule(
        &mut c,
        &car(),
        &human([0.0, -1.36, 0.0])
    ));
    assert_eq!(c.own.normal.get(), Some(stale));
}
both_modes!(unit4_row26_box_capsule_swaps_stale_own_normal_into_other => box_capsule_stale);

fn no_overlap_writes_fraction_point_slide<R: Real>() {
    // "No overlap test writes the point +0x90, the fraction +0x80 or the
    // slide +0xa0": every table entry, on a hit.
    let shapes: [Shape<R>; 4] = [
        Shape::Box(car()),
        Shape::Sphere(sphere([0.0, -1.1, 0.5], 0.3)),
        Shape::Capsule(human([0.0, -1.2, 0.0])),
        Shape::Segment(segment([0.0, -1.4, 0.5], [0.0, -0.9, 0.5], 0.1)),
    ];
    for a in &shapes {
        for b in &shapes {
            let mut c = Contact::<R>::default();
            let hit = overlap_pair(&mut c, a, b);
            assert!(
                hit != PairAnswer::Apart,
                "{:?} {:?}",
                a.shape_type(),
                b.shape_type()
            );
            assert_eq!(c.fraction, None);
            assert!(c.point.is_unwritten() && c.slide.is_unwritten());
            assert_eq!((c.flags, c.triangle), (None, None));
        }
    }
}
both_modes!(unit4_summary_no_overlap_writes_fraction_point_slide => no_overlap_writes_fraction_point_slide);

fn table_segment_box<R: Real>() {
    // Test ideas row 34: overlap (4, 1) and (1, 4) are empty, even for a
    // forearm segment right through the box; a hand sphere there hits.
    let carbox = Shape::Box(car::<R>());
    let forearm = Shape::Segment(segment::<R>([0.0, -1.3, 1.0], [0.0, -0.8, 1.0], 0.05));
    let hand = Shape::Sphere(sphere::<R>([0.0, -1.05, 1.0], 0.09));
    let mut c = Contact::<R>::default();
    assert_eq!(overlap_pair(&mut c, &forearm, &carbox), PairAnswer::NoEntry);
    assert_eq!(overlap_pair(&mut c, &carbox, &forearm), PairAnswer::NoEntry);
    assert!(untouched(&c));
    assert_eq!(overlap_pair(&mut c, &hand, &carbox), PairAnswer::Met);
}
both_modes!(unit4_row34_segment_never_reaches_a_box => table_segment_box);

fn world_box<R: Real>(min: [f64; 3], max: [f64; 3]) -> Aabb<R> {
    Aabb {
        min: v(min[0], min[1], min[2]),
        max: v(max[0], max[1], max[2]),
    }
}

fn query_order<R: Real>() {
    // Test ideas row 35: one push sphere over two humans: both found, in the
    // order the world lists them (discovery order), whatever that order.
    let push = Shape::Sphere(sphere::<R>([0.0, 0.0, 1.0], 2.0));
    let own = QueryShape {
        owner: 1,
        shape_id: 11,
        shape: &push,
    };
    let gather = world_box::<R>([-2.0, -2.0, -1.0], [2.0, 2.0, 3.0]);
    let a = [(21, Shape::Capsule(human::<R>([1.5, 0.0, 0.0])))];
    let b = [(31, Shape::Capsule(human::<R>([-1.0, 0.5, 0.0])))];
    let body_a = QueryBody {
        owner: 2,
        bounds: world_box([1.15, -0.35, 0.0], [1.85, 0.35, 2.0]),
        shapes: &a,
    };
    let body_b = QueryBody {
        owner: 3,
        bounds: world_box([-1.35, 0.15, 0.0], [-0.65, 0.85, 2.0]),
        shapes: &b,
    };
    for (list, order) in [([body_a, body_b], [2, 3]), ([body_b, body_a], [3, 2])] {
        let mut out = [Contact::<R>::default(); 32];
        assert_eq!(overlap_query(&mut out, &own, &gather, &list), 2);
        assert_eq!(out[0].other.owner, Some(order[0]));
        assert_eq!(out[1].other.owner, Some(order[1]));
        for c in &out[..2] {
            assert_eq!(
                (c.own.owner, c.own.shape, c.triangle),
                (Some(1), Some(11), Some(0))
            );
        }
        assert!(untouched(&out[2]));
    }
    // A max of 1 keeps the first found; a max of 0 tests nothing.
    let mut out = [Contact::<R>::default(); 1];
    assert_eq!(overlap_query(&mut out, &own, &gather, &[body_b, body_a]), 1);
    assert_eq!(out[0].other.owner, Some(3));
    assert_eq!(overlap_query(&mut [], &own, &gather, &[body_b, body_a]), 0);
}
both_modes!(unit4_row35_query_keeps_discovery_order => query_order);

fn query_gather_height<R: Real>() {
    // Test ideas row 25, through the query: the capsule 50 m up still overlaps
    // the box's footprint, but the gather boxes miss in z, so no contact.
    let car_shape = [(20, Shape::Box(car::<R>()))];
    let body = QueryBody {
        owner: 2,
        bounds: world_box([-2.0, -1.0, 0.0], [2.0, 1.0, 1.0]),
        shapes: &car_shape,
    };
    for (z, want) in [(50.0, 0), (0.0, 1)] {
        let cap = Shape::Capsule(human::<R>([0.0, -1.2, z]));
        let own = QueryShape {
            owner: 1,
            shape_id: 10,
            shape: &cap,
        };
        let gather = world_box::<R>([-0.35, -1.55, z], [0.35, -0.85, z + 2.0]);
        let mut out = [Contact::<R>::default(); 4];
        assert_eq!(
            overlap_query(&mut out, &own, &gather, &[body]),
            want,
            "z {z}"
        );
        // And the pair alone hits at both heights.
        let mut c = Contact::<R>::default();
        assert_eq!(overlap_pair(&mut c, &cap, &car_shape[0].1), PairAnswer::Met);
    }
}
both_modes!(unit4_row25_query_gather_box_rejects_height => query_gather_height);
