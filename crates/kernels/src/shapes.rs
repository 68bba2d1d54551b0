//! The shape records the kernels read, with the original's field offsets.
//!
//! Only the fields a kernel reads are kept; the common head (next shape, local
//! offset, previous position, bone, flags) belongs to the shape pools.

use ps2_float::{Real, Vec4};

/// The shape type byte (`+0x30` of every shape), the row and column of the
/// pair tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum ShapeType {
    /// 1: an oriented box.
    Box = 1,
    /// 2: a sphere.
    Sphere = 2,
    /// 3: an upright capsule.
    Capsule = 3,
    /// 4: a segment with a radius (a limb's strike volume).
    Segment = 4,
}

/// An oriented box (shape type 1, 0x90 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OrientedBox<R> {
    /// `+0x40`: the half extents `h0, h1, h2` in `x, y, z`.
    pub half: Vec4<R>,
    /// `+0x50`, `+0x60`, `+0x70`: the unit axes `A0, A1, A2` (rows of the box's
    /// matrix). No kernel normalises them or checks that they are orthogonal.
    pub axes: [Vec4<R>; 3],
    /// `+0x80`: the centre `P` (`w = 1`).
    pub centre: Vec4<R>,
}

/// A sphere (shape type 2, 0x60 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sphere<R> {
    /// `+0x40`: the radius.
    pub radius: R,
    /// `+0x50`: the centre.
    pub centre: Vec4<R>,
}

/// An upright capsule (shape type 3, 0x60 bytes): the vertical range
/// `[base.z, base.z + height]` with a horizontal radius.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capsule<R> {
    /// `+0x40`: the radius.
    pub radius: R,
    /// `+0x44`: the height.
    pub height: R,
    /// `+0x50`: the base point (`+0x58` is its z).
    pub base: Vec4<R>,
}

/// A segment with a radius (shape type 4, 0x70 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Segment<R> {
    /// `+0x40`: the start `S`.
    pub start: Vec4<R>,
    /// `+0x50`: the end `E`.
    pub end: Vec4<R>,
    /// `+0x60`: the radius.
    pub radius: R,
    /// `+0x64`: the length (kept by the pose; the kernels use `E − S`).
    pub length: R,
}

/// Any shape, as a pair table entry receives it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape<R> {
    /// Type 1.
    Box(OrientedBox<R>),
    /// Type 2.
    Sphere(Sphere<R>),
    /// Type 3.
    Capsule(Capsule<R>),
    /// Type 4.
    Segment(Segment<R>),
}

impl<R: Real> OrientedBox<R> {
    /// The axis `k` (0, 1, 2); any other index reads the third.
    #[inline]
    pub(crate) fn axis(&self, k: usize) -> Vec4<R> {
        match k {
            0 => self.axes[0],
            1 => self.axes[1],
            _ => self.axes[2],
        }
    }

    /// The half extent `k` (0, 1, 2 for x, y, z); any other index reads
    /// the third.
    #[inline]
    pub(crate) fn half_extent(&self, k: usize) -> R {
        lane(self.half, k)
    }
}

/// The lane `k` (0, 1, 2 for x, y, z) of a vector; any other index reads `z`.
#[inline]
pub(crate) fn lane<R: Real>(v: Vec4<R>, k: usize) -> R {
    match k {
        0 => v.x,
        1 => v.y,
        _ => v.z,
    }
}

impl<R: Real> Shape<R> {
    /// The type byte.
    #[must_use]
    pub fn shape_type(&self) -> ShapeType {
        match self {
            Shape::Box(_) => ShapeType::Box,
            Shape::Sphere(_) => ShapeType::Sphere,
            Shape::Capsule(_) => ShapeType::Capsule,
            Shape::Segment(_) => ShapeType::Segment,
        }
    }
}
