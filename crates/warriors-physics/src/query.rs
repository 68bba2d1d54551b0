//! The level's queries as values: [`Level::cast_sphere`],
//! [`Level::cast_capsule_walls`], [`Level::cast_box`] (first contact) and their
//! `_all` forms (every contact, sorted by fraction), [`Level::cast_ray`],
//! [`Level::overlap_sphere`], [`Level::push_out_of_walls`] and
//! [`Level::ground_below`].
//!
//! Each derives the world box whose cells are walked from the shape and the
//! move (the record layer takes it from the caller, and a box too small
//! silently misses: divergence 342), checks its input ([`QueryError`]),
//! asks the record layer's query of every tile the shape can reach, and
//! turns the records into [`Hit`], [`RayHit`], [`Overlap`], [`Push`] or
//! [`Ground`]. Nothing geometric is computed here.

use bitflags::bitflags;
use collision_mesh::query::{marks, ListWalk, MESH_CONTACTS};
use collision_mesh::tiled::sort_by_fraction_stable;
use collision_mesh::{
    Aabb, CollisionMesh, Material, MeshRayFilter, QueryScratch, Ray, SweepOptions, SweepQuery,
    TiledMesh, TriangleFlags,
};
use kernels::{Capsule, Contact, OrientedBox, Sphere};
use kernels::{ParallelSideRule, Quirks};
use nalgebra::{Isometry3, Point3, Unit, Vector3};
use ps2_float::{Real, Vec4};

use crate::convert::{finite, point_out, unit_out, vector_out, IntoPoint, IntoScalar, IntoVector};
use crate::scratch::Scratch;
use crate::{error::Input, error::QueryError, ids::TriangleId, level::Level};

bitflags! {
    /// What a sphere sweep skips or marks (the record layer's options word
    /// `t2`, [`SweepOptions`], with the console's bit values). The capsule
    /// and box sweeps read none of them.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct SweepFlags: u32 {
        /// Skip faces whose unit normal's `z` is below
        /// [`SweepSettings::min_normal_z`] (console option 0x4).
        const SKIP_BELOW_MIN_NORMAL_Z = SweepOptions::NZ_MIN.bits();
        /// Skip faces whose unit normal's `z` is above
        /// [`SweepSettings::max_normal_z`] (console option 0x8).
        const SKIP_ABOVE_MAX_NORMAL_Z = SweepOptions::NZ_MAX.bits();
        /// Keep faces the sweep would skip as behind, receding or grazing,
        /// marking the hit instead ([`ContactMarks`]; console option 0x40).
        const MARK_INSTEAD_OF_SKIPPING = SweepOptions::MARK_FACES.bits();
        /// Skip triangles with flag bit 3 (console option 0x8000).
        const SKIP_FLAG_BIT_3 = SweepOptions::SKIP_BIT_3.bits();
        /// Keep one contact per plane, the earliest (console option 0x20000).
        const ONE_CONTACT_PER_PLANE = SweepOptions::ONE_PER_PLANE.bits();
    }
}

bitflags! {
    /// The marks a sphere sweep with
    /// [`SweepFlags::MARK_INSTEAD_OF_SKIPPING`] leaves on a hit (the
    /// record's flags word `+0xb0`, [`collision_mesh::query::marks`]).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct ContactMarks: u32 {
        /// The centre was behind a one-sided face (0x10).
        const BEHIND = marks::BEHIND;
        /// The move goes away from the face (0x20).
        const MOVING_AWAY = marks::AWAY;
        /// The move grazes the face, `|n·M| ≤ 0.001` (0x40).
        const GRAZING = marks::GRAZING;
    }
}

/// The settings of a sweep, with descriptive names for the record layer's
/// [`SweepQuery`] fields. The default is the body sweep's: no flag,
/// thresholds −0.65 and 0, body scale 1, the console's quirks (the lists
/// walked exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepSettings<R> {
    /// What the sphere sweep skips or marks (the options word `t2`).
    pub flags: SweepFlags,
    /// The first threshold (the console's `f12`): with
    /// [`SweepFlags::SKIP_BELOW_MIN_NORMAL_Z`] the sphere's minimum normal
    /// `z`; for the walking capsule always the wall bound (a wall has
    /// `f12 ≤ n.z ≤ −f12`).
    pub min_normal_z: R,
    /// The second threshold (`f13`), read with
    /// [`SweepFlags::SKIP_ABOVE_MAX_NORMAL_Z`].
    pub max_normal_z: R,
    /// Sweep as a body with flag 0x100 (`body +0x40`): the sphere and box
    /// sweeps skip triangles with flag bit 3.
    pub body_skips_flag_bit_3: bool,
    /// The walking capsule's body scale (`+0x60`): its sphere's radius is
    /// the capsule's times this (1.4286 for a player).
    pub body_scale: R,
    /// The walking capsule's body is airborne: its contacts get no corner
    /// slide (contact flag 0x1; divergence 294).
    pub airborne: bool,
    /// The kernels' switchable quirks (default: the console's,
    /// [`Quirks::console`]): the box sweep's zero-speed reset, the sphere
    /// sweeps' edge and corner steps, and the cell lists' overrun (walked
    /// exactly in both presets, as the specification advises).
    #[cfg_attr(feature = "serde", serde(default))]
    pub quirks: Quirks,
    /// How the sphere sweep's corner step picks its edge for a move
    /// parallel to a side plane, where the specification gives two texts
    /// (SPEC-NOTES item 3, divergence 23; default: the console's saturated
    /// crossing).
    #[cfg_attr(feature = "serde", serde(default))]
    pub side_rule: ParallelSideRule,
}

impl<R: Real> Default for SweepSettings<R> {
    fn default() -> Self {
        Self {
            flags: SweepFlags::empty(),
            min_normal_z: R::from_f32(-0.65),
            max_normal_z: R::ZERO,
            body_skips_flag_bit_3: false,
            body_scale: R::ONE,
            airborne: false,
            quirks: Quirks::console(),
            side_rule: ParallelSideRule::Saturated,
        }
    }
}

impl<R: Real> SweepSettings<R> {
    fn query(&self, world_box: Aabb<R>, max: usize) -> SweepQuery<R> {
        SweepQuery {
            world_box,
            max,
            body_flags: if self.body_skips_flag_bit_3 { 0x100 } else { 0 },
            own_shape: 0,
            options: SweepOptions::from_bits_retain(self.flags.bits()),
            nz_min: self.min_normal_z,
            nz_max: self.max_normal_z,
            walk: ListWalk::Exact,
            quirks: self.quirks,
            airborne: self.airborne,
            side_rule: self.side_rule,
        }
        .with_quirks(self.quirks)
    }
}

/// One contact of a sweep against the level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit<R: Real> {
    /// The fraction of the move at contact, in `[0, 1]` (`+0x80`).
    pub fraction: R,
    /// The record's point (`+0x90`): for a sphere or the walking capsule
    /// where the sphere touches the face's plane (`c + t·M − r·n`); for a
    /// box, the box's centre at contact.
    pub point: Point3<R>,
    /// The face's unit normal, turned to face the shape for a two-sided
    /// triangle (`+0x50`).
    pub normal: Unit<Vector3<R>>,
    /// The triangle.
    pub triangle: TriangleId,
    /// The triangle's material.
    pub material: Material,
    /// The triangle's flags.
    pub triangle_flags: TriangleFlags,
    /// The sphere sweep's marks (empty unless asked for).
    pub marks: ContactMarks,
}

/// The nearest hit of a ray.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit<R: Real> {
    /// The distance along the ray (`+0x14`).
    pub distance: R,
    /// The hit point, `origin + direction × distance`.
    pub point: Point3<R>,
    /// The face's unit normal, turned to face the ray for a two-sided
    /// triangle (`+0x00`).
    pub normal: Unit<Vector3<R>>,
    /// The triangle.
    pub triangle: TriangleId,
    /// The material (`+0x28`).
    pub material: Material,
    /// The triangle's flags `& 0xfff` (`+0x2c`).
    pub triangle_flags: TriangleFlags,
    /// The triangle's area byte (`+0x2e`).
    pub area: u8,
}

/// A triangle a sphere overlaps.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Overlap<R: Real> {
    /// How deep the sphere is in the triangle (`r − distance`).
    pub depth: R,
    /// The face's unit normal, turned to face the centre for a two-sided
    /// triangle.
    pub normal: Unit<Vector3<R>>,
    /// The triangle.
    pub triangle: TriangleId,
    /// Its material.
    pub material: Material,
}

/// The push that moves a sphere out of the nearest wall it overlaps.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Push<R: Real> {
    /// `n × (r − distance)`: add it to the centre.
    pub push: Vector3<R>,
    /// The wall's unit normal, turned to face the sphere when two-sided.
    pub normal: Unit<Vector3<R>>,
    /// The centre's distance from the wall's plane.
    pub distance: R,
    /// The wall.
    pub triangle: TriangleId,
}

/// The ground under a point.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ground<R: Real> {
    /// The ray's hit straight down.
    pub hit: RayHit<R>,
    /// Where `Collision_DropToGround` leaves the point: 0.1 above the
    /// ground, `x` and `y` kept.
    pub rest: Point3<R>,
}

/// What a ray skips: triangles of these materials, and triangles whose
/// type bits meet a mask (the record layer's [`MeshRayFilter`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayFilter<'a> {
    /// Materials the ray passes through (the material exclusion list; a
    /// `MATERIAL_NONE` entry ends the list, as on the console).
    pub skip_materials: &'a [Material],
    /// The query mask: a triangle with `flags & 0xfff & mask & !0x801` is
    /// skipped; mask bit 0 tests disabled triangles too, and mask bit 11
    /// the disabled ones with flag 0x800.
    pub skip_flags: TriangleFlags,
}

impl<'a> RayFilter<'a> {
    /// A filter passing through `materials`.
    #[must_use]
    pub fn through(materials: &'a [Material]) -> Self {
        Self {
            skip_materials: materials,
            skip_flags: TriangleFlags::empty(),
        }
    }

    /// The same filter with this mask.
    #[must_use]
    pub fn with_mask(self, skip_flags: TriangleFlags) -> Self {
        Self { skip_flags, ..self }
    }
}

/// The box around a sphere at `c` and `c + mv`.
#[inline]
fn sphere_box<R: Real>(c: Vec4<R>, r: R, mv: Vec4<R>) -> Aabb<R> {
    Aabb::swept_sphere(c, r, mv)
}

#[inline]
fn point_in<R: Real>(p: impl IntoPoint<R>, input: Input) -> Result<Vec4<R>, QueryError> {
    p.into_point().ok_or(QueryError::NonFinite { input })
}

#[inline]
fn vector_in<R: Real>(v: impl IntoVector<R>, input: Input) -> Result<Vec4<R>, QueryError> {
    v.into_vector().ok_or(QueryError::NonFinite { input })
}

#[inline]
fn size_in<R: Real>(s: impl IntoScalar<R>, input: Input) -> Result<R, QueryError> {
    check_size(
        s.into_scalar().ok_or(QueryError::NonFinite { input })?,
        input,
    )
}

#[inline]
fn check_size<R: Real>(s: R, input: Input) -> Result<R, QueryError> {
    if !s.to_f32().is_finite() {
        return Err(QueryError::NonFinite { input });
    }
    if s < R::ZERO {
        return Err(QueryError::Negative { input });
    }
    Ok(s)
}

/// The record layer's 0xc0 record of a mesh sweep as a hit on tile
/// `tile_ix`, whose mesh is `mesh`.
#[inline]
fn hit_of<R: Real>(tile_ix: u32, mesh: Option<&CollisionMesh>, c: &Contact<R>) -> Hit<R> {
    let index = c
        .triangle
        .and_then(|t| u16::try_from(t).ok())
        .unwrap_or_default();
    let tri = mesh.and_then(|m| m.triangle(usize::from(index)));
    Hit {
        fraction: c.fraction.unwrap_or(R::ZERO),
        point: point_out(c.point.get_or(R::ZERO)),
        normal: unit_out(c.other.normal.get_or(R::ZERO)),
        triangle: TriangleId::new(tile_ix, index),
        material: tri.map(|t| t.material).unwrap_or_default(),
        triangle_flags: tri.map(|t| t.flags).unwrap_or_default(),
        marks: ContactMarks::from_bits_retain(c.flags.unwrap_or(0)),
    }
}

/// What an `_all` query's answer left out: the contacts the record
/// layer's per-tile arrays dropped. The console keeps at most 100 mesh
/// contacts per query (the mesh sweeps' and `PhysicsMesh_OverlapSphere`'s
/// 100-entry stack array, [`MESH_CONTACTS`]; spec Unit 13
/// "PhysicsMesh_SweepBox"; divergence 153) and drops the rest unread; the
/// facade asks each tile with its own array (divergence 341) and counts
/// what each dropped (divergence 355). The world's own contact answers
/// (`CollideShape`, `OverlapShape`: at most 50,
/// [`physics_world::MAX_CONTACTS`]) are the record
/// layer's and not wrapped here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Truncation {
    /// The contacts met but dropped because a tile's 100-entry array was
    /// full (0: the answer holds every contact met).
    pub dropped: usize,
}

impl Truncation {
    /// Whether the answer lacks contacts it met.
    #[must_use]
    pub const fn truncated(self) -> bool {
        self.dropped > 0
    }
}

/// The answer of an `_all` query: its contacts (a slice through `Deref`,
/// or [`Answer::into_vec`]) and what the record layer's arrays dropped
/// ([`Answer::truncated`], [`Truncation`]).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Answer<T> {
    /// The contacts, in the query's order.
    pub items: Vec<T>,
    /// What was dropped.
    pub truncation: Truncation,
}

impl<T> Answer<T> {
    /// The answer of a query writing into a new list: its items and what
    /// it reports dropped.
    fn filled(
        fill: impl FnOnce(&mut Vec<T>) -> Result<Truncation, QueryError>,
    ) -> Result<Self, QueryError> {
        let mut items = Vec::new();
        let truncation = fill(&mut items)?;
        Ok(Self { items, truncation })
    }

    /// Whether some contact met was dropped (a tile's 100-entry array was
    /// full).
    #[must_use]
    pub const fn truncated(&self) -> bool {
        self.truncation.truncated()
    }

    /// The contacts.
    #[must_use]
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T> core::ops::Deref for Answer<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T> IntoIterator for Answer<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Answer<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<R: Real> Level<R> {
    /// The first contact of a mesh sweep over the tiles `bx` reaches
    /// ([`TiledMesh::first_contact`]: the earliest, a lower tile keeping an
    /// equal fraction, divergence 341), into a cleared record.
    #[inline]
    fn first<F>(&self, bx: &Aabb<R>, sweep: F) -> Option<Hit<R>>
    where
        F: FnMut(&CollisionMesh, &mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
    {
        self.with_scratch(|mesh, s| {
            let mut c = Contact::default();
            let k = mesh.first_contact(&mut s.tiles, bx, &mut c, sweep)?;
            Some(hit_of(k, mesh.tile(k as usize).map(|t| t.mesh()), &c))
        })
    }

    /// Every contact of a mesh sweep over the tiles `bx` reaches, into
    /// `out` (cleared first), sorted by fraction (stable: lower tile first,
    /// then each tile's order; [`TiledMesh::each_contact`]).
    fn all_into<F>(&self, bx: &Aabb<R>, mut sweep: F, out: &mut Vec<Hit<R>>) -> Truncation
    where
        F: FnMut(&CollisionMesh, &mut QueryScratch<R>, &mut [Contact<R>]) -> usize,
    {
        out.clear();
        let mut dropped = 0usize;
        self.with_scratch(|mesh, s| {
            let Scratch {
                tiles, out: buf, ..
            } = s;
            let counted =
                |m: &CollisionMesh, scratch: &mut QueryScratch<R>, b: &mut [Contact<R>]| {
                    let n = sweep(m, scratch, b);
                    dropped += scratch.stats().overflowed as usize;
                    n
                };
            mesh.each_contact(tiles, bx, buf, counted, |k, t, c| {
                out.push(hit_of(k, Some(t.mesh()), c));
            });
        });
        sort_by_fraction_stable(out, |h| h.fraction);
        Truncation { dropped }
    }

    /// The first contact of `swept` over the tiles its world box reaches
    /// ([`Level::first`], one contact per tile's query).
    fn first_of(&self, swept: &Swept<R>, settings: &SweepSettings<R>) -> Option<Hit<R>> {
        let q = settings.query(swept.world, 1);
        self.first(&swept.world, |mesh, scratch, out| {
            swept.on(mesh, scratch, out, &q)
        })
    }

    /// Every contact of `swept` into `out` ([`Level::all_into`], up to
    /// [`MESH_CONTACTS`] per tile's query).
    fn all_of_into(
        &self,
        swept: &Swept<R>,
        settings: &SweepSettings<R>,
        out: &mut Vec<Hit<R>>,
    ) -> Truncation {
        let q = settings.query(swept.world, MESH_CONTACTS);
        self.all_into(
            &swept.world,
            |mesh, scratch, buf| swept.on(mesh, scratch, buf, &q),
            out,
        )
    }

    /// The first contact of a sphere of `radius` at `centre` swept along
    /// `motion` against the level, with the default [`SweepSettings`].
    ///
    /// The record layer's `PhysicsMesh_SweepSphere`
    /// ([`CollisionMesh::sweep_sphere`]) on each tile the swept sphere can
    /// reach, over the box around the sphere at its start and end.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a NaN or infinite centre, radius or
    /// motion; [`QueryError::Negative`] for a radius below 0.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let hit = level
    ///     .cast_sphere(Point3::new(1.0, 1.0, 2.0), 0.5, Vector3::new(0.0, 0.0, -3.0))?
    ///     .expect("the floor is below");
    /// assert_eq!(hit.fraction, 0.5);
    /// assert_eq!(hit.normal.z, 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_sphere(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        self.cast_sphere_with(centre, radius, motion, &SweepSettings::default())
    }

    /// [`Level::cast_sphere`] with these settings.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_sphere`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// // Leave out faces whose normal points up more than 0.5: the floor.
    /// let settings = SweepSettings {
    ///     flags: SweepFlags::SKIP_ABOVE_MAX_NORMAL_Z,
    ///     max_normal_z: 0.5,
    ///     ..SweepSettings::default()
    /// };
    /// let p = Point3::new(1.0, 1.0, 2.0);
    /// let down = Vector3::new(0.0, 0.0, -3.0);
    /// assert!(level.cast_sphere_with(p, 0.5, down, &settings)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_sphere_with(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        let swept = Swept::sphere(centre, radius, motion)?;
        Ok(self.first_of(&swept, settings))
    }

    /// Every contact of the sphere sweep of [`Level::cast_sphere_with`],
    /// sorted by fraction (equal fractions: lower tile first, then the
    /// record layer's order). At most 100 contacts per tile, as the
    /// console's array holds; the answer counts those dropped
    /// ([`Answer::truncated`], [`Truncation`]; divergence 355).
    ///
    /// # Errors
    ///
    /// As [`Level::cast_sphere`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let soup = [
    ///     SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]]),
    ///     SoupTriangle::new([[0.0, 0.0, -1.0], [4.0, 0.0, -1.0], [0.0, 4.0, -1.0]]),
    /// ];
    /// let level: Level = Level::from_soup(&soup, &LevelConfig::default(), "floors")?;
    /// let p = Point3::new(1.0, 1.0, 2.0);
    /// let hits = level.cast_sphere_all(p, 0.5, Vector3::new(0.0, 0.0, -3.0), &SweepSettings::default())?;
    /// assert_eq!(hits.len(), 2);
    /// assert!(hits[0].fraction < hits[1].fraction);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_sphere_all(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Answer<Hit<R>>, QueryError> {
        Answer::filled(|items| self.cast_sphere_all_into(centre, radius, motion, settings, items))
    }

    /// [`Level::cast_sphere_all`] into `out`, which is cleared first (and
    /// left as it was on an error): nothing is allocated once `out` has
    /// the room. Returns what the tiles' arrays dropped.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_sphere`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let mut hits = Vec::with_capacity(100);
    /// let s = SweepSettings::default();
    /// level.cast_sphere_all_into([1.0, 1.0, 2.0], 0.5, [0.0, 0.0, -3.0], &s, &mut hits)?;
    /// assert_eq!(hits.len(), 1);
    /// level.cast_sphere_all_into([1.0, 1.0, 2.0], 0.5, [0.0, 0.0, 3.0], &s, &mut hits)?;
    /// assert!(hits.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_sphere_all_into(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
        out: &mut Vec<Hit<R>>,
    ) -> Result<Truncation, QueryError> {
        let swept = Swept::sphere(centre, radius, motion)?;
        Ok(self.all_of_into(&swept, settings, out))
    }

    /// The first wall the walking body meets: an upright capsule of
    /// `radius` and `height` standing on `feet`, swept along `motion` with
    /// the record layer's `PhysicsMesh_SweepCapsule`
    /// ([`CollisionMesh::sweep_capsule`]: the walking sphere, `radius ×`
    /// [`SweepSettings::body_scale`], `r + 0.05` above the feet; walls only,
    /// kerbs under 0.25 m left out).
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] / [`QueryError::Negative`] for the feet,
    /// radius, height or motion (and the settings' body scale, as a radius).
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// // A wall 2 m high across x = 3.
    /// let wall = [
    ///     SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, -5.0, 2.0]]),
    ///     SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 2.0], [3.0, 5.0, 2.0]]),
    /// ];
    /// let level: Level = Level::from_soup(&wall, &LevelConfig::default(), "wall")?;
    /// let hit = level
    ///     .cast_capsule_walls(Point3::new(0.0, 0.0, 0.0), 0.3, 1.8, Vector3::new(4.0, 0.0, 0.0))?
    ///     .expect("the wall is ahead");
    /// assert!((hit.fraction - 2.7 / 4.0).abs() < 1e-5);
    /// assert_eq!(hit.normal.x, -1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    // The `cast_*` methods share their form (checked inputs, a swept box, one
    // mesh query per tile); each calls its own record-layer query.
    pub fn cast_capsule_walls(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        self.cast_capsule_walls_with(feet, radius, height, motion, &SweepSettings::default())
    }

    /// [`Level::cast_capsule_walls`] with these settings.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_capsule_walls`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let wall = [SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 2.0]])];
    /// let level: Level = Level::from_soup(&wall, &LevelConfig::default(), "wall")?;
    /// // A player's body is 1.4286 times as wide.
    /// let player = SweepSettings { body_scale: 1.4286, ..SweepSettings::default() };
    /// let hit = level
    ///     .cast_capsule_walls_with([0.0, 0.0, 0.0], 0.3, 1.8, [4.0, 0.0, 0.0], &player)?
    ///     .unwrap();
    /// assert!((hit.fraction - (3.0 - 0.3 * 1.4286) / 4.0).abs() < 1e-5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_capsule_walls_with(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        let swept = Swept::capsule(feet, radius, height, motion, settings)?;
        Ok(self.first_of(&swept, settings))
    }

    /// Every contact of [`Level::cast_capsule_walls_with`], sorted by fraction
    /// (ties as [`Level::cast_sphere_all`]).
    ///
    /// # Errors
    ///
    /// As [`Level::cast_capsule_walls`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let walls = [
    ///     SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 2.0]]),
    ///     SoupTriangle::new([[5.0, 5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 0.0, 2.0]]),
    /// ];
    /// let level: Level = Level::from_soup(&walls, &LevelConfig::default(), "walls")?;
    /// let all = level.cast_capsule_walls_all([0.0, 0.0, 0.0], 0.3, 1.8, [8.0, 0.0, 0.0], &SweepSettings::default())?;
    /// assert_eq!(all.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_capsule_walls_all(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Answer<Hit<R>>, QueryError> {
        Answer::filled(|items| {
            self.cast_capsule_walls_all_into(feet, radius, height, motion, settings, items)
        })
    }

    /// [`Level::cast_capsule_walls_all`] into `out`, cleared first (left as it
    /// was on an error); nothing is allocated once `out` has the room.
    /// Returns what the tiles' arrays dropped.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_capsule_walls`].
    pub fn cast_capsule_walls_all_into(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
        out: &mut Vec<Hit<R>>,
    ) -> Result<Truncation, QueryError> {
        let swept = Swept::capsule(feet, radius, height, motion, settings)?;
        Ok(self.all_of_into(&swept, settings, out))
    }

    /// The first contact of a box of `half_extents` posed by `pose` (its
    /// centre and rotation) swept along `motion`: the record layer's
    /// `PhysicsMesh_SweepBox` ([`CollisionMesh::sweep_box`]) over the box
    /// around the box at its start and end. The hit's point is the box's
    /// centre at contact.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for the pose, half extents or motion;
    /// [`QueryError::Negative`] for a negative half extent.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// // A brick turned 30° about z, dropped from 0.35 m.
    /// let pose = Isometry3::new(Vector3::new(0.0, 0.0, 0.35), Vector3::z() * 30f32.to_radians());
    /// let hit = level
    ///     .cast_box(Vector3::new(0.07, 0.21, 0.10), &pose, Vector3::new(0.0, 0.0, -0.5))?
    ///     .expect("the floor is below");
    /// assert!(hit.fraction <= 0.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_box(
        &self,
        half_extents: impl IntoVector<R>,
        pose: &Isometry3<f32>,
        motion: impl IntoVector<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        let bx = oriented_box(half_extents, pose)?;
        self.cast_oriented_box(&bx, motion, &SweepSettings::default())
    }

    /// [`Level::cast_box`] for the record layer's oriented box (its axes
    /// and centre in the mode, as a body's shape holds them).
    ///
    /// # Errors
    ///
    /// As [`Level::cast_box`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::record::{OrientedBox, Vec4};
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let crate_box = OrientedBox {
    ///     half: Vec4::new(0.5, 0.5, 0.5, 0.0),
    ///     axes: [Vec4::new(1.0, 0.0, 0.0, 0.0), Vec4::new(0.0, 1.0, 0.0, 0.0), Vec4::new(0.0, 0.0, 1.0, 0.0)],
    ///     centre: Vec4::point(0.3, 0.0, 1.0),
    /// };
    /// let hit = level.cast_oriented_box(&crate_box, [0.0, 0.0, -1.0], &SweepSettings::default())?;
    /// assert!(hit.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_oriented_box(
        &self,
        bx: &OrientedBox<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Option<Hit<R>>, QueryError> {
        let swept = Swept::oriented_box(bx, motion)?;
        Ok(self.first_of(&swept, settings))
    }

    /// Every contact of [`Level::cast_oriented_box`], sorted by fraction.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_box`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let pose = Isometry3::translation(0.0, 0.0, 1.0);
    /// let bx = warriors_physics::oriented_box(Vector3::new(0.5, 0.5, 0.5), &pose)?;
    /// let all = level.cast_box_all(&bx, [0.0, 0.0, -1.0], &SweepSettings::default())?;
    /// assert_eq!(all.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_box_all(
        &self,
        bx: &OrientedBox<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Answer<Hit<R>>, QueryError> {
        Answer::filled(|items| self.cast_box_all_into(bx, motion, settings, items))
    }

    /// [`Level::cast_box_all`] into `out`, cleared first (left as it was on
    /// an error); nothing is allocated once `out` has the room. Returns what
    /// the tiles' arrays dropped.
    ///
    /// # Errors
    ///
    /// As [`Level::cast_box`].
    pub fn cast_box_all_into(
        &self,
        bx: &OrientedBox<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
        out: &mut Vec<Hit<R>>,
    ) -> Result<Truncation, QueryError> {
        let swept = Swept::oriented_box(bx, motion)?;
        Ok(self.all_of_into(&swept, settings, out))
    }

    /// The nearest hit of a ray from `origin` along the unit `direction`,
    /// `length` long (the direction is used as given, the record layer's
    /// rule, so a distance is in its units: pass a `Unit<Vector3>`, or use
    /// [`Level::line_of_sight`] between two points): the record layer's world ray cast
    /// (`WorldManager_RayCast`, [`CollisionMesh::world_ray_cast`]) on each
    /// tile the segment can reach; the nearest hit over the tiles (equal
    /// distances: the lower tile).
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a NaN or infinite origin, direction or
    /// length; [`QueryError::Negative`] for a negative length;
    /// [`QueryError::ZeroDirection`] for a zero (or denormal) direction.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let hit = level
    ///     .cast_ray(Point3::new(1.0, 1.0, 5.0), -Vector3::<f32>::z_axis(), 10.0, &RayFilter::default())?
    ///     .expect("the floor is below");
    /// assert_eq!(hit.distance, 5.0);
    /// assert_eq!(hit.point, Point3::new(1.0, 1.0, 0.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_ray(
        &self,
        origin: impl IntoPoint<R>,
        direction: impl IntoVector<R>,
        length: impl IntoScalar<R>,
        filter: &RayFilter<'_>,
    ) -> Result<Option<RayHit<R>>, QueryError> {
        let o = point_in(origin, Input::RayOrigin)?;
        let d = vector_in(direction, Input::RayDirection)?;
        let length = size_in(length, Input::RayLength)?;
        // A denormal lane is zero in both modes (divergence 327).
        let zero = |v: R| v.to_bits() & 0x7f80_0000 == 0;
        if zero(d.x) && zero(d.y) && zero(d.z) {
            return Err(QueryError::ZeroDirection);
        }
        Ok(self.ray(&Ray::new(o, d, length), filter))
    }

    /// The nearest hit on the segment from `from` to `to` (a line of sight):
    /// [`Level::cast_ray`] along the normalised difference (the record
    /// layer's `Vec4::normalize`, one `rsqrt`), its length `sqrt(d·d)`
    /// (divergence 343).
    /// `None` when nothing is in the way, and for `from == to`.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for a NaN or infinite end.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let wall = [SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 4.0]])];
    /// let level: Level = Level::from_soup(&wall, &LevelConfig::default(), "wall")?;
    /// let eye = Point3::new(0.0, 0.0, 1.5);
    /// let blocked = level.line_of_sight(eye, Point3::new(6.0, 0.0, 1.5), &RayFilter::default())?;
    /// assert_eq!(blocked.map(|h| h.distance), Some(3.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_of_sight(
        &self,
        from: impl IntoPoint<R>,
        to: impl IntoPoint<R>,
        filter: &RayFilter<'_>,
    ) -> Result<Option<RayHit<R>>, QueryError> {
        let o = point_in(from, Input::RayOrigin)?;
        let e = point_in(to, Input::RayOrigin)?;
        let d = (e - o).with_w(R::ZERO);
        let len_sq = d.dot(d);
        if len_sq == R::ZERO {
            return Ok(None);
        }
        let ray = Ray::new(o, d.normalize().with_w(R::ZERO), len_sq.sqrt());
        Ok(self.ray(&ray, filter))
    }

    fn ray(&self, ray: &Ray<R>, filter: &RayFilter<'_>) -> Option<RayHit<R>> {
        self.with_scratch(|mesh, s| ray_in(mesh, s, ray, filter))
    }

    /// The triangles a sphere overlaps, with their depth: the record layer's
    /// `PhysicsMesh_OverlapSphere` ([`CollisionMesh::overlap_sphere`]) on
    /// each tile the sphere reaches, in tile order, each tile's in its
    /// order (all with fraction 0). At most 100 per tile, as the console's
    /// array holds; the answer counts those dropped ([`Answer::truncated`],
    /// [`Truncation`]; divergence 355).
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] / [`QueryError::Negative`] for the centre
    /// or radius.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let touching = level.overlap_sphere(Point3::new(1.0, 1.0, 0.25), 0.5)?;
    /// assert_eq!(touching.len(), 1);
    /// assert!((touching[0].depth - 0.25).abs() < 1e-6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overlap_sphere(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
    ) -> Result<Answer<Overlap<R>>, QueryError> {
        Answer::filled(|items| self.overlap_sphere_into(centre, radius, items))
    }

    /// [`Level::overlap_sphere`] into `out`, cleared first (left as it was
    /// on an error); nothing is allocated once `out` has the room. Returns
    /// what the tiles' arrays dropped.
    ///
    /// # Errors
    ///
    /// As [`Level::overlap_sphere`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let mut touching = Vec::new();
    /// level.overlap_sphere_into([1.0, 1.0, 0.25], 0.5, &mut touching)?;
    /// assert_eq!(touching.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overlap_sphere_into(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        out: &mut Vec<Overlap<R>>,
    ) -> Result<Truncation, QueryError> {
        let (sphere, _) = sphere_in(centre, radius, Vec4::<R>::ZERO)?;
        let bx = sphere_box(sphere.centre, sphere.radius, Vec4::ZERO);
        let q = SweepQuery::new(bx, MESH_CONTACTS);
        Ok(self.overlaps_into(&bx, out, |m, scratch| {
            m.overlap_sphere(scratch, &mut [], &q, &sphere);
        }))
    }

    /// The triangles a box of `half_extents` posed by `pose` overlaps, with
    /// their depth, under `quirks`: [`Level::overlap_oriented_box`] for the
    /// box [`oriented_box`] makes, as [`Level::cast_box`] takes its box.
    /// Always empty under the console's quirks.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for the pose or half extents;
    /// [`QueryError::Negative`] for a negative half extent.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::Quirks;
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// // A unit crate resting 0.1 m into the floor.
    /// let pose = Isometry3::translation(0.0, 0.0, 0.4);
    /// let found = level.overlap_box(Vector3::new(0.5, 0.5, 0.5), &pose, &Quirks::corrected())?;
    /// assert_eq!(found.len(), 1);
    /// assert!((found[0].depth - 0.1).abs() < 1e-5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overlap_box(
        &self,
        half_extents: impl IntoVector<R>,
        pose: &Isometry3<f32>,
        quirks: &Quirks,
    ) -> Result<Answer<Overlap<R>>, QueryError> {
        self.overlap_oriented_box(&oriented_box(half_extents, pose)?, quirks)
    }

    /// The triangles an oriented box overlaps, with their depth, under
    /// `quirks`: the record layer's [`CollisionMesh::overlap_box_with`] on
    /// each tile the box reaches, collected as [`Level::overlap_sphere`]
    /// collects its own. With `quirks.mesh.overlap_sphere_only` on (the
    /// console's, [`Quirks::console`]) the answer is always empty: the
    /// console's box never overlaps the level. Off (as in
    /// [`Quirks::corrected`]), each depth is the shortest move that parts
    /// the box and the triangle, and each normal the triangle's, turned
    /// towards the box's centre for a two-sided face; a one-sided face with
    /// the centre behind it is skipped, as in the sphere's overlap, so a box
    /// sunk more than half way through a floor finds none of it
    /// (divergences 477, 479).
    ///
    /// # Errors
    ///
    /// As [`Level::cast_oriented_box`].
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::Quirks;
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// // A unit crate resting 0.1 m into the floor.
    /// let pose = Isometry3::translation(0.0, 0.0, 0.4);
    /// let crate_box = warriors_physics::oriented_box(Vector3::new(0.5, 0.5, 0.5), &pose)?;
    /// assert!(level.overlap_oriented_box(&crate_box, &Quirks::console())?.is_empty());
    /// let found = level.overlap_oriented_box(&crate_box, &Quirks::corrected())?;
    /// assert_eq!(found.len(), 1);
    /// assert!((found[0].depth - 0.1).abs() < 1e-5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overlap_oriented_box(
        &self,
        bx: &OrientedBox<R>,
        quirks: &Quirks,
    ) -> Result<Answer<Overlap<R>>, QueryError> {
        Answer::filled(|items| self.overlap_oriented_box_into(bx, quirks, items))
    }

    /// [`Level::overlap_oriented_box`] into `out`, cleared first (left as
    /// it was on an error); nothing is allocated once `out` has the room.
    ///
    /// # Errors
    ///
    /// As [`Level::overlap_oriented_box`].
    pub fn overlap_oriented_box_into(
        &self,
        bx: &OrientedBox<R>,
        quirks: &Quirks,
        out: &mut Vec<Overlap<R>>,
    ) -> Result<Truncation, QueryError> {
        let (bx, _) = box_in(bx, Vec4::<R>::ZERO)?;
        let world = Aabb::swept_box(&bx, Vec4::ZERO);
        let q = overlap_query(world, quirks);
        Ok(self.overlaps_into(&world, out, |m, scratch| {
            m.overlap_box_with(scratch, &mut [], &q, &bx);
        }))
    }

    /// The triangles an upright capsule (feet, radius, height; rounded
    /// ends) overlaps, with their depth, under `quirks`: the record layer's
    /// [`CollisionMesh::overlap_capsule_with`], collected as
    /// [`Level::overlap_oriented_box`] collects its own; always empty under
    /// the console's `quirks.mesh.overlap_sphere_only` (divergences 478,
    /// 479).
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] / [`QueryError::Negative`] for the feet,
    /// radius or height.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    /// use warriors_physics::Quirks;
    ///
    /// let floor = [SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// // Feet 0.1 m up, radius 0.4: the rounded end is 0.3 m into the floor.
    /// let found = level.overlap_capsule([0.0, 0.0, 0.1], 0.4, 1.6, &Quirks::corrected())?;
    /// assert_eq!(found.len(), 1);
    /// assert!((found[0].depth - 0.3).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overlap_capsule(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        quirks: &Quirks,
    ) -> Result<Answer<Overlap<R>>, QueryError> {
        Answer::filled(|items| self.overlap_capsule_into(feet, radius, height, quirks, items))
    }

    /// [`Level::overlap_capsule`] into `out`, cleared first (left as it
    /// was on an error); nothing is allocated once `out` has the room.
    ///
    /// # Errors
    ///
    /// As [`Level::overlap_capsule`].
    pub fn overlap_capsule_into(
        &self,
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        quirks: &Quirks,
        out: &mut Vec<Overlap<R>>,
    ) -> Result<Truncation, QueryError> {
        let capsule = upright_capsule(feet, radius, height)?;
        let (radius, height, base) = (capsule.radius, capsule.height, capsule.base);
        let world = Aabb::new(
            Vec4::point(base.x - radius, base.y - radius, base.z - radius),
            Vec4::point(base.x + radius, base.y + radius, (base.z + height) + radius),
        );
        let q = overlap_query(world, quirks);
        Ok(self.overlaps_into(&world, out, |m, scratch| {
            m.overlap_capsule_with(scratch, &mut [], &q, &capsule);
        }))
    }

    /// Runs a mesh overlap `query` on each tile that `world` reaches and
    /// collects what it kept into `out` (cleared first), in tile order;
    /// returns what the tiles' arrays dropped.
    fn overlaps_into(
        &self,
        world: &Aabb<R>,
        out: &mut Vec<Overlap<R>>,
        mut query: impl FnMut(&CollisionMesh, &mut QueryScratch<R>),
    ) -> Truncation {
        out.clear();
        let mut dropped = 0usize;
        self.with_scratch(|mesh, s| {
            mesh.each_tile(&mut s.tiles, world, |k, tile, scratch| {
                let m = tile.mesh();
                query(m, scratch);
                dropped += scratch.stats().overflowed as usize;
                for c in scratch.contacts() {
                    let tri = m.triangle(usize::from(c.triangle));
                    out.push(Overlap {
                        depth: c.depth.unwrap_or(R::ZERO),
                        normal: unit_out(c.normal()),
                        triangle: TriangleId::new(k, c.triangle),
                        material: tri.map(|t| t.material).unwrap_or_default(),
                    });
                }
            });
        });
        Truncation { dropped }
    }

    /// The push that moves a sphere out of the nearest wall it overlaps
    /// (`|n.z| ≤ 0.65`): the record layer's `PhysicsBody_PushOutOfWalls`
    /// ([`CollisionMesh::push_out_of_walls`]) on each tile the sphere
    /// reaches; the nearest plane over the tiles (equal distances: the
    /// lower tile). `None` when no wall is reached.
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] / [`QueryError::Negative`] for the centre
    /// or radius.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let wall = [SoupTriangle::new([[3.0, 5.0, 0.0], [3.0, -5.0, 0.0], [3.0, 0.0, 4.0]])];
    /// let level: Level = Level::from_soup(&wall, &LevelConfig::default(), "wall")?;
    /// let push = level.push_out_of_walls(Point3::new(2.8, 0.0, 1.0), 0.5)?.expect("in the wall");
    /// assert!((push.push.x + 0.3).abs() < 1e-5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_out_of_walls(
        &self,
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
    ) -> Result<Option<Push<R>>, QueryError> {
        let (sphere, _) = sphere_in(centre, radius, Vec4::<R>::ZERO)?;
        Ok(self.with_scratch(|mesh, s| {
            let (k, w) = mesh.push_out_of_walls(&mut s.tiles, &sphere)?;
            Some(Push {
                push: vector_out(w.push),
                normal: unit_out(w.normal),
                distance: w.distance,
                triangle: TriangleId::new(k, w.triangle),
            })
        }))
    }

    /// The ground under `point`, at most `max_drop` below: the ray straight
    /// down (the ground helpers' `(0, 0, −1)`), and where
    /// `Collision_DropToGround` ([`CollisionMesh::drop_to_ground`]) leaves
    /// the point, asked of the tile that holds the nearest hit (divergence
    /// 343).
    ///
    /// # Errors
    ///
    /// [`QueryError::NonFinite`] for the point or drop;
    /// [`QueryError::Negative`] for a negative drop.
    ///
    /// # Example
    ///
    /// ```
    /// use warriors_physics::prelude::*;
    ///
    /// let floor = [SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])];
    /// let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor")?;
    /// let ground = level.ground_below(Point3::new(1.0, 1.0, 2.0), 10.0)?.expect("a floor");
    /// assert_eq!(ground.hit.point.z, 0.0);
    /// assert!((ground.rest.z - 0.1).abs() < 1e-6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ground_below(
        &self,
        point: impl IntoPoint<R>,
        max_drop: impl IntoScalar<R>,
    ) -> Result<Option<Ground<R>>, QueryError> {
        let p = point_in(point, Input::Position)?;
        let length = size_in(max_drop, Input::RayLength)?;
        let down = Vec4::new(R::ZERO, R::ZERO, -R::ONE, R::ZERO);
        Ok(self.with_scratch(|mesh, s| {
            let hit = ray_in(mesh, s, &Ray::new(p, down, length), &RayFilter::default())?;
            let mut rest = p;
            mesh.drop_to_ground(&mut s.tiles, hit.triangle.tile, length, &mut rest)
                .then(|| Ground {
                    hit,
                    rest: point_out(rest),
                })
        }))
    }
}

/// The nearest hit of `ray` over the tiles it reaches
/// ([`TiledMesh::nearest_ray_hit`]: a lower tile keeps an equal distance,
/// divergence 341), through `filter`.
#[inline]
fn ray_in<R: Real>(
    mesh: &TiledMesh,
    s: &mut Scratch<R>,
    ray: &Ray<R>,
    filter: &RayFilter<'_>,
) -> Option<RayHit<R>> {
    let Scratch { tiles, exclude, .. } = s;
    let mesh_filter = MeshRayFilter {
        exclude: if filter.skip_materials.is_empty() {
            None
        } else {
            exclude.clear();
            exclude.extend(filter.skip_materials.iter().map(|m| u32::from(m.0)));
            Some(&exclude[..])
        },
        mask: u32::from(filter.skip_flags.bits()),
    };
    let (k, res) = mesh.nearest_ray_hit(tiles, ray, &mesh_filter)?;
    Some(RayHit {
        distance: res.t,
        point: point_out(ray.at(res.t)),
        normal: unit_out(res.normal),
        triangle: TriangleId::new(k, res.triangle.unwrap_or_default()),
        material: res.material,
        triangle_flags: TriangleFlags::from_bits_retain(res.flags),
        area: res.area,
    })
}

/// The shape of a checked sweep, as the record layer's sweep takes it.
enum SweptShape<R: Real> {
    Sphere(Sphere<R>),
    /// The walking capsule and the settings' body scale.
    Capsule(Capsule<R>, R),
    Box(OrientedBox<R>),
}

/// One checked sweep of the level: the shape, its move and the world box
/// whose tiles it walks (divergence 342).
struct Swept<R: Real> {
    shape: SweptShape<R>,
    mv: Vec4<R>,
    world: Aabb<R>,
}

impl<R: Real> Swept<R> {
    /// A sphere's sweep, over the box around the sphere at both ends.
    fn sphere(
        centre: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
    ) -> Result<Self, QueryError> {
        let (sphere, mv) = sphere_in(centre, radius, motion)?;
        let world = sphere_box(sphere.centre, sphere.radius, mv);
        Ok(Self {
            shape: SweptShape::Sphere(sphere),
            mv,
            world,
        })
    }

    /// The walking capsule's sweep ([`capsule_in`]).
    fn capsule(
        feet: impl IntoPoint<R>,
        radius: impl IntoScalar<R>,
        height: impl IntoScalar<R>,
        motion: impl IntoVector<R>,
        settings: &SweepSettings<R>,
    ) -> Result<Self, QueryError> {
        let (capsule, mv, world) = capsule_in(feet, radius, height, motion, settings)?;
        Ok(Self {
            shape: SweptShape::Capsule(capsule, settings.body_scale),
            mv,
            world,
        })
    }

    /// An oriented box's sweep, over the box around it at both ends.
    fn oriented_box(bx: &OrientedBox<R>, motion: impl IntoVector<R>) -> Result<Self, QueryError> {
        let (bx, mv) = box_in(bx, motion)?;
        let world = Aabb::swept_box(&bx, mv);
        Ok(Self {
            shape: SweptShape::Box(bx),
            mv,
            world,
        })
    }

    /// The record layer's sweep of the shape on one tile's mesh, into
    /// `out`; returns how many contacts it wrote.
    fn on(
        &self,
        mesh: &CollisionMesh,
        scratch: &mut QueryScratch<R>,
        out: &mut [Contact<R>],
        q: &SweepQuery<R>,
    ) -> usize {
        match &self.shape {
            SweptShape::Sphere(sphere) => mesh.sweep_sphere(scratch, out, q, sphere, self.mv),
            SweptShape::Capsule(capsule, scale) => {
                mesh.sweep_capsule(scratch, out, q, capsule, *scale, self.mv)
            }
            SweptShape::Box(bx) => mesh.sweep_box(scratch, out, q, bx, self.mv),
        }
    }
}

fn sphere_in<R: Real>(
    centre: impl IntoPoint<R>,
    radius: impl IntoScalar<R>,
    motion: impl IntoVector<R>,
) -> Result<(Sphere<R>, Vec4<R>), QueryError> {
    let centre = point_in(centre, Input::Position)?;
    let radius = size_in(radius, Input::Radius)?;
    let mv = vector_in(motion, Input::Motion)?;
    Ok((Sphere { radius, centre }, mv))
}

/// A checked capsule query: the capsule, the move, the world box.
type CapsuleInput<R> = (Capsule<R>, Vec4<R>, Aabb<R>);

fn capsule_in<R: Real>(
    feet: impl IntoPoint<R>,
    radius: impl IntoScalar<R>,
    height: impl IntoScalar<R>,
    motion: impl IntoVector<R>,
    settings: &SweepSettings<R>,
) -> Result<CapsuleInput<R>, QueryError> {
    let capsule = upright_capsule(feet, radius, height)?;
    let (radius, height, base) = (capsule.radius, capsule.height, capsule.base);
    let mv = vector_in(motion, Input::Motion)?;
    let scale = check_size(settings.body_scale, Input::Radius)?;
    // The box around the whole capsule and the walking sphere (radius
    // `r × scale`, its bottom 0.05 above the feet) at both ends of the move
    // (divergence 342).
    let r = radius * scale;
    let top = (r + r) + R::from_f32(0.05);
    let top = if height > top { height } else { top };
    let lo = |a: R, b: R| a.min(b) - r;
    let hi = |a: R, b: R| a.max(b) + r;
    let e = base + mv;
    let bx = Aabb::new(
        Vec4::point(lo(base.x, e.x), lo(base.y, e.y), base.z.min(e.z)),
        Vec4::point(hi(base.x, e.x), hi(base.y, e.y), base.z.max(e.z) + top),
    );
    Ok((capsule, mv, bx))
}

/// The checked upright capsule standing on `feet`: its base, then its
/// radius, then its height (the order in which a bad input is reported).
fn upright_capsule<R: Real>(
    feet: impl IntoPoint<R>,
    radius: impl IntoScalar<R>,
    height: impl IntoScalar<R>,
) -> Result<Capsule<R>, QueryError> {
    let base = point_in(feet, Input::Position)?;
    let radius = size_in(radius, Input::Radius)?;
    let height = size_in(height, Input::Height)?;
    Ok(Capsule {
        radius,
        height,
        base,
    })
}

/// The mesh query of an overlap of the box or the capsule: every contact the
/// tile's array holds, in the world box, under `quirks`. Only the quirks are
/// set, not [`SweepQuery::with_quirks`]: that would also take the cell lists'
/// overrun from them, and these overlaps walk the lists exactly.
fn overlap_query<R: Real>(world: Aabb<R>, quirks: &Quirks) -> SweepQuery<R> {
    let mut q = SweepQuery::new(world, MESH_CONTACTS);
    q.quirks = *quirks;
    q
}

fn box_in<R: Real>(
    bx: &OrientedBox<R>,
    motion: impl IntoVector<R>,
) -> Result<(OrientedBox<R>, Vec4<R>), QueryError> {
    if !finite(bx.centre) {
        return Err(QueryError::NonFinite {
            input: Input::Position,
        });
    }
    if !finite(bx.half) {
        return Err(QueryError::NonFinite {
            input: Input::HalfExtents,
        });
    }
    if bx.axes.iter().any(|a| !finite(*a)) {
        return Err(QueryError::NonFinite {
            input: Input::Rotation,
        });
    }
    if bx.half.x < R::ZERO || bx.half.y < R::ZERO || bx.half.z < R::ZERO {
        return Err(QueryError::Negative {
            input: Input::HalfExtents,
        });
    }
    let mv = vector_in(motion, Input::Motion)?;
    Ok((*bx, mv))
}

/// The record layer's oriented box of `half_extents` posed by `pose`: the
/// centre the translation, axis `k` the rotation's image of the `k`-th
/// unit vector (the rotation matrix's column `k`).
///
/// # Errors
///
/// [`QueryError::NonFinite`] for a NaN or infinite pose or half extent;
/// [`QueryError::Negative`] for a negative half extent.
///
/// # Example
///
/// ```
/// use warriors_physics::prelude::*;
///
/// let pose = Isometry3::new(Vector3::new(1.0, 2.0, 3.0), Vector3::z() * std::f32::consts::FRAC_PI_2);
/// let b = warriors_physics::oriented_box::<f32>(Vector3::new(0.5, 1.0, 2.0), &pose)?;
/// assert_eq!(b.centre.z, 3.0);
/// assert!((b.axes[0].y - 1.0).abs() < 1e-6); // x turned onto y
/// # Ok::<(), QueryError>(())
/// ```
pub fn oriented_box<R: Real>(
    half_extents: impl IntoVector<R>,
    pose: &Isometry3<f32>,
) -> Result<OrientedBox<R>, QueryError> {
    let half = vector_in(half_extents, Input::HalfExtents)?;
    let centre = point_in(pose.translation, Input::Position)?;
    let m = pose.rotation.to_rotation_matrix();
    let mut axes = [Vec4::ZERO; 3];
    for (k, a) in axes.iter_mut().enumerate() {
        let c = m.matrix().column(k);
        *a = vector_in(Vector3::new(c[0], c[1], c[2]), Input::Rotation)?;
    }
    let bx = OrientedBox { half, axes, centre };
    box_in(&bx, Vec4::<R>::ZERO).map(|(b, _)| b)
}
