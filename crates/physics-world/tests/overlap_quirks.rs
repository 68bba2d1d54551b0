//! The world's overlap query reads Unit 4's switches from its
//! `WorldConfig::quirks`: two crates of half size 1 at x = 100 and 101.5
//! overlap by 0.5 m, which the console's box-box matrix reports apart
//! (Unit 4, `PhysicsOverlap_BoxBox`, "The quirk"; Test ideas row 33).

mod common;

use common::{both_modes, start_object, Solid, Table};
use kernels::overlap::overlap_box_box;
use kernels::{Contact, Shape};
use physics_world::{PhysicsWorld, QueryOptions, Quirks, ShapeQuery, WorldConfig};
use ps2_float::{Real, Vec4};

/// The number of contacts the query with a crate's box moved to x = 101.5
/// finds against the crate at x = 100, in a world with `quirks`.
fn far_pair<R: Real>(quirks: Quirks) -> usize {
    let mut w = PhysicsWorld::<R>::construct(WorldConfig {
        quirks,
        ..WorldConfig::default()
    });
    let mut t = Table::<R>::default();
    let b = start_object(&mut w, &mut t, 1, (100.0, 0.0, 0.0), Solid::cube(2.0));
    let s = w.body_shapes(b).next().expect("the crate's box");
    let Shape::Box(mut other) = w.shape(s).unwrap().geom else {
        panic!("a crate is a box");
    };
    let crate_box = other;
    other.centre = Vec4::point(
        other.centre.x + R::from_f32(1.5),
        other.centre.y,
        other.centre.z,
    );
    // The pair as the console's kernel sees it: apart.
    assert!(!overlap_box_box(
        &mut Contact::default(),
        &other,
        &crate_box
    ));
    let q = ShapeQuery::of_shape(Shape::Box(other), None, QueryOptions::BODIES);
    let mut out = [Contact::default(); 4];
    w.overlap_shape(&t, &mut out, &q, &mut Vec::new())
}

fn config_reaches_overlap_query<R: Real>() {
    assert_eq!(far_pair::<R>(Quirks::console()), 0, "the console: apart");
    assert_eq!(
        far_pair::<R>(Quirks::corrected()),
        1,
        "corrected: overlapping"
    );
}

both_modes!(config_reaches_overlap_query);
