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

use std::collections::HashMap;

use ps2_float::Vec4;
use serde::{Deserialize, Serialize};

use crate::error::{MeshError, Place};
use crate::grid::Grid;
use crate::mesh::{check, FileWords, GridData, MeshData, Spot, MAX_TRIANGLES, MAX_VERTICES};
use crate::{CollisionMesh, Material, Triangle, TriangleFlags};

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
    /// (default 1/64), so that a point on a cell boundary finds the triangle
    /// whichever way the console's rounding sends it.
    pub margin: f32,
    /// The most cells the grid may have (default 2^20; the disc's largest
    /// grid has 57,288). When the cell size gives more, it is grown until
    /// they fit.
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

/// The most list entries the builder writes before it gives up (the lists'
/// offsets are `u32`; a soup needing more is not a level) (divergence 151).
const MAX_LIST_VALUES: usize = 1 << 26;

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
/// [`MeshError::TooMany`] for a soup whose lists would pass 2^26 values;
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
    if !(config.margin.is_finite() && config.margin >= 0.0) {
        return Err(cfg_err(
            "margin",
            format!("{} is not a margin", config.margin),
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
    let lists = fill(&data, config.margin).ok_or_else(|| MeshError::TooMany {
        file: file.to_owned(),
        what: "cell list values",
        count: MAX_LIST_VALUES + 1,
        limit: MAX_LIST_VALUES,
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
        if n.iter().all(|&k| k <= u64::from(u16::MAX)) && total <= config.max_cells.max(1) as u64 {
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
    triangle_box_overlap(tri, lo, hi)
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
pub fn triangle_touches_cell(
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

/// The cell offsets and index lists for the data's frame; `None` past
/// [`MAX_LIST_VALUES`].
fn fill(data: &MeshData, margin: f32) -> Option<(Vec<u32>, Vec<u16>)> {
    let g = &data.grid;
    let grid = Grid {
        matrix: g.matrix,
        clamp_min: g.clamp_min,
        clamp_max: g.clamp_max,
        dims: g.dims,
        cells: Vec::new(),
        lists: Vec::new(),
    };
    let margin = f64::from(margin);
    let cell_count: usize = g.dims.iter().map(|&n| usize::from(n)).product();
    let mut per_cell: Vec<Vec<u16>> = vec![Vec::new(); cell_count];
    let mut total = 0usize;
    for (ti, t) in data.triangles.iter().enumerate() {
        let ti = ti as u16; // at most 65,535 triangles
        let tri = grid_corners(&grid, &data.vertices, t)?;
        // Candidate cells: those whose grown region can reach the
        // triangle's grid-space box, one more each way for the boundaries.
        let mut lo = [0u16; 3];
        let mut hi = [0u16; 3];
        for a in 0..3 {
            let n = i64::from(g.dims[a]);
            let tmin = tri.iter().map(|p| p[a]).fold(f64::INFINITY, f64::min);
            let tmax = tri.iter().map(|p| p[a]).fold(f64::NEG_INFINITY, f64::max);
            let l = ((tmin - margin).floor() as i64 - 1).clamp(0, n - 1);
            let h = ((tmax + margin).floor() as i64 + 1).clamp(0, n - 1);
            lo[a] = l as u16;
            hi[a] = h as u16;
        }
        let mut listed = false;
        for x in lo[0]..=hi[0] {
            for y in lo[1]..=hi[1] {
                for z in lo[2]..=hi[2] {
                    let cell = [x, y, z];
                    if touches_region(&tri, &grid, cell, margin) {
                        let c = grid.cell_index(cell)?;
                        per_cell.get_mut(c)?.push(ti);
                        listed = true;
                        total += 1;
                        if total > MAX_LIST_VALUES {
                            return None;
                        }
                    }
                }
            }
        }
        if !listed {
            // Every triangle is in at least one cell: its first corner's.
            let p = data.vertices.get(usize::from(t.v[0]))?;
            let c = grid.cell_index(grid.cell_of(Vec4::<f32>::from_f32(*p)))?;
            per_cell.get_mut(c)?.push(ti);
        }
    }
    let mut cells = vec![0u32; cell_count];
    let mut lists = vec![0u16];
    for (c, list) in per_cell.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        *cells.get_mut(c)? = u32::try_from(lists.len()).ok()?;
        lists.push(u16::try_from(list.len()).ok()?);
        lists.extend_from_slice(list);
    }
    Some((cells, lists))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sat_basics() {
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        assert!(triangle_box_overlap(
            &tri,
            [0.2, 0.2, -1.0],
            [0.3, 0.3, 1.0]
        ));
        assert!(!triangle_box_overlap(
            &tri,
            [0.6, 0.6, -1.0],
            [0.9, 0.9, 1.0]
        ));
        assert!(
            triangle_box_overlap(&tri, [0.5, 0.5, -1.0], [0.9, 0.9, 1.0]),
            "touching counts"
        );
        assert!(!triangle_box_overlap(
            &tri,
            [0.2, 0.2, 0.1],
            [0.3, 0.3, 1.0]
        ));
        // A degenerate triangle is tested as its segment.
        let seg = [[0.0, 0.0, 0.0], [2.0, 2.0, 0.0], [1.0, 1.0, 0.0]];
        assert!(triangle_box_overlap(
            &seg,
            [0.9, 0.9, -0.1],
            [1.1, 1.1, 0.1]
        ));
        assert!(!triangle_box_overlap(
            &seg,
            [1.2, 0.0, -0.1],
            [2.0, 0.7, 0.1]
        ));
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
