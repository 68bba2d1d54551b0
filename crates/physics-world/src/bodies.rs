//! Creating and freeing world objects', cars' and glass panes' bodies, and
//! the base body's `Update` and `Moved` (overview "Bodies", "Cars"; Unit 9
//! is not in the specification: readings beyond it are *inferred*).

use ps2_float::{Real, Vec4};
use shape_pools::{Pose, ShapeFlags, ShapeId};

use crate::owner::OwnerPose;
use crate::{
    body::BodyRecord, flags::BodyFlags, ids::BodyId, ids::BodyPool, ids::OwnerId, owner::Owners,
    world::PhysicsWorld,
};

/// A world object's collision shape, from its type (CfgObj's `shape`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ObjectShape<R> {
    /// Shape 1 (OBB): a box of full size `size` (halved by
    /// `PhysicsBox_SetSize`).
    Box {
        /// The type's size (`+0x78`).
        size: Vec4<R>,
    },
    /// Shape 2 (SPHERE): a sphere of radius `size.x / 2`.
    Sphere {
        /// The type's size (`+0x78`); only `x` is read.
        size: Vec4<R>,
    },
    /// The one class (the RTTI check against 0x00580ec8) whose other shapes
    /// get a 0.75 m sphere with flag 4.
    SpecialSphere,
    /// Any other shape: no body.
    None,
}

/// What `Obj_CreatePhysicsBody` reads of a world object's type (CfgObj).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ObjectType<R> {
    /// The collision shape.
    pub shape: ObjectShape<R>,
    /// The centre offset (`+0x1c`), in the object's frame.
    pub centre: Vec4<R>,
    /// The PHYFLAG word (argument 12, `+0x5e`).
    pub phyflags: u32,
    /// The object's kind (the per-kind bits of 0x00392160).
    pub kind: u32,
}

/// What a world object's kind adds (the list at 0x00392160): body flags,
/// or the object flag 0x200. The overview names six kinds and five values
/// without pairing them; the port pairs them in the order written, the last
/// value serving the last two kinds (*inferred*, divergence 198: check it
/// against the disassembly).
#[must_use]
pub(crate) fn object_kind_bits(kind: u32) -> (BodyFlags, u32) {
    match kind {
        0x1d => (BodyFlags::UPDATE_ALWAYS, 0),
        0x21 => (BodyFlags::SWEEP_ON_UPDATE, 0),
        0x22 => (BodyFlags::BLOCKOBJECTS, 0),
        0x0f => (BodyFlags::SKIP_BIT_3, 0),
        0x1a | 0x1f => (BodyFlags::empty(), 0x200),
        _ => (BodyFlags::empty(), 0),
    }
}

impl<R: Real> PhysicsWorld<R> {
    /// Creates a world object's body from the first free body of the 416
    /// pool with `shape` (from the 416 sphere or box pool) as its only
    /// shape, switched on, and `flags`; added to the world. `None` when the
    /// body or the shape pool is full (nothing is left taken).
    ///
    /// Original: `IPhysics_CreateObjectBody` (0x0033ce58).
    pub fn create_object_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        shape: ShapeId,
        flags: BodyFlags,
    ) -> Option<BodyId> {
        self.create_with_shapes(owners, owner, BodyPool::Object, &[shape], flags)
    }

    /// A world object's body as the game makes it from the object's type:
    /// a box (half extents `size / 2`) or a sphere (radius `size.x / 2`),
    /// both offset by the type's centre, or the special class's 0.75 m
    /// sphere with shape flag 0x4 (*inferred*: the overview's "flag 4" is
    /// read as the shape's strike-target bit, divergence 199); flags
    /// 0x80000500, the PHYFLAG layers and the kind's bits. Returns the body
    /// and the object flag the kind adds (0x200 or 0). `None` for a shape
    /// that gets no body or a full pool.
    ///
    /// Original: `Obj_CreatePhysicsBody` (0x00391d48).
    pub fn object_body_from_type<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        ty: &ObjectType<R>,
    ) -> Option<(BodyId, u32)> {
        let half = R::from_f32(0.5);
        let shape = match ty.shape {
            ObjectShape::Box { size } => self.shapes_mut().alloc_object_box(size)?,
            ObjectShape::Sphere { size } => self.shapes_mut().alloc_object_sphere(size.x * half)?,
            ObjectShape::SpecialSphere => {
                let s = self.shapes_mut().alloc_object_sphere(R::from_f32(0.75))?;
                if let Some(sh) = self.shape_mut(s) {
                    sh.head.flags |= ShapeFlags::STRIKE_TARGET;
                }
                s
            }
            ObjectShape::None => return None,
        };
        if let Some(sh) = self.shape_mut(shape) {
            sh.head.offset = ty.centre.with_w(R::ZERO);
        }
        let (kind_flags, object_flag) = object_kind_bits(ty.kind);
        let flags = BodyFlags::OBJECT_START | BodyFlags::from_phyflags(ty.phyflags) | kind_flags;
        match self.create_object_body(owners, owner, shape, flags) {
            Some(id) => Some((id, object_flag)),
            None => {
                self.shapes_mut().free_shape(shape);
                None
            }
        }
    }

    /// Frees a world object's body: its ignore slots, its place in the
    /// world, its shapes' in-use bits.
    ///
    /// Original: `IPhysics_FreeObjectBody` (0x0033cf00).
    pub fn free_object_body(&mut self, id: BodyId) -> bool {
        id.kind == BodyPool::Object && self.free_with_shapes(id, true)
    }

    /// Creates a car's body with its two boxes from the 36 pool, box 1
    /// with half sizes `boxes[0].0` at offset `boxes[0].1`, box 2 likewise,
    /// and the creation's flags only: 0x80000000 (overview "Bodies": "car
    /// 0x80000000"). The layers come after, from [`PhysicsWorld::create_car_body`]
    /// (`Car_MakeBodies`). `None` when the body or the box pool is full
    /// (nothing is left taken).
    ///
    /// Original: `IPhysics_CreateCarBody` (0x0033cf68).
    pub fn alloc_car_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        boxes: [(Vec4<R>, Vec4<R>); 2],
    ) -> Option<BodyId> {
        if self.pool(BodyPool::Car).first_free().is_none() {
            self.count_refused_body();
            return None;
        }
        let a = self.shapes_mut().alloc_car_box(boxes[0].0)?;
        let Some(b) = self.shapes_mut().alloc_car_box(boxes[1].0) else {
            self.shapes_mut().free_shape(a);
            return None;
        };
        for (s, (_, off)) in [a, b].into_iter().zip(boxes) {
            if let Some(sh) = self.shape_mut(s) {
                sh.head.offset = off.with_w(R::ZERO);
            }
        }
        self.create_with_shapes(owners, owner, BodyPool::Car, &[a, b], BodyFlags::CAR_START)
    }

    // Two originals with the same arguments (`IPhysics_CreateCarBody` above,
    // `Car_MakeBodies` here): kept as two functions, this one calls the other.
    /// A car's body as the game makes it from the car's type record
    /// (overview "Cars"): the body from [`PhysicsWorld::alloc_car_body`]
    /// (`IPhysics_CreateCarBody`, flags 0x80000000) with box 1's half sizes
    /// and offset from the record's `+0x00` and `+0x10` (`boxes[0]`) and
    /// box 2's from `+0x20` and `+0x30` (`boxes[1]`), then the flags
    /// 0x2211a ORed in ([`BodyFlags::CAR_LAYERS`], 0x00387ea8), so the body
    /// ends with 0x8002211a. The first vector of each box is read as half
    /// sizes, as the overview says (the port's research reads full sizes:
    /// divergence 200). The car's own object flag 0x200, which this
    /// function also clears on the console, lives in the game's car, not in
    /// the physics world: the caller clears it (divergence 295).
    ///
    /// Original: `Car_MakeBodies` (0x00387d50).
    pub fn create_car_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        boxes: [(Vec4<R>, Vec4<R>); 2],
    ) -> Option<BodyId> {
        let id = self.alloc_car_body(owners, owner, boxes)?;
        self.set_body_flags(id, BodyFlags::CAR_LAYERS);
        Some(id)
    }

    /// Frees a car's body and its two boxes.
    ///
    /// Original: `IPhysics_FreeCarBody` (0x0033cff8).
    pub fn free_car_body(&mut self, id: BodyId) -> bool {
        id.kind == BodyPool::Car && self.free_with_shapes(id, true)
    }

    /// Creates a box body (a glass pane's) from the 255 pool: one box of
    /// full size `size` (a pane passes (width, 0.5, height)), flags
    /// 0x8000007a.
    ///
    /// Original: `Physics_CreateBoxBody` (0x0033d070).
    pub fn create_box_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        size: Vec4<R>,
    ) -> Option<BodyId> {
        if self.pool(BodyPool::Pane).first_free().is_none() {
            self.count_refused_body();
            return None;
        }
        let s = self.shapes_mut().alloc_pane_box(size)?;
        self.create_with_shapes(owners, owner, BodyPool::Pane, &[s], BodyFlags::PANE_START)
    }

    /// Frees a box body and its box; unlike the other frees it leaves the
    /// body's own ignore slots (the pane free skips `StopIgnoring`, Unit 9),
    /// though removing the body still frees every slot naming its owner.
    /// With `Quirks::world.pane_free_keeps_ignore_slots` off it gives its
    /// own slots back too, as the other frees do (divergence 492).
    ///
    /// Original: `IPhysics_FreeBoxBody` (0x0033d158).
    pub fn free_box_body(&mut self, id: BodyId) -> bool {
        let stop_ignoring = !self.config.quirks.world.pane_free_keeps_ignore_slots;
        id.kind == BodyPool::Pane && self.free_with_shapes(id, stop_ignoring)
    }

    fn create_with_shapes<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        kind: BodyPool,
        shapes: &[ShapeId],
        flags: BodyFlags,
    ) -> Option<BodyId> {
        let body = BodyRecord::construct(kind, owner, flags, owners.type_mask(owner));
        let Some(slot) = self.pool_mut(kind).alloc(body) else {
            self.count_refused_body();
            for s in shapes {
                self.shapes_mut().free_shape(*s);
            }
            return None;
        };
        let id = BodyId { kind, slot };
        for s in shapes {
            if let Some(sh) = self.shape_mut(*s) {
                sh.head.next = None;
                sh.set_enabled(true);
            }
            self.add_shape(id, *s);
        }
        self.add_body(id);
        Some(id)
    }

    fn free_with_shapes(&mut self, id: BodyId, stop_ignoring: bool) -> bool {
        if self.body(id).is_none() {
            return false;
        }
        let shapes: smallvec::SmallVec<[ShapeId; 4]> = self.body_shapes(id).collect();
        if stop_ignoring {
            self.ignore.stop_ignoring(id, None);
        }
        self.remove_body(id);
        for s in shapes {
            self.shapes_mut().free_shape(s);
        }
        self.pool_mut(id.kind).free(id.slot).is_some()
    }

    /// A body built for an owner outside the pools (the camera builds its
    /// sphere-test bodies on its stack): flags and type mask from the
    /// owner, no shape, not in the world.
    ///
    /// Original: `PhysicsBody_ConstructForOwner` (0x00341970).
    #[must_use]
    pub fn construct_for_owner<O: Owners<R> + ?Sized>(
        owners: &O,
        owner: OwnerId,
        flags: BodyFlags,
    ) -> BodyRecord<R> {
        BodyRecord::construct(BodyPool::Object, owner, flags, owners.type_mask(owner))
    }

    /// Ends a body outside the pools (the stack bodies'): its shapes leave
    /// its chain and it names no vector index.
    ///
    /// Original: `PhysicsBody_Destroy` (0x00341a00).
    pub fn destroy_body(body: &mut BodyRecord<R>) {
        body.first_shape = None;
        body.index = -1;
    }

    /// The body's update, when it is dirty or has flag 0x800 (else
    /// nothing): every shape posed from the owner, the box recomputed, the
    /// list place found again, the dirty bit cleared. A human's (or the
    /// bag's) goes through [`PhysicsWorld::human_update`] with no attack
    /// reach. The 0x801 sweep against the bodies needs mutable owners and
    /// is [`PhysicsWorld::update_with_sweep`] (divergence 201).
    ///
    /// Original: `PhysicsBody_Update` (0x00341c10).
    pub fn update<O: Owners<R> + ?Sized>(&mut self, owners: &O, id: BodyId) -> bool {
        match self.body(id) {
            None => false,
            Some(b) if b.human.is_some() => self.human_update(owners, id, R::ZERO),
            Some(_) => self.base_update(owners, id),
        }
    }

    pub(crate) fn base_update<O: Owners<R> + ?Sized>(&mut self, owners: &O, id: BodyId) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        if !b
            .flags
            .intersects(BodyFlags::DIRTY | BodyFlags::UPDATE_ALWAYS)
        {
            return true;
        }
        let owner = b.owner;
        let human = b.human.is_some();
        let src = OwnerPose {
            owners,
            owner,
            human,
            _r: core::marker::PhantomData,
        };
        let sq = self.config.quirks.shapes;
        self.each_body_shape_mut(id, |sh| sh.pose_with(&src, &sq));
        self.compute_bounds_only(id);
        self.list_reinsert(id);
        if let Some(b) = self.body_mut(id) {
            b.flags.remove(BodyFlags::DIRTY);
        }
        true
    }

    /// The body after its owner was put somewhere new: every shape "set
    /// from" the owner's frame (a sphere's centre and a capsule's base
    /// jump to the position, a box takes the axes; the previous positions
    /// stay), then the box and the list place (*inferred*, divergence 202).
    /// A human's goes through [`PhysicsWorld::human_moved`].
    ///
    /// Original: `PhysicsBody_Moved` (0x00341e40).
    pub fn moved<O: Owners<R> + ?Sized>(&mut self, owners: &O, id: BodyId) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        if b.human.is_some() {
            return self.human_moved(owners, id);
        }
        let frame: Pose<R> = owners.frame(b.owner);
        let sq = self.config.quirks.shapes;
        self.each_body_shape_mut(id, |sh| sh.set_from_matrix_with(&frame, &sq));
        self.compute_bounds_only(id);
        self.list_reinsert(id)
    }
}
