//! Divergence 238, pinned: a ray lying nearly in a triangle's plane, where
//! Möller-Trumbore's determinant is mostly rounding yet above its limit,
//! can get a hit from the console's arithmetic at a distance that is noise,
//! far outside the triangle's box. The console's walk (the reference walk
//! here) reports it; the culled search skips the triangle by its box and
//! misses it. These two cases come from an adversarial search (f32 bit
//! patterns); when the search is made to keep such triangles, both walks
//! must agree here and these tests must say so.

#[macro_use]
mod support;

use collision_mesh::query::{MeshRayFilter, QueryScratch, Ray, RayResult};
use collision_mesh::TriangleFlags;
use ps2_float::{Ee32, Real};
use support::tri_flags;
use test_support::{dir, point};

/// Both walks on a one-triangle mesh (8 m cells): the reference walk's
/// result, then the culled search's.
fn both_walks<R: Real>(
    v: [[u32; 3]; 3],
    two_sided: bool,
    o: [u32; 3],
    d: [u32; 3],
    len: u32,
) -> [RayResult<R>; 2] {
    let f = |a: [u32; 3]| a.map(f32::from_bits);
    let flags = if two_sided {
        TriangleFlags::TWO_SIDED.bits()
    } else {
        0
    };
    let mesh = support::mesh(&[tri_flags(f(v[0]), f(v[1]), f(v[2]), flags)], 8.0);
    let ray = Ray::new(point::<R>(f(o)), dir::<R>(f(d)), R::from_bits(len));
    [true, false].map(|reference| {
        let mut scratch = QueryScratch::<R>::new(&mesh);
        scratch.visited.set_reference_walk(reference);
        let mut res = RayResult::default();
        mesh.world_ray_cast(
            &mut scratch.visited,
            &ray,
            &mut res,
            &MeshRayFilter::default(),
        );
        res
    })
}

/// The divergence as it stands: the reference walk hits at `t` (bits), the
/// culled search misses.
fn reference_hits_culled_misses<R: Real>(reference: &RayResult<R>, culled: &RayResult<R>, t: u32) {
    assert!(reference.hit, "{reference:?}");
    assert_eq!(reference.t.to_bits(), t, "{reference:?}");
    assert!(!culled.hit, "divergence 238 no longer shows: {culled:?}");
}

/// `f32` mode, a two-sided triangle near the origin: the console's walk
/// hits at the ray's full length, 35.04762 (0.089 m outside the
/// triangle's box); the culled search misses.
#[test]
fn f32_ray_nearly_in_the_plane_of_a_two_sided_triangle() {
    let [reference, culled] = both_walks::<f32>(
        [
            [0xc0d0_8cba, 0x41a1_fa69, 0x3d9d_d361],
            [0xc0c9_f9c7, 0x4197_2541, 0xbe9d_13f8],
            [0xc09c_33ed, 0x419b_4d5e, 0xbfe4_4c52],
        ],
        true,
        [0xc112_fd99, 0xc180_ef3e, 0xbfb5_fab2],
        [0x3d9c_3a45, 0x3f7f_1254, 0x3d1a_66a5],
        0x420c_30c3,
    );
    reference_hits_culled_misses(&reference, &culled, 0x420c_30c3);
}

/// `Ee32` mode, a one-sided triangle near the origin: the console's walk
/// hits at 13.714286 (0.67 m outside the box); the culled search misses.
#[test]
fn ee32_ray_nearly_in_the_plane_of_a_one_sided_triangle() {
    let [reference, culled] = both_walks::<Ee32>(
        [
            [0xc0d7_79f9, 0xc162_91f7, 0xbf43_3580],
            [0xc149_36d1, 0xc18d_d12d, 0x3ef9_da87],
            [0xc113_0e50, 0xc175_53c6, 0x3f0b_de4f],
        ],
        false,
        [0xc02c_e132, 0xc0f6_f73c, 0x40fc_3d78],
        [0xbf1b_751e, 0xbf20_ebd0, 0xbef8_c8ad],
        0x415b_6db7,
    );
    reference_hits_culled_misses(&reference, &culled, 0x415b_6db7);
}
