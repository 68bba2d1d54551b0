//! The plugin's systems and observers: the level given to the world, bodies
//! made from components and freed with them, the game's inputs, the tick
//! with its messages, and the `Transform`s written back.

// A system's parameters are its queries and messages: Bevy's own style
// spells them in the signature, which these two lints count against.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

use bevy_ecs::prelude::*;
use bevy_math::Quat;
use bevy_transform::components::Transform;
use warriors_physics::prelude::{Point3, UnitQuaternion};
use warriors_physics::{Input, QueryError, WalkInput};

use crate::components::{
    BodyHandle, Car, GameMoved, Human, Pane, StrikeBones, Throw, Walk, WalkVelocity, WorldObject,
};
use crate::messages::{
    BodyRefused, ContactMessage, LandedMessage, LevelRefused, SettleMessage, StrikeMessage,
    StuckMessage, Written,
};
use crate::real::PhysicsReal;
use crate::resources::{Physics, PhysicsHooks, PhysicsLevel};

/// A `Transform`'s translation in the float mode (each lane as it is).
pub(crate) fn point_of<R: PhysicsReal>(t: &Transform) -> Point3<R> {
    let v = t.translation;
    Point3::new(R::from_f32(v.x), R::from_f32(v.y), R::from_f32(v.z))
}

/// A `Transform`'s rotation as the facade takes it, its four lanes as
/// they are (Bevy keeps it normalised; the world refuses a non-finite one).
fn rotation_of(t: &Transform) -> UnitQuaternion<f32> {
    let q = t.rotation;
    UnitQuaternion::new_unchecked(nalgebra::Quaternion::new(q.w, q.x, q.y, q.z))
}

/// Gives the world the level when the resource is inserted or replaced.
pub(crate) fn give_level<R: PhysicsReal>(
    level: Option<Res<PhysicsLevel<R>>>,
    mut physics: ResMut<Physics<R>>,
    mut refused: MessageWriter<LevelRefused>,
) {
    let Some(level) = level else { return };
    if level.is_changed() {
        if let Err(error) = physics.world_mut().set_level(level.0.clone()) {
            refused.write(LevelRefused { error });
        }
    }
}

type Kinds<'a, R> = (
    Option<&'a Human<R>>,
    Option<&'a WorldObject<R>>,
    Option<&'a Car<R>>,
    Option<&'a Pane<R>>,
);

type NewKind<R> = Or<(
    Changed<Human<R>>,
    Changed<WorldObject<R>>,
    Changed<Car<R>>,
    Changed<Pane<R>>,
)>;

/// Makes the body of each entity whose body component is new (or changed
/// since the world refused it), in the entities' order, so that bodies
/// spawned one after another are made (and walk) in that order
/// (divergence 431). A non-finite `Transform` is refused here (divergence
/// 434).
pub(crate) fn make_bodies<R: PhysicsReal>(
    mut commands: Commands,
    new: Query<(Entity, &Transform, Kinds<R>), (Without<BodyHandle>, NewKind<R>)>,
    mut physics: ResMut<Physics<R>>,
    mut refused: MessageWriter<BodyRefused>,
    mut order: Local<Vec<Entity>>,
) {
    order.clear();
    order.extend(new.iter().map(|(e, ..)| e));
    order.sort_unstable();
    for &entity in order.iter() {
        let Ok((_, t, (human, object, car, pane))) = new.get(entity) else {
            continue;
        };
        if physics.body(entity).is_some() {
            continue;
        }
        if !t.translation.is_finite() || !t.rotation.is_finite() {
            let input = if t.translation.is_finite() {
                Input::Rotation
            } else {
                Input::Position
            };
            let error = QueryError::NonFinite { input }.into();
            refused.write(BodyRefused { entity, error });
            continue;
        }
        let (p, q) = (point_of::<R>(t), rotation_of(t));
        let world = physics.world_mut();
        let made = if let Some(h) = human {
            world.add_human(h.desc(p))
        } else if let Some(o) = object {
            world.add_object(o.desc(p, q))
        } else if let Some(c) = car {
            world.add_car(c.desc(p, q))
        } else if let Some(k) = pane {
            world.add_pane(k.desc(p, q))
        } else {
            continue;
        };
        match made {
            Ok(body) => {
                physics.bind(entity, body);
                commands.entity(entity).insert(BodyHandle(body));
            }
            Err(error) => {
                refused.write(BodyRefused { entity, error });
            }
        }
    }
}

/// Gives the world what the game asked of its bodies since the last tick.
pub(crate) fn read_inputs<R: PhysicsReal>(
    mut commands: Commands,
    mut physics: ResMut<Physics<R>>,
    moved: Query<(Entity, Ref<Transform>), With<GameMoved>>,
    walks: Query<(Entity, Ref<Walk<R>>)>,
    velocities: Query<(Entity, Ref<WalkVelocity<R>>)>,
    throws: Query<(Entity, &Throw<R>)>,
    strikes: Query<(Entity, Ref<StrikeBones<R>>)>,
    mut refused: MessageWriter<BodyRefused>,
    mut calls: Local<Vec<(Entity, Asked<R>)>>,
) {
    calls.clear();
    for (e, t) in &moved {
        if t.is_changed() {
            calls.push((e, Asked::Position(point_of(&t))));
        }
    }
    for (e, w) in &walks {
        if w.is_changed() {
            calls.push((e, Asked::Walk(w.0)));
        }
    }
    for (e, v) in &velocities {
        if v.is_changed() {
            calls.push((e, Asked::Velocity(v.0)));
        }
    }
    for (e, t) in &throws {
        calls.push((e, Asked::Throw(*t)));
        commands.entity(e).remove::<Throw<R>>();
    }
    for (e, s) in &strikes {
        if s.is_changed() {
            calls.push((e, Asked::Strikes(s.bones.clone())));
        }
    }
    for (entity, input) in calls.drain(..) {
        let Some(body) = physics.body(entity) else {
            continue;
        };
        let world = physics.world_mut();
        let done = match input {
            Asked::Position(p) => world.set_position(body, p),
            Asked::Walk(w) => world.control(body, w),
            Asked::Velocity(v) => world.set_walk(body, v),
            Asked::Throw(t) => world.drop_object(body, t.velocity),
            Asked::Strikes(bones) => world.set_strike_bone(body, None, false).and_then(|()| {
                bones.iter().try_for_each(|&(bone, at)| {
                    world.set_bone_position(body, bone, at)?;
                    world.set_strike_bone(body, Some(bone), true)
                })
            }),
        };
        if let Err(error) = done {
            refused.write(BodyRefused { entity, error });
        }
    }
}

/// One input of [`read_inputs`], taken from the queries before the world
/// is asked.
pub(crate) enum Asked<R: PhysicsReal> {
    Position(Point3<R>),
    Walk(WalkInput<R>),
    Velocity(warriors_physics::prelude::Vector3<R>),
    Throw(Throw<R>),
    Strikes(Vec<(u8, Point3<R>)>),
}

/// One tick of the world with the game's hooks, its events written as
/// messages.
pub(crate) fn step<R: PhysicsReal, H: warriors_physics::Hooks<R> + Send + Sync + 'static>(
    mut physics: ResMut<Physics<R>>,
    mut hooks: ResMut<PhysicsHooks<H>>,
    mut contacts: MessageWriter<ContactMessage<R>>,
    mut strikes: MessageWriter<StrikeMessage<R>>,
    mut landings: MessageWriter<LandedMessage<R>>,
    mut settles: MessageWriter<SettleMessage>,
    mut stuck: MessageWriter<StuckMessage>,
) {
    physics.tick(&mut hooks.0);
    let physics = &*physics;
    for e in physics.events() {
        match Written::of(e, physics) {
            Some(Written::Contact(m)) => {
                contacts.write(m);
            }
            Some(Written::Strike(m)) => {
                strikes.write(m);
            }
            Some(Written::Landed(m)) => {
                landings.write(m);
            }
            Some(Written::Settle(m)) => {
                settles.write(m);
            }
            Some(Written::Stuck(m)) => {
                stuck.write(m);
            }
            None => {}
        }
    }
}

/// Writes each body's `Transform` from the world: the translation (a
/// human's feet, an object's or a car's origin) and, but for humans, the
/// rotation. Bodies the game moves ([`GameMoved`]) are left alone
/// (divergence 432).
pub(crate) fn write_transforms<R: PhysicsReal>(
    physics: Res<Physics<R>>,
    mut bodies: Query<(&BodyHandle, &mut Transform, Has<Human<R>>), Without<GameMoved>>,
) {
    let world = physics.world();
    for (handle, mut t, human) in &mut bodies {
        let Ok(p) = world.position(handle.0) else {
            continue;
        };
        let mut next = *t;
        next.translation = bevy_math::Vec3::new(p.x.to_f32(), p.y.to_f32(), p.z.to_f32());
        if !human {
            if let Ok(q) = world.rotation(handle.0) {
                next.rotation = Quat::from_xyzw(q.i, q.j, q.k, q.w);
            }
        }
        t.set_if_neq(next);
    }
}

/// Frees the body when its entity loses its handle (or is despawned):
/// at once (divergence 433).
pub(crate) fn free_on_handle_removed<R: PhysicsReal>(
    removed: On<Remove<BodyHandle>>,
    mut physics: ResMut<Physics<R>>,
) {
    physics.free(removed.entity);
}

/// Frees the body when its entity loses its body component, and takes the
/// handle off.
pub(crate) fn free_on_kind_removed<R: PhysicsReal>(
    removed: On<Remove<(Human<R>, WorldObject<R>, Car<R>, Pane<R>)>>,
    mut physics: ResMut<Physics<R>>,
    mut commands: Commands,
) {
    let entity = removed.entity;
    if physics.body(entity).is_some() {
        physics.free(entity);
        commands.entity(entity).try_remove::<BodyHandle>();
    }
}

/// Switches a human's strike shapes off when [`StrikeBones`] is removed.
pub(crate) fn strikes_off<R: PhysicsReal>(
    removed: On<Remove<StrikeBones<R>>>,
    mut physics: ResMut<Physics<R>>,
) {
    if let Some(body) = physics.body(removed.entity) {
        // The handle is live (the map holds live bodies only) and a
        // human's (only humans' bones are switched on).
        let _ = physics.world_mut().set_strike_bone(body, None, false);
    }
}
