//! The switchable quirks through the facade (`Quirks`, divergence 356):
//! the console's by default, the geometry's true answer with
//! `Quirks::corrected()`, for a level query (`SweepSettings::quirks`, the
//! overlaps' quirks argument) and
//! for the world (`WorldConfig::quirks`), in both float modes.

use test_support::both_modes;
use warriors_physics::convert::Lane;
use warriors_physics::prelude::*;
use warriors_physics::{oriented_box, Quirks, WorldConfig};

both_modes!(
    a_flat_box_cast_onto_the_floor,
    a_crate_dropped_flat_rests_on_the_floor,
    a_box_and_a_capsule_overlap_the_floor,
);

fn floor<R: Real>() -> Level<R> {
    let soup = [SoupTriangle::new([
        [-10.0, -10.0, 0.0],
        [30.0, -10.0, 0.0],
        [-10.0, 30.0, 0.0],
    ])];
    Level::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
}

fn r<R: Real>(x: f32) -> R {
    R::from_f32(x)
}

/// Unit 13's Test ideas row 1 through `Level::cast_oriented_box`: the unit
/// cube at (0, 0, 2) moved (0, 0, −2) meets the floor at 0 under the
/// console's zero-speed reset and at the true 0.75 corrected.
fn a_flat_box_cast_onto_the_floor<R: Real + Lane>() {
    let level = floor::<R>();
    let cube = oriented_box::<R>([0.5, 0.5, 0.5], &Isometry3::translation(0.0, 0.0, 2.0)).unwrap();
    let down = [0.0, 0.0, -2.0];
    let console = SweepSettings::<R>::default();
    assert_eq!(console.quirks, Quirks::console());
    let hit = level
        .cast_oriented_box(&cube, down, &console)
        .unwrap()
        .unwrap();
    assert_eq!(hit.fraction.to_f32(), 0.0);
    let corrected = SweepSettings {
        quirks: Quirks::corrected(),
        ..SweepSettings::default()
    };
    let hit = level
        .cast_oriented_box(&cube, down, &corrected)
        .unwrap()
        .unwrap();
    assert!(
        (hit.fraction.to_f32() - 0.75).abs() < 1e-5,
        "{}",
        hit.fraction.to_f32()
    );
}

/// A 0.4 m crate with level axes let go 1 m above the floor. Corrected, it
/// falls until its box meets the floor and rests with its bottom 0.01 m
/// above it (the back-off, divergence 221): centre z 0.21. Under the
/// console's quirk every level move of a flat box meets the floor at
/// fraction 0 once the move's box reaches it, so the crate stops where the
/// move began and is backed off from there: it rests higher (0.2664 in
/// both modes, measured; no number of the spec fixes it).
fn a_crate_dropped_flat_rests_on_the_floor<R: Real + Lane>() {
    let rest = |quirks: Quirks| {
        let mut world = World::<R>::with_config(WorldConfig {
            quirks,
            ..WorldConfig::default()
        });
        world.set_level(floor::<R>()).unwrap();
        let desc = ObjectDesc::cuboid(
            Point3::new(r::<R>(0.0), r(0.0), r(1.0)),
            Vector3::new(r::<R>(0.4), r(0.4), r(0.4)),
        );
        let crate_ = world.add_object(desc).unwrap();
        world
            .drop_object(crate_, Vector3::new(r::<R>(0.0), r(0.0), r(0.0)))
            .unwrap();
        for _ in 0..600 {
            world.tick(&mut ());
        }
        world.position(crate_).unwrap().z.to_f32()
    };
    let corrected = rest(Quirks::corrected());
    let console = rest(Quirks::console());
    println!("{}: corrected {corrected}, console {console}", R::MODE);
    assert!((corrected - 0.21).abs() < 1e-3, "corrected {corrected}");
    assert!(console > corrected + 1e-3, "console {console}");
}

/// `Level::overlap_oriented_box` and `Level::overlap_capsule` (overview,
/// "The shape-pair tables": the console's box and capsule never overlap
/// the mesh; divergences 477-479): empty under the console's quirks; under
/// `corrected()` a unit crate centred 0.3 up is 0.2 into the floor and a
/// capsule (r 0.4) with its feet 0.1 up is 0.3 in, each with the floor's
/// normal; the `_into` forms give the same and leave `out` as it was on
/// bad input.
fn a_box_and_a_capsule_overlap_the_floor<R: Real + Lane>() {
    let level = floor::<R>();
    let cube = oriented_box::<R>([0.5, 0.5, 0.5], &Isometry3::translation(1.0, 1.0, 0.3)).unwrap();
    let (console, corrected) = (Quirks::console(), Quirks::corrected());
    assert!(level
        .overlap_oriented_box(&cube, &console)
        .unwrap()
        .is_empty());
    assert!(level
        .overlap_capsule([1.0, 1.0, 0.1], 0.4, 1.6, &console)
        .unwrap()
        .is_empty());
    let found = level.overlap_oriented_box(&cube, &corrected).unwrap();
    assert_eq!(found.len(), 1);
    // The value form, as `cast_box` takes its box, answers the same.
    let pose = Isometry3::translation(1.0, 1.0, 0.3);
    assert_eq!(
        level
            .overlap_box([0.5, 0.5, 0.5], &pose, &corrected)
            .unwrap(),
        found
    );
    assert!(level
        .overlap_box([0.5, 0.5, 0.5], &pose, &console)
        .unwrap()
        .is_empty());
    assert!((found[0].depth.to_f32() - 0.2).abs() < 1e-5);
    assert!((found[0].normal.z.to_f32() - 1.0).abs() < 1e-6);
    let mut out = Vec::new();
    level
        .overlap_capsule_into([1.0, 1.0, 0.1], 0.4, 1.6, &corrected, &mut out)
        .unwrap();
    assert_eq!(out.len(), 1);
    assert!((out[0].depth.to_f32() - 0.3).abs() < 1e-4);
    // Bad input: a typed error, `out` untouched.
    let e = level.overlap_capsule_into([f32::NAN, 1.0, 0.1], 0.4, 1.6, &corrected, &mut out);
    assert!(matches!(e, Err(QueryError::NonFinite { .. })), "{e:?}");
    let e = level.overlap_capsule_into([1.0, 1.0, 0.1], -0.4, 1.6, &corrected, &mut out);
    assert!(matches!(e, Err(QueryError::Negative { .. })), "{e:?}");
    assert_eq!(out.len(), 1);
    let mut flat = cube;
    flat.half.z = r(-0.5);
    let e = level.overlap_oriented_box_into(&flat, &corrected, &mut out);
    assert!(matches!(e, Err(QueryError::Negative { .. })), "{e:?}");
    assert_eq!(out.len(), 1);
}
