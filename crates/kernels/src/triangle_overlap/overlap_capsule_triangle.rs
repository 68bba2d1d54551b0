//! An upright capsule against one triangle, at rest: the corrected mesh
//! overlap of a capsule (divergence 478).

use ps2_float::{Real, Vec4};

use super::axis::{overlap, project};
use crate::least::keep_least;
use crate::overlap::{closest_points_with, OverlapQuirks};
use crate::shapes::Capsule;
use crate::sphere_triangle::point_triangle_distance_sq;
use crate::triangle::WorkTriangle;

/// Whether the segment `p0`..`p1` meets the triangle `v` (boundaries
/// included): its ends lie on either side of the plane, or on it, and the
/// point where it crosses lies within the three edges.
fn pierces<R: Real>(p0: Vec4<R>, p1: Vec4<R>, v: &[Vec4<R>; 3]) -> bool {
    let n = (v[1] - v[0]).cross(v[2] - v[0]);
    let s0 = (p0 - v[0]).dot(n);
    let s1 = (p1 - v[0]).dot(n);
    if (s0 > R::ZERO && s1 > R::ZERO) || (s0 < R::ZERO && s1 < R::ZERO) || s0 == s1 {
        return false;
    }
    let x = p0.madd(p1 - p0, s0.div(s0 - s1));
    (0..3).all(|k| {
        let edge = v[(k + 1) % 3] - v[k];
        edge.cross(x - v[k]).dot(n) >= R::ZERO
    })
}

/// The depth of an upright capsule (its axis from `base` to
/// `base + (0, 0, height)`, hemispherical ends) into a triangle (corners
/// `tri.v`), or `None` when they do not overlap; the original has no such
/// kernel (the console's capsule mesh overlap returns 0), this one is
/// divergence 478.
///
/// When the axis misses the triangle, the depth is `r − dist`, where
/// `dist` is the least distance between the axis and the triangle (the
/// nearer of the axis's ends to the triangle, through Unit 1's
/// `PointTriangle_DistanceSq`, and of the axis to each edge, through
/// Unit 4's closest points with the corrected switches); they overlap when
/// `dist < r`, strictly, so a capsule of zero height gives the sphere's
/// penetration (to rounding, for a triangle with an area). A NaN height
/// overlaps nothing. When the axis passes through the triangle the depth is
/// `r` plus the least overlap of the axis and the triangle on their
/// separating axes (the triangle's normal and the axis crossed with each
/// edge): the shortest move that takes the axis out of the triangle, then
/// the radius.
#[must_use]
pub fn capsule_triangle_depth<R: Real>(cap: &Capsule<R>, tri: &WorkTriangle<R>) -> Option<R> {
    let r = cap.radius;
    let comparable = cap.height >= R::ZERO || cap.height < R::ZERO;
    if !comparable {
        // A NaN height: no axis to measure (the least distances below
        // would pass over it).
        return None;
    }
    let p0 = cap.base.with_w(R::ONE);
    let up = Vec4::new(R::ZERO, R::ZERO, cap.height, R::ZERO);
    let p1 = p0 + up;
    let v = tri.v.map(|p| p.with_w(R::ONE));
    if !pierces(p0, p1, &v) {
        let mut dd = point_triangle_distance_sq(p0, tri)
            .dist_sq
            .min(point_triangle_distance_sq(p1, tri).dist_sq);
        let q = OverlapQuirks::corrected();
        for k in 0..3 {
            let (a, b) = (v[k], v[(k + 1) % 3]);
            let (s, t) = closest_points_with(up, b - a, p0 - a, &q);
            let gap = p0.madd(up, s) - a.madd(b - a, t);
            dd = dd.min(gap.dot(gap));
        }
        return (dd < r * r).then(|| r - dd.sqrt());
    }
    let seg = [p0, p1];
    let e = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let mut best = None;
    let mut axis = |l: Vec4<R>| {
        let ll = l.dot(l);
        if ll > R::ZERO {
            // A zero cross product (an edge along the axis) is no axis.
            let o = overlap(project(&seg, l), project(&v, l)).max(R::ZERO);
            keep_least(&mut best, o.div(ll.sqrt()));
        }
    };
    axis(e[0].cross(e[1]));
    for ej in e {
        axis(up.cross(ej));
    }
    Some(r + best.unwrap_or(R::ZERO))
}
