//! The pair-table entries the specification gives only by role (sphere-sphere,
//! capsule-capsule, sphere-capsule, sphere-segment and their mirrors, the
//! segment pairs' static sweeps), the rays against a box and a capsule, and
//! the two 5 × 5 tables.
//!
//! Every check is a generic function run in both float modes. The expected
//! numbers are worked by hand in the comments from the geometry (not from the
//! code), or come from a brute-force sampled sweep in `f64` written here, or
//! from the overview's table of entries.

use std::collections::BTreeSet;
use std::path::PathBuf;

use kernels::box_sweep::Window;
use kernels::ray::{physics_ray_box, physics_ray_capsule, ray_clip_slab, ray_oriented_box};
use kernels::sweep::{
    physics_sweep_capsule_capsule, physics_sweep_capsule_segment, physics_sweep_capsule_sphere,
    physics_sweep_segment_capsule, physics_sweep_segment_segment, physics_sweep_segment_sphere,
    physics_sweep_sphere_capsule, physics_sweep_sphere_segment, physics_sweep_sphere_sphere,
    sweep_circle_circle_2d, sweep_sphere_capsule, sweep_sphere_sphere,
};
use kernels::table::{
    mesh_overlap_table, mesh_sweep_table, overlap_pair, overlap_table, ray_cast_shape, ray_table,
    sweep_pair, sweep_table, MeshSlot, PairAnswer, MESH_OVERLAP_ADDRESSES, MESH_SWEEP_ADDRESSES,
    OVERLAP_ADDRESSES, RAY_ADDRESSES, SWEEP_ADDRESSES,
};
use kernels::{Contact, OrientedBox, PairContext, Shape};
use ps2_float::{Real, Vec4};
use test_support::oracle::bisect_first;
use test_support::{both_modes, close_opt as near, p as v3, r, rust_files, Seeded, Xorshift};

mod support;
use support::{box_b, capsule, segment, sphere};

#[track_caller]
fn near_lanes<R: Real>(lanes: &kernels::Lanes<R>, want: [f64; 4], tol: f64, what: &str) {
    near(lanes.x, want[0], tol, &format!("{what}.x"));
    near(lanes.y, want[1], tol, &format!("{what}.y"));
    near(lanes.z, want[2], tol, &format!("{what}.z"));
    near(lanes.w, want[3], tol, &format!("{what}.w"));
}

/// The fields no entry of this file writes are left as they were.
#[track_caller]
fn untouched_besides_sweep_fields<R: Real>(c: &Contact<R>) {
    assert!(c.own.point.is_unwritten() && c.other.point.is_unwritten());
    assert!(c.own.owner.is_none() && c.own.shape.is_none());
    assert!(c.other.owner.is_none() && c.other.shape.is_none());
    assert!(c.own.feature.is_none() && c.other.feature.is_none());
    assert!(c.depth.is_none() && c.slide.is_unwritten() && c.triangle.is_none());
}

/// The contact a sweep entry writes on a fresh record, checking that it
/// reports a meeting.
#[track_caller]
fn met<R: Real>(sweep: impl FnOnce(&mut Contact<R>) -> bool) -> Contact<R> {
    let mut c = Contact::default();
    assert!(sweep(&mut c), "{}: the sweep should meet", R::MODE);
    c
}

/// Checks that a sweep entry reports no meeting and leaves a fresh record
/// as it was.
#[track_caller]
fn missed<R: Real>(sweep: impl FnOnce(&mut Contact<R>) -> bool) {
    let mut c = Contact::default();
    assert!(!sweep(&mut c), "{}: the sweep should miss", R::MODE);
    assert_eq!(c, Contact::default());
}

/// The time window a circle sweep starts from: `[0, 1e24]`.
fn open_window<R: Real>() -> Window<R> {
    Window {
        first: R::ZERO,
        last: r(1e24),
    }
}

/// A draw in `[lo, hi)` rounded to two decimals, so the case is exact
/// enough to read back.
fn rounded(g: &mut Xorshift, lo: f64, hi: f64) -> f32 {
    ((g.range(lo, hi) * 100.0).round() / 100.0) as f32
}

/// A point drawn with [`rounded`], lane by lane from its range.
fn rounded_point(g: &mut Xorshift, ranges: [(f64, f64); 3]) -> [f32; 3] {
    ranges.map(|(lo, hi)| rounded(g, lo, hi))
}

/// Checks a kernel's fraction `got` against the sampled sweep of
/// [`sampled_first`] over [`SAMPLES`] steps (its first touch and the smallest
/// distance) for `reach`: a hit within two steps of the first sampled
/// touch, a miss only where nothing came clearly within reach, a hit only
/// where something came near. Returns whether both hit.
#[track_caller]
fn agrees_with_sampled<R: Real>(
    got: Option<R>,
    (first, min): (Option<f64>, f64),
    reach: f64,
) -> bool {
    match (got, first) {
        (Some(t), Some(s)) => {
            near(
                Some(t),
                s,
                2.0 / f64::from(SAMPLES) + 1e-5,
                "fraction against the sampled sweep",
            );
        }
        (None, Some(_)) => assert!(min > reach - 1e-3, "{} missed a clear hit", R::MODE),
        (Some(t), None) => {
            assert!(
                min < reach + 1e-3,
                "{} hit {t:?} with nothing near",
                R::MODE
            );
        }
        (None, None) => {}
    }
    got.is_some() && first.is_some()
}

/// The steps of the sampled sweeps and rays.
const SAMPLES: u32 = 4000;

/// Runs `case` on 600 draws of the generator seeded with `seed`: each
/// answers `None` for a draw it skips, else whether the kernel and the
/// sampled answer both hit. Checks that more than 100 did, enough to mean
/// anything.
fn brute_force(seed: u64, mut case: impl FnMut(&mut Xorshift) -> Option<bool>) {
    let mut g = Xorshift(seed);
    let mut hits = 0;
    for _ in 0..600 {
        hits += u32::from(case(&mut g) == Some(true));
    }
    assert!(hits > 100, "too few hits to mean anything: {hits}");
}

/// The first sample `t = k / n` at which `dist(t) ≤ reach`, in `f64`, and the
/// smallest distance over the samples.
fn sampled_first(n: u32, reach: f64, dist: impl Fn(f64) -> f64) -> (Option<f64>, f64) {
    let mut first = None;
    let mut min = f64::MAX;
    for k in 0..=n {
        let t = f64::from(k) / f64::from(n);
        let d = dist(t);
        min = min.min(d);
        if first.is_none() && d <= reach {
            first = Some(t);
        }
    }
    (first, min)
}

/// The distance from `p` to the segment `a`..`b`, in `f64`.
fn point_segment(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
    let u = if len2 == 0.0 {
        0.0
    } else {
        ((ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / len2).clamp(0.0, 1.0)
    };
    let q = [a[0] + u * ab[0], a[1] + u * ab[1], a[2] + u * ab[2]];
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

fn at(p: [f32; 3], m: [f32; 3], t: f64) -> [f64; 3] {
    [
        f64::from(p[0]) + t * f64::from(m[0]),
        f64::from(p[1]) + t * f64::from(m[1]),
        f64::from(p[2]) + t * f64::from(m[2]),
    ]
}

// ---------------------------------------------------------------------------
// Sphere against sphere (2, 2).

/// Head on: own r 0.5 from (−2, 0, 0) by (4, 0, 0), other r 0.5 at the
/// origin. The centres are 1 apart when own's is at x = −1, a quarter of the
/// move. The other's normal points back at the mover (−1, 0, 0), the point is
/// on the other's surface (−0.5, 0, 0).
fn sphere_sphere_head_on<R: Real>() {
    let own = sphere::<R>([-2.0, 0.0, 0.0], 0.5);
    let other = sphere::<R>([0.0, 0.0, 0.0], 0.5);
    let c = met(|c| physics_sweep_sphere_sphere(c, &own, &other, v3(4.0, 0.0, 0.0)));
    near(c.fraction, 0.25, 1e-6, "fraction");
    near_lanes(&c.other.normal, [-1.0, 0.0, 0.0, 1.0], 1e-6, "other.normal");
    near_lanes(&c.own.normal, [1.0, 0.0, 0.0, 1.0], 1e-6, "own.normal");
    near_lanes(&c.point, [-0.5, 0.0, 0.0, 1.0], 1e-6, "point");
    assert_eq!(c.flags, Some(0));
    untouched_besides_sweep_fields(&c);
}
both_modes!(pairs_sphere_sphere_head_on => sphere_sphere_head_on);

/// Off centre: own r 0.2 from (−2, 0.3, 0) by (4, 0, 0), other r 0.3 at the
/// origin: reach 0.5, so x² + 0.3² = 0.5² at x = −0.4, t = 1.6 / 4 = 0.4; the
/// normal is (−0.4, 0.3, 0) / 0.5 = (−0.8, 0.6, 0) and the point 0.3 along it.
fn sphere_sphere_oblique<R: Real>() {
    let c = met::<R>(|c| {
        physics_sweep_sphere_sphere(
            c,
            &sphere([-2.0, 0.3, 0.0], 0.2),
            &sphere([0.0, 0.0, 0.0], 0.3),
            v3(4.0, 0.0, 0.0),
        )
    });
    near(c.fraction, 0.4, 2e-6, "fraction");
    near_lanes(&c.other.normal, [-0.8, 0.6, 0.0, 1.0], 2e-6, "other.normal");
    near_lanes(&c.point, [-0.24, 0.18, 0.0, 1.0], 2e-6, "point");
}
both_modes!(pairs_sphere_sphere_oblique => sphere_sphere_oblique);

/// The start rule (divergence 101): overlapping and moving in hits at 0;
/// overlapping and moving away, or a zero move, is no contact and writes
/// nothing; a move that ends short misses.
fn sphere_sphere_start_rules<R: Real>() {
    let (a, b) = (
        sphere::<R>([0.6, 0.0, 0.0], 0.5),
        sphere::<R>([0.0, 0.0, 0.0], 0.5),
    );
    let c = met(|c| physics_sweep_sphere_sphere(c, &a, &b, v3(-0.1, 0.0, 0.0)));
    near(c.fraction, 0.0, 0.0, "fraction");
    for mv in [v3(0.1, 0.0, 0.0), v3(0.0, 0.0, 0.0), v3(0.0, 0.3, 0.0)] {
        missed(|c| physics_sweep_sphere_sphere(c, &a, &b, mv));
    }
    // From x = −3 by 1.5: the centres get no nearer than 1.5 > 1.
    missed(|c| {
        let far = sphere([-3.0, 0.0, 0.0], 0.5);
        physics_sweep_sphere_sphere(c, &far, &b, v3(1.5, 0.0, 0.0))
    });
}
both_modes!(pairs_sphere_sphere_start_rules => sphere_sphere_start_rules);

/// Random starts outside reach: every hit within 2 sample steps of the first
/// sampled touch, every clear miss a miss, every clear hit a hit.
fn sphere_sphere_brute_force<R: Real>() {
    brute_force(0x9e37_79b9_7f4a_7c15, |g| {
        let p = rounded_point(g, [(-2.0, 2.0); 3]);
        let q = rounded_point(g, [(-0.5, 0.5); 3]);
        // Aimed near the other centre, from 0.5 to 2 times as far.
        let k = g.range(0.5, 2.0) as f32;
        let m =
            [0, 1, 2].map(|i| ((q[i] + rounded(g, -1.0, 1.0) - p[i]) * k * 100.0).round() / 100.0);
        let reach = f64::from(rounded(g, 0.2, 1.0));
        let start = point_segment(at(p, m, 0.0), at(q, [0.0; 3], 0.0), at(q, [0.0; 3], 0.0));
        if start <= reach + 1e-3 {
            return None;
        }
        let dist = |t: f64| point_segment(at(p, m, t), at(q, [0.0; 3], 0.0), at(q, [0.0; 3], 0.0));
        let sampled = sampled_first(SAMPLES, reach, dist);
        let got = sweep_sphere_sphere::<R>(
            v3(p[0], p[1], p[2]),
            v3(m[0], m[1], m[2]),
            v3(q[0], q[1], q[2]),
            r(reach as f32),
        );
        Some(agrees_with_sampled(got, sampled, reach))
    });
}
both_modes!(pairs_sphere_sphere_brute_force => sphere_sphere_brute_force);

// ---------------------------------------------------------------------------
// Capsule against capsule (3, 3).

/// The circles alone: a centre 2 to the left closing at 2 per unit of time on
/// a reach of 0.69 enters at (2 − 0.69) / 2 = 0.655 and leaves at
/// (2 + 0.69) / 2 = 1.345.
fn circle_circle_window<R: Real>() {
    let mut w = open_window();
    let apart = sweep_circle_circle_2d(
        &mut w,
        R::ONE,
        [r(-2.0), R::ZERO],
        [r(2.0), R::ZERO],
        r(0.69),
    );
    assert!(!apart);
    near(Some(w.first), 0.655, 2e-6, "first");
    near(Some(w.last), 1.345, 2e-6, "last");
    // Short of reach within the move: entry 1.31 / 1 > t_max.
    let mut w = open_window();
    assert!(sweep_circle_circle_2d(
        &mut w,
        R::ONE,
        [r(-2.0), R::ZERO],
        [r(1.0), R::ZERO],
        r(0.69)
    ));
    // Passing wide: the line stays 0.7 from the centre.
    let mut w = open_window();
    assert!(sweep_circle_circle_2d(
        &mut w,
        R::ONE,
        [r(-2.0), r(0.7)],
        [r(4.0), R::ZERO],
        r(0.69)
    ));
}
both_modes!(pairs_circle_circle_window => circle_circle_window);

/// Two humans of radius 0.35 and 0.34 (overview, "Human contacts": the
/// centres meet at the sum of the radii). The mover starts 2 m to the left
/// and moves (2, 0, 0.1): the vertical ranges overlap at the start and the
/// vertical speed is not 0, so the window is the circles', and the axes are
/// 0.69 apart at 0.655. The point is the mover's axis there at mid-height:
/// (−0.69, 0, 0.0655 + 1.0).
fn capsule_capsule_sum_of_radii<R: Real>() {
    let c = met::<R>(|c| {
        physics_sweep_capsule_capsule(
            c,
            &capsule([-2.0, 0.0, 0.0], 0.35, 2.0),
            &capsule([0.0, 0.0, 0.0], 0.34, 2.0),
            v3(2.0, 0.0, 0.1),
        )
    });
    near(c.fraction, 0.655, 2e-6, "fraction");
    near_lanes(&c.point, [-0.69, 0.0, 1.0655, 1.0], 2e-6, "point");
    near_lanes(&c.other.normal, [-1.0, 0.0, 0.0, 1.0], 1e-6, "other.normal");
    near_lanes(&c.own.normal, [1.0, 0.0, 0.0, 1.0], 1e-6, "own.normal");
    assert_eq!(c.flags, Some(0));
    untouched_besides_sweep_fields(&c);
}
both_modes!(overview_human_contacts_capsules_meet_at_sum_of_radii => capsule_capsule_sum_of_radii);

/// Unit 13's zero-speed reset (Sweep_IntervalOverlap case 4) runs first in
/// the capsule pair (divergence 105): a walk with no vertical move resets
/// the window to (0, 1) and the circles then narrow it, so the walker meets
/// the other where the footprints touch, (2 − 0.69) / 2 = 0.655, exactly as
/// the same walk with a small vertical move does; a flat walk that stays out
/// of reach (entry 1.31 of a move of 1) still misses.
fn capsule_capsule_flat_move_meets_at_the_circles<R: Real>() {
    let own = capsule::<R>([-2.0, 0.0, 0.0], 0.35, 2.0);
    let other = capsule::<R>([0.0, 0.0, 0.0], 0.34, 2.0);
    let flat = met(|c| physics_sweep_capsule_capsule(c, &own, &other, v3(2.0, 0.0, 0.0)));
    near(flat.fraction, 0.655, 1e-6, "fraction");
    near_lanes(&flat.point, [-0.69, 0.0, 1.0, 1.0], 1e-6, "point");
    let rising = met(|c| physics_sweep_capsule_capsule(c, &own, &other, v3(2.0, 0.0, 0.1)));
    near(rising.fraction, 0.655, 1e-6, "fraction, rising");
    missed(|c| physics_sweep_capsule_capsule(c, &own, &other, v3(1.0, 0.0, 0.0)));
}
both_modes!(unit13_interval_reset_capsule_capsule_flat_move_at_the_circles => capsule_capsule_flat_move_meets_at_the_circles);

/// The heights are swapped in the vertical ranges (overview, "Shapes",
/// 0x00343e1c-0x00343e28):
/// * a 0.5 m mover at z 1.5 against a 2 m capsule at z 0 really overlaps
///   ([1.5, 2] and [0, 2]), but is tested as [1.5, 3.5] against [0, 0.5]:
///   apart, no contact;
/// * a 0.2 m mover at z 0 below a 2 m capsule at z 1 is really apart
///   ([0, 0.2] and [1, 3]), but is tested as [0, 2] against [1, 1.2]: a
///   contact where the footprints touch, (1 − 0.7) / 1 = 0.3.
fn capsule_capsule_heights_swapped<R: Real>() {
    let mv = v3::<R>(1.0, 0.0, 0.0);
    let short_high = capsule::<R>([-1.0, 0.0, 1.5], 0.35, 0.5);
    let tall_low = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    missed(|c| physics_sweep_capsule_capsule(c, &short_high, &tall_low, mv));

    let short_low = capsule::<R>([-1.0, 0.0, 0.0], 0.35, 0.2);
    let tall_high = capsule::<R>([0.0, 0.0, 1.0], 0.35, 2.0);
    let c = met(|c| physics_sweep_capsule_capsule(c, &short_low, &tall_high, mv));
    near(c.fraction, 0.3, 1e-6, "fraction");
}
both_modes!(overview_shapes_capsule_sweep_swaps_heights => capsule_capsule_heights_swapped);

/// Start rules: within reach and moving further in, a hit at 0; moving away,
/// sideways or not at all, no contact.
fn capsule_capsule_start_rules<R: Real>() {
    let own = capsule::<R>([-0.5, 0.0, 0.0], 0.35, 2.0);
    let other = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    let c = met(|c| physics_sweep_capsule_capsule(c, &own, &other, v3(0.1, 0.0, 0.05)));
    near(c.fraction, 0.0, 0.0, "fraction");
    for mv in [
        v3(-0.1, 0.0, 0.0),
        v3(0.0, 0.1, 0.0),
        v3(0.0, 0.0, 0.0),
        v3(0.0, 0.0, 1.0),
    ] {
        missed(|c| physics_sweep_capsule_capsule(c, &own, &other, mv));
    }
}
both_modes!(pairs_capsule_capsule_start_rules => capsule_capsule_start_rules);

// ---------------------------------------------------------------------------
// Sphere against capsule (2, 3), its mirror (3, 2), the capsule's ray.

/// Capsule r 0.35, h 2 at the origin; sphere r 0.1 (reach 0.45):
/// * from (−1, 0, 1) by (2, 0, 0): the wall at x = −0.45, t = 0.55 / 2 = 0.275;
/// * from (0, 0, 3) by (0, 0, −2): the top sphere at z = 2.45, t = 0.275;
/// * from (0.3, 0, 3) by (0, 0, −2): the rounded top at
///   z = 2 + sqrt(0.45² − 0.3²) = 2.335410, t = 0.332295 (a flat end would
///   give 0.275);
/// * from (0, 0, −1) by (0, 0, 2): the bottom sphere at z = −0.45, t = 0.275.
fn sphere_capsule_hand<R: Real>() {
    let cap = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    let cases: [([f32; 3], [f32; 3], f64); 4] = [
        ([-1.0, 0.0, 1.0], [2.0, 0.0, 0.0], 0.275),
        ([0.0, 0.0, 3.0], [0.0, 0.0, -2.0], 0.275),
        ([0.3, 0.0, 3.0], [0.0, 0.0, -2.0], 0.332_295),
        ([0.0, 0.0, -1.0], [0.0, 0.0, 2.0], 0.275),
    ];
    for (p, m, want) in cases {
        let mv = v3(m[0], m[1], m[2]);
        let c = met(|c| physics_sweep_sphere_capsule(c, &sphere(p, 0.1), &cap, mv));
        near(c.fraction, want, 2e-6, "fraction");
        assert_eq!(c.flags, Some(0));
        untouched_besides_sweep_fields(&c);
    }
    // The wall case's normal and point: (−1, 0, 0) and (−0.35, 0, 1).
    let c = met(|c| {
        physics_sweep_sphere_capsule(c, &sphere([-1.0, 0.0, 1.0], 0.1), &cap, v3(2.0, 0.0, 0.0))
    });
    near_lanes(&c.other.normal, [-1.0, 0.0, 0.0, 1.0], 1e-6, "other.normal");
    near_lanes(&c.own.normal, [1.0, 0.0, 0.0, 1.0], 1e-6, "own.normal");
    near_lanes(&c.point, [-0.35, 0.0, 1.0, 1.0], 1e-6, "point");
    // The rounded top: normal (0.3, 0, 0.335410) / 0.45.
    let c = met(|c| {
        physics_sweep_sphere_capsule(c, &sphere([0.3, 0.0, 3.0], 0.1), &cap, v3(0.0, 0.0, -2.0))
    });
    let (nx, nz) = (0.3 / 0.45, 0.1125f64.sqrt() / 0.45);
    near_lanes(&c.other.normal, [nx, 0.0, nz, 1.0], 3e-6, "other.normal");
    near_lanes(
        &c.point,
        [nx * 0.35, 0.0, 2.0 + nz * 0.35, 1.0],
        3e-6,
        "point",
    );
}
both_modes!(overview_kernels_sphere_capsule_rounded_ends => sphere_capsule_hand);

/// Start within reach: a hit at 0 heading in, nothing heading out; a path
/// passing 0.5 from the axis misses a reach of 0.45.
fn sphere_capsule_start_and_miss<R: Real>() {
    let cap = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    let inside = sphere::<R>([0.3, 0.0, 1.0], 0.1);
    let c = met(|c| physics_sweep_sphere_capsule(c, &inside, &cap, v3(-0.1, 0.0, 0.0)));
    near(c.fraction, 0.0, 0.0, "fraction");
    missed(|c| physics_sweep_sphere_capsule(c, &inside, &cap, v3(0.1, 0.0, 0.0)));
    let wide = sphere::<R>([-1.0, 0.5, 1.0], 0.1);
    missed(|c| physics_sweep_sphere_capsule(c, &wide, &cap, v3(2.0, 0.0, 0.0)));
}
both_modes!(pairs_sphere_capsule_start_and_miss => sphere_capsule_start_and_miss);

/// Random segments against random upright capsules, against a sampled sweep
/// of the distance to the axis segment.
fn sphere_capsule_brute_force<R: Real>() {
    brute_force(0x2545_f491_4f6c_dd1d, |g| {
        let base = rounded_point(g, [(-0.5, 0.5); 3]);
        let h = rounded(g, 0.0, 2.0);
        let reach = f64::from(rounded(g, 0.1, 0.8));
        let p = rounded_point(g, [(-2.5, 2.5), (-2.5, 2.5), (-2.0, 3.0)]);
        // Aimed near the axis, from 0.5 to 2 times as far.
        let k = g.range(0.5, 2.0) as f32;
        let aim = [
            base[0] + rounded(g, -1.0, 1.0),
            base[1] + rounded(g, -1.0, 1.0),
            base[2] + rounded(g, -0.5, 2.5),
        ];
        let m = [0, 1, 2].map(|i| ((aim[i] - p[i]) * k * 100.0).round() / 100.0);
        let top = [base[0], base[1], base[2] + h];
        let a = at(base, [0.0; 3], 0.0);
        let b = at(top, [0.0; 3], 0.0);
        if point_segment(at(p, m, 0.0), a, b) <= reach + 1e-3 {
            return None;
        }
        let sampled = sampled_first(SAMPLES, reach, |t| point_segment(at(p, m, t), a, b));
        let got = sweep_sphere_capsule::<R>(
            v3(p[0], p[1], p[2]),
            v3(m[0], m[1], m[2]),
            v3(base[0], base[1], base[2]),
            r(h),
            r(reach as f32),
        );
        Some(agrees_with_sampled(got, sampled, reach))
    });
}
both_modes!(pairs_sphere_capsule_brute_force => sphere_capsule_brute_force);

/// The mirror (3, 2): the capsule moving by m against a sphere at rest is the
/// sphere moving by −m with the contact's halves swapped.
fn capsule_sphere_mirror_swaps<R: Real>() {
    let cap = capsule::<R>([-1.0, 0.0, 0.0], 0.35, 2.0);
    let ball = sphere::<R>([0.0, 0.0, 1.0], 0.1);
    let m = v3::<R>(2.0, 0.0, 0.0);
    let mirrored = met(|c| physics_sweep_capsule_sphere(c, &cap, &ball, m));
    let mut direct = met(|c| physics_sweep_sphere_capsule(c, &ball, &cap, -m));
    direct.swap_halves();
    assert_eq!(mirrored, direct);
    // The sphere meets the wall 0.45 from the axis: t = (1 − 0.45) / 2.
    near(mirrored.fraction, 0.275, 2e-6, "fraction");
    // +0x10 is now the capsule's normal towards the sphere: (1, 0, 0).
    near_lanes(
        &mirrored.own.normal,
        [1.0, 0.0, 0.0, 1.0],
        1e-6,
        "own.normal",
    );
}
both_modes!(pairs_capsule_sphere_mirror_swaps => capsule_sphere_mirror_swaps);

/// The capsule's ray (radius 0.35, no moving radius): from (−1, 0, 1) along
/// (2, 0, 0) it meets the wall at x = −0.35, t = 0.65 / 2 = 0.325; from
/// (0, 0, 3) along (0, 0, −2) the top at z = 2.35, t = 0.325; a ray passing
/// 0.4 from the axis misses.
fn ray_capsule_hand<R: Real>() {
    let cap = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    near(
        physics_ray_capsule(&cap, v3(-1.0, 0.0, 1.0), v3(2.0, 0.0, 0.0)),
        0.325,
        2e-6,
        "wall",
    );
    near(
        physics_ray_capsule(&cap, v3(0.0, 0.0, 3.0), v3(0.0, 0.0, -2.0)),
        0.325,
        2e-6,
        "top",
    );
    assert_eq!(
        physics_ray_capsule(&cap, v3(-1.0, 0.4, 1.0), v3(2.0, 0.0, 0.0)),
        None
    );
    // Through the ray table.
    let shape = Shape::Capsule(cap);
    near(
        ray_cast_shape(&shape, v3(-1.0, 0.0, 1.0), v3(2.0, 0.0, 0.0)),
        0.325,
        2e-6,
        "table",
    );
}
both_modes!(overview_kernels_ray_passes_capsule_radius => ray_capsule_hand);

// ---------------------------------------------------------------------------
// Sphere against segment (2, 4) and its mirror (4, 2).

/// Sphere r 0.1 from (−1, 0, 0) by (2, 0, 0) across the segment
/// (0, −1, z)-(0, 1, z) of radius 0.1. Closest points: s = 0.5 along the move
/// (the centre at the origin), t = 0.5 along the segment.
/// * z = 0.15: gap (0, 0, −0.15) ≤ 0.2, a hit at s = 0.5, though the two first
///   touch at x = −sqrt(0.2² − 0.15²) = −0.132288, t = 0.433856: the fraction
///   is the closest approach (divergence 109). Normal (0, 0, −1), point
///   (0, 0, 0.15) + 0.1·(0, 0, −1) = (0, 0, 0.05).
/// * z = 0.25: gap 0.25 > 0.2, no contact.
fn sphere_segment_closest_approach<R: Real>() {
    let ball = sphere::<R>([-1.0, 0.0, 0.0], 0.1);
    let mv = v3::<R>(2.0, 0.0, 0.0);
    let seg = segment::<R>([0.0, -1.0, 0.15], [0.0, 1.0, 0.15], 0.1);
    let c = met(|c| physics_sweep_sphere_segment(c, &ball, &seg, mv));
    near(c.fraction, 0.5, 1e-6, "fraction");
    let first_touch = (1.0 - (0.2f64.powi(2) - 0.15f64.powi(2)).sqrt()) / 2.0;
    assert!(f64::from(c.fraction.unwrap_or(R::ZERO).to_f32()) > first_touch + 0.06);
    near_lanes(&c.other.normal, [0.0, 0.0, -1.0, 1.0], 1e-6, "other.normal");
    near_lanes(&c.own.normal, [0.0, 0.0, 1.0, 1.0], 1e-6, "own.normal");
    near_lanes(&c.point, [0.0, 0.0, 0.05, 1.0], 1e-6, "point");
    assert_eq!(c.flags, Some(0));
    untouched_besides_sweep_fields(&c);

    let high = segment::<R>([0.0, -1.0, 0.25], [0.0, 1.0, 0.25], 0.1);
    missed(|c| physics_sweep_sphere_segment(c, &ball, &high, mv));
}
both_modes!(pairs_inferred_sphere_segment_closest_approach => sphere_segment_closest_approach);

/// A zero move is the static overlap at fraction 0: a sphere r 0.1 at
/// (0.05, 0, 0) sits 0.05 from the segment (0, −1, 0)-(0, 1, 0) of radius 0.1.
fn sphere_segment_zero_move<R: Real>() {
    let c = met::<R>(|c| {
        physics_sweep_sphere_segment(
            c,
            &sphere([0.05, 0.0, 0.0], 0.1),
            &segment([0.0, -1.0, 0.0], [0.0, 1.0, 0.0], 0.1),
            v3(0.0, 0.0, 0.0),
        )
    });
    near(c.fraction, 0.0, 0.0, "fraction");
    near_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], 1e-6, "other.normal");
}
both_modes!(pairs_sphere_segment_zero_move => sphere_segment_zero_move);

/// The mirror (4, 2): the segment moving by m is the sphere moving by −m
/// with the halves swapped.
fn segment_sphere_mirror_swaps<R: Real>() {
    let seg = segment::<R>([0.0, -1.0, 0.15], [0.0, 1.0, 0.15], 0.1);
    let ball = sphere::<R>([-1.0, 0.0, 0.0], 0.1);
    let m = v3::<R>(-2.0, 0.0, 0.0);
    let mirrored = met(|c| physics_sweep_segment_sphere(c, &seg, &ball, m));
    let mut direct = met(|c| physics_sweep_sphere_segment(c, &ball, &seg, -m));
    direct.swap_halves();
    assert_eq!(mirrored, direct);
    near(mirrored.fraction, 0.5, 1e-6, "fraction");
}
both_modes!(pairs_segment_sphere_mirror_swaps => segment_sphere_mirror_swaps);

// ---------------------------------------------------------------------------
// The segment pairs whose sweep is the static overlap.

/// Unit 4's Test ideas (SegmentCapsule, SegmentSegment) through the sweep
/// entries, with moves that would change the answer if they were read: the
/// answers are the overlaps', and nothing is written, not even a fraction.
fn segment_static_sweeps<R: Real>() {
    let cap = capsule::<R>([0.0, 0.0, 0.0], 0.35, 2.0);
    let near_seg = segment::<R>([0.3, -0.5, 2.2], [0.3, 0.5, 2.2], 0.07);
    let far_seg = segment::<R>([0.3, -0.5, 2.4], [0.3, 0.5, 2.4], 0.07);
    let away = v3::<R>(0.0, 0.0, 5.0);
    let into = v3::<R>(0.0, 0.0, -0.4);
    for (seg, want) in [(&near_seg, true), (&far_seg, false)] {
        for mv in [away, into] {
            let mut c = Contact::<R>::default();
            assert_eq!(physics_sweep_segment_capsule(&mut c, seg, &cap, mv), want);
            assert_eq!(c, Contact::default());
            let mut c = Contact::<R>::default();
            assert_eq!(physics_sweep_capsule_segment(&mut c, &cap, seg, mv), want);
            assert_eq!(c, Contact::default());
        }
    }
    let own = segment::<R>([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.1);
    let crossing = segment::<R>([0.5, -1.0, 0.15], [0.5, 1.0, 0.15], 0.1);
    let above = segment::<R>([0.5, -1.0, 0.21], [0.5, 1.0, 0.21], 0.1);
    for mv in [away, into] {
        let mut c = Contact::<R>::default();
        assert!(physics_sweep_segment_segment(&mut c, &own, &crossing, mv));
        assert!(!physics_sweep_segment_segment(&mut c, &own, &above, mv));
        assert_eq!(c, Contact::default());
    }
}
both_modes!(overview_pair_tables_segment_sweep_is_static_overlap => segment_static_sweeps);

// ---------------------------------------------------------------------------
// The box's ray.

/// Box B: a ray from (−3, 0, 0.5) along (6, 0, 0) enters the face x = −2 at
/// t = 1 / 6; the same ray 1.5 off in y is outside the y slab (parallel):
/// none; one too short (along (0.5, 0, 0)) stops before the face: none; one
/// starting inside: 0.
fn ray_box_hand<R: Real>() {
    let bx = box_b::<R>();
    near(
        physics_ray_box(&bx, v3(-3.0, 0.0, 0.5), v3(6.0, 0.0, 0.0)),
        1.0 / 6.0,
        1e-6,
        "face",
    );
    assert!(physics_ray_box(&bx, v3(-3.0, 1.5, 0.5), v3(6.0, 0.0, 0.0)).is_none());
    assert!(physics_ray_box(&bx, v3(-3.0, 0.0, 0.5), v3(0.5, 0.0, 0.0)).is_none());
    near(
        physics_ray_box(&bx, v3(0.5, 0.2, 0.6), v3(1.0, 1.0, 1.0)),
        0.0,
        0.0,
        "inside",
    );
    // Exactly reaching the face at the end: t = 1 (touching counts).
    near(
        physics_ray_box(&bx, v3(-3.0, 0.0, 0.5), v3(1.0, 0.0, 0.0)),
        1.0,
        0.0,
        "reaching",
    );
    // Through the ray table.
    let shape = Shape::Box(bx);
    near(
        ray_cast_shape(&shape, v3(-3.0, 0.0, 0.5), v3(6.0, 0.0, 0.0)),
        1.0 / 6.0,
        1e-6,
        "table",
    );
}
both_modes!(pairs_ray_box_hand => ray_box_hand);

/// One slab alone: o = −3, d = 6, h = 2 gives the face times 1/6 and 5/6.
fn ray_clip_slab_window<R: Real>() {
    let mut w = Window {
        first: R::ZERO,
        last: R::ONE,
    };
    assert!(ray_clip_slab(r(-3.0), r(6.0), r(2.0), &mut w));
    near(Some(w.first), 1.0 / 6.0, 1e-6, "first");
    near(Some(w.last), 5.0 / 6.0, 1e-6, "last");
    // Moving the other way from the far side: the same slab, in reverse.
    let mut w = Window {
        first: R::ZERO,
        last: R::ONE,
    };
    assert!(ray_clip_slab(r(3.0), r(-6.0), r(2.0), &mut w));
    near(Some(w.first), 1.0 / 6.0, 1e-6, "first");
    // Parallel and outside: empty.
    assert!(!ray_clip_slab(r(2.5), R::ZERO, r(2.0), &mut w));
}
both_modes!(pairs_ray_clip_slab_window => ray_clip_slab_window);

/// A box turned 45° about z (half (1, 0.5, 0.5)) against random rays, checked
/// against a sampled walk along the ray in `f64`.
fn ray_box_brute_force<R: Real>() {
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let bx = OrientedBox::<R> {
        half: v3(1.0, 0.5, 0.5),
        axes: [v3(s, s, 0.0), v3(-s, s, 0.0), v3(0.0, 0.0, 1.0)],
        centre: v3(0.2, -0.1, 0.3),
    };
    let inside = |p: [f64; 3], margin: f64| {
        let d = [p[0] - 0.2, p[1] + 0.1, p[2] - 0.3];
        let s = f64::from(s);
        let l = [s * d[0] + s * d[1], -s * d[0] + s * d[1], d[2]];
        l[0].abs() <= 1.0 + margin && l[1].abs() <= 0.5 + margin && l[2].abs() <= 0.5 + margin
    };
    let n = SAMPLES;
    brute_force(0x1234_5678_9abc_def1, |g| {
        let p = rounded_point(g, [(-3.0, 3.0), (-3.0, 3.0), (-2.0, 2.0)]);
        // Aimed near the box, from 0.5 to 2 times as far.
        let k = g.range(0.5, 2.0) as f32;
        let aim = rounded_point(g, [(-1.2, 1.6), (-1.4, 1.2), (-0.4, 1.0)]);
        let d = [0, 1, 2].map(|i| ((aim[i] - p[i]) * k * 100.0).round() / 100.0);
        if inside(at(p, d, 0.0), 1e-3) {
            return None;
        }
        let first = (0..=n)
            .map(|k| f64::from(k) / f64::from(n))
            .find(|&t| inside(at(p, d, t), 0.0));
        let loose = (0..=n).any(|k| inside(at(p, d, f64::from(k) / f64::from(n)), 1e-3));
        let got = ray_oriented_box::<R>(v3(p[0], p[1], p[2]), v3(d[0], d[1], d[2]), &bx);
        match (got, first) {
            (Some(t), Some(want)) => near(
                Some(t),
                want,
                2.0 / f64::from(n) + 1e-5,
                "fraction against the sampled ray",
            ),
            (None, Some(_)) => panic!("{} missed a sampled hit", R::MODE),
            (Some(t), None) => assert!(loose, "{} hit {t:?} with nothing near", R::MODE),
            (None, None) => {}
        }
        Some(got.is_some() && first.is_some())
    });
}
both_modes!(pairs_ray_box_brute_force => ray_box_brute_force);

// ---------------------------------------------------------------------------
// The tables.

/// The overview's table ("The shape-pair tables"), row = moving type, column
/// = other type, types 1-4: which overlap entries exist.
const OVERVIEW_OVERLAP: [[bool; 4]; 4] = [
    [true, true, true, false],
    [true, true, true, true],
    [true, true, true, true],
    [false, true, true, true],
];

fn shape_of<R: Real>(t: usize) -> Shape<R> {
    match t {
        1 => Shape::Box(box_b()),
        2 => Shape::Sphere(sphere([0.0, 0.0, 0.0], 0.5)),
        3 => Shape::Capsule(capsule([0.0, 0.0, 0.0], 0.35, 2.0)),
        _ => Shape::Segment(segment([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.1)),
    }
}

/// Every cell of both tables is filled exactly where the overview's table
/// has an entry (the sweep table everywhere; the overlap table everywhere but
/// segment-box, in either order), row and column 0 are empty, and the
/// address tables agree with the function tables. The per-type tables: rays
/// for the box and the capsule only; mesh overlap entries for the box, the
/// sphere (the mesh crate's) and the capsule; mesh sweeps for the box, the
/// sphere and the capsule, all the mesh crate's.
fn tables_match_the_overview<R: Real>() {
    let overlap = overlap_table::<R>();
    let sweep = sweep_table::<R>();
    for i in 0..5 {
        for j in 0..5 {
            let filled = i > 0 && j > 0 && OVERVIEW_OVERLAP[i - 1][j - 1];
            assert_eq!(overlap[i][j].is_some(), filled, "overlap ({i}, {j})");
            assert_eq!(
                OVERLAP_ADDRESSES[i][j].is_some(),
                filled,
                "overlap address ({i}, {j})"
            );
            let filled = i > 0 && j > 0;
            assert_eq!(sweep[i][j].is_some(), filled, "sweep ({i}, {j})");
            assert_eq!(
                SWEEP_ADDRESSES[i][j].is_some(),
                filled,
                "sweep address ({i}, {j})"
            );
        }
    }
    let ray = ray_table::<R>();
    let with_ray = [false, true, false, true, false];
    for (t, want) in with_ray.into_iter().enumerate() {
        assert_eq!(ray[t].is_some(), want, "ray {t}");
        assert_eq!(RAY_ADDRESSES[t].is_some(), want, "ray address {t}");
    }
    let mesh_overlap = mesh_overlap_table::<R>();
    assert!(
        matches!(mesh_overlap[0], MeshSlot::Empty) && matches!(mesh_overlap[4], MeshSlot::Empty)
    );
    assert_eq!(mesh_overlap[2], MeshSlot::MeshCrate(0x0034_73c8));
    let mut out = [Contact::<R>::default(); 2];
    for t in [1, 3] {
        let MeshSlot::Entry(f) = mesh_overlap[t] else {
            panic!("mesh overlap {t} should be here");
        };
        assert_eq!(f(&mut out, &shape_of(t)), 0, "mesh overlap {t} returns 0");
        assert_eq!(out, [Contact::default(); 2]);
    }
    for (t, a) in MESH_OVERLAP_ADDRESSES.iter().enumerate() {
        assert_eq!(a.is_some(), (1..=3).contains(&t));
    }
    let mesh_sweep = mesh_sweep_table();
    for (slot, a) in mesh_sweep.iter().zip(MESH_SWEEP_ADDRESSES) {
        match a {
            Some(a) => assert_eq!(*slot, MeshSlot::MeshCrate(a)),
            None => assert_eq!(*slot, MeshSlot::Empty),
        }
    }
    assert_eq!(
        MESH_SWEEP_ADDRESSES,
        [
            None,
            Some(0x0034_8530),
            Some(0x0034_8a50),
            Some(0x0034_7c08),
            None
        ]
    );
}
both_modes!(overview_pair_tables_cells_match => tables_match_the_overview);

/// The overview's addresses, cell by cell.
#[test]
fn overview_pair_tables_addresses() {
    let o = |a: u32| Some(a);
    assert_eq!(
        OVERLAP_ADDRESSES,
        [
            [None; 5],
            [None, o(0x00345dd8), o(0x00346680), o(0x00346d18), None],
            [
                None,
                o(0x00346db8),
                o(0x00345d58),
                o(0x00346f90),
                o(0x00346eb0)
            ],
            [
                None,
                o(0x00346808),
                o(0x00346ed8),
                o(0x00346388),
                o(0x00347148)
            ],
            [None, None, o(0x00346de0), o(0x00346fb8), o(0x00346500)],
        ]
    );
    assert_eq!(
        SWEEP_ADDRESSES,
        [
            [None; 5],
            [
                None,
                o(0x003451e8),
                o(0x003454c0),
                o(0x00345108),
                o(0x00345590)
            ],
            [
                None,
                o(0x003453f8),
                o(0x003440d0),
                o(0x00345670),
                o(0x00344320)
            ],
            [
                None,
                o(0x00344618),
                o(0x00345910),
                o(0x00343cd8),
                o(0x00345d18)
            ],
            [
                None,
                o(0x00345588),
                o(0x00344538),
                o(0x00345d38),
                o(0x00344300)
            ],
        ]
    );
    assert_eq!(
        RAY_ADDRESSES,
        [None, o(0x00345b90), None, o(0x003459f0), None]
    );
    assert_eq!(
        MESH_OVERLAP_ADDRESSES,
        [None, o(0x003473b8), o(0x003473c8), o(0x003473c0), None]
    );
}

/// Every entry address of the pair and ray tables, and of the mesh overlap
/// entries kept here, is implemented in this crate: some item carries the
/// line ``/// Original: `Name` (0x...).`` with that address.
#[test]
fn pairs_every_table_address_has_an_original_line() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    let mut found = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines() {
            let line = line.trim();
            let Some(rest) = line.strip_prefix("/// Original: `") else {
                continue;
            };
            if let Some(i) = rest.find("(0x") {
                if let Ok(a) = u32::from_str_radix(&rest[i + 3..i + 11], 16) {
                    found.insert(a);
                }
            }
        }
    }
    let mut wanted: Vec<u32> = OVERLAP_ADDRESSES
        .iter()
        .chain(SWEEP_ADDRESSES.iter())
        .flatten()
        .flatten()
        .copied()
        .collect();
    wanted.extend(RAY_ADDRESSES.iter().flatten());
    wanted.extend([0x003473b8, 0x003473c0]);
    // The kernels this file's entries stand on.
    wanted.extend([
        0x00349268, 0x00349488, 0x00349560, 0x003498c0, 0x00349a60, 0x00349180, 0x0034a8d0,
    ]);
    let missing: Vec<String> = wanted
        .iter()
        .filter(|a| !found.contains(a))
        .map(|a| format!("{a:#010x}"))
        .collect();
    assert!(missing.is_empty(), "no `Original:` line for {missing:?}");
}

/// The entries that never touch: sweep (4, 1) returns 0 and (1, 4) calls it;
/// both leave the contact alone, whatever the shapes and the move. The
/// overlap table has no entry there: the lookup answers `None` and leaves the
/// contact alone.
fn never_entries<R: Real>() {
    let ctx = PairContext::default();
    let bx = Shape::Box(box_b::<R>());
    let seg = Shape::Segment(segment::<R>([-3.0, 0.0, 0.5], [3.0, 0.0, 0.5], 0.3));
    for (a, b) in [(&seg, &bx), (&bx, &seg)] {
        let mut c = Contact::<R>::default();
        assert_eq!(
            sweep_pair(&mut c, &ctx, a, b, v3(0.0, 0.0, 0.0)),
            PairAnswer::Apart
        );
        assert_eq!(
            sweep_pair(&mut c, &ctx, a, b, v3(0.1, 0.2, 0.0)),
            PairAnswer::Apart
        );
        assert_eq!(overlap_pair(&mut c, a, b), PairAnswer::NoEntry);
        assert_eq!(c, Contact::default());
    }
    // No ray entry for a sphere or a segment.
    let ball = Shape::Sphere(sphere::<R>([0.0, 0.0, 0.0], 1.0));
    assert!(ray_cast_shape(&ball, v3(-3.0, 0.0, 0.0), v3(6.0, 0.0, 0.0)).is_none());
    assert!(ray_cast_shape(&seg, v3(-3.0, 0.0, 0.5), v3(6.0, 0.0, 0.0)).is_none());
}
both_modes!(overview_pair_tables_segment_never_touches_box => never_entries);

/// Each mirrored sweep entry gives the contact of the order it mirrors, with
/// the move reversed and the halves swapped: (1, 2)/(2, 1) (Unit 5's mirror
/// case), (1, 3)/(3, 1) (Unit 12's), (3, 2)/(2, 3) and (4, 2)/(2, 4) (this
/// file's), all through the sweep table.
fn mirrored_sweeps_swap_halves<R: Real>() {
    let ctx = PairContext {
        other_airborne: false,
        ..PairContext::default()
    };
    let bx = Shape::Box(box_b::<R>());
    let cases: [(Shape<R>, Shape<R>, Vec4<R>); 4] = [
        (
            bx,
            Shape::Sphere(sphere([0.0, -1.3, 0.5], 0.09)),
            v3(0.0, -0.4, 0.0),
        ),
        (
            bx,
            Shape::Capsule(capsule([-2.6, 0.2, 0.0], 0.35, 1.8)),
            v3(-0.5, 0.0, 0.0),
        ),
        (
            Shape::Capsule(capsule([-1.0, 0.0, 0.0], 0.35, 2.0)),
            Shape::Sphere(sphere([0.0, 0.0, 1.0], 0.1)),
            v3(2.0, 0.0, 0.0),
        ),
        (
            Shape::Segment(segment([0.0, -1.0, 0.15], [0.0, 1.0, 0.15], 0.1)),
            Shape::Sphere(sphere([-1.0, 0.0, 0.0], 0.1)),
            v3(-2.0, 0.0, 0.0),
        ),
    ];
    for (moving, still, m) in cases {
        let mut mirrored = Contact::<R>::default();
        assert_eq!(
            sweep_pair(&mut mirrored, &ctx, &moving, &still, m),
            PairAnswer::Met
        );
        let mut direct = Contact::<R>::default();
        let back = Vec4::new(-m.x, -m.y, -m.z, m.w);
        assert_eq!(
            sweep_pair(&mut direct, &ctx.swapped(), &still, &moving, back),
            PairAnswer::Met
        );
        direct.swap_halves();
        assert_eq!(
            mirrored,
            direct,
            "{} {:?} against {:?}",
            R::MODE,
            moving.shape_type(),
            still.shape_type()
        );
    }
}
both_modes!(overview_pair_tables_mirrored_entries_swap_halves => mirrored_sweeps_swap_halves);

/// The bodies' state reaches the entries that read it: Unit 12's corner case
/// (base (−2.5, −1.5), move (0.4, 0.4, 0)) keeps its diagonal slide for a
/// grounded owner and drops it for an airborne one, through (3, 1) and, for
/// the capsule's owner as the other body, through the mirror (1, 3).
fn context_reaches_unit12<R: Real>() {
    let bx = Shape::Box(box_b::<R>());
    let cap = Shape::Capsule(capsule::<R>([-2.5, -1.5, 0.0], 0.35, 1.8));
    let mv = v3::<R>(0.4, 0.4, 0.0);
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let mut c = Contact::<R>::default();
    assert_eq!(
        sweep_pair(&mut c, &PairContext::default(), &cap, &bx, mv),
        PairAnswer::Met
    );
    near_lanes(&c.slide, [-s, -s, 0.0, 1.0], 2e-6, "slide grounded");
    let air = PairContext {
        own_airborne: true,
        ..PairContext::default()
    };
    let mut c = Contact::<R>::default();
    assert_eq!(sweep_pair(&mut c, &air, &cap, &bx, mv), PairAnswer::Met);
    near_lanes(&c.slide, [0.0, 0.0, 0.0, 1.0], 0.0, "slide airborne");
    let mut c = Contact::<R>::default();
    let back = Vec4::new(-mv.x, -mv.y, -mv.z, mv.w);
    assert_eq!(
        sweep_pair(&mut c, &air.swapped(), &bx, &cap, back),
        PairAnswer::Met
    );
    near_lanes(
        &c.slide,
        [0.0, 0.0, 0.0, 1.0],
        0.0,
        "slide airborne, mirror",
    );
}
both_modes!(pairs_context_reaches_unit12 => context_reaches_unit12);

/// The overlap table runs Unit 4's functions: the mirrored box-capsule entry
/// puts the capsule-box normal into the box's half (Unit 4's BoxCapsule row:
/// +0x10 = (0, −1, 0, 1), depth 0.15).
fn overlap_table_runs_unit4<R: Real>() {
    let car = OrientedBox::<R> {
        half: v3(2.0, 1.0, 0.5),
        axes: [v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0), v3(0.0, 0.0, 1.0)],
        centre: v3(0.0, 0.0, 0.5),
    };
    let cap = Shape::Capsule(capsule::<R>([0.0, -1.2, 0.0], 0.35, 2.0));
    let mut c = Contact::<R>::default();
    assert_eq!(
        overlap_pair(&mut c, &Shape::Box(car), &cap),
        PairAnswer::Met
    );
    near_lanes(&c.own.normal, [0.0, -1.0, 0.0, 1.0], 1e-6, "own.normal");
    near(c.depth, 0.15, 1e-6, "depth");
    let mut d = Contact::<R>::default();
    assert_eq!(
        overlap_pair(&mut d, &cap, &Shape::Box(car)),
        PairAnswer::Met
    );
    assert_eq!(d.other.normal, c.own.normal);
    assert_eq!(d.depth, c.depth);
}
both_modes!(pairs_overlap_table_runs_unit4 => overlap_table_runs_unit4);

/// The capsule pair (overview "Shapes", 0x00343e1c-0x00343e28: the
/// heights swapped) with its heights as they are
/// (`Quirks::capsule_heights_swapped` off; divergence 356) against a sampled `f64` sweep of
/// two upright flat-ended cylinders (4,000 steps, then bisection): 600
/// seeded pairs of different heights, the mover starting outside the
/// other's reach, in each float mode. The console's swapped heights
/// disagree on some of the same pairs.
fn capsule_pair_heights_corrected<R: Real>() {
    use kernels::Quirks;
    let mut rng = Xorshift(0xcab5_u64 << 20 | 0x17);
    let (mut met, mut apart, mut console_wrong) = (0, 0, 0);
    let mut n = 0;
    while n < 600 {
        let (r1, r2) = (rng.range(0.2, 0.5) as f32, rng.range(0.2, 0.5) as f32);
        let (h1, h2) = (rng.range(0.3, 2.0) as f32, rng.range(0.3, 2.0) as f32);
        let start = [
            rng.range(-3.0, 3.0) as f32,
            rng.range(-3.0, 3.0) as f32,
            rng.range(-2.0, 2.0) as f32,
        ];
        let reach = f64::from(r1) + f64::from(r2);
        if f64::from(start[0]).hypot(f64::from(start[1])) <= reach + 1e-3 {
            continue;
        }
        n += 1;
        let k = rng.range(0.3, 1.6);
        let mv = [
            (-f64::from(start[0]) * k + rng.range(-0.5, 0.5)) as f32,
            (-f64::from(start[1]) * k + rng.range(-0.5, 0.5)) as f32,
            rng.range(-1.5, 1.5) as f32,
        ];
        let own = capsule::<R>(start, r1, h1);
        let other = capsule::<R>([0.0, 0.0, 0.0], r2, h2);
        let touching = |t: f64| {
            let x = f64::from(start[0]) + t * f64::from(mv[0]);
            let y = f64::from(start[1]) + t * f64::from(mv[1]);
            let z = f64::from(start[2]) + t * f64::from(mv[2]);
            x.hypot(y) <= reach && z <= f64::from(h2) && 0.0 <= z + f64::from(h1)
        };
        let first = (1..=4000)
            .map(|i| f64::from(i) / 4000.0)
            .find(|&t| touching(t));
        let oracle = first.map(|hi| bisect_first(touching, hi - 1.0 / 4000.0, hi, 50));
        let sweep = |quirks: Quirks| {
            let ctx = PairContext {
                quirks,
                ..PairContext::default()
            };
            let mut c = Contact::default();
            let hit = sweep_pair(
                &mut c,
                &ctx,
                &Shape::Capsule(own),
                &Shape::Capsule(other),
                v3(mv[0], mv[1], mv[2]),
            );
            (hit == PairAnswer::Met).then(|| f64::from(c.fraction.unwrap().to_f32()))
        };
        let got = sweep(Quirks::corrected());
        match (got, oracle) {
            (Some(a), Some(b)) => {
                assert!((a - b).abs() < 1e-3, "{} pair {n}: {a} vs {b}", R::MODE);
                met += 1;
            }
            (None, None) => apart += 1,
            _ => panic!(
                "{} pair {n}: corrected {got:?}, sampled {oracle:?}",
                R::MODE
            ),
        }
        let console = sweep(Quirks::console());
        let same = match (console, oracle) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-3,
            (None, None) => true,
            _ => false,
        };
        console_wrong += usize::from(!same);
    }
    assert!(met > 100 && apart > 100, "met {met}, apart {apart}");
    assert!(console_wrong > 10, "{console_wrong}");
}
both_modes!(capsule_pair_heights_corrected_meet_the_sampled_sweep => capsule_pair_heights_corrected);
