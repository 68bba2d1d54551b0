//! The one axis-aligned world box of the workspace: the shapes' bounds and
//! the sort-and-sweep's keys (`shape-pools`, `physics-world`), the mesh
//! queries' `worldBox` (`collision-mesh`), the overlap query's gather box
//! and candidate bounds ([`crate::overlap`]), with the original's four box
//! helpers and the swept boxes a caller without a world passes the mesh.

use ps2_float::{Real, Vec4};

use crate::shapes::OrientedBox;

/// An axis-aligned world box (`min` at `+0x00`, `max` at `+0x10`, `w = 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb<R> {
    /// The smallest corner.
    pub min: Vec4<R>,
    /// The largest corner.
    pub max: Vec4<R>,
}

impl<R: Real> Aabb<R> {
    /// A box from its two corners (taken as given).
    #[must_use]
    pub fn new(min: Vec4<R>, max: Vec4<R>) -> Self {
        Self {
            min: min.with_w(R::ONE),
            max: max.with_w(R::ONE),
        }
    }

    /// The box around a sphere: `c ± r` on each axis.
    ///
    /// Original: `AABB_FromSphere` (0x00341660).
    #[must_use]
    pub fn from_sphere(c: Vec4<R>, r: R) -> Self {
        Self::new(
            Vec4::point(c.x - r, c.y - r, c.z - r),
            Vec4::point(c.x + r, c.y + r, c.z + r),
        )
    }

    /// The box around an upright cylinder standing on `base`: `x, y` within
    /// the radius, `z` from the base to `base.z + height` (no radius added in
    /// `z`: the capsule's bound is the cylinder's, overview "Shapes").
    ///
    /// Original: `AABB_FromUprightCylinder` (0x00341708).
    #[must_use]
    pub fn from_upright_cylinder(base: Vec4<R>, r: R, height: R) -> Self {
        Self::new(
            Vec4::point(base.x - r, base.y - r, base.z),
            Vec4::point(base.x + r, base.y + r, base.z + height),
        )
    }

    /// The box grown to cover a move: each axis's negative part of `mv`
    /// added to `min`, its positive part to `max`.
    ///
    /// Original: `AABB_ExtendByMove` (0x00341840).
    #[must_use]
    pub fn extend_by_move(&self, mv: Vec4<R>) -> Self {
        let lo = |m: R, d: R| if d < R::ZERO { m + d } else { m };
        let hi = |m: R, d: R| if d > R::ZERO { m + d } else { m };
        Self::new(
            Vec4::point(
                lo(self.min.x, mv.x),
                lo(self.min.y, mv.y),
                lo(self.min.z, mv.z),
            ),
            Vec4::point(
                hi(self.max.x, mv.x),
                hi(self.max.y, mv.y),
                hi(self.max.z, mv.z),
            ),
        )
    }

    /// The box scaled about its centre by `s` per axis: centre
    /// `(min + max) × 0.5`, half size `(max − min) × 0.5 × s` (order
    /// *inferred*, divergence 181). The body sweep makes such a copy and
    /// never uses it (overview "Sweeping a body", step 1).
    ///
    /// Original: `AABB_ScaleAboutCentre` (0x003414c0).
    #[must_use]
    pub fn scale_about_centre(&self, s: Vec4<R>) -> Self {
        let half = R::from_f32(0.5);
        let c = (self.min + self.max).scale(half);
        let h = (self.max - self.min).scale(half).mul_lanes(s);
        Self::new(c - h, c + h)
    }

    /// The smallest box holding both.
    #[must_use]
    pub fn union(&self, o: &Self) -> Self {
        Self::new(
            Vec4::point(
                self.min.x.min(o.min.x),
                self.min.y.min(o.min.y),
                self.min.z.min(o.min.z),
            ),
            Vec4::point(
                self.max.x.max(o.max.x),
                self.max.y.max(o.max.y),
                self.max.z.max(o.max.z),
            ),
        )
    }

    /// `true` when the boxes overlap in `y` and `z` (inclusive), the part
    /// of the sort-and-sweep's keep test that is not along the sorted axis.
    #[must_use]
    pub fn overlaps_yz(&self, o: &Self) -> bool {
        self.min.y <= o.max.y
            && o.min.y <= self.max.y
            && self.min.z <= o.max.z
            && o.min.z <= self.max.z
    }

    /// `true` when the boxes overlap on all three axes, touching included
    /// (the overlap query's gather test, divergence 49).
    #[must_use]
    pub fn overlaps(&self, o: &Self) -> bool {
        self.min.x <= o.max.x && o.min.x <= self.max.x && self.overlaps_yz(o)
    }

    /// `max.x − min.x`, what the widest-body bound measures.
    #[must_use]
    pub fn width_x(&self) -> R {
        self.max.x - self.min.x
    }

    /// The box around a sphere of radius `r` at `c` and at `c + mv`: per
    /// axis the smaller and the larger end, moved out by `r`. A helper for
    /// callers without a physics world, whose own boxes come from the body's
    /// bounds grown by the move (divergence 166).
    #[must_use]
    pub fn swept_sphere(c: Vec4<R>, r: R, mv: Vec4<R>) -> Self {
        let e = c + mv;
        let lo = |a: R, b: R| a.min(b) - r;
        let hi = |a: R, b: R| a.max(b) + r;
        Self {
            min: Vec4::point(lo(c.x, e.x), lo(c.y, e.y), lo(c.z, e.z)),
            max: Vec4::point(hi(c.x, e.x), hi(c.y, e.y), hi(c.z, e.z)),
        }
    }

    /// An oriented box's reach along each world axis (`w = 0`): its half
    /// extents projected on the axis, `half.x·|a0| + half.y·|a1|` then
    /// `+ half.z·|a2|`, each `aᵢ` the axis's lane. What a box shape's bounds
    /// (`PhysShape::bounds` in `shape-pools`) and [`Aabb::swept_box`] grow
    /// the centre by.
    #[must_use]
    pub fn box_reach(b: &OrientedBox<R>) -> Vec4<R> {
        let reach = |k: usize| {
            let lane = |v: Vec4<R>| match k {
                0 => v.x,
                1 => v.y,
                _ => v.z,
            };
            (b.half.x * lane(b.axes[0]).abs() + b.half.y * lane(b.axes[1]).abs())
                + b.half.z * lane(b.axes[2]).abs()
        };
        Vec4::new(reach(0), reach(1), reach(2), R::ZERO)
    }

    /// The box around an oriented box at its start and end of the move (its
    /// [`Aabb::box_reach`] about each, as a shape's bounds).
    #[must_use]
    pub fn swept_box(b: &OrientedBox<R>, mv: Vec4<R>) -> Self {
        let c = b.centre;
        let e = c + mv;
        let r = Self::box_reach(b);
        Self {
            min: Vec4::point(c.x.min(e.x) - r.x, c.y.min(e.y) - r.y, c.z.min(e.z) - r.z),
            max: Vec4::point(c.x.max(e.x) + r.x, c.y.max(e.y) + r.y, c.z.max(e.z) + r.z),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box of half extents (1, 2, 3) turned 90° about z (axes `y`, `−x`,
    /// `z`) reaches 2 along x and 1 along y; one turned 45° reaches
    /// `(1 + 2)·√½` along both; its swept box adds the move's span.
    fn reach_follows_the_axes<R: Real>() {
        let half = Vec4::new(R::ONE, R::from_f32(2.0), R::from_f32(3.0), R::ZERO);
        let ez = Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ZERO);
        let turned = OrientedBox {
            half,
            axes: [
                Vec4::new(R::ZERO, R::ONE, R::ZERO, R::ZERO),
                Vec4::new(-R::ONE, R::ZERO, R::ZERO, R::ZERO),
                ez,
            ],
            centre: Vec4::point(R::ZERO, R::ZERO, R::ZERO),
        };
        let r = Aabb::box_reach(&turned).to_f32();
        assert_eq!(r, [2.0, 1.0, 3.0, 0.0], "{}", R::MODE);
        let s = R::from_f32(0.5f32.sqrt());
        let diagonal = OrientedBox {
            axes: [
                Vec4::new(s, s, R::ZERO, R::ZERO),
                Vec4::new(-s, s, R::ZERO, R::ZERO),
                ez,
            ],
            ..turned
        };
        let r = Aabb::box_reach(&diagonal).to_f32();
        let want = 3.0 * 0.5f32.sqrt();
        assert!(
            (r[0] - want).abs() < 1e-6 && (r[1] - want).abs() < 1e-6,
            "{} {r:?}",
            R::MODE
        );
        let mv = Vec4::new(R::from_f32(4.0), R::ZERO, R::ZERO, R::ZERO);
        let swept = Aabb::swept_box(&turned, mv);
        assert_eq!(swept.min.to_f32()[..3], [-2.0, -1.0, -3.0], "{}", R::MODE);
        assert_eq!(swept.max.to_f32()[..3], [6.0, 1.0, 3.0], "{}", R::MODE);
    }

    test_support::both_modes!(box_reach_follows_the_axes_in_both_modes => reach_follows_the_axes);
}
