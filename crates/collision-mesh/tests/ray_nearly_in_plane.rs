//! `CollisionMesh_RayCast` (Coney `collision.md`, "Ray cast": every listed
//! triangle of the walked cells is tested) and divergence 238: a ray lying
//! nearly in a triangle's plane. Möller-Trumbore's
//! determinant is then mostly rounding yet can pass its limit, and the
//! console's arithmetic gives a hit at a distance that is noise, anywhere
//! along the ray, far outside the triangle's box. The console's walk (the
//! reference walk here) reports such a hit, so the culled search must keep
//! such triangles whatever their boxes. The two pinned cases come from an
//! adversarial search (`f32` bit patterns) that found them missed before;
//! the searches below draw rays close to the planes of big tilted
//! triangles, of vertical walls off the axes (the column path of rays
//! straight up or down) and of small triangles, and compare the two walks'
//! results bit for bit, in both float modes.

#[macro_use]
mod support;

use collision_mesh::build::SoupTriangle;
use collision_mesh::query::Ray;
use collision_mesh::{CollisionMesh, TriangleFlags};
use ps2_float::{Ee32, Real};
use support::{both_walks, ray_bits, tri_flags};
use test_support::oracle::{add, add_scaled, cross, dot, len, scale, sub, V};
use test_support::{both_modes, dir, point, Seeded, Xorshift};

/// Asserts that both walks give `ray` the same result; returns whether it
/// hit.
fn walks_agree<R: Real>(mesh: &CollisionMesh, ray: &Ray<R>, what: &str) -> bool {
    let [reference, culled] = both_walks(mesh, ray);
    assert_eq!(
        ray_bits(&reference),
        ray_bits(&culled),
        "{what}: {ray:?}\nreference {reference:?}\nculled {culled:?}"
    );
    reference.hit
}

/// A one-triangle mesh (8 m cells) from corner bits.
fn one_triangle(v: [[u32; 3]; 3], two_sided: bool) -> CollisionMesh {
    let f = |a: [u32; 3]| a.map(f32::from_bits);
    let flags = if two_sided {
        TriangleFlags::TWO_SIDED.bits()
    } else {
        0
    };
    support::mesh(&[tri_flags(f(v[0]), f(v[1]), f(v[2]), flags)], 8.0)
}

/// A ray from bit patterns.
fn ray_of<R: Real>(o: [u32; 3], d: [u32; 3], length: u32) -> Ray<R> {
    let f = |a: [u32; 3]| a.map(f32::from_bits);
    Ray::new(point::<R>(f(o)), dir::<R>(f(d)), R::from_bits(length))
}

/// A pinned case: on a one-triangle mesh (corner bits `v`), the ray (bits
/// `o`, `d`, `len`) hits in the console's walk at its full length, far
/// outside the triangle's box, and the culled search gives the same bits.
fn pinned<R: Real>(v: [[u32; 3]; 3], two_sided: bool, o: [u32; 3], d: [u32; 3], len: u32) {
    let mesh = one_triangle(v, two_sided);
    let [reference, culled] = both_walks(&mesh, &ray_of::<R>(o, d, len));
    assert!(reference.hit);
    assert_eq!(reference.t.to_bits(), len);
    assert_eq!(ray_bits(&reference), ray_bits(&culled));
}

// The two pinned cases differ in their bits only: alike in form, each its
// own data.

/// `f32` mode, a two-sided triangle near the origin: the console's walk
/// hits at the ray's full length, 35.04762 (0.089 m outside the
/// triangle's box), and so does the culled search.
#[test]
fn f32_ray_nearly_in_the_plane_of_a_two_sided_triangle() {
    pinned::<f32>(
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
}

/// `Ee32` mode, a one-sided triangle near the origin: the console's walk
/// hits at the ray's full length, 13.714286 (0.67 m outside the box), and
/// so does the culled search.
#[test]
fn ee32_ray_nearly_in_the_plane_of_a_one_sided_triangle() {
    pinned::<Ee32>(
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
}

/// Rays per scene of each search below.
const RAYS: usize = 20_000;

/// A random unit vector (`f64`).
fn unit(rng: &mut Xorshift) -> V {
    let u = rng.unit_vec3_f32();
    let v = [u[0], u[1], u[2]].map(f64::from);
    scale(v, 1.0 / len(v))
}

/// A number spread evenly in the logarithm between `10^lo` and `10^hi`,
/// of either sign.
fn log_spread(rng: &mut Xorshift, lo: f64, hi: f64) -> f64 {
    let m = 10f64.powf(rng.range(lo, hi));
    if rng.below(2) == 0 {
        m
    } else {
        -m
    }
}

fn f32s(v: V) -> [f32; 3] {
    v.map(|c| c as f32)
}

/// Triangles around `centre`, each `size` across at most and turned any
/// way, one in three two-sided.
fn tilted(rng: &mut Xorshift, centre: V, count: usize, size: [f64; 2]) -> Vec<SoupTriangle> {
    (0..count)
        .map(|i| {
            let s = rng.range(size[0], size[1]);
            let at = add(centre, scale(unit(rng), rng.range(0.0, s)));
            let (a, b) = (unit(rng), unit(rng));
            let c0 = add(at, scale(a, s * 0.5));
            let c1 = add(at, scale(b, s * 0.5));
            let c2 = add(at, scale(cross(a, b), s * 0.5));
            let flags = if i % 3 == 0 {
                TriangleFlags::TWO_SIDED.bits()
            } else {
                0
            };
            tri_flags(f32s(c0), f32s(c1), f32s(c2), flags)
        })
        .collect()
}

/// A ray lying nearly in the plane of one of `soup`'s triangles: from a
/// point near that plane (up to 10 cm off it), along a direction of the
/// plane turned out of it by up to a milliradian.
fn grazing_ray<R: Real>(rng: &mut Xorshift, soup: &[SoupTriangle]) -> Ray<R> {
    let t = &soup[rng.below(soup.len() as u64) as usize];
    let [a, b, c] = t.corners.map(|p| p.map(f64::from));
    let n = cross(sub(b, a), sub(c, a));
    let n = scale(n, 1.0 / len(n));
    // A point of the plane around the triangle, a little off it.
    let (u, v) = (rng.range(-0.5, 1.5), rng.range(-0.5, 1.5));
    let on = add_scaled(add_scaled(a, sub(b, a), u), sub(c, a), v);
    let p = add_scaled(on, n, log_spread(rng, -7.0, -1.0));
    // A direction of the plane, turned out of it.
    let w = unit(rng);
    let along = sub(w, scale(n, dot(w, n)));
    let along = scale(along, 1.0 / len(along));
    let d = add_scaled(along, n, log_spread(rng, -9.0, -3.0));
    let d = scale(d, 1.0 / len(d));
    let back = rng.range(0.0, 40.0);
    let o = add_scaled(p, d, -back);
    let length = rng.range(1.0, 80.0) as f32;
    Ray::new(point::<R>(f32s(o)), dir::<R>(f32s(d)), R::from_f32(length))
}

/// Grazing rays at `count` tilted triangles of `size` around each of
/// `centres`, with 8 m and then 2 m cells: asserts that both walks agree
/// on every ray; returns how many hit.
fn grazing_search<R: Real>(seed: u64, centres: &[V], count: usize, size: [f64; 2]) -> usize {
    let mut rng = Xorshift(seed);
    let mut hits = 0;
    for (k, &centre) in centres.iter().enumerate() {
        for cell in [8.0, 2.0] {
            let soup = tilted(&mut rng, centre, count, size);
            let mesh = support::mesh(&soup, cell);
            for _ in 0..RAYS {
                let ray = grazing_ray::<R>(&mut rng, &soup);
                hits += usize::from(walks_agree(&mesh, &ray, &format!("scene {k}, {cell} m")));
            }
        }
    }
    hits
}

/// Rays nearly in the planes of big tilted triangles (5-100 m) at the origin
/// and 1.5 km away, with 8 m and 2 m cells: both walks agree on every ray.
fn big_tilted_triangles<R: Real>() {
    let hits = grazing_search::<R>(
        0x0238_0001,
        &[[0.0; 3], [1500.0, -1100.0, 0.0]],
        6,
        [5.0, 100.0],
    );
    assert!(hits > 1_000, "{hits}");
}

/// Rays grazing small triangles (0.2-3 m) in a cluster: both walks agree.
fn small_triangles<R: Real>() {
    let hits = grazing_search::<R>(0x0238_0002, &[[3.0, -2.0, 1.0]], 40, [0.2, 3.0]);
    assert!(hits > 1_000, "{hits}");
}

/// Rays straight up or down close to the planes of vertical walls off the
/// axes (the column path, divergence 237): both walks agree.
fn upright_rays_beside_walls<R: Real>() {
    let mut rng = Xorshift(0x0238_0003);
    let mut hits = 0;
    for cell in [8.0, 2.0] {
        let mut soup = Vec::new();
        let mut walls = Vec::new();
        for i in 0..8 {
            let heading = rng.range(0.0, std::f64::consts::TAU);
            let along = [heading.cos(), heading.sin(), 0.0];
            let start = [rng.range(-20.0, 20.0), rng.range(-20.0, 20.0), 0.0];
            let (w, h) = (rng.range(3.0, 40.0), rng.range(3.0, 30.0));
            let c = |s: f64, z: f64| f32s(add(add_scaled(start, along, s), [0.0, 0.0, z]));
            let flags = if i % 2 == 0 {
                TriangleFlags::TWO_SIDED.bits()
            } else {
                0
            };
            soup.push(tri_flags(c(0.0, 0.0), c(w, 0.0), c(w, h), flags));
            soup.push(tri_flags(c(0.0, 0.0), c(w, h), c(0.0, h), flags));
            walls.push((start, along, w, h));
        }
        let mesh = support::mesh(&soup, cell);
        for _ in 0..RAYS {
            let (start, along, w, h) = walls[rng.below(walls.len() as u64) as usize];
            let normal = [-along[1], along[0], 0.0];
            let at = add_scaled(start, along, rng.range(-0.2, 1.2) * w);
            let at = add_scaled(at, normal, log_spread(&mut rng, -7.0, -1.0));
            let (z, up) = (rng.range(-5.0, h + 5.0), rng.below(2) == 0);
            let o = [at[0], at[1], z];
            let d = [0.0, 0.0, if up { 1.0 } else { -1.0 }];
            let length = rng.range(1.0, 60.0) as f32;
            let ray = Ray::new(point::<R>(f32s(o)), dir::<R>(f32s(d)), R::from_f32(length));
            hits += usize::from(walks_agree(&mesh, &ray, &format!("walls, {cell} m")));
        }
    }
    assert!(
        hits > 0 || R::FLOAT_MODE == ps2_float::FloatMode::F32,
        "{hits}"
    );
}

both_modes!(
    big_tilted_triangles,
    small_triangles,
    upright_rays_beside_walls
);
