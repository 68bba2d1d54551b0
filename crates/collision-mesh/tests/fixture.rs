//! The hand-made level fixture (`fixtures/mesh/hand-made.lev`, assembled in
//! `tests/common` from the documented layout): the committed file is those
//! bytes, the reader finds every documented field in them, and the writer
//! gives the same six chunks back.

mod common;

use collision_mesh::chunks::{read_level_file, MeshChunks};
use collision_mesh::{binary, CellRange, Material, Triangle, TriangleFlags, Visit};
use ps2_float::{Ee32, Vec4};

#[test]
fn the_committed_fixture_is_the_hand_made_bytes() {
    let path = common::fixture_path();
    let want = common::level();
    let have = std::fs::read(&path).ok();
    if have.as_deref() != Some(&want[..]) {
        if std::env::var_os("MESH_FIXTURES").is_some_and(|v| v == "write") {
            std::fs::write(&path, &want).expect("write the fixture");
        } else {
            panic!(
                "{} is missing or stale; regenerate it with `MESH_FIXTURES=write cargo test -p warriors-collision-mesh --test fixture`",
                path.display()
            );
        }
    }
}

#[test]
fn every_documented_field_is_read() {
    let mesh = read_level_file(&common::fixture_path()).expect("the fixture loads");
    assert_eq!(mesh.vertices().len(), 5);
    assert_eq!(mesh.vertices()[4], [5.0, 5.0, 0.0, 1.0]);
    assert_eq!(
        mesh.triangles(),
        &[
            Triangle {
                v: [0, 1, 2],
                flags: TriangleFlags::ENABLED,
                material: Material::CONCRETE,
                area: 1
            },
            Triangle {
                v: [0, 2, 3],
                flags: TriangleFlags::from_bits_retain(0xf00d),
                material: Material(0),
                area: 7
            },
            Triangle {
                v: [0, 4, 2],
                flags: TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED,
                material: Material::RAILING,
                area: 0
            },
        ]
    );
    let g = mesh.grid();
    assert_eq!(g.dims(), [3, 2, 1]);
    assert_eq!(g.matrix()[0], [0.2, 0.0, 0.0, 0.0]);
    assert_eq!(g.matrix()[1], [0.0, 0.1, 0.0, 0.0]);
    assert_eq!(g.matrix()[3], [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(g.clamp_min(), [0.5, 0.5, 0.5, 1.0]);
    assert_eq!(g.clamp_max(), [2.5, 1.5, 0.5, 1.0]);
    assert_eq!(g.cells(), &[1, 1, 7, 5, 5, 1]);
    assert_eq!(g.lists(), &[0, 3, 0, 1, 2, 1, 1, 1, 0]);
    assert_eq!(mesh.cell_triangles([0, 0, 0]), &[0, 1, 2]);
    assert_eq!(mesh.cell_triangles([2, 0, 0]), &[0]);
    assert_eq!(mesh.cell_triangles([1, 1, 0]), &[1]);
    assert_eq!(mesh.cell_triangles([2, 1, 0]), &[0, 1, 2]);
    let w = mesh.file_words();
    assert_eq!(w.head, [0x0054_48b0, 0x1111_1111, 0x2222_2222, 0x3333_3333]);
    assert_eq!(
        (
            w.grid_ptr,
            w.lists_ptr,
            w.triangles_ptr,
            w.vertices_ptr,
            w.checked_ptr
        ),
        (
            0x00a0_0000,
            0x00a0_0100,
            0x00a0_0200,
            0x00a0_0300,
            0x00a0_0400
        )
    );
    assert_eq!(mesh.lowest_z(), 0.0);
    // The degenerate triangle is kept.
    assert_eq!(mesh.degenerate_triangles().collect::<Vec<_>>(), [2]);
}

#[test]
fn points_find_their_cells_in_both_modes() {
    let mesh = binary::load(&common::fixture_path()).expect("the fixture loads");
    let g = mesh.grid();
    for (p, cell) in [
        ([7.0f32, 3.0, 0.0], [1, 0, 0]),
        ([4.9, 9.9, 2.0], [0, 0, 0]),
        ([10.0, 3.0, 0.0], [2, 0, 0]),
        ([10.0, 10.0, 0.0], [2, 1, 0]),
        ([-100.0, 100.0, -9.0], [0, 1, 0]),
    ] {
        assert_eq!(
            g.cell_of(Vec4::<f32>::point(p[0], p[1], p[2])),
            cell,
            "{p:?}"
        );
        assert_eq!(
            g.cell_of(Vec4::<Ee32>::from_f32([p[0], p[1], p[2], 1.0])),
            cell,
            "{p:?}"
        );
    }
}

#[test]
fn a_shape_query_starts_from_cleared_bits_and_the_box_cells() {
    let mesh = binary::load(&common::fixture_path()).expect("the fixture loads");
    let mut visited = mesh.visited_bits();
    assert_eq!(visited.visit(1), Visit::First);
    let cells = mesh.begin_shape_query(
        &mut visited,
        Vec4::<f32>::point(3.0, 2.0, -1.0),
        Vec4::point(6.0, 4.0, 1.0),
    );
    assert_eq!(
        cells,
        CellRange {
            lo: [0, 0, 0],
            hi: [1, 0, 0]
        }
    );
    assert!(!visited.is_visited(1), "the query start clears the bits");
    let mut order = Vec::new();
    for cell in cells.walk() {
        for &t in mesh.cell_triangles(cell) {
            if visited.visit(usize::from(t)) == Visit::First {
                order.push(t);
            }
        }
    }
    assert_eq!(
        order,
        [0, 1, 2],
        "each triangle once, although two cells list all three"
    );
}

#[test]
fn the_writer_gives_the_same_six_chunks_back() {
    let bytes = std::fs::read(common::fixture_path()).expect("read");
    let chunks = MeshChunks::from_container(&bytes, "hand-made.lev").expect("six chunks");
    assert_eq!(chunks, common::mesh_chunks());
    let mesh = chunks.decode("hand-made.lev").expect("decode");
    assert_eq!(MeshChunks::encode(&mesh), chunks);
}

#[test]
fn loading_enables_every_triangle() {
    // Quirk: the 0x03 handler sets bit 0 in every triangle's flags.
    let mut chunks = common::mesh_chunks();
    chunks.triangles[16] = 0x0c; // t1's flags 0xf00d -> 0xf00c
    let mesh = chunks.decode("patched").expect("decode");
    assert_eq!(mesh.triangles()[1].flags.bits(), 0xf00d);
}

#[test]
fn loading_corrected_keeps_the_files_enabled_bit() {
    // `MeshQuirks::enable_on_load` off: each triangle's flags are the `u16`
    // its file stores at `+0x06` (Coney `collision.md`, "Triangles"), read
    // here straight from the chunk's bytes.
    let mut chunks = common::mesh_chunks();
    chunks.triangles[16] = 0x0c; // t1's flags 0xf00d -> 0xf00c
    chunks.triangles[6] = 0x00; // t0's flags 0x0001 -> 0x0000
    let quirks = kernels::MeshQuirks::corrected();
    let mesh = chunks.decode_with("patched", &quirks).expect("decode");
    for (i, t) in mesh.triangles().iter().enumerate() {
        let at = Triangle::SIZE * i + 6;
        let stored = u16::from_le_bytes([chunks.triangles[at], chunks.triangles[at + 1]]);
        assert_eq!(t.flags.bits(), stored, "triangle {i}");
    }
    assert!(!mesh.triangles()[0].flags.contains(TriangleFlags::ENABLED));
    assert!(!mesh.triangles()[1].flags.contains(TriangleFlags::ENABLED));
    // The console's preset through the same call enables them all.
    let console = chunks
        .decode_with("patched", &kernels::MeshQuirks::console())
        .expect("decode");
    assert!(console
        .triangles()
        .iter()
        .all(|t| t.flags.contains(TriangleFlags::ENABLED)));
}
