//! `cargo xtask diff` and `cargo xtask view FILE` as a user runs them:
//!
//! * the committed snapshots against a copy: all equal and exit 0; with
//!   one field moved by 3 ulps, that field and nothing else, exit 1, and
//!   exit 0 again with `--ulps 3`; a malformed copy, exit 2 naming the file
//!   and line; `--html` writes the page with both pictures; the committed
//!   fixtures evaluated now against the committed snapshots: all equal;
//! * `view` on each level form `level` reads (a level file, RON, the binary
//!   form, a chunk folder, OBJ, an OBJ past 65,535 triangles in two tiles), `--around`
//!   and its validation, and a case name still drawing the case.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::{quad_grid_obj, root, xtask};

fn tmp(name: &str) -> PathBuf {
    common::scratch("xtask-diff", name)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A copy of `fixtures/golden`'s snapshots; their count.
fn copy_golden(name: &str) -> (PathBuf, usize) {
    let dir = tmp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut n = 0;
    for e in std::fs::read_dir(root().join("fixtures/golden")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "snap") {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
            n += 1;
        }
    }
    (dir, n)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn diff_finds_a_seeded_change_and_nothing_else() {
    let golden = root().join("fixtures/golden");
    let (copy, n) = copy_golden("seeded");
    let o = xtask(&["diff", s(&golden), s(&copy)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        format!("{n} cases equal, 0 differ, 0 only in A, 0 only in B\n")
    );

    // Unit 5 row 1's f32 contact fraction, 3 ulps up.
    let file = copy.join("unit5__unit5_row01_face.snap");
    let text = std::fs::read_to_string(&file).unwrap();
    let key = "\"contact.fraction\": \"";
    let at = text.find(key).unwrap() + key.len();
    let end = at + text[at..].find('"').unwrap();
    let old: f32 = text[at..end].parse().unwrap();
    let new = f32::from_bits(old.to_bits() + 3);
    std::fs::write(&file, format!("{}{new:?}{}", &text[..at], &text[end..])).unwrap();
    let o = xtask(&["diff", s(&golden), s(&copy)]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "differs: unit5__unit5_row01_face: 1 fields beyond the tolerance, 0 within".to_owned(),
            format!(
                "  f32: field contact.fraction: A {:?} (0x{:08x}), B {:?} (0x{:08x}), 3 ulps, abs {:e}",
                old,
                old.to_bits(),
                new,
                new.to_bits(),
                f64::from(new) - f64::from(old)
            ),
            format!("{} cases equal, 1 differ, 0 only in A, 0 only in B", n - 1),
        ]
    );
    let o = xtask(&["diff", s(&golden), s(&copy), "--ulps", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with(&format!(
        "{n} cases equal, 0 differ, 0 only in A, 0 only in B\n"
    )));

    // The committed run's f32 fields against its own Ee32 ones: Unit 5's
    // table edge 9 has out.y 0x3f3504f4 in f32 and 0x3f3504f3 in Ee32.
    let o = xtask(&["diff", s(&golden), s(&golden), "--modes", "f32:ee32"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains(
        "differs: unit5__unit5_table_edge_9: 2 fields beyond the tolerance, 0 within\n  f32/ee32: field out.y: A 0.7071068 (0x3f3504f4), B 0.70710677 (0x3f3504f3), 1 ulps"
    ));

    // The page: both runs' pictures of the case.
    let html = tmp("seeded-html");
    let o = xtask(&["diff", s(&golden), s(&copy), "--html", s(&html)]);
    assert_eq!(o.status.code(), Some(1));
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert_eq!(page.matches("<section class=\"diff-case\"").count(), 1);
    assert_eq!(page.matches("<div class=\"side\"").count(), 2);
    assert_eq!(page.matches("<svg").count(), 2, "both pictures");
}

#[test]
fn diff_errors_are_typed_and_exit_2() {
    let golden = root().join("fixtures/golden");
    let (copy, _) = copy_golden("malformed");
    let file = copy.join("pairs__pairs_physics_ray_capsule_top.snap");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("\"ret\": \"1\",", "\"ret\" \"1\",")).unwrap();
    let o = xtask(&["diff", s(&golden), s(&copy)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "{}:11: field `f32`: expected `:` after the field name `ret`",
            file.display()
        )),
        "{err}"
    );
    for (args, says) in [
        (vec!["diff", s(&golden)], "name two runs"),
        (
            vec!["diff", s(&golden), s(&golden), "--abs", "-1"],
            "--abs `-1`",
        ),
        (
            vec!["diff", s(&golden), s(&golden), "--ulps", "x"],
            "--ulps `x`",
        ),
        (
            vec!["diff", s(&golden), s(&golden), "--modes", "f32:e"],
            "`e` is not f32 or ee32",
        ),
        (
            vec!["diff", s(&golden), s(&golden), "--modes", "f32"],
            "expected A:B",
        ),
    ] {
        let o = xtask(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains(says),
            "{args:?}"
        );
    }
}

#[test]
fn the_committed_fixtures_evaluated_now_equal_their_snapshots() {
    let golden = root().join("fixtures/golden");
    let fixtures = format!(
        "{},{}",
        root().join("fixtures/kernels").display(),
        root().join("fixtures/scenarios").display()
    );
    let o = xtask(&["diff", "--fixtures", &fixtures, s(&golden)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let n = std::fs::read_dir(&golden)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "snap")
        })
        .count();
    assert_eq!(
        stdout(&o),
        format!("{n} cases equal, 0 differ, 0 only in A, 0 only in B\n")
    );
}

#[test]
fn view_draws_every_level_form_in_one_picture() {
    let lev = root().join("fixtures/mesh/hand-made.lev");
    let mesh = collision_mesh::chunks::read_level_file(&lev).unwrap();
    let ron = tmp("hand-made.ron");
    collision_mesh::ron_text::save(&mesh, &ron).unwrap();
    let bin = tmp("hand-made.bin");
    collision_mesh::binary::save(&mesh, &bin).unwrap();
    let chunks = tmp("hand-made-chunks");
    let _ = std::fs::remove_dir_all(&chunks);
    std::fs::create_dir_all(&chunks).unwrap();
    collision_mesh::chunks::MeshChunks::encode(&mesh)
        .write_dir(&chunks)
        .unwrap();
    for file in [lev.clone(), ron, bin, chunks] {
        let svg = tmp("form.svg");
        let o = xtask(&["view", s(&file), "--svg", s(&svg)]);
        assert!(
            o.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            stdout(&o).ends_with("level: 1 tiles, 3 of 3 triangles drawn\n"),
            "{}",
            stdout(&o)
        );
        let pic = std::fs::read_to_string(&svg).unwrap();
        assert!(pic.contains(r#"data-tiles="1" data-triangles="3""#));
        assert!(pic.contains("122 RAILING: 1"), "the railing's material");
    }

    // An OBJ past 65,535 triangles: a 190 × 190 grid of quads rising along
    // x, 72,200 triangles in two tiles.
    let text = quad_grid_obj(190, |i| i / 10, "usemtl tarmac\n");
    let obj = tmp("big.obj");
    std::fs::write(&obj, text).unwrap();
    let sidecar = tmp("big.ron");
    std::fs::write(&sidecar, "(materials: { \"tarmac\": 6 })").unwrap();
    let html = tmp("big.html");
    let o = xtask(&[
        "view",
        s(&obj),
        "--sidecar",
        s(&sidecar),
        "--html",
        s(&html),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).ends_with("level: 2 tiles, 72200 of 72200 triangles drawn\n"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<g class=\"tile\"").count(), 2);
    assert_eq!(page.matches("<polygon class=\"seam\"").count(), 2);
    assert!(page.contains("6 ASHPHALT (usemtl tarmac): 72200"));
    // Heights 0 to 19 in ten bands: the lowest and the highest both used.
    assert!(page.contains("class=\"lt h0 m6\"") && page.contains("class=\"lt h9 m6\""));

    // --around: the square 4..6 × 4..6 of the level file's 10 × 10 square.
    let svg = tmp("around.svg");
    let o = xtask(&["view", s(&lev), "--around", "5,5,1", "--svg", s(&svg)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("around (5, 5) r 1"));
    for (bad, says) in [
        ("5,5,0", "r `0` is not above 0"),
        ("5,5", "2 values"),
        ("5,inf,1", "not finite"),
    ] {
        let o = xtask(&["view", s(&lev), "--around", bad, "--svg", s(&svg)]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{bad}");
    }
    // A missing level file is the loader's error, exit 1.
    let o = xtask(&["view", s(&tmp("stadium.obj")), "--svg", s(&svg)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("stadium.obj"));
    // A scenario's name still draws the scenario.
    let o = xtask(&["view", "throw_wall", "--tick", "11", "--svg", s(&svg)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("data-tick=\"11\""));
}
