//! [`World`]: the record layer's `PhysicsWorld` through typed [`Body`]
//! handles and value-returning calls.
//!
//! The world never stores the game's objects: every call that needs them
//! takes an [`Owners`] implementation (the game's own, or the record
//! layer's [`ReferenceOwners`]), keyed by the [`OwnerId`] the game chose.
//! Each call is one record-layer call (or, for
//! [`World::tick_reference_objects`], the scenario runner's sequence of
//! them); the world adds no physics.

use nalgebra::Point3;
use physics_world::reference::ReferenceOwners;
use physics_world::{
    BodyId, BoxQuery, MoverState, ObjectShape, ObjectType, OwnerId, Owners, PhysicsWorld,
    SweepReport, WorldConfig,
};
use ps2_float::{Real, Vec4};
use shape_pools::Aabb;

use crate::convert::{point_out, IntoPoint, IntoScalar, IntoVector};
use crate::{Input, Level, QueryError, WorldError};

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

impl From<physics_world::BodyKind> for BodyKind {
    fn from(k: physics_world::BodyKind) -> Self {
        match k {
            physics_world::BodyKind::Human => Self::Human,
            physics_world::BodyKind::PunchBag => Self::PunchBag,
            physics_world::BodyKind::Object => Self::Object,
            physics_world::BodyKind::Pane => Self::Pane,
            physics_world::BodyKind::Car => Self::Car,
        }
    }
}

/// A body of a [`World`]: a generational handle, so a freed body's handle
/// never reaches the slot's next body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(transparent)]
pub struct Body(pub BodyId);

impl Body {
    /// What the body is.
    #[must_use]
    pub fn kind(self) -> BodyKind {
        self.0.kind.into()
    }
}

/// A world object's shape, for [`World::create_object`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ObjectBody<R> {
    /// A box of these full sizes (CfgObj shape 1).
    Box {
        /// The full size in `x`, `y`, `z`.
        size: [R; 3],
    },
    /// A sphere of this radius (CfgObj shape 2, whose size is the
    /// diameter).
    Sphere {
        /// The radius.
        radius: R,
    },
}

/// The world of bodies over a [`Level`] of any number of tiles.
///
/// The record layer's world and the facade's [`Level`] beside it (for its
/// own queries, [`World::level`]) hold the same tiles: one `Arc`, no copy
/// ([`Level::shared`]). Both ask them through the one merge rule of the
/// record layer (divergences 341, 344, 345); each keeps its own query
/// scratch.
#[derive(Debug)]
pub struct World<R: Real = f32> {
    inner: PhysicsWorld<R>,
    level: Option<Level<R>>,
    candidates: Vec<BodyId>,
    found: Vec<Body>,
}

impl<R: Real> Default for World<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Real> World<R> {
    /// An empty world with the console's pool sizes and no level.
    #[must_use]
    pub fn new() -> Self {
        Self::with_config(WorldConfig::default())
    }

    /// An empty world with these pool sizes and step rate.
    #[must_use]
    pub fn with_config(config: WorldConfig) -> Self {
        Self {
            inner: PhysicsWorld::construct(config),
            level: None,
            candidates: Vec::with_capacity(256),
            found: Vec::new(),
        }
    }

    /// Puts `level` under the world's bodies, whatever its number of
    /// tiles: the record layer's world is given the level's tiles, shared
    /// (the `Arc` of [`Level::shared`]; no mesh is copied), and each of its mesh questions (the body sweep's mesh pass, the
    /// landing segment, `CollideShape`, `OverlapShape`) is asked of the
    /// tiles its box reaches and merged as one mesh would answer, with the
    /// level queries' rule (divergences 341, 344, 345). A contact's
    /// triangle word names the tile ([`TriangleId::from_word`]).
    ///
    /// # Errors
    ///
    /// [`WorldError::LevelTooLarge`] for a level the record layer's world
    /// cannot hold: more tiles than a contact's triangle word can name
    /// ([`physics_world::tiles::MAX_TILES`], 65,536); the world keeps its
    /// level then.
    ///
    /// [`TriangleId::from_word`]: crate::TriangleId::from_word
    pub fn set_level(&mut self, level: Level<R>) -> Result<(), WorldError> {
        self.inner
            .set_level(std::sync::Arc::clone(level.shared()))
            .map_err(|_| WorldError::LevelTooLarge {
                tiles: level.tile_count(),
            })?;
        self.level = Some(level);
        Ok(())
    }

    /// The level, for the facade's queries ([`Level::cast_sphere`], ...),
    /// which take `&self`; clone it (an `Arc` clone) to ask it from
    /// elsewhere, another thread included.
    ///
    /// A triangle switched on or off through the record layer's world
    /// (`record_mut().mesh_mut()`) is switched in the world's own copy,
    /// which the level then no longer shares (copy on write).
    #[must_use]
    pub fn level(&self) -> Option<&Level<R>> {
        self.level.as_ref()
    }

    /// The record layer's world, for what the facade does not wrap.
    #[must_use]
    pub fn record(&self) -> &PhysicsWorld<R> {
        &self.inner
    }

    /// The record layer's world, mutably.
    pub fn record_mut(&mut self) -> &mut PhysicsWorld<R> {
        &mut self.inner
    }

    fn made(&mut self, id: Option<BodyId>, what: &'static str) -> Result<Body, WorldError> {
        id.map(Body).ok_or(WorldError::PoolFull { what })
    }

    fn posed<O: Owners<R> + ?Sized>(&mut self, owners: &O, b: Body) -> Body {
        self.inner.update(owners, b.0);
        b
    }

    /// A human's body for `owner` (`IPhysics_CreateHumanBody`), posed from
    /// the owner's frame.
    ///
    /// # Errors
    ///
    /// [`WorldError::PoolFull`] when every human body set is in use.
    pub fn create_human<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
    ) -> Result<Body, WorldError> {
        let id = self.inner.create_human_body(owners, owner);
        let b = self.made(id, "human body")?;
        Ok(self.posed(owners, b))
    }

    /// The punch bag's body (`IPhysics_CreatePunchBagBody`), posed.
    ///
    /// # Errors
    ///
    /// [`WorldError::PoolFull`] when the bag has a body already.
    pub fn create_punch_bag<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
    ) -> Result<Body, WorldError> {
        let id = self.inner.create_punch_bag_body(owners, owner);
        let b = self.made(id, "punch bag body")?;
        Ok(self.posed(owners, b))
    }

    /// A world object's body as the game makes it from the object's type
    /// (`Obj_CreatePhysicsBody`, with no PHYFLAG layers, kind 0 and no
    /// centre offset), posed. For the type's other fields use
    /// [`World::record_mut`] and `object_body_from_type`.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite or negative size;
    /// [`WorldError::PoolFull`] when the object pool is full.
    pub fn create_object<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        shape: ObjectBody<R>,
    ) -> Result<Body, WorldError> {
        let check = |x: R, input| {
            if !x.to_f32().is_finite() {
                Err(QueryError::NonFinite { input })
            } else if x < R::ZERO {
                Err(QueryError::Negative { input })
            } else {
                Ok(x)
            }
        };
        let shape = match shape {
            ObjectBody::Box { size } => {
                for s in size {
                    check(s, Input::HalfExtents)?;
                }
                ObjectShape::Box {
                    size: Vec4::new(size[0], size[1], size[2], R::ZERO),
                }
            }
            ObjectBody::Sphere { radius } => {
                let d = check(radius, Input::Radius)? + radius;
                ObjectShape::Sphere {
                    size: Vec4::new(d, d, d, R::ZERO),
                }
            }
        };
        let ty = ObjectType {
            shape,
            centre: Vec4::ZERO,
            phyflags: 0,
            kind: 0,
        };
        let id = self
            .inner
            .object_body_from_type(owners, owner, &ty)
            .map(|(id, _)| id);
        let b = self.made(id, "object body")?;
        Ok(self.posed(owners, b))
    }

    /// A car's body of two boxes, each `(half sizes, offset)`
    /// (`IPhysics_CreateCarBody`), posed.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite box; [`WorldError::PoolFull`]
    /// when the car pool is full.
    pub fn create_car<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        boxes: [([f32; 3], [f32; 3]); 2],
    ) -> Result<Body, WorldError> {
        let mut b = [(Vec4::ZERO, Vec4::ZERO); 2];
        for (k, (half, offset)) in boxes.iter().enumerate() {
            let h: Vec4<R> = half.into_vector().ok_or(QueryError::NonFinite {
                input: Input::HalfExtents,
            })?;
            let o: Vec4<R> = offset.into_vector().ok_or(QueryError::NonFinite {
                input: Input::Position,
            })?;
            b[k] = (h, o);
        }
        let id = self.inner.create_car_body(owners, owner, b);
        let b = self.made(id, "car body")?;
        Ok(self.posed(owners, b))
    }

    /// A glass pane's box body of full `size` (`Physics_CreateBoxBody`),
    /// posed.
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite size;
    /// [`WorldError::PoolFull`] when the pane pool is full.
    pub fn create_pane<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        size: [f32; 3],
    ) -> Result<Body, WorldError> {
        let s: Vec4<R> = size.into_vector().ok_or(QueryError::NonFinite {
            input: Input::HalfExtents,
        })?;
        let id = self.inner.create_box_body(owners, owner, s);
        let b = self.made(id, "pane body")?;
        Ok(self.posed(owners, b))
    }

    /// Frees a body with its kind's free call.
    ///
    /// # Errors
    ///
    /// [`WorldError::NoSuchBody`] for a stale handle.
    pub fn free(&mut self, body: Body) -> Result<(), WorldError> {
        let id = body.0;
        let ok = match body.kind() {
            BodyKind::Human => self.inner.free_human_body(id),
            BodyKind::PunchBag => self.inner.free_punch_bag_body(id),
            BodyKind::Object => self.inner.free_object_body(id),
            BodyKind::Pane => self.inner.free_box_body(id),
            BodyKind::Car => self.inner.free_car_body(id),
        };
        ok.then_some(()).ok_or(WorldError::NoSuchBody)
    }

    /// Re-poses a body from its owner (`PhysicsBody_Update`).
    ///
    /// # Errors
    ///
    /// [`WorldError::NoSuchBody`] for a stale handle.
    pub fn update<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        body: Body,
    ) -> Result<(), WorldError> {
        self.inner
            .update(owners, body.0)
            .then_some(())
            .ok_or(WorldError::NoSuchBody)
    }

    /// Moves a body by `velocity × dt` with the body sweep
    /// (`PhysicsBody_Sweep`: the level, then the bodies, each contact put
    /// to the owner, up to three passes), then re-poses it from its owner.
    /// `mover` gives a human's layer state (airborne, running, player).
    ///
    /// # Errors
    ///
    /// [`WorldError::Query`] for a non-finite velocity or `dt`;
    /// [`WorldError::NoSuchBody`] for a stale handle.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WalkingHumanOwner};
    /// use warriors_physics::record::{MoverState, Vec4};
    ///
    /// let wall = [SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 4.0]])];
    /// let mut world = World::<f32>::new();
    /// world.set_level(Level::from_soup(&wall, &LevelConfig::default(), "wall")?)?;
    /// let mut owners = ReferenceOwners::<f32>::default();
    /// let walker = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
    ///     0.0, 0.0, 0.0,
    /// ))));
    /// let body = world.create_human(&owners, walker)?;
    /// owners.set_body(walker, body.0);
    /// for _ in 0..60 {
    ///     world.sweep(&mut owners, body, Vector3::new(2.0, 0.0, 0.0), 1.0 / 30.0, &MoverState::default())?;
    /// }
    /// // Two seconds at 2 m/s would pass x = 3; the wall stops him before it.
    /// let x = world.position(body).unwrap().x;
    /// assert!(x < 3.0 && x > 2.0, "{x}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sweep<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
        body: Body,
        velocity: impl IntoVector<R>,
        dt: impl IntoScalar<R>,
        mover: &MoverState,
    ) -> Result<SweepReport<R>, WorldError> {
        let v = velocity.into_vector().ok_or(QueryError::NonFinite {
            input: Input::Velocity,
        })?;
        let dt = dt.into_scalar().ok_or(QueryError::NonFinite {
            input: Input::Velocity,
        })?;
        if self.inner.body(body.0).is_none() {
            return Err(WorldError::NoSuchBody);
        }
        let r = self
            .inner
            .sweep(owners, body.0, v, dt, mover, &mut self.candidates);
        self.inner.update(&*owners, body.0);
        Ok(r)
    }

    /// One 60 Hz step (`IPhysics_Step`): the settles turn, the widest-body
    /// bound is refreshed when due.
    pub fn step<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &mut O,
    ) -> physics_world::step::StepReport {
        self.inner.step(owners)
    }

    /// One tick of the reference world objects, as the scenario runner
    /// runs it: each object of `owners` (in the table's order) updated when
    /// due (`WorldObject_Integrate`: gravity, the body sweep, the settle
    /// requests), then [`World::step`], then the clock one tick on.
    /// Returns how many objects swept.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WorldObjectOwner};
    /// use warriors_physics::record::Vec4;
    /// use warriors_physics::ObjectBody;
    ///
    /// let floor = [SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [0.0, 5.0, 0.0]])];
    /// let mut world = World::<f32>::new();
    /// world.set_level(Level::from_soup(&floor, &LevelConfig::default(), "floor")?)?;
    /// let mut owners = ReferenceOwners::<f32>::default();
    /// let size = [0.4, 0.4, 0.4];
    /// let id = owners.push(ReferenceOwner::Object(WorldObjectOwner::at(
    ///     Vec4::point(0.0, 0.0, 1.0), Vec4::new(0.4, 0.4, 0.4, 0.0), 0)));
    /// let body = world.create_object(&owners, id, ObjectBody::Box { size })?;
    /// owners.set_body(id, body.0);
    /// owners.drop_object(id, Vec4::ZERO);
    /// for _ in 0..120 {
    ///     world.tick_reference_objects(&mut owners);
    /// }
    /// // It came down onto the floor (its centre 0.2 above it, or close).
    /// let z = owners.object(id).unwrap().position.z;
    /// assert!(z > 0.15 && z < 0.3, "{z}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tick_reference_objects(&mut self, owners: &mut ReferenceOwners<R>) -> usize {
        let mut swept = 0;
        for k in 0..owners.owners.len() {
            let Some(id) = OwnerId::new(k as u32 + 1) else {
                continue;
            };
            if owners.object(id).is_some() && owners.update_object(&mut self.inner, id).is_some() {
                swept += 1;
            }
        }
        self.inner.step(owners);
        owners.now += 1;
        swept
    }

    /// The bodies whose boxes meet the box `min`…`max` and whose owners'
    /// type masks meet `type_mask` (`IPhysics_QueryBox`), in the sorted
    /// list's order.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a non-finite corner.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WorldObjectOwner};
    /// use warriors_physics::record::Vec4;
    ///
    /// let mut world = World::<f32>::new();
    /// let mut owners = ReferenceOwners::<f32>::default();
    /// let at = Vec4::point(4.0, 0.0, 0.5);
    /// let id = owners.push(ReferenceOwner::Object(WorldObjectOwner::at(at, Vec4::new(1.0, 1.0, 1.0, 0.0), 0)));
    /// let crate_body = world.create_object(&owners, id, ObjectBody::Box { size: [1.0, 1.0, 1.0] })?;
    /// // The crate's box is 3.5..4.5 in x; type mask 1 is a world object's.
    /// assert_eq!(world.bodies_in_box([3.8, -0.1, 0.0], [4.2, 0.1, 1.0], 0x1)?, &[crate_body]);
    /// assert!(world.bodies_in_box([5.0, -0.1, 0.0], [6.0, 0.1, 1.0], 0x1)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bodies_in_box(
        &mut self,
        min: impl IntoPoint<R>,
        max: impl IntoPoint<R>,
        type_mask: u32,
    ) -> Result<&[Body], QueryError> {
        let nf = QueryError::NonFinite {
            input: Input::Position,
        };
        let lo = min.into_point().ok_or(nf)?;
        let hi = max.into_point().ok_or(nf)?;
        self.candidates.clear();
        self.inner.query_box(
            &mut self.candidates,
            &Aabb::new(lo, hi),
            &BoxQuery::new(type_mask),
        );
        self.found.clear();
        self.found.extend(self.candidates.iter().map(|&b| Body(b)));
        Ok(&self.found)
    }

    /// The centre of the body's world box (the box itself:
    /// [`World::bounds`]).
    #[must_use]
    pub fn position(&self, body: Body) -> Option<Point3<R>> {
        let b = self.inner.body(body.0)?;
        let c = (b.aabb.min + b.aabb.max).scale(R::from_f32(0.5));
        Some(point_out(c))
    }

    /// The body's shapes as the world last posed them (the record layer's
    /// shape records, in the body's chain order).
    pub fn shapes(&self, body: Body) -> impl Iterator<Item = kernels::Shape<R>> + '_ {
        self.inner
            .body_shapes(body.0)
            .filter_map(|s| self.inner.shape(s).map(|sh| sh.geom))
    }

    /// The pose of the body's first box (a world object's crate, a car's
    /// first box, a pane) as nalgebra's `Isometry3`, with its half extents:
    /// [`box_isometry`](crate::convert::box_isometry) of the posed shape.
    /// `None` for a stale handle or a body with no box.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WorldObjectOwner};
    /// use warriors_physics::record::Vec4;
    ///
    /// let mut world = World::<f32>::new();
    /// let mut owners = ReferenceOwners::<f32>::default();
    /// let at = Vec4::point(4.0, 1.0, 0.5);
    /// let id = owners.push(ReferenceOwner::Object(WorldObjectOwner::at(at, Vec4::new(1.0, 2.0, 1.0, 0.0), 0)));
    /// let body = world.create_object(&owners, id, ObjectBody::Box { size: [1.0, 2.0, 1.0] })?;
    /// let (half, pose) = world.box_pose(body).unwrap();
    /// assert_eq!(half, Vector3::new(0.5, 1.0, 0.5));
    /// assert_eq!(pose.translation.vector, Vector3::new(4.0, 1.0, 0.5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn box_pose(&self, body: Body) -> Option<(nalgebra::Vector3<R>, nalgebra::Isometry3<f32>)> {
        self.shapes(body).find_map(|s| match s {
            kernels::Shape::Box(b) => Some((
                crate::convert::vector_out(b.half),
                crate::convert::box_isometry(&b),
            )),
            _ => None,
        })
    }

    /// The body's world box (`min`, `max`).
    #[must_use]
    pub fn bounds(&self, body: Body) -> Option<(Point3<R>, Point3<R>)> {
        let b = self.inner.body(body.0)?;
        Some((point_out(b.aabb.min), point_out(b.aabb.max)))
    }
}
