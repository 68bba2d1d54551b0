//! A small reference transition loop for grounded walkers, for tests and
//! examples. It is not a port of the retail `CTransition::transitional_insert`
//! (register row 24): it keeps only what a crowd of spheres on flat ground
//! needs.
//!
//! One step: the walker's check position is its position plus the step's
//! offset; the contact plane is the ground `z = 0` (and so is the last known
//! one). Each attempt runs the obstacles in order until one answers something
//! other than OK. OK accepts the check position; COLLIDED ends the step where
//! it started (a zero offset); ADJUSTED and SLID try again from the moved
//! check position, SLID after clearing the contact plane (as the retail loop
//! does, so later slides use the last known plane). A step that runs out of
//! attempts also ends where it started.

use crate::math::{Plane, Vec3};
use crate::state::{
    CollisionInfo, ObjectInfo, ObjectInfoState, Sphere, SpherePath, Target, TransitionState,
};
use crate::transition::{Transition, TransitionOps};

/// The number of attempts [`grounded_step`] is usually given.
pub const REFERENCE_ATTEMPTS: usize = 4;

/// An obstacle: a sphere in the world and the object it belongs to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle {
    /// The sphere, in the world frame.
    pub sphere: Sphere,
    /// The object it belongs to (decides the creature gate).
    pub target: Target,
}

impl Obstacle {
    /// A creature's body sphere.
    pub fn creature(center: Vec3, radius: f32) -> Obstacle {
        Obstacle {
            sphere: Sphere::new(center, radius),
            target: Target {
                creature: true,
                ..Target::default()
            },
        }
    }
}

/// A walker on flat ground.
#[derive(Clone, Debug, PartialEq)]
pub struct Walker {
    /// The walker's spheres relative to its position (one or two).
    pub spheres: Vec<Sphere>,
    /// The walker's position (the origin of its frame).
    pub position: Vec3,
    /// The landblock cell it stands in.
    pub cell: u32,
    /// Its step-up height.
    pub step_up_height: f32,
}

/// What one [`grounded_step`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepReport {
    /// How far the walker moved (zero when the step failed).
    pub moved: Vec3,
    /// The answer of the last attempt that ran.
    pub last: TransitionState,
    /// How many attempts ran.
    pub attempts: usize,
    /// How many attempts answered SLID.
    pub slides: usize,
}

/// The transition a walker starts a step with: grounded on `z = 0`.
pub fn grounded_transition(walker: &Walker, offset: Vec3) -> Transition {
    let ground = Plane::ground(0.0);
    Transition {
        object_info: ObjectInfo {
            state: ObjectInfoState::CONTACT | ObjectInfoState::ON_WALKABLE,
            step_up_height: walker.step_up_height,
        },
        sphere_path: SpherePath::for_step(&walker.spheres, walker.cell, walker.position, offset),
        collision_info: CollisionInfo {
            contact_plane_valid: true,
            contact_plane: ground,
            contact_plane_cell_id: walker.cell,
            last_known_contact_plane_valid: true,
            last_known_contact_plane: ground,
            last_known_contact_plane_cell_id: walker.cell,
            ..CollisionInfo::default()
        },
    }
}

/// Runs one step of `walker` by `offset` through `obstacles`, asking
/// `respond` for each obstacle's answer, with at most `max_attempts`
/// attempts; moves the walker when the step is accepted.
pub fn grounded_step<F>(
    walker: &mut Walker,
    offset: Vec3,
    obstacles: &[Obstacle],
    max_attempts: usize,
    mut respond: F,
) -> StepReport
where
    F: FnMut(&mut Transition, &Obstacle) -> TransitionState,
{
    let mut t = grounded_transition(walker, offset);
    let mut last = TransitionState::Ok;
    let mut slides = 0;
    for attempt in 1..=max_attempts {
        last = TransitionState::Ok;
        for o in obstacles {
            let s = respond(&mut t, o);
            if s != TransitionState::Ok {
                last = s;
                break;
            }
        }
        match last {
            TransitionState::Ok => {
                let new = t.sphere_path.check_pos.frame.origin;
                let moved = new - walker.position;
                walker.position = new;
                return StepReport {
                    moved,
                    last,
                    attempts: attempt,
                    slides,
                };
            }
            TransitionState::Collided => {
                return StepReport {
                    moved: Vec3::ZERO,
                    last,
                    attempts: attempt,
                    slides,
                }
            }
            TransitionState::Slid => {
                slides += 1;
                t.collision_info.contact_plane_valid = false;
            }
            TransitionState::Adjusted => {}
        }
    }
    StepReport {
        moved: Vec3::ZERO,
        last,
        attempts: max_attempts,
        slides,
    }
}

/// The family's answer for one obstacle: its sphere's dispatcher, with the
/// creature test of its object.
pub fn family_response<O: TransitionOps + ?Sized>(
    ops: &mut O,
) -> impl FnMut(&mut Transition, &Obstacle) -> TransitionState + '_ {
    move |t, o| o.sphere.intersects_sphere(t, ops, o.target.is_creature())
}
