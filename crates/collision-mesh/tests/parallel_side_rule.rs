//! The corner step's reading for a move parallel to a side plane
//! (SPEC-NOTES item 3, divergence 23) reaches the mesh sphere sweep through
//! `SweepQuery::side_rule`: on a triangle where the specification's two
//! texts pick different edges, the console's saturated crossing (the
//! default) reports the wall's exit past the move (2.383216), which the
//! sweep drops, and the sign rule meets the corner at the ball's first
//! touch (0.031947, checked against a sampled `f64` first touch in
//! `kernels/tests/unit1_parallel_side.rs`). Both float modes.

#[macro_use]
mod support;

use collision_mesh::{Aabb, QueryScratch, SweepQuery};
use kernels::{ParallelSideRule, Sphere};
use ps2_float::{Real, Vec4};
use support::{records, tri, V3};
use test_support::{both_modes, point, r};

const CORNERS: [V3; 3] = [[0.0, 1.5, 1.5], [-2.75, 2.25, 1.5], [-2.75, 0.5, 1.5]];
const CENTRE: V3 = [-2.875, 2.375, 2.25];
const MOVE: V3 = [0.0, -0.21875, -0.625];

fn fractions<R: Real>(rule: ParallelSideRule) -> Vec<f32> {
    let mesh = support::mesh(&[tri(CORNERS[0], CORNERS[1], CORNERS[2])], 8.0);
    let mv = Vec4::<R>::from_f32([MOVE[0], MOVE[1], MOVE[2], 1.0]);
    let sphere = Sphere {
        radius: r(0.75),
        centre: point(CENTRE),
    };
    let q = SweepQuery::new(Aabb::swept_sphere(sphere.centre, sphere.radius, mv), 4)
        .with_side_rule(rule);
    let mut scratch = QueryScratch::new(&mesh);
    let mut out = records(4);
    let n = mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, mv);
    out[..n]
        .iter()
        .filter_map(|c| c.fraction.map(|f| f.to_f32()))
        .collect()
}

fn both_rules<R: Real>() {
    assert_eq!(
        SweepQuery::<R>::new(Aabb::default(), 1).side_rule,
        ParallelSideRule::Saturated
    );
    assert!(
        fractions::<R>(ParallelSideRule::Saturated).is_empty(),
        "{}",
        R::MODE
    );
    let sign = fractions::<R>(ParallelSideRule::SignRule);
    assert_eq!(sign.len(), 1, "{}", R::MODE);
    assert!(
        (sign[0] - 0.031_947).abs() < 1e-5,
        "{sign:?} in {}",
        R::MODE
    );
}

both_modes!(spec_notes_3_side_rule_reaches_the_mesh_sphere_sweep => both_rules);
