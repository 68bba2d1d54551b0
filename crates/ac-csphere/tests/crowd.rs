//! The crowd the family was ported for: a player wedged in a packed ring of
//! creatures, shuffling out.
//!
//! # The scene
//!
//! Forty creatures, body spheres of radius 0.5 with centres 0.5 m up, stand in
//! a ring on flat ground. Neighbours are 0.05 m apart (surface to surface),
//! except one narrow gap of 0.89 m and one wide gap of 1.2 m; the player's
//! sphere has radius 0.45 (diameter 0.9), its centre also 0.5 m up, so every
//! contact normal is horizontal. The narrow gap is 1 cm narrower than he is,
//! the wide one 0.3 m wider. The ring radius that closes the circle exactly,
//! 38 chords of 1.05 m, one of 1.89 m and one of 2.2 m, is R = 7.00955 m
//! (solved by bisection below); a packed chord spans 8.59°, the wide gap is
//! centred on angle 0 (±9.03° to its neighbours' centres) and the narrow gap,
//! between creatures 2 and 3 counting counter-clockwise from it, is centred on
//! 33.958°.
//!
//! The player starts wedged in the narrow gap, exactly touching both
//! neighbours: on the gap's bisector, √(0.95² − 0.945²) = 0.0973 m inside the
//! chord between their centres.
//!
//! # The inputs
//!
//! 0.1 m a frame (3 m/s at 30 frames a second). For 20 frames a sideways
//! shuffle towards the wide gap, at γ₁ = 98° from the narrow gap's outward
//! direction (8° of backing away from the crowd); then 280 frames leaning
//! along the crowd towards the wide gap at 85° from that direction.
//!
//! # What the crease slide does (derivation)
//!
//! Wedged, each neighbour's normal makes β with the inward direction,
//! sin β = 0.945 / 0.95, β = 84.12°. The shuffle runs into the neighbour on
//! the wide gap's side (A) and away from the other (B). The crease slide keeps
//! the step's component along A's tangent, 0.1 · sin(γ₁ − β) = 0.1 · sin 13.88°
//! = 0.0240 m, more than the slide's threshold √ε = 0.0141 m, so A answers
//! SLID and the slid position clears both (it moves along A's tangent and away
//! from B): he backs out of the wedge along A. The threshold puts the
//! smallest shuffle that frees him at γ₁ = β + asin(0.141) = 92.2° (the sweep
//! below sees 93°). Leaning along the crowd at 85° he then slides round the
//! inside of the ring, each contact a crease slide along the creature he
//! touches, to the wide gap, where the part of his input that points out of
//! the ring carries him through.
//!
//! # The old behaviour (the baseline)
//!
//! The per-contact response the family replaces: with no ε, project the step
//! onto the plane of the raw normal (from the creature to the check position),
//! then push the check position out to a fixed shell of radsum + 0.01 m from
//! that creature. It runs in the same reference loop. Wedged, the spheres are
//! exactly touching, which without ε is an overlap; the push of 0.01 m off A
//! moves him 0.01 · |cos 2β| = 0.0098 m into B, while the projected step
//! gains only about 0.024 · sin 2β = 0.0049 m from B, so B overlaps and pushes
//! him back into A; the loop's attempts run out and the frame ends with a zero
//! offset, every frame. A shuffle with more backing frees him too (the sweep
//! below finds the first at 104°, the test shows 110°): the old response swallows the
//! step until the input turns far enough away from the crowd, as the report
//! of the problem predicted.

use ac_csphere::testing::{
    family_response, grounded_step, Obstacle, StepReport, Walker, REFERENCE_ATTEMPTS,
};
use ac_csphere::{
    normalize_check_small, SimpleTransition, Sphere, Transition, TransitionState, Vec3, F_EPSILON,
};

const N: usize = 40;
const R_CREATURE: f32 = 0.5;
const R_PLAYER: f32 = 0.45;
const HEIGHT: f32 = 0.5;
const PACKED_GAP: f64 = 0.05;
const NARROW_GAP: f64 = 0.89;
const WIDE_GAP: f64 = 1.2;
/// The narrow gap is between creatures `NARROW_AFTER` and `NARROW_AFTER + 1`.
const NARROW_AFTER: usize = 2;
const STEP: f32 = 0.1;
const FRAMES: usize = 300;
const SHUFFLE_FRAMES: usize = 20;

struct Crowd {
    ring_radius: f64,
    angles: Vec<f64>,
    obstacles: Vec<Obstacle>,
    start: Vec3,
    narrow_angle: f32,
}

fn crowd() -> Crowd {
    let chord_angle = |c: f64, r: f64| 2.0 * (c / (2.0 * r)).asin();
    let d = 2.0 * f64::from(R_CREATURE);
    let total = |r: f64| {
        (N - 2) as f64 * chord_angle(d + PACKED_GAP, r)
            + chord_angle(d + NARROW_GAP, r)
            + chord_angle(d + WIDE_GAP, r)
    };
    let (mut lo, mut hi) = (1.0_f64, 100.0_f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if total(mid) > core::f64::consts::TAU {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let r = 0.5 * (lo + hi);
    let mut angles = Vec::with_capacity(N);
    let mut a = chord_angle(d + WIDE_GAP, r) / 2.0;
    for i in 0..N {
        angles.push(a);
        a += if i == NARROW_AFTER {
            chord_angle(d + NARROW_GAP, r)
        } else {
            chord_angle(d + PACKED_GAP, r)
        };
    }
    let obstacles: Vec<Obstacle> = angles
        .iter()
        .map(|&a| {
            Obstacle::creature(
                Vec3::new((r * a.cos()) as f32, (r * a.sin()) as f32, HEIGHT),
                R_CREATURE,
            )
        })
        .collect();
    let a = obstacles[NARROW_AFTER].sphere.center;
    let b = obstacles[NARROW_AFTER + 1].sphere.center;
    let mid = (a + b) * 0.5;
    let mut outward = Vec3::new(mid.x, mid.y, 0.0);
    normalize_check_small(&mut outward);
    let half = (b - a).length() * 0.5;
    let sum = R_CREATURE + R_PLAYER;
    let depth = (sum * sum - half * half).sqrt();
    let start = Vec3::new(mid.x, mid.y, 0.0) - outward * depth;
    Crowd {
        ring_radius: r,
        angles,
        obstacles,
        start,
        narrow_angle: mid.y.atan2(mid.x),
    }
}

fn player(at: Vec3) -> Walker {
    Walker {
        spheres: vec![Sphere::new(Vec3::new(0.0, 0.0, HEIGHT), R_PLAYER)],
        position: at,
        cell: 0xA9B4_0021,
        step_up_height: 0.4,
    }
}

/// The input `gamma` degrees clockwise from the narrow gap's outward
/// direction (towards the wide gap), one step long.
fn input(c: &Crowd, gamma: f32) -> Vec3 {
    let a = c.narrow_angle - gamma.to_radians();
    Vec3::new(a.cos(), a.sin(), 0.0) * STEP
}

/// The old per-contact response (see the module docs).
fn old_response(t: &mut Transition, o: &Obstacle) -> TransitionState {
    let s0 = t.sphere_path.global_sphere[0];
    let radsum = s0.radius + o.sphere.radius;
    let disp = s0.center - o.sphere.center;
    if disp.length_squared() > radsum * radsum {
        return TransitionState::Ok;
    }
    let mut n = disp;
    normalize_check_small(&mut n);
    let curr = t.sphere_path.global_curr_center[0];
    let step = s0.center - curr;
    let mut check = curr + (step - n * n.dot(step));
    let out = check - o.sphere.center;
    let shell = radsum + 0.01;
    if out.length() < shell {
        let mut dir = out;
        normalize_check_small(&mut dir);
        check = o.sphere.center + dir * shell;
    }
    t.sphere_path
        .add_offset_to_check_pos(check - s0.center, s0.radius);
    TransitionState::Adjusted
}

#[derive(Debug)]
struct Run {
    zero_frames: usize,
    frames_with_slides: usize,
    exit_angle: Option<f32>,
    end: Vec3,
    deepest_overlap: f32,
}

fn drive(c: &Crowd, shuffle: f32, old: bool) -> Run {
    let mut w = player(c.start);
    let mut ops = SimpleTransition::default();
    let mut run = Run {
        zero_frames: 0,
        frames_with_slides: 0,
        exit_angle: None,
        end: c.start,
        deepest_overlap: 0.0,
    };
    let r = c.ring_radius as f32;
    for frame in 0..FRAMES {
        let offset = input(
            c,
            if frame < SHUFFLE_FRAMES {
                shuffle
            } else {
                85.0
            },
        );
        let before = w.position;
        let rep: StepReport = if old {
            grounded_step(
                &mut w,
                offset,
                &c.obstacles,
                REFERENCE_ATTEMPTS,
                old_response,
            )
        } else {
            let mut respond = family_response(&mut ops);
            grounded_step(
                &mut w,
                offset,
                &c.obstacles,
                REFERENCE_ATTEMPTS,
                &mut respond,
            )
        };
        if rep.moved == Vec3::ZERO {
            run.zero_frames += 1;
            assert_eq!(w.position, before, "a failed step leaves him where he was");
        }
        if rep.slides > 0 {
            run.frames_with_slides += 1;
        }
        let (r0, r1) = (before.x.hypot(before.y), w.position.x.hypot(w.position.y));
        if run.exit_angle.is_none() && r0 < r && r1 >= r {
            run.exit_angle = Some(w.position.y.atan2(w.position.x));
        }
        let centre = w.position + Vec3::new(0.0, 0.0, HEIGHT);
        for o in &c.obstacles {
            let overlap = R_PLAYER + R_CREATURE - (centre - o.sphere.center).length();
            run.deepest_overlap = run.deepest_overlap.max(overlap);
        }
    }
    run.end = w.position;
    run
}

#[test]
fn the_scene_is_as_described() {
    let c = crowd();
    assert!((c.ring_radius - 7.009_55).abs() < 1e-4);
    assert!((c.narrow_angle.to_degrees() - 33.958).abs() < 1e-2);
    let diameter = 2.0 * R_PLAYER;
    let mut gaps: Vec<f32> = (0..N)
        .map(|i| {
            let a = c.obstacles[i].sphere.center;
            let b = c.obstacles[(i + 1) % N].sphere.center;
            (b - a).length() - 2.0 * R_CREATURE
        })
        .collect();
    // The gap after creature 39 is the wide one.
    assert!((gaps[N - 1] - WIDE_GAP as f32).abs() < 1e-4);
    assert!(gaps[N - 1] > diameter);
    assert!((gaps[NARROW_AFTER] - NARROW_GAP as f32).abs() < 1e-4);
    assert!(gaps[NARROW_AFTER] < diameter);
    gaps.remove(N - 1);
    gaps.remove(NARROW_AFTER);
    assert!(gaps.iter().all(|g| (g - PACKED_GAP as f32).abs() < 1e-4));
    // Wedged: touching both neighbours of the narrow gap, to within rounding.
    let centre = c.start + Vec3::new(0.0, 0.0, HEIGHT);
    for k in [NARROW_AFTER, NARROW_AFTER + 1] {
        let d = (centre - c.obstacles[k].sphere.center).length();
        assert!((d - 0.95).abs() < 1e-6, "{d}");
    }
    assert_eq!(c.angles.len(), N);
}

#[test]
fn the_crease_slide_carries_him_along_the_crowd_and_out_of_the_wide_gap() {
    let c = crowd();
    let run = drive(&c, 98.0, false);
    println!("crease slide: {run:?}");
    // He never stops: every frame moves him.
    assert_eq!(run.zero_frames, 0, "{run:?}");
    // He slid along creatures on the way (not just walked in the open).
    assert!(run.frames_with_slides >= 10, "{run:?}");
    // He crossed the ring's circle inside the wide gap, between the centres of
    // its two neighbours (±9.03°), and ended well outside the crowd.
    let exit = run.exit_angle.expect("he left the ring").to_degrees();
    let half_gap = (c.angles[0]).to_degrees() as f32;
    assert!(exit.abs() < half_gap, "exit at {exit}°");
    let out = run.end.x.hypot(run.end.y);
    assert!(
        out > c.ring_radius as f32 + R_CREATURE + R_PLAYER + 5.0,
        "{run:?}"
    );
    // Never inside a creature by more than the ε the family allows.
    assert!(run.deepest_overlap <= F_EPSILON + 1e-5, "{run:?}");
}

#[test]
fn the_old_behaviour_leaves_him_stuck_with_a_zero_offset() {
    let c = crowd();
    let run = drive(&c, 98.0, true);
    assert_eq!(run.zero_frames, FRAMES, "{run:?}");
    assert_eq!(run.end, c.start);
    assert!(run.exit_angle.is_none());
}

/// Over a range of sideways shuffles (94° to 102°), the crease slide frees him
/// and he leaves through the wide gap, while the baseline stays wedged; below
/// 93° the crease slide's 1.41 cm threshold holds him too (nothing of the step
/// is left along A's tangent), as the derivation predicts.
#[test]
fn the_range_of_shuffles_that_free_him() {
    let c = crowd();
    for shuffle in [94.0, 96.0, 98.0, 100.0, 102.0] {
        let new = drive(&c, shuffle, false);
        let old = drive(&c, shuffle, true);
        assert_eq!(new.zero_frames, 0, "crease at {shuffle}°: {new:?}");
        assert!(new.exit_angle.is_some(), "crease at {shuffle}°: {new:?}");
        assert_eq!(old.zero_frames, FRAMES, "old at {shuffle}°: {old:?}");
    }
    let held = drive(&c, 92.0, false);
    assert_eq!(held.zero_frames, FRAMES, "{held:?}");
    // The two edges the module docs quote.
    assert!(drive(&c, 93.0, false).exit_angle.is_some());
    assert_eq!(drive(&c, 103.0, true).zero_frames, FRAMES);
    assert!(drive(&c, 104.0, true).exit_angle.is_some());
}

/// The crease slide's escape does not hang on the order the creatures are
/// tested in: the same run with the list reversed (B before A) gets out too.
#[test]
fn the_escape_does_not_depend_on_the_test_order() {
    let mut c = crowd();
    c.obstacles.reverse();
    let run = drive(&c, 98.0, false);
    assert_eq!(run.zero_frames, 0, "{run:?}");
    let exit = run.exit_angle.expect("he left the ring").to_degrees();
    assert!(
        exit.abs() < c.angles[0].to_degrees() as f32,
        "exit at {exit}°"
    );
    assert!(run.deepest_overlap <= F_EPSILON + 1e-5, "{run:?}");
    // And the baseline stays wedged in that order as well.
    let old = drive(&c, 98.0, true);
    assert_eq!(old.zero_frames, FRAMES, "{old:?}");
}

/// The baseline is not a wall: a shuffle with more backing (110°) frees it as
/// well: the old response only lets go once the input turns far enough.
#[test]
fn the_old_behaviour_is_freed_by_a_stronger_backing() {
    let c = crowd();
    let old = drive(&c, 110.0, true);
    assert_eq!(old.zero_frames, 0, "{old:?}");
    assert!(old.exit_angle.is_some(), "{old:?}");
}
