//! A world of several meshes (divergences 345, 346): each mesh question asks
//! every tile it reaches, names the tile in the contact's triangle word, and
//! merges as one mesh of the same triangles would; a bad tile count is a
//! typed error that leaves the world's level as it was. Both float modes.

use collision_mesh::{build, BuildConfig, CollisionMesh, SoupTriangle};
use kernels::{Contact, Shape, Sphere};
use physics_world::tiles::{split_triangle_word, triangle_word};
use physics_world::{LevelError, PhysicsWorld, QueryOptions, ShapeQuery, MAX_CONTACTS};
use ps2_float::{Real, Vec4};
use test_support::both_modes;

fn mesh(soup: &[SoupTriangle]) -> CollisionMesh {
    build::from_soup(soup, &BuildConfig::default(), "tile").unwrap()
}

/// Two floor squares side by side, x 0..4 and x 4..8, each of two
/// triangles, and a wall at x = 6.5 standing on the second.
fn soup() -> Vec<SoupTriangle> {
    vec![
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [4.0, 4.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]]),
        SoupTriangle::new([[4.0, 0.0, 0.0], [8.0, 0.0, 0.0], [8.0, 4.0, 0.0]]),
        SoupTriangle::new([[4.0, 0.0, 0.0], [8.0, 4.0, 0.0], [4.0, 4.0, 0.0]]),
        SoupTriangle::new([[6.5, 4.0, 0.0], [6.5, 0.0, 0.0], [6.5, 2.0, 3.0]]),
    ]
}

fn worlds<R: Real>() -> (PhysicsWorld<R>, PhysicsWorld<R>) {
    let s = soup();
    let mut one = PhysicsWorld::<R>::default();
    one.set_mesh(mesh(&s));
    let mut two = PhysicsWorld::<R>::default();
    two.set_meshes(vec![mesh(&s[..2]), mesh(&s[2..])]).unwrap();
    assert_eq!((one.tile_count(), two.tile_count()), (1, 2));
    (one, two)
}

/// The soup index of a contact's triangle: tile 1 holds soup 2, 3, 4.
fn soup_index(tiles: usize, word: u32) -> u32 {
    let (tile, index) = split_triangle_word(word);
    if tiles == 1 {
        assert_eq!(tile, 0);
        u32::from(index)
    } else {
        [0, 2][tile as usize] + u32::from(index)
    }
}

type Key = (u32, [u32; 3], u32);

fn keys<R: Real>(w: &PhysicsWorld<R>, cs: &[Contact<R>]) -> Vec<Key> {
    cs.iter()
        .map(|c| {
            let n = c.other.normal.get_or(R::ZERO);
            let word = c.triangle.unwrap();
            // The world finds the triangle the word names.
            assert!(w.level_triangle(word).is_some());
            (
                c.fraction.unwrap().to_bits(),
                [n.x.to_bits(), n.y.to_bits(), n.z.to_bits()],
                soup_index(w.tile_count(), word),
            )
        })
        .collect()
}

fn collide<R: Real>(w: &mut PhysicsWorld<R>, s: &Shape<R>, mv: Vec4<R>) -> Vec<Contact<R>> {
    let q = ShapeQuery::of_shape(*s, None, QueryOptions::MESH);
    let mut out = [Contact::default(); MAX_CONTACTS];
    let n = w.collide_shape(&(), &mut out, &q, mv, &mut Vec::new());
    out[..n].to_vec()
}

fn sphere<R: Real>(at: [f32; 3], r: f32) -> Shape<R> {
    Shape::Sphere(Sphere {
        radius: R::from_f32(r),
        centre: Vec4::from_f32([at[0], at[1], at[2], 1.0]),
    })
}

fn across_two_tiles<R: Real>() {
    let (mut one, mut two) = worlds::<R>();
    // A sphere of 0.5 at (1, 1.5, 0.9) moving (6, 0, -1): it reaches the
    // floor of the first square at 0.4 (x 3.4) and the wall on the second
    // at 5/6. The two worlds give the same contacts, the wall's triangle
    // (soup 4) named by tile 1, index 2.
    let s = sphere::<R>([1.0, 1.5, 0.9], 0.5);
    let mv = Vec4::from_f32([6.0, 0.0, -1.0, 0.0]);
    let a = collide(&mut one, &s, mv);
    let b = collide(&mut two, &s, mv);
    assert!(a.len() >= 2, "{a:?}");
    assert_eq!(keys(&one, &a), keys(&two, &b));
    assert!(b.iter().any(|c| c.triangle == Some(triangle_word(1, 2))));
    assert_eq!(split_triangle_word(b[0].triangle.unwrap()).0, 0);
    assert!((b[0].fraction.unwrap().to_f32() - 0.4).abs() < 1e-5);
    // The mesh pass keeps the earliest: the same in both.
    let bx = shape_pools::PhysShape {
        head: Default::default(),
        geom: s,
    }
    .bounds()
    .extend_by_move(mv);
    let mut ca = Contact::default();
    let mut cb = Contact::default();
    let na = one.sweep_shape_vs_mesh(&mut ca, &s, 0, 0, 0, R::ONE, false, &bx, mv);
    let nb = two.sweep_shape_vs_mesh(&mut cb, &s, 0, 0, 0, R::ONE, false, &bx, mv);
    assert_eq!((na, nb), (1, 1));
    assert_eq!(keys(&one, &[ca]), keys(&two, &[cb]));
    assert_eq!(ca.fraction, a[0].fraction);
    // The landing segment over the second square: tile 1's floor.
    let feet = Vec4::from_f32([5.0, 1.0, 0.5, 1.0]);
    let down = Vec4::from_f32([0.0, 0.0, -1.0, 0.0]);
    let la = one.landing_test(feet, down, R::ONE, R::ONE).unwrap();
    let lb = two.landing_test(feet, down, R::ONE, R::ONE).unwrap();
    assert_eq!(keys(&one, &[la]), keys(&two, &[lb]));
    assert_eq!(split_triangle_word(lb.triangle.unwrap()).0, 1);
    // The overlap of a sphere on the squares' shared edge: both tiles' floor
    // triangles, in tile order.
    let s = sphere::<R>([4.0, 1.0, 0.25], 0.5);
    let q = ShapeQuery::of_shape(s, None, QueryOptions::MESH);
    let mut out = [Contact::default(); MAX_CONTACTS];
    let n = two.overlap_shape(&(), &mut out, &q, &mut Vec::new());
    let tiles: Vec<u32> = out[..n]
        .iter()
        .map(|c| split_triangle_word(c.triangle.unwrap()).0)
        .collect();
    assert!(tiles.contains(&0) && tiles.contains(&1), "{tiles:?}");
    assert!(tiles.windows(2).all(|w| w[0] <= w[1]));
    let mut oa = [Contact::default(); MAX_CONTACTS];
    let m = one.overlap_shape(&(), &mut oa, &q, &mut Vec::new());
    let mut ka: Vec<u32> = keys(&one, &oa[..m]).iter().map(|k| k.2).collect();
    let mut kb: Vec<u32> = keys(&two, &out[..n]).iter().map(|k| k.2).collect();
    ka.sort_unstable();
    kb.sort_unstable();
    assert_eq!(ka, kb);
}

fn bad_tile_counts_keep_the_level<R: Real>() {
    let (_, mut two) = worlds::<R>();
    assert_eq!(two.set_meshes(Vec::new()), Err(LevelError::NoTiles));
    assert_eq!(two.tile_count(), 2);
    // `set_mesh` makes a world of one tile again.
    two.set_mesh(mesh(&soup()));
    assert_eq!(two.tile_count(), 1);
    assert_eq!(two.mesh().unwrap().triangles().len(), 5);
}

both_modes!(across_two_tiles, bad_tile_counts_keep_the_level);
