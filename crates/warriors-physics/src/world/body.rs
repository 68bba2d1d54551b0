//! Bodies as a game names and makes them: [`Body`] handles that know their
//! world, [`BodyKind`], the [`BodyAttributes`] with named fields, the
//! descriptions each kind is made from and the posed [`BodyShape`]s.

use core::num::NonZeroU32;
use core::sync::atomic::{AtomicU32, Ordering};

use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use physics_world::BodyId;
use ps2_float::Real;

use super::state::{Layers, SettleAxis, TypeMask};
use crate::convert::{box_isometry, point_out, vector_out};

/// Which world a [`Body`] belongs to: every [`World`](crate::World) made in
/// a process gets its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldId(NonZeroU32);

impl WorldId {
    /// A number no other world of this process has (they wrap after 2³²−1
    /// worlds).
    pub(crate) fn fresh() -> Self {
        static NEXT: AtomicU32 = AtomicU32::new(1);
        loop {
            if let Some(n) = NonZeroU32::new(NEXT.fetch_add(1, Ordering::Relaxed)) {
                return Self(n);
            }
        }
    }
}

/// What a body is: the pool it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BodyKind {
    /// A human (a capsule and ten bone shapes).
    Human,
    /// The punch bag.
    PunchBag,
    /// A world object (a box or a sphere).
    Object,
    /// A glass pane (a box body).
    Pane,
    /// A car (two boxes).
    Car,
}

impl From<physics_world::BodyPool> for BodyKind {
    fn from(k: physics_world::BodyPool) -> Self {
        match k {
            physics_world::BodyPool::Human => Self::Human,
            physics_world::BodyPool::PunchBag => Self::PunchBag,
            physics_world::BodyPool::Object => Self::Object,
            physics_world::BodyPool::Pane => Self::Pane,
            physics_world::BodyPool::Car => Self::Car,
        }
    }
}

/// A body of a [`World`](crate::World): a generational handle that knows
/// its world. A handle of a freed body, or one used on another world, is
/// refused with a typed error ([`WorldError::NoSuchBody`],
/// [`WorldError::OtherWorld`]); it never reaches the slot's next body
/// (divergence 351).
///
/// [`WorldError::NoSuchBody`]: crate::WorldError::NoSuchBody
/// [`WorldError::OtherWorld`]: crate::WorldError::OtherWorld
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Body {
    pub(crate) world: WorldId,
    pub(crate) id: BodyId,
}

impl Body {
    /// What the body is.
    #[must_use]
    pub fn kind(self) -> BodyKind {
        self.id.kind.into()
    }

    /// The world it belongs to.
    #[must_use]
    pub fn world(self) -> WorldId {
        self.world
    }

    /// The record layer's id of the body (for `World::record`).
    #[must_use]
    pub fn record_id(self) -> BodyId {
        self.id
    }
}

/// The numbered float attributes the physics reads (overview
/// "BodyAttributes"), by name.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BodyAttributes<R: Real> {
    /// Attribute 1: the weight.
    pub weight: R,
    /// Attribute 7: the push weight a push is divided by (1, or 1e9 while
    /// held or down).
    pub push_weight: R,
    /// Attribute 8: the restitution of a bounce (a world object's; a
    /// human's is not read).
    pub restitution: R,
}

impl<R: Real> BodyAttributes<R> {
    /// A world object's defaults: weight 1, push weight 1, restitution 0.1
    /// (the reference world object's, divergence 264).
    #[must_use]
    pub fn object() -> Self {
        Self {
            weight: R::ONE,
            push_weight: R::ONE,
            restitution: R::from_f32(0.1),
        }
    }

    /// A human's defaults: weight 82 (attribute 1 is the game's own; the
    /// examples' choice), push weight 1, restitution 0.
    #[must_use]
    pub fn human() -> Self {
        Self {
            weight: R::from_f32(82.0),
            push_weight: R::ONE,
            restitution: R::ZERO,
        }
    }
}

/// A world object's shape.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ObjectBody<R: Real> {
    /// A box of these full sizes (CfgObj shape 1).
    Box {
        /// The full size in `x`, `y`, `z`.
        size: Vector3<R>,
    },
    /// A sphere of this radius (CfgObj shape 2, whose size is the
    /// diameter).
    Sphere {
        /// The radius.
        radius: R,
    },
}

/// A human to make ([`World::add_human`](crate::World::add_human)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HumanDesc<R: Real> {
    /// Where the feet are.
    pub feet: Point3<R>,
    /// A player: the sweep writes the slid velocity back (body flag 0x400)
    /// and the body is scaled by 1.4286 ("Sweeping a body").
    pub player: bool,
    /// The class scale (`+0x65c`; 1 for most humans).
    pub scale: R,
    /// Whether other humans push him (an unpushable human's body has flag
    /// 0x200).
    pub pushable: bool,
    /// The weights.
    pub attributes: BodyAttributes<R>,
}

impl<R: Real> HumanDesc<R> {
    /// A standing, pushable AI human of class scale 1 with
    /// [`BodyAttributes::human`].
    #[must_use]
    pub fn at(feet: Point3<R>) -> Self {
        Self {
            feet,
            player: false,
            scale: R::ONE,
            pushable: true,
            attributes: BodyAttributes::human(),
        }
    }
}

/// A world object to make ([`World::add_object`](crate::World::add_object)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ObjectDesc<R: Real> {
    /// The origin (the box's centre, the sphere's centre).
    pub position: Point3<R>,
    /// The rotation.
    pub rotation: UnitQuaternion<f32>,
    /// The shape.
    pub shape: ObjectBody<R>,
    /// Which faces it may settle on (default [`SettleAxis::Any`];
    /// divergence 352).
    pub settle: SettleAxis,
    /// The PHYFLAG layers (default none).
    pub layers: Layers,
    /// The owner's type mask (default [`TypeMask::OBJECT`]).
    pub type_mask: TypeMask,
    /// Weight, push weight, restitution.
    pub attributes: BodyAttributes<R>,
}

impl<R: Real> ObjectDesc<R> {
    /// A box of full `size` at `position`, unrotated, with the defaults.
    #[must_use]
    pub fn cuboid(position: Point3<R>, size: Vector3<R>) -> Self {
        Self::new(position, ObjectBody::Box { size })
    }

    /// A sphere of `radius` at `position`, with the defaults.
    #[must_use]
    pub fn ball(position: Point3<R>, radius: R) -> Self {
        Self::new(position, ObjectBody::Sphere { radius })
    }

    fn new(position: Point3<R>, shape: ObjectBody<R>) -> Self {
        Self {
            position,
            rotation: UnitQuaternion::identity(),
            shape,
            settle: SettleAxis::default(),
            layers: Layers::empty(),
            type_mask: TypeMask::OBJECT,
            attributes: BodyAttributes::object(),
        }
    }
}

/// A car to make ([`World::add_car`](crate::World::add_car)): two boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CarDesc<R: Real> {
    /// The car's origin.
    pub position: Point3<R>,
    /// Its rotation.
    pub rotation: UnitQuaternion<f32>,
    /// Each box's half extents and offset from the origin (in the car's
    /// frame): the body and the cabin.
    pub boxes: [(Vector3<R>, Vector3<R>); 2],
}

/// A glass pane to make ([`World::add_pane`](crate::World::add_pane)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PaneDesc<R: Real> {
    /// The pane's centre.
    pub position: Point3<R>,
    /// Its rotation.
    pub rotation: UnitQuaternion<f32>,
    /// Its full size.
    pub size: Vector3<R>,
}

/// One of a body's shapes as the world last posed it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BodyShape<R: Real> {
    /// A sphere.
    Sphere {
        /// Its centre.
        centre: Point3<R>,
        /// Its radius.
        radius: R,
    },
    /// An upright capsule: the vertical range `base.z ..= base.z + height`.
    Capsule {
        /// The base point.
        base: Point3<R>,
        /// The radius.
        radius: R,
        /// The height.
        height: R,
    },
    /// An oriented box.
    Box {
        /// The half extents.
        half_extents: Vector3<R>,
        /// Its pose (in `f32`: [`box_isometry`]).
        pose: Isometry3<f32>,
    },
    /// A segment with a radius (a limb's strike volume).
    Segment {
        /// Its start.
        start: Point3<R>,
        /// Its end.
        end: Point3<R>,
        /// The radius.
        radius: R,
    },
}

impl<R: Real> BodyShape<R> {
    pub(crate) fn of(s: &kernels::Shape<R>) -> Self {
        match s {
            kernels::Shape::Sphere(s) => Self::Sphere {
                centre: point_out(s.centre),
                radius: s.radius,
            },
            kernels::Shape::Capsule(c) => Self::Capsule {
                base: point_out(c.base),
                radius: c.radius,
                height: c.height,
            },
            kernels::Shape::Box(b) => Self::Box {
                half_extents: vector_out(b.half),
                pose: box_isometry(b),
            },
            kernels::Shape::Segment(s) => Self::Segment {
                start: point_out(s.start),
                end: point_out(s.end),
                radius: s.radius,
            },
        }
    }
}
