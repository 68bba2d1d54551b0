//! The sphere swept against one triangle (Unit 1, "Sweep_SphereTriangle"):
//! the plane, the inside mask, and the dispatch to the edge and corner steps.

use ps2_float::{Real, Vec4};

use super::edge::{sweep_sphere_edge, EdgeSweep};
use super::entry::triangle_edges_entry;
use super::vertex_region::sweep_sphere_vertex_region_read;
use crate::readings::ParallelSideRule;
use crate::sat;
use crate::{shapes::Sphere, triangle::WorkTriangle};

/// The kernel's result record: an `int` count at `+0x00`, then per hit a
/// fraction at `+0x04 + 4·i` and the vector `(0, 0, 0, 1)` at
/// `+0x10 + 16·i`. The callers zero the count and make one call per record.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SweepRecord<R> {
    /// `+0x00`: the number of fractions recorded.
    pub count: u32,
    /// `+0x04`, `+0x08`, `+0x0c`: the fractions.
    pub fractions: [Option<R>; 3],
    /// `+0x10`, `+0x20`, `+0x30`: the constant vector written with each.
    pub vectors: [Option<Vec4<R>>; 3],
}

impl<R: Real> SweepRecord<R> {
    /// Records one fraction and counts it. The record holds three slots, the
    /// room before its fractions would run into its first vector; a fourth
    /// hit is counted but not stored (divergence 21).
    fn push(&mut self, fraction: R) {
        let i = self.count as usize;
        if let (Some(f), Some(v)) = (self.fractions.get_mut(i), self.vectors.get_mut(i)) {
            *f = Some(fraction);
            *v = Some(Vec4::ORIGIN);
        }
        self.count = self.count.saturating_add(1);
    }
}

/// Which step the dispatch on the inside mask ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepStep {
    /// Mask 7: the face (fraction 0 when already reaching, else `t`).
    Face,
    /// Masks 6, 5, 3: outside edge `k` only, [`sweep_sphere_edge`] on it.
    Edge(usize),
    /// Masks 2, 4, 1: past corner `k`, [`sweep_sphere_vertex_region`](super::sweep_sphere_vertex_region).
    Corner(usize),
    /// Mask 0: outside all three edges (a degenerate triangle only); no hit.
    Outside,
    /// Mask 7 with a zero normal: the port's guard returns no hit
    /// (divergence 26).
    Degenerate,
}

/// What a call went through, for tests and snapshots (not part of the
/// original's outputs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SweepTrace<R> {
    /// The side normals `m_k = e_k × n` the kernel formed.
    pub side_normals: [Vec4<R>; 3],
    /// The step the dispatch took; `None` for an early return (no mask).
    pub step: Option<SweepStep>,
    /// The edge or corner step's outputs and locals.
    pub edge: EdgeSweep<R>,
}

/// Sweeps `sphere` along the whole move `mv` against the working triangle
/// `tri` (corners, edges, normal and plane filled); on a hit records the
/// fraction in `record` and returns `true`. The inside mask goes to `mask`
/// whenever the sphere reaches the plane within the move (Unit 1,
/// "Sweep_SphereTriangle").
///
/// * Already reaching the plane (inclusive): the test point is the centre,
///   fraction 0 for the face. Otherwise the sphere must move toward the
///   plane and reach it by the end of the move (`t ≤ 1`); the test point is
///   where it first touches the plane, fraction `t` for the face.
/// * Bit `k` of the mask is set when the test point is inside or on edge `k`.
///   One edge out runs that edge's step, two out the corner's step; those
///   steps use the original centre and the whole move, and the fraction they
///   return is recorded as is, even outside `[0, 1]`.
/// * A triangle with a zero normal returns `false` (divergence 26).
///
/// Original: `Sweep_SphereTriangle` (0x0034ee60).
pub fn sweep_sphere_triangle<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    mask: &mut Option<u32>,
) -> bool {
    let (mut trace, side) = (SweepTrace::default(), ParallelSideRule::Saturated);
    sweep(record, sphere, tri, mv, mask, &mut trace, true, side, false)
}

/// [`sweep_sphere_triangle`] without the mask, which a scratch word
/// receives and drops (Unit 1, "Sweep_SphereTriangle": the thunk the sphere
/// mesh sweep calls).
///
/// Original: `Sweep_SphereTriangleThunk` (0x0034ee40).
pub fn sweep_sphere_triangle_thunk<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
) -> bool {
    let mut scratch = Some(0);
    sweep_sphere_triangle(record, sphere, tri, mv, &mut scratch)
}

/// [`sweep_sphere_triangle`] with the edge and corner steps switched
/// (`edge_steps`, [`Quirks::sphere_edge_steps`](crate::Quirks)): `true` is
/// the original; `false` meets a sphere whose touch point on the plane
/// lies outside the face at the earliest entry into any of the three
/// edges' capsules ([`triangle_edges_entry`]), the true first contact.
pub fn sweep_sphere_triangle_with<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    mask: &mut Option<u32>,
    edge_steps: bool,
) -> bool {
    let (mut trace, side) = (SweepTrace::default(), ParallelSideRule::Saturated);
    sweep(
        record, sphere, tri, mv, mask, &mut trace, edge_steps, side, false,
    )
}

/// [`sweep_sphere_triangle_thunk`] with the edge and corner steps
/// switched, as [`sweep_sphere_triangle_with`], and the corner step's edge
/// choice for a move parallel to a side plane read as `side` says
/// (SPEC-NOTES item 3, divergence 23).
pub fn sweep_sphere_triangle_thunk_with<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    edge_steps: bool,
    side: ParallelSideRule,
) -> bool {
    let (mut scratch, mut trace) = (Some(0), SweepTrace::default());
    sweep(
        record,
        sphere,
        tri,
        mv,
        &mut scratch,
        &mut trace,
        edge_steps,
        side,
        false,
    )
}

/// [`sweep_sphere_triangle`], also filling `trace` with the side normals,
/// the step taken and what the edge or corner step computed.
pub fn sweep_sphere_triangle_traced<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    mask: &mut Option<u32>,
    trace: &mut SweepTrace<R>,
) -> bool {
    let side = ParallelSideRule::Saturated;
    sweep_sphere_triangle_traced_with(record, sphere, tri, mv, mask, trace, true, side)
}

// The public forms above take a subset of this parameter list: the
// untraced ones fill in a local trace and the defaults and call the body
// (`sweep`) directly, `sweep_sphere_triangle_thunk` through
// `sweep_sphere_triangle`; `sweep_sphere_triangle_traced` calls this one.
/// [`sweep_sphere_triangle_traced`] with the edge and corner steps
/// switched, as [`sweep_sphere_triangle_with`], and the corner step's edge
/// choice for a move parallel to a side plane read as `side` says
/// (SPEC-NOTES item 3, divergence 23; the corrected steps make no such
/// choice). Corrected, the trace's step is the region the touch point lies
/// in and its edge record is left unwritten.
#[allow(clippy::too_many_arguments)]
pub fn sweep_sphere_triangle_traced_with<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    mask: &mut Option<u32>,
    trace: &mut SweepTrace<R>,
    edge_steps: bool,
    side: ParallelSideRule,
) -> bool {
    sweep(record, sphere, tri, mv, mask, trace, edge_steps, side, true)
}

// The parameter list of the entry point above, with `early_normals`
// added. Read from the entry point's trace instead (the normals formed on
// every return, left for the optimiser to drop where nobody reads them),
// the `f32` mode's count stayed the same but `Ee32` mode's rose 3 % (its
// operations are not all dropped), so the body keeps its own switch.
/// [`sweep_sphere_triangle_traced_with`]'s body. With `early_normals` false
/// the trace's side normals are left unwritten when the sphere never
/// reaches the plane (only the untraced entry points pass false, whose trace
/// nobody reads): the kernel then forms them only where the mask needs them,
/// the same values in the same order.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn sweep<R: Real>(
    record: &mut SweepRecord<R>,
    sphere: &Sphere<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    mask: &mut Option<u32>,
    trace: &mut SweepTrace<R>,
    edge_steps: bool,
    side: ParallelSideRule,
    early_normals: bool,
) -> bool {
    let (c, r, n, d) = (sphere.centre, sphere.radius, tri.n, tri.d);
    // Written out: `array::map` costs an array drain per call.
    let normals = || [tri.side_normal(0), tri.side_normal(1), tri.side_normal(2)];
    if early_normals {
        trace.side_normals = normals();
    }

    // Saturating where a zero `n·M` or a stray normal can feed a product
    // (divergence 20).
    let nn = sat::dot(n, n);
    let nc = sat::dot(n, c);
    let dist = sat::sub(nc, d);
    let (p, t) = if sat::mul(dist, dist) <= sat::mul(sat::mul(nn, r), r) {
        (c, R::ZERO)
    } else {
        let nm = sat::dot(n, mv);
        let p0 = if d < nc {
            if nm >= R::ZERO {
                return false;
            }
            c.madd(n, -r)
        } else {
            if nm <= R::ZERO {
                return false;
            }
            c.madd(n, r)
        };
        let t = sat::sub(d, sat::dot(n, p0)).div(nm);
        if t > R::ONE {
            return false;
        }
        (p0.madd(mv, t), t)
    };

    let m = if early_normals {
        trace.side_normals
    } else {
        let m = normals();
        trace.side_normals = m;
        m
    };
    let mut bits = 0;
    for (k, (mk, vk)) in m.iter().zip(tri.v).enumerate() {
        if sat::dot(*mk, p) <= mk.dot(vk) {
            bits |= 1 << k;
        }
    }
    *mask = Some(bits);

    let step = region_step(bits);
    if !edge_steps && step != SweepStep::Face {
        trace.step = Some(step);
        return match triangle_edges_entry(tri, c, mv, r) {
            Some(f) => {
                record.push(f);
                true
            }
            None => false,
        };
    }

    let out = &mut trace.edge;
    let hit = match step {
        SweepStep::Face if nn == R::ZERO => {
            trace.step = Some(SweepStep::Degenerate);
            return false;
        }
        SweepStep::Face => {
            trace.step = Some(step);
            record.push(t);
            return true;
        }
        SweepStep::Edge(k) => {
            trace.step = Some(step);
            out.edge = Some(k);
            sweep_sphere_edge(tri.v[k], tri.e[k], c, mv, r, out)
        }
        SweepStep::Corner(k) => {
            trace.step = Some(step);
            sweep_sphere_vertex_region_read(k, tri, m[k], tri.e[k], c, mv, r, out, side)
        }
        _ => {
            trace.step = Some(SweepStep::Outside);
            return false;
        }
    };
    if hit {
        record.push(out.fraction.unwrap_or(R::ZERO));
    }
    hit
}

/// The step the inside mask selects: 7 the face, 6, 5, 3 the edge `k`
/// outside alone (0, 1, 2), 2, 4, 1 the corner `k` past two edges, else
/// outside all three (Unit 1, "Sweep_SphereTriangle").
fn region_step(bits: u32) -> SweepStep {
    match bits {
        7 => SweepStep::Face,
        6 => SweepStep::Edge(0),
        5 => SweepStep::Edge(1),
        3 => SweepStep::Edge(2),
        2 => SweepStep::Corner(0),
        4 => SweepStep::Corner(1),
        1 => SweepStep::Corner(2),
        _ => SweepStep::Outside,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{Seeded, Xorshift};

    /// The untraced entry points, which form the side normals only once the
    /// sphere reaches the plane, answer as the traced one, which forms them
    /// first: the same return, mask and record bits on 20,000 seeded spheres,
    /// triangles and moves (a fifth of the triangles degenerate, a tenth of
    /// the moves zero), with the edge steps on and off and both parallel-side
    /// rules.
    fn untraced_answers_as_traced<R: Real>() {
        let mut rng = Xorshift(0x5eed_7ace);
        let (mut reaching, mut missing) = (0, 0);
        for i in 0..20_000 {
            let mut p = |lo, hi| {
                let [x, y, z] = rng.vec3_f32(lo, hi);
                Vec4::<R>::from_f32([x, y, z, 1.0])
            };
            let (a, b) = (p(-2.0, 2.0), p(-2.0, 2.0));
            let c = if i % 5 == 0 { a } else { p(-2.0, 2.0) };
            let tri = WorkTriangle::prepared(a, b, c);
            let centre = p(-3.0, 3.0);
            let mv = if i % 10 == 0 {
                Vec4::from_f32([0.0; 4])
            } else {
                p(-3.0, 3.0).with_w(R::ZERO)
            };
            let radius = R::from_f32(rng.range_f32(0.05, 1.0));
            let sphere = Sphere { centre, radius };
            for edge_steps in [true, false] {
                for side in [ParallelSideRule::Saturated, ParallelSideRule::SignRule] {
                    let bits = |rec: &SweepRecord<R>| rec.fractions.map(|f| f.map(R::to_bits));
                    let (mut rec, mut mask) = (SweepRecord::default(), None);
                    let mut trace = SweepTrace::default();
                    let hit = sweep_sphere_triangle_traced_with(
                        &mut rec, &sphere, &tri, mv, &mut mask, &mut trace, edge_steps, side,
                    );
                    let want = (hit, bits(&rec), rec.count);
                    let mut rec = SweepRecord::default();
                    let got = sweep_sphere_triangle_thunk_with(
                        &mut rec, &sphere, &tri, mv, edge_steps, side,
                    );
                    assert_eq!((got, bits(&rec), rec.count), want, "thunk, case {i}");
                    if side == ParallelSideRule::Saturated {
                        let (mut rec, mut got_mask) = (SweepRecord::default(), None);
                        let got = sweep_sphere_triangle_with(
                            &mut rec,
                            &sphere,
                            &tri,
                            mv,
                            &mut got_mask,
                            edge_steps,
                        );
                        assert_eq!((got, bits(&rec), rec.count), want, "with, case {i}");
                        assert_eq!(got_mask, mask, "mask, case {i}");
                    }
                    if mask.is_some() {
                        reaching += 1;
                    } else {
                        missing += 1;
                    }
                }
            }
        }
        assert!(
            reaching > 10_000 && missing > 10_000,
            "{reaching} {missing}"
        );
    }

    test_support::both_modes!(untraced_answers_as_traced);
}
