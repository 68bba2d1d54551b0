//! Asheron's Call's `CSphere` collision family: what happens when a mover's
//! sphere meets another object's sphere during one step of a transition.
//!
//! # The family
//!
//! Creatures and players collide as body spheres, so a player pushing through
//! a crowd of monsters runs these functions once per monster per attempt. The
//! eight retail functions (spec, function inventory) are methods of
//! [`Sphere`], where `self` is the obstacle's sphere:
//!
//! | function | address | what it decides |
//! | --- | --- | --- |
//! | [`Sphere::intersects_sphere_at`] | 0x00537fd0 | places an object's local sphere in the world, then dispatches |
//! | [`Sphere::intersects_sphere`] | 0x00537a80 | the dispatcher: five branches by what the transition is doing (spec §2) |
//! | [`Sphere::collides_with_sphere`] | 0x005369e0 | the overlap test, full 3-D (spec §1) |
//! | [`Sphere::step_sphere_up`] | 0x00537900 | a grounded foot hit: step over it or slide along it (spec §3) |
//! | [`Sphere::slide_sphere`] | 0x00537440 | the crease slide (spec §4) |
//! | [`Sphere::land_on_sphere`] | 0x005379a0 | an airborne foot hit: arm the landing re-test (spec §5) |
//! | [`Sphere::collide_with_point`] | 0x00537230 | a hit that stops the mover, with the exact time-of-impact tail (spec §6) |
//! | [`Sphere::step_sphere_down`] | 0x00536d20 | the step-down probe landing on a dome (spec §7) |
//!
//! The grounded crowd case goes dispatcher → `step_sphere_up` →
//! `slide_sphere`: the mover's step is replaced by its projection on the line
//! along which the obstacle's surface crosses the ground plane, so a shuffle
//! against a crowd moves him along it instead of stopping him, and the ε taken
//! off the radius sum lets two spheres rest exactly touching without colliding
//! again on the next step. The specification is `ac-csphere-family.md` (cited
//! as "spec §N").
//!
//! The helpers the family calls are written from the retail behaviour:
//! [`normalize_check_small`], [`find_time_of_collision`],
//! [`SpherePath::is_walkable_allowable`], [`SpherePath::set_collide`],
//! [`SpherePath::add_offset_to_check_pos`],
//! [`CollisionInfo::set_contact_plane`] and
//! [`CollisionInfo::set_collision_normal`].
//!
//! # What it holds
//!
//! | module | what |
//! | --- | --- |
//! | [`family`] | the eight retail functions, as methods of [`Sphere`] (a record of [`state`]) |
//! | [`state`] | the plain records they read and write: [`SpherePath`], [`ObjectInfo`] with its state bits, [`CollisionInfo`], the [`TransitionState`] outcome, the [`Target`] creature test |
//! | [`transition`] | the [`Transition`] bundle and the [`TransitionOps`] trait a client engine implements ([`SimpleTransition`] for tests) |
//! | [`shared`] | the retail helpers ([`normalize_check_small`], [`find_time_of_collision`]) |
//! | [`math`] | a small `f32` vector, plane and frame ([`Vec3`], [`Plane`], [`Frame`]) |
//! | [`testing`] | a reduced transition loop for walkers on flat ground |
//! | `constants.rs` | the two retail constants, [`F_EPSILON`] and [`LANDING_Z`] |
//!
//! # The register
//!
//! `DIVERGENCES.md` beside this crate's manifest is a numbered list of every
//! reading the specification leaves to the port: the spec's own decisions
//! (the creature gate on branches 2 and 5, the water flag on the contact
//! planes, the zero block offset, where ε is taken off and put back), the
//! facts settled from the public ACE re-implementation (the crease slide's
//! body, the state bits, the helpers), where ACE is not followed, and the one
//! guard this crate adds (no NaN when only the head sphere overlaps). The code
//! cites the rows as "row N".
//!
//! # Plugging in a transition
//!
//! The family reads and writes a [`Transition`]: the mover's [`ObjectInfo`],
//! its [`SpherePath`] and the [`CollisionInfo`] gathered so far. What belongs
//! to the whole transition is the caller's, through [`TransitionOps`]: the
//! step-up attempt, the slide after a failed step-up, and the landblock offset
//! between two cells (zero by default, for a continuous world frame).
//! [`SimpleTransition`] is a minimal implementation for tests.
//!
//! A client engine builds the path for the step, runs each nearby sphere's
//! dispatcher with the sphere owner's creature test, and reads the answer:
//!
//! ```
//! use ac_csphere::{
//!     CollisionInfo, ObjectInfo, ObjectInfoState, Plane, SimpleTransition, Sphere,
//!     SpherePath, Target, Transition, TransitionState, Vec3,
//! };
//!
//! // A player (one sphere of radius 0.45, centre 0.5 m up) walking 0.1 m east
//! // towards a monster whose body sphere (radius 0.5) touches his at 1 m,
//! // north-east of him: after the step the centres are 0.922 m apart.
//! let player = [Sphere::new(Vec3::new(0.0, 0.0, 0.5), 0.45)];
//! let mut t = Transition {
//!     object_info: ObjectInfo {
//!         state: ObjectInfoState::CONTACT | ObjectInfoState::ON_WALKABLE,
//!         step_up_height: 0.4,
//!     },
//!     sphere_path: SpherePath::for_step(&player, 1, Vec3::ZERO, Vec3::new(0.1, 0.0, 0.0)),
//!     collision_info: CollisionInfo::default(),
//! };
//! t.collision_info.set_contact_plane(Plane::ground(0.0), false);
//!
//! let monster = Sphere::new(Vec3::new(0.8, 0.6, 0.5), 0.5);
//! let monster_is = Target { creature: true, ..Target::default() };
//! let mut ops = SimpleTransition::default();
//! let answer = monster.intersects_sphere(&mut t, &mut ops, monster_is.is_creature());
//!
//! // Too tall to step over, so he slides along the crease. The normal is
//! // (-0.8, -0.6, 0), the crease normal × up = (-0.6, 0.8, 0), and the step
//! // (0.1, 0, 0) projected on it is (0.036, -0.048, 0): along the monster's side.
//! assert_eq!(answer, TransitionState::Slid);
//! let moved = t.sphere_path.check_pos.frame.origin;
//! assert!((moved - Vec3::new(0.036, -0.048, 0.0)).length() < 1e-6);
//! ```
//!
//! `testing::grounded_step` is a small reference transition loop for walkers
//! on flat ground (not a port) used by the tests and usable by examples.
//!
//! # Floats
//!
//! Storage and arithmetic are `f32`, each vector operation written out in a
//! fixed order; `find_time_of_collision` computes in `f64`, as the original
//! returns an x87 `long double` (register row 15). The PC client evaluates in
//! x87 registers, wider than `f32`, and rounds only when it stores: an
//! x87-faithful build would keep the dot products, discriminants and square
//! roots wide between stores, so results could differ in the last bits and a
//! comparison that sits exactly on a threshold (ε, the walkable allowance,
//! −0.1) could go the other way (register row 21). The crate is not generic
//! over `ps2_float::Real`: that trait models the PS2's floats, not the PC
//! client's, so it would add nothing here.
//!
//! # Features
//!
//! None. The one dependency is `bitflags`, for the state bits; the crate
//! uses nothing else of the workspace, and nothing of the workspace uses
//! it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod constants;
pub mod family;
pub mod math;
pub mod shared;
pub mod state;
pub mod testing;
pub mod transition;

pub use constants::{F_EPSILON, LANDING_Z};
pub use math::{Frame, Plane, Vec3};
pub use shared::{find_time_of_collision, normalize_check_small};
pub use state::{
    CollisionInfo, InsertType, ObjectInfo, ObjectInfoState, PhysicsState, Position, Sphere,
    SphereIndex, SpherePath, Target, TransitionState,
};
pub use transition::{SimpleTransition, Transition, TransitionOps};
