//! [`Triangle`]: the 10-byte collision triangle.
//!
//! | offset | type | field |
//! | --- | --- | --- |
//! | `+0x00` | `u16[3]` | vertex indices `v0, v1, v2` |
//! | `+0x06` | `u16` | flags ([`TriangleFlags`]) |
//! | `+0x08` | `u8` | material id ([`Material`]) |
//! | `+0x09` | `u8` | the area byte (0 to 124 on the disc; `Collision_DropToMarkedGround` passes through 0) |
//!
//! Little-endian, as the EE reads it (Coney `docs/research/collision.md`,
//! "Triangles"). The front face is the one `(v1 − v0) × (v2 − v0)` points to.

use crate::{flags::TriangleFlags, material::Material};

/// One collision triangle, as the level file stores it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Triangle {
    /// `+0x00`: the vertex indices `v0, v1, v2`.
    pub v: [u16; 3],
    /// `+0x06`: the flags.
    pub flags: TriangleFlags,
    /// `+0x08`: the material.
    pub material: Material,
    /// `+0x09`: the area byte.
    pub area: u8,
}

impl Triangle {
    /// Bytes per triangle in the `0x04` chunk.
    pub const SIZE: usize = 10;

    /// The triangle's 10 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        for (k, v) in self.v.iter().enumerate() {
            b[2 * k..2 * k + 2].copy_from_slice(&v.to_le_bytes());
        }
        b[6..8].copy_from_slice(&self.flags.bits().to_le_bytes());
        b[8] = self.material.0;
        b[9] = self.area;
        b
    }

    /// A triangle from its 10 bytes (every flag bit kept).
    #[must_use]
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]);
        Self {
            v: [u16_at(0), u16_at(2), u16_at(4)],
            flags: TriangleFlags::from_bits_retain(u16_at(6)),
            material: Material(b[8]),
            area: b[9],
        }
    }

    /// Whether the corners, read from `vertices`, span no area: the cross
    /// product `(v1 − v0) × (v2 − v0)` is exactly zero in `f32`. Such a
    /// triangle is kept in the mesh but can never give a contact: its unit
    /// normal comes out as zero (the EE's `rsqrt(0)` is `MAX` and
    /// `0 × MAX = 0`), so the mesh sweeps' side test `n·c − n·v0 < 1e-6`
    /// fails for a one-sided triangle, and a two-sided one, flipped, fails the
    /// approach test `n·move < −0.001` (spec Unit 1, "CollTri_ComputeNormal").
    ///
    /// `None` when an index is past `vertices`.
    #[must_use]
    pub fn is_degenerate(&self, vertices: &[[f32; 4]]) -> Option<bool> {
        let p = |k: usize| vertices.get(usize::from(self.v[k]));
        let (a, b, c) = (p(0)?, p(1)?, p(2)?);
        let e0 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let e1 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let n = [
            e0[1] * e1[2] - e0[2] * e1[1],
            e0[2] * e1[0] - e0[0] * e1[2],
            e0[0] * e1[1] - e0[1] * e1[0],
        ];
        Some(n == [0.0, 0.0, 0.0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_bytes_little_endian() {
        let t = Triangle {
            v: [0x0102, 0x0304, 0x0506],
            flags: TriangleFlags::from_bits_retain(0xf00d),
            material: Material(116),
            area: 7,
        };
        let b = t.to_bytes();
        assert_eq!(b, [0x02, 0x01, 0x04, 0x03, 0x06, 0x05, 0x0d, 0xf0, 116, 7]);
        assert_eq!(Triangle::from_bytes(&b), t);
    }

    #[test]
    fn degenerate_detection() {
        let v = [
            [0.0, 0.0, 0.0, 1.0],
            [1.0, 0.0, 0.0, 1.0],
            [2.0, 0.0, 0.0, 1.0],
            [0.0, 1.0, 0.0, 1.0],
        ];
        let line = Triangle {
            v: [0, 1, 2],
            ..Triangle::default()
        };
        let face = Triangle {
            v: [0, 1, 3],
            ..Triangle::default()
        };
        let bad = Triangle {
            v: [0, 1, 9],
            ..Triangle::default()
        };
        assert_eq!(line.is_degenerate(&v), Some(true));
        assert_eq!(face.is_degenerate(&v), Some(false));
        assert_eq!(bad.is_degenerate(&v), None);
    }
}
