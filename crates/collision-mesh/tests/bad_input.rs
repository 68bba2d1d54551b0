//! Bad input of every kind gives a typed error naming the file and the place
//! (chunk and offset, OBJ line and field, or field path), never a panic.

mod common;
#[path = "support/obj_text.rs"]
mod obj_text;

use collision_mesh::chunks::{ChunkId, MeshChunks};
use collision_mesh::obj::{self, ObjOptions, Sidecar};
use collision_mesh::{binary, build, ron_text, BuildConfig, MeshError, Place, SoupTriangle};
use obj_text::obj_place;
use proptest::prelude::*;

fn chunk_place(chunk: ChunkId, offset: usize) -> Place {
    Place::Chunk { chunk, offset }
}

fn decode(chunks: &MeshChunks) -> MeshError {
    chunks.decode("level99.lev").expect_err("refused")
}

/// The bytes a [`MeshError::Truncated`] needed and had; `None` for any
/// other error.
fn needed_and_available(e: &MeshError) -> Option<(usize, usize)> {
    match e {
        MeshError::Truncated {
            needed, available, ..
        } => Some((*needed, *available)),
        _ => None,
    }
}

#[test]
fn truncated_chunks() {
    let mut c = common::mesh_chunks();
    c.triangles.truncate(25);
    let e = decode(&c);
    assert_eq!(needed_and_available(&e), Some((30, 25)), "{e}");
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Triangles, 25)));
    assert_eq!(e.file(), "level99.lev");
    assert!(
        e.to_string()
            .contains("chunk 0x04 (Collision Triangles), offset 0x19"),
        "{e}"
    );

    let mut c = common::mesh_chunks();
    c.header.truncate(100);
    assert!(matches!(
        decode(&c),
        MeshError::Truncated { needed: 160, .. }
    ));

    let mut c = common::mesh_chunks();
    c.checked.clear();
    assert_eq!(decode(&c).place(), Some(&chunk_place(ChunkId::Checked, 0)));

    // A container cut inside a chunk.
    let level = common::level();
    let e = binary::from_bytes(&level[..level.len() - 10], "cut.lev").expect_err("refused");
    assert!(
        matches!(
            e,
            MeshError::Truncated {
                at: Place::Container { .. },
                ..
            }
        ),
        "{e}"
    );
    let e = binary::from_bytes(&level[..7], "cut.lev").expect_err("refused");
    assert!(
        matches!(
            e,
            MeshError::Truncated {
                at: Place::Container { offset: 0 },
                needed: 16,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn inconsistent_counts_and_sizes() {
    // The header says 6 vertices; the chunk holds 5.
    let mut c = common::mesh_chunks();
    c.header[0x90] = 6;
    let e = decode(&c);
    assert_eq!(needed_and_available(&e), Some((96, 80)), "{e}");
    // The header says 4 vertices; the chunk holds a 16-byte vertex more than
    // counted and padding allow.
    let mut c = common::mesh_chunks();
    c.header[0x90] = 4;
    let e = decode(&c);
    assert!(matches!(e, MeshError::Inconsistent { .. }), "{e}");
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Vertices, 64)));
    // The visited bits' size follows the triangle count.
    let mut c = common::mesh_chunks();
    c.checked.extend([0; 16]);
    assert!(matches!(decode(&c), MeshError::Inconsistent { .. }));
    // No cells on an axis.
    let mut c = common::mesh_chunks();
    c.header[0x72] = 0;
    let e = decode(&c);
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Header, 0x72)), "{e}");
    // A clamp box past the grid.
    let mut c = common::mesh_chunks();
    c.header[0x60..0x64].copy_from_slice(&common::w32(0x4040_0000)); // 3.0 on 3 cells
    let e = decode(&c);
    assert!(matches!(e, MeshError::Inconsistent { .. }), "{e}");
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Header, 0x60)));
    // A list whose count runs past the lists.
    let mut c = common::mesh_chunks();
    c.lists[14] = 9; // the count at offset 7
    let e = decode(&c);
    assert!(matches!(e, MeshError::Inconsistent { .. }), "{e}");
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Grid, 8)));
    // A vertex with w other than 1.
    let mut c = common::mesh_chunks();
    c.vertices[12..16].copy_from_slice(&common::w32(0));
    assert_eq!(
        decode(&c).place(),
        Some(&chunk_place(ChunkId::Vertices, 12))
    );
}

/// Asserts `c` decodes to an index out of range, naming `index` and `limit`
/// (in that order) and the byte `byte` of chunk `id`.
#[track_caller]
fn assert_out_of_range(c: &MeshChunks, id: ChunkId, byte: usize, (index, limit): (u64, u64)) {
    let e = decode(c);
    assert!(
        matches!(e, MeshError::IndexOutOfRange { index: i, limit: l, .. } if i == index && l == limit),
        "{e}"
    );
    assert_eq!(e.place(), Some(&chunk_place(id, byte)));
}

#[test]
fn indices_out_of_range() {
    // Triangle 1's third vertex.
    let mut c = common::mesh_chunks();
    c.triangles[14] = 9;
    assert_out_of_range(&c, ChunkId::Triangles, 14, (9, 5));
    // A listed triangle.
    let mut c = common::mesh_chunks();
    c.lists[16] = 3; // the entry at index 8
    assert_out_of_range(&c, ChunkId::Lists, 16, (3, 3));
    // A cell's list offset.
    let mut c = common::mesh_chunks();
    c.grid[20] = 40;
    assert_out_of_range(&c, ChunkId::Grid, 20, (40, 9));
}

#[test]
fn nan_coordinates() {
    let nan = common::w32(0x7fc0_0000);
    let mut c = common::mesh_chunks();
    c.vertices[36..40].copy_from_slice(&nan); // vertex 2's y
    let e = decode(&c);
    assert!(
        matches!(
            e,
            MeshError::NonFinite {
                bits: 0x7fc0_0000,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.place(), Some(&chunk_place(ChunkId::Vertices, 36)));
    let mut c = common::mesh_chunks();
    c.header[0x24..0x28].copy_from_slice(&common::w32(0x7f80_0000)); // r1.y = inf
    assert_eq!(
        decode(&c).place(),
        Some(&chunk_place(ChunkId::Header, 0x24))
    );
    // In a soup.
    let soup = [SoupTriangle::new([
        [0.0, 0.0, 0.0],
        [1.0, f32::NAN, 0.0],
        [0.0, 1.0, 0.0],
    ])];
    let e = build::from_soup(&soup, &BuildConfig::default(), "soup").expect_err("refused");
    assert_eq!(
        e.place(),
        Some(&Place::Field {
            path: "soup[0].corners[1][1]".into()
        })
    );
    // In an OBJ file.
    let e = obj::import_str("v 0 0 0\nv 1 nan 0\n", "nan.obj", &ObjOptions::default())
        .expect_err("refused");
    assert!(matches!(e, MeshError::NonFinite { .. }), "{e}");
    assert_eq!(e.place(), Some(&obj_place(2, "v y")));
    // In RON.
    let mut text =
        ron_text::to_string(&common::mesh_chunks().decode("m").expect("decode")).expect("ron");
    text = text.replacen("10.0", "inf", 1);
    let e = ron_text::from_str(&text, "m.ron").expect_err("refused");
    assert!(
        matches!(
            e,
            MeshError::NonFinite {
                at: Place::Field { .. },
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn bad_obj_lines() {
    let cases: &[(&str, usize, &str)] = &[
        ("v 0 0\n", 1, "v z"),
        ("v 0 x 0\n", 1, "v y"),
        ("v 0 0 0 0\n", 1, "v w"),
        ("v 0 0 0 1 2\n", 1, "v"),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 q\n", 4, "f v"),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1/1/1 2 3\n", 4, "f"),
        (
            "v 0 0 0\nv 1 0 0\nv 0 1 0\ng wall colour=red\nf 1 2 3\n",
            4,
            "g colour",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 0 1 0\ng wall mat=WOOD\nf 1 2 3\n",
            4,
            "g mat",
        ),
        (
            "v 0 0 0\nv 1 0 0\nv 0 1 0\ng wall area=300\nf 1 2 3\n",
            4,
            "g area",
        ),
        ("vt 0.5\n", 1, "vt"),
        ("usemtl\n", 1, "usemtl"),
    ];
    for &(text, line, field) in cases {
        let e = obj::import_str(text, "bad.obj", &ObjOptions::default()).expect_err(text);
        assert!(matches!(e, MeshError::BadLine { .. }), "{text:?}: {e}");
        assert_eq!(e.place(), Some(&obj_place(line, field)), "{text:?}: {e}");
        assert_eq!(e.file(), "bad.obj");
    }
    // Indices past what is defined so far.
    let cases: &[(&str, usize, &str, u64, u64)] = &[
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", 4, "f v", 9, 3),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n", 4, "f v", 0, 3),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", 4, "f v", 4, 3),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 2 3\n", 4, "f vt", 1, 0),
        ("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n", 1, "f v", 1, 0),
    ];
    for &(text, line, field, index, limit) in cases {
        let e = obj::import_str(text, "bad.obj", &ObjOptions::default()).expect_err(text);
        assert!(
            matches!(e, MeshError::IndexOutOfRange { index: i, limit: l, .. } if i == index && l == limit),
            "{text:?}: {e}"
        );
        assert_eq!(e.place(), Some(&obj_place(line, field)), "{text:?}: {e}");
    }
    // A face of two corners is skipped (and reported) by default, refused
    // in strict mode.
    let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n";
    let strict = ObjOptions {
        strict: true,
        ..ObjOptions::default()
    };
    let e = obj::import_str(text, "bad.obj", &strict).expect_err(text);
    assert_eq!(e.place(), Some(&obj_place(4, "f")), "{text:?}: {e}");
    let e = obj::import_str(text, "bad.obj", &ObjOptions::default()).expect_err(text);
    assert!(matches!(e, MeshError::Empty { .. }), "{e}");
    // Nothing to build.
    let e = obj::import_str("v 0 0 0\n", "empty.obj", &ObjOptions::default()).expect_err("empty");
    assert!(matches!(e, MeshError::Empty { .. }), "{e}");
}

#[test]
fn ron_and_sidecar_syntax() {
    let e = ron_text::from_str("(vertices: [", "m.ron").expect_err("refused");
    assert!(matches!(e, MeshError::Ron { line: 1, .. }), "{e}");
    let e = Sidecar::parse("(\n default: (material: \"x\"),\n)", "s.ron").expect_err("refused");
    assert!(matches!(e, MeshError::Ron { line: 2, .. }), "{e}");
    // A RON mesh that parses but breaks an invariant names the field.
    let text = ron_text::to_string(&common::mesh_chunks().decode("m").expect("decode"))
        .expect("ron")
        .replacen("v: (0, 4, 2)", "v: (0, 44, 2)", 1);
    let e = ron_text::from_str(&text, "m.ron").expect_err("refused");
    assert_eq!(
        e.place(),
        Some(&Place::Field {
            path: "triangles[2].v[1]".into()
        }),
        "{e}"
    );
}

#[test]
fn a_container_without_the_six() {
    // Drop the vertex chunk from the level.
    let mut out = Vec::new();
    let body = [
        common::chunk(0x52, 0, &common::checked()),
        common::chunk(0x04, 0, &common::triangles()),
        common::chunk(0x05, 0, &common::grid()),
        common::chunk(0x06, 0, &common::lists()),
        common::chunk(0x03, 0, &common::header()),
    ];
    out.extend(common::w32(body.len() as u32));
    out.extend([0; 12]);
    for c in body {
        out.extend(c);
    }
    let e = binary::from_bytes(&out, "short.lev").expect_err("refused");
    assert!(matches!(e, MeshError::Inconsistent { .. }), "{e}");
    // Only four chunks stand before the header: the first of the five is
    // reported missing.
    assert!(e.to_string().contains("missing"), "{e}");
    // Swap two chunks: the wrong type is named with its header's offset.
    let mut level = common::level();
    let at = 16 + 16 + 16; // the 0x53 chunk, then the 0x52 chunk's header
    level[at] = 0x07;
    let e = binary::from_bytes(&level, "swapped.lev").expect_err("refused");
    assert_eq!(e.place(), Some(&Place::Container { offset: at }), "{e}");
    // No mesh at all.
    let e = binary::from_bytes(&[0; 16], "none.lev").expect_err("refused");
    assert!(e.to_string().contains("no chunk 0x03"), "{e}");
}

#[test]
fn builder_limits() {
    let e = build::from_soup(&[], &BuildConfig::default(), "nothing").expect_err("refused");
    assert!(matches!(e, MeshError::Empty { .. }));
    let t = SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
    let e =
        build::from_soup(&vec![t; 65_536], &BuildConfig::default(), "many").expect_err("refused");
    assert!(
        matches!(
            e,
            MeshError::TooMany {
                count: 65_536,
                limit: 65_535,
                ..
            }
        ),
        "{e}"
    );
    let bad = BuildConfig {
        cell_size: 0.0,
        ..BuildConfig::default()
    };
    let e = build::from_soup(&[t], &bad, "cfg").expect_err("refused");
    assert_eq!(
        e.place(),
        Some(&Place::Field {
            path: "config.cell_size".into()
        })
    );
}

#[test]
fn missing_files_name_themselves() {
    let e = binary::load(std::path::Path::new("/nonexistent/level99.lev")).expect_err("refused");
    assert!(matches!(e, MeshError::Io { .. }));
    assert_eq!(e.file(), "/nonexistent/level99.lev");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any bytes: an answer, never a panic.
    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = binary::from_bytes(&bytes, "noise");
    }

    /// The fixture with bytes changed anywhere: an answer, never a panic;
    /// and what loads still keeps every index inside its arrays.
    #[test]
    fn mutated_fixture_never_panics(edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut level = common::level();
        for (at, v) in edits {
            let i = at.index(level.len());
            level[i] = v;
        }
        if let Ok(mesh) = binary::from_bytes(&level, "mutated") {
            let n = mesh.triangles().len();
            for x in 0..mesh.grid().dims()[0] {
                for y in 0..mesh.grid().dims()[1] {
                    for &t in mesh.cell_triangles([x, y, 0]) {
                        prop_assert!(usize::from(t) < n);
                    }
                }
            }
            for t in mesh.triangles() {
                prop_assert!(t.v.iter().all(|&v| usize::from(v) < mesh.vertices().len()));
            }
        }
    }

    /// Any text as OBJ: an answer, never a panic.
    #[test]
    fn random_obj_text_never_panics(lines in prop::collection::vec(
        prop_oneof![
            Just("v 0 0 0".to_owned()), Just("v 1 0 0".to_owned()), Just("v 0 1 1".to_owned()),
            "v [-0-9.e]{0,6} [-0-9.e]{0,6} [-0-9.e]{0,6}",
            "f [-0-9/]{0,5} [-0-9/]{0,5} [-0-9/]{0,5}( [-0-9/]{0,5})?",
            "[gol] [a-z=0-9|]{0,12}",
            "[ -~]{0,20}",
        ], 0..20)) {
        let text = lines.join("\n");
        let _ = obj::import_str(&text, "noise.obj", &ObjOptions::default());
    }
}

/// Divergence 328: a binary mesh with one vertex moved to 3e38 (far past
/// the grid the file stores, so no query's clamped cells would reach it) is
/// refused on load, naming the file, a triangle using that vertex and the
/// place of its index; the unpatched bytes load.
#[test]
fn a_grid_that_does_not_cover_a_triangle_is_refused() {
    let floor = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 10.0, 0.0]]),
        SoupTriangle::new([[10.0, 0.0, 0.0], [10.0, 10.0, 0.0], [0.0, 10.0, 0.0]]),
    ];
    let mesh = build::from_soup(&floor, &BuildConfig::default(), "floor").expect("built");
    let bytes = binary::to_bytes(&mesh);
    assert!(binary::from_bytes(&bytes, "floor.bin").is_ok());
    let mut c = MeshChunks::from_container(&bytes, "floor.bin").expect("read");
    // Vertex 0's x (the vertices chunk holds 16 bytes per vertex; a triangle record is 10
    // bytes, its three vertex indices first).
    c.vertices[0..4].copy_from_slice(&3e38f32.to_le_bytes());
    let patched = c.to_container();
    let e = binary::from_bytes(&patched, "floor.bin").expect_err("refused");
    let tri = mesh
        .triangles()
        .iter()
        .position(|t| t.v.contains(&0))
        .expect("a triangle uses vertex 0");
    let k = mesh.triangles()[tri]
        .v
        .iter()
        .position(|&v| v == 0)
        .unwrap();
    let MeshError::Inconsistent { file, at, detail } = &e else {
        panic!("{e}");
    };
    assert_eq!(file, "floor.bin");
    assert_eq!(*at, chunk_place(ChunkId::Triangles, 10 * tri + 2 * k));
    assert!(detail.contains(&format!("triangle {tri}")), "{detail}");
    assert!(e.to_string().starts_with("floor.bin"), "{e}");
}
