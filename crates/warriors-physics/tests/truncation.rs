//! A query that drops contacts says so (issue finding 6): the console's
//! mesh sweeps and `PhysicsMesh_OverlapSphere` keep at most 100 contacts
//! in their stack array (spec Unit 13 "PhysicsMesh_SweepBox"; divergence
//! 153), per tile in a tiled level (divergence 341). 300 stacked floors
//! give 100 contacts in one tile and the answer now counts the 200 dropped
//! (`Answer::truncated`, the `_into` forms' `Truncation`); in tiles of 50
//! all 300 come back and nothing is marked. The `_into` forms stay free of
//! allocation once warmed (the counting allocator below counts each
//! thread's allocations, so the tests running beside it do not count).
//!
//! On the code before this file the answers were a bare `Vec` with no
//! mark: these tests do not compile there, and the 100-of-300 answer was
//! indistinguishable from a whole one.

use test_support::both_modes;
use warriors_physics::prelude::*;
use warriors_physics::{oriented_box, Quirks, MAX_TILE_TRIANGLES};

test_support::counting_allocator!();

/// 300 floors, one triangle each, stacked 1 cm apart from z = 0 to 2.99 m,
/// their winding facing up.
fn floors<R: Real>(max_tile_triangles: usize) -> Level<R> {
    let soup: Vec<SoupTriangle> = (0..300)
        .map(|k| {
            let z = k as f32 * 0.01;
            SoupTriangle::new([[-5.0, -5.0, z], [5.0, -5.0, z], [0.0, 5.0, z]])
        })
        .collect();
    let config = LevelConfig {
        max_tile_triangles,
        ..LevelConfig::default()
    };
    Level::from_soup(&soup, &config, "stack").unwrap()
}

both_modes!(
    one_tile_keeps_100_and_says_200_were_dropped,
    tiles_of_50_answer_all_300_unmarked,
    the_into_forms_allocate_nothing_once_warmed,
);

/// A sphere of radius 0.2 from z = 4 swept 5 m down crosses every floor
/// (their planes lie 1.01 to 4.0 m below its centre, all within the move
/// plus the radius), so it meets 300; a sphere of radius 2 at z = 1.5
/// reaches every floor (the farthest, at 0 and 2.99 m, are 1.5 and 1.49 m
/// from its centre) but overlaps only those its centre is in front of
/// (the one-sided side test, "Mesh tests"): z = 0.00 to 1.49, 150 floors.
/// One tile's array keeps 100 of each.
fn one_tile_keeps_100_and_says_200_were_dropped<R: Real>() {
    let level = floors::<R>(MAX_TILE_TRIANGLES);
    assert_eq!(level.tile_count(), 1);
    let s = SweepSettings::default();
    let hits = level
        .cast_sphere_all([0.0, 0.0, 4.0], 0.2, [0.0, 0.0, -5.0], &s)
        .unwrap();
    assert_eq!(hits.len(), 100);
    assert!(hits.truncated());
    assert_eq!(hits.truncation.dropped, 200);
    let over = level.overlap_sphere([0.0, 0.0, 1.5], 2.0).unwrap();
    assert_eq!(over.len(), 100);
    assert!(over.truncated());
    assert_eq!(over.truncation.dropped, 50);
    // A query that meets fewer than 100 is not marked: a sphere of
    // radius 0.2 from z = 0.705 swept 0.4 m down (its centre to 0.305)
    // meets every floor below its centre within 0.2 of the centre's path,
    // z = 0.105 to 0.705: the floors at 0.11 to 0.70 m, 60 of them (the 20
    // at 0.51 to 0.70 already inside it at the start).
    let few = level
        .cast_sphere_all([0.0, 0.0, 0.705], 0.2, [0.0, 0.0, -0.4], &s)
        .unwrap();
    assert!(!few.truncated());
    assert_eq!(few.len(), 60);
}

/// In tiles of at most 50 triangles each tile meets at most 50: nothing
/// is dropped and all 300 contacts (150 overlaps) come back, the contacts
/// sorted by fraction.
fn tiles_of_50_answer_all_300_unmarked<R: Real>() {
    let level = floors::<R>(50);
    assert!(level.tile_count() >= 6, "{}", level.tile_count());
    let s = SweepSettings::default();
    let hits = level
        .cast_sphere_all([0.0, 0.0, 4.0], 0.2, [0.0, 0.0, -5.0], &s)
        .unwrap();
    assert_eq!(hits.len(), 300);
    assert!(!hits.truncated());
    assert!(hits.windows(2).all(|w| w[0].fraction <= w[1].fraction));
    let over = level.overlap_sphere([0.0, 0.0, 1.5], 2.0).unwrap();
    assert_eq!(over.len(), 150);
    assert!(!over.truncated());
}

fn the_into_forms_allocate_nothing_once_warmed<R: Real>() {
    let level = floors::<R>(MAX_TILE_TRIANGLES);
    let s = SweepSettings::default();
    let mut hits = Vec::with_capacity(300);
    let mut over = Vec::with_capacity(300);
    let run = |hits: &mut Vec<Hit<R>>, over: &mut Vec<Overlap<R>>| {
        let a = level
            .cast_sphere_all_into([0.0, 0.0, 4.0], 0.2, [0.0, 0.0, -5.0], &s, hits)
            .unwrap();
        let b = level
            .overlap_sphere_into([0.0, 0.0, 1.5], 2.0, over)
            .unwrap();
        (a, b)
    };
    run(&mut hits, &mut over);
    let before = allocations();
    let (a, b) = run(&mut hits, &mut over);
    let allocated = allocations() - before;
    assert_eq!(allocated, 0);
    assert_eq!((a.dropped, b.dropped), (200, 50));
    assert_eq!((hits.len(), over.len()), (100, 100));
    // The corrected box and capsule overlaps' `_into` forms likewise.
    let quirks = Quirks::corrected();
    let cube = oriented_box::<R>([0.5, 0.5, 0.5], &Isometry3::translation(0.0, 0.0, 1.5)).unwrap();
    let mut boxes = Vec::with_capacity(300);
    let mut capsules = Vec::with_capacity(300);
    let run = |boxes: &mut Vec<Overlap<R>>, capsules: &mut Vec<Overlap<R>>| {
        level
            .overlap_oriented_box_into(&cube, &quirks, boxes)
            .unwrap();
        level
            .overlap_capsule_into([0.0, 0.0, 1.0], 0.3, 1.0, &quirks, capsules)
            .unwrap();
    };
    run(&mut boxes, &mut capsules);
    let (nb, nc) = (boxes.len(), capsules.len());
    assert!(nb > 40 && nc > 40, "{nb}, {nc}");
    let before = allocations();
    run(&mut boxes, &mut capsules);
    assert_eq!(allocations() - before, 0);
    assert_eq!((boxes.len(), capsules.len()), (nb, nc));
}
