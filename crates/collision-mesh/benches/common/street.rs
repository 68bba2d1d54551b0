//! The generated street meshes the query benchmarks share (seeded): one 60 × 60 m
//! block of 1,996 triangles and tilings of it.

use collision_mesh::{
    build, soup, Attributes, BuildConfig, CollisionMesh, Material, SoupTriangle, TriangleFlags,
};
use parry3d::math::Vector;
pub use test_support::{Lcg, Seeded};

pub type V3 = [f32; 3];

/// The words of each kind of surface.
pub fn words(material: Material, flags: u16) -> Attributes {
    Attributes {
        flags: TriangleFlags::from_bits_retain(flags),
        material,
        area: 1,
    }
}

/// A quad `a b c d` ([`soup::quad`] in this file's argument order).
pub fn quad(soup: &mut Vec<SoupTriangle>, a: V3, b: V3, c: V3, d: V3, w: Attributes) {
    soup::quad(soup, [a, b, c, d], w);
}

/// A vertical face over `p → q` from `z0` to `z1` ([`soup::face`]).
fn face(soup: &mut Vec<SoupTriangle>, p: [f32; 2], q: [f32; 2], z0: f32, z1: f32, w: Attributes) {
    soup::face(soup, p, q, [z0, z1], w);
}

/// The square `[lo, hi]²` walked counter-clockwise in `n` segments per
/// side, each with its outward side on the right.
fn ring(lo: f32, hi: f32, n: usize) -> Vec<([f32; 2], [f32; 2])> {
    let corners = [[lo, lo], [hi, lo], [hi, hi], [lo, hi]];
    let mut out = Vec::new();
    for s in 0..4 {
        let (a, b) = (corners[s], corners[(s + 1) % 4]);
        for k in 0..n {
            let t0 = k as f32 / n as f32;
            let t1 = (k + 1) as f32 / n as f32;
            let at = |t: f32| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            out.push((at(t0), at(t1)));
        }
    }
    out
}

/// One 60 × 60 m street block at `(ox, oy)`: the road in 5 m quads, a
/// 0.15 m kerb and its sidewalk around a building lot, the building's
/// façades (6 m), 36 posts, four parked cars (shells with flags 0xf00d), a
/// two-sided fence, and 52 crates and planters. 1,996 triangles.
fn street_block(soup: &mut Vec<SoupTriangle>, ox: f32, oy: f32) {
    let at = |p: V3| [p[0] + ox, p[1] + oy, p[2]];
    let at2 = |p: [f32; 2]| [p[0] + ox, p[1] + oy];
    let road = words(Material::ASHPHALT, 0x1);
    let concrete = words(Material::CONCRETE, 0x1);
    let steel = words(Material::LAMPOST, 0x1);
    let shell = words(Material::UNDEFINED, 0xf00d);
    let fence = words(Material::CHAINLINK_NOCLIMB, 0x3);
    // The flat rectangle `[x0, x1] × [y0, y1]` at height `z`.
    let rect = |soup: &mut Vec<SoupTriangle>, [x0, y0]: [f32; 2], [x1, y1]: [f32; 2], z, w| {
        quad(
            soup,
            at([x0, y0, z]),
            at([x1, y0, z]),
            at([x1, y1, z]),
            at([x0, y1, z]),
            w,
        );
    };
    // The road: 12 × 12 quads.
    for i in 0..12 {
        for j in 0..12 {
            let (x, y) = (i as f32 * 5.0, j as f32 * 5.0);
            rect(soup, [x, y], [x + 5.0, y + 5.0], 0.0, road);
        }
    }
    // The kerb: outward faces 0.15 m tall on the square [10, 50].
    for (p, q) in ring(10.0, 50.0, 16) {
        face(soup, at2(p), at2(q), 0.0, 0.15, concrete);
    }
    // The sidewalk: 16 quads per side between the kerb and the lot.
    for k in 0..16 {
        let (a, b) = (10.0 + 2.5 * k as f32, 12.5 + 2.5 * k as f32);
        let z = 0.15;
        for (lo, hi) in [
            ([a, 10.0], [b, 13.0]),
            ([a, 47.0], [b, 50.0]),
            ([10.0, a], [13.0, b]),
            ([47.0, a], [50.0, b]),
        ] {
            rect(soup, lo, hi, z, concrete);
        }
    }
    // The building: 17 panels of 2 m per side, two rows of 3 m.
    for (p, q) in ring(13.0, 47.0, 17) {
        face(soup, at2(p), at2(q), 0.15, 3.15, concrete);
        face(soup, at2(p), at2(q), 3.15, 6.15, concrete);
    }
    // Posts: 0.37 m square, 1.2 m tall, nine per side on the sidewalk.
    for k in 0..9 {
        let s = 12.0 + 4.5 * k as f32;
        for (x, y) in [(s, 11.0), (s, 48.6), (11.0, s + 1.0), (48.6, s + 1.0)] {
            soup::standing_box(
                soup,
                at([x, y, 0.15]),
                at([x + 0.37, y + 0.37, 1.35]),
                steel,
            );
        }
    }
    // Cars: a body, a cabin and four wheels each, along the four roads,
    // each part a shell box around `(x, y)` with half extents `(hx, hy)`
    // from `z0` up to `z1`.
    let shell_box =
        |soup: &mut Vec<SoupTriangle>, [x, y]: [f32; 2], [hx, hy]: [f32; 2], [z0, z1]: [f32; 2]| {
            soup::standing_box(
                soup,
                at([x - hx, y - hy, z0]),
                at([x + hx, y + hy, z1]),
                shell,
            );
        };
    for (cx, cy, along_x) in [
        (30.0, 6.0, true),
        (30.0, 54.0, true),
        (6.0, 30.0, false),
        (54.0, 30.0, false),
    ] {
        let (hl, hw) = if along_x { (2.2, 0.9) } else { (0.9, 2.2) };
        shell_box(soup, [cx, cy], [hl, hw], [0.25, 1.0]);
        let (cl, cw) = if along_x { (1.2, 0.8) } else { (0.8, 1.2) };
        shell_box(soup, [cx, cy], [cl, cw], [1.0, 1.55]);
        for (sx, sy) in [(-1.0f32, -1.0f32), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let (wx, wy) = (cx + sx * (hl - 0.5), cy + sy * (hw - 0.1));
            shell_box(soup, [wx, wy], [0.3, 0.1], [0.0, 0.6]);
        }
    }
    // A fence along the block's edge: 30 two-sided panels 2 m tall.
    for k in 0..30 {
        let x = 2.0 * k as f32;
        face(soup, at2([x, 1.0]), at2([x + 2.0, 1.0]), 0.0, 2.0, fence);
    }
    // Crates and planters, seeded.
    let mut g = Lcg(0x5747_5245_4554);
    for _ in 0..52 {
        let (x, y) = loop {
            let x = g.range_f32(1.5, 58.5);
            let y = g.range_f32(1.5, 58.5);
            let on_lot = (9.0..51.0).contains(&x) && (9.0..51.0).contains(&y);
            if !on_lot {
                break (x, y);
            }
        };
        let (sx, sy, h) = (
            g.range_f32(0.5, 1.5),
            g.range_f32(0.5, 1.5),
            g.range_f32(0.4, 1.2),
        );
        soup::standing_box(soup, at([x, y, 0.0]), at([x + sx, y + sy, h]), concrete);
    }
}

/// `nx × ny` street blocks.
pub fn street(nx: usize, ny: usize) -> Vec<SoupTriangle> {
    let mut soup = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            street_block(&mut soup, 60.0 * i as f32, 60.0 * j as f32);
        }
    }
    soup
}

/// The soup built with this cell size (named "street"), with its vertices
/// and triangles as parry3d's arrays: the same triangles in both libraries.
pub fn built_with_parry_arrays(
    soup: &[SoupTriangle],
    cell_size: f32,
) -> (CollisionMesh, Vec<Vector>, Vec<[u32; 3]>) {
    let cfg = BuildConfig {
        cell_size,
        ..BuildConfig::default()
    };
    let ours = build::from_soup(soup, &cfg, "street").expect("the street builds");
    let points = ours
        .vertices()
        .iter()
        .map(|v| Vector::new(v[0], v[1], v[2]))
        .collect();
    let indices = ours
        .triangles()
        .iter()
        .map(|t| t.v.map(u32::from))
        .collect();
    (ours, points, indices)
}
