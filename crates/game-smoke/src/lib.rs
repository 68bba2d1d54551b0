//! A stand-in for a game crate that adopts the physics: its only
//! dependency is `warriors-physics`, so anything its tests do, a game can
//! do with the facade alone (Cargo refuses a path to any other crate of the
//! family).
//!
//! # What it holds
//!
//! No code of its own: the manifest (one dependency) and the tests.
//! `tests/afternoon.rs` loads the examples' street
//! (`fixtures/mesh/street.obj`), queries it, and runs a world with a
//! dropped brick and a walking human, with numbers worked by hand from the
//! street's geometry (`fixtures/mesh/README.md`).
//!
//! # How to use it
//!
//! `cargo test -p warriors-game-smoke`. A test that needs a path into a
//! record crate does not belong here: what it shows is what a game cannot
//! do. The first lines of a game, as the tests write them:
//!
//! ```
//! use warriors_physics::prelude::*;
//!
//! let street = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/mesh/street.obj");
//! let level: Level = Level::load_obj(street, &ObjOptions::default())?;
//! assert_eq!((level.tile_count(), level.triangle_count()), (1, 28));
//!
//! // A 0.5 m sphere dropped 3 m from 2 m up over the road (z = 0) touches
//! // it when its centre is 0.5 m up: half the move.
//! let hit = level.cast_sphere(Point3::new(5.0, 0.0, 2.0), 0.5, Vector3::new(0.0, 0.0, -3.0))?;
//! let hit = hit.expect("the road");
//! assert!((hit.fraction - 0.5).abs() <= 1e-6);
//! assert_eq!(hit.material, Material::ASHPHALT);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! None.
#![forbid(unsafe_code)]
