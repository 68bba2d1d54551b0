//! The world's state in parts a call can borrow apart from the rest (as
//! rapier keeps its bodies, colliders and islands in sets): the bodies with
//! their x-sorted list and index ([`BodySet`]), the human body sets
//! ([`HumanSets`]) and the level with its query scratch ([`LevelState`]).
//! The shape pools ([`ShapePools`](shape_pools::ShapePools)), the ignore
//! slots and the settle slots are parts of their own. Each part keeps the
//! console's fields under their offsets in `IPhysics`; which call may change
//! which part is what the world's methods say.

use std::collections::HashMap;
use std::sync::Arc;

use collision_mesh::{TiledMesh, TiledScratch};
use ps2_float::Real;
use shape_pools::{Pool, PoolCapacities};

use crate::body::{BodyRecord, HumanParts};
use crate::broad_phase::BroadPhase;
use crate::ids::{BodyId, OwnerId};
use crate::sorted_list::SortedList;

/// How many kinds of body the world pools (human, punch bag, object, pane,
/// car).
pub(crate) const KINDS: usize = 5;

/// The bodies: one first-free pool per kind, the x-sorted list with its
/// keys and widest-body bound, the body vector and each owner's body.
#[derive(Clone, Debug)]
pub struct BodySet<R> {
    /// The body pools, by [`BodyPool`](crate::BodyPool) index.
    pub(crate) pools: [Pool<BodyRecord<R>>; KINDS],
    /// `+0x08`: the bodies sorted by `min.x`, each with its sort key (in
    /// chunks: [`crate::sorted_list`]).
    pub(crate) list: SortedList<R>,
    /// `+0x14`: the widest body in `x`.
    pub(crate) widest: R,
    /// `+0x12`: steps since the last refresh of the bound.
    pub(crate) refresh_ticks: u16,
    /// `+0x10`: the last group number handed out.
    pub(crate) group_counter: u16,
    /// `+0x4f454`: every live body, by index.
    pub(crate) vector: Vec<BodyId>,
    /// Each owner's body (what owner vtable `+0xf0` answers): the first
    /// body added for it that is still in the world.
    pub(crate) owner_bodies: HashMap<OwnerId, BodyId>,
    /// How many bodies of the vector each owner has (so that removing an
    /// owner's only body does not search the vector for another).
    pub(crate) owner_counts: HashMap<OwnerId, u32>,
    /// The grid over the listed bodies and their list numbers, in step
    /// with `list` ([`crate::broad_phase`]).
    pub(crate) grid: BroadPhase<R>,
}

impl<R: Real> BodySet<R> {
    /// Empty pools of the given capacities and an empty list.
    pub(crate) fn new(caps: PoolCapacities) -> Self {
        Self {
            pools: [
                Pool::with_capacity(caps.humans),
                Pool::with_capacity(1),
                Pool::with_capacity(caps.objects),
                Pool::with_capacity(caps.panes),
                Pool::with_capacity(caps.cars),
            ],
            list: SortedList::default(),
            widest: R::ZERO,
            refresh_ticks: 0,
            group_counter: 0,
            vector: Vec::new(),
            owner_bodies: HashMap::new(),
            owner_counts: HashMap::new(),
            grid: BroadPhase::default(),
        }
    }

    /// How many bodies are in the world.
    #[must_use]
    pub fn len(&self) -> usize {
        self.vector.len()
    }

    /// Whether the world holds no body.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.vector.is_empty()
    }

    /// The bodies in the x-sorted list's order (`+0x08`).
    #[must_use]
    pub fn sorted(&self) -> &SortedList<R> {
        &self.list
    }

    /// The grid over the listed bodies.
    #[must_use]
    pub fn broad_phase(&self) -> &BroadPhase<R> {
        &self.grid
    }

    /// Grows the widest-body bound to `width` when it is wider; the bound
    /// never shrinks here (an insert and a reinsert both do this; only the
    /// step's refresh lowers it).
    pub(crate) fn grow_widest(&mut self, width: R) {
        if width > self.widest {
            self.widest = width;
        }
    }
}

/// The human body sets, made once at construction, and the human list.
#[derive(Clone, Debug, Default)]
pub struct HumanSets<R> {
    /// The sets' shapes (index = the human pool's entry).
    pub(crate) sets: Vec<HumanParts<R>>,
    /// The punch bag's set.
    pub(crate) punch_bag: Option<HumanParts<R>>,
    /// `+0x04`: the human body list, head first.
    pub(crate) list: Vec<BodyId>,
}

impl<R> HumanSets<R> {
    /// The human bodies, head first (`+0x04`).
    #[must_use]
    pub fn list(&self) -> &[BodyId] {
        &self.list
    }
}

/// The level's tiles and the world's own query scratch for them.
#[derive(Clone, Debug, Default)]
pub struct LevelState<R> {
    /// The level's tiles, tile `k` the `k`-th (none without a level; one
    /// is the console's world, divergence 345), shared with whoever else
    /// holds the level.
    pub(crate) tiles: Option<Arc<TiledMesh>>,
    /// The visited bits and mesh contact array per tile.
    pub(crate) scratch: TiledScratch<R>,
}

impl<R> LevelState<R> {
    /// The level, if the world has one.
    #[must_use]
    pub fn tiles(&self) -> Option<&Arc<TiledMesh>> {
        self.tiles.as_ref()
    }
}
