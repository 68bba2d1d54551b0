//! `From` conversions between [`Vec4`] and nalgebra's types, so game crates can
//! hand their own vectors to the physics.

use nalgebra::{Point3, Vector3, Vector4};

use crate::{real::Real, vec4::Vec4};

impl<R: Real> From<Vector4<f32>> for Vec4<R> {
    /// All four lanes.
    fn from(v: Vector4<f32>) -> Self {
        Vec4::from_f32([v.x, v.y, v.z, v.w])
    }
}

impl<R: Real> From<Vec4<R>> for Vector4<f32> {
    /// All four lanes.
    fn from(v: Vec4<R>) -> Self {
        let [x, y, z, w] = v.to_f32();
        Vector4::new(x, y, z, w)
    }
}

impl<R: Real> From<Vector3<f32>> for Vec4<R> {
    /// A direction: `w = 0`.
    fn from(v: Vector3<f32>) -> Self {
        Vec4::from_f32([v.x, v.y, v.z, 0.0])
    }
}

impl<R: Real> From<Point3<f32>> for Vec4<R> {
    /// A point: `w = 1`.
    fn from(p: Point3<f32>) -> Self {
        Vec4::from_f32([p.x, p.y, p.z, 1.0])
    }
}

impl<R: Real> From<Vec4<R>> for Vector3<f32> {
    /// `x, y, z`; `w` dropped.
    fn from(v: Vec4<R>) -> Self {
        let [x, y, z, _] = v.to_f32();
        Vector3::new(x, y, z)
    }
}

impl<R: Real> From<Vec4<R>> for Point3<f32> {
    /// `x, y, z`; `w` dropped.
    fn from(v: Vec4<R>) -> Self {
        let [x, y, z, _] = v.to_f32();
        Point3::new(x, y, z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ee32::Ee32;

    #[test]
    fn round_trips_through_nalgebra() {
        let p = Point3::new(1.5f32, -2.0, 3.25);
        let v: Vec4<Ee32> = p.into();
        assert_eq!(v.w.to_f32(), 1.0);
        let back: Point3<f32> = v.into();
        assert_eq!(back, p);
        let d: Vec4<f32> = Vector3::new(0.0f32, 1.0, 0.0).into();
        assert_eq!(d.w, 0.0);
    }
}
