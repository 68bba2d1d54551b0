//! What the facade accepts and returns: nalgebra's `Point3`, `Vector3`,
//! `Unit<Vector3>`, `Translation3` and `Isometry3` (in either float mode),
//! plain `[f32; 3]` arrays and, with the `glam` feature, glam's `Vec3` and
//! `Vec3A`; and the record layer's 4-lane [`Vec4`] they become.
//!
//! Every conversion into the record layer checks its input first: an `f32`
//! NaN or infinity is refused here, because the `Ee32` mode would read a
//! NaN as 0 and an infinity as the largest number, and the `f32` mode would
//! carry it into the kernels, where a NaN compares false everywhere and can
//! look like a hit (divergence 340).

use nalgebra::{Isometry3, Point3, Scalar, Translation3, Unit, Vector3};
use ps2_float::{Ee32, FloatMode, Real, Vec4};

/// One coordinate of a caller's vector: `f32` or [`Ee32`].
pub trait Lane: Scalar + Copy {
    /// The coordinate in the mode `R`, `None` for an `f32` NaN or infinity.
    /// An `f32` goes through `R::from_f32` (exact for every finite normal
    /// value); an `Ee32` keeps its bits in the `Ee32` mode and goes through
    /// `Ee32::to_f32` into the `f32` mode.
    fn lane<R: Real>(self) -> Option<R>;
}

impl Lane for f32 {
    #[inline]
    fn lane<R: Real>(self) -> Option<R> {
        self.is_finite().then(|| R::from_f32(self))
    }
}

impl Lane for Ee32 {
    #[inline]
    fn lane<R: Real>(self) -> Option<R> {
        Some(match R::FLOAT_MODE {
            FloatMode::Ee32 => R::from_bits(self.to_bits()),
            FloatMode::F32 => R::from_f32(self.to_f32()),
        })
    }
}

#[inline]
fn lanes<R: Real, T: Lane>(x: T, y: T, z: T, w: R) -> Option<Vec4<R>> {
    Some(Vec4::new(x.lane()?, y.lane()?, z.lane()?, w))
}

/// A position the facade accepts: becomes a point (`w = 1`), or `None`
/// when a coordinate is not finite.
pub trait IntoPoint<R> {
    /// The point, `w = 1`; `None` for a NaN or infinite coordinate.
    fn into_point(self) -> Option<Vec4<R>>;
}

/// A displacement or direction the facade accepts: becomes a vector
/// (`w = 0`), or `None` when a coordinate is not finite.
pub trait IntoVector<R> {
    /// The vector, `w = 0`; `None` for a NaN or infinite coordinate.
    fn into_vector(self) -> Option<Vec4<R>>;
}

/// A scalar the facade accepts (a radius, a length): `f32` in either mode,
/// `Ee32` in the `Ee32` mode; `None` when not finite.
pub trait IntoScalar<R> {
    /// The scalar; `None` for a NaN or an infinity.
    fn into_scalar(self) -> Option<R>;
}

impl<R: Real> IntoScalar<R> for f32 {
    #[inline]
    fn into_scalar(self) -> Option<R> {
        self.lane()
    }
}

impl IntoScalar<Ee32> for Ee32 {
    #[inline]
    fn into_scalar(self) -> Option<Ee32> {
        Some(self)
    }
}

impl<R: Real, T: Lane> IntoPoint<R> for Point3<T> {
    #[inline]
    fn into_point(self) -> Option<Vec4<R>> {
        lanes(self.x, self.y, self.z, R::ONE)
    }
}

impl<R: Real, T: Lane> IntoPoint<R> for Translation3<T> {
    #[inline]
    fn into_point(self) -> Option<Vec4<R>> {
        let v = self.vector;
        lanes(v.x, v.y, v.z, R::ONE)
    }
}

impl<R: Real> IntoPoint<R> for Isometry3<f32> {
    /// The isometry's translation.
    #[inline]
    fn into_point(self) -> Option<Vec4<R>> {
        self.translation.into_point()
    }
}

impl<R: Real> IntoPoint<R> for [f32; 3] {
    #[inline]
    fn into_point(self) -> Option<Vec4<R>> {
        lanes(self[0], self[1], self[2], R::ONE)
    }
}

impl<R: Real> IntoPoint<R> for Vec4<R> {
    /// The record layer's vector as it is, `w` set to 1. Every pattern of
    /// the `Ee32` mode is a number; an `f32` NaN or infinity is refused.
    #[inline]
    fn into_point(self) -> Option<Vec4<R>> {
        finite(self).then_some(self.with_w(R::ONE))
    }
}

impl<R: Real, T: Lane> IntoVector<R> for Vector3<T> {
    #[inline]
    fn into_vector(self) -> Option<Vec4<R>> {
        lanes(self.x, self.y, self.z, R::ZERO)
    }
}

impl<R: Real, T: Lane> IntoVector<R> for Unit<Vector3<T>> {
    #[inline]
    fn into_vector(self) -> Option<Vec4<R>> {
        self.into_inner().into_vector()
    }
}

impl<R: Real, T: Lane> IntoVector<R> for Translation3<T> {
    #[inline]
    fn into_vector(self) -> Option<Vec4<R>> {
        self.vector.into_vector()
    }
}

// The vector impls mirror the point impls above one for one: the same
// inputs with `w = 0` where a point has `w = 1`.
impl<R: Real> IntoVector<R> for [f32; 3] {
    #[inline]
    fn into_vector(self) -> Option<Vec4<R>> {
        lanes(self[0], self[1], self[2], R::ZERO)
    }
}

impl<R: Real> IntoVector<R> for Vec4<R> {
    /// The record layer's vector as it is, `w` set to 0.
    #[inline]
    fn into_vector(self) -> Option<Vec4<R>> {
        finite(self).then_some(self.with_w(R::ZERO))
    }
}

#[cfg(feature = "glam")]
mod glam_in {
    use super::{lanes, IntoPoint, IntoVector};
    use ps2_float::{Real, Vec4};

    impl<R: Real> IntoPoint<R> for glam::Vec3 {
        #[inline]
        fn into_point(self) -> Option<Vec4<R>> {
            lanes(self.x, self.y, self.z, R::ONE)
        }
    }

    impl<R: Real> IntoPoint<R> for glam::Vec3A {
        #[inline]
        fn into_point(self) -> Option<Vec4<R>> {
            lanes(self.x, self.y, self.z, R::ONE)
        }
    }

    impl<R: Real> IntoVector<R> for glam::Vec3 {
        #[inline]
        fn into_vector(self) -> Option<Vec4<R>> {
            lanes(self.x, self.y, self.z, R::ZERO)
        }
    }

    impl<R: Real> IntoVector<R> for glam::Vec3A {
        #[inline]
        fn into_vector(self) -> Option<Vec4<R>> {
            lanes(self.x, self.y, self.z, R::ZERO)
        }
    }
}

/// glam's types out of the facade's (feature `glam`): `to_glam()` on a
/// `Point3`, `Vector3` or `Unit<Vector3>` of either mode, through `f32`.
#[cfg(feature = "glam")]
#[cfg_attr(docsrs, doc(cfg(feature = "glam")))]
pub trait ToGlam {
    /// The value as a glam `Vec3` (an `Ee32` through [`Ee32::to_f32`]).
    fn to_glam(&self) -> glam::Vec3;
}

#[cfg(feature = "glam")]
impl<R: Real> ToGlam for Point3<R> {
    fn to_glam(&self) -> glam::Vec3 {
        glam::Vec3::new(self.x.to_f32(), self.y.to_f32(), self.z.to_f32())
    }
}

#[cfg(feature = "glam")]
impl<R: Real> ToGlam for Vector3<R> {
    fn to_glam(&self) -> glam::Vec3 {
        glam::Vec3::new(self.x.to_f32(), self.y.to_f32(), self.z.to_f32())
    }
}

#[cfg(feature = "glam")]
impl<R: Real> ToGlam for Unit<Vector3<R>> {
    fn to_glam(&self) -> glam::Vec3 {
        self.as_ref().to_glam()
    }
}

/// An oriented box's pose as nalgebra's `Isometry3` (in `f32`): the centre
/// as the translation, the axes as the rotation matrix's columns. The
/// record layer never checks that the axes are orthonormal; the rotation is
/// the nearest one nalgebra finds (`UnitQuaternion::from_matrix`).
#[must_use]
pub fn box_isometry<R: Real>(bx: &kernels::OrientedBox<R>) -> Isometry3<f32> {
    let col = |v: Vec4<R>| {
        let [x, y, z, _] = v.to_f32();
        Vector3::new(x, y, z)
    };
    let m = nalgebra::Matrix3::from_columns(&[col(bx.axes[0]), col(bx.axes[1]), col(bx.axes[2])]);
    let [x, y, z, _] = bx.centre.to_f32();
    Isometry3::from_parts(
        Translation3::new(x, y, z),
        nalgebra::UnitQuaternion::from_matrix(&m),
    )
}

/// Whether `x, y, z` are finite as `f32` (always, for `Ee32`: every pattern
/// is a number there, and `to_f32` maps the largest ones to `±f32::MAX`).
#[inline]
pub(crate) fn finite<R: Real>(v: Vec4<R>) -> bool {
    let [x, y, z, _] = v.to_f32();
    x.is_finite() && y.is_finite() && z.is_finite()
}

/// The point of a record vector.
#[inline]
pub(crate) fn point_out<R: Real>(v: Vec4<R>) -> Point3<R> {
    Point3::new(v.x, v.y, v.z)
}

/// The vector of a record vector.
#[inline]
pub(crate) fn vector_out<R: Real>(v: Vec4<R>) -> Vector3<R> {
    Vector3::new(v.x, v.y, v.z)
}

/// A record layer's unit normal as nalgebra's `Unit`: the record layer
/// normalised it (with the console's operation order), so it is wrapped as
/// it is, not normalised again.
#[inline]
pub(crate) fn unit_out<R: Real>(v: Vec4<R>) -> Unit<Vector3<R>> {
    Unit::new_unchecked(vector_out(v))
}
