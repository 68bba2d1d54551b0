//! Calls of `pairs`: the pair-table entries the specification gives only by
//! role, the rays against a box and a capsule, and the table lookups.

use kernels::box_sweep::Window;
use kernels::ray::{physics_ray_box, physics_ray_capsule, ray_clip_slab, ray_oriented_box};
use kernels::sweep::{
    physics_sweep_capsule_capsule, physics_sweep_capsule_segment, physics_sweep_capsule_sphere,
    physics_sweep_segment_capsule, physics_sweep_segment_segment, physics_sweep_segment_sphere,
    physics_sweep_sphere_capsule, physics_sweep_sphere_segment, physics_sweep_sphere_sphere,
    sweep_circle_circle_2d, sweep_sphere_capsule, sweep_sphere_sphere, CAPSULE_WINDOW_LAST,
};
use kernels::table::{
    overlap_pair, physics_mesh_overlap_box, physics_mesh_overlap_capsule, ray_cast_shape,
    sweep_pair, PairAnswer,
};
use kernels::{Contact, PairContext, Shape};
use ps2_float::Real;
use serde::Deserialize;

use super::{Kernel, Pair};
use crate::input::{BoxIn, CapsuleIn, SegmentIn, ShapeIn, SphereIn, V};
use crate::{error::InputError, outcome::Outcome};

/// The bodies' state a sweep table entry may read (only Unit 12's entries
/// do); everything false or 0 by default.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CtxIn {
    /// The moving body's flags.
    #[serde(default)]
    pub own_body_flags: u32,
    /// The other body's flags.
    #[serde(default)]
    pub other_body_flags: u32,
    /// The moving owner is airborne.
    #[serde(default)]
    pub own_airborne: bool,
    /// The moving owner is landing.
    #[serde(default)]
    pub own_landing: bool,
    /// The other owner is airborne.
    #[serde(default)]
    pub other_airborne: bool,
    /// The other owner is landing.
    #[serde(default)]
    pub other_landing: bool,
}

impl CtxIn {
    fn get(&self) -> PairContext {
        PairContext {
            own_body_flags: self.own_body_flags,
            other_body_flags: self.other_body_flags,
            own_airborne: self.own_airborne,
            own_landing: self.own_landing,
            other_airborne: self.other_airborne,
            other_landing: self.other_landing,
            ..PairContext::default()
        }
    }
}

/// A time window `[first, last]`; by default `[0, 1e24]` (the capsule
/// sweep's start).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WindowIn {
    /// `tFirst`.
    pub first: f32,
    /// `tLast`.
    pub last: f32,
}

fn window<R: Real>(w: Option<&WindowIn>) -> Window<R> {
    match w {
        Some(w) => Window {
            first: R::from_f32(w.first),
            last: R::from_f32(w.last),
        },
        None => Window {
            first: R::ZERO,
            last: R::from_bits(CAPSULE_WINDOW_LAST),
        },
    }
}

/// One variant per kernel entry point (and the table lookups).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `Sweep_SphereSphere` (0x00349268): the point `c0` moving by `move`
    /// against the point `c1` with the summed radii `reach`.
    SweepSphereSphere {
        /// The moving centre.
        c0: V,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
        /// The still centre.
        c1: V,
        /// The sum of the radii.
        reach: f32,
    },
    /// `PhysicsSweep_SphereSphere` (0x003440d0), table entry (2, 2).
    PhysicsSweepSphereSphere {
        /// The moving sphere.
        own: SphereIn,
        /// The still sphere.
        other: SphereIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `Sweep_CircleCircle2D` (0x003498c0): the offset `q` moving by `m`
    /// against reach `reach`, narrowing `window` (default `[0, 1e24]`) with
    /// `t_max` (default 1).
    SweepCircleCircle2D {
        /// The moving centre minus the still one.
        q: [f32; 2],
        /// The move.
        m: [f32; 2],
        /// The sum of the radii.
        reach: f32,
        /// The window on entry.
        #[serde(default)]
        window: Option<WindowIn>,
        /// `tMax`.
        #[serde(default)]
        t_max: Option<f32>,
    },
    /// `PhysicsSweep_CapsuleCapsule` (0x00343cd8), table entry (3, 3).
    PhysicsSweepCapsuleCapsule {
        /// The moving capsule.
        own: CapsuleIn,
        /// The still capsule.
        other: CapsuleIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `Sweep_SphereCapsule` (0x00349a60): the segment `start + t·move`
    /// against the upright axis from `base`, of `height`, within `reach`.
    SweepSphereCapsule {
        /// The start.
        start: V,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
        /// The capsule's base.
        base: V,
        /// The capsule's height.
        height: f32,
        /// The reach (the capsule's radius plus any moving radius).
        reach: f32,
    },
    /// `PhysicsSweep_SphereCapsule` (0x00345670), table entry (2, 3).
    PhysicsSweepSphereCapsule {
        /// The moving sphere.
        own: SphereIn,
        /// The still capsule.
        other: CapsuleIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_CapsuleSphere` (0x00345910), table entry (3, 2).
    PhysicsSweepCapsuleSphere {
        /// The moving capsule.
        own: CapsuleIn,
        /// The still sphere.
        other: SphereIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_SphereSegment` (0x00344320), table entry (2, 4).
    PhysicsSweepSphereSegment {
        /// The moving sphere.
        own: SphereIn,
        /// The still segment.
        other: SegmentIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_SegmentSphere` (0x00344538), table entry (4, 2).
    PhysicsSweepSegmentSphere {
        /// The moving segment.
        own: SegmentIn,
        /// The still sphere.
        other: SphereIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_SegmentSegment` (0x00344300), table entry (4, 4).
    PhysicsSweepSegmentSegment {
        /// The "moving" segment.
        own: SegmentIn,
        /// The other segment.
        other: SegmentIn,
        /// The move (not read).
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_CapsuleSegment` (0x00345d18), table entry (3, 4).
    PhysicsSweepCapsuleSegment {
        /// The "moving" capsule.
        own: CapsuleIn,
        /// The segment.
        other: SegmentIn,
        /// The move (not read).
        #[serde(rename = "move")]
        mv: V,
    },
    /// `PhysicsSweep_SegmentCapsule` (0x00345d38), table entry (4, 3).
    PhysicsSweepSegmentCapsule {
        /// The "moving" segment.
        own: SegmentIn,
        /// The capsule.
        other: CapsuleIn,
        /// The move (not read).
        #[serde(rename = "move")]
        mv: V,
    },
    /// `Ray_ClipSlab` (0x00349488): one slab `[−h, h]`, the ray's coordinate
    /// `o` changing by `d`, clipping `window` (default `[0, 1e24]`).
    RayClipSlab {
        /// The start coordinate.
        o: f32,
        /// Its change over the ray.
        d: f32,
        /// The half extent.
        h: f32,
        /// The window on entry.
        #[serde(default)]
        window: Option<WindowIn>,
    },
    /// `Ray_OrientedBox` (0x00349560): the ray `start + t·dir` against a box.
    RayOrientedBox {
        /// The start.
        start: V,
        /// The direction (the whole ray).
        dir: V,
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
    },
    /// `PhysicsRay_Box` (0x00345b90), ray table type 1.
    PhysicsRayBox {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The start.
        start: V,
        /// The direction.
        dir: V,
    },
    /// `PhysicsRay_Capsule` (0x003459f0), ray table type 3.
    PhysicsRayCapsule {
        /// The capsule.
        capsule: CapsuleIn,
        /// The start.
        start: V,
        /// The direction.
        dir: V,
    },
    /// `PhysicsMesh_OverlapBox` (0x003473b8), mesh overlap table type 1.
    PhysicsMeshOverlapBox {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
    },
    /// `PhysicsMesh_OverlapCapsule` (0x003473c0), mesh overlap table type 3.
    PhysicsMeshOverlapCapsule {
        /// The capsule.
        capsule: CapsuleIn,
    },
    /// The sweep table (IPhysics `+0x7c`) for the two shapes' types; `ret`
    /// is −1 for an empty entry.
    SweepTable {
        /// The moving shape.
        own: ShapeIn,
        /// The other shape.
        other: ShapeIn,
        /// The move.
        #[serde(rename = "move")]
        mv: V,
        /// The bodies' state.
        #[serde(default)]
        ctx: CtxIn,
    },
    /// The overlap table (IPhysics `+0x18`) for the two shapes' types; `ret`
    /// is −1 for an empty entry.
    OverlapTable {
        /// The querying shape.
        own: ShapeIn,
        /// The other shape.
        other: ShapeIn,
    },
    /// The ray table (IPhysics `+0x108`) for the shape's type.
    RayTable {
        /// The shape.
        shape: ShapeIn,
        /// The start.
        start: V,
        /// The direction.
        dir: V,
    },
}

/// `ret` (1 hit, 0 none) and `fraction` (unwritten on none).
fn fraction<R: Real>(o: &mut Outcome, f: Option<R>) {
    o.int("ret", i64::from(f.is_some())).opt_real("fraction", f);
}

/// `ret` (1, 0, or −1 for an empty table entry) and the whole contact.
/// The table lookup's answer as the snapshots print it: -1 for no entry,
/// else the entry's 0 or 1.
fn table<R: Real>(o: &mut Outcome, ret: PairAnswer, c: &Contact<R>) {
    let code = match ret {
        PairAnswer::NoEntry => -1,
        PairAnswer::Apart => 0,
        PairAnswer::Met => 1,
    };
    o.int("ret", code).contact("contact", c);
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        let mut o = Outcome::new();
        let mut c = Contact::<R>::default();
        match self {
            Call::SweepSphereSphere { c0, mv, c1, reach } => {
                let f = sweep_sphere_sphere(
                    c0.get("c0")?,
                    mv.get("move")?,
                    c1.get("c1")?,
                    R::from_f32(*reach),
                );
                fraction::<R>(&mut o, f);
            }
            // Each pair-table arm names its case variant and its kernel, one
            // per entry; `Pair` decodes the fields and records the answer.
            Call::PhysicsSweepSphereSphere { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_sphere_sphere)?;
            }
            Call::SweepCircleCircle2D {
                q,
                m,
                reach,
                window: w,
                t_max,
            } => {
                let mut w = window::<R>(w.as_ref());
                let apart = sweep_circle_circle_2d(
                    &mut w,
                    R::from_f32(t_max.unwrap_or(1.0)),
                    [R::from_f32(q[0]), R::from_f32(q[1])],
                    [R::from_f32(m[0]), R::from_f32(m[1])],
                    R::from_f32(*reach),
                );
                o.int("ret", i64::from(apart))
                    .real("first", w.first)
                    .real("last", w.last);
            }
            Call::PhysicsSweepCapsuleCapsule { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_capsule_capsule)?;
            }
            Call::SweepSphereCapsule {
                start,
                mv,
                base,
                height,
                reach,
            } => {
                let f = sweep_sphere_capsule(
                    start.get("start")?,
                    mv.get("move")?,
                    base.get("base")?,
                    R::from_f32(*height),
                    R::from_f32(*reach),
                );
                fraction::<R>(&mut o, f);
            }
            Call::PhysicsSweepSphereCapsule { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_sphere_capsule)?;
            }
            Call::PhysicsSweepCapsuleSphere { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_capsule_sphere)?;
            }
            Call::PhysicsSweepSphereSegment { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_sphere_segment)?;
            }
            Call::PhysicsSweepSegmentSphere { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_segment_sphere)?;
            }
            Call::PhysicsSweepSegmentSegment { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_segment_segment)?;
            }
            Call::PhysicsSweepCapsuleSegment { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_capsule_segment)?;
            }
            Call::PhysicsSweepSegmentCapsule { own, other, mv } => {
                o = Pair::own_other(own, other).sweep::<R>(mv, physics_sweep_segment_capsule)?;
            }
            Call::RayClipSlab {
                o: start,
                d,
                h,
                window: w,
            } => {
                let mut w = window::<R>(w.as_ref());
                let kept = ray_clip_slab(
                    R::from_f32(*start),
                    R::from_f32(*d),
                    R::from_f32(*h),
                    &mut w,
                );
                o.int("ret", i64::from(kept))
                    .real("first", w.first)
                    .real("last", w.last);
            }
            Call::RayOrientedBox { start, dir, bx } => {
                let f = ray_oriented_box(start.get("start")?, dir.get("dir")?, &bx.get("box")?);
                fraction::<R>(&mut o, f);
            }
            Call::PhysicsRayBox { bx, start, dir } => {
                let f = physics_ray_box(&bx.get("box")?, start.get("start")?, dir.get("dir")?);
                fraction::<R>(&mut o, f);
            }
            Call::PhysicsRayCapsule {
                capsule,
                start,
                dir,
            } => {
                let f = physics_ray_capsule(
                    &capsule.get("capsule")?,
                    start.get("start")?,
                    dir.get("dir")?,
                );
                fraction::<R>(&mut o, f);
            }
            Call::PhysicsMeshOverlapBox { bx } => {
                let mut out = [c];
                let n = physics_mesh_overlap_box(&mut out, &Shape::Box(bx.get("box")?));
                o.int("ret", n as i64).contact("contact", &out[0]);
            }
            Call::PhysicsMeshOverlapCapsule { capsule } => {
                let mut out = [c];
                let n = physics_mesh_overlap_capsule(
                    &mut out,
                    &Shape::Capsule(capsule.get("capsule")?),
                );
                o.int("ret", n as i64).contact("contact", &out[0]);
            }
            Call::SweepTable {
                own,
                other,
                mv,
                ctx,
            } => {
                let ret = sweep_pair(
                    &mut c,
                    &ctx.get(),
                    &own.get("own")?,
                    &other.get("other")?,
                    mv.get("move")?,
                );
                table(&mut o, ret, &c);
            }
            Call::OverlapTable { own, other } => {
                let ret = overlap_pair(&mut c, &own.get("own")?, &other.get("other")?);
                table(&mut o, ret, &c);
            }
            Call::RayTable { shape, start, dir } => {
                let f = ray_cast_shape(&shape.get("shape")?, start.get("start")?, dir.get("dir")?);
                fraction::<R>(&mut o, f);
            }
        }
        Ok(o)
    }
}
