//! `cargo xtask level`: each loader's form of the hand-made level file
//! (`fixtures/mesh/README.md`: three triangles, the second with flags
//! `0xf00d`, the third two-sided `RAILING`, a 3 × 2 × 1 grid), the picture,
//! and the failure path.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xtask-level");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn last_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_owned()
}

#[test]
fn level_file_summary_and_picture() {
    let lev = root().join("fixtures/mesh/hand-made.lev");
    let svg = tmp("hand-made.svg");
    let o = xtask(&[
        "level",
        lev.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(last_line(&o), "loaded 3 triangles (0 skipped)");
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
/// with their numbers, one picture a tile, and the last line's total.
#[test]
fn an_obj_above_65535_triangles_loads_in_tiles() {
    let n = 190;
    let mut text = String::new();
    for j in 0..=n {
        for i in 0..=n {
            text.push_str(&format!("v {i} {j} 0\n"));
        }
    }
    let at = |i: usize, j: usize| j * (n + 1) + i + 1;
    text.push_str("l 1 2\nf 1 2\n");
    for j in 0..n {
        for i in 0..n {
            text.push_str(&format!(
                "f {} {} {} {}\n",
                at(i, j),
                at(i + 1, j),
                at(i + 1, j + 1),
                at(i, j + 1)
            ));
        }
    }
    let obj = tmp("big.obj");
    std::fs::write(&obj, text).unwrap();
    let svg = tmp("big.svg");
    let o = xtask(&[
        "level",
        obj.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(last_line(&o), "loaded 72200 triangles (2 skipped)");
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
/// sidecar the two names the game does not know are reported by line.
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
    let o = xtask(&[
        "level",
        obj.to_str().unwrap(),
        "--y-up",
        "--sidecar",
        sidecar.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(last_line(&o), "loaded 71552 triangles (0 skipped)");
    assert!(out.contains("tiles: 2"), "{out}");
    assert_eq!(material_total(&out, "GRASS"), 70_688 - 5_264, "{out}");
    assert_eq!(material_total(&out, "ASHPHALT"), 5_264, "{out}");
    assert_eq!(material_total(&out, "CONCRETE"), 144 + 720, "{out}");
    // y-up read as z-up: the towers' tops (centre 5 m up, 10 m tall) are
    // the highest points.
    assert!(out.contains("max [-5e-6, 79.99999, 10.0]"), "{out}");

    let o = xtask(&["level", obj.to_str().unwrap(), "--y-up"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(last_line(&o), "loaded 71552 triangles (25 skipped)");
    assert!(out.contains("line 68440, `usemtl`"), "{out}");
    assert!(out.contains("line 71083, `usemtl`"), "{out}");
}
