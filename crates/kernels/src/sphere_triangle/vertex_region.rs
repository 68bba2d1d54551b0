//! A centre past a corner (Unit 1, "SphereSweep_VertexRegion"): one of the
//! corner's two edges, chosen by where the path crosses a side plane.

use ps2_float::{Real, Vec4};

use super::edge::{sweep_sphere_edge, EdgeSweep};
use crate::readings::ParallelSideRule;
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
/// decides by signs, in both float modes (divergence 23;
/// [`sweep_sphere_vertex_region_read`] takes the specification's other
/// text).
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
    sweep_sphere_vertex_region_read(
        k,
        tri,
        m_k,
        e_k,
        centre,
        mv,
        r,
        out,
        ParallelSideRule::Saturated,
    )
}

// The original above keeps its own signature; this form adds the rule, so
// the two parameter lists repeat.
/// [`sweep_sphere_vertex_region`] with the edge choice for a move parallel
/// to edge `k`'s side plane read as `rule` says (SPEC-NOTES item 3,
/// divergence 23); every other move takes the same edge under either rule.
#[allow(clippy::too_many_arguments)]
pub fn sweep_sphere_vertex_region_read<R: Real>(
    k: usize,
    tri: &WorkTriangle<R>,
    m_k: Vec4<R>,
    e_k: Vec4<R>,
    centre: Vec4<R>,
    mv: Vec4<R>,
    r: R,
    out: &mut EdgeSweep<R>,
    rule: ParallelSideRule,
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
    let num = m_k.dot(v) - m_k.dot(centre);
    let den = m_k.dot(mv);
    let along_k = if rule == ParallelSideRule::SignRule && den == R::ZERO {
        sign_rule(num, e_k.dot(v), e_k.dot(centre), e_k.dot(mv))
    } else {
        let x = centre.madd(mv, num.div(den));
        e_k.dot(v) <= sat::dot(e_k, x)
    };
    let (start, end, edge) = if along_k {
        (v, tri.v[(k + 1) % 3], k)
    } else {
        (tri.v[(k + 2) % 3], v, (k + 2) % 3)
    };
    out.edge = Some(edge);
    sweep_sphere_edge(start, end - start, centre, mv, r, out)
}

/// The specification's sign rule for `m_k·M = 0` (Unit 1,
/// "SphereSweep_VertexRegion", edge case): whether edge `k` is tested. A
/// zero numerator takes edge `k − 1`; a move also square to the edge
/// compares the corner with the centre along the edge; otherwise the
/// crossing at infinity lies past the corner when the numerator and `e_k·M`
/// share their strict sign.
fn sign_rule<R: Real>(num: R, ek_v: R, ek_c: R, ek_m: R) -> bool {
    if num == R::ZERO {
        false
    } else if ek_m == R::ZERO {
        ek_v <= ek_c
    } else {
        (num > R::ZERO) == (ek_m > R::ZERO)
    }
}
