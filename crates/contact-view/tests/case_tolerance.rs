//! A kernel case's picture draws the two float modes apart only past the
//! tolerance in ulps (`docs/scenarios.md`, "Plots"): the committed cases
//! whose modes differ by a few ulps at most show one mode at the default
//! and both at 0 ulps; a case with a larger difference shows both.

mod common;

use common::{attr, entries, tags};
use contact_view::{case_svg, Options};
use golden::{EntryCall, Value};

/// The ulps between two `f32` bit patterns, counted here on the patterns
/// as ordered integers (−0 one step below +0).
fn ulps(a: u32, b: u32) -> u64 {
    let key = |x: u32| -> i64 {
        if x & 0x8000_0000 != 0 {
            -i64::from(x & 0x7fff_ffff) - 1
        } else {
            i64::from(x)
        }
    };
    key(a).abs_diff(key(b))
}

/// The largest ulps between the modes' floats of an entry, or `None` when
/// a non-float field differs (an integer, a field written in one mode).
fn widest(e: &golden::Entry) -> Option<u64> {
    let single: std::collections::BTreeMap<&String, &Value> =
        e.single.fields.iter().map(|(k, v)| (k, v)).collect();
    let ee: std::collections::BTreeMap<&String, &Value> =
        e.ee.fields.iter().map(|(k, v)| (k, v)).collect();
    let mut most = 0;
    for k in single.keys().chain(ee.keys()) {
        match (single.get(k).copied(), ee.get(k).copied()) {
            (Some(Value::Real { bits: a, .. }), Some(Value::Real { bits: b, .. })) => {
                most = most.max(ulps(*a, *b));
            }
            (a, b) if a == b => {}
            _ => return None,
        }
    }
    Some(most)
}

fn differ(svg: &str) -> bool {
    let root = tags(svg, "svg", &[]);
    attr(root[0], "data-modes-differ") == Some("true")
}

#[test]
fn a_case_picture_keeps_the_modes_together_within_the_tolerance() {
    let all = entries();
    let kernels: Vec<_> = all
        .iter()
        .filter(|e| matches!(e.call, EntryCall::Kernel(_)))
        .collect();
    let close: Vec<_> = kernels
        .iter()
        .filter(|e| matches!(widest(e), Some(1..=4)))
        .collect();
    let far: Vec<_> = kernels
        .iter()
        .filter(|e| widest(e).is_none_or(|u| u > 4))
        .collect();
    assert!(
        !close.is_empty() && !far.is_empty(),
        "{} {}",
        close.len(),
        far.len()
    );
    let exact = Options {
        ulps: 0,
        ..Options::default()
    };
    for e in &close {
        assert!(
            !differ(&case_svg(e, &Options::default()).unwrap()),
            "{}",
            e.name
        );
        assert!(differ(&case_svg(e, &exact).unwrap()), "{}", e.name);
    }
    for e in &far {
        assert!(
            differ(&case_svg(e, &Options::default()).unwrap()),
            "{}",
            e.name
        );
    }
}
