//! `cargo xtask level`: each loader's form of the hand-made level file
//! (`fixtures/mesh/README.md`: three triangles, the second with flags
//! `0xf00d`, the third two-sided `RAILING`, a 3 × 2 × 1 grid), the picture,
//! and the failure path.

use std::path::PathBuf;
use std::process::Output;

mod common;
use common::{quad_grid_obj, root, xtask};

fn tmp(name: &str) -> PathBuf {
    common::scratch("xtask-level", name)
}

fn last_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_owned()
}

/// The output of `cargo xtask level` with `args`, checking that it
/// succeeds and that its last line is `last`.
#[track_caller]
fn level_ok(args: &[&str], last: &str) -> String {
    let o = xtask(&[&["level"], args].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(last_line(&o), last);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn level_file_summary_and_picture() {
    let lev = root().join("fixtures/mesh/hand-made.lev");
    let svg = tmp("hand-made.svg");
    let out = level_ok(
        &[lev.to_str().unwrap(), "--svg", svg.to_str().unwrap()],
        "loaded 3 triangles (0 skipped)",
    );
    assert!(out.contains("grid: [3, 2, 1] cells"), "{out}");
    assert!(out.contains("122 RAILING ×1"), "{out}");
    assert!(out.contains("1 two-sided"), "{out}");
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(pic.matches("data-index=").count(), 3);
    // 0xf00d: bits 14-15 hold 3.
    assert_eq!(pic.matches("data-corner-edge=\"3\"").count(), 1);
    assert!(pic.contains("class=\"lt two-sided\""));
    // 3 + 1 lines across x and 2 + 1 across y.
    assert_eq!(pic.matches("class=\"grid\"").count(), 7);
}

#[test]
fn every_form_loads() {
    let mesh = collision_mesh::chunks::read_level_file(&root().join("fixtures/mesh/hand-made.lev"))
        .unwrap();
    let ron = tmp("hand-made.ron");
    collision_mesh::ron_text::save(&mesh, &ron).unwrap();
    let bin = tmp("hand-made.bin");
    collision_mesh::binary::save(&mesh, &bin).unwrap();
    let obj = tmp("floor.obj");
    std::fs::write(
        &obj,
        "v 0 0 0\nv 10 0 0\nv 0 10 0\nv 10 10 0\nf 1 2 3\nf 2 4 3\n",
    )
    .unwrap();
    for (file, n) in [(&ron, 3), (&bin, 3), (&obj, 2)] {
        let o = xtask(&["level", file.to_str().unwrap()]);
        assert!(
            o.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(last_line(&o), format!("loaded {n} triangles (0 skipped)"));
    }
}

#[test]
fn a_bad_file_is_a_typed_error_and_exit_1() {
    let missing = tmp("missing.lev");
    let o = xtask(&["level", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Io {"), "{err}");
    let junk = tmp("junk.lev");
    std::fs::write(&junk, [1u8, 0, 0, 0, 0, 0]).unwrap();
    let o = xtask(&["level", junk.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Truncated"), "{err}");
    let bad_obj = tmp("bad.obj");
    std::fs::write(&bad_obj, "v 0 0 0\nv 1 0 zz\nv 0 1 0\nf 1 2 3\n").unwrap();
    let o = xtask(&["level", bad_obj.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
}

/// An OBJ past the format's 65,535 triangles a mesh (a 190 × 190 grid of
/// quads, 72,200 triangles, with a polyline and a two-corner face the
/// reader skips) loads as tiles: the summary of each, the skipped lines
/// with their numbers, one picture a tile, and the last line's total (one
/// face skipped; the polyline is no face, divergence 373).
#[test]
fn an_obj_above_65535_triangles_loads_in_tiles() {
    let n = 190;
    let text = quad_grid_obj(n, |_| 0, "l 1 2\nf 1 2\n");
    let obj = tmp("big.obj");
    std::fs::write(&obj, text).unwrap();
    let svg = tmp("big.svg");
    let out = level_ok(
        &[obj.to_str().unwrap(), "--svg", svg.to_str().unwrap()],
        "loaded 72200 triangles (1 skipped)",
    );
    assert!(
        out.contains("1 faces skipped, 1 other lines skipped, 0 unknown material names"),
        "{out}"
    );
    assert!(out.contains("tiles: 2"), "{out}");
    assert!(out.contains("tile 1:"), "{out}");
    let lines = (n + 1) * (n + 1) + 1;
    assert!(out.contains(&format!("line {lines}, `l`")), "{out}");
    assert!(out.contains(&format!("line {}, `f`", lines + 1)), "{out}");
    assert!(svg.exists() && svg.with_extension("tile1.svg").exists());
}

/// Sums the `×N` counts of material `name` over every tile's `materials:`
/// line.
fn material_total(out: &str, name: &str) -> usize {
    out.lines()
        .filter(|l| l.starts_with("materials:"))
        .flat_map(|l| l.split(", "))
        .filter(|m| m.contains(&format!(" {name} ×")))
        .filter_map(|m| m.rsplit('×').next()?.parse::<usize>().ok())
        .sum()
}

/// A real Blender export past 65,535 triangles (`fixtures/levels/blender`:
/// Blender 3.4.1's OBJ exporter, quads and 16-gons, y-up, `usemtl` names of
/// its own): loaded with the sidecar, it is the 71,552 triangles counted
/// from the scene in two tiles, with the terrain's, the road's and the
/// buildings' materials as counted there, and nothing skipped; without the
/// sidecar the two names the game does not know are reported, each once
/// with its first line and count (`zcat terrain.obj.gz | grep -n
/// '^usemtl'`: `road` once, line 68440; `brick` 24 times from line 71083;
/// `grass`, a game name, once), and still no face is skipped; strict about
/// geometry it loads the same, and the full strict mode refuses `road`.
#[test]
fn a_blender_export_above_65535_triangles_loads() {
    use std::io::Read;
    let dir = root().join("fixtures/levels/blender");
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(dir.join("terrain.obj.gz")).unwrap())
        .read_to_end(&mut text)
        .unwrap();
    let obj = tmp("terrain.obj");
    std::fs::write(&obj, &text).unwrap();
    let sidecar = dir.join("terrain.ron");
    let out = level_ok(
        &[
            obj.to_str().unwrap(),
            "--y-up",
            "--sidecar",
            sidecar.to_str().unwrap(),
        ],
        "loaded 71552 triangles (0 skipped)",
    );
    assert!(out.contains("tiles: 2"), "{out}");
    assert_eq!(material_total(&out, "GRASS"), 70_688 - 5_264, "{out}");
    assert_eq!(material_total(&out, "ASHPHALT"), 5_264, "{out}");
    assert_eq!(material_total(&out, "CONCRETE"), 144 + 720, "{out}");
    // y-up read as z-up: the towers' tops (centre 5 m up, 10 m tall) are
    // the highest points.
    assert!(out.contains("max [-5e-6, 79.99999, 10.0]"), "{out}");

    for policy in ["lenient", "geometry"] {
        let out = level_ok(
            &[obj.to_str().unwrap(), "--y-up", "--policy", policy],
            "loaded 71552 triangles (0 skipped)",
        );
        assert!(
            out.contains("0 faces skipped, 0 other lines skipped, 2 unknown material names"),
            "{out}"
        );
        assert!(
            out.contains("line 68440, `usemtl`: unknown material `road` (1 `usemtl` lines"),
            "{out}"
        );
        assert!(
            out.contains("line 71083, `usemtl`: unknown material `brick` (24 `usemtl` lines"),
            "{out}"
        );
    }
    let o = xtask(&[
        "level",
        obj.to_str().unwrap(),
        "--y-up",
        "--policy",
        "strict",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 68440, field `usemtl`: `road`"), "{err}");
}

/// The last line's `K` is the faces that gave no triangle: three here (two
/// short, lines 7 and 12, and one cut off by the file's end, line 15), not
/// the polyline, the point, the unknown statement or the unknown name's two
/// `usemtl` lines, which the report lists above it. Strict about geometry,
/// the short face on line 7 is refused.
#[test]
fn the_skipped_count_is_the_faces_skipped() {
    let obj = tmp("skips.obj");
    std::fs::write(
        &obj,
        "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 4 4 0\nusemtl Brick\nf 1 2 4 3\nf 1 2\nl 1 2\n\
         usemtl Brick\nf 2 4 3\np 1\nf 3\nfrobnicate\nf 1 2 3\nf 1 4",
    )
    .unwrap();
    let out = level_ok(&[obj.to_str().unwrap()], "loaded 4 triangles (3 skipped)");
    assert!(
        out.contains(
            "4 vertices, 4 triangles (1 polygons cut into fans), 3 faces skipped, \
             3 other lines skipped, 1 unknown material names"
        ),
        "{out}"
    );
    assert!(
        out.contains("line 15, `f`: the file ends inside this face"),
        "{out}"
    );
    let o = xtask(&["level", obj.to_str().unwrap(), "--policy", "geometry"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 7, field `f`"), "{err}");
}
