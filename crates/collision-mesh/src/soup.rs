//! Soups from simple pieces: a quad, a flat rectangle, a vertical face
//! over a segment, an axis-aligned box standing on its base. The generated
//! levels of the world's street, the benchmarks and the tests are built
//! from these.
//!
//! ```
//! use collision_mesh::{soup, Attributes, BuildConfig};
//!
//! let mut tris = Vec::new();
//! let w = Attributes::default();
//! soup::quad(&mut tris, [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]], w);
//! soup::rect(&mut tris, [4.0, 0.0], [8.0, 4.0], 0.0, w);
//! soup::standing_box(&mut tris, [1.0, 1.0, 0.0], [2.0, 2.0, 1.0], w);
//! assert_eq!(tris.len(), 2 + 2 + 10);
//! let mesh = collision_mesh::build::from_soup(&tris, &BuildConfig::default(), "yard")?;
//! assert_eq!(mesh.triangles().len(), 14);
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```

use crate::build::{Attributes, SoupTriangle};

/// A point.
type V3 = [f32; 3];

/// The quad `a b c d` (its front is the side it is counter-clockwise
/// from), as the triangles `a b c` and `a c d`.
pub fn quad(soup: &mut Vec<SoupTriangle>, [a, b, c, d]: [V3; 4], words: Attributes) {
    soup.push(SoupTriangle::new([a, b, c]).with(words));
    soup.push(SoupTriangle::new([a, c, d]).with(words));
}

/// The flat rectangle from the corner `lo` to the corner `hi` (their `x`
/// and `y`) at height `z`: [`quad`] from `lo`, counter-clockwise seen from
/// above when `lo.x < hi.x` and `lo.y < hi.y`, so facing `+z` (facing
/// down when exactly one of the two is reversed).
pub fn rect(soup: &mut Vec<SoupTriangle>, lo: [f32; 2], hi: [f32; 2], z: f32, words: Attributes) {
    let ([x0, y0], [x1, y1]) = (lo, hi);
    quad(
        soup,
        [[x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]],
        words,
    );
}

/// The vertical face over the segment `p → q` from height `z0` to `z1`,
/// its front on the right of the segment seen from above.
pub fn face(
    soup: &mut Vec<SoupTriangle>,
    p: [f32; 2],
    q: [f32; 2],
    z: [f32; 2],
    words: Attributes,
) {
    let [z0, z1] = z;
    quad(
        soup,
        [
            [p[0], p[1], z0],
            [q[0], q[1], z0],
            [q[0], q[1], z1],
            [p[0], p[1], z1],
        ],
        words,
    );
}

/// The box from `lo` to `hi` standing on `lo.z` with no bottom face: its
/// top, then its sides along `y = lo.y`, `x = hi.x`, `y = hi.y`,
/// `x = lo.x`; ten triangles facing out.
pub fn standing_box(soup: &mut Vec<SoupTriangle>, lo: V3, hi: V3, words: Attributes) {
    let ([x0, y0, z0], [x1, y1, z1]) = (lo, hi);
    rect(soup, [x0, y0], [x1, y1], z1, words);
    face(soup, [x0, y0], [x1, y0], [z0, z1], words);
    face(soup, [x1, y0], [x1, y1], [z0, z1], words);
    face(soup, [x1, y1], [x0, y1], [z0, z1], words);
    face(soup, [x0, y1], [x0, y0], [z0, z1], words);
}
