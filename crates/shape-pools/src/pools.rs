//! The shape pools of `IPhysics`, with the console's capacities (overview
//! "Data", "IPhysics"), and the allocators the original calls.

use kernels::ShapeType;
use ps2_float::{Real, Vec4};

use crate::shape::{CAPSULE_HEIGHT, CAPSULE_RADIUS};
use crate::{flags::ShapeFlags, pool::Pool, pool::PoolIndex, shape::PhysShape};

/// Which pool a shape lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShapeKind {
    /// `+0x120`: the humans' bone spheres (five each).
    BoneSphere,
    /// `+0x71a0`: the humans' bone segments (five each).
    BoneSegment,
    /// `+0xf7b0`: weapon strike spheres.
    StrikeSphere,
    /// `+0x10e30`: the humans' capsules.
    Capsule,
    /// `+0x22930`: world objects' spheres.
    ObjectSphere,
    /// `+0x2c530`: world objects' boxes.
    ObjectBox,
    /// `+0x42eb0`: glass panes' boxes.
    PaneBox,
    /// `+0x4c720`: cars' boxes.
    CarBox,
    /// `+0x4db60`: the 2.0 m push spheres.
    PushSphere,
    /// `+0x4f2a0-+0x4f3f0`: the punch bag's segment.
    PunchBagSegment,
    /// The punch bag's capsule.
    PunchBagCapsule,
}

impl ShapeKind {
    /// Every kind, in the order of the pools in `IPhysics`.
    pub const ALL: [ShapeKind; 11] = [
        ShapeKind::BoneSphere,
        ShapeKind::BoneSegment,
        ShapeKind::StrikeSphere,
        ShapeKind::Capsule,
        ShapeKind::ObjectSphere,
        ShapeKind::ObjectBox,
        ShapeKind::PaneBox,
        ShapeKind::CarBox,
        ShapeKind::PushSphere,
        ShapeKind::PunchBagSegment,
        ShapeKind::PunchBagCapsule,
    ];

    /// The shape type this pool holds.
    #[must_use]
    pub fn shape_type(self) -> ShapeType {
        match self {
            ShapeKind::BoneSphere
            | ShapeKind::StrikeSphere
            | ShapeKind::ObjectSphere
            | ShapeKind::PushSphere => ShapeType::Sphere,
            ShapeKind::BoneSegment | ShapeKind::PunchBagSegment => ShapeType::Segment,
            ShapeKind::Capsule | ShapeKind::PunchBagCapsule => ShapeType::Capsule,
            ShapeKind::ObjectBox | ShapeKind::PaneBox | ShapeKind::CarBox => ShapeType::Box,
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// A shape's handle: its pool and its generational index there. A freed
/// shape's handle never reaches the entry's next user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShapeId {
    /// The pool.
    pub kind: ShapeKind,
    /// The entry.
    pub slot: PoolIndex,
}

impl ShapeId {
    /// A word naming the shape in a contact record's shape field (`+0x04`,
    /// `+0x44`; a pointer on the console, never 0): the pool in the top
    /// byte, the index below, plus one (divergence 188).
    #[must_use]
    pub fn word(self) -> u32 {
        ((self.kind.slot() as u32 + 1) << 24) | (self.slot.index & 0x00ff_ffff)
    }
}

/// The capacity of every pool (overview "Data"), the console's by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PoolCapacities {
    /// Human body sets (each: a body, a capsule, five bone spheres, five
    /// bone segments); the console's 60.
    pub humans: usize,
    /// Weapon strike spheres; 60.
    pub strike_spheres: usize,
    /// World objects (bodies, spheres, boxes); 416.
    pub objects: usize,
    /// Glass panes (bodies, boxes); 255.
    pub panes: usize,
    /// Car bodies; 18 (two boxes each).
    pub cars: usize,
    /// Push spheres; 30.
    pub push_spheres: usize,
    /// Ignore slots; 60.
    pub ignore_slots: usize,
    /// Settle slots; 64.
    pub settle_slots: usize,
}

impl Default for PoolCapacities {
    fn default() -> Self {
        Self::CONSOLE
    }
}

impl PoolCapacities {
    /// The console's capacities.
    pub const CONSOLE: Self = Self {
        humans: 60,
        strike_spheres: 60,
        objects: 416,
        panes: 255,
        cars: 18,
        push_spheres: 30,
        ignore_slots: 60,
        settle_slots: 64,
    };

    /// The capacity of one shape pool.
    #[must_use]
    pub fn of(&self, kind: ShapeKind) -> usize {
        match kind {
            ShapeKind::BoneSphere | ShapeKind::BoneSegment => self.humans * 5,
            ShapeKind::StrikeSphere => self.strike_spheres,
            ShapeKind::Capsule => self.humans,
            ShapeKind::ObjectSphere | ShapeKind::ObjectBox => self.objects,
            ShapeKind::PaneBox => self.panes,
            ShapeKind::CarBox => self.cars * 2,
            ShapeKind::PushSphere => self.push_spheres,
            ShapeKind::PunchBagSegment | ShapeKind::PunchBagCapsule => 1,
        }
    }
}

/// All the shape pools. Entries are allocated as the console's are: the
/// first entry without the in-use bit 0x8.
#[derive(Clone, Debug)]
pub struct ShapePools<R> {
    pools: Vec<Pool<PhysShape<R>>>,
    capacities: PoolCapacities,
}

impl<R: Real> ShapePools<R> {
    /// Empty pools of the given capacities.
    #[must_use]
    pub fn new(capacities: PoolCapacities) -> Self {
        let pools = ShapeKind::ALL
            .iter()
            .map(|k| Pool::with_capacity(capacities.of(*k)))
            .collect();
        Self { pools, capacities }
    }

    /// The capacities the pools were made with.
    #[must_use]
    pub fn capacities(&self) -> &PoolCapacities {
        &self.capacities
    }

    /// The pool of one kind.
    #[must_use]
    pub fn pool(&self, kind: ShapeKind) -> &Pool<PhysShape<R>> {
        &self.pools[kind.slot()]
    }

    /// The shape `id` names, while it is allocated.
    #[must_use]
    pub fn get(&self, id: ShapeId) -> Option<&PhysShape<R>> {
        self.pools[id.kind.slot()].get(id.slot)
    }

    /// The shape `id` names, mutably, while it is allocated.
    pub fn get_mut(&mut self, id: ShapeId) -> Option<&mut PhysShape<R>> {
        self.pools[id.kind.slot()].get_mut(id.slot)
    }

    /// The shape a contact's shape word names ([`ShapeId::word`]), while
    /// it is allocated.
    #[must_use]
    pub fn from_word(&self, word: u32) -> Option<ShapeId> {
        let k = (word >> 24).checked_sub(1)? as usize;
        let kind = *ShapeKind::ALL.get(k)?;
        let index = word & 0x00ff_ffff;
        let (slot, _) = self.pools[kind.slot()]
            .iter()
            .find(|(h, _)| h.index == index)?;
        Some(ShapeId { kind, slot })
    }

    /// Puts `shape` in the first free entry of `kind`'s pool with the in-use
    /// bit 0x8 set; `None` when the pool is full (the console returns null
    /// and the caller goes on without the shape) or holds another type.
    pub fn alloc(&mut self, kind: ShapeKind, mut shape: PhysShape<R>) -> Option<ShapeId> {
        if shape.shape_type() != kind.shape_type() {
            return None;
        }
        shape.head.flags |= ShapeFlags::ALLOCATED;
        let slot = self.pools[kind.slot()].alloc(shape)?;
        Some(ShapeId { kind, slot })
    }

    /// A world object's sphere of `radius`, from the 416 pool.
    ///
    /// Original: `IPhysics_AllocObjectSphere` (0x0033d1a0).
    pub fn alloc_object_sphere(&mut self, radius: R) -> Option<ShapeId> {
        self.alloc(ShapeKind::ObjectSphere, PhysShape::sphere(radius))
    }

    /// A world object's box of full `size` (halved by `PhysicsBox_SetSize`),
    /// from the 416 pool.
    ///
    /// Original: `IPhysics_AllocObjectBox` (0x0033d1e8).
    pub fn alloc_object_box(&mut self, size: Vec4<R>) -> Option<ShapeId> {
        let mut b = PhysShape::oriented_box(Vec4::ZERO);
        b.box_set_size(size);
        self.alloc(ShapeKind::ObjectBox, b)
    }

    /// A car's box with half sizes `half` (the type record holds half
    /// sizes, overview "Cars"), from the 36 pool.
    ///
    /// Original: `IPhysics_AllocCarBox` (0x0033d230).
    pub fn alloc_car_box(&mut self, half: Vec4<R>) -> Option<ShapeId> {
        self.alloc(ShapeKind::CarBox, PhysShape::oriented_box(half))
    }

    /// A 2.0 m push sphere from the 30 pool, switched off.
    ///
    /// Original: `IPhysics_AllocBigSphere` (0x0033d278).
    pub fn alloc_big_sphere(&mut self) -> Option<ShapeId> {
        self.alloc(ShapeKind::PushSphere, PhysShape::sphere(R::from_f32(2.0)))
    }

    /// A glass pane's box of full `size`, from the 255 pool.
    pub fn alloc_pane_box(&mut self, size: Vec4<R>) -> Option<ShapeId> {
        let mut b = PhysShape::oriented_box(Vec4::ZERO);
        b.box_set_size(size);
        self.alloc(ShapeKind::PaneBox, b)
    }

    /// A human's capsule, made with (2.0, 0.35).
    pub fn alloc_capsule(&mut self) -> Option<ShapeId> {
        self.alloc(
            ShapeKind::Capsule,
            PhysShape::capsule(R::from_f32(CAPSULE_HEIGHT), R::from_f32(CAPSULE_RADIUS)),
        )
    }

    /// The first strike sphere not in use, switched off and flagged 0x2 as
    /// construction leaves them.
    ///
    /// Original: `IPhysics_FindFreeStrikeSphere` (0x003408d8).
    pub fn find_free_strike_sphere(&mut self, radius: R) -> Option<ShapeId> {
        let mut s = PhysShape::sphere(radius);
        s.head.flags = ShapeFlags::CHARGE;
        self.alloc(ShapeKind::StrikeSphere, s)
    }

    /// Clears the in-use bit 0x8: the entry is free for the next allocation.
    /// A stale handle changes nothing and answers `false`.
    ///
    /// Original: `IPhysics_FreeShape` (0x0033d2c8).
    pub fn free_shape(&mut self, id: ShapeId) -> bool {
        self.pools[id.kind.slot()].free(id.slot).is_some()
    }

    /// How many allocations found a pool full, over every pool.
    #[must_use]
    pub fn exhausted(&self) -> u64 {
        self.pools.iter().map(Pool::exhausted).sum()
    }
}
