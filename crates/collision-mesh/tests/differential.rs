//! The fast walk against the reference walk, bit for bit.
//!
//! [`VisitedBits::set_reference_walk`] makes every query walk as the
//! specification reads: every cell of the box in the console's order, every
//! listed triangle through every test, nothing culled. The fast walk skips
//! cells and triangles that cannot give anything (divergences 178, 179) and
//! finds the triangles through one tree over all of them or through the
//! cells' blocks: the rays their nearest hit (divergence 235), the other
//! queries the triangles their reach meets, in the walk's order (divergence
//! 236). Here both answer the same seeded random queries, per query kind and
//! float mode, on the street block with 8 m and 2 m cells, again with every
//! cell's list scrambled, and (the shape queries) again 1.5 km from the
//! origin, where the culling margin follows the coordinates, and every field of every answer must be the same bit for bit
//! (compared through their `Debug` text, which spells `-0.0` and every `f32`
//! exactly, and through `Ee32`'s bits): the records written, the sorted mesh
//! contacts left in the scratch, the ray result, the pushed centre and first
//! normal, the wall push.
//!
//! The plain test suite runs `DEFAULT_QUERIES` (50,000) queries per kind,
//! float mode and mesh: 100,000 per query kind and float mode in all (the
//! box sweep a quarter of that; the rays three times over: mixed, level
//! and straight down, each again with the lists scrambled and on a skewed
//! grid), about 40 s on the 2-core machine at the test profile's
//! opt-level 1, 25 s with `--release`. Another count:
//!
//! ```text
//! DIFFERENTIAL_QUERIES=200000 cargo test -p warriors-collision-mesh --release --test differential
//! ```

#[path = "../benches/common/street.rs"]
#[allow(dead_code)]
mod street;

use collision_mesh::query::{
    Aabb, MeshRayFilter, QueryScratch, Ray, RayResult, SweepOptions, SweepQuery,
};
use collision_mesh::{build, BuildConfig, CollisionMesh, Material};
use kernels::{Capsule, Contact, OrientedBox, Sphere};
use ps2_float::{Ee32, Real, Vec4};
use street::{Lcg, Seeded};
use test_support::{both_modes, dir, point};

/// Queries per kind, float mode and mesh in the plain test suite.
const DEFAULT_QUERIES: usize = 50_000;

fn queries() -> usize {
    std::env::var("DIFFERENTIAL_QUERIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_QUERIES)
}

fn meshes() -> Vec<CollisionMesh> {
    meshes_at([0.0; 3])
}

/// The street with 8 m and 2 m cells, every corner moved by `by`.
fn meshes_at(by: [f32; 3]) -> Vec<CollisionMesh> {
    let mut soup = street::street(1, 1);
    for t in &mut soup {
        for corner in &mut t.corners {
            for k in 0..3 {
                corner[k] += by[k];
            }
        }
    }
    [8.0, 2.0]
        .into_iter()
        .map(|cell_size| {
            let cfg = BuildConfig {
                cell_size,
                ..BuildConfig::default()
            };
            build::from_soup(&soup, &cfg, "street").expect("the street builds")
        })
        .collect()
}

/// The street with every cell's list scrambled: each listed triangle kept
/// with odds of 3 in 4, and up to three triangles from anywhere added (some
/// far from the cell), one of the list's own entries listed again with odds
/// of 1 in 4, and one cell in 8 reading the list of the cell before it. The
/// searches over one tree of all the triangles (the ray cast's and the
/// shape queries', divergences 235 and 236) must still find only what the
/// console's walk finds in the cells it visits, at the place it first meets
/// each.
fn scrambled(mesh: &CollisionMesh, seed: u64) -> CollisionMesh {
    let mut data = mesh.to_data();
    let n = data.triangles.len();
    let mut g = Lcg(seed);
    let old = std::mem::take(&mut data.grid.lists);
    let list = |off: u32| -> Vec<u16> {
        let off = off as usize;
        if off == 0 {
            return Vec::new();
        }
        let count = usize::from(old[off]);
        old[off + 1..off + 1 + count].to_vec()
    };
    let mut lists = vec![0u16];
    let cells = data.grid.cells.clone();
    for (ci, off) in cells.into_iter().enumerate() {
        let mut l: Vec<u16> = list(off)
            .into_iter()
            .filter(|_| g.unit_f32() < 0.75)
            .collect();
        for _ in 0..(g.unit_f32() * 4.0) as usize {
            let t = ((g.unit_f32() * n as f32) as usize).min(n - 1);
            l.push(t as u16);
        }
        if !l.is_empty() && g.unit_f32() < 0.25 {
            let again = l[((g.unit_f32() * l.len() as f32) as usize).min(l.len() - 1)];
            l.push(again);
        }
        if ci > 0 && g.unit_f32() < 0.125 {
            data.grid.cells[ci] = data.grid.cells[ci - 1];
            continue;
        }
        if l.is_empty() {
            data.grid.cells[ci] = 0;
            continue;
        }
        data.grid.cells[ci] = lists.len() as u32;
        lists.push(l.len() as u16);
        lists.extend(l);
    }
    data.grid.lists = lists;
    CollisionMesh::from_data(data, "scrambled").expect("the scrambled street is a mesh")
}

/// The street with its grid's matrix skewed: height moves a point's grid
/// `x` and `y` by up to a column over the street's height, so a ray
/// straight down can span two columns of cells (the column search of
/// divergence 237 must then give way to the tree's).
fn skewed(mesh: &CollisionMesh) -> CollisionMesh {
    let mut data = mesh.to_data();
    let scale = data.grid.matrix[0][0];
    data.grid.matrix[2][0] = 0.1 * scale;
    data.grid.matrix[2][1] = -0.07 * scale;
    CollisionMesh::from_data(data, "skewed").expect("the skewed street is a mesh")
}

/// Both walks' state.
struct Pair<R> {
    fast: QueryScratch<R>,
    reference: QueryScratch<R>,
}

impl<R: Real> Pair<R> {
    fn new(mesh: &CollisionMesh) -> Self {
        let mut reference = QueryScratch::new(mesh);
        reference.visited.set_reference_walk(true);
        Self {
            fast: QueryScratch::new(mesh),
            reference,
        }
    }

    /// One table query through both walks, into twelve records each: what
    /// each wrote, the fast walk's first.
    fn answer(
        &mut self,
        mut query: impl FnMut(&mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
    ) -> [Vec<Contact<R>>; 2] {
        let mut out = [
            vec![Contact::<R>::default(); 12],
            vec![Contact::default(); 12],
        ];
        for (scratch, out) in [&mut self.fast, &mut self.reference]
            .into_iter()
            .zip(&mut out)
        {
            let k = query(scratch, out);
            out.truncate(k);
        }
        out
    }
}

/// A point over the block, from under the road to above the façades, on
/// the street `mesh` holds (at the origin, or moved by [`FAR`]).
fn somewhere(g: &mut Lcg, mesh: &CollisionMesh) -> [f32; 3] {
    let far = mesh.vertices().iter().any(|v| v[0] > FAR[0] / 2.0);
    let at = if far { FAR } else { [0.0; 3] };
    [
        at[0] + g.range_f32(-2.0, 62.0),
        at[1] + g.range_f32(-2.0, 62.0),
        at[2] + g.range_f32(-0.5, 7.0),
    ]
}

/// Where the far street lies: where an `f32` coordinate's last place is
/// 2⁻¹³ m, so that the culling margin's part that follows the coordinates
/// (divergence 178) is the larger one.
const FAR: [f32; 3] = [1500.0, -1100.0, 0.0];

/// A move of up to `len` in any direction (a third of them level).
fn a_move(g: &mut Lcg, len: f32) -> [f32; 3] {
    let l = g.range_f32(0.0, len);
    let a = g.range_f32(0.0, std::f32::consts::TAU);
    let z = if g.unit_f32() < 0.33 {
        0.0
    } else {
        g.range_f32(-1.0, 1.0)
    };
    let h = (1.0 - z * z).sqrt();
    [a.cos() * h * l, a.sin() * h * l, z * l]
}

/// A rotation taken evenly over all rotations: a unit quaternion from
/// four normal deviates (Box-Muller).
fn rotation(g: &mut Lcg) -> [[f32; 3]; 3] {
    let mut n = [0.0f64; 4];
    for pair in n.chunks_mut(2) {
        let (u, v) = (
            g.range_f32(1e-6, 1.0),
            g.range_f32(0.0, std::f32::consts::TAU),
        );
        let r = (-2.0 * f64::from(u).ln()).sqrt();
        pair[0] = r * f64::from(v).cos();
        pair[1] = r * f64::from(v).sin();
    }
    test_support::rotation_rows(n)
}

/// A random options word of the sphere sweep, with its thresholds.
fn sweep_query<R: Real>(g: &mut Lcg, world_box: Aabb<R>) -> SweepQuery<R> {
    let bits = [0u32, 0, 0, 0x4, 0x8, 0x40, 0x8000, 0x2_0000, 0x4c];
    let options = SweepOptions::from_bits_retain(bits[(g.unit_f32() * 9.0) as usize % 9]);
    let mut q = SweepQuery::new(world_box, (g.unit_f32() * 12.0) as usize)
        .with_options(options)
        .with_body_flags(if g.unit_f32() < 0.2 { 0x100 } else { 0 });
    q.nz_min = R::from_f32(g.range_f32(-1.0, 0.5));
    q.nz_max = R::from_f32(g.range_f32(-0.5, 1.0));
    q
}

fn same<T: std::fmt::Debug + ?Sized>(kind: &str, i: usize, fast: &T, reference: &T) {
    let (a, b) = (format!("{fast:?}"), format!("{reference:?}"));
    assert!(a == b, "{kind} query {i}: fast {a}\nreference {b}");
}

fn sweeps<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    let mut pair = Pair::<R>::new(mesh);
    let mut g = Lcg(seed);
    let n = queries();
    let (mut box_culled, mut box_contacts) = (0u64, 0u64);
    for i in 0..n {
        let c = somewhere(&mut g, mesh);
        let r = g.range_f32(0.05, 1.5);
        let mv = a_move(&mut g, 4.0);
        let (cr, rr, mr) = (point::<R>(c), R::from_f32(r), dir::<R>(mv));
        let sphere = Sphere {
            radius: rr,
            centre: cr,
        };
        let q = sweep_query(&mut g, Aabb::swept_sphere(cr, rr, mr));
        let out = pair.answer(|scratch, out| mesh.sweep_sphere(scratch, out, &q, &sphere, mr));
        same("sphere sweep", i, &out[0], &out[1]);
        same(
            "sphere sweep",
            i,
            pair.fast.contacts(),
            pair.reference.contacts(),
        );

        // The walking capsule from the same start, level.
        let cap = Capsule {
            radius: R::from_f32(r.min(0.6)),
            height: R::from_f32(1.8),
            base: cr,
        };
        let level = dir::<R>([mv[0], mv[1], 0.0]);
        let q = SweepQuery::new(Aabb::swept_sphere(cr, R::from_f32(2.0), level), 12);
        let out =
            pair.answer(|scratch, out| mesh.sweep_capsule(scratch, out, &q, &cap, R::ONE, level));
        same("capsule sweep", i, &out[0], &out[1]);
        same(
            "capsule sweep",
            i,
            pair.fast.contacts(),
            pair.reference.contacts(),
        );

        // The sphere overlap at the start.
        let q = SweepQuery::new(Aabb::swept_sphere(cr, rr, Vec4::ZERO), 12);
        let out = pair.answer(|scratch, out| mesh.overlap_sphere(scratch, out, &q, &sphere));
        same("overlap", i, &out[0], &out[1]);

        // The box sweep, culled by the box's own axes (divergence 272):
        // turned about z, turned any way, or with axes neither unit nor
        // orthogonal (which the kernel reads as they are); a still box now
        // and then (the zero-speed reset on every axis).
        if i % 4 == 0 {
            let half = dir::<R>([
                g.range_f32(0.1, 1.0),
                g.range_f32(0.1, 1.0),
                g.range_f32(0.1, 1.0),
            ]);
            let axes = match i % 3 {
                0 => {
                    let (s, co) = g.range_f32(-3.1, 3.1).sin_cos();
                    [[co, s, 0.0], [-s, co, 0.0], [0.0, 0.0, 1.0]]
                }
                1 => rotation(&mut g),
                _ => [0; 3].map(|_| [0; 3].map(|_| g.range_f32(-1.5, 1.5))),
            };
            let bx = OrientedBox {
                half,
                axes: axes.map(dir::<R>),
                centre: cr,
            };
            let mr = if i % 20 == 0 { Vec4::ZERO } else { mr };
            let q = SweepQuery::new(Aabb::swept_box(&bx, mr), 12);
            let out = pair.answer(|scratch, out| mesh.sweep_box(scratch, out, &q, &bx, mr));
            same("box sweep", i, &out[0], &out[1]);
            let (fast, reference) = (pair.fast.stats(), pair.reference.stats());
            box_culled += u64::from(reference.tested.saturating_sub(fast.tested));
            box_contacts += out[1].len() as u64;
        }
    }
    // The comparison has teeth only if the fast walk tested fewer
    // triangles than the reference walk and the box met the street.
    assert!(
        box_culled > 0 && box_contacts > 0,
        "{box_culled} {box_contacts}"
    );
}

fn pushes<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    let mut pair = Pair::<R>::new(mesh);
    let mut g = Lcg(seed);
    let exclude = [u32::from(Material::CONCRETE.0), 1];
    for i in 0..queries() {
        let c = point::<R>(somewhere(&mut g, mesh));
        let r = R::from_f32(g.range_f32(0.05, 1.5));
        let ex = (g.unit_f32() < 0.2).then_some(&exclude[..]);
        let mut answers = Vec::new();
        for scratch in [&mut pair.fast, &mut pair.reference] {
            let (mut centre, mut first) = (c, Vec4::ZERO);
            let hit = mesh.sphere_push(&mut scratch.visited, r, &mut centre, ex, &mut first);
            let wall = mesh.push_out_of_walls(
                &mut scratch.visited,
                &Sphere {
                    radius: r,
                    centre: c,
                },
            );
            answers.push(format!("{hit:?} {centre:?} {first:?} {wall:?}"));
        }
        same("push", i, &answers[0], &answers[1]);
    }
}

/// Which rays a ray check draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    /// A quarter straight down on the road quads' shared edges and corners,
    /// the rest in any direction (a third of those level).
    Mixed,
    /// Every ray level (`d.z = 0`), in any direction of the plane.
    Level,
    /// Every ray straight down, from anywhere over the street.
    Down,
}

fn rays<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    rays_aimed::<R>(mesh, seed, Aim::Mixed);
}

fn level_rays<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    rays_aimed::<R>(mesh, seed, Aim::Level);
}

fn down_rays<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    rays_aimed::<R>(mesh, seed, Aim::Down);
}

fn rays_aimed<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64, aim: Aim) {
    let mut pair = Pair::<R>::new(mesh);
    let mut g = Lcg(seed);
    let exclude = [u32::from(Material::LAMPOST.0), 1];
    let mut hits = 0;
    for i in 0..queries() {
        let o = somewhere(&mut g, mesh);
        let (o, d) = if aim == Aim::Level {
            let a = g.range_f32(0.0, std::f32::consts::TAU);
            (o, [a.cos(), a.sin(), 0.0])
        } else if aim == Aim::Down {
            (o, [0.0, 0.0, -1.0])
        } else if i % 4 == 0 {
            // Straight down on the road quads' shared edges and corners,
            // where two triangles give the same distance.
            let on = |g: &mut Lcg| (g.range_f32(0.0, 12.0) as i32 as f32) * 5.0;
            let x = on(&mut g);
            let y = if g.unit_f32() < 0.5 { x } else { on(&mut g) };
            ([x, y, g.range_f32(0.2, 9.0)], [0.0, 0.0, -1.0])
        } else {
            let m = a_move(&mut g, 1.0);
            let l = (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).sqrt();
            if l < 1e-3 {
                (o, [1.0, 0.0, 0.0])
            } else {
                (o, [m[0] / l, m[1] / l, m[2] / l])
            }
        };
        let ray = Ray::new(
            point::<R>(o),
            dir::<R>(d),
            R::from_f32(g.range_f32(0.5, 40.0)),
        );
        let masks = [0u32, 0, 0x1, 0x800, 0x4, 0x7fc];
        let filter = MeshRayFilter {
            exclude: (g.unit_f32() < 0.2).then_some(&exclude[..]),
            mask: masks[(g.unit_f32() * 6.0) as usize % 6],
        };
        // A result that already holds a hit, as the ray cast allows.
        let start = if g.unit_f32() < 0.2 {
            RayResult {
                hit: true,
                t: R::from_f32(g.range_f32(0.0, 30.0)),
                ..RayResult::default()
            }
        } else {
            RayResult::default()
        };
        let mut answers = Vec::new();
        for scratch in [&mut pair.fast, &mut pair.reference] {
            let mut res = start;
            let kept = mesh.ray_cast(&mut scratch.visited, &ray, &mut res, &filter);
            answers.push(format!("{kept:?} {res:?}"));
            hits += usize::from(kept);
        }
        same("ray", i, &answers[0], &answers[1]);
    }
    // Both sides counted: a tenth of the rays at least keep a hit (about a
    // sixth of the level ones do), so the comparison is not of misses alone.
    assert!(
        queries() == 0 || hits > queries() / 5,
        "{hits} hits of {} rays",
        queries()
    );
}

/// Runs `check` on the street with 8 m and 2 m cells, the queries drawn
/// from `seed` (plus the mesh's index).
fn on_street(check: fn(&CollisionMesh, u64), seed: u64) {
    for (k, mesh) in meshes().iter().enumerate() {
        check(mesh, seed + k as u64);
    }
}

/// Runs `check` on the street with 8 m and 2 m cells moved to [`FAR`], the
/// queries drawn from `seed` (plus the mesh's index).
fn on_far_street(check: fn(&CollisionMesh, u64), seed: u64) {
    for (k, mesh) in meshes_at(FAR).iter().enumerate() {
        check(mesh, seed + k as u64);
    }
}

/// Runs `check` on both streets with every cell's list scrambled from
/// `scramble` ([`scrambled`]), the queries drawn from `seed`: the trees'
/// searches (divergences 235 and 236) must find only what the console's
/// walk finds in its cells, at the place it first meets each, however the
/// lists hold them.
fn on_scrambled(check: fn(&CollisionMesh, u64), scramble: u64, seed: u64) {
    for (k, mesh) in meshes().iter().enumerate() {
        check(&scrambled(mesh, scramble + k as u64), seed + k as u64);
    }
}

/// The level rays, then the rays straight down, the second drawn from
/// `seed + 1`.
fn level_and_down_rays<R: Real + std::fmt::Debug>(mesh: &CollisionMesh, seed: u64) {
    level_rays::<R>(mesh, seed);
    down_rays::<R>(mesh, seed + 1);
}

/// One `#[test]` per row, named as the row and running its expression.
macro_rules! tests {
    ($($name:ident: $run:expr;)*) => {
        $(
            #[test]
            fn $name() {
                $run;
            }
        )*
    };
}

// One test per check, mode and seed (the seeds are the cases' data), so a
// failure names its check and the slow checks run in parallel.
tests! {
    sweeps_capsules_overlaps_and_boxes_f32: on_street(sweeps::<f32>, 0xd1ff_0001);
    sweeps_capsules_overlaps_and_boxes_ee32: on_street(sweeps::<Ee32>, 0xd1ff_0101);
    pushes_f32: on_street(pushes::<f32>, 0xd1ff_0002);
    pushes_ee32: on_street(pushes::<Ee32>, 0xd1ff_0102);
    rays_f32: on_street(rays::<f32>, 0xd1ff_0003);
    rays_ee32: on_street(rays::<Ee32>, 0xd1ff_0103);
    level_rays_f32: on_street(level_rays::<f32>, 0xd1ff_0603);
    level_rays_ee32: on_street(level_rays::<Ee32>, 0xd1ff_0703);
    down_rays_f32: on_street(down_rays::<f32>, 0xd1ff_0803);
    down_rays_ee32: on_street(down_rays::<Ee32>, 0xd1ff_0903);
    level_and_down_rays_with_scrambled_lists_f32:
        on_scrambled(level_and_down_rays::<f32>, 0x5c4a_0021, 0xd1ff_0a03);
    level_and_down_rays_with_scrambled_lists_ee32:
        on_scrambled(level_and_down_rays::<Ee32>, 0x5c4a_0121, 0xd1ff_0b03);
    level_and_down_rays_on_a_skewed_grid_f32:
        on_street(|mesh, seed| level_and_down_rays::<f32>(&skewed(mesh), seed), 0xd1ff_0c03);
    level_and_down_rays_on_a_skewed_grid_ee32:
        on_street(|mesh, seed| level_and_down_rays::<Ee32>(&skewed(mesh), seed), 0xd1ff_0d03);
    rays_with_scrambled_lists_f32: on_scrambled(rays::<f32>, 0x5c4a_0001, 0xd1ff_0203);
    rays_with_scrambled_lists_ee32: on_scrambled(rays::<Ee32>, 0x5c4a_0101, 0xd1ff_0303);
    rays_on_a_skewed_grid_f32:
        on_street(|mesh, seed| rays::<f32>(&skewed(mesh), seed), 0xd1ff_0403);
    rays_on_a_skewed_grid_ee32:
        on_street(|mesh, seed| rays::<Ee32>(&skewed(mesh), seed), 0xd1ff_0503);
    sweeps_capsules_overlaps_and_boxes_with_scrambled_lists_f32:
        on_scrambled(sweeps::<f32>, 0x5c4a_0011, 0xd1ff_0211);
    sweeps_capsules_overlaps_and_boxes_with_scrambled_lists_ee32:
        on_scrambled(sweeps::<Ee32>, 0x5c4a_0111, 0xd1ff_0311);
    pushes_with_scrambled_lists_f32: on_scrambled(pushes::<f32>, 0x5c4a_0012, 0xd1ff_0212);
    pushes_with_scrambled_lists_ee32: on_scrambled(pushes::<Ee32>, 0x5c4a_0112, 0xd1ff_0312);
}

/// A query whose reach meets more triangles than the search keeps room
/// for (4,096) reads the cells' lists instead (divergence 236), with the
/// same answer as the reference walk: a floor of 5,632 triangles in
/// 0.7 m quads (some straddling the 8 m cells' borders) overlapped by a
/// sphere that covers it all, and swept by one that crosses it.
fn more_triangles_than_the_keys_hold_read_the_lists<R: Real + std::fmt::Debug>() {
    let mut soup = Vec::new();
    let w = collision_mesh::Attributes::default();
    for i in 0..64 {
        for j in 0..44 {
            let (x, y) = (i as f32 * 0.7, j as f32 * 0.7);
            collision_mesh::soup::rect(&mut soup, [x, y], [x + 0.7, y + 0.7], 0.0, w);
        }
    }
    assert_eq!(soup.len(), 5_632);
    let mesh = build::from_soup(&soup, &BuildConfig::default(), "floor").expect("the floor builds");
    let mut pair = Pair::<R>::new(&mesh);
    let sphere = Sphere {
        radius: R::from_f32(40.0),
        centre: point::<R>([22.0, 15.0, 0.5]),
    };
    let q = SweepQuery::new(
        Aabb::swept_sphere(sphere.centre, sphere.radius, Vec4::ZERO),
        12,
    );
    let out = pair.answer(|scratch, out| mesh.overlap_sphere(scratch, out, &q, &sphere));
    same("big overlap", 0, &out[0], &out[1]);
    same(
        "big overlap",
        0,
        pair.fast.contacts(),
        pair.reference.contacts(),
    );
    assert_eq!(out[0].len(), 12);
    // The lists were read: a quad listed in two cells is an entry twice.
    let st = pair.fast.stats();
    assert!(st.entries > st.tested, "{st:?}");
    assert_eq!(st.tested, 5_632, "{st:?}");
    // A sweep over a corner of the floor, whose reach meets fewer: the
    // tree, each triangle once.
    let (c, mv) = (point::<R>([1.0, 1.0, 2.0]), dir::<R>([6.0, 4.0, -3.0]));
    let sphere = Sphere {
        radius: R::from_f32(0.5),
        centre: c,
    };
    let q = SweepQuery::new(Aabb::swept_sphere(c, sphere.radius, mv), 12);
    let out = pair.answer(|scratch, out| mesh.sweep_sphere(scratch, out, &q, &sphere, mv));
    same("long sweep", 0, &out[0], &out[1]);
    assert!(!out[0].is_empty());
    let st = pair.fast.stats();
    assert_eq!(st.entries, st.tested, "{st:?}");
}
both_modes!(more_triangles_than_the_keys_hold_read_the_lists);

// The street far from the origin, where the culling margin follows the
// coordinates (divergence 178); one test per check, mode and seed, as above.
tests! {
    sweeps_capsules_overlaps_and_boxes_far_from_the_origin_f32:
        on_far_street(sweeps::<f32>, 0xd1ff_0031);
    sweeps_capsules_overlaps_and_boxes_far_from_the_origin_ee32:
        on_far_street(sweeps::<Ee32>, 0xd1ff_0032);
    pushes_far_from_the_origin_f32: on_far_street(pushes::<f32>, 0xd1ff_0033);
    pushes_far_from_the_origin_ee32: on_far_street(pushes::<Ee32>, 0xd1ff_0034);
}
