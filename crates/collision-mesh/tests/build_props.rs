//! Properties of the builder: every triangle is in at least one cell; every
//! cell's list holds only triangles that touch the cell (checked by clipping
//! the triangle against the cell's region, independently of the builder's
//! separating-axis test); and any point of a triangle, looked up with the
//! console's point-to-cell rule in either float mode, finds the triangle in
//! its cell's list.

use collision_mesh::{build, details, BuildConfig, CollisionMesh, SoupTriangle};
use proptest::prelude::*;
use ps2_float::{Ee32, Vec4};

/// The region of cell `k` of `n` along one axis, in grid units, for the
/// builder's clamp box `0.5 … n − 0.5`: `[k, k + 1]`, the first cell open
/// below, the last open above.
fn region(k: u16, n: u16) -> (f64, f64) {
    let lo = if k == 0 { -1e300 } else { f64::from(k) };
    let hi = if k + 1 == n {
        1e300
    } else {
        f64::from(k) + 1.0
    };
    (lo, hi)
}

/// Whether the polygon, clipped by the box `[lo, hi]`, keeps any point
/// (Sutherland–Hodgman, one plane at a time).
fn clip_nonempty(mut poly: Vec<[f64; 3]>, lo: [f64; 3], hi: [f64; 3]) -> bool {
    for a in 0..3 {
        for (bound, keep_below) in [(lo[a], false), (hi[a], true)] {
            let inside = |p: &[f64; 3]| {
                if keep_below {
                    p[a] <= bound
                } else {
                    p[a] >= bound
                }
            };
            let mut out = Vec::new();
            for i in 0..poly.len() {
                let p = poly[i];
                let q = poly[(i + 1) % poly.len()];
                if inside(&p) {
                    out.push(p);
                }
                if inside(&p) != inside(&q) {
                    let t = (bound - p[a]) / (q[a] - p[a]);
                    out.push([0, 1, 2].map(|k| p[k] + t * (q[k] - p[k])));
                }
            }
            poly = out;
            if poly.is_empty() {
                return false;
            }
        }
    }
    true
}

fn grid_point(mesh: &CollisionMesh, p: [f32; 4]) -> [f64; 3] {
    let g = mesh.grid().to_grid(Vec4::<f32>::from_f32(p));
    [f64::from(g.x), f64::from(g.y), f64::from(g.z)]
}

/// `margin` is the builder's. With no margin, only the corners are looked up,
/// and only in `f32` mode: the margin is what absorbs the rounding of other
/// points and of the other mode.
fn check_mesh(mesh: &CollisionMesh, margin: f32) -> Result<(), TestCaseError> {
    let g = mesh.grid();
    let [nx, ny, nz] = g.dims();
    let mut listed = vec![false; mesh.triangles().len()];
    let tol = f64::from(margin) + 1e-6;
    for x in 0..nx {
        for y in 0..ny {
            for z in 0..nz {
                let cell = [x, y, z];
                let mut lo = [0.0; 3];
                let mut hi = [0.0; 3];
                for (a, (&k, &n)) in cell.iter().zip(&g.dims()).enumerate() {
                    let (l, h) = region(k, n);
                    lo[a] = l - tol;
                    hi[a] = h + tol;
                }
                for &t in mesh.cell_triangles(cell) {
                    let t = usize::from(t);
                    listed[t] = true;
                    let tri = mesh.triangles()[t];
                    let poly = tri
                        .v
                        .iter()
                        .map(|&v| grid_point(mesh, mesh.vertices()[usize::from(v)]))
                        .collect();
                    prop_assert!(
                        clip_nonempty(poly, lo, hi),
                        "triangle {} listed in {:?} it does not touch",
                        t,
                        cell
                    );
                }
            }
        }
    }
    prop_assert!(listed.iter().all(|&l| l), "a triangle is in no cell");
    // Points of each triangle find it, in both float modes.
    for (t, tri) in mesh.triangles().iter().enumerate() {
        let c = tri.v.map(|v| mesh.vertices()[usize::from(v)]);
        let mut points = c.to_vec();
        if margin > 0.0 {
            for (i, j) in [(0, 1), (1, 2), (2, 0)] {
                points.push([0, 1, 2, 3].map(|a| {
                    if a == 3 {
                        1.0
                    } else {
                        0.5 * (c[i][a] + c[j][a])
                    }
                }));
            }
            points.push([0, 1, 2, 3].map(|a| {
                if a == 3 {
                    1.0
                } else {
                    (c[0][a] + c[1][a] + c[2][a]) / 3.0
                }
            }));
        }
        for p in points {
            let in_f32 = g.cell_of(Vec4::<f32>::from_f32(p));
            let in_ee = g.cell_of(Vec4::<Ee32>::from_f32(p));
            let cells = if margin > 0.0 {
                vec![in_f32, in_ee]
            } else {
                vec![in_f32]
            };
            for cell in cells {
                prop_assert!(
                    mesh.cell_triangles(cell).contains(&(t as u16)),
                    "point {:?} of triangle {} is in {:?}, whose list lacks it",
                    p,
                    t,
                    cell
                );
            }
        }
    }
    Ok(())
}

fn soup(range: i32) -> impl Strategy<Value = Vec<SoupTriangle>> {
    let c = move || (-range..range).prop_map(|v| v as f32 * 0.125);
    let corner = move || [c(), c(), c()];
    let tri = prop_oneof![
        4 => [corner(), corner(), corner()].prop_map(SoupTriangle::new),
        // Small triangles near a point, and degenerate ones.
        2 => (corner(), [-8i32..8, -8..8, -8..8], [-8i32..8, -8..8, -8..8]).prop_map(|(a, d, e)| {
            let b = [0, 1, 2].map(|k| a[k] + d[k] as f32 * 0.0625);
            let c = [0, 1, 2].map(|k| a[k] + e[k] as f32 * 0.0625);
            SoupTriangle::new([a, b, c])
        }),
        1 => (corner(), corner()).prop_map(|(a, b)| {
            let m = [0, 1, 2].map(|k| 0.5 * (a[k] + b[k]));
            SoupTriangle::new([a, m, b])
        }),
    ];
    prop::collection::vec(tri, 1..30)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn lists_are_complete_and_exact(
        soup in soup(400),
        cell in 1.0f32..20.0,
        flat in any::<bool>(),
        margin in prop_oneof![Just(0.0f32), Just(1.0 / 64.0), 0.0f32..0.5],
    ) {
        let config = BuildConfig { cell_size: cell, flat_z: flat, margin, ..BuildConfig::default() };
        let mesh = build::from_soup(&soup, &config, "soup").expect("build");
        check_mesh(&mesh, margin)?;
        for (t, _) in mesh.triangles().iter().enumerate() {
            for x in 0..mesh.grid().dims()[0] {
                let cell = [x, 0, 0];
                let listed = mesh.cell_triangles(cell).contains(&(t as u16));
                prop_assert_eq!(listed, details::triangle_touches_cell(&mesh, t, cell, margin));
            }
        }
    }

    #[test]
    fn small_grids_and_far_away_soups(soup in soup(40), offset in -1.0e4f32..1.0e4, cell in 0.5f32..4.0) {
        let moved: Vec<_> = soup
            .iter()
            .map(|t| SoupTriangle::new(t.corners.map(|c| [c[0] + offset, c[1] - offset, c[2]])))
            .collect();
        let config = BuildConfig { cell_size: cell, flat_z: false, ..BuildConfig::default() };
        let mesh = build::from_soup(&moved, &config, "soup").expect("build");
        check_mesh(&mesh, config.margin)?;
    }
}

#[test]
fn the_grid_frame_follows_the_disc() {
    // 100 × 30 units, cell size 8: ceil(100 / 8) + 1 = 14 cells in x, 5 in y,
    // one flat layer in z; the box maps onto 0 … n − 1.
    let soup = [SoupTriangle::new([
        [-50.0, 10.0, 2.0],
        [50.0, 10.0, 2.0],
        [50.0, 40.0, 7.0],
    ])];
    let mesh = build::from_soup(&soup, &BuildConfig::default(), "frame").expect("build");
    let g = mesh.grid();
    assert_eq!(g.dims(), [14, 5, 1]);
    assert_eq!(g.clamp_min(), [0.5, 0.5, 0.5, 1.0]);
    assert_eq!(g.clamp_max(), [13.5, 4.5, 0.5, 1.0]);
    let m = g.matrix();
    assert_eq!(m[0], [0.13, 0.0, 0.0, 0.0]);
    assert_eq!(m[2], [0.0, 0.0, 0.0, 0.0], "z scale 0");
    assert_eq!(m[3], [6.5, (-10.0f64 * 4.0 / 30.0) as f32, 0.0, 1.0]);
    assert_eq!(g.lists()[0], 0, "the lists start with a 0");
    assert_eq!(mesh.lowest_z(), 2.0);
    // The box's corners land on 0 and n − 1.
    let lo = g.to_grid(Vec4::<f32>::point(-50.0, 10.0, 2.0));
    let hi = g.to_grid(Vec4::<f32>::point(50.0, 40.0, 7.0));
    assert!(lo.x.abs() < 1e-5 && lo.y.abs() < 1e-5);
    assert!((hi.x - 13.0).abs() < 1e-5 && (hi.y - 4.0).abs() < 1e-5);
    // Cells on the far side hold only the box's maximum face: the last cell
    // in x lists the triangle (it reaches x = 50).
    assert_eq!(mesh.cell_triangles([13, 4, 0]), &[0]);
}

#[test]
fn degenerate_triangles_are_kept_and_listed() {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 10.0, 0.0]]),
        SoupTriangle::new([[1.0, 1.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [5.0, 5.0, 5.0], [10.0, 10.0, 10.0]]),
    ];
    let mesh = build::from_soup(&soup, &BuildConfig::default(), "degenerate").expect("build");
    assert_eq!(mesh.triangles().len(), 3);
    assert_eq!(mesh.degenerate_triangles().collect::<Vec<_>>(), [1, 2]);
    let cell = mesh.grid().cell_of(Vec4::<f32>::point(1.0, 1.0, 0.0));
    assert!(mesh.cell_triangles(cell).contains(&1));
}

#[test]
fn a_degenerate_triangle_can_never_give_a_contact() {
    // Spec Unit 1, "CollTri_ComputeNormal": for c = (v1 − v0) × (v2 − v0) = 0
    // the EE's rsqrt(0) is MAX and 0 × MAX = 0, so n = 0; the mesh sweeps'
    // side test n·c − n·v0 < 1e-6 then skips a one-sided triangle, and a
    // two-sided one, flipped, fails n·move < −0.001 whatever the move.
    fn normal<R: ps2_float::Real>(v: [Vec4<R>; 3]) -> Vec4<R> {
        let c = (v[1] - v[0]).cross(v[2] - v[0]);
        c.scale(R::ONE.rsqrt(c.dot(c)))
    }
    fn check<R: ps2_float::Real>() {
        let soup = [SoupTriangle::new([
            [0.0, 0.0, 0.0],
            [5.0, 5.0, 5.0],
            [10.0, 10.0, 10.0],
        ])];
        let mesh = build::from_soup(&soup, &BuildConfig::default(), "line").expect("build");
        let v = mesh.corners::<R>(0).expect("corners");
        let n = normal(v);
        assert_eq!([n.x, n.y, n.z].map(R::to_f32), [0.0; 3], "{}", R::MODE);
        let centre = Vec4::<R>::point(R::from_f32(3.0), R::from_f32(-2.0), R::from_f32(1.0));
        let side = n.dot(centre) - n.dot(v[0]);
        assert!(
            side < R::from_f32(1e-6),
            "{}: the side test skips it",
            R::MODE
        );
        let flipped = -n;
        let mv = Vec4::<R>::new(
            R::from_f32(-4.0),
            R::from_f32(0.5),
            R::from_f32(-9.0),
            R::ZERO,
        );
        assert!(
            flipped.dot(mv) >= R::from_f32(-0.001),
            "{}: no move goes into it",
            R::MODE
        );
    }
    check::<f32>();
    check::<Ee32>();
}
