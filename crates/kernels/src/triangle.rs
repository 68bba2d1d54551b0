//! The working triangle the mesh tests fill and the triangle kernels read
//! (Unit 1, "The working triangle"), and the four `CollTri_*` functions that
//! fill it (Unit 1, "CollTri_ComputeEdges" to "CollTri_Flip").

use ps2_float::{Real, Vec4};

/// The side threshold `1e-6` (0x358637bd) of the mesh tests' side test
/// `n·c − n·v0 < 1e-6` (the sphere, walking and box sweeps, the overlap and
/// the airborne body's push-out): one definition for the kernels and the
/// mesh crate.
pub const SIDE_EPSILON: u32 = 0x3586_37bd;

/// The approach threshold `−0.001` (0xba83126f) of the mesh sweeps: a face
/// the move does not go into by more than this (`n·M ≥ −0.001`) is skipped.
pub const INTO_FACE: u32 = 0xba83_126f;

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

    /// The record as the sphere and capsule mesh sweeps hand it to
    /// `Sweep_SphereTriangle`: the corners, the unit normal, the edges left
    /// unnormalised, and the plane constant (Unit 1, "The working triangle";
    /// the caller's own steps, not one original function).
    #[must_use]
    pub fn prepared(v0: Vec4<R>, v1: Vec4<R>, v2: Vec4<R>) -> Self {
        let mut t = Self::from_corners(v0, v1, v2);
        t.compute_normal();
        t.compute_edges(false);
        t.set_plane();
        t
    }

    /// Writes `+0x80`: `d = v0 · n`, as the mesh sweeps do after the edges
    /// (Unit 1, "The working triangle", 0x00348e24-0x00348e64).
    #[inline]
    pub fn set_plane(&mut self) {
        self.d = self.v[0].dot(self.n);
    }

    /// Edge `k`'s outward in-plane normal `m_k = e_k × n` (not normalised),
    /// formed from the record's `+0x30`-`+0x50` and `+0x70` as
    /// `Sweep_SphereTriangle` forms it (Unit 1, "The working triangle").
    /// `k` is taken modulo 3.
    #[inline]
    #[must_use]
    pub fn side_normal(&self, k: usize) -> Vec4<R> {
        self.e[k % 3].cross(self.n)
    }

    /// Writes the three edges `e0 = v1 − v0`, `e1 = v2 − v1`, `e2 = v0 − v2`,
    /// each with `w = 1`, then normalises them when `normalise` is set (Unit 1,
    /// "CollTri_ComputeEdges"). The mesh sweeps pass `false`.
    ///
    /// Original: `CollTri_ComputeEdges` (0x00343a90).
    pub fn compute_edges(&mut self, normalise: bool) {
        let [v0, v1, v2] = self.v;
        self.e = [
            (v1 - v0).with_w(R::ONE),
            (v2 - v1).with_w(R::ONE),
            (v0 - v2).with_w(R::ONE),
        ];
        if normalise {
            self.compute_edge_normals();
        }
    }

    /// Divides each edge by its length (`x, y, z` only, `w` kept) and stores
    /// the lengths at `+0x60`-`+0x68`, despite the original's name (Unit 1,
    /// "CollTri_ComputeEdgeNormals"). A zero-length edge is not guarded: the
    /// reciprocal saturates and the edge stays zero.
    ///
    /// Original: `CollTri_ComputeEdgeNormals` (0x00343b20).
    pub fn compute_edge_normals(&mut self) {
        for (e, len) in self.e.iter_mut().zip(self.len.iter_mut()) {
            let l = e.length();
            *e = e.scale(R::ONE.div(l));
            *len = l;
        }
    }

    /// Writes `+0x70`: the unit normal `c · rsqrt(c·c)` of
    /// `c = (v1 − v0) × (v2 − v0)`, with `w = 1` (Unit 1,
    /// "CollTri_ComputeNormal"). For a degenerate triangle the reciprocal
    /// saturates and the normal comes out as zero in both float modes.
    ///
    /// Original: `CollTri_ComputeNormal` (0x00343c30).
    pub fn compute_normal(&mut self) {
        let [v0, v1, v2] = self.v;
        let c = (v1 - v0).cross(v2 - v0);
        self.n = c.scale(R::ONE.rsqrt(c.dot(c))).with_w(R::ONE);
    }

    /// Turns the triangle over: swaps `v1` and `v2` and multiplies the
    /// normal's `x, y, z` by `−1.0`, keeping its `w`; the edges and `d` are
    /// left as they were (Unit 1, "CollTri_Flip").
    ///
    /// Original: `CollTri_Flip` (0x00343c90).
    pub fn flip(&mut self) {
        self.v.swap(1, 2);
        self.n = self.n.scale(R::from_f32(-1.0));
    }
}
