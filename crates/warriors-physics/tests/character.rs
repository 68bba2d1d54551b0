//! The walking controller (`warriors_physics::character`) against levels
//! whose ground is known: a 10 % ramp and a 40 % one, a kerb, a ledge, a
//! 1 m drop, a jump, a wall in the air, the street of the record layer's
//! workload (in one mesh and in tiles) and a generated hilly field, in
//! both float modes; bad input; no allocation once warmed up. Every
//! expected number is worked out below from the rules the module cites
//! (the research page's constants), by hand or in `f64`; none is read
//! back from the controller.

mod common;

use std::sync::Arc;

use common::{Lcg, Seeded};
use nalgebra::Vector3;
use physics_world::reference::{ReferenceOwner, ReferenceOwners, WalkingHumanOwner};
use physics_world::{BodyFlags, BodyId, OwnerId, PhysicsWorld};
use ps2_float::Vec4;
use test_support::both_modes;
use warriors_physics::character::{WalkInput, WalkStep, Walker, LANDING_OFFSET};
use warriors_physics::{
    Attributes, Input, Level, LevelConfig, QueryError, Real, SoupTriangle, WorldError,
};

test_support::counting_allocator!();

/// One update's time, as the rules' `f64` oracle takes it.
const DT: f64 = 1.0 / 30.0;
/// Gravity per update, 15.68 m/s² × 1/30 s.
const G_DT: f64 = 15.68 / 30.0;

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A quad `a b c d` (a loop) as two one-sided triangles whose normal
/// points along `facing`.
fn quad(out: &mut Vec<SoupTriangle>, q: [[f32; 3]; 4], facing: [f32; 3]) {
    let n = cross(sub(q[1], q[0]), sub(q[2], q[0]));
    let dot = n[0] * facing[0] + n[1] * facing[1] + n[2] * facing[2];
    let q = if dot < 0.0 {
        [q[0], q[3], q[2], q[1]]
    } else {
        q
    };
    out.push(SoupTriangle::new([q[0], q[1], q[2]]));
    out.push(SoupTriangle::new([q[0], q[2], q[3]]));
}

const UP: [f32; 3] = [0.0, 0.0, 1.0];

/// A horizontal floor at `z` over `[x0, x1] × [y0, y1]`.
fn floor(out: &mut Vec<SoupTriangle>, x: [f32; 2], y: [f32; 2], z: f32) {
    common::rect(out, [x[0], y[0]], [x[1], y[1]], z, Attributes::default());
}

/// The record layer's world over `soup` (through the facade's `Level`, as
/// many tiles as it needs).
fn world_of<R: Real>(soup: &[SoupTriangle], name: &str) -> PhysicsWorld<R> {
    let level = Level::<R>::from_soup(soup, &LevelConfig::default(), name).unwrap();
    let mut world = PhysicsWorld::<R>::default();
    world.set_level(Arc::clone(level.shared())).unwrap();
    world
}

/// A reference human (not a player) standing at `feet` on the level of
/// `soup`, and a walker for it: the world, the owners, the human's owner
/// and body, and the walker.
fn one_walker<R: Real>(
    soup: &[SoupTriangle],
    name: &str,
    feet: [f32; 3],
) -> (
    PhysicsWorld<R>,
    ReferenceOwners<R>,
    (OwnerId, BodyId),
    Walker<R>,
) {
    let mut world = world_of::<R>(soup, name);
    let mut owners = ReferenceOwners::<R>::default();
    let human = human(&mut world, &mut owners, feet, false);
    (world, owners, human, Walker::new())
}

/// A reference human standing at `at` (`WalkingHumanOwner::at`), its body
/// made as the game makes it.
fn human<R: Real>(
    world: &mut PhysicsWorld<R>,
    owners: &mut ReferenceOwners<R>,
    at: [f32; 3],
    player: bool,
) -> (OwnerId, BodyId) {
    let p = Vec4::from_f32([at[0], at[1], at[2], 1.0]);
    let id = owners.push(ReferenceOwner::Human(WalkingHumanOwner {
        player,
        ..WalkingHumanOwner::at(p)
    }));
    let body = owners.make_human_body(world, id, true).expect("a body");
    (id, body)
}

fn walk<R: Real>(x: f32, y: f32) -> WalkInput<R> {
    WalkInput::walk(Vector3::new(R::from_f32(x), R::from_f32(y), R::ZERO))
}

fn f<R: Real>(x: R) -> f64 {
    f64::from(x.to_f32())
}

fn xyz<R: Real>(s: &WalkStep<R>) -> [f64; 3] {
    [f(s.feet.x), f(s.feet.y), f(s.feet.z)]
}

fn position<R: Real>(owners: &ReferenceOwners<R>, id: OwnerId) -> [f64; 3] {
    match owners.get(id) {
        Some(ReferenceOwner::Human(h)) => [f(h.position.x), f(h.position.y), f(h.position.z)],
        _ => panic!("a human"),
    }
}

/// A ramp `z = slope × x` over `x ∈ [−1, 30]`, `y ∈ [−5, 5]`.
fn ramp(slope: f32) -> Vec<SoupTriangle> {
    let mut soup = Vec::new();
    let (x0, x1) = (-1.0, 30.0);
    quad(
        &mut soup,
        [
            [x0, -5.0, slope * x0],
            [x1, -5.0, slope * x1],
            [x1, 5.0, slope * x1],
            [x0, 5.0, slope * x0],
        ],
        UP,
    );
    soup
}

/// Up a 10 % ramp at 2 m/s for 5 s and back down: the ground normal's
/// `z` is 1 / √1.01 = 0.995, above the slope rule's 0.95, so the speed is
/// not scaled and each update moves 2/30 m across; after 150 updates up
/// the feet are at x = 2 + 150 × 2/30 = 12, and back at 2 after 150 down.
/// After every update the feet are within 1 cm of z = 0.1 x, on the
/// ground.
fn ramp_walked_up_and_down<R: Real>() {
    let (mut world, mut owners, (id, body), mut walker) =
        one_walker::<R>(&ramp(0.1), "ramp", [2.0, 0.0, 0.2]);
    for (dir, end) in [(2.0, 12.0), (-2.0, 2.0)] {
        for _ in 0..150 {
            let s = walker
                .update(&mut world, &mut owners, body, &walk(dir, 0.0))
                .unwrap();
            let [x, y, z] = xyz(&s);
            assert!(s.grounded && !s.blocked, "{s:?}");
            assert!((z - 0.1 * x).abs() < 0.01, "feet {z} at x {x}");
            assert_eq!(y, 0.0);
            assert_eq!(position(&owners, id), [x, y, z]);
        }
        let [x, _, z] = position(&owners, id);
        assert!((x - end).abs() < 1e-3, "x {x}, expected {end}");
        assert!((z - 0.1 * end).abs() < 0.01);
    }
}

/// Up a 40 % ramp: n.z = 1 / √1.16 = 0.928477 is below 0.95, so the
/// slope rule scales the velocity by 0.6 + 0.3 × (0.928477 − 0.5) =
/// 0.728543 (inside [0.5, 1]). The first update still has the walker's
/// initial normal (straight up, factor 1); the next 29 have the ramp's.
/// So after 30 updates at 2 m/s, x = 2 + (2/30) (1 + 29 × 0.728543) =
/// 3.475180.
fn steep_ramp_slows_the_walk<R: Real>() {
    let (mut world, mut owners, (_, body), mut walker) =
        one_walker::<R>(&ramp(0.4), "steep", [2.0, 0.0, 0.8]);
    let k = 0.6 + 0.3 * (1.0 / 1.16f64.sqrt() - 0.5);
    let mut last = None;
    for n in 1..=30 {
        let s = walker
            .update(&mut world, &mut owners, body, &walk(2.0, 0.0))
            .unwrap();
        let [x, _, z] = xyz(&s);
        let expected = 2.0 + 2.0 * DT * (1.0 + f64::from(n - 1) * k);
        assert!((x - expected).abs() < 1e-4, "update {n}: x {x}, {expected}");
        assert!((z - 0.4 * x).abs() < 0.01);
        assert!(s.grounded);
        last = Some(x);
    }
    assert!((last.unwrap() - 3.475180).abs() < 1e-4);
}

/// A step of `height` at x = 5 (its face looking at the walker, its top
/// from x 5 to 15) on a floor at 0.
fn step_level(height: f32) -> Vec<SoupTriangle> {
    let mut soup = Vec::new();
    floor(&mut soup, [-5.0, 5.0], [-5.0, 5.0], 0.0);
    quad(
        &mut soup,
        [
            [5.0, -5.0, 0.0],
            [5.0, 5.0, 0.0],
            [5.0, 5.0, height],
            [5.0, -5.0, height],
        ],
        [-1.0, 0.0, 0.0],
    );
    floor(&mut soup, [5.0, 15.0], [-5.0, 5.0], height);
    soup
}

/// A 0.15 m kerb: its face is under the walking sweep's 0.25 m, so the
/// sweep passes it and the snap (1.0 m up) lifts the feet onto its top on
/// the update the feet pass x = 5. From x = 3.01 at 2 m/s the feet pass 5
/// on update 30 (3.01 + 30 × 2/30 = 5.01; update 29 ends at 4.943); after
/// 60 updates they are at x = 7.01, at z 0.15, the walk never slowed.
fn kerb_is_stepped_onto<R: Real>() {
    let (mut world, mut owners, (_, body), mut walker) =
        one_walker::<R>(&step_level(0.15), "kerb", [3.01, 0.0, 0.0]);
    for n in 1..=60 {
        let s = walker
            .update(&mut world, &mut owners, body, &walk(2.0, 0.0))
            .unwrap();
        let [x, _, z] = xyz(&s);
        assert!(s.grounded && !s.blocked && s.contacts == 0, "{s:?}");
        let top = if n >= 30 { 0.15 } else { 0.0 };
        assert!((z - top).abs() < 1e-4, "update {n}: z {z}");
        assert!((x - (3.01 + f64::from(n) * 2.0 * DT)).abs() < 1e-4);
    }
}

/// A 0.6 m ledge is a wall: its face is taller than 0.25 m and reaches
/// above the walking sphere's centre (0.35 + 0.05 = 0.40 m up), so the
/// sphere (radius 0.35) meets the face itself and the sweep stops it
/// 0.01 m in front: the feet at x = 5 − 0.35 − 0.01 = 4.64, there for
/// every later update. Head on, the slide leaves no move, so the sweep's
/// stop writes the velocity back with no horizontal part (any body).
/// At an angle, (2, 1) m/s, an AI slides along the face (its asked
/// velocity is not written back), while a player (walking sphere
/// 0.35 × 1.4286 = 0.50001) stops at 5 − 0.50001 − 0.01 = 4.48999 with
/// its slid velocity (0, 1, 0) written back.
fn ledge_stops_the_walk<R: Real>() {
    let mut world = world_of::<R>(&step_level(0.6), "ledge");
    let mut owners = ReferenceOwners::<R>::default();
    let (_, ai) = human(&mut world, &mut owners, [3.0, -4.0, 0.0], false);
    let (_, slant) = human(&mut world, &mut owners, [3.0, -2.0, 0.0], false);
    let (_, player) = human(&mut world, &mut owners, [3.0, 1.0, 0.0], true);
    let mut walkers = [Walker::new(), Walker::new(), Walker::new()];
    let mut first_contact = [None, None, None];
    for n in 1..=60 {
        for (k, (body, input)) in [
            (ai, walk(2.0, 0.0)),
            (slant, walk(2.0, 1.0)),
            (player, walk(2.0, 1.0)),
        ]
        .into_iter()
        .enumerate()
        {
            let s = walkers[k]
                .update(&mut world, &mut owners, body, &input)
                .unwrap();
            assert!(s.grounded && f(s.feet.z).abs() < 1e-5, "{s:?}");
            if s.contacts > 0 && first_contact[k].is_none() {
                first_contact[k] = Some((n, s));
            }
            if let Some((m, _)) = first_contact[k] {
                let stop = if k == 2 { 4.48999 } else { 4.64 };
                assert!((f(s.feet.x) - stop).abs() < 1e-4, "{k}: {s:?}");
                if k == 0 {
                    assert!(s.blocked, "head on, every update from {m} is stopped");
                }
            } else {
                assert!(f(s.feet.x) < 4.65);
            }
        }
    }
    // Head on: blocked, the velocity written back with no horizontal part.
    let (_, s) = first_contact[0].unwrap();
    assert!(s.blocked && s.velocity_written);
    assert_eq!((s.velocity.x, s.velocity.y), (R::ZERO, R::ZERO));
    // The AI at an angle slid on: nothing written back, its asked velocity
    // kept, and it moved 1/30 m along the face.
    let (_, s) = first_contact[1].unwrap();
    assert!(!s.blocked && !s.velocity_written);
    assert_eq!(s.velocity.x.to_f32(), 2.0);
    assert!((f(s.displacement.y) - DT).abs() < 1e-5);
    // The player: the slid velocity (0, 1, 0) written back.
    let (_, s) = first_contact[2].unwrap();
    assert!(s.velocity_written, "{s:?}");
    assert!(f(s.velocity.x).abs() < 1e-5 && (f(s.velocity.y) - 1.0).abs() < 1e-5);
}

/// The `f64` oracle of a fall from height `z0` above a floor at 0 with
/// vertical speed `vz0` at the update the fall starts (update 0): airborne
/// update `n` (1, 2, ...) first takes gravity from its second update on
/// (`vz −= 15.68 × 1/30`, at least −50), then moves by `vz / 30`; the
/// landing segment of update `n` reaches the floor when the moved feet do
/// (`z + vz / 30 ≤ 0`). Returns the heights after each airborne update
/// before the landing, and the landing update's start height and vertical
/// speed.
fn fall_oracle(z0: f64, vz0: f64) -> (Vec<f64>, f64, f64) {
    let (mut z, mut vz) = (z0, vz0);
    let mut heights = Vec::new();
    for n in 1..1000 {
        if n >= 2 {
            vz = (vz - G_DT).max(-50.0);
        }
        let end = z + vz * DT;
        if end <= 0.0 {
            // A margin, so that the modes' rounding cannot move the update.
            assert!(end < -1e-3 && heights.last().is_none_or(|h: &f64| *h > 1e-3));
            return (heights, z, vz);
        }
        z = end;
        heights.push(z);
    }
    unreachable!("the fall ends")
}

/// Walking off a 1 m ledge (a platform top at z 1 ending at x 0.03, no
/// face below it; the floor at 0). From x = −2 at 2 m/s, the feet pass the
/// edge on update 31 (−2 + 31 × 2/30 = 0.0667): the snap's ray (from z 2,
/// 1.5 m down) misses, the fall starts with vz = 0, and the march along
/// (1, 0, 0) at z 1 meets nothing, so the target is the feet. The fall
/// (`fall_oracle`, worked by hand: z_n = 1 − 0.52267 × n(n − 1) / 60)
/// lands on airborne update 12, which starts at z_11 = 0.04178 with vz =
/// −11 × 0.52267 = −5.7493 and would end at −0.1499; the landing point is
/// where the segment from the feet raised by 1.0352 − 0.16 = 0.8752 to
/// the moved feet crosses z 0. The landing update still moves the whole
/// 2/30 m across and ends with the feet snapped onto the floor.
fn walks_off_a_ledge_and_lands<R: Real>() {
    let mut soup = Vec::new();
    floor(&mut soup, [-5.0, 0.03], [-5.0, 5.0], 1.0);
    floor(&mut soup, [-5.0, 10.0], [-5.0, 5.0], 0.0);
    let (mut world, mut owners, (id, body), mut walker) =
        one_walker::<R>(&soup, "ledge drop", [-2.0, 0.0, 1.0]);
    let x_at = |n: u32| -2.0 + f64::from(n) * 2.0 * DT;
    let raise = f64::from(LANDING_OFFSET) - 0.16;
    let (heights, z_start, vz) = fall_oracle(1.0, 0.0);
    assert_eq!(heights.len(), 11);
    assert!((z_start - 0.041778).abs() < 1e-5 && (vz + 5.74933).abs() < 1e-4);
    let n_land = 31 + heights.len() as u32 + 1;
    for n in 1..=n_land + 10 {
        let s = walker
            .update(&mut world, &mut owners, body, &walk(2.0, 0.0))
            .unwrap();
        let [x, _, z] = xyz(&s);
        assert!((x - x_at(n)).abs() < 1e-4, "update {n}: x {x}");
        match n {
            ..=30 => assert!(s.grounded && (z - 1.0).abs() < 1e-5, "{n}: {s:?}"),
            31 => {
                assert!(s.left_ground && !s.grounded && !s.jumped);
                assert!((z - 1.0).abs() < 1e-5 && s.vertical_speed == R::ZERO);
                assert_eq!(s.fall_target, Some(s.feet));
            }
            _ if n < n_land => {
                let h = heights[(n - 32) as usize];
                assert!(!s.grounded && s.landed.is_none(), "{n}: {s:?}");
                assert!((z - h).abs() < 1e-4, "update {n}: z {z}, oracle {h}");
            }
            _ if n == n_land => {
                let l = s.landed.expect("lands on the predicted update");
                assert!((f(l.impact_speed) - vz).abs() < 1e-4);
                // The segment from (x_s, z_s + raise) to (x_s + 2/30,
                // z_s + vz/30) crosses z 0 at u = (z_s + raise) / (raise −
                // vz/30) of its way.
                let u = (z_start + raise) / (raise - vz * DT);
                let x_hit = x_at(n - 1) + u * 2.0 * DT;
                assert!((f(l.point.x) - x_hit).abs() < 1e-4 && f(l.point.z).abs() < 1e-5);
                assert!(f(l.normal.z) > 0.999);
                assert!(s.grounded && z.abs() < 1e-5 && s.vertical_speed == R::ZERO);
                assert_eq!(s.velocity.z, R::ZERO);
            }
            _ => assert!(s.grounded && z.abs() < 1e-5 && s.landed.is_none()),
        }
    }
    assert!(!walker.airborne());
    // The owner's airborne flag followed (the reference owner's field).
    assert!(matches!(owners.get(id), Some(ReferenceOwner::Human(h)) if !h.airborne));
}

/// A jump from standing on a floor at 0: the launch at the end of update
/// 1 sets vz = 5.5 m/s; airborne update n then moves by
/// (5.5 − 0.52267 (n − 1)) / 30: it rises to 1.05 m (after update 11,
/// z = (5.5 × 11 − 0.52267 × 55) / 30 = 1.0585) and lands on airborne
/// update 23, which starts at z_22 = (121 − 0.52267 × 231) / 30 = 0.0088.
fn jump_rises_and_lands<R: Real>() {
    let mut soup = Vec::new();
    floor(&mut soup, [-5.0, 5.0], [-5.0, 5.0], 0.0);
    let (mut world, mut owners, (_, body), mut walker) =
        one_walker::<R>(&soup, "yard", [0.0, 0.0, 0.0]);
    let (heights, _, _) = fall_oracle(0.0, 5.5);
    assert_eq!(heights.len(), 22);
    assert!((heights[10] - 1.0585).abs() < 1e-3);
    let jump = WalkInput {
        jump: true,
        ..WalkInput::stand()
    };
    let s = walker.update(&mut world, &mut owners, body, &jump).unwrap();
    assert!(s.jumped && s.left_ground && !s.grounded);
    assert_eq!(s.vertical_speed.to_f32(), 5.5);
    for (k, h) in heights.iter().enumerate() {
        let s = walker
            .update(&mut world, &mut owners, body, &WalkInput::stand())
            .unwrap();
        assert!(!s.grounded, "airborne update {}", k + 1);
        assert!((f(s.feet.z) - h).abs() < 1e-4, "{k}: {s:?} against {h}");
    }
    let s = walker
        .update(&mut world, &mut owners, body, &WalkInput::stand())
        .unwrap();
    assert!(
        s.landed.is_some() && s.grounded && f(s.feet.z).abs() < 1e-5,
        "{s:?}"
    );
}

/// In the air beside a wall (x = 0, facing +x): the push sphere, radius
/// 0.35 centred 0.40 above the feet at x 0.25, is 0.25 from the wall's
/// plane, so `PhysicsBody_PushOutOfWalls` gives (0.35 − 0.25) = 0.1 along
/// +x, added to the body's pending push-out with flag 0x1000. The next
/// sweep moves the body by it: x 0.35, where the sphere only touches the
/// wall and no push is left.
fn pushed_out_of_a_wall_in_the_air<R: Real>() {
    let mut soup = Vec::new();
    quad(
        &mut soup,
        [
            [0.0, -5.0, -10.0],
            [0.0, 5.0, -10.0],
            [0.0, 5.0, 10.0],
            [0.0, -5.0, 10.0],
        ],
        [1.0, 0.0, 0.0],
    );
    let (mut world, mut owners, (_, body), mut walker) =
        one_walker::<R>(&soup, "wall", [0.25, 0.0, 3.0]);
    let target = walker.start_fall(&mut world, &mut owners, body).unwrap();
    assert!(walker.airborne() && target.is_some());
    let s = walker
        .update(&mut world, &mut owners, body, &WalkInput::stand())
        .unwrap();
    let p = s.push_out.expect("pushed out of the wall");
    assert!((f(p.push.x) - 0.1).abs() < 1e-5 && p.push.y == R::ZERO && p.push.z == R::ZERO);
    assert!((f(p.distance) - 0.25).abs() < 1e-5);
    let b = world.body(body).unwrap();
    assert!((f(b.push.x) - 0.1).abs() < 1e-5);
    assert!(b.flags.contains(BodyFlags::PUSH_PREDIVIDED));
    let s = walker
        .update(&mut world, &mut owners, body, &WalkInput::stand())
        .unwrap();
    assert!((f(s.feet.x) - 0.35).abs() < 1e-4, "{s:?}");
    let left = world.body(body).unwrap().push;
    assert!(f(left.x).abs() < 1e-4);
}

/// The street of the record layer's workload (`street::street_soup`: a
/// road at z 0 for |y| < 6, a 0.15 m kerb and a sidewalk at 0.15 out to
/// |y| = 7, 4 m walls there and across the ends, eight 1.2 m crates): 12
/// humans on seeded walks (new direction every 30 updates, half of them
/// mostly across the road, so they step onto the sidewalks and meet the
/// walls), 300 updates. After every update every human is on the ground
/// and its feet within 1 cm of the street's height under them (the kerb
/// line itself may read either).
fn street_walks_stay_on_the_ground<R: Real>() {
    let soup = physics_world::street::street_soup();
    let mut world = world_of::<R>(&soup, "street");
    let mut owners = ReferenceOwners::<R>::default();
    let mut rng = Lcg(0x57ee7);
    let crate_near = |x: f32, y: f32| {
        (0..8).any(|k| {
            let cx = 12.6 + k as f32 * 24.0;
            let cy = if k % 2 == 0 { -2.9 } else { 2.9 };
            (x - cx).abs() < 1.6 && (y - cy).abs() < 1.6
        })
    };
    let mut humans = Vec::new();
    while humans.len() < 12 {
        let (x, y) = (rng.range_f32(5.0, 195.0), rng.range_f32(-5.0, 5.0));
        if crate_near(x, y) {
            continue;
        }
        let player = humans.len() % 4 == 0;
        let (id, body) = human(&mut world, &mut owners, [x, y, 0.0], player);
        humans.push((id, body, Walker::<R>::new(), (0.0f32, 0.0f32)));
    }
    // The height under a point inside the walls: the road, or a sidewalk
    // past the kerb line |y| = 6 (either on the line itself).
    let ground = |y: f64| -> Option<f64> {
        let a = y.abs();
        if (a - 6.0).abs() < 1e-3 {
            None
        } else if a > 6.0 {
            Some(0.15)
        } else {
            Some(0.0)
        }
    };
    let (mut on_sidewalk, mut walls) = (0, 0);
    for n in 0..300 {
        for (k, (_, body, walker, v)) in humans.iter_mut().enumerate() {
            if n % 30 == 0 {
                let speed = rng.range_f32(1.0, 3.0);
                let a = if k % 2 == 0 {
                    // Across the road, a little off straight.
                    let side = if rng.unit_f32() < 0.5 { 1.0 } else { -1.0 };
                    side * std::f32::consts::FRAC_PI_2 + rng.range_f32(-0.4, 0.4)
                } else {
                    rng.range_f32(0.0, std::f32::consts::TAU)
                };
                *v = (speed * a.cos(), speed * a.sin());
            }
            let s = walker
                .update(&mut world, &mut owners, *body, &walk(v.0, v.1))
                .unwrap();
            let [x, y, z] = xyz(&s);
            assert!(s.grounded, "update {n}, human {k}: {s:?}");
            if let Some(g) = ground(y) {
                assert!(
                    (z - g).abs() < 0.01,
                    "update {n}, human {k} at {x}, {y}: z {z}"
                );
                if g > 0.0 {
                    on_sidewalk += 1;
                }
            } else {
                assert!(z.abs() < 0.01 || (z - 0.15).abs() < 0.01);
            }
            walls += u32::from(s.contacts > 0);
        }
    }
    // The walks did reach the sidewalks and met walls (or each other).
    assert!(on_sidewalk > 100, "{on_sidewalk} updates on a sidewalk");
    assert!(walls > 100, "{walls} updates with contacts");
}

/// The hilly field's height, the oracle: f = 0.4 sin(2π x / 10 + 0.3) +
/// 0.3 cos(2π y / 7 + 1.1) + 1.
fn hill(x: f64, y: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    0.4 * (tau * x / 10.0 + 0.3).sin() + 0.3 * (tau * y / 7.0 + 1.1).cos() + 1.0
}

/// A seeded walk over a height field of `hill` sampled every 0.25 m over
/// [0, 30]² (two right triangles a cell, 28,800 triangles). The mesh is
/// the linear interpolation of `hill` on each triangle, whose error at a
/// point is at most ½ M R², M the largest second derivative
/// (max(0.4 (2π/10)², 0.3 (2π/7)²) = 0.2417, the mixed one is 0) and R² =
/// 0.25² / 2 the triangle's squared circumradius: 0.0038 m. The slopes
/// are at most √(0.2513² + 0.2693²) = 0.368 (n.z ≥ 0.938: no triangle is
/// a wall) and a 4 m/s update climbs or drops at most 0.049 m, inside the
/// snap's 1.0 m up and 0.5 m down. So six humans walking 300 updates
/// stay on the ground, the feet within 5 mm (the bound and the floats'
/// slack) of `hill` after every update.
fn hilly_walks_stay_on_the_ground<R: Real>() {
    let s = 0.25f32;
    let n = 120;
    let mut soup = Vec::with_capacity(2 * n * n);
    let v = |i: usize, j: usize| {
        let (x, y) = (i as f32 * s, j as f32 * s);
        [x, y, hill(f64::from(x), f64::from(y)) as f32]
    };
    for i in 0..n {
        for j in 0..n {
            quad(
                &mut soup,
                [v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)],
                UP,
            );
        }
    }
    let mut world = world_of::<R>(&soup, "hills");
    let mut owners = ReferenceOwners::<R>::default();
    let mut rng = Lcg(0x41115);
    let mut humans = Vec::new();
    for k in 0..6 {
        let (x, y) = (rng.range_f32(5.0, 25.0), rng.range_f32(5.0, 25.0));
        let z = hill(f64::from(x), f64::from(y)) as f32;
        let (id, body) = human(&mut world, &mut owners, [x, y, z], k == 0);
        humans.push((id, body, Walker::<R>::new(), (0.0f32, 0.0f32)));
    }
    for step in 0..300 {
        for (k, (id, body, walker, v)) in humans.iter_mut().enumerate() {
            if step % 20 == 0 {
                let speed = rng.range_f32(1.0, 4.0);
                let a = rng.range_f32(0.0, std::f32::consts::TAU);
                *v = (speed * a.cos(), speed * a.sin());
            }
            let [x, y, _] = position(&owners, *id);
            // Turned back inwards near the field's edges.
            if (x < 3.0 && v.0 < 0.0) || (x > 27.0 && v.0 > 0.0) {
                v.0 = -v.0;
            }
            if (y < 3.0 && v.1 < 0.0) || (y > 27.0 && v.1 > 0.0) {
                v.1 = -v.1;
            }
            let s = walker
                .update(&mut world, &mut owners, *body, &walk(v.0, v.1))
                .unwrap();
            let [x, y, z] = xyz(&s);
            assert!(s.grounded && s.landed.is_none(), "{step}, {k}: {s:?}");
            let h = hill(x, y);
            assert!(
                (z - h).abs() < 0.005,
                "{step}, {k} at {x}, {y}: z {z}, ground {h}"
            );
        }
    }
}

/// The street cut into tiles of at most 150 triangles walks as the street
/// in one mesh: the snap's ray, the fall's march and the air push-out ask
/// every tile and keep the nearest, as the sweep does (divergences 345,
/// 412), so six seeded walks with jumps give the same feet, bit for bit,
/// on every update. The walks do cross tiles.
fn tiled_street_walks_as_one_mesh<R: Real>() {
    let soup = physics_world::street::street_soup();
    let one = world_of::<R>(&soup, "street");
    let tiled_level = common::tiled_level::<R>(&soup);
    assert!(tiled_level.tile_count() >= 4);
    let mut tiled = PhysicsWorld::<R>::default();
    tiled.set_level(Arc::clone(tiled_level.shared())).unwrap();
    let mut runs = Vec::new();
    let mut tiles_met = std::collections::BTreeSet::new();
    for mut world in [one, tiled] {
        let mut owners = ReferenceOwners::<R>::default();
        let mut rng = Lcg(0x711e);
        let mut humans = Vec::new();
        for k in 0..6 {
            let at = [rng.range_f32(10.0, 190.0), rng.range_f32(-5.0, 5.0), 0.0];
            let (_, body) = human(&mut world, &mut owners, at, k == 0);
            humans.push((body, Walker::<R>::new(), (0.0f32, 0.0f32)));
        }
        let mut feet = Vec::new();
        for n in 0..200 {
            for (k, (body, walker, v)) in humans.iter_mut().enumerate() {
                if n % 25 == 0 {
                    let a = rng.range_f32(0.0, std::f32::consts::TAU);
                    *v = (4.0 * a.cos(), 4.0 * a.sin());
                }
                let input = WalkInput {
                    jump: n % 40 == k,
                    ..walk(v.0, v.1)
                };
                let s = walker
                    .update(&mut world, &mut owners, *body, &input)
                    .unwrap();
                feet.push([s.feet.x.to_bits(), s.feet.y.to_bits(), s.feet.z.to_bits()]);
                if let Some(g) = s.ground {
                    tiles_met.insert(g.triangle.tile);
                }
            }
        }
        runs.push(feet);
    }
    assert!(tiles_met.len() >= 3, "{tiles_met:?}");
    assert_eq!(runs[0], runs[1]);
}

/// A stale body, a body that is not a human's and a non-finite owner
/// position are refused, nothing moved.
fn bad_bodies_are_refused<R: Real>() {
    let mut soup = Vec::new();
    floor(&mut soup, [-5.0, 5.0], [-5.0, 5.0], 0.0);
    let (mut world, mut owners, (id, body), mut walker) =
        one_walker::<R>(&soup, "yard", [0.0, 0.0, 0.0]);
    let shape = world
        .shape_pools_mut()
        .alloc_object_sphere(R::from_f32(0.3))
        .unwrap();
    let object = world
        .create_object_body(&owners, id, shape, BodyFlags::OBJECT_START)
        .unwrap();
    assert!(matches!(
        walker.update(&mut world, &mut owners, object, &walk(1.0, 0.0)),
        Err(WorldError::NotAHuman)
    ));
    assert!(world.free_human_body(body));
    assert!(matches!(
        walker.update(&mut world, &mut owners, body, &walk(1.0, 0.0)),
        Err(WorldError::NoSuchBody)
    ));
    assert_eq!(position(&owners, id), [0.0, 0.0, 0.0]);
}

/// Once warmed up (60 updates), walking allocates nothing: four humans on
/// the street, one of them jumping every 20 updates (the fall's march, the
/// landing and the air push-out), 200 updates counted. The counter
/// counts: building the street allocates.
fn warmed_up_walks_allocate_nothing<R: Real>() {
    let before = allocations();
    let mut world = world_of::<R>(&physics_world::street::street_soup(), "street");
    let mut owners = ReferenceOwners::<R>::default();
    assert!(allocations() > before);
    let mut humans = Vec::new();
    for (k, at) in [[20.0, 0.0], [21.0, 5.5], [40.0, -5.0], [60.0, 4.0]]
        .into_iter()
        .enumerate()
    {
        let (_, body) = human(&mut world, &mut owners, [at[0], at[1], 0.0], k == 1);
        let v = if k % 2 == 0 { (0.5, 2.5) } else { (1.0, -2.0) };
        humans.push((body, Walker::<R>::new(), v));
    }
    let mut counted = 0;
    let mut airborne = 0;
    for n in 0..260 {
        if n == 60 {
            counted = allocations();
        }
        for (k, (body, walker, v)) in humans.iter_mut().enumerate() {
            if n % 50 == 0 {
                *v = (-v.0, -v.1);
            }
            let input = WalkInput {
                jump: k == 1 && n % 20 == 0,
                ..walk(v.0, v.1)
            };
            let s = walker
                .update(&mut world, &mut owners, *body, &input)
                .unwrap();
            airborne += u32::from(!s.grounded);
        }
    }
    assert_eq!(allocations(), counted, "allocations after warming up");
    assert!(airborne > 50, "{airborne} airborne updates");
}

both_modes!(
    warmed_up_walks_allocate_nothing,
    ramp_walked_up_and_down,
    steep_ramp_slows_the_walk,
    kerb_is_stepped_onto,
    ledge_stops_the_walk,
    walks_off_a_ledge_and_lands,
    jump_rises_and_lands,
    pushed_out_of_a_wall_in_the_air,
    street_walks_stay_on_the_ground,
    hilly_walks_stay_on_the_ground,
    tiled_street_walks_as_one_mesh,
    bad_bodies_are_refused,
);

/// A NaN velocity or owner position (`f32`; every `Ee32` pattern is a
/// number) is refused with a typed error before anything moves.
#[test]
fn non_finite_input_is_refused() {
    let mut soup = Vec::new();
    floor(&mut soup, [-5.0, 5.0], [-5.0, 5.0], 0.0);
    let mut world = world_of::<f32>(&soup, "yard");
    let mut owners = ReferenceOwners::<f32>::default();
    let (id, body) = human(&mut world, &mut owners, [0.0, 0.0, 0.0], false);
    let mut walker = Walker::new();
    let nan = WalkInput::walk(Vector3::new(f32::NAN, 0.0, 0.0));
    assert!(matches!(
        walker.update(&mut world, &mut owners, body, &nan),
        Err(WorldError::Query(QueryError::NonFinite {
            input: Input::Velocity
        }))
    ));
    let inf = WalkInput::walk(Vector3::new(0.0, 0.0, f32::INFINITY));
    assert!(walker.update(&mut world, &mut owners, body, &inf).is_err());
    assert_eq!(position(&owners, id), [0.0, 0.0, 0.0]);
    if let Some(ReferenceOwner::Human(h)) = owners.get_mut(id) {
        h.position.x = f32::NAN;
    }
    assert!(matches!(
        walker.update(&mut world, &mut owners, body, &walk(1.0, 0.0)),
        Err(WorldError::Query(QueryError::NonFinite {
            input: Input::Position
        }))
    ));
    let mut odd = Walker::new().with_landing_offset(f32::NAN);
    if let Some(ReferenceOwner::Human(h)) = owners.get_mut(id) {
        h.position.x = 0.0;
    }
    assert!(matches!(
        odd.update(&mut world, &mut owners, body, &walk(1.0, 0.0)),
        Err(WorldError::Query(QueryError::NonFinite {
            input: Input::Height
        }))
    ));
    assert!(!walker.airborne() && walker.vertical_speed() == 0.0);
}
