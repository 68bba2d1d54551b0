//! The small amount of vector arithmetic the family needs, in `f32`.
//!
//! Every operation is written out component by component in a fixed order, so
//! a mirrored input (one coordinate negated) gives a bit-for-bit mirrored
//! result: IEEE rounding is symmetric about zero and no step depends on the
//! sign of a coordinate.

use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub};

/// A 3-D vector of `f32`, the retail `AC1Legacy::Vector3`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec3 {
    /// East.
    pub x: f32,
    /// North.
    pub y: f32,
    /// Up.
    pub z: f32,
}

impl Vec3 {
    /// The zero vector.
    pub const ZERO: Vec3 = Vec3::new(0.0, 0.0, 0.0);
    /// The world up axis.
    pub const UP: Vec3 = Vec3::new(0.0, 0.0, 1.0);

    /// A vector from its three components.
    pub const fn new(x: f32, y: f32, z: f32) -> Vec3 {
        Vec3 { x, y, z }
    }

    /// `x·x + y·y + z·z`, summed in that order.
    pub fn length_squared(self) -> f32 {
        self.x * self.x + self.y * self.y + self.z * self.z
    }

    /// The Euclidean length.
    pub fn length(self) -> f32 {
        self.length_squared().sqrt()
    }

    /// `x·x + y·y`, the horizontal part of the squared length.
    pub fn length_squared_xy(self) -> f32 {
        self.x * self.x + self.y * self.y
    }

    /// The dot product, summed `x`, `y`, `z`.
    pub fn dot(self, o: Vec3) -> f32 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    /// The cross product `self × o`.
    pub fn cross(self, o: Vec3) -> Vec3 {
        Vec3::new(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    /// `true` when every component is finite.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }

    /// The vector with its `x` negated: the mirror image in the plane `x = 0`.
    pub fn mirror_x(self) -> Vec3 {
        Vec3::new(-self.x, self.y, self.z)
    }
}

impl Add for Vec3 {
    type Output = Vec3;
    fn add(self, o: Vec3) -> Vec3 {
        Vec3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl AddAssign for Vec3 {
    fn add_assign(&mut self, o: Vec3) {
        *self = *self + o;
    }
}

impl Sub for Vec3 {
    type Output = Vec3;
    fn sub(self, o: Vec3) -> Vec3 {
        Vec3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

impl Neg for Vec3 {
    type Output = Vec3;
    fn neg(self) -> Vec3 {
        Vec3::new(-self.x, -self.y, -self.z)
    }
}

impl Mul<f32> for Vec3 {
    type Output = Vec3;
    fn mul(self, s: f32) -> Vec3 {
        Vec3::new(self.x * s, self.y * s, self.z * s)
    }
}

impl MulAssign<f32> for Vec3 {
    fn mul_assign(&mut self, s: f32) {
        *self = *self * s;
    }
}

impl Div<f32> for Vec3 {
    type Output = Vec3;
    /// Component-wise division (three divisions, not a multiplication by the
    /// reciprocal).
    fn div(self, s: f32) -> Vec3 {
        Vec3::new(self.x / s, self.y / s, self.z / s)
    }
}

/// A plane `normal · p + d = 0`, the retail `Plane`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plane {
    /// The plane's normal (unit length where the family writes one).
    pub normal: Vec3,
    /// The plane's offset: `-normal · point` for a point on the plane.
    pub d: f32,
}

impl Plane {
    /// A plane from its normal and offset.
    pub const fn new(normal: Vec3, d: f32) -> Plane {
        Plane { normal, d }
    }

    /// The horizontal ground plane `z = height`.
    pub const fn ground(height: f32) -> Plane {
        Plane::new(Vec3::UP, -height)
    }

    /// The signed distance of `p` from the plane (for a unit normal).
    pub fn distance(self, p: Vec3) -> f32 {
        self.normal.dot(p) + self.d
    }
}

/// A rigid frame: an origin and a unit quaternion `(w, x, y, z)`, the part of
/// the retail `Frame` the family uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Where the frame's local origin sits in the world.
    pub origin: Vec3,
    /// The frame's orientation as a unit quaternion `[w, x, y, z]`.
    pub orientation: [f32; 4],
}

impl Default for Frame {
    fn default() -> Frame {
        Frame::at(Vec3::ZERO)
    }
}

impl Frame {
    /// An unrotated frame at `origin`.
    pub const fn at(origin: Vec3) -> Frame {
        Frame {
            origin,
            orientation: [1.0, 0.0, 0.0, 0.0],
        }
    }

    /// A frame at `origin` turned by `heading` radians about the up axis.
    pub fn with_heading(origin: Vec3, heading: f32) -> Frame {
        let (s, c) = (heading * 0.5).sin_cos();
        Frame {
            origin,
            orientation: [c, 0.0, 0.0, s],
        }
    }

    /// Rotates a local vector into the world (no translation).
    pub fn rotate(&self, v: Vec3) -> Vec3 {
        let [w, x, y, z] = self.orientation;
        let q = Vec3::new(x, y, z);
        // v' = v + 2w (q × v) + 2 q × (q × v)
        let t = q.cross(v) * 2.0;
        v + t * w + q.cross(t)
    }

    /// Maps a local point into the world.
    pub fn local_to_global(&self, p: Vec3) -> Vec3 {
        self.origin + self.rotate(p)
    }
}
