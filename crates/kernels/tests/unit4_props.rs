//! Unit 4 properties on random finite shapes, in both float modes: no pair
//! function, kernel or table lookup panics, and no field a call writes holds an
//! infinity or a NaN. Two ranges: the game's scale (coordinates within 1 km,
//! sizes within 50 m, any sign) and every finite float up to ±f32::MAX.

use kernels::overlap::{corner_circle, side_interval};
use kernels::segment::{closest_param, closest_point, closest_points};
use kernels::table::{overlap_pair, PairAnswer};
use kernels::{Capsule, Contact, Lanes, OrientedBox, Segment, Shape, Sphere};
use proptest::prelude::*;
use ps2_float::{Ee32, Real, Vec4};

fn finite<R: Real>(x: R) -> bool {
    // `to_f32` maps an `Ee32` with exponent 255 to ±f32::MAX, so check the
    // bits too: the console's largest binade is finite for it, not for f32.
    x.to_f32().is_finite()
        && (R::FLOAT_MODE == ps2_float::FloatMode::Ee32 || f32::from_bits(x.to_bits()).is_finite())
}

fn lanes_finite<R: Real>(l: &Lanes<R>) -> bool {
    [l.x, l.y, l.z, l.w].into_iter().flatten().all(finite)
}

fn contact_finite<R: Real>(c: &Contact<R>) -> bool {
    let scalars = [c.fraction, c.depth].into_iter().flatten().all(finite);
    scalars
        && [
            &c.own.normal,
            &c.own.point,
            &c.other.normal,
            &c.other.point,
            &c.point,
            &c.slide,
        ]
        .into_iter()
        .all(lanes_finite)
}

type V3 = [f32; 3];

fn vec<R: Real>(v: V3) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], 1.0])
}

/// A shape in `f32` lanes, turned into either mode.
#[derive(Clone, Debug)]
enum ShapeIn {
    Box { centre: V3, half: V3, axes: [V3; 3] },
    Sphere { centre: V3, radius: f32 },
    Capsule { base: V3, radius: f32, height: f32 },
    Segment { start: V3, end: V3, radius: f32 },
}

impl ShapeIn {
    fn get<R: Real>(&self) -> Shape<R> {
        match self {
            ShapeIn::Box { centre, half, axes } => Shape::Box(OrientedBox {
                half: vec(*half),
                axes: axes.map(vec),
                centre: vec(*centre),
            }),
            ShapeIn::Sphere { centre, radius } => Shape::Sphere(Sphere {
                radius: R::from_f32(*radius),
                centre: vec(*centre),
            }),
            ShapeIn::Capsule {
                base,
                radius,
                height,
            } => Shape::Capsule(Capsule {
                radius: R::from_f32(*radius),
                height: R::from_f32(*height),
                base: vec(*base),
            }),
            ShapeIn::Segment { start, end, radius } => Shape::Segment(Segment {
                start: vec(*start),
                end: vec(*end),
                radius: R::from_f32(*radius),
                length: R::ZERO,
            }),
        }
    }
}

fn v3(s: impl Strategy<Value = f32> + Clone) -> impl Strategy<Value = V3> + Clone {
    [s.clone(), s.clone(), s]
}

/// Random shapes with coordinates from `pos` and sizes from `size`. Box axes
/// are either random unit vectors' components or arbitrary (the kernels never
/// normalise them).
fn shape(
    pos: impl Strategy<Value = f32> + Clone + 'static,
    size: impl Strategy<Value = f32> + Clone + 'static,
) -> impl Strategy<Value = ShapeIn> {
    let axis = v3(-1.0f32..=1.0);
    prop_oneof![
        (
            v3(pos.clone()),
            v3(size.clone()),
            [axis.clone(), axis.clone(), axis]
        )
            .prop_map(|(centre, half, axes)| ShapeIn::Box { centre, half, axes }),
        (v3(pos.clone()), size.clone())
            .prop_map(|(centre, radius)| ShapeIn::Sphere { centre, radius }),
        (v3(pos.clone()), size.clone(), size.clone()).prop_map(|(base, radius, height)| {
            ShapeIn::Capsule {
                base,
                radius,
                height,
            }
        }),
        (v3(pos.clone()), v3(pos), size).prop_map(|(start, end, radius)| ShapeIn::Segment {
            start,
            end,
            radius
        }),
    ]
}

/// A coordinate: mostly small, sometimes exactly 0 or a copy-friendly value,
/// so that coincident and degenerate cases come up.
fn game_pos() -> impl Strategy<Value = f32> + Clone {
    prop_oneof![
        4 => -1000.0f32..1000.0,
        4 => -3.0f32..3.0,
        1 => Just(0.0f32),
        1 => Just(1.0f32),
    ]
}

fn game_size() -> impl Strategy<Value = f32> + Clone {
    prop_oneof![
        6 => 0.0f32..50.0,
        1 => -1.0f32..0.0,
        1 => Just(0.0f32),
    ]
}

/// Any finite float: the whole normal range (up to ±3.4e38), denormals and
/// zeros, and a share of moderate values so that hits come up too.
fn wide() -> impl Strategy<Value = f32> + Clone {
    prop_oneof![
        2 => prop::num::f32::NORMAL | prop::num::f32::SUBNORMAL | prop::num::f32::ZERO,
        1 => -1e15f32..1e15,
        1 => -1e-15f32..1e-15,
        1 => Just(0.0f32),
    ]
}

fn check_pair<R: Real>(a: &ShapeIn, b: &ShapeIn) -> Result<(), TestCaseError> {
    let (a, b) = (a.get::<R>(), b.get::<R>());
    let mut c = Contact::<R>::default();
    let hit = overlap_pair(&mut c, &a, &b);
    prop_assert!(contact_finite(&c), "{} {hit:?}: {c:?}", R::MODE);
    if hit != PairAnswer::Met {
        // A miss or an empty entry writes nothing.
        prop_assert_eq!(c, Contact::default());
    }
    Ok(())
}

/// The kernels' inputs, every coordinate from `s`: three points `p`, `d`,
/// `q` and the footprint steps' five scalars.
fn kernel_inputs(
    s: impl Strategy<Value = f32> + Clone,
) -> impl Strategy<Value = (V3, V3, V3, [f32; 5])> {
    (
        v3(s.clone()),
        v3(s.clone()),
        v3(s.clone()),
        [s.clone(), s.clone(), s.clone(), s.clone(), s],
    )
}

fn check_kernels<R: Real>(p: V3, d: V3, q: V3, s5: [f32; 5]) -> Result<(), TestCaseError> {
    let (p, d, q) = (vec::<R>(p), vec::<R>(d), vec::<R>(q));
    let t = closest_param(p, d, q);
    prop_assert!(
        finite(t) && R::ZERO <= t && t <= R::ONE,
        "{} t {t:?}",
        R::MODE
    );
    let pt = closest_point(p, d, q);
    let mut lanes = Lanes::default();
    lanes.set(pt);
    prop_assert!(lanes_finite(&lanes), "{} point {:?}", R::MODE, pt);
    let (s, t) = closest_points(p, d, q);
    prop_assert!(
        finite(s) && R::ZERO <= s && s <= R::ONE,
        "{} s {s:?}",
        R::MODE
    );
    prop_assert!(
        finite(t) && R::ZERO <= t && t <= R::ONE,
        "{} t {t:?}",
        R::MODE
    );
    let [x, y, r, hx, hy] = s5.map(R::from_f32);
    for depth in [
        corner_circle(x, y, r, hx, hy),
        side_interval(x, y, r, hx, hy),
    ]
    .into_iter()
    .flatten()
    {
        prop_assert!(finite(depth));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn unit4_props_pairs_game_scale(
        a in shape(game_pos(), game_size()),
        b in shape(game_pos(), game_size()),
    ) {
        check_pair::<f32>(&a, &b)?;
        check_pair::<Ee32>(&a, &b)?;
    }

    #[test]
    fn unit4_props_pairs_wide(a in shape(wide(), wide()), b in shape(wide(), wide())) {
        check_pair::<f32>(&a, &b)?;
        check_pair::<Ee32>(&a, &b)?;
    }

    #[test]
    fn unit4_props_kernels((p, d, q, s5) in kernel_inputs(game_pos())) {
        check_kernels::<f32>(p, d, q, s5)?;
        check_kernels::<Ee32>(p, d, q, s5)?;
    }

    #[test]
    fn unit4_props_kernels_wide((p, d, q, s5) in kernel_inputs(wide())) {
        check_kernels::<f32>(p, d, q, s5)?;
        check_kernels::<Ee32>(p, d, q, s5)?;
    }
}
