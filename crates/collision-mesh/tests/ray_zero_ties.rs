//! `CollisionMesh_RayCast` (Coney `collision.md`, "Ray cast": a hit is kept
//! only when nearer) with a tie for the nearest hit at distance 0 between
//! `+0` and `−0` (divergences 169 and 235): the two compare equal, so the console's walk
//! keeps the triangle it tests first, with that triangle's own bits; the
//! tree's and the column's searches settle the tie by the walk's order and
//! must report the kept triangle's bits too, not those of the triangle they
//! met first. Both cases come from an adversarial search of the port.

#[macro_use]
mod support;

use collision_mesh::build::{self, Attributes, BuildConfig, SoupTriangle};
use collision_mesh::query::{ray_triangle_two_sided, Ray};
use collision_mesh::{CollisionMesh, TriangleFlags};
use ps2_float::{Ee32, Real};
use support::{both_walks, ray_bits};
use test_support::{dir, point};

/// A mesh of two-sided triangles (corner bits) with cells of `cell` units.
fn mesh(tris: &[[[u32; 3]; 3]], cell: f32, flat_z: bool) -> CollisionMesh {
    let soup: Vec<SoupTriangle> = tris
        .iter()
        .map(|c| {
            SoupTriangle::new(c.map(|p| p.map(f32::from_bits))).with(Attributes {
                flags: TriangleFlags::TWO_SIDED,
                ..Attributes::default()
            })
        })
        .collect();
    let cfg = BuildConfig {
        cell_size: cell,
        flat_z,
        ..BuildConfig::default()
    };
    build::from_soup(&soup, &cfg, "zero ties").expect("a valid soup")
}

/// One case: a mesh of the two-sided triangles `tris` (corner bits), cells
/// of `cell` units, a ray (bits `o`, `d`, `len`); each triangle alone gives
/// the distance bits `alone`, and both walks keep triangle 0 with its own
/// bits.
#[allow(clippy::too_many_arguments)]
fn zero_tie<R: Real>(
    tris: &[[[u32; 3]; 3]],
    cell: f32,
    flat_z: bool,
    o: [u32; 3],
    d: [u32; 3],
    len: u32,
    alone: [u32; 2],
) {
    let m = mesh(tris, cell, flat_z);
    let ray = Ray::new(
        point::<R>(o.map(f32::from_bits)),
        dir::<R>(d.map(f32::from_bits)),
        R::from_bits(len),
    );
    let each: Vec<u32> = (0..m.triangles().len())
        .map(|ix| {
            let c = m.corners::<R>(ix).expect("a triangle");
            ray_triangle_two_sided(ray.origin, ray.direction, &c).to_bits()
        })
        .collect();
    assert_eq!(each, alone);
    let [reference, culled] = both_walks(&m, &ray);
    assert!(reference.hit);
    assert_eq!(
        (reference.t.to_bits(), reference.triangle),
        (alone[0], Some(0))
    );
    assert_eq!(ray_bits(&culled), ray_bits(&reference));
}

/// `f32` mode, two walls sharing an edge, a ray through it (the tree's
/// search): the walk keeps triangle 0 at `+0`; triangle 1 gives `−0`.
#[test]
fn f32_tie_of_plus_and_minus_zero_keeps_the_walks_bits() {
    zero_tie::<f32>(
        &[
            [
                [0x4548_35f7, 0x4562_5c84, 0xc2f4_39de],
                [0x4548_35f7, 0x4560_746f, 0xc307_3fef],
                [0x4548_35f7, 0x4560_746f, 0xc236_381d],
            ],
            [
                [0x4548_35f7, 0x4562_5c84, 0xc281_6a68],
                [0x4548_35f7, 0x4560_746f, 0xc236_381d],
                [0x4548_35f7, 0x4560_746f, 0xc307_3fef],
            ],
        ],
        16.0,
        true,
        [0x4548_35f7, 0x4561_37ac, 0xc2b1_e2c2],
        [0x3365_81c7, 0xbe77_6c72, 0x3f1b_3d20],
        0x4290_ee52,
        [0x0000_0000, 0x8000_0000],
    );
}

// The two cases differ in their bits only: alike in form, each its own data.

/// `Ee32` mode, a ray straight down through the shared corner of two level,
/// degenerate fan triangles (the column's search): the walk keeps triangle
/// 0 at `−0`; triangle 1 gives `+0`.
#[test]
fn ee32_tie_of_minus_and_plus_zero_keeps_the_walks_bits() {
    zero_tie::<Ee32>(
        &[
            [
                [0xc242_4033, 0x41bb_d980, 0xc0b4_0571],
                [0x4288_3286, 0xc1f7_2229, 0xc0b4_0571],
                [0x4338_c292, 0xc2aa_8774, 0xc0b4_0571],
            ],
            [
                [0xc242_4033, 0x41bb_d980, 0xc0b4_0571],
                [0x4338_c292, 0xc2aa_8774, 0xc0b4_0571],
                [0x4396_b5f1, 0xc30b_a32f, 0xc0b4_0571],
            ],
        ],
        f32::from_bits(0x4053_3333),
        false,
        [0xc242_4033, 0x41bb_d980, 0xc0db_524b],
        [0x0000_0000, 0x0000_0000, 0xbf80_0000],
        0x430a_e09b,
        [0x8000_0000, 0x0000_0000],
    );
}
