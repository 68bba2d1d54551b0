//! A stand-in for a game crate that adopts the physics: its only
//! dependency is `warriors-physics`, so anything its tests do, a game can
//! do with the facade alone (Cargo refuses a path to any other crate of the
//! family). The tests (`tests/afternoon.rs`) load the examples' street,
//! query it, and run a world with a dropped brick and a walking human,
//! with numbers worked by hand from the street's geometry
//! (`fixtures/mesh/README.md`).
#![forbid(unsafe_code)]
