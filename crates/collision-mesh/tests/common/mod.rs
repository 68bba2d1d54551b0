//! The hand-made level fixture: the six collision chunks of a tiny mesh,
//! assembled here byte by byte from the documented layout (Coney
//! `docs/research/collision.md`, "The chunks", "The header", "The grid",
//! "Triangles"; `chunk-system.md`, "Container layout"), independently of the
//! crate's writer. Every float is written as its bit pattern.
#![allow(dead_code)]

/// A `u32`, little-endian.
pub fn w32(v: u32) -> [u8; 4] {
    [v as u8, (v >> 8) as u8, (v >> 16) as u8, (v >> 24) as u8]
}

/// A `u16`, little-endian.
pub fn w16(v: u16) -> [u8; 2] {
    [v as u8, (v >> 8) as u8]
}

// Float bit patterns used below.
pub const F0: u32 = 0x0000_0000; // 0.0
pub const F0_1: u32 = 0x3dcc_cccd; // 0.1
pub const F0_2: u32 = 0x3e4c_cccd; // 0.2
pub const F0_5: u32 = 0x3f00_0000; // 0.5
pub const F1: u32 = 0x3f80_0000; // 1.0
pub const F1_5: u32 = 0x3fc0_0000; // 1.5
pub const F2_5: u32 = 0x4020_0000; // 2.5
pub const F5: u32 = 0x40a0_0000; // 5.0
pub const F10: u32 = 0x4120_0000; // 10.0

/// The 160-byte header (chunk 0x03): a 3 × 2 × 1 grid over the square
/// 0..10 × 0..10 (x scale 0.2, y scale 0.1, z scale 0), 9 list values, 3
/// triangles, 5 vertices; junk words where the console keeps pointers.
pub fn header() -> Vec<u8> {
    let mut h = Vec::new();
    // +0x00: vtable slot and three junk words.
    for v in [0x0054_48b0, 0x1111_1111, 0x2222_2222, 0x3333_3333] {
        h.extend(w32(v));
    }
    // +0x10: matrix rows r0..r3.
    for v in [
        F0_2, F0, F0, F0, F0, F0_1, F0, F0, F0, F0, F0, F0, F0, F0, F0, F1,
    ] {
        h.extend(w32(v));
    }
    // +0x50: clamp minimum; +0x60: clamp maximum.
    for v in [F0_5, F0_5, F0_5, F1, F2_5, F1_5, F0_5, F1] {
        h.extend(w32(v));
    }
    // +0x70: nx, ny, nz, padding.
    h.extend([0x03, 0x00, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00]);
    h.extend(w32(0x00a0_0000)); // +0x78 grid pointer (junk)
    h.extend(w32(9)); // +0x7c list values
    h.extend(w32(0x00a0_0100)); // +0x80 lists pointer (junk)
    h.extend([0x03, 0x00, 0x00, 0x00]); // +0x84 triangle count, +0x86
    h.extend(w32(0x00a0_0200)); // +0x88 triangles pointer (junk)
    h.extend(w32(0x00a0_0300)); // +0x8c vertices pointer (junk)
    h.extend(w32(5)); // +0x90 vertex count
    h.extend(w32(0x00a0_0400)); // +0x94 checked pointer (junk)
    h.extend(w32(F0)); // +0x98 lowest z
    h.extend(w32(0)); // +0x9c
    assert_eq!(h.len(), 160);
    h
}

/// Chunk 0x07: five vertices, w = 1.
pub fn vertices() -> Vec<u8> {
    let mut v = Vec::new();
    for p in [[F0, F0], [F10, F0], [F10, F10], [F0, F10], [F5, F5]] {
        for c in [p[0], p[1], F0, F1] {
            v.extend(w32(c));
        }
    }
    v
}

/// Chunk 0x04: three triangles, padded to 32 bytes.
/// t0 = (0, 1, 2), enabled, CONCRETE, area 1;
/// t1 = (0, 2, 3), 0xf00d (the car shell's word), material 0, area 7;
/// t2 = (0, 4, 2), degenerate (on the diagonal), enabled and two-sided,
/// RAILING, area 0.
pub fn triangles() -> Vec<u8> {
    let mut t = vec![
        0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 5, 1, //
        0x00, 0x00, 0x02, 0x00, 0x03, 0x00, 0x0d, 0xf0, 0, 7, //
        0x00, 0x00, 0x04, 0x00, 0x02, 0x00, 0x03, 0x00, 122, 0,
    ];
    t.extend([0, 0]);
    t
}

/// Chunk 0x05: six cells, `(z·2 + y)·3 + x`, padded to 32 bytes. Cells
/// (0,0), (1,0) and (2,1) share the list at 1; (0,1) and (1,1) share the one
/// at 5; (2,0) has the one at 7.
pub fn grid() -> Vec<u8> {
    let mut g = Vec::new();
    for off in [1, 1, 7, 5, 5, 1] {
        g.extend(w32(off));
    }
    g.extend([0; 8]);
    g
}

/// Chunk 0x06: nine `u16` values, padded to 32 bytes: the leading 0, then
/// [0, 1, 2], [1], [0].
pub fn lists() -> Vec<u8> {
    let mut l = Vec::new();
    for v in [0, 3, 0, 1, 2, 1, 1, 1, 0] {
        l.extend(w16(v));
    }
    l.extend([0; 14]);
    l
}

/// Chunk 0x52: the visited bits for 3 triangles, 16 zero bytes.
pub fn checked() -> Vec<u8> {
    vec![0; 16]
}

/// One chunk with its 16-byte header (type, size, 0, id).
pub fn chunk(ty: u32, id: u32, data: &[u8]) -> Vec<u8> {
    let mut c = Vec::new();
    c.extend(w32(ty));
    c.extend(w32(data.len() as u32));
    c.extend(w32(0));
    c.extend(w32(id));
    c.extend_from_slice(data);
    c
}

/// A level-like flat container: an occluders chunk, the six collision
/// chunks in file order, a 48-byte level header chunk.
pub fn level() -> Vec<u8> {
    let body = [
        chunk(0x53, 0x0101, &[0; 16]),
        chunk(0x52, 0x0202, &checked()),
        chunk(0x07, 0x0303, &vertices()),
        chunk(0x04, 0x0404, &triangles()),
        chunk(0x05, 0x0505, &grid()),
        chunk(0x06, 0x0606, &lists()),
        chunk(0x03, 0x0707, &header()),
        chunk(0x17, 0x0808, &[0xee; 48]),
    ];
    let payload: usize = body.iter().map(|c| c.len() - 16).sum();
    let mut out = Vec::new();
    out.extend(w32(body.len() as u32));
    out.extend(w32(payload as u32));
    out.extend(w32(0));
    out.extend(w32(0x0000_abcd));
    for c in body {
        out.extend(c);
    }
    out
}

/// The chunks as the crate's struct.
pub fn mesh_chunks() -> collision_mesh::chunks::MeshChunks {
    collision_mesh::chunks::MeshChunks {
        header: header(),
        lists: lists(),
        grid: grid(),
        triangles: triangles(),
        vertices: vertices(),
        checked: checked(),
    }
}

/// The committed fixture's path.
pub fn fixture_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mesh/hand-made.lev")
}
