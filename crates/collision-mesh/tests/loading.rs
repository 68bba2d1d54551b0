//! Loading real levels: OBJ as exporters write it (the import report and
//! the strict option), RON errors naming the field, and the builder's bounds
//! on tiny hostile files (divergences 321 to 326).

#[path = "support/obj_text.rs"]
mod obj_text;
#[path = "support/street_obj.rs"]
mod street_obj;

use collision_mesh::obj::{self, ObjAxes, ObjOptions, SkipReason};
use collision_mesh::{
    build, details, ron_text, BuildConfig, Material, MeshError, Place, SoupTriangle,
};
use obj_text::{obj_place, one_triangle_skipping, skipped, strict, TRI};
use test_support::{Seeded, Xorshift};

/// Faces of one or two corners, polylines and points cannot be triangles:
/// the default skips them and says where; strict refuses at the first.
#[test]
fn short_faces_lines_and_points_are_skipped_and_reported() {
    let text = format!("{TRI}f 1 2\nl 1 2 3\nf 1 2 3\np 1\nf 3\n");
    let skips = [
        skipped(4, "f", SkipReason::ShortFace { corners: 2 }),
        skipped(5, "l", SkipReason::Line),
        skipped(7, "p", SkipReason::Point),
        skipped(8, "f", SkipReason::ShortFace { corners: 1 }),
    ];
    let report = one_triangle_skipping(&text, "exp.obj", &skips);
    assert_eq!((report.vertices, report.triangles), (3, 1));
    let shown = report.to_string();
    assert!(
        shown.starts_with("exp.obj: 3 vertices, 1 triangles"),
        "{shown}"
    );
    for line in [
        "exp.obj: line 5, `l`: a polyline",
        "line 4, `f`: a face needs 3 corners, this one has 2",
    ] {
        assert!(shown.contains(line), "missing {line:?} in {shown}");
    }

    let e = obj::read_str(&text, "exp.obj", &strict()).expect_err("strict");
    assert!(matches!(e, MeshError::BadLine { .. }), "{e}");
    assert_eq!(e.place(), Some(&obj_place(4, "f")), "{e}");
    assert_eq!(e.file(), "exp.obj");
    let e = obj::read_str(&format!("{TRI}f 1 2 3\nl 1 2\n"), "l.obj", &strict()).expect_err("l");
    assert_eq!(e.place(), Some(&obj_place(5, "l")), "{e}");
}

/// Free-form curves and surfaces (as CAD exporters write them) and unknown
/// statements are skipped line by line; smoothing groups and material
/// libraries are read without a word.
#[test]
fn free_form_statements_are_skipped_with_their_lines() {
    let text = format!(
        "{TRI}s 1\nmtllib a.mtl\nvp 0.5\ncstype bspline\ndeg 3\ncurv 0 1 1 2 3\nparm u 0 0 1 1\nend\nsurf 0 1 0 1 1 2 3\nf 1 2 3\nfrobnicate 7\n"
    );
    let skips = [
        skipped(6, "vp", SkipReason::FreeForm),
        skipped(7, "cstype", SkipReason::FreeForm),
        skipped(8, "deg", SkipReason::FreeForm),
        skipped(9, "curv", SkipReason::FreeForm),
        skipped(10, "parm", SkipReason::FreeForm),
        skipped(11, "end", SkipReason::FreeForm),
        skipped(12, "surf", SkipReason::FreeForm),
        skipped(14, "frobnicate", SkipReason::Unknown),
    ];
    one_triangle_skipping(&text, "cad.obj", &skips);
    let e = obj::read_str(&text, "cad.obj", &strict()).expect_err("strict");
    assert_eq!(e.place(), Some(&obj_place(6, "vp")), "{e}");
    assert!(e.to_string().contains("free-form"), "{e}");
}

/// Colours on some `v` lines only (MeshLab, ZBrush): read and dropped. A bad
/// colour names its line and channel.
#[test]
fn vertex_colours_on_some_lines() {
    let text = "v 0 0 0 1 0 0\nv 4 0 0\nv 0 4 0 0.5 0.5 0.5\nv 4 4 0\nf 1 2 3\nf 2 4 3\n";
    let (soup, report) = obj::read_str(text, "c.obj", &ObjOptions::default()).expect("read");
    assert_eq!(soup.len(), 2);
    assert_eq!(
        soup[1].corners,
        [[4.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]]
    );
    assert_eq!(report.coloured_vertices, 2);
    assert!(report.is_clean());
    let e = obj::read_str(
        "v 0 0 0\nv 1 0 0 0.5 x 0.5\n",
        "c.obj",
        &ObjOptions::default(),
    )
    .expect_err("bad colour");
    assert!(matches!(e, MeshError::BadLine { .. }), "{e}");
    assert_eq!(e.place(), Some(&obj_place(2, "v g")), "{e}");
}

/// Quads and n-gons are cut into fans from their first corner, in order.
#[test]
fn polygons_become_fans() {
    let text = "v 0 0 0\nv 2 0 0\nv 3 2 0\nv 1 3 0\nv -1 2 0\nf 1 2 3 4 5\nf -5 -4 -3 -2\n";
    let (soup, report) = obj::read_str(text, "p.obj", &ObjOptions::default()).expect("read");
    let p = [
        [0.0, 0.0, 0.0],
        [2.0, 0.0, 0.0],
        [3.0, 2.0, 0.0],
        [1.0, 3.0, 0.0],
        [-1.0, 2.0, 0.0],
    ];
    let corners: Vec<_> = soup.iter().map(|t| t.corners).collect();
    assert_eq!(
        corners,
        [
            [p[0], p[1], p[2]],
            [p[0], p[2], p[3]],
            [p[0], p[3], p[4]],
            [p[0], p[1], p[2]],
            [p[0], p[2], p[3]],
        ]
    );
    assert_eq!((report.triangles, report.polygons), (5, 2));
}

/// `y` up maps `(x, y, z)` to `(x, −z, y)`; `z` up keeps the file's axes.
#[test]
fn up_axis_option() {
    let text = "v 1 2 3\nv 4 5 6\nv 7 8 9\nf 1 2 3\n";
    let z = obj::soup_from_str(text, "a.obj", &ObjOptions::default()).expect("z up");
    assert_eq!(z[0].corners[0], [1.0, 2.0, 3.0]);
    let y = ObjOptions {
        axes: ObjAxes::YUp,
        ..ObjOptions::default()
    };
    let y = obj::soup_from_str(text, "a.obj", &y).expect("y up");
    assert_eq!(
        y[0].corners,
        [[1.0, -3.0, 2.0], [4.0, -6.0, 5.0], [7.0, -9.0, 8.0]]
    );
}

/// Materials from `usemtl` (a game name, a number, or the sidecar's
/// `materials`); a group line's own `mat=` wins; an unknown name is
/// reported and the group's material stays.
#[test]
fn materials_from_usemtl_or_groups() {
    let text = format!(
        "{TRI}usemtl STEEL\nf 1 2 3\nusemtl 116\nf 1 2 3\ng rail mat=GLASS\nf 1 2 3\ng plain\nusemtl Concrete.001\nf 1 2 3\nusemtl wood_oak\nf 1 2 3\n"
    );
    let mut options = ObjOptions::default();
    options
        .sidecar
        .materials
        .insert("Concrete.001".to_owned(), Material::ASHPHALT);
    let (soup, report) = obj::read_str(&text, "m.obj", &options).expect("read");
    let materials: Vec<u8> = soup.iter().map(|t| t.attributes.material.0).collect();
    // STEEL 3, 116, the group's GLASS 2 over usemtl 116, ASHPHALT 6 from the
    // sidecar, then the default CONCRETE 5 for the unknown name.
    assert_eq!(materials, [3, 116, 2, 6, 5]);
    // The unknown name is listed once with its count and first line, not
    // among the skipped lines (divergence 372).
    assert!(report.skipped.is_empty(), "{report}");
    assert_eq!(
        report.unknown_materials,
        [obj::UnknownName {
            name: "wood_oak".to_owned(),
            count: 1,
            first_line: 13
        }]
    );
    let strict_too = ObjOptions {
        strict: true,
        ..options.clone()
    };
    let e = obj::read_str(&text, "m.obj", &strict_too).expect_err("strict");
    assert_eq!(e.place(), Some(&obj_place(13, "usemtl")), "{e}");
    // Without the sidecar's name, strict stops at `Concrete.001`.
    let e = obj::read_str(&text, "m.obj", &strict()).expect_err("strict");
    assert_eq!(e.place(), Some(&obj_place(11, "usemtl")), "{e}");
}

/// OBJ counts vertices from 1: index 0 is refused with that said.
#[test]
fn index_zero_says_obj_is_one_based() {
    let e = obj::read_str(&format!("{TRI}f 0 1 2\n"), "z.obj", &ObjOptions::default())
        .expect_err("index 0");
    assert!(
        matches!(
            e,
            MeshError::IndexOutOfRange {
                index: 0,
                limit: 3,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.place(), Some(&obj_place(4, "f v")));
    assert!(e.to_string().contains("OBJ indices are 1-based"), "{e}");
    // Other indices keep the plain message.
    let e = obj::read_str(&format!("{TRI}f 1 2 9\n"), "z.obj", &ObjOptions::default())
        .expect_err("index 9");
    assert!(!e.to_string().contains("1-based"), "{e}");
}

/// A statement continued with `\` is one statement, numbered by its first
/// line.
#[test]
fn continued_lines() {
    let text = format!("{TRI}f 1 \\\n 2 3\nl 1 \\\n2\n");
    one_triangle_skipping(&text, "c.obj", &[skipped(6, "l", SkipReason::Line)]);
}

/// A byte-order mark, CRLF line ends and a Latin-1 group name (read from a
/// file) are what Windows exporters write: they load.
#[test]
fn windows_files() {
    let text = "\u{feff}v 0 0 0\r\nv 4 0 0\r\nv 0 4 0\r\nf 1 2 \\\r\n3\r\n";
    let report = one_triangle_skipping(text, "w.obj", &[]);
    assert!(report.is_clean(), "{report}");
    let dir = std::env::temp_dir().join(format!("cm-loading-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("latin1.obj");
    let bytes = b"v 0 0 0\nv 4 0 0\nv 0 4 0\ng fa\xe7ade\nf 1 2 3\n".to_vec();
    std::fs::write(&path, bytes).expect("write");
    let (mesh, _) = obj::import_file_with_report(&path, &ObjOptions::default()).expect("import");
    assert_eq!(mesh.triangles().len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A RON value of the wrong form names its field path.
#[test]
fn ron_errors_name_the_field_path() {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]]),
        SoupTriangle::new([[4.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 4.0, 2.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 2.0], [0.0, 4.0, 2.0]]),
    ];
    let mesh = build::from_soup(&soup, &BuildConfig::default(), "m").expect("mesh");
    let text = ron_text::to_string(&mesh).expect("ron");
    // The fourth triangle's flags, as a number where names are expected.
    let at = text
        .match_indices("flags:")
        .nth(3)
        .expect("four triangles")
        .0;
    let end = at + text[at..].find(',').expect("comma");
    let bad = format!("{}flags: 12{}", &text[..at], &text[end..]);
    let e = ron_text::from_str(&bad, "m.ron").expect_err("refused");
    match &e {
        MeshError::Ron { path, line, .. } => {
            assert_eq!(path, "triangles[3].flags", "{e}");
            assert!(*line > 1);
        }
        other => panic!("{other}"),
    }
    assert!(e.to_string().contains("field `triangles[3].flags`"), "{e}");
    // Text cut inside a field names the field it was reading; text broken
    // before any field names none.
    let e = ron_text::from_str("(vertices: [", "m.ron").expect_err("refused");
    assert!(
        matches!(&e, MeshError::Ron { path, .. } if path == "vertices"),
        "{e}"
    );
    let e = ron_text::from_str("]", "m.ron").expect_err("refused");
    assert!(
        matches!(&e, MeshError::Ron { path, .. } if path.is_empty()),
        "{e}"
    );
}

/// The fuzzed shape: a few triangles reaching a vertex at 1e38. Before, the
/// grid grew to 967 × 967 cells and the listing took 7 s (release); now the
/// cells are bounded by what the triangles need.
fn far_vertex_obj() -> String {
    let mut s = String::from("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1e38 1e38 0\nv 2 2 0\nv 3 1 0\n");
    for (a, b) in [(1, 2), (2, 3), (3, 5), (5, 6), (6, 1), (2, 5), (1, 3)] {
        s += &format!("f {a} {b} 4\n");
    }
    s
}

/// Big triangles over the whole 1e38 box, each crossing every cell.
fn big_triangles_obj() -> String {
    let mut s =
        String::from("v 0 0 0\nv 1e38 0 0\nv 0 1e38 0\nv 1e38 1e38 0\nv 5e37 0 0\nv 0 5e37 0\n");
    'out: for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                if a != b && b != c && a != c {
                    s += &format!("f {a} {b} {c}\n");
                    if s.len() > 660 {
                        break 'out;
                    }
                }
            }
        }
    }
    s
}

fn cells(mesh: &collision_mesh::CollisionMesh) -> usize {
    mesh.grid().dims().iter().map(|&n| usize::from(n)).product()
}

#[test]
fn a_far_vertex_gives_a_bounded_grid() {
    let text = far_vertex_obj();
    assert!(text.len() < 700);
    let mesh = obj::import_str(&text, "far.obj", &ObjOptions::default()).expect("loads");
    assert_eq!(mesh.triangles().len(), 7);
    assert!(
        cells(&mesh) <= build::MIN_CELL_CAP,
        "{:?}",
        mesh.grid().dims()
    );
    // The same in three dimensions, the far corner up in z too.
    let text = text.replace("v 1e38 1e38 0", "v 1e38 1e38 1e38");
    let options = ObjOptions {
        build: BuildConfig {
            flat_z: false,
            ..BuildConfig::default()
        },
        ..ObjOptions::default()
    };
    match obj::import_str(&text, "far3.obj", &options) {
        Ok(mesh) => assert!(cells(&mesh) <= build::MIN_CELL_CAP),
        Err(e) => assert!(matches!(e, MeshError::OverBudget { .. }), "{e}"),
    }
}

#[test]
fn overlapping_giant_triangles_are_refused_with_a_typed_error() {
    let text = big_triangles_obj();
    assert!(text.len() < 700, "{}", text.len());
    let e = obj::import_str(&text, "big.obj", &ObjOptions::default()).expect_err("refused");
    assert!(
        matches!(
            e,
            MeshError::OverBudget {
                what: "cell list values",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.file(), "big.obj");
}

/// Few triangles far apart: the grid stops at 2^16 cells, not the 251,001 of
/// 8 m cells over 4 km; a level's grid (57,288 cells at most on the disc)
/// is never cut.
#[test]
fn the_cell_cap_follows_the_triangles() {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [4000.0, 0.0, 0.0], [0.0, 4000.0, 0.0]]),
        SoupTriangle::new([
            [4000.0, 0.0, 0.0],
            [4000.0, 4000.0, 0.0],
            [0.0, 4000.0, 0.0],
        ]),
    ];
    let mesh = build::from_soup(&soup, &BuildConfig::default(), "wide").expect("mesh");
    assert!(
        cells(&mesh) <= build::MIN_CELL_CAP,
        "{:?}",
        mesh.grid().dims()
    );
    assert_eq!(build::cell_cap(2, 1 << 20), 1 << 16);
    assert_eq!(build::cell_cap(9_051, 1 << 20), 579_264);
    assert!(build::cell_cap(1, 1 << 20) > 57_288);
    assert_eq!(build::cell_cap(65_535, 1 << 20), 1 << 20);
    assert_eq!(build::cell_cap(10, 100), 100);
}

#[test]
fn hostile_configurations_are_typed_errors() {
    let t = [SoupTriangle::new([
        [0.0, 0.0, 0.0],
        [9.0, 0.0, 0.0],
        [0.0, 9.0, 0.0],
    ])];
    for (config, field) in [
        (
            BuildConfig {
                margin: 1e30,
                ..BuildConfig::default()
            },
            "config.margin",
        ),
        (
            BuildConfig {
                margin: 1.5,
                ..BuildConfig::default()
            },
            "config.margin",
        ),
        (
            BuildConfig {
                max_cells: usize::MAX,
                ..BuildConfig::default()
            },
            "config.max_cells",
        ),
    ] {
        let e = build::from_soup(&t, &config, "cfg").expect_err("refused");
        assert!(matches!(e, MeshError::Inconsistent { .. }), "{e}");
        assert_eq!(e.place(), Some(&Place::Field { path: field.into() }), "{e}");
    }
    // The largest margin and cell count accepted still build.
    let edge = BuildConfig {
        margin: build::MAX_MARGIN,
        max_cells: build::MAX_CELLS_LIMIT,
        ..BuildConfig::default()
    };
    build::from_soup(&t, &edge, "cfg").expect("builds");
}

/// The street soup of 125,856 triangles reads in full (the format holds
/// 65,535, so it is not one mesh); its first 8 × 8 blocks (55,936) make a
/// mesh. Timings are in the `obj` module's docs (`examples/obj_speed.rs`).
#[test]
fn the_street_soup_reads() {
    let text = street_obj::street_obj(12);
    let (soup, report) = obj::read_str(&text, "street.obj", &ObjOptions::default()).expect("read");
    assert_eq!(soup.len(), 144 * street_obj::TRIANGLES_PER_BLOCK);
    assert_eq!(soup.len(), 125_856);
    assert!(report.is_clean(), "{report}");
    let e = obj::import_str(&text, "street.obj", &ObjOptions::default()).expect_err("too many");
    assert!(
        matches!(e, MeshError::TooMany { count: 125_856, .. }),
        "{e}"
    );
    let part = street_obj::street_obj(8);
    let mesh = obj::import_str(&part, "street8.obj", &ObjOptions::default()).expect("mesh");
    assert_eq!(mesh.triangles().len(), 64 * street_obj::TRIANGLES_PER_BLOCK);
    // Roads are ASHPHALT (usemtl), kerbs CONCRETE with area 2 (group words).
    assert_eq!(mesh.triangles()[0].material, Material::ASHPHALT);
    assert_eq!(mesh.triangles()[288].material, Material::CONCRETE);
    assert_eq!(mesh.triangles()[288].area, 2);
}

/// The column-by-column listing misses no cell: every cell of every axis,
/// for seeded soups of slivers, big and small triangles, flat and
/// three-dimensional grids, holds exactly the triangles the builder's test
/// says touch it.
#[test]
fn the_listing_is_the_exhaustive_one() {
    let mut g = Xorshift(0x1234_5678_9abc_def0);
    let mut next = move || g.range(0.0, 1.0) as f32;
    for round in 0..24 {
        let flat = round % 2 == 0;
        let mut soup = Vec::new();
        for k in 0..30 {
            let a = [next() * 60.0, next() * 60.0, next() * 20.0];
            let (b, c) = if k % 3 == 0 {
                // A long sliver.
                let b = [next() * 60.0, next() * 60.0, next() * 20.0];
                (b, [b[0] + 0.01, b[1] - 0.02, b[2] + 0.01])
            } else {
                let r = if k % 3 == 1 { 3.0 } else { 40.0 };
                (
                    [
                        a[0] + next() * r,
                        a[1] + next() * r,
                        a[2] + next() * r * 0.3,
                    ],
                    [
                        a[0] - next() * r,
                        a[1] + next() * r,
                        a[2] - next() * r * 0.3,
                    ],
                )
            };
            soup.push(SoupTriangle::new([a, b, c]));
        }
        let config = BuildConfig {
            cell_size: 2.0 + next() * 6.0,
            flat_z: flat,
            margin: [0.0, 1.0 / 64.0, 0.3][round % 3],
            ..BuildConfig::default()
        };
        let mesh = build::from_soup(&soup, &config, "soup").expect("build");
        let [nx, ny, nz] = mesh.grid().dims();
        for x in 0..nx {
            for y in 0..ny {
                for z in 0..nz {
                    let cell = [x, y, z];
                    for t in 0..soup.len() {
                        let listed = mesh.cell_triangles(cell).contains(&(t as u16));
                        assert_eq!(
                            listed,
                            details::triangle_touches_cell(&mesh, t, cell, config.margin),
                            "round {round}, triangle {t}, cell {cell:?}"
                        );
                    }
                }
            }
        }
    }
}
