//! A street-like OBJ text generated in code: blocks of 60 × 60 m, each a road
//! of 5 m quads, a kerb (top and face quads), a building's façades in 5 m ×
//! 3 m panels, and a twelve-sided roof, in groups with `usemtl` lines, every
//! quad written with its own four `v` lines (as exporters that do not weld
//! write them). `blocks × blocks` blocks; 874 triangles per block.

use std::fmt::Write as _;

/// Triangles per block: 144 road quads, 96 kerb quads, 192 façade quads
/// (2 each), and a 12-gon roof (10).
pub const TRIANGLES_PER_BLOCK: usize = (144 + 96 + 192) * 2 + 10;

/// The OBJ text of `blocks × blocks` blocks.
#[must_use]
pub fn street_obj(blocks: usize) -> String {
    let mut out = String::from("# street-like soup\nmtllib street.mtl\n");
    let mut n = 0usize; // vertices written so far
    let mut quad = |out: &mut String, p: [[f32; 3]; 4]| {
        for v in p {
            let _ = writeln!(out, "v {:.3} {:.3} {:.3}", v[0], v[1], v[2]);
        }
        let _ = writeln!(out, "f {} {} {} {}", n + 1, n + 2, n + 3, n + 4);
        n += 4;
    };
    let mut roofs = Vec::new();
    for bx in 0..blocks {
        for by in 0..blocks {
            let (x0, y0) = (bx as f32 * 60.0, by as f32 * 60.0);
            let _ = writeln!(out, "g road_{bx}_{by}\nusemtl ASHPHALT");
            for i in 0..12 {
                for j in 0..12 {
                    let (x, y) = (x0 + i as f32 * 5.0, y0 + j as f32 * 5.0);
                    quad(
                        &mut out,
                        [
                            [x, y, 0.0],
                            [x + 5.0, y, 0.0],
                            [x + 5.0, y + 5.0, 0.0],
                            [x, y + 5.0, 0.0],
                        ],
                    );
                }
            }
            let _ = writeln!(out, "g kerb_{bx}_{by} mat=5 area=2");
            for side in 0..4 {
                for k in 0..12 {
                    let t = k as f32 * 5.0;
                    let (a, b) = match side {
                        0 => ([x0 + t, y0], [x0 + t + 5.0, y0]),
                        1 => ([x0 + 60.0, y0 + t], [x0 + 60.0, y0 + t + 5.0]),
                        2 => ([x0 + 60.0 - t, y0 + 60.0], [x0 + 55.0 - t, y0 + 60.0]),
                        _ => ([x0, y0 + 60.0 - t], [x0, y0 + 55.0 - t]),
                    };
                    quad(
                        &mut out,
                        [
                            [a[0], a[1], 0.0],
                            [b[0], b[1], 0.0],
                            [b[0], b[1], 0.15],
                            [a[0], a[1], 0.15],
                        ],
                    );
                    quad(
                        &mut out,
                        [
                            [a[0], a[1], 0.15],
                            [b[0], b[1], 0.15],
                            [b[0], b[1] + 0.3, 0.15],
                            [a[0], a[1] + 0.3, 0.15],
                        ],
                    );
                }
            }
            let _ = writeln!(out, "g facade_{bx}_{by}\nusemtl CONCRETE");
            let (cx, cy) = (x0 + 30.0, y0 + 30.0);
            for side in 0..4 {
                for k in 0..12 {
                    for floor in 0..4 {
                        let t = -15.0 + k as f32 * 2.5;
                        let z = floor as f32 * 3.0;
                        let (a, b) = match side {
                            0 => ([cx + t, cy - 15.0], [cx + t + 2.5, cy - 15.0]),
                            1 => ([cx + 15.0, cy + t], [cx + 15.0, cy + t + 2.5]),
                            2 => ([cx - t, cy + 15.0], [cx - t - 2.5, cy + 15.0]),
                            _ => ([cx - 15.0, cy - t], [cx - 15.0, cy - t - 2.5]),
                        };
                        quad(
                            &mut out,
                            [
                                [a[0], a[1], z],
                                [b[0], b[1], z],
                                [b[0], b[1], z + 3.0],
                                [a[0], a[1], z + 3.0],
                            ],
                        );
                    }
                }
            }
            roofs.push((cx, cy));
        }
    }
    let _ = writeln!(out, "g roofs\nusemtl 5");
    for (cx, cy) in roofs {
        let mut face = String::from("f");
        for k in 0..12 {
            let a = k as f32 * std::f32::consts::TAU / 12.0;
            let _ = writeln!(
                out,
                "v {:.3} {:.3} 12.000",
                cx + 15.0 * a.cos(),
                cy + 15.0 * a.sin()
            );
            n += 1;
            let _ = write!(face, " {n}");
        }
        let _ = writeln!(out, "{face}");
    }
    out
}
