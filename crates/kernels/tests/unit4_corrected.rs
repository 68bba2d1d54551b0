//! Unit 4 corrected ([`OverlapQuirks::corrected`]): each corrected overlap
//! against an independent computation in `f64` written here (a dense
//! sampling of the closest distance, or the fifteen separating axes with
//! the true matrix), on seeded random cases in `f32` and `Ee32` mode.
//! The console's answers stay pinned by `tests/unit4.rs`.

use kernels::overlap::{
    closest_points_with, overlap_box_box, overlap_box_box_with, overlap_box_capsule_with,
    overlap_capsule_box_with, overlap_segment_capsule_with, overlap_segment_segment_with,
    OverlapQuirks,
};
use kernels::table::{overlap_pair, overlap_pair_with, PairAnswer};
use kernels::{Capsule, Contact, OrientedBox, Quirks, Segment, Shape};
use ps2_float::{Ee32, Real, Vec4};
use test_support::oracle::{add_scaled as lerp, dot, f64s as wide, golden_in, sub, V};
use test_support::{both_modes, f64_of, rotation_rows, Seeded, Xorshift};

fn v4<R: Real>(a: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([a[0], a[1], a[2], w])
}

/// The least value of `f` on `[0, 1]`: 2,000 samples, then a golden-section
/// search around the best one (`f` is convex for every use here).
fn sampled_min(f: impl Fn(f64) -> f64) -> (f64, f64) {
    let n = 2000;
    let mut best = (0.0, f(0.0));
    for i in 1..=n {
        let s = f64::from(i) / f64::from(n);
        let v = f(s);
        if v < best.1 {
            best = (s, v);
        }
    }
    let step = 1.0 / f64::from(n);
    let s = golden_in((best.0 - step).max(0.0), (best.0 + step).min(1.0), &f);
    if f(s) < best.1 {
        (s, f(s))
    } else {
        best
    }
}

/// An oriented box in `f32` values: half sizes, axes as rows, centre.
#[derive(Clone, Copy, Debug)]
struct BoxCase {
    half: [f32; 3],
    axes: [[f32; 3]; 3],
    centre: [f32; 3],
}

/// Asserts that a random comparison met both outcomes often enough for it
/// to mean something: over 50 hits and over 50 misses.
#[track_caller]
fn both_outcomes((hits, misses): (usize, usize)) {
    assert!(hits > 50 && misses > 50, "{hits} hits, {misses} misses");
}

/// The world axes, as rows.
const WORLD: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

impl BoxCase {
    /// The spec's car-like box (Unit 4, Test ideas): centre (0, 0, 0.5),
    /// world axes, half (2, 1, 0.5).
    fn car() -> Self {
        Self {
            half: [2.0, 1.0, 0.5],
            axes: WORLD,
            centre: [0.0, 0.0, 0.5],
        }
    }

    fn random(g: &mut Xorshift, spread: f32) -> Self {
        let q = [0; 4].map(|_| g.range(-1.0, 1.0));
        Self {
            half: g.vec3_f32(0.2, 1.5),
            axes: rotation_rows(q),
            centre: g.vec3_f32(-spread, spread),
        }
    }

    fn shape<R: Real>(&self) -> OrientedBox<R> {
        OrientedBox {
            half: v4(self.half, 1.0),
            axes: self.axes.map(|a| v4(a, 1.0)),
            centre: v4(self.centre, 1.0),
        }
    }

    /// The distance from a world point to the box, in the box's frame.
    fn point_dist(&self, p: V) -> f64 {
        let d = sub(p, wide(self.centre));
        let mut s = 0.0;
        for k in 0..3 {
            let e = (dot(d, wide(self.axes[k])).abs() - f64::from(self.half[k])).max(0.0);
            s += e * e;
        }
        s.sqrt()
    }

    /// The box's nearest point to `p`.
    fn nearest(&self, p: V) -> V {
        let d = sub(p, wide(self.centre));
        let mut q = wide(self.centre);
        for k in 0..3 {
            let h = f64::from(self.half[k]);
            let x = dot(d, wide(self.axes[k])).clamp(-h, h);
            q = lerp(q, wide(self.axes[k]), x);
        }
        q
    }

    /// The parameter where the segment `p + s·d` comes nearest the box,
    /// and the distance there, sampled.
    fn segment_dist(&self, p: V, d: V) -> (f64, f64) {
        sampled_min(|s| self.point_dist(lerp(p, d, s)))
    }
}

/// The fifteen separating axes of two boxes in `f64`, with the axes
/// themselves (no matrix): the least margin `radius sum − |projection|`
/// over the axes, normalised; negative when an axis separates them.
fn sat_margin(a: &BoxCase, b: &BoxCase) -> f64 {
    let cross = |u: V, v: V| {
        [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ]
    };
    let t = sub(wide(b.centre), wide(a.centre));
    let mut axes = Vec::new();
    for k in 0..3 {
        axes.push(wide(a.axes[k]));
        axes.push(wide(b.axes[k]));
        for m in 0..3 {
            axes.push(cross(wide(a.axes[k]), wide(b.axes[m])));
        }
    }
    let reach = |bx: &BoxCase, n: V| {
        (0..3)
            .map(|k| f64::from(bx.half[k]) * dot(wide(bx.axes[k]), n).abs())
            .sum::<f64>()
    };
    let mut margin = f64::INFINITY;
    for n in axes {
        let l = dot(n, n).sqrt();
        if l < 1e-6 {
            continue;
        }
        let n = n.map(|c| c / l);
        margin = margin.min(reach(a, n) + reach(b, n) - dot(t, n).abs());
    }
    margin
}

/// Counts one case: in `hits` when the kernel met, else in `misses`.
fn count(hit: bool, hits: &mut usize, misses: &mut usize) {
    *if hit { hits } else { misses } += 1;
}

fn box_box_agrees<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0004_b0b0_5eed);
    let q = OverlapQuirks::corrected();
    let (mut hits, mut misses) = (0, 0);
    for i in 0..400 {
        let a = BoxCase::random(&mut g, 0.0);
        let offset = g.vec3_f32(-120.0, 120.0);
        let mut a = a;
        a.centre = offset;
        let mut b = BoxCase::random(&mut g, 2.5);
        b.centre = [0, 1, 2].map(|k| offset[k] + b.centre[k]);
        let m = sat_margin(&a, &b);
        if m.abs() < 1e-3 * (1.0 + f64::from(offset[0].abs().max(offset[1].abs()))) {
            continue;
        }
        let got = overlap_box_box_with(&mut Contact::default(), &a.shape::<R>(), &b.shape(), &q);
        assert_eq!(got, m >= 0.0, "case {i} {a:?} {b:?}: margin {m}");
        count(got, &mut hits, &mut misses);
    }
    (hits, misses)
}

/// Unit 4, `PhysicsOverlap_BoxBox`, "The quirk" and Test ideas row 33: two
/// half-1 boxes at x = 100 and 101.5 overlap by 0.5 m.
fn box_box_far_pair<R: Real>() {
    let at = |x: f32| BoxCase {
        half: [1.0; 3],
        axes: WORLD,
        centre: [x, 0.0, 0.0],
    };
    let (a, b) = (at(100.0).shape::<R>(), at(101.5).shape::<R>());
    let mut c = Contact::default();
    assert!(
        !overlap_box_box(&mut c, &a, &b),
        "the console reports them apart"
    );
    assert!(overlap_box_box_with(
        &mut c,
        &a,
        &b,
        &OverlapQuirks::corrected()
    ));
    assert!(!overlap_box_box_with(
        &mut c,
        &a,
        &b,
        &OverlapQuirks::console()
    ));
    assert_eq!(c, Contact::default(), "nothing written");
}

#[test]
fn unit4_corrected_box_box_matches_separating_axes() {
    box_box_far_pair::<f32>();
    box_box_far_pair::<Ee32>();
    let f = box_box_agrees::<f32>();
    let e = box_box_agrees::<Ee32>();
    println!("f32 hits/misses {f:?}, Ee32 {e:?}");
    both_outcomes(f);
    both_outcomes(e);
}

/// Two short segments (0.01 to 0.4 m), often nearly parallel, the second
/// of zero length one time in four.
#[derive(Clone, Copy, Debug)]
struct SegCase {
    p1: [f32; 3],
    d1: [f32; 3],
    p2: [f32; 3],
    d2: [f32; 3],
    r: f32,
}

impl SegCase {
    fn random(g: &mut Xorshift) -> Self {
        let dir = |g: &mut Xorshift| {
            let v = [0; 3].map(|_| g.range(-1.0, 1.0));
            let l = dot(v, v).sqrt().max(1e-3);
            v.map(|c| c / l)
        };
        let u = dir(g);
        let near_parallel = g.below(2) == 0;
        let tilt = dir(g);
        let k = if near_parallel {
            g.range(0.0, 0.05)
        } else {
            1.0
        };
        let w = [0, 1, 2].map(|i| u[i] + k * tilt[i]);
        let lw = dot(w, w).sqrt().max(1e-3);
        let len1 = g.range(0.01, 0.4);
        let len2 = if g.below(4) == 0 {
            0.0
        } else {
            g.range(0.01, 0.4)
        };
        Self {
            p1: g.vec3_f32(-0.2, 0.2),
            d1: u.map(|c| (c * len1) as f32),
            p2: g.vec3_f32(-0.2, 0.2),
            d2: w.map(|c| (c / lw * len2) as f32),
            r: g.range_f32(0.005, 0.1),
        }
    }

    /// The distance between the two segments: for each of 2,000 samples of
    /// the first, the exact distance to the second (a point-segment clamp),
    /// refined by a golden-section search.
    fn oracle(&self) -> f64 {
        let (p1, d1, p2, d2) = (wide(self.p1), wide(self.d1), wide(self.p2), wide(self.d2));
        let to_second = |q: V| {
            let c = dot(d2, d2);
            let t = if c > 0.0 {
                (dot(sub(q, p2), d2) / c).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let e = sub(q, lerp(p2, d2, t));
            dot(e, e).sqrt()
        };
        sampled_min(|s| to_second(lerp(p1, d1, s))).1
    }
}

fn segments_agree<R: Real>() -> (usize, usize, usize) {
    let mut g = Xorshift(0x0004_5e65_5eed);
    let q = OverlapQuirks::corrected();
    let (mut hits, mut misses, mut console_wrong) = (0, 0, 0);
    for i in 0..600 {
        let case = SegCase::random(&mut g);
        let want = case.oracle();
        let (d1, d2) = (v4::<R>(case.d1, 0.0), v4::<R>(case.d2, 0.0));
        let w = v4::<R>([0, 1, 2].map(|k| case.p1[k] - case.p2[k]), 0.0);
        // The closest points' own distance, in f64 from the parameters.
        let (s, t) = closest_points_with(d1, d2, w, &q);
        let (s, t) = (f64_of(s), f64_of(t));
        assert!((0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t));
        let e = sub(
            lerp(wide(case.p1), wide(case.d1), s),
            lerp(wide(case.p2), wide(case.d2), t),
        );
        let got = dot(e, e).sqrt();
        assert!(
            (got - want).abs() < 2e-4,
            "case {i} {case:?}: closest points {got}, oracle {want}"
        );
        let (console_s, console_t) = closest_points_with(d1, d2, w, &OverlapQuirks::console());
        let e = sub(
            lerp(wide(case.p1), wide(case.d1), f64_of(console_s)),
            lerp(wide(case.p2), wide(case.d2), f64_of(console_t)),
        );
        if dot(e, e).sqrt() - want > 1e-3 {
            console_wrong += 1;
        }

        // The overlaps: each segment with radius r, reaching 2r.
        let reach = 2.0 * f64::from(case.r);
        if (want - reach).abs() < 2e-4 {
            continue;
        }
        let seg = |p: [f32; 3], d: [f32; 3]| Segment {
            start: v4::<R>(p, 1.0),
            end: v4::<R>([0, 1, 2].map(|k| p[k] + d[k]), 1.0),
            radius: R::from_f32(case.r),
            length: R::ZERO,
        };
        let (a, b) = (seg(case.p1, case.d1), seg(case.p2, case.d2));
        let hit = overlap_segment_segment_with(&mut Contact::default(), &a, &b, &q);
        assert_eq!(
            hit,
            want <= reach,
            "case {i} {case:?}: oracle {want}, reach {reach}"
        );
        count(hit, &mut hits, &mut misses);
        // The same second segment as an upright capsule, when it is one.
        if case.d2[0] == 0.0 && case.d2[1] == 0.0 && case.d2[2] >= 0.0 {
            let cap = Capsule {
                radius: R::from_f32(case.r),
                height: R::from_f32(case.d2[2]),
                base: v4(case.p2, 1.0),
            };
            let hit = overlap_segment_capsule_with(&mut Contact::default(), &a, &cap, &q);
            assert_eq!(hit, want <= reach, "case {i} {case:?} as a capsule");
        }
    }
    (hits, misses, console_wrong)
}

/// A vertical second segment (a capsule's axis), so the capsule test sees
/// the same geometry; a quarter of them of height 0.
fn capsules_agree<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0004_ca95_5eed);
    let q = OverlapQuirks::corrected();
    let (mut hits, mut misses) = (0, 0);
    for i in 0..400 {
        let mut case = SegCase::random(&mut g);
        let h = if g.below(4) == 0 {
            0.0
        } else {
            g.range_f32(0.01, 0.4)
        };
        case.d2 = [0.0, 0.0, h];
        let want = case.oracle();
        let reach = 2.0 * f64::from(case.r);
        if (want - reach).abs() < 2e-4 {
            continue;
        }
        let a = Segment {
            start: v4::<R>(case.p1, 1.0),
            end: v4::<R>([0, 1, 2].map(|k| case.p1[k] + case.d1[k]), 1.0),
            radius: R::from_f32(case.r),
            length: R::ZERO,
        };
        let cap = Capsule {
            radius: R::from_f32(case.r),
            height: R::from_f32(h),
            base: v4(case.p2, 1.0),
        };
        let hit = overlap_segment_capsule_with(&mut Contact::default(), &a, &cap, &q);
        assert_eq!(hit, want <= reach, "case {i} {case:?}: oracle {want}");
        count(hit, &mut hits, &mut misses);
    }
    (hits, misses)
}

#[test]
fn unit4_corrected_segment_closest_points_match_sampled_distance() {
    for (hits, misses, wrong) in [segments_agree::<f32>(), segments_agree::<Ee32>()] {
        println!("hits {hits}, misses {misses}, console off by > 1 mm: {wrong}");
        both_outcomes((hits, misses));
        // The console's thresholds do mislead on these short segments.
        assert!(wrong > 20, "console wrong in {wrong} cases only");
    }
    both_outcomes(capsules_agree::<f32>());
    both_outcomes(capsules_agree::<Ee32>());
}

/// Unit 4, `Segment_ClosestPoints` edge cases and Test ideas row 11: the
/// zero-length other at (0.9, 0.05, 0) is 0.05 from own (0, 0, 0)-(1, 0, 0).
fn degenerate_row11<R: Real>() {
    let d1 = v4::<R>([1.0, 0.0, 0.0], 0.0);
    let d2 = v4::<R>([0.0; 3], 0.0);
    let w = v4::<R>([-0.9, -0.05, 0.0], 0.0);
    let q = OverlapQuirks {
        segment_degenerate_second: false,
        ..OverlapQuirks::console()
    };
    let (s, t) = closest_points_with(d1, d2, w, &q);
    assert!((f64_of(s) - 0.9).abs() < 1e-6 && f64_of(t) == 0.0);
    let (s, _) = closest_points_with(d1, d2, w, &OverlapQuirks::console());
    assert_eq!(f64_of(s), 0.0, "the console measures from own's start");
}

both_modes!(unit4_corrected_degenerate_second_segment_row11 => degenerate_row11);

/// A capsule (radius, height, base) near a box.
#[derive(Clone, Copy, Debug)]
struct CapCase {
    bx: BoxCase,
    r: f32,
    h: f32,
    base: [f32; 3],
}

impl CapCase {
    /// The spec's human capsule (r 0.35, h 2.0) standing on `base` near `bx`.
    fn human(bx: BoxCase, base: [f32; 3]) -> Self {
        Self {
            bx,
            r: 0.35,
            h: 2.0,
            base,
        }
    }

    fn capsule<R: Real>(&self) -> Capsule<R> {
        Capsule {
            radius: R::from_f32(self.r),
            height: R::from_f32(self.h),
            base: v4(self.base, 1.0),
        }
    }
}

/// `capsule_box_footprint` off: the capsule's axis with its radius against
/// the whole box, sampled along the axis.
fn capsule_box_3d_agrees<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0004_3d3d_5eed);
    let q = OverlapQuirks::corrected();
    let (mut hits, mut misses) = (0, 0);
    for i in 0..400 {
        let case = CapCase {
            bx: BoxCase::random(&mut g, 0.0),
            r: g.range_f32(0.1, 0.6),
            h: g.range_f32(0.0, 2.0),
            base: g.vec3_f32(-2.0, 2.0),
        };
        let up = [0.0, 0.0, f64::from(case.h)];
        let (s, dist) = case.bx.segment_dist(wide(case.base), up);
        let r = f64::from(case.r);
        if (dist - r).abs() < 1e-3 {
            continue;
        }
        let mut c = Contact::default();
        let hit = overlap_capsule_box_with(&mut c, &case.capsule::<R>(), &case.bx.shape(), &q);
        assert_eq!(hit, dist <= r, "case {i} {case:?}: oracle {dist}");
        if !hit {
            misses += 1;
            continue;
        }
        hits += 1;
        let n = c.other.normal.get().expect("a full normal");
        assert_eq!(f64_of(n.w), 1.0);
        let n = [f64_of(n.x), f64_of(n.y), f64_of(n.z)];
        let depth = f64_of(c.depth.expect("a depth"));
        if dist > 1e-3 {
            let p = lerp(wide(case.base), up, s);
            let o = sub(p, case.bx.nearest(p)).map(|x| x / dist);
            assert!(
                dot(n, o) > 0.999,
                "case {i} {case:?}: normal {n:?}, oracle {o:?}"
            );
            assert!((depth - (r - dist)).abs() < 1e-3, "case {i}: depth {depth}");
        } else {
            // Pushed by the depth along the normal, the capsule just clears.
            let moved = lerp(wide(case.base), n, depth + 1e-3);
            let (_, after) = case.bx.segment_dist(moved, up);
            assert!(
                after >= r - 2e-3,
                "case {i} {case:?}: still {after} after the push"
            );
            assert!(depth > 0.0);
        }
    }
    (hits, misses)
}

#[test]
fn unit4_corrected_capsule_box_matches_sampled_distance() {
    both_outcomes(capsule_box_3d_agrees::<f32>());
    both_outcomes(capsule_box_3d_agrees::<Ee32>());
}

/// Unit 4, Test ideas row 25: a capsule 50 m above the car-like box is
/// apart once the footprint is off.
fn capsule_high_above<R: Real>() {
    let bx = BoxCase::car();
    let case = CapCase::human(bx, [0.0, -1.2, 50.0]);
    let (cap, b) = (case.capsule::<R>(), bx.shape::<R>());
    let mut c = Contact::default();
    assert!(overlap_capsule_box_with(
        &mut c,
        &cap,
        &b,
        &OverlapQuirks::console()
    ));
    assert!(!overlap_capsule_box_with(
        &mut Contact::default(),
        &cap,
        &b,
        &OverlapQuirks::corrected()
    ));
}

both_modes!(unit4_corrected_capsule_box_reads_height_row25 => capsule_high_above);

/// The corrected quirks but for `capsule_box_footprint`, kept on.
fn footprint_kept() -> OverlapQuirks {
    OverlapQuirks {
        capsule_box_footprint: true,
        ..OverlapQuirks::corrected()
    }
}

/// The footprint kept, its region readings corrected (corner normals from
/// the own corner and the in-plane axes, corner depths in metres, the
/// nearest face over the box): a box with one axis vertical, turned about
/// z, against an oracle of the rectangle in the plane (clamped nearest
/// point, or the nearest side from inside).
fn footprint_regions_agree<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0004_f007_5eed);
    let q = footprint_kept();
    let (mut corners, mut over) = (0, 0);
    for i in 0..1500 {
        let a = g.range(0.0, std::f64::consts::TAU);
        let (c, s) = (a.cos() as f32, a.sin() as f32);
        let (ex, ey, ez) = ([c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]);
        // The vertical axis at slot u; the in-plane ones follow it.
        let u = g.below(3) as usize;
        let mut axes = [[0.0; 3]; 3];
        axes[u] = ez;
        axes[(u + 1) % 3] = ex;
        axes[(u + 2) % 3] = ey;
        let bx = BoxCase {
            half: g.vec3_f32(0.3, 2.0),
            axes,
            centre: g.vec3_f32(-1.0, 1.0),
        };
        let case = CapCase {
            bx,
            r: g.range_f32(0.1, 1.0),
            h: g.range_f32(0.0, 2.0),
            base: g.vec3_f32(-3.0, 3.0),
        };
        let (hx, hy) = (
            f64::from(bx.half[(u + 1) % 3]),
            f64::from(bx.half[(u + 2) % 3]),
        );
        let d = sub(wide(case.base), wide(bx.centre));
        let (x, y) = (dot(d, wide(ex)), dot(d, wide(ey)));
        let r = f64::from(case.r);
        let (cx, cy) = (x.clamp(-hx, hx), y.clamp(-hy, hy));
        let dist = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        let inside = x.abs() <= hx && y.abs() <= hy;
        let (gx, gy) = (hx - x.abs(), hy - y.abs());
        if (dist - r).abs() < 1e-3 || (inside && (gx - gy).abs() < 1e-3) {
            continue;
        }
        let mut got = Contact::default();
        let hit = overlap_capsule_box_with(&mut got, &case.capsule::<R>(), &bx.shape(), &q);
        assert_eq!(hit, inside || dist <= r, "case {i} {case:?}");
        if !hit {
            continue;
        }
        let nv = got.other.normal.get_or(R::ZERO);
        let n = [f64_of(nv.x), f64_of(nv.y), f64_of(nv.z)];
        let depth = f64_of(got.depth.unwrap());
        let (want_n, want_depth) = if inside {
            over += 1;
            if gy < gx {
                (wide(ey).map(|v| v * y.signum()), gy + r)
            } else {
                (wide(ex).map(|v| v * x.signum()), gx + r)
            }
        } else {
            let o = [(x - cx) / dist, (y - cy) / dist];
            if x.abs() > hx && y.abs() > hy {
                corners += 1;
            }
            (lerp(wide(ex).map(|v| v * o[0]), wide(ey), o[1]), r - dist)
        };
        assert!(
            dot(n, want_n) > 0.999,
            "case {i} {case:?}: normal {n:?}, oracle {want_n:?}"
        );
        assert!(
            (depth - want_depth).abs() < 1e-3,
            "case {i} {case:?}: depth {depth}, oracle {want_depth}"
        );
    }
    (corners, over)
}

#[test]
fn unit4_corrected_footprint_regions_match_rectangle() {
    for (corners, over) in [
        footprint_regions_agree::<f32>(),
        footprint_regions_agree::<Ee32>(),
    ] {
        assert!(
            corners > 15 && over > 20,
            "{corners} corner hits, {over} over the box"
        );
    }
}

/// Unit 4, Test ideas rows 22 and 24 with the readings corrected: the
/// (−, −) corner at (−2.2, −1.2) gets (−0.7071, −0.7071, 0) and a depth of
/// 0.35 − 0.2828 m; over the box at (−1.5, 0.1) the nearest face −x, depth
/// 2 − 1.5 + 0.35 = 0.85.
fn rows_22_24<R: Real>() {
    let bx = BoxCase::car();
    let q = footprint_kept();
    let cap = |x: f32, y: f32| CapCase::human(bx, [x, y, 0.0]).capsule::<R>();
    let mut c = Contact::default();
    assert!(overlap_capsule_box_with(
        &mut c,
        &cap(-2.2, -1.2),
        &bx.shape(),
        &q
    ));
    let n = c.other.normal.get_or(R::ZERO);
    let s = 0.5f64.sqrt();
    assert!((f64_of(n.x) + s).abs() < 1e-5 && (f64_of(n.y) + s).abs() < 1e-5);
    let want = 0.35 - (0.08f64).sqrt();
    assert!((f64_of(c.depth.unwrap()) - want).abs() < 1e-5);
    let mut c = Contact::default();
    assert!(overlap_capsule_box_with(
        &mut c,
        &cap(-1.5, 0.1),
        &bx.shape(),
        &q
    ));
    assert_eq!(
        c.other.normal.get(),
        Some(Vec4::from_f32([-1.0, 0.0, 0.0, 1.0]))
    );
    assert!((f64_of(c.depth.unwrap()) - 0.85).abs() < 1e-5);

    // Row 26: box-capsule's +0x50 is the capsule's normal, the box's
    // reversed, in place of the stale +0x10.
    let mut c = Contact::default();
    assert!(overlap_box_capsule_with(
        &mut c,
        &bx.shape(),
        &cap(0.0, -1.2),
        &q
    ));
    assert_eq!(
        c.own.normal.get(),
        Some(Vec4::from_f32([0.0, -1.0, 0.0, 1.0]))
    );
    assert_eq!(
        c.other.normal.get(),
        Some(Vec4::from_f32([0.0, 1.0, 0.0, 1.0]))
    );
}

both_modes!(unit4_corrected_capsule_box_rows_22_24_26 => rows_22_24);

/// The corrected table's segment-box entries (4, 1) and (1, 4) against a
/// sampled distance from the segment to the box; the console's table has
/// no entry (Unit 4, "Who reaches a car"; Test ideas row 34).
fn segment_box_agrees<R: Real>() -> (usize, usize) {
    let mut g = Xorshift(0x0004_5b0c_5eed);
    let quirks = Quirks::corrected();
    let (mut hits, mut misses) = (0, 0);
    for i in 0..400 {
        let bx = BoxCase::random(&mut g, 0.0);
        let p = g.vec3_f32(-3.0, 3.0);
        let e = g.vec3_f32(-3.0, 3.0);
        let r = g.range_f32(0.02, 0.3);
        let d = sub(wide(e), wide(p));
        let (_, dist) = bx.segment_dist(wide(p), d);
        if (dist - f64::from(r)).abs() < 1e-3 {
            continue;
        }
        let seg = Shape::Segment(Segment {
            start: v4::<R>(p, 1.0),
            end: v4::<R>(e, 1.0),
            radius: R::from_f32(r),
            length: R::ZERO,
        });
        let b = Shape::Box(bx.shape::<R>());
        let want = if dist <= f64::from(r) {
            PairAnswer::Met
        } else {
            PairAnswer::Apart
        };
        let mut c = Contact::default();
        assert_eq!(
            overlap_pair_with(&mut c, &seg, &b, &quirks),
            want,
            "case {i} {bx:?} {p:?} {e:?}: {dist}"
        );
        assert_eq!(
            overlap_pair_with(&mut c, &b, &seg, &quirks),
            want,
            "case {i}, mirrored"
        );
        assert_eq!(c, Contact::default(), "nothing written");
        assert_eq!(overlap_pair(&mut c, &seg, &b), PairAnswer::NoEntry);
        assert_eq!(
            overlap_pair_with(&mut c, &b, &seg, &Quirks::console()),
            PairAnswer::NoEntry
        );
        count(want == PairAnswer::Met, &mut hits, &mut misses);
    }
    (hits, misses)
}

#[test]
fn unit4_corrected_segment_box_matches_sampled_distance() {
    both_outcomes(segment_box_agrees::<f32>());
    both_outcomes(segment_box_agrees::<Ee32>());
}
