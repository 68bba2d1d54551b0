//! One edge against the moving sphere (Unit 1, "SphereSweep_Edge"): the
//! segment already within the radius, else the edge swept as a capsule.

use ps2_float::{Real, Vec4};

use super::cylinder::sweep_sphere_edge_cylinder;
use super::segment_sphere::{intersect_segment_sphere, EdgePoints};
use crate::sat;

/// What an edge step (and a corner step, which ends in one) writes, each
/// field written or not.
///
/// `fraction` and `points` are the original's out-parameters. `roots`,
/// `kept` and `edge` are locals of the original, kept here so that tests and
/// snapshots can see which root the step reported and which edge it tested.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EdgeSweep<R> {
    /// `*fraction`: the fraction of the whole move (any sign, any size).
    pub fraction: Option<R>,
    /// `*count` and the point(s).
    pub points: EdgePoints<R>,
    /// The capsule step's `roots[2]` in list order (local to the original).
    pub roots: [Option<R>; 2],
    /// How many of the roots were in `[0, 1]` (local to the original).
    pub kept: Option<u32>,
    /// The triangle edge the step tested, when a triangle kernel chose it
    /// (edge `k` runs from `v_k` to `v_{k+1}`).
    pub edge: Option<usize>,
}

/// Sweeps a sphere of radius `r` from `centre` along the whole move `mv`
/// against the edge from `a` to `a + e` (Unit 1, "SphereSweep_Edge").
///
/// An edge already within the radius gives fraction 0. Otherwise the
/// capsule step runs and the fraction is the capsule's first listed root,
/// which need not be the smallest nor lie in `[0, 1]`. The point is the
/// centre at that fraction projected onto the edge and clamped to it; the
/// triangle kernel ignores it.
///
/// Original: `SphereSweep_Edge` (0x0034e3b8).
pub fn sweep_sphere_edge<R: Real>(
    a: Vec4<R>,
    e: Vec4<R>,
    centre: Vec4<R>,
    mv: Vec4<R>,
    r: R,
    out: &mut EdgeSweep<R>,
) -> bool {
    if intersect_segment_sphere(a, e, centre, r, &mut out.points) {
        out.fraction = Some(R::ZERO);
        return true;
    }
    // The capsule step's count and points are the step's own locals
    // (divergence 27).
    let mut local = EdgePoints::default();
    let hit = sweep_sphere_edge_cylinder(r, centre, mv, a, e, &mut local, &mut out.roots);
    out.kept = local.count;
    if !hit {
        return false;
    }
    // A root was kept, so the capsule listed at least one.
    let f = out.roots[0].unwrap_or(R::ZERO);
    out.fraction = Some(f);
    let pc = centre.madd(mv, f);
    let ea = e.dot(a);
    let epc = sat::dot(e, pc);
    let eb = ea + e.dot(e);
    let point = if epc < ea {
        a
    } else if eb < epc {
        a + e
    } else {
        let u = sat::sub(epc, ea).div(eb - ea);
        a.madd(e, u)
    };
    out.points.points[0] = Some(point);
    out.points.count = Some(1);
    true
}
