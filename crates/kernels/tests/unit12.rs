//! Unit 12, a capsule swept against a box: every quirk the spec names, each
//! written once as a generic function and run in both float modes.
//!
//! The numbers come from the spec's Test ideas (box B: centre (0, 0, 0.5),
//! world axes, half (2, 1, 0.5); capsule r 0.35, h 1.8) or are worked by hand
//! in the test from the spec's formulas.

// The spec prints 1/sqrt(2) as 0.707107; the tests quote it as printed.
#![allow(clippy::approx_constant)]

use kernels::capsule_box::{
    physics_sweep_box_capsule, physics_sweep_capsule_box, sweep_capsule_box_corner,
    sweep_capsule_box_side, Folded, StepResult,
};
use kernels::details::capsule_box::kernel_flag;
use kernels::{Capsule, Contact, OrientedBox, PairContext};
use ps2_float::{Real, Vec4};
use test_support::{both_modes, close_opt, p as v3, r};

mod support;
use support::{assert_lanes, box_b};

/// The Test ideas' capsule (h 1.8), of radius `rad`, standing at `(x, y, 0)`.
fn capsule<R: Real>(x: f32, y: f32, rad: f32) -> Capsule<R> {
    support::capsule([x, y, 0.0], rad, 1.8)
}

/// Flag 0: a box without BLOCKHUMANS, a grounded human.
fn grounded() -> PairContext {
    PairContext::default()
}

/// Flag 1 from a landing owner (the slide is kept).
fn landing() -> PairContext {
    PairContext {
        own_landing: true,
        ..PairContext::default()
    }
}

fn airborne() -> PairContext {
    PairContext {
        own_airborne: true,
        ..PairContext::default()
    }
}

fn sweep<R: Real>(
    ctx: &PairContext,
    cap: &Capsule<R>,
    bx: &OrientedBox<R>,
    m: [f32; 3],
) -> Option<Contact<R>> {
    let mut c = Contact::default();
    physics_sweep_capsule_box(&mut c, ctx, cap, bx, v3(m[0], m[1], m[2])).then_some(c)
}

#[track_caller]
fn hit<R: Real>(
    ctx: &PairContext,
    cap: &Capsule<R>,
    bx: &OrientedBox<R>,
    m: [f32; 3],
) -> Contact<R> {
    sweep(ctx, cap, bx, m).unwrap_or_else(|| panic!("{}: expected a hit", R::MODE))
}

#[track_caller]
fn miss<R: Real>(ctx: &PairContext, cap: &Capsule<R>, bx: &OrientedBox<R>, m: [f32; 3]) {
    let mut c = Contact::default();
    let ret = physics_sweep_capsule_box(&mut c, ctx, cap, bx, v3(m[0], m[1], m[2]));
    assert!(!ret, "{}: expected no hit", R::MODE);
    assert_eq!(c, Contact::default(), "{}: a miss writes nothing", R::MODE);
}

/// The other body's normal `(x, y)` in the plane (`+0x50`, `+0x54`).
#[track_caller]
fn normal_xy<R: Real>(c: &Contact<R>, want: [f64; 2]) {
    close_opt(c.other.normal.x, want[0], TOL, "normal x");
    close_opt(c.other.normal.y, want[1], TOL, "normal y");
}

/// The other body's point `(x, y)` in the plane (`+0x60`, `+0x64`).
#[track_caller]
fn point_xy<R: Real>(c: &Contact<R>, want: [f64; 2]) {
    close_opt(c.other.point.x, want[0], TOL, "px");
    close_opt(c.other.point.y, want[1], TOL, "py");
}

/// [`hit`] of a capsule (r 0.35) at `(x, y)` moving by `m` against box B.
#[track_caller]
fn hit_b<R: Real>(ctx: &PairContext, x: f32, y: f32, m: [f32; 3]) -> Contact<R> {
    hit(ctx, &capsule(x, y, 0.35), &box_b(), m)
}

/// [`miss`] of a capsule (r 0.35) at `(x, y)` moving by `m` against box B.
#[track_caller]
fn miss_b<R: Real>(ctx: &PairContext, x: f32, y: f32, m: [f32; 3]) {
    miss::<R>(ctx, &capsule(x, y, 0.35), &box_b(), m);
}

/// The steps' input for box B's half sizes (2, 1): a circle of radius `rad`
/// at `(x, y)` moving by `(mx, my)`.
fn folded_b<R: Real>(x: f32, y: f32, rad: f32, mx: f32, my: f32) -> Folded<R> {
    Folded {
        x: r(x),
        y: r(y),
        r: r(rad),
        mx: r(mx),
        my: r(my),
        hx: r(2.0),
        hy: r(1.0),
    }
}

const TOL: f64 = 1e-5;

// ---------------------------------------------------------------------------
// The kernels' flag.
// ---------------------------------------------------------------------------

#[test]
fn unit12_kernels_flag_blockhumans_airborne_landing() {
    let mut ctx = PairContext::default();
    assert!(!kernel_flag(&ctx), "grounded: flag 0");
    ctx.own_airborne = true;
    assert!(kernel_flag(&ctx), "airborne: flag 1");
    ctx.other_body_flags = 0x4;
    assert!(!kernel_flag(&ctx), "BLOCKHUMANS wins over airborne");
    ctx = PairContext {
        own_landing: true,
        ..PairContext::default()
    };
    assert!(kernel_flag(&ctx), "landing: flag 1");
}

// ---------------------------------------------------------------------------
// Test ideas.
// ---------------------------------------------------------------------------

/// Row 1 and "What the contact holds": the fields a hit writes, and the ones
/// it leaves.
fn row01_face_contact_fields<R: Real>() {
    let c = hit_b::<R>(&grounded(), -2.6, 0.2, [0.5, 0.0, 0.0]);
    close_opt(c.fraction, 0.5, TOL, "+0x80");
    let n = c.other.normal;
    for (got, want) in [(n.x, -1.0), (n.y, 0.0), (n.z, 0.0), (n.w, 1.0)] {
        close_opt(got, want, TOL, "+0x50");
    }
    let p = c.other.point;
    for (got, want) in [(p.x, -2.0), (p.y, 0.2), (p.z, 0.9), (p.w, 1.0)] {
        close_opt(got, want, TOL, "+0x60");
    }
    let q = c.point;
    for (got, want) in [(q.x, -2.35), (q.y, 0.2), (q.z, 0.9), (q.w, 1.0)] {
        close_opt(got, want, TOL, "+0x90");
    }
    assert_lanes(&c.slide, [0.0, 0.0, 0.0, 1.0], "slide");
    assert_eq!(c.flags, Some(0));
    close_opt(c.own.normal.x, 1.0, TOL, "+0x10");
    // Left for the caller or as the slot held them.
    assert!(c.own.owner.is_none() && c.own.shape.is_none());
    assert!(c.other.owner.is_none() && c.other.shape.is_none());
    assert!(c.own.point.is_unwritten(), "+0x20 is not written");
    assert!(c.own.feature.is_none() && c.other.feature.is_none());
    assert!(c.depth.is_none() && c.triangle.is_none());
}
both_modes!(unit12_row01_face_contact_fields => row01_face_contact_fields);

/// Row 2: no vertical test; heights only shape the output.
fn row02_no_vertical_test<R: Real>() {
    let mut cap = capsule::<R>(-2.6, 0.2, 0.35);
    cap.base.z = r(5.0);
    let c = hit(&grounded(), &cap, &box_b(), [0.5, 0.0, 0.0]);
    close_opt(c.fraction, 0.5, TOL, "fraction far above the box");
    close_opt(c.other.point.z, 5.9, TOL, "+0x68");
    close_opt(c.point.z, 5.9, TOL, "+0x98");
    cap.base.z = r(1.0);
    let c = hit(&grounded(), &cap, &box_b(), [0.5, 0.0, -0.4]);
    close_opt(c.fraction, 0.5, TOL, "fraction with a vertical part");
    close_opt(c.other.point.z, 1.7, TOL, "+0x68");
    close_opt(c.own.normal.x, 0.780869, TOL, "+0x10 x");
    close_opt(c.own.normal.z, -0.624695, TOL, "+0x10 z");
    // Even a box far below the capsule's height range is hit.
    let mut deep = box_b::<R>();
    deep.centre.z = r(-100.0);
    cap.base.z = r(0.0);
    let c = hit(&grounded(), &cap, &deep, [0.5, 0.0, 0.0]);
    close_opt(c.fraction, 0.5, TOL, "fraction against a box 100 m below");
}
both_modes!(unit12_row02_no_vertical_test => row02_no_vertical_test);

/// Row 3: the side region's end corner keeps the face normal.
fn row03_face_end_keeps_face_normal<R: Real>() {
    let c = hit_b::<R>(&grounded(), -2.6, 0.9, [0.5, 0.4, 0.0]);
    close_opt(c.fraction, 0.539394, TOL, "fraction");
    point_xy(&c, [-2.0, 1.0]);
    normal_xy(&c, [-1.0, 0.0]);
    close_opt(c.point.x, -2.3303, 5e-5, "+0x90 x");
    close_opt(c.point.y, 1.1158, 5e-5, "+0x90 y");
}
both_modes!(unit12_row03_face_end_keeps_face_normal => row03_face_end_keeps_face_normal);

/// Row 4: the corner slide; the corner normal's `w` is never written; an
/// airborne owner loses the slide but keeps flag 1.
fn row04_corner_slide_airborne_and_unwritten_w<R: Real>() {
    let cap = capsule::<R>(-2.5, -1.5, 0.35);
    let c = hit(&grounded(), &cap, &box_b(), [0.4, 0.4, 0.0]);
    // (sqrt(0.5) - 0.35) / (0.4 sqrt 2), worked by hand.
    let want = ((0.5f64).sqrt() - 0.35) / (0.4 * 2f64.sqrt());
    close_opt(c.fraction, want, TOL, "fraction");
    close_opt(c.fraction, 0.631282, TOL, "fraction (spec)");
    normal_xy(&c, [-0.707107, -0.707107]);
    assert!(c.other.normal.w.is_none(), "corner normal w: undefined");
    close_opt(c.slide.x, -0.707107, TOL, "slide x");
    close_opt(c.slide.y, -0.707107, TOL, "slide y");
    close_opt(c.slide.w, 1.0, 0.0, "slide w");
    assert_eq!(c.flags, Some(1));
    close_opt(c.point.x, -2.2475, 5e-5, "+0x90 x");
    let c = hit(&airborne(), &cap, &box_b(), [0.4, 0.4, 0.0]);
    close_opt(c.fraction, 0.631282, TOL, "airborne fraction");
    assert_lanes(&c.slide, [0.0, 0.0, 0.0, 1.0], "slide");
    assert_eq!(c.flags, Some(1), "+0xb0 stays 1");
}
both_modes!(unit12_row04_corner_slide_airborne_and_unwritten_w => row04_corner_slide_airborne_and_unwritten_w);

/// Row 5: the corner normal points from the touch point to the start centre.
fn row05_corner_normal_from_start_centre<R: Real>() {
    let c = hit_b::<R>(&grounded(), -2.5, -1.2, [0.5, 0.1, 0.0]);
    close_opt(c.fraction, 0.379545, TOL, "fraction");
    normal_xy(&c, [-0.928477, -0.371391]);
    // By hand: (x - px, y - py) = (-0.5, -0.2) normalised; the centre at
    // contact would give another direction.
    let f = c.fraction.map_or(0.0, R::to_f32);
    let (cx, cy) = (-2.5 + 0.5 * f + 2.0, -1.2 + 0.1 * f + 1.0);
    let l = (cx * cx + cy * cy).sqrt();
    assert!((cx / l - (-0.886)).abs() < 1e-3 && (cy / l - (-0.463)).abs() < 1e-3);
}
both_modes!(unit12_row05_corner_normal_from_start_centre => row05_corner_normal_from_start_centre);

/// Row 6: a corner region reaching a face still gets the corner rule's normal.
fn row06_corner_region_face_gets_corner_normal<R: Real>() {
    let c = hit_b::<R>(&grounded(), -2.5, -1.1, [0.5, 0.5, 0.0]);
    close_opt(c.fraction, 0.3, TOL, "fraction");
    point_xy(&c, [-2.0, -0.95]);
    normal_xy(&c, [-0.957826, -0.287348]);
    assert_eq!(c.flags, Some(1));
}
both_modes!(unit12_row06_corner_region_face_gets_corner_normal => row06_corner_region_face_gets_corner_normal);

/// Row 7: at fraction 0 the (−, −) corner's normal comes from the opposite
/// corner; the (+, +) corner uses its own; receding gets nothing with flag 0
/// and a hit at 0 with flag 1.
fn row07_minus_minus_corner_opposite_normal<R: Real>() {
    let c = hit_b::<R>(&grounded(), -2.2, -1.2, [0.1, 0.1, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "fraction");
    // normalize(-4.2, -2.2), by hand.
    let l = (4.2f64 * 4.2 + 2.2 * 2.2).sqrt();
    close_opt(c.other.normal.x, -4.2 / l, TOL, "normal x");
    close_opt(c.other.normal.y, -2.2 / l, TOL, "normal y");
    close_opt(c.other.normal.x, -0.885832, TOL, "normal x (spec)");
    close_opt(c.other.point.x, 0.0, 0.0, "px");
    close_opt(c.other.point.y, 0.0, 0.0, "py");
    let c = hit_b::<R>(&grounded(), 2.2, 1.2, [-0.1, -0.1, 0.0]);
    close_opt(c.other.normal.x, 0.707107, TOL, "(+, +) normal x");
    close_opt(c.other.normal.y, 0.707107, TOL, "(+, +) normal y");
    miss_b::<R>(&grounded(), -2.2, -1.2, [-0.1, -0.1, 0.0]);
    let c = hit_b::<R>(&landing(), -2.2, -1.2, [-0.1, -0.1, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "flag 1 fraction");
    close_opt(c.other.normal.x, -0.885832, TOL, "flag 1 normal x");
    close_opt(c.other.normal.y, -0.464007, TOL, "flag 1 normal y");
}
both_modes!(unit12_row07_minus_minus_corner_opposite_normal => row07_minus_minus_corner_opposite_normal);

/// Row 8: a start touching a face hits at 0 only when approaching, unless the
/// flag is set.
fn row08_start_touching_face_screen<R: Real>() {
    let cap = capsule::<R>(-2.2, 0.0, 0.35);
    let c = hit(&grounded(), &cap, &box_b(), [0.1, 0.0, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "fraction");
    close_opt(c.other.normal.x, -1.0, TOL, "normal");
    close_opt(c.other.point.x, 0.0, 0.0, "px");
    miss(&grounded(), &cap, &box_b(), [-0.1, 0.0, 0.0]);
    miss(&grounded(), &cap, &box_b(), [0.0, 0.3, 0.0]);
    let c = hit(&airborne(), &cap, &box_b(), [-0.1, 0.0, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "flag 1 fraction");
}
both_modes!(unit12_row08_start_touching_face_screen => row08_start_touching_face_screen);

/// Row 9: over the footprint, a hit at 0 with an unsigned axis, any move.
fn row09_over_box_unsigned_normal<R: Real>() {
    for m in [[0.0, 0.0, 0.0], [-0.7, 0.4, 0.2], [3.0, -2.0, 0.0]] {
        let c = hit_b::<R>(&grounded(), -1.5, 0.1, m);
        close_opt(c.fraction, 0.0, 0.0, "fraction");
        assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "other normal");
        assert_eq!(c.other.point.x.map(R::to_f32), Some(0.0));
        assert_eq!(c.flags, Some(0));
    }
    let c = hit_b::<R>(&grounded(), 0.5, -0.9, [0.1, 0.0, 0.0]);
    assert_lanes(&c.other.normal, [0.0, 1.0, 0.0, 1.0], "other normal");
    let c = hit_b::<R>(&grounded(), 0.5, -0.5, [0.1, 0.0, 0.0]);
    assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "tie");
}
both_modes!(unit12_row09_over_box_unsigned_normal => row09_over_box_unsigned_normal);

/// Row 10: a fraction above 1 is no hit; exactly 1.0 is one.
fn row10_short_and_exact<R: Real>() {
    miss_b::<R>(&grounded(), -2.6, 0.2, [0.2, 0.0, 0.0]);
    let f = folded_b::<R>(-2.6, 0.2, 0.35, 0.2, 0.0);
    close_opt(
        sweep_capsule_box_side(f, false).fraction(),
        1.25,
        TOL,
        "the step's 1.25",
    );
    let c = hit(
        &grounded(),
        &capsule::<R>(-2.5, 0.0, 0.25),
        &box_b(),
        [0.25, 0.0, 0.0],
    );
    assert_eq!(
        c.fraction.map(R::to_bits),
        Some(1.0f32.to_bits()),
        "exactly 1.0"
    );
}
both_modes!(unit12_row10_short_and_exact => row10_short_and_exact);

/// The distance from `(px, py)` to the rectangle `[−hx, hx] × [−hy, hy]`
/// (independent of the kernels).
fn rect_dist(px: f64, py: f64, hx: f64, hy: f64) -> f64 {
    let dx = (px.abs() - hx).max(0.0);
    let dy = (py.abs() - hy).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// Row 11: the corner step misses a graze of its near corner that a sampled
/// sweep touches at 0.6667.
fn row11_graze_missed<R: Real>() {
    miss_b::<R>(&grounded(), -2.6, -1.01, [0.48, -0.3, 0.0]);
    // The corner step's screen, by hand: k = mx ey − my ex, r mx.
    let (ex, ey, mx, my, rr) = (-0.6f64, -0.01f64, 0.48f64, -0.3f64, 0.35f64);
    let k = mx * ey - my * ex;
    assert!((-k - 0.1848).abs() < 1e-9 && (rr * mx - 0.168).abs() < 1e-9 && my < 0.0);
    // An independent sampled sweep of the circle touches the rectangle.
    let first = (0..=30_000)
        .map(|s| f64::from(s) / 30_000.0)
        .find(|t| rect_dist(-2.6 + 0.48 * t, -1.01 - 0.3 * t, 2.0, 1.0) <= 0.35);
    let t = first.expect("the sampled sweep touches");
    assert!((t - 0.6667).abs() < 5e-5, "sampled touch at {t}");
}
both_modes!(unit12_row11_graze_missed => row11_graze_missed);

/// Row 12: with flag 1 a receding path gets its end corner's past root.
fn row12_negative_fraction_flag1<R: Real>() {
    let cap = capsule::<R>(-2.5, 0.8, 0.35);
    let c = hit(&airborne(), &cap, &box_b(), [-1.0, 0.3, 0.0]);
    close_opt(c.fraction, -0.5, TOL, "fraction");
    close_opt(c.other.normal.x, -1.0, TOL, "normal");
    point_xy(&c, [-2.0, 1.0]);
    close_opt(c.point.x, -2.0, TOL, "+0x90 x");
    close_opt(c.point.y, 0.65, TOL, "+0x90 y");
    miss(&grounded(), &cap, &box_b(), [-1.0, 0.3, 0.0]);
    // By hand: q = (−0.5, −0.2), B = 0.44, C = 0.1675, D = 0.105, C / (D − B).
    let (qx, qy, mx, my, rr) = (-0.5f64, -0.2f64, -1.0f64, 0.3f64, 0.35f64);
    let b = qx * mx + qy * my;
    let cc = qx * qx + qy * qy - rr * rr;
    let d = (b * b - (mx * mx + my * my) * cc).abs().sqrt();
    assert!((b - 0.44).abs() < 1e-12 && (cc - 0.1675).abs() < 1e-12 && (d - 0.105).abs() < 1e-12);
    let step = sweep_capsule_box_side(folded_b::<R>(-2.5, 0.8, 0.35, -1.0, 0.3), true);
    close_opt(step.fraction(), cc / (d - b), TOL, "the step's root");
}
both_modes!(unit12_row12_negative_fraction_flag1 => row12_negative_fraction_flag1);

/// Row 13: corner normals are built on `A0`, `A1`, whatever the in-plane axes.
fn row13_corner_normal_on_a0_a1<R: Real>() {
    let lying = OrientedBox {
        half: v3::<R>(0.5, 2.0, 1.0),
        axes: [v3(0.0, 0.0, 1.0), v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0)],
        centre: v3(0.0, 0.0, 0.5),
    };
    let face = hit(
        &grounded(),
        &capsule::<R>(-2.6, 0.2, 0.35),
        &lying,
        [0.5, 0.0, 0.0],
    );
    let face_b = hit_b::<R>(&grounded(), -2.6, 0.2, [0.5, 0.0, 0.0]);
    assert_eq!(face, face_b, "test 1 is identical on the lying box");
    let c = hit(
        &grounded(),
        &capsule::<R>(-2.5, -1.5, 0.35),
        &lying,
        [0.4, 0.4, 0.0],
    );
    close_opt(c.fraction, 0.631282, TOL, "fraction");
    normal_xy(&c, [-0.707107, 0.0]);
    close_opt(c.other.normal.z, -0.707107, TOL, "normal z (a z part)");
    close_opt(c.slide.x, -0.707107, TOL, "slide x");
    close_opt(c.slide.y, -0.707107, TOL, "slide y");
    close_opt(c.slide.z, 0.0, TOL, "slide z");
}
both_modes!(unit12_row13_corner_normal_on_a0_a1 => row13_corner_normal_on_a0_a1);

/// Row 14: a rotated box's local frame.
fn row14_rotated_box<R: Real>() {
    let bx = OrientedBox {
        half: v3::<R>(2.0, 1.0, 0.5),
        axes: [v3(0.0, 1.0, 0.0), v3(-1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0)],
        centre: v3(10.0, 5.0, 0.5),
    };
    let c = hit(
        &grounded(),
        &capsule::<R>(11.6, 5.2, 0.35),
        &bx,
        [-0.5, 0.0, 0.0],
    );
    close_opt(c.fraction, 0.5, TOL, "fraction");
    assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "other normal");
    point_xy(&c, [0.2, -1.0]);
    close_opt(c.point.x, 11.35, TOL, "+0x90 x");
    close_opt(c.point.y, 5.2, TOL, "+0x90 y");
}
both_modes!(unit12_row14_rotated_box => row14_rotated_box);

/// Row 15: the mirror swaps the halves; `+0x50` becomes the reversed move.
fn row15_mirror_swaps_halves<R: Real>() {
    let mut c = Contact::default();
    let hit = physics_sweep_box_capsule(
        &mut c,
        &grounded(),
        &box_b::<R>(),
        &capsule(-2.6, 0.2, 0.35),
        Vec4::from_f32([-0.5, 0.0, 0.0, 1.0]),
    );
    assert!(hit);
    close_opt(c.fraction, 0.5, TOL, "fraction");
    assert_lanes(&c.own.normal, [-1.0, 0.0, 0.0, 1.0], "own normal");
    assert_lanes(&c.other.normal, [1.0, 0.0, 0.0, 1.0], "other normal");
    close_opt(c.own.point.x, -2.0, TOL, "+0x20");
    close_opt(c.own.point.y, 0.2, TOL, "+0x24");
    close_opt(c.own.point.z, 0.9, TOL, "+0x28");
    close_opt(c.own.point.w, 1.0, 0.0, "+0x2c");
    close_opt(c.point.x, -2.35, TOL, "+0x90 x");
    assert!(c.other.point.is_unwritten(), "+0x60 came from +0x20");
    // The w of +0x50 is the move's w.
    let mut c = Contact::default();
    let mv = Vec4::from_f32([-0.5, 0.0, 0.0, 0.25]);
    assert!(physics_sweep_box_capsule(
        &mut c,
        &grounded(),
        &box_b::<R>(),
        &capsule(-2.6, 0.2, 0.35),
        mv
    ));
    close_opt(c.other.normal.w, 0.25, 0.0, "+0x5c");
}
both_modes!(unit12_row15_mirror_swaps_halves => row15_mirror_swaps_halves);

/// Row 16 and "Edge cases", zero move: flag 0 outside is no hit; flag 1 in a
/// corner region hits at 0 through the guard.
fn row16_zero_move<R: Real>() {
    miss_b::<R>(&grounded(), -2.6, 0.2, [0.0, 0.0, 0.0]);
    miss_b::<R>(&grounded(), -2.5, -1.5, [0.0, 0.0, 0.0]);
    let c = hit_b::<R>(&landing(), -2.5, -1.5, [0.0, 0.0, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "fraction");
    normal_xy(&c, [-0.874157, -0.485643]);
    point_xy(&c, [-2.0, -1.0]);
    assert_lanes(&c.own.normal, [0.0, 0.0, 0.0, 1.0], "own normal");
}
both_modes!(unit12_row16_zero_move => row16_zero_move);

/// "Edge cases" and SPEC-NOTES item 6: with flag 1 a zero move in a side
/// region divides by a signed zero. The sign comes from the computed in-plane
/// coordinate: +0 for world axes (left and bottom no hit, right and top a hit
/// at −MAX), −0 when every component of the axis is negative or −0 (the
/// pattern flips).
fn edge_zero_move_sign_pattern<R: Real>() {
    let b = box_b::<R>();
    miss_b::<R>(&airborne(), -2.6, 0.2, [0.0, 0.0, 0.0]);
    miss_b::<R>(&airborne(), 0.2, -1.6, [0.0, 0.0, 0.0]);
    for (x, y) in [(2.6, 0.2), (0.2, 1.6)] {
        let c = hit_b::<R>(&airborne(), x, y, [0.0, 0.0, 0.0]);
        assert_eq!(
            c.fraction.map(R::to_bits),
            Some((-R::MAX).to_bits()),
            "-MAX"
        );
        assert_lanes(&c.own.normal, [0.0, 0.0, 0.0, 1.0], "own normal");
        assert_eq!(c.point.x.map(R::to_f32), Some(x), "B + f·0 = B");
    }
    // A vertical part of the move multiplies the −MAX fraction: saturated in
    // both modes, never an infinity (divergence 82).
    let c = hit_b::<R>(&airborne(), 2.6, 0.2, [0.0, 0.0, -2.0]);
    assert_eq!(c.fraction.map(R::to_bits), Some((-R::MAX).to_bits()));
    assert_eq!(c.point.z.map(R::to_bits), Some(R::MAX.to_bits()), "+0x98");
    assert_eq!(
        c.other.point.z.map(R::to_bits),
        Some(R::MAX.to_bits()),
        "+0x68"
    );
    let neg = OrientedBox {
        axes: [
            Vec4::from_f32([-1.0, -0.0, -0.0, 1.0]),
            Vec4::from_f32([-0.0, -1.0, -0.0, 1.0]),
            v3(0.0, 0.0, 1.0),
        ],
        ..b
    };
    // The in-plane move coordinate is −0 here (each product 0·(−a) is −0).
    let mx = v3::<R>(0.0, 0.0, 0.0).with_z(R::ZERO).dot(neg.axes[0]);
    assert!(mx.is_sign_negative() && mx == R::ZERO);
    // World (2.6, −0.2) is local (−2.6, 0.2): the left side, now a hit.
    let c = hit(
        &airborne(),
        &capsule::<R>(2.6, -0.2, 0.35),
        &neg,
        [0.0, 0.0, 0.0],
    );
    assert_eq!(c.fraction.map(R::to_bits), Some((-R::MAX).to_bits()));
    // World (−2.6, −0.2) is local (2.6, 0.2): the right side, now no hit.
    miss(
        &airborne(),
        &capsule::<R>(-2.6, -0.2, 0.35),
        &neg,
        [0.0, 0.0, 0.0],
    );
}
both_modes!(unit12_edge_zero_move_sign_pattern => edge_zero_move_sign_pattern);

/// "What the contact holds": `(0, 0)` for a step that returned −1, unfolded
/// like a real touch point, so a negated region gives −0.0 (divergence 84).
fn edge_touching_point_negated_zero<R: Real>() {
    let c = hit_b::<R>(&grounded(), 2.2, 0.0, [-0.1, 0.0, 0.0]);
    close_opt(c.fraction, 0.0, 0.0, "fraction");
    assert_eq!(
        c.other.point.x.map(R::to_bits),
        Some(0x8000_0000),
        "px = -0.0"
    );
    assert_eq!(c.other.point.y.map(R::to_bits), Some(0), "py = +0.0");
}
both_modes!(unit12_edge_touching_point_negated_zero => edge_touching_point_negated_zero);

/// "Edge cases", exact tangency: `D = 0` gives fraction 0 in the guarded
/// near-corner branch (`k ≥ 0`); elsewhere the saturated quotients give the
/// tangent root (here 1, worked by hand: `C / (D − B) = 1 / (0 + 1)`).
fn edge_tangent_guard<R: Real>() {
    let f = |x: f32, y: f32, mx: f32, my: f32| folded_b::<R>(x, y, 0.5, mx, my);
    let guarded = sweep_capsule_box_corner(f(-2.5, -2.0, 0.0, 1.0), false);
    assert_eq!(guarded.code(), 1);
    assert_eq!(guarded.fraction().map(R::to_f32), Some(0.0));
    let free = sweep_capsule_box_corner(f(-3.0, -1.5, 1.0, 0.0), false);
    assert_eq!(free.code(), 1);
    close_opt(free.fraction(), 1.0, TOL, "tangent root");
    assert_eq!(
        free.point().map(|(x, y)| (x.to_f32(), y.to_f32())),
        Some((-2.0, -1.0))
    );
}
both_modes!(unit12_edge_tangent_guard => edge_tangent_guard);

/// The steps' result codes: 1 hit, 0 miss, −1 touching (fraction 0, no point).
fn steps_result_codes<R: Real>() {
    let side = sweep_capsule_box_side(folded_b::<R>(-2.2, 0.0, 0.35, 0.1, 0.0), false);
    assert_eq!(side, StepResult::Touching);
    assert_eq!(side.code(), -1);
    assert_eq!(side.fraction().map(R::to_f32), Some(0.0));
    assert!(side.point().is_none());
}
both_modes!(unit12_steps_result_codes => steps_result_codes);
