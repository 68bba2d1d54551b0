//! [`Entry`]: one evaluated case or scenario with its inputs, stated numbers
//! and both modes' outcomes, for tools that show them (the contact pictures
//! and the HTML report) rather than snapshot them.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::case::Expected;
use crate::outcome::{Outcome, Value};
use crate::scenario::{Scenario, Source, SourceCounts};

/// What an entry evaluated.
#[derive(Clone, Debug)]
pub enum EntryCall {
    /// A kernel case: its call in Rust's debug notation, which names every
    /// input record (`SphereIn { centre: V([..]), radius: .. }`, `TriIn(..)`,
    /// `BoxIn { .. }`, ...) and the call's variant first.
    Kernel(String),
    /// A scenario, as read from its file.
    Scenario(Box<Scenario>),
}

/// One evaluated case (or scenario), as the snapshot run saw it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The case file.
    pub file: PathBuf,
    /// The file's unit (`"unit1"`, ..., `"scenario"`).
    pub unit: String,
    /// The snapshot's name (`<file stem>__<case>`, `scenario__<stem>`).
    pub snapshot: String,
    /// The case's name (a scenario's file stem).
    pub name: String,
    /// The spec section and row.
    pub spec: String,
    /// The case's note.
    pub note: Option<String>,
    /// The call or the scenario.
    pub call: EntryCall,
    /// The stated numbers, by field (scenario fields with their tick
    /// prefix); in both modes, unless `expect_ee32` has the field.
    pub expect: BTreeMap<String, Expected>,
    /// A scenario's numbers for `Ee32` mode where they differ from
    /// `expect` (an expectation's `ee32`); empty for a kernel case.
    pub expect_ee32: BTreeMap<String, Expected>,
    /// Where each of a scenario's stated numbers comes from, by field;
    /// empty for a kernel case (a case file's `expect` holds only numbers
    /// the spec states).
    pub sources: BTreeMap<String, Source>,
    /// The tolerance in force for each stated number.
    pub tolerances: BTreeMap<String, f64>,
    /// The outcome in `f32` mode.
    pub single: Outcome,
    /// The outcome in `Ee32` mode.
    pub ee: Outcome,
    /// The stated numbers not met (as the run reports them).
    pub failures: Vec<String>,
    /// A scenario's misses marked as known divergences.
    pub known: Vec<String>,
}

impl Entry {
    /// The number stated for `field` in one mode (`Ee32` when `ee32_mode`).
    #[must_use]
    pub fn expected_in(&self, field: &str, ee32_mode: bool) -> Option<&Expected> {
        ee32_mode
            .then(|| self.expect_ee32.get(field))
            .flatten()
            .or_else(|| self.expect.get(field))
    }

    /// How many of its stated numbers have each kind of source (all zero
    /// for a kernel case).
    #[must_use]
    pub fn source_counts(&self) -> SourceCounts {
        SourceCounts::of(self.sources.values())
    }

    /// The kernel: the call's variant name (`SweepSphereTriangle`), or
    /// `"scenario"`.
    #[must_use]
    pub fn kernel(&self) -> &str {
        match &self.call {
            EntryCall::Kernel(text) => {
                let end = text
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(text.len());
                &text[..end]
            }
            EntryCall::Scenario(_) => "scenario",
        }
    }

    /// The fields whose values differ between the two modes (by value;
    /// a field written in one mode only counts), in `f32` field order.
    #[must_use]
    pub fn mode_differences(&self) -> Vec<&str> {
        let mut out = Vec::new();
        for (path, v) in &self.single.fields {
            let other = self.ee.get(path);
            let same = match (v, other) {
                (Value::Real { value: a, .. }, Some(Value::Real { value: b, .. })) => {
                    a.to_bits() == b.to_bits()
                }
                (a, Some(b)) => a == b,
                (_, None) => false,
            };
            if !same {
                out.push(path.as_str());
            }
        }
        for (path, _) in &self.ee.fields {
            if self.single.get(path).is_none() {
                out.push(path.as_str());
            }
        }
        out
    }
}
