//! A level mesh from above: every triangle filled by its material (each
//! material the mesh uses its own hue, [`material_fill`]), outlined
//! by its flags (one-sided, two-sided, disabled), the corner-edge value of
//! flag bits 14-15 marked, and the grid's cell lines.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use collision_mesh::{CollisionMesh, Material, TriangleFlags};

pub use crate::level_tri::triangles;
use crate::level_tri::LevelTri;
use crate::svg::{esc, n, Frame, Panel, STYLE};

/// The fill of the `k`-th of `count` materials a picture shows: hues
/// spread evenly over the circle, the lightness alternating so neighbours
/// differ. (Hues by the material's byte, [`material_colour`], make
/// materials the levels use together look alike: `ASHPHALT` 6 and
/// `GRASS` 35 are 28° apart.)
#[must_use]
pub fn material_fill(k: usize, count: usize) -> String {
    let hue = 360.0 * k as f64 / count.max(1) as f64;
    let light = if k.is_multiple_of(2) { 62.0 } else { 74.0 };
    format!("hsl({hue:.0},60%,{light:.0}%)")
}

/// A material's fill colour by its byte alone: hues spread by the golden
/// angle.
#[must_use]
pub fn material_colour(m: u8) -> String {
    let hue = (f64::from(m) * 137.508) % 360.0;
    format!("hsl({:.0},55%,72%)", hue)
}

/// The value of flag bits 14-15 (the corner edge, 0 to 3).
#[must_use]
pub fn corner_edge(flags: u16) -> u16 {
    flags >> 14
}

/// The world lines of the grid's cell boundaries on `x` and `y`, when the
/// world-to-grid matrix is axis-aligned on them (the builder's is): each
/// `(axis, world coordinate)`.
#[must_use]
pub fn grid_lines(mesh: &CollisionMesh) -> Option<Vec<(usize, f64)>> {
    let g = mesh.grid();
    let m = g.matrix();
    // Row-vector matrix: grid = x·m[0] + y·m[1] + z·m[2] + m[3].
    if m[1][0] != 0.0 || m[2][0] != 0.0 || m[0][1] != 0.0 || m[2][1] != 0.0 {
        return None;
    }
    let dims = g.dims();
    let mut out = Vec::new();
    for axis in 0..2 {
        let s = f64::from(m[axis][axis]);
        if s == 0.0 {
            continue;
        }
        let t = f64::from(m[3][axis]);
        for i in 0..=dims[axis] {
            out.push((axis, (f64::from(i) - t) / s));
        }
    }
    Some(out)
}

/// The picture of a level mesh from above, at most `width` pixels wide.
#[must_use]
pub fn level_svg(mesh: &CollisionMesh, title: &str, width: f64) -> String {
    let tris = triangles(mesh);
    let pts: Vec<[f64; 3]> = tris.iter().flat_map(|t| t.corners).collect();
    let lines = grid_lines(mesh).unwrap_or_default();
    let mut frame_pts = pts.clone();
    for &(axis, c) in &lines {
        let mut p = [0.0; 3];
        p[axis] = c;
        if let Some(q) = pts.first() {
            p[1 - axis] = q[1 - axis];
        }
        frame_pts.push(p);
    }
    let frame = Frame::of(&frame_pts, (0, 1))
        .unwrap_or(Frame {
            min: [-1.0, -1.0],
            max: [1.0, 1.0],
        })
        .padded(0.03, 1.0);
    let fw = frame.max[0] - frame.min[0];
    let fh = frame.max[1] - frame.min[1];
    let legend_w = 230.0;
    let map_w = (width - legend_w - 15.0).max(200.0);
    let map_h = (map_w * fh / fw).clamp(200.0, 1600.0);
    let height = map_h + 40.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv level-view" width="{w}" height="{h}" viewBox="0 0 {w} {h}" data-triangles="{}"><style>{STYLE}.lt{{stroke:#333;stroke-width:.4}}.lt.two-sided{{stroke:#1f4e9d;stroke-width:1.4}}.lt.disabled{{fill-opacity:.3;stroke:#999;stroke-dasharray:2 2}}</style>"#,
        tris.len(),
        w = n(width),
        h = n(height)
    );
    let _ = write!(
        out,
        r#"<text class="title" x="5" y="15">{} · {} triangles · grid {:?}</text>"#,
        esc(title),
        tris.len(),
        mesh.grid().dims()
    );
    let mut panel = Panel::new("level", (0, 1), [5.0, 24.0, map_w, map_h], frame);
    panel.open(&mut out, "top (x, y)");
    let (lo, hi) = (frame.min, frame.max);
    for &(axis, c) in &lines {
        let (a, b) = if axis == 0 {
            ([c, lo[1], 0.0], [c, hi[1], 0.0])
        } else {
            ([lo[0], c, 0.0], [hi[0], c, 0.0])
        };
        panel.poly(&mut out, &[a, b], false, "grid", "");
    }
    // Lower triangles first, so the top one shows.
    let mut order: Vec<usize> = (0..tris.len()).collect();
    let top = |t: &LevelTri| t.corners.iter().map(|c| c[2]).fold(f64::MIN, f64::max);
    order.sort_by(|&a, &b| top(&tris[a]).total_cmp(&top(&tris[b])));
    let titles = tris.len() <= 5000;
    let mut materials: BTreeMap<u8, usize> = BTreeMap::new();
    for t in &tris {
        *materials.entry(t.material).or_default() += 1;
    }
    let fills: BTreeMap<u8, String> = materials
        .keys()
        .enumerate()
        .map(|(k, m)| (*m, material_fill(k, materials.len())))
        .collect();
    let mut kinds = [0usize; 4];
    for &i in &order {
        let t = &tris[i];
        let f = TriangleFlags::from_bits_retain(t.flags);
        let (cls, kind) = if !f.contains(TriangleFlags::ENABLED) {
            ("lt disabled", 2)
        } else if f.contains(TriangleFlags::TWO_SIDED) {
            ("lt two-sided", 1)
        } else {
            ("lt", 0)
        };
        kinds[kind] += 1;
        let extra = format!(
            r#" fill="{}" data-index="{i}" data-flags="{}" data-material="{}""#,
            fills.get(&t.material).map_or("#ccc", String::as_str),
            t.flags,
            t.material
        );
        if titles {
            let _ = write!(
                out,
                "<g><title>triangle {i}: flags 0x{:04x}, material {} {}</title>",
                t.flags,
                t.material,
                Material(t.material).name().unwrap_or("")
            );
        }
        panel.poly(&mut out, &t.corners, true, cls, &extra);
        let ce = corner_edge(t.flags);
        if ce != 0 {
            kinds[3] += 1;
            let c = [0, 1, 2].map(|k| (t.corners[0][k] + t.corners[1][k] + t.corners[2][k]) / 3.0);
            panel.dot(
                &mut out,
                c,
                2.5,
                "corner-edge",
                &format!(r#" data-corner-edge="{ce}""#),
            );
        }
        if titles {
            out.push_str("</g>");
        }
    }
    panel.close(&mut out);
    // The legend.
    let lx = 15.0 + map_w;
    let mut y = 40.0;
    line(&mut out, lx, &mut y, None, "flags");
    for (cls, text) in [
        ("lt", format!("one-sided: {}", kinds[0])),
        ("lt two-sided", format!("two-sided: {}", kinds[1])),
        ("lt disabled", format!("disabled: {}", kinds[2])),
    ] {
        line(&mut out, lx, &mut y, Some(("#ddd", cls)), &text);
    }
    corner_edge_line(&mut out, lx, &mut y, kinds[3]);
    y += 8.0;
    line(&mut out, lx, &mut y, None, "materials");
    for (m, count) in &materials {
        let name = Material(*m).name().unwrap_or("?");
        let fill = fills.get(m).map_or("#ccc", String::as_str);
        line(
            &mut out,
            lx,
            &mut y,
            Some((fill, "lt")),
            &format!("{m} {name}: {count}"),
        );
    }
    out.push_str("</svg>");
    out
}

/// One legend line: a swatch (fill, class) and its text.
fn line(out: &mut String, lx: f64, y: &mut f64, swatch: Option<(&str, &str)>, text: &str) {
    legend_line(out, (lx, y), swatch, false, text);
}

/// One legend line at `(lx, y)`: a swatch (fill, class), its fill an
/// attribute or, with `fill_in_style`, in its style, and its text; `y`
/// moves to the next line.
pub(crate) fn legend_line(
    out: &mut String,
    (lx, y): (f64, &mut f64),
    swatch: Option<(&str, &str)>,
    fill_in_style: bool,
    text: &str,
) {
    if let Some((fill, cls)) = swatch {
        let fill = if fill_in_style {
            format!(r#"style="fill:{fill}""#)
        } else {
            format!(r#"fill="{fill}""#)
        };
        let _ = write!(
            out,
            r#"<rect class="{cls}" x="{}" y="{}" width="16" height="12" {fill}/>"#,
            n(lx),
            n(*y)
        );
    }
    legend_text(out, lx, y, text);
}

/// A legend line's text at `(lx, y)`, right of its swatch; `y` moves to
/// the next line.
pub(crate) fn legend_text(out: &mut String, lx: f64, y: &mut f64, text: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}">{}</text>"#,
        n(lx + 22.0),
        n(*y + 10.0),
        esc(text)
    );
    *y += 16.0;
}

/// The legend's corner-edge line: the dot and how many triangles carry
/// corner-edge bits.
pub(crate) fn corner_edge_line(out: &mut String, lx: f64, y: &mut f64, count: usize) {
    let _ = write!(
        out,
        r#"<circle class="corner-edge" cx="{}" cy="{}" r="3"/>"#,
        n(lx + 8.0),
        n(*y + 6.0)
    );
    legend_text(out, lx, y, &format!("corner edge (bits 14-15): {count}"));
}
