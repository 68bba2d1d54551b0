//! The six chunks of a level file's collision mesh, in the console's byte
//! layout (little-endian, as the EE reads them), and the flat chunk container
//! that holds them.
//!
//! # The chunks
//!
//! A level file (`<level>.lev`) is a flat chunk container; its collision mesh
//! is six consecutive chunks, in this order (Coney
//! `docs/research/collision.md`, "The chunks"; `level-loading.md`, "The
//! level file"):
//!
//! | type | name in the type table | content |
//! | --- | --- | --- |
//! | `0x52` | Collision Checked | the visited bits, `(((n + 7) >> 3) + 15) & 0x7ff0` bytes for `n` triangles |
//! | `0x07` | Collision Vertex Buffer | `float[4]` vertices, `w = 1` |
//! | `0x04` | Collision Triangles | 10-byte triangles ([`Triangle`]) |
//! | `0x05` | Collision Grid | one `u32` list offset per cell |
//! | `0x06` | Collision Strings | the index lists, `u16` values |
//! | `0x03` | Collision Mesh | the 160-byte header below |
//!
//! The header (`0x03`):
//!
//! | offset | type | meaning |
//! | --- | --- | --- |
//! | `+0x00` | `u32[4]` | vtable (written at load), junk words |
//! | `+0x10` | `f32[4][4]` | world-to-grid matrix, rows |
//! | `+0x50` | `f32[4]` | clamp minimum |
//! | `+0x60` | `f32[4]` | clamp maximum |
//! | `+0x70`, `+0x72`, `+0x74` | `u16` | `nx`, `ny`, `nz` |
//! | `+0x76` | `u16` | padding |
//! | `+0x78` | pointer | the grid |
//! | `+0x7c` | `u32` | number of `u16` values in the index lists |
//! | `+0x80` | pointer | the index lists |
//! | `+0x84` | `u16` | triangle count |
//! | `+0x86` | `u16` | (*inferred* padding) |
//! | `+0x88`, `+0x8c` | pointers | triangles, vertices |
//! | `+0x90` | `u32` | vertex count |
//! | `+0x94` | pointer | the checked bits |
//! | `+0x98` | `f32` | the lowest vertex `z` |
//! | `+0x9c` | `u32` | 0 |
//!
//! On the disc each chunk's size is its counted data rounded up to 16 bytes
//! (13 triangles take 144 bytes). The reader accepts the counted data with up
//! to 15 bytes of padding after it; the writer pads with zeros (*inferred*,
//! divergence 137).
//!
//! # The container
//!
//! A flat container is a 16-byte header (`u32` chunk count, `u32` payload
//! bytes, `u32` 0, `u32` id), then each chunk as a 16-byte header (`u32` type,
//! `u32` size, `u32` 0, `u32` id) and its data, with no padding between chunks
//! (Coney `docs/research/chunk-system.md`, "Container layout"). The load
//! handler of chunk `0x03` pops the five chunks before it; a level file holds
//! other chunks around the six, which the reader skips.

use std::path::Path;

use kernels::MeshQuirks;

pub use crate::chunk_id::ChunkId;
use crate::error::{MeshError, Place};
use crate::mesh::{check, CollisionMesh, FileWords, GridData, MeshData, Spot};
use crate::visited::VisitedBits;
use crate::{flags::TriangleFlags, triangle::Triangle};

/// The bytes of the header chunk.
pub const HEADER_LEN: usize = 160;

/// The data of the six chunks, each as the level file holds it (without its
/// 16-byte chunk header).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeshChunks {
    /// `0x03`: the 160-byte header.
    pub header: Vec<u8>,
    /// `0x06`: the index lists.
    pub lists: Vec<u8>,
    /// `0x05`: one list offset per cell.
    pub grid: Vec<u8>,
    /// `0x04`: the triangles.
    pub triangles: Vec<u8>,
    /// `0x07`: the vertices.
    pub vertices: Vec<u8>,
    /// `0x52`: the visited bits (zeros).
    pub checked: Vec<u8>,
}

/// `n` rounded up to a multiple of 16.
const fn pad16(n: usize) -> usize {
    (n + 15) & !15
}

fn u16_at(b: &[u8], o: usize) -> u16 {
    b.get(o..o + 2)
        .map_or(0, |s| u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], o: usize) -> u32 {
    b.get(o..o + 4)
        .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn f32_at(b: &[u8], o: usize) -> f32 {
    f32::from_bits(u32_at(b, o))
}

fn f32x4_at(b: &[u8], o: usize) -> [f32; 4] {
    [
        f32_at(b, o),
        f32_at(b, o + 4),
        f32_at(b, o + 8),
        f32_at(b, o + 12),
    ]
}

impl MeshChunks {
    /// The chunk's data.
    #[must_use]
    pub fn get(&self, chunk: ChunkId) -> &[u8] {
        match chunk {
            ChunkId::Header => &self.header,
            ChunkId::Lists => &self.lists,
            ChunkId::Grid => &self.grid,
            ChunkId::Triangles => &self.triangles,
            ChunkId::Vertices => &self.vertices,
            ChunkId::Checked => &self.checked,
        }
    }

    fn get_mut(&mut self, chunk: ChunkId) -> &mut Vec<u8> {
        match chunk {
            ChunkId::Header => &mut self.header,
            ChunkId::Lists => &mut self.lists,
            ChunkId::Grid => &mut self.grid,
            ChunkId::Triangles => &mut self.triangles,
            ChunkId::Vertices => &mut self.vertices,
            ChunkId::Checked => &mut self.checked,
        }
    }

    /// Builds the mesh the six chunks hold, as the load handler does: links
    /// the header to the other five, sets the enabled bit (0x1) in every
    /// triangle's flags and leaves the visited bits cleared (the crate keeps
    /// them beside the mesh, [`VisitedBits`]). Every size, count, offset and
    /// index the queries follow is checked first; `file` names the source in
    /// errors, which name the chunk and the byte offset in it.
    ///
    /// Original: `CollisionMesh_OnLoaded` (0x00350580).
    ///
    /// # Errors
    ///
    /// [`MeshError::Truncated`] for a chunk shorter than its count says;
    /// [`MeshError::Inconsistent`] for a chunk longer than its count and
    /// padding, a zero cell count, a clamp box outside the grid, a vertex `w`
    /// other than 1, or a list running past the lists;
    /// [`MeshError::IndexOutOfRange`] for a vertex, list or triangle index
    /// past its array; [`MeshError::NonFinite`] for a NaN or infinite value.
    pub fn decode(&self, file: &str) -> Result<CollisionMesh, MeshError> {
        self.decode_with(file, &MeshQuirks::console())
    }

    /// [`MeshChunks::decode`] under `quirks`: with
    /// [`MeshQuirks::enable_on_load`] off, each triangle keeps the enabled
    /// bit its file stores, so a triangle stored switched off stays off
    /// until [`CollisionMesh::set_enabled_in_box`] turns it on (divergence
    /// 504). Everything else is the console's load.
    ///
    /// # Errors
    ///
    /// As [`MeshChunks::decode`].
    pub fn decode_with(&self, file: &str, quirks: &MeshQuirks) -> Result<CollisionMesh, MeshError> {
        let h = &self.header;
        sized(file, ChunkId::Header, h, HEADER_LEN, HEADER_LEN)?;
        let dims = [u16_at(h, 0x70), u16_at(h, 0x72), u16_at(h, 0x74)];
        if let Some(a) = dims.iter().position(|&n| n == 0) {
            return Err(MeshError::Inconsistent {
                file: file.to_owned(),
                at: Spot::Dims(a).in_chunks(),
                detail: "a grid needs at least one cell per axis".to_owned(),
            });
        }
        let cells: usize = dims.iter().map(|&n| usize::from(n)).product();
        let list_len = u32_at(h, 0x7c) as usize;
        let tri_count = usize::from(u16_at(h, 0x84));
        let vert_count = u32_at(h, 0x90) as usize;

        let need = |n: usize, each: usize| n.saturating_mul(each);
        sized(
            file,
            ChunkId::Grid,
            &self.grid,
            need(cells, 4),
            pad16(need(cells, 4)),
        )?;
        sized(
            file,
            ChunkId::Lists,
            &self.lists,
            need(list_len, 2),
            pad16(need(list_len, 2)),
        )?;
        let tri_bytes = need(tri_count, Triangle::SIZE);
        sized(
            file,
            ChunkId::Triangles,
            &self.triangles,
            tri_bytes,
            pad16(tri_bytes),
        )?;
        let vert_bytes = need(vert_count, 16);
        sized(
            file,
            ChunkId::Vertices,
            &self.vertices,
            vert_bytes,
            pad16(vert_bytes),
        )?;
        // Only the visited bits' size is checked; their bytes are scratch
        // (divergence 130).
        let checked = VisitedBits::byte_len(tri_count);
        sized(file, ChunkId::Checked, &self.checked, checked, checked)?;

        let matrix = [0, 1, 2, 3].map(|r| f32x4_at(h, 0x10 + 16 * r));
        let words = FileWords {
            head: [0, 1, 2, 3].map(|k| u32_at(h, 4 * k)),
            pad_76: u16_at(h, 0x76),
            grid_ptr: u32_at(h, 0x78),
            lists_ptr: u32_at(h, 0x80),
            pad_86: u16_at(h, 0x86),
            triangles_ptr: u32_at(h, 0x88),
            vertices_ptr: u32_at(h, 0x8c),
            checked_ptr: u32_at(h, 0x94),
            lowest_z: u32_at(h, 0x98),
            tail_9c: u32_at(h, 0x9c),
        };
        let triangles = self
            .triangles
            .chunks_exact(Triangle::SIZE)
            .take(tri_count)
            .map(|b| {
                let mut raw = [0u8; Triangle::SIZE];
                raw.copy_from_slice(b);
                let mut t = Triangle::from_bytes(&raw);
                // The handler sets bit 0 in every triangle (quirk: a file's
                // disabled triangles load enabled), unless switched off.
                if quirks.enable_on_load {
                    t.flags |= TriangleFlags::ENABLED;
                }
                t
            })
            .collect();
        let data = MeshData {
            vertices: (0..vert_count)
                .map(|i| f32x4_at(&self.vertices, 16 * i))
                .collect(),
            triangles,
            grid: GridData {
                matrix,
                clamp_min: f32x4_at(h, 0x50),
                clamp_max: f32x4_at(h, 0x60),
                dims,
                cells: (0..cells).map(|c| u32_at(&self.grid, 4 * c)).collect(),
                lists: (0..list_len).map(|j| u16_at(&self.lists, 2 * j)).collect(),
            },
            file_words: words,
        };
        check(&data, file, Spot::in_chunks)?;
        covered(&data, file)?;
        Ok(CollisionMesh::from_checked(data))
    }

    /// The six chunks of a mesh, each padded with zeros to a multiple of 16
    /// bytes; the visited bits are zeros of the console's size.
    #[must_use]
    pub fn encode(mesh: &CollisionMesh) -> Self {
        let g = mesh.grid();
        let w = mesh.file_words();
        let mut h = vec![0u8; HEADER_LEN];
        let mut put = |o: usize, b: &[u8]| h[o..o + b.len()].copy_from_slice(b);
        for (k, v) in w.head.iter().enumerate() {
            put(4 * k, &v.to_le_bytes());
        }
        for (r, row) in g.matrix().iter().enumerate() {
            for (l, v) in row.iter().enumerate() {
                put(0x10 + 16 * r + 4 * l, &v.to_le_bytes());
            }
        }
        for a in 0..4 {
            put(0x50 + 4 * a, &g.clamp_min()[a].to_le_bytes());
            put(0x60 + 4 * a, &g.clamp_max()[a].to_le_bytes());
        }
        for (a, n) in g.dims().iter().enumerate() {
            put(0x70 + 2 * a, &n.to_le_bytes());
        }
        put(0x76, &w.pad_76.to_le_bytes());
        put(0x78, &w.grid_ptr.to_le_bytes());
        put(0x7c, &(g.lists().len() as u32).to_le_bytes());
        put(0x80, &w.lists_ptr.to_le_bytes());
        // A checked mesh has at most 65,535 triangles.
        put(0x84, &(mesh.triangles().len() as u16).to_le_bytes());
        put(0x86, &w.pad_86.to_le_bytes());
        put(0x88, &w.triangles_ptr.to_le_bytes());
        put(0x8c, &w.vertices_ptr.to_le_bytes());
        put(0x90, &(mesh.vertices().len() as u32).to_le_bytes());
        put(0x94, &w.checked_ptr.to_le_bytes());
        put(0x98, &w.lowest_z.to_le_bytes());
        put(0x9c, &w.tail_9c.to_le_bytes());

        let padded = |mut v: Vec<u8>| {
            v.resize(pad16(v.len()), 0);
            v
        };
        Self {
            header: h,
            lists: padded(g.lists().iter().flat_map(|v| v.to_le_bytes()).collect()),
            grid: padded(g.cells().iter().flat_map(|v| v.to_le_bytes()).collect()),
            triangles: padded(
                mesh.triangles()
                    .iter()
                    .flat_map(Triangle::to_bytes)
                    .collect(),
            ),
            vertices: mesh
                .vertices()
                .iter()
                .flat_map(|v| v.iter().flat_map(|c| c.to_le_bytes()))
                .collect(),
            checked: vec![0; VisitedBits::byte_len(mesh.triangles().len())],
        }
    }

    /// The six chunks found in a flat chunk container: a level file, or the
    /// crate's binary form. The mesh is the `0x03` chunk and the five chunks
    /// just before it, which must be `0x52`, `0x07`, `0x04`, `0x05`, `0x06` in
    /// that order (the console pops them without looking at their types; a
    /// mismatch here is an error, divergence 148). Other chunks are skipped.
    ///
    /// # Errors
    ///
    /// [`MeshError::Truncated`] when a header or a chunk runs past the end;
    /// [`MeshError::Inconsistent`] when there is no `0x03` chunk, or the
    /// chunks before it are not the five.
    pub fn from_container(bytes: &[u8], file: &str) -> Result<Self, MeshError> {
        let chunks = container_chunks(bytes, file)?;
        let Some(pos) = chunks
            .iter()
            .position(|c| c.type_id == ChunkId::Header.type_id())
        else {
            return Err(MeshError::Inconsistent {
                file: file.to_owned(),
                at: Place::Container { offset: 0 },
                detail: "no chunk 0x03 (Collision Mesh) in the container".to_owned(),
            });
        };
        let mut out = Self::default();
        for (k, id) in ChunkId::FILE_ORDER.into_iter().enumerate() {
            // The five chunks before the header, then the header itself.
            let found = (pos + k).checked_sub(5).and_then(|i| chunks.get(i));
            match found {
                Some(c) if c.type_id == id.type_id() => {
                    *out.get_mut(id) = bytes.get(c.data.clone()).unwrap_or(&[]).to_vec();
                }
                Some(c) => {
                    return Err(MeshError::Inconsistent {
                        file: file.to_owned(),
                        at: Place::Container {
                            offset: c.header_at,
                        },
                        detail: format!(
                            "chunk type {:#04x} where {id} belongs (before chunk 0x03)",
                            c.type_id
                        ),
                    });
                }
                None => {
                    return Err(MeshError::Inconsistent {
                        file: file.to_owned(),
                        at: Place::Container { offset: 0 },
                        detail: format!("{id} missing before chunk 0x03"),
                    });
                }
            }
        }
        Ok(out)
    }

    /// A flat chunk container holding just the six chunks, in level-file
    /// order: container header (count 6, payload bytes, 0, 0), then each
    /// chunk's header (type, size, 0, 0) and data.
    #[must_use]
    pub fn to_container(&self) -> Vec<u8> {
        let payload: usize = ChunkId::FILE_ORDER.iter().map(|&c| self.get(c).len()).sum();
        let mut out = Vec::with_capacity(16 + 6 * 16 + payload);
        for w in [6u32, payload as u32, 0, 0] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for id in ChunkId::FILE_ORDER {
            let data = self.get(id);
            for w in [id.type_id(), data.len() as u32, 0, 0] {
                out.extend_from_slice(&w.to_le_bytes());
            }
            out.extend_from_slice(data);
        }
        out
    }

    /// Reads six chunk files from a folder, each holding one chunk's data as
    /// extracted from a level file: `03.bin`, `04.bin`, `05.bin`, `06.bin`,
    /// `07.bin`, `52.bin` (the type in two hex digits).
    ///
    /// # Errors
    ///
    /// [`MeshError::Io`] naming the file that could not be read.
    pub fn read_dir(dir: &Path) -> Result<Self, MeshError> {
        let mut out = Self::default();
        for id in ChunkId::FILE_ORDER {
            let path = dir.join(format!("{:02x}.bin", id.type_id()));
            *out.get_mut(id) = crate::files::read_file(&path)?.1;
        }
        Ok(out)
    }

    /// Writes the six chunk files [`MeshChunks::read_dir`] reads.
    ///
    /// # Errors
    ///
    /// [`MeshError::Io`] naming the file that could not be written.
    pub fn write_dir(&self, dir: &Path) -> Result<(), MeshError> {
        for id in ChunkId::FILE_ORDER {
            let path = dir.join(format!("{:02x}.bin", id.type_id()));
            crate::files::write_file(&path, self.get(id))?;
        }
        Ok(())
    }
}

/// Checks a chunk's length against the bytes its counts need and the most it
/// may hold with padding.
fn sized(
    file: &str,
    chunk: ChunkId,
    data: &[u8],
    need: usize,
    most: usize,
) -> Result<(), MeshError> {
    if data.len() < need {
        return Err(MeshError::Truncated {
            file: file.to_owned(),
            at: Place::Chunk {
                chunk,
                offset: data.len(),
            },
            needed: need,
            available: data.len(),
        });
    }
    if data.len() > most {
        return Err(MeshError::Inconsistent {
            file: file.to_owned(),
            at: Place::Chunk { chunk, offset: most },
            detail: format!(
                "the chunk holds {} bytes; the header's counts give {need} (at most {most} with padding)",
                data.len()
            ),
        });
    }
    Ok(())
}

/// One chunk of a container.
struct RawChunk {
    type_id: u32,
    header_at: usize,
    data: core::ops::Range<usize>,
}

/// Splits a flat container into its chunks.
fn container_chunks(bytes: &[u8], file: &str) -> Result<Vec<RawChunk>, MeshError> {
    let truncated = |offset: usize, needed: usize| MeshError::Truncated {
        file: file.to_owned(),
        at: Place::Container { offset },
        needed,
        available: bytes.len().saturating_sub(offset),
    };
    if bytes.len() < 16 {
        return Err(truncated(0, 16));
    }
    let count = u32_at(bytes, 0) as usize;
    let mut at = 16;
    let mut out = Vec::new();
    for _ in 0..count {
        if bytes.len() < at + 16 {
            return Err(truncated(at, 16));
        }
        let type_id = u32_at(bytes, at);
        let size = u32_at(bytes, at + 4) as usize;
        let start = at + 16;
        let end = start.checked_add(size).filter(|&e| e <= bytes.len());
        let Some(end) = end else {
            return Err(truncated(start, size));
        };
        out.push(RawChunk {
            type_id,
            header_at: at,
            data: start..end,
        });
        at = end;
    }
    Ok(out)
}

/// Reads a mesh from a level file (or any flat container holding the six
/// chunks).
///
/// # Errors
///
/// [`MeshError::Io`], or what [`MeshChunks::from_container`] and
/// [`MeshChunks::decode`] return, naming the file.
pub fn read_level_file(path: &Path) -> Result<CollisionMesh, MeshError> {
    read_level_file_with(path, &MeshQuirks::console())
}

/// [`read_level_file`] decoding with these mesh quirks
/// ([`MeshChunks::decode_with`]: with [`MeshQuirks::enable_on_load`] off a
/// triangle keeps the enabled bit its file stores, divergence 504).
///
/// # Errors
///
/// As [`read_level_file`].
pub fn read_level_file_with(path: &Path, quirks: &MeshQuirks) -> Result<CollisionMesh, MeshError> {
    let (file, bytes) = crate::files::read_file(path)?;
    MeshChunks::from_container(&bytes, &file)?.decode_with(&file, quirks)
}

/// Refuses a mesh whose stored grid does not cover a triangle (divergence
/// 328): every corner, sent through the grid matrix in `f64` (the rows'
/// order of divergence 132), must land within one cell of the grid, `−1 <
/// g < n + 1` on each axis; the queries clamp their cells to the grid, so a
/// corner beyond it would be geometry no query can reach.
fn covered(data: &MeshData, file: &str) -> Result<(), MeshError> {
    let g = &data.grid;
    let m = g.matrix.map(|row| row.map(f64::from));
    for (t, tri) in data.triangles.iter().enumerate() {
        for (k, &vi) in tri.v.iter().enumerate() {
            // `check` has bounded every index.
            let Some(p) = data.vertices.get(usize::from(vi)) else {
                continue;
            };
            let (x, y, z) = (f64::from(p[0]), f64::from(p[1]), f64::from(p[2]));
            for (a, &dim) in g.dims.iter().enumerate() {
                let c = ((x * m[0][a] + y * m[1][a]) + z * m[2][a]) + m[3][a];
                let n = f64::from(dim);
                if !(c > -1.0 && c < n + 1.0) {
                    return Err(MeshError::Inconsistent {
                        file: file.to_owned(),
                        at: Spot::TriangleVertex(t, k).in_chunks(),
                        detail: format!(
                            "the stored grid does not cover triangle {t}: its corner {k} \
                             (vertex {vi}, {:?}) lies at grid coordinate {c:e} on axis {a}, \
                             outside the {n} cells (divergence 328)",
                            [p[0], p[1], p[2]]
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}
