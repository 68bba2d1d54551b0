//! The components: what kind of body an entity is (its pose from its
//! `Transform`), the handle the plugin gives it, and what a game asks of
//! it.

use bevy_ecs::component::Component;
use warriors_physics::prelude::{BodyAttributes, Point3, UnitQuaternion, Vector3, WalkInput};
use warriors_physics::{Body, CarDesc, HumanDesc, Layers, ObjectBody, ObjectDesc, PaneDesc};
use warriors_physics::{SettleAxis, TypeMask};

use crate::real::PhysicsReal;

fn origin<R: PhysicsReal>() -> Point3<R> {
    Point3::new(R::ZERO, R::ZERO, R::ZERO)
}

/// A human: his feet at the entity's `Transform::translation` when the
/// plugin makes his body ([`World::add_human`](warriors_physics::World::add_human)).
/// The plugin writes his feet back after each tick and leaves his rotation
/// (his facing is the game's).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Human<R: PhysicsReal = f32> {
    /// A player (the sweep writes the slid velocity back, the body scaled
    /// by 1.4286).
    pub player: bool,
    /// The class scale (1 for most humans).
    pub scale: R,
    /// Whether other humans push him.
    pub pushable: bool,
    /// The weights.
    pub attributes: BodyAttributes<R>,
}

impl<R: PhysicsReal> Default for Human<R> {
    /// A pushable AI human of class scale 1, as [`HumanDesc::at`].
    fn default() -> Self {
        let d = HumanDesc::<R>::at(origin());
        Self {
            player: d.player,
            scale: d.scale,
            pushable: d.pushable,
            attributes: d.attributes,
        }
    }
}

impl<R: PhysicsReal> Human<R> {
    /// The player's human.
    #[must_use]
    pub fn player() -> Self {
        Self {
            player: true,
            ..Self::default()
        }
    }

    pub(crate) fn desc(&self, feet: Point3<R>) -> HumanDesc<R> {
        HumanDesc {
            feet,
            player: self.player,
            scale: self.scale,
            pushable: self.pushable,
            attributes: self.attributes,
        }
    }
}

/// A world object (a box or a sphere): its centre and rotation from the
/// entity's `Transform` when the plugin makes its body
/// ([`World::add_object`](warriors_physics::World::add_object)), both
/// written back after each tick. It stands still until thrown or let go
/// ([`Throw`]).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct WorldObject<R: PhysicsReal = f32> {
    /// The shape.
    pub shape: ObjectBody<R>,
    /// Which faces it may settle on.
    pub settle: SettleAxis,
    /// The PHYFLAG layers (strikes meet `MELEE_TARGET`).
    pub layers: Layers,
    /// The owner's type mask.
    pub type_mask: TypeMask,
    /// Weight, push weight, restitution.
    pub attributes: BodyAttributes<R>,
}

impl<R: PhysicsReal> WorldObject<R> {
    /// A box of full `size`, with [`ObjectDesc::cuboid`]'s defaults.
    #[must_use]
    pub fn cuboid(size: Vector3<R>) -> Self {
        Self::from_desc(&ObjectDesc::cuboid(origin(), size))
    }

    /// A sphere of `radius`, with [`ObjectDesc::ball`]'s defaults.
    #[must_use]
    pub fn ball(radius: R) -> Self {
        Self::from_desc(&ObjectDesc::ball(origin(), radius))
    }

    fn from_desc(d: &ObjectDesc<R>) -> Self {
        Self {
            shape: d.shape,
            settle: d.settle,
            layers: d.layers,
            type_mask: d.type_mask,
            attributes: d.attributes,
        }
    }

    pub(crate) fn desc(&self, position: Point3<R>, rotation: UnitQuaternion<f32>) -> ObjectDesc<R> {
        ObjectDesc {
            position,
            rotation,
            shape: self.shape,
            settle: self.settle,
            layers: self.layers,
            type_mask: self.type_mask,
            attributes: self.attributes,
        }
    }
}

/// A car of two boxes ([`World::add_car`](warriors_physics::World::add_car)),
/// its origin and rotation from the entity's `Transform`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Car<R: PhysicsReal = f32> {
    /// Each box's half extents and offset from the origin in the car's
    /// frame: the body and the cabin.
    pub boxes: [(Vector3<R>, Vector3<R>); 2],
}

impl<R: PhysicsReal> Car<R> {
    pub(crate) fn desc(&self, position: Point3<R>, rotation: UnitQuaternion<f32>) -> CarDesc<R> {
        CarDesc {
            position,
            rotation,
            boxes: self.boxes,
        }
    }
}

/// A glass pane of full `size` ([`World::add_pane`](warriors_physics::World::add_pane)),
/// its centre and rotation from the entity's `Transform`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Pane<R: PhysicsReal = f32> {
    /// The full size.
    pub size: Vector3<R>,
}

impl<R: PhysicsReal> Pane<R> {
    pub(crate) fn desc(&self, position: Point3<R>, rotation: UnitQuaternion<f32>) -> PaneDesc<R> {
        PaneDesc {
            position,
            rotation,
            size: self.size,
        }
    }
}

/// The body the plugin made for the entity, added by the plugin. Removing
/// it (or the body's kind, or despawning the entity) frees the body.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BodyHandle(pub(crate) Body);

impl BodyHandle {
    /// The facade's handle, for [`Physics::world`](crate::Physics::world)'s
    /// reads.
    #[must_use]
    pub fn body(self) -> Body {
        self.0
    }
}

/// The game moves this body itself: its `Transform::translation` is read
/// into the world before each tick
/// ([`World::set_position`](warriors_physics::World::set_position)) when
/// it changed, and the plugin does not write it back. A body without it
/// belongs to the world: a change the game makes to its `Transform` is
/// written over after the next tick (divergence 432).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameMoved;

/// A human moved by the walking controller (follows the ground, steps
/// onto kerbs, falls and lands): the input of its updates, given to the
/// world when it changes ([`World::control`](warriors_physics::World::control)).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Walk<R: PhysicsReal = f32>(pub WalkInput<R>);

/// A human walked by the plain body sweep at this velocity (m/s), the
/// reference walk ([`World::set_walk`](warriors_physics::World::set_walk)),
/// given to the world when it changes.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct WalkVelocity<R: PhysicsReal = f32>(pub Vector3<R>);

/// Lets a world object go (velocity zero) or throws it, once: the plugin
/// gives it to the world ([`World::drop_object`](warriors_physics::World::drop_object))
/// and removes the component.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Throw<R: PhysicsReal = f32> {
    /// The velocity it leaves with.
    pub velocity: Vector3<R>,
}

impl<R: PhysicsReal> Throw<R> {
    /// Let go, at rest.
    #[must_use]
    pub fn drop() -> Self {
        Self {
            velocity: Vector3::new(R::ZERO, R::ZERO, R::ZERO),
        }
    }

    /// Thrown at `velocity`.
    #[must_use]
    pub fn at(velocity: Vector3<R>) -> Self {
        Self { velocity }
    }
}

/// A human's strike shapes switched on, each on a bone at a world position
/// ([`World::set_bone_position`](warriors_physics::World::set_bone_position),
/// [`World::set_strike_bone`](warriors_physics::World::set_strike_bone)):
/// when it changes, every bone is switched off and those listed on.
/// Removing it switches them all off (divergence 436).
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct StrikeBones<R: PhysicsReal = f32> {
    /// The bones (the bone shape's number) and where each is.
    pub bones: Vec<(u8, Point3<R>)>,
}
