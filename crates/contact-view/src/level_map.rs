//! A whole level from above, every tile in one picture: the triangles
//! shaded by height or coloured by material (a class on the picture
//! chooses), each tile in its own group with its outline (the box of its
//! triangles: where two outlines meet is a seam between tiles), the flags
//! (two-sided and disabled triangles outlined, the corner edge of flag bits
//! 14-15 marked) and each tile's grid in groups of their own, and legends
//! for heights, materials and flags.
//!
//! The picture's root has the class `shade-height` or `shade-material`
//! (which fills apply), and `hide-flags`, `hide-grid` or `hide-seams` hide
//! those groups: [`level_map_html`] wraps the picture in a page whose
//! checkboxes and buttons set them (and reads them from the address,
//! `#shade=material&flags=0&grid=0&seams=0`).
//!
//! A material's colour is its own ([`material_fill`]: hues spread evenly
//! over the materials the level uses, in their order), and the legend names
//! each with its published name and the `usemtl` names that map to it
//! ([`MapOptions::material_names`]), and lists the names no table maps
//! ([`MapOptions::unknown_names`]: their faces keep the group's material)
//! (divergence 384).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use collision_mesh::{CollisionMesh, Material, TriangleFlags};

use crate::level::{corner_edge, corner_edge_line, grid_lines, legend_line, material_fill};
use crate::level_tri::{triangles, LevelTri};
use crate::svg::{esc, n, Frame, Panel, STYLE};

/// The number of height bands.
pub const HEIGHT_BANDS: usize = 10;

/// Which colours fill the triangles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shade {
    /// By height (the mean of the corners' `z`), in [`HEIGHT_BANDS`] bands.
    #[default]
    Height,
    /// By material.
    Material,
}

impl Shade {
    /// The root class, `shade-height` or `shade-material`.
    #[must_use]
    pub fn class(self) -> &'static str {
        match self {
            Shade::Height => "shade-height",
            Shade::Material => "shade-material",
        }
    }
}

/// A square around a point: what `--around x,y,r` zooms to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Around {
    /// The centre's `x`.
    pub x: f64,
    /// The centre's `y`.
    pub y: f64,
    /// Half the side: the distance from the centre to each edge.
    pub r: f64,
}

/// Why an `--around` value cannot be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("--around `{text}`: {message} (expected x,y,r: three finite numbers, r > 0)")]
pub struct AroundError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

impl Around {
    /// Reads `x,y,r`.
    ///
    /// # Errors
    ///
    /// [`AroundError`] for other than three numbers, a number that is not
    /// finite, or `r` not above 0.
    pub fn parse(text: &str) -> Result<Around, AroundError> {
        let bad = |message: String| AroundError {
            text: text.to_owned(),
            message,
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 3 {
            return Err(bad(format!("{} values", parts.len())));
        }
        let mut v = [0.0; 3];
        for (k, (p, name)) in parts.iter().zip(["x", "y", "r"]).enumerate() {
            let x: f64 = p
                .parse()
                .map_err(|_| bad(format!("{name} `{p}` is not a number")))?;
            if !x.is_finite() {
                return Err(bad(format!("{name} `{p}` is not finite")));
            }
            v[k] = x;
        }
        if v[2] <= 0.0 {
            return Err(bad(format!("r `{}` is not above 0", parts[2])));
        }
        Ok(Around {
            x: v[0],
            y: v[1],
            r: v[2],
        })
    }

    /// Whether a triangle's box meets the square.
    #[must_use]
    pub fn meets(&self, t: &LevelTri) -> bool {
        let lo = |k: usize| t.corners.iter().map(|c| c[k]).fold(f64::MAX, f64::min);
        let hi = |k: usize| t.corners.iter().map(|c| c[k]).fold(f64::MIN, f64::max);
        lo(0) <= self.x + self.r
            && hi(0) >= self.x - self.r
            && lo(1) <= self.y + self.r
            && hi(1) >= self.y - self.r
    }
}

/// What to draw.
#[derive(Clone, Debug)]
pub struct MapOptions {
    /// The picture's width in pixels (the legend included).
    pub width: f64,
    /// Only the square around a point (the triangles meeting it).
    pub around: Option<Around>,
    /// The fill shown first.
    pub shade: Shade,
    /// The names a level file gives each material (its `usemtl` names
    /// that map to it), for the legend.
    pub material_names: BTreeMap<u8, Vec<String>>,
    /// The level file's `usemtl` names that no table maps to a material.
    pub unknown_names: Vec<String>,
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions {
            width: 1200.0,
            around: None,
            shade: Shade::Height,
            material_names: BTreeMap::new(),
            unknown_names: Vec::new(),
        }
    }
}

/// The fill of height band `k` of [`HEIGHT_BANDS`]: from blue (low) through
/// green to brown (high).
#[must_use]
pub fn height_fill(k: usize) -> String {
    let t = k as f64 / (HEIGHT_BANDS - 1).max(1) as f64;
    let hue = 220.0 - 190.0 * t;
    let light = 45.0 + 25.0 * t;
    format!("hsl({hue:.0},55%,{light:.0}%)")
}

/// The band of a height between `lo` and `hi`.
fn band(h: f64, lo: f64, hi: f64) -> usize {
    if hi <= lo {
        return 0;
    }
    let t = ((h - lo) / (hi - lo)).clamp(0.0, 1.0);
    ((t * HEIGHT_BANDS as f64) as usize).min(HEIGHT_BANDS - 1)
}

/// The picture of a level's tiles, tile `k` the `k`-th mesh.
#[must_use]
pub fn level_map_svg(tiles: &[CollisionMesh], title: &str, opts: &MapOptions) -> String {
    let drawn: Vec<Vec<(usize, LevelTri)>> = tiles
        .iter()
        .map(|m| {
            triangles(m)
                .into_iter()
                .enumerate()
                .filter(|(_, t)| opts.around.is_none_or(|a| a.meets(t)))
                .collect()
        })
        .collect();
    let all = || drawn.iter().flatten().map(|(_, t)| t);
    let count: usize = drawn.iter().map(Vec::len).sum();
    let total: usize = tiles.iter().map(|m| m.triangles().len()).sum();
    let (mut zlo, mut zhi) = (f64::MAX, f64::MIN);
    for t in all() {
        zlo = zlo.min(t.mean_height());
        zhi = zhi.max(t.mean_height());
    }
    if zlo > zhi {
        (zlo, zhi) = (0.0, 0.0);
    }
    let materials: Vec<u8> = {
        let mut m: Vec<u8> = all().map(|t| t.material).collect();
        m.sort_unstable();
        m.dedup();
        m
    };
    let bounds: Vec<Option<[f64; 4]>> = tiles
        .iter()
        .map(|m| {
            let b = collision_mesh::tiled::triangle_bounds(m);
            (b[0] <= b[3]).then(|| [b[0], b[1], b[3], b[4]].map(f64::from))
        })
        .collect();
    let frame = match opts.around {
        Some(a) => Frame {
            min: [a.x - a.r, a.y - a.r],
            max: [a.x + a.r, a.y + a.r],
        },
        None => {
            let corners: Vec<[f64; 3]> = bounds
                .iter()
                .flatten()
                .flat_map(|b| [[b[0], b[1], 0.0], [b[2], b[3], 0.0]])
                .collect();
            Frame::of(&corners, (0, 1))
                .unwrap_or(Frame {
                    min: [-1.0, -1.0],
                    max: [1.0, 1.0],
                })
                .padded(0.02, 1.0)
        }
    };
    let fw = frame.max[0] - frame.min[0];
    let fh = frame.max[1] - frame.min[1];
    let legend_w = 260.0;
    let map_w = (opts.width - legend_w - 15.0).max(200.0);
    let map_h = (map_w * fh / fw).clamp(200.0, 1600.0);
    let legend_h = 70.0 + 16.0 * (HEIGHT_BANDS + materials.len() + 10) as f64;
    let height = (map_h + 40.0).max(legend_h);

    let mut css = String::from(
        ".lt{stroke:#333;stroke-width:.2;stroke-opacity:.5}\
.flag{fill:none}.flag.two-sided{stroke:#1f4e9d;stroke-width:1.4}.flag.disabled{stroke:#999;stroke-dasharray:2 2;stroke-width:1}\
.seam{fill:none;stroke:#c2185b;stroke-width:2;stroke-dasharray:8 4}\
.hide-flags .flags,.hide-grid .grid,.hide-seams .seams{display:none}\
.shade-height .legend-material,.shade-material .legend-height{opacity:.35}",
    );
    for k in 0..HEIGHT_BANDS {
        let _ = write!(css, ".shade-height .h{k}{{fill:{}}}", height_fill(k));
    }
    for (k, m) in materials.iter().enumerate() {
        let _ = write!(
            css,
            ".shade-material .m{m}{{fill:{}}}",
            material_fill(k, materials.len())
        );
    }
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv level-map {}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" data-tiles="{}" data-triangles="{count}" data-height-min="{}" data-height-max="{}"><style>{STYLE}{css}</style>"#,
        opts.shade.class(),
        tiles.len(),
        zlo,
        zhi,
        w = n(opts.width),
        h = n(height)
    );
    let zoom = opts
        .around
        .map(|a| format!(" · around ({}, {}) r {}", a.x, a.y, a.r))
        .unwrap_or_default();
    let _ = write!(
        out,
        r#"<text class="title" x="5" y="15">{} · {} tiles · {count} of {total} triangles{}</text>"#,
        esc(title),
        tiles.len(),
        esc(&zoom)
    );
    let mut panel = Panel::new("level-map", (0, 1), [5.0, 24.0, map_w, map_h], frame);
    panel.open(&mut out, "top (x, y)");
    let titles = count <= 5000;
    let mut kinds = [0usize; 4];
    let mut flags = String::new();
    out.push_str(r#"<g class="tiles">"#);
    for (k, tile) in drawn.iter().enumerate() {
        let _ = write!(
            out,
            r#"<g class="tile" data-tile="{k}" data-triangles="{}">"#,
            tile.len()
        );
        // Lower triangles first, so the top one shows.
        let mut order: Vec<&(usize, LevelTri)> = tile.iter().collect();
        order.sort_by(|a, b| a.1.top().total_cmp(&b.1.top()));
        for (i, t) in order {
            let h = band(t.mean_height(), zlo, zhi);
            let extra = format!(
                r#" data-index="{i}" data-material="{}" data-height="{}""#,
                t.material,
                n(t.mean_height())
            );
            if titles {
                let _ = write!(
                    out,
                    "<g><title>tile {k}, triangle {i}: flags 0x{:04x}, material {} {}, height {}</title>",
                    t.flags,
                    t.material,
                    Material(t.material).name().unwrap_or(""),
                    n(t.mean_height())
                );
            }
            panel.poly(
                &mut out,
                &t.corners,
                true,
                &format!("lt h{h} m{}", t.material),
                &extra,
            );
            if titles {
                out.push_str("</g>");
            }
            let f = TriangleFlags::from_bits_retain(t.flags);
            let kind = if !f.contains(TriangleFlags::ENABLED) {
                panel.poly(&mut flags, &t.corners, true, "flag disabled", "");
                2
            } else if f.contains(TriangleFlags::TWO_SIDED) {
                panel.poly(&mut flags, &t.corners, true, "flag two-sided", "");
                1
            } else {
                0
            };
            kinds[kind] += 1;
            let ce = corner_edge(t.flags);
            if ce != 0 {
                kinds[3] += 1;
                let c =
                    [0, 1, 2].map(|a| (t.corners[0][a] + t.corners[1][a] + t.corners[2][a]) / 3.0);
                panel.dot(
                    &mut flags,
                    c,
                    2.5,
                    "corner-edge",
                    &format!(r#" data-corner-edge="{ce}""#),
                );
            }
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
    let _ = write!(out, r#"<g class="flags">{flags}</g>"#);
    out.push_str(r#"<g class="grid">"#);
    for (k, mesh) in tiles.iter().enumerate() {
        let lines = grid_lines(mesh).unwrap_or_default();
        let span = |axis: usize| {
            let c = lines.iter().filter(|l| l.0 == axis).map(|l| l.1);
            (
                c.clone().fold(f64::MAX, f64::min),
                c.fold(f64::MIN, f64::max),
            )
        };
        let (sx, sy) = (span(0), span(1));
        for &(axis, c) in &lines {
            let (a, b) = if axis == 0 {
                ([c, sy.0, 0.0], [c, sy.1, 0.0])
            } else {
                ([sx.0, c, 0.0], [sx.1, c, 0.0])
            };
            if a[0].is_finite() && a[1].is_finite() && b[0].is_finite() && b[1].is_finite() {
                panel.poly(
                    &mut out,
                    &[a, b],
                    false,
                    "grid",
                    &format!(r#" data-tile="{k}""#),
                );
            }
        }
    }
    out.push_str(r#"</g><g class="seams">"#);
    for (k, b) in bounds.iter().enumerate() {
        if let Some([x0, y0, x1, y1]) = *b {
            panel.poly(
                &mut out,
                &[[x0, y0, 0.0], [x1, y0, 0.0], [x1, y1, 0.0], [x0, y1, 0.0]],
                true,
                "seam",
                &format!(r#" data-tile="{k}""#),
            );
        }
    }
    out.push_str("</g>");
    panel.close(&mut out);

    // The legends.
    let lx = 15.0 + map_w;
    let mut y = 40.0;
    out.push_str(r#"<g class="legend-height">"#);
    line(&mut out, lx, &mut y, None, "height (mean z of the corners)");
    for k in (0..HEIGHT_BANDS).rev() {
        let step = (zhi - zlo) / HEIGHT_BANDS as f64;
        let (a, b) = (zlo + step * k as f64, zlo + step * (k + 1) as f64);
        line(
            &mut out,
            lx,
            &mut y,
            Some((&height_fill(k), "lt")),
            &format!("{} to {}", n(a), n(b)),
        );
    }
    out.push_str(r#"</g><g class="legend-material">"#);
    y += 8.0;
    line(&mut out, lx, &mut y, None, "materials");
    for (k, m) in materials.iter().enumerate() {
        let used = all().filter(|t| t.material == *m).count();
        let name = Material(*m).name().unwrap_or("?");
        let from = opts
            .material_names
            .get(m)
            .filter(|v| !v.is_empty())
            .map(|v| format!(" (usemtl {})", v.join(", ")))
            .unwrap_or_default();
        let _ = write!(out, r#"<g class="material" data-material="{m}">"#);
        line(
            &mut out,
            lx,
            &mut y,
            Some((&material_fill(k, materials.len()), "lt")),
            &format!("{m} {name}{from}: {used}"),
        );
        out.push_str("</g>");
    }
    if !opts.unknown_names.is_empty() {
        let _ = write!(out, r#"<g class="unknown-names">"#);
        line(
            &mut out,
            lx,
            &mut y,
            None,
            &format!(
                "usemtl names no table maps: {}",
                opts.unknown_names.join(", ")
            ),
        );
        line(
            &mut out,
            lx,
            &mut y,
            None,
            "(their faces keep the group's material)",
        );
        out.push_str("</g>");
    }
    out.push_str(r#"</g><g class="legend-flags">"#);
    y += 8.0;
    line(&mut out, lx, &mut y, None, "flags");
    for (text, cls) in [
        (format!("two-sided: {}", kinds[1]), "flag two-sided"),
        (format!("disabled: {}", kinds[2]), "flag disabled"),
    ] {
        line(&mut out, lx, &mut y, Some(("none", cls)), &text);
    }
    corner_edge_line(&mut out, lx, &mut y, kinds[3]);
    line(
        &mut out,
        lx,
        &mut y,
        Some(("none", "seam")),
        &format!("tile outline: {} tiles", tiles.len()),
    );
    out.push_str("</g></svg>");
    out
}

/// One legend line: a swatch (fill, class) and its text, the fill in
/// the swatch's style.
fn line(out: &mut String, lx: f64, y: &mut f64, swatch: Option<(&str, &str)>, text: &str) {
    legend_line(out, (lx, y), swatch, true, text);
}

/// A page holding a [`level_map_svg`] picture, with the toggles: shade by
/// height or material, and the flags, the grid and the tile outlines shown
/// or hidden. The address sets them (`#shade=material&flags=0`); once its
/// script has run, the body's `data-ready` is `1` and `data-tiles` (the
/// tile groups), `data-tiles-drawn` (those the browser lays out with an
/// area), `data-shade`, `data-flags-shown`, `data-grid-shown` and
/// `data-seams-shown` say what the browser draws.
#[must_use]
pub fn level_map_html(svg: &str, title: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{t}</title>
<style>body{{font:14px sans-serif;margin:1em}}#controls label{{margin-right:1em}}</style></head>
<body data-ready="0">
<h1>{t}</h1>
<div id="controls">
<label><input type="radio" name="shade" value="height" id="shade-height"> shade by height</label>
<label><input type="radio" name="shade" value="material" id="shade-material"> colour by material</label>
<label><input type="checkbox" id="show-flags" checked> flags</label>
<label><input type="checkbox" id="show-grid" checked> grid</label>
<label><input type="checkbox" id="show-seams" checked> tile outlines</label>
</div>
<div id="map">{svg}</div>
<script>
(function () {{
  var svg = document.querySelector('#map svg');
  var body = document.body;
  var boxes = {{flags: 'show-flags', grid: 'show-grid', seams: 'show-seams'}};
  function shown(sel) {{
    var g = svg.querySelector(sel);
    return g && getComputedStyle(g).display !== 'none' ? '1' : '0';
  }}
  function apply() {{
    var material = document.getElementById('shade-material').checked;
    svg.classList.toggle('shade-material', material);
    svg.classList.toggle('shade-height', !material);
    Object.keys(boxes).forEach(function (k) {{
      svg.classList.toggle('hide-' + k, !document.getElementById(boxes[k]).checked);
      body.setAttribute('data-' + k + '-shown', shown('g.' + k));
    }});
    body.setAttribute('data-shade', material ? 'material' : 'height');
  }}
  var want = {{}};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {{
    var p = kv.split('=');
    if (p[0]) want[p[0]] = p[1];
  }});
  var start = want.shade || (svg.classList.contains('shade-material') ? 'material' : 'height');
  document.getElementById('shade-' + (start === 'material' ? 'material' : 'height')).checked = true;
  Object.keys(boxes).forEach(function (k) {{
    if (want[k] === '0') document.getElementById(boxes[k]).checked = false;
  }});
  document.querySelectorAll('#controls input').forEach(function (i) {{
    i.addEventListener('change', apply);
  }});
  apply();
  var tiles = svg.querySelectorAll('g.tile');
  var drawn = 0;
  tiles.forEach(function (g) {{
    var b = g.getBBox();
    if (b.width > 0 && b.height > 0) drawn += 1;
  }});
  body.setAttribute('data-tiles', tiles.length);
  body.setAttribute('data-tiles-drawn', drawn);
  body.setAttribute('data-ready', '1');
}})();
</script>
</body></html>
"#,
        t = esc(title)
    )
}
