//! The street tick allocates nothing once warmed up (60 ticks), in both
//! float modes; it does real work (contacts, objects coming to rest); and
//! 1,000 ticks leave every body and owner finite (the street scenario's
//! "no panic").

use physics_world::street::Street;
use physics_world::Owners;
use ps2_float::{Ee32, Real};
use test_support::both_modes;

test_support::counting_allocator!();

fn warmed_up_tick_allocates_nothing<R: Real>() {
    let start = allocations();
    let mut s = Street::<R>::new();
    // The counter counts: building the street allocates.
    assert!(allocations() > start);
    for _ in 0..60 {
        s.tick();
    }
    let (contacts, landed, sweeps) = (s.contacts, s.landed, s.sweeps);
    let before = allocations();
    for _ in 0..100 {
        s.tick();
    }
    let allocs = allocations() - before;
    assert_eq!(allocs, 0, "100 warmed-up ticks allocated {allocs} times");
    // Real work: the humans and objects met things, objects came to rest.
    assert!(
        s.sweeps - sweeps >= 100 * 60,
        "sweeps {}",
        s.sweeps - sweeps
    );
    assert!(s.contacts > contacts, "no contacts in 100 ticks");
    assert!(s.landed > landed, "no object came to rest in 100 ticks");
}

both_modes!(warmed_up_tick_allocates_nothing);

fn thousand_ticks<R: Real>(ticks: usize) -> u64 {
    let mut s = Street::<R>::new();
    let start: Vec<_> = s
        .humans
        .iter()
        .map(|(id, _)| s.owners.position(*id))
        .collect();
    for _ in 0..ticks {
        s.tick();
    }
    assert!(s.all_finite(), "a body or owner went non-finite");
    assert!(s.contacts > 0 && s.landed > 0);
    let walked = s
        .humans
        .iter()
        .zip(&start)
        .filter(|((id, _), p)| (s.owners.position(*id) - **p).to_f32()[0].abs() > 1.0)
        .count();
    eprintln!(
        "{ticks} ticks: {} sweeps, {} contacts, {} landed, {walked} humans walked",
        s.sweeps, s.contacts, s.landed
    );
    assert!(
        walked > physics_world::street::HUMANS / 2,
        "only {walked} humans walked"
    );
    s.state_hash()
}

/// The street's state after 1,000 ticks, bit for bit (issue "moving
/// bodies", scenario 6): a change that moves any body, velocity, flag or
/// counter by one bit changes these. After a reviewed change that is meant
/// to alter the street, write the new values printed by the failure here.
/// `cargo test --release -p warriors-physics-world --test no_alloc_tick` gives the
/// same hashes as the test profile. `fixtures/scenarios/street.ron` states
/// the same two hashes (its `street.hash_hi` and `street.hash_lo`
/// expectations, `value` the f32 mode's and `ee32` the Ee32 mode's): a
/// reviewed change updates both.
const STREET_HASH_F32: u64 = 0x30dd_0918_cf05_424a;
/// As [`STREET_HASH_F32`], in the console's arithmetic.
const STREET_HASH_EE32: u64 = 0xceea_7ba2_94ac_0cda;

#[test]
fn thousand_ticks_stay_finite_f32() {
    let h = thousand_ticks::<f32>(1_000);
    assert_eq!(
        h, STREET_HASH_F32,
        "the f32 street's state changed: {h:#018x} (update STREET_HASH_F32 in tests/no_alloc_tick.rs after review)"
    );
}

#[test]
fn thousand_ticks_stay_finite_ee32() {
    let h = thousand_ticks::<Ee32>(1_000);
    assert_eq!(
        h, STREET_HASH_EE32,
        "the Ee32 street's state changed: {h:#018x} (update STREET_HASH_EE32 in tests/no_alloc_tick.rs after review)"
    );
}
