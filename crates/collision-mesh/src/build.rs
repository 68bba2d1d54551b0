//! Building a mesh from a triangle soup: the vertices, the triangles, and a
//! grid chosen and filled the way the game's tool did it.
//!
//! What the disc shows of the tool (Coney `docs/research/collision.md`, "The
//! grid", from all 64 level files) and what the builder does with it:
//!
//! * The matrix is a diagonal scale and a translation mapping the vertices'
//!   bounding box onto `0 … n − 1` per axis; the clamp box is `0.5` to
//!   `n − 0.5`. The builder does the same, with `n = ⌈extent / cell_size⌉ + 1`
//!   (cells on the disc are 5.03 to 13.57 units wide; the default cell size
//!   is 8) (divergence 140).
//! * 45 of the 64 levels have one layer of cells with a `z` scale of 0; the
//!   builder does that by default ([`BuildConfig::flat_z`]).
//! * Every triangle is in at least one cell, and the lists are not exactly
//!   the cells of each triangle's bounding box, as if the tool tested triangle
//!   against cell with a margin. The builder lists a triangle in every cell
//!   whose region it touches (an exact triangle-box overlap test in grid
//!   space), each region grown by [`BuildConfig::margin`] cells (*inferred*,
//!   divergence 141). A cell's region is what the console's point-to-cell rule
//!   sends to it: between two integer grid coordinates, the first and last
//!   cells open towards the outside.
//! * The first `u16` of the lists is 0, so offset 0 reads as an empty list.
//!   The lists follow in grid order, each ascending.
//!
//! The result: any point of a triangle, looked up with the console's rule,
//! lands in a cell whose list holds that triangle.
//!
//! # Bounds
//!
//! A soup's cost is bounded by its triangle count, whatever its coordinates:
//!
//! * the grid has at most [`cell_cap`] cells: `max_cells`, and no more than
//!   2^16 (above the disc's largest grid, 57,288) or 64 per triangle,
//!   whichever is more; past that the cells grow, as for `max_cells`
//!   (divergence 321). No level's grid changes;
//! * the listing tests a triangle only against the cells of the `x` columns
//!   it reaches and, in each, the `y` and `z` cells its part in that column
//!   reaches; it stops with [`MeshError::OverBudget`] past 2^19 list values
//!   or 16 per triangle, or four tests per allowed value (divergence 322);
//! * `margin` must be 0 to 1 cell and `max_cells` at most 2^24, or the
//!   configuration is refused (divergence 323).
//!
//! `docs/performance.md` ("Loading: speed and bounds") gives the measured
//! time and memory of hostile files.

use std::collections::HashMap;

use ps2_float::Vec4;
use serde::{Deserialize, Serialize};

use crate::error::{MeshError, Place};
use crate::grid::Grid;
use crate::mesh::{check, FileWords, GridData, MeshData, Spot, MAX_TRIANGLES, MAX_VERTICES};
use crate::{flags::TriangleFlags, material::Material, mesh::CollisionMesh, triangle::Triangle};

/// The per-triangle words a soup triangle carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Attributes {
    /// The flags. The builder adds [`TriangleFlags::ENABLED`], as the load
    /// handler does.
    pub flags: TriangleFlags,
    /// The material.
    pub material: Material,
    /// The area byte.
    pub area: u8,
}

impl Default for Attributes {
    /// Enabled, one-sided, `CONCRETE` (5), area 1 (not 0, so
    /// `Collision_DropToMarkedGround` stops on it) (divergence 145).
    fn default() -> Self {
        Self {
            flags: TriangleFlags::ENABLED,
            material: Material::CONCRETE,
            area: 1,
        }
    }
}

/// One triangle of a soup: three corners `[x, y, z]` in the game's axes (`z`
/// up; the front face is the one `(b − a) × (c − a)` points to) and its words.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoupTriangle {
    /// The corners `a, b, c`.
    pub corners: [[f32; 3]; 3],
    /// The flags, material and area byte.
    #[serde(default)]
    pub attributes: Attributes,
}

impl SoupTriangle {
    /// A triangle with the default [`Attributes`].
    #[must_use]
    pub fn new(corners: [[f32; 3]; 3]) -> Self {
        Self {
            corners,
            attributes: Attributes::default(),
        }
    }

    /// The same corners with other words.
    #[must_use]
    pub fn with(self, attributes: Attributes) -> Self {
        Self { attributes, ..self }
    }
}

/// How the builder chooses and fills the grid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BuildConfig {
    /// The widest a cell may be, in world units (default 8).
    pub cell_size: f32,
    /// One layer of cells in `z`, with a `z` scale of 0 (default `true`, as
    /// 45 of the 64 levels).
    pub flat_z: bool,
    /// How far, in cells, a cell's region is grown before the triangle test
    /// (default 1/64, at most [`MAX_MARGIN`]), so that a point on a cell
    /// boundary finds the triangle whichever way the console's rounding sends
    /// it.
    pub margin: f32,
    /// The most cells the grid may have (default 2^20, at most
    /// [`MAX_CELLS_LIMIT`]; the disc's largest grid has 57,288). When the
    /// cell size gives more, or more than [`cell_cap`] allows for the
    /// triangle count, it is grown until they fit.
    pub max_cells: usize,
}

impl Default for BuildConfig {
    fn default() -> Self {
        Self {
            cell_size: 8.0,
            flat_z: true,
            margin: 1.0 / 64.0,
            max_cells: 1 << 20,
        }
    }
}

/// The fewest cells the triangle count allows the grid: more than the
/// largest grid on the disc (57,288 cells), so no level's grid is ever cut
/// by [`CELLS_PER_TRIANGLE`] (divergence 321).
pub const MIN_CELL_CAP: usize = 1 << 16;

/// Past [`MIN_CELL_CAP`], the grid has at most this many cells per triangle
/// (the disc's grids have 6.3 per triangle for the largest level): far-apart
/// corners with few triangles make the cells coarser, not more numerous
/// (divergence 321).
pub const CELLS_PER_TRIANGLE: usize = 64;

/// The largest [`BuildConfig::max_cells`] accepted: 2^24 cells, a 64 MiB
/// cells chunk (divergence 323).
pub const MAX_CELLS_LIMIT: usize = 1 << 24;

/// The largest [`BuildConfig::margin`] accepted, in cells (divergence 323).
pub const MAX_MARGIN: f32 = 1.0;

/// The fewest list values the budget allows: 2^19, 19 times the largest
/// lists chunk on the disc (27,296 values) (divergence 322).
pub const MIN_LIST_BUDGET: usize = 1 << 19;

/// Past [`MIN_LIST_BUDGET`], the lists hold at most this many values per
/// triangle, and the builder makes at most [`TESTS_PER_VALUE`] times as many
/// triangle-cell tests as the list budget (divergence 322).
pub const LIST_VALUES_PER_TRIANGLE: usize = 16;

/// The triangle-cell tests allowed per list value of the budget.
pub const TESTS_PER_VALUE: usize = 4;

/// The most cells a grid for `triangles` triangles may have: `max_cells`,
/// and no more than [`MIN_CELL_CAP`] or [`CELLS_PER_TRIANGLE`] per triangle,
/// whichever is more (divergence 321).
#[must_use]
pub fn cell_cap(triangles: usize, max_cells: usize) -> usize {
    max_cells
        .max(1)
        .min(MIN_CELL_CAP.max(triangles.saturating_mul(CELLS_PER_TRIANGLE)))
}

/// A mesh from a triangle soup: identical corners (bit for bit) share one
/// vertex, in the order they first appear; the triangles keep the soup's
/// order, each with [`TriangleFlags::ENABLED`] added (divergence 142); the
/// grid is chosen and filled as the [module](self) says.
///
/// # Errors
///
/// [`MeshError::Empty`] for no triangles; [`MeshError::NonFinite`] for a NaN
/// or infinite corner (naming `soup[i].corners[k][a]`);
/// [`MeshError::TooMany`] past 65,535 triangles or 65,536 distinct corners;
/// [`MeshError::Inconsistent`] for a bad configuration.
pub fn from_soup(
    soup: &[SoupTriangle],
    config: &BuildConfig,
    file: &str,
) -> Result<CollisionMesh, MeshError> {
    if soup.len() > MAX_TRIANGLES {
        return Err(MeshError::TooMany {
            file: file.to_owned(),
            what: "triangles",
            count: soup.len(),
            limit: MAX_TRIANGLES,
        });
    }
    let mut index: HashMap<[u32; 3], u16> = HashMap::new();
    let mut vertices: Vec<[f32; 4]> = Vec::new();
    let mut triangles = Vec::with_capacity(soup.len());
    for (i, t) in soup.iter().enumerate() {
        let mut v = [0u16; 3];
        for (k, c) in t.corners.iter().enumerate() {
            for (a, &x) in c.iter().enumerate() {
                if !x.is_finite() {
                    return Err(MeshError::NonFinite {
                        file: file.to_owned(),
                        at: Place::Field {
                            path: format!("soup[{i}].corners[{k}][{a}]"),
                        },
                        bits: x.to_bits(),
                    });
                }
            }
            let key = c.map(f32::to_bits);
            v[k] = match index.get(&key) {
                Some(&ix) => ix,
                None => {
                    if vertices.len() >= MAX_VERTICES {
                        return Err(MeshError::TooMany {
                            file: file.to_owned(),
                            what: "distinct vertices",
                            count: vertices.len() + 1,
                            limit: MAX_VERTICES,
                        });
                    }
                    // At most 65,536 vertices, so the index fits.
                    let ix = vertices.len() as u16;
                    vertices.push([c[0], c[1], c[2], 1.0]);
                    index.insert(key, ix);
                    ix
                }
            };
        }
        triangles.push(Triangle {
            v,
            flags: t.attributes.flags | TriangleFlags::ENABLED,
            material: t.attributes.material,
            area: t.attributes.area,
        });
    }
    from_indexed(vertices, triangles, config, file)
}

/// A mesh from vertices and triangles as they are (nothing merged, flags
/// untouched), with a grid chosen and filled as the [module](self) says.
///
/// # Errors
///
/// [`MeshError::Empty`] for no triangles; the checks of
/// [`CollisionMesh::from_data`] on the vertices and triangles;
/// [`MeshError::OverBudget`] for a soup whose lists would pass the budget of
/// divergence 322 (2^19 values, or 16 per triangle, and four tests per
/// value);
/// [`MeshError::Inconsistent`] for a bad configuration or coordinates too far
/// apart for an `f32` grid.
pub fn from_indexed(
    vertices: Vec<[f32; 4]>,
    triangles: Vec<Triangle>,
    config: &BuildConfig,
    file: &str,
) -> Result<CollisionMesh, MeshError> {
    if triangles.is_empty() {
        return Err(MeshError::Empty {
            file: file.to_owned(),
        });
    }
    let cfg_err = |field: &str, detail: String| MeshError::Inconsistent {
        file: file.to_owned(),
        at: Place::Field {
            path: format!("config.{field}"),
        },
        detail,
    };
    if !(config.cell_size.is_finite() && config.cell_size > 0.0) {
        return Err(cfg_err(
            "cell_size",
            format!("{} is not a positive size", config.cell_size),
        ));
    }
    if !(config.margin.is_finite() && (0.0..=MAX_MARGIN).contains(&config.margin)) {
        return Err(cfg_err(
            "margin",
            format!(
                "{} is not a margin from 0 to {MAX_MARGIN} cell",
                config.margin
            ),
        ));
    }
    if config.max_cells > MAX_CELLS_LIMIT {
        return Err(cfg_err(
            "max_cells",
            format!(
                "{} cells; a grid may have at most {MAX_CELLS_LIMIT}",
                config.max_cells
            ),
        ));
    }
    // Check the vertices and triangles against a one-cell placeholder grid.
    let lowest = vertices.iter().map(|v| v[2]).fold(f32::INFINITY, f32::min);
    let mut data = MeshData {
        vertices,
        triangles,
        grid: GridData {
            matrix: [[0.0; 4]; 4],
            clamp_min: [0.5, 0.5, 0.5, 1.0],
            clamp_max: [0.5, 0.5, 0.5, 1.0],
            dims: [1, 1, 1],
            cells: vec![0],
            lists: vec![0],
        },
        file_words: FileWords {
            lowest_z: if lowest.is_finite() {
                lowest.to_bits()
            } else {
                0
            },
            ..FileWords::default()
        },
    };
    check(&data, file, Spot::in_data)?;
    let frame = choose_frame(&data.vertices, &data.triangles, config).ok_or_else(|| {
        cfg_err(
            "cell_size",
            "the coordinates are too far apart for an f32 grid".to_owned(),
        )
    })?;
    data.grid = frame;
    let values = MIN_LIST_BUDGET.max(data.triangles.len() * LIST_VALUES_PER_TRIANGLE);
    let lists =
        fill(&data, config.margin, (values, values * TESTS_PER_VALUE)).map_err(|e| match e {
            FillError::Over { what, count, limit } => MeshError::OverBudget {
                file: file.to_owned(),
                what,
                count,
                limit,
            },
            FillError::Missing => MeshError::Inconsistent {
                file: file.to_owned(),
                at: Place::Field {
                    path: "triangles".to_owned(),
                },
                detail: "a triangle or cell the grid does not have".to_owned(),
            },
        })?;
    data.grid.cells = lists.0;
    data.grid.lists = lists.1;
    check(&data, file, Spot::in_data)?;
    Ok(CollisionMesh::from_checked(data))
}

/// The matrix, clamp box and cell counts for the used vertices' bounding box;
/// `None` when the scale or translation does not fit an `f32`.
fn choose_frame(
    vertices: &[[f32; 4]],
    triangles: &[Triangle],
    config: &BuildConfig,
) -> Option<GridData> {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for t in triangles {
        for &ix in &t.v {
            let p = vertices.get(usize::from(ix))?;
            for a in 0..3 {
                lo[a] = lo[a].min(f64::from(p[a]));
                hi[a] = hi[a].max(f64::from(p[a]));
            }
        }
    }
    let extent = [0, 1, 2].map(|a| hi[a] - lo[a]);
    let cap = cell_cap(triangles.len(), config.max_cells);
    let mut cell = f64::from(config.cell_size);
    let dims = loop {
        let n = [0, 1, 2].map(|a| {
            if (a == 2 && config.flat_z) || extent[a] <= 0.0 {
                1u64
            } else {
                // Float to integer saturates; the bound below catches it.
                ((extent[a] / cell).ceil() as u64).saturating_add(1)
            }
        });
        let total = n.iter().fold(1u64, |acc, &k| acc.saturating_mul(k));
        if n.iter().all(|&k| k <= u64::from(u16::MAX)) && total <= cap as u64 {
            break n.map(|k| k as u16);
        }
        cell *= 1.25;
    };
    // Rows' w lanes (0, 0, 0, 1): divergence 144.
    let mut matrix = [[0.0f32; 4]; 4];
    matrix[3][3] = 1.0;
    for a in 0..3 {
        if dims[a] > 1 {
            let s = f64::from(dims[a] - 1) / extent[a];
            let (s32, t32) = (s as f32, (-lo[a] * s) as f32);
            if !(s32.is_finite() && t32.is_finite()) {
                return None;
            }
            matrix[a][a] = s32;
            matrix[3][a] = t32;
        }
    }
    let top = dims.map(|n| f32::from(n) - 0.5);
    Some(GridData {
        matrix,
        clamp_min: [0.5, 0.5, 0.5, 1.0],
        clamp_max: [top[0], top[1], top[2], 1.0],
        dims,
        cells: Vec::new(),
        lists: Vec::new(),
    })
}

/// The grid-space corners of a triangle, as `f64`, computed with the
/// console's `f32` transform (so the listing agrees with the lookups).
fn grid_corners(grid: &Grid, vertices: &[[f32; 4]], t: &Triangle) -> Option<[[f64; 3]; 3]> {
    let mut out = [[0.0; 3]; 3];
    for (k, &ix) in t.v.iter().enumerate() {
        let p = vertices.get(usize::from(ix))?;
        let g = grid.to_grid(Vec4::<f32>::from_f32(*p));
        out[k] = [g.x, g.y, g.z].map(|v| f64::from(v).clamp(-1e30, 1e30));
    }
    Some(out)
}

/// The region of cell `k` along one axis, in grid coordinates: what the
/// point-to-cell rule (clamp to `[cmin, cmax]`, truncate) sends to `k`. The
/// first and last reachable cells are open towards the outside. `None` for a
/// cell the rule never gives.
fn cell_interval(k: u16, cmin: f32, cmax: f32, n: u16) -> Option<(f64, f64)> {
    let first = (cmin as i32).clamp(0, i32::from(n) - 1);
    let last = (cmax as i32).clamp(0, i32::from(n) - 1);
    let k = i32::from(k);
    if k < first || k > last {
        return None;
    }
    let lo = if k == first {
        f64::NEG_INFINITY
    } else {
        f64::from(k)
    };
    let hi = if k == last {
        f64::INFINITY
    } else {
        f64::from(k + 1)
    };
    Some((lo, hi))
}

/// Whether a triangle (corners in grid space) meets a cell's region grown by
/// `margin` cells: a separating-axis test of the triangle against the box
/// (touching counts).
fn touches_region(tri: &[[f64; 3]; 3], grid: &Grid, cell: [u16; 3], margin: f64) -> bool {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for a in 0..3 {
        let Some((l, h)) =
            cell_interval(cell[a], grid.clamp_min[a], grid.clamp_max[a], grid.dims[a])
        else {
            return false;
        };
        // Open sides stop just past the triangle: the test is the same.
        let tmin = tri.iter().map(|p| p[a]).fold(f64::INFINITY, f64::min);
        let tmax = tri.iter().map(|p| p[a]).fold(f64::NEG_INFINITY, f64::max);
        lo[a] = (l - margin).max(tmin - 1.0);
        hi[a] = (h + margin).min(tmax + 1.0);
        if lo[a] > hi[a] {
            return false;
        }
    }
    surely_overlaps(tri, lo, hi) || triangle_box_overlap(tri, lo, hi)
}

/// Two cheap cases where the box certainly meets the triangle, so the
/// separating-axis test (which would agree) is skipped: a corner inside the
/// box, or a box spanning the triangle's whole `z` range whose `x, y` centre
/// lies inside the triangle's `x, y` projection (the vertical line there
/// meets the triangle inside the box).
fn surely_overlaps(tri: &[[f64; 3]; 3], lo: [f64; 3], hi: [f64; 3]) -> bool {
    let inside = |p: &[f64; 3]| (0..3).all(|a| lo[a] <= p[a] && p[a] <= hi[a]);
    if tri.iter().any(inside) {
        return true;
    }
    let (zmin, zmax) = tri
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| {
            (l.min(p[2]), h.max(p[2]))
        });
    if !(lo[2] <= zmin && zmax <= hi[2]) {
        return false;
    }
    let c = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])];
    let side =
        |a: &[f64; 3], b: &[f64; 3]| (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    let d = [
        side(&tri[0], &tri[1]),
        side(&tri[1], &tri[2]),
        side(&tri[2], &tri[0]),
    ];
    d.iter().all(|&x| x > 0.0) || d.iter().all(|&x| x < 0.0)
}

/// The separating-axis test of a triangle against an axis-aligned box
/// `[lo, hi]` (13 axes: the box's 3, the triangle's normal, the 9 edge
/// crosses), in `f64`; touching counts as overlap.
#[allow(clippy::needless_range_loop)]
fn triangle_box_overlap(tri: &[[f64; 3]; 3], lo: [f64; 3], hi: [f64; 3]) -> bool {
    let c = [0, 1, 2].map(|a| 0.5 * (lo[a] + hi[a]));
    let h = [0, 1, 2].map(|a| 0.5 * (hi[a] - lo[a]));
    let p = tri.map(|v| [v[0] - c[0], v[1] - c[1], v[2] - c[2]]);
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let separated = |axis: [f64; 3]| {
        let r = h[0] * axis[0].abs() + h[1] * axis[1].abs() + h[2] * axis[2].abs();
        let d = p.map(|v| dot(v, axis));
        let (mn, mx) = (d[0].min(d[1]).min(d[2]), d[0].max(d[1]).max(d[2]));
        let slack = 1e-9 * (r + mn.abs().max(mx.abs())) + 1e-12;
        mn > r + slack || mx < -r - slack
    };
    for a in 0..3 {
        let mut axis = [0.0; 3];
        axis[a] = 1.0;
        if separated(axis) {
            return false;
        }
    }
    let e = [0, 1, 2].map(|k| {
        let (a, b) = (p[k], p[(k + 1) % 3]);
        [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
    });
    if separated(cross(e[0], e[1])) {
        return false;
    }
    for ek in e {
        for a in 0..3 {
            let mut u = [0.0; 3];
            u[a] = 1.0;
            if separated(cross(ek, u)) {
                return false;
            }
        }
    }
    true
}

/// Whether the builder's test lists `triangle` in `cell` with this margin (in
/// cells): the triangle, in grid space, meets the cell's region grown by the
/// margin. `false` for a triangle or cell that does not exist.
#[must_use]
pub(crate) fn triangle_touches_cell(
    mesh: &CollisionMesh,
    triangle: usize,
    cell: [u16; 3],
    margin: f32,
) -> bool {
    let grid = mesh.grid();
    if grid.cell_index(cell).is_none() {
        return false;
    }
    mesh.triangle(triangle)
        .and_then(|t| grid_corners(grid, mesh.vertices(), t))
        .is_some_and(|tri| touches_region(&tri, grid, cell, f64::from(margin)))
}

/// Why [`fill`] gave up.
enum FillError {
    /// More list values or triangle-cell tests than the budget allows.
    Over {
        what: &'static str,
        count: usize,
        limit: usize,
    },
    /// A triangle or cell the checked data does not have (cannot happen after
    /// [`check`]).
    Missing,
}

/// The clipped polygon of a triangle: at most 3 + 2 corners after one slab.
type Poly = ([[f64; 3]; 5], usize);

/// The part of `poly` with `sign · p[axis] ≤ sign · bound` (one
/// Sutherland-Hodgman step); an infinite bound keeps it all.
fn clip_half(poly: &Poly, axis: usize, bound: f64, sign: f64) -> Poly {
    if bound.is_infinite() {
        return *poly;
    }
    let (pts, n) = poly;
    let mut out = ([[0.0; 3]; 5], 0);
    let inside = |p: &[f64; 3]| sign * p[axis] <= sign * bound;
    for i in 0..*n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        let (ia, ib) = (inside(&a), inside(&b));
        if ia && out.1 < 5 {
            out.0[out.1] = a;
            out.1 += 1;
        }
        if ia != ib && out.1 < 5 {
            let t = (bound - a[axis]) / (b[axis] - a[axis]);
            let t = if t.is_finite() {
                t.clamp(0.0, 1.0)
            } else {
                0.0
            };
            out.0[out.1] = [0, 1, 2].map(|k| a[k] + t * (b[k] - a[k]));
            out.1 += 1;
        }
    }
    out
}

/// The cells on one axis whose grown regions `[k − margin, k + 1 + margin]`
/// can reach `[lo, hi]`, with a slack of 1e-6 cell, inside `0 … n − 1`: cell
/// `k` can touch when `k + 1 + margin ≥ lo` and `k − margin ≤ hi`.
fn touching_range(lo: f64, hi: f64, margin: f64, n: u16) -> (u16, u16) {
    const SLACK: f64 = 1e-6;
    let top = i64::from(n) - 1;
    let l = ((lo - margin - SLACK).floor() as i64 - 1).clamp(0, top);
    let h = ((hi + margin + SLACK).floor() as i64).clamp(0, top);
    (l as u16, h as u16)
}

/// The cells on one axis whose grown regions can reach `[lo, hi]` (grid
/// coordinates), one more each way for the boundaries, inside `0 … n − 1`.
fn candidate_range(lo: f64, hi: f64, margin: f64, n: u16) -> (u16, u16) {
    let top = i64::from(n) - 1;
    let l = ((lo - margin).floor() as i64)
        .saturating_sub(1)
        .clamp(0, top);
    let h = ((hi + margin).floor() as i64)
        .saturating_add(1)
        .clamp(0, top);
    (l as u16, h as u16)
}

/// The cell offsets and index lists for the data's frame.
///
/// Each triangle is tested against the cells of each `x` column whose grown
/// region it can reach: the triangle clipped to the column's slab (grown by
/// the margin and half a cell more) gives the `y` and `z` cells to test, so
/// a long sliver costs about the cells it crosses, not its bounding box
/// (the answer is the same either way: the exact test decides). At most
/// `budget.0` list values and `budget.1` tests (divergence 322).
fn fill(
    data: &MeshData,
    margin: f32,
    budget: (usize, usize),
) -> Result<(Vec<u32>, Vec<u16>), FillError> {
    let g = &data.grid;
    let grid = Grid::new(
        g.matrix,
        g.clamp_min,
        g.clamp_max,
        g.dims,
        Vec::new(),
        Vec::new(),
    );
    let margin = f64::from(margin);
    let cell_count: usize = g.dims.iter().map(|&n| usize::from(n)).product();
    // (cell, triangle) in triangle order, sorted by cell below.
    let mut pairs: Vec<(u32, u16)> = Vec::new();
    let mut tests = 0usize;
    let over = |what, count, limit| FillError::Over { what, count, limit };
    for (ti, t) in data.triangles.iter().enumerate() {
        let ti = ti as u16; // at most 65,535 triangles
        let tri = grid_corners(&grid, &data.vertices, t).ok_or(FillError::Missing)?;
        let bound = |pts: &[[f64; 3]], a: usize| {
            pts.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| {
                    (l.min(p[a]), h.max(p[a]))
                })
        };
        let (x0, x1) = bound(&tri, 0);
        let (xlo, xhi) = candidate_range(x0, x1, margin, g.dims[0]);
        let whole: Poly = ([tri[0], tri[1], tri[2], [0.0; 3], [0.0; 3]], 3);
        let mut listed = false;
        for x in xlo..=xhi {
            let Some((l, h)) = cell_interval(x, grid.clamp_min[0], grid.clamp_max[0], g.dims[0])
            else {
                continue;
            };
            let slack = margin + 0.5;
            let part = clip_half(&whole, 0, l - slack, -1.0);
            let part = clip_half(&part, 0, h + slack, 1.0);
            if part.1 == 0 {
                continue;
            }
            let pts = &part.0[..part.1];
            let (y0, y1) = bound(pts, 1);
            let (z0, z1) = bound(pts, 2);
            // The clipped part lies in the column's slab grown by half a
            // cell more than the margin: a superset of the triangle's part
            // a cell of this column can touch, so the touching ranges do.
            let (ylo, yhi) = touching_range(y0, y1, margin, g.dims[1]);
            let (zlo, zhi) = touching_range(z0, z1, margin, g.dims[2]);
            for y in ylo..=yhi {
                for z in zlo..=zhi {
                    tests += 1;
                    if tests > budget.1 {
                        return Err(over("triangle-cell tests", tests, budget.1));
                    }
                    let cell = [x, y, z];
                    if touches_region(&tri, &grid, cell, margin) {
                        let c = grid.cell_index(cell).ok_or(FillError::Missing)?;
                        pairs.push((c as u32, ti));
                        listed = true;
                        if pairs.len() > budget.0 {
                            return Err(over("cell list values", pairs.len(), budget.0));
                        }
                    }
                }
            }
        }
        if !listed {
            // Every triangle is in at least one cell: its first corner's.
            let p = data
                .vertices
                .get(usize::from(t.v[0]))
                .ok_or(FillError::Missing)?;
            let c = grid
                .cell_index(grid.cell_of(Vec4::<f32>::from_f32(*p)))
                .ok_or(FillError::Missing)?;
            pairs.push((c as u32, ti));
        }
    }
    // A counting sort by cell keeps each cell's triangles ascending.
    let mut counts = vec![0u32; cell_count];
    for &(c, _) in &pairs {
        *counts.get_mut(c as usize).ok_or(FillError::Missing)? += 1;
    }
    let mut cells = vec![0u32; cell_count];
    let mut next = vec![0usize; cell_count];
    let mut at = 1usize;
    for (c, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        cells[c] = u32::try_from(at).map_err(|_| FillError::Missing)?;
        next[c] = at + 1;
        at += 1 + n as usize;
    }
    let mut lists = vec![0u16; at];
    for (c, &n) in counts.iter().enumerate() {
        if n > 0 {
            lists[cells[c] as usize] = u16::try_from(n).map_err(|_| FillError::Missing)?;
        }
    }
    for &(c, t) in &pairs {
        let slot = &mut next[c as usize];
        lists[*slot] = t;
        *slot += 1;
    }
    Ok((cells, lists))
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{Seeded, Xorshift};

    #[test]
    fn sat_basics() {
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        // A degenerate triangle is tested as its segment.
        let seg = [[0.0, 0.0, 0.0], [2.0, 2.0, 0.0], [1.0, 1.0, 0.0]];
        // (triangle, box min, box max, overlaps)
        let cases = [
            (tri, [0.2, 0.2, -1.0], [0.3, 0.3, 1.0], true),
            (tri, [0.6, 0.6, -1.0], [0.9, 0.9, 1.0], false),
            (tri, [0.5, 0.5, -1.0], [0.9, 0.9, 1.0], true), // touching counts
            (tri, [0.2, 0.2, 0.1], [0.3, 0.3, 1.0], false),
            (seg, [0.9, 0.9, -0.1], [1.1, 1.1, 0.1], true),
            (seg, [1.2, 0.0, -0.1], [2.0, 0.7, 0.1], false),
        ];
        for (t, lo, hi, want) in cases {
            let got = triangle_box_overlap(&t, lo, hi);
            assert_eq!(got, want, "{t:?} {lo:?} {hi:?}");
        }
    }

    /// The shortcuts never say "overlaps" where the separating-axis test
    /// says "separated" (seeded triangles and boxes, many near-touching).
    #[test]
    fn shortcuts_agree_with_the_separating_axis_test() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.range(-2.0, 6.0);
        let mut shortcuts = 0;
        for _ in 0..200_000 {
            let tri = [0; 3].map(|_| [next(), next(), next() * 0.25]);
            let a = [next(), next(), next()];
            let b = [next(), next(), next()];
            let lo = [0, 1, 2].map(|k| a[k].min(b[k]));
            let hi = [0, 1, 2].map(|k| a[k].max(b[k]));
            if surely_overlaps(&tri, lo, hi) {
                shortcuts += 1;
                assert!(triangle_box_overlap(&tri, lo, hi), "{tri:?} {lo:?} {hi:?}");
            }
        }
        assert!(shortcuts > 1_000, "{shortcuts}");
    }

    #[test]
    fn cell_regions_follow_the_point_rule() {
        assert_eq!(
            cell_interval(0, 0.5, 3.5, 4),
            Some((f64::NEG_INFINITY, 1.0))
        );
        assert_eq!(cell_interval(2, 0.5, 3.5, 4), Some((2.0, 3.0)));
        assert_eq!(cell_interval(3, 0.5, 3.5, 4), Some((3.0, f64::INFINITY)));
        assert_eq!(
            cell_interval(0, 0.5, 0.5, 1),
            Some((f64::NEG_INFINITY, f64::INFINITY))
        );
        assert_eq!(cell_interval(0, 1.5, 3.5, 4), None);
    }
}
