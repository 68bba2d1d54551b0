//! The box of cells of two `Ee32` points without the EE's arithmetic, when
//! it cannot matter: [`Grid::cell_range`](crate::grid::Grid::cell_range) in
//! `Ee32` mode sends each corner through the matrix with the EE's multiply
//! and adder (divergence 132), clamps and truncates (divergence 131). Only
//! the truncated cells are the answer, so where the exact value of the chain
//! lies far enough from every place where the cell changes, the cell is
//! known without the chain's bits.
//!
//! # The bound
//!
//! Per axis the chain is `((x·m0 + y·m1) + z·m2) + 1·m3`: four products and
//! three sums. With `tᵢ` the exact products and `S = Σ|tᵢ|`, and no value
//! near the EE's range ends (`S < 2¹⁰⁰`):
//!
//! * the EE's product is the truncated exact product or one unit below it,
//!   so each product is off by less than `2⁻²² |tᵢ|`;
//! * the adder loses less than half a unit of the larger operand when it
//!   aligns the smaller (one guard bit) and less than two units of it when
//!   it truncates the sum, so each sum is off by less than `2.5 · 2⁻²³`
//!   times the larger operand, itself below `S` (to within the rounding);
//! * a result that underflows is flushed to zero: less than `2⁻¹²⁶` each.
//!
//! In all, the chain's value lies within `11 · 2⁻²³ S + 2⁻¹²³` of the exact
//! sum; the port allows `2⁻¹⁸ S + 2⁻¹⁰⁰` (almost three times as much). The
//! clamp and the truncation are monotonic, so when both ends of that
//! interval give the same cell, the chain gives it too; otherwise (a value
//! within the bound of a cell's edge) the chain itself is run. The exact
//! values are computed in `f64`, where every product of two `Ee32` values is
//! exact and the sums' rounding is far below the allowance.
//!
//! Same answers, bit for bit: `grid.rs`'s tests compare the cells with the
//! chain's on points on and a few units beside the cells' edges (the
//! comparison fails with the allowance cut to half a unit); the chain's
//! error measured there stays under 2 units of `2⁻²³ S`. A separate
//! adversarial search of 40 million points aimed at the edges, at
//! cancelling terms and at the range ends (not kept in the repository)
//! found no disagreement and at most 4.0 units (one unit from the products
//! and about one from each sum, an eighth of the allowance); its two worst
//! points are pinned.

use ps2_float::{Ee32, Real, Vec4};

use crate::grid::CellRange;

/// `2⁻¹⁸`: the allowance per unit of `S`.
const RELATIVE: f64 = 1.0 / 262_144.0;
/// `2⁻¹⁰⁰`: the allowance for the flushed underflows.
const ABSOLUTE: f64 = 7.888_609_052_210_118e-31;
/// `2¹⁰⁰`: the largest `S` the bound covers (far below the EE's `2¹²⁹`).
const LARGEST: f64 = 1.267_650_600_228_229_4e30;

/// A grid's header as exact `f64` values, for [`EeCells::range`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EeCells {
    /// Row `j`, axis `k`: the matrix's entry, as the EE reads its bits.
    matrix: [[f64; 3]; 4],
    clamp_min: [f64; 3],
    clamp_max: [f64; 3],
    /// The last cell on each axis (`n − 1`, at least 0).
    last: [i32; 3],
}

/// The exact value of an `Ee32` pattern (a zero exponent is zero).
#[inline(always)]
fn value(bits: u32) -> f64 {
    Ee32::from_bits(bits).to_f64()
}

impl EeCells {
    /// The header's matrix and clamp box, from their `Ee32` patterns.
    pub(crate) fn new(
        matrix: &[[u32; 4]; 4],
        clamp_min: [u32; 4],
        clamp_max: [u32; 4],
        dims: [u16; 3],
    ) -> Self {
        Self {
            matrix: matrix.map(|row| [value(row[0]), value(row[1]), value(row[2])]),
            clamp_min: [0, 1, 2].map(|k| value(clamp_min[k])),
            clamp_max: [0, 1, 2].map(|k| value(clamp_max[k])),
            last: dims.map(|n| i32::from(n.saturating_sub(1))),
        }
    }

    /// The point-to-cell rule on axis `k` for the value `v`: the clamp box
    /// (the larger of `v` and the minimum, then the smaller of that and the
    /// maximum), truncation toward zero (saturating, as `cvt.w.s`), then
    /// `0 … n − 1` (the guard of divergence 133, as `Grid::axis_cell`).
    #[inline(always)]
    fn cell(&self, k: usize, v: f64) -> i32 {
        let c = v.max(self.clamp_min[k]).min(self.clamp_max[k]);
        (c as i32).clamp(0, self.last[k])
    }

    /// The cell on axis `k` of the point `p`, when every value within the
    /// bound of the exact one falls in it; `None` otherwise.
    #[inline(always)]
    fn axis(&self, k: usize, p: [f64; 3]) -> Option<i32> {
        let m = &self.matrix;
        let t = [m[0][k] * p[0], m[1][k] * p[1], m[2][k] * p[2], m[3][k]];
        let v = ((t[0] + t[1]) + t[2]) + t[3];
        let s = ((t[0].abs() + t[1].abs()) + t[2].abs()) + t[3].abs();
        if s >= LARGEST {
            return None;
        }
        let slack = s * RELATIVE + ABSOLUTE;
        let (lo, hi) = (self.cell(k, v - slack), self.cell(k, v + slack));
        (lo == hi).then_some(lo)
    }

    /// The box of cells between `a` and `b` ([`Grid::cell_range`] in `Ee32`
    /// mode), when each corner's cell on each axis is certain; `None` when
    /// one lies too near a cell's edge for the bound (the caller runs the
    /// chain). Each axis's cell grows with the value, so the smaller cell is
    /// the low end whichever corner is smaller.
    ///
    /// [`Grid::cell_range`]: crate::grid::Grid::cell_range
    #[inline]
    pub(crate) fn range<R: Real>(&self, a: Vec4<R>, b: Vec4<R>) -> Option<CellRange> {
        let point = |p: Vec4<R>| [p.x, p.y, p.z].map(|c| value(c.to_bits()));
        let (pa, pb) = (point(a), point(b));
        let mut range = CellRange {
            lo: [0; 3],
            hi: [0; 3],
        };
        for k in 0..3 {
            let (ca, cb) = (self.axis(k, pa)?, self.axis(k, pb)?);
            // Both within `0 … n − 1`, which a `u16` holds.
            range.lo[k] = ca.min(cb) as u16;
            range.hi[k] = ca.max(cb) as u16;
        }
        Some(range)
    }
}

/// The largest error of the EE's chain that [`EeCells`] allows, per unit of
/// `S`, for the tests.
#[cfg(test)]
pub(crate) const ALLOWED: f64 = RELATIVE;
