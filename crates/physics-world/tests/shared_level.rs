//! A world's level is shared, not copied: `set_level` takes the `Arc`,
//! `set_mesh` and `set_meshes` wrap theirs, two worlds given one level
//! answer alike from one copy, and switching a triangle off through
//! `mesh_mut` copies the level first (copy on write), leaving the other
//! holders' as it was. Both float modes.

use std::sync::Arc;

use collision_mesh::{build, BuildConfig, SoupTriangle, TiledMesh, TriangleFlags};
use kernels::{Contact, Sphere};
use physics_world::{LevelError, PhysicsWorld};
use ps2_float::{Real, Vec4};
use shape_pools::Aabb;
use test_support::both_modes;

/// A 4 × 4 floor of two triangles at z 0.
fn floor() -> TiledMesh {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [4.0, 4.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]]),
    ];
    TiledMesh::from_mesh(build::from_soup(&soup, &BuildConfig::default(), "floor").unwrap())
}

/// A sphere of radius 0.5 at (1, 1, 2) moved 3 down: through the world's
/// mesh sweep it touches the floor when its centre is at 0.5, half the
/// move (fraction 0.5, exact in both modes: 1.5 / 3).
fn fall<R: Real>(w: &mut PhysicsWorld<R>) -> Option<R> {
    let r = R::from_f32;
    let sphere = Sphere {
        radius: r(0.5),
        centre: Vec4::point(r(1.0), r(1.0), r(2.0)),
    };
    let mv = Vec4::new(R::ZERO, R::ZERO, r(-3.0), R::ZERO);
    let bx = Aabb {
        min: Vec4::point(r(0.5), r(0.5), r(-1.5)),
        max: Vec4::point(r(1.5), r(1.5), r(2.5)),
    };
    let mut out = Contact::default();
    let shape = kernels::Shape::Sphere(sphere);
    (w.sweep_shape_vs_mesh(&mut out, &shape, 0, 0, 0, R::ONE, false, &bx, mv) == 1)
        .then(|| out.fraction.unwrap())
}

fn two_worlds_share_one_level<R: Real>() {
    let level = Arc::new(floor());
    let (mut a, mut b) = (PhysicsWorld::<R>::default(), PhysicsWorld::<R>::default());
    a.set_level(Arc::clone(&level)).unwrap();
    b.set_level(Arc::clone(&level)).unwrap();
    assert!(Arc::ptr_eq(a.level().unwrap(), &level));
    assert!(Arc::ptr_eq(b.level().unwrap(), &level));
    assert_eq!(Arc::strong_count(&level), 3);
    assert_eq!(fall(&mut a), Some(R::from_f32(0.5)));
    assert_eq!(fall(&mut b), Some(R::from_f32(0.5)));

    // A cloned world shares the level too.
    let c = a.clone();
    assert!(Arc::ptr_eq(c.level().unwrap(), &level));
    drop(c);
    assert_eq!(Arc::strong_count(&level), 3);

    // Copy on write: `a` switches both triangles off in its own copy; `b`
    // and the level keep them, and `b` still meets the floor.
    for k in 0..2 {
        a.mesh_mut().unwrap().set_flags(k, TriangleFlags::empty());
    }
    assert!(!Arc::ptr_eq(a.level().unwrap(), &level));
    assert_eq!(Arc::strong_count(&level), 2);
    assert_eq!(fall(&mut a), None);
    assert_eq!(fall(&mut b), Some(R::from_f32(0.5)));
    let on = level.tiles()[0].mesh().triangles()[0].flags;
    assert!(on.contains(TriangleFlags::ENABLED));
    // A level no longer shared is written in place.
    let before = a.level().unwrap().tiles()[0].mesh() as *const _;
    a.mesh_mut().unwrap().set_flags(0, on);
    assert!(std::ptr::eq(a.level().unwrap().tiles()[0].mesh(), before));
    assert_eq!(fall(&mut a), Some(R::from_f32(0.5)));
}

fn a_level_without_tiles_is_refused<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    w.set_level(Arc::new(floor())).unwrap();
    let kept = Arc::clone(w.level().unwrap());
    assert_eq!(
        w.set_level(Arc::new(TiledMesh::default())),
        Err(LevelError::NoTiles)
    );
    // The world keeps its level.
    assert!(Arc::ptr_eq(w.level().unwrap(), &kept));
    assert_eq!(w.tile_count(), 1);
}

both_modes!(two_worlds_share_one_level, a_level_without_tiles_is_refused);
