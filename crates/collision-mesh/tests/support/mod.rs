//! What the query tests share beyond `test_support` (the float-mode macro,
//! the closeness checks, the vector shorthands): small synthetic meshes
//! (triangles, quads with their words, a built mesh) and rows of unwritten
//! contact records.
#![allow(dead_code)]

use collision_mesh::{build, Attributes, BuildConfig, CollisionMesh, SoupTriangle, TriangleFlags};
use kernels::Contact;
use ps2_float::Real;

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

/// A row of unwritten contact records.
pub fn records<R: Real>(n: usize) -> Vec<Contact<R>> {
    vec![Contact::default(); n]
}
