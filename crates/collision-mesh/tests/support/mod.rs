//! Helpers shared by the query tests: synthetic meshes, vectors in either
//! float mode, and the macro that runs a generic check in both modes.
#![allow(dead_code)]

use collision_mesh::{build, Attributes, BuildConfig, CollisionMesh, SoupTriangle, TriangleFlags};
use kernels::Contact;
use ps2_float::{Real, Vec4};

/// Runs a generic check once per float mode, as `name::f32` and
/// `name::ee32`.
#[allow(unused_macros)]
macro_rules! both_modes {
    ($name:ident, $check:ident) => {
        mod $name {
            #[test]
            fn f32() {
                super::$check::<f32>();
            }
            #[test]
            fn ee32() {
                super::$check::<ps2_float::Ee32>();
            }
        }
    };
}

pub type V3 = [f32; 3];

/// A point `(x, y, z, 1)` in the mode.
pub fn p<R: Real>(v: V3) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], 1.0])
}

/// A scalar in the mode.
pub fn r<R: Real>(v: f32) -> R {
    R::from_f32(v)
}

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

/// Asserts `got` is within `tol` of `want`, naming the mode.
#[track_caller]
pub fn near<R: Real>(got: R, want: f64, tol: f64, what: &str) {
    let g = f64::from(got.to_f32());
    assert!(
        (g - want).abs() <= tol,
        "{}: {what}: got {g}, want {want}",
        R::MODE
    );
}

/// Asserts each lane of `got` is within `tol` of `want`.
#[track_caller]
pub fn near_v<R: Real>(got: Vec4<R>, want: [f64; 4], tol: f64, what: &str) {
    let g = got.to_f32();
    for k in 0..4 {
        assert!(
            (f64::from(g[k]) - want[k]).abs() <= tol,
            "{}: {what}: got {g:?}, want {want:?}",
            R::MODE
        );
    }
}

/// A row of unwritten contact records.
pub fn records<R: Real>(n: usize) -> Vec<Contact<R>> {
    vec![Contact::default(); n]
}
