//! Unit 12 corrected ([`CapsuleBoxQuirks::corrected`]): the capsule-box
//! sweep against an independent sampled sweep in `f64` of the capsule (its
//! axis from the base up by the height, with its radius) against the oriented
//! box, on seeded random cases in `f32` and `Ee32` mode; and the corrected
//! slide and mirror.

use kernels::capsule_box::{
    physics_sweep_box_capsule, physics_sweep_capsule_box, CapsuleBoxQuirks,
};
use kernels::{Capsule, Contact, OrientedBox, PairContext, Quirks};
use ps2_float::{Ee32, Real, Vec4};
use test_support::oracle::{dot, golden, sampled_first_touch, V};
use test_support::{both_modes, f64_of, rotation_rows, Seeded, Xorshift};

mod support;
use support::world_box;

/// One random case: the box (half sizes, axes as rows, centre) and the
/// capsule (radius, height, base) with its move, all `f32` values.
#[derive(Clone, Copy, Debug)]
struct Case {
    half: [f32; 3],
    axes: [[f32; 3]; 3],
    centre: [f32; 3],
    r: f32,
    height: f32,
    base: [f32; 3],
    mv: [f32; 3],
}

impl Case {
    fn random(g: &mut Xorshift) -> Self {
        let q = [
            g.range(-1.0, 1.0),
            g.range(-1.0, 1.0),
            g.range(-1.0, 1.0),
            g.range(-1.0, 1.0),
        ];
        let base = g.vec3_f32(-3.5, 3.5);
        let aim = g.vec3_f32(-1.5, 1.5);
        let scale = g.range_f32(0.3, 2.0);
        Self {
            half: [
                g.range_f32(0.2, 1.5),
                g.range_f32(0.2, 1.5),
                g.range_f32(0.2, 1.5),
            ],
            axes: rotation_rows(q),
            centre: [0.0, 0.0, 0.0],
            r: g.range_f32(0.1, 0.6),
            height: g.range_f32(0.0, 2.0),
            base,
            mv: [0, 1, 2].map(|k| (aim[k] - base[k]) * scale),
        }
    }

    /// The distance from a world point to the box, in the box's frame.
    fn point_box(&self, p: V) -> f64 {
        let d = [0, 1, 2].map(|k| p[k] - f64::from(self.centre[k]));
        let mut s = 0.0;
        for k in 0..3 {
            let a = self.axes[k].map(f64::from);
            let e = (dot(d, a).abs() - f64::from(self.half[k])).max(0.0);
            s += e * e;
        }
        s.sqrt()
    }

    /// The capsule's axis point at move fraction `t` and height fraction `s`.
    fn axis_point(&self, t: f64, s: f64) -> V {
        let mut p = [0, 1, 2].map(|k| f64::from(self.base[k]) + t * f64::from(self.mv[k]));
        p[2] += s * f64::from(self.height);
        p
    }

    /// The distance from the axis at `t` to the box: a golden-section search
    /// over the height (the distance is convex along the axis), and the
    /// height fraction where it is least.
    fn axis_box(&self, t: f64) -> (f64, f64) {
        let s = golden(|s| self.point_box(self.axis_point(t, s)));
        (self.point_box(self.axis_point(t, s)), s)
    }

    /// The first fraction in `[0, 1]` at which the capsule touches the box
    /// ([`oracle::sampled_first_touch`](test_support::oracle::sampled_first_touch):
    /// 400 samples, a graze found by golden section, bisected), and the
    /// closest approach's distance (convex in `t`).
    fn oracle(&self) -> (Option<f64>, f64) {
        let r = f64::from(self.r);
        let f = |t: f64| self.axis_box(t).0;
        (sampled_first_touch(f, r), f(golden(f)))
    }

    /// The oracle's normal at `t`: from the box's nearest point to the axis's.
    fn normal_at(&self, t: f64) -> V {
        let (_, s) = self.axis_box(t);
        let p = self.axis_point(t, s);
        let d = [0, 1, 2].map(|k| p[k] - f64::from(self.centre[k]));
        let mut n = [0.0; 3];
        for k in 0..3 {
            let a = self.axes[k].map(f64::from);
            let h = f64::from(self.half[k]);
            let x = dot(d, a);
            let e = x - x.clamp(-h, h);
            for j in 0..3 {
                n[j] += e * a[j];
            }
        }
        let l = dot(n, n).sqrt();
        n.map(|c| c / l)
    }

    fn shapes<R: Real>(&self) -> (Capsule<R>, OrientedBox<R>, Vec4<R>) {
        let v4 = |a: [f32; 3], w: f32| Vec4::from_f32([a[0], a[1], a[2], w]);
        let bx = OrientedBox {
            half: v4(self.half, 1.0),
            axes: self.axes.map(|a| v4(a, 1.0)),
            centre: v4(self.centre, 1.0),
        };
        let cap = Capsule {
            radius: R::from_f32(self.r),
            height: R::from_f32(self.height),
            base: v4(self.base, 1.0),
        };
        (cap, bx, v4(self.mv, 0.0))
    }
}

fn corrected_ctx() -> PairContext {
    PairContext {
        quirks: Quirks::corrected(),
        ..PairContext::default()
    }
}

fn corrected_agrees_with_the_oracle<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0012_c0de_5eed);
    let (mut hits, mut misses) = (0, 0);
    for i in 0..300 {
        let case = Case::random(&mut g);
        let (cap, bx, mv) = case.shapes::<R>();
        let mut c = Contact::default();
        let got = physics_sweep_capsule_box(&mut c, &corrected_ctx(), &cap, &bx, mv);
        let (want, closest) = case.oracle();
        // A path that passes within rounding of tangency may go either way.
        if (closest - f64::from(case.r)).abs() < 1e-3 {
            continue;
        }
        match want {
            None => {
                assert!(!got, "case {i} {case:?}: a hit where the oracle has none");
                misses += 1;
            }
            Some(t) => {
                assert!(got, "case {i} {case:?}: no hit, the oracle's at {t}");
                let f = f64_of(c.fraction.unwrap());
                assert!(
                    (f - t).abs() < 2e-3,
                    "case {i} {case:?}: fraction {f}, oracle {t}"
                );
                let n = c.other.normal.get().unwrap();
                assert_eq!(f64_of(n.w), 0.0);
                if t > 0.0 {
                    let o = case.normal_at(t);
                    let n = [f64_of(n.x), f64_of(n.y), f64_of(n.z)];
                    assert!(
                        dot(n, o) > 0.999,
                        "case {i} {case:?}: normal {n:?}, oracle {o:?}"
                    );
                }
                hits += 1;
            }
        }
    }
    (hits, misses)
}

#[test]
fn unit12_corrected_sweep_matches_sampled_sweep() {
    let f = corrected_agrees_with_the_oracle::<f32>();
    let e = corrected_agrees_with_the_oracle::<Ee32>();
    println!("f32 hits/misses {f:?}, Ee32 {e:?}");
    // Both outcomes occur often enough for the comparison to mean something.
    for (hits, misses) in [f, e] {
        assert!(hits > 50 && misses > 50, "{hits} hits, {misses} misses");
    }
}

/// An axis-aligned box (half sizes 1, centre (0, 0, 1)) and a capsule of
/// radius 0.5 and height 1 standing at (3, 0, 0.5).
/// The contact a sweep entry writes on a fresh record, checking that it
/// meets.
#[track_caller]
fn met<R: Real>(sweep: impl FnOnce(&mut Contact<R>) -> bool) -> Contact<R> {
    let mut c = Contact::default();
    assert!(sweep(&mut c));
    c
}

fn level<R: Real>(base_z: f32) -> (Capsule<R>, OrientedBox<R>) {
    let bx = world_box([1.0, 1.0, 1.0], [0.0, 0.0, 1.0], 1.0);
    let cap = Capsule {
        radius: R::from_f32(0.5),
        height: R::from_f32(1.0),
        base: Vec4::from_f32([3.0, 0.0, base_z, 1.0]),
    };
    (cap, bx)
}

fn vertical_test_and_mirror<R: Real>() {
    // 5 m above the box: the footprints meet at 0.75 on the console, the
    // capsule passes over the box corrected.
    let (cap, bx) = level::<R>(5.0);
    let mv = Vec4::from_f32([-4.0, 0.0, 0.0, 0.0]);
    let mut c = met(|c| physics_sweep_capsule_box(c, &PairContext::default(), &cap, &bx, mv));
    assert_eq!(f64_of(c.fraction.unwrap()), 0.375);
    assert!(!physics_sweep_capsule_box(
        &mut c,
        &corrected_ctx(),
        &cap,
        &bx,
        mv
    ));

    // The box moves by (2, 0, 0) into a capsule standing level with it: the
    // gap of 1.5 closes at 0.75.
    let (cap, bx) = level::<R>(0.5);
    let mv = Vec4::from_f32([2.0, 0.0, 0.0, 0.0]);
    let c = met(|c| physics_sweep_box_capsule(c, &PairContext::default(), &bx, &cap, mv));
    assert_eq!(f64_of(c.fraction.unwrap()), 0.75);
    // The console: +0x50 the reversed move's direction, the point on the
    // box's start pose (the capsule's axis moved back by f·M).
    let n = c.other.normal.get().unwrap();
    assert_eq!([n.x, n.y, n.z].map(f64_of), [-1.0, 0.0, 0.0]);
    assert_eq!(f64_of(c.point.x.unwrap()), 1.5);

    let c = met(|c| physics_sweep_box_capsule(c, &corrected_ctx(), &bx, &cap, mv));
    assert_eq!(f64_of(c.fraction.unwrap()), 0.75);
    let own = c.own.normal.get().unwrap();
    assert_eq!(
        [own.x, own.y, own.z, own.w].map(f64_of),
        [1.0, 0.0, 0.0, 0.0]
    );
    let n = c.other.normal.get().unwrap();
    assert_eq!([n.x, n.y, n.z, n.w].map(f64_of), [-1.0, 0.0, 0.0, 0.0]);
    // The moved box's face x = 2.5 touches the capsule's axis bottom.
    let p = c.own.point.get().unwrap();
    assert_eq!([p.x, p.y, p.z].map(f64_of), [2.5, 0.0, 0.5]);
    let q = c.point.get().unwrap();
    assert_eq!([q.x, q.y, q.z].map(f64_of), [3.0, 0.0, 1.0]);
}

both_modes!(unit12_corrected_vertical_test_and_mirror_halves => vertical_test_and_mirror);

fn airborne_slide<R: Real>(quirks: CapsuleBoxQuirks) -> [f64; 4] {
    // A corner region: the capsule at (3, 3) moving to the box's (+, +) corner.
    let (mut cap, bx) = level::<R>(0.5);
    cap.base = Vec4::from_f32([3.0, 3.0, 0.5, 1.0]);
    let mv = Vec4::from_f32([-3.0, -3.0, 0.0, 0.0]);
    let mut ctx = PairContext {
        own_airborne: true,
        ..PairContext::default()
    };
    ctx.quirks.capsule_box = quirks;
    let mut c = Contact::default();
    assert!(physics_sweep_capsule_box(&mut c, &ctx, &cap, &bx, mv));
    let s = c.slide.get().unwrap();
    [s.x, s.y, s.z, s.w].map(f64_of)
}

#[test]
fn unit12_corrected_airborne_keeps_corner_slide() {
    let h = f64::from(0.5f32.sqrt());
    for slide in [airborne_slide::<f32>, airborne_slide::<Ee32>] {
        assert_eq!(slide(CapsuleBoxQuirks::console()), [0.0, 0.0, 0.0, 1.0]);
        let kept = CapsuleBoxQuirks {
            airborne_drops_slide: false,
            ..CapsuleBoxQuirks::console()
        };
        let s = slide(kept);
        assert!((s[0] - h).abs() < 1e-6 && (s[1] - h).abs() < 1e-6, "{s:?}");
        assert_eq!([s[2], s[3]], [0.0, 1.0]);
    }
}

/// Divergence 470: a capsule standing in a box (the box of [`level`], its
/// top face at z 2; the base 0.3 under it, 0.2 off the centre in x)
/// touches it at 0 with no direction between the axis and the box's nearest
/// point; the corrected contact goes out through the nearest face, the top,
/// so `+0x50` is (0, 0, 1) and `+0x60` lies on the face z = 2, not a zero
/// normal; the mirror (the box moving) gets the same normal in `+0x10`.
fn axis_inside_the_box<R: Real>() {
    let (mut cap, bx) = level::<R>(1.7);
    cap.base.x = R::from_f32(0.2);
    (cap.radius, cap.height) = (R::from_f32(0.3), R::from_f32(1.5));
    let mv = Vec4::from_f32([0.5, 0.0, 0.0, 0.0]);
    let c = met(|c| physics_sweep_capsule_box(c, &corrected_ctx(), &cap, &bx, mv));
    assert_eq!(f64_of(c.fraction.unwrap()), 0.0);
    let n = c.other.normal.get().unwrap();
    assert_eq!([n.x, n.y, n.z].map(f64_of), [0.0, 0.0, 1.0]);
    let p = c.other.point.get().unwrap();
    assert_eq!(f64_of(p.z), 2.0);
    let c = met(|c| physics_sweep_box_capsule(c, &corrected_ctx(), &bx, &cap, mv));
    let own = c.own.normal.get().unwrap();
    assert_eq!([own.x, own.y, own.z].map(f64_of), [0.0, 0.0, 1.0]);
}

both_modes!(unit12_corrected_axis_inside_the_box_goes_out_through_the_nearest_face => axis_inside_the_box);
