//! The whole-level picture (`contact_view::level_map`) of a level of three
//! tiles side by side, each a 10 m square of two triangles: tile 0 `GRASS`
//! at z = 0, tile 1 `ASHPHALT` at z = 2 (one triangle two-sided), tile 2
//! `STEEL` at z = 6 with the car shells' flags `0xf00d` (corner edge 3).
//!
//! Checked: one group per tile and one outline per tile where the tile's
//! triangles are (mapped back through the panel), the height bands (mean
//! heights 0, 2 and 6 of the range 0 to 6 fall in bands 0, 3 and 9 of 10),
//! one colour per material and the legend's names, the flags, `--around`'s
//! square and its validation.

use std::collections::BTreeMap;

mod three_tiles;

use contact_view::level_map::{level_map_html, level_map_svg, Around, MapOptions, Shade};
use three_tiles::three_tiles;

fn names() -> BTreeMap<u8, Vec<String>> {
    BTreeMap::from([
        (35, vec!["grass".to_owned()]),
        (6, vec!["road".to_owned(), "tarmac".to_owned()]),
    ])
}

/// Every tag of `text` starting with `open`, to its `/>`.
fn tags<'a>(text: &'a str, open: &str) -> Vec<&'a str> {
    text.match_indices(open)
        .map(|(i, _)| &text[i..i + text[i..].find("/>").map_or(0, |e| e + 2)])
        .collect()
}

/// The value of attribute `name` in the first tag of `text` holding `has`.
fn attr_after<'a>(text: &'a str, has: &str, name: &str) -> &'a str {
    let at = text.find(has).unwrap_or_else(|| panic!("`{has}`"));
    let start = text[..at].rfind('<').unwrap();
    let end = at + text[at..].find('>').unwrap();
    let tag = &text[start..end];
    let key = format!(" {name}=\"");
    let v = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    &tag[v..v + tag[v..].find('"').unwrap()]
}

#[test]
fn every_tile_is_drawn_with_its_outline_bands_and_colours() {
    let tiles = three_tiles();
    let opts = MapOptions {
        material_names: names(),
        ..MapOptions::default()
    };
    let svg = level_map_svg(&tiles, "three <tiles>", &opts);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(svg.contains("three &lt;tiles&gt;"));
    assert!(svg.contains(r#"class="cv level-map shade-height""#));
    assert!(svg.contains(r#"data-tiles="3" data-triangles="6""#));
    for k in 0..3 {
        assert!(
            svg.contains(&format!(
                r#"<g class="tile" data-tile="{k}" data-triangles="2">"#
            )),
            "tile {k}"
        );
    }
    assert_eq!(svg.matches("<g class=\"tile\"").count(), 3);

    // Each outline where its tile is: x 10k..10k+10, y 0..10.
    let ox: f64 = attr_after(&svg, "data-ox=", "data-ox").parse().unwrap();
    let oy: f64 = attr_after(&svg, "data-ox=", "data-oy").parse().unwrap();
    let s: f64 = attr_after(&svg, "data-ox=", "data-s").parse().unwrap();
    let seams = tags(&svg, r#"<polygon class="seam""#);
    assert_eq!(seams.len(), 3);
    for (k, seam) in seams.iter().enumerate() {
        assert!(seam.ends_with(&format!(r#"data-tile="{k}"/>"#)), "{seam}");
        let at = seam.find("points=\"").unwrap() + 8;
        let pts = &seam[at..at + seam[at..].find('"').unwrap()];
        let world: Vec<[f64; 2]> = pts
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                [(x - ox) / s, (oy - y) / s]
            })
            .collect();
        let want = [
            [10.0 * k as f64, 0.0],
            [10.0 * k as f64 + 10.0, 0.0],
            [10.0 * k as f64 + 10.0, 10.0],
            [10.0 * k as f64, 10.0],
        ];
        for (g, w) in world.iter().zip(want) {
            for a in 0..2 {
                assert!((g[a] - w[a]).abs() <= 0.01 / s, "tile {k}: {g:?} vs {w:?}");
            }
        }
    }

    // Mean heights 0, 2, 6 of 0..6 in ten bands: 0, 3 (2/6 × 10 = 3.3), 9.
    assert!(svg.contains(r#"data-height-min="0" data-height-max="6""#));
    for (band, m) in [(0, 35), (3, 6), (9, 3)] {
        assert_eq!(
            svg.matches(&format!(r#"class="lt h{band} m{m}""#)).count(),
            2,
            "band {band}, material {m}"
        );
    }

    // One colour per material, and the legend's names.
    let fills: Vec<&str> = [3, 6, 35]
        .iter()
        .map(|m| {
            let key = format!(".shade-material .m{m}{{fill:");
            let at = svg.find(&key).unwrap() + key.len();
            &svg[at..at + svg[at..].find('}').unwrap()]
        })
        .collect();
    assert!(
        fills[0] != fills[1] && fills[1] != fills[2] && fills[0] != fills[2],
        "{fills:?}"
    );
    assert!(svg.contains("6 ASHPHALT (usemtl road, tarmac): 2"));
    assert!(svg.contains("35 GRASS (usemtl grass): 2"));
    assert!(svg.contains("3 STEEL: 2"));

    // The flags: tile 1's two-sided triangle, tile 2's corner edges.
    assert_eq!(svg.matches(r#"<polygon class="flag two-sided""#).count(), 1);
    assert_eq!(svg.matches(r#"data-corner-edge="3""#).count(), 2);
    assert!(svg.contains("two-sided: 1"));
    // Each tile's grid lines, across x and across y.
    let grid = tags(&svg, r#"<polyline class="grid""#);
    for k in 0..3 {
        let lines = grid
            .iter()
            .filter(|g| g.ends_with(&format!(r#"data-tile="{k}"/>"#)))
            .count();
        assert!(lines >= 4, "tile {k}: {lines} grid lines");
    }

    let page = level_map_html(&svg, "three <tiles>");
    assert!(page.contains(&svg));
    assert!(page.contains(r#"<input type="checkbox" id="show-grid" checked>"#));
}

#[test]
fn around_draws_the_square_and_is_validated() {
    let tiles = three_tiles();
    let opts = MapOptions {
        around: Some(Around {
            x: 5.0,
            y: 5.0,
            r: 1.0,
        }),
        shade: Shade::Material,
        ..MapOptions::default()
    };
    let svg = level_map_svg(&tiles, "around", &opts);
    assert!(svg.contains(r#"class="cv level-map shade-material""#));
    // Only tile 0's two triangles meet the square 4..6 × 4..6.
    assert!(svg.contains(r#"data-tiles="3" data-triangles="2""#));
    assert!(svg.contains(r#"<g class="tile" data-tile="1" data-triangles="0">"#));
    assert!(svg.contains("2 of 6 triangles · around (5, 5) r 1"));
    // The panel maps the square 4..6 onto its 2 m: the scale is the
    // panel's height over 2 m.
    let s: f64 = attr_after(&svg, "data-ox=", "data-s").parse().unwrap();
    let h: f64 = attr_after(&svg, "class=\"frame\"", "height")
        .parse()
        .unwrap();
    assert!((s * 2.0 - h).abs() < 0.02, "{s} {h}");

    assert_eq!(
        Around::parse("1.5, -2,3"),
        Ok(Around {
            x: 1.5,
            y: -2.0,
            r: 3.0
        })
    );
    for (bad, says) in [
        ("1,2", "2 values"),
        ("1,2,0", "r `0` is not above 0"),
        ("1,2,-3", "r `-3` is not above 0"),
        ("1,inf,3", "y `inf` is not finite"),
        ("x,2,3", "x `x` is not a number"),
        ("1,2,NaN", "r `NaN` is not finite"),
    ] {
        let e = Around::parse(bad).unwrap_err();
        assert!(e.to_string().contains(says), "{bad}: {e}");
    }
}

/// The single-mesh picture (`cargo xtask level --svg`) colours the
/// materials a mesh uses a third of the hue circle apart when it uses
/// three: `ASHPHALT` (6) and `GRASS` (35), by their bytes 28° apart and
/// both light green, are told apart.
#[test]
fn the_mesh_picture_gives_each_material_its_own_hue() {
    for (k, mesh) in three_tiles().iter().enumerate() {
        let svg = contact_view::level::level_svg(mesh, "tile", 400.0);
        assert_eq!(svg.matches("data-index=").count(), 2, "tile {k}");
    }
    // The three tiles' triangles as one mesh.
    let mut soup = Vec::new();
    for mesh in three_tiles() {
        let v = mesh.vertices();
        for t in mesh.triangles() {
            let c = t.v.map(|i| {
                let p = v[usize::from(i)];
                [p[0], p[1], p[2]]
            });
            soup.push(
                collision_mesh::SoupTriangle::new(c).with(collision_mesh::Attributes {
                    flags: t.flags,
                    material: t.material,
                    area: 1,
                }),
            );
        }
    }
    let mesh =
        collision_mesh::build::from_soup(&soup, &collision_mesh::BuildConfig::default(), "all")
            .unwrap();
    let svg = contact_view::level::level_svg(&mesh, "all", 600.0);
    let hue = |m: u8| -> f64 {
        let key = r#" fill="hsl("#;
        let tag_end = svg
            .find(&format!(r#"data-material="{m}""#))
            .unwrap_or_else(|| panic!("material {m}"));
        let at = svg[..tag_end].rfind(key).unwrap() + key.len();
        svg[at..at + svg[at..].find(',').unwrap()].parse().unwrap()
    };
    let (steel, road, grass) = (hue(3), hue(6), hue(35));
    for (a, b) in [(steel, road), (road, grass), (steel, grass)] {
        let d = (a - b).abs().min(360.0 - (a - b).abs());
        assert!((d - 120.0).abs() < 1.0, "{a} vs {b}");
    }
}
