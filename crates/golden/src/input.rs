//! Inputs as case files write them, and their conversion into either float
//! mode.
//!
//! Vectors are written as lists of three or four numbers: `[x, y, z]` means
//! `w = 1` (points, moves and most directions in the original's records carry
//! `w = 1`), `[x, y, z, w]` gives `w` explicitly.

use kernels::{Capsule, OrientedBox, Segment, Shape, Sphere, WorkTriangle};
use ps2_float::{Real, Vec4};
use serde::Deserialize;

use crate::error::InputError;

/// A vector of three or four numbers.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(transparent)]
pub struct V(pub Vec<f32>);

impl V {
    /// The vector in mode `R`, or an error naming `field`.
    pub fn get<R: Real>(&self, field: &str) -> Result<Vec4<R>, InputError> {
        match self.0[..] {
            [x, y, z] => Ok(Vec4::from_f32([x, y, z, 1.0])),
            [x, y, z, w] => Ok(Vec4::from_f32([x, y, z, w])),
            _ => Err(InputError::new(
                field,
                format!("expected 3 or 4 numbers, found {}", self.0.len()),
            )),
        }
    }
}

/// A case file's number in mode `R`.
pub(crate) fn r<R: Real>(v: f32) -> R {
    R::from_f32(v)
}

/// A sphere: `(centre: [..], radius: ..)`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SphereIn {
    /// The centre.
    pub centre: V,
    /// The radius.
    pub radius: f32,
}

impl SphereIn {
    /// The record in mode `R`.
    pub fn get<R: Real>(&self, field: &str) -> Result<Sphere<R>, InputError> {
        Ok(Sphere {
            radius: r(self.radius),
            centre: self.centre.get(&format!("{field}.centre"))?,
        })
    }
}

/// An oriented box: `(centre: [..], half: [..], axes: [[..], [..], [..]])`;
/// the axes default to the world axes.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoxIn {
    /// The centre.
    pub centre: V,
    /// The half extents.
    pub half: V,
    /// The three axes (rows), world axes when absent.
    #[serde(default)]
    pub axes: Option<[V; 3]>,
}

impl BoxIn {
    /// The record in mode `R`.
    pub fn get<R: Real>(&self, field: &str) -> Result<OrientedBox<R>, InputError> {
        let axes = match &self.axes {
            Some([a0, a1, a2]) => [
                a0.get(&format!("{field}.axes[0]"))?,
                a1.get(&format!("{field}.axes[1]"))?,
                a2.get(&format!("{field}.axes[2]"))?,
            ],
            None => [
                Vec4::from_f32([1.0, 0.0, 0.0, 0.0]),
                Vec4::from_f32([0.0, 1.0, 0.0, 0.0]),
                Vec4::from_f32([0.0, 0.0, 1.0, 0.0]),
            ],
        };
        Ok(OrientedBox {
            half: self.half.get(&format!("{field}.half"))?,
            axes,
            centre: self.centre.get(&format!("{field}.centre"))?,
        })
    }
}

/// An upright capsule: `(base: [..], radius: .., height: ..)`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CapsuleIn {
    /// The base point.
    pub base: V,
    /// The radius.
    pub radius: f32,
    /// The height.
    pub height: f32,
}

impl CapsuleIn {
    /// The record in mode `R`.
    pub fn get<R: Real>(&self, field: &str) -> Result<Capsule<R>, InputError> {
        Ok(Capsule {
            radius: r(self.radius),
            height: r(self.height),
            base: self.base.get(&format!("{field}.base"))?,
        })
    }
}

/// A segment: `(start: [..], end: [..], radius: ..)`; the length is computed
/// (in `f32`) when absent.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SegmentIn {
    /// The start.
    pub start: V,
    /// The end.
    pub end: V,
    /// The radius.
    pub radius: f32,
    /// The length field (`+0x64`), not read by the kernels.
    #[serde(default)]
    pub length: Option<f32>,
}

impl SegmentIn {
    /// The record in mode `R`.
    pub fn get<R: Real>(&self, field: &str) -> Result<Segment<R>, InputError> {
        let start = self.start.get::<R>(&format!("{field}.start"))?;
        let end = self.end.get::<R>(&format!("{field}.end"))?;
        let length = self.length.unwrap_or_else(|| {
            let [a, b] = [start.to_f32(), end.to_f32()];
            ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
        });
        Ok(Segment {
            start,
            end,
            radius: r(self.radius),
            length: r(length),
        })
    }
}

/// Any shape, tagged with its type: `Box(..)`, `Sphere(..)`, `Capsule(..)`,
/// `Segment(..)`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum ShapeIn {
    /// Type 1.
    Box(BoxIn),
    /// Type 2.
    Sphere(SphereIn),
    /// Type 3.
    Capsule(CapsuleIn),
    /// Type 4.
    Segment(SegmentIn),
}

impl ShapeIn {
    /// The shape in mode `R`.
    pub fn get<R: Real>(&self, field: &str) -> Result<Shape<R>, InputError> {
        Ok(match self {
            ShapeIn::Box(b) => Shape::Box(b.get(field)?),
            ShapeIn::Sphere(s) => Shape::Sphere(s.get(field)?),
            ShapeIn::Capsule(c) => Shape::Capsule(c.get(field)?),
            ShapeIn::Segment(s) => Shape::Segment(s.get(field)?),
        })
    }
}

/// A case file's shape and the kernels' record it decodes to in either
/// float mode (the type's own `get`).
pub trait ShapeRecord {
    /// The kernels' record in mode `R`.
    type Record<R: Real>;
    /// The record in mode `R`, or an error naming `field`.
    fn record<R: Real>(&self, field: &str) -> Result<Self::Record<R>, InputError>;
}

macro_rules! shape_records {
    ($($input:ty => $record:ident),*) => {
        $(impl ShapeRecord for $input {
            type Record<R: Real> = $record<R>;
            fn record<R: Real>(&self, field: &str) -> Result<$record<R>, InputError> {
                self.get(field)
            }
        })*
    };
}

shape_records!(
    SphereIn => Sphere,
    BoxIn => OrientedBox,
    CapsuleIn => Capsule,
    SegmentIn => Segment
);

/// A triangle's three corners: `[[..], [..], [..]]`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(transparent)]
pub struct TriIn(pub [V; 3]);

impl TriIn {
    /// A working triangle holding only the corners, in mode `R`.
    pub fn corners<R: Real>(&self, field: &str) -> Result<WorkTriangle<R>, InputError> {
        Ok(WorkTriangle::from_corners(
            self.0[0].get(&format!("{field}[0]"))?,
            self.0[1].get(&format!("{field}[1]"))?,
            self.0[2].get(&format!("{field}[2]"))?,
        ))
    }
}
