//! The working triangle the mesh tests fill and the triangle kernels read
//! (Unit 1, "The working triangle").

use ps2_float::{Real, Vec4};

/// The working triangle record, field by field.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorkTriangle<R> {
    /// `+0x00`, `+0x10`, `+0x20`: the corners `v0, v1, v2`.
    pub v: [Vec4<R>; 3],
    /// `+0x30`, `+0x40`, `+0x50`: the edges `e_k = v_{k+1} − v_k` (`w = 1`).
    pub e: [Vec4<R>; 3],
    /// `+0x60`, `+0x64`, `+0x68`: the edge lengths, written only when the edges
    /// were normalised.
    pub len: [R; 3],
    /// `+0x70`: the unit normal (`w = 1`).
    pub n: Vec4<R>,
    /// `+0x80`: the plane constant `d = v0 · n`.
    pub d: R,
}

impl<R: Real> WorkTriangle<R> {
    /// A record holding only the three corners (what the caller copies in
    /// before the edge, normal and plane steps).
    #[must_use]
    pub fn from_corners(v0: Vec4<R>, v1: Vec4<R>, v2: Vec4<R>) -> Self {
        Self {
            v: [v0, v1, v2],
            ..Self::default()
        }
    }
}
