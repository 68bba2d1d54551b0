//! Calls of `unit12`: a capsule swept against a box.

use kernels::capsule_box::{
    physics_sweep_box_capsule, physics_sweep_capsule_box, sweep_capsule_box_corner,
    sweep_capsule_box_side, Folded, StepResult,
};
use kernels::PairContext;
use ps2_float::Real;
use serde::Deserialize;

use super::{Kernel, Pair};
use crate::input::{BoxIn, CapsuleIn, V};
use crate::{error::InputError, outcome::Outcome};

/// The body and owner state Unit 12 reads, for the human (capsule) and the
/// box body. All false by default: a box without `BLOCKHUMANS`, a grounded
/// human that is not landing.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StateIn {
    /// The box body has `BLOCKHUMANS` (flags 0x4).
    #[serde(default)]
    pub blockhumans: bool,
    /// The capsule's owner is airborne (object flag 0x4000000).
    #[serde(default)]
    pub airborne: bool,
    /// The capsule's owner is landing (state flag 0x2000000000).
    #[serde(default)]
    pub landing: bool,
}

impl StateIn {
    /// The context for table entry (3, 1): the capsule's body is `own`.
    fn capsule_first(&self) -> PairContext {
        PairContext {
            other_body_flags: if self.blockhumans { 0x4 } else { 0 },
            own_airborne: self.airborne,
            own_landing: self.landing,
            ..PairContext::default()
        }
    }
}

/// The folded arguments of a step, `(x, y, r, mx, my, hx, hy)`, and the flag.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StepIn {
    /// `x`.
    pub x: f32,
    /// `y`.
    pub y: f32,
    /// `r`.
    pub r: f32,
    /// `mx`.
    pub mx: f32,
    /// `my`.
    pub my: f32,
    /// `hx`.
    pub hx: f32,
    /// `hy`.
    pub hy: f32,
    /// The kernels' flag (`a3`).
    #[serde(default)]
    pub flag: bool,
}

impl StepIn {
    fn get<R: Real>(&self) -> Folded<R> {
        Folded {
            x: R::from_f32(self.x),
            y: R::from_f32(self.y),
            r: R::from_f32(self.r),
            mx: R::from_f32(self.mx),
            my: R::from_f32(self.my),
            hx: R::from_f32(self.hx),
            hy: R::from_f32(self.hy),
        }
    }
}

/// One variant per kernel entry point.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {
    /// `PhysicsSweep_CapsuleBox` (0x00344618): the capsule moves by `move`.
    PhysicsSweepCapsuleBox {
        /// The capsule.
        capsule: CapsuleIn,
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The capsule's move.
        #[serde(rename = "move")]
        mv: V,
        /// Body and owner state.
        #[serde(default)]
        state: StateIn,
    },
    /// `PhysicsSweep_BoxCapsule` (0x00345108): the box moves by `move`.
    PhysicsSweepBoxCapsule {
        /// The box.
        #[serde(rename = "box")]
        bx: BoxIn,
        /// The capsule.
        capsule: CapsuleIn,
        /// The box's move.
        #[serde(rename = "move")]
        mv: V,
        /// Body and owner state (the capsule's owner).
        #[serde(default)]
        state: StateIn,
    },
    /// `CapsuleBox_SweepSide` (0x0034a6d0) on folded arguments.
    CapsuleBoxSweepSide(StepIn),
    /// `CapsuleBox_SweepCorner` (0x0034a318) on folded arguments.
    CapsuleBoxSweepCorner(StepIn),
}

fn step<R: Real>(res: StepResult<R>) -> Outcome {
    let mut o = Outcome::new();
    let (px, py) = res
        .point()
        .map_or((None, None), |(x, y)| (Some(x), Some(y)));
    o.int("ret", i64::from(res.code()))
        .opt_real("frac", res.fraction())
        .opt_real("px", px)
        .opt_real("py", py);
    o
}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        Ok(match self {
            Call::PhysicsSweepCapsuleBox {
                capsule,
                bx,
                mv,
                state,
            } => {
                let ctx = state.capsule_first();
                Pair::named(("capsule", capsule), ("box", bx))
                    .sweep::<R>(mv, |c, a, b, m| physics_sweep_capsule_box(c, &ctx, a, b, m))?
            }
            Call::PhysicsSweepBoxCapsule {
                bx,
                capsule,
                mv,
                state,
            } => {
                let ctx = state.capsule_first().swapped();
                Pair::named(("box", bx), ("capsule", capsule))
                    .sweep::<R>(mv, |c, a, b, m| physics_sweep_box_capsule(c, &ctx, a, b, m))?
            }
            Call::CapsuleBoxSweepSide(a) => step(sweep_capsule_box_side(a.get::<R>(), a.flag)),
            Call::CapsuleBoxSweepCorner(a) => step(sweep_capsule_box_corner(a.get::<R>(), a.flag)),
        })
    }
}
