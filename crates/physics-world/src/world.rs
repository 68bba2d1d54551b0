//! `IPhysics`: the pools, the x-sorted body list and its widest-body bound,
//! the body vector, the human list, the ignore and settle slots, and the
//! level's meshes (one on the console; several tiles for a level past the
//! format's limits, [`crate::tiles`]).

use std::sync::Arc;

use collision_mesh::{CollisionMesh, TiledMesh, TiledScratch, Triangle};
use kernels::Quirks;
use ps2_float::{Real, Vec4};
use shape_pools::{
    IgnoreSlots, PhysShape, Pool, PoolCapacities, ShapeFlags, ShapeId, ShapeKind, ShapePools,
};

use crate::body::HumanParts;
use crate::human::BONE_SHAPES;
use crate::parts::{BodySet, HumanSets, LevelState};
use crate::settle::SettleSlot;
use crate::sorted_list::SortedList;
use crate::tiles::{check_tile_count, split_triangle_word, LevelError};
use crate::{body::BodyRecord, flags::BodyFlags, ids::BodyId, ids::BodyPool, ids::OwnerId};

/// How often the world steps (overview "30 Hz or 60 Hz").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StepRate {
    /// The console's 60 Hz step: settle acceleration 0.02 per tick², the
    /// bound refreshed every 120 ticks.
    #[default]
    Hz60,
    /// A 30 Hz step keeping the settle's duration: acceleration 0.08 per
    /// step², the bound refreshed every 60 steps (*inferred* from the
    /// overview, divergence 215).
    Hz30,
}

impl StepRate {
    /// The number of steps between two refreshes of the widest-body bound.
    #[must_use]
    pub fn refresh_interval(self) -> u16 {
        match self {
            StepRate::Hz60 => 120,
            StepRate::Hz30 => 60,
        }
    }
}

/// The two readings of code 1's advance (`PhysicsVec_BackOffPlane`), where
/// the overview states two things that disagree (divergence 221).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BackOffReading {
    /// The brick trace's reading ("Settling a landed object", tick 32: back
    /// to 0.01 above the floor from 0.0078): the advance is `n × (s + 0.01)`
    /// whatever the sign, so a touch nearer than 0.01 m (or a fraction-0
    /// contact) backs the body out to 0.01 m in front of it. The default.
    #[default]
    Trace,
    /// The code-1 row of "Contacts" read literally: the body is advanced to
    /// 0.01 m short of the touch only when the touch is more than 0.01 m
    /// away along the normal (`s + 0.01 < 0`); a nearer touch leaves it
    /// where it is.
    CodeOneText,
}

/// The two readings of `PhysicsVec_Bounce` for a velocity going into the
/// surface, where the overview's open questions report that Unit 3's test
/// 13 contradicts the formula above it (divergence 222; SPEC-NOTES
/// item 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BounceReading {
    /// The formula, `v − n d (1 + e)` for `d = v·n < 0`: the normal speed
    /// reversed and cut to `e` of itself. The brick trace ("Settling a
    /// landed object": 5.4886 m/s down, 0.5489 up with e 0.1) and Unit 3's
    /// test 12 (−5 to 0.5) give it, and so does the overview's "Attributes".
    /// The default.
    #[default]
    Formula,
    /// Unit 3's test 13 as the overview quotes it: (0, 0, −2) with e 0.1
    /// gives (0, 0, 2.2), which is `v − n d (2 + e)`: a mirror reflection
    /// with `e` of the normal speed added. No trace supports it (the brick
    /// would leave the floor at 6.04 m/s).
    TestThirteen,
}

/// The readings a world takes where the specification contradicts itself,
/// one named choice each; the default of each is the reading the runtime
/// traces support.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Readings {
    /// Code 1's advance (divergence 221).
    pub back_off: BackOffReading,
    /// Code 2's bounce into a surface (divergence 222).
    #[cfg_attr(feature = "serde", serde(default))]
    pub bounce: BounceReading,
    /// The sphere-box pair's normal tables: the executable's bit patterns
    /// (the default: no trace reads a table normal, and the bit patterns
    /// were read from the executable) or the decimals the specification
    /// prints (SPEC-NOTES item 1, divergence 70).
    #[cfg_attr(feature = "serde", serde(default))]
    pub normal_table: kernels::NormalTable,
    /// How the mesh sphere sweep's corner step picks its edge for a move
    /// parallel to a side plane: the console's saturated crossing (the
    /// default) or the sign rule the specification gives for an IEEE build
    /// (SPEC-NOTES item 3, divergence 23). The walking sweep keeps the
    /// console's.
    #[cfg_attr(feature = "serde", serde(default))]
    pub parallel_side: kernels::ParallelSideRule,
}

/// How a world is made: the pools' capacities (the console's by default),
/// the step rate and the readings of the spec's self-contradictions.
/// Raising a capacity changes no answer below the console's limits: every
/// pool still hands out its first free entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldConfig {
    /// The pools' capacities.
    pub capacities: PoolCapacities,
    /// The step rate.
    pub rate: StepRate,
    /// The readings (default: the traces').
    #[cfg_attr(feature = "serde", serde(default))]
    pub readings: Readings,
    /// The kernels' switchable quirks, as the body sweeps and
    /// `IPhysics_CollideShape`'s mesh sweeps pass them to the level
    /// (default: the console's, [`Quirks::console`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub quirks: Quirks,
}

/// Counters of what the world refused (full pools and slots), so that the
/// console's silent "nothing happens" is observable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refusals {
    /// Body creations that found their pool full.
    pub bodies: u64,
    /// Settles that found every slot busy.
    pub settles: u64,
}

/// The physics world (`IPhysics`, 0x4f460 bytes on the console).
#[derive(Clone, Debug)]
pub struct PhysicsWorld<R: Real = f32> {
    pub(crate) config: WorldConfig,
    pub(crate) shapes: ShapePools<R>,
    /// The bodies, their x-sorted list and its index.
    pub(crate) bodies: BodySet<R>,
    /// The human body sets and the human list.
    pub(crate) humans: HumanSets<R>,
    /// `+0xf4e0`: the ignore slots.
    pub(crate) ignore: IgnoreSlots<BodyId, OwnerId>,
    /// `+0x4e6a0`: the settle slots.
    pub(crate) settle: Vec<Option<SettleSlot<R, OwnerId>>>,
    /// The level and the world's query scratch for it.
    pub(crate) level: LevelState<R>,
    pub(crate) refusals: Refusals,
    /// A contact list the body sweep reuses, so that a pass does not fill
    /// fifty fresh records (taken out while a sweep runs).
    pub(crate) sweep_list: Option<Box<crate::shape_query::ContactList<R>>>,
    /// The records a mesh query of `CollideShape` or `OverlapShape` writes
    /// for one tile, reused (every record is reset once read, so it holds
    /// default records between queries).
    pub(crate) mesh_buf: Box<[kernels::Contact<R>; crate::shape_query::MAX_CONTACTS]>,
}

impl<R: Real> Default for PhysicsWorld<R> {
    fn default() -> Self {
        Self::construct(WorldConfig::default())
    }
}

impl<R: Real> PhysicsWorld<R> {
    /// Builds the world: the shape pools, the human body sets (each a
    /// capsule made with (2.0, 0.35) and its ten bone shapes, switched
    /// off), the strike spheres (off, flagged 0x2), the punch bag's set,
    /// the ignore and settle slots, an empty body list. The pair tables are
    /// the `kernels` crate's constant tables.
    ///
    /// Original: `IPhysics_Construct` (0x0033c288).
    #[must_use]
    pub fn construct(config: WorldConfig) -> Self {
        let caps = config.capacities;
        let mut shapes = ShapePools::new(caps);
        let mut human_sets = Vec::with_capacity(caps.humans);
        for _ in 0..caps.humans {
            // The pools are sized for exactly these sets, so every
            // allocation here succeeds.
            if let Some(set) = build_human_set(&mut shapes) {
                human_sets.push(set);
            }
        }
        let punch_bag_set = build_punch_bag_set(&mut shapes);
        Self {
            config,
            shapes,
            bodies: BodySet::new(caps),
            humans: HumanSets {
                sets: human_sets,
                punch_bag: punch_bag_set,
                list: Vec::new(),
            },
            ignore: IgnoreSlots::new(caps.ignore_slots),
            settle: vec![None; caps.settle_slots],
            level: LevelState::default(),
            refusals: Refusals::default(),
            sweep_list: Some(Box::default()),
            mesh_buf: Box::new([kernels::Contact::default(); crate::shape_query::MAX_CONTACTS]),
        }
    }

    /// The configuration the world was built with.
    #[must_use]
    pub fn config(&self) -> &WorldConfig {
        &self.config
    }

    /// Gives the world the level's mesh (queries with option 0x1 test it):
    /// a level of one tile, the console's world.
    pub fn set_mesh(&mut self, mesh: CollisionMesh) {
        self.put_level(Arc::new(TiledMesh::from_mesh(mesh)));
    }

    /// Gives the world a level of several meshes (tiles), tile `k` the
    /// `k`-th: every mesh question of the world is then asked of each tile
    /// its box reaches and the answers merged as one mesh would give them
    /// (divergence 345). One mesh is [`PhysicsWorld::set_mesh`].
    ///
    /// # Errors
    ///
    /// [`LevelError::NoTiles`] for no mesh, [`LevelError::TooManyTiles`]
    /// past [`crate::tiles::MAX_TILES`]; the world keeps its level then.
    pub fn set_meshes(&mut self, meshes: Vec<CollisionMesh>) -> Result<(), LevelError> {
        check_tile_count(meshes.len())?;
        self.put_level(Arc::new(TiledMesh::from_meshes(meshes)));
        Ok(())
    }

    /// Gives the world a level shared with others (the facade's level,
    /// another world, another thread): the world holds the `Arc`, not a
    /// copy, and asks it as [`PhysicsWorld::set_meshes`] says. Its own
    /// query scratch is made here for the level's tiles.
    ///
    /// # Errors
    ///
    /// [`LevelError::NoTiles`] for a level without a tile,
    /// [`LevelError::TooManyTiles`] past [`crate::tiles::MAX_TILES`]; the
    /// world keeps its level then.
    pub fn set_level(&mut self, level: Arc<TiledMesh>) -> Result<(), LevelError> {
        check_tile_count(level.len())?;
        self.put_level(level);
        Ok(())
    }

    fn put_level(&mut self, level: Arc<TiledMesh>) {
        self.level.scratch = TiledScratch::new(&level);
        self.level.tiles = Some(level);
    }

    /// The level the world holds, shared (`Arc::ptr_eq` tells whether it is
    /// another holder's).
    #[must_use]
    pub fn level(&self) -> Option<&Arc<TiledMesh>> {
        self.level.tiles.as_ref()
    }

    /// The level's mesh, if one was given (for a level of several tiles,
    /// the first tile's: [`PhysicsWorld::tile_mesh`]).
    #[must_use]
    pub fn mesh(&self) -> Option<&CollisionMesh> {
        self.tile_mesh(0)
    }

    /// The level's mesh, mutably (to switch triangles on and off; the
    /// first tile's for a level of several). Copy on write: when the level
    /// is shared (the facade's level, another world), the world first
    /// takes a copy of its own (`Arc::make_mut`), which the others do not
    /// see; the level is then no longer shared.
    pub fn mesh_mut(&mut self) -> Option<&mut CollisionMesh> {
        self.tile_mesh_mut(0)
    }

    /// How many tiles the level has (0 without a level, 1 on the console).
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.level.tiles.as_ref().map_or(0, |l| l.len())
    }

    /// The mesh of tile `tile`.
    #[must_use]
    pub fn tile_mesh(&self, tile: usize) -> Option<&CollisionMesh> {
        self.level.tiles.as_ref()?.tile(tile).map(|t| t.mesh())
    }

    /// The mesh of tile `tile`, mutably; copy on write as
    /// [`PhysicsWorld::mesh_mut`] (the whole level is copied when shared,
    /// and is the world's own after).
    pub fn tile_mesh_mut(&mut self, tile: usize) -> Option<&mut CollisionMesh> {
        let level = self.level.tiles.as_mut()?;
        if tile >= level.len() {
            return None;
        }
        Arc::make_mut(level).tile_mut(tile).map(|t| t.mesh_mut())
    }

    /// The level triangle a contact's triangle word (`+0xb4`) names: the
    /// index in the low 16 bits, the tile in the high 16 (divergence 346;
    /// for one tile the word is the index, as on the console).
    #[must_use]
    pub fn level_triangle(&self, word: u32) -> Option<&Triangle> {
        let (tile, index) = split_triangle_word(word);
        self.tile_mesh(tile as usize)?.triangle(usize::from(index))
    }

    /// The body `id` names, while it lives.
    #[must_use]
    pub fn body(&self, id: BodyId) -> Option<&BodyRecord<R>> {
        self.bodies.pools[id.kind.index()].get(id.slot)
    }

    pub(crate) fn body_mut(&mut self, id: BodyId) -> Option<&mut BodyRecord<R>> {
        self.bodies.pools[id.kind.index()].get_mut(id.slot)
    }

    pub(crate) fn pool(&self, kind: BodyPool) -> &Pool<BodyRecord<R>> {
        &self.bodies.pools[kind.index()]
    }

    pub(crate) fn pool_mut(&mut self, kind: BodyPool) -> &mut Pool<BodyRecord<R>> {
        &mut self.bodies.pools[kind.index()]
    }

    /// The shape `id` names, while it is allocated.
    #[must_use]
    pub fn shape(&self, id: ShapeId) -> Option<&PhysShape<R>> {
        self.shapes.get(id)
    }

    /// The shape `id` names, mutably.
    pub fn shape_mut(&mut self, id: ShapeId) -> Option<&mut PhysShape<R>> {
        self.shapes.get_mut(id)
    }

    /// The shape pools.
    #[must_use]
    pub fn shape_pools(&self) -> &ShapePools<R> {
        &self.shapes
    }

    /// The shape pools, mutably (to allocate a world object's shape before
    /// its body).
    pub fn shape_pools_mut(&mut self) -> &mut ShapePools<R> {
        &mut self.shapes
    }

    /// The bodies part: the pools of bodies, the x-sorted list and its
    /// keys, the widest-body bound, the body vector and each owner's body.
    #[must_use]
    pub fn body_set(&self) -> &BodySet<R> {
        &self.bodies
    }

    /// The human body sets and the human list.
    #[must_use]
    pub fn human_sets(&self) -> &HumanSets<R> {
        &self.humans
    }

    /// The level part: its tiles and the world's query scratch.
    #[must_use]
    pub fn level_state(&self) -> &LevelState<R> {
        &self.level
    }

    /// The bodies in the sorted list's order (by `min.x`).
    #[must_use]
    pub fn sorted_bodies(&self) -> &SortedList<R> {
        self.bodies.sorted()
    }

    /// The body vector (`+0x4f454`): every live body by its index.
    #[must_use]
    pub fn body_vector(&self) -> &[BodyId] {
        &self.bodies.vector
    }

    /// The human body list, head first.
    #[must_use]
    pub fn human_bodies(&self) -> &[BodyId] {
        self.humans.list()
    }

    /// The widest-body bound (`+0x14`).
    #[must_use]
    pub fn widest(&self) -> R {
        self.bodies.widest
    }

    /// How often the world refused an allocation.
    #[must_use]
    pub fn refusals(&self) -> Refusals {
        self.refusals
    }

    /// The ignore slots.
    #[must_use]
    pub fn ignore_slots(&self) -> &IgnoreSlots<BodyId, OwnerId> {
        &self.ignore
    }

    /// The body's shapes, following the chain from its first shape.
    pub fn body_shapes(&self, id: BodyId) -> impl Iterator<Item = ShapeId> + '_ {
        let first = self.body(id).and_then(|b| b.first_shape);
        ShapeChain {
            shapes: &self.shapes,
            next: first,
            left: CHAIN_MAX,
        }
    }

    /// Calls `f` on each of the body's shapes, in the order
    /// [`PhysicsWorld::body_shapes`] gives them (each link read before `f`
    /// sees its shape), without first collecting their ids.
    pub(crate) fn each_body_shape_mut(&mut self, id: BodyId, mut f: impl FnMut(&mut PhysShape<R>)) {
        let mut next = self.body(id).and_then(|b| b.first_shape);
        for _ in 0..CHAIN_MAX {
            let Some(shape) = next.and_then(|cur| self.shapes.get_mut(cur)) else {
                return;
            };
            next = shape.head.next;
            f(shape);
        }
    }

    /// A fresh group number for linking bodies: counted from 1 to 0xfffe,
    /// then back to 1 (overview "Human contacts", "Groups"; the wrap is
    /// *inferred*, divergence 204).
    pub fn new_group(&mut self) -> i16 {
        self.bodies.group_counter = if self.bodies.group_counter >= 0xfffe {
            1
        } else {
            self.bodies.group_counter + 1
        };
        self.bodies.group_counter as i16
    }

    /// Sets a body's group (0 unlinks it). `false` for a stale handle.
    pub fn set_group(&mut self, id: BodyId, group: i16) -> bool {
        self.body_mut(id).map(|b| b.group = group).is_some()
    }

    /// Sets flags on a body (`|=`). `false` for a stale handle.
    pub fn set_body_flags(&mut self, id: BodyId, flags: BodyFlags) -> bool {
        self.body_mut(id).map(|b| b.flags |= flags).is_some()
    }

    /// Sets a body's scale `+0x60` (x, y and z to `scale`): what the
    /// walking sweep scales the walking sphere by (1.0, or a player's
    /// 1.4286, "Sweeping a body"). `false` for a stale id.
    pub fn set_body_scale(&mut self, id: BodyId, scale: R) -> bool {
        self.body_mut(id)
            .map(|b| b.scale = Vec4::new(scale, scale, scale, R::ZERO))
            .is_some()
    }

    /// Clears flags on a body (`&= !flags`). `false` for a stale handle.
    pub fn clear_body_flags(&mut self, id: BodyId, flags: BodyFlags) -> bool {
        self.body_mut(id).map(|b| b.flags.remove(flags)).is_some()
    }

    /// Writes a body's pending push-out (`+0x50`). `false` for a stale
    /// handle.
    pub fn set_pending_push(&mut self, id: BodyId, push: Vec4<R>) -> bool {
        self.body_mut(id).map(|b| b.push = push).is_some()
    }

    // ---- the sorted list -------------------------------------------------

    /// The list position of `id`: its key's run of ties found by binary
    /// search, then its place among them by list number (the ties are in
    /// that order); a plain search of the ties when the grid does not
    /// describe the list.
    fn list_position(&self, id: BodyId) -> Option<usize> {
        let key = self.body(id)?.list_key;
        let list = &self.bodies.list;
        let start = list.partition_point(|k| *k < key);
        if list.get(start) == Some(id) {
            // First of its key's run (a key of its own, most often): the
            // search of the ties below would find it there too.
            return Some(start);
        }
        let grid = &self.bodies.grid;
        if grid.usable() {
            // The grid holds exactly the listed bodies; the ties are in
            // list-number order.
            let me = grid.slot(id)?;
            let end = list.partition_point_from(start, |k| *k <= key);
            let (mut lo, mut hi) = (start, end);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let before = list
                    .get(mid)
                    .and_then(|b| grid.slot(b))
                    .is_some_and(|s| s.seq < me.seq);
                if before {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if list.get(lo) == Some(id) {
                return Some(lo);
            }
        }
        list.iter_from(start)
            .position(|(b, _)| b == id)
            .map(|p| p + start)
    }

    /// The list position of `id`, searched by galloping forwards from
    /// `hint` when its key lies at or after `hint` (a query's start body is
    /// near its box), else from the head.
    pub(crate) fn position_in_list_from(&self, id: BodyId, hint: usize) -> Option<usize> {
        let key = self.body(id)?.list_key;
        self.bodies.list.position_from(id, key, hint)
    }

    /// Inserts a body into the list by its box's `min.x`, after every body
    /// with the same `min.x` (the tie rule is *inferred*, divergence 191),
    /// and grows the widest-body bound to its width (never shrinks it).
    ///
    /// Original: `BodyList_Insert` (0x003404a8).
    pub fn list_insert(&mut self, id: BodyId) -> bool {
        let Some(b) = self.body_mut(id) else {
            return false;
        };
        b.list_key = b.aabb.min.x;
        let (key, width, a) = (b.list_key, b.aabb.width_x(), b.aabb);
        let pos = self.bodies.list.partition_point(|k| *k <= key);
        self.bodies.list.insert(pos, id, key);
        self.bodies
            .grid
            .insert(id, key, (a.min.x, a.min.y), (a.max.x, a.max.y));
        self.bodies.grow_widest(width);
        true
    }

    /// Takes a body out of the list.
    ///
    /// Original: `BodyList_Remove` (0x003405d8).
    pub fn list_remove(&mut self, id: BodyId) -> bool {
        match self.list_position(id) {
            Some(p) => {
                self.bodies.list.remove(p);
                self.bodies.grid.remove(id);
                if self.bodies.list.is_empty() {
                    self.bodies.grid.clear();
                }
                true
            }
            None => false,
        }
    }

    /// Moves a body to its place for its current box, where removing it
    /// and inserting it as new would put it (after its ties, and the bound
    /// grows; divergence 191), shifting only the bodies between its old and
    /// new places.
    ///
    /// Original: `BodyList_Reinsert` (0x00340628).
    pub fn list_reinsert(&mut self, id: BodyId) -> bool {
        let Some(p) = self.list_position(id) else {
            return false;
        };
        let Some(b) = self.body_mut(id) else {
            return false;
        };
        b.list_key = b.aabb.min.x;
        let (key, width, a) = (b.list_key, b.aabb.width_x(), b.aabb);
        if !key.to_f32().is_finite() {
            // The sorted order cannot be relied on: as remove then insert.
            return self.list_remove(id) && self.list_insert(id);
        }
        // Where remove-then-insert would put it (after its ties), found in
        // the list without it; then one rotation moves it there, shifting
        // only the bodies in between.
        let list = &mut self.bodies.list;
        let q = if p > 0
            && list.key(p - 1).is_some_and(|k| {
                !matches!(
                    k.partial_cmp(&key),
                    Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
                )
            }) {
            // Leftwards: after the last key at or below the new one.
            list.partition_point(|k| *k <= key).min(p)
        } else {
            // Rightwards (or in place): past the keys after it at or
            // below the new one, counted in the list without it.
            list.partition_point_from(p + 1, |k| *k <= key) - 1
        };
        list.relocate(p, q, key);
        self.bodies
            .grid
            .reinsert(id, key, (a.min.x, a.min.y), (a.max.x, a.max.y));
        self.bodies.grow_widest(width);
        true
    }

    /// Recomputes the widest-body bound over the list (what the step does
    /// every 120 ticks; an empty list gives 0).
    pub fn refresh_widest(&mut self) {
        let mut w = R::ZERO;
        for id in self.bodies.list.iter() {
            if let Some(b) = self.body(id) {
                let bw = b.aabb.width_x();
                if bw > w {
                    w = bw;
                }
            }
        }
        self.bodies.widest = w;
    }

    // ---- the body vector and the lists ----------------------------------

    /// Adds a body to the body vector (its index becomes the vector's
    /// length) and to the sorted list.
    ///
    /// Original: `IPhysics_AddBody` (0x00340668).
    pub fn add_body(&mut self, id: BodyId) -> bool {
        let n = self.bodies.vector.len() as i32;
        let Some(b) = self.body_mut(id) else {
            return false;
        };
        b.index = n;
        let owner = b.owner;
        self.bodies.vector.push(id);
        self.bodies.owner_bodies.entry(owner).or_insert(id);
        *self.bodies.owner_counts.entry(owner).or_insert(0) += 1;
        self.list_insert(id)
    }

    /// Takes a body out of the world: first every ignore slot naming its
    /// owner is freed, then it leaves the vector (the last body takes its
    /// place and index; *inferred*, divergence 192) and the sorted list. Its
    /// own index is not reset (Unit 7).
    ///
    /// Original: `IPhysics_RemoveBody` (0x00340700).
    pub fn remove_body(&mut self, id: BodyId) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        let owner = b.owner;
        self.ignore.forget_owner(owner);
        let left = self.remove_from_vector(id, owner);
        if self.bodies.owner_bodies.get(&owner) == Some(&id) {
            self.bodies.owner_bodies.remove(&owner);
            // Another body of the same owner, if any, answers for it now
            // (the first in the vector; none to look for when the owner
            // has no body left there).
            if let Some(other) = (left > 0)
                .then(|| {
                    self.bodies
                        .vector
                        .iter()
                        .copied()
                        .find(|x| self.body(*x).is_some_and(|b| b.owner == owner))
                })
                .flatten()
            {
                self.bodies.owner_bodies.insert(owner, other);
            }
        }
        self.list_remove(id)
    }

    /// Takes `id` out of the body vector, the last body taking its place
    /// (found at the body's own index, which the vector keeps in step);
    /// answers how many of `owner`'s bodies the vector still holds.
    fn remove_from_vector(&mut self, id: BodyId, owner: OwnerId) -> u32 {
        let v = &self.bodies.vector;
        let at = self
            .body(id)
            .and_then(|b| usize::try_from(b.index).ok())
            .filter(|&i| v.get(i) == Some(&id))
            .or_else(|| v.iter().position(|x| *x == id));
        if let Some(p) = at {
            self.bodies.vector.swap_remove(p);
            if let Some(moved) = self.bodies.vector.get(p).copied() {
                if let Some(m) = self.body_mut(moved) {
                    m.index = p as i32;
                }
            }
            if let Some(c) = self.bodies.owner_counts.get_mut(&owner) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    self.bodies.owner_counts.remove(&owner);
                }
            }
        }
        self.bodies.owner_counts.get(&owner).copied().unwrap_or(0)
    }

    /// Puts a human body at the head of the human list.
    ///
    /// Original: `IPhysics_AddHumanBody` (0x003407a0).
    pub fn add_human_body(&mut self, id: BodyId) -> bool {
        if self.humans.list.contains(&id) || self.body(id).is_none() {
            return false;
        }
        self.humans.list.insert(0, id);
        true
    }

    /// Takes a human body out of the human list.
    ///
    /// Original: `IPhysics_RemoveHumanBody` (0x003407f8).
    pub fn remove_human_body(&mut self, id: BodyId) -> bool {
        match self.humans.list.iter().position(|x| *x == id) {
            Some(p) => {
                self.humans.list.remove(p);
                true
            }
            None => false,
        }
    }

    // ---- shapes of a body -----------------------------------------------

    /// Appends `shape` to the end of the body's chain.
    ///
    /// Original: `PhysicsBody_AddShape` (0x00341aa8).
    pub fn add_shape(&mut self, id: BodyId, shape: ShapeId) -> bool {
        if self.shapes.get(shape).is_none() {
            return false;
        }
        let Some(first) = self.body(id).map(|b| b.first_shape) else {
            return false;
        };
        match first {
            None => {
                if let Some(b) = self.body_mut(id) {
                    b.first_shape = Some(shape);
                }
            }
            Some(mut cur) => {
                for _ in 0..64 {
                    match self.shapes.get(cur).and_then(|s| s.head.next) {
                        Some(n) => cur = n,
                        None => break,
                    }
                }
                if let Some(s) = self.shapes.get_mut(cur) {
                    s.head.next = Some(shape);
                }
            }
        }
        true
    }

    /// The first shape of the body's chain (body vtable `+0x28`; a human's
    /// is its capsule, so its bone shapes and push sphere never block).
    ///
    /// Original: `PhysicsBody_GetShapes` (0x00341ae0).
    #[must_use]
    pub fn get_shapes(&self, id: BodyId) -> Option<ShapeId> {
        self.body(id)?.first_shape
    }

    /// The box of the body's shapes: the first shape's bounds, grown by
    /// every next one ([`PhysicsWorld::add_shape_bounds`]). A body without
    /// shapes keeps its box. A body in the sorted list is re-inserted at
    /// once when its box changed, so the list stays sorted whoever calls
    /// this (the console re-sorts in the same update; divergence 214).
    ///
    /// Original: `PhysicsBody_ComputeBounds` (0x00341638).
    pub fn compute_bounds(&mut self, id: BodyId) -> bool {
        let before = self.body(id).map(|b| b.aabb);
        let done = self.compute_bounds_only(id);
        let after = self.body(id).map(|b| b.aabb);
        if done && before != after && self.list_position(id).is_some() {
            self.list_reinsert(id);
        }
        done
    }

    pub(crate) fn compute_bounds_only(&mut self, id: BodyId) -> bool {
        let mut acc: Option<shape_pools::Aabb<R>> = None;
        for s in self.body_shapes(id) {
            acc = Some(self.add_shape_bounds(acc, s));
        }
        match (acc, self.body_mut(id)) {
            (Some(a), Some(b)) => {
                b.aabb = a;
                true
            }
            (None, Some(_)) => true,
            _ => false,
        }
    }

    /// One shape's part of the body's box: its bounds (`PhysicsShape_GetBounds`)
    /// joined to the box so far.
    ///
    /// Original: `PhysicsBody_AddShapeBounds` (0x003417c0).
    #[must_use]
    pub fn add_shape_bounds(
        &self,
        acc: Option<shape_pools::Aabb<R>>,
        shape: ShapeId,
    ) -> shape_pools::Aabb<R> {
        let Some(s) = self.shapes.get(shape) else {
            return acc.unwrap_or_default();
        };
        let b = s.bounds_with(&self.config.quirks.shapes);
        match acc {
            Some(a) => a.union(&b),
            None => b,
        }
    }

    pub(crate) fn shapes_mut(&mut self) -> &mut ShapePools<R> {
        &mut self.shapes
    }

    pub(crate) fn take_human_set(&self, kind: BodyPool, index: u32) -> Option<HumanParts<R>> {
        match kind {
            BodyPool::Human => self.humans.sets.get(index as usize).cloned(),
            BodyPool::PunchBag => self.humans.punch_bag.clone(),
            _ => None,
        }
    }

    pub(crate) fn count_refused_body(&mut self) {
        self.refusals.bodies += 1;
    }

    pub(crate) fn count_refused_settle(&mut self) {
        self.refusals.settles += 1;
    }
}

/// The most shapes a body's chain is followed for (a guard against a
/// chain that loops).
const CHAIN_MAX: u32 = 64;

struct ShapeChain<'a, R> {
    shapes: &'a ShapePools<R>,
    next: Option<ShapeId>,
    left: u32,
}

impl<R: Real> Iterator for ShapeChain<'_, R> {
    type Item = ShapeId;
    fn next(&mut self) -> Option<ShapeId> {
        let cur = self.next?;
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.next = self.shapes.get(cur).and_then(|s| s.head.next);
        Some(cur)
    }
}

/// Builds one human body set at construction: the capsule (2.0, 0.35)
/// from the 60 pool and the ten bone shapes of [`BONE_SHAPES`] from the 300
/// pools, each with the table's flags (0x2, or 0x6 for the spine and the
/// head) and switched off; no push sphere, no strike sphere.
///
/// Original: `PhysicsHumanBody_Construct` (0x00341e98).
pub fn build_human_set<R: Real>(shapes: &mut ShapePools<R>) -> Option<HumanParts<R>> {
    let capsule = shapes.alloc_capsule()?;
    let mut bones = [None; 10];
    for (slot, spec) in bones.iter_mut().zip(BONE_SHAPES.iter()) {
        let (kind, mut shape) = spec.make::<R>();
        shape.head.flags = ShapeFlags::from_bits_retain(spec.flags);
        *slot = shapes.alloc(kind, shape);
    }
    Some(HumanParts::new(capsule, bones))
}

fn build_punch_bag_set<R: Real>(shapes: &mut ShapePools<R>) -> Option<HumanParts<R>> {
    let capsule = shapes.alloc(
        ShapeKind::PunchBagCapsule,
        PhysShape::capsule(R::from_f32(1.787), R::from_f32(0.35)),
    )?;
    let mut seg = PhysShape::segment(R::from_f32(0.35), R::from_f32(1.5));
    seg.head.bone = Some(3);
    let segment = shapes.alloc(ShapeKind::PunchBagSegment, seg)?;
    let mut bones = [None; 10];
    bones[0] = Some(segment);
    Some(HumanParts::new(capsule, bones))
}
