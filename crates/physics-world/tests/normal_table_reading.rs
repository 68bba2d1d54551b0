//! The world's reading of the normal tables' constants
//! (`Readings::normal_table`; SPEC-NOTES item 1, divergence 70) reaches the
//! sphere-box pair of its queries: a sphere swept into a crate's corner
//! meets it with the corner normal's components 0.577 (the executable's
//! `0x3f13b646`, the default) or 0.57735026 (the printed decimal,
//! `0x3f13cd3a`), each through the float mode's `1 · c` of the crate's
//! axis-aligned turn; the fraction is the same under both.

mod common;

use common::{both_modes, start_object, with_readings, Solid, Table};
use kernels::{Contact, NormalTable, Shape, Sphere};
use physics_world::{QueryOptions, Readings, ShapeQuery};
use ps2_float::{Real, Vec4};

fn corner_contact<R: Real>(table: NormalTable) -> Contact<R> {
    let mut w = with_readings::<R>(Readings {
        normal_table: table,
        ..Readings::default()
    });
    let mut t = Table::<R>::default();
    start_object(&mut w, &mut t, 1, (0.0, 0.0, 0.0), Solid::cube(2.0));
    let f = R::from_f32;
    let sphere = Shape::Sphere(Sphere {
        radius: f(0.5),
        centre: Vec4::point(f(3.0), f(3.0), f(3.0)),
    });
    let q = ShapeQuery::of_shape(sphere, None, QueryOptions::BODIES);
    let mut out = [Contact::<R>::default(); 4];
    let n = w.collide_shape(
        &t,
        &mut out,
        &q,
        Vec4::new(f(-2.0), f(-2.0), f(-2.0), R::ZERO),
        &mut Vec::new(),
    );
    assert_eq!(n, 1, "{}: the crate's corner", R::MODE);
    out[0]
}

fn magnitudes<R: Real>(n: Vec4<R>) -> [u32; 3] {
    [n.x, n.y, n.z].map(|c| c.to_f32().to_bits() & 0x7fff_ffff)
}

fn turned<R: Real>(bits: u32) -> u32 {
    (R::ONE * R::from_bits(bits)).to_f32().to_bits() & 0x7fff_ffff
}

fn the_world_reads_its_normal_table<R: Real>() {
    let console = corner_contact::<R>(NormalTable::BitPatterns);
    let printed = corner_contact::<R>(NormalTable::PrintedDecimals);
    assert_eq!(
        magnitudes(console.other.normal.get_or(R::ZERO)),
        [turned::<R>(0x3f13_b646); 3]
    );
    assert_eq!(
        magnitudes(printed.other.normal.get_or(R::ZERO)),
        [turned::<R>(0x3f13_cd3a); 3]
    );
    assert_eq!(console.fraction, printed.fraction);
    assert_eq!(Readings::default().normal_table, NormalTable::BitPatterns);
}

both_modes!(the_world_reads_its_normal_table);
