//! [`VisitedBits`]: one bit per triangle, so that a triangle listed in several
//! cells is tested once per query.
//!
//! On the console the bits are the mesh's own scratch (`+0x94`, chunk `0x52`,
//! "Collision Checked"), cleared at the start of every query
//! (`CollisionMesh_BeginShapeQuery`, the ray cast, the sphere push). Here they
//! live beside the mesh, owned by whoever queries it (divergence 130): the
//! mesh stays immutable and shareable, and each world keeps one set and
//! reuses it for every query, so a query allocates nothing.

/// One bit per triangle, in bytes sized as the console sizes chunk `0x52`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisitedBits {
    bytes: Vec<u8>,
    triangles: usize,
}

/// What [`VisitedBits::visit`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// Not visited before in this query; now marked.
    First,
    /// Already visited in this query: skip it.
    Again,
    /// The index is past the mesh's triangles (no checked mesh lists one;
    /// kept for the readers of the box sweep's overrun, spec Unit 13).
    OutOfRange,
}

impl VisitedBits {
    /// The size of the console's bit set for `triangles` triangles, in bytes:
    /// `(((n + 7) >> 3) + 15) & 0x7ff0` (the disc's `0x52` chunks have exactly
    /// this size).
    #[must_use]
    pub const fn byte_len(triangles: usize) -> usize {
        (((triangles + 7) >> 3) + 15) & 0x7ff0
    }

    /// A cleared set for `triangles` triangles.
    #[must_use]
    pub fn new(triangles: usize) -> Self {
        Self {
            bytes: vec![0; Self::byte_len(triangles)],
            triangles,
        }
    }

    /// The number of triangles the set covers.
    #[must_use]
    pub fn triangles(&self) -> usize {
        self.triangles
    }

    /// The bytes, as chunk `0x52` would hold them.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Clears every bit, first resizing the set when it was made for another
    /// number of triangles (the only time it allocates).
    pub fn reset(&mut self, triangles: usize) {
        if self.triangles != triangles || self.bytes.len() != Self::byte_len(triangles) {
            *self = Self::new(triangles);
        } else {
            self.bytes.fill(0);
        }
    }

    /// Tests and sets the bit of `triangle`.
    #[inline]
    pub fn visit(&mut self, triangle: usize) -> Visit {
        if triangle >= self.triangles {
            return Visit::OutOfRange;
        }
        let Some(byte) = self.bytes.get_mut(triangle >> 3) else {
            return Visit::OutOfRange;
        };
        let bit = 1u8 << (triangle & 7);
        if *byte & bit != 0 {
            Visit::Again
        } else {
            *byte |= bit;
            Visit::First
        }
    }

    /// Whether `triangle` was visited in this query.
    #[must_use]
    pub fn is_visited(&self, triangle: usize) -> bool {
        triangle < self.triangles
            && self
                .bytes
                .get(triangle >> 3)
                .is_some_and(|b| b & (1 << (triangle & 7)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_sizes() {
        // Coney collision.md, "The chunks": 16 to 1,136 bytes on the disc, for
        // 13 to 9,051 triangles.
        assert_eq!(VisitedBits::byte_len(0), 0);
        assert_eq!(VisitedBits::byte_len(13), 16);
        assert_eq!(VisitedBits::byte_len(128), 16);
        assert_eq!(VisitedBits::byte_len(129), 32);
        assert_eq!(VisitedBits::byte_len(9051), 1136);
        assert_eq!(VisitedBits::byte_len(65535), 8192);
    }

    #[test]
    fn visit_once_per_query() {
        let mut v = VisitedBits::new(20);
        assert_eq!(v.visit(9), Visit::First);
        assert_eq!(v.visit(9), Visit::Again);
        assert!(v.is_visited(9));
        assert_eq!(v.visit(20), Visit::OutOfRange);
        let before = v.as_bytes().as_ptr();
        v.reset(20);
        assert_eq!(
            v.as_bytes().as_ptr(),
            before,
            "a reset for the same mesh reuses the bytes"
        );
        assert_eq!(v.visit(9), Visit::First);
        v.reset(300);
        assert_eq!(v.as_bytes().len(), 48);
        assert!(!v.is_visited(9));
    }
}
