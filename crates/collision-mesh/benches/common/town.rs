//! The second workload of the mesh queries ("town"), its own seeded mesh and
//! queries, drawn apart from the street workload so that the speed goals are
//! held on two workloads (`docs/performance.md`, "Two workloads against the
//! goals"):
//!
//! * the mesh: a 50 × 50 m block of flat ground in 2.5 m quads (800
//!   triangles), four buildings and twelve free-standing walls, all
//!   axis-aligned boxes, and 104 crates of 0.5 to 1.5 m (1,000 triangles):
//!   2,000 triangles a block, one block or 8 × 4 of them (64,000), each
//!   block drawn with its own seed; every face one-sided, facing out;
//! * half of every kind's starts within 3 m of a box's side or top, the
//!   other half anywhere over the mesh; no start inside a box or within
//!   1 cm of a triangle (but the overlap's and the push-out's, which are
//!   pressed into a box side by up to their radius);
//! * spheres of radius 0.3 to 0.6 m moved 0.5 to 3 m in any direction
//!   (uniform over the sphere of directions), every contact and the first;
//!   the walking capsule of radius 0.35 to 0.45 m and 1.6 to 1.9 m standing
//!   on the ground, moved 0.3 to 2 m level; boxes of half extents 0.2 to
//!   0.6 m turned about `z`, moved as the spheres; rays of 20 m straight
//!   down (from 0.5 to 8 m up) and level (0.3 to 5 m up, any heading) from
//!   anywhere; overlap and push-out spheres of radius 0.3 to 0.6 m.

use collision_mesh::{Material, SoupTriangle};

use crate::street::{words, Seeded, V3};
use collision_mesh::soup;
use test_support::XorshiftStar;

/// One block's side, metres.
pub const BLOCK: f32 = 50.0;
/// The ground's quads, metres.
const GROUND: f32 = 2.5;

/// An axis-aligned box of the mesh: its lowest and highest corners.
pub type Boxed = (V3, V3);

/// The town's triangles and its boxes, `nx × ny` blocks.
pub fn town(nx: usize, ny: usize) -> (Vec<SoupTriangle>, Vec<Boxed>) {
    let mut soup = Vec::new();
    let mut boxes = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            let mut g = XorshiftStar(0x746f_776e_0000 + (i * 64 + j) as u64 + 1);
            town_block(
                &mut soup,
                &mut boxes,
                &mut g,
                [BLOCK * i as f32, BLOCK * j as f32],
            );
        }
    }
    (soup, boxes)
}

fn town_block(
    soup: &mut Vec<SoupTriangle>,
    boxes: &mut Vec<Boxed>,
    g: &mut XorshiftStar,
    o: [f32; 2],
) {
    let ground = words(Material::ASHPHALT, 0x1);
    let brick = words(Material::CONCRETE, 0x1);
    let crate_words = words(Material::STEEL, 0x1);
    let n = (BLOCK / GROUND) as usize;
    for i in 0..n {
        for j in 0..n {
            let (x0, y0) = (o[0] + GROUND * i as f32, o[1] + GROUND * j as f32);
            let (x1, y1) = (x0 + GROUND, y0 + GROUND);
            soup::rect(soup, [x0, y0], [x1, y1], 0.0, ground);
        }
    }
    let mut put = |soup: &mut Vec<SoupTriangle>, lo: V3, hi: V3, w| {
        soup::standing_box(soup, lo, hi, w);
        boxes.push((lo, hi));
    };
    // Four buildings, one near each corner of the block.
    for (cx, cy) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
        let (w, d) = (g.range_f32(8.0, 14.0), g.range_f32(8.0, 14.0));
        let x0 = o[0] + 2.0 + cx * (BLOCK - 4.0 - w);
        let y0 = o[1] + 2.0 + cy * (BLOCK - 4.0 - d);
        let h = g.range_f32(6.0, 12.0);
        put(soup, [x0, y0, 0.0], [x0 + w, y0 + d, h], brick);
    }
    // Twelve walls 0.3 m thick, along x or y.
    for k in 0..12 {
        let len = g.range_f32(4.0, 10.0);
        let (x, y) = (
            o[0] + g.range_f32(2.0, BLOCK - 12.0),
            o[1] + g.range_f32(2.0, BLOCK - 12.0),
        );
        let h = g.range_f32(1.5, 3.0);
        let (dx, dy) = if k % 2 == 0 { (len, 0.3) } else { (0.3, len) };
        put(soup, [x, y, 0.0], [x + dx, y + dy, h], brick);
    }
    // 104 crates.
    for _ in 0..104 {
        let s = [
            g.range_f32(0.5, 1.5),
            g.range_f32(0.5, 1.5),
            g.range_f32(0.5, 1.5),
        ];
        let (x, y) = (
            o[0] + g.range_f32(1.0, BLOCK - 2.5),
            o[1] + g.range_f32(1.0, BLOCK - 2.5),
        );
        put(soup, [x, y, 0.0], [x + s[0], y + s[1], s[2]], crate_words);
    }
}

/// Whether the point `p` lies within `r` of the inside of a box (so a
/// shape of reach `r` there would stand in it).
pub fn inside_any(boxes: &[Boxed], p: V3, r: f32) -> bool {
    boxes
        .iter()
        .any(|(lo, hi)| (0..3).all(|k| p[k] > lo[k] - r && p[k] < hi[k] + r))
}

/// A point on a side or the top of a box and the face's outward normal.
pub fn on_box(g: &mut impl Seeded, b: &Boxed) -> (V3, V3) {
    let (lo, hi) = *b;
    let mut p = [
        g.range_f32(lo[0], hi[0]),
        g.range_f32(lo[1], hi[1]),
        g.range_f32(lo[2], hi[2]),
    ];
    let face = g.below(5) as usize;
    let n = match face {
        0 => [-1.0, 0.0, 0.0],
        1 => [1.0, 0.0, 0.0],
        2 => [0.0, -1.0, 0.0],
        3 => [0.0, 1.0, 0.0],
        _ => [0.0, 0.0, 1.0],
    };
    match face {
        0 => p[0] = lo[0],
        1 => p[0] = hi[0],
        2 => p[1] = lo[1],
        3 => p[1] = hi[1],
        _ => p[2] = hi[2],
    }
    (p, n)
}

/// A unit vector uniform over the sphere of directions.
pub fn any_direction(g: &mut impl Seeded) -> V3 {
    let v = g.unit_vec3_f32();
    [v[0], v[1], v[2]]
}
