//! A centre past a corner (Unit 1, "SphereSweep_VertexRegion"): one of the
//! corner's two edges, chosen by where the path crosses a side plane.

use ps2_float::{Real, Vec4};

use super::edge::{sweep_sphere_edge, EdgeSweep};
use crate::sat;
use crate::triangle::WorkTriangle;

/// Sweeps the sphere (radius `r`, from `centre` along the whole move `mv`)
/// against one edge of corner `k` of `tri` (Unit 1,
/// "SphereSweep_VertexRegion"); `m_k` and `e_k` are edge `k`'s side normal
/// and edge vector as the triangle kernel passes them.
///
/// There is no contact when the corner is already strictly inside the ball
/// (the fraction is then set to 0 and the result is `false`) or when the
/// move does not go toward the corner. Otherwise the path's crossing `X` of
/// edge `k`'s side plane picks edge `k` (`v_k → v_{k+1}`) when
/// `e_k·v_k ≤ e_k·X`, else edge `k − 1` (`v_{k−1} → v_k`), both built from the
/// corners, and only that edge is swept ([`sweep_sphere_edge`]). A move
/// parallel to the side plane divides by zero; the saturated crossing then
/// decides by signs, in both float modes (divergence 23).
///
/// `k` above 2 returns `false` and writes nothing (divergence 22). The
/// original's unused normal and `1.0` arguments are not taken.
///
/// Original: `SphereSweep_VertexRegion` (0x0034e5d0).
#[allow(clippy::too_many_arguments)]
pub fn sweep_sphere_vertex_region<R: Real>(
    k: usize,
    tri: &WorkTriangle<R>,
    m_k: Vec4<R>,
    e_k: Vec4<R>,
    centre: Vec4<R>,
    mv: Vec4<R>,
    r: R,
    out: &mut EdgeSweep<R>,
) -> bool {
    let Some(&v) = tri.v.get(k) else {
        return false;
    };
    let to_corner = v - centre;
    if to_corner.dot(to_corner) < r * r {
        out.fraction = Some(R::ZERO);
        return false;
    }
    if mv.dot(to_corner) <= R::ZERO {
        return false;
    }
    let u = (m_k.dot(v) - m_k.dot(centre)).div(m_k.dot(mv));
    let x = centre.madd(mv, u);
    let (start, end, edge) = if e_k.dot(v) <= sat::dot(e_k, x) {
        (v, tri.v[(k + 1) % 3], k)
    } else {
        (tri.v[(k + 2) % 3], v, (k + 2) % 3)
    };
    out.edge = Some(edge);
    sweep_sphere_edge(start, end - start, centre, mv, r, out)
}
