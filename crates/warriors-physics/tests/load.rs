//! Every form loads through the record layer's loaders, and their typed
//! errors come back as they are.

use warriors_physics::prelude::*;
use warriors_physics::record::{binary, obj, ron_text};
use warriors_physics::{MeshError, Place};

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(name)
}

/// The hand-made level file (fixtures/mesh/README.md): three triangles on
/// the square 0..10 × 0..10 at z = 0, one of them degenerate.
#[test]
fn the_console_chunks_load() {
    let level = Level::<f32>::load_level_file(fixture("mesh/hand-made.lev")).unwrap();
    assert_eq!(level.tile_count(), 1);
    assert_eq!(level.triangle_count(), 3);
    let mut hits = 0;
    for i in 0..10 {
        for j in 0..10 {
            let p = Point3::new(i as f32 + 0.5, j as f32 + 0.37, 2.0);
            if let Some(h) = level
                .cast_ray(p, -Vector3::<f32>::z_axis(), 5.0, &RayFilter::default())
                .unwrap()
            {
                hits += 1;
                assert_eq!(h.distance, 2.0);
                assert_eq!(h.point.z, 0.0);
                assert_eq!(h.triangle.tile, 0);
            }
        }
    }
    assert!(hits > 0);
}

#[test]
fn a_missing_level_file_is_an_io_error() {
    let err = Level::<f32>::load_level_file(fixture("mesh/no-such.lev")).unwrap_err();
    assert!(matches!(err, MeshError::Io { ref file, .. } if file.ends_with("no-such.lev")));
}

const OBJ: &str = "\
v 0 0 0
v 10 0 0
v 10 10 0
v 0 10 0
g floor
f 1 2 3
f 1 3 4
";

#[test]
fn obj_ron_and_binary_give_the_same_level() {
    let mut a =
        Level::<f32>::from_obj_str(OBJ, "yard.obj", &ObjOptions::default(), 65_535).unwrap();
    let mesh = a.mesh(0).unwrap().clone();
    let text = ron_text::to_string(&mesh).unwrap();
    let mut b = Level::<f32>::from_ron_str(&text, "yard.ron").unwrap();
    let mut c = Level::<f32>::from_binary(&binary::to_bytes(&mesh), "yard.bin").unwrap();
    let exported = obj::export(&mesh);
    let mut d =
        Level::<f32>::from_obj_str(&exported, "again.obj", &ObjOptions::default(), 65_535).unwrap();
    for level in [&mut a, &mut b, &mut c, &mut d] {
        let hit = level
            .cast_sphere([3.0, 4.0, 2.0], 0.5, [0.0, 0.0, -2.0])
            .unwrap()
            .unwrap();
        // From 2 m up, radius 0.5: it touches after 1.5 m of the 2 m move.
        assert_eq!(hit.fraction, 0.75);
        assert_eq!(hit.point, Point3::new(3.0, 4.0, 0.0));
    }
}

#[test]
fn a_bad_obj_line_names_its_line() {
    let bad = "v 0 0 0\nv 1 0 0\nv nan-ish 1 0\nf 1 2 3\n";
    let err =
        Level::<f32>::from_obj_str(bad, "bad.obj", &ObjOptions::default(), 65_535).unwrap_err();
    match err {
        MeshError::BadLine {
            at: Place::ObjLine { line, .. },
            ..
        }
        | MeshError::NonFinite {
            at: Place::ObjLine { line, .. },
            ..
        } => assert_eq!(line, 3),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_ron_names_line_and_column() {
    let err = Level::<f32>::from_ron_str("(vertices: [", "bad.ron").unwrap_err();
    assert!(matches!(err, MeshError::Ron { line: 1, .. }), "{err:?}");
}

#[test]
fn an_empty_soup_is_refused() {
    let err = Level::<f32>::from_soup(&[], &LevelConfig::default(), "empty").unwrap_err();
    assert!(matches!(err, MeshError::Empty { .. }));
}

#[test]
fn a_non_finite_corner_names_its_triangle_in_a_large_soup() {
    let mut soup =
        vec![SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]); 70_000];
    soup[68_000].corners[1][2] = f32::NAN;
    let err = Level::<f32>::from_soup(&soup, &LevelConfig::default(), "big").unwrap_err();
    match err {
        MeshError::NonFinite {
            at: Place::Field { path },
            ..
        } => {
            assert_eq!(path, "soup[68000].corners[1][2]");
        }
        other => panic!("{other:?}"),
    }
}

// Loading a user's level: the import report beside the level, the modes of
// the OBJ reader, the level's box (divergences 370 to 374).

use test_support::both_modes;
use warriors_physics::{MaterialMap, Strictness, UnknownName};

/// A file with a known number of skipped lines (the record layer's
/// `tests/obj_policy.rs` works its report by hand): three faces that give
/// no triangle (lines 7 and 12 short, line 15 cut off by the end), three
/// other lines, one unknown name on two `usemtl` lines.
const SKIPS: &str = "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 4 4 0\nusemtl Brick\nf 1 2 4 3\nf 1 2\nl 1 2\n\
                     usemtl Brick\nf 2 4 3\np 1\nf 3\nfrobnicate\nf 1 2 3\nf 1 4";

/// Writes `text` as `name` in a scratch folder of its own. Each call gets a
/// new folder: the two float modes' copies of a test run side by side and
/// would otherwise read a file the other is rewriting.
fn temp_obj(name: &str, text: &str) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("wp-load-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn geometry() -> ObjOptions {
    ObjOptions {
        strictness: Strictness::Geometry,
        ..ObjOptions::default()
    }
}

/// The report `load_obj_with_report` and `from_obj_str_with_report` return
/// is the record layer's `obj::read_str` report of the same text and name,
/// and the level is the one `from_obj_str` makes.
fn the_report_is_the_record_layers<R: Real>() {
    let path = temp_obj("skips.obj", SKIPS);
    let file = path.display().to_string();
    let options = ObjOptions::default();
    let (_, expected) = obj::read_str(SKIPS, &file, &options).unwrap();
    let (level, report) = Level::<R>::load_obj_with_report(&path, &options).unwrap();
    assert_eq!(report, expected);
    assert_eq!(level.triangle_count(), 4);
    assert_eq!((report.skipped_faces(), report.skipped_other()), (3, 3));
    assert_eq!(
        report.unknown_materials,
        [UnknownName {
            name: "Brick".to_owned(),
            count: 2,
            first_line: 5
        }]
    );
    let (level2, report2) =
        Level::<R>::from_obj_str_with_report(SKIPS, &file, &options, 65_535).unwrap();
    assert_eq!(report2, expected);
    let plain = Level::<R>::from_obj_str(SKIPS, &file, &options, 65_535).unwrap();
    for other in [&level2, &plain] {
        assert!(level.meshes().eq(other.meshes()));
    }
    // The summary line counts what it names.
    assert!(
        report.to_string().starts_with(&format!(
            "{file}: 4 vertices, 4 triangles (1 polygons cut into fans), 3 faces skipped, \
             3 other lines skipped, 1 unknown material names\n"
        )),
        "{report}"
    );
}

/// A face cut off by the file's end is refused by both strict modes, the
/// error naming the file, the line and the field; the lenient mode loads
/// the rest and reports it.
#[test]
fn a_cut_off_face_is_refused_with_file_and_line() {
    let text = "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\nf 3 2";
    let path = temp_obj("cut.obj", text);
    let file = path.display().to_string();
    for options in [
        geometry(),
        ObjOptions {
            strict: true,
            ..ObjOptions::default()
        },
    ] {
        let e = Level::<f32>::load_obj_with_report(&path, &options).unwrap_err();
        assert!(matches!(e, MeshError::CutOff { .. }), "{e:?}");
        assert_eq!(e.file(), file);
        assert_eq!(
            e.place(),
            Some(&Place::ObjLine {
                line: 5,
                field: "f".to_owned()
            })
        );
        assert!(
            e.to_string()
                .starts_with(&format!("{file}: line 5, field `f`: the file ends inside")),
            "{e}"
        );
    }
    let (level, report) =
        Level::<f32>::load_obj_with_report(&path, &ObjOptions::default()).unwrap();
    assert_eq!(level.triangle_count(), 1);
    assert_eq!(report.skipped_faces(), 1);
}

/// Unknown `usemtl` names: listed by the mode strict about geometry (the
/// level loads), refused by the full strict mode; a caller's table maps
/// them without regard to case.
#[test]
fn unknown_names_are_listed_or_refused_and_a_table_maps_them() {
    let text = "v 0 0 0\nv 4 0 0\nv 0 4 0\nusemtl ROAD\nf 1 2 3\nusemtl Glass\nf 1 3 2\n";
    let (level, report) =
        Level::<f32>::from_obj_str_with_report(text, "u.obj", &geometry(), 65_535).unwrap();
    assert_eq!(level.triangle_count(), 2);
    assert_eq!(report.unknown_materials.len(), 1);
    assert_eq!(report.unknown_materials[0].name, "ROAD");
    let strict = ObjOptions {
        strict: true,
        ..ObjOptions::default()
    };
    let e = Level::<f32>::from_obj_str_with_report(text, "u.obj", &strict, 65_535).unwrap_err();
    assert_eq!(
        e.place(),
        Some(&Place::ObjLine {
            line: 4,
            field: "usemtl".to_owned()
        })
    );
    let mapped = ObjOptions {
        materials: MaterialMap::new().with("road", Material::ASHPHALT),
        ..strict
    };
    let (level, report) =
        Level::<f32>::from_obj_str_with_report(text, "u.obj", &mapped, 65_535).unwrap();
    assert!(report.is_clean(), "{report}");
    let materials: Vec<Material> = level
        .mesh(0)
        .unwrap()
        .triangles()
        .iter()
        .map(|t| t.material)
        .collect();
    // ASHPHALT 6, then the game's GLASS 2 (`Glass`, any case).
    assert_eq!(materials, [Material(6), Material(2)]);
}

/// The box of a level's triangles, worked by hand: corners
/// x ∈ {−2, 3, 0, 1, 2, 0}, y ∈ {1, 1, 4, −5, 0, 0}, z ∈ {0.5, 0, 0, 2,
/// 7.25, 0}: min (−2, −5, 0), max (3, 4, 7.25).
fn bounds_of_a_hand_made_level<R: Real>() {
    let soup = [
        SoupTriangle::new([[-2.0, 1.0, 0.5], [3.0, 1.0, 0.0], [0.0, 4.0, 0.0]]),
        SoupTriangle::new([[1.0, -5.0, 2.0], [2.0, 0.0, 7.25], [0.0, 0.0, 0.0]]),
    ];
    let level = Level::<R>::from_soup(&soup, &LevelConfig::default(), "box").unwrap();
    assert_eq!(
        level.bounds(),
        Some((Point3::new(-2.0, -5.0, 0.0), Point3::new(3.0, 4.0, 7.25)))
    );
}

/// A level cut into tiles of two triangles: its box is the union of the
/// tiles' (seven triangles in a row along x, triangle k over x ∈ [4k,
/// 4k + 3], y ∈ [0, 2] but the last reaching y = −1 and the fourth
/// z = 9): min (0, −1, 0), max (27, 2, 9), in no one tile.
fn bounds_of_a_tiled_level<R: Real>() {
    let mut soup: Vec<SoupTriangle> = (0..7)
        .map(|k| {
            let x = 4.0 * k as f32;
            SoupTriangle::new([[x, 0.0, 0.0], [x + 3.0, 0.0, 0.0], [x, 2.0, 0.0]])
        })
        .collect();
    soup[6].corners[1][1] = -1.0;
    soup[3].corners[2][2] = 9.0;
    let config = LevelConfig {
        max_tile_triangles: 2,
        ..LevelConfig::default()
    };
    let level = Level::<R>::from_soup(&soup, &config, "row").unwrap();
    assert!(level.tile_count() >= 4, "{}", level.tile_count());
    let expected = (Point3::new(0.0, -1.0, 0.0), Point3::new(27.0, 2.0, 9.0));
    assert_eq!(level.bounds(), Some(expected));
    // No tile alone spans it.
    for mesh in level.meshes() {
        let one = Level::<R>::from_mesh(mesh.clone()).bounds().unwrap();
        assert_ne!(one, expected);
    }
}

both_modes!(
    the_report_is_the_record_layers,
    bounds_of_a_hand_made_level,
    bounds_of_a_tiled_level,
);

/// Hostile text in every mode through the facade: a typed error or a
/// level, never a panic.
#[test]
fn bad_obj_input_never_panics() {
    let texts = [
        "",
        "f",
        "f 1 2 3",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 \\",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -4 1 2\n",
        "v 1e38 1e38 0\nv -1e38 0 0\nv 0 -1e38 0\nf 1 2 3\n",
        "v 0 0 nan\n",
        "v 0 0 0 0\n",
        "usemtl\n",
        "g x mat=NOPE\n",
        "\u{feff}\r\n\\",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl Brick\nf 1/2/3 2 3\n",
    ];
    for text in texts {
        for options in [
            ObjOptions::default(),
            geometry(),
            ObjOptions {
                strict: true,
                ..ObjOptions::default()
            },
        ] {
            match Level::<f32>::from_obj_str_with_report(text, "h.obj", &options, 2) {
                Ok((level, report)) => {
                    assert_eq!(level.triangle_count(), report.triangles, "{text:?}");
                    assert!(level.bounds().is_some());
                }
                Err(e) => assert_eq!(e.file(), "h.obj", "{text:?}"),
            }
        }
    }
}

/// `Quirks::mesh.enable_on_load` reaches the facade's loaders: a level file
/// whose first triangle is stored disabled (its flags word at `+0x06`
/// cleared) loads with every triangle enabled under the console's quirks,
/// and keeps that triangle off under `Quirks::corrected()` (divergence
/// 504). The other two keep their stored (enabled) bit either way.
#[test]
fn loading_with_corrected_quirks_keeps_a_stored_disabled_triangle() {
    use warriors_physics::record::chunks::MeshChunks;
    use warriors_physics::{Quirks, TriangleId};
    let path = fixture("mesh/hand-made.lev");
    let bytes = std::fs::read(&path).unwrap();
    let mut chunks = MeshChunks::from_container(&bytes, "hand-made.lev").unwrap();
    chunks.triangles[6] &= !0x01;
    let dir = std::env::temp_dir().join(format!("warriors-load-quirks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    chunks.write_dir(&dir).unwrap();
    let file = dir.join("patched.lev");
    std::fs::write(&file, chunks.to_container()).unwrap();

    let enabled = |level: &Level<f32>| {
        (0..3)
            .map(|i| level.triangle(TriangleId::new(0, i)).unwrap().flags.bits() & 1 == 1)
            .collect::<Vec<_>>()
    };
    let console = Level::<f32>::load_level_file(&file).unwrap();
    assert_eq!(enabled(&console), [true, true, true]);
    let corrected = Level::<f32>::load_level_file_with(&file, &Quirks::corrected()).unwrap();
    assert_eq!(enabled(&corrected), [false, true, true]);
    let from_dir = Level::<f32>::load_chunks_dir_with(&dir, &Quirks::corrected()).unwrap();
    assert_eq!(enabled(&from_dir), [false, true, true]);
    let _ = std::fs::remove_dir_all(&dir);
}
