//! The shape queries on top of the sort-and-sweep: `IPhysics_CollideShape`
//! (a shape swept along a move), `IPhysics_OverlapShape` (a shape where it
//! is) and `IPhysics_RayCastBodies` (overview "Queries: the sort-and-sweep";
//! Units 7, 11 and 14 are not in the specification: readings beyond the
//! overview are *inferred*).

use bitflags::bitflags;
use collision_mesh::{SweepOptions, SweepQuery};
use kernels::table::{overlap_pair_with, ray_cast_shape_with, sweep_pair, PairAnswer};
use kernels::{Contact, Shape};
use ps2_float::{Real, Vec4};
use shape_pools::{Aabb, PhysShape, ShapeId};

use crate::query_box::BoxQuery;
use crate::{flags::BodyFlags, ids::BodyId, ids::OwnerId, owner::Owners, world::PhysicsWorld};

/// The most contacts a shape query keeps (the original's list of 50,
/// overview "Contacts").
pub const MAX_CONTACTS: usize = 50;

bitflags! {
    /// The options word of `CollideShape` and `OverlapShape`, with the
    /// console's bit values. The mesh bits (0x4, 0x8, 0x40, 0x8000,
    /// 0x20000) are passed to the sphere's mesh sweep.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct QueryOptions: u32 {
        /// 0x1: test the level's mesh (the type's mesh sweep or overlap).
        const MESH = 0x1;
        /// 0x2: test the bodies (the pair tables).
        const BODIES = 0x2;
        /// 0x4: the mesh sweep skips faces with `n.z` below the first
        /// threshold.
        const NZ_MIN = SweepOptions::NZ_MIN.bits();
        /// 0x8: the mesh sweep skips faces with `n.z` above the second.
        const NZ_MAX = SweepOptions::NZ_MAX.bits();
        /// 0x10: read by `OverlapShape`; taken as "one contact per body"
        /// (*inferred*, divergence 207).
        const FIRST_PER_BODY = 0x10;
        /// 0x40: the mesh sweep marks instead of skipping.
        const MARK_FACES = SweepOptions::MARK_FACES.bits();
        /// 0x80: `OverlapShape` skips bodies of the querying body's
        /// non-zero group (`CollideShape` always does).
        const SKIP_SAME_GROUP = 0x80;
        /// 0x100: `OverlapShape` asks the querying owner about each pair
        /// (`CollideShape` always does).
        const ASK_OWNER = 0x100;
        /// 0x200: `OverlapShape` tests only enabled shapes (`CollideShape`
        /// always does, divergence 208).
        const ENABLED_ONLY = 0x200;
        /// 0x400: the shape is the one given, not the body's own.
        const GIVEN_SHAPE = 0x400;
        /// 0x8000: the mesh sweep skips triangles with flag bit 3.
        const SKIP_BIT_3 = SweepOptions::SKIP_BIT_3.bits();
        /// 0x20000: the mesh sweep keeps one contact per plane.
        const ONE_PER_PLANE = SweepOptions::ONE_PER_PLANE.bits();
    }
}

/// What a shape query is asked with (the original's query record).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeQuery<R> {
    /// The querying body: its first shape (unless [`QueryOptions::GIVEN_SHAPE`]),
    /// its owner, group and flags; the sort-and-sweep's start body.
    pub body: Option<BodyId>,
    /// With [`QueryOptions::GIVEN_SHAPE`] (or without a body): the shape,
    /// already placed in the world.
    pub shape: Option<Shape<R>>,
    /// The querying owner when there is no body.
    pub owner: Option<OwnerId>,
    /// The options.
    pub options: QueryOptions,
    /// Candidate bodies' type masks must meet it (0 finds no body).
    pub type_mask: u32,
    /// Candidate bodies' flags must meet it (empty: any).
    pub flag_mask: BodyFlags,
    /// The most contacts copied out.
    pub max: usize,
    /// The mesh sweep's first threshold (the body sweep passes −0.65).
    pub nz_min: R,
    /// The mesh sweep's second threshold (0).
    pub nz_max: R,
}

impl<R: Real> ShapeQuery<R> {
    /// A query of `body`'s own shape with `options`, any type mask, every
    /// contact, the body sweep's thresholds (−0.65, 0).
    #[must_use]
    pub fn of_body(body: BodyId, options: QueryOptions) -> Self {
        Self {
            body: Some(body),
            shape: None,
            owner: None,
            options,
            type_mask: u32::MAX,
            flag_mask: BodyFlags::empty(),
            max: MAX_CONTACTS,
            nz_min: R::from_f32(-0.65),
            nz_max: R::ZERO,
        }
    }

    /// A query of a given shape (option 0x400 set) for `owner`.
    #[must_use]
    pub fn of_shape(shape: Shape<R>, owner: Option<OwnerId>, options: QueryOptions) -> Self {
        Self {
            body: None,
            shape: Some(shape),
            owner,
            options: options | QueryOptions::GIVEN_SHAPE,
            type_mask: u32::MAX,
            flag_mask: BodyFlags::empty(),
            max: MAX_CONTACTS,
            nz_min: R::from_f32(-0.65),
            nz_max: R::ZERO,
        }
    }
}

/// The nearest body a ray met (`RayCastBodies` writes no point or normal).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayBodyHit<R> {
    /// The owner of the body hit.
    pub owner: OwnerId,
    /// The body hit.
    pub body: BodyId,
    /// The shape hit.
    pub shape: ShapeId,
    /// The fraction of the ray (0 at its origin, 1 at `origin + dir ×
    /// length`).
    pub fraction: R,
}

/// The querying side of a shape query, resolved.
struct Querier<R> {
    shape: Shape<R>,
    shape_word: u32,
    owner: Option<OwnerId>,
    group: i16,
    flags: BodyFlags,
    scale: R,
}

/// A list of at most [`MAX_CONTACTS`] contacts, held inline: the body sweep
/// reuses one the world keeps boxed, a strike test builds its own.
#[derive(Clone, Copy, Debug)]
pub struct ContactList<R> {
    items: [Contact<R>; MAX_CONTACTS],
    len: usize,
}

impl<R: Real> Default for ContactList<R> {
    fn default() -> Self {
        Self {
            items: [Contact::default(); MAX_CONTACTS],
            len: 0,
        }
    }
}

impl<R: Real> ContactList<R> {
    /// The contacts held.
    #[must_use]
    pub fn as_slice(&self) -> &[Contact<R>] {
        &self.items[..self.len]
    }

    /// How many contacts are held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list (the records stay as they were, unread).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `c`; `false` (and nothing kept) when the list is full.
    pub fn push(&mut self, c: Contact<R>) -> bool {
        push_into(&mut self.items, &mut self.len, c)
    }

    /// Inserts `c` sorted by fraction, after any contact with the same
    /// fraction; with the list full the contact is dropped when it is not
    /// nearer than the last, else the last is dropped (*inferred*,
    /// divergence 209). A contact without a fraction sorts as 0 (the static
    /// overlaps write none). Returns whether `c` was kept.
    ///
    /// Original: `Contact_InsertSorted` (0x0033d718).
    pub fn insert_sorted(&mut self, c: Contact<R>) -> bool {
        insert_sorted_into(&mut self.items, &mut self.len, c)
    }
}

/// [`ContactList::insert_sorted`] on the first `*len` records of `items`,
/// which holds at most `items.len()`.
fn insert_sorted_into<R: Real>(items: &mut [Contact<R>], len: &mut usize, c: Contact<R>) -> bool {
    let cap = items.len();
    let f = c.fraction.unwrap_or(R::ZERO);
    let pos = items[..*len].partition_point(|x| x.fraction.unwrap_or(R::ZERO) <= f);
    if pos >= cap {
        return false;
    }
    let end = (*len).min(cap - 1);
    items.copy_within(pos..end, pos + 1);
    items[pos] = c;
    *len = (*len + 1).min(cap);
    true
}

/// [`ContactList::push`] on the first `*len` records of `items`, which holds
/// at most `items.len()`.
fn push_into<R: Real>(items: &mut [Contact<R>], len: &mut usize, c: Contact<R>) -> bool {
    match items.get_mut(*len) {
        Some(slot) => {
            *slot = c;
            *len += 1;
            true
        }
        None => false,
    }
}

/// The caller's output records as the query's contact list: at most
/// `min(max, out.len(), 50)` contacts, written in place. The console keeps
/// 50 and copies the first `max` out; a list that only ever drops its last
/// records holds, at every step, the first records of the longer one, so
/// the records written are the same (no per-query copy of 50 records).
struct OutList<'a, R> {
    items: &'a mut [Contact<R>],
    len: usize,
}

impl<'a, R: Real> OutList<'a, R> {
    fn new(out: &'a mut [Contact<R>], max: usize) -> Self {
        let cap = out.len().min(max).min(MAX_CONTACTS);
        Self {
            items: &mut out[..cap],
            len: 0,
        }
    }

    /// [`ContactList::insert_sorted`] into the caller's records.
    fn insert_sorted(&mut self, c: Contact<R>) -> bool {
        insert_sorted_into(self.items, &mut self.len, c)
    }

    /// [`ContactList::push`] into the caller's records.
    fn push(&mut self, c: Contact<R>) -> bool {
        push_into(self.items, &mut self.len, c)
    }
}

impl<R: Real> Querier<R> {
    /// The querying shape's world bounds, under the world's shape quirks.
    fn bounds(&self, quirks: &kernels::ShapeQuirks) -> Aabb<R> {
        PhysShape {
            head: Default::default(),
            geom: self.shape,
        }
        .bounds_with(quirks)
    }

    /// The candidate gather of a shape query: from the querying body, its
    /// owner ignored, the query's masks.
    fn box_query(&self, q: &ShapeQuery<R>) -> BoxQuery {
        BoxQuery {
            start: q.body,
            ignored_owner: self.owner,
            type_mask: q.type_mask,
            flag_mask: q.flag_mask,
            walk: Default::default(),
        }
    }
}

impl<R: Real> PhysicsWorld<R> {
    fn querier(&self, q: &ShapeQuery<R>) -> Option<Querier<R>> {
        let body = q.body.and_then(|b| self.body(b));
        let given = q.options.contains(QueryOptions::GIVEN_SHAPE) || body.is_none();
        let (shape, shape_word) = if given {
            (q.shape?, 0)
        } else {
            let b = body?;
            let sid = b.first_shape?;
            (self.shape(sid)?.geom, sid.word())
        };
        Some(Querier {
            shape,
            shape_word,
            owner: body.map(|b| b.owner).or(q.owner),
            group: body.map_or(0, |b| b.group),
            flags: body.map_or(BodyFlags::empty(), |b| b.flags),
            scale: body.map_or(R::ONE, |b| b.scale.x),
        })
    }

    /// Sweeps a shape along `mv` against the candidate bodies (option 0x2:
    /// each enabled shape of a candidate through the sweep table, one
    /// contact per body, its first shape that hits) and the level (option
    /// 0x1: the type's mesh sweep over the same box, with the query's
    /// thresholds and mesh options); bodies of the querying body's non-zero
    /// group and pairs the querying owner refuses are skipped. At most 50
    /// contacts are kept, sorted by fraction; the first `min(max,
    /// out.len())` are copied into `out` and their number returned. The
    /// candidates come from the shape's bounds grown by the move, with the
    /// querying owner ignored (*inferred*, divergence 210). A level of
    /// several tiles is swept tile after tile over the tiles the box
    /// reaches, each tile's contacts inserted in turn, so equal fractions
    /// keep the lower tile first (divergence 345).
    ///
    /// Original: `IPhysics_CollideShape` (0x0033e7f0).
    pub fn collide_shape<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        out: &mut [Contact<R>],
        q: &ShapeQuery<R>,
        mv: Vec4<R>,
        candidates: &mut Vec<BodyId>,
    ) -> usize {
        let Some(me) = self.querier(q) else {
            return 0;
        };
        let bx = me.bounds(&self.config.quirks.shapes).extend_by_move(mv);
        let mut list = OutList::new(out, q.max);
        if q.options.contains(QueryOptions::BODIES) {
            self.query_box(candidates, &bx, &me.box_query(q));
            for &cid in candidates.iter() {
                let Some(cb) = self.body(cid) else { continue };
                if me.group != 0 && cb.group == me.group {
                    continue;
                }
                if let Some(o) = me.owner {
                    if !owners.accepts_pair(o, cb.owner) {
                        continue;
                    }
                }
                let ctx = self.pair_context(owners, (me.owner, me.flags), (cb.owner, cb.flags));
                for sid in self.body_shapes(cid) {
                    let Some(other) = self.shape(sid) else {
                        continue;
                    };
                    if !other.is_enabled() {
                        continue;
                    }
                    let mut c = Contact::default();
                    if sweep_pair(&mut c, &ctx, &me.shape, &other.geom, mv) == PairAnswer::Met {
                        stamp(&mut c, &me, Some(cb.owner), sid.word());
                        list.insert_sorted(c);
                        break;
                    }
                }
            }
        }
        if q.options.contains(QueryOptions::MESH) {
            self.mesh_sweep(&me, q, &bx, mv, &mut list);
        }
        list.len
    }

    fn mesh_sweep(
        &mut self,
        me: &Querier<R>,
        q: &ShapeQuery<R>,
        bx: &Aabb<R>,
        mv: Vec4<R>,
        list: &mut OutList<'_, R>,
    ) {
        if self.level.tiles.is_none() {
            return;
        }
        let mut sq = SweepQuery::new(*bx, MAX_CONTACTS)
            .with_quirks(self.config.quirks)
            .with_side_rule(self.config.readings.parallel_side)
            .with_options(mesh_options(q.options))
            .with_body_flags(me.flags.bits());
        sq.own_shape = me.shape_word;
        sq.nz_min = q.nz_min;
        sq.nz_max = q.nz_max;
        let query = |mesh: &collision_mesh::CollisionMesh,
                     scratch: &mut collision_mesh::QueryScratch<R>,
                     buf: &mut [Contact<R>]| match &me.shape {
            Shape::Sphere(s) => mesh.sweep_sphere(scratch, buf, &sq, s, mv),
            Shape::Capsule(c) => mesh.sweep_capsule(scratch, buf, &sq, c, me.scale, mv),
            Shape::Box(b) => mesh.sweep_box(scratch, buf, &sq, b, mv),
            Shape::Segment(_) => 0,
        };
        // Tile after tile into the sorted list: equal fractions keep the
        // lower tile first (divergence 345).
        self.each_mesh_contact(me, bx, query, |c| {
            list.insert_sorted(c);
        });
    }

    /// Runs a mesh query on each tile the box reaches, in tile order
    /// (divergence 345), and hands on each contact named by its tile and
    /// stamped with the querier's shape.
    fn each_mesh_contact(
        &mut self,
        me: &Querier<R>,
        bx: &Aabb<R>,
        query: impl FnMut(
            &collision_mesh::CollisionMesh,
            &mut collision_mesh::QueryScratch<R>,
            &mut [Contact<R>],
        ) -> usize,
        mut put: impl FnMut(Contact<R>),
    ) {
        let Some(level) = &self.level.tiles else {
            return;
        };
        level.each_contact(
            &mut self.level.scratch,
            bx,
            &mut self.mesh_buf[..],
            query,
            |tile, _, c| {
                let mut c = *c;
                crate::tiles::name_tile(&mut c, tile);
                stamp(&mut c, me, None, 0);
                put(c);
            },
        );
    }

    /// Tests a shape where it is against the candidate bodies (option 0x2,
    /// through the overlap table) and the level (option 0x1, the type's mesh
    /// overlap: a sphere's penetration test, the box's and capsule's return
    /// 0, unless `mesh.overlap_sphere_only` is off in the world's quirks:
    /// then they overlap the level too, divergences 477-479). It reads only
    /// the option bits 0x1, 0x2, 0x10, 0x80, 0x100, 0x200 and 0x400: 0x80 skips the querying body's non-zero group, 0x100 asks
    /// the querying owner, 0x200 tests only enabled shapes, 0x10 keeps one
    /// contact per body (divergence 207). The level's contacts come first,
    /// then the bodies' in the sort-and-sweep's order, at most 50
    /// (*inferred*, divergence 211); a level of several tiles gives its
    /// contacts in tile order (divergence 345).
    ///
    /// Original: `IPhysics_OverlapShape` (0x0033ebb8).
    pub fn overlap_shape<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        out: &mut [Contact<R>],
        q: &ShapeQuery<R>,
        candidates: &mut Vec<BodyId>,
    ) -> usize {
        let Some(me) = self.querier(q) else {
            return 0;
        };
        let bx = me.bounds(&self.config.quirks.shapes);
        let mut list = OutList::new(out, q.max);
        if q.options.contains(QueryOptions::MESH) {
            let bx = self.mesh_overlap_box(&me.shape, bx);
            let mut sq = SweepQuery::new(bx, MAX_CONTACTS);
            sq.own_shape = me.shape_word;
            // The switches only: the list walk stays the overlap's own.
            sq.quirks = self.config.quirks;
            let query = |mesh: &collision_mesh::CollisionMesh,
                         scratch: &mut collision_mesh::QueryScratch<R>,
                         buf: &mut [Contact<R>]| match &me.shape {
                Shape::Sphere(s) => mesh.overlap_sphere(scratch, buf, &sq, s),
                Shape::Box(b) => mesh.overlap_box_with(scratch, buf, &sq, b),
                Shape::Capsule(c) => mesh.overlap_capsule_with(scratch, buf, &sq, c),
                Shape::Segment(_) => 0,
            };
            self.each_mesh_contact(&me, &bx, query, |c| {
                list.push(c);
            });
        }
        if q.options.contains(QueryOptions::BODIES) {
            self.query_box(candidates, &bx, &me.box_query(q));
            'bodies: for &cid in candidates.iter() {
                let Some(cb) = self.body(cid) else { continue };
                if q.options.contains(QueryOptions::SKIP_SAME_GROUP)
                    && me.group != 0
                    && cb.group == me.group
                {
                    continue;
                }
                if q.options.contains(QueryOptions::ASK_OWNER) {
                    if let Some(o) = me.owner {
                        if !owners.accepts_pair(o, cb.owner) {
                            continue;
                        }
                    }
                }
                for sid in self.body_shapes(cid) {
                    let Some(other) = self.shape(sid) else {
                        continue;
                    };
                    if q.options.contains(QueryOptions::ENABLED_ONLY) && !other.is_enabled() {
                        continue;
                    }
                    let mut c = Contact::default();
                    let met =
                        overlap_pair_with(&mut c, &me.shape, &other.geom, &self.config.quirks);
                    if met == PairAnswer::Met {
                        stamp(&mut c, &me, Some(cb.owner), sid.word());
                        if !list.push(c) {
                            break 'bodies;
                        }
                        if q.options.contains(QueryOptions::FIRST_PER_BODY) {
                            break;
                        }
                    }
                }
            }
        }
        list.len
    }

    /// The world box a shape's mesh overlap walks: its bounds, and for a
    /// capsule under the corrected mesh overlap (divergence 479) those
    /// grown by the radius in `z`, so that the cells its rounded ends reach
    /// are walked (a capsule's bounds are its upright cylinder's).
    fn mesh_overlap_box(&self, shape: &Shape<R>, bx: Aabb<R>) -> Aabb<R> {
        match shape {
            Shape::Capsule(c) if !self.config.quirks.mesh.overlap_sphere_only => {
                let r = c.radius.abs();
                Aabb::new(
                    Vec4::point(bx.min.x, bx.min.y, bx.min.z - r),
                    Vec4::point(bx.max.x, bx.max.y, bx.max.z + r),
                )
            }
            _ => bx,
        }
    }

    /// Casts a ray from `origin` along `dir × length` against the bodies
    /// with RAYCASTTARGET (0x2000) and a type mask meeting `type_mask`
    /// whose boxes meet the box around the ray's two ends, the owner
    /// `ignored` left out: each enabled box and capsule through the ray
    /// table (with `pairs.ray_box_capsule_only` off in the world's quirks,
    /// each sphere and segment too: `ray_cast_shape_with`, divergence 476).
    /// Keeps the nearest hit (the first on a tie); no point or
    /// normal. The fraction is of the whole ray (*inferred*, divergence
    /// 212). A ray that is not `Ray::is_castable` hits nothing (divergence
    /// 327).
    ///
    /// Original: `IPhysics_RayCastBodies` (0x0033eee0).
    pub fn ray_cast_bodies(
        &self,
        candidates: &mut Vec<BodyId>,
        origin: Vec4<R>,
        dir: Vec4<R>,
        length: R,
        type_mask: u32,
        ignored: Option<OwnerId>,
    ) -> Option<RayBodyHit<R>> {
        if !collision_mesh::Ray::new(origin, dir, length).is_castable() {
            // Divergence 327: a NaN, infinite or zero ray hits nothing.
            return None;
        }
        let d = dir.scale(length).with_w(R::ZERO);
        let end = origin + d;
        let bx = Aabb::new(
            Vec4::point(
                origin.x.min(end.x),
                origin.y.min(end.y),
                origin.z.min(end.z),
            ),
            Vec4::point(
                origin.x.max(end.x),
                origin.y.max(end.y),
                origin.z.max(end.z),
            ),
        );
        let bq = BoxQuery {
            start: None,
            ignored_owner: ignored,
            type_mask,
            flag_mask: BodyFlags::RAYCASTTARGET,
            walk: Default::default(),
        };
        self.query_box(candidates, &bx, &bq);
        let mut best: Option<RayBodyHit<R>> = None;
        for &cid in candidates.iter() {
            let Some(cb) = self.body(cid) else { continue };
            for sid in self.body_shapes(cid) {
                let Some(s) = self.shape(sid) else { continue };
                if !s.is_enabled() {
                    continue;
                }
                if let Some(t) = ray_cast_shape_with(&s.geom, origin, d, &self.config.quirks) {
                    if best.is_none_or(|b| t < b.fraction) {
                        best = Some(RayBodyHit {
                            owner: cb.owner,
                            body: cid,
                            shape: sid,
                            fraction: t,
                        });
                    }
                }
            }
        }
        best
    }
}

fn mesh_options(o: QueryOptions) -> SweepOptions {
    SweepOptions::from_bits_retain(
        o.bits()
            & (QueryOptions::NZ_MIN
                | QueryOptions::NZ_MAX
                | QueryOptions::MARK_FACES
                | QueryOptions::SKIP_BIT_3
                | QueryOptions::ONE_PER_PLANE)
                .bits(),
    )
}

/// Writes the halves' owners and shapes as the list insert does: own owner
/// and shape, the other owner (0 the level) and shape.
fn stamp<R: Real>(c: &mut Contact<R>, me: &Querier<R>, other: Option<OwnerId>, other_shape: u32) {
    c.own.owner = Some(me.owner.map_or(0, OwnerId::word));
    c.own.shape = Some(me.shape_word);
    c.other.owner = Some(other.map_or(0, OwnerId::word));
    if other.is_some() || c.other.shape.is_none() {
        c.other.shape = Some(other_shape);
    }
}
