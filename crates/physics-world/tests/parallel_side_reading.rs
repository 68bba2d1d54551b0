//! The world's reading of the corner step's parallel case
//! (`Readings::parallel_side`; SPEC-NOTES item 3, divergence 23) reaches its
//! mesh sphere sweep (`IPhysics_SweepShapeVsMesh`): a ball of radius 0.75
//! moving square to a side plane past a triangle's corner gets no contact
//! under the console's saturated crossing (the default; the corner step's
//! fraction 2.383216 lies past the move) and meets the corner at 0.031947
//! under the sign rule, the fractions
//! `kernels/tests/unit1_parallel_side.rs` works by hand and samples in
//! `f64`. Both float modes.

mod common;

use std::sync::Arc;

use collision_mesh::{build, BuildConfig, SoupTriangle, TiledMesh};
use common::with_readings;
use kernels::{Contact, ParallelSideRule, Sphere};
use physics_world::Readings;
use ps2_float::{Real, Vec4};
use shape_pools::Aabb;
use test_support::both_modes;

fn level() -> TiledMesh {
    let soup = [SoupTriangle::new([
        [0.0, 1.5, 1.5],
        [-2.75, 2.25, 1.5],
        [-2.75, 0.5, 1.5],
    ])];
    TiledMesh::from_mesh(build::from_soup(&soup, &BuildConfig::default(), "corner").unwrap())
}

fn sweep<R: Real>(rule: ParallelSideRule) -> Option<f32> {
    let mut w = with_readings::<R>(Readings {
        parallel_side: rule,
        ..Readings::default()
    });
    w.set_level(Arc::new(level())).unwrap();
    let r = R::from_f32;
    let sphere = Sphere {
        radius: r(0.75),
        centre: Vec4::point(r(-2.875), r(2.375), r(2.25)),
    };
    let mv = Vec4::new(R::ZERO, r(-0.21875), r(-0.625), R::ZERO);
    let bx = Aabb {
        min: Vec4::point(r(-3.625), r(1.40625), r(0.875)),
        max: Vec4::point(r(-2.125), r(3.125), r(3.0)),
    };
    let mut out = Contact::default();
    let shape = kernels::Shape::Sphere(sphere);
    (w.sweep_shape_vs_mesh(&mut out, &shape, 0, 0, 0, R::ONE, false, &bx, mv) == 1)
        .then(|| out.fraction.unwrap().to_f32())
}

fn the_world_reads_its_side_rule<R: Real>() {
    assert_eq!(
        Readings::default().parallel_side,
        ParallelSideRule::Saturated
    );
    assert_eq!(sweep::<R>(ParallelSideRule::Saturated), None, "{}", R::MODE);
    let f = sweep::<R>(ParallelSideRule::SignRule).expect("the sign rule meets the corner");
    assert!((f - 0.031_947).abs() < 1e-5, "{f} in {}", R::MODE);
}

both_modes!(spec_notes_3_world_reads_its_parallel_side_reading => the_world_reads_its_side_rule);
