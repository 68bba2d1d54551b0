//! What the query tests share beyond `test_support` (the float-mode macro,
//! the closeness checks, the vector shorthands): small synthetic meshes
//! (triangles, quads with their words, a built mesh) and rows of unwritten
//! contact records, the check of a contact with a floor, and a ray cast by
//! the reference walk and the culled search side by side.
#![allow(dead_code)]

use collision_mesh::query::{MeshRayFilter, QueryScratch, Ray, RayResult};
use collision_mesh::{build, Attributes, BuildConfig, CollisionMesh, SoupTriangle, TriangleFlags};
use kernels::{Contact, OrientedBox};
use ps2_float::{Real, Vec4};

pub type V3 = [f32; 3];

/// A triangle with the default words (enabled, one-sided, concrete, area 1).
pub fn tri(a: V3, b: V3, c: V3) -> SoupTriangle {
    SoupTriangle::new([a, b, c])
}

/// A triangle with these flags (the builder adds `ENABLED`).
pub fn tri_flags(a: V3, b: V3, c: V3, flags: u16) -> SoupTriangle {
    tri(a, b, c).with(Attributes {
        flags: TriangleFlags::from_bits_retain(flags),
        ..Attributes::default()
    })
}

/// The two triangles of the quad `a b c d` (counter-clockwise seen from its
/// front), `a b c` and `a c d`.
pub fn quad(a: V3, b: V3, c: V3, d: V3) -> [SoupTriangle; 2] {
    [tri(a, b, c), tri(a, c, d)]
}

/// The flat quad `[x0, x1] × [y0, y1]` at height `z`, facing `+z` when
/// `x0 < x1` and `y0 < y1` ([`quad`] from the `(x0, y0)` corner).
pub fn floor([x0, y0]: [f32; 2], [x1, y1]: [f32; 2], z: f32) -> [SoupTriangle; 2] {
    quad([x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z])
}

/// The upright quad in the plane `x` from `y0` to `y1` and from the ground
/// (z = 0) to `height`, facing `−x` when `y0 < y1`.
pub fn wall_x(x: f32, [y0, y1]: [f32; 2], height: f32) -> [SoupTriangle; 2] {
    quad([x, y0, 0.0], [x, y0, height], [x, y1, height], [x, y1, 0.0])
}

/// The same with these words.
pub fn quad_with(a: V3, b: V3, c: V3, d: V3, w: Attributes) -> [SoupTriangle; 2] {
    [tri(a, b, c).with(w), tri(a, c, d).with(w)]
}

/// A mesh built from a soup with cells of `cell` units.
pub fn mesh(soup: &[SoupTriangle], cell: f32) -> CollisionMesh {
    let cfg = BuildConfig {
        cell_size: cell,
        ..BuildConfig::default()
    };
    build::from_soup(soup, &cfg, "test").expect("a valid soup")
}

/// The cube of half-size 0.5 along the world axes about `c`. `v` makes its
/// half-size and axes and so picks their `w` lane: `test_support::point`
/// gives them `w = 1`, `test_support::dir` `w = 0` (each caller keeps the
/// lane its records had).
pub fn cube_about<R: Real>(c: V3, v: fn(V3) -> Vec4<R>) -> OrientedBox<R> {
    OrientedBox {
        half: v([0.5, 0.5, 0.5]),
        axes: [v([1.0, 0.0, 0.0]), v([0.0, 1.0, 0.0]), v([0.0, 0.0, 1.0])],
        centre: test_support::point(c),
    }
}

/// A row of unwritten contact records.
pub fn records<R: Real>(n: usize) -> Vec<Contact<R>> {
    vec![Contact::default(); n]
}

/// Asserts `k` is a contact of a straight-down move with a floor facing
/// `+z`: its fraction and point (`w = 1`) within `tol`, the floor's normal
/// `(0, 0, 1)` and the move's direction `(0, 0, −1)` (both `w = 1`) within
/// 1e-6.
#[track_caller]
pub fn check_floor_contact<R: Real>(k: &Contact<R>, fraction: f64, point: [f64; 3], tol: f64) {
    test_support::close(k.fraction.unwrap_or(R::MAX), fraction, tol, "fraction");
    let normal = k.other.normal.get().unwrap_or_default();
    test_support::close_v(normal, [0.0, 0.0, 1.0, 1.0], 1e-6, "normal");
    let at = [point[0], point[1], point[2], 1.0];
    test_support::close_v(k.point.get().unwrap_or_default(), at, tol, "point");
    let own = k.own.normal.get().unwrap_or_default();
    test_support::close_v(own, [0.0, 0.0, -1.0, 1.0], 1e-6, "move direction");
}

/// Both walks' results for `ray`: the reference walk's, then the culled
/// search's.
pub fn both_walks<R: Real>(mesh: &CollisionMesh, ray: &Ray<R>) -> [RayResult<R>; 2] {
    [true, false].map(|reference| {
        let mut scratch = QueryScratch::<R>::new(mesh);
        scratch.visited.set_reference_walk(reference);
        let mut res = RayResult::default();
        mesh.world_ray_cast(
            &mut scratch.visited,
            ray,
            &mut res,
            &MeshRayFilter::default(),
        );
        res
    })
}

/// The fields of a result as bits, for an exact comparison.
pub fn ray_bits<R: Real>(r: &RayResult<R>) -> (bool, u32, [u32; 3], Option<u16>) {
    (
        r.hit,
        r.t.to_bits(),
        [r.normal.x, r.normal.y, r.normal.z].map(R::to_bits),
        r.triangle,
    )
}
