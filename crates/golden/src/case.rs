//! The case file format.
//!
//! ```ron
//! (
//!     unit: "unit1",
//!     rows: 17,
//!     cases: [
//!         (
//!             name: "unit1_row03_face_hit",
//!             spec: "Unit 1, Test ideas row 3",
//!             call: SweepSphereTriangle(/* the unit's inputs */),
//!             expect: {"ret": 1, "fraction": 0.5},
//!             tol: {"fraction": 5e-5},
//!         ),
//!     ],
//! )
//! ```
//!
//! `expect` holds only the numbers the specification states; each is checked in
//! both float modes within `tolerance` (default 1e-5) or the field's own entry in
//! `tol`. The word `"unwritten"` expects a field the call must leave alone.

use std::collections::BTreeMap;

use serde::Deserialize;

/// The default tolerance on a stated number.
pub const DEFAULT_TOLERANCE: f64 = 1e-5;

/// What a case expects of one field.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Expected {
    /// A number (integers and flags too).
    Number(f64),
    /// A word: `"unwritten"`.
    Word(String),
}

/// One case: a kernel call and what the specification says of it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case<C> {
    /// A unique name, used for the snapshot file (`unitN_rowM_what`).
    pub name: String,
    /// The spec section and row the numbers come from.
    pub spec: String,
    /// The call: the kernel (one variant per entry point) and its inputs.
    pub call: C,
    /// The numbers the spec states, by field path.
    #[serde(default)]
    pub expect: BTreeMap<String, Expected>,
    /// The case's tolerance (default [`DEFAULT_TOLERANCE`]).
    #[serde(default)]
    pub tolerance: Option<f64>,
    /// Per-field tolerances (half a unit of the last printed digit where the
    /// spec prints fewer digits).
    #[serde(default)]
    pub tol: BTreeMap<String, f64>,
    /// A note for the reader (why the number is what it is).
    #[serde(default)]
    pub note: Option<String>,
}

impl<C> Case<C> {
    /// The tolerance for one field.
    #[must_use]
    pub fn tolerance_for(&self, field: &str) -> f64 {
        self.tol
            .get(field)
            .copied()
            .or(self.tolerance)
            .unwrap_or(DEFAULT_TOLERANCE)
    }
}

/// A case file: one unit's cases.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CaseFile<C> {
    /// The unit whose kernels the cases call (`"unit1"`, ...).
    pub unit: String,
    /// How many rows the unit's worked-number lists have (the file holds all).
    #[serde(default)]
    pub rows: Option<u32>,
    /// The cases.
    pub cases: Vec<Case<C>>,
}

/// The part of a case file read first, to choose the unit's call type.
#[derive(Deserialize)]
pub(crate) struct Header {
    pub unit: String,
}
