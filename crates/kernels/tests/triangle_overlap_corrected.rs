//! The mesh overlap corrected ([`MeshQuirks::overlap_sphere_only`] off):
//! the box-triangle and capsule-triangle depths
//! ([`box_triangle_depth`], [`capsule_triangle_depth`]; divergences 477,
//! 478) against an independent `f64` oracle on seeded random cases in `f32`
//! and `Ee32` mode, and worked cases. The console's box and capsule mesh
//! overlaps return 0 (overview, "The shape-pair tables"); that entry is
//! pinned where the table is (`overview_pair_tables_*`).
//!
//! The oracle does not use the kernels' separating axes. A box overlaps a
//! triangle when the origin lies inside the convex hull of the 24 points
//! `corner − vertex` (their Minkowski difference), and the shortest move
//! that parts them is the origin's distance to that hull's nearest face,
//! found by brute force over every plane through three of the points. A
//! capsule's axis passes through the triangle when the origin lies inside
//! the hull of the six points `end − vertex`: the depth is then the radius
//! plus that hull's inner distance; otherwise it is the radius less the
//! axis's distance to the triangle (golden section of the point-triangle
//! distance along the axis).

use kernels::sphere_triangle::sphere_triangle_penetration;
use kernels::triangle_overlap::{box_triangle_depth, capsule_triangle_depth};
use kernels::{Capsule, OrientedBox, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};
use test_support::oracle::{add_scaled, f64s, hull_inner_depth, segment_triangle_distance, sub, V};
use test_support::{both_modes, close, dir, point, r, rotation_rows, Seeded, Xorshift};

/// One random case: a box, a capsule, a triangle, all `f32` values.
#[derive(Clone, Copy, Debug)]
struct Case {
    half: [f32; 3],
    axes: [[f32; 3]; 3],
    centre: [f32; 3],
    base: [f32; 3],
    height: f32,
    radius: f32,
    tri: [[f32; 3]; 3],
}

impl Case {
    fn random(g: &mut Xorshift) -> Self {
        let q = [0, 1, 2, 3].map(|_| g.range(-1.0, 1.0));
        let near = g.vec3_f32(-1.0, 1.0);
        let tri = [0, 1, 2].map(|_| {
            let o = g.vec3_f32(-1.6, 1.6);
            [0, 1, 2].map(|k| near[k] + o[k])
        });
        Self {
            half: [0, 1, 2].map(|_| g.range_f32(0.1, 0.9)),
            axes: rotation_rows(q),
            centre: g.vec3_f32(-0.4, 0.4),
            base: g.vec3_f32(-0.8, 0.8),
            height: g.range_f32(0.0, 1.8),
            radius: g.range_f32(0.05, 0.6),
            tri,
        }
    }

    fn tri64(&self) -> [V; 3] {
        self.tri.map(f64s)
    }

    fn work<R: Real>(&self) -> WorkTriangle<R> {
        WorkTriangle::prepared(point(self.tri[0]), point(self.tri[1]), point(self.tri[2]))
    }

    fn bx<R: Real>(&self) -> OrientedBox<R> {
        OrientedBox {
            half: dir(self.half),
            axes: self.axes.map(dir),
            centre: point(self.centre),
        }
    }

    fn capsule<R: Real>(&self) -> Capsule<R> {
        Capsule {
            radius: r(self.radius),
            height: r(self.height),
            base: point(self.base),
        }
    }

    /// The oracle's box depth, `None` apart (0 or less).
    fn box_depth(&self) -> Option<f64> {
        let mut pts = Vec::with_capacity(24);
        for i in 0..8 {
            let mut c = f64s(self.centre);
            for k in 0..3 {
                let s = if i >> k & 1 == 1 { 1.0 } else { -1.0 };
                c = add_scaled(c, f64s(self.axes[k]), s * f64::from(self.half[k]));
            }
            for v in self.tri64() {
                pts.push(sub(c, v));
            }
        }
        let d = -hull_inner_depth(&pts);
        (d > 0.0).then_some(d)
    }

    /// The oracle's capsule depth, `None` apart.
    fn capsule_depth(&self) -> Option<f64> {
        let p0 = f64s(self.base);
        let p1 = [p0[0], p0[1], p0[2] + f64::from(self.height)];
        let r = f64::from(self.radius);
        let mut pts = Vec::with_capacity(6);
        for e in [p0, p1] {
            for v in self.tri64() {
                pts.push(sub(e, v));
            }
        }
        let inner = hull_inner_depth(&pts);
        let d = if inner < 0.0 {
            r - inner
        } else {
            r - segment_triangle_distance(p0, p1, self.tri64())
        };
        (d > 0.0).then_some(d)
    }
}

/// Compares one kernel with its oracle over 1,500 cases: the same answer
/// (a depth to 2e-4 m, or apart) except within 2e-4 m of touching, where
/// the oracle cannot tell; more than 250 of each must occur.
fn agree<R: Real>(
    seed: u64,
    what: &str,
    kernel: impl Fn(&Case) -> Option<R>,
    oracle: impl Fn(&Case) -> Option<f64>,
) {
    let mut g = Xorshift(seed);
    let (mut met, mut apart) = (0, 0);
    for i in 0..1500 {
        let c = Case::random(&mut g);
        let want = oracle(&c);
        if want.is_some_and(|d| d < 2e-4) {
            continue;
        }
        match (kernel(&c), want) {
            (Some(d), Some(w)) => {
                close(d, w, 2e-4, &format!("{what} case {i} ({c:?})"));
                met += 1;
            }
            (None, None) => apart += 1,
            (got, _) => panic!("{what} case {i} ({c:?}): got {got:?}, oracle {want:?}"),
        }
    }
    assert!(met > 250 && apart > 250, "{what}: met {met}, apart {apart}");
}

fn boxes_agree<R: Real>() {
    agree::<R>(
        0x0b0c_7477,
        "box",
        |c| box_triangle_depth(&c.bx(), &c.work()),
        Case::box_depth,
    );
}

fn capsules_agree<R: Real>() {
    agree::<R>(
        0x0ca9_5477,
        "capsule",
        |c| capsule_triangle_depth(&c.capsule(), &c.work()),
        Case::capsule_depth,
    );
}

/// A ground triangle at z = 0, wide enough that only its face counts.
fn ground<R: Real>() -> WorkTriangle<R> {
    WorkTriangle::prepared(
        point([-10.0, -10.0, 0.0]),
        point([10.0, -10.0, 0.0]),
        point([0.0, 10.0, 0.0]),
    )
}

/// Worked by hand on the ground: a unit box (half 0.5) at height 0.4 is
/// 0.1 into it; at 0.5 it only touches; turned 45° about x, its lower edge
/// at 0.4 − 0.5·√2 is 0.5·√2 − 0.4 in. An upright capsule of radius 0.4
/// with its base 0.3 up is 0.1 in (the axis misses), 0.45 up apart; with
/// its base 0.2 under the ground and 1.8 tall the axis passes through, and it must rise
/// 0.2 to bring the base up and then 0.4 more: 0.6.
fn worked_depths<R: Real>() {
    let t = ground::<R>();
    let unit = |z: f32, axes: [[f32; 3]; 3]| OrientedBox::<R> {
        half: dir([0.5, 0.5, 0.5]),
        axes: axes.map(dir),
        centre: point([0.0, 0.0, z]),
    };
    let upright = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let turned = [[1.0, 0.0, 0.0], [0.0, s, s], [0.0, -s, s]];
    close(
        box_triangle_depth(&unit(0.4, upright), &t).unwrap(),
        0.1,
        1e-6,
        "box",
    );
    assert_eq!(box_triangle_depth(&unit(0.5, upright), &t), None);
    assert_eq!(box_triangle_depth(&unit(0.6, upright), &t), None);
    let edge = 0.5 * 2f64.sqrt() - 0.4;
    close(
        box_triangle_depth(&unit(0.4, turned), &t).unwrap(),
        edge,
        1e-6,
        "edge",
    );
    let cap = |z: f32, h: f32| Capsule::<R> {
        radius: r(0.4),
        height: r(h),
        base: point([1.0, 2.0, z]),
    };
    // The axis's end measured through `PointTriangle_DistanceSq`, whose
    // squared terms over a 20 m triangle round at about 6e-6.
    close(
        capsule_triangle_depth(&cap(0.3, 1.5), &t).unwrap(),
        0.1,
        2e-5,
        "stands",
    );
    close(
        capsule_triangle_depth(&cap(-0.2, 1.8), &t).unwrap(),
        0.6,
        1e-6,
        "sunk",
    );
    assert_eq!(capsule_triangle_depth(&cap(0.45, 1.5), &t), None);
    // Upside down (a negative height, the axis from 1.6 down to −0.2) the
    // same capsule is as deep.
    close(
        capsule_triangle_depth(&cap(1.6, -1.8), &t).unwrap(),
        0.6,
        1e-6,
        "hanging",
    );
}

/// A capsule of zero height is a sphere: its depth is the sphere's
/// penetration (Unit 1, "SphereTriangle_Penetration") to rounding.
fn zero_height_is_the_sphere<R: Real>() {
    let mut g = Xorshift(0x5f3e_7478);
    let mut met = 0;
    for _ in 0..500 {
        let c = Case::random(&mut g);
        let sphere = Sphere {
            radius: r::<R>(c.radius),
            centre: point(c.base),
        };
        let cap = Capsule {
            height: R::ZERO,
            ..c.capsule::<R>()
        };
        let (a, b) = (
            capsule_triangle_depth(&cap, &c.work()),
            sphere_triangle_penetration(&sphere, &c.work()),
        );
        match (a, b) {
            (Some(a), Some(b)) => {
                met += 1;
                close(a, test_support::f64_of(b), 1e-5, "zero height");
            }
            (None, None) => {}
            _ => panic!("zero height {c:?}: capsule {a:?}, sphere {b:?}"),
        }
    }
    assert!(met > 20, "met {met}");
}

/// Bad input overlaps nothing: a NaN in the box or the triangle, a NaN
/// capsule height, a box with a negative half extent (empty, as its bounds
/// read it).
#[test]
fn nan_and_empty_inputs_overlap_nothing() {
    let t = ground::<f32>();
    let bx = |z: f32, h: f32| OrientedBox::<f32> {
        half: Vec4::new(0.5, 0.5, h, 0.0),
        axes: [
            Vec4::new(1.0, 0.0, 0.0, 0.0),
            Vec4::new(0.0, 1.0, 0.0, 0.0),
            Vec4::new(0.0, 0.0, 1.0, 0.0),
        ],
        centre: Vec4::point(0.0, 0.0, z),
    };
    assert!(box_triangle_depth(&bx(0.4, 0.5), &t).is_some());
    assert_eq!(box_triangle_depth(&bx(f32::NAN, 0.5), &t), None);
    assert_eq!(box_triangle_depth(&bx(0.4, f32::NAN), &t), None);
    assert_eq!(box_triangle_depth(&bx(0.0, -0.5), &t), None);
    let mut bad = t;
    bad.v[1].x = f32::NAN;
    assert_eq!(box_triangle_depth(&bx(0.4, 0.5), &bad), None);
    let cap = |h: f32| Capsule::<f32> {
        radius: 0.4,
        height: h,
        base: Vec4::point(0.0, 0.0, 0.3),
    };
    assert!(capsule_triangle_depth(&cap(1.5), &t).is_some());
    assert_eq!(capsule_triangle_depth(&cap(f32::NAN), &t), None);
    assert_eq!(capsule_triangle_depth(&cap(1.5), &bad), None);
}

both_modes!(
    boxes_agree,
    capsules_agree,
    worked_depths,
    zero_height_is_the_sphere
);
