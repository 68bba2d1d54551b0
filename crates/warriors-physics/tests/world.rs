//! The game's world through the facade: a tick is the record layer's
//! sequence (the scenario runner's order) bit for bit, in both float modes;
//! typed bodies, hooks and events; stale, foreign and bad input are typed
//! errors.

mod common;

use common::{level_triangles_met, square_floor};
use test_support::both_modes;
use warriors_physics::prelude::*;
use warriors_physics::record::reference::{
    ReferenceOwner, ReferenceOwners, WalkingHumanOwner, WorldObjectOwner,
};
use warriors_physics::record::{PhysicsWorld, Quat, Vec4};

/// The floor over ±10 and a wall at x = 3 facing −x.
fn floor_and_wall<R: Real>() -> Level<R> {
    common::floor_and_wall(10.0, 3.0, "yard")
}

fn p<R: Real>(x: f32, y: f32, z: f32) -> Point3<R> {
    Point3::new(R::from_f32(x), R::from_f32(y), R::from_f32(z))
}

fn v<R: Real>(x: f32, y: f32, z: f32) -> Vector3<R> {
    Vector3::new(R::from_f32(x), R::from_f32(y), R::from_f32(z))
}

fn bits<R: Real>(q: Point3<R>) -> [u32; 3] {
    [q.x.to_bits(), q.y.to_bits(), q.z.to_bits()]
}

both_modes!(
    a_tick_is_the_record_layers_sequence,
    a_walker_stops_short_of_a_wall,
    a_crate_comes_to_rest_with_its_events,
    a_crate_of_axis_never_does_not_rest,
    hooks_change_the_answer,
    hooks_decide_who_meets,
    a_strike_is_one_event,
);

/// A walker, a second human in his way and a crate thrown at the wall,
/// through the facade's `tick` and through the record layer's calls in the
/// scenario runner's order (humans at 30 Hz on even ticks with their
/// strikes, then the objects, then the step): the same bits every tick, and
/// the same contacts asked with the same answers.
fn a_tick_is_the_record_layers_sequence<R: Real>() {
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.4);
    // The facade.
    let mut world = World::<R>::new();
    world.set_level(floor_and_wall::<R>()).unwrap();
    let walker = world.add_human(HumanDesc::at(p(-2.0, 0.0, 0.0))).unwrap();
    let other = world.add_human(HumanDesc::at(p(0.5, 0.1, 0.0))).unwrap();
    let mut desc = ObjectDesc::cuboid(p(0.0, 2.0, 1.5), v(0.3, 0.5, 0.2));
    desc.rotation = turn;
    desc.settle = SettleAxis::XZ;
    let crate_ = world.add_object(desc).unwrap();
    world.set_walk(walker, [2.0f32, 0.0, 0.0]).unwrap();
    world.drop_object(crate_, [2.5f32, 0.0, 0.0]).unwrap();
    // The record layer.
    let mut rw = PhysicsWorld::<R>::default();
    rw.set_mesh(floor_and_wall::<R>().mesh(0).unwrap().clone());
    let mut owners = ReferenceOwners::<R>::default();
    let h1 = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
        R::from_f32(-2.0),
        R::ZERO,
        R::ZERO,
    ))));
    owners.make_human_body(&mut rw, h1, true).unwrap();
    let h2 = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
        R::from_f32(0.5),
        R::from_f32(0.1),
        R::ZERO,
    ))));
    owners.make_human_body(&mut rw, h2, true).unwrap();
    let size = Vec4::new(
        R::from_f32(0.3),
        R::from_f32(0.5),
        R::from_f32(0.2),
        R::ZERO,
    );
    let mut o = WorldObjectOwner::at(
        Vec4::point(R::ZERO, R::from_f32(2.0), R::from_f32(1.5)),
        size,
        5,
    );
    let c = turn.coords;
    o.rotation = Quat::from_f32([c.x, c.y, c.z, c.w]);
    let (ob, _) = owners.add_box_object(&mut rw, o).unwrap();
    owners.drop_object(ob, Vec4::new(R::from_f32(2.5), R::ZERO, R::ZERO, R::ZERO));
    let walk = Vec4::new(R::from_f32(2.0), R::ZERO, R::ZERO, R::ZERO);
    let mut candidates = Vec::new();
    let mut met = 0;
    for tick in 0..150i64 {
        world.tick(&mut ());
        owners.now = tick;
        owners.contacts.clear();
        if tick % 2 == 0 {
            for id in [h1, h2] {
                let asked = if id == h1 { walk } else { Vec4::ZERO };
                owners.walk_human(&mut rw, id, asked);
                let Some(ReferenceOwner::Human(h)) = owners.get(id) else {
                    unreachable!()
                };
                let b = h.body.unwrap();
                rw.test_strikes(&mut owners, b, &mut candidates);
            }
        }
        for id in [h1, h2, ob] {
            owners.update_object(&mut rw, id);
        }
        rw.step(&mut owners);
        let feet = |id| match owners.get(id) {
            Some(ReferenceOwner::Human(h)) => h.position,
            _ => unreachable!(),
        };
        let vb = |v: Vec4<R>| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
        assert_eq!(
            bits(world.position(walker).unwrap()),
            vb(feet(h1)),
            "tick {tick}"
        );
        assert_eq!(
            bits(world.position(other).unwrap()),
            vb(feet(h2)),
            "tick {tick}"
        );
        let o = owners.object(ob).unwrap();
        assert_eq!(
            bits(world.position(crate_).unwrap()),
            vb(o.position),
            "tick {tick}"
        );
        assert_eq!(world.state(crate_).unwrap().bits(), o.flags, "tick {tick}");
        let events: Vec<ContactEvent<R>> = world
            .drain_events()
            .filter_map(|e| match e {
                Event::Contact(c) => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(events.len(), owners.contacts.len(), "tick {tick}");
        for (e, c) in events.iter().zip(&owners.contacts) {
            assert_eq!(e.answer.word(), c.answer, "tick {tick}");
            assert_eq!(e.fraction.to_bits(), c.fraction.to_bits(), "tick {tick}");
            let mover = [walker, other, crate_][c.mover.word() as usize - 1];
            assert_eq!(e.mover, mover);
        }
        met += events.len();
    }
    // The walk met the other human and the crate met the floor and wall.
    assert!(met > 10, "{met} contacts");
}

/// A human walked at 2 m/s into a wall 5 m ahead: his capsule (radius
/// 0.35, class scale 1) stops with the back-off 0.01 short of the wall, so
/// his feet rest at x = 3 − 0.35 − 0.01 = 2.64 (overview "Sweeping a body",
/// "Contacts"; divergence 221), and his contacts are the wall's.
fn a_walker_stops_short_of_a_wall<R: Real>() {
    let mut world = World::<R>::new();
    world.set_level(floor_and_wall::<R>()).unwrap();
    let walker = world.add_human(HumanDesc::at(p(-2.0, 0.0, 0.0))).unwrap();
    world.set_walk(walker, [2.0f32, 0.0, 0.0]).unwrap();
    let mut wall_contacts = 0;
    for _ in 0..240 {
        world.tick(&mut ());
        for e in world.drain_events() {
            if let Event::Contact(c) = e {
                assert_eq!(c.mover, walker);
                assert!(matches!(c.other, Touched::Level(_)));
                assert!(c.normal.x.to_f32() < -0.999, "{:?}", c.normal);
                wall_contacts += 1;
            }
        }
    }
    let x = world.position(walker).unwrap().x.to_f32();
    assert!((x - 2.64).abs() < 1e-3, "{x}");
    assert!(wall_contacts > 0);
}

fn floor<R: Real>() -> Level<R> {
    Level::from_soup(&square_floor(10.0), &LevelConfig::default(), "floor").unwrap()
}

/// A world over [`floor`] with a 0.4 m crate of `settle` let go with its
/// centre 1 m up.
fn dropped_crate<R: Real>(settle: SettleAxis) -> (World<R>, Body) {
    let mut world = World::<R>::new();
    world.set_level(floor::<R>()).unwrap();
    let mut desc = ObjectDesc::cuboid(p(0.0, 0.0, 1.0), v(0.4, 0.4, 0.4));
    desc.settle = settle;
    let c = world.add_object(desc).unwrap();
    world.drop_object(c, [0.0f32; 3]).unwrap();
    (world, c)
}

/// A 0.4 m crate let go 1 m up: it falls, settles and rests, one landing
/// reported and each settle that started reported finished. It rests above
/// the floor, not on it: Unit 13's zero-speed reset answers fraction 0 for
/// a box's level move (docs/quirks.md), so the crate stops where its move
/// first reaches the floor, less than one update's fall (0.3 m) above it.
fn a_crate_comes_to_rest_with_its_events<R: Real>() {
    let (mut world, c) = dropped_crate::<R>(SettleAxis::default());
    let (mut landed, mut started, mut finished, mut floor_contacts) = (0, 0, 0, 0);
    for _ in 0..240 {
        world.tick(&mut ());
        for e in world.drain_events() {
            match e {
                Event::Landed { body, .. } => {
                    assert_eq!(body, c);
                    landed += 1;
                }
                Event::SettleStarted { .. } => started += 1,
                Event::SettleFinished { .. } => finished += 1,
                Event::Contact(k) => {
                    assert!(k.normal.z.to_f32() > 0.999);
                    floor_contacts += 1;
                }
                _ => {}
            }
        }
    }
    let z = world.position(c).unwrap().z.to_f32();
    assert!(z > 0.2 && z < 0.3, "{z}");
    let state = world.state(c).unwrap();
    assert!(
        state.is_at_rest() && state.contains(ObjectState::GROUNDED),
        "{state:?}"
    );
    assert_eq!(landed, 1);
    assert!(started >= 1 && started == finished, "{started} {finished}");
    assert!(floor_contacts >= 2);
}

/// Axis byte 0 (`SettleAxis::Never`): the object never settles, and on a
/// floor it keeps answering "bounce" and stays falling: the console's rule
/// (overview "Settling a landed object": a settle is asked for only when
/// the axis byte is not 0).
fn a_crate_of_axis_never_does_not_rest<R: Real>() {
    let (mut world, c) = dropped_crate::<R>(SettleAxis::Never);
    for _ in 0..600 {
        world.tick(&mut ());
        for e in world.drain_events() {
            assert!(
                !matches!(e, Event::SettleStarted { .. } | Event::Landed { .. }),
                "{e:?}"
            );
        }
    }
    assert!(world.state(c).unwrap().contains(ObjectState::FALLING));
    // Still on the floor, not through it.
    assert!(world.position(c).unwrap().z.to_f32() > 0.19);
}

/// A hook that ignores every contact lets the crate fall through the
/// floor; the events carry the hook's answer.
struct Ghost;

impl<R: Real> Hooks<R> for Ghost {
    fn contact(&mut self, _: &ContactEvent<R>, _: ContactAnswer) -> ContactAnswer {
        ContactAnswer::IGNORE
    }
}

fn hooks_change_the_answer<R: Real>() {
    let (mut world, c) = dropped_crate::<R>(SettleAxis::default());
    let mut seen = 0;
    for _ in 0..60 {
        world.tick(&mut Ghost);
        for e in world.drain_events() {
            if let Event::Contact(k) = e {
                assert_eq!(k.answer, ContactAnswer::IGNORE);
                seen += 1;
            }
        }
    }
    assert!(seen >= 1);
    // One second of free fall from 1 m: far below the floor.
    assert!(world.position(c).unwrap().z.to_f32() < -3.0);
}

/// Humans who do not meet pass through each other; by default the walker
/// stops at the other's footprint.
struct Apart;

impl<R: Real> Hooks<R> for Apart {
    fn meets(&self, _: Body, _: Body) -> bool {
        false
    }
}

fn hooks_decide_who_meets<R: Real>() {
    let run = |apart: bool| {
        let mut world = World::<R>::new();
        let a = world.add_human(HumanDesc::at(p(0.0, 0.0, 0.0))).unwrap();
        let b = world.add_human(HumanDesc::at(p(2.0, 0.0, 0.0))).unwrap();
        world.set_walk(a, [2.0f32, 0.0, 0.0]).unwrap();
        let mut closest = f32::MAX;
        let (mut xa, mut xb) = (0.0, 0.0);
        for _ in 0..120 {
            if apart {
                world.tick(&mut Apart);
            } else {
                world.tick(&mut ());
            }
            xa = world.position(a).unwrap().x.to_f32();
            xb = world.position(b).unwrap().x.to_f32();
            closest = closest.min(xb - xa);
        }
        (xa, xb, closest)
    };
    // Never closer than where the footprints (0.35 each) touch, less the
    // back-off ("Human contacts"), and he pushes the other along.
    let (xa, xb, closest) = run(false);
    assert!(closest > 0.69 && xb > 2.5, "{xa} {xb} {closest}");
    let (xa, xb, _) = run(true);
    // 2 s at 2 m/s: 4 m, through him.
    assert!((xa - 4.0).abs() < 1e-3 && xb == 2.0, "{xa} {xb}");
}

/// A human's right hand (bone 25, a 0.09 m sphere 0.08 m along the bone)
/// posed inside a crate that strikes meet (MELEETARGET): one strike,
/// reported once (the striker then ignores the crate; divergences 241-245),
/// at a point inside the crate's box grown by the sphere's radius.
fn a_strike_is_one_event<R: Real>() {
    let mut world = World::<R>::new();
    let human = world.add_human(HumanDesc::at(p(0.0, 0.0, 0.0))).unwrap();
    let mut desc = ObjectDesc::cuboid(p(1.0, 0.0, 0.5), v(0.6, 0.6, 0.6));
    desc.layers = Layers::MELEE_TARGET;
    let target = world.add_object(desc).unwrap();
    world
        .set_bone_position(human, 25, [0.9f32, 0.0, 0.5])
        .unwrap();
    world.set_strike_bone(human, Some(25), true).unwrap();
    let mut strikes = Vec::new();
    for _ in 0..8 {
        world.tick(&mut ());
        strikes.extend(world.drain_events().filter_map(|e| match e {
            Event::Strike(s) => Some(s),
            _ => None,
        }));
    }
    assert_eq!(strikes.len(), 1, "{strikes:?}");
    let s = strikes[0];
    assert_eq!((s.striker, s.struck), (human, target));
    let q = s.point.map(|x| x.to_f32());
    assert!(q.x > 0.6 && q.x < 1.4 && q.z > 0.1 && q.z < 0.9, "{q:?}");
}

#[test]
fn stale_foreign_and_bad_input_are_errors() {
    let mut world = World::<f32>::new();
    let mut elsewhere = World::<f32>::new();
    let h = world.add_human(HumanDesc::at(Point3::origin())).unwrap();
    let c = world
        .add_object(ObjectDesc::cuboid(
            Point3::new(3.0, 0.0, 0.5),
            Vector3::repeat(1.0),
        ))
        .unwrap();
    assert_eq!(h.kind(), BodyKind::Human);
    assert_eq!(h.world(), world.id());
    assert!(matches!(elsewhere.position(h), Err(WorldError::OtherWorld)));
    assert!(matches!(elsewhere.remove(h), Err(WorldError::OtherWorld)));
    assert!(matches!(
        world.set_walk(c, [1.0, 0.0, 0.0]),
        Err(WorldError::WrongKind {
            expected: BodyKind::Human,
            found: BodyKind::Object
        })
    ));
    assert!(matches!(
        world.drop_object(h, [0.0; 3]),
        Err(WorldError::WrongKind { .. })
    ));
    assert!(matches!(
        world.set_walk(h, [f32::NAN, 0.0, 0.0]),
        Err(WorldError::Query(QueryError::NonFinite {
            input: Input::Velocity
        }))
    ));
    world.remove(h).unwrap();
    assert!(matches!(world.remove(h), Err(WorldError::NoSuchBody)));
    assert!(matches!(world.position(h), Err(WorldError::NoSuchBody)));
    // A new human takes the slot; the old handle still names nothing.
    let h2 = world.add_human(HumanDesc::at(Point3::origin())).unwrap();
    assert!(matches!(world.position(h), Err(WorldError::NoSuchBody)));
    assert!(world.position(h2).is_ok());
    let before = world.body_count();
    let bad = [
        world.add_human(HumanDesc::at(Point3::new(f32::NAN, 0.0, 0.0))),
        world.add_human(HumanDesc {
            scale: 0.0,
            ..HumanDesc::at(Point3::origin())
        }),
        world.add_object(ObjectDesc::ball(Point3::origin(), -1.0)),
        world.add_object(ObjectDesc::cuboid(
            Point3::origin(),
            Vector3::new(1.0, f32::INFINITY, 1.0),
        )),
        world.add_object(ObjectDesc {
            attributes: BodyAttributes {
                weight: f32::NAN,
                ..BodyAttributes::object()
            },
            ..ObjectDesc::ball(Point3::origin(), 1.0)
        }),
        world.add_pane(PaneDesc {
            position: Point3::origin(),
            rotation: UnitQuaternion::identity(),
            size: Vector3::new(-3.0, 1.0, 1.0),
        }),
    ];
    let inputs: Vec<_> = bad
        .iter()
        .map(|r| match r {
            Err(WorldError::Query(
                QueryError::NonFinite { input } | QueryError::Negative { input },
            )) => *input,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        inputs,
        [
            Input::Position,
            Input::Scale,
            Input::Radius,
            Input::HalfExtents,
            Input::Attribute,
            Input::HalfExtents
        ]
    );
    assert_eq!(world.body_count(), before);
}

/// 10,000 bodies made and freed: the world's owner table does not grow.
#[test]
fn freed_slots_are_used_again() {
    let mut world = World::<f32>::new();
    for k in 0..10_000 {
        let b = if k % 2 == 0 {
            world.add_human(HumanDesc::at(Point3::origin())).unwrap()
        } else {
            world
                .add_object(ObjectDesc::ball(Point3::new(0.0, 0.0, 1.0), 0.2))
                .unwrap()
        };
        world.tick(&mut ());
        world.remove(b).unwrap();
    }
    assert_eq!(world.body_count(), 0);
    assert_eq!(world.reference_owners().owners.len(), 1);
}

#[test]
fn bodies_in_a_box() {
    let mut world = World::<f32>::new();
    let bodies: Vec<Body> = (0..3)
        .map(|k| {
            world
                .add_object(ObjectDesc::cuboid(
                    Point3::new(k as f32 * 2.0, 0.0, 0.5),
                    Vector3::repeat(1.0),
                ))
                .unwrap()
        })
        .collect();
    let h = world
        .add_human(HumanDesc::at(Point3::new(4.0, 0.0, 0.0)))
        .unwrap();
    // A box around x = 4: the third crate (its box 3.5..4.5) and the human.
    let objects = world
        .bodies_in_box([3.8, -0.1, 0.0], [4.2, 0.1, 1.0], TypeMask::OBJECT)
        .unwrap()
        .to_vec();
    assert_eq!(objects, [bodies[2]]);
    let humans = world
        .bodies_in_box([3.8, -0.1, 0.0], [4.2, 0.1, 1.0], TypeMask::HUMAN)
        .unwrap()
        .to_vec();
    assert_eq!(humans, [h]);
    // Through `&self`: the same bodies in the same order, for both masks
    // together and a box over all four.
    let mut each = Vec::new();
    let n = world
        .each_body_in_box([-1.0, -1.0, 0.0], [5.0, 1.0, 2.0], TypeMask::all(), |b| {
            each.push(b)
        })
        .unwrap();
    let all = world
        .bodies_in_box([-1.0, -1.0, 0.0], [5.0, 1.0, 2.0], TypeMask::all())
        .unwrap()
        .to_vec();
    assert_eq!((n, each.len()), (4, 4));
    assert_eq!(each, all);
    assert!(world
        .each_body_in_box([f32::NAN, 0.0, 0.0], [1.0; 3], TypeMask::all(), |_| {})
        .is_err());
    let (lo, hi) = world.bounds(bodies[2]).unwrap();
    assert_eq!((lo.x, hi.x), (3.5, 4.5));
    let (half, pose) = world.box_pose(bodies[2]).unwrap().unwrap();
    assert_eq!(half, Vector3::new(0.5, 0.5, 0.5));
    assert_eq!(pose.translation.vector, Vector3::new(4.0, 0.0, 0.5));
}

/// A level of two tiles is taken (divergence 344): a crate dropped on the
/// second tile's triangle lands on it, and its contact names that tile.
#[test]
fn a_tiled_level_is_taken() {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
        SoupTriangle::new([[5.0, 0.0, 0.0], [7.0, 0.0, 0.0], [5.0, 2.0, 0.0]]),
    ];
    let cfg = LevelConfig {
        max_tile_triangles: 1,
        ..LevelConfig::default()
    };
    let level = Level::<f32>::from_soup(&soup, &cfg, "two").unwrap();
    assert_eq!(level.tile_count(), 2);
    let mut world = World::<f32>::new();
    world.set_level(level).unwrap();
    assert_eq!(world.record().tile_count(), 2);
    let ball = world
        .add_object(ObjectDesc::ball(Point3::new(5.4, 0.4, 1.0), 0.25))
        .unwrap();
    world.drop_object(ball, [0.0f32; 3]).unwrap();
    let triangles = level_triangles_met(&mut world, 60);
    assert!(!triangles.is_empty());
    assert!(
        triangles.iter().all(|&t| t == TriangleId::new(1, 0)),
        "{triangles:?}"
    );
}

/// A ramp of 10 % from x = 2 to x = 12 (1 m up), a 1 m ledge beyond it.
fn ramp<R: Real>() -> Level<R> {
    let soup = [
        // Flat ground x −10..2 at z 0.
        SoupTriangle::new([[-10.0, -5.0, 0.0], [2.0, -5.0, 0.0], [2.0, 5.0, 0.0]]),
        SoupTriangle::new([[-10.0, -5.0, 0.0], [2.0, 5.0, 0.0], [-10.0, 5.0, 0.0]]),
        // The ramp x 2..12, z = 0.1 (x − 2).
        SoupTriangle::new([[2.0, -5.0, 0.0], [12.0, -5.0, 1.0], [12.0, 5.0, 1.0]]),
        SoupTriangle::new([[2.0, -5.0, 0.0], [12.0, 5.0, 1.0], [2.0, 5.0, 0.0]]),
        // A landing x 12..14 at z 1, then the ground again at z 0 beyond.
        SoupTriangle::new([[12.0, -5.0, 1.0], [14.0, -5.0, 1.0], [14.0, 5.0, 1.0]]),
        SoupTriangle::new([[12.0, -5.0, 1.0], [14.0, 5.0, 1.0], [12.0, 5.0, 1.0]]),
        SoupTriangle::new([[14.0, -5.0, 0.0], [30.0, -5.0, 0.0], [30.0, 5.0, 0.0]]),
        SoupTriangle::new([[14.0, -5.0, 0.0], [30.0, 5.0, 0.0], [14.0, 5.0, 0.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "ramp").unwrap()
}

/// The ground height of [`ramp`] under `x` (the flat top ends at 14).
fn ramp_height(x: f32) -> f32 {
    if x < 2.0 {
        0.0
    } else if x < 12.0 {
        0.1 * (x - 2.0)
    } else if x < 14.0 {
        1.0
    } else {
        0.0
    }
}

/// A controlled human walked at 2 m/s up the 10 % ramp, over the top and
/// off its 1 m ledge: on the ground his feet stay within 1 cm of the
/// ramp's height every update; off the ledge he falls and one landing is
/// reported, after which his feet are on the ground beyond.
fn a_controlled_walker_follows_the_ground<R: Real>() {
    let mut world = World::<R>::new();
    world.set_level(ramp::<R>()).unwrap();
    let h = world.add_human(HumanDesc::at(p(0.0, 0.0, 0.0))).unwrap();
    let input = warriors_physics::WalkInput::walk(v(2.0, 0.0, 0.0));
    world.control(h, input).unwrap();
    let mut landings = 0;
    let mut airborne_seen = false;
    for _ in 0..(2 * 30 * 9) {
        world.tick(&mut ());
        landings += world
            .drain_events()
            .filter(|e| matches!(e, Event::Landed { body, .. } if *body == h))
            .count();
        let f = world.position(h).unwrap().map(|x| x.to_f32());
        let step = world.last_walk(h).unwrap().copied();
        if let Some(s) = step {
            if s.grounded && f.x < 13.9 {
                assert!((f.z - ramp_height(f.x)).abs() < 0.01, "{f:?}");
            }
            airborne_seen |= !s.grounded;
        }
    }
    let f = world.position(h).unwrap().map(|x| x.to_f32());
    // 9 s at 2 m/s from x = 0: 18 m on, on the ground beyond the ledge.
    assert!((f.x - 18.0).abs() < 0.05 && f.z.abs() < 0.01, "{f:?}");
    assert!(airborne_seen);
    assert_eq!(landings, 1);
}

both_modes!(controlled_f32_ee32 => a_controlled_walker_follows_the_ground);
