//! The OBJ reader's modes ([`Strictness`]): a face cut off by the file's
//! end, unknown `usemtl` names listed or refused, the material tables read
//! without regard to case, the report's counts, and bad input that never
//! panics (divergences 370 to 373).

#[path = "support/obj_text.rs"]
mod obj_text;

use collision_mesh::obj::{
    self, ImportReport, MaterialMap, ObjOptions, Sidecar, SkipReason, Strictness, UnknownName,
};
use collision_mesh::{Material, MeshError};
use obj_text::{obj_place, one_triangle_skipping, skipped, strict, TRI};
use proptest::prelude::*;

fn mode(strictness: Strictness) -> ObjOptions {
    ObjOptions {
        strictness,
        ..ObjOptions::default()
    }
}

fn unknown(name: &str, count: usize, first_line: usize) -> UnknownName {
    UnknownName {
        name: name.to_owned(),
        count,
        first_line,
    }
}

/// A file cut off inside its last face (`f 1 2`, no line end): the lenient
/// mode skips it with its own reason, both strict modes refuse it with
/// `MeshError::CutOff` naming the file, the line and the field.
#[test]
fn a_face_cut_off_at_the_end_is_refused_by_both_strict_modes() {
    let text = format!("{TRI}f 1 2 3\nf 1 2");
    let cut = skipped(5, "f", SkipReason::CutOffFace { corners: 2 });
    let report = one_triangle_skipping(&text, "cut.obj", &[cut]);
    assert_eq!(report.skipped_faces(), 1);
    for options in [mode(Strictness::Geometry), strict()] {
        let e = obj::read_str(&text, "cut.obj", &options).expect_err("refused");
        assert!(matches!(e, MeshError::CutOff { .. }), "{e:?}");
        assert_eq!(e.file(), "cut.obj");
        assert_eq!(e.place(), Some(&obj_place(5, "f")), "{e}");
        let shown = e.to_string();
        assert!(
            shown.starts_with(
                "cut.obj: line 5, field `f`: the file ends inside this face: 2 corners read"
            ),
            "{shown}"
        );
    }
}

/// The other ways a file ends inside a face: a last corner cut in two
/// (`-` of a negative index), a line going on with `\` past the end (even
/// with three corners read: the rest of the polygon is missing), a face of
/// no corners. A face of three corners with no line end after it is whole
/// (many exporters end the last line so), and a short face followed by a
/// line end (CRLF too) is a short face, not a cut one.
#[test]
fn the_ways_a_face_is_cut_off() {
    let cases: &[(&str, usize)] = &[
        ("f 1 2 -", 2),
        ("f 1 2 3 \\", 3),
        ("f 1 2 3 \\\n", 3),
        ("f", 0),
    ];
    for &(last, corners) in cases {
        let text = format!("{TRI}{last}");
        let (soup, report) = obj::read_str(&text, "c.obj", &ObjOptions::default()).expect(last);
        assert!(soup.is_empty(), "{last:?}");
        assert_eq!(
            report.skipped,
            [skipped(4, "f", SkipReason::CutOffFace { corners })],
            "{last:?}"
        );
        let e = obj::read_str(&text, "c.obj", &mode(Strictness::Geometry)).expect_err(last);
        assert!(matches!(e, MeshError::CutOff { .. }), "{last:?}: {e}");
        assert_eq!(e.place(), Some(&obj_place(4, "f")), "{e}");
    }
    // Whole.
    for options in [ObjOptions::default(), mode(Strictness::Geometry), strict()] {
        let (soup, report) =
            obj::read_str(&format!("{TRI}f 1 2 3"), "w.obj", &options).expect("whole");
        assert_eq!(soup.len(), 1);
        assert!(report.is_clean(), "{report}");
    }
    // Short, not cut.
    for end in ["\n", "\r\n"] {
        let text = format!("{TRI}f 1 2{end}");
        let (_, report) = obj::read_str(&text, "s.obj", &ObjOptions::default()).expect("short");
        assert_eq!(
            report.skipped,
            [skipped(4, "f", SkipReason::ShortFace { corners: 2 })]
        );
        let e = obj::read_str(&text, "s.obj", &mode(Strictness::Geometry)).expect_err("short");
        assert!(matches!(e, MeshError::BadLine { .. }), "{e}");
        assert_eq!(e.place(), Some(&obj_place(4, "f")), "{e}");
    }
    // An unreadable corner followed by a line end is an error in every mode.
    let e = obj::read_str(&format!("{TRI}f 1 2 -\n"), "b.obj", &ObjOptions::default())
        .expect_err("bad corner");
    assert!(matches!(e, MeshError::BadLine { .. }), "{e}");
    assert_eq!(e.place(), Some(&obj_place(4, "f v")), "{e}");
}

/// Bad indices and non-finite vertices are refused in every mode, with the
/// line and field.
#[test]
fn broken_geometry_is_refused_in_every_mode() {
    for options in [ObjOptions::default(), mode(Strictness::Geometry), strict()] {
        let e = obj::read_str(&format!("{TRI}f 1 2 4\n"), "i.obj", &options).expect_err("index");
        assert!(
            matches!(
                e,
                MeshError::IndexOutOfRange {
                    index: 4,
                    limit: 3,
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(e.place(), Some(&obj_place(4, "f v")), "{e}");
        let e = obj::read_str("v 0 0 0\nv 1 inf 0\n", "n.obj", &options).expect_err("inf");
        assert!(matches!(e, MeshError::NonFinite { .. }), "{e}");
        assert_eq!(e.place(), Some(&obj_place(2, "v y")), "{e}");
    }
}

/// Strict about geometry, lenient about names: unknown `usemtl` names are
/// listed (each spelling once, with its count and first line) and the file
/// loads; the full strict mode refuses the first; `strict: true` is the
/// full mode whatever `strictness` says.
#[test]
fn unknown_usemtl_names_are_listed_in_the_lenient_modes_and_refused_in_strict() {
    let text = format!(
        "{TRI}usemtl Road\nf 1 2 3\nusemtl brick\nf 1 2 3\nusemtl Road\nf 1 2 3\nusemtl road\nf 1 2 3\n"
    );
    for options in [ObjOptions::default(), mode(Strictness::Geometry)] {
        let (soup, report) = obj::read_str(&text, "u.obj", &options).expect("lenient on names");
        assert_eq!(soup.len(), 4);
        // None known: every triangle keeps the default CONCRETE (5).
        assert!(soup.iter().all(|t| t.attributes.material == Material(5)));
        assert!(report.skipped.is_empty(), "{report}");
        assert_eq!(
            report.unknown_materials,
            [
                unknown("Road", 2, 4),
                unknown("brick", 1, 6),
                unknown("road", 1, 10)
            ]
        );
        assert!(!report.is_clean());
    }
    let refused = [
        strict(),
        ObjOptions {
            strict: true,
            strictness: Strictness::Geometry,
            ..ObjOptions::default()
        },
    ];
    for options in refused {
        assert_eq!(options.policy(), Strictness::Full);
        let e = obj::read_str(&text, "u.obj", &options).expect_err("strict");
        assert!(matches!(e, MeshError::BadLine { .. }), "{e}");
        assert_eq!(e.place(), Some(&obj_place(4, "usemtl")), "{e}");
        assert!(e.to_string().contains("`Road`"), "{e}");
    }
}

/// What each mode does with each kind of line that gives no triangle (the
/// table of the `obj` module's docs).
#[test]
fn what_each_mode_refuses() {
    // (last line, refused by Geometry)
    let cases = [
        ("f 1 2\n", true),
        ("vp 0.5\n", true),
        ("frobnicate 7\n", true),
        ("l 1 2\n", false),
        ("p 1\n", false),
        ("usemtl wood_oak\n", false),
    ];
    for (last, geometry_refuses) in cases {
        let text = format!("{TRI}f 1 2 3\n{last}");
        let lenient = obj::read_str(&text, "m.obj", &ObjOptions::default()).expect(last);
        assert!(!lenient.1.is_clean(), "{last:?}");
        let geometry = obj::read_str(&text, "m.obj", &mode(Strictness::Geometry));
        assert_eq!(
            geometry.is_err(),
            geometry_refuses,
            "{last:?}: {geometry:?}"
        );
        if let Err(e) = geometry {
            assert_eq!(
                e.place().map(|p| p.to_string()),
                Some(format!(
                    "line 5, field `{}`",
                    last.split_whitespace().next().unwrap()
                )),
                "{e}"
            );
            assert!(
                e.to_string().ends_with("(import strict about geometry)"),
                "{e}"
            );
        }
        let e = obj::read_str(&text, "m.obj", &strict()).expect_err(last);
        assert!(e.to_string().ends_with("(strict import)"), "{e}");
    }
    let reasons = [
        SkipReason::ShortFace { corners: 2 },
        SkipReason::CutOffFace { corners: 1 },
        SkipReason::FreeForm,
        SkipReason::Unknown,
        SkipReason::Line,
        SkipReason::Point,
        SkipReason::UnknownMaterial,
    ];
    let geometry: Vec<bool> = reasons
        .iter()
        .map(|&r| Strictness::Geometry.refuses(r))
        .collect();
    assert_eq!(geometry, [true, true, true, true, false, false, false]);
    assert!(reasons.iter().all(|&r| Strictness::Full.refuses(r)));
    assert!(!reasons.iter().any(|&r| Strictness::Lenient.refuses(r)));
    assert_eq!(ObjOptions::default().policy(), Strictness::Lenient);
}

/// `usemtl` names without regard to case: the game's published names
/// (`Steel`, `glass`, `material_railing`), a caller's table (`BRICK`,
/// `Brick`, `brick` one name), a sidecar's names; the sidecar over the
/// caller's table over the game's names.
#[test]
fn usemtl_names_map_without_regard_to_case() {
    let materials: MaterialMap = [("brick", Material(116)), ("Steel", Material(117))]
        .into_iter()
        .collect();
    assert_eq!(materials.len(), 2);
    assert_eq!(materials.get("BRICK"), Some(Material(116)));
    let mut sidecar = Sidecar::default();
    sidecar
        .materials
        .insert("Road".to_owned(), Material::ASHPHALT);
    sidecar.materials.insert("ROAD".to_owned(), Material(118));
    sidecar.materials.insert("BRICK".to_owned(), Material(119));
    let options = ObjOptions {
        sidecar,
        materials,
        ..ObjOptions::default()
    };
    // Game names: GLASS 2, RAILING 122, GRASS 35 (the material table).
    for (name, id) in [
        ("glass", 2),
        ("GLASS", 2),
        ("material_railing", 122),
        ("Grass", 35),
        ("116", 116),
        // The caller's table over the game's STEEL (3).
        ("STEEL", 117),
        ("steel", 117),
        // The sidecar's exact spelling, then its first key (in order,
        // "ROAD" < "Road") equal in lower case.
        ("Road", 6),
        ("ROAD", 118),
        ("road", 118),
        // The sidecar over the caller's table.
        ("Brick", 119),
    ] {
        assert_eq!(options.material_of(name), Some(Material(id)), "{name}");
    }
    assert_eq!(options.material_of("wood_oak"), None);
    assert_eq!(ObjOptions::default().material_of("brick"), None);
    // Through the reader.
    let text = format!("{TRI}usemtl Glass\nf 1 2 3\nusemtl rOaD\nf 1 2 3\nusemtl Wood\nf 1 2 3\n");
    let table = ObjOptions {
        materials: MaterialMap::new().with("road", Material::ASHPHALT),
        strictness: Strictness::Geometry,
        ..ObjOptions::default()
    };
    let (soup, report) = obj::read_str(&text, "t.obj", &table).expect("read");
    let ids: Vec<u8> = soup.iter().map(|t| t.attributes.material.0).collect();
    assert_eq!(ids, [2, 6, 5]);
    assert_eq!(report.unknown_materials, [unknown("Wood", 1, 8)]);
}

/// A file with a known number of skipped lines: three faces that give no
/// triangle (lines 7 and 12 short, line 15 cut off), three other lines
/// (a polyline, a point, an unknown statement), and one unknown name on
/// two `usemtl` lines. The counts and the printed report, worked by hand.
#[test]
fn the_report_counts_what_it_says() {
    let text = "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 4 4 0\nusemtl Brick\nf 1 2 4 3\nf 1 2\nl 1 2\n\
                usemtl Brick\nf 2 4 3\np 1\nf 3\nfrobnicate\nf 1 2 3\nf 1 4";
    let (soup, report) = obj::read_str(text, "k.obj", &ObjOptions::default()).expect("read");
    // The quad's two triangles, then lines 10 and 14.
    assert_eq!(soup.len(), 4);
    assert_eq!(
        (report.vertices, report.triangles, report.polygons),
        (4, 4, 1)
    );
    assert_eq!((report.skipped_faces(), report.skipped_other()), (3, 3));
    assert_eq!(report.unknown_materials, [unknown("Brick", 2, 5)]);
    assert_eq!(
        report.to_string(),
        "k.obj: 4 vertices, 4 triangles (1 polygons cut into fans), 3 faces skipped, \
         3 other lines skipped, 1 unknown material names\n  \
         k.obj: line 7, `f`: a face needs 3 corners, this one has 2\n  \
         k.obj: line 8, `l`: a polyline, not a triangle\n  \
         k.obj: line 11, `p`: a point, not a triangle\n  \
         k.obj: line 12, `f`: a face needs 3 corners, this one has 1\n  \
         k.obj: line 13, `frobnicate`: not an OBJ statement this reader knows\n  \
         k.obj: line 15, `f`: the file ends inside this face (2 corners read): it was cut off\n  \
         k.obj: line 5, `usemtl`: unknown material `Brick` (2 `usemtl` lines, this the \
         first); the group's material stays"
    );
    // A clean file says so.
    let (_, clean) =
        obj::read_str(&format!("{TRI}f 1 2 3\n"), "c.obj", &ObjOptions::default()).expect("clean");
    assert_eq!(
        clean,
        ImportReport {
            file: "c.obj".to_owned(),
            vertices: 3,
            triangles: 1,
            ..ImportReport::default()
        }
    );
    assert!(clean.is_clean());
}

/// The words the generated lines are made of: keywords, indices of every
/// form, numbers good and bad, group words.
const WORDS: [&str; 24] = [
    "v",
    "f",
    "l",
    "p",
    "vt",
    "vn",
    "g",
    "usemtl",
    "vp",
    "s",
    "#",
    "1",
    "-1",
    "0",
    "2/1",
    "3//1",
    "1/",
    "-",
    "nan",
    "inf",
    "1e38",
    "x",
    "mat=STEEL",
    "Brick",
];

fn line_strategy() -> impl Strategy<Value = String> {
    (prop::collection::vec(0..WORDS.len(), 0..7), any::<bool>()).prop_map(|(words, continued)| {
        let mut s: Vec<&str> = words.iter().map(|&k| WORDS[k]).collect();
        if continued {
            s.push("\\");
        }
        s.join(" ")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any text of such lines, with or without a last line end, in any
    /// mode: an answer or a typed error, never a panic; a strict mode's
    /// answer is the lenient one, and the counts add up.
    #[test]
    fn bad_input_never_panics(
        lines in prop::collection::vec(line_strategy(), 0..14),
        vertices in 0usize..5,
        ending in 0usize..3,
    ) {
        let mut text = String::new();
        for k in 0..vertices {
            text.push_str(&format!("v {k} {} 0\n", k * k % 3));
        }
        text.push_str(&lines.join(["\n", "\r\n", "\n"][ending]));
        if ending == 2 {
            text.push('\n');
        }
        let lenient = obj::read_str(&text, "p.obj", &ObjOptions::default());
        if let Ok((soup, report)) = &lenient {
            prop_assert_eq!(report.triangles, soup.len());
            prop_assert_eq!(report.skipped_faces() + report.skipped_other(), report.skipped.len());
            let _ = report.to_string();
        }
        for options in [mode(Strictness::Geometry), strict()] {
            match obj::read_str(&text, "p.obj", &options) {
                Ok((soup, report)) => {
                    let (l_soup, l_report) = lenient.as_ref().expect("lenient reads what strict reads");
                    prop_assert_eq!(&soup, l_soup);
                    prop_assert_eq!(&report, l_report);
                    prop_assert_eq!(report.skipped_faces(), 0);
                    prop_assert!(report.skipped.iter().all(|s| matches!(s.reason, SkipReason::Line | SkipReason::Point)));
                    if options.policy() == Strictness::Full {
                        prop_assert!(report.is_clean());
                    }
                }
                Err(e) => {
                    prop_assert_eq!(e.file(), "p.obj");
                    prop_assert!(e.place().is_some(), "{}", e);
                }
            }
            let _ = obj::import_str(&text, "p.obj", &options);
        }
    }
}
