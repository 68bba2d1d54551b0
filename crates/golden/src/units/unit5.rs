//! Calls of `unit5`: a sphere swept against an oriented box (the two sweep
//! table entries, the kernel, its steps, the normal tables and the roots).
//!
//! ```ron
//! PhysicsSweepSphereBox(
//!     sphere: (centre: [0, -1.3, 0.5], radius: 0.09),
//!     box: (centre: [0, 0, 0.5], half: [2, 1, 0.5],
//!           axes: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]),
//!     move: [0, 0.4, 0],
//! )
//! ```
//!
//! The steps take their triples as vectors (`[a, b, c]`, the `w` is ignored)
//! in the step's own axis order.

use kernels::roots;
use kernels::sphere_box::{
    box_normal_to_world, physics_sweep_box_sphere, physics_sweep_sphere_box, sweep_corner_region,
    sweep_edge, sweep_edge_region, sweep_face_region, sweep_sphere_oriented_box, StartTouch, Step,
};
use ps2_float::Real;
use serde::Deserialize;

use super::{Kernel, Pair};
use crate::input::{r, BoxIn, SphereIn, V};
use crate::{error::InputError, outcome::Outcome};

/// One variant per kernel entry point, named after the original function.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `PhysicsSweep_SphereBox` (0x003453f8): the sphere moves by `move`
    /// against the box at rest. Outcome: `ret`, `contact`.
    PhysicsSweepSphereBox {
        /// The moving sphere (its centre is the start centre).
        sphere: SphereIn,
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The sphere's move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_BoxSphere` (0x003454c0): the box moves by `move` against
    /// the sphere at rest. Outcome: `ret`, `contact`.
    PhysicsSweepBoxSphere {
        /// The moving box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The sphere.
        sphere: SphereIn,
        /// The box's move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `Sweep_SphereOrientedBox` (0x0034bbe8). Outcome: `ret`, `fraction`,
    /// `world_point`, `local_point` (x, y, z), `normal`, `to_box`, `feature`,
    /// `index` (unwritten on a miss).
    SweepSphereOrientedBox {
        /// The sphere's radius.
        radius: f32,
        /// The largest fraction that counts.
        max_frac: f32,
        /// The box (rows and half extents).
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The box's move.
        box_move: V,
        /// The sphere's start centre.
        centre: V,
        /// The sphere's move.
        sphere_move: V,
    },
    /// `SphereBox_ToBoxSpace` (0x0034baf0). Outcome: `out` (four lanes).
    SphereBoxToBoxSpace {
        /// The box whose rows turn the normal.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The feature type (0 face, 2 edge, 1 corner, other: the constant).
        feature: u32,
        /// The feature index.
        index: u32,
    },
    /// `SphereBox_SweepCorner` (0x0034b040), the face-region step, in its own
    /// axes `(u, v, w)`. Outcome: `ret`, `fraction`, `point` (x, y, z = u, v, w).
    SphereBoxSweepCorner {
        /// `(a, b, c)`.
        half: V,
        /// `(u, v, w)`.
        start: V,
        /// `(mu, mv, mw)`.
        #[serde(rename = "move")]
        mv: V,
        /// The radius.
        radius: f32,
        /// The flag `t0` (nonzero: a touching start returns −1).
        t0: u32,
    },
    /// `SphereBox_SweepEdge` (0x0034b3b8), one edge along `Q`. Outcome: `ret`,
    /// `fraction`, `point` (x, y, z = axis 1, Q, axis 2).
    SphereBoxSweepEdge {
        /// The coordinate along the edge.
        q: f32,
        /// The edge's place on axis 1.
        h1: f32,
        /// The half extent along `Q`.
        b: f32,
        /// The edge's place on axis 2.
        h2: f32,
        /// The offset from the edge on axis 1.
        e1: f32,
        /// The offset from the edge on axis 2.
        e2: f32,
        /// The move on axis 1.
        m1: f32,
        /// The move along `Q`.
        mq: f32,
        /// The move on axis 2.
        m2: f32,
        /// The radius.
        radius: f32,
    },
    // The steps' variants list alike fields (half extents, start, move,
    // radius): each holds the inputs of its own original, in that step's
    // own axes.
    /// `SphereBox_SweepEdges` (0x0034b600), the edge-region step in its axes
    /// `(P, Q, R)`. Outcome: `ret`, `fraction`, `point` (x, y, z = P, Q, R).
    SphereBoxSweepEdges {
        /// `(a, b, c)`.
        half: V,
        /// `(p, q, s)`.
        start: V,
        /// `(mp, mq, ms)`.
        #[serde(rename = "move")]
        mv: V,
        /// The radius.
        radius: f32,
        /// The flag `t0`.
        t0: u32,
    },
    /// `SphereBox_SweepFaceEdges` (0x0034b7b0), the corner-region step.
    /// Outcome: `ret`, `fraction`, `point`.
    SphereBoxSweepFaceEdges {
        /// `(hx, hy, hz)`.
        half: V,
        /// `(dx, dy, dz)`.
        start: V,
        /// `(mx, my, mz)`.
        #[serde(rename = "move")]
        mv: V,
        /// The radius.
        radius: f32,
    },
    /// `Ray_SphereRoot` (0x0034af50). Outcome: `t`.
    RaySphereRoot {
        /// The ray's start relative to the sphere's centre.
        q: V,
        /// The ray's direction (not normalised).
        m: V,
        /// The squared radius.
        rr: f32,
    },
    /// `Ray_CircleRoot` (0x0034afd8). Outcome: `t`.
    RayCircleRoot {
        /// `q.x`.
        qx: f32,
        /// `q.y`.
        qy: f32,
        /// `m.x`.
        mx: f32,
        /// `m.y`.
        my: f32,
        /// `|m|²` as the caller passes it.
        a: f32,
        /// The squared radius.
        rr: f32,
    },
}

fn xyz<R: Real>(v: &V, field: &str) -> Result<[R; 3], InputError> {
    let v = v.get::<R>(field)?;
    Ok([v.x, v.y, v.z])
}

fn touch(t0: u32) -> StartTouch {
    if t0 == 0 {
        StartTouch::Ignore
    } else {
        StartTouch::Reject
    }
}

fn step<R: Real>(o: &mut Outcome, s: Step<R>) {
    let point = match s {
        Step::Hit { point, .. } => Some(point),
        _ => None,
    };
    o.int("ret", i64::from(s.code()))
        .opt_real("fraction", s.fraction())
        .opt_real("point.x", point.map(|p| p[0]))
        .opt_real("point.y", point.map(|p| p[1]))
        .opt_real("point.z", point.map(|p| p[2]));
}

/// A region step's call: its half extents, start and move read as
/// `[R; 3]` (in that order, the first bad one the error) and its radius,
/// given to `run`, and the step written ([`step`]).
fn region_step<R: Real>(
    o: &mut Outcome,
    [half, start, mv]: [&V; 3],
    radius: f32,
    run: impl FnOnce([R; 3], [R; 3], [R; 3], R) -> Step<R>,
) -> Result<(), InputError> {
    let s = run(
        xyz(half, "half")?,
        xyz(start, "start")?,
        xyz(mv, "move")?,
        r(radius),
    );
    step(o, s);
    Ok(())
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        let mut o = Outcome::new();
        match self {
            Call::PhysicsSweepSphereBox { sphere, bx, mv } => {
                o = Pair::named(("sphere", sphere), ("box", bx))
                    .sweep::<R>(mv, physics_sweep_sphere_box)?;
            }
            Call::PhysicsSweepBoxSphere { bx, sphere, mv } => {
                o = Pair::named(("box", bx), ("sphere", sphere))
                    .sweep::<R>(mv, physics_sweep_box_sphere)?;
            }
            Call::SweepSphereOrientedBox {
                radius,
                max_frac,
                bx,
                box_move,
                centre,
                sphere_move,
            } => {
                let hit = sweep_sphere_oriented_box(
                    r::<R>(*radius),
                    r(*max_frac),
                    &bx.get("box")?,
                    box_move.get("box_move")?,
                    centre.get("centre")?,
                    sphere_move.get("sphere_move")?,
                );
                let local = hit.map(|h| h.local_point);
                o.int("ret", i64::from(hit.is_some()))
                    .opt_real("fraction", hit.map(|h| h.fraction));
                o.opt_vec("world_point", hit.map(|h| h.world_point));
                o.opt_real("local_point.x", local.map(|p| p[0]))
                    .opt_real("local_point.y", local.map(|p| p[1]))
                    .opt_real("local_point.z", local.map(|p| p[2]));
                o.opt_vec("normal", hit.map(|h| h.normal));
                o.opt_vec("to_box", hit.map(|h| h.to_box));
                o.opt_int("feature", hit.map(|h| h.feature))
                    .opt_int("index", hit.map(|h| h.index));
            }
            Call::SphereBoxToBoxSpace { bx, feature, index } => {
                let out = box_normal_to_world::<R>(&bx.get("box")?, *feature, *index);
                o.vec("out", out);
            }
            Call::SphereBoxSweepCorner {
                half,
                start,
                mv,
                radius,
                t0,
            }
            | Call::SphereBoxSweepEdges {
                half,
                start,
                mv,
                radius,
                t0,
            } => {
                // The face-region and edge-region steps take the same inputs.
                let region = if matches!(self, Call::SphereBoxSweepCorner { .. }) {
                    sweep_face_region::<R>
                } else {
                    sweep_edge_region::<R>
                };
                region_step(&mut o, [half, start, mv], *radius, |h, s, m, rad| {
                    region(h, s, m, rad, touch(*t0))
                })?;
            }
            Call::SphereBoxSweepEdge {
                q,
                h1,
                b,
                h2,
                e1,
                e2,
                m1,
                mq,
                m2,
                radius,
            } => {
                let s = sweep_edge::<R>(
                    r(*q),
                    [r(*h1), r(*b), r(*h2)],
                    [r(*e1), r(*e2)],
                    [r(*m1), r(*mq), r(*m2)],
                    r(*radius),
                );
                step(&mut o, s);
            }
            Call::SphereBoxSweepFaceEdges {
                half,
                start,
                mv,
                radius,
            } => {
                region_step(&mut o, [half, start, mv], *radius, sweep_corner_region::<R>)?;
            }
            Call::RaySphereRoot { q, m, rr } => {
                let t = roots::ray_sphere_root::<R>(xyz(q, "q")?, xyz(m, "m")?, r(*rr));
                o.real("t", t);
            }
            Call::RayCircleRoot {
                qx,
                qy,
                mx,
                my,
                a,
                rr,
            } => {
                let t =
                    roots::ray_circle_root::<R>([r(*qx), r(*qy)], [r(*mx), r(*my)], r(*a), r(*rr));
                o.real("t", t);
            }
        }
        Ok(o)
    }
}
