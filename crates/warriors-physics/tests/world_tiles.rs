//! A world over a level cut into tiles answers every mesh question as the
//! world over the same soup as one mesh (divergences 344-346): the body
//! sweep's mesh pass, `CollideShape`, `OverlapShape` and the landing
//! segment on seeded probes that cross tile boundaries, and whole walks and
//! drops through `World::tick`, in both float modes. The one-mesh world is
//! the oracle; triangles are compared by their index in the soup. A tie on
//! an edge two tiles share goes to the lower tile.

mod common;

use common::{level_triangles_met, street_levels, Lcg, Probe, Seeded};
use test_support::both_modes;
use warriors_physics::oriented_box;
use warriors_physics::prelude::*;
use warriors_physics::record::{Capsule, Contact, Shape, Sphere, Vec4};

use physics_world::{QueryOptions, ShapeQuery};
use shape_pools::{Aabb, PhysShape};

/// The street as one mesh and cut into tiles of at most 150 triangles,
/// each under a world (and the levels, for their soup indices).
fn worlds<R: Real>() -> (World<R>, World<R>) {
    let (one, tiled) = street_levels::<R>();
    let mut a = World::<R>::new();
    a.set_level(one).unwrap();
    let mut b = World::<R>::new();
    b.set_level(tiled).unwrap();
    assert_eq!(b.record().tile_count(), b.level().unwrap().tile_count());
    (a, b)
}

/// A contact's comparable fields: the fraction, point and normal bits, the
/// triangle's soup index, the flags word, the depth's bits.
type Key = (u32, [u32; 3], [u32; 3], u32, u32, u32);

fn key<R: Real>(world: &mut World<R>, c: &Contact<R>) -> Key {
    let word = c.triangle.expect("a level contact names its triangle");
    let id = TriangleId::from_word(word);
    let level = world.level().unwrap();
    let source = level.source_index(id).expect("a triangle of the level");
    let tri = *level.triangle(id).unwrap();
    // The world reads the word to the same triangle the level names.
    assert_eq!(world.record().level_triangle(word), Some(&tri));
    let b = |v: Vec4<R>| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
    (
        c.fraction.unwrap_or(R::ZERO).to_bits(),
        b(c.point.get_or(R::ZERO)),
        b(c.other.normal.get_or(R::ZERO)),
        source,
        c.flags.unwrap_or(0),
        c.depth.unwrap_or(R::ZERO).to_bits(),
    )
}

fn keys<R: Real>(world: &mut World<R>, cs: &[Contact<R>]) -> Vec<Key> {
    let mut k: Vec<Key> = cs.iter().map(|c| key(world, c)).collect();
    k.sort_by(|a, b| {
        f32::from_bits(a.0)
            .total_cmp(&f32::from_bits(b.0))
            .then(a.3.cmp(&b.3))
    });
    k
}

fn tile_of<R>(c: &Contact<R>) -> u32 {
    TriangleId::from_word(c.triangle.unwrap()).tile
}

fn v4<R: Real>(v: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([v[0], v[1], v[2], w])
}

/// The probe's three shapes (a sphere, the walking capsule with its
/// horizontal move, a turned box), each with its move and its type mask
/// (the capsule a human's, 0x40).
fn shapes<R: Real>(q: &Probe) -> [(Shape<R>, Vec4<R>, u32); 3] {
    let r = R::from_f32(q.r);
    let sphere = Shape::Sphere(Sphere {
        radius: r,
        centre: v4(q.p, 1.0),
    });
    let capsule = Shape::Capsule(Capsule {
        radius: R::from_f32(q.r * 0.5),
        height: R::from_f32(1.8),
        base: v4([q.p[0], q.p[1], 0.02], 1.0),
    });
    let pose = nalgebra::Isometry3::new(
        nalgebra::Vector3::new(q.p[0], q.p[1], q.p[2]),
        nalgebra::Vector3::new(0.1, 0.0, q.turn),
    );
    let bx = oriented_box::<R>(nalgebra::Vector3::new(q.r, q.r * 0.5, 0.3), &pose).expect("a box");
    [
        (sphere, v4(q.mv, 0.0), 0),
        (capsule, v4([q.mv[0], q.mv[1], 0.0], 0.0), 0x40),
        (Shape::Box(bx), v4(q.mv, 0.0), 0),
    ]
}

fn swept_box<R: Real>(shape: &Shape<R>, mv: Vec4<R>) -> Aabb<R> {
    PhysShape {
        head: Default::default(),
        geom: *shape,
    }
    .bounds()
    .extend_by_move(mv)
}

/// The body sweep's mesh pass (`SweepShapeVsMesh`, one contact).
fn first<R: Real>(w: &mut World<R>, shape: &Shape<R>, mv: Vec4<R>, ty: u32) -> Option<Contact<R>> {
    let bx = swept_box(shape, mv);
    let mut c = Contact::default();
    let n = w
        .record_mut()
        .sweep_shape_vs_mesh(&mut c, shape, 0, 0, ty, R::ONE, false, &bx, mv);
    (n == 1).then_some(c)
}

/// `CollideShape` of a given shape against the level only, with the mesh
/// options the body sweep's mesh pass gives a type mask `ty`.
fn collide<R: Real>(w: &mut World<R>, shape: &Shape<R>, mv: Vec4<R>, ty: u32) -> Vec<Contact<R>> {
    let mut options = QueryOptions::MESH;
    if ty & 0x40 != 0 {
        options |= QueryOptions::NZ_MIN;
    }
    let q = ShapeQuery::of_shape(*shape, None, options);
    let mut out = [Contact::default(); physics_world::MAX_CONTACTS];
    let n = w
        .record_mut()
        .collide_shape(&(), &mut out, &q, mv, &mut Vec::new());
    out[..n].to_vec()
}

fn overlap<R: Real>(w: &mut World<R>, shape: &Shape<R>) -> Vec<Contact<R>> {
    let q = ShapeQuery::of_shape(*shape, None, QueryOptions::MESH);
    let mut out = [Contact::default(); physics_world::MAX_CONTACTS];
    let n = w
        .record_mut()
        .overlap_shape(&(), &mut out, &q, &mut Vec::new());
    out[..n].to_vec()
}

fn mesh_questions_agree<R: Real>() {
    let (mut one, mut tiled) = worlds::<R>();
    let mut rng = Lcg(31);
    let (mut firsts, mut ties, mut contacts, mut overlaps, mut landings) = (0, 0, 0, 0, 0);
    let mut tiles_met = std::collections::BTreeSet::new();
    let mut multi_tile_lists = 0;
    for _ in 0..400 {
        let q = Probe::draw_turned(&mut rng);
        for (shape, mv, ty) in shapes::<R>(&q) {
            // CollideShape: the same contacts, in fraction order, equal
            // fractions keeping the lower tile first.
            let all_a = collide(&mut one, &shape, mv, ty);
            let all_b = collide(&mut tiled, &shape, mv, ty);
            assert!(all_a.len() < physics_world::MAX_CONTACTS);
            for w in all_b.windows(2) {
                let (fa, fb) = (w[0].fraction.unwrap(), w[1].fraction.unwrap());
                assert!(fa <= fb);
                if fa == fb {
                    assert!(tile_of(&w[0]) <= tile_of(&w[1]));
                }
            }
            if all_b.iter().any(|c| tile_of(c) != tile_of(&all_b[0])) {
                multi_tile_lists += 1;
            }
            let ka = keys(&mut one, &all_a);
            let kb = keys(&mut tiled, &all_b);
            assert_eq!(ka, kb);
            contacts += ka.len();
            // The mesh pass: the same first contact, or a tie of it.
            let a = first(&mut one, &shape, mv, ty);
            let b = first(&mut tiled, &shape, mv, ty);
            match (a, b) {
                (None, None) => assert!(ka.is_empty()),
                (Some(a), Some(b)) => {
                    firsts += 1;
                    tiles_met.insert(tile_of(&b));
                    let (x, y) = (key(&mut one, &a), key(&mut tiled, &b));
                    assert_eq!(x.0, y.0, "fractions differ");
                    assert_eq!(x.0, ka[0].0, "not the earliest");
                    if x != y {
                        ties += 1;
                        assert!(ka.contains(&y), "{y:?} is not a tie of {x:?}");
                    }
                    // An equal fraction of a lower tile would have won.
                    assert!(all_b
                        .iter()
                        .filter(|c| c.fraction == b.fraction)
                        .all(|c| tile_of(c) >= tile_of(&b)));
                }
                (a, b) => panic!("one mesh {a:?}, tiles {b:?}"),
            }
        }
        // OverlapShape of the sphere (the mesh overlap is the sphere's).
        let sphere = shapes::<R>(&q)[0].0;
        let oa = overlap(&mut one, &sphere);
        let oa = keys(&mut one, &oa);
        let ob = overlap(&mut tiled, &sphere);
        let ob = keys(&mut tiled, &ob);
        assert_eq!(oa, ob);
        overlaps += oa.len();
        // The landing segment: from the feet raised by 1.0 − 0.16 down
        // along the move.
        let feet = v4::<R>([q.p[0], q.p[1], q.p[2]], 1.0);
        let down = v4::<R>([q.mv[0] * 0.4, q.mv[1] * 0.4, -0.5 - q.p[2]], 0.0);
        let la = one.record_mut().landing_test(feet, down, R::ONE, R::ONE);
        let lb = tiled.record_mut().landing_test(feet, down, R::ONE, R::ONE);
        match (la, lb) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                landings += 1;
                let (x, y) = (key(&mut one, &a), key(&mut tiled, &b));
                if x.3 == y.3 {
                    assert_eq!(x, y);
                } else {
                    // Two triangles at the same distance: an edge.
                    assert_eq!((x.0, x.1), (y.0, y.1));
                }
            }
            (a, b) => panic!("landing: one mesh {a:?}, tiles {b:?}"),
        }
    }
    // The probes met the level, across its tiles.
    assert!(firsts > 300, "{firsts} first contacts");
    assert!(contacts > 500, "{contacts} contacts");
    assert!(overlaps > 100, "{overlaps} overlaps");
    assert!(landings > 200, "{landings} landings");
    assert!(multi_tile_lists > 20, "{multi_tile_lists} lists over tiles");
    assert!(tiles_met.len() >= 4, "{tiles_met:?}");
    assert!(ties < firsts / 2);
}

/// Humans walked across the street (their walks cross tile boundaries and
/// meet walls) and crates dropped on it with a push, through the world's
/// tick: positions bit for bit, and the same contacts asked of the owners.
fn walks_and_drops_agree<R: Real>() {
    let (mut one, mut tiled) = worlds::<R>();
    let mut runs = Vec::new();
    for world in [&mut one, &mut tiled] {
        let mut rng = Lcg(77);
        let mut bodies = Vec::new();
        for k in 0..12 {
            let at = point::<R>([rng.range_f32(2.0, 58.0), rng.range_f32(2.0, 58.0), 0.0]);
            let body = world
                .add_human(HumanDesc {
                    player: k % 3 == 0,
                    ..HumanDesc::at(at)
                })
                .unwrap();
            let a = rng.range_f32(0.0, std::f32::consts::TAU);
            world
                .set_walk(body, [a.cos() * 4.0, a.sin() * 4.0, 0.0])
                .unwrap();
            bodies.push(body);
        }
        for _ in 0..8 {
            let at = point::<R>([rng.range_f32(2.0, 58.0), rng.range_f32(2.0, 58.0), 1.5]);
            let size = Vector3::new(R::from_f32(0.6), R::from_f32(0.4), R::from_f32(0.5));
            let mut desc = ObjectDesc::cuboid(at, size);
            desc.settle = SettleAxis::Never;
            let body = world.add_object(desc).unwrap();
            let v = [rng.range_f32(-3.0, 3.0), rng.range_f32(-3.0, 3.0), 0.0];
            world.drop_object(body, v).unwrap();
            bodies.push(body);
        }
        let mut trace = Vec::new();
        let mut contacts = Vec::new();
        for _tick in 0..180 {
            world.tick(&mut ());
            for &b in &bodies {
                let p = world.position(b).unwrap();
                trace.push([p.x.to_bits(), p.y.to_bits(), p.z.to_bits()]);
            }
            let events: Vec<_> = world.drain_events().collect();
            for e in events {
                let Event::Contact(c) = e else { continue };
                let (other, tri) = match c.other {
                    Touched::Level(t) => (None, world.level().unwrap().source_index(t)),
                    Touched::Body(b) => (bodies.iter().position(|&x| x == b), None),
                };
                let n = c.normal.into_inner();
                contacts.push((
                    bodies.iter().position(|&x| x == c.mover),
                    other,
                    c.answer.word(),
                    c.fraction.to_bits(),
                    [n.x.to_bits(), n.y.to_bits(), n.z.to_bits()],
                    tri,
                ));
            }
        }
        runs.push((trace, contacts));
    }
    let (a, b) = (&runs[0], &runs[1]);
    assert_eq!(a.0, b.0, "positions differ");
    assert_eq!(a.1.len(), b.1.len());
    let level_contacts = a.1.iter().filter(|c| c.5.is_some()).count();
    let mut other_triangle = 0;
    for (x, y) in a.1.iter().zip(&b.1) {
        assert_eq!((x.0, x.1, x.2, x.3, x.4), (y.0, y.1, y.2, y.3, y.4));
        if x.5 != y.5 {
            // A tie between two triangles of one plane (a quad's diagonal).
            other_triangle += 1;
        }
    }
    assert!(level_contacts > 100, "{level_contacts} level contacts");
    assert!(other_triangle * 10 < level_contacts.max(1));
}

/// Two floor triangles sharing the edge x = 0, one per tile (tile 0 the
/// one at x < 0, though it is the second in the soup): a sphere dropped
/// onto the edge, and the landing segment cast onto it, meet both at the
/// same fraction, and the world keeps tile 0's.
fn edge_tie_goes_to_the_lower_tile<R: Real>() {
    let soup = [
        SoupTriangle::new([[0.0, -2.0, 0.0], [2.0, -2.0, 0.0], [0.0, 2.0, 0.0]]),
        SoupTriangle::new([[-2.0, -2.0, 0.0], [0.0, -2.0, 0.0], [0.0, 2.0, 0.0]]),
    ];
    let cfg = LevelConfig {
        max_tile_triangles: 1,
        ..LevelConfig::default()
    };
    let level = Level::<R>::from_soup(&soup, &cfg, "edge").unwrap();
    assert_eq!(level.tile_count(), 2);
    assert_eq!(level.source_index(TriangleId::new(0, 0)), Some(1));
    assert_eq!(level.source_index(TriangleId::new(1, 0)), Some(0));
    let mut world = World::<R>::new();
    world.set_level(level).unwrap();
    let sphere = Shape::Sphere(Sphere {
        radius: R::from_f32(0.5),
        centre: v4([0.0, 0.5, 2.0], 1.0),
    });
    let mv = v4::<R>([0.0, 0.0, -3.0], 0.0);
    // Both tiles meet it at 0.5 (the sphere's bottom at z 0 after 1.5 m).
    let all = collide(&mut world, &sphere, mv, 0);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].fraction, all[1].fraction);
    assert!((all[0].fraction.unwrap().to_f32() - 0.5).abs() < 1e-5);
    assert_eq!(
        all.iter().map(|c| c.triangle.unwrap()).collect::<Vec<_>>(),
        [0, 0x0001_0000]
    );
    let c = first(&mut world, &sphere, mv, 0).expect("the floor");
    assert_eq!(c.triangle, Some(0));
    assert_eq!(c.fraction, all[0].fraction);
    // The landing segment straight down onto the edge, from 1.84 above
    // the feet to 0.5 below the floor: both tiles hit it at 1.84.
    let feet = v4::<R>([0.0, 0.5, 1.0], 1.0);
    let down = v4::<R>([0.0, 0.0, -1.5], 0.0);
    for k in 0..2 {
        let mut only = World::<R>::new();
        let tile = world.level().unwrap().mesh(k).unwrap().clone();
        only.set_level(Level::from_mesh(tile)).unwrap();
        let hit = only
            .record_mut()
            .landing_test(feet, down, R::ONE, R::ONE)
            .expect("each tile alone is hit");
        assert!((hit.point.get().unwrap().z.to_f32()).abs() < 1e-6);
        assert_eq!(
            hit.fraction,
            world
                .record_mut()
                .landing_test(feet, down, R::ONE, R::ONE)
                .unwrap()
                .fraction
        );
    }
    let l = world
        .record_mut()
        .landing_test(feet, down, R::ONE, R::ONE)
        .expect("the floor");
    assert_eq!(l.triangle, Some(0));
}

/// A one-tile level gives the console's triangle word: the mesh's index,
/// the high half 0.
fn one_tile_words_are_indices<R: Real>() {
    let (mut one, _) = worlds::<R>();
    let mut rng = Lcg(8);
    let mut met = 0;
    for _ in 0..100 {
        let q = Probe::draw_turned(&mut rng);
        for (shape, mv, ty) in shapes::<R>(&q) {
            for c in collide(&mut one, &shape, mv, ty) {
                let w = c.triangle.unwrap();
                assert!(w < 0x1_0000);
                assert_eq!(TriangleId::from_word(w), TriangleId::new(0, w as u16));
                met += 1;
            }
        }
    }
    assert!(met > 50);
}

/// A floor of 200 × 180 quads of 1 m (72,000 triangles, past the format's
/// 65,535): the level cuts it into tiles and the world takes it. Crates
/// dropped on and around the tiles' cut land on the floor (their centres
/// 0.25 above it) and humans walk across the cut unhindered, 4 m/s for a
/// second, as over any floor.
fn a_level_past_the_limit<R: Real>() {
    let mut soup = Vec::new();
    let w = warriors_physics::Attributes {
        flags: TriangleFlags::ENABLED,
        material: Material(6),
        area: 1,
    };
    for i in 0..200 {
        for j in 0..180 {
            let (x, y) = (i as f32, j as f32);
            common::rect(&mut soup, [x, y], [x + 1.0, y + 1.0], 0.0, w);
        }
    }
    assert!(soup.len() > 65_535);
    let level = Level::<R>::from_soup(&soup, &LevelConfig::default(), "big").unwrap();
    assert!(level.tile_count() >= 2);
    // The cut: where the first tile's box ends in x.
    let cut = level
        .mesh(0)
        .unwrap()
        .vertices()
        .iter()
        .map(|v| v[0])
        .fold(f32::MIN, f32::max);
    assert!(cut > 50.0 && cut < 150.0, "{cut}");
    let mut world = World::<R>::new();
    world.set_level(level).unwrap();
    assert!(world.record().tile_count() >= 2);
    let mut crates = Vec::new();
    for k in 0..9 {
        let at = point::<R>([cut - 0.8 + 0.2 * k as f32, 20.0 + 3.0 * k as f32, 1.0]);
        let mut desc = ObjectDesc::cuboid(at, Vector3::repeat(R::from_f32(0.5)));
        desc.settle = SettleAxis::Never;
        let body = world.add_object(desc).unwrap();
        world.drop_object(body, [0.0f32; 3]).unwrap();
        crates.push(body);
    }
    for _ in 0..90 {
        world.tick(&mut ());
    }
    let mut humans = Vec::new();
    for k in 0..4 {
        let at = point::<R>([cut - 2.0, 60.0 + 5.0 * k as f32, 0.0]);
        let body = world
            .add_human(HumanDesc {
                player: k % 2 == 1,
                ..HumanDesc::at(at)
            })
            .unwrap();
        world.set_walk(body, [4.0f32, 0.0, 0.0]).unwrap();
        humans.push(body);
    }
    // 60 ticks: 30 walks of 4/30 m.
    let tiles_met: std::collections::BTreeSet<u32> = level_triangles_met(&mut world, 60)
        .iter()
        .map(|t| t.tile)
        .collect();
    assert!(tiles_met.len() >= 2, "{tiles_met:?}");
    for id in crates {
        let z = world.position(id).unwrap().z.to_f32();
        assert!((z - 0.25).abs() < 0.03, "{z}");
    }
    for id in humans {
        let p = world.position(id).unwrap().map(|x| x.to_f32());
        // 30 walks of 4/30 m: 4 m on, past the cut.
        assert!((p.x - (cut + 2.0)).abs() < 1e-3, "{p:?}");
        assert!(p.z.abs() < 1e-3, "{p:?}");
    }
}

fn point<R: Real>(p: [f32; 3]) -> Point3<R> {
    Point3::new(R::from_f32(p[0]), R::from_f32(p[1]), R::from_f32(p[2]))
}

both_modes!(
    mesh_questions_agree,
    walks_and_drops_agree,
    edge_tie_goes_to_the_lower_tile,
    one_tile_words_are_indices,
    a_level_past_the_limit,
);
