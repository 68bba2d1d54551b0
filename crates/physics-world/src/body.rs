//! The body record (0x80 bytes, `PhysicsBody_Construct`) and the human
//! body set's extra fields (0xe0 bytes, `PhysicsHumanBody_Construct`).

use ps2_float::{Real, Vec4};
use shape_pools::{Aabb, ShapeId};

use crate::{flags::BodyFlags, ids::BodyPool, ids::OwnerId};

/// A body: the box queries see, the owner, the shapes, the flags.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BodyRecord<R> {
    /// `+0x00` / `+0x10`: the world box of the shapes.
    pub aabb: Aabb<R>,
    /// `+0x20`: the index in the world's body vector, −1 when none; removing
    /// the body does not reset it (overview "Bodies", Unit 7).
    pub index: i32,
    /// `+0x30`: the first shape of the chain (each shape's head names the
    /// next).
    pub first_shape: Option<ShapeId>,
    /// `+0x34`: the owner.
    pub owner: OwnerId,
    /// `+0x3c`: the group; two bodies of one non-zero group never touch.
    pub group: i16,
    /// `+0x40`: the flags.
    pub flags: BodyFlags,
    /// `+0x44`: the owner's type mask, read when the body is created.
    pub type_mask: u32,
    /// `+0x50`: the pending push-out, added to the next sweep's move.
    pub push: Vec4<R>,
    /// `+0x60`: the scale per axis (1.0; the player's 1.4286).
    pub scale: Vec4<R>,
    /// `+0x70`: the sweep's "could not move" counter.
    pub stuck: u32,
    /// The pool the body came from.
    pub kind: BodyPool,
    /// The human body set's fields, for a human or the punch bag.
    pub human: Option<HumanParts<R>>,
    /// The key the sorted list holds the body under (its `min.x` when it
    /// was last inserted).
    pub(crate) list_key: R,
}

impl<R: Real> BodyRecord<R> {
    /// A body for `owner` with the given flags and type mask: an empty box
    /// at the origin, index −1, scale 1, no shape, group 0.
    ///
    /// Original: `PhysicsBody_Construct` (0x003418f8).
    #[must_use]
    pub fn construct(kind: BodyPool, owner: OwnerId, flags: BodyFlags, type_mask: u32) -> Self {
        let one = R::ONE;
        let mut b = Self {
            aabb: Aabb::default(),
            index: -1,
            first_shape: None,
            owner,
            group: 0,
            flags,
            type_mask,
            push: Vec4::ZERO,
            scale: Vec4::new(one, one, one, R::ZERO),
            stuck: 0,
            kind,
            human: None,
            list_key: R::ZERO,
        };
        b.node_init();
        b
    }

    /// The list node's part of construction: the box at the origin, index
    /// −1 (not in the body vector).
    ///
    /// Original: `PhysicsNode_Init` (0x00341158).
    pub fn node_init(&mut self) {
        self.aabb = Aabb::new(Vec4::ORIGIN, Vec4::ORIGIN);
        self.index = -1;
    }

    /// Names the owner (`+0x34`).
    ///
    /// Original: `PhysicsBody_SetOwner` (0x00341a68).
    pub fn set_owner(&mut self, owner: OwnerId) {
        self.owner = owner;
    }

    /// The contact scale a contact gives the body's velocity at the end of
    /// a move: 1.0 with a body, 0.98 with the level (`with_body` false).
    ///
    /// Original: `PhysicsBody_GetContactScale` (0x00341e18).
    #[must_use]
    pub fn contact_scale(&self, with_body: bool) -> R {
        if with_body {
            R::ONE
        } else {
            R::from_bits(0x3f7a_e148) // 0.98
        }
    }
}

/// The human body set's fields beyond the body (`+0x80` to `+0xdf`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HumanParts<R> {
    /// `+0x30` (the body's first shape): the capsule.
    pub capsule: ShapeId,
    /// `+0x80`: the ten bone shapes, in the set's order.
    pub bones: [Option<ShapeId>; 10],
    /// `+0x84`: the push sphere, while one is taken.
    pub push_sphere: Option<ShapeId>,
    /// `+0x90`: the broad bound (strikes' reach).
    pub broad: Aabb<R>,
    /// `+0xc0`: one bit per switched-on bone, `1 << (bone − 2)`.
    pub bones_on: u32,
    /// `+0xc4`: the weapon strike spheres (up to [`MAX_STRIKE_SPHERES`]).
    pub strike_spheres: smallvec::SmallVec<[ShapeId; MAX_STRIKE_SPHERES]>,
    /// `+0xd0`: the weapon-strike flag.
    pub weapon_strike: bool,
    /// `+0xd4`: "ignore the level" (a null owner given to the ignore list).
    pub ignore_level: bool,
    /// The human is airborne (the contact scale's 0.25; set by the game).
    pub airborne: bool,
}

impl<R: Real> HumanParts<R> {
    /// A set with its capsule and bone shapes, nothing switched on, no push
    /// or strike sphere.
    #[must_use]
    pub fn new(capsule: ShapeId, bones: [Option<ShapeId>; 10]) -> Self {
        Self {
            capsule,
            bones,
            push_sphere: None,
            broad: Aabb::default(),
            bones_on: 0,
            strike_spheres: smallvec::SmallVec::new(),
            weapon_strike: false,
            ignore_level: false,
            airborne: false,
        }
    }
}

/// How many weapon strike spheres one human holds at most (the list's size
/// is not in the specification; *inferred*, divergence 203).
pub const MAX_STRIKE_SPHERES: usize = 8;
