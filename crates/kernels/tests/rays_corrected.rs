//! The ray table corrected ([`PairQuirks::ray_box_capsule_only`] off): the
//! sphere and segment rays ([`ray_sphere`], [`ray_segment`]) against an
//! independent sampled first touch in `f64` (400 samples of the distance
//! from the ray's point to the sphere's centre or the segment, then
//! bisected), on seeded random rays in `f32` and `Ee32` mode, run through
//! [`ray_cast_shape_with`]; the console's table (overview, "The shape-pair
//! tables": only the box and the capsule have ray entries) kept by default.
//! Divergence 476.

use kernels::ray::{ray_segment, ray_sphere};
use kernels::table::{ray_cast_shape, ray_cast_shape_with};
use kernels::{PairQuirks, Quirks, Segment, Shape, Sphere};
use ps2_float::Real;
use test_support::oracle::{add_scaled, f64s, point_segment_distance, sampled_first_touch, V};
use test_support::{both_modes, close, dir, point, r, Seeded, Xorshift};

/// One random ray and a segment with a radius (the sphere is its start).
#[derive(Clone, Copy, Debug)]
struct Case {
    start: [f32; 3],
    dir: [f32; 3],
    a: [f32; 3],
    b: [f32; 3],
    radius: f32,
}

impl Case {
    fn random(g: &mut Xorshift) -> Self {
        let a = g.vec3_f32(-1.0, 1.0);
        let d = g.vec3_f32(-1.5, 1.5);
        let start = g.vec3_f32(-4.0, 4.0);
        // Aimed near the shape's axis, so that hits and misses both occur.
        let u = g.range_f32(0.0, 1.0);
        let off = g.vec3_f32(-0.7, 0.7);
        let aim = [0, 1, 2].map(|k| a[k] + d[k] * u + off[k]);
        let reach = g.range_f32(0.7, 1.8);
        Self {
            start,
            dir: [0, 1, 2].map(|k| (aim[k] - start[k]) * reach),
            a,
            b: [a[0] + d[0], a[1] + d[1], a[2] + d[2]],
            radius: g.range_f32(0.05, 0.8),
        }
    }

    fn shape<R: Real>(&self, sphere: bool) -> Shape<R> {
        if sphere {
            Shape::Sphere(Sphere {
                radius: r(self.radius),
                centre: point(self.a),
            })
        } else {
            Shape::Segment(Segment {
                start: point(self.a),
                end: point(self.b),
                radius: r(self.radius),
                length: R::ZERO,
            })
        }
    }

    /// The oracle's distance from the ray's point at `t` to the axis.
    fn dist(&self, sphere: bool, t: f64) -> f64 {
        let p: V = add_scaled(f64s(self.start), f64s(self.dir), t);
        let b = if sphere { self.a } else { self.b };
        point_segment_distance(p, f64s(self.a), f64s(b))
    }

    /// The oracle: `None` for a miss; for a start within the radius, 0 when
    /// the ray heads further in and `None` when it heads out.
    fn oracle(&self, sphere: bool) -> Option<f64> {
        let reach = f64::from(self.radius);
        let d0 = self.dist(sphere, 0.0);
        if d0 <= reach {
            return (self.dist(sphere, 1e-6) < d0).then_some(0.0);
        }
        sampled_first_touch(|t| self.dist(sphere, t), reach)
    }
}

/// 600 rays per shape: each hit agrees with the sampled first touch to
/// 1e-4 of the ray, each miss is a miss, apart from grazes the oracle
/// cannot tell (the least distance within 1e-4 of the radius).
fn rays_agree<R: Real>() {
    let corrected = Quirks::corrected();
    for sphere in [true, false] {
        let mut g = Xorshift(0x5eed_4760 + u64::from(sphere));
        let (mut hits, mut misses) = (0, 0);
        for i in 0..600 {
            let c = Case::random(&mut g);
            let shape = c.shape::<R>(sphere);
            let got = ray_cast_shape_with(&shape, point(c.start), dir(c.dir), &corrected);
            let want = c.oracle(sphere);
            let reach = f64::from(c.radius);
            let graze = (0..=2000)
                .map(|k| c.dist(sphere, f64::from(k) / 2000.0))
                .fold(f64::INFINITY, f64::min);
            if (graze - reach).abs() < 1e-4 {
                continue;
            }
            match (got, want) {
                (Some(t), Some(w)) => {
                    close(t, w, 1e-4, &format!("case {i} ({c:?}), sphere {sphere}"));
                    hits += 1;
                }
                (None, None) => misses += 1,
                _ => panic!("case {i} ({c:?}), sphere {sphere}: got {got:?}, oracle {want:?}"),
            }
        }
        assert!(
            hits > 100 && misses > 100,
            "sphere {sphere}: hits {hits}, misses {misses}"
        );
    }
}

/// A sphere of radius 0.5 at the origin and the segment from (0, 0, −1) to
/// (0, 0, 1) with that radius.
fn unit_shapes<R: Real>() -> (Shape<R>, Shape<R>) {
    let sphere = Shape::Sphere(Sphere::<R> {
        radius: r(0.5),
        centre: point([0.0, 0.0, 0.0]),
    });
    let seg = Shape::Segment(Segment::<R> {
        start: point([0.0, 0.0, -1.0]),
        end: point([0.0, 0.0, 1.0]),
        radius: r(0.5),
        length: r(2.0),
    });
    (sphere, seg)
}

/// Worked by hand: a ray from (−3, 0, 0) along (6, 0, 0) meets the sphere
/// of radius 0.5 at the origin at x = −0.5, a fraction 2.5 / 6; the
/// segment from (0, 0, −1) to (0, 0, 1) with that radius the same way; the
/// segment's end cap from below, from (0, 0, −3) along (0, 0, 4), at
/// z = −1.5, a fraction 1.5 / 4. Under the console's table both pass
/// through (overview, "The shape-pair tables").
fn worked_rays<R: Real>() {
    let (sphere, seg) = unit_shapes::<R>();
    let (s, d) = (point::<R>([-3.0, 0.0, 0.0]), dir::<R>([6.0, 0.0, 0.0]));
    let q = Quirks::corrected();
    for shape in [&sphere, &seg] {
        let t = ray_cast_shape_with(shape, s, d, &q).expect("a hit");
        close(t, 2.5 / 6.0, 1e-6, "side");
        assert_eq!(ray_cast_shape(shape, s, d), None);
        assert_eq!(ray_cast_shape_with(shape, s, d, &Quirks::console()), None);
    }
    let cap = ray_cast_shape_with(&seg, point([0.0, 0.0, -3.0]), dir([0.0, 0.0, 4.0]), &q);
    close(cap.expect("a hit"), 1.5 / 4.0, 1e-6, "end cap");
    // Too short to reach: the ray ends at x = −0.6.
    assert_eq!(
        ray_sphere(
            &Sphere {
                radius: r::<R>(0.5),
                centre: point([0.0; 3])
            },
            s,
            dir([2.4, 0.0, 0.0])
        ),
        None
    );
    // Starting inside: 0 heading in, nothing heading out (divergence 101).
    let inside = point::<R>([0.1, 0.0, 0.9]);
    let Shape::Segment(sg) = seg else {
        unreachable!()
    };
    assert_eq!(
        ray_segment(&sg, inside, dir([-1.0, 0.0, 0.0])),
        Some(R::ZERO)
    );
    // On the axis there is no way further in: nothing, as for the capsule.
    assert_eq!(
        ray_segment(&sg, point([0.0, 0.0, 0.9]), dir([1.0, 0.0, 0.0])),
        None
    );
    assert_eq!(
        ray_segment(&sg, point([0.2, 0.0, 0.0]), dir([1.0, 0.0, 0.0])),
        None
    );
    assert_eq!(
        ray_segment(&sg, point([0.2, 0.0, 0.0]), dir([-1.0, 0.0, 0.0])),
        Some(R::ZERO)
    );
}

/// The switch alone opens the entries: with the other pair switches
/// corrected and this one on, a sphere and a segment still pass through;
/// with only this one off, on the console's preset, both are met.
fn ray_switch_alone<R: Real>() {
    let (sphere, seg) = unit_shapes::<R>();
    let (s, d) = (point::<R>([-3.0, 0.0, 0.0]), dir::<R>([6.0, 0.0, 0.0]));
    let mut others = Quirks::corrected();
    others.pairs = PairQuirks {
        ray_box_capsule_only: true,
        ..PairQuirks::corrected()
    };
    let mut only = Quirks::console();
    only.pairs.ray_box_capsule_only = false;
    for shape in [&sphere, &seg] {
        assert_eq!(ray_cast_shape_with(shape, s, d, &others), None);
        assert!(ray_cast_shape_with(shape, s, d, &only).is_some());
    }
}

both_modes!(rays_agree, worked_rays, ray_switch_alone);
