//! A non-finite (or negative) input never yields a hit: each query refuses
//! it with a typed error naming the input (divergence 340). Without the
//! check the `Ee32` mode reads a NaN as 0 (`Ee32::from_f32`), so a NaN ray
//! origin would cast from x = 0.

use test_support::both_modes;
use warriors_physics::prelude::*;
use warriors_physics::record::{OrientedBox, Vec4};

fn level<R: Real>() -> Level<R> {
    // A floor over 0..10 at z = 0 with its corner at the origin, so that a
    // NaN read as 0 would hit it.
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 10.0, 0.0], [0.0, 10.0, 0.0]]),
        // A wall across x = 5, facing -x.
        SoupTriangle::new([[5.0, 10.0, 0.0], [5.0, 0.0, 0.0], [5.0, 5.0, 3.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
}

fn nf(input: Input) -> QueryError {
    QueryError::NonFinite { input }
}

fn neg(input: Input) -> QueryError {
    QueryError::Negative { input }
}

const BAD: [f32; 3] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];

fn sweeps_refuse<R: Real>() {
    let l = level::<R>();
    let s = SweepSettings::<R>::default();
    for bad in BAD {
        // The same query with good input hits.
        assert!(l
            .cast_sphere([0.5, 0.5, 1.0], 0.5, [0.0, 0.0, -2.0])
            .unwrap()
            .is_some());
        assert_eq!(
            l.cast_sphere([bad, 0.5, 1.0], 0.5, [0.0, 0.0, -2.0]),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.cast_sphere([0.5, 0.5, 1.0], bad, [0.0, 0.0, -2.0]),
            Err(nf(Input::Radius))
        );
        assert_eq!(
            l.cast_sphere([0.5, 0.5, 1.0], 0.5, [0.0, bad, -2.0]),
            Err(nf(Input::Motion))
        );
        assert_eq!(
            l.cast_sphere_all([0.5, 0.5, bad], 0.5, [0.0, 0.0, -2.0], &s)
                .map(|h| h.len()),
            Err(nf(Input::Position))
        );
        assert!(l
            .cast_capsule_walls([1.0, 1.0, 0.0], 0.3, 1.8, [6.0, 0.0, 0.0])
            .unwrap()
            .is_some());
        assert_eq!(
            l.cast_capsule_walls([1.0, bad, 0.0], 0.3, 1.8, [6.0, 0.0, 0.0]),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.cast_capsule_walls([1.0, 1.0, 0.0], bad, 1.8, [6.0, 0.0, 0.0]),
            Err(nf(Input::Radius))
        );
        assert_eq!(
            l.cast_capsule_walls([1.0, 1.0, 0.0], 0.3, bad, [6.0, 0.0, 0.0]),
            Err(nf(Input::Height))
        );
        assert_eq!(
            l.cast_capsule_walls([1.0, 1.0, 0.0], 0.3, 1.8, [bad, 0.0, 0.0]),
            Err(nf(Input::Motion))
        );
        let pose = Isometry3::translation(1.0, 1.0, 1.0);
        assert!(l
            .cast_box(Vector3::new(0.2, 0.2, 0.2), &pose, [0.0, 0.0, -2.0])
            .unwrap()
            .is_some());
        assert_eq!(
            l.cast_box(Vector3::new(0.2, bad, 0.2), &pose, [0.0, 0.0, -2.0]),
            Err(nf(Input::HalfExtents))
        );
        assert_eq!(
            l.cast_box(
                Vector3::new(0.2, 0.2, 0.2),
                &Isometry3::translation(bad, 1.0, 1.0),
                [0.0, 0.0, -2.0]
            ),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.cast_box(Vector3::new(0.2, 0.2, 0.2), &pose, [0.0, 0.0, bad]),
            Err(nf(Input::Motion))
        );
    }
    // Negative sizes.
    assert_eq!(
        l.cast_sphere([0.5, 0.5, 1.0], -0.5, [0.0, 0.0, -2.0]),
        Err(neg(Input::Radius))
    );
    assert_eq!(
        l.cast_capsule_walls([1.0, 1.0, 0.0], 0.3, -1.8, [6.0, 0.0, 0.0]),
        Err(neg(Input::Height))
    );
    assert_eq!(
        l.cast_box(
            Vector3::new(-0.2, 0.2, 0.2),
            &Isometry3::identity(),
            [0.0, 0.0, -2.0]
        ),
        Err(neg(Input::HalfExtents))
    );
}

fn rays_refuse<R: Real>() {
    let l = level::<R>();
    let f = RayFilter::default();
    let down = Vector3::new(0.0f32, 0.0, -1.0);
    assert!(l
        .cast_ray([0.5, 0.5, 1.0], down, 5.0, &f)
        .unwrap()
        .is_some());
    for bad in BAD {
        // The ray from x = NaN, read as 0 by `Ee32`, would hit the floor.
        assert_eq!(
            l.cast_ray([bad, 0.5, 1.0], down, 5.0, &f),
            Err(nf(Input::RayOrigin))
        );
        assert_eq!(
            l.cast_ray([0.5, 0.5, 1.0], Vector3::new(0.0, bad, -1.0), 5.0, &f),
            Err(nf(Input::RayDirection))
        );
        assert_eq!(
            l.cast_ray([0.5, 0.5, 1.0], down, bad, &f),
            Err(nf(Input::RayLength))
        );
        assert_eq!(
            l.line_of_sight([0.5, 0.5, 1.0], [bad, 0.5, 1.0], &f),
            Err(nf(Input::RayOrigin))
        );
        assert_eq!(
            l.ground_below([0.5, bad, 1.0], 5.0),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.ground_below([0.5, 0.5, 1.0], bad),
            Err(nf(Input::RayLength))
        );
    }
    assert_eq!(
        l.cast_ray([0.5, 0.5, 1.0], down, -5.0, &f),
        Err(neg(Input::RayLength))
    );
    assert_eq!(
        l.cast_ray([0.5, 0.5, 1.0], Vector3::<f32>::zeros(), 5.0, &f),
        Err(QueryError::ZeroDirection)
    );
    // A denormal direction is zero in both modes (divergence 327): before,
    // `f32` answered `Ok(None)` and `Ee32` (which flushes it) this error.
    for d in [[0.0, 0.0, -1e-40], [1e-45, -1e-39, 0.0]] {
        assert_eq!(
            l.cast_ray([0.5, 0.5, 1.0], Vector3::<f32>::from(d), 5.0, &f),
            Err(QueryError::ZeroDirection),
            "{d:?}"
        );
    }
    assert_eq!(
        l.line_of_sight([0.5, 0.5, 1.0], [0.5, 0.5, 1.0], &f),
        Ok(None)
    );
}

fn overlaps_refuse<R: Real>() {
    let l = level::<R>();
    assert_eq!(l.overlap_sphere([2.0, 1.0, 0.2], 0.5).unwrap().len(), 1);
    assert!(l.push_out_of_walls([4.8, 5.0, 1.0], 0.5).unwrap().is_some());
    for bad in BAD {
        assert_eq!(
            l.overlap_sphere([1.0, 1.0, bad], 0.5).map(|o| o.len()),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.overlap_sphere([1.0, 1.0, 0.2], bad).map(|o| o.len()),
            Err(nf(Input::Radius))
        );
        assert_eq!(
            l.push_out_of_walls([bad, 5.0, 1.0], 0.5),
            Err(nf(Input::Position))
        );
        assert_eq!(
            l.push_out_of_walls([4.8, 5.0, 1.0], bad),
            Err(nf(Input::Radius))
        );
    }
    assert_eq!(
        l.push_out_of_walls([4.8, 5.0, 1.0], -0.5),
        Err(neg(Input::Radius))
    );
}

/// An `f32` box record with a NaN axis (built field by field: the mode's
/// own conversions would have sanitised it) is refused, not swept.
#[test]
fn a_nan_box_axis_is_refused() {
    let l = level::<f32>();
    for bad in BAD {
        let ob = OrientedBox {
            half: Vec4::new(0.2, 0.2, 0.2, 0.0),
            axes: [
                Vec4::new(1.0, 0.0, 0.0, 0.0),
                Vec4::new(0.0, bad, 0.0, 0.0),
                Vec4::new(0.0, 0.0, 1.0, 0.0),
            ],
            centre: Vec4::new(1.0, 1.0, 1.0, 1.0),
        };
        let s = SweepSettings::default();
        assert_eq!(
            l.cast_oriented_box(&ob, [0.0, 0.0, -2.0], &s),
            Err(nf(Input::Rotation))
        );
        let ob = OrientedBox {
            centre: Vec4::new(bad, 1.0, 1.0, 1.0),
            ..ob
        };
        assert_eq!(
            l.cast_box_all(&ob, [0.0, 0.0, -2.0], &s).map(|h| h.len()),
            Err(nf(Input::Position))
        );
    }
}

/// The errors are values a game can match; the enum is non-exhaustive, so
/// a match needs a wildcard.
#[test]
fn errors_are_matchable() {
    let e = QueryError::NonFinite {
        input: Input::Motion,
    };
    let what = match e {
        QueryError::NonFinite {
            input: Input::Motion,
        } => "motion",
        QueryError::NonFinite { .. } => "other",
        _ => "rest",
    };
    assert_eq!(what, "motion");
    assert_eq!(e.to_string(), "Motion is not finite");
}

both_modes!(sweeps_refuse, rays_refuse, overlaps_refuse);
