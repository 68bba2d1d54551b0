//! The frame a shape is posed in: an owner's matrix or one of its bones.

use ps2_float::{Real, Vec4};

/// A rigid frame as the console's 4 × 4 matrices hold it: three rows giving
/// the world directions of the local `x`, `y` and `z` axes, and the position
/// (the fourth row, `w = 1`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose<R> {
    /// The local axes in world space (rows 0-2).
    pub axes: [Vec4<R>; 3],
    /// The origin in world space (row 3).
    pub position: Vec4<R>,
}

impl<R: Real> Default for Pose<R> {
    fn default() -> Self {
        Self::at(Vec4::ORIGIN)
    }
}

impl<R: Real> Pose<R> {
    /// The unrotated frame at `position`.
    #[must_use]
    pub fn at(position: Vec4<R>) -> Self {
        let (o, z) = (R::ONE, R::ZERO);
        Self {
            axes: [
                Vec4::new(o, z, z, z),
                Vec4::new(z, o, z, z),
                Vec4::new(z, z, o, z),
            ],
            position: position.with_w(R::ONE),
        }
    }

    /// `x·row0 + y·row1 + z·row2`, the offset turned into the world's axes,
    /// accumulated in that order with each product rounded before its sum
    /// (the VU0 `vmula` / `vmadda` chain; order *inferred*, divergence 180).
    #[must_use]
    pub fn rotate(&self, v: Vec4<R>) -> Vec4<R> {
        self.axes[0]
            .scale(v.x)
            .madd(self.axes[1], v.y)
            .madd(self.axes[2], v.z)
            .with_w(R::ZERO)
    }

    /// The point `v` of this frame in world space: the rotated offset, then
    /// the position added (divergence 180).
    #[must_use]
    pub fn transform(&self, v: Vec4<R>) -> Vec4<R> {
        (self.rotate(v) + self.position).with_w(R::ONE)
    }
}
