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
