//! The pool's first-free answer against the console's scan from the front,
//! kept here as the oracle: on random sequences of allocations and frees
//! (pools of 1 to 9,000 entries, across the bitset's word and summary
//! boundaries) every allocation takes the index the scan finds, and
//! `first_free` agrees with it after every step.

use shape_pools::{Pool, PoolIndex};
use test_support::{Seeded, XorshiftStar};

/// The scan the pools used before their free-slot bitset: the first entry
/// that is free.
fn scan_first_free(used: &[bool]) -> Option<usize> {
    used.iter().position(|u| !u)
}

fn run(capacity: usize, steps: usize, seed: u64) {
    let mut rng = XorshiftStar(seed | 1);
    let mut below = |n: usize| rng.below(n as u64) as usize;
    let mut pool = Pool::with_capacity(capacity);
    let mut used = vec![false; capacity];
    let mut live: Vec<PoolIndex> = Vec::new();
    for step in 0..steps {
        // Phases that fill, drain and churn the pool.
        let alloc_bias = match (step / 500) % 3 {
            0 => 80,
            1 => 20,
            _ => 50,
        };
        if below(100) < alloc_bias {
            let expect = scan_first_free(&used);
            let got = pool.alloc(step);
            assert_eq!(
                got.map(|h| h.index as usize),
                expect,
                "capacity {capacity} step {step}"
            );
            if let Some(h) = got {
                used[h.index as usize] = true;
                live.push(h);
            }
        } else if !live.is_empty() {
            let h = live.swap_remove(below(live.len()));
            assert!(pool.free(h).is_some());
            used[h.index as usize] = false;
            // A second free of the same handle changes nothing.
            assert!(pool.free(h).is_none());
        }
        assert_eq!(pool.first_free(), scan_first_free(&used));
        assert_eq!(pool.len(), live.len());
    }
}

#[test]
fn first_free_is_the_scans_on_random_sequences() {
    for (k, capacity) in [
        1usize, 2, 63, 64, 65, 127, 128, 129, 416, 4095, 4096, 4097, 9000,
    ]
    .into_iter()
    .enumerate()
    {
        run(capacity, 6_000, 0x9e37_79b9 + k as u64 * 7919);
    }
}

#[test]
fn a_full_pool_refuses_and_the_lowest_freed_entry_comes_back() {
    let mut pool = Pool::with_capacity(200);
    let hs: Vec<_> = (0..200).map(|v| pool.alloc(v).unwrap()).collect();
    assert_eq!(pool.alloc(999), None);
    assert_eq!(pool.exhausted(), 1);
    assert_eq!(pool.first_free(), None);
    for i in [150usize, 70, 130, 199] {
        pool.free(hs[i]);
    }
    assert_eq!(pool.first_free(), Some(70));
    for want in [70u32, 130, 150, 199] {
        assert_eq!(pool.alloc(0).unwrap().index, want);
    }
    assert_eq!(pool.alloc(0), None);
}

#[test]
fn a_pool_of_no_entries_has_nothing_free() {
    let mut pool: Pool<u8> = Pool::with_capacity(0);
    assert_eq!(pool.first_free(), None);
    assert_eq!(pool.alloc(1), None);
}
