//! The intervals a box and a triangle cover on an axis
//! (spec, Unit 13, "BoxTri_ProjectBox (0x0034aa60) and BoxTri_ProjectTriangle
//! (0x0034ab28)").

use ps2_float::{Real, Vec4};

use super::interval::Interval;
use crate::shapes::OrientedBox;

/// The box's interval on the axis `l` (not necessarily unit: every comparison
/// scales with it): centre `l·P`, radius `(h0·|l·A0| + h1·|l·A1|) + h2·|l·A2|`
/// (products in the written order; divergence 99).
///
/// Spec: Unit 13, "BoxTri_ProjectBox (0x0034aa60) and BoxTri_ProjectTriangle
/// (0x0034ab28)".
/// Original: `BoxTri_ProjectBox` (0x0034aa60).
#[inline]
#[must_use]
pub fn box_tri_project_box<R: Real>(bx: &OrientedBox<R>, l: Vec4<R>) -> Interval<R> {
    let [a0, a1, a2] = bx.axes;
    let r =
        (bx.half.x * l.dot(a0).abs() + bx.half.y * l.dot(a1).abs()) + bx.half.z * l.dot(a2).abs();
    let c = l.dot(bx.centre);
    Interval::new(c - r, c + r)
}

/// The triangle's interval on the axis `l`: starting from `l·v0`, `v1` and
/// then `v2` lower the minimum, or else raise the maximum.
///
/// Spec: Unit 13, "BoxTri_ProjectBox (0x0034aa60) and BoxTri_ProjectTriangle
/// (0x0034ab28)".
/// Original: `BoxTri_ProjectTriangle` (0x0034ab28).
#[inline]
#[must_use]
pub fn box_tri_project_triangle<R: Real>(v: &[Vec4<R>; 3], l: Vec4<R>) -> Interval<R> {
    let p0 = l.dot(v[0]);
    let mut out = Interval::new(p0, p0);
    for p in [l.dot(v[1]), l.dot(v[2])] {
        if p < out.min {
            out.min = p;
        } else if p > out.max {
            out.max = p;
        }
    }
    out
}
