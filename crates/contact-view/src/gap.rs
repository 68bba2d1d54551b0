//! How far a field's values in the two float modes are apart, and the
//! tolerance in ulps past which the pictures and the report say the modes
//! differ.

use std::collections::HashMap;

use golden::capture;
use golden::{Entry, Outcome, Value};

/// The default tolerance: two modes' floats closer than this many ulps
/// are not marked as differing (one- and two-ulp differences come from
/// the `Ee32` mode's rounding alone; `docs/scenarios.md`, "Plots").
pub const DEFAULT_ULPS: u64 = 4;

/// How far one field's values in the two modes are apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Gap {
    /// The same bits (or the same integer, or both unwritten).
    Same,
    /// Two floats this many ulps apart.
    Ulps(u64),
    /// Not comparable in ulps: two different integers, or written in one
    /// mode only (always past any tolerance).
    Other,
}

impl Gap {
    /// The gap between two modes' values of one field.
    #[must_use]
    pub fn of(a: Option<&Value>, b: Option<&Value>) -> Gap {
        match (a, b) {
            (Some(Value::Real { bits: x, .. }), Some(Value::Real { bits: y, .. })) => {
                match capture::ulps_between(*x, *y) {
                    0 => Gap::Same,
                    u => Gap::Ulps(u),
                }
            }
            (a, b) if a == b => Gap::Same,
            _ => Gap::Other,
        }
    }

    /// Past a tolerance of `ulps`.
    #[must_use]
    pub fn beyond(self, ulps: u64) -> bool {
        match self {
            Gap::Same => false,
            Gap::Ulps(u) => u > ulps,
            Gap::Other => true,
        }
    }
}

/// The fields whose two modes differ by more than `ulps` (floats), or at
/// all (integers, a field written in one mode only), with their gaps, in
/// the order [`Entry::mode_differences`] gives.
#[must_use]
pub fn differences_beyond(entry: &Entry, ulps: u64) -> Vec<(&str, Gap)> {
    let (single, ee) = (by_key(&entry.single), by_key(&entry.ee));
    entry
        .mode_differences()
        .into_iter()
        .map(|p| (p, Gap::of(single.get(p).copied(), ee.get(p).copied())))
        .filter(|(_, g)| g.beyond(ulps))
        .collect()
}

/// The largest gap in ulps between two floats of the two modes, with its
/// field; `None` when no float differs.
#[must_use]
pub fn largest_gap(entry: &Entry) -> Option<(&str, u64)> {
    let ee = by_key(&entry.ee);
    entry
        .single
        .fields
        .iter()
        .filter_map(
            |(k, v)| match Gap::of(Some(v), ee.get(k.as_str()).copied()) {
                Gap::Ulps(u) => Some((k.as_str(), u)),
                _ => None,
            },
        )
        .max_by_key(|&(_, u)| u)
}

/// An outcome's fields by name, for lookups across the two modes.
fn by_key(o: &Outcome) -> HashMap<&str, &Value> {
    o.fields.iter().map(|(k, v)| (k.as_str(), v)).collect()
}
