//! Cross-check of the corrected kernels (`Quirks::corrected()` only:
//! divergences 476-478) against parry3d, a second independent answer beside
//! the `f64` oracles of `rays_corrected.rs` and
//! `triangle_overlap_corrected.rs`: the sphere and segment rays against
//! parry's solid ray cast (a `Ball`, a `Capsule` between the segment's
//! ends), the box and capsule triangle depths against parry's contact
//! depth (`query::contact`, GJK and EPA) of a `Cuboid` and a `Capsule`
//! with the `Triangle`. On seeded cases in `f32`: the same hit or miss
//! wherever the answer is not within 1e-3 of a touch, and the same
//! fraction or depth within 1e-3. Rays that start inside are left out
//! (parry answers 0 for any inside start, ours 0 only heading in).

use kernels::ray::{ray_segment, ray_sphere};
use kernels::triangle_overlap::{box_triangle_depth, capsule_triangle_depth};
use kernels::{Capsule, OrientedBox, Segment, Sphere, WorkTriangle};
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::{contact, PointQuery, Ray, RayCast};
use parry3d::shape::{Ball, Capsule as ParryCapsule, Cuboid, Triangle};
use ps2_float::Vec4;
use test_support::oracle::{f64s, point_segment_distance, segment_segment};
use test_support::{Seeded, Xorshift};

const CASES: usize = 1000;
const TOL: f32 = 1e-3;

fn v4(v: [f32; 3], w: f32) -> Vec4<f32> {
    Vec4::new(v[0], v[1], v[2], w)
}

fn vector(v: [f32; 3]) -> Vector {
    Vector::from(v)
}

/// Compares two optional answers: both `None`, or both `Some` within
/// `TOL`; a case whose answer lies within `TOL` of the boundary
/// (`graze`) may go either way.
fn agree(what: &str, i: usize, ours: Option<f32>, parry: Option<f32>, graze: bool) -> bool {
    match (ours, parry) {
        (Some(a), Some(b)) => {
            assert!((a - b).abs() < TOL, "{what} case {i}: ours {a}, parry {b}");
            true
        }
        (None, None) => false,
        _ if graze => false,
        _ => panic!("{what} case {i}: ours {ours:?}, parry {parry:?}"),
    }
}

#[test]
fn corrected_rays_agree_with_parry() {
    let mut g = Xorshift(0x9a77_4760);
    let (mut hits, mut compared) = (0, 0);
    for i in 0..CASES {
        let a = g.vec3_f32(-1.0, 1.0);
        let d = g.vec3_f32(-1.5, 1.5);
        let b = [a[0] + d[0], a[1] + d[1], a[2] + d[2]];
        let r = g.range_f32(0.1, 0.7);
        let start = g.vec3_f32(-4.0, 4.0);
        let aim = g.vec3_f32(-1.2, 1.2);
        let dir = [0, 1, 2].map(|k| (aim[k] + a[k] - start[k]) * 1.3);
        let ray = Ray::new(vector(start), vector(dir));
        let end = [0, 1, 2].map(|k| start[k] + dir[k]);
        // A graze: the ray's closest approach to the axis, or its end,
        // within `TOL` of the radius.
        let graze = |b: [f32; 3]| {
            let (s, e, a, b) = (f64s(start), f64s(end), f64s(a), f64s(b));
            let rr = f64::from(r);
            let tol = f64::from(TOL);
            (segment_segment(s, e, a, b).0 - rr).abs() < tol
                || (point_segment_distance(e, a, b) - rr).abs() < tol
        };
        // The sphere at `a`.
        let inside = {
            let q = [0, 1, 2].map(|k| start[k] - a[k]);
            (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt() <= r + TOL
        };
        if !inside {
            let ours = ray_sphere(
                &Sphere {
                    radius: r,
                    centre: v4(a, 1.0),
                },
                v4(start, 1.0),
                v4(dir, 0.0),
            );
            let pose = Pose::translation(a[0], a[1], a[2]);
            let parry = Ball::new(r).cast_ray(&pose, &ray, 1.0, true);
            hits += usize::from(agree("sphere", i, ours, parry, graze(a)));
            compared += 1;
        }
        // The segment `a`..`b`.
        let cap = ParryCapsule::new(vector(a), vector(b), r);
        if cap.contains_point(&Pose::identity(), vector(start)) {
            continue;
        }
        let seg = Segment {
            start: v4(a, 1.0),
            end: v4(b, 1.0),
            radius: r,
            length: 0.0,
        };
        let ours = ray_segment(&seg, v4(start, 1.0), v4(dir, 0.0));
        let parry = cap.cast_ray(&Pose::identity(), &ray, 1.0, true);
        hits += usize::from(agree("segment", i, ours, parry, graze(b)));
        compared += 1;
    }
    eprintln!("rays: {hits} hits of {compared} compared");
    assert!(hits > 300 && compared - hits > 300, "{hits} of {compared}");
}

/// parry's penetration depth, `None` when apart or touching.
fn parry_depth(pos: &Pose, shape: &dyn parry3d::shape::Shape, tri: &Triangle) -> Option<f32> {
    contact(pos, shape, &Pose::identity(), tri, 0.0)
        .expect("a supported pair")
        .filter(|k| k.dist < 0.0)
        .map(|k| -k.dist)
}

#[test]
fn corrected_triangle_depths_agree_with_parry() {
    let mut g = Xorshift(0x9a77_4770);
    let (mut met, mut apart) = (0, 0);
    for i in 0..CASES {
        let v = [0; 3].map(|_| g.vec3_f32(-1.5, 1.5));
        let tri = Triangle::new(vector(v[0]), vector(v[1]), vector(v[2]));
        if tri.area() < 0.05 {
            continue;
        }
        let work = WorkTriangle::prepared(v4(v[0], 1.0), v4(v[1], 1.0), v4(v[2], 1.0));
        // A box, turned.
        let q = g.ball4_f32();
        let rot = Rotation::from_xyzw(q[1], q[2], q[3], q[0]).normalize();
        let half = g.vec3_f32(0.2, 0.9);
        let centre = g.vec3_f32(-1.2, 1.2);
        let axis = |k: usize| {
            let mut e = Vector::ZERO;
            e[k] = 1.0;
            let a = rot * e;
            v4([a.x, a.y, a.z], 0.0)
        };
        let bx = OrientedBox {
            half: v4(half, 0.0),
            axes: [axis(0), axis(1), axis(2)],
            centre: v4(centre, 1.0),
        };
        let ours = box_triangle_depth(&bx, &work);
        let parry = parry_depth(
            &Pose::from_parts(vector(centre), rot),
            &Cuboid::new(vector(half)),
            &tri,
        );
        let graze = ours.or(parry).is_some_and(|d| d < TOL);
        let hit = agree("box", i, ours, parry, graze);
        (met, apart) = (met + usize::from(hit), apart + usize::from(!hit));
        // An upright capsule.
        let base = g.vec3_f32(-1.5, 1.0);
        let (height, r) = (g.range_f32(0.2, 1.8), g.range_f32(0.1, 0.6));
        let cap = Capsule {
            radius: r,
            height,
            base: v4(base, 1.0),
        };
        let ours = capsule_triangle_depth(&cap, &work);
        let top = [base[0], base[1], base[2] + height];
        let pc = ParryCapsule::new(vector(base), vector(top), r);
        let parry = parry_depth(&Pose::identity(), &pc, &tri);
        let graze = ours.or(parry).is_some_and(|d| d < TOL);
        let hit = agree("capsule", i, ours, parry, graze);
        (met, apart) = (met + usize::from(hit), apart + usize::from(!hit));
    }
    eprintln!("triangle depths: {met} met, {apart} apart");
    assert!(met > 400 && apart > 400, "met {met}, apart {apart}");
}
