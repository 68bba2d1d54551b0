//! A box against one triangle, at rest: the corrected mesh overlap of a
//! box (divergence 477).

use ps2_float::{Real, Vec4};

use super::axis::{overlap, project};
use crate::least::keep_least;
use crate::shapes::OrientedBox;
use crate::triangle::WorkTriangle;

/// The depth of an oriented box into a triangle (corners `tri.v`), or
/// `None` when they do not overlap; the original has no such kernel (the
/// console's box mesh overlap returns 0), this one is divergence 477.
///
/// The box and the triangle overlap when their projections overlap, by
/// more than a touch, on each of the thirteen separating axes: the
/// triangle's normal, the box's three axes and the nine cross products of
/// a box axis with a triangle edge (a cross product that comes out exactly
/// zero, of parallel directions, is no axis and is left out). The depth is
/// the least of those overlaps, each measured along its unit axis: the
/// shortest move that parts the two, since every face of their Minkowski
/// difference is normal to one of the axes. The box's axes need not be
/// unit: its extent along a direction `l` is `Σ hᵢ·|Aᵢ·l|`. A degenerate
/// triangle (a segment or a point) keeps only the axes it has. A box with
/// a negative half extent is empty and a NaN anywhere overlaps nothing:
/// `None` for both.
#[must_use]
pub fn box_triangle_depth<R: Real>(bx: &OrientedBox<R>, tri: &WorkTriangle<R>) -> Option<R> {
    let half = [bx.half.x, bx.half.y, bx.half.z];
    if half.iter().any(|h| *h < R::ZERO) {
        // An empty box, as the box's bounds and its ray read it.
        return None;
    }
    let v = tri.v.map(|p| (p - bx.centre).with_w(R::ZERO));
    let e = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let mut best = None;
    let mut axis = |l: Vec4<R>| -> Option<()> {
        let ll = l.dot(l);
        if ll == R::ZERO {
            // No direction (parallel directions, a zero edge).
            return Some(());
        }
        let mut reach = R::ZERO;
        for (a, h) in bx.axes.iter().zip(half) {
            reach = reach + h * a.dot(l).abs();
        }
        let o = overlap((-reach, reach), project(&v, l));
        // Apart, touching, or a NaN anywhere: no overlap.
        if o > R::ZERO {
            keep_least(&mut best, o.div(ll.sqrt()));
            Some(())
        } else {
            None
        }
    };
    axis(e[0].cross(e[1]))?;
    for a in bx.axes {
        axis(a.with_w(R::ZERO))?;
    }
    for a in bx.axes {
        for ej in e {
            axis(a.cross(ej).with_w(R::ZERO))?;
        }
    }
    best
}
