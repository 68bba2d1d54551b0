//! Large levels (issue finding 5): flat ground of two triangles over many
//! kilometres beside 21,000 small triangles loads as one level and answers
//! queries (the soup is split by extent as well as by count, divergence
//! 330); corners beyond the centimetre-precision range (±131,072 m,
//! divergence 329) are refused naming the corner; a few hundred triangles
//! whose tiles would need more grid cells than a level may have are refused
//! before any tile is built (divergence 331).
//!
//! On the code before this file the 6 km ground with 21,000 triangles was
//! refused as over budget (the finding 5), a corner at 10⁶ m was
//! taken, and a soup like the fan below, in tiles of one triangle, was
//! built tile by tile (the issue measured 4.5 s and 735 MiB for its
//! 700-triangle soup with one far vertex).

use std::time::Instant;

test_support::counting_allocator!();

use test_support::both_modes;
use warriors_physics::level::{MAX_LEVEL_CELLS, PRECISE_RANGE};
use warriors_physics::prelude::*;

/// Two ground triangles covering `±half` m at z = 0, then 21,000 small
/// triangles (0.5 m, at z = 1) on a 150 × 140 lattice 2 m apart near the
/// origin.
fn ground_and_clutter(half: f32) -> Vec<SoupTriangle> {
    let h = half;
    let mut soup = vec![
        SoupTriangle::new([[-h, -h, 0.0], [h, -h, 0.0], [h, h, 0.0]]),
        SoupTriangle::new([[-h, -h, 0.0], [h, h, 0.0], [-h, h, 0.0]]),
    ];
    for i in 0..150 {
        for j in 0..140 {
            let (x, y) = (i as f32 * 2.0 - 150.0, j as f32 * 2.0 - 140.0);
            soup.push(SoupTriangle::new([
                [x, y, 1.0],
                [x + 0.5, y, 1.0],
                [x, y + 0.5, 1.0],
            ]));
        }
    }
    assert_eq!(soup.len(), 21_002);
    soup
}

both_modes!(
    flat_ground_of_6_km_and_more_loads_and_answers,
    corners_past_the_precise_range_are_refused,
);

/// 6 km, 50 km and 260 km (±130 km, inside the range) of ground: each
/// loads; a ray straight down anywhere over the ground meets it at z = 0
/// (5 m below a start at z = 5), over the clutter the small triangle at
/// z = 1 first (4 m).
fn flat_ground_of_6_km_and_more_loads_and_answers<R: Real>() {
    for half in [3_000.0f32, 25_000.0, 130_000.0] {
        let started = Instant::now();
        let level =
            Level::<R>::from_soup(&ground_and_clutter(half), &LevelConfig::default(), "big")
                .unwrap_or_else(|e| panic!("{half}: {e}"));
        let took = started.elapsed();
        assert_eq!(level.triangle_count(), 21_002);
        let down = -Vector3::<f32>::z_axis();
        let f = RayFilter::default();
        for (x, y) in [
            (half * 0.9, -half * 0.9),
            (-half * 0.5, half * 0.7),
            (500.0, 500.0),
        ] {
            let hit = level
                .cast_ray(Point3::new(x, y, 5.0), down, 10.0, &f)
                .unwrap()
                .unwrap_or_else(|| panic!("{half}: no ground at {x}, {y}"));
            assert!(
                (hit.distance.to_f32() - 5.0).abs() < 1e-3,
                "{half}: {hit:?}"
            );
        }
        // Over a small triangle: (x, y) = (0.1, 0.1) is inside the one at
        // the lattice point (0, 0).
        let hit = level
            .cast_ray(Point3::new(0.1, 0.1, 5.0), down, 10.0, &f)
            .unwrap()
            .unwrap();
        assert!(
            (hit.distance.to_f32() - 4.0).abs() < 1e-3,
            "{half}: {hit:?}"
        );
        // A sphere dropped there meets the small triangle, then the ground.
        let all = level
            .cast_sphere_all(
                [0.1, 0.1, 3.0],
                0.25,
                [0.0, 0.0, -3.0],
                &SweepSettings::default(),
            )
            .unwrap();
        assert!(!all.truncated());
        assert!(all.len() >= 2, "{half}: {}", all.len());
        eprintln!("{half} m: {} tiles, {took:?}", level.tile_count());
    }
}

/// 131,072 m is inside the range; the next `f32` above it, and 10⁶ m, are
/// refused naming the corner.
fn corners_past_the_precise_range_are_refused<R: Real>() {
    let ok = [SoupTriangle::new([
        [0.0, 0.0, 0.0],
        [PRECISE_RANGE, 0.0, 0.0],
        [0.0, -PRECISE_RANGE, 0.0],
    ])];
    Level::<R>::from_soup(&ok, &LevelConfig::default(), "edge").unwrap();
    let past = f32::from_bits(PRECISE_RANGE.to_bits() + 1);
    for bad in [past, -1.0e6] {
        let soup = [
            SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
            SoupTriangle::new([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, bad]]),
        ];
        match Level::<R>::from_soup(&soup, &LevelConfig::default(), "far") {
            Err(MeshError::Inconsistent { file, at, .. }) => {
                assert_eq!(file, "far");
                assert_eq!(at.to_string(), "field `soup[1].corners[2][2]`");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

/// 700 triangles fanned from the origin to one corner 100 km away, in
/// tiles of one triangle each: each tile's grid would reach the builder's
/// cap of 2¹⁶ cells (its box is 100 km across), 700 × 2¹⁶ = 45,875,200
/// cells together, past the level's 2²⁴; refused before the tiles are
/// built: the error's count is the whole level's, summed from the tiles'
/// plans, and the refusal allocates less than building 50 of the 700 tiles
/// would (counted on this thread, each tile's build as one such tile's).
#[test]
fn a_budget_that_makes_a_few_hundred_bytes_cost_seconds_is_refused() {
    let far = [100_000.0, 100_000.0, 0.0];
    let soup: Vec<SoupTriangle> = (0..700)
        .map(|k| {
            let a = k as f32 * 0.001;
            SoupTriangle::new([[0.0, 0.0, 0.0], [a.cos(), a.sin(), 0.0], far])
        })
        .collect();
    let config = LevelConfig {
        max_tile_triangles: 1,
        ..LevelConfig::default()
    };
    let before = allocations();
    let refused = Level::<f32>::from_soup(&soup, &config, "fan");
    let refusing = allocations() - before;
    let before = allocations();
    let one = Level::<f32>::from_soup(&soup[..1], &config, "one").unwrap();
    let one_tile = allocations() - before;
    assert_eq!(one.tile_count(), 1);
    assert!(
        refusing < 50 * one_tile,
        "{refusing} allocations refusing, {one_tile} building one tile"
    );
    match refused {
        Err(MeshError::OverBudget {
            file, count, limit, ..
        }) => {
            assert_eq!(file, "fan");
            assert_eq!(limit, MAX_LEVEL_CELLS);
            assert_eq!(count, 700 << 16);
        }
        other => panic!("{other:?}"),
    }
    // The same soup in one tile is a mesh as before.
    Level::<f32>::from_soup(&soup, &LevelConfig::default(), "fan").unwrap();
}

/// Small triangles spread 10 km along `x` are cut into tiles no wider than
/// 2,048 m: three clusters at 0, 5 and 10 km make three tiles (a cut at
/// the median leaves 5 km beside each end), and each answers its ray.
#[test]
fn a_wide_spread_of_small_triangles_is_cut_by_width() {
    let soup: Vec<SoupTriangle> = [0.0f32, 5_000.0, 10_000.0]
        .iter()
        .map(|&x| SoupTriangle::new([[x, 0.0, 0.0], [x + 1.0, 0.0, 0.0], [x, 1.0, 0.0]]))
        .collect();
    let level = Level::<f32>::from_soup(&soup, &LevelConfig::default(), "spread").unwrap();
    assert_eq!(level.tile_count(), 3);
    for x in [0.2f32, 5_000.2, 10_000.2] {
        let hit = level
            .cast_ray(
                Point3::new(x, 0.2, 1.0),
                -Vector3::<f32>::z_axis(),
                2.0,
                &RayFilter::default(),
            )
            .unwrap()
            .unwrap();
        assert_eq!(hit.distance, 1.0);
    }
}
