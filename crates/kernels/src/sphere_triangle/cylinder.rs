//! The move against an edge's capsule (Unit 1, "Ray_InfiniteCylinder (a
//! capsule)" and "SphereSweep_EdgeCylinder").
//!
//! Despite its name, `Ray_InfiniteCylinder` is a capsule: a wall of radius
//! `r` over the edge's length and a sphere at each end. Its roots are listed
//! in the order it finds them (wall, then the start cap, then the end cap),
//! not in time order, and nothing downstream sorts them.

use ps2_float::{Real, Vec4};

use super::segment_sphere::EdgePoints;
use crate::sat;

/// `0.99999899` (`0x3f7fffef`): `|Dz|` at or above it is a move parallel to
/// the axis.
const PARALLEL_BITS: u32 = 0x3f7f_ffef;
/// `1e-6` (`0x358637bd`): a move shorter than this is a zero move.
const TINY_BITS: u32 = 0x3586_37bd;

/// Two unit vectors perpendicular to the unit `w` and to each other:
/// `U = (−Wz, 0, Wx) / sqrt(Wx² + Wz²)` when `|Wy| ≤ |Wx|`, else
/// `U = (0, Wz, −Wy) / sqrt(Wy² + Wz²)`, and `V = W × U` (Unit 1,
/// "Ray_InfiniteCylinder (a capsule)", Frame). Not in Unit 1's table; kept
/// here for the capsule (divergence 30), with the division taken as a scale by
/// one `rsqrt` (divergence 25).
///
/// Original: `Vec_MakePerpendicularBasis` (0x00349180).
#[must_use]
pub(crate) fn perpendicular_basis<R: Real>(w: Vec4<R>) -> (Vec4<R>, Vec4<R>) {
    let u = if w.y.abs() <= w.x.abs() {
        Vec4::new(-w.z, R::ZERO, w.x, R::ONE).scale(R::ONE.rsqrt(w.x * w.x + w.z * w.z))
    } else {
        Vec4::new(R::ZERO, w.z, -w.y, R::ONE).scale(R::ONE.rsqrt(w.y * w.y + w.z * w.z))
    };
    (u, w.cross(u))
}

/// The root list being filled: each root is scaled by `k` (from distance
/// along the unit direction to a fraction of the move) as it is appended.
struct RootList<'a, R> {
    out: &'a mut [Option<R>; 2],
    n: u32,
    k: R,
}

impl<R: Real> RootList<'_, R> {
    /// Appends `tau · k`; `true` once two roots are held.
    fn push(&mut self, tau: R) -> bool {
        if let Some(slot) = self.out.get_mut(self.n as usize) {
            // `k` saturates for a zero move (divergence 20).
            *slot = Some(sat::mul(tau, self.k));
            self.n += 1;
        }
        self.n >= 2
    }
}

/// The capsule in the axis frame: the wall's quadratic
/// `a2·τ² + 2·a1·τ + a0`, the start's axial position `pz`, the direction's
/// axial part `dz`, the axis length `len` and the scale `k = 1/|M|`.
struct Frame<R> {
    a0: R,
    a1: R,
    a2: R,
    pz: R,
    dz: R,
    len: R,
    k: R,
}

impl<R: Real> Frame<R> {
    /// The axial position at `tau` along the unit direction.
    #[inline]
    fn axial(&self, tau: R) -> R {
        self.pz + sat::mul(tau, self.dz)
    }

    /// The general case: the wall, then the sphere at the start, then the
    /// sphere at the end, returning as soon as two roots are held.
    fn roots(&self, out: &mut [Option<R>; 2]) -> u32 {
        let mut list = RootList {
            out,
            n: 0,
            k: self.k,
        };
        let disc = self.a1 * self.a1 - self.a2 * self.a0;
        if disc < R::ZERO {
            return 0;
        }
        let on_wall = |z: R| R::ZERO <= z && z <= self.len;
        if disc > R::ZERO {
            let q = disc.sqrt();
            let inv = R::ONE.div(self.a2);
            for tau in [sat::mul(-self.a1 - q, inv), sat::mul(-self.a1 + q, inv)] {
                if on_wall(self.axial(tau)) && list.push(tau) {
                    return 2;
                }
            }
        } else {
            let tau = (-self.a1).div(self.a2);
            if on_wall(self.axial(tau)) {
                list.push(tau);
                return 1;
            }
        }
        let b0 = self.a0 + self.pz * self.pz;
        let b1 = self.a1 + self.pz * self.dz;
        if self.cap(&mut list, b0, b1, |z| z <= R::ZERO) {
            return 2;
        }
        let c1 = b1 - self.dz * self.len;
        // `b0 + L·(L − 2·Pz)` with the doubling as an add and the bracket as
        // the first factor, the order that reproduces the console's roots of
        // issue #348 (divergence 25).
        let c0 = b0 + (self.len - (self.pz + self.pz)) * self.len;
        if self.cap(&mut list, c0, c1, |z| z >= self.len) {
            return 2;
        }
        list.n
    }

    /// One end sphere: `τ² + 2·b1·τ + b0`, its roots tried in the order
    /// `−b1 − s`, `−b1 + s` (one root when the discriminant is exactly 0),
    /// each appended when `keep` accepts its axial position. `true` once two
    /// roots are held.
    fn cap(&self, list: &mut RootList<'_, R>, b0: R, b1: R, keep: impl Fn(R) -> bool) -> bool {
        let disc = b1 * b1 - b0;
        if disc > R::ZERO {
            let s = disc.sqrt();
            for tau in [-b1 - s, -b1 + s] {
                if keep(self.axial(tau)) && list.push(tau) {
                    return true;
                }
            }
        } else if disc == R::ZERO {
            let tau = -b1;
            if keep(self.axial(tau)) {
                return list.push(tau);
            }
        }
        false
    }
}

/// The fractions of the move `mv` at which a sphere of radius `r` starting at
/// `c` meets the capsule around the edge from `a` to `a + e`, in the
/// original's list order; returns how many (0-2) it wrote to `roots` (Unit 1,
/// "Ray_InfiniteCylinder (a capsule)").
///
/// A move parallel to the axis (or a zero move) meets only the two end
/// spheres, listed exit first when it runs toward `a`. Otherwise the wall's
/// roots come first, then the start sphere's, then the end sphere's, so the
/// first listed root may be a wall exit after a cap entry. A zero-length edge
/// is handled as a sphere at `a` (divergence 24).
///
/// Original: `Ray_InfiniteCylinder` (0x0034d938).
pub fn ray_infinite_cylinder<R: Real>(
    r: R,
    c: Vec4<R>,
    mv: Vec4<R>,
    a: Vec4<R>,
    e: Vec4<R>,
    roots: &mut [Option<R>; 2],
) -> u32 {
    let tiny = R::from_bits(TINY_BITS);
    let len = e.length();
    let delta = c - a;
    if len == R::ZERO {
        // Divergence 24: the sphere at `a`, as the spec describes the
        // console's outcome; the zero-move test is kept.
        let m = mv.length();
        if m < tiny {
            return 0;
        }
        let k = R::ONE.div(m);
        let d = mv.scale(k);
        let frame = Frame {
            a0: delta.dot(delta) - r * r,
            a1: delta.dot(d),
            a2: d.dot(d),
            pz: R::ZERO,
            dz: R::ZERO,
            len: R::ZERO,
            k,
        };
        return frame.roots(roots);
    }
    let w = e.scale(R::ONE.div(len));
    let (u, v) = perpendicular_basis(w);
    let (px, py, pz) = (u.dot(delta), v.dot(delta), w.dot(delta));
    let mp = Vec4::new(u.dot(mv), v.dot(mv), w.dot(mv), R::ONE);
    let m = mp.length();
    let k = R::ONE.div(m);
    let (dx, dy, dz) = (sat::mul(mp.x, k), sat::mul(mp.y, k), sat::mul(mp.z, k));
    if dz.abs() >= R::from_bits(PARALLEL_BITS) || m < tiny {
        let rho = (r * r - px * px) - py * py;
        let s = rho.sqrt();
        let me = mv.dot(e);
        let near = sat::mul(pz + s, k);
        let far = sat::mul((len - pz) + s, k);
        let pair = if me < R::ZERO && rho >= R::ZERO {
            [near, -far]
        } else if me > R::ZERO && rho >= R::ZERO {
            [-near, far]
        } else {
            return 0;
        };
        *roots = [Some(pair[0]), Some(pair[1])];
        return 2;
    }
    let frame = Frame {
        a0: (px * px + py * py) - r * r,
        a1: px * dx + py * dy,
        a2: dx * dx + dy * dy,
        pz,
        dz,
        len,
        k,
    };
    frame.roots(roots)
}

/// Runs the capsule and keeps the roots in `[0, 1]` (both ends inclusive):
/// for each, in list order, the centre at that fraction (`w = 1`) goes to the
/// next point slot; the count is written and the result is `true` when it is
/// above zero (Unit 1, "SphereSweep_EdgeCylinder"). `roots` is left as the
/// capsule wrote it, neither compacted nor sorted.
///
/// Original: `SphereSweep_EdgeCylinder` (0x0034dff8).
pub fn sweep_sphere_edge_cylinder<R: Real>(
    r: R,
    c: Vec4<R>,
    mv: Vec4<R>,
    a: Vec4<R>,
    e: Vec4<R>,
    out: &mut EdgePoints<R>,
    roots: &mut [Option<R>; 2],
) -> bool {
    let n = ray_infinite_cylinder(r, c, mv, a, e, roots);
    let mut kept = 0u32;
    for root in roots.iter().take(n as usize).flatten() {
        if R::ZERO <= *root && *root <= R::ONE {
            if let Some(slot) = out.points.get_mut(kept as usize) {
                *slot = Some(c.madd(mv, *root).with_w(R::ONE));
            }
            kept += 1;
        }
    }
    out.count = Some(kept);
    kept > 0
}
