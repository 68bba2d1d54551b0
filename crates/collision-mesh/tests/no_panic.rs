//! No query panics on any input: every query of the crate, with shapes,
//! moves and rays drawn from ordinary values and the awkward ones (NaN,
//! infinities, `±f32::MAX`, denormals, zeros), in both float modes. The
//! counts stay within their bounds.

mod support;

use collision_mesh::{
    Aabb, CollisionMesh, ListWalk, MeshRayFilter, QueryScratch, Ray, RayResult, SweepOptions,
    SweepQuery,
};
use kernels::{Capsule, OrientedBox, Sphere};
use proptest::prelude::*;
use ps2_float::{Ee32, Real, Vec4};
use support::{floor, records, tri, tri_flags, wall_x};

fn yard() -> CollisionMesh {
    let mut soup = Vec::new();
    soup.extend(floor([0.0, 0.0], [10.0, 10.0], 0.0));
    soup.extend(wall_x(5.0, [0.0, 10.0], 3.0));
    soup.push(tri_flags(
        [1.0, 1.0, 0.1],
        [2.0, 1.0, 0.1],
        [1.5, 2.0, 0.2],
        0x2,
    ));
    soup.push(tri([3.0, 3.0, 1.0], [3.0, 3.0, 1.0], [4.0, 4.0, 1.0]));
    support::mesh(&soup, 2.0)
}

fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        4 => -20.0f32..20.0,
        1 => prop::sample::select(vec![
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MAX,
            -f32::MAX,
            1e-40,
            -0.0,
            0.0,
            1e30,
        ]),
    ]
}

fn v3() -> impl Strategy<Value = [f32; 3]> {
    [value(), value(), value()]
}

fn vec4<R: Real>(v: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], w])
}

fn every_query<R: Real>(
    mesh: &mut CollisionMesh,
    c: [f32; 3],
    m: [f32; 3],
    s: [f32; 3],
    bits: u32,
) {
    let mut scratch = QueryScratch::<R>::new(mesh);
    let mut out = records::<R>(3);
    let (centre, mv) = (vec4::<R>(c, 1.0), vec4::<R>(m, 1.0));
    let radius = R::from_f32(s[0]);
    let walk = if bits & 1 == 0 {
        ListWalk::Exact
    } else {
        ListWalk::ConsoleOverrun
    };
    let q = SweepQuery::new(Aabb::swept_sphere(centre, radius, mv), 5)
        .with_options(SweepOptions::from_bits_retain(bits))
        .with_body_flags(bits)
        .with_walk(walk);
    let sphere = Sphere { radius, centre };
    assert!(mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, mv) <= 3);
    let capsule = Capsule {
        radius,
        height: R::from_f32(s[1]),
        base: centre,
    };
    assert!(mesh.sweep_capsule(&mut scratch, &mut out, &q, &capsule, R::from_f32(s[2]), mv) <= 3);
    let bx = OrientedBox {
        half: vec4(s, 1.0),
        axes: [vec4(m, 1.0), vec4(c, 1.0), vec4(s, 0.0)],
        centre,
    };
    let qb = SweepQuery::new(Aabb::swept_box(&bx, mv), 5).with_walk(walk);
    assert!(mesh.sweep_box(&mut scratch, &mut out, &qb, &bx, mv) <= 3);
    assert!(mesh.overlap_sphere(&mut scratch, &mut out, &q, &sphere) <= 3);
    let mut visited = mesh.visited_bits();
    let ray = Ray::new(centre, mv, R::from_f32(s[1]));
    let list = [bits, 1];
    let filter = MeshRayFilter {
        exclude: Some(&list),
        mask: bits,
    };
    let mut res = RayResult::default();
    mesh.world_ray_cast(&mut visited, &ray, &mut res, &filter);
    let mut p = centre;
    let mut first = Vec4::ZERO;
    mesh.sphere_push(&mut visited, radius, &mut p, None, &mut first);
    let _ = mesh.push_out_of_walls(&mut visited, &sphere);
    let mut p = centre;
    mesh.drop_to_ground(&mut visited, R::from_f32(s[1]), &mut p);
    let mut p = centre;
    mesh.drop_to_marked_ground(&mut visited, R::from_f32(s[1]), &mut p);
    let mut o = Vec4::ZERO;
    mesh.march_ray(
        &mut visited,
        R::from_f32(s[2]),
        R::from_f32(s[1]),
        &mut o,
        centre,
        mv,
    );
    let lo = vec4::<R>(c, 1.0);
    let hi = vec4::<R>(s, 1.0);
    let n = mesh.set_enabled_in_box(lo, hi, bits & 2 == 0);
    assert!(n <= mesh.triangles().len() * mesh.grid().cell_count());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn no_query_panics(c in v3(), m in v3(), s in v3(), bits in any::<u32>()) {
        let mut mesh = yard();
        every_query::<f32>(&mut mesh, c, m, s, bits);
        let mut mesh = yard();
        every_query::<Ee32>(&mut mesh, c, m, s, bits);
    }
}
