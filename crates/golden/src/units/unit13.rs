//! Calls of `unit13`: box against box and triangle.

use kernels::box_sweep::{
    box_tri_project_box, box_tri_project_triangle, physics_sweep_box_box,
    physics_sweep_box_segment, physics_sweep_segment_box, sweep_interval_overlap, BoxTriangleStep,
    Interval, MeshSkip, MeshTriangle, Window,
};
use kernels::details::box_sweep::{
    physics_mesh_sweep_box_triangle, sweep_box_box_axis, sweep_box_triangle_windows,
    write_mesh_box_contact,
};
use kernels::{Contact, WorkTriangle};
use ps2_float::{Real, Vec4};
use serde::Deserialize;

use super::{Kernel, Pair};
use crate::input::{BoxIn, SegmentIn, TriIn, V};
use crate::{error::InputError, outcome::Outcome};

/// The working triangle with its edges as `CollTri_ComputeEdges(T, 0)` leaves
/// them (`e_k = v_{k+1} − v_k`, `w = 1`), as `Sweep_BoxTriangle` reads it.
fn with_edges<R: Real>(tri: &TriIn, field: &str) -> Result<WorkTriangle<R>, InputError> {
    let mut t = tri.corners::<R>(field)?;
    t.compute_edges(false);
    Ok(t)
}

fn pair<R: Real>(v: (f32, f32)) -> (R, R) {
    (R::from_f32(v.0), R::from_f32(v.1))
}

/// One variant per kernel entry point.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `Sweep_IntervalOverlap` (0x0034a8d0): `window` is `(tFirst, tLast)`
    /// before the call, `a` the still interval, `b` the moving one.
    SweepIntervalOverlap {
        /// `(tFirst, tLast)` on entry.
        window: (f32, f32),
        /// `tMax`.
        t_max: f32,
        /// The speed of `b`.
        v: f32,
        /// `(aMin, aMax)`.
        a: (f32, f32),
        /// `(bMin, bMax)`.
        b: (f32, f32),
    },
    /// `BoxTri_ProjectBox` (0x0034aa60).
    BoxTriProjectBox {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The axis.
        axis: V,
    },
    /// `BoxTri_ProjectTriangle` (0x0034ab28).
    BoxTriProjectTriangle {
        /// The corners.
        tri: TriIn,
        /// The axis.
        axis: V,
    },
    /// `Sweep_BoxTriangle` (0x0034d5d0), with the edges filled from the
    /// corners; also records the window after each axis.
    SweepBoxTriangle {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The corners `v0, v1, v2`.
        tri: TriIn,
        /// The box's move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `Sweep_BoxBox` (0x0034c430); also records the first separating axis
    /// (0-20 in test order).
    SweepBoxBox {
        /// Box A.
        a: BoxIn,
        /// A's move.
        move_a: V,
        /// Box B.
        b: BoxIn,
        /// B's move.
        move_b: V,
    },
    /// `PhysicsSweep_BoxBox` (0x003451e8): `own` moves by `move`.
    PhysicsSweepBoxBox {
        /// The moving box.
        own: BoxIn,
        /// The box at rest.
        other: BoxIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_SegmentBox` (0x00345588).
    PhysicsSweepSegmentBox {
        /// The segment.
        segment: SegmentIn,
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_BoxSegment` (0x00345590).
    PhysicsSweepBoxSegment {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The segment.
        segment: SegmentIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsMesh_SweepBox` (0x00348530) over a mesh of one triangle (its
    /// per-triangle part and output record): `ret` is the count written
    /// (divergence 94: no walk, no sort).
    PhysicsMeshSweepBox {
        /// The box shape.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The triangle's corners.
        tri: TriIn,
        /// Its raw flags (0x1 enabled, 0x2 two-sided, 0x8 bit 3).
        flags: u16,
        /// The moving body's flags (`+0x40`).
        #[serde(default)]
        body_flags: u32,
        /// The box's move.
        #[serde(rename = "move")]
        mv: V,
        /// `max`, the output capacity.
        #[serde(default = "one")]
        max: u32,
        /// The triangle's id (`+0xb4`).
        #[serde(default)]
        triangle: u32,
        /// The box shape's id (`+0x04`).
        #[serde(default = "one")]
        shape: u32,
    },
}

fn one() -> u32 {
    1
}

fn skip_code(s: MeshSkip) -> i64 {
    match s {
        MeshSkip::Bit3 => 1,
        MeshSkip::Disabled => 2,
        MeshSkip::Behind => 3,
        MeshSkip::Receding => 4,
    }
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        let mut o = Outcome::new();
        match self {
            Call::SweepIntervalOverlap {
                window,
                t_max,
                v,
                a,
                b,
            } => {
                let (first, last) = pair::<R>(*window);
                let mut w = Window { first, last };
                let (a0, a1) = pair::<R>(*a);
                let (b0, b1) = pair::<R>(*b);
                let sep = sweep_interval_overlap(
                    &mut w,
                    R::from_f32(*t_max),
                    R::from_f32(*v),
                    Interval::new(a0, a1),
                    Interval::new(b0, b1),
                );
                o.int("ret", i64::from(sep))
                    .real("window.first", w.first)
                    .real("window.last", w.last);
            }
            Call::BoxTriProjectBox { bx, axis } => {
                let i = box_tri_project_box(&bx.get::<R>("box")?, axis.get("axis")?);
                o.real("min", i.min).real("max", i.max);
            }
            Call::BoxTriProjectTriangle { tri, axis } => {
                let t = tri.corners::<R>("tri")?;
                let i = box_tri_project_triangle(&t.v, axis.get("axis")?);
                o.real("min", i.min).real("max", i.max);
            }
            Call::SweepBoxTriangle { bx, tri, mv } => {
                let t = with_edges::<R>(tri, "tri")?;
                let (ret, windows) =
                    sweep_box_triangle_windows(&bx.get::<R>("box")?, &t, mv.get("move")?);
                o.real("ret", ret);
                for (k, w) in windows.iter().enumerate() {
                    o.opt_real(&format!("window.{k}.first"), w.map(|w| w.first))
                        .opt_real(&format!("window.{k}.last"), w.map(|w| w.last));
                }
            }
            Call::SweepBoxBox {
                a,
                move_a,
                b,
                move_b,
            } => {
                let axis = sweep_box_box_axis(
                    &a.get::<R>("a")?,
                    move_a.get("move_a")?,
                    &b.get::<R>("b")?,
                    move_b.get("move_b")?,
                );
                o.int("ret", i64::from(axis.is_none()))
                    .opt_int("axis", axis.map(|a| a.index()));
            }
            Call::PhysicsSweepBoxBox { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_box_box)?;
            }
            Call::PhysicsSweepSegmentBox { segment, bx, mv } => {
                o = Pair::named(("segment", segment), ("box", bx))
                    .sweep::<R>(mv, physics_sweep_segment_box)?;
            }
            Call::PhysicsSweepBoxSegment { bx, segment, mv } => {
                o = Pair::named(("box", bx), ("segment", segment))
                    .sweep::<R>(mv, physics_sweep_box_segment)?;
            }
            Call::PhysicsMeshSweepBox {
                bx,
                tri,
                flags,
                body_flags,
                mv,
                max,
                triangle,
                shape,
            } => {
                let bx = bx.get::<R>("box")?;
                let mv: Vec4<R> = mv.get("move")?;
                let corners = tri.corners::<R>("tri")?.v;
                let mesh_tri = MeshTriangle {
                    corners,
                    flags: *flags,
                    id: *triangle,
                };
                let mut work = WorkTriangle::default();
                let step =
                    physics_mesh_sweep_box_triangle(&mut work, &bx, *body_flags, &mesh_tri, mv);
                let mut c = Contact::<R>::default();
                let (code, t, count) = match step {
                    BoxTriangleStep::Skipped(s) => (skip_code(s), None, 0),
                    BoxTriangleStep::Before(t) => (5, Some(t), 0),
                    BoxTriangleStep::Beyond(t) => (6, Some(t), 0),
                    BoxTriangleStep::Kept(mc) => {
                        let count = (*max).min(1);
                        if count == 1 {
                            write_mesh_box_contact(&mut c, &mc, *shape, &bx, mv);
                        }
                        (0, Some(mc.t), count)
                    }
                };
                o.int("ret", i64::from(count))
                    .int("step", code)
                    .opt_real("t", t)
                    .vec("work.n", work.n)
                    .contact("contact", &c);
            }
        }
        Ok(o)
    }
}
