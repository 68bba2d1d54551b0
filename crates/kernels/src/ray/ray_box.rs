//! A ray against an oriented box, slab by slab (the ray table's box entry).

use ps2_float::{Real, Vec4};

use crate::box_sweep::Window;
use crate::shapes::OrientedBox;

/// Clips the window `[first, last]` of a ray to one slab of the box: the
/// ray's coordinate along the slab's axis starts at `o` and changes by `d`
/// over the ray, the slab is `[−h, h]`. Returns `false` when the window is
/// left empty (`last < first`), `true` otherwise.
///
/// *Inferred* (the overview gives "a ray against an oriented box, slab by
/// slab"): a ray parallel to the slab (`d` exactly 0) keeps the window when
/// `−h ≤ o ≤ h` and empties it otherwise; else the two face times
/// `(−h − o) / d` and `(h − o) / d`, the smaller raising `first` and the larger
/// lowering `last`. Touching counts (divergence 111).
///
/// Original: `Ray_ClipSlab` (0x00349488).
pub fn ray_clip_slab<R: Real>(o: R, d: R, h: R, window: &mut Window<R>) -> bool {
    if d == R::ZERO {
        return -h <= o && o <= h;
    }
    let t0 = (-h - o).div(d);
    let t1 = (h - o).div(d);
    let (near, far) = if t1 < t0 { (t1, t0) } else { (t0, t1) };
    if window.first < near {
        window.first = near;
    }
    if far < window.last {
        window.last = far;
    }
    window.first <= window.last
}

/// The fraction of the ray `start + t·dir`, `t` in `[0, 1]`, at which it
/// first meets the oriented box, or `None`: the window starts at `[0, 1]` and
/// is clipped by the box's three slabs in axis order, the ray taken into the
/// box's frame with dot products summed `(x·x + y·y) + z·z`. A start inside
/// the box gives 0. *Inferred* beyond the role (divergence 111).
///
/// Original: `Ray_OrientedBox` (0x00349560).
#[must_use]
pub fn ray_oriented_box<R: Real>(start: Vec4<R>, dir: Vec4<R>, bx: &OrientedBox<R>) -> Option<R> {
    let mut window = Window {
        first: R::ZERO,
        last: R::ONE,
    };
    let rel = start - bx.centre;
    let half = [bx.half.x, bx.half.y, bx.half.z];
    for (a, h) in bx.axes.iter().zip(half) {
        if !ray_clip_slab(a.dot(rel), a.dot(dir), h, &mut window) {
            return None;
        }
    }
    Some(window.first)
}

/// The ray table's box entry (`+0x108`, type 1): [`ray_oriented_box`].
/// Returns the fraction only; the query records the owner, the shape and the
/// fraction, and no point or normal (overview, "Queries"). The name is ours
/// (divergence 112).
///
/// Original: `PhysicsRay_Box` (0x00345b90).
#[inline]
#[must_use]
pub fn physics_ray_box<R: Real>(bx: &OrientedBox<R>, start: Vec4<R>, dir: Vec4<R>) -> Option<R> {
    ray_oriented_box(start, dir, bx)
}
