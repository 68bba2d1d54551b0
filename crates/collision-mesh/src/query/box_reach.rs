//! What a swept oriented box can reach, along its own three axes: the cull
//! of the box sweep's walk (divergence 272).
//!
//! The box-triangle kernel tests the box's axes as three of its thirteen
//! (spec Unit 13, "Sweep_BoxTriangle (0x0034d5d0)"), and a triangle one of
//! them separates over the move on a fresh window gets no contact
//! ([`kernels::details::box_sweep::box_axes_separate`]). Here the same test is put on
//! bounding boxes: along each axis `A`, the box covers
//! `[A·P − h, A·P + h]` moved by `A·M` over the move, and a bounding box
//! projects into `A·c ± Σ|Aᵢ| eᵢ` (its centre `c`, half sizes `e`). A
//! bounding box whose projection lies clear of the box's, by a margin far
//! above the float error of both, holds only triangles the kernel's own
//! axis test separates, so the walk may pass over it.

use crate::visited::Culling;
use kernels::OrientedBox;
use ps2_float::{Real, Vec4};

use super::walk::Cull;
use super::ListWalk;

/// The reach of a box swept by a move, along the box's axes; see the module
/// docs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxReach {
    /// The box's three axes, as the kernel reads them (not normalised).
    axes: [[f32; 3]; 3],
    /// Their components' magnitudes.
    abs: [[f32; 3]; 3],
    /// Per axis, the low end of the box's projection over the move, less
    /// the margin.
    lo: [f32; 3],
    /// Per axis, the high end, plus the margin.
    hi: [f32; 3],
    /// `false` for the console's overrun walk and the reference walk, or
    /// when an input is not a finite number or a half size is negative.
    active: bool,
}

/// The relative part of the margin, applied to the largest coordinate a
/// projection reads (`2⁻¹²`, as the ray's margin in divergence 178).
const RELATIVE: f32 = 1.0 / 4096.0;

/// The absolute part of the margin (`1/64`, as divergence 178's margins).
const ABSOLUTE: f32 = 1.0 / 64.0;

impl Culling for BoxReach {
    fn switch_off(&mut self) {
        self.active = false;
    }
}

impl BoxReach {
    /// What `bx` moved by `mv` can reach; inactive for the overrun walk.
    pub(crate) fn new<R: Real>(bx: &OrientedBox<R>, mv: Vec4<R>, walk: ListWalk) -> Self {
        let c = bx.centre.to_f32();
        let m = mv.to_f32();
        let half = bx.half.to_f32();
        let mut axes = [[0.0f32; 3]; 3];
        let mut abs = [[0.0f32; 3]; 3];
        let mut lo = [0.0f32; 3];
        let mut hi = [0.0f32; 3];
        let mut finite = half[..3].iter().all(|h| h.is_finite() && *h >= 0.0)
            && c[..3].iter().chain(&m[..3]).all(|x| x.is_finite());
        for k in 0..3 {
            let a = bx.axes[k].to_f32();
            let a = [a[0], a[1], a[2]];
            finite &= a.iter().all(|x| x.is_finite());
            let p = dot(a, [c[0], c[1], c[2]]);
            let s = dot(a, [m[0], m[1], m[2]]);
            let (l, h) = (p - half[k], p + half[k]);
            let (l, h) = (l.min(l + s), h.max(h + s));
            // What the projections of the box's centre and move can be off
            // by: the largest term they add up, relative.
            let big = (0..3)
                .map(|i| a[i].abs() * (c[i].abs() + m[i].abs()))
                .sum::<f32>()
                + half[k];
            let margin = ABSOLUTE + big * RELATIVE;
            axes[k] = a;
            abs[k] = a.map(f32::abs);
            lo[k] = l - margin;
            hi[k] = h + margin;
            finite &= lo[k].is_finite() && hi[k].is_finite();
        }
        Self {
            axes,
            abs,
            lo,
            hi,
            active: finite && walk == ListWalk::Exact,
        }
    }
}

#[inline]
fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Cull for BoxReach {
    #[inline]
    fn active(&self) -> bool {
        self.active
    }

    /// Whether a bounding box (`[min; 3]`, `[max; 3]`) may hold a triangle
    /// the box reaches: `false` only when its projection on one of the
    /// box's axes, widened by its own rounding margin (the relative margin
    /// of its largest coordinates, which only grows with the box, so a
    /// tree's node passes over no more than its leaves would), lies clear
    /// of the box's. A NaN anywhere keeps it, and so does a missing box.
    #[inline(always)]
    fn meets(&self, b: Option<&[f32; 6]>) -> bool {
        if !self.active {
            return true;
        }
        let Some(b) = b else {
            return true;
        };
        // Per axis of the world, the box's centre and its half size widened
        // by the rounding margin of its largest coordinate.
        let mut c = [0.0f32; 3];
        let mut g = [0.0f32; 3];
        for i in 0..3 {
            c[i] = 0.5 * (b[i] + b[i + 3]);
            let far = b[i].abs().max(b[i + 3].abs());
            g[i] = 0.5 * (b[i + 3] - b[i]) + far * RELATIVE;
        }
        for k in 0..3 {
            let p = dot(self.axes[k], c);
            let w = dot(self.abs[k], g);
            // Written so that a NaN keeps the box.
            if p + w < self.lo[k] || p - w > self.hi[k] {
                return false;
            }
        }
        true
    }
}
