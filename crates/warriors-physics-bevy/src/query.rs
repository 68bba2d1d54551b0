//! [`SpatialQuery`]: the level's queries and the bodies in a box, as a
//! system parameter.

use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Res, SystemParam};
use warriors_physics::prelude::{
    Ground, Hit, IntoPoint, IntoScalar, IntoVector, Isometry3, Overlap, Push, RayFilter, RayHit,
};
use warriors_physics::{Answer, Body, Level, QueryError, Quirks, SweepSettings, TypeMask};

use crate::real::PhysicsReal;
use crate::resources::Physics;

/// Why a spatial query did not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpatialError {
    /// No [`PhysicsLevel`](crate::PhysicsLevel) has been given to the world
    /// yet (it is given at the first fixed step after it is inserted;
    /// divergence 434).
    #[error("the world has no level yet")]
    NoLevel,
    /// The facade refused the query's input.
    #[error(transparent)]
    Query(#[from] QueryError),
}

/// The world's level and bodies, asked from any system, as the facade's
/// [`Level`] and [`World`](warriors_physics::World) answer (the same call,
/// the same bits): sweeps, rays, overlaps and push-outs against the level,
/// and the bodies whose boxes meet a box, by entity.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use warriors_physics::prelude::*;
/// use warriors_physics_bevy::prelude::*;
///
/// /// Whether each guard sees the player, 1.6 m above the feet.
/// fn sight(query: SpatialQuery, guards: Query<&bevy_transform::components::Transform>) {
///     for t in &guards {
///         let eye = t.translation + bevy_math::Vec3::new(0.0, 0.0, 1.6);
///         let _blocked = query.line_of_sight(eye, bevy_math::Vec3::new(10.0, 0.0, 1.6));
///     }
/// }
/// # let _ = IntoSystem::into_system(sight);
/// ```
#[derive(SystemParam)]
pub struct SpatialQuery<'w, R: PhysicsReal = f32> {
    physics: Res<'w, Physics<R>>,
}

impl<R: PhysicsReal> SpatialQuery<'_, R> {
    /// The world's level, if it has one.
    #[must_use]
    pub fn level(&self) -> Option<&Level<R>> {
        self.physics.world().level()
    }

    fn with_level(&self) -> Result<&Level<R>, SpatialError> {
        self.level().ok_or(SpatialError::NoLevel)
    }

    // These methods mirror `warriors_physics::query::Level` one for one (the
    // same parameters); each adds the ECS lookup of the level, not new logic.
    /// The first level contact of a sphere swept along `motion`
    /// ([`Level::cast_sphere`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn cast_sphere(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, SpatialError> {
        Ok(self.with_level()?.cast_sphere(centre, radius, motion)?)
    }

    /// Every level contact of a sphere swept along `motion`, earliest
    /// first, marked when the record layer's cap dropped some
    /// ([`Level::cast_sphere_all`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn cast_sphere_all(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Answer<Hit<R>>, SpatialError> {
        Ok(self
            .with_level()?
            .cast_sphere_all(centre, radius, motion, settings)?)
    }

    /// The first wall a walking capsule meets along `motion`
    /// ([`Level::cast_capsule_walls`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn cast_capsule_walls(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, SpatialError> {
        Ok(self
            .with_level()?
            .cast_capsule_walls(feet, radius, height, motion)?)
    }

    /// The first level contact of a box swept along `motion`
    /// ([`Level::cast_box`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn cast_box(
        &self,
        half_extents: impl IntoVector<R>,
        pose: &Isometry3<f32>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, SpatialError> {
        Ok(self.with_level()?.cast_box(half_extents, pose, motion)?)
    }

    /// The nearest level triangle a ray meets within `length`
    /// ([`Level::cast_ray`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn cast_ray(
        &self,
        origin: impl IntoPoint<R>,
        direction: impl IntoVector<R>,
        length: impl IntoScalar<R>,
        filter: &RayFilter<'_>,
    ) -> Result<Option<RayHit<R>>, SpatialError> {
        Ok(self
            .with_level()?
            .cast_ray(origin, direction, length, filter)?)
    }

    /// What blocks the line from `from` to `to`, if anything
    /// ([`Level::line_of_sight`] with the default filter).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn line_of_sight(
        &self,
        from: impl IntoPoint<R>,
        to: impl IntoPoint<R>,
    ) -> Result<Option<RayHit<R>>, SpatialError> {
        Ok(self
            .with_level()?
            .line_of_sight(from, to, &RayFilter::default())?)
    }

    /// The level triangles a sphere overlaps, marked when the cap dropped
    /// some ([`Level::overlap_sphere`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn overlap_sphere(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
    ) -> Result<Answer<Overlap<R>>, SpatialError> {
        Ok(self.with_level()?.overlap_sphere(centre, radius)?)
    }

    /// The level triangles a box of `half_extents` posed by `pose`
    /// overlaps under `quirks` ([`Level::overlap_box`]): always empty under
    /// the console's quirks, whose box never overlaps the level; with
    /// `Quirks::corrected()`, each triangle with the shortest move that
    /// parts them.
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn overlap_box(
        &self,
        half_extents: impl IntoVector<R>,
        pose: &Isometry3<f32>,
        quirks: &Quirks,
    ) -> Result<Answer<Overlap<R>>, SpatialError> {
        Ok(self.with_level()?.overlap_box(half_extents, pose, quirks)?)
    }

    /// The level triangles an upright capsule overlaps under `quirks`
    /// ([`Level::overlap_capsule`]), as [`SpatialQuery::overlap_box`] for a
    /// box.
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn overlap_capsule(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        quirks: &Quirks,
    ) -> Result<Answer<Overlap<R>>, SpatialError> {
        Ok(self
            .with_level()?
            .overlap_capsule(feet, radius, height, quirks)?)
    }

    /// Where a sphere inside a wall is pushed out to
    /// ([`Level::push_out_of_walls`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn push_out_of_walls(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
    ) -> Result<Option<Push<R>>, SpatialError> {
        Ok(self.with_level()?.push_out_of_walls(centre, radius)?)
    }

    /// The ground within `max_drop` below `point` ([`Level::ground_below`]).
    ///
    /// # Errors
    ///
    /// [`SpatialError::NoLevel`], or the facade's refusal of the input.
    pub fn ground_below(
        &self,
        point: impl IntoPoint<R>,
        max_drop: impl IntoScalar<R>,
    ) -> Result<Option<Ground<R>>, SpatialError> {
        Ok(self.with_level()?.ground_below(point, max_drop)?)
    }

    /// The entities whose bodies' boxes meet the box `min`…`max` and whose
    /// type masks meet `mask`, in the world's order
    /// ([`World::each_body_in_box`](warriors_physics::World::each_body_in_box),
    /// `IPhysics_QueryBox`), into `out` (cleared first). A body without an
    /// entity is left out. Needs no level.
    ///
    /// # Errors
    ///
    /// The facade's refusal of a non-finite corner.
    pub fn bodies_in_box_into(
        &self,
        min: impl IntoPoint<R>,
        max: impl IntoPoint<R>,
        mask: TypeMask,
        out: &mut Vec<Entity>,
    ) -> Result<(), SpatialError> {
        out.clear();
        let physics = &self.physics;
        physics
            .world()
            .each_body_in_box(min, max, mask, |b: Body| {
                if let Some(e) = physics.entity(b) {
                    out.push(e);
                }
            })?;
        Ok(())
    }

    /// [`SpatialQuery::bodies_in_box_into`] into a new `Vec`.
    ///
    /// # Errors
    ///
    /// The facade's refusal of a non-finite corner.
    pub fn bodies_in_box(
        &self,
        min: impl IntoPoint<R>,
        max: impl IntoPoint<R>,
        mask: TypeMask,
    ) -> Result<Vec<Entity>, SpatialError> {
        let mut out = Vec::new();
        self.bodies_in_box_into(min, max, mask, &mut out)?;
        Ok(out)
    }

    /// The entity of `body`, if it has one.
    #[must_use]
    pub fn entity(&self, body: Body) -> Option<Entity> {
        self.physics.entity(body)
    }
}
