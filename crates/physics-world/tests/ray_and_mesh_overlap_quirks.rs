//! The world's ray and overlap queries read the two table switches from
//! `WorldConfig::quirks`: with `pairs.ray_box_capsule_only` on (the
//! console's) a ray passes through a sphere body, and with
//! `mesh.overlap_sphere_only` on a box or a capsule standing in the floor
//! finds no triangle (overview, "The shape-pair tables"); corrected, both
//! meet (divergences 476-479).

mod common;

use collision_mesh::{build, BuildConfig, SoupTriangle};
use common::{both_modes, object_body, p, r, v, Owner, Solid, Table};
use kernels::{Capsule, Contact, OrientedBox, Shape};
use physics_world::{BodyFlags, PhysicsWorld, QueryOptions, Quirks, ShapeQuery, WorldConfig};
use ps2_float::{Real, Vec4};

/// A world with `quirks`, a floor of two triangles at z 0 (16 m square) and a sphere of
/// radius 1 at (0, 5, 0) that rays may target.
fn world<R: Real>(quirks: Quirks) -> (PhysicsWorld<R>, Table<R>) {
    let mut w = PhysicsWorld::<R>::construct(WorldConfig {
        quirks,
        ..WorldConfig::default()
    });
    let soup = [
        SoupTriangle::new([[-8.0, -8.0, 0.0], [8.0, -8.0, 0.0], [8.0, 8.0, 0.0]]),
        SoupTriangle::new([[-8.0, -8.0, 0.0], [8.0, 8.0, 0.0], [-8.0, 8.0, 0.0]]),
    ];
    w.set_mesh(build::from_soup(&soup, &BuildConfig::default(), "floor").unwrap());
    let mut t = Table::<R>::default();
    let o = t.add(1, Owner::at(0x1, 0.0, 5.0, 0.0));
    let ray = BodyFlags::OBJECT_START | BodyFlags::RAYCASTTARGET;
    object_body(&mut w, &t, o, Solid::Sphere(1.0), ray);
    (w, t)
}

/// A ray from the origin along +y, 10 m: through the sphere on the
/// console; corrected it meets the sphere's face at y 4, a fraction 0.4.
fn ray_meets_a_sphere_body_when_corrected<R: Real>() {
    let cast = |quirks| {
        let (w, _) = world::<R>(quirks);
        w.ray_cast_bodies(
            &mut Vec::new(),
            p(0.0, 0.0, 0.0),
            v(0.0, 1.0, 0.0),
            r(10.0),
            u32::MAX,
            None,
        )
    };
    assert!(cast(Quirks::console()).is_none(), "the console: through");
    let hit = cast(Quirks::corrected()).expect("corrected: a hit");
    assert!(
        (hit.fraction.to_f32() - 0.4).abs() < 1e-5,
        "{:?}",
        hit.fraction
    );
}

/// The floor contacts a shape's overlap finds (the level only).
fn floor_contacts<R: Real>(quirks: Quirks, shape: Shape<R>) -> Vec<Contact<R>> {
    let (mut w, t) = world::<R>(quirks);
    let q = ShapeQuery::of_shape(shape, None, QueryOptions::MESH);
    let mut out = [Contact::default(); 8];
    let n = w.overlap_shape(&t, &mut out, &q, &mut Vec::new());
    out[..n].to_vec()
}

/// A unit box (half 0.5) centred 0.3 up is 0.2 into the floor; an upright
/// capsule of radius 0.4 with its base 0.1 up is 0.3 in; both stand on the
/// floor's diagonal. The console finds nothing; corrected, both floor
/// triangles, each with the floor's normal and that depth.
fn box_and_capsule_overlap_the_floor_when_corrected<R: Real>() {
    let bx = Shape::Box(OrientedBox {
        half: v(0.5, 0.5, 0.5),
        axes: [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)],
        centre: p(1.0, 1.0, 0.3),
    });
    let cap = Shape::Capsule(Capsule {
        radius: r(0.4),
        height: r(1.5),
        base: p(-1.0, -1.0, 0.1),
    });
    for (shape, depth) in [(bx, 0.2), (cap, 0.3)] {
        assert!(floor_contacts::<R>(Quirks::console(), shape).is_empty());
        let cs = floor_contacts::<R>(Quirks::corrected(), shape);
        assert_eq!(cs.len(), 2, "{shape:?}");
        for c in cs {
            let d = c.depth.expect("a depth").to_f32();
            // The capsule's end is measured by `PointTriangle_DistanceSq`,
            // whose squared terms round with the triangle's size (Unit 1).
            assert!((d - depth).abs() < 1e-4, "{shape:?}: depth {d}");
            let n = c.other.normal.get().expect("a normal").to_f32();
            // One `vrsqrt` of 1 in `Ee32` mode is 1 − 2⁻²⁴.
            assert!(
                n[0] == 0.0 && n[1] == 0.0 && (n[2] - 1.0).abs() < 1e-6,
                "{n:?}"
            );
            assert_eq!(c.fraction, Some(R::ZERO));
        }
    }
    // Lifted clear, nothing under either preset.
    let high = Shape::Box(OrientedBox {
        half: v(0.5, 0.5, 0.5),
        axes: [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)],
        centre: Vec4::point(R::ONE, R::ONE, R::from_f32(0.6)),
    });
    assert!(floor_contacts::<R>(Quirks::corrected(), high).is_empty());
}

/// A grid of 1 m cells in `z` (a far triangle at z −1 sets its origin): a
/// floor at z 0.9 lies in the layer [0, 1), an upright capsule (r 0.4)
/// with its base at z 1.1 stands in the layer above, and its rounded
/// bottom end, down to z 0.7, is 0.2 into the floor. The capsule's bounds
/// (its upright cylinder's, from the base up) miss the floor's layer, so
/// the walk reaches the cells below by the radius (divergence 479).
fn capsule_end_reaches_a_floor_in_the_cell_below<R: Real>() {
    let soup = [
        SoupTriangle::new([[-4.0, -4.0, 0.9], [4.0, -4.0, 0.9], [0.0, 4.0, 0.9]]),
        SoupTriangle::new([[20.0, 20.0, -1.0], [21.0, 20.0, -1.0], [20.0, 21.0, 5.0]]),
    ];
    let config = BuildConfig {
        cell_size: 1.0,
        flat_z: false,
        ..BuildConfig::default()
    };
    let mut w = PhysicsWorld::<R>::construct(WorldConfig {
        quirks: Quirks::corrected(),
        ..WorldConfig::default()
    });
    w.set_mesh(build::from_soup(&soup, &config, "layers").unwrap());
    let cap = Shape::Capsule(Capsule {
        radius: r(0.4),
        height: r(1.5),
        base: p(0.0, 0.0, 1.1),
    });
    let q = ShapeQuery::of_shape(cap, None, QueryOptions::MESH);
    let mut out = [Contact::default(); 8];
    let n = w.overlap_shape(&Table::<R>::default(), &mut out, &q, &mut Vec::new());
    assert_eq!(n, 1);
    assert_eq!(out[0].triangle, Some(0));
    let d = out[0].depth.expect("a depth").to_f32();
    assert!((d - 0.2).abs() < 1e-4, "depth {d}");
}

both_modes!(
    ray_meets_a_sphere_body_when_corrected,
    box_and_capsule_overlap_the_floor_when_corrected,
    capsule_end_reaches_a_floor_in_the_cell_below
);
