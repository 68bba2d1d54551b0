//! Properties of every pair-table entry and triangle kernel over random finite
//! input, in both float modes: no panic, no infinity or NaN written in `f32`
//! mode, and in `Ee32` mode only bit patterns the console can hold (no zero
//! exponent with a non-zero mantissa).

use kernels::contact::Lanes;
use kernels::sphere_triangle::{sphere_triangle_penetration, sweep_sphere_triangle, SweepRecord};
use kernels::table::{overlap_pair, ray_cast_shape, sweep_pair};
use kernels::{
    box_sweep::sweep_box_triangle, Capsule, Contact, OrientedBox, PairContext, Segment, Shape,
    Sphere, WorkTriangle,
};
use proptest::prelude::*;
use ps2_float::{Ee32, Real, Vec4};

/// A finite value as the mode holds it: `f32` must be finite, `Ee32` must be
/// a pattern the console produces.
fn sane<R: Real>(v: R) -> bool {
    if R::FLOAT_MODE == ps2_float::FloatMode::F32 {
        v.to_f32().is_finite()
    } else {
        test_support::console_pattern(v.to_bits())
    }
}

fn lanes_sane<R: Real>(l: &Lanes<R>) -> bool {
    [l.x, l.y, l.z, l.w].into_iter().flatten().all(sane)
}

fn contact_sane<R: Real>(c: &Contact<R>) -> bool {
    lanes_sane(&c.own.normal)
        && lanes_sane(&c.own.point)
        && lanes_sane(&c.other.normal)
        && lanes_sane(&c.other.point)
        && lanes_sane(&c.point)
        && lanes_sane(&c.slide)
        && c.fraction.is_none_or(sane)
        && c.depth.is_none_or(sane)
}

/// A coordinate: mostly game scale, sometimes up to 1e30, sometimes exactly
/// zero. Coordinates near `f32::MAX` are left out: there the difference of two
/// coordinates can pass `f32::MAX` in `f32` mode's bare IEEE operators
/// (divergence 2); `Ee32` mode has no such limit.
fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => -20.0f32..20.0,
        1 => -1e30f32..1e30,
        1 => Just(0.0f32),
    ]
}

fn v3() -> impl Strategy<Value = [f32; 3]> {
    [coord(), coord(), coord()]
}

fn radius() -> impl Strategy<Value = f32> {
    prop_oneof![4 => 0.01f32..3.0, 1 => Just(0.0f32), 1 => 0.0f32..1e4]
}

/// A rotation from a unit quaternion (possibly unnormalised input, normalised
/// in f64), so box axes are unit and orthogonal as the original assumes.
fn axes() -> impl Strategy<Value = [[f32; 3]; 3]> {
    [-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0].prop_map(test_support::rotation_rows)
}

/// One shape of any type, as `f32` lanes; turned into either mode later.
// Alike in form only to the golden units' call variants: the generated
// shapes of these properties, plain arrays.
#[derive(Clone, Debug)]
enum ShapeF {
    Box {
        c: [f32; 3],
        h: [f32; 3],
        a: [[f32; 3]; 3],
    },
    Sphere {
        c: [f32; 3],
        r: f32,
    },
    Capsule {
        b: [f32; 3],
        r: f32,
        h: f32,
    },
    Segment {
        s: [f32; 3],
        e: [f32; 3],
        r: f32,
    },
}

fn shape() -> impl Strategy<Value = ShapeF> {
    prop_oneof![
        (v3(), [radius(), radius(), radius()], axes()).prop_map(|(c, h, a)| ShapeF::Box {
            c,
            h,
            a
        }),
        (v3(), radius()).prop_map(|(c, r)| ShapeF::Sphere { c, r }),
        (v3(), radius(), radius()).prop_map(|(b, r, h)| ShapeF::Capsule { b, r, h }),
        (v3(), v3(), radius()).prop_map(|(s, e, r)| ShapeF::Segment { s, e, r }),
    ]
}

fn p<R: Real>(v: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], w])
}

fn to_mode<R: Real>(s: &ShapeF) -> Shape<R> {
    match *s {
        ShapeF::Box { c, h, a } => Shape::Box(OrientedBox {
            half: p(h, 0.0),
            axes: a.map(|r| p(r, 0.0)),
            centre: p(c, 1.0),
        }),
        ShapeF::Sphere { c, r } => Shape::Sphere(Sphere {
            radius: R::from_f32(r),
            centre: p(c, 1.0),
        }),
        ShapeF::Capsule { b, r, h } => Shape::Capsule(Capsule {
            radius: R::from_f32(r),
            height: R::from_f32(h),
            base: p(b, 1.0),
        }),
        ShapeF::Segment { s, e, r } => Shape::Segment(Segment {
            start: p(s, 1.0),
            end: p(e, 1.0),
            radius: R::from_f32(r),
            length: R::ONE,
        }),
    }
}

fn every_entry<R: Real>(
    a: &ShapeF,
    b: &ShapeF,
    mv: [f32; 3],
    flags: u32,
    air: bool,
) -> Result<(), TestCaseError> {
    let (own, other) = (to_mode::<R>(a), to_mode::<R>(b));
    let ctx = PairContext {
        own_body_flags: flags,
        other_body_flags: flags.rotate_left(7),
        own_airborne: air,
        own_landing: !air && flags & 1 == 1,
        ..PairContext::default()
    };
    let mut c = Contact::default();
    let _ = overlap_pair(&mut c, &own, &other);
    prop_assert!(contact_sane(&c), "overlap {} wrote {c:?}", R::MODE);
    let mut c = Contact::default();
    let _ = sweep_pair(&mut c, &ctx, &own, &other, p(mv, 1.0));
    prop_assert!(contact_sane(&c), "sweep {} wrote {c:?}", R::MODE);
    if let Some(t) = ray_cast_shape(&other, p(a_point(a), 1.0), p(mv, 0.0)) {
        prop_assert!(sane(t), "ray {} gave {t:?}", R::MODE);
    }
    Ok(())
}

fn a_point(s: &ShapeF) -> [f32; 3] {
    match *s {
        ShapeF::Box { c, .. } | ShapeF::Sphere { c, .. } => c,
        ShapeF::Capsule { b, .. } => b,
        ShapeF::Segment { s, .. } => s,
    }
}

fn triangle_kernels<R: Real>(
    t: [[f32; 3]; 3],
    c: [f32; 3],
    r: f32,
    mv: [f32; 3],
    bx: &ShapeF,
) -> Result<(), TestCaseError> {
    let mut tri = WorkTriangle::from_corners(p(t[0], 1.0), p(t[1], 1.0), p(t[2], 1.0));
    tri.compute_edges(false);
    tri.compute_normal();
    tri.d = tri.v[0].dot(tri.n);
    let sphere = Sphere {
        radius: R::from_f32(r),
        centre: p::<R>(c, 1.0),
    };
    let mut rec = SweepRecord::default();
    let mut mask = None;
    let _ = sweep_sphere_triangle(&mut rec, &sphere, &tri, p(mv, 1.0), &mut mask);
    prop_assert!(
        rec.fractions.iter().flatten().all(|&f| sane(f)),
        "{} {rec:?}",
        R::MODE
    );
    if let Some(d) = sphere_triangle_penetration(&sphere, &tri) {
        prop_assert!(sane(d));
    }
    if let Shape::Box(b) = to_mode::<R>(bx) {
        prop_assert!(sane(sweep_box_triangle(&b, &tri, p(mv, 1.0))));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn every_table_entry_is_total_in_both_modes(
        a in shape(), b in shape(), mv in v3(), flags in any::<u32>(), air in any::<bool>()
    ) {
        every_entry::<f32>(&a, &b, mv, flags, air)?;
        every_entry::<Ee32>(&a, &b, mv, flags, air)?;
    }

    #[test]
    fn triangle_kernels_are_total_in_both_modes(
        t in [v3(), v3(), v3()], c in v3(), r in radius(), mv in v3(), bx in shape()
    ) {
        triangle_kernels::<f32>(t, c, r, mv, &bx)?;
        triangle_kernels::<Ee32>(t, c, r, mv, &bx)?;
    }
}
