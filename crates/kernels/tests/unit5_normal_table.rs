//! The sphere-box pair's normal tables under both readings of their
//! constants (spec Unit 5, "The normal tables"; SPEC-NOTES item 1,
//! divergence 70): the executable's bit patterns give an edge normal's
//! components 0.70710683 (`0x3f3504f4`) and a corner's 0.577
//! (`0x3f13b646`); the printed decimals give 0.70710677 (`0x3f3504f3`) and
//! 0.57735026 (`0x3f13cd3a`), the Test ideas' 0.5774. Faces and fractions
//! read the same either way. The box is axis-aligned, so each lane of the
//! world normal is `1·n + 0·… + 0·…`: the table's constant itself in `f32`,
//! and in `Ee32` the constant through the EE's multiply by 1 (which can
//! land one unit lower, as it does for 0.577).

use kernels::sphere_box::{
    sweep_sphere_oriented_box_read, NormalTable, FEATURE_CORNER, FEATURE_EDGE,
};
use kernels::table::{sweep_pair, PairAnswer};
use kernels::{Contact, OrientedBox, PairContext, Shape, Sphere};
use ps2_float::{Real, Vec4};
use test_support::both_modes;

fn unit_box<R: Real>() -> OrientedBox<R> {
    let x = |v: f32| R::from_f32(v);
    OrientedBox {
        half: Vec4::new(x(1.0), x(1.0), x(1.0), R::ZERO),
        axes: [
            Vec4::new(R::ONE, R::ZERO, R::ZERO, R::ZERO),
            Vec4::new(R::ZERO, R::ONE, R::ZERO, R::ZERO),
            Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO),
        ],
        centre: Vec4::point(R::ZERO, R::ZERO, R::ZERO),
    }
}

fn v<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::new(R::from_f32(x), R::from_f32(y), R::from_f32(z), R::ZERO)
}

/// A table constant as the turn by an axis-aligned box gives it: `1 · c`
/// in the float mode (the added products are zeros).
fn turned<R: Real>(bits: u32) -> u32 {
    (R::ONE * R::from_bits(bits)).to_f32().to_bits() & 0x7fff_ffff
}

/// The magnitudes' bit patterns of a normal's x, y, z.
fn magnitudes<R: Real>(n: Vec4<R>) -> [u32; 3] {
    [n.x, n.y, n.z].map(|c| c.to_f32().to_bits() & 0x7fff_ffff)
}

/// A sphere of 0.5 from `start` moving by `mv` into the unit box, read with
/// `table`: the feature, the fraction's bits and the normal's magnitudes.
fn hit<R: Real>(start: [f32; 3], mv: [f32; 3], table: NormalTable) -> (u32, u32, [u32; 3]) {
    let h = sweep_sphere_oriented_box_read(
        R::from_f32(0.5),
        R::ONE,
        &unit_box::<R>(),
        Vec4::ZERO,
        Vec4::point(
            R::from_f32(start[0]),
            R::from_f32(start[1]),
            R::from_f32(start[2]),
        ),
        v(mv[0], mv[1], mv[2]),
        true,
        table,
    )
    .expect("the sphere meets the box");
    (
        h.feature,
        h.fraction.to_f32().to_bits(),
        magnitudes(h.normal),
    )
}

/// A sphere from `start` moving by `mv` meets `feature` under both readings:
/// each turned constant `want` (bit patterns, then printed decimals) in its
/// normal's magnitudes, the two different, the fraction the same.
fn both_readings<R: Real>(
    start: [f32; 3],
    mv: [f32; 3],
    feature: u32,
    want: [([u32; 3], &str); 2],
) {
    let (f, frac_bits, bits) = hit::<R>(start, mv, NormalTable::BitPatterns);
    assert_eq!(f, feature);
    assert_eq!(bits, want[0].0, "{}: {}", R::MODE, want[0].1);
    let (f, frac_dec, dec) = hit::<R>(start, mv, NormalTable::PrintedDecimals);
    assert_eq!(f, feature);
    assert_eq!(dec, want[1].0, "{}: {}", R::MODE, want[1].1);
    assert_ne!(bits, dec);
    assert_eq!(frac_bits, frac_dec, "the fraction does not read the table");
}

fn corner_and_edge_normals_under_both_readings<R: Real>() {
    // In f32 the turn is exact: the constants themselves.
    assert_eq!(turned::<f32>(0x3f13_b646), 0x3f13_b646);
    both_readings::<R>(
        [3.0, 3.0, 3.0],
        [-2.0, -2.0, -2.0],
        FEATURE_CORNER,
        [
            ([turned::<R>(0x3f13_b646); 3], "the executable's b, 0.577"),
            ([turned::<R>(0x3f13_cd3a); 3], "the printed b, 0.57735026"),
        ],
    );
    let (a, d) = (turned::<R>(0x3f35_04f4), turned::<R>(0x3f35_04f3));
    both_readings::<R>(
        [3.0, 3.0, 0.0],
        [-2.0, -2.0, 0.0],
        FEATURE_EDGE,
        [([a, a, 0], "a = 0.70710683"), ([d, d, 0], "a = 0.70710677")],
    );

    // A face reads 0 and 1 under both.
    let face = ([3.0, 0.0, 0.0], [-2.0, 0.0, 0.0]);
    assert_eq!(
        hit::<R>(face.0, face.1, NormalTable::BitPatterns),
        hit::<R>(face.0, face.1, NormalTable::PrintedDecimals)
    );
}

/// The pair table reads the context's choice: the sphere's entry (2, 1)
/// gives the corner normal of the reading asked for.
fn the_pair_table_reads_the_context<R: Real>() {
    let sphere = Shape::Sphere(Sphere {
        radius: R::from_f32(0.5),
        centre: Vec4::point(R::from_f32(3.0), R::from_f32(3.0), R::from_f32(3.0)),
    });
    let bx = Shape::Box(unit_box::<R>());
    let mv = v::<R>(-2.0, -2.0, -2.0);
    let normal = |table| {
        let ctx = PairContext {
            normal_table: table,
            ..PairContext::default()
        };
        let mut c = Contact::<R>::default();
        assert_eq!(sweep_pair(&mut c, &ctx, &sphere, &bx, mv), PairAnswer::Met);
        magnitudes(c.other.normal.get_or(R::ZERO))
    };
    assert_eq!(
        normal(NormalTable::BitPatterns),
        [turned::<R>(0x3f13_b646); 3]
    );
    assert_eq!(
        normal(NormalTable::PrintedDecimals),
        [turned::<R>(0x3f13_cd3a); 3]
    );
    assert_eq!(NormalTable::default(), NormalTable::BitPatterns);
}

both_modes!(
    unit5_normal_table_corner_and_edge => corner_and_edge_normals_under_both_readings
);
both_modes!(unit5_normal_table_through_the_pair_table => the_pair_table_reads_the_context);
