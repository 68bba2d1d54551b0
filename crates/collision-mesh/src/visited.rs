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
///
/// Besides the bits it keeps the bytes it set since the last clear, so a
/// clear touches only those (a query visits a few hundred triangles of up to
/// 65,535), and whether the queries walk as the specification reads (see
/// [`VisitedBits::set_reference_walk`]). Two sets are equal when their bits
/// are.
#[derive(Clone, Debug, Default)]
pub struct VisitedBits {
    bytes: Vec<u8>,
    triangles: usize,
    /// The indices of the bytes set since the last clear, each once (so never
    /// more than `bytes.len()`, the capacity reserved up front).
    touched: Vec<u16>,
    /// A byte was set that `touched` had no room for (a clone's list has no
    /// spare capacity): the next clear writes every byte.
    overflow: bool,
    reference: bool,
    /// Room for the walk's keys of the triangles a query takes from the
    /// mesh's tree (query scratch, not part of the set; [`KEYS`] at most,
    /// reserved up front, or on the first walk after a clone, never grown
    /// after).
    pub(crate) keys: Vec<u64>,
}

impl PartialEq for VisitedBits {
    fn eq(&self, other: &Self) -> bool {
        self.triangles == other.triangles && self.bytes == other.bytes
    }
}

impl Eq for VisitedBits {}

/// The most triangles a query takes from the mesh's tree at once (more,
/// and it reads the cells' lists instead): 32 KiB of keys a set.
pub(crate) const KEYS: usize = 4096;

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
        let len = Self::byte_len(triangles);
        Self {
            bytes: vec![0; len],
            triangles,
            touched: Vec::with_capacity(len),
            overflow: false,
            reference: false,
            keys: Vec::with_capacity(triangles.min(KEYS)),
        }
    }

    /// Makes the mesh queries that take these bits (directly or through a
    /// `QueryScratch`) walk as the specification reads them: every cell of
    /// the box in the console's order, every listed triangle through every
    /// test, nothing culled (divergences 178 and 179 off). The answers are
    /// the same bit for bit either way (the differential test
    /// `tests/differential.rs` checks it); only the counters and the set of
    /// bits left set after a query differ. Off by default.
    pub fn set_reference_walk(&mut self, on: bool) {
        self.reference = on;
    }

    /// Whether [`VisitedBits::set_reference_walk`] is on.
    #[must_use]
    pub fn reference_walk(&self) -> bool {
        self.reference
    }

    /// The number of triangles the set covers.
    #[must_use]
    pub fn triangles(&self) -> usize {
        self.triangles
    }

    /// The bytes, as chunk `0x52` would hold them after the specification's
    /// walk when [`VisitedBits::set_reference_walk`] is on; otherwise the
    /// fast walks leave some first visits unmarked (divergence 179).
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Clears every bit, first resizing the set when it was made for another
    /// number of triangles (the only time it allocates).
    /// Only the bytes set since the last clear are written (all of them
    /// when more than an eighth of the set was touched).
    pub fn reset(&mut self, triangles: usize) {
        if self.triangles != triangles || self.bytes.len() != Self::byte_len(triangles) {
            let reference = self.reference;
            *self = Self::new(triangles);
            self.reference = reference;
        } else if !self.overflow && self.touched.len() * 8 < self.bytes.len() {
            for &i in &self.touched {
                if let Some(b) = self.bytes.get_mut(usize::from(i)) {
                    *b = 0;
                }
            }
            self.touched.clear();
        } else {
            self.bytes.fill(0);
            self.touched.clear();
            self.overflow = false;
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
            if *byte == 0 {
                if self.touched.len() < self.touched.capacity() {
                    // At most 8,192 bytes (65,535 triangles): the index fits.
                    self.touched.push((triangle >> 3) as u16);
                } else {
                    self.overflow = true;
                }
            }
            *byte |= bit;
            Visit::First
        }
    }

    /// Whether `triangle`'s bit is set: visited in this query, in the
    /// specification's walk ([`VisitedBits::set_reference_walk`]); the fast
    /// walks leave some visits unmarked (divergence 179).
    #[must_use]
    pub fn is_visited(&self, triangle: usize) -> bool {
        triangle < self.triangles
            && self
                .bytes
                .get(triangle >> 3)
                .is_some_and(|b| b & (1 << (triangle & 7)) != 0)
    }
}

/// A query's culling (its boxes' skips, divergences 178, 235 to 237 and
/// 272), which the reference walk switches off so that it tests every
/// triangle of its cells.
pub(crate) trait Culling: Sized {
    /// Switches the culling off.
    fn switch_off(&mut self);

    /// The same culling, switched off for the reference walk
    /// ([`VisitedBits::set_reference_walk`]).
    #[must_use]
    fn unless_reference(mut self, visited: &VisitedBits) -> Self {
        if visited.reference_walk() {
            self.switch_off();
        }
        self
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

    #[test]
    fn a_clear_clears_every_bit_set() {
        let mut v = VisitedBits::new(4000);
        for round in 0..3 {
            for t in [3, 17, 18, 1999, 3990] {
                assert_eq!(v.visit(t + round), Visit::First);
            }
            // A clone has no spare room for its list: it must still clear.
            let mut w = v.clone();
            w.visit(100);
            w.reset(4000);
            assert!(w.as_bytes().iter().all(|&b| b == 0));
            v.reset(4000);
            assert!(v.as_bytes().iter().all(|&b| b == 0));
        }
        // Most of the set touched: the whole set is written.
        for t in 0..4000 {
            v.visit(t);
        }
        v.reset(4000);
        assert!(v.as_bytes().iter().all(|&b| b == 0));
    }
}
