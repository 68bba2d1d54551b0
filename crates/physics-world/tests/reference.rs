//! The reference owners' answers (overview "Who answers what", "Settling a
//! landed object", "Cars") and the world object's update.

use kernels::Contact;
use physics_world::reference::{
    CarOwner, ReferenceOwner, ReferenceOwners, WalkingHumanOwner, WorldObjectOwner,
};
use physics_world::{
    object_flags, BodyFlags, ContactContext, Other, OwnerId, Owners, PhysicsWorld,
};
use ps2_float::{Ee32, Real, Vec4};

use test_support::{both_modes, v};

struct Setup<R: Real> {
    world: PhysicsWorld<R>,
    owners: ReferenceOwners<R>,
    brick: OwnerId,
    walker: OwnerId,
    other_human: OwnerId,
    car: OwnerId,
}

fn setup<R: Real>() -> Setup<R> {
    let mut world = PhysicsWorld::<R>::default();
    let mut owners = ReferenceOwners::<R>::default();
    let size = v::<R>(0.07, 0.21, 0.10);
    let brick = WorldObjectOwner::at(Vec4::from_f32([0.0, 0.0, 1.0, 1.0]), size, 5);
    let (brick, _) = owners.add_box_object(&mut world, brick).unwrap();
    let human = |player| {
        ReferenceOwner::Human(WalkingHumanOwner {
            position: Vec4::from_f32([3.0, 0.0, 0.0, 1.0]),
            velocity: Vec4::ZERO,
            airborne: false,
            player,
            scale: R::ONE,
            weight: R::ONE,
            push_weight: R::ONE,
            bone: None,
            body: None,
        })
    };
    let walker = owners.push(human(true));
    let other_human = owners.push(human(false));
    let car = owners.push(ReferenceOwner::Car(CarOwner {
        position: Vec4::from_f32([6.0, 0.0, 0.0, 1.0]),
        rotation: physics_world::quat::Quat::IDENTITY,
        velocity: v(1.0, 0.0, -2.0),
        flags: object_flags::AIRBORNE,
        body: None,
    }));
    Setup {
        world,
        owners,
        brick,
        walker,
        other_human,
        car,
    }
}

fn ctx<R: Real>(s: &Setup<R>, mover: OwnerId, other: Other, n: Vec4<R>) -> ContactContext<R> {
    let mut contact = Contact::default();
    contact.other.normal.set(n);
    contact.fraction = Some(R::from_f32(0.5));
    ContactContext {
        mover,
        body: s.world.body_of_owner(s.brick).unwrap(),
        contact,
        other,
        pass_move: v(0.0, 0.0, -0.1),
        quirks: physics_world::WorldQuirks::console(),
    }
}

fn world_object_answers<R: Real>() {
    let mut s = setup::<R>();
    let b = s.brick;
    s.owners.drop_object(b, Vec4::ZERO);
    // A wall (n.z 0.7 is steep) and a body: 2.
    let wall = ctx(&s, b, Other::Level, v(0.0, 0.714_142_8, 0.7));
    assert_eq!(s.owners.on_contact(&wall), 2);
    let body = ctx(&s, b, Other::Owner(s.car), v(0.0, 0.0, 1.0));
    assert_eq!(s.owners.on_contact(&body), 2);
    assert!(s.owners.pending_settles().is_empty());
    // The floor: 0x20002 and a settle asked for, once.
    let floor = ctx(&s, b, Other::Level, v(0.0, 0.0, 1.0));
    assert_eq!(s.owners.on_contact(&floor), 0x2_0002);
    assert_eq!(s.owners.on_contact(&floor), 0x2_0002);
    assert_eq!(s.owners.pending_settles().len(), 1);
    s.owners.start_requested_settles(&mut s.world);
    assert!(s.owners.pending_settles().is_empty());
    assert!(s.world.settle_slot(b).is_some());
    let f = s.owners.object_flags(b);
    assert_eq!(f, object_flags::AIRBORNE | object_flags::SETTLING);
    // Settling: 0x20002, nothing new asked.
    assert_eq!(s.owners.on_contact(&floor), 0x2_0002);
    assert!(s.owners.pending_settles().is_empty());
    // Settled: 0x10003 and the stop.
    s.owners
        .set_object_flags(b, object_flags::AIRBORNE | object_flags::SETTLED);
    Owners::set_velocity(&mut s.owners, b, v(0.3, 0.2, -1.0));
    assert_eq!(s.owners.on_contact(&floor), 0x1_0003);
    let o = s.owners.object(b).unwrap();
    assert_eq!(o.flags, object_flags::GROUNDED);
    assert_eq!(o.velocity, Vec4::ZERO);
    assert_eq!(o.angular_velocity, Vec4::ZERO);
    // Every contact was logged with its answer.
    assert_eq!(s.owners.contacts.len(), 6);
    assert_eq!(s.owners.contacts[5].answer, 0x1_0003);
}

fn axis_zero_never_settles<R: Real>() {
    let mut s = setup::<R>();
    if let Some(ReferenceOwner::Object(o)) = s.owners.get_mut(s.brick) {
        o.axis = 0;
    }
    let floor = ctx(&s, s.brick, Other::Level, v(0.0, 0.0, 1.0));
    assert_eq!(s.owners.on_contact(&floor), 0x2_0002);
    assert!(s.owners.pending_settles().is_empty());
}

fn human_answers<R: Real>() {
    let mut s = setup::<R>();
    let w = s.walker;
    assert!(s.owners.is_player(w));
    // The class scale (+0x65c), not the player's body scale.
    assert_eq!(s.owners.human_scale(w), R::ONE);
    assert_eq!(s.owners.human_scale(s.other_human), R::ONE);
    let level = ctx(&s, w, Other::Level, v(1.0, 0.0, 0.0));
    assert_eq!(s.owners.on_contact(&level), 0x2_0001);
    let human = ctx(&s, w, Other::Owner(s.other_human), v(1.0, 0.0, 0.0));
    assert_eq!(s.owners.on_contact(&human), 4);
    s.owners.set_object_flags(w, object_flags::AIRBORNE);
    assert_eq!(s.owners.on_contact(&human), 0x2_0004);
    s.owners.set_object_flags(w, 0);
    // A body whose type mask has 0x200: 1.
    if let Some(ReferenceOwner::Object(o)) = s.owners.get_mut(s.brick) {
        o.type_mask = 0x201;
    }
    let unpushable = ctx(&s, w, Other::Owner(s.brick), v(1.0, 0.0, 0.0));
    assert_eq!(s.owners.on_contact(&unpushable), 1);
}

fn car_answers<R: Real>() {
    let mut s = setup::<R>();
    let c = s.car;
    let body = ctx(&s, c, Other::Owner(s.brick), v(0.0, 0.0, 1.0));
    assert_eq!(s.owners.on_contact(&body), 2);
    assert_eq!(s.owners.object_flags(c), object_flags::AIRBORNE);
    let level = ctx(&s, c, Other::Level, v(0.0, 0.0, 1.0));
    assert_eq!(s.owners.on_contact(&level), 2);
    assert_eq!(s.owners.object_flags(c), 0);
    match s.owners.get(c) {
        Some(ReferenceOwner::Car(car)) => assert_eq!(car.velocity, Vec4::ZERO),
        _ => panic!("the car"),
    }
}

fn update_falls_with_gravity_and_interval<R: Real>() {
    let mut s = setup::<R>();
    let b = s.brick;
    assert!(s
        .world
        .body(s.world.body_of_owner(b).unwrap())
        .unwrap()
        .flags
        .contains(BodyFlags::WRITE_VELOCITY));
    s.owners.now = 0;
    s.owners.drop_object(b, Vec4::ZERO);
    assert!(s.owners.update_object(&mut s.world, b).is_none(), "not due");
    s.owners.now = 1;
    let r = s.owners.update_object(&mut s.world, b).expect("swept");
    assert_eq!(r.contacts, 0);
    let o = *s.owners.object(b).unwrap();
    // dt 1/60: vz = -15.68 / 60.
    assert!((o.velocity.z.to_f32() + 0.261_333_3).abs() < 1e-6);
    assert_eq!(o.next_update, 3);
    // Not due at tick 2; at tick 3 dt 1/30.
    s.owners.now = 2;
    assert!(s.owners.update_object(&mut s.world, b).is_none());
    s.owners.now = 3;
    s.owners.update_object(&mut s.world, b).expect("swept");
    let o = *s.owners.object(b).unwrap();
    assert!((o.velocity.z.to_f32() + 0.784).abs() < 1e-5);
    // At rest (not airborne) the interval is 20 ticks and nothing moves.
    s.owners.set_object_flags(b, 0);
    s.owners.now = 5;
    let before = o.position;
    assert!(s.owners.update_object(&mut s.world, b).is_none());
    let o = *s.owners.object(b).unwrap();
    assert_eq!(o.position, before);
    assert_eq!(o.next_update, 25);
}

both_modes!(
    world_object_answers,
    axis_zero_never_settles,
    human_answers,
    car_answers,
    update_falls_with_gravity_and_interval,
    human_body_as_the_game_makes_it,
    corrected_object_lands_on_a_resting_body,
);

/// `Human_CreatePhysicsBody` ("Sweeping a body", "Human contacts"): a
/// player's body gets flag 0x400 and scale 1.4286 while its capsule keeps
/// the class scale (0.35 × 0.97 = 0.3395 for a class scale of 0.97, the
/// runtime's Rembrandt); an AI's body has neither; an unpushable human's
/// has 0x200; a second call frees the first body and takes the same slot.
fn human_body_as_the_game_makes_it<R: Real>() {
    let mut s = setup::<R>();
    if let Some(ReferenceOwner::Human(h)) = s.owners.get_mut(s.walker) {
        h.scale = R::from_f32(0.97);
    }
    let pb = s
        .owners
        .make_human_body(&mut s.world, s.walker, true)
        .unwrap();
    let body = s.world.body(pb).unwrap();
    assert!(body.flags.contains(BodyFlags::WRITE_VELOCITY));
    assert!(!body.flags.contains(BodyFlags::NOT_PUSHABLE));
    assert_eq!(body.scale.x.to_f32(), 1.4286);
    let capsule = s
        .world
        .get_shapes(pb)
        .and_then(|c| s.world.shape(c))
        .unwrap();
    let kernels::Shape::Capsule(c) = capsule.geom else {
        panic!("the first shape is the capsule");
    };
    assert!(
        (c.radius.to_f32() - 0.3395).abs() < 1e-6,
        "{}",
        c.radius.to_f32()
    );
    let ab = s
        .owners
        .make_human_body(&mut s.world, s.other_human, false)
        .unwrap();
    let body = s.world.body(ab).unwrap();
    assert!(!body.flags.contains(BodyFlags::WRITE_VELOCITY));
    assert!(body.flags.contains(BodyFlags::NOT_PUSHABLE));
    assert_eq!(body.scale.x.to_f32(), 1.0);
    let again = s
        .owners
        .make_human_body(&mut s.world, s.other_human, true)
        .unwrap();
    assert_eq!(
        again.slot.index, ab.slot.index,
        "the new body takes the same slot"
    );
    assert!(s.world.body(ab).is_none(), "the old handle is stale");
    assert!(s.world.body(again).unwrap().flags.bits() & 0x200 == 0);
    assert!(s
        .owners
        .make_human_body(&mut s.world, s.brick, true)
        .is_none());
}

/// Each original function the reference owners implement carries its
/// `Original:` line once in the workspace's sources.
#[test]
fn reference_originals_are_tagged_once() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut all = String::new();
    for krate in std::fs::read_dir(&root).unwrap() {
        let src = krate.unwrap().path().join("src");
        let mut stack = vec![src];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    all.push_str(&std::fs::read_to_string(&p).unwrap());
                }
            }
        }
    }
    for (name, addr) in [
        ("WorldObject_OnContact", "0x00394050"),
        ("Human_OnContact", "0x00219d50"),
        ("Car_OnLanded", "0x00389e08"),
        ("WorldObject_Integrate", "0x00395a10"),
        ("WorldObject_Update", "0x00395b70"),
        ("Human_CreatePhysicsBody", "0x0021ce08"),
    ] {
        let tag = format!("Original: `{name}` ({addr})");
        assert_eq!(all.matches(&tag).count(), 1, "{tag}");
        assert_eq!(
            all.matches(&format!("Original: `{name}`")).count(),
            1,
            "{name}"
        );
    }
}

/// A spinning object's body turns with it (its box follows the rotation).
fn spinning_object_reposes_its_body<R: Real>() {
    let mut s = setup::<R>();
    let b = s.brick;
    if let Some(ReferenceOwner::Object(o)) = s.owners.get_mut(b) {
        o.angular_velocity = v(0.0, 0.0, 10.0);
    }
    s.owners.drop_object(b, Vec4::ZERO);
    let body = s.world.body_of_owner(b).unwrap();
    let before = s.world.body(body).unwrap().aabb;
    s.owners.now = 1;
    s.owners.update_object(&mut s.world, b).expect("swept");
    let o = *s.owners.object(b).unwrap();
    assert_ne!(o.rotation, physics_world::quat::Quat::IDENTITY);
    let after = s.world.body(body).unwrap().aabb;
    // Turned about z, the 0.07 x 0.21 box's x extent grows.
    let w = |a: &shape_pools::Aabb<R>| (a.max.x - a.min.x).to_f32();
    assert!(
        w(&after) > w(&before) + 1e-3,
        "{} {}",
        w(&before),
        w(&after)
    );
}

mod spin {
    #[test]
    fn f32_mode() {
        super::spinning_object_reposes_its_body::<f32>();
    }
    #[test]
    fn ee32_mode() {
        super::spinning_object_reposes_its_body::<super::Ee32>();
    }
}

/// `world.object_lands_on_level_only` off (divergence 495): a car at rest
/// under the object is a floor like the level's: the settle is asked for,
/// and once settled the object stops (0x10003, grounded, velocity zero).
/// A car in the air, a human, a steep normal, and the console's handler
/// (the switch on) all answer the bounce, 2, as against any body.
fn corrected_object_lands_on_a_resting_body<R: Real>() {
    let mut s = setup::<R>();
    let b = s.brick;
    s.owners.drop_object(b, Vec4::ZERO);
    // The setup's car is in the air; put it down.
    if let Some(ReferenceOwner::Car(c)) = s.owners.get_mut(s.car) {
        c.flags = 0;
    }
    let corrected = physics_world::WorldQuirks::corrected();
    let with = |s: &Setup<R>, other: OwnerId, n: Vec4<R>, quirks| ContactContext {
        quirks,
        ..ctx(s, b, Other::Owner(other), n)
    };
    let up = v(0.0, 0.0, 1.0);
    let console_car = with(&s, s.car, up, physics_world::WorldQuirks::console());
    assert_eq!(s.owners.on_contact(&console_car), 2);
    assert_eq!(s.owners.on_contact(&with(&s, s.walker, up, corrected)), 2);
    let steep = v(0.0, 0.714_142_8, 0.7);
    assert_eq!(s.owners.on_contact(&with(&s, s.car, steep, corrected)), 2);
    assert!(s.owners.pending_settles().is_empty());
    // On the car at rest: the floor's answer and a settle request.
    let on_car = with(&s, s.car, up, corrected);
    assert_eq!(s.owners.on_contact(&on_car), 0x2_0002);
    assert_eq!(s.owners.pending_settles().len(), 1);
    // Settled: the stop.
    s.owners
        .set_object_flags(b, object_flags::AIRBORNE | object_flags::SETTLED);
    assert_eq!(s.owners.on_contact(&on_car), 0x1_0003);
    let o = s.owners.object(b).unwrap();
    assert_eq!(o.flags, object_flags::GROUNDED);
    assert_eq!(o.velocity, Vec4::ZERO);
    // A car in the air is no floor.
    s.owners
        .set_object_flags(b, object_flags::AIRBORNE | object_flags::SETTLED);
    if let Some(ReferenceOwner::Car(c)) = s.owners.get_mut(s.car) {
        c.flags = object_flags::AIRBORNE;
    }
    assert_eq!(s.owners.on_contact(&on_car), 2);
}
