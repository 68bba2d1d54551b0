//! `CollisionMesh_RayCast` (0x00350cd8) with `CollisionMesh_RayTestCell`
//! (0x00350778), the two Möller-Trumbore tests and the world's wrapper
//! (Coney `collision.md`, "Ray cast"; spec overview "Reimplementing": rays
//! skip excluded materials before intersecting). Both float modes.

#[macro_use]
mod support;

use collision_mesh::query::{ray_triangle_one_sided, ray_triangle_two_sided};
use collision_mesh::{
    Attributes, CollisionMesh, Material, MeshRayFilter, Ray, RayResult, TriangleFlags,
};
use ps2_float::{Real, Vec4};
use support::{floor, quad_with, tri, tri_flags, wall_x, V3};
use test_support::{both_modes, close, close_v, point, r, Lcg, Seeded};

fn dir<R: Real>(d: V3) -> Vec4<R> {
    Vec4::from_f32([d[0], d[1], d[2], 0.0])
}

fn cast<R: Real>(
    mesh: &CollisionMesh,
    o: V3,
    d: V3,
    len: f32,
    filter: &MeshRayFilter<'_>,
) -> RayResult<R> {
    let mut visited = mesh.visited_bits();
    let mut res = RayResult::default();
    let ray = Ray::new(point(o), dir(d), r(len));
    let hit = mesh.world_ray_cast(&mut visited, &ray, &mut res, filter);
    assert_eq!(hit, res.hit);
    res
}

/// A floor at z = 0 over 0..20 and a wall at x = 10 facing −x.
fn yard() -> CollisionMesh {
    let mut soup = Vec::new();
    soup.extend(floor([0.0, 0.0], [20.0, 20.0], 0.0));
    soup.extend(wall_x(10.0, [0.0, 20.0], 4.0));
    support::mesh(&soup, 2.0)
}

/// The nearest accepted hit along the whole ray, with the result's fields.
fn nearest<R: Real>() {
    let mesh = yard();
    // Slanted down toward the wall: the wall at x = 10 comes before the
    // floor (which the ray would reach at x = 12).
    let d = {
        let v = [1.0f32, 0.0, -0.25];
        let l = (v[0] * v[0] + v[2] * v[2]).sqrt();
        [v[0] / l, 0.0, v[2] / l]
    };
    let res = cast::<R>(&mesh, [2.0, 5.0, 2.5], d, 30.0, &MeshRayFilter::default());
    assert!(res.hit);
    close(res.t, (8.0f64 * 8.0 + 2.0 * 2.0).sqrt(), 1e-4, "t");
    close_v(res.normal, [-1.0, 0.0, 0.0, 1.0], 1e-6, "normal");
    assert_eq!(res.material, Material::CONCRETE);
    assert_eq!((res.flags, res.area), (0x1, 1));
    assert!(matches!(res.triangle, Some(2 | 3)));
    // Straight down onto the floor.
    let res = cast::<R>(
        &mesh,
        [3.0, 7.0, 5.0],
        [0.0, 0.0, -1.0],
        10.0,
        &MeshRayFilter::default(),
    );
    close(res.t, 5.0, 1e-6, "down");
    close_v(res.normal, [0.0, 0.0, 1.0, 1.0], 1e-6, "up");
}
both_modes!(collision_ray_cast_nearest_hit_along_the_whole_ray => nearest);

/// The length bound is inclusive; a ray stopping short misses.
fn length_bound<R: Real>() {
    let mesh = yard();
    let f = MeshRayFilter::default();
    assert!(cast::<R>(&mesh, [3.0, 7.0, 4.0], [0.0, 0.0, -1.0], 4.0, &f).hit);
    assert!(!cast::<R>(&mesh, [3.0, 7.0, 4.0], [0.0, 0.0, -1.0], 3.99, &f).hit);
    // Starting on the far side of the floor, going down: nothing behind.
    assert!(!cast::<R>(&mesh, [3.0, 7.0, -1.0], [0.0, 0.0, -1.0], 9.0, &f).hit);
}
both_modes!(collision_ray_cast_length_inclusive => length_bound);

/// A one-sided face is hit from its front only; a two-sided one from both,
/// its normal turned to face the ray.
fn sides<R: Real>() {
    let one = support::mesh(
        &[tri([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0])],
        8.0,
    );
    let two = support::mesh(
        &[tri_flags(
            [0.0, 0.0, 0.0],
            [4.0, 0.0, 0.0],
            [0.0, 4.0, 0.0],
            0x2,
        )],
        8.0,
    );
    let f = MeshRayFilter::default();
    let up = [0.0, 0.0, 1.0];
    assert!(!cast::<R>(&one, [1.0, 1.0, -2.0], up, 5.0, &f).hit);
    let res = cast::<R>(&two, [1.0, 1.0, -2.0], up, 5.0, &f);
    assert!(res.hit);
    close(res.t, 2.0, 1e-6, "t");
    close_v(res.normal, [0.0, 0.0, -1.0, 1.0], 1e-6, "turned to the ray");
    let res = cast::<R>(&two, [1.0, 1.0, 2.0], [0.0, 0.0, -1.0], 5.0, &f);
    close_v(res.normal, [0.0, 0.0, 1.0, 1.0], 1e-6, "front");
    // Parallel to the face: the determinant limit refuses it.
    assert!(!cast::<R>(&two, [-1.0, 1.0, 0.0], [1.0, 0.0, 0.0], 5.0, &f).hit);
    // The kernels on their own.
    let v = [
        point::<R>([0.0, 0.0, 0.0]),
        point([4.0, 0.0, 0.0]),
        point([0.0, 4.0, 0.0]),
    ];
    let miss = R::from_f32(-1.0);
    assert_eq!(
        ray_triangle_one_sided(point([1.0, 1.0, -2.0]), dir(up), &v),
        miss
    );
    close(
        ray_triangle_two_sided(point([1.0, 1.0, -2.0]), dir(up), &v),
        2.0,
        1e-6,
        "two",
    );
    // A determinant just under 1e-6 (a ray nearly in the plane).
    let flat = dir::<R>([1.0, 0.0, 5e-8]);
    assert_eq!(
        ray_triangle_two_sided(point([-1.0, 1.0, 0.0]), flat, &v),
        miss
    );
}
both_modes!(collision_ray_triangle_one_and_two_sided => sides);

/// The type mask (`flags & 0xfff & mask & !0x801`, the two-sided bit
/// included) and the enabled rules (flag bit 0, or mask bit 0, or mask bit
/// 11 with flag 0x800).
fn mask_and_enabled<R: Real>() {
    let t = |flags: u16| {
        support::mesh(
            &[tri_flags(
                [0.0, 0.0, 0.0],
                [4.0, 0.0, 0.0],
                [0.0, 4.0, 0.0],
                flags,
            )],
            8.0,
        )
    };
    let hits = |mesh: &CollisionMesh, mask: u32| {
        let f = MeshRayFilter {
            exclude: None,
            mask,
        };
        cast::<R>(mesh, [1.0, 1.0, 2.0], [0.0, 0.0, -1.0], 5.0, &f).hit
    };
    let typed = t(0x200);
    assert!(hits(&typed, 0));
    assert!(!hits(&typed, 0x200));
    assert!(hits(&typed, 0x801), "bits 0 and 11 never exclude");
    let two = t(0x2);
    assert!(
        !hits(&two, 0x2),
        "the mask rule takes the two-sided bit too"
    );
    let mut off = t(0);
    off.set_flags(0, TriangleFlags::empty());
    assert!(!hits(&off, 0));
    assert!(hits(&off, 0x1), "mask bit 0 tests disabled triangles");
    assert!(!hits(&off, 0x800));
    off.set_flags(0, TriangleFlags::TESTABLE_WHILE_DISABLED);
    assert!(hits(&off, 0x800), "mask 0x800 with flag 0x800");
    assert!(!hits(&off, 0));
}
both_modes!(collision_ray_cast_type_mask_and_enabled_rules => mask_and_enabled);

/// Rays skip excluded materials before intersecting: a glass pane in front
/// of a wall, with glass excluded, gives the wall, not a miss.
fn excluded_materials<R: Real>() {
    let mut soup = Vec::new();
    let glass = Attributes {
        material: Material::GLASS,
        ..Attributes::default()
    };
    soup.extend(quad_with(
        [5.0, -2.0, 0.0],
        [5.0, -2.0, 3.0],
        [5.0, 2.0, 3.0],
        [5.0, 2.0, 0.0],
        glass,
    ));
    soup.extend(wall_x(8.0, [-2.0, 2.0], 3.0));
    let mesh = support::mesh(&soup, 2.0);
    let (o, d) = ([0.0, 0.5, 1.0], [1.0, 0.0, 0.0]);
    let res = cast::<R>(&mesh, o, d, 20.0, &MeshRayFilter::default());
    assert_eq!(res.material, Material::GLASS);
    close(res.t, 5.0, 1e-6, "glass");
    let excluding = |list: &[u32]| {
        let filter = MeshRayFilter {
            exclude: Some(list),
            mask: 0,
        };
        cast::<R>(&mesh, o, d, 20.0, &filter)
    };
    let res = excluding(&[u32::from(Material::GLASS.0), 1]);
    assert!(res.hit);
    assert_eq!(res.material, Material::CONCRETE);
    close(res.t, 8.0, 1e-6, "the wall behind");
    // Entries after the end marker 1 are not read.
    let res = excluding(&[1, u32::from(Material::GLASS.0)]);
    assert_eq!(res.material, Material::GLASS);
}
both_modes!(unit16_rays_skip_excluded_materials_before_intersecting => excluded_materials);

/// The world's cast starts from no hit and `MATERIAL_NONE`; the mesh's own
/// cast leaves the result alone on a miss and keeps the nearer of an older
/// hit and its own.
fn wrappers<R: Real>() {
    let mesh = yard();
    let mut visited = mesh.visited_bits();
    let ray = Ray::new(point::<R>([3.0, 7.0, 5.0]), dir([0.0, 0.0, 1.0]), r(10.0));
    let stale = RayResult {
        hit: true,
        t: r(1.0),
        material: Material::STEEL,
        ..RayResult::default()
    };
    let mut res = stale;
    assert!(!mesh.ray_cast(&mut visited, &ray, &mut res, &MeshRayFilter::default()));
    assert_eq!(res, stale, "a miss leaves the result");
    assert!(!mesh.world_ray_cast(&mut visited, &ray, &mut res, &MeshRayFilter::default()));
    assert!(!res.hit);
    assert_eq!(res.material, Material::NONE);
    let down = Ray::new(point::<R>([3.0, 7.0, 5.0]), dir([0.0, 0.0, -1.0]), r(10.0));
    let mut res = stale;
    assert!(!mesh.ray_cast(&mut visited, &down, &mut res, &MeshRayFilter::default()));
    assert_eq!(res, stale, "an older, nearer hit is kept");
}
both_modes!(collision_world_ray_cast_resets_the_result => wrappers);

/// A small deterministic generator for the walk's property test.
/// The column walk (with its column edges at integer grid coordinates)
/// finds the same nearest hit as testing every triangle, on a builder's
/// mesh of scattered triangles and 300 random rays.
fn walk_matches_brute_force<R: Real>() {
    let mut g = Lcg(0x5eed);
    let soup: Vec<_> = (0..200)
        .map(|_| {
            let c = [
                g.range_f32(0.0, 40.0),
                g.range_f32(0.0, 40.0),
                g.range_f32(0.0, 4.0),
            ];
            let mut v = || {
                [
                    c[0] + g.range_f32(-2.0, 2.0),
                    c[1] + g.range_f32(-2.0, 2.0),
                    c[2] + g.range_f32(-2.0, 2.0),
                ]
            };
            tri_flags(v(), v(), v(), 0x2)
        })
        .collect();
    let mesh = support::mesh(&soup, 3.0);
    let mut visited = mesh.visited_bits();
    let mut found = 0;
    for _ in 0..300 {
        let o = [
            g.range_f32(-5.0, 45.0),
            g.range_f32(-5.0, 45.0),
            g.range_f32(-2.0, 6.0),
        ];
        let d = [
            g.range_f32(-1.0, 1.0),
            g.range_f32(-1.0, 1.0),
            g.range_f32(-0.3, 0.3),
        ];
        let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt().max(1e-3);
        let d = [d[0] / l, d[1] / l, d[2] / l];
        let len = g.range_f32(1.0, 60.0);
        let ray = Ray::new(point::<R>(o), dir(d), r(len));
        let mut res = RayResult::default();
        mesh.world_ray_cast(&mut visited, &ray, &mut res, &MeshRayFilter::default());
        let mut best: Option<R> = None;
        for ix in 0..mesh.triangles().len() {
            let Some(v) = mesh.corners::<R>(ix) else {
                continue;
            };
            let t = ray_triangle_two_sided(ray.origin, ray.direction, &v);
            if R::ZERO <= t && t <= ray.length && best.is_none_or(|b| t < b) {
                best = Some(t);
            }
        }
        assert_eq!(res.hit, best.is_some(), "{o:?} {d:?} {len}");
        if let Some(b) = best {
            assert_eq!(res.t, b);
            found += 1;
        }
    }
    assert!(found > 30, "{found} hits: the test must exercise the walk");
}
both_modes!(collision_ray_column_walk_matches_brute_force => walk_matches_brute_force);

/// The value with these bits as it is: `f32` mode's `from_bits` would
/// saturate a NaN or an infinity, so an `f32` is built directly.
fn raw<R: Real + 'static>(bits: u32) -> R {
    let f = f32::from_bits(bits);
    (&f as &dyn std::any::Any)
        .downcast_ref::<R>()
        .copied()
        .unwrap_or_else(|| R::from_bits(bits))
}

/// Divergence 327: a ray with a NaN or infinite lane (origin, direction or
/// length), or a zero or denormal direction, hits nothing in either mode and
/// leaves the result as it was. Every ray here is the yard's floor ray
/// `(5, 5, 2)` straight down over 4 with one lane spoiled; unspoiled it hits
/// the floor at t = 2 (the control, to one `Ee32` ulp). Before the guard a NaN origin lane
/// answered a hit near t = 2.
fn spoiled_rays_hit_nothing<R: Real + 'static>() {
    let mesh = yard();
    let mut visited = mesh.visited_bits();
    let good = Ray::new(point::<R>([5.0, 5.0, 2.0]), dir([0.0, 0.0, -1.0]), r(4.0));
    let mut res = RayResult::default();
    assert!(mesh.world_ray_cast(&mut visited, &good, &mut res, &MeshRayFilter::default()));
    // 2 in `f32`; `Ee32`'s rounding gives 1.9999999 (0x3fffffff).
    assert!((res.t.to_f32() - 2.0).abs() <= 2e-7, "{:?}", res.t.to_f32());
    // The IEEE NaN and infinity patterns as they are (in `Ee32` ordinary
    // huge numbers, refused alike), and an `f32` infinity converted to the
    // mode (`±R::MAX` in both).
    let bad: [R; 6] = [
        raw(0x7fc0_0000),
        raw(0xffc0_0000),
        raw(0x7f80_0000),
        raw(0xff80_0000),
        R::from_f32(f32::INFINITY),
        R::from_f32(f32::NEG_INFINITY),
    ];
    for &b in &bad {
        for lane in 0..7 {
            let mut ray = good;
            match lane {
                0 => ray.origin.x = b,
                1 => ray.origin.y = b,
                2 => ray.origin.z = b,
                3 => ray.direction.x = b,
                4 => ray.direction.y = b,
                5 => ray.direction.z = b,
                _ => ray.length = b,
            }
            assert!(!ray.is_castable(), "{lane} {:#x}", b.to_bits());
            let mut res = RayResult::default();
            assert!(
                !mesh.world_ray_cast(&mut visited, &ray, &mut res, &MeshRayFilter::default()),
                "lane {lane}, bits {:#x}: t {:?}",
                b.to_bits(),
                res.t.to_f32()
            );
            assert!(!res.hit);
            // `ray_cast` and `ray_test_cell` leave a held hit untouched.
            let mut held = RayResult {
                hit: true,
                t: r(3.0),
                ..RayResult::default()
            };
            assert!(!mesh.ray_cast(&mut visited, &ray, &mut held, &MeshRayFilter::default()));
            assert!(!mesh.ray_test_cell(
                &mut visited,
                [0, 0, 0],
                &ray,
                &mut held,
                &MeshRayFilter::default()
            ));
            assert!(held.hit && held.t == r(3.0));
        }
    }
    // A zero direction and an `f32` denormal one (which `Ee32` flushes to
    // zero): no hit in both modes.
    for d in [[0.0, 0.0, 0.0], [0.0, 0.0, -1e-40], [1e-45, -1e-39, -1e-40]] {
        let ray = Ray::new(point::<R>([5.0, 5.0, 2.0]), dir(d), r(4.0));
        assert!(!ray.is_castable());
        let mut res = RayResult::default();
        assert!(!mesh.world_ray_cast(&mut visited, &ray, &mut res, &MeshRayFilter::default()));
    }
    // The smallest normal direction lane is a direction.
    let tiny = Ray::new(
        point::<R>([5.0, 5.0, 2.0]),
        dir([0.0, 0.0, -f32::MIN_POSITIVE]),
        r(4.0),
    );
    assert!(tiny.is_castable());
}

both_modes!(collision_ray_spoiled_rays_hit_nothing => spoiled_rays_hit_nothing);
