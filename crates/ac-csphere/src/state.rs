//! The state the family reads and writes, as plain data: the sphere path, the
//! object info and its state bits, the collision info, and the outcome of one
//! test. The field names follow the retail structures (`SPHEREPATH`,
//! `OBJECTINFO`, `COLLISIONINFO`); only the fields the family touches are here.

use bitflags::bitflags;

use crate::math::{Frame, Plane, Vec3};

/// A sphere: a centre and a radius, the retail `CSphere` (without its methods,
/// which live in [`crate::family`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sphere {
    /// The centre.
    pub center: Vec3,
    /// The radius.
    pub radius: f32,
}

impl Sphere {
    /// A sphere from its centre and radius.
    pub const fn new(center: Vec3, radius: f32) -> Sphere {
        Sphere { center, radius }
    }
}

// Alike in form only to the kernels' `ShapeType` (a `repr` enum of four
// numbered values): another game's values, in a crate of its own.
/// The outcome of one collision test, the retail `TransitionState`.
///
/// The discriminants are the retail values (divergence register row 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TransitionState {
    /// Nothing in the way: the check position stands.
    Ok = 1,
    /// Blocked: the caller falls back to the current position.
    Collided = 2,
    /// The check position was moved (or the collide flag set); test again.
    Adjusted = 3,
    /// The check position was moved along a slide; test again.
    Slid = 4,
}

/// How the mover is being inserted, the retail `InsertType`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InsertType {
    /// A move along a path (the transitional insert).
    #[default]
    Transition,
    /// Placing the object: overlap detection only.
    Placement,
    /// The first placement of an object in the world.
    InitialPlacement,
}

/// A position: the cell the frame is expressed in and the frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Position {
    /// The landblock cell id (`objcell_id`).
    pub objcell_id: u32,
    /// The frame in that cell.
    pub frame: Frame,
}

impl Position {
    /// A position in cell `objcell_id` at `origin`, unrotated.
    pub const fn at(objcell_id: u32, origin: Vec3) -> Position {
        Position {
            objcell_id,
            frame: Frame::at(origin),
        }
    }
}

/// Which of the mover's two spheres a step reads (the retail `sphereNum`
/// argument, 0 or 1): an index the path's two-sphere arrays always hold, so
/// no caller can ask for a third sphere (row 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SphereIndex {
    /// Sphere 0, the foot.
    Foot,
    /// Sphere 1, the head.
    Head,
}

impl SphereIndex {
    /// The sphere's place in [`SpherePath::global_sphere`] and
    /// [`SpherePath::global_curr_center`]: 0 for the foot, 1 for the head.
    pub fn index(self) -> usize {
        match self {
            SphereIndex::Foot => 0,
            SphereIndex::Head => 1,
        }
    }
}

/// The mover's path for one transition step, the retail `SPHEREPATH` (the
/// fields the family reads and writes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpherePath {
    /// How many of the mover's spheres take part: 1 (foot) or 2 (foot and head).
    pub num_sphere: usize,
    /// The mover's spheres in the world at the check position.
    pub global_sphere: [Sphere; 2],
    /// The centres of the same spheres at the current (last accepted) position.
    pub global_curr_center: [Vec3; 2],
    /// How the mover is being inserted.
    pub insert_type: InsertType,
    /// The mover passes through obstructions (ethereal): detection only.
    pub obstruction_ethereal: bool,
    /// A step-down probe is running.
    pub step_down: bool,
    /// How far the step-down probe lowered the check position.
    pub step_down_amt: f32,
    /// A walkable probe is running.
    pub check_walkable: bool,
    /// The collide flag: the next attempt is the re-test of a landing.
    pub collide: bool,
    /// How much of the step is still to go, in `[0, 1]`.
    pub walk_interp: f32,
    /// A step-up is running.
    pub step_up: bool,
    /// The normal saved by [`SpherePath::set_collide`] and by a step-up.
    pub step_up_normal: Vec3,
    /// The smallest `z` of a contact normal the mover may stand on.
    pub walkable_allowance: f32,
    /// The current (last accepted) position.
    pub cur_pos: Position,
    /// The position being tested.
    pub check_pos: Position,
    /// The check position saved by [`SpherePath::set_collide`].
    pub backup_check_pos: Position,
    /// Whether the cells the check position touches are still the cached ones;
    /// cleared whenever the check position moves.
    pub cell_array_valid: bool,
}

impl Default for SpherePath {
    fn default() -> SpherePath {
        SpherePath {
            num_sphere: 1,
            global_sphere: [Sphere::default(); 2],
            global_curr_center: [Vec3::ZERO; 2],
            insert_type: InsertType::Transition,
            obstruction_ethereal: false,
            step_down: false,
            step_down_amt: 0.0,
            check_walkable: false,
            collide: false,
            walk_interp: 1.0,
            step_up: false,
            step_up_normal: Vec3::ZERO,
            walkable_allowance: crate::constants::LANDING_Z,
            cur_pos: Position::default(),
            check_pos: Position::default(),
            backup_check_pos: Position::default(),
            cell_array_valid: false,
        }
    }
}

impl SpherePath {
    /// A path for a mover whose spheres are `spheres` (centres relative to the
    /// position's origin, unrotated) standing at `cur` in cell `cell`, about to
    /// test `cur + offset`. `spheres` has one or two entries.
    ///
    /// # Panics
    ///
    /// When `spheres` is empty.
    pub fn for_step(spheres: &[Sphere], cell: u32, cur: Vec3, offset: Vec3) -> SpherePath {
        assert!(!spheres.is_empty(), "a mover has at least one sphere");
        let mut sp = SpherePath {
            num_sphere: spheres.len().min(2),
            cur_pos: Position::at(cell, cur),
            check_pos: Position::at(cell, cur + offset),
            ..SpherePath::default()
        };
        for (i, s) in spheres.iter().take(2).enumerate() {
            sp.global_curr_center[i] = cur + s.center;
            sp.global_sphere[i] = Sphere::new(cur + offset + s.center, s.radius);
        }
        sp
    }

    /// Moves the check position and the mover's global spheres by `offset`.
    ///
    /// Retail `SPHEREPATH::add_offset_to_check_pos(offset, radius)`: the origin
    /// moves, the cached global spheres move with it, and the cached cell array
    /// is no longer valid. The radius is not used here (register row 14).
    pub fn add_offset_to_check_pos(&mut self, offset: Vec3, _radius: f32) {
        // Register row 14.
        self.cell_array_valid = false;
        self.check_pos.frame.origin += offset;
        for s in self.global_sphere.iter_mut().take(self.num_sphere) {
            s.center += offset;
        }
    }

    /// Arms the collide flag for a landing re-test: saves the check position,
    /// remembers `normal` as the step-up normal and restarts the walk
    /// interpolation at 1 (register row 13). The next attempt runs the
    /// dispatcher's branch 5 (spec §5).
    pub fn set_collide(&mut self, normal: Vec3) {
        // Register row 13.
        self.collide = true;
        self.backup_check_pos = self.check_pos;
        self.step_up_normal = normal;
        self.walk_interp = 1.0;
    }

    /// Whether a contact normal with this `z` is gentle enough to rest on:
    /// strictly above the walkable allowance (register row 12).
    pub fn is_walkable_allowable(&self, z: f32) -> bool {
        // Register row 12.
        z > self.walkable_allowance
    }
}

// Written as the other crates write their flag words (`bitflags!`); the
// bits are this mover's own, so no definition is shared.
bitflags! {
    /// The mover's state bits, the retail `OBJECTINFO::state` (spec §2 for the
    /// three the dispatcher reads; register row 16 for `PERFECT_CLIP`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct ObjectInfoState: u32 {
        /// Touching a surface.
        const CONTACT = 0x1;
        /// Touching a surface it can stand on.
        const ON_WALKABLE = 0x2;
        /// The camera's viewer object.
        const IS_VIEWER = 0x4;
        /// The path is clipped (no step or slide responses).
        const PATH_CLIPPED = 0x8;
        /// Exact time-of-impact clipping (register row 16).
        const PERFECT_CLIP = 0x40;
    }
}

/// The mover's object info, the retail `OBJECTINFO` (the fields the family
/// reads).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ObjectInfo {
    /// The state bits.
    pub state: ObjectInfoState,
    /// The tallest obstacle the mover steps over instead of sliding along.
    pub step_up_height: f32,
}

bitflags! {
    /// The bits of an obstacle's physics state the dispatch reads (spec,
    /// "Dispatch context").
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct PhysicsState: u32 {
        /// The object is a missile.
        const MISSILE = 0x40;
    }
}

/// What the dispatch needs to know about the object a sphere belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// The object's physics state bits.
    pub physics_state: PhysicsState,
    /// Whether the object is a creature (a player or a monster).
    pub creature: bool,
}

impl Target {
    /// The `isCreature` argument of the dispatcher: a missile or a creature
    /// (spec, "Dispatch context"; register row 20). The family never lets a
    /// mover stand or land on such an object (register row 3).
    pub fn is_creature(&self) -> bool {
        // Register row 20.
        self.physics_state.contains(PhysicsState::MISSILE) || self.creature
    }
}

/// What the transition has learnt about its contacts so far, the retail
/// `COLLISIONINFO` (the fields the family reads and writes).
///
/// As in the original, a plane is valid only while its flag is set; the
/// stored plane is left as it was when the flag is cleared.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CollisionInfo {
    /// Whether `contact_plane` holds this step's contact.
    pub contact_plane_valid: bool,
    /// The plane the mover rests on.
    pub contact_plane: Plane,
    /// The cell the contact plane was found in.
    pub contact_plane_cell_id: u32,
    /// The contact plane's water flag.
    pub contact_plane_is_water: bool,
    /// Whether `last_known_contact_plane` holds an earlier step's contact.
    pub last_known_contact_plane_valid: bool,
    /// The contact plane of the last step that had one.
    pub last_known_contact_plane: Plane,
    /// The cell of the last known contact plane.
    pub last_known_contact_plane_cell_id: u32,
    /// The last known contact plane's water flag.
    pub last_known_contact_plane_is_water: bool,
    /// Whether `collision_normal` was written this step.
    pub collision_normal_valid: bool,
    /// The normal of the last blocking contact (unit length, or zero).
    pub collision_normal: Vec3,
}

impl CollisionInfo {
    /// Records the plane the mover rests on (register row 11).
    pub fn set_contact_plane(&mut self, plane: Plane, is_water: bool) {
        // Register row 11.
        self.contact_plane_valid = true;
        self.contact_plane = plane;
        self.contact_plane_is_water = is_water;
    }

    /// Records a blocking normal, normalized, or zero when it is shorter than
    /// `F_EPSILON` (register row 10).
    pub fn set_collision_normal(&mut self, normal: Vec3) {
        // Register row 10.
        self.collision_normal_valid = true;
        let mut n = normal;
        self.collision_normal = if crate::shared::normalize_check_small(&mut n) {
            Vec3::ZERO
        } else {
            n
        };
    }

    /// The plane the crease slide uses: the contact plane if valid, else the
    /// last known one (register row 6).
    pub fn slide_plane(&self) -> Plane {
        if self.contact_plane_valid {
            self.contact_plane
        } else {
            self.last_known_contact_plane
        }
    }
}
