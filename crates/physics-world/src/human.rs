//! The human body set: creating and freeing humans and the punch bag, the
//! ten bone shapes, the scale, the enable bits, the strike spheres, the
//! push sphere, the human `Update` and `Moved`, the contact scale and the
//! ignore rules (overview "The human body", "Ignore lists"; Unit 10 is not
//! in the specification: readings beyond the overview are *inferred*).

use ps2_float::{Real, Vec4};
use shape_pools::{Aabb, PhysShape, ShapeFlags, ShapeId, ShapeKind};

use crate::owner::OwnerPose;
use crate::{
    flags::BodyFlags, ids::BodyId, ids::BodyPool, ids::Other, ids::OwnerId, owner::Owners,
    world::PhysicsWorld,
};

/// One of the ten bone shapes of a human body set (the table built at
/// construction; the port's research, `combat.md` "Moving strikes", gives
/// the bones, offsets, sizes and flags, and an earlier copy of
/// `physics.md` their order: the five segments, then the five spheres;
/// divergence 193).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoneShape {
    /// The bone (`+0x31`).
    pub bone: u8,
    /// `true` for a segment, `false` for a sphere.
    pub segment: bool,
    /// The offset in the bone's frame (metres, scale 1).
    pub offset: [f32; 3],
    /// The radius (scale 1).
    pub radius: f32,
    /// A segment's length (scale 1).
    pub length: f32,
    /// The flags the table gives (0x2 strike shape; 0x4 also a target).
    pub flags: u8,
}

impl BoneShape {
    pub(crate) fn make<R: Real>(&self) -> (ShapeKind, PhysShape<R>) {
        let r = R::from_f32(self.radius);
        let (kind, mut s) = if self.segment {
            (
                ShapeKind::BoneSegment,
                PhysShape::segment(r, R::from_f32(self.length)),
            )
        } else {
            (ShapeKind::BoneSphere, PhysShape::sphere(r))
        };
        s.head.bone = Some(self.bone);
        s.head.offset = offset_vec(self.offset, R::ONE);
        (kind, s)
    }
}

fn offset_vec<R: Real>(o: [f32; 3], s: R) -> Vec4<R> {
    Vec4::new(
        R::from_f32(o[0]) * s,
        R::from_f32(o[1]) * s,
        R::from_f32(o[2]) * s,
        R::ZERO,
    )
}

/// The ten bone shapes, in the set's order.
pub const BONE_SHAPES: [BoneShape; 10] = [
    seg(3, [-0.07, 0.0, 0.05], 0.18, 0.38, 0x6), // spine
    seg(24, [0.0; 3], 0.07, 0.20, 0x2),          // right forearm
    seg(18, [0.0; 3], 0.07, 0.20, 0x2),          // left forearm
    seg(32, [0.0; 3], 0.10, 0.40, 0x2),          // shin
    seg(29, [0.0; 3], 0.10, 0.40, 0x2),          // shin
    sph(6, [0.05, 0.0, 0.03], 0.15, 0x6),        // head
    sph(25, [0.08, 0.0, 0.0], 0.09, 0x2),        // right hand
    sph(19, [0.08, 0.0, 0.0], 0.09, 0x2),        // left hand
    sph(33, [0.0; 3], 0.15, 0x2),                // foot
    sph(30, [0.0; 3], 0.15, 0x2),                // foot
];

const fn seg(bone: u8, offset: [f32; 3], radius: f32, length: f32, flags: u8) -> BoneShape {
    BoneShape {
        bone,
        segment: true,
        offset,
        radius,
        length,
        flags,
    }
}

const fn sph(bone: u8, offset: [f32; 3], radius: f32, flags: u8) -> BoneShape {
    BoneShape {
        bone,
        segment: false,
        offset,
        radius,
        length: 0.0,
        flags,
    }
}

/// The punch bag's segment (bone 3, radius 0.35, length 1.5, no offset)
/// and capsule (radius 0.35, height 1.787 m) (overview "Bodies").
pub const PUNCH_BAG_SEGMENT: (u8, f32, f32) = (3, 0.35, 1.5);

impl<R: Real> PhysicsWorld<R> {
    /// Creates a human's body from the first free human body set: flags
    /// 0x8002243f, the owner's type mask, the capsule switched on as its
    /// only chained shape, the bone shapes off; added to the world and the
    /// human list, and scaled by the owner's scale. `None` when all sets
    /// are in use (counted in [`PhysicsWorld::refusals`]).
    ///
    /// Original: `IPhysics_CreateHumanBody` (0x0033cc48).
    pub fn create_human_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
    ) -> Option<BodyId> {
        self.create_human_like(owners, owner, BodyPool::Human, BodyFlags::HUMAN_START)
    }

    /// Creates the punch bag's body from its own set: flags 0x8000243f, the
    /// capsule on, the bone segment (bone 3, r 0.35, length 1.5) off.
    /// `None` when the bag already has a body.
    ///
    /// Original: `IPhysics_CreatePunchBagBody` (0x0033cb08).
    pub fn create_punch_bag_body<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
    ) -> Option<BodyId> {
        self.create_human_like(
            owners,
            owner,
            BodyPool::PunchBag,
            BodyFlags::PUNCH_BAG_START,
        )
    }

    fn create_human_like<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        owner: OwnerId,
        kind: BodyPool,
        flags: BodyFlags,
    ) -> Option<BodyId> {
        let Some(index) = self.pool(kind).first_free() else {
            self.count_refused_body();
            return None;
        };
        let parts = self.take_human_set(kind, index as u32)?;
        let mut body =
            crate::body::BodyRecord::construct(kind, owner, flags, owners.type_mask(owner));
        body.first_shape = Some(parts.capsule);
        let capsule = parts.capsule;
        let bones = parts.bones;
        body.human = Some(parts);
        let slot = self.pool_mut(kind).alloc(body)?;
        let id = BodyId { kind, slot };
        if let Some(c) = self.shape_mut(capsule) {
            c.head.next = None;
            c.set_enabled(true);
        }
        for b in bones.iter().flatten() {
            if let Some(s) = self.shape_mut(*b) {
                s.set_enabled(false);
            }
        }
        self.add_body(id);
        self.add_human_body(id);
        if kind == BodyPool::Human {
            self.apply_human_scale(id, owners.human_scale(owner));
        }
        Some(id)
    }

    /// Frees a human's body: it leaves the world (its owner forgotten by
    /// every ignore list, its own slots freed) and the human list; its
    /// shapes stay with the set, in use (the human free clears no in-use
    /// bit). `false` for a stale handle.
    ///
    /// Original: `IPhysics_FreeHumanBody` (0x0033ce00).
    pub fn free_human_body(&mut self, id: BodyId) -> bool {
        if id.kind != BodyPool::Human {
            return false;
        }
        self.free_human_like(id)
    }

    /// Frees the punch bag's body, as [`PhysicsWorld::free_human_body`].
    ///
    /// Original: `IPhysics_FreePunchBagBody` (0x0033cbf0).
    pub fn free_punch_bag_body(&mut self, id: BodyId) -> bool {
        if id.kind != BodyPool::PunchBag {
            return false;
        }
        self.free_human_like(id)
    }

    fn free_human_like(&mut self, id: BodyId) -> bool {
        if self.body(id).is_none() {
            return false;
        }
        self.destroy_human_parts(id);
        self.ignore.stop_ignoring(id, None);
        self.remove_body(id);
        self.remove_human_body(id);
        self.pool_mut(id.kind).free(id.slot).is_some()
    }

    /// Ends a human body's use of what it borrowed: the weapon strike
    /// spheres and the push sphere go back to their pools, the bone shapes
    /// are switched off and their bits cleared, the level is no longer
    /// ignored. The set's own capsule and bone shapes stay in use for its
    /// next body (*inferred*, divergence 218).
    ///
    /// Original: `PhysicsHumanBody_Destroy` (0x00341f00).
    pub fn destroy_human_parts(&mut self, id: BodyId) -> bool {
        if self.body(id).and_then(|b| b.human.as_ref()).is_none() {
            return false;
        }
        self.clear_strike_spheres(id);
        self.set_push_sphere(id, false);
        self.set_bone_shape_enabled(id, None, false);
        if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
            p.ignore_level = false;
            p.airborne = false;
        }
        true
    }

    /// Scales the human's shapes: the bone shapes' offsets, radii and
    /// lengths from the table's values, the capsule's radius 0.35 and
    /// height 2.0, each times `scale` (from the table, so a second call does
    /// not compound; *inferred*, divergence 194). Does nothing to another
    /// kind.
    ///
    /// Original: `PhysicsBody_ApplyHumanScale` (0x00341f28).
    pub fn apply_human_scale(&mut self, id: BodyId, scale: R) -> bool {
        let Some(parts) = self.body(id).and_then(|b| b.human.clone()) else {
            return false;
        };
        if id.kind != BodyPool::Human {
            return false;
        }
        if let Some(c) = self.shape_mut(parts.capsule) {
            c.capsule_set_size(
                R::from_f32(shape_pools::CAPSULE_HEIGHT) * scale,
                R::from_f32(shape_pools::CAPSULE_RADIUS) * scale,
            );
        }
        for (slot, spec) in parts.bones.iter().zip(BONE_SHAPES.iter()) {
            let Some(s) = slot.and_then(|h| self.shapes_mut().get_mut(h)) else {
                continue;
            };
            s.head.offset = offset_vec(spec.offset, scale);
            match &mut s.geom {
                kernels::Shape::Sphere(sp) => sp.radius = R::from_f32(spec.radius) * scale,
                kernels::Shape::Segment(sg) => {
                    sg.radius = R::from_f32(spec.radius) * scale;
                    sg.length = R::from_f32(spec.length) * scale;
                }
                _ => {}
            }
        }
        true
    }

    /// Switches the bone shape on bone `bone` on or off: bit `1 << (bone −
    /// 2)` of the set's `+0xc0` follows, and the shape's enable slot runs
    /// (on sets 0x11, off clears 0x1). A bone without a shape only sets its
    /// bit. `None` for the bone (the console's −1) switched off turns every
    /// bone shape off and clears the bits; switched on it does nothing
    /// (*inferred*, divergence 195).
    ///
    /// Original: `PhysBody_SetShapeEnabled` (0x003428d0).
    pub fn set_bone_shape_enabled(&mut self, id: BodyId, bone: Option<u8>, on: bool) -> bool {
        let Some(parts) = self.body(id).and_then(|b| b.human.clone()) else {
            return false;
        };
        let mut bits = parts.bones_on;
        for h in parts.bones.iter().flatten() {
            let Some(s) = self.shapes_mut().get_mut(*h) else {
                continue;
            };
            match bone {
                Some(b) if s.head.bone == Some(b) => s.set_enabled(on),
                None if !on => s.set_enabled(false),
                _ => {}
            }
        }
        match bone {
            Some(b) if (2..34).contains(&b) => {
                let bit = 1u32 << (b - 2);
                if on {
                    bits |= bit;
                } else {
                    bits &= !bit;
                }
            }
            None if !on => bits = 0,
            _ => {}
        }
        if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
            p.bones_on = bits;
        }
        true
    }

    /// Adds a bone shape to the set in its first empty place (the sets are
    /// built full, so this is for a game that builds its own). `false` when
    /// all ten places are taken.
    ///
    /// Original: `PhysicsHumanBody_AddBoneShape` (0x003429e8).
    pub fn add_bone_shape(&mut self, id: BodyId, shape: ShapeId) -> bool {
        let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) else {
            return false;
        };
        match p.bones.iter_mut().find(|s| s.is_none()) {
            Some(slot) => {
                *slot = Some(shape);
                true
            }
            None => false,
        }
    }

    /// Takes a strike sphere of `radius` from the 60 pool for the human's
    /// weapon (offset `offset` in the held object's frame), switched on.
    /// `None` when the pool is empty or the human holds the most.
    ///
    /// Original: `PhysicsHumanBody_AddStrikeSphere` (0x00342158).
    pub fn add_strike_sphere(&mut self, id: BodyId, radius: R, offset: Vec4<R>) -> Option<ShapeId> {
        let full =
            self.body(id)?.human.as_ref()?.strike_spheres.len() >= crate::body::MAX_STRIKE_SPHERES;
        if full {
            return None;
        }
        let s = self.shapes_mut().find_free_strike_sphere(radius)?;
        if let Some(sh) = self.shape_mut(s) {
            sh.head.offset = offset;
            sh.set_enabled(true);
        }
        if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
            p.strike_spheres.push(s);
            p.weapon_strike = true;
        }
        Some(s)
    }

    /// Gives every weapon strike sphere back to the pool and clears the
    /// weapon-strike flag.
    ///
    /// Original: `PhysicsHumanBody_ClearStrikeSpheres` (0x00342168).
    pub fn clear_strike_spheres(&mut self, id: BodyId) -> bool {
        let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) else {
            return false;
        };
        let spheres = core::mem::take(&mut p.strike_spheres);
        p.weapon_strike = false;
        for s in spheres {
            self.shapes_mut().free_shape(s);
        }
        true
    }

    /// Switches the push sphere on (a 2.0 m sphere taken from the 30 pool,
    /// enabled) or off (switched off and given back; *inferred*, divergence
    /// 196). Switching on with the pool empty does nothing and answers
    /// `false`.
    ///
    /// Original: `PhysicsHumanBody_SetPushSphere` (0x003420d0).
    pub fn set_push_sphere(&mut self, id: BodyId, on: bool) -> bool {
        let Some(current) = self
            .body(id)
            .and_then(|b| b.human.as_ref())
            .map(|p| p.push_sphere)
        else {
            return false;
        };
        match (on, current) {
            (true, Some(_)) => true,
            (true, None) => {
                let Some(s) = self.shapes_mut().alloc_big_sphere() else {
                    return false;
                };
                if let Some(sh) = self.shape_mut(s) {
                    sh.set_enabled(true);
                }
                if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
                    p.push_sphere = Some(s);
                }
                true
            }
            (false, Some(s)) => {
                self.shapes_mut().free_shape(s);
                if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
                    p.push_sphere = None;
                }
                true
            }
            (false, None) => true,
        }
    }

    /// Nudges bystanders out of the way while the push sphere is on
    /// (overview "The human body", the push sphere): the sphere is
    /// overlapped with the bodies (options 0x2012, type mask 0x40), and each
    /// human met that is not `target`, not a player and not flagged 0x200
    /// gets `0.25 × w(this) / (w(other) × k(other))` m added to its pending
    /// push-out along the unit line from this owner's position to the
    /// other's (`w` attribute 1, `k` attribute 7). Returns how many were
    /// pushed. The positions are the owners' frames and the operation order
    /// is `(0.25 × w) / (w' × k)` then the scaled unit vector (*inferred*,
    /// divergence 232).
    ///
    /// Original: `PhysicsHumanBody_PushAwayHumans` (0x003425c0).
    pub fn push_away_humans<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        id: BodyId,
        target: Option<OwnerId>,
        candidates: &mut Vec<BodyId>,
    ) -> usize {
        let Some(b) = self.body(id) else {
            return 0;
        };
        let me = b.owner;
        let Some(ps) = b.human.as_ref().and_then(|p| p.push_sphere) else {
            return 0;
        };
        let Some(sphere) = self.shape(ps).filter(|s| s.is_enabled()).map(|s| s.geom) else {
            return 0;
        };
        let mut q = crate::shape_query::ShapeQuery::of_shape(
            sphere,
            Some(me),
            crate::shape_query::QueryOptions::from_bits_retain(0x2012),
        );
        q.type_mask = crate::flags::type_bits::HUMAN;
        let mut out = [kernels::Contact::<R>::default(); crate::shape_query::MAX_CONTACTS];
        let n = self.overlap_shape(owners, &mut out, &q, candidates);
        let here = owners.frame(me).position;
        let w_me = owners.float_attribute(me, 1);
        let mut pushed = 0;
        for c in out.iter().take(n) {
            let Some(other) = c.other.owner.and_then(OwnerId::new) else {
                continue;
            };
            if Some(other) == target || owners.is_player(other) {
                continue;
            }
            let Some(ob) = self.body_of_owner(other) else {
                continue;
            };
            if self
                .body(ob)
                .is_none_or(|x| x.flags.contains(BodyFlags::NOT_PUSHABLE))
            {
                continue;
            }
            let dir = (owners.frame(other).position - here)
                .with_w(R::ZERO)
                .normalize();
            let w_other = owners.float_attribute(other, 1);
            let k_other = owners.float_attribute(other, 7);
            let amount = (R::from_f32(0.25) * w_me).div(w_other * k_other);
            if let Some(x) = self.body_mut(ob) {
                x.push = x.push.madd(dir, amount);
                pushed += 1;
            }
        }
        pushed
    }

    /// The human body's first shape: its capsule alone (`+0x30`), so its
    /// bone shapes and push sphere never block a sweep.
    ///
    /// Original: `PhysicsHumanBody_GetShapes` (0x003420c8).
    #[must_use]
    pub fn human_get_shapes(&self, id: BodyId) -> Option<ShapeId> {
        Some(self.body(id)?.human.as_ref()?.capsule)
    }

    /// The human's contact scale: 0.25 while airborne, else 1.0 (with a
    /// body or the level alike).
    ///
    /// Original: `PhysicsHumanBody_GetContactScale` (0x00342288).
    #[must_use]
    pub fn human_contact_scale(&self, id: BodyId) -> Option<R> {
        let p = self.body(id)?.human.as_ref()?;
        Some(if p.airborne {
            R::from_f32(0.25)
        } else {
            R::ONE
        })
    }

    /// Marks the human airborne or not (read by the contact scale).
    pub fn set_human_airborne(&mut self, id: BodyId, airborne: bool) -> bool {
        self.body_mut(id)
            .and_then(|b| b.human.as_mut())
            .map(|p| p.airborne = airborne)
            .is_some()
    }

    /// The contact scale of any body (body vtable `+0x48`): the human's
    /// rule for a human or the bag, else 1.0 with a body and 0.98 with the
    /// level.
    #[must_use]
    pub fn contact_scale(&self, id: BodyId, with_body: bool) -> Option<R> {
        let b = self.body(id)?;
        if b.human.is_some() {
            self.human_contact_scale(id)
        } else {
            Some(b.contact_scale(with_body))
        }
    }

    /// The human body's update (skipped under body flag 0x4000), after
    /// overview "The human body": first the base update (capsule posed if
    /// dirty, box, list place); then the weapon spheres are posed in the
    /// owner's frame; when a bone bit or the weapon flag is set, or the
    /// body was dirty, the broad bound takes the strike reach, the larger
    /// of `0.8 × scale` and `attack_reach` (with weapon spheres: the first
    /// sphere's horizontal distance from the position plus its radius);
    /// last, each bone shape flagged 0x1 or 0x4, and the push sphere, is
    /// posed. The bound's shape (a cylinder box of that reach, 2.0 m high)
    /// and these readings of "anything strikes" are *inferred*
    /// (divergence 197).
    ///
    /// Original: `PhysicsHumanBody_Update` (0x003422d0).
    pub fn human_update<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        id: BodyId,
        attack_reach: R,
    ) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        if b.flags.contains(BodyFlags::NO_HUMAN_UPDATE) {
            return true;
        }
        let dirty = b.flags.contains(BodyFlags::DIRTY);
        let owner = b.owner;
        let Some(parts) = b.human.clone() else {
            return false;
        };
        self.base_update(owners, id);
        let src = OwnerPose {
            owners,
            owner,
            human: true,
            _r: core::marker::PhantomData,
        };
        let sq = self.config.quirks.shapes;
        for s in &parts.strike_spheres {
            if let Some(sh) = self.shapes_mut().get_mut(*s) {
                sh.pose_with(&src, &sq);
            }
        }
        let striking = parts.bones_on != 0 || parts.weapon_strike;
        if striking || dirty {
            let frame = owners.frame(owner);
            let scale = owners.human_scale(owner);
            let mut reach = (R::from_f32(0.8) * scale).max(attack_reach);
            if let Some(first) = parts.strike_spheres.first().and_then(|s| self.shape(*s)) {
                let d = first.position() - frame.position;
                let horiz = (d.x * d.x + d.y * d.y).sqrt();
                let r = match &first.geom {
                    kernels::Shape::Sphere(s) => s.radius,
                    _ => R::ZERO,
                };
                reach = (R::from_f32(0.8) * scale).max(horiz + r);
            }
            let broad = upright_box(frame.position, reach);
            if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
                p.broad = broad;
            }
        }
        for h in parts.bones.iter().flatten().chain(parts.push_sphere.iter()) {
            if let Some(sh) = self.shapes_mut().get_mut(*h) {
                let f = sh.head.flags;
                if f.intersects(ShapeFlags::ENABLED | ShapeFlags::STRIKE_TARGET) {
                    sh.pose_with(&src, &sq);
                }
            }
        }
        true
    }

    /// The human body once its owner was put somewhere new (overview "The
    /// human body", `Moved`): the broad bound is reset around the new
    /// position (0.8 m each way in `x` and `y`, 2.0 m up), and each bone
    /// shape flagged 0x1 or 0x4 takes the new matrix through "set from a
    /// matrix" (spheres move to the origin, their previous position kept;
    /// segments stay), so the next pose sweeps a sphere out from the new
    /// origin and a segment from where it was. The capsule also takes the
    /// new position and the box and list place follow (*inferred*, so that
    /// the body stays where queries look; divergence 213).
    ///
    /// Original: `PhysicsHumanBody_Moved` (0x00342828).
    pub fn human_moved<O: Owners<R> + ?Sized>(&mut self, owners: &O, id: BodyId) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        let owner = b.owner;
        let Some(parts) = b.human.clone() else {
            return false;
        };
        let frame = owners.frame(owner);
        if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
            p.broad = upright_box(frame.position, R::from_f32(0.8));
        }
        let sq = self.config.quirks.shapes;
        if let Some(c) = self.shape_mut(parts.capsule) {
            c.set_from_matrix_with(&frame, &sq);
        }
        for h in parts.bones.iter().flatten() {
            if let Some(sh) = self.shapes_mut().get_mut(*h) {
                if sh
                    .head
                    .flags
                    .intersects(ShapeFlags::ENABLED | ShapeFlags::STRIKE_TARGET)
                {
                    sh.set_from_matrix_with(&frame, &sq);
                }
            }
        }
        self.compute_bounds_only(id);
        self.list_reinsert(id)
    }

    /// Tells the human body it was pushed or struck (body vtable `+0x54`):
    /// the world forwards it to the game, which owns the reaction
    /// (`Human_OnPushContact`). Answers whether the body is a human's.
    ///
    /// Original: `PhysicsHumanBody_OnStruck` (0x00342130).
    #[must_use]
    pub fn human_on_struck(&self, id: BodyId) -> bool {
        self.body(id).is_some_and(|b| b.human.is_some())
    }

    /// Makes the body ignore `other`: an owner takes an ignore slot; the
    /// level ([`Other::Level`], the console's null owner) is a human body's
    /// own flag (`+0xd4`) and means nothing to another body. With every
    /// slot in use nothing happens (`false`).
    ///
    /// Original: `PhysicsHumanBody_Ignore` (0x00342230).
    pub fn ignore(&mut self, id: BodyId, other: Other) -> bool {
        let Some(b) = self.body_mut(id) else {
            return false;
        };
        match other {
            Other::Level => match b.human.as_mut() {
                Some(p) => {
                    p.ignore_level = true;
                    true
                }
                None => false,
            },
            Other::Owner(o) => self.ignore.ignore(id, o),
        }
    }

    /// Whether the body ignores `other`. A human body (or the bag) always
    /// ignores its owner's grab partner, and answers for the level from its
    /// `+0xd4`; another body never ignores the level.
    ///
    /// Original: `PhysicsHumanBody_IsIgnoring` (0x003421d0).
    #[must_use]
    pub fn is_ignoring<O: Owners<R> + ?Sized>(&self, owners: &O, id: BodyId, other: Other) -> bool {
        let Some(b) = self.body(id) else {
            return false;
        };
        match (other, b.human.as_ref()) {
            (Other::Level, Some(p)) => p.ignore_level,
            (Other::Level, None) => false,
            (Other::Owner(o), human) => {
                (human.is_some() && owners.grab_partner(b.owner) == Some(o))
                    || self.ignore.is_ignoring(id, o)
            }
        }
    }

    /// Stops ignoring `other`, or, given `None` (the console's null), every
    /// owner and, for a human, the level too. Returns how many slots were
    /// freed.
    ///
    /// Original: `PhysicsHumanBody_StopIgnoring` (0x00342260).
    pub fn stop_ignoring(&mut self, id: BodyId, other: Option<Other>) -> usize {
        if matches!(other, None | Some(Other::Level)) {
            if let Some(p) = self.body_mut(id).and_then(|b| b.human.as_mut()) {
                p.ignore_level = false;
            }
        }
        if self.body(id).is_none() {
            return 0;
        }
        match other {
            None => self.ignore.stop_ignoring(id, None),
            Some(Other::Owner(o)) => self.ignore.stop_ignoring(id, Some(o)),
            Some(Other::Level) => 0,
        }
    }
}

/// The upright box `reach` out horizontally and 2.0 m tall from `p`.
fn upright_box<R: Real>(p: Vec4<R>, reach: R) -> Aabb<R> {
    Aabb::from_upright_cylinder(p, reach, R::from_f32(2.0))
}
