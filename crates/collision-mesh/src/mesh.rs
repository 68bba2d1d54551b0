//! [`CollisionMesh`]: the vertices, triangles and grid of a level's static
//! collision, checked once when made so that no lookup can leave its arrays.
//!
//! # Invariants
//!
//! A `CollisionMesh` only exists with, for every one of its parts:
//!
//! * every vertex finite, with `w = 1`;
//! * at most 65,535 triangles, each vertex index below the vertex count;
//! * at least one cell per axis, a finite matrix and clamp box, and a clamp
//!   box whose truncation stays inside the grid (`−1 < min ≤ max < n`);
//! * one grid entry per cell; every non-zero entry an offset whose count and
//!   entries lie inside the index lists, and every listed index below the
//!   triangle count.
//!
//! The same checks run on every source (the chunks, RON, the builder), each
//! naming the place of the first problem it finds. The console trusts its
//! file; these checks are guards (divergences 134, 135 and 149).

use kernels::WorkTriangle;
use ps2_float::{Ee32, FloatMode, Real, Vec4};
use serde::{Deserialize, Serialize};

use crate::cell_blocks::CellBlocks;
use crate::chunk_id::ChunkId;
use crate::columns::Columns;
use crate::error::{MeshError, Place};
use crate::grid::{CellRange, Grid};
use crate::in_plane::{InPlane, PlaneReach};
use crate::triangle_tree::TriangleTree;
use crate::visited::VisitedBits;
use crate::{flags::TriangleFlags, material::Material, triangle::Triangle};

/// The most triangles a mesh can hold: the header's count is a `u16`.
pub const MAX_TRIANGLES: usize = 65_535;
/// The most vertices a triangle can reach: its indices are `u16`.
pub const MAX_VERTICES: usize = 65_536;

/// Header words the console overwrites at load or that no query reads, kept
/// as they were read so that a mesh written back gives the same bytes
/// (divergence 139). A built mesh has zeros here, except the lowest `z`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct FileWords {
    /// `+0x00`…`+0x0f`: the vtable slot (written at load) and three words
    /// (junk pointers on the disc).
    pub head: [u32; 4],
    /// `+0x76`: padding after `nz` (0 on the disc except `level118`).
    pub pad_76: u16,
    /// `+0x78`: the grid pointer, set at load.
    pub grid_ptr: u32,
    /// `+0x80`: the index lists pointer, set at load.
    pub lists_ptr: u32,
    /// `+0x86`: the half-word after the triangle count (*inferred* padding).
    pub pad_86: u16,
    /// `+0x88`: the triangles pointer, set at load.
    pub triangles_ptr: u32,
    /// `+0x8c`: the vertices pointer, set at load.
    pub vertices_ptr: u32,
    /// `+0x94`: the checked bit set pointer, set at load.
    pub checked_ptr: u32,
    /// `+0x98`: the lowest vertex `z`, as its bits (no reader traced).
    pub lowest_z: u32,
    /// `+0x9c`: 0 on every disc file.
    pub tail_9c: u32,
}

/// The grid as plain data, the form of [`Grid`] in RON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GridData {
    /// The world-to-grid matrix, rows `r0 … r3`.
    pub matrix: [[f32; 4]; 4],
    /// The clamp box's minimum.
    pub clamp_min: [f32; 4],
    /// The clamp box's maximum.
    pub clamp_max: [f32; 4],
    /// Cells per axis.
    pub dims: [u16; 3],
    /// One list offset per cell.
    pub cells: Vec<u32>,
    /// The index lists.
    pub lists: Vec<u16>,
}

/// A mesh as plain data, with public fields and no invariant: the serde form
/// of [`CollisionMesh`] (RON), and what [`CollisionMesh::from_data`] checks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MeshData {
    /// The vertices, `[x, y, z, 1]`.
    pub vertices: Vec<[f32; 4]>,
    /// The triangles.
    pub triangles: Vec<Triangle>,
    /// The grid.
    pub grid: GridData,
    /// The header words no query reads.
    #[serde(default)]
    pub file_words: FileWords,
}

/// A level's collision mesh. See the [module](self) for its invariants.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "MeshData", into = "MeshData")]
pub struct CollisionMesh {
    pub(crate) vertices: Vec<[f32; 4]>,
    pub(crate) triangles: Vec<Triangle>,
    pub(crate) grid: Grid,
    words: FileWords,
    /// Derived once from the vertices, triangles and lists: what the
    /// queries' culling reads (divergence 179).
    pub(crate) bounds: Bounds,
}

/// Per-triangle and per-cell bounding boxes, `[min x, min y, min z, max x,
/// max y, max z]` in `f32`, made when the mesh is made (the vertices and the
/// lists never change after). A triangle's box is the smallest and largest
/// of its corners per axis; a cell's is the union of the boxes of the
/// triangles its list holds (an empty cell's is inverted, `+∞` to `−∞`, so
/// no box meets it). The queries only ever skip work with them (divergence
/// 178, 179); no answer is computed from them.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Bounds {
    pub(crate) triangles: Vec<[f32; 6]>,
    pub(crate) cells: Vec<[f32; 6]>,
    /// Per triangle, the unit normal `WorkTriangle::compute_normal` gives
    /// for its corners, as bits, in `f32` mode and in `Ee32` mode (`x, y,
    /// z`; `w` is 1), then the face test's plane offset `n·v0` in the same
    /// mode (`FaceTest::side`'s second term). The same functions of the
    /// same corners, so the same bits the queries would compute
    /// (divergence 179).
    pub(crate) normals_f32: Vec<[u32; 4]>,
    pub(crate) normals_ee32: Vec<[u32; 4]>,
    /// One tree of boxes over all the triangles, and every triangle's cells
    /// with its places in their lists, for the ray cast and the shape
    /// queries (divergences 235 and 236).
    pub(crate) triangle_tree: TriangleTree,
    /// Every column of cells' triangles, for the rays straight up or down
    /// (divergence 237).
    pub(crate) columns: Columns,
    /// Every cell's list with its triangles' boxes four to a block, for the
    /// shape queries over a few cells (divergence 236).
    pub(crate) cell_blocks: CellBlocks,
    /// What the ray cast reads to keep the triangles a ray may lie nearly
    /// in the plane of (divergence 238).
    pub(crate) in_plane: InPlane,
    /// Every corner's `x`, `y` and `z` lies below the ray tests' plain limit
    /// (`query::ray::PLAIN_LIMIT`).
    pub(crate) small: bool,
}

/// A vertex in a float mode: `Vec4::from_f32`. Every vertex of a mesh is
/// finite (checked when the mesh is made), so the conversion skips `f32`
/// mode's test for an infinity ([`Real::from_finite_f32`]).
#[inline(always)]
fn vertex<R: Real>(v: &[f32; 4]) -> Vec4<R> {
    Vec4::new(
        R::from_finite_f32(v[0]),
        R::from_finite_f32(v[1]),
        R::from_finite_f32(v[2]),
        R::from_finite_f32(v[3]),
    )
}

/// The normal bits of every triangle in one float mode, and its plane
/// offset `n·v0`.
fn normals<R: Real>(vertices: &[[f32; 4]], triangles: &[Triangle]) -> Vec<[u32; 4]> {
    triangles
        .iter()
        .map(|t| {
            let corner = |k: usize| {
                vertices
                    .get(usize::from(t.v[k]))
                    .map_or(Vec4::<R>::ZERO, vertex)
            };
            let mut work = WorkTriangle::from_corners(corner(0), corner(1), corner(2));
            work.compute_normal();
            let offset = work.n.dot(work.v[0]);
            [
                work.n.x.to_bits(),
                work.n.y.to_bits(),
                work.n.z.to_bits(),
                offset.to_bits(),
            ]
        })
        .collect()
}

/// The axis along which the boxes' centres (each `min + max`) spread
/// most; the first of equal spreads.
pub(crate) fn widest_centre_axis<'a>(boxes: impl Iterator<Item = &'a [f32; 6]>) -> usize {
    let (mut cmin, mut cmax) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for b in boxes {
        for k in 0..3 {
            let c = b[k] + b[k + 3];
            cmin[k] = cmin[k].min(c);
            cmax[k] = cmax[k].max(c);
        }
    }
    (0..3)
        .max_by(|&i, &j| (cmax[i] - cmin[i]).total_cmp(&(cmax[j] - cmin[j])))
        .unwrap_or(0)
}

/// Grows box `b` to hold box `tb` (both `[min; 3]`, `[max; 3]`).
#[inline]
pub(crate) fn grow_box(b: &mut [f32; 6], tb: &[f32; 6]) {
    for k in 0..3 {
        b[k] = b[k].min(tb[k]);
        b[k + 3] = b[k + 3].max(tb[k + 3]);
    }
}

/// The box every box meets (all of space).
pub(crate) const FULL_BOX: [f32; 6] = [
    f32::NEG_INFINITY,
    f32::NEG_INFINITY,
    f32::NEG_INFINITY,
    f32::INFINITY,
    f32::INFINITY,
    f32::INFINITY,
];

/// The inverted box no box meets.
pub(crate) const EMPTY_BOX: [f32; 6] = [
    f32::INFINITY,
    f32::INFINITY,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NEG_INFINITY,
    f32::NEG_INFINITY,
];

impl Bounds {
    fn new(vertices: &[[f32; 4]], triangles: &[Triangle], grid: &Grid) -> Self {
        let tri: Vec<[f32; 6]> = triangles
            .iter()
            .map(|t| {
                let corner = |k: usize| vertices.get(usize::from(t.v[k])).copied();
                let (Some(a), Some(b), Some(c)) = (corner(0), corner(1), corner(2)) else {
                    // Never for a checked mesh.
                    return FULL_BOX;
                };
                let mut bx = [0.0f32; 6];
                for k in 0..3 {
                    bx[k] = a[k].min(b[k]).min(c[k]);
                    bx[k + 3] = a[k].max(b[k]).max(c[k]);
                }
                bx
            })
            .collect();
        let cells = grid
            .cells
            .iter()
            .map(|&off| {
                let mut bx = EMPTY_BOX;
                for &t in grid.list_at(off) {
                    let Some(tb) = tri.get(usize::from(t)) else {
                        continue;
                    };
                    grow_box(&mut bx, tb);
                }
                bx
            })
            .collect();
        let triangle_tree = TriangleTree::new(&tri, grid);
        let columns = Columns::new(&tri, grid);
        Self {
            in_plane: InPlane::new(vertices, triangles, &tri, &triangle_tree, &columns),
            triangle_tree,
            columns,
            cell_blocks: CellBlocks::new(&tri, grid),
            small: vertices
                .iter()
                .all(|v| v[..3].iter().all(|c| c.abs() < crate::query::PLAIN_LIMIT)),
            triangles: tri,
            cells,
            normals_f32: normals::<f32>(vertices, triangles),
            normals_ee32: normals::<Ee32>(vertices, triangles),
        }
    }
}

impl TryFrom<MeshData> for CollisionMesh {
    type Error = MeshError;

    fn try_from(data: MeshData) -> Result<Self, MeshError> {
        Self::from_data(data, "<serde>")
    }
}

impl From<CollisionMesh> for MeshData {
    fn from(mesh: CollisionMesh) -> Self {
        mesh.into_data()
    }
}

/// A position inside mesh data that a check can name; mapped to a [`Place`]
/// by the source (a chunk offset or a field path).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Spot {
    Matrix(usize, usize),
    ClampMin(usize),
    ClampMax(usize),
    Dims(usize),
    Cells,
    Vertex(usize, usize),
    TriangleVertex(usize, usize),
    Cell(usize),
    ListEntry(usize),
}

impl Spot {
    /// Where the spot is in the chunks.
    pub(crate) fn in_chunks(self) -> Place {
        let (chunk, offset) = match self {
            Self::Matrix(r, l) => (ChunkId::Header, 0x10 + 16 * r + 4 * l),
            Self::ClampMin(a) => (ChunkId::Header, 0x50 + 4 * a),
            Self::ClampMax(a) => (ChunkId::Header, 0x60 + 4 * a),
            Self::Dims(a) => (ChunkId::Header, 0x70 + 2 * a),
            Self::Cells => (ChunkId::Grid, 0),
            Self::Vertex(i, l) => (ChunkId::Vertices, 16 * i + 4 * l),
            Self::TriangleVertex(t, k) => (ChunkId::Triangles, Triangle::SIZE * t + 2 * k),
            Self::Cell(c) => (ChunkId::Grid, 4 * c),
            Self::ListEntry(j) => (ChunkId::Lists, 2 * j),
        };
        Place::Chunk { chunk, offset }
    }

    /// Where the spot is in [`MeshData`].
    pub(crate) fn in_data(self) -> Place {
        let path = match self {
            Self::Matrix(r, l) => format!("grid.matrix[{r}][{l}]"),
            Self::ClampMin(a) => format!("grid.clamp_min[{a}]"),
            Self::ClampMax(a) => format!("grid.clamp_max[{a}]"),
            Self::Dims(a) => format!("grid.dims[{a}]"),
            Self::Cells => "grid.cells".to_owned(),
            Self::Vertex(i, l) => format!("vertices[{i}][{l}]"),
            Self::TriangleVertex(t, k) => format!("triangles[{t}].v[{k}]"),
            Self::Cell(c) => format!("grid.cells[{c}]"),
            Self::ListEntry(j) => format!("grid.lists[{j}]"),
        };
        Place::Field { path }
    }
}

/// A NaN or an infinity (IEEE exponent 255) is refused in both modes, though
/// the console would take such a pattern as a number (divergence 149).
fn finite(v: f32, file: &str, at: Place) -> Result<(), MeshError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(MeshError::NonFinite {
            file: file.to_owned(),
            at,
            bits: v.to_bits(),
        })
    }
}

/// Checks every invariant of the module docs (divergence 135); `loc` names a
/// spot in the caller's source.
pub(crate) fn check(data: &MeshData, file: &str, loc: fn(Spot) -> Place) -> Result<(), MeshError> {
    let bad = |at: Spot, detail: String| MeshError::Inconsistent {
        file: file.to_owned(),
        at: loc(at),
        detail,
    };
    let g = &data.grid;
    for (r, row) in g.matrix.iter().enumerate() {
        for (l, &v) in row.iter().enumerate() {
            finite(v, file, loc(Spot::Matrix(r, l)))?;
        }
    }
    for a in 0..4 {
        finite(g.clamp_min[a], file, loc(Spot::ClampMin(a)))?;
        finite(g.clamp_max[a], file, loc(Spot::ClampMax(a)))?;
    }
    for a in 0..3 {
        let n = g.dims[a];
        if n == 0 {
            return Err(bad(
                Spot::Dims(a),
                "a grid needs at least one cell per axis".into(),
            ));
        }
        // Truncation must land in 0..n-1 (divergence 134).
        let (lo, hi) = (g.clamp_min[a], g.clamp_max[a]);
        if lo <= -1.0 || lo > hi {
            return Err(bad(
                Spot::ClampMin(a),
                format!("clamp minimum {lo} gives no cell inside 0..{n} (maximum {hi})"),
            ));
        }
        if hi >= f32::from(n) {
            return Err(bad(
                Spot::ClampMax(a),
                format!("clamp maximum {hi} gives a cell past the grid's {n} cells"),
            ));
        }
    }
    let cells: usize = g.dims.iter().map(|&n| usize::from(n)).product();
    if g.cells.len() != cells {
        return Err(bad(
            Spot::Cells,
            format!(
                "{} grid entries for {cells} cells ({:?})",
                g.cells.len(),
                g.dims
            ),
        ));
    }
    if data.triangles.len() > MAX_TRIANGLES {
        return Err(MeshError::TooMany {
            file: file.to_owned(),
            what: "triangles",
            count: data.triangles.len(),
            limit: MAX_TRIANGLES,
        });
    }
    for (i, v) in data.vertices.iter().enumerate() {
        for (l, &c) in v.iter().enumerate() {
            finite(c, file, loc(Spot::Vertex(i, l)))?;
        }
        if v[3] != 1.0 {
            return Err(bad(
                Spot::Vertex(i, 3),
                format!("vertex w is {}, not 1", v[3]),
            ));
        }
    }
    let nv = data.vertices.len();
    for (t, tri) in data.triangles.iter().enumerate() {
        for (k, &ix) in tri.v.iter().enumerate() {
            if usize::from(ix) >= nv {
                return Err(MeshError::IndexOutOfRange {
                    file: file.to_owned(),
                    at: loc(Spot::TriangleVertex(t, k)),
                    index: u64::from(ix),
                    limit: nv as u64,
                });
            }
        }
    }
    let nl = g.lists.len();
    let nt = data.triangles.len();
    for (c, &off) in g.cells.iter().enumerate() {
        if off == 0 {
            continue;
        }
        let off = off as usize;
        let Some(&count) = g.lists.get(off) else {
            return Err(MeshError::IndexOutOfRange {
                file: file.to_owned(),
                at: loc(Spot::Cell(c)),
                index: off as u64,
                limit: nl as u64,
            });
        };
        let end = off + 1 + usize::from(count);
        if end > nl {
            return Err(bad(
                Spot::Cell(c),
                format!(
                    "the list at offset {off} holds {count} entries, past the lists' {nl} values"
                ),
            ));
        }
        for j in off + 1..end {
            let ix = g.lists.get(j).copied().unwrap_or(u16::MAX);
            if usize::from(ix) >= nt {
                return Err(MeshError::IndexOutOfRange {
                    file: file.to_owned(),
                    at: loc(Spot::ListEntry(j)),
                    index: u64::from(ix),
                    limit: nt as u64,
                });
            }
        }
    }
    Ok(())
}

impl CollisionMesh {
    /// A mesh from plain data, checked (see the [module](self)); `file` names
    /// the source in errors, which name fields by path.
    ///
    /// # Errors
    ///
    /// The first broken invariant, as [`MeshError::NonFinite`],
    /// [`MeshError::Inconsistent`], [`MeshError::IndexOutOfRange`] or
    /// [`MeshError::TooMany`].
    pub fn from_data(data: MeshData, file: &str) -> Result<Self, MeshError> {
        check(&data, file, Spot::in_data)?;
        Ok(Self::from_checked(data))
    }

    /// Wraps data [`check`] accepted.
    pub(crate) fn from_checked(data: MeshData) -> Self {
        let g = data.grid;
        let grid = Grid::new(g.matrix, g.clamp_min, g.clamp_max, g.dims, g.cells, g.lists);
        let bounds = Bounds::new(&data.vertices, &data.triangles, &grid);
        Self {
            vertices: data.vertices,
            triangles: data.triangles,
            grid,
            words: data.file_words,
            bounds,
        }
    }

    /// The mesh as plain data.
    #[must_use]
    pub fn to_data(&self) -> MeshData {
        self.clone().into_data()
    }

    /// The mesh as plain data, without copying.
    #[must_use]
    pub fn into_data(self) -> MeshData {
        let g = self.grid;
        MeshData {
            vertices: self.vertices,
            triangles: self.triangles,
            grid: GridData {
                matrix: g.matrix,
                clamp_min: g.clamp_min,
                clamp_max: g.clamp_max,
                dims: g.dims,
                cells: g.cells,
                lists: g.lists,
            },
            file_words: self.words,
        }
    }

    /// The vertices, `[x, y, z, 1]`, in file order.
    #[must_use]
    #[inline]
    pub fn vertices(&self) -> &[[f32; 4]] {
        &self.vertices
    }

    /// The triangles, in file order.
    #[must_use]
    #[inline]
    pub fn triangles(&self) -> &[Triangle] {
        &self.triangles
    }

    /// One triangle.
    #[must_use]
    #[inline]
    pub fn triangle(&self, index: usize) -> Option<&Triangle> {
        self.triangles.get(index)
    }

    /// The whole 16-byte corners `v0, v1, v2` of a triangle in a float mode,
    /// as the mesh tests copy them into the working triangle.
    #[must_use]
    #[inline]
    pub fn corners<R: Real>(&self, index: usize) -> Option<[Vec4<R>; 3]> {
        let t = self.triangles.get(index)?;
        let a = self.vertices.get(usize::from(t.v[0]))?;
        let b = self.vertices.get(usize::from(t.v[1]))?;
        let c = self.vertices.get(usize::from(t.v[2]))?;
        Some([vertex(a), vertex(b), vertex(c)])
    }

    /// A triangle's bounding box, `[min x, min y, min z, max x, max y, max
    /// z]`.
    #[must_use]
    #[inline]
    pub(crate) fn tri_bounds(&self, index: usize) -> Option<&[f32; 6]> {
        self.bounds.triangles.get(index)
    }

    /// The box around every triangle a cell lists (inverted for an empty
    /// cell), by the cell's grid entry.
    #[must_use]
    #[inline]
    pub(crate) fn cell_bounds(&self) -> &[[f32; 6]] {
        &self.bounds.cells
    }

    /// Triangle `ix`'s unit normal as kept from when the mesh was made, in
    /// the float mode `R` (`None` for no such triangle): the
    /// bits `WorkTriangle::compute_normal` gives for its corners (divergence
    /// 179).
    #[inline]
    pub(crate) fn kept_normal<R: Real>(&self, ix: usize) -> Option<Vec4<R>> {
        self.kept_plane::<R>(ix).map(|(n, _)| n)
    }

    /// Triangle `ix`'s kept unit normal ([`CollisionMesh::kept_normal`])
    /// and its face test's plane offset `n·v0`, as the query would form it
    /// from the corners (divergence 179).
    #[inline]
    pub(crate) fn kept_plane<R: Real>(&self, ix: usize) -> Option<(Vec4<R>, R)> {
        let table = match R::FLOAT_MODE {
            FloatMode::F32 => &self.bounds.normals_f32,
            FloatMode::Ee32 => &self.bounds.normals_ee32,
        };
        let &[x, y, z, offset] = table.get(ix)?;
        let n = Vec4::new(R::from_bits(x), R::from_bits(y), R::from_bits(z), R::ONE);
        Some((n, R::from_bits(offset)))
    }

    /// Sets `work.n` to triangle `ix`'s unit normal: the kept one
    /// ([`CollisionMesh::kept_normal`]) when `cached`, otherwise
    /// `work.compute_normal()` of `work`'s corners, which must be the
    /// triangle's. Both give the same bits (divergence 179).
    #[inline]
    pub(crate) fn set_normal<R: Real>(&self, work: &mut WorkTriangle<R>, ix: usize, cached: bool) {
        match self.kept_normal::<R>(ix).filter(|_| cached) {
            Some(n) => work.n = n,
            None => work.compute_normal(),
        }
    }

    /// The tree over all the triangles (the ray cast's and the shape
    /// queries').
    #[must_use]
    #[inline]
    pub(crate) fn triangle_tree(&self) -> &TriangleTree {
        &self.bounds.triangle_tree
    }

    /// The cells' lists as blocks of four boxes (divergence 236).
    #[inline]
    pub(crate) fn cell_blocks(&self) -> &CellBlocks {
        &self.bounds.cell_blocks
    }

    /// The triangles' plane data for the ray cast (divergence 238).
    #[inline]
    pub(crate) fn in_plane(&self) -> &InPlane {
        &self.bounds.in_plane
    }

    /// Whether column `(x, y)` holds a triangle a ray straight up or down
    /// may lie nearly in the plane of (divergence 238).
    #[inline]
    pub(crate) fn upright_in_plane(&self, x: u16, y: u16, r: &PlaneReach) -> bool {
        // The columns' own index (`Columns::column`); an `x` past the grid
        // names another column's record, but no column is read there.
        let nx = usize::from(self.grid.dims[0]);
        self.bounds
            .in_plane
            .upright_column(usize::from(y) * nx + usize::from(x), r)
    }

    /// The grid's columns (divergence 237).
    #[inline]
    pub(crate) fn columns(&self) -> &Columns {
        &self.bounds.columns
    }

    /// The grid.
    #[must_use]
    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The header words no query reads.
    #[must_use]
    pub fn file_words(&self) -> &FileWords {
        &self.words
    }

    /// The header's lowest vertex `z` (`+0x98`; no reader traced).
    #[must_use]
    pub fn lowest_z(&self) -> f32 {
        f32::from_bits(self.words.lowest_z)
    }

    /// The triangles listed in a cell (empty outside the grid).
    #[must_use]
    #[inline]
    pub fn cell_triangles(&self, cell: [u16; 3]) -> &[u16] {
        self.grid.cell_list(cell)
    }

    /// Replaces a triangle's flags (what `CollisionMesh_SetEnabledInBox`, the
    /// doors and the glass panes do at run time). `false` when there is no
    /// such triangle.
    pub fn set_flags(&mut self, index: usize, flags: TriangleFlags) -> bool {
        self.triangles
            .get_mut(index)
            .map(|t| t.flags = flags)
            .is_some()
    }

    /// Replaces a triangle's material. `false` when there is no such
    /// triangle.
    pub fn set_material(&mut self, index: usize, material: Material) -> bool {
        self.triangles
            .get_mut(index)
            .map(|t| t.material = material)
            .is_some()
    }

    /// The indices of the triangles that span no area (kept, never a
    /// contact: see [`Triangle::is_degenerate`]).
    pub fn degenerate_triangles(&self) -> impl Iterator<Item = usize> + '_ {
        self.triangles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_degenerate(&self.vertices) == Some(true))
            .map(|(i, _)| i)
    }

    /// A cleared visited set sized for this mesh, to keep and reuse across
    /// queries.
    #[must_use]
    pub fn visited_bits(&self) -> VisitedBits {
        VisitedBits::new(self.triangles.len())
    }

    /// Starts a shape query: clears the visited bits (one per triangle, so a
    /// triangle listed in several cells is tested once) and turns the world
    /// box `min`…`max` into the box of cells to walk, with
    /// [`Grid::cell_range`]. Walk the answer with [`CellRange::walk`] (`x`
    /// outermost, then `y`, then `z`).
    ///
    /// `visited` is resized only when it was made for another mesh; otherwise
    /// this allocates nothing.
    ///
    /// Original: `CollisionMesh_BeginShapeQuery` (0x00347170).
    pub fn begin_shape_query<R: Real>(
        &self,
        visited: &mut VisitedBits,
        min: Vec4<R>,
        max: Vec4<R>,
    ) -> CellRange {
        visited.reset(self.triangles.len());
        self.grid.cell_range(min, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::{from_soup, BuildConfig, SoupTriangle};
    use kernels::triangle_filter::FaceTest;
    use test_support::{Lcg, Seeded};

    /// The kept normal and plane offset of every triangle are the bits the
    /// query forms from the corners (`WorkTriangle::compute_normal`, then
    /// `FaceTest::side`'s `n·v0`), in both modes, for triangles of every
    /// size and tilt from the origin out to 3 km (divergence 179).
    #[test]
    fn kept_planes_are_the_bits_the_query_forms() {
        fn check<R: Real>(mesh: &CollisionMesh) {
            for ix in 0..mesh.triangles().len() {
                let [a, b, c] = mesh.corners::<R>(ix).expect("a triangle");
                let mut work = WorkTriangle::from_corners(a, b, c);
                work.compute_normal();
                let (n, offset) = mesh.kept_plane::<R>(ix).expect("kept");
                let bits = |v: Vec4<R>| [v.x, v.y, v.z].map(Real::to_bits);
                assert_eq!(bits(n), bits(work.n), "normal {ix}");
                let want = work.n.dot(work.v[0]);
                assert_eq!(offset.to_bits(), want.to_bits(), "offset {ix}");
                // The side test itself, at centres near and far.
                for c in [
                    a,
                    b.scale(R::from_f32(0.5)),
                    Vec4::point(R::ONE, R::ZERO, R::ONE),
                ] {
                    let faces = FaceTest::at(c);
                    let side = n.dot(c) - offset;
                    assert_eq!(side.to_bits(), faces.side(&work).to_bits(), "side {ix}");
                }
            }
        }
        let mut g = Lcg(0x9_1a4e);
        let soup: Vec<SoupTriangle> = (0..3000)
            .map(|i| {
                let far = [1.0f32, 40.0, 600.0, 3000.0][i % 4];
                let a = g.vec3_f32(-far, far);
                let size = [0.01f32, 1.0, 30.0][i % 3];
                let mut corner = || {
                    let d = g.vec3_f32(-size, size);
                    [a[0] + d[0], a[1] + d[1], a[2] + d[2]]
                };
                SoupTriangle::new([a, corner(), corner()])
            })
            .collect();
        let cfg = BuildConfig {
            cell_size: 64.0,
            ..BuildConfig::default()
        };
        let mesh = from_soup(&soup, &cfg, "planes").expect("the soup builds");
        check::<f32>(&mesh);
        check::<ps2_float::Ee32>(&mesh);
    }
}
