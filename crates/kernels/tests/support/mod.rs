//! What several of this crate's test files share: the shapes built from
//! `f32` literals (points with `w = 1`), box B of the spec's Test ideas, and
//! the check of a fully written record of lanes.

// Each test file is its own crate and uses only part of this module.
#![allow(dead_code)]

use kernels::{Capsule, Lanes, OrientedBox, Segment, Sphere};
use ps2_float::{Real, Vec4};
use test_support::{point, r};

/// A sphere of radius `rad` centred at `c`.
pub fn sphere<R: Real>(c: [f32; 3], rad: f32) -> Sphere<R> {
    Sphere {
        radius: r(rad),
        centre: point(c),
    }
}

/// An upright capsule of radius `rad` and height `h` standing on `b`.
pub fn capsule<R: Real>(b: [f32; 3], rad: f32, h: f32) -> Capsule<R> {
    Capsule {
        radius: r(rad),
        height: r(h),
        base: point(b),
    }
}

/// A segment from `s` to `e` of radius `rad`, its length field left 0.
pub fn segment<R: Real>(s: [f32; 3], e: [f32; 3], rad: f32) -> Segment<R> {
    Segment {
        start: point(s),
        end: point(e),
        radius: r(rad),
        length: R::ZERO,
    }
}

/// A box along the world axes: half sizes `half` and centre `centre` (both
/// with `w = 1`), the axes' `w` lanes `axis_w`.
pub fn world_box<R: Real>(half: [f32; 3], centre: [f32; 3], axis_w: f32) -> OrientedBox<R> {
    OrientedBox {
        half: point(half),
        axes: [
            Vec4::from_f32([1.0, 0.0, 0.0, axis_w]),
            Vec4::from_f32([0.0, 1.0, 0.0, axis_w]),
            Vec4::from_f32([0.0, 0.0, 1.0, axis_w]),
        ],
        centre: point(centre),
    }
}

/// Box B of Units 5 and 12: centre (0, 0, 0.5), world axes, half (2, 1, 0.5)
/// (every `w` lane 1).
pub fn box_b<R: Real>() -> OrientedBox<R> {
    world_box([2.0, 1.0, 0.5], [0.0, 0.0, 0.5], 1.0)
}

/// Asserts that all four lanes of `lanes` are written and read `want` in
/// `f32`.
#[track_caller]
pub fn assert_lanes<R: Real>(lanes: &Lanes<R>, want: [f32; 4], what: &str) {
    assert_eq!(
        lanes.get().map(Vec4::to_f32),
        Some(want),
        "{} {what}",
        R::MODE
    );
}
