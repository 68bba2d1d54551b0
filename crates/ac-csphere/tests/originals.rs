//! Each of the eight retail functions carries exactly one `Original:` line,
//! with the address the specification's inventory gives it, and no other
//! item in the crate claims an address.

const SOURCES: &[&str] = &[
    include_str!("../src/family.rs"),
    include_str!("../src/lib.rs"),
    include_str!("../src/math.rs"),
    include_str!("../src/shared.rs"),
    include_str!("../src/state.rs"),
    include_str!("../src/testing.rs"),
    include_str!("../src/transition.rs"),
];

const INVENTORY: &[(&str, &str)] = &[
    ("intersects_sphere", "0x00537fd0"),
    ("intersects_sphere", "0x00537a80"),
    ("collides_with_sphere", "0x005369e0"),
    ("step_sphere_up", "0x00537900"),
    ("slide_sphere", "0x00537440"),
    ("land_on_sphere", "0x005379a0"),
    ("collide_with_point", "0x00537230"),
    ("step_sphere_down", "0x00536d20"),
];

#[test]
fn every_function_has_one_original_line() {
    let lines: Vec<&str> = SOURCES
        .iter()
        .flat_map(|s| s.lines())
        .map(str::trim)
        .filter(|l| l.starts_with("/// Original:"))
        .collect();
    assert_eq!(lines.len(), INVENTORY.len(), "{lines:#?}");
    for (name, address) in INVENTORY {
        let want = format!("/// Original: `CSphere::{name}` ({address}).");
        assert_eq!(lines.iter().filter(|l| **l == want).count(), 1, "{want}");
    }
}
