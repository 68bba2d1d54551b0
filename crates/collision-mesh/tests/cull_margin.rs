//! The culling margin against the sphere sweep's edge test at its most
//! lenient (divergence 178): the edge test (`ray_infinite_cylinder`) takes
//! a move within 1.42 mrad of an edge's direction for one along it and
//! reads only the start's distance from the edge's line, so over a long
//! move it accepts a contact beside the swept sphere. The culled walk
//! must keep that triangle: the margin grows with the move.

#[macro_use]
mod support;

use collision_mesh::{Aabb, QueryScratch, SweepQuery};
use kernels::Sphere;
use ps2_float::Real;
use support::{records, tri};
use test_support::{both_modes, point, r};

/// A sliver triangle along `w = (1, 1, 0)/√2` at `(off, off, 0)`, and a
/// sphere of radius `rad` moving `len` metres at 1.3 mrad from `w`, sliding
/// past the sliver's long edge and ending just short of it: the sweep's
/// contacts (fractions) with the reference walk and with the culled walk.
fn sweep_past_the_edge<R: Real>(off: f64, len: f64, rad: f64) -> [Vec<f32>; 2] {
    let s2 = 2f64.sqrt();
    let (w, t, n) = (
        [1.0 / s2, 1.0 / s2, 0.0],
        [-1.0 / s2, 1.0 / s2, 0.0],
        [0.0, 0.0, 1.0],
    );
    let a = [off, off, 0.0];
    let q = [a[0] - w[0], a[1] - w[1], 0.0];
    let b = [a[0] + 0.005 * t[0], a[1] + 0.005 * t[1], 0.0];
    let (beside, up) = (rad / s2, 0.01);
    let along = len + 1.0 + (rad * rad - beside * beside - up * up).sqrt() - 0.01;
    let c: [f64; 3] = std::array::from_fn(|k| a[k] - along * w[k] - beside * t[k] + up * n[k]);
    let (theta, down, aside) = (1.3e-3f64, -0.1f64, -(1.0f64 - 0.01).sqrt());
    let mv: [f64; 3] = std::array::from_fn(|k| {
        len * (theta.cos() * w[k] + theta.sin() * (aside * t[k] + down * n[k]))
    });
    let f = |v: [f64; 3]| v.map(|x| x as f32);
    let soup = [tri(f(q), f(a), f(b))];
    let mesh = support::mesh(&soup, 8.0);
    let (centre, radius, motion) = (
        point::<R>(f(c)),
        r::<R>(rad as f32),
        point::<R>(f(mv)).with_w(R::ZERO),
    );
    [true, false].map(|reference| {
        let q = SweepQuery::new(Aabb::swept_sphere(centre, radius, motion), 4);
        let mut scratch = QueryScratch::new(&mesh);
        scratch.visited.set_reference_walk(reference);
        let mut out = records::<R>(4);
        let n = mesh.sweep_sphere(
            &mut scratch,
            &mut out,
            &q,
            &Sphere { radius, centre },
            motion,
        );
        out.iter()
            .take(n)
            .map(|k| k.fraction.map_or(-1.0, |x| x.to_f32()))
            .collect()
    })
}

/// Near the origin and 100 m and 1.5 km from it, moves of 10 to 60 m: the
/// culled walk keeps every contact the reference walk finds, and the
/// reference walk finds the edge contact in each (the case is real, not a
/// miss both walks agree on).
fn edge_contacts_survive_the_culling<R: Real>() {
    for off in [0.0, 100.0, 1500.0] {
        for len in [10.0, 20.0, 40.0, 60.0] {
            let [reference, culled] = sweep_past_the_edge::<R>(off, len, 0.5);
            assert_eq!(reference.len(), 1, "{off} m from the origin, {len} m move");
            assert_eq!(culled, reference, "{off} m from the origin, {len} m move");
        }
    }
}
both_modes!(a_move_nearly_along_an_edge_keeps_its_contact => edge_contacts_survive_the_culling);
