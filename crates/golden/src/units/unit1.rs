//! Calls of `unit1`: the triangle sphere-sweep kernels and the working
//! triangle's `CollTri_*` steps.
//!
//! Triangle inputs are three corners. The sweep and corner calls hand the
//! kernels the record the mesh sweeps fill (unit normal, unnormalised edges,
//! plane constant); the `CollTri_*` calls fill only what precedes the step
//! they test. Every out-parameter starts unwritten, so a snapshot shows what
//! a call wrote. Besides the original's outputs, the sweep records its
//! trace: the side normals `m0..m2`, the step taken (`step`: 1 face, 2 edge,
//! 3 corner, 4 outside all edges, 5 degenerate guard; unwritten on an early
//! return), the edge the edge or corner step tested (`step.edge`), the step's
//! own fraction, count and points (`step.fraction`, ...), and the capsule's
//! roots in list order (`roots.0`, `roots.1`) with the number kept in
//! `[0, 1]` (`roots.kept`).

use kernels::details::sphere_triangle::sweep_sphere_triangle_traced;
use kernels::sphere_triangle::{
    intersect_segment_sphere, point_triangle_distance_sq, ray_infinite_cylinder,
    sphere_triangle_penetration, sweep_sphere_edge, sweep_sphere_edge_cylinder,
    sweep_sphere_triangle_thunk, sweep_sphere_vertex_region, EdgePoints, EdgeSweep, SweepRecord,
    SweepStep, SweepTrace,
};
use kernels::{roots, WorkTriangle};
use ps2_float::{Real, Vec4};
use serde::Deserialize;

use super::Kernel;
use crate::input::{r, SphereIn, TriIn, V};
use crate::{error::InputError, outcome::Outcome};

/// One variant per entry point of Unit 1, named after the original function
/// (and the two root helpers its Test ideas list, implemented in Unit 5's
/// `roots` module).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `CollTri_ComputeEdges(T, normalise)` on a record holding the corners:
    /// records the record as `tri.*`.
    CollTriComputeEdges {
        /// The corners.
        tri: TriIn,
        /// The normalise flag.
        normalise: bool,
    },
    /// `CollTri_ComputeEdgeNormals(T)` after `CollTri_ComputeEdges(T, 0)`:
    /// records `tri.*`.
    CollTriComputeEdgeNormals {
        /// The corners.
        tri: TriIn,
    },
    /// `CollTri_ComputeNormal(T)` on a record holding the corners: records
    /// `tri.*`.
    CollTriComputeNormal {
        /// The corners.
        tri: TriIn,
    },
    /// `CollTri_Flip(T)` on the record the mesh sweeps fill (normal, edges,
    /// plane): records `tri.*` (edges and plane not recomputed).
    CollTriFlip {
        /// The corners.
        tri: TriIn,
    },
    /// `Sweep_SphereTriangle(record, sphere, T, M, &mask)`: records `ret`,
    /// `mask`, `record.*` and the trace.
    SweepSphereTriangle {
        /// The corners.
        tri: TriIn,
        /// The sphere at the start of the move.
        sphere: SphereIn,
        /// The whole move.
        mv: V,
    },
    /// `Sweep_SphereTriangleThunk(record, sphere, T, M)`: records `ret` and
    /// `record.*`.
    SweepSphereTriangleThunk {
        /// The corners.
        tri: TriIn,
        /// The sphere at the start of the move.
        sphere: SphereIn,
        /// The whole move.
        mv: V,
    },
    /// `SphereSweep_Edge(A, E, centre, M, r, ..)`: records `ret`, `fraction`,
    /// `count`, `point0.*`, `point1.*`, the capsule's `roots.*`.
    SphereSweepEdge {
        /// The edge's start.
        a: V,
        /// The edge vector.
        e: V,
        /// The sphere's centre.
        centre: V,
        /// The whole move.
        mv: V,
        /// The radius.
        radius: f32,
    },
    /// `SphereSweep_VertexRegion(k, T, .., m_k, e_k, sphere, M, ..)` with
    /// `m_k` and `e_k` of the prepared record: records `ret`, `fraction`,
    /// `count`, `point0.*`, `point1.*`, `edge`, the capsule's `roots.*`.
    SphereSweepVertexRegion {
        /// The corners.
        tri: TriIn,
        /// The corner index.
        k: u32,
        /// The sphere's centre.
        centre: V,
        /// The whole move.
        mv: V,
        /// The radius.
        radius: f32,
    },
    /// `SphereSweep_EdgeCylinder(r, c, M, A, E, ..)`: records `ret`, `count`,
    /// `point0.*`, `point1.*`, `roots.0`, `roots.1`.
    SphereSweepEdgeCylinder {
        /// The radius.
        radius: f32,
        /// The sphere's centre.
        centre: V,
        /// The whole move.
        mv: V,
        /// The edge's start.
        a: V,
        /// The edge vector.
        e: V,
    },
    /// `Ray_InfiniteCylinder(r, c, M, A, E, roots)`: records `ret` (the root
    /// count), `roots.0`, `roots.1`.
    RayInfiniteCylinder {
        /// The radius.
        radius: f32,
        /// The sphere's centre.
        centre: V,
        /// The whole move.
        mv: V,
        /// The edge's start.
        a: V,
        /// The edge vector.
        e: V,
    },
    /// `Segment_SphereIntersect(A, E, C, r, ..)`: records `ret`, `count`,
    /// `point0.*`, `point1.*`.
    SegmentSphereIntersect {
        /// The segment's start.
        a: V,
        /// The segment vector.
        e: V,
        /// The ball's centre.
        centre: V,
        /// The radius.
        radius: f32,
    },
    /// `PointTriangle_DistanceSq(P, T, &s, &t)`: records `q`, `s`, `t`.
    PointTriangleDistanceSq {
        /// The point.
        p: V,
        /// The corners.
        tri: TriIn,
    },
    /// `SphereTriangle_Penetration(sphere, T, &depth)`: records `ret` and
    /// `depth`.
    SphereTrianglePenetration {
        /// The sphere.
        sphere: SphereIn,
        /// The corners.
        tri: TriIn,
    },
    /// `Ray_SphereRoot(p, d, R)` (Unit 5's `roots` module): records `root`.
    RaySphereRoot {
        /// The ray's origin minus the sphere's centre.
        p: V,
        /// The ray's direction.
        d: V,
        /// The squared radius.
        rr: f32,
    },
    /// `Ray_CircleRoot(p, d, a, R)` (Unit 5's `roots` module): records
    /// `root`.
    RayCircleRoot {
        /// The origin, `[x, y]`.
        p: [f32; 2],
        /// The direction, `[x, y]`.
        d: [f32; 2],
        /// The caller's `a` (normally `|d|²`).
        a: f32,
        /// The squared radius.
        rr: f32,
    },
}

fn points<R: Real>(o: &mut Outcome, prefix: &str, p: &EdgePoints<R>) {
    o.opt_int(&format!("{prefix}count"), p.count);
    o.opt_vec(&format!("{prefix}point0"), p.points[0]);
    o.opt_vec(&format!("{prefix}point1"), p.points[1]);
}

fn roots_of<R: Real>(o: &mut Outcome, r: &[Option<R>; 2]) {
    o.opt_real("roots.0", r[0]).opt_real("roots.1", r[1]);
}

/// Records an edge sweep run on a fresh record: its answer as `ret`, then
/// the record.
fn edge_sweep_entry<R: Real>(o: &mut Outcome, sweep: impl FnOnce(&mut EdgeSweep<R>) -> bool) {
    let mut out = EdgeSweep::default();
    let hit = sweep(&mut out);
    o.int("ret", i64::from(hit));
    edge_sweep(o, "", &out);
}

fn edge_sweep<R: Real>(o: &mut Outcome, prefix: &str, s: &EdgeSweep<R>) {
    o.opt_real(&format!("{prefix}fraction"), s.fraction);
    points(o, prefix, &s.points);
    o.opt_int(
        &format!("{prefix}edge"),
        s.edge.map(|e| u32::try_from(e).unwrap_or(u32::MAX)),
    );
    roots_of(o, &s.roots);
    o.opt_int("roots.kept", s.kept);
}

fn record<R: Real>(o: &mut Outcome, r: &SweepRecord<R>) {
    o.int("record.count", i64::from(r.count));
    o.opt_real("record.fraction", r.fractions[0]);
    o.opt_vec("record.vector", r.vectors[0]);
}

fn corners<R: Real>(tri: &TriIn) -> Result<WorkTriangle<R>, InputError> {
    tri.corners("tri")
}

fn prepared<R: Real>(tri: &TriIn) -> Result<WorkTriangle<R>, InputError> {
    let t = corners::<R>(tri)?;
    Ok(WorkTriangle::prepared(t.v[0], t.v[1], t.v[2]))
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        let mut o = Outcome::new();
        match self {
            Call::CollTriComputeEdges { tri, normalise } => {
                let mut t = corners::<R>(tri)?;
                t.compute_edges(*normalise);
                o.triangle("tri", &t);
            }
            Call::CollTriComputeEdgeNormals { tri } => {
                let mut t = corners::<R>(tri)?;
                t.compute_edges(false);
                t.compute_edge_normals();
                o.triangle("tri", &t);
            }
            Call::CollTriComputeNormal { tri } => {
                let mut t = corners::<R>(tri)?;
                t.compute_normal();
                o.triangle("tri", &t);
            }
            Call::CollTriFlip { tri } => {
                let mut t = prepared::<R>(tri)?;
                t.flip();
                o.triangle("tri", &t);
            }
            Call::SweepSphereTriangle { tri, sphere, mv } => {
                let t = prepared::<R>(tri)?;
                let s = sphere.get::<R>("sphere")?;
                let mv = mv.get::<R>("mv")?;
                let mut rec = SweepRecord::default();
                let mut mask = None;
                let mut trace = SweepTrace::default();
                let hit = sweep_sphere_triangle_traced(&mut rec, &s, &t, mv, &mut mask, &mut trace);
                o.int("ret", i64::from(hit)).opt_int("mask", mask);
                record(&mut o, &rec);
                for (k, m) in trace.side_normals.iter().enumerate() {
                    o.vec(&format!("m{k}"), *m);
                }
                let step = trace.step.map(|s| match s {
                    SweepStep::Face => 1,
                    SweepStep::Edge(_) => 2,
                    SweepStep::Corner(_) => 3,
                    SweepStep::Outside => 4,
                    SweepStep::Degenerate => 5,
                });
                o.opt_int("step", step);
                let corner = match trace.step {
                    Some(SweepStep::Corner(k)) => u32::try_from(k).ok(),
                    _ => None,
                };
                o.opt_int("step.corner", corner);
                edge_sweep(&mut o, "step.", &trace.edge);
            }
            Call::SweepSphereTriangleThunk { tri, sphere, mv } => {
                let t = prepared::<R>(tri)?;
                let s = sphere.get::<R>("sphere")?;
                let mut rec = SweepRecord::default();
                let hit = sweep_sphere_triangle_thunk(&mut rec, &s, &t, mv.get("mv")?);
                o.int("ret", i64::from(hit));
                record(&mut o, &rec);
            }
            Call::SphereSweepEdge {
                a,
                e,
                centre,
                mv,
                radius,
            } => {
                let (a, e) = (a.get::<R>("a")?, e.get("e")?);
                let (c, m) = (centre.get("centre")?, mv.get("mv")?);
                edge_sweep_entry(&mut o, |out| sweep_sphere_edge(a, e, c, m, r(*radius), out));
            }
            Call::SphereSweepVertexRegion {
                tri,
                k,
                centre,
                mv,
                radius,
            } => {
                let t = prepared::<R>(tri)?;
                let k = *k as usize;
                let (m_k, e_k) = if k < 3 {
                    (t.side_normal(k), t.e[k])
                } else {
                    (Vec4::ZERO, Vec4::ZERO)
                };
                let (c, m) = (centre.get("centre")?, mv.get("mv")?);
                edge_sweep_entry(&mut o, |out| {
                    sweep_sphere_vertex_region(k, &t, m_k, e_k, c, m, r(*radius), out)
                });
            }
            Call::SphereSweepEdgeCylinder {
                radius,
                centre,
                mv,
                a,
                e,
            }
            | Call::RayInfiniteCylinder {
                radius,
                centre,
                mv,
                a,
                e,
            } => {
                // The cylinder sweep and the cylinder ray take the same inputs.
                let rad = r::<R>(*radius);
                let (c, m) = (centre.get("centre")?, mv.get("mv")?);
                let (a, e) = (a.get("a")?, e.get("e")?);
                let mut rs = [None; 2];
                if matches!(self, Call::SphereSweepEdgeCylinder { .. }) {
                    let mut pts = EdgePoints::default();
                    let hit = sweep_sphere_edge_cylinder(rad, c, m, a, e, &mut pts, &mut rs);
                    o.int("ret", i64::from(hit));
                    points(&mut o, "", &pts);
                } else {
                    let n = ray_infinite_cylinder(rad, c, m, a, e, &mut rs);
                    o.int("ret", i64::from(n));
                }
                roots_of(&mut o, &rs);
            }
            Call::SegmentSphereIntersect {
                a,
                e,
                centre,
                radius,
            } => {
                let mut pts = EdgePoints::default();
                let hit = intersect_segment_sphere(
                    a.get::<R>("a")?,
                    e.get("e")?,
                    centre.get("centre")?,
                    r(*radius),
                    &mut pts,
                );
                o.int("ret", i64::from(hit));
                points(&mut o, "", &pts);
            }
            Call::PointTriangleDistanceSq { p, tri } => {
                let t = corners::<R>(tri)?;
                let q = point_triangle_distance_sq(p.get("p")?, &t);
                o.real("q", q.dist_sq).real("s", q.s).real("t", q.t);
            }
            Call::SphereTrianglePenetration { sphere, tri } => {
                let t = corners::<R>(tri)?;
                let depth = sphere_triangle_penetration(&sphere.get::<R>("sphere")?, &t);
                o.int("ret", i64::from(depth.is_some()))
                    .opt_real("depth", depth);
            }
            Call::RaySphereRoot { p, d, rr } => {
                let p = p.get::<R>("p")?;
                let d = d.get::<R>("d")?;
                let root = roots::ray_sphere_root([p.x, p.y, p.z], [d.x, d.y, d.z], r(*rr));
                o.real("root", root);
            }
            Call::RayCircleRoot { p, d, a, rr } => {
                let root = roots::ray_circle_root(
                    [r::<R>(p[0]), r(p[1])],
                    [r(d[0]), r(d[1])],
                    r(*a),
                    r(*rr),
                );
                o.real("root", root);
            }
        }
        Ok(o)
    }
}
