//! The chunked sorted list against the console's one array: seeded runs of
//! inserts after the ties, removals and re-inserts (the operations of
//! `BodyList_Insert`, `BodyList_Remove` and `BodyList_Reinsert`, done on a
//! `Vec` as the console's array does them), with chunks small enough that
//! every run splits, empties and merges many. Every position, key, search
//! and walk must be the array's.

use physics_world::sorted_list::SortedList;
use physics_world::{BodyId, BodyPool};
use shape_pools::PoolIndex;
use test_support::{Seeded, Xorshift};

fn id(n: u32) -> BodyId {
    BodyId {
        kind: BodyPool::Object,
        slot: PoolIndex {
            index: n,
            generation: 1,
        },
    }
}

/// The console's array: ids and keys, sorted by key, ties in insert order.
#[derive(Default)]
struct Array {
    ids: Vec<BodyId>,
    keys: Vec<f32>,
}

impl Array {
    fn insert(&mut self, id: BodyId, key: f32) -> usize {
        let pos = self.keys.partition_point(|k| *k <= key);
        self.ids.insert(pos, id);
        self.keys.insert(pos, key);
        pos
    }

    /// The position of `id` listed under `key`, searched from `hint` as
    /// the world searched its one array.
    fn position_from(&self, id: BodyId, key: f32, hint: usize) -> Option<usize> {
        let keys = &self.keys;
        let hint = hint.min(keys.len());
        let start = if hint < keys.len() && keys[hint] < key {
            hint + keys[hint..].partition_point(|k| *k < key)
        } else if hint == 0 || keys[hint - 1] < key {
            hint
        } else {
            keys.partition_point(|k| *k < key)
        };
        self.ids[start..]
            .iter()
            .position(|b| *b == id)
            .map(|p| p + start)
    }

    /// The re-insert's rotation, as the world did it on one array.
    fn reinsert(&mut self, p: usize, key: f32) -> usize {
        let before = self.keys[..p].partition_point(|k| *k <= key);
        let q = if before < p {
            before
        } else {
            p + self.keys[p + 1..].partition_point(|k| *k <= key)
        };
        if q < p {
            self.ids[q..=p].rotate_right(1);
            self.keys[q..=p].rotate_right(1);
        } else {
            self.ids[p..=q].rotate_left(1);
            self.keys[p..=q].rotate_left(1);
        }
        self.keys[q] = key;
        q
    }
}

fn check(list: &SortedList<f32>, a: &Array, rng: &mut Xorshift) {
    assert_eq!(list.len(), a.ids.len());
    assert_eq!(list.to_vec(), a.ids);
    let walked: Vec<(BodyId, f32)> = list.iter_from(0).collect();
    let want: Vec<(BodyId, f32)> = a.ids.iter().copied().zip(a.keys.iter().copied()).collect();
    assert_eq!(walked, want);
    let n = a.ids.len();
    for _ in 0..8 {
        let (x, y) = (
            rng.below(n as u64 + 2) as usize,
            rng.below(n as u64 + 2) as usize,
        );
        let (lo, hi) = (x.min(y), x.max(y));
        let back: Vec<_> = list.range(lo, hi).rev().collect();
        let hi_c = hi.min(n);
        let lo_c = lo.min(hi_c);
        let want: Vec<_> = want[lo_c..hi_c].iter().rev().copied().collect();
        assert_eq!(back, want, "range {lo}..{hi} backwards");
        let mut walked = Vec::new();
        list.walk_back(lo, hi, |&(k, id)| {
            walked.push((id, k));
            true
        });
        assert_eq!(walked, want, "walk back over {lo}..{hi}");
        let mut forward = Vec::new();
        list.walk(lo, hi, |&(k, id)| {
            forward.push((id, k));
            true
        });
        forward.reverse();
        assert_eq!(forward, want, "walk over {lo}..{hi}");
        // A walk stops where its visitor says.
        let mut seen = 0;
        list.walk(lo, hi, |_| {
            seen += 1;
            seen < 3
        });
        assert_eq!(seen, want.len().min(3));
        assert_eq!(list.get(x), a.ids.get(x).copied());
        assert_eq!(list.key(x), a.keys.get(x).copied());
        let t = rng.range_f32(-1.0, 41.0).round();
        assert_eq!(
            list.partition_point(|k| *k < t),
            a.keys.partition_point(|k| *k < t)
        );
        assert_eq!(
            list.partition_point(|k| *k <= t),
            a.keys.partition_point(|k| *k <= t)
        );
        if n > 0 {
            let p = rng.below(n as u64) as usize;
            let hint = rng.below(n as u64 + 3) as usize;
            // The right key, and a wrong one (a body not listed there).
            for key in [a.keys[p], a.keys[p] + 1.0] {
                assert_eq!(
                    list.position_from(a.ids[p], key, hint),
                    a.position_from(a.ids[p], key, hint),
                    "position of {p} from {hint}"
                );
            }
        }
        let from = x.min(n);
        let start = a.keys.partition_point(|k| *k < t);
        if start >= from {
            assert_eq!(list.partition_point_from(from, |k| *k < t), start);
        }
    }
}

#[test]
fn the_chunked_list_is_the_consoles_array() {
    for (seed, chunk) in [(1u64, 2usize), (2, 3), (3, 4), (4, 8), (5, 17), (6, 1024)] {
        let mut rng = Xorshift(0x5eed_0000 + seed);
        let mut list = SortedList::<f32>::with_chunk(chunk);
        let mut a = Array::default();
        let mut next = 0u32;
        for step in 0..4_000 {
            let r = rng.below(10);
            // Keys on a coarse grid, so ties are common.
            let key = rng.range_f32(0.0, 40.0).round();
            if r < 5 || a.ids.is_empty() {
                next += 1;
                let pos = list.partition_point(|k| *k <= key);
                list.insert(pos, id(next), key);
                assert_eq!(pos, a.insert(id(next), key), "insert at step {step}");
            } else if r < 7 {
                let p = rng.below(a.ids.len() as u64) as usize;
                let got = list.remove(p);
                let want = (a.ids.remove(p), a.keys.remove(p));
                assert_eq!(got, Some(want), "remove at step {step}");
            } else {
                let p = rng.below(a.ids.len() as u64) as usize;
                let q = a.reinsert(p, key);
                list.relocate(p, q, key);
            }
            if step % 37 == 0 || chunk <= 4 {
                check(&list, &a, &mut rng);
            }
        }
        check(&list, &a, &mut rng);
        // Emptied in random order, then filled again.
        while !a.ids.is_empty() {
            let p = rng.below(a.ids.len() as u64) as usize;
            assert_eq!(list.remove(p), Some((a.ids.remove(p), a.keys.remove(p))));
        }
        assert!(list.is_empty());
        assert_eq!(list.remove(0), None);
        assert_eq!(list.first(), None);
        list.insert(0, id(1), 3.0);
        assert_eq!(list, [id(1)]);
    }
}

#[test]
fn positions_past_the_end_answer_nothing() {
    let mut list = SortedList::<f32>::with_chunk(2);
    for n in 0..5 {
        list.insert(n as usize, id(n), n as f32);
    }
    assert_eq!(list.get(5), None);
    assert_eq!(list.key(99), None);
    assert_eq!(list.range(4, 99).count(), 1);
    assert_eq!(list.range(7, 3).count(), 0);
    assert_eq!(list.partition_point_from(99, |_| true), 5);
    // A relocation from past the end changes nothing.
    list.relocate(9, 0, 0.0);
    assert_eq!(list.to_vec(), (0..5).map(id).collect::<Vec<_>>());
}
