//! An independent brute-force oracle for Unit 5: seeded random sweeps of a
//! sphere against randomly oriented boxes, sampled in 2,000 steps with a
//! static sphere-box overlap test written here (closest point by clamping, in
//! f64), compared with `PhysicsSweep_SphereBox` in `f32` mode.
//!
//! Every disagreement beyond 1e-4 plus the sampling step must be one of the
//! behaviours the spec documents; the test prints the counts per class and
//! fails on any unexplained one.

use kernels::sphere_box::physics_sweep_sphere_box;
use kernels::{Contact, OrientedBox, Sphere};
use ps2_float::Vec4;
use test_support::{Seeded, XorshiftStar};

const SWEEPS: usize = 60_000;
const STEPS: usize = 2000;

/// The generator: xorshift64*, the step these cases and the counts asserted
/// of them were drawn with.
type Rng = XorshiftStar;

/// True with probability `p`.
fn coin(rng: &mut Rng, p: f64) -> bool {
    rng.range(0.0, 1.0) < p
}

/// One sweep's inputs, as the f32 values the kernel gets.
#[derive(Clone, Copy, Debug)]
struct Sweep {
    axes: [[f32; 3]; 3],
    centre: [f32; 3],
    half: [f32; 3],
    radius: f32,
    start: [f32; 3],
    mv: [f32; 3],
}

/// A random rotation from a random unit quaternion; rows are the box axes.
fn random_axes(rng: &mut Rng) -> [[f32; 3]; 3] {
    let (a, b, c, d) = loop {
        let q = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        if n > 0.1 && n <= 1.0 {
            break (q[0] / n, q[1] / n, q[2] / n, q[3] / n);
        }
    };
    let m = [
        [
            a * a + b * b - c * c - d * d,
            2.0 * (b * c - a * d),
            2.0 * (b * d + a * c),
        ],
        [
            2.0 * (b * c + a * d),
            a * a - b * b + c * c - d * d,
            2.0 * (c * d - a * b),
        ],
        [
            2.0 * (b * d - a * c),
            2.0 * (c * d + a * b),
            a * a - b * b - c * c + d * d,
        ],
    ];
    m.map(|row| row.map(|x| x as f32))
}

fn random_sweep(rng: &mut Rng) -> Sweep {
    let aligned = coin(rng, 0.2);
    let axes = if aligned {
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    } else {
        random_axes(rng)
    };
    let centre = [
        rng.range(-5.0, 5.0) as f32,
        rng.range(-5.0, 5.0) as f32,
        rng.range(-2.0, 2.0) as f32,
    ];
    let half = [
        rng.range(0.2, 2.0) as f32,
        rng.range(0.2, 2.0) as f32,
        rng.range(0.2, 1.0) as f32,
    ];
    let radius = rng.range(0.05, 0.6) as f32;
    // Start and aim in box coordinates, then into the world.
    let reach = |rng: &mut Rng, h: f32, k: f64| {
        let h = f64::from(h);
        rng.range(-(h + k), h + k)
    };
    let start_l: Vec<f64> = half
        .iter()
        .map(|&h| reach(rng, h, 1.5 + f64::from(radius)))
        .collect();
    let aim_l: Vec<f64> = if coin(rng, 0.75) {
        half.iter().map(|&h| reach(rng, h, 0.3)).collect()
    } else {
        half.iter().map(|&h| reach(rng, h, 3.0)).collect()
    };
    let to_world = |l: &[f64]| -> [f64; 3] {
        let mut w = centre.map(f64::from);
        for (row, li) in axes.iter().zip(l) {
            for (wk, ak) in w.iter_mut().zip(row) {
                *wk += f64::from(*ak) * li;
            }
        }
        w
    };
    let start = to_world(&start_l);
    let aim = to_world(&aim_l);
    let stretch = if coin(rng, 0.2) {
        0.0
    } else {
        rng.range(0.2, 1.6)
    };
    // On an aligned box, some moves parallel to a face (a zero component).
    let mv = [0, 1, 2].map(|k| {
        if aligned && coin(rng, 0.3) {
            0.0
        } else {
            ((aim[k] - start[k]) * stretch) as f32
        }
    });
    Sweep {
        axes,
        centre,
        half,
        radius,
        start: start.map(|x| x as f32),
        mv,
    }
}

/// The kernel's answer: the fraction and the box-frame point, on a hit.
fn kernel(s: &Sweep) -> Option<(f64, [f64; 3])> {
    let v = |a: [f32; 3], w: f32| Vec4::new(a[0], a[1], a[2], w);
    let bx = OrientedBox {
        half: v(s.half, 1.0),
        axes: s.axes.map(|a| v(a, 0.0)),
        centre: v(s.centre, 1.0),
    };
    let sphere = Sphere {
        radius: s.radius,
        centre: v(s.start, 1.0),
    };
    let mut c = Contact::<f32>::default();
    if !physics_sweep_sphere_box(&mut c, &sphere, &bx, v(s.mv, 1.0)) {
        return None;
    }
    let p = &c.other.point;
    Some((
        f64::from(c.fraction.unwrap_or(f32::NAN)),
        [p.x, p.y, p.z].map(|x| f64::from(x.unwrap_or(f32::NAN))),
    ))
}

/// The oracle's own geometry, in f64: the centre's path in the box's frame.
struct Path {
    d: [f64; 3],
    m: [f64; 3],
    h: [f64; 3],
    r: f64,
}

impl Path {
    fn new(s: &Sweep) -> Self {
        let dot =
            |a: [f64; 3], b: [f32; 3]| a.iter().zip(b).map(|(x, y)| x * f64::from(y)).sum::<f64>();
        let rel = [0, 1, 2].map(|k| f64::from(s.start[k]) - f64::from(s.centre[k]));
        let mv = s.mv.map(f64::from);
        Path {
            d: s.axes.map(|a| dot(rel, a)),
            m: s.axes.map(|a| dot(mv, a)),
            h: s.half.map(f64::from),
            r: f64::from(s.radius),
        }
    }

    fn at(&self, t: f64) -> [f64; 3] {
        [0, 1, 2].map(|k| self.d[k] + t * self.m[k])
    }

    /// Distance from a point (box frame) to the box: clamp, then measure.
    fn dist_of(&self, p: [f64; 3]) -> f64 {
        (0..3)
            .map(|k| (p[k].abs() - self.h[k]).max(0.0).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    fn dist(&self, t: f64) -> f64 {
        self.dist_of(self.at(t))
    }

    fn inside(&self, p: [f64; 3]) -> bool {
        (0..3).all(|k| p[k].abs() <= self.h[k])
    }

    /// The first sampled overlap, refined by bisection inside its step.
    fn first_contact(&self) -> Option<f64> {
        let mut prev = 0.0;
        for i in 0..=STEPS {
            let t = i as f64 / STEPS as f64;
            if self.dist(t) <= self.r {
                if i == 0 {
                    return Some(0.0);
                }
                let (mut lo, mut hi) = (prev, t);
                for _ in 0..50 {
                    let mid = 0.5 * (lo + hi);
                    if self.dist(mid) <= self.r {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return Some(hi);
            }
            prev = t;
        }
        None
    }

    /// The smallest distance to the box over the move (sampled, then refined
    /// around the best sample).
    fn min_dist(&self) -> f64 {
        let (mut best_t, mut best) = (0.0, f64::MAX);
        for i in 0..=STEPS {
            let t = i as f64 / STEPS as f64;
            let d = self.dist(t);
            if d < best {
                (best_t, best) = (t, d);
            }
        }
        let step = 1.0 / STEPS as f64;
        let (mut lo, mut hi) = ((best_t - step).max(0.0), (best_t + step).min(1.0));
        for _ in 0..100 {
            let a = lo + (hi - lo) / 3.0;
            let b = hi - (hi - lo) / 3.0;
            if self.dist(a) < self.dist(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        best.min(self.dist(0.5 * (lo + hi)))
    }

    /// The path as the kernel sees it: every axis folded so the start
    /// coordinate is not negative (the move flipped with it).
    fn folded(&self) -> Self {
        let mut d = self.d;
        let mut m = self.m;
        for k in 0..3 {
            if d[k] < 0.0 {
                d[k] = -d[k];
                m[k] = -m[k];
            }
        }
        Path {
            d,
            m,
            h: self.h,
            r: self.r,
        }
    }

    /// On a folded path: whether the start lies within the half extent
    /// on each axis.
    fn within(&self) -> [bool; 3] {
        [0, 1, 2].map(|k| self.d[k] <= self.h[k])
    }
}

/// How one sweep compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// Both miss.
    BothMiss,
    /// Both hit within 1e-4 plus the sampling step.
    Agree,
    /// The start centre is inside: the kernel hits at 0 (summary, case 1).
    InsideAtZero,
    /// Documented: the sphere already touches with its centre outside, and
    /// the kernel never hits (summary, case 3; the steps return −1).
    StartTouching,
    /// Within tolerance: a tangent graze that one side sees and the other
    /// does not, the sphere coming within 1e-5 of the box surface at most.
    TangentGraze,
    /// Documented: the kernel's point lies off the box, on a face step's edge
    /// taken as an infinite line ("the edge in 5 and 6 is an infinite line:
    /// the point's other coordinate is not clamped").
    UnclampedEdge,
    /// Follows from the edge-region step's rule (unit5-quirks.md): `k`
    /// hands the sweep to the R face (or the P face) although the sphere
    /// moves away from that face, whose step then returns 0; the edge the
    /// sphere passes within r of is missed.
    EdgeFaceHandover,
    /// Follows from the corner-region step's rule (unit5-quirks.md): tests
    /// (A)-(C) reject the corner sphere and the edge they pick is one the
    /// sphere does not approach (the edge step returns 0), though the sphere
    /// meets the corner.
    CornerEdgeChoice,
    /// Follows from SphereBox_SweepEdge's rule (unit5-quirks.md): past the
    /// edge's end only the end corner sphere is tried, not the other two edges
    /// through that corner; the sphere meets one of them first (the kernel
    /// hits later, at the corner, or misses).
    EdgeEndCornerOnly,
    /// Anything else.
    Unexplained,
}

/// The tolerance of the comparison: 1e-4 plus the sampling step.
const FRACTION_TOL: f64 = 1e-4 + 1.0 / STEPS as f64;
/// How close to the box surface counts as a tangent graze, in metres.
const GRAZE: f64 = 1e-5;

/// The axes `(P, Q, R)` of the edge along `q` (the spec's region table).
fn edge_axes(q: usize) -> [usize; 3] {
    match q {
        0 => [1, 0, 2],
        1 => [0, 1, 2],
        _ => [0, 2, 1],
    }
}

/// The corner-region step's choice (Unit 5, SphereBox_SweepFaceEdges) on
/// the folded path `f`: the corner sphere (`None`) or the axis of the edge
/// it hands over to.
fn corner_choice(f: &Path) -> Option<usize> {
    let e = [0, 1, 2].map(|k| f.d[k] - f.h[k]);
    let [mx, my, mz] = f.m;
    let g2 = mx * e[2] - mz * e[0];
    let g3 = my * e[2] - mz * e[1];
    let g4 = my * e[0] - mx * e[1];
    let rr = f.r * f.r;
    let a = g2 < 0.0 && g4 >= 0.0 && g2 * g2 + g4 * g4 <= rr * mx * mx;
    let b = g4 < 0.0 && g3 < 0.0 && g3 * g3 + g4 * g4 <= rr * my * my;
    let c = g2 >= 0.0 && g3 >= 0.0 && g2 * g2 + g3 * g3 <= rr * mz * mz;
    if a || b || c {
        None
    } else if g2 < 0.0 && g4 >= 0.0 {
        Some(0)
    } else if g4 < 0.0 && g3 < 0.0 {
        Some(1)
    } else {
        Some(2)
    }
}

/// Where the edge-region step's rule sends the sweep (Unit 5,
/// SphereBox_SweepEdges, without the start test), on the folded path `f`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EdgeRoute {
    /// An early 0: not approaching the edge line, or moving off it.
    Stop,
    /// SphereBox_SweepEdge.
    Edge,
    /// A face step whose face the sphere does not move towards.
    FaceMovingAway,
    /// A face step the sphere moves towards.
    Face,
}

fn edge_route(f: &Path, [p, _, s]: [usize; 3]) -> EdgeRoute {
    let (ep, es) = (f.d[p] - f.h[p], f.d[s] - f.h[s]);
    let (mp, ms) = (f.m[p], f.m[s]);
    if mp * ep + ms * es >= 0.0 {
        return EdgeRoute::Stop;
    }
    let k = ms * ep - mp * es;
    let (edge, face_move) = if k >= 0.0 {
        if mp >= 0.0 {
            return EdgeRoute::Stop;
        }
        (k <= f.r * mp.abs(), ms)
    } else {
        if ms >= 0.0 {
            return EdgeRoute::Stop;
        }
        (k >= f.r * ms, mp)
    };
    match (edge, face_move >= 0.0) {
        (true, _) => EdgeRoute::Edge,
        (false, true) => EdgeRoute::FaceMovingAway,
        (false, false) => EdgeRoute::Face,
    }
}

/// Names the spec rule that explains a disagreement, if one does.
fn explain(path: &Path, got: Option<(f64, [f64; 3])>, want: Option<f64>) -> Class {
    let f = path.folded();
    let within = f.within();
    let corner = within == [false; 3];
    let edge = match within {
        [true, false, false] => Some(0),
        [false, true, false] => Some(1),
        [false, false, true] => Some(2),
        [false, false, false] => corner_choice(&f),
        _ => None,
    };
    if let (Some(q), Some(t)) = (edge, want) {
        let axes = edge_axes(q);
        let route = edge_route(&f, axes);
        let late_or_none = got.is_none_or(|(k, _)| k > t + FRACTION_TOL);
        if route == EdgeRoute::FaceMovingAway && got.is_none() {
            return Class::EdgeFaceHandover;
        }
        if corner && route == EdgeRoute::Stop && got.is_none() {
            return Class::CornerEdgeChoice;
        }
        let beyond_end = (f.d[q] + t * f.m[q]).abs() > f.h[q];
        if route == EdgeRoute::Edge && beyond_end && late_or_none {
            return Class::EdgeEndCornerOnly;
        }
    }
    // The corner sphere's point is the sphere centre (documented), off the
    // box by design; every other step's point should lie on the box.
    let centre_point = corner && edge.is_none();
    match got {
        Some((_, p)) if path.dist_of(p) > 1e-4 && !centre_point => Class::UnclampedEdge,
        _ => Class::Unexplained,
    }
}

fn classify(s: &Sweep) -> (Class, Option<f64>, Option<f64>) {
    let path = Path::new(s);
    let got = kernel(s);
    let want = path.first_contact();
    let kf = got.map(|g| g.0);
    if path.inside(path.d) {
        let class = if kf == Some(0.0) {
            Class::InsideAtZero
        } else {
            Class::Unexplained
        };
        return (class, kf, want);
    }
    if path.dist(0.0) <= path.r {
        let class = if got.is_none() {
            Class::StartTouching
        } else {
            Class::Unexplained
        };
        return (class, kf, want);
    }
    let class = match (got, want) {
        (None, None) => Class::BothMiss,
        (Some((t, _)), Some(w)) if (t - w).abs() <= FRACTION_TOL => Class::Agree,
        (None, Some(_)) if path.r - path.min_dist() <= GRAZE => Class::TangentGraze,
        (Some((t, _)), None) if (path.dist(t) - path.r).abs() <= GRAZE => Class::TangentGraze,
        _ => explain(&path, got, want),
    };
    (class, kf, want)
}

#[test]
fn unit5_oracle_sampled_sweeps_agree_with_kernel() {
    let mut rng = XorshiftStar(0x5eed_0005_cafe_f00d);
    let mut counts = std::collections::BTreeMap::<Class, usize>::new();
    let mut unexplained = Vec::new();
    let mut hits = 0;
    for i in 0..SWEEPS {
        let s = random_sweep(&mut rng);
        let (class, got, want) = classify(&s);
        *counts.entry(class).or_default() += 1;
        hits += usize::from(got.is_some());
        if class == Class::Unexplained && unexplained.len() < 10 {
            unexplained.push(format!("sweep {i}: kernel {got:?}, oracle {want:?}, {s:?}"));
        }
    }
    println!("unit5 oracle: {SWEEPS} sweeps, {hits} kernel hits, {STEPS} samples each");
    for (class, n) in &counts {
        println!("  {class:?}: {n}");
    }
    for u in &unexplained {
        println!("  {u}");
    }
    assert!(counts.get(&Class::Agree).copied().unwrap_or(0) > SWEEPS / 5);
    assert!(
        unexplained.is_empty(),
        "unexplained disagreements: {}",
        counts.get(&Class::Unexplained).copied().unwrap_or(0)
    );
}

/// The corrected sweep (`Quirks::sphere_box_steps` off) against the same
/// oracle, 20,000 of the same random sweeps in each float mode: every start
/// outside the box gets the sampled first contact (a sphere already
/// touching at 0) within 1e-4 plus the sampling step, but grazes whose
/// closest approach is within 1e-4 of the radius; at a contact the normal
/// is the unit direction from the box's nearest point to the centre (the
/// oracle's, at the kernel's fraction), within 1e-3.
fn corrected_agrees_with_the_oracle<R: ps2_float::Real>() {
    use kernels::sphere_box::sweep_sphere_oriented_box_with;
    let tol = 1e-4 + 1.0 / STEPS as f64;
    let mut rng = XorshiftStar(0x5eed_5b0c);
    let (mut agree, mut graze, mut contacts) = (0, 0, 0);
    for n in 0..20_000 {
        let s = random_sweep(&mut rng);
        let path = Path::new(&s);
        if path.inside(path.d) {
            continue;
        }
        let v = |a: [f32; 3], w: f32| Vec4::<R>::from_f32([a[0], a[1], a[2], w]);
        let bx = OrientedBox {
            half: v(s.half, 1.0),
            axes: s.axes.map(|a| v(a, 0.0)),
            centre: v(s.centre, 1.0),
        };
        let hit = sweep_sphere_oriented_box_with(
            R::from_f32(s.radius),
            R::ONE,
            &bx,
            Vec4::ORIGIN,
            v(s.start, 1.0),
            v(s.mv, 1.0),
            false,
        );
        let got = hit.map(|h| f64::from(h.fraction.to_f32()));
        let want = path.first_contact();
        contacts += usize::from(want.is_some());
        let ok = match (got, want) {
            (None, None) => true,
            (Some(a), Some(b)) => (a - b).abs() <= tol,
            _ => false,
        };
        if !ok {
            assert!(
                (path.min_dist() - path.r).abs() <= 1e-4,
                "{} sweep {n}: corrected {got:?}, oracle {want:?} ({s:?})",
                R::MODE
            );
            graze += 1;
            continue;
        }
        agree += 1;
        // The normal is checked at the kernel's own fraction, so that it
        // does not inherit the fraction's rounding.
        if let (Some(h), Some(t)) = (hit, got) {
            let at = path.at(t);
            let q = [0, 1, 2].map(|k| at[k].clamp(-path.h[k], path.h[k]));
            let e = [0, 1, 2].map(|k| at[k] - q[k]);
            let len = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt();
            if len < 1e-3 {
                continue;
            }
            // The oracle's normal in the world.
            let mut w = [0.0f64; 3];
            for (row, ek) in s.axes.iter().zip(e) {
                for (wk, ak) in w.iter_mut().zip(row) {
                    *wk += f64::from(*ak) * ek / len;
                }
            }
            let n = h.normal.to_f32();
            for k in 0..3 {
                assert!(
                    (f64::from(n[k]) - w[k]).abs() < 1e-3,
                    "{} sweep {n:?} normal vs {w:?} ({s:?})",
                    R::MODE
                );
            }
        }
    }
    println!(
        "unit5 corrected ({}): {agree} agree, {graze} grazes, {contacts} contacts",
        R::MODE
    );
    assert!(contacts > 3000, "{contacts}");
    assert!(graze * 200 < agree, "{graze} grazes");
}

#[test]
fn unit5_oracle_corrected_sweeps_agree_in_f32() {
    corrected_agrees_with_the_oracle::<f32>();
}

#[test]
fn unit5_oracle_corrected_sweeps_agree_in_ee32() {
    corrected_agrees_with_the_oracle::<ps2_float::Ee32>();
}
