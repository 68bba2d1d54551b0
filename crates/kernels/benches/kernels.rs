//! Criterion benchmarks of the geometry kernels, one group per kernel family,
//! each in both float modes (`f32`, `ee32`), and beside them parry3d's answer
//! to the same question where it has one: its shape cast for the same move
//! (sphere-triangle, sphere-box, capsule-box), its ray cast (sphere,
//! segment) and its contact depth (box and capsule against a triangle).
//!
//! Every benchmark runs one fixed, seeded set of [`CASES`] inputs per
//! iteration (hits and misses mixed), built before the timed loop with the
//! shared xorshift (`test_support::Xorshift`); the `ee32` cases are the same `f32` values converted, so
//! the two modes answer the same geometric questions. Criterion's throughput
//! is set to [`CASES`] elements, so its "thrpt" line gives calls per second
//! and the time per call is the reported time divided by [`CASES`].
//!
//! Run with
//! `cargo bench -p warriors-kernels --bench kernels -- --warm-up-time 1 --measurement-time 3`.
//! The hit rate of each case set goes to standard error once, at set-up.
//! There are no timing assertions here or anywhere: the figures go in
//! `docs/performance.md` ("The kernels"). The run functions of the
//! corrected kernels and their parry peers are `#[inline(never)]`, so that
//! callgrind can count inside them alone (`--toggle-collect`; the command is
//! in that section). `cargo xtask bench-ir --kernels` counts every kernel
//! that way: it runs this benchmark's executable as `kernels ir`, which
//! answers each kernel's case set once per mode (and parry3d's peer) inside
//! one call of `ir_measure`, under callgrind.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, BenchmarkGroup, Criterion, Throughput};
use kernels::box_sweep::{physics_sweep_box_box, sweep_box_triangle, NO_CONTACT};
use kernels::capsule_box::physics_sweep_capsule_box;
use kernels::overlap::{
    overlap_box_box, overlap_capsule_box, overlap_capsule_capsule, overlap_sphere_box,
    overlap_sphere_sphere,
};
use kernels::ray::{physics_ray_box, physics_ray_capsule, ray_segment, ray_sphere};
use kernels::sphere_box::physics_sweep_sphere_box;
use kernels::sphere_triangle::{sweep_sphere_triangle, SweepRecord};
use kernels::sweep::{
    physics_sweep_capsule_capsule, physics_sweep_sphere_capsule, physics_sweep_sphere_sphere,
};
use kernels::triangle_overlap::{box_triangle_depth, capsule_triangle_depth};
use kernels::{Capsule, Contact, OrientedBox, PairContext, Segment, Sphere, WorkTriangle};
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::{cast_shapes, contact, Ray, RayCast, ShapeCastOptions};
use parry3d::shape::{Ball, Capsule as ParryCapsule, Cuboid, Shape, Triangle};
use ps2_float::{Ee32, Real, Vec4};
use test_support::{Seeded, Xorshift};

/// Inputs per iteration.
const CASES: usize = 256;

// ---------------------------------------------------------------------------
// Case generation (f32 descriptions, converted per mode).

/// The benchmarks' generator: xorshift64 from `seed | 1` (never zero).
fn seeded(seed: u64) -> Xorshift {
    Xorshift(seed | 1)
}

/// The [`CASES`] inputs `case` draws from the generator seeded with
/// `seed`, in order.
fn cases<T>(seed: u64, mut case: impl FnMut(&mut Xorshift) -> T) -> Vec<T> {
    let mut rng = seeded(seed);
    (0..CASES).map(|_| case(&mut rng)).collect()
}

/// A triangle of three corners in `[-1.5, 1.5)³`.
fn random_triangle(rng: &mut Xorshift) -> [[f32; 3]; 3] {
    [
        rng.vec3_f32(-1.5, 1.5),
        rng.vec3_f32(-1.5, 1.5),
        rng.vec3_f32(-1.5, 1.5),
    ]
}

/// An upright capsule standing on `base`: its height 1.2-1.8, then its
/// radius 0.2-0.6.
fn capsule_on(rng: &mut Xorshift, base: [f32; 3]) -> ([f32; 3], f32, f32) {
    (base, rng.range_f32(1.2, 1.8), rng.range_f32(0.2, 0.6))
}

/// A uniformly spread rotation.
fn rotation(rng: &mut Xorshift) -> Rotation {
    let q = rng.ball4_f32();
    Rotation::from_xyzw(q[1], q[2], q[3], q[0]).normalize()
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn add(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: [f32; 3], s: f32) -> [f32; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn v4<R: Real>(a: [f32; 3], w: f32) -> Vec4<R> {
    Vec4::from_f32([a[0], a[1], a[2], w])
}

fn pt(a: [f32; 3]) -> Vector {
    Vector::new(a[0], a[1], a[2])
}

fn vector(a: [f32; 3]) -> Vector {
    Vector::new(a[0], a[1], a[2])
}

/// An oriented box, described once for both our record and parry's cuboid.
#[derive(Clone, Copy)]
struct FBox {
    half: [f32; 3],
    rot: Rotation,
    centre: [f32; 3],
}

impl FBox {
    fn random(rng: &mut Xorshift, at: [f32; 3], upright: bool) -> Self {
        let rot = if upright {
            Rotation::from_rotation_z(rng.range_f32(-3.1, 3.1))
        } else {
            rotation(rng)
        };
        Self {
            half: rng.vec3_f32(0.3, 1.5),
            rot,
            centre: at,
        }
    }

    fn axis(&self, i: usize) -> [f32; 3] {
        let mut e = Vector::ZERO;
        e[i] = 1.0;
        let a = self.rot * e;
        [a.x, a.y, a.z]
    }

    /// The largest half extent: a bound for placing things around the box.
    fn reach(&self) -> f32 {
        self.half.iter().fold(0.0f32, |m, &h| m.max(h)) * 1.8
    }

    fn ours<R: Real>(&self) -> OrientedBox<R> {
        OrientedBox {
            half: v4(self.half, 0.0),
            axes: [
                v4(self.axis(0), 0.0),
                v4(self.axis(1), 0.0),
                v4(self.axis(2), 0.0),
            ],
            centre: v4(self.centre, 1.0),
        }
    }

    fn parry(&self) -> (Cuboid, Pose) {
        let iso = Pose::from_parts(vector(self.centre), self.rot);
        (Cuboid::new(vector(self.half)), iso)
    }
}

/// A start at `target` + `dist` along a random direction, and a move aimed at
/// `target` + a jitter of up to `spread` per axis, scaled by 0.5-1.5: roughly
/// half the moves reach what is at `target`.
fn aimed(rng: &mut Xorshift, target: [f32; 3], dist: f32, spread: f32) -> ([f32; 3], [f32; 3]) {
    let start = add(target, scale(rng.unit_vec3_f32(), dist));
    let aim = add(target, rng.vec3_f32(-spread, spread));
    let mv = scale(sub(aim, start), rng.range_f32(0.5, 1.5));
    (start, mv)
}

fn sphere<R: Real>(c: [f32; 3], r: f32) -> Sphere<R> {
    Sphere {
        radius: R::from_f32(r),
        centre: v4(c, 1.0),
    }
}

fn capsule<R: Real>(base: [f32; 3], height: f32, r: f32) -> Capsule<R> {
    Capsule {
        radius: R::from_f32(r),
        height: R::from_f32(height),
        base: v4(base, 1.0),
    }
}

// ---------------------------------------------------------------------------
// The case sets, in f32 form.

struct SphereTri {
    c: [f32; 3],
    r: f32,
    mv: [f32; 3],
    v: [[f32; 3]; 3],
}

fn sphere_triangle_cases() -> Vec<SphereTri> {
    cases(0x5eed_0001, |rng| {
        let v = random_triangle(rng);
        let r = rng.range_f32(0.1, 0.8);
        let dist = rng.range_f32(2.0, 5.0);
        let (c, mv) = aimed(rng, [0.0; 3], dist, 1.5);
        SphereTri { c, r, mv, v }
    })
}

struct SphereBox {
    c: [f32; 3],
    r: f32,
    mv: [f32; 3],
    b: FBox,
}

fn sphere_box_cases() -> Vec<SphereBox> {
    cases(0x5eed_0002, |rng| {
        let at = rng.vec3_f32(-2.0, 2.0);
        let b = FBox::random(rng, at, false);
        let r = rng.range_f32(0.1, 0.8);
        let dist = b.reach() + r + rng.range_f32(0.5, 3.0);
        let (c, mv) = aimed(rng, b.centre, dist, b.reach());
        SphereBox { c, r, mv, b }
    })
}

struct CapsuleBox {
    base: [f32; 3],
    height: f32,
    r: f32,
    mv: [f32; 3],
    b: FBox,
}

/// Upright boxes (a yaw only) whose height covers the capsule's, and
/// horizontal moves: our kernel's two-dimensional test and parry's
/// three-dimensional cast then answer the same question.
fn capsule_box_cases() -> Vec<CapsuleBox> {
    cases(0x5eed_0003, |rng| {
        let at = [rng.range_f32(-2.0, 2.0), rng.range_f32(-2.0, 2.0), 1.0];
        let mut b = FBox::random(rng, at, true);
        b.half[2] = 2.0;
        let r = rng.range_f32(0.2, 0.6);
        let height = rng.range_f32(1.2, 1.8);
        let dist = b.reach() + r + rng.range_f32(0.5, 3.0);
        let dir = rng.unit_vec3_f32();
        let horizontal = [dir[0], dir[1], 0.0];
        let l = dot(horizontal, horizontal).sqrt().max(1e-3);
        let start = add(b.centre, scale(horizontal, dist / l));
        let s = b.reach();
        let aim = add(b.centre, [rng.range_f32(-s, s), rng.range_f32(-s, s), 0.0]);
        let mut mv = scale(sub(aim, start), rng.range_f32(0.5, 1.5));
        mv[2] = 0.0;
        let base = [start[0], start[1], 0.1];
        CapsuleBox {
            base,
            height,
            r,
            mv,
            b,
        }
    })
}

struct BoxTri {
    b: FBox,
    mv: [f32; 3],
    v: [[f32; 3]; 3],
}

fn box_triangle_cases() -> Vec<BoxTri> {
    cases(0x5eed_0004, |rng| {
        let v = random_triangle(rng);
        let mut b = FBox::random(rng, [0.0; 3], false);
        let dist = b.reach() + rng.range_f32(1.5, 4.0);
        let (c, mv) = aimed(rng, [0.0; 3], dist, 1.5);
        b.centre = c;
        BoxTri { b, mv, v }
    })
}

struct BoxBox {
    a: FBox,
    mv: [f32; 3],
    b: FBox,
}

fn box_box_cases() -> Vec<BoxBox> {
    cases(0x5eed_0005, |rng| {
        let at = rng.vec3_f32(-2.0, 2.0);
        let b = FBox::random(rng, at, false);
        let mut a = FBox::random(rng, [0.0; 3], false);
        let dist = a.reach() + b.reach() + rng.range_f32(0.5, 3.0);
        let (c, mv) = aimed(rng, b.centre, dist, b.reach());
        a.centre = c;
        BoxBox { a, mv, b }
    })
}

struct CapCap {
    a: ([f32; 3], f32, f32),
    mv: [f32; 3],
    b: ([f32; 3], f32, f32),
}

fn capsule_capsule_cases() -> Vec<CapCap> {
    cases(0x5eed_0006, |rng| {
        let bb = [
            rng.range_f32(-2.0, 2.0),
            rng.range_f32(-2.0, 2.0),
            rng.range_f32(0.0, 0.5),
        ];
        let b = capsule_on(rng, bb);
        let (ra, ha) = (rng.range_f32(0.2, 0.6), rng.range_f32(1.2, 1.8));
        let dist = b.2 + ra + rng.range_f32(0.5, 3.0);
        let (start, mut mv) = aimed(rng, bb, dist, 1.0);
        mv[2] = rng.range_f32(-0.5, 0.5);
        let a = ([start[0], start[1], rng.range_f32(-1.0, 1.5)], ha, ra);
        CapCap { a, mv, b }
    })
}

struct SphereSphere {
    c0: [f32; 3],
    r0: f32,
    mv: [f32; 3],
    c1: [f32; 3],
    r1: f32,
}

fn sphere_sphere_cases() -> Vec<SphereSphere> {
    cases(0x5eed_0007, |rng| {
        let c1 = rng.vec3_f32(-2.0, 2.0);
        let (r0, r1) = (rng.range_f32(0.1, 0.8), rng.range_f32(0.1, 0.8));
        let dist = r0 + r1 + rng.range_f32(0.5, 3.0);
        let (c0, mv) = aimed(rng, c1, dist, r0 + r1);
        SphereSphere { c0, r0, mv, c1, r1 }
    })
}

struct SphereCap {
    c: [f32; 3],
    r: f32,
    mv: [f32; 3],
    cap: ([f32; 3], f32, f32),
}

fn sphere_capsule_cases() -> Vec<SphereCap> {
    cases(0x5eed_0008, |rng| {
        let base = rng.vec3_f32(-2.0, 2.0);
        let cap = capsule_on(rng, base);
        let r = rng.range_f32(0.1, 0.8);
        let mid = add(base, [0.0, 0.0, cap.1 * 0.5]);
        let dist = cap.1 + cap.2 + r + rng.range_f32(0.5, 2.0);
        let (c, mv) = aimed(rng, mid, dist, 1.0);
        SphereCap { c, r, mv, cap }
    })
}

struct Rays {
    start: [f32; 3],
    dir: [f32; 3],
    b: FBox,
    cap: ([f32; 3], f32, f32),
}

fn ray_cases() -> Vec<Rays> {
    cases(0x5eed_0009, |rng| {
        let b = FBox::random(rng, [0.0, 0.0, 1.0], false);
        let cap = capsule_on(rng, [0.0; 3]);
        let dist = b.reach() + rng.range_f32(0.5, 3.0);
        let (start, dir) = aimed(rng, [0.0, 0.0, 1.0], dist, 0.8);
        Rays { start, dir, b, cap }
    })
}

/// Static pairs: about half overlapping.
struct Overlaps {
    s0: ([f32; 3], f32),
    s1: ([f32; 3], f32),
    b0: FBox,
    b1: FBox,
    c0: ([f32; 3], f32, f32),
    c1: ([f32; 3], f32, f32),
}

fn overlap_cases() -> Vec<Overlaps> {
    cases(0x5eed_000a, |rng| {
        let s0 = (rng.vec3_f32(-0.8, 0.8), rng.range_f32(0.2, 0.8));
        let s1 = (rng.vec3_f32(-0.8, 0.8), rng.range_f32(0.2, 0.8));
        let (at0, at1) = (rng.vec3_f32(-1.5, 1.5), rng.vec3_f32(-1.8, 1.8));
        let b0 = FBox::random(rng, at0, false);
        let b1 = FBox::random(rng, at1, false);
        let base = rng.vec3_f32(-1.0, 1.0);
        let c0 = capsule_on(rng, base);
        let base = rng.vec3_f32(-1.0, 1.0);
        let c1 = capsule_on(rng, base);
        Overlaps {
            s0,
            s1,
            b0,
            b1,
            c0,
            c1,
        }
    })
}

// ---------------------------------------------------------------------------
// The runs: one pass over a case set, folding every answer into the result so
// nothing is optimised away.

/// Folds a fraction into an accumulator (its bits, so either mode works).
#[inline]
fn fold<R: Real>(acc: u32, f: Option<R>) -> u32 {
    match f {
        Some(f) => acc
            .wrapping_mul(31)
            .wrapping_add(f.to_bits())
            .wrapping_add(1),
        None => acc.wrapping_mul(31),
    }
}

#[inline]
fn fold_parry(acc: u32, hit: Option<f32>) -> u32 {
    fold::<f32>(acc, hit)
}

fn options() -> ShapeCastOptions {
    ShapeCastOptions::with_max_time_of_impact(1.0)
}

/// Parry's cast of `shape1` at `pos1` moving by `vel1` against a still
/// `shape2` at `pos2`: the time of impact.
#[inline]
fn parry_cast(
    pos1: &Pose,
    vel1: &Vector,
    s1: &dyn Shape,
    pos2: &Pose,
    s2: &dyn Shape,
) -> Option<f32> {
    cast_shapes(pos1, *vel1, s1, pos2, Vector::ZERO, s2, options())
        .expect("supported pair")
        .map(|h| h.time_of_impact)
}

/// One of our sweep cases: the moving shape, its move, the still shape
/// (or a triangle's corners).
struct Moving<A, B, R> {
    own: A,
    mv: Vec4<R>,
    other: B,
}

/// Our form of each case, `convert` giving its moving shape, move and
/// still shape.
fn moving<C, A, B, R: Real>(
    cases: &[C],
    convert: impl Fn(&C) -> (A, [f32; 3], B),
) -> Vec<Moving<A, B, R>> {
    cases
        .iter()
        .map(|c| {
            let (own, mv, other) = convert(c);
            Moving {
                own,
                mv: v4(mv, 0.0),
                other,
            }
        })
        .collect()
}

/// A pair's sweep entry over the case set, each case from a fresh contact
/// record, folding the fractions it writes.
fn run_sweep<A, B, R: Real>(
    cases: &[Moving<A, B, R>],
    sweep: impl Fn(&mut Contact<R>, &Moving<A, B, R>) -> bool,
) -> u32 {
    cases.iter().fold(0, |acc, c| {
        let mut contact = Contact::default();
        sweep(&mut contact, c);
        fold(acc, contact.fraction)
    })
}

// Sphere-triangle.

type OurSphereTri<R> = TriangleCase<Sphere<R>, R>;

fn our_sphere_tri<R: Real>(cases: &[SphereTri]) -> Vec<OurSphereTri<R>> {
    moving(cases, |c| (sphere(c.c, c.r), c.mv, c.v.map(|p| v4(p, 1.0))))
}

/// The triangle prepared from its corners (normal, edges, plane: what the
/// mesh sweep does per triangle) and swept: parry also starts from corners.
fn run_sphere_tri<R: Real>(cases: &[OurSphereTri<R>]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        let tri = WorkTriangle::prepared(c.other[0], c.other[1], c.other[2]);
        let mut rec = SweepRecord::default();
        let mut mask = None;
        sweep_sphere_triangle(&mut rec, &c.own, &tri, c.mv, &mut mask);
        fold(acc, rec.fractions[0])
    })
}

/// The sweep alone, on triangles prepared before the timed loop.
fn run_sphere_tri_prepared<R: Real>(cases: &[(OurSphereTri<R>, WorkTriangle<R>)]) -> u32 {
    cases.iter().fold(0, |acc, (c, tri)| {
        let mut rec = SweepRecord::default();
        let mut mask = None;
        sweep_sphere_triangle(&mut rec, &c.own, tri, c.mv, &mut mask);
        fold(acc, rec.fractions[0])
    })
}

fn prepared_sphere_tri<R: Real>(cases: &[SphereTri]) -> Vec<(OurSphereTri<R>, WorkTriangle<R>)> {
    with_triangles(our_sphere_tri::<R>(cases))
}

/// A triangle sweep case: the moving shape, its move, the corners.
type TriangleCase<A, R> = Moving<A, [Vec4<R>; 3], R>;

/// Each case with its triangle prepared from its corners (before the
/// timed loop).
fn with_triangles<A, R: Real>(
    ours: Vec<TriangleCase<A, R>>,
) -> Vec<(TriangleCase<A, R>, WorkTriangle<R>)> {
    ours.into_iter()
        .map(|c| {
            let tri = WorkTriangle::prepared(c.other[0], c.other[1], c.other[2]);
            (c, tri)
        })
        .collect()
}

struct ParrySphereTri {
    ball: Ball,
    pos: Pose,
    vel: Vector,
    tri: Triangle,
}

fn parry_sphere_tri(cases: &[SphereTri]) -> Vec<ParrySphereTri> {
    cases
        .iter()
        .map(|c| ParrySphereTri {
            ball: Ball::new(c.r),
            pos: Pose::translation(c.c[0], c.c[1], c.c[2]),
            vel: vector(c.mv),
            tri: Triangle::new(pt(c.v[0]), pt(c.v[1]), pt(c.v[2])),
        })
        .collect()
}

fn run_parry_sphere_tri(cases: &[ParrySphereTri]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(
            acc,
            parry_cast(&c.pos, &c.vel, &c.ball, &Pose::identity(), &c.tri),
        )
    })
}

// Sphere-box.

type OurSphereBox<R> = Moving<Sphere<R>, OrientedBox<R>, R>;

fn our_sphere_box<R: Real>(cases: &[SphereBox]) -> Vec<OurSphereBox<R>> {
    moving(cases, |c| (sphere(c.c, c.r), c.mv, c.b.ours()))
}

/// The table entry (2, 1), contact record included.
fn run_sphere_box<R: Real>(cases: &[OurSphereBox<R>]) -> u32 {
    run_sweep(cases, |contact, c| {
        physics_sweep_sphere_box(contact, &c.own, &c.other, c.mv)
    })
}

struct ParrySphereBox {
    ball: Ball,
    pos: Pose,
    vel: Vector,
    cuboid: Cuboid,
    box_pos: Pose,
}

fn parry_sphere_box(cases: &[SphereBox]) -> Vec<ParrySphereBox> {
    cases
        .iter()
        .map(|c| {
            let (cuboid, box_pos) = c.b.parry();
            ParrySphereBox {
                ball: Ball::new(c.r),
                pos: Pose::translation(c.c[0], c.c[1], c.c[2]),
                vel: vector(c.mv),
                cuboid,
                box_pos,
            }
        })
        .collect()
}

fn run_parry_sphere_box(cases: &[ParrySphereBox]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(
            acc,
            parry_cast(&c.pos, &c.vel, &c.ball, &c.box_pos, &c.cuboid),
        )
    })
}

// Capsule-box.

type OurCapsuleBox<R> = Moving<Capsule<R>, OrientedBox<R>, R>;

fn our_capsule_box<R: Real>(cases: &[CapsuleBox]) -> Vec<OurCapsuleBox<R>> {
    moving(cases, |c| {
        (capsule(c.base, c.height, c.r), c.mv, c.b.ours())
    })
}

/// The table entry (3, 1), contact record included.
fn run_capsule_box<R: Real>(cases: &[OurCapsuleBox<R>]) -> u32 {
    let ctx = PairContext::default();
    run_sweep(cases, |contact, c| {
        physics_sweep_capsule_box(contact, &ctx, &c.own, &c.other, c.mv)
    })
}

struct ParryCapsuleBox {
    capsule: ParryCapsule,
    vel: Vector,
    cuboid: Cuboid,
    box_pos: Pose,
}

/// Our upright capsule spans `[base.z, base.z + height]`; parry's equivalent
/// is the segment from `base.z + r` to `base.z + height − r` with radius `r`
/// (the same vertical extent; the cases keep the box taller than both, so the
/// end shape does not matter).
fn parry_capsule_box(cases: &[CapsuleBox]) -> Vec<ParryCapsuleBox> {
    cases
        .iter()
        .map(|c| {
            let (cuboid, box_pos) = c.b.parry();
            let lo = add(c.base, [0.0, 0.0, c.r]);
            let hi = add(c.base, [0.0, 0.0, (c.height - c.r).max(c.r)]);
            ParryCapsuleBox {
                capsule: ParryCapsule::new(pt(lo), pt(hi), c.r),
                vel: vector(c.mv),
                cuboid,
                box_pos,
            }
        })
        .collect()
}

fn run_parry_capsule_box(cases: &[ParryCapsuleBox]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(
            acc,
            parry_cast(&Pose::identity(), &c.vel, &c.capsule, &c.box_pos, &c.cuboid),
        )
    })
}

// Box-triangle.

type OurBoxTri<R> = TriangleCase<OrientedBox<R>, R>;

fn our_box_tri<R: Real>(cases: &[BoxTri]) -> Vec<OurBoxTri<R>> {
    moving(cases, |c| (c.b.ours(), c.mv, c.v.map(|p| v4(p, 1.0))))
}

/// The triangle prepared from its corners, then the 13-axis sweep.
fn run_box_tri<R: Real>(cases: &[OurBoxTri<R>]) -> u32 {
    let none = R::from_bits(NO_CONTACT);
    cases.iter().fold(0, |acc, c| {
        let tri = WorkTriangle::prepared(c.other[0], c.other[1], c.other[2]);
        let t = sweep_box_triangle(&c.own, &tri, c.mv);
        fold(acc, (t != none).then_some(t))
    })
}

/// The sweep alone, on triangles prepared before the timed loop.
fn run_box_tri_prepared<R: Real>(cases: &[(OurBoxTri<R>, WorkTriangle<R>)]) -> u32 {
    let none = R::from_bits(NO_CONTACT);
    cases.iter().fold(0, |acc, (c, tri)| {
        let t = sweep_box_triangle(&c.own, tri, c.mv);
        fold(acc, (t != none).then_some(t))
    })
}

fn prepared_box_tri<R: Real>(cases: &[BoxTri]) -> Vec<(OurBoxTri<R>, WorkTriangle<R>)> {
    with_triangles(our_box_tri::<R>(cases))
}

// Box-box.

type OurBoxBox<R> = Moving<OrientedBox<R>, OrientedBox<R>, R>;

fn our_box_box<R: Real>(cases: &[BoxBox]) -> Vec<OurBoxBox<R>> {
    moving(cases, |c| (c.a.ours(), c.mv, c.b.ours()))
}

/// The table entry (1, 1) (21 axes, a hit or not), contact included. Out
/// of line, so that callgrind's `--toggle-collect` can count it.
#[inline(never)]
fn run_box_box<R: Real>(cases: &[OurBoxBox<R>]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        let mut contact = Contact::default();
        let hit = physics_sweep_box_box(&mut contact, &c.own, &c.other, c.mv);
        acc.wrapping_mul(31).wrapping_add(u32::from(hit))
    })
}

// Capsule-capsule, sphere-sphere, sphere-capsule.

type OurCapCap<R> = Moving<Capsule<R>, Capsule<R>, R>;

fn our_cap_cap<R: Real>(cases: &[CapCap]) -> Vec<OurCapCap<R>> {
    moving(cases, |c| {
        (
            capsule(c.a.0, c.a.1, c.a.2),
            c.mv,
            capsule(c.b.0, c.b.1, c.b.2),
        )
    })
}

fn run_cap_cap<R: Real>(cases: &[OurCapCap<R>]) -> u32 {
    run_sweep(cases, |contact, c| {
        physics_sweep_capsule_capsule(contact, &c.own, &c.other, c.mv)
    })
}

type OurSphereSphere<R> = Moving<Sphere<R>, Sphere<R>, R>;

fn our_sphere_sphere<R: Real>(cases: &[SphereSphere]) -> Vec<OurSphereSphere<R>> {
    moving(cases, |c| (sphere(c.c0, c.r0), c.mv, sphere(c.c1, c.r1)))
}

fn run_sphere_sphere<R: Real>(cases: &[OurSphereSphere<R>]) -> u32 {
    run_sweep(cases, |contact, c| {
        physics_sweep_sphere_sphere(contact, &c.own, &c.other, c.mv)
    })
}

type OurSphereCap<R> = Moving<Sphere<R>, Capsule<R>, R>;

fn our_sphere_cap<R: Real>(cases: &[SphereCap]) -> Vec<OurSphereCap<R>> {
    moving(cases, |c| {
        (sphere(c.c, c.r), c.mv, capsule(c.cap.0, c.cap.1, c.cap.2))
    })
}

fn run_sphere_cap<R: Real>(cases: &[OurSphereCap<R>]) -> u32 {
    run_sweep(cases, |contact, c| {
        physics_sweep_sphere_capsule(contact, &c.own, &c.other, c.mv)
    })
}

// Rays.

struct OurRays<R> {
    start: Vec4<R>,
    dir: Vec4<R>,
    bx: OrientedBox<R>,
    cap: Capsule<R>,
    ball: Sphere<R>,
    seg: Segment<R>,
}

/// The ray cases' sphere: at the capsule's middle, its radius.
fn ray_ball(c: &Rays) -> ([f32; 3], f32) {
    let (b, h, r) = c.cap;
    ([b[0], b[1], b[2] + 0.5 * h], r)
}

/// The ray cases' segment: the capsule's axis leaning by (0.3, 0.2).
fn ray_segment_ends(c: &Rays) -> ([f32; 3], [f32; 3], f32) {
    let (b, h, r) = c.cap;
    (b, [b[0] + 0.3, b[1] + 0.2, b[2] + h], r)
}

fn our_rays<R: Real>(cases: &[Rays]) -> Vec<OurRays<R>> {
    cases
        .iter()
        .map(|c| {
            let (centre, radius) = ray_ball(c);
            let (a, b, r) = ray_segment_ends(c);
            OurRays {
                start: v4(c.start, 1.0),
                dir: v4(c.dir, 0.0),
                bx: c.b.ours(),
                cap: capsule(c.cap.0, c.cap.1, c.cap.2),
                ball: sphere(centre, radius),
                seg: Segment {
                    start: v4(a, 1.0),
                    end: v4(b, 1.0),
                    radius: R::from_f32(r),
                    length: R::ZERO,
                },
            }
        })
        .collect()
}

#[inline(never)]
fn run_ray_sphere<R: Real>(cases: &[OurRays<R>]) -> u32 {
    cases
        .iter()
        .fold(0, |acc, c| fold(acc, ray_sphere(&c.ball, c.start, c.dir)))
}

#[inline(never)]
fn run_ray_segment<R: Real>(cases: &[OurRays<R>]) -> u32 {
    cases
        .iter()
        .fold(0, |acc, c| fold(acc, ray_segment(&c.seg, c.start, c.dir)))
}

/// parry3d's rays against the same sphere and segment (a ball and a
/// capsule between the segment's ends), solid, up to the ray's end.
struct ParryRays {
    ray: Ray,
    ball: (Ball, Pose),
    seg: ParryCapsule,
}

fn parry_rays(cases: &[Rays]) -> Vec<ParryRays> {
    cases
        .iter()
        .map(|c| {
            let (centre, radius) = ray_ball(c);
            let (a, b, r) = ray_segment_ends(c);
            ParryRays {
                ray: Ray::new(pt(c.start), vector(c.dir)),
                ball: (
                    Ball::new(radius),
                    Pose::translation(centre[0], centre[1], centre[2]),
                ),
                seg: ParryCapsule::new(pt(a), pt(b), r),
            }
        })
        .collect()
}

#[inline(never)]
fn run_parry_ray_sphere(cases: &[ParryRays]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(acc, c.ball.0.cast_ray(&c.ball.1, &c.ray, 1.0, true))
    })
}

#[inline(never)]
fn run_parry_ray_segment(cases: &[ParryRays]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(acc, c.seg.cast_ray(&Pose::identity(), &c.ray, 1.0, true))
    })
}

fn run_ray_box<R: Real>(cases: &[OurRays<R>]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold(acc, physics_ray_box(&c.bx, c.start, c.dir))
    })
}

fn run_ray_capsule<R: Real>(cases: &[OurRays<R>]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold(acc, physics_ray_capsule(&c.cap, c.start, c.dir))
    })
}

// Static overlaps.

struct OurOverlaps<R> {
    s0: Sphere<R>,
    s1: Sphere<R>,
    b0: OrientedBox<R>,
    b1: OrientedBox<R>,
    c0: Capsule<R>,
    c1: Capsule<R>,
}

fn our_overlaps<R: Real>(cases: &[Overlaps]) -> Vec<OurOverlaps<R>> {
    cases
        .iter()
        .map(|c| OurOverlaps {
            s0: sphere(c.s0.0, c.s0.1),
            s1: sphere(c.s1.0, c.s1.1),
            b0: c.b0.ours(),
            b1: c.b1.ours(),
            c0: capsule(c.c0.0, c.c0.1, c.c0.2),
            c1: capsule(c.c1.0, c.c1.1, c.c1.2),
        })
        .collect()
}

/// One static pair over the case set: the count of overlaps.
fn run_overlap<R: Real>(
    cases: &[OurOverlaps<R>],
    f: impl Fn(&mut Contact<R>, &OurOverlaps<R>) -> bool,
) -> u32 {
    cases.iter().fold(0, |acc, c| {
        let mut contact = Contact::default();
        acc + u32::from(f(&mut contact, c))
    })
}

// ---------------------------------------------------------------------------
// Set-up report and groups.

fn hit_rate(name: &str, answers: impl Iterator<Item = bool>) {
    let (mut hits, mut n) = (0, 0);
    for h in answers {
        hits += usize::from(h);
        n += 1;
    }
    eprintln!("[cases] {name}: {hits}/{n} hit");
}

/// [`hit_rate`] of a pair sweep over our `f32` form of the cases, each
/// into a fresh contact.
fn sweep_hit_rate<A, B>(
    name: &str,
    ours: &[Moving<A, B, f32>],
    sweep: impl Fn(&mut Contact<f32>, &A, &B, Vec4<f32>) -> bool,
) {
    hit_rate(
        name,
        ours.iter()
            .map(|c| sweep(&mut Contact::default(), &c.own, &c.other, c.mv)),
    );
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(CASES as u64));
    g
}

/// Adds the `f32` and `ee32` variants of one run over its converted cases.
macro_rules! bench_both_modes {
    ($g:expr, $prefix:expr, $cases:expr, $convert:ident, $run:ident) => {{
        let f = $convert::<f32>($cases);
        let e = $convert::<Ee32>($cases);
        $g.bench_function(format!("{}f32", $prefix), |b| {
            b.iter(|| $run(black_box(&f)))
        });
        $g.bench_function(format!("{}ee32", $prefix), |b| {
            b.iter(|| $run(black_box(&e)))
        });
    }};
}

fn bench_sphere_triangle(c: &mut Criterion) {
    let cases = sphere_triangle_cases();
    let ours = our_sphere_tri::<f32>(&cases);
    let parry = parry_sphere_tri(&cases);
    hit_rate(
        "sphere_triangle (ours f32)",
        ours.iter().map(|c| {
            let tri = WorkTriangle::prepared(c.other[0], c.other[1], c.other[2]);
            let mut rec = SweepRecord::default();
            sweep_sphere_triangle(&mut rec, &c.own, &tri, c.mv, &mut None)
        }),
    );
    hit_rate(
        "sphere_triangle (parry)",
        parry
            .iter()
            .map(|c| parry_cast(&c.pos, &c.vel, &c.ball, &Pose::identity(), &c.tri).is_some()),
    );
    let mut g = group(c, "sphere_triangle");
    bench_both_modes!(g, "", &cases, our_sphere_tri, run_sphere_tri);
    bench_both_modes!(
        g,
        "sweep_only/",
        &cases,
        prepared_sphere_tri,
        run_sphere_tri_prepared
    );
    g.bench_function("parry3d", |b| {
        b.iter(|| run_parry_sphere_tri(black_box(&parry)))
    });
    g.finish();
}

fn bench_sphere_box(c: &mut Criterion) {
    let cases = sphere_box_cases();
    let ours = our_sphere_box::<f32>(&cases);
    let parry = parry_sphere_box(&cases);
    sweep_hit_rate("sphere_box (ours f32)", &ours, physics_sweep_sphere_box);
    hit_rate(
        "sphere_box (parry)",
        parry
            .iter()
            .map(|c| parry_cast(&c.pos, &c.vel, &c.ball, &c.box_pos, &c.cuboid).is_some()),
    );
    let mut g = group(c, "sphere_box");
    bench_both_modes!(g, "", &cases, our_sphere_box, run_sphere_box);
    g.bench_function("parry3d", |b| {
        b.iter(|| run_parry_sphere_box(black_box(&parry)))
    });
    g.finish();
}

fn bench_capsule_box(c: &mut Criterion) {
    let cases = capsule_box_cases();
    let ours = our_capsule_box::<f32>(&cases);
    let parry = parry_capsule_box(&cases);
    let ctx = PairContext::default();
    sweep_hit_rate("capsule_box (ours f32)", &ours, |c, a, b, m| {
        physics_sweep_capsule_box(c, &ctx, a, b, m)
    });
    hit_rate(
        "capsule_box (parry)",
        parry.iter().map(|c| {
            parry_cast(&Pose::identity(), &c.vel, &c.capsule, &c.box_pos, &c.cuboid).is_some()
        }),
    );
    let mut g = group(c, "capsule_box");
    bench_both_modes!(g, "", &cases, our_capsule_box, run_capsule_box);
    g.bench_function("parry3d", |b| {
        b.iter(|| run_parry_capsule_box(black_box(&parry)))
    });
    g.finish();
}

fn bench_box_triangle(c: &mut Criterion) {
    let cases = box_triangle_cases();
    let none = f32::from_bits(NO_CONTACT);
    hit_rate(
        "box_triangle",
        our_box_tri::<f32>(&cases).iter().map(|c| {
            let tri = WorkTriangle::prepared(c.other[0], c.other[1], c.other[2]);
            sweep_box_triangle(&c.own, &tri, c.mv) != none
        }),
    );
    let mut g = group(c, "box_triangle");
    bench_both_modes!(g, "", &cases, our_box_tri, run_box_tri);
    bench_both_modes!(
        g,
        "sweep_only/",
        &cases,
        prepared_box_tri,
        run_box_tri_prepared
    );
    g.finish();
}

/// `fn $bench`: a pair's bench, the same wiring for each pair (its cases
/// from `$cases`, the hit rate of `$sweep` over our `f32` form, both modes
/// of `$run` in the group `$name`) around its own case types and kernels,
/// which differ in type per pair.
macro_rules! pair_bench {
    ($bench:ident, $name:literal, $cases:ident, $convert:ident, $run:ident, $sweep:ident) => {
        fn $bench(c: &mut Criterion) {
            let cases = $cases();
            sweep_hit_rate($name, &$convert(&cases), $sweep);
            let mut g = group(c, $name);
            bench_both_modes!(g, "", &cases, $convert, $run);
            g.finish();
        }
    };
}

pair_bench!(
    bench_box_box,
    "box_box",
    box_box_cases,
    our_box_box,
    run_box_box,
    physics_sweep_box_box
);
pair_bench!(
    bench_capsule_capsule,
    "capsule_capsule",
    capsule_capsule_cases,
    our_cap_cap,
    run_cap_cap,
    physics_sweep_capsule_capsule
);
pair_bench!(
    bench_sphere_sphere,
    "sphere_sphere",
    sphere_sphere_cases,
    our_sphere_sphere,
    run_sphere_sphere,
    physics_sweep_sphere_sphere
);
pair_bench!(
    bench_sphere_capsule,
    "sphere_capsule",
    sphere_capsule_cases,
    our_sphere_cap,
    run_sphere_cap,
    physics_sweep_sphere_capsule
);

fn bench_rays(c: &mut Criterion) {
    let cases = ray_cases();
    let ours = our_rays::<f32>(&cases);
    hit_rate(
        "ray_box",
        ours.iter()
            .map(|c| physics_ray_box(&c.bx, c.start, c.dir).is_some()),
    );
    hit_rate(
        "ray_capsule",
        ours.iter()
            .map(|c| physics_ray_capsule(&c.cap, c.start, c.dir).is_some()),
    );
    hit_rate(
        "ray_sphere",
        ours.iter()
            .map(|c| ray_sphere(&c.ball, c.start, c.dir).is_some()),
    );
    hit_rate(
        "ray_segment",
        ours.iter()
            .map(|c| ray_segment(&c.seg, c.start, c.dir).is_some()),
    );
    let parry = parry_rays(&cases);
    let mut g = group(c, "rays");
    bench_both_modes!(g, "box/", &cases, our_rays, run_ray_box);
    bench_both_modes!(g, "capsule/", &cases, our_rays, run_ray_capsule);
    bench_both_modes!(g, "sphere/", &cases, our_rays, run_ray_sphere);
    bench_both_modes!(g, "segment/", &cases, our_rays, run_ray_segment);
    g.bench_function("sphere/parry3d", |b| {
        b.iter(|| run_parry_ray_sphere(black_box(&parry)))
    });
    g.bench_function("segment/parry3d", |b| {
        b.iter(|| run_parry_ray_segment(black_box(&parry)))
    });
    g.finish();
}

/// A box and an upright capsule at rest near a triangle: about half of
/// each overlap it.
struct TriOverlap {
    v: [[f32; 3]; 3],
    b: FBox,
    cap: ([f32; 3], f32, f32),
}

fn triangle_overlap_cases() -> Vec<TriOverlap> {
    cases(0x5eed_000b, |rng| {
        let v = random_triangle(rng);
        let at = rng.vec3_f32(-1.2, 1.2);
        let b = FBox::random(rng, at, false);
        let base = rng.vec3_f32(-1.5, 1.0);
        let cap = capsule_on(rng, base);
        TriOverlap { v, b, cap }
    })
}

struct OurTriOverlap<R> {
    tri: WorkTriangle<R>,
    bx: OrientedBox<R>,
    cap: Capsule<R>,
}

fn our_tri_overlaps<R: Real>(cases: &[TriOverlap]) -> Vec<OurTriOverlap<R>> {
    cases
        .iter()
        .map(|c| OurTriOverlap {
            tri: WorkTriangle::prepared(v4(c.v[0], 1.0), v4(c.v[1], 1.0), v4(c.v[2], 1.0)),
            bx: c.b.ours(),
            cap: capsule(c.cap.0, c.cap.1, c.cap.2),
        })
        .collect()
}

#[inline(never)]
fn run_box_tri_overlap<R: Real>(cases: &[OurTriOverlap<R>]) -> u32 {
    cases
        .iter()
        .fold(0, |acc, c| fold(acc, box_triangle_depth(&c.bx, &c.tri)))
}

#[inline(never)]
fn run_capsule_tri_overlap<R: Real>(cases: &[OurTriOverlap<R>]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold(acc, capsule_triangle_depth(&c.cap, &c.tri))
    })
}

/// parry3d's contact (penetration depth) of the same box and capsule (a
/// capsule between the axis's ends) with the triangle, no prediction.
struct ParryTriOverlap {
    tri: Triangle,
    cuboid: (Cuboid, Pose),
    capsule: ParryCapsule,
}

fn parry_tri_overlaps(cases: &[TriOverlap]) -> Vec<ParryTriOverlap> {
    cases
        .iter()
        .map(|c| {
            let (b, h, r) = c.cap;
            ParryTriOverlap {
                tri: Triangle::new(pt(c.v[0]), pt(c.v[1]), pt(c.v[2])),
                cuboid: c.b.parry(),
                capsule: ParryCapsule::new(pt(b), pt([b[0], b[1], b[2] + h]), r),
            }
        })
        .collect()
}

/// parry's depth where it reports a penetration (`dist < 0`).
fn parry_depth(pos: &Pose, shape: &dyn Shape, tri: &Triangle) -> Option<f32> {
    contact(pos, shape, &Pose::identity(), tri, 0.0)
        .ok()
        .flatten()
        .filter(|k| k.dist < 0.0)
        .map(|k| -k.dist)
}

#[inline(never)]
fn run_parry_box_tri_overlap(cases: &[ParryTriOverlap]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(acc, parry_depth(&c.cuboid.1, &c.cuboid.0, &c.tri))
    })
}

#[inline(never)]
fn run_parry_capsule_tri_overlap(cases: &[ParryTriOverlap]) -> u32 {
    cases.iter().fold(0, |acc, c| {
        fold_parry(acc, parry_depth(&Pose::identity(), &c.capsule, &c.tri))
    })
}

fn bench_triangle_overlaps(c: &mut Criterion) {
    let cases = triangle_overlap_cases();
    let ours = our_tri_overlaps::<f32>(&cases);
    let parry = parry_tri_overlaps(&cases);
    hit_rate(
        "triangle overlap box (ours f32)",
        ours.iter()
            .map(|c| box_triangle_depth(&c.bx, &c.tri).is_some()),
    );
    hit_rate(
        "triangle overlap box (parry)",
        parry
            .iter()
            .map(|c| parry_depth(&c.cuboid.1, &c.cuboid.0, &c.tri).is_some()),
    );
    hit_rate(
        "triangle overlap capsule (ours f32)",
        ours.iter()
            .map(|c| capsule_triangle_depth(&c.cap, &c.tri).is_some()),
    );
    hit_rate(
        "triangle overlap capsule (parry)",
        parry
            .iter()
            .map(|c| parry_depth(&Pose::identity(), &c.capsule, &c.tri).is_some()),
    );
    let mut g = group(c, "triangle_overlap");
    bench_both_modes!(g, "box/", &cases, our_tri_overlaps, run_box_tri_overlap);
    bench_both_modes!(
        g,
        "capsule/",
        &cases,
        our_tri_overlaps,
        run_capsule_tri_overlap
    );
    g.bench_function("box/parry3d", |b| {
        b.iter(|| run_parry_box_tri_overlap(black_box(&parry)))
    });
    g.bench_function("capsule/parry3d", |b| {
        b.iter(|| run_parry_capsule_tri_overlap(black_box(&parry)))
    });
    g.finish();
}

fn ov_sphere_sphere<R: Real>(cases: &[OurOverlaps<R>]) -> u32 {
    run_overlap(cases, |c, o| overlap_sphere_sphere(c, &o.s0, &o.s1))
}

fn ov_sphere_box<R: Real>(cases: &[OurOverlaps<R>]) -> u32 {
    run_overlap(cases, |c, o| overlap_sphere_box(c, &o.s0, &o.b1))
}

fn ov_capsule_box<R: Real>(cases: &[OurOverlaps<R>]) -> u32 {
    run_overlap(cases, |c, o| overlap_capsule_box(c, &o.c0, &o.b1))
}

fn ov_capsule_capsule<R: Real>(cases: &[OurOverlaps<R>]) -> u32 {
    run_overlap(cases, |c, o| overlap_capsule_capsule(c, &o.c0, &o.c1))
}

fn ov_box_box<R: Real>(cases: &[OurOverlaps<R>]) -> u32 {
    run_overlap(cases, |c, o| overlap_box_box(c, &o.b0, &o.b1))
}

fn bench_overlaps(c: &mut Criterion) {
    let cases = overlap_cases();
    let ours = our_overlaps::<f32>(&cases);
    for (name, n) in [
        ("overlap sphere_sphere", ov_sphere_sphere(&ours)),
        ("overlap sphere_box", ov_sphere_box(&ours)),
        ("overlap capsule_box", ov_capsule_box(&ours)),
        ("overlap capsule_capsule", ov_capsule_capsule(&ours)),
        ("overlap box_box", ov_box_box(&ours)),
    ] {
        eprintln!("[cases] {name}: {n}/{CASES} overlap");
    }
    let mut g = group(c, "overlap");
    bench_both_modes!(g, "sphere_sphere/", &cases, our_overlaps, ov_sphere_sphere);
    bench_both_modes!(g, "sphere_box/", &cases, our_overlaps, ov_sphere_box);
    bench_both_modes!(g, "capsule_box/", &cases, our_overlaps, ov_capsule_box);
    bench_both_modes!(
        g,
        "capsule_capsule/",
        &cases,
        our_overlaps,
        ov_capsule_capsule
    );
    bench_both_modes!(g, "box_box/", &cases, our_overlaps, ov_box_box);
    g.finish();
}

// ---------------------------------------------------------------------------
// Instruction counts (`cargo xtask bench-ir --kernels`).

/// One kernel's runs over its [`CASES`] inputs for the instruction count:
/// `f32` mode, `Ee32` mode, and parry3d's peer where it has one.
struct IrRow {
    name: &'static str,
    runs: Vec<Box<dyn Fn() -> u32>>,
}

/// An [`IrRow`] of the run `$run` over the cases `$cases` converted by
/// `$convert` into each mode, and optionally parry3d's run `$parry_run`
/// over the cases `$parry` made.
macro_rules! ir_row {
    ($name:expr, $cases:expr, $convert:ident, $run:ident $(, $parry:ident, $parry_run:ident)?) => {{
        let f = $convert::<f32>($cases);
        let e = $convert::<Ee32>($cases);
        #[allow(unused_mut)]
        let mut runs: Vec<Box<dyn Fn() -> u32>> = vec![
            Box::new(move || $run(black_box(&f))),
            Box::new(move || $run(black_box(&e))),
        ];
        $(
            let p = $parry($cases);
            runs.push(Box::new(move || $parry_run(black_box(&p))));
        )?
        IrRow { name: $name, runs }
    }};
}

/// Every kernel's runs, in the order `ir` measures them (one row a line, as
/// a table).
#[rustfmt::skip]
fn ir_rows() -> Vec<IrRow> {
    let (st, sb, cb) = (sphere_triangle_cases(), sphere_box_cases(), capsule_box_cases());
    let (bt, bb, cc) = (box_triangle_cases(), box_box_cases(), capsule_capsule_cases());
    let (ss, sc) = (sphere_sphere_cases(), sphere_capsule_cases());
    let (rays, ov, to) = (ray_cases(), overlap_cases(), triangle_overlap_cases());
    vec![
        ir_row!("sphere_triangle", &st, our_sphere_tri, run_sphere_tri, parry_sphere_tri, run_parry_sphere_tri),
        ir_row!("sphere_triangle_sweep_only", &st, prepared_sphere_tri, run_sphere_tri_prepared),
        ir_row!("sphere_box", &sb, our_sphere_box, run_sphere_box, parry_sphere_box, run_parry_sphere_box),
        ir_row!("capsule_box", &cb, our_capsule_box, run_capsule_box, parry_capsule_box, run_parry_capsule_box),
        ir_row!("box_triangle", &bt, our_box_tri, run_box_tri),
        ir_row!("box_triangle_sweep_only", &bt, prepared_box_tri, run_box_tri_prepared),
        ir_row!("box_box", &bb, our_box_box, run_box_box),
        ir_row!("capsule_capsule", &cc, our_cap_cap, run_cap_cap),
        ir_row!("sphere_sphere", &ss, our_sphere_sphere, run_sphere_sphere),
        ir_row!("sphere_capsule", &sc, our_sphere_cap, run_sphere_cap),
        ir_row!("ray_box", &rays, our_rays, run_ray_box),
        ir_row!("ray_capsule", &rays, our_rays, run_ray_capsule),
        ir_row!("ray_sphere", &rays, our_rays, run_ray_sphere, parry_rays, run_parry_ray_sphere),
        ir_row!("ray_segment", &rays, our_rays, run_ray_segment, parry_rays, run_parry_ray_segment),
        ir_row!("overlap_sphere_sphere", &ov, our_overlaps, ov_sphere_sphere),
        ir_row!("overlap_sphere_box", &ov, our_overlaps, ov_sphere_box),
        ir_row!("overlap_capsule_box", &ov, our_overlaps, ov_capsule_box),
        ir_row!("overlap_capsule_capsule", &ov, our_overlaps, ov_capsule_capsule),
        ir_row!("overlap_box_box", &ov, our_overlaps, ov_box_box),
        ir_row!("depth_box_triangle", &to, our_tri_overlaps, run_box_tri_overlap, parry_tri_overlaps, run_parry_box_tri_overlap),
        ir_row!("depth_capsule_triangle", &to, our_tri_overlaps, run_capsule_tri_overlap, parry_tri_overlaps, run_parry_capsule_tri_overlap),
    ]
}

/// The one function the instruction count collects in
/// (`valgrind --tool=callgrind --toggle-collect=kernels::ir_measure`): one
/// run over the [`CASES`] inputs.
#[inline(never)]
fn ir_measure(run: &dyn Fn() -> u32) -> u32 {
    run()
}

/// `kernels ir list` prints each kernel's name and how many runs it has
/// (2, or 3 with parry3d's); `kernels ir` runs them all once, in that
/// order, each inside one call of [`ir_measure`].
fn ir_main(list: bool) {
    let rows = ir_rows();
    if list {
        println!("cases {CASES}");
        for row in &rows {
            println!("kernel {} {}", row.name, row.runs.len());
        }
        return;
    }
    let mut acc = 0u32;
    for row in &rows {
        for run in &row.runs {
            acc ^= ir_measure(run.as_ref());
        }
    }
    black_box(acc);
}

criterion_group!(
    benches,
    bench_sphere_triangle,
    bench_sphere_box,
    bench_capsule_box,
    bench_box_triangle,
    bench_box_box,
    bench_capsule_capsule,
    bench_sphere_sphere,
    bench_sphere_capsule,
    bench_rays,
    bench_overlaps,
    bench_triangle_overlaps,
);
/// `criterion_main!`'s `main`, with the instruction count's mode first:
/// `kernels ir [list]` run as it is (see [`ir_main`]); under `cargo bench`,
/// which passes `--bench`, an `ir` is criterion's filter as any other word.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("ir") && !args.iter().any(|a| a == "--bench") {
        ir_main(args.get(1).map(String::as_str) == Some("list"));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
