//! The transition the family runs inside, and the part of it that belongs to
//! the caller's engine.
//!
//! [`Transition`] bundles the three records the family reads and writes.
//! [`TransitionOps`] is what the family asks of the whole transition and does
//! not own: the step-up attempt (`CTransition::step_up`), the slide after a
//! failed step-up (`SPHEREPATH::step_up_slide`) and the landblock offset
//! between two cells. [`SimpleTransition`] is a small implementation for
//! tests and examples.

use crate::math::Vec3;
use crate::state::{CollisionInfo, ObjectInfo, SpherePath, TransitionState};

/// The state of one transition step: the mover's object info, its sphere path
/// and what it has collided with so far (the retail `CTransition`'s three
/// records).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Transition {
    /// The mover's object info.
    pub object_info: ObjectInfo,
    /// The mover's sphere path.
    pub sphere_path: SpherePath,
    /// The contacts found so far.
    pub collision_info: CollisionInfo,
}

/// What a client engine supplies to the family: the transition-wide steps the
/// family calls but does not own.
pub trait TransitionOps {
    /// `CTransition::step_up`: try to step the mover up over an obstacle whose
    /// (unnormalized) collision normal is `collision_normal`; `true` when the
    /// step succeeded and the check position now stands on top.
    fn step_up(&mut self, t: &mut Transition, collision_normal: Vec3) -> bool;

    /// `SPHEREPATH::step_up_slide`: the response after a failed step-up.
    fn step_up_slide(&mut self, t: &mut Transition) -> TransitionState;

    /// The offset from landblock cell `from` to landblock cell `to` (the
    /// retail `LandDefs::get_block_offset`). The default is zero, for an
    /// engine whose physics frame is one continuous world (spec §8.4,
    /// register row 5).
    fn block_offset(&self, from: u32, to: u32) -> Vec3 {
        let _ = (from, to);
        Vec3::ZERO
    }
}

/// A minimal transition for tests and examples (register row 22).
///
/// * `step_up` never succeeds (there is no world to climb onto); it clears the
///   contact plane, records the normal as the step-up normal and counts the
///   call.
/// * `step_up_slide` clears the contact plane and runs the crease slide of the
///   mover's foot sphere with the step-up normal.
/// * the block offset is zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimpleTransition {
    /// How many times `step_up` was called.
    pub step_up_calls: u32,
    /// How many times `step_up_slide` was called.
    pub step_up_slide_calls: u32,
}

impl TransitionOps for SimpleTransition {
    fn step_up(&mut self, t: &mut Transition, collision_normal: Vec3) -> bool {
        // Register row 22.
        self.step_up_calls += 1;
        t.collision_info.contact_plane_valid = false;
        t.collision_info.contact_plane_is_water = false;
        t.sphere_path.step_up_normal = collision_normal;
        false
    }

    fn step_up_slide(&mut self, t: &mut Transition) -> TransitionState {
        // Register row 22.
        self.step_up_slide_calls += 1;
        t.collision_info.contact_plane_valid = false;
        t.collision_info.contact_plane_is_water = false;
        let foot = t.sphere_path.global_sphere[0];
        let normal = t.sphere_path.step_up_normal;
        let curr = t.sphere_path.global_curr_center[0];
        foot.slide_sphere(t, &*self, normal, curr)
    }
}
