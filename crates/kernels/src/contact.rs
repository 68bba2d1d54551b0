//! The contact record (0xc0 bytes in the original), field by field.
//!
//! The original's kernels write only some fields of the record they are given
//! and leave the rest holding whatever the caller's stack held. Every field here
//! is an `Option`: `None` means "not written by this call", so a caller (and a
//! golden snapshot) can tell a written zero from a byte left as it was. Vector
//! fields are written lane by lane ([`Lanes`]), because several kernels write
//! `x, y, z` and leave `w`, or write two lanes of one vector and a scalar into
//! the third.

use ps2_float::{Real, Vec4};

/// A 16-byte vector field of the record, each lane written or not.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lanes<R> {
    /// Lane 0.
    pub x: Option<R>,
    /// Lane 1.
    pub y: Option<R>,
    /// Lane 2.
    pub z: Option<R>,
    /// Lane 3.
    pub w: Option<R>,
}

impl<R> Default for Lanes<R> {
    fn default() -> Self {
        Self {
            x: None,
            y: None,
            z: None,
            w: None,
        }
    }
}

impl<R: Real> Lanes<R> {
    /// Writes all four lanes.
    #[inline]
    pub fn set(&mut self, v: Vec4<R>) {
        *self = Self {
            x: Some(v.x),
            y: Some(v.y),
            z: Some(v.z),
            w: Some(v.w),
        };
    }

    /// Writes `x, y, z` and leaves `w` as it was.
    #[inline]
    pub fn set_xyz(&mut self, v: Vec4<R>) {
        self.x = Some(v.x);
        self.y = Some(v.y);
        self.z = Some(v.z);
    }

    /// The vector when all four lanes were written.
    #[must_use]
    pub fn get(&self) -> Option<Vec4<R>> {
        Some(Vec4::new(self.x?, self.y?, self.z?, self.w?))
    }

    /// The vector with unwritten lanes read as `fill`.
    #[must_use]
    pub fn get_or(&self, fill: R) -> Vec4<R> {
        Vec4::new(
            self.x.unwrap_or(fill),
            self.y.unwrap_or(fill),
            self.z.unwrap_or(fill),
            self.w.unwrap_or(fill),
        )
    }

    /// `true` when no lane was written.
    #[must_use]
    pub fn is_unwritten(&self) -> bool {
        self.x.is_none() && self.y.is_none() && self.z.is_none() && self.w.is_none()
    }
}

/// One 0x40-byte half of a contact: the moving (own) shape's, or the other's.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactHalf<R> {
    /// `+0x00`: the owner (a handle; 0 for the level).
    pub owner: Option<u32>,
    /// `+0x04`: the shape (a handle; 0 for the level).
    pub shape: Option<u32>,
    /// `+0x10`: this half's normal, pointing from this half's shape towards the
    /// other one (Unit 4, "Half normals").
    pub normal: Lanes<R>,
    /// `+0x20`: a point in this half's shape's frame (the in-plane or local
    /// point: Unit 5's box-frame point, Unit 12's `(px, py, mid-height, 1)`).
    pub point: Lanes<R>,
    /// `+0x30`: the feature type (Unit 5: 0 face, 1 corner, 2 edge, 4 inside).
    pub feature: Option<u32>,
    /// `+0x34`: the feature index within its type (Unit 5's tables).
    pub feature_index: Option<u32>,
}

// Written out, not derived: a derive would ask `R: Default`, and the
// default holds for every `R` (its fields listed as the struct lists them).
impl<R> Default for ContactHalf<R> {
    fn default() -> Self {
        Self {
            owner: None,
            shape: None,
            normal: Lanes::default(),
            point: Lanes::default(),
            feature: None,
            feature_index: None,
        }
    }
}

/// The contact record. Start from [`Contact::default`] (nothing written); a
/// kernel writes only the fields its unit names.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<R> {
    /// `+0x00`-`+0x3f`: the moving (querying) shape's half.
    pub own: ContactHalf<R>,
    /// `+0x40`-`+0x7f`: the other shape's half (`+0x50` is the other shape's
    /// outward normal, `+0x60` the point in its frame).
    pub other: ContactHalf<R>,
    /// `+0x80`: the fraction of the move at first contact.
    pub fraction: Option<R>,
    /// `+0x88`: a penetration depth (metres; m² for a capsule-box corner,
    /// Unit 4).
    pub depth: Option<R>,
    /// `+0x90`: the contact point in world space.
    pub point: Lanes<R>,
    /// `+0xa0`: the slide vector (Unit 12's corner slide).
    pub slide: Lanes<R>,
    /// `+0xb0`: the flags word (0x1 corner slide, 0x2 stored slide, 0x80 a
    /// human's landing).
    pub flags: Option<u32>,
    /// `+0xb4`: the mesh triangle (index), for contacts with the level.
    pub triangle: Option<u32>,
}

// Written out, not derived: a derive would ask `R: Default`, and the
// default holds for every `R` (its fields listed as the struct lists them).
impl<R> Default for Contact<R> {
    fn default() -> Self {
        Self {
            own: ContactHalf::default(),
            other: ContactHalf::default(),
            fraction: None,
            depth: None,
            point: Lanes::default(),
            slide: Lanes::default(),
            flags: None,
            triangle: None,
        }
    }
}

impl<R> Contact<R> {
    /// Swaps the two halves wholesale, as a mirrored pair table entry does after
    /// calling the other order.
    #[inline]
    pub fn swap_halves(&mut self) {
        core::mem::swap(&mut self.own, &mut self.other);
    }

    /// A mirrored entry's answer: `hit` passed on, the halves swapped first
    /// when it is a hit (the other order's call has already run).
    #[inline]
    pub(crate) fn mirrored(&mut self, hit: bool) -> bool {
        if hit {
            self.swap_halves();
        }
        hit
    }
}
