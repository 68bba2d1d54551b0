//! A car's loose parts (`Car_UpdateLoosePart`, overview "Cars", the three
//! rules) and the car's creation flags (`IPhysics_CreateCarBody`,
//! `Car_MakeBodies`), in both float modes.
//!
//! The part's flight over a level floor is checked against an independent
//! f64 computation written here ([`Oracle`]): the overview's rules applied
//! to an infinite floor plane z = 0, with the box's first touch taken as
//! the time its lowest corner reaches the plane (the box-triangle sweep's
//! face axis; a part with no horizontal axis and no edge parallel to a
//! floor edge meets none of Unit 13's zero-speed resets), the mesh box
//! sweep's two skips (`n·move ≥ −0.001`, the centre behind the plane), the
//! trace's back-off `n (s + 0.01)`, `PhysicsVec_Bounce`, the 0.95 scale,
//! the first-order spin step and the lay-flat turn's slerp with
//! `t = 0.025 k (k + 1)`. The two are compared update by update while every
//! contact decision of the oracle has a margin (a decision within 1e-4 of
//! its threshold ends the comparison: f32 may take the other side).

mod common;

use collision_mesh::{build, BuildConfig, SoupTriangle};
use common::{both_modes, id, Owner, Table};
use physics_world::reference::{
    lay_flat_target, part_flags, LoosePart, LoosePartType, LOOSE_PART_LIFETIME, LOOSE_PART_MESSAGE,
    LOOSE_PART_OPTIONS,
};
use physics_world::{quat::Quat, BodyFlags, BodyId, PhysicsWorld};
use ps2_float::{Real, Vec4};
use test_support::oracle::{cross, dot, V};

both_modes!(
    car_flags_in_the_spec_order,
    free_flight_is_gravity_only,
    message_below_91_and_removed_at_360,
    first_floor_contact_backs_off_bounces_and_starts_the_turn,
    flight_matches_the_f64_oracle,
    part_lies_flat_and_rests,
    lay_flat_target_turns_by_the_smallest_angle,
    a_removed_part_does_nothing,
    the_cars_body_is_the_querying_body,
);

// ---------------------------------------------------------------- set-up

/// The part of the scenario `fixtures/scenarios/loose_part.ron`: a panel of
/// full size (0.9, 0.6, 0.06), restitution 0.3, flying off a car roof at
/// (0.2, 0.3, 1.8) with velocity (2.5, 1.0, 3.5) and spin (0.8, −0.6, 3),
/// turned by a generic rotation (no axis horizontal, none parallel to a
/// floor edge).
const SIZE: [f32; 3] = [0.9, 0.6, 0.06];
const E: f32 = 0.3;
const START: [f32; 3] = [0.2, 0.3, 1.8];
const VEL: [f32; 3] = [2.5, 1.0, 3.5];
const SPIN: [f32; 3] = [0.8, -0.6, 3.0];
const ROT: [f32; 4] = [0.15, -0.1, 0.2, 0.963_068];

fn floor() -> collision_mesh::CollisionMesh {
    // One large triangle, normal +z ((b − a) × (c − b)).
    let soup = vec![SoupTriangle::new([
        [-60.0, -60.0, 0.0],
        [60.0, -60.0, 0.0],
        [0.0, 60.0, 0.0],
    ])];
    build::from_soup(&soup, &BuildConfig::default(), "floor").unwrap()
}

fn part<R: Real>() -> LoosePart<R> {
    let ty = LoosePartType {
        size: Vec4::from_f32([SIZE[0], SIZE[1], SIZE[2], 0.0]),
        restitution: R::from_f32(E),
    };
    let mut p = LoosePart::new(
        ty,
        Vec4::from_f32([START[0], START[1], START[2], 1.0]),
        Quat::from_f32(ROT),
        Vec4::from_f32([VEL[0], VEL[1], VEL[2], 0.0]),
        Vec4::from_f32([SPIN[0], SPIN[1], SPIN[2], 0.0]),
    );
    p.target = Some(7);
    p
}

fn world<R: Real>(with_floor: bool) -> PhysicsWorld<R> {
    let mut w = PhysicsWorld::<R>::default();
    if with_floor {
        w.set_mesh(floor());
    }
    w
}

/// What a free flight needs: the [`world`] (with or without the floor), no
/// owners, the [`part`] and the candidates' buffer.
type Flight<R> = (PhysicsWorld<R>, Table<R>, LoosePart<R>, Vec<BodyId>);

/// A part about to fly in the [`world`].
fn flight<R: Real>(with_floor: bool) -> Flight<R> {
    (world(with_floor), Table::default(), part(), Vec::new())
}

// ---------------------------------------------------------------- the car

// Overview "Bodies": car 0x80000000 at creation, then 0x8002211a once
// Car_MakeBodies ORs in 0x2211a ("Cars").
fn car_flags_in_the_spec_order<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = t.add(1, Owner::at(0x1, 0.0, 0.0, 0.0));
    let b = t.add(2, Owner::at(0x1, 10.0, 0.0, 0.0));
    let half = Vec4::from_f32([1.2, 3.0, 0.55, 0.0]);
    let boxes = [
        (half, Vec4::ZERO),
        (half, Vec4::from_f32([0.0, 0.0, 0.8, 0.0])),
    ];
    let bare = w.alloc_car_body(&t, a, boxes).unwrap();
    let made = w.create_car_body(&t, b, boxes).unwrap();
    assert_eq!(w.body(bare).unwrap().flags.bits(), 0x8000_0000);
    assert_eq!(w.body(made).unwrap().flags.bits(), 0x8002_211a);
    assert_eq!(BodyFlags::CAR_LAYERS.bits(), 0x2_211a);
    assert_eq!(w.body_shapes(bare).count(), 2);
    assert_eq!(w.body_shapes(made).count(), 2);
    assert!(w.free_car_body(bare));
    assert!(w.free_car_body(made));
    assert_eq!(id(1), a);
}

// ---------------------------------------------------------------- rules

// Rule 2 with no contact: v.z −= 15.68/60 per update, the part moves by
// v dt. From z 1.8, vz 3.5: after k updates vz = 3.5 − 0.261333 k and
// z = 1.8 + Σ_{i=1..k} vz_i / 60 = 1.8 + (3.5 k − 0.261333 k (k + 1) / 2) / 60.
// k = 10: vz = 0.886667, z = 1.8 + (35 − 14.373333) / 60 = 2.143778;
// x = 0.2 + 2.5 × 10/60 = 0.616667, y = 0.3 + 10/60 = 0.466667.
fn free_flight_is_gravity_only<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(false);
    for _ in 0..10 {
        let u = p.update(&mut w, &t, None, &mut cand);
        assert!(u.contact.is_none() && u.sound.is_none() && !u.removed);
    }
    let near = |a: R, b: f64, what: &str| {
        assert!(
            (f64::from(a.to_f32()) - b).abs() < 2e-5,
            "{what}: {}",
            a.to_f32()
        );
    };
    near(p.velocity.z, 0.886_667, "vz");
    near(p.position.z, 2.143_778, "z");
    near(p.position.x, 0.616_667, "x");
    near(p.position.y, 0.466_667, "y");
    near(p.velocity.x, 2.5, "vx");
    assert_eq!(p.lifetime, LOOSE_PART_LIFETIME - 10);
    assert_eq!(p.flags, part_flags::FLYING);
    assert!(p.turn.is_none());
    assert_eq!(LOOSE_PART_OPTIONS.bits(), 0x401);
}

// Rule 1: 360 at the start, one down per update; the update that takes it
// to 90 (below 91: the 270th) sends 0x15 once to the held object (+0x8c);
// the 360th takes it to 0 and removes the part, which stops flying.
fn message_below_91_and_removed_at_360<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(false);
    let mut messages = Vec::new();
    let mut removed_at = None;
    for k in 1..=400 {
        let u = p.update(&mut w, &t, None, &mut cand);
        if let Some(m) = u.message {
            messages.push((k, m));
        }
        if u.removed {
            assert!(removed_at.is_none());
            removed_at = Some(k);
        }
    }
    assert_eq!(messages, vec![(270, Some(7))]);
    assert_eq!(removed_at, Some(360));
    assert_eq!(p.lifetime, 0);
    assert_eq!(p.flags & part_flags::FLYING, 0);
    assert_eq!(LOOSE_PART_MESSAGE, 0x15);
}

fn a_removed_part_does_nothing<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(false);
    p.lifetime = 1;
    let u = p.update(&mut w, &t, None, &mut cand);
    // 1 → 0: below 91 and 0 in the same update; no flight.
    assert!(u.removed && u.message == Some(Some(7)) && u.contact.is_none());
    let before = p;
    let u = p.update(&mut w, &t, None, &mut cand);
    assert_eq!(u, Default::default());
    assert_eq!(p, before);
}

// ---------------------------------------------------------------- oracle

fn norm(a: V) -> V {
    let l = dot(a, a).sqrt();
    [a[0] / l, a[1] / l, a[2] / l]
}

/// Quaternions `[x, y, z, w]`; `qmul(a, b)` applies `b`, then `a`.
type Q = [f64; 4];

fn qmul(a: Q, b: Q) -> Q {
    [
        a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
        a[3] * b[1] + a[1] * b[3] + a[2] * b[0] - a[0] * b[2],
        a[3] * b[2] + a[2] * b[3] + a[0] * b[1] - a[1] * b[0],
        a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
    ]
}
fn qnorm(q: Q) -> Q {
    let l = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    [q[0] / l, q[1] / l, q[2] / l, q[3] / l]
}
/// The world directions of the local axes (rotating the unit vectors).
fn qaxes(q: Q) -> [V; 3] {
    let rot = |v: V| {
        let p = [v[0], v[1], v[2], 0.0];
        let c = [-q[0], -q[1], -q[2], q[3]];
        let r = qmul(qmul(q, p), c);
        [r[0], r[1], r[2]]
    };
    [
        rot([1.0, 0.0, 0.0]),
        rot([0.0, 1.0, 0.0]),
        rot([0.0, 0.0, 1.0]),
    ]
}
fn slerp(t: f64, a: Q, b: Q) -> Q {
    let mut d = a.iter().zip(&b).map(|(x, y)| x * y).sum::<f64>();
    let mut b = b;
    if d < 0.0 {
        b = b.map(|x| -x);
        d = -d;
    }
    if d > 1.0 - 1e-9 {
        return qnorm(std::array::from_fn(|i| a[i] * (1.0 - t) + b[i] * t));
    }
    let th = d.acos();
    let (s0, s1) = (((1.0 - t) * th).sin() / th.sin(), (t * th).sin() / th.sin());
    std::array::from_fn(|i| a[i] * s0 + b[i] * s1)
}

/// The overview's rules for one part over the floor z = 0, in f64.
#[derive(Clone, Copy, Debug)]
struct Oracle {
    p: V,
    v: V,
    q: Q,
    w: V,
    life: i32,
    floor_met: bool,
    count: u32,
    turn: Option<(f64, f64, Q, Q)>, // t, speed, start, end
    /// The last decision's distance to its threshold.
    margin: f64,
}

/// What one oracle update did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Step {
    contact: Option<f64>,
    sound: Option<f64>,
}

impl Oracle {
    fn new() -> Self {
        let f = |a: [f32; 3]| a.map(f64::from);
        Self {
            p: f(START),
            v: f(VEL),
            q: ROT.map(f64::from),
            w: f(SPIN),
            life: 360,
            floor_met: false,
            count: 0,
            turn: None,
            margin: f64::INFINITY,
        }
    }

    fn half(&self) -> V {
        SIZE.map(|s| f64::from(s) / 2.0)
    }

    fn lowest(&self) -> f64 {
        let h = self.half();
        let a = qaxes(self.q);
        self.p[2] - (0..3).map(|i| h[i] * a[i][2].abs()).sum::<f64>()
    }

    fn update(&mut self) -> Step {
        let mut st = Step::default();
        self.life -= 1;
        if self.life <= 0 {
            return st;
        }
        let dt = 1.0 / 60.0;
        self.v[2] -= 15.68 * dt;
        let mv = self.v.map(|x| x * dt);
        let h = self.lowest();
        // The box sweep skips a move not into the face (n·move ≥ −0.001)
        // and reaches the plane only when the lowest corner is within the
        // move; an overlapping corner gives fraction 0.
        let into = mv[2] < -0.001;
        let reaches = h <= -mv[2];
        self.margin = (mv[2] + 0.001).abs().min((h + mv[2]).abs());
        if into && reaches && self.p[2] > 0.0 {
            let f = h.max(0.0) / -mv[2];
            st.contact = Some(f);
            // Back-off along n = +z: z += f mv.z + 0.01.
            self.p[2] += f * mv[2] + 0.01;
            let speed = dot(self.v, self.v).sqrt();
            // Bounce: v·n < 0, v.z −= v.z (1 + e).
            self.v[2] -= self.v[2] * (1.0 + f64::from(E));
            self.w = [0.0; 3];
            if !self.floor_met {
                self.floor_met = true;
                self.turn = Some((0.0, 0.0, self.q, lay_flat(self.q, [0.0, 0.0, 1.0])));
            }
            if self.count < 3 && speed > 2.0 {
                st.sound = Some(1.0 / f64::from(self.count + 1));
            }
            self.count += 1;
            self.v = self.v.map(|x| x * 0.95);
        } else {
            for (p, m) in self.p.iter_mut().zip(mv) {
                *p += m;
            }
        }
        if let Some((t, s, a, b)) = self.turn.as_mut() {
            *t = (*t + *s).min(1.0);
            *s += 0.05;
            self.q = slerp(*t, *a, *b);
        } else {
            let wq = [self.w[0], self.w[1], self.w[2], 0.0];
            let d = qmul(wq, self.q);
            self.q = qnorm(std::array::from_fn(|i| self.q[i] + d[i] * dt / 2.0));
        }
        st
    }
}

/// The smallest turn laying one of `q`'s axes (either end) onto `n`.
fn lay_flat(q: Q, n: V) -> Q {
    let a = qaxes(q);
    let i = (0..3)
        .max_by(|&i, &j| dot(a[i], n).abs().total_cmp(&dot(a[j], n).abs()))
        .unwrap();
    let d = if dot(a[i], n) < 0.0 {
        a[i].map(|x| -x)
    } else {
        a[i]
    };
    let k = norm(cross(d, n));
    let th = dot(d, n).clamp(-1.0, 1.0).acos();
    let s = (th / 2.0).sin();
    qmul([k[0] * s, k[1] * s, k[2] * s, (th / 2.0).cos()], q)
}

fn near(a: f32, b: f64, tol: f64, what: &str) {
    assert!(
        (f64::from(a) - b).abs() <= tol,
        "{what}: port {a}, f64 oracle {b}"
    );
}

// ---------------------------------------------------------------- flight

// The first floor contact, by the oracle: the part is met when its lowest
// corner is within the move; it is backed off to 0.01 m above the floor,
// its vz becomes −0.3 vz, then × 0.95, its spin stops, the turn starts
// (t 0 that update) and the first sound plays at volume 1 (|v| > 2 m/s).
fn first_floor_contact_backs_off_bounces_and_starts_the_turn<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(true);
    let mut o = Oracle::new();
    let mut k = 0;
    loop {
        k += 1;
        assert!(k < 200, "no floor contact");
        let vz_before = o.v[2] - 15.68 / 60.0;
        let want = o.update();
        let u = p.update(&mut w, &t, None, &mut cand);
        assert_eq!(u.contact.is_some(), want.contact.is_some(), "update {k}");
        if let Some(f) = want.contact {
            let c = u.contact.unwrap();
            near(c.fraction.unwrap().to_f32(), f, 2e-3, "fraction");
            near(
                c.other.normal.z.unwrap().to_f32(),
                1.0,
                1e-6,
                "floor normal",
            );
            assert!(u.floor);
            // Worked: vz after = −0.3 × vz before × 0.95.
            near(p.velocity.z.to_f32(), -0.3 * vz_before * 0.95, 1e-4, "vz");
            near(p.velocity.x.to_f32(), 2.5 * 0.95, 1e-5, "vx × 0.95");
            // The lowest corner 0.01 m above the floor after the back-off.
            let h = SIZE.map(|s| f64::from(s) / 2.0);
            let a = p.turn.unwrap().start.axes();
            let low = f64::from(p.position.z.to_f32())
                - (0..3)
                    .map(|i| h[i] * f64::from(a[i].z.to_f32()).abs())
                    .sum::<f64>();
            near(low as f32, 0.01, 1e-4, "lowest corner");
            assert_eq!(p.angular_velocity, Vec4::ZERO);
            assert_eq!(p.flags, part_flags::FLYING | part_flags::FLOOR_MET);
            assert_eq!(p.floor_contacts, 1);
            assert_eq!(p.turn.unwrap().t, R::ZERO);
            near(u.sound.unwrap().to_f32(), 1.0, 1e-7, "volume");
            assert_eq!(want.sound, Some(1.0));
            break;
        }
    }
}

// Update by update against the oracle while its decisions have a margin.
fn flight_matches_the_f64_oracle<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(true);
    let mut o = Oracle::new();
    let mut compared = 0;
    let mut contacts = 0;
    for k in 1..360 {
        let want = o.update();
        if o.margin < 1e-4 {
            break;
        }
        let u = p.update(&mut w, &t, None, &mut cand);
        let what = |f: &str| format!("update {k}: {f}");
        assert_eq!(
            u.contact.is_some(),
            want.contact.is_some(),
            "{}",
            what("contact")
        );
        if let (Some(c), Some(f)) = (u.contact, want.contact) {
            near(c.fraction.unwrap().to_f32(), f, 5e-3, &what("fraction"));
            contacts += 1;
        }
        assert_eq!(u.sound.is_some(), want.sound.is_some(), "{}", what("sound"));
        if let (Some(a), Some(b)) = (u.sound, want.sound) {
            near(a.to_f32(), b, 1e-6, &what("volume"));
        }
        for i in 0..3 {
            near(p.position.to_f32()[i], o.p[i], 2e-3, &what("position"));
            near(p.velocity.to_f32()[i], o.v[i], 2e-3, &what("velocity"));
        }
        // The same rotation (either sign).
        let q = p.rotation.to_f32();
        let d: f64 = (0..4).map(|i| f64::from(q[i]) * o.q[i]).sum();
        assert!(
            d.abs() > 1.0 - 1e-5,
            "{}: rotation dot {d}",
            what("rotation")
        );
        compared = k;
    }
    // The comparison covers the flight, the first bounces and the turn.
    assert!(
        compared >= 60 && contacts >= 2,
        "compared {compared}, contacts {contacts}"
    );
}

// The turn ends 6 updates after it starts (t = 0.025 k (k + 1): 0, 0.05,
// 0.15, 0.3, 0.5, 0.75, 1); then one axis of the part is vertical (tilt 1)
// and stays so; the part rests: its centre between half its thickness and
// 0.02 m above that (the back-off keeps it about 0.01 above the floor), its
// speed below 0.3 m/s (each contact cuts the normal speed to 0.3 × 0.95 and
// the tangential to 0.95 of itself).
fn part_lies_flat_and_rests<R: Real>() {
    let (mut w, t, mut p, mut cand) = flight::<R>(true);
    let mut ts = Vec::new();
    let mut sounds = Vec::new();
    for _ in 1..360 {
        let u = p.update(&mut w, &t, None, &mut cand);
        if let Some(s) = p.turn {
            if ts.len() < 8 {
                ts.push(s.t.to_f32());
            }
        }
        if let Some(s) = u.sound {
            sounds.push(s.to_f32());
        }
    }
    let want = [0.0, 0.05, 0.15, 0.3, 0.5, 0.75, 1.0, 1.0];
    for (a, b) in ts.iter().zip(want) {
        near(*a, b, 1e-6, "turn t");
    }
    assert!(!sounds.is_empty() && sounds.len() <= 3 && sounds[0] == 1.0);
    for (i, s) in sounds.iter().enumerate() {
        near(*s, 1.0 / (i as f64 + 1.0), 1e-7, "volume 1 / (count + 1)");
    }
    let tilt = p
        .rotation
        .axes()
        .iter()
        .map(|a| a.z.to_f32().abs())
        .fold(0.0, f32::max);
    near(tilt, 1.0, 1e-5, "one axis vertical");
    let z = p.position.z.to_f32();
    assert!((0.03..=0.05).contains(&z), "resting centre z {z}");
    // No rest rule: the part keeps bouncing within 0.01 m of the floor
    // (vz between about −0.35 and 0.2 m/s, gravity against the back-off)
    // until it is removed; its horizontal speed is cut by 0.95 at each of
    // its floor contacts (one every 3 or 4 updates from update 42: over 80
    // by 359, 2.7 × 0.95^80 < 0.05).
    let v = p.velocity.to_f32();
    assert!(
        v[0].hypot(v[1]) < 0.05 && v[2].abs() < 0.4,
        "velocity {v:?}"
    );
    assert!(p.floor_contacts > 80, "{}", p.floor_contacts);
    assert_eq!(p.lifetime, 1);
}

// The lay-flat target: tilted 30° about x, the box's z axis is 30° from
// up and its y axis 60°: the smallest turn is −30° about x, back to the
// identity. The other cases are worked below.
fn lay_flat_target_turns_by_the_smallest_angle<R: Real>() {
    let x = Vec4::<R>::from_f32([1.0, 0.0, 0.0, 0.0]);
    let up = Vec4::<R>::from_f32([0.0, 0.0, 1.0, 0.0]);
    let deg = |d: f32| R::from_f32(d.to_radians());
    let q = Quat::from_axis_angle(x, deg(30.0));
    let e = lay_flat_target(q, up);
    let a = e.axes();
    near(a[2].z.to_f32(), 1.0, 1e-5, "z axis up");
    near(a[0].x.to_f32(), 1.0, 1e-5, "x axis kept");
    // 120° about x: the y axis is (0, cos 120°, sin 120°) = (0, −0.5,
    // 0.866), the z axis (0, −0.866, −0.5): the y axis has the largest
    // |dot| (0.866), its positive end 30° from up: turned 30° back about x
    // (to 90°), the y axis up and the z axis flat.
    let q = Quat::from_axis_angle(x, deg(120.0));
    let a = lay_flat_target(q, up).axes();
    near(a[1].z.to_f32(), 1.0, 1e-5, "y axis up");
    near(a[2].z.to_f32(), 0.0, 1e-5, "z axis flat");
    // 150° about x: z axis at 150° (dot −0.866), the largest |dot|, its
    // negative end 30° from up: a 30° turn to 180° (z axis down).
    let q = Quat::from_axis_angle(x, deg(150.0));
    let a = lay_flat_target(q, up).axes();
    near(a[2].z.to_f32(), -1.0, 1e-5, "z axis down");
    // Already flat: no turn.
    assert_eq!(lay_flat_target(Quat::<R>::IDENTITY, up), Quat::IDENTITY);
}

// Divergence 297: the part's box sweep runs with its car's body as the
// querying body, so the mesh sweep reads the car's flags 0x8002211a, whose
// 0x100 skips triangles with flag bit 3 (Unit 13, "PhysicsMesh_SweepBox",
// per triangle). A part falling onto a floor marked with bit 3 passes it
// when its car is passed, and meets it (backed off to 0.01 above it) when
// no body is.
fn the_cars_body_is_the_querying_body<R: Real>() {
    use collision_mesh::TriangleFlags;
    let mut marked = SoupTriangle::new([[-60.0, -60.0, 0.0], [60.0, -60.0, 0.0], [0.0, 60.0, 0.0]]);
    marked.attributes.flags |= TriangleFlags::BIT_3;
    let mesh = build::from_soup(&[marked], &BuildConfig::default(), "bit-3 floor").unwrap();
    let run = |with_car: bool| {
        let mut w = PhysicsWorld::<R>::default();
        w.set_mesh(mesh.clone());
        let mut t = Table::default();
        // The car parked far from the part's path.
        let owner = t.add(1, Owner::at(0x1, 40.0, 40.0, 0.0));
        let half = Vec4::from_f32([1.2, 3.0, 0.55, 0.0]);
        let car = w
            .create_car_body(&t, owner, [(half, Vec4::ZERO), (half, Vec4::ZERO)])
            .unwrap();
        w.update(&t, car);
        assert_ne!(w.body(car).unwrap().flags.bits() & 0x100, 0);
        let mut p = part::<R>();
        let mut cand = Vec::new();
        let mut met = false;
        for _ in 0..120 {
            let u = p.update(&mut w, &t, with_car.then_some(car), &mut cand);
            met |= u.contact.is_some();
        }
        (met, p.position.z.to_f32())
    };
    let (met, z) = run(true);
    assert!(!met, "the car's 0x100 skips the bit-3 floor");
    assert!(z < -1.0, "the part fell through to {z}");
    let (met, z) = run(false);
    assert!(met, "without a body the floor is met");
    assert!(z > -0.5, "{z}");
}
