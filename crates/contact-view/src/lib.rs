//! Pictures of contacts.
//!
//! SVG views built as plain strings, for comparing the port's contacts with
//! the console's by eye:
//!
//! * [`case::case_svg`]: one kernel case of the golden run (a top view and a
//!   side view of its shapes and triangles, the moving shape at the start,
//!   at the contact and at the end, the move, the contact points and
//!   normals, the fraction and the fields the kernel wrote; both float modes
//!   where they differ);
//! * [`scenario::tick_svg`]: one tick of a scenario (the bodies, the level's
//!   triangles, the tick's contacts), and [`scenario::filmstrip`] all of them;
//! * [`level::level_svg`]: a level mesh from above, by material and flags,
//!   with its grid;
//! * [`level_map::level_map_svg`]: a whole level, every tile in one
//!   picture, shaded by height or coloured by material, its flags and grid
//!   toggled in [`level_map::level_map_html`]'s page;
//! * [`diff::compare`]: two runs (snapshot folders read back by
//!   [`snapshot::read_dir`], or evaluations) compared field by field, and
//!   [`diff::diff_html`] the page of their differences with both pictures;
//! * [`plot::plots_svg`]: a scenario's float fields over its ticks (both
//!   modes, the stated numbers and the capture's values as marks, the
//!   contacts and flag changes as tick markers), the modes said to differ
//!   only past a tolerance in ulps ([`plot::DEFAULT_ULPS`]);
//! * [`report::report_html`]: one static page with every case and scenario,
//!   their stated numbers beside the port's, their captures, their
//!   pictures and plots, and the command that re-runs each.
//!
//! The inputs and outcomes come from [`golden::evaluate`]: nothing here
//! evaluates a kernel. The case's call is read from its debug notation
//! ([`tree`]) into a [`scene::Scene`].
//!
//! # What it holds
//!
//! | module | what |
//! | --- | --- |
//! | [`tree`] | a reader for the debug notation of a case's call |
//! | [`scene`] | the shapes, triangles, points and move a call names, read by the shape of its records (no per-kernel code) |
//! | [`written`] | an outcome's written fields and the marks drawn from them (fraction, points, normals) |
//! | [`svg`] | the panels (world-to-pixel mapping, recorded in `data-` attributes) and the shape outlines |
//! | [`case`] | the picture of one kernel case ([`case_svg`], [`Options`]) |
//! | [`scenario`] | one tick of a scenario, and the filmstrip |
//! | [`level_tri`] | a level triangle as drawn, and a mesh's triangles so |
//! | [`level`] | a level mesh from above |
//! | [`level_map`] | a whole level across its tiles, by height or material, its flags and grid as toggles |
//! | [`snapshot`] | a golden snapshot file read back into both modes' outcomes |
//! | [`diff`] | two runs compared field by field, and the page of their differences |
//! | [`gap`] | how far two modes' values are apart, and the tolerance in ulps past which they are said to differ |
//! | [`plot`] | a scenario's fields over its ticks, and the modes' tolerance in ulps |
//! | [`quirks`] | the rows of `docs/quirks.md` and the cases each names |
//! | [`report`] | the HTML page |
//!
//! # How to use it
//!
//! `cargo xtask view NAME --svg OUT` draws one case or scenario tick (and
//! `--plot OUT` a scenario's fields over its ticks),
//! `cargo xtask golden --report DIR` writes the page and `cargo xtask level
//! FILE --svg OUT` a level. From code, evaluate the fixtures with
//! [`golden::evaluate`] and hand an [`golden::Entry`] to [`case_svg`] or
//! [`scenario::tick_svg`]; a mesh goes to [`level::level_svg`]:
//!
//! ```
//! use collision_mesh::{build, BuildConfig, SoupTriangle};
//!
//! let floor = [
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [4.0, 4.0, 0.0]]),
//!     SoupTriangle::new([[0.0, 0.0, 0.0], [4.0, 4.0, 0.0], [0.0, 4.0, 0.0]]),
//! ];
//! let mesh = build::from_soup(&floor, &BuildConfig::default(), "floor")?;
//! let svg = contact_view::level::level_svg(&mesh, "floor", 400.0);
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(r#"data-triangles="2""#));
//! # Ok::<(), collision_mesh::MeshError>(())
//! ```
//!
//! # Features
//!
//! None. `tests/browser.rs` checks the page in headless Chromium when one
//! is installed (and fails without one when `CONTACT_VIEW_REQUIRE_BROWSER`
//! is set).
//!
//! # Dependencies
//!
//! * `golden`: the evaluated cases; `collision-mesh`: the level meshes;
//!   `thiserror`: the typed errors.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod case;
pub mod diff;
mod error;
pub mod gap;
pub mod level;
pub mod level_map;
pub mod level_tri;
pub mod plot;
pub mod quirks;
pub mod report;
pub mod scenario;
pub mod scene;
pub mod snapshot;
pub mod svg;
pub mod tree;
pub mod written;

pub use case::{case_svg, Options};
pub use error::ViewError;
