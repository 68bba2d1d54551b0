//! A level cut into tiles answers as one mesh of the same triangles
//! (divergence 341): on a street that fits in one mesh, the tiled level and
//! the one-mesh level give the same contacts, hits, overlaps and pushes for
//! seeded queries in both float modes; and a level past the console's
//! 65,535-triangle limit loads and answers across its tiles.

mod common;

use common::{street, street_levels, Lcg, Probe, Seeded};
use test_support::both_modes;
use warriors_physics::prelude::*;
use warriors_physics::record::Vec4;
use warriors_physics::{oriented_box, MeshError};

/// A hit's comparable fields: fraction and point and normal bits, the soup
/// index, the material, the marks.
type Key = (u32, [u32; 3], [u32; 3], u32, u8, u32);

fn key<R: Real>(level: &Level<R>, h: &Hit<R>) -> Key {
    let b = |v: [R; 3]| v.map(|x| x.to_bits());
    (
        h.fraction.to_bits(),
        b([h.point.x, h.point.y, h.point.z]),
        b([h.normal.x, h.normal.y, h.normal.z]),
        level.source_index(h.triangle).unwrap(),
        h.material.0,
        h.marks.bits(),
    )
}

fn sorted<R: Real>(level: &Level<R>, hits: &[Hit<R>]) -> Vec<Key> {
    // The merged list is sorted by fraction.
    for w in hits.windows(2) {
        assert!(w[0].fraction <= w[1].fraction);
    }
    let mut k: Vec<Key> = hits.iter().map(|h| key(level, h)).collect();
    k.sort_by(|a, b| {
        f32::from_bits(a.0)
            .total_cmp(&f32::from_bits(b.0))
            .then(a.3.cmp(&b.3))
    });
    k
}

/// The first hits agree: the same fraction, and the same triangle or one
/// the one-mesh level also reports at the same fraction (a tie).
fn same_first<R: Real>(
    one: &Level<R>,
    a: Option<Hit<R>>,
    tiled: &Level<R>,
    b: Option<Hit<R>>,
    all: &[Key],
) {
    match (a, b) {
        (None, None) => {}
        (Some(a), Some(b)) => {
            let (ka, kb) = (key(one, &a), key(tiled, &b));
            if ka != kb {
                assert_eq!(ka.0, kb.0, "fractions differ");
                assert!(all.contains(&kb), "{kb:?} is not a tie of {ka:?}");
            }
        }
        (a, b) => panic!("one mesh {a:?}, tiles {b:?}"),
    }
}

fn tiles_answer_as_one_mesh<R: Real>() {
    let (one, tiled) = street_levels::<R>();
    let mut rng = Lcg(99);
    let s = SweepSettings::<R>::default();
    let (mut contacts, mut rays, mut overlaps, mut pushes) = (0, 0, 0, 0);
    for _ in 0..600 {
        let q = Probe::draw(&mut rng);
        // Sphere.
        let v = one.cast_sphere_all(q.p, q.r, q.mv, &s).unwrap();
        let all_a = sorted(&one, &v);
        let v = tiled.cast_sphere_all(q.p, q.r, q.mv, &s).unwrap();
        let all_b = sorted(&tiled, &v);
        assert_eq!(all_a, all_b);
        contacts += all_a.len();
        let a = one.cast_sphere(q.p, q.r, q.mv).unwrap();
        let b = tiled.cast_sphere(q.p, q.r, q.mv).unwrap();
        same_first(&one, a, &tiled, b, &all_a);
        // The walking capsule.
        let feet = [q.p[0], q.p[1], 0.02];
        let walk = [q.mv[0], q.mv[1], 0.0];
        let ca = one
            .cast_capsule_walls_all(feet, q.r * 0.5, 1.8, walk, &s)
            .unwrap();
        let cb = tiled
            .cast_capsule_walls_all(feet, q.r * 0.5, 1.8, walk, &s)
            .unwrap();
        let (ka, kb) = (sorted(&one, &ca), sorted(&tiled, &cb));
        assert_eq!(ka, kb);
        contacts += ka.len();
        let a = one.cast_capsule_walls(feet, q.r * 0.5, 1.8, walk).unwrap();
        let b = tiled
            .cast_capsule_walls(feet, q.r * 0.5, 1.8, walk)
            .unwrap();
        same_first(&one, a, &tiled, b, &ka);
        // Ray.
        let d = Vector3::new(q.mv[0], q.mv[1], q.mv[2]).normalize();
        let len = 8.0;
        let ra = one.cast_ray(q.p, d, len, &RayFilter::default()).unwrap();
        let rb = tiled.cast_ray(q.p, d, len, &RayFilter::default()).unwrap();
        match (ra, rb) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                rays += 1;
                assert_eq!(a.distance.to_bits(), b.distance.to_bits());
                assert_eq!(a.point, b.point);
                // Equal distances on two triangles are a tie (an edge).
                if one.source_index(a.triangle) != tiled.source_index(b.triangle) {
                    assert_eq!(a.distance, b.distance);
                } else {
                    assert_eq!(a.normal, b.normal);
                    assert_eq!(a.material, b.material);
                }
            }
            (a, b) => panic!("ray: one mesh {a:?}, tiles {b:?}"),
        }
        // Overlap (in tile order: compare as sets).
        let v = one.overlap_sphere(q.p, q.r).unwrap();
        let mut oa: Vec<_> = v
            .iter()
            .map(|o| (one.source_index(o.triangle).unwrap(), o.depth.to_bits()))
            .collect();
        let v = tiled.overlap_sphere(q.p, q.r).unwrap();
        let mut ob: Vec<_> = v
            .iter()
            .map(|o| (tiled.source_index(o.triangle).unwrap(), o.depth.to_bits()))
            .collect();
        oa.sort_unstable();
        ob.sort_unstable();
        assert_eq!(oa, ob);
        overlaps += oa.len();
        // Push-out.
        let pa = one.push_out_of_walls(q.p, q.r).unwrap();
        let pb = tiled.push_out_of_walls(q.p, q.r).unwrap();
        assert_eq!(pa.map(|p| p.distance), pb.map(|p| p.distance));
        assert_eq!(pa.map(|p| p.push), pb.map(|p| p.push));
        pushes += usize::from(pa.is_some());
        // Ground.
        let ga = one.ground_below(q.p, 5.0).unwrap();
        let gb = tiled.ground_below(q.p, 5.0).unwrap();
        assert_eq!(ga.map(|g| g.rest), gb.map(|g| g.rest));
    }
    // The queries met something.
    assert!(contacts > 300, "{contacts} contacts");
    assert!(rays > 100, "{rays} rays");
    assert!(overlaps > 100, "{overlaps} overlaps");
    assert!(pushes > 10, "{pushes} pushes");
}

fn box_sweeps_agree<R: Real>() {
    let (one, tiled) = street_levels::<R>();
    let mut rng = Lcg(5);
    let s = SweepSettings::<R>::default();
    let mut contacts = 0;
    for _ in 0..300 {
        let q = Probe::draw(&mut rng);
        let turn = rng.range_f32(0.0, 3.0);
        let pose = Isometry3::new(
            Vector3::new(q.p[0], q.p[1], q.p[2]),
            Vector3::new(0.1, 0.0, turn),
        );
        let bx = oriented_box::<R>(Vector3::new(q.r, q.r * 0.5, 0.3), &pose).unwrap();
        let v = one.cast_box_all(&bx, q.mv, &s).unwrap();
        let a = sorted(&one, &v);
        let v = tiled.cast_box_all(&bx, q.mv, &s).unwrap();
        let b = sorted(&tiled, &v);
        assert_eq!(a, b);
        contacts += a.len();
    }
    assert!(contacts > 50, "{contacts} contacts");
}

/// 200 × 180 floor quads of 1 m: 72,000 triangles, past the format's
/// 65,535. The record layer's builder refuses it; the level tiles it.
fn large_level<R: Real>() {
    let soup = street(200, 180, 1.0, 3);
    assert!(soup.len() > 65_535);
    let level = Level::<R>::from_soup(&soup, &LevelConfig::default(), "big").unwrap();
    assert!(level.tile_count() >= 2);
    assert_eq!(level.triangle_count(), soup.len());
    for m in level.meshes() {
        assert!(m.triangles().len() <= 65_535);
    }
    // Every soup triangle is in exactly one tile.
    let mut seen = vec![false; soup.len()];
    for (t, m) in level.meshes().enumerate().collect::<Vec<_>>() {
        for i in 0..m.triangles().len() {
            let id = TriangleId::new(t as u32, i as u16);
            let s = level.source_index(id).unwrap() as usize;
            assert!(!seen[s]);
            seen[s] = true;
        }
    }
    assert!(seen.iter().all(|&s| s));
    // Spheres dropped everywhere (walls aside) meet the floor at 0.5: from
    // 2 m, radius 0.5, a 3 m drop touches at 1.5 m down.
    let mut rng = Lcg(11);
    let mut floor_hits = 0;
    let mut tiles_met = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let p = [rng.range_f32(0.5, 199.5), rng.range_f32(0.5, 179.5), 2.0];
        let hits = level
            .cast_sphere_all(p, 0.5, [0.0, 0.0, -3.0], &SweepSettings::default())
            .unwrap();
        let floor = hits
            .iter()
            .find(|h| h.normal.z == R::ONE)
            .expect("the floor");
        // The spec's tolerance on fractions (both modes; `Ee32` rounds toward zero).
        assert!((floor.fraction.to_f32() - 0.5).abs() < 1e-5);
        floor_hits += 1;
        tiles_met.insert(floor.triangle.tile);
        let ray = level
            .cast_ray(
                p,
                Vector3::new(0.0f32, 0.0, -1.0),
                5.0,
                &RayFilter::default(),
            )
            .unwrap()
            .unwrap();
        assert!(ray.distance.to_f32() <= 2.0);
    }
    assert_eq!(floor_hits, 400);
    assert_eq!(tiles_met.len(), level.tile_count());
}

/// The builder refuses a soup past 65,535 triangles, naming the count; the
/// level does not.
#[test]
fn the_record_layer_refuses_a_large_soup() {
    let soup = street(200, 180, 1.0, 3);
    let err = warriors_physics::record::from_soup(
        &soup,
        &warriors_physics::BuildConfig::default(),
        "big",
    );
    assert!(matches!(err, Err(MeshError::TooMany { count, .. }) if count == soup.len()));
}

/// A one-tile level's first hit is the record layer's own record, field by
/// field (the facade adds nothing).
fn one_tile_is_the_record_layer<R: Real>() {
    use warriors_physics::record::Sphere;
    let soup = street(10, 10, 3.0, 1);
    let level = Level::<R>::from_soup(&soup, &LevelConfig::default(), "s").unwrap();
    let mesh = level.mesh(0).unwrap().clone();
    let mut scratch = warriors_physics::record::QueryScratch::<R>::new(&mesh);
    let mut rng = Lcg(4);
    let mut met = 0;
    for _ in 0..200 {
        let q = Probe::draw(&mut rng);
        let c = Vec4::<R>::from_f32([q.p[0], q.p[1], q.p[2], 1.0]);
        let mv = Vec4::<R>::from_f32([q.mv[0], q.mv[1], q.mv[2], 0.0]);
        let r = R::from_f32(q.r);
        let sphere = Sphere {
            radius: r,
            centre: c,
        };
        let query = warriors_physics::record::SweepQuery::new(
            warriors_physics::record::Aabb::swept_sphere(c, r, mv),
            1,
        );
        let mut out = [warriors_physics::record::Contact::default()];
        let n = mesh.sweep_sphere(&mut scratch, &mut out, &query, &sphere, mv);
        let hit = level.cast_sphere(q.p, q.r, q.mv).unwrap();
        assert_eq!(n, usize::from(hit.is_some()));
        if let Some(h) = hit {
            met += 1;
            let rec = &out[0];
            assert_eq!(Some(h.fraction), rec.fraction);
            assert_eq!(Some(u32::from(h.triangle.index)), rec.triangle);
            let p = rec.point.get().unwrap();
            assert_eq!([h.point.x, h.point.y, h.point.z], [p.x, p.y, p.z]);
            let nn = rec.other.normal.get().unwrap();
            assert_eq!([h.normal.x, h.normal.y, h.normal.z], [nn.x, nn.y, nn.z]);
        }
        // The walking capsule, over the record layer's own box for it.
        let feet = Vec4::<R>::from_f32([q.p[0], q.p[1], 0.02, 1.0]);
        let walk = Vec4::<R>::from_f32([q.mv[0], q.mv[1], 0.0, 0.0]);
        let capsule = warriors_physics::record::Capsule {
            radius: r,
            height: R::from_f32(1.8),
            base: feet,
        };
        let big = warriors_physics::record::Aabb::new(
            Vec4::from_f32([-10.0, -10.0, -1.0, 1.0]),
            Vec4::from_f32([40.0, 40.0, 5.0, 1.0]),
        );
        let cq = warriors_physics::record::SweepQuery::new(big, 1);
        let mut out = [warriors_physics::record::Contact::default()];
        let n = mesh.sweep_capsule(&mut scratch, &mut out, &cq, &capsule, R::ONE, walk);
        let hit = level
            .cast_capsule_walls([q.p[0], q.p[1], 0.02], q.r, 1.8, [q.mv[0], q.mv[1], 0.0])
            .unwrap();
        assert_eq!(n, usize::from(hit.is_some()));
        if let Some(h) = hit {
            assert_eq!(Some(h.fraction), out[0].fraction);
            assert_eq!(Some(u32::from(h.triangle.index)), out[0].triangle);
        }
        // The ray.
        let d = Vector3::new(q.mv[0], q.mv[1], q.mv[2]).normalize();
        let ray = warriors_physics::record::Ray::new(
            c,
            Vec4::<R>::from_f32([d.x, d.y, d.z, 0.0]),
            R::from_f32(8.0),
        );
        let mut res = warriors_physics::record::RayResult::default();
        let filter = warriors_physics::record::MeshRayFilter::default();
        let hit_r = mesh.world_ray_cast(&mut scratch.visited, &ray, &mut res, &filter);
        let hit = level.cast_ray(q.p, d, 8.0, &RayFilter::default()).unwrap();
        assert_eq!(hit_r, hit.is_some());
        if let Some(h) = hit {
            assert_eq!(h.distance, res.t);
            assert_eq!(Some(h.triangle.index), res.triangle);
            assert_eq!(h.material, res.material);
        }
        // The push-out and the ground.
        let pw = mesh.push_out_of_walls(&mut scratch.visited, &sphere);
        let pf = level.push_out_of_walls(q.p, q.r).unwrap();
        assert_eq!(
            pw.map(|p| (p.distance, p.triangle)),
            pf.map(|p| (p.distance, p.triangle.index))
        );
        let mut rest = c;
        let down = mesh.drop_to_ground(&mut scratch.visited, R::from_f32(5.0), &mut rest);
        let g = level.ground_below(q.p, 5.0).unwrap();
        assert_eq!(down, g.is_some());
        if let Some(g) = g {
            assert_eq!([g.rest.x, g.rest.y, g.rest.z], [rest.x, rest.y, rest.z]);
        }
    }
    assert!(met > 20);
}

both_modes!(
    tiles_answer_as_one_mesh,
    box_sweeps_agree,
    large_level,
    one_tile_is_the_record_layer
);
