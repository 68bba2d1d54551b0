//! The sphere-box sweep kernel: the start region and its step, and the hit's
//! outputs (Unit 5, "Sweep_SphereOrientedBox (0x0034bbe8)").

use ps2_float::{Real, Vec4};

use super::corner_region::sweep_corner_region;
use super::edge_region::sweep_edge_region;
use super::face_region::sweep_face_region;
use super::normals::{box_normal_to_world_read, NormalTable};
use super::step::{StartTouch, Step};
use crate::shapes::OrientedBox;

/// Feature type 0: a face region.
pub const FEATURE_FACE: u32 = 0;
/// Feature type 1: a corner region.
pub const FEATURE_CORNER: u32 = 1;
/// Feature type 2: an edge region.
pub const FEATURE_EDGE: u32 = 2;
/// Feature type 4: the start centre inside the box.
pub const FEATURE_INSIDE: u32 = 4;

/// What a hit of [`sweep_sphere_oriented_box`] writes through its out
/// pointers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereBoxHit<R> {
    /// The fraction of the move at first contact (0 when the start centre is
    /// inside).
    pub fraction: R,
    /// The contact point in world space (`w = 1`; inside: the start centre,
    /// its `w` kept).
    pub world_point: Vec4<R>,
    /// The contact point in the box's frame, from its centre along its axes
    /// (inside: local x and y clamped to the box, then the world z).
    pub local_point: [R; 3],
    /// The box's normal for the feature region the start centre is in (world
    /// space; the table's, even where the table is wrong), or inside the
    /// horizontal direction from the box centre to the sphere (`w = 1`).
    pub normal: Vec4<R>,
    /// The horizontal unit direction from the sphere's start centre to the box
    /// centre, `w = 1`.
    pub to_box: Vec4<R>,
    /// The feature type: [`FEATURE_FACE`], [`FEATURE_EDGE`], [`FEATURE_CORNER`]
    /// or [`FEATURE_INSIDE`].
    pub feature: u32,
    /// The feature index (Unit 5, "Feature index").
    pub index: u32,
}

/// The start centre's region, by which slabs of the box it lies within
/// (Unit 5, "Region of the start centre").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    Inside,
    FaceX,
    FaceY,
    FaceZ,
    EdgeX,
    EdgeY,
    EdgeZ,
    Corner,
}

impl Region {
    #[inline]
    fn of(within: [bool; 3]) -> Self {
        match within {
            [true, true, true] => Region::Inside,
            [true, true, false] => Region::FaceZ,
            [true, false, true] => Region::FaceY,
            [false, true, true] => Region::FaceX,
            [true, false, false] => Region::EdgeX,
            [false, true, false] => Region::EdgeY,
            [false, false, true] => Region::EdgeZ,
            [false, false, false] => Region::Corner,
        }
    }

    // The arms are Unit 5's index tables, one per region: data, not folded.
    /// The feature type and index the kernel writes for this region and the
    /// folding signs (`neg[i]`: axis `i` was flipped) (Unit 5, "Feature
    /// index").
    fn feature(self, neg: [bool; 3]) -> (u32, u32) {
        let [n0, n1, n2] = neg;
        match self {
            Region::Inside => (FEATURE_INSIDE, 0),
            Region::FaceX => (FEATURE_FACE, if n0 { 3 } else { 1 }),
            Region::FaceY => (FEATURE_FACE, if n1 { 2 } else { 0 }),
            Region::FaceZ => (FEATURE_FACE, if n2 { 5 } else { 4 }),
            // The three edge tables number their edges each in its own
            // order (the console's feature indices), so each is its own match.
            Region::EdgeZ => {
                let i = match (n0, n1) {
                    (true, false) => 0,
                    (false, false) => 1,
                    (false, true) => 2,
                    (true, true) => 3,
                };
                (FEATURE_EDGE, i)
            }
            Region::EdgeY => {
                let i = match (n0, n2) {
                    (true, true) => 4,
                    (true, false) => 5,
                    (false, true) => 6,
                    (false, false) => 7,
                };
                (FEATURE_EDGE, i)
            }
            Region::EdgeX => {
                let i = match (n1, n2) {
                    (false, false) => 8,
                    (false, true) => 9,
                    (true, true) => 10,
                    (true, false) => 11,
                };
                (FEATURE_EDGE, i)
            }
            Region::Corner => {
                let i = match (n0, n1, n2) {
                    (true, false, false) => 0,
                    (false, false, false) => 1,
                    (false, false, true) => 2,
                    (true, false, true) => 3,
                    (true, true, false) => 4,
                    (false, true, false) => 5,
                    (false, true, true) => 6,
                    (true, true, true) => 7,
                };
                (FEATURE_CORNER, i)
            }
        }
    }

    /// Runs the region's step with the table's axis order and maps its point
    /// back to `(x, y, z)` (still folded).
    fn step<R: Real>(self, h: [R; 3], d: [R; 3], m: [R; 3], r: R) -> Step<R> {
        let [hx, hy, hz] = h;
        let [dx, dy, dz] = d;
        let [mx, my, mz] = m;
        let t0 = StartTouch::Reject;
        match self {
            Region::Inside => Step::Miss,
            Region::FaceZ => sweep_face_region(h, d, m, r, t0),
            // (u, v, w) = (x, z, y).
            Region::FaceY => sweep_face_region([hx, hz, hy], [dx, dz, dy], [mx, mz, my], r, t0)
                .map_point(|[u, v, w]| [u, w, v]),
            // (u, v, w) = (y, z, x).
            Region::FaceX => sweep_face_region([hy, hz, hx], [dy, dz, dx], [my, mz, mx], r, t0)
                .map_point(|[u, v, w]| [w, u, v]),
            // P = y, Q = x, R = z.
            Region::EdgeX => sweep_edge_region([hy, hx, hz], [dy, dx, dz], [my, mx, mz], r, t0)
                .map_point(|[p, q, s]| [q, p, s]),
            // P = x, Q = y, R = z.
            Region::EdgeY => sweep_edge_region(h, d, m, r, t0),
            // P = x, Q = z, R = y.
            Region::EdgeZ => sweep_edge_region([hx, hz, hy], [dx, dz, dy], [mx, mz, my], r, t0)
                .map_point(|[p, q, s]| [p, s, q]),
            Region::Corner => sweep_corner_region(h, d, m, r),
        }
    }
}

/// `lo ≤ x ≤ hi` by `min` then `max`.
#[inline]
#[must_use]
fn clamp<R: Real>(x: R, lo: R, hi: R) -> R {
    x.min(hi).max(lo)
}

/// The horizontal unit vector along `v` (z set to 0, then normalised), `w = 1`.
/// A zero horizontal part gives `(0, 0, 0, 1)` (divergence 61).
#[inline]
#[must_use]
fn horizontal_unit<R: Real>(v: Vec4<R>) -> Vec4<R> {
    v.with_z(R::ZERO).normalize().with_w(R::ONE)
}

/// First contact of a sphere of radius `r`, centre `centre`, moving by
/// `sphere_move`, with the oriented box `bx` moving by `box_move`, within
/// `max_frac` of the move (Unit 5, "Sweep_SphereOrientedBox").
///
/// The start centre's region in the box's frame (after folding every axis so
/// the centre's coordinate is not negative) picks the step: a face, an edge or
/// the corner region. A centre inside the box (or on its surface) is a hit at
/// fraction 0 whatever the move and `max_frac`. A sphere that already touches
/// the box with its centre outside never hits; nor does a zero move from
/// outside. A step's hit counts when its fraction is at most `max_frac`.
///
/// On a miss the original has already stored the type and index (and, for a
/// touching start, a fraction 0) in its out slots; no caller reads them after
/// a 0 return, so only a hit is returned here (divergence 62).
///
/// Original: `Sweep_SphereOrientedBox` (0x0034bbe8).
#[must_use]
pub fn sweep_sphere_oriented_box<R: Real>(
    r: R,
    max_frac: R,
    bx: &OrientedBox<R>,
    box_move: Vec4<R>,
    centre: Vec4<R>,
    sphere_move: Vec4<R>,
) -> Option<SphereBoxHit<R>> {
    sweep_sphere_oriented_box_with(r, max_frac, bx, box_move, centre, sphere_move, true)
}

/// [`sweep_sphere_oriented_box`] with the region steps switched (`steps`,
/// [`Quirks::sphere_box_steps`](crate::Quirks)): `true` is the original;
/// `false` answers a start centre outside the box with the true first
/// contact and normal (`super::exact`): a sphere already touching meets at
/// 0, the fraction is the first touch of the box rounded by the radius, the
/// normal points from the box's nearest point to the centre at contact, the
/// world point lies on the box moved by the fraction of `box_move`. A centre
/// inside is the original's answer either way, but for the box-frame point's
/// third lane: the centre's box-frame z, not its world z.
#[must_use]
pub fn sweep_sphere_oriented_box_with<R: Real>(
    r: R,
    max_frac: R,
    bx: &OrientedBox<R>,
    box_move: Vec4<R>,
    centre: Vec4<R>,
    sphere_move: Vec4<R>,
    steps: bool,
) -> Option<SphereBoxHit<R>> {
    sweep_sphere_oriented_box_read(
        r,
        max_frac,
        bx,
        box_move,
        centre,
        sphere_move,
        steps,
        NormalTable::BitPatterns,
    )
}

/// [`sweep_sphere_oriented_box_with`] with the normal tables read as
/// `table` says (SPEC-NOTES item 1, divergence 70); only a contact of the
/// region steps reads them.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn sweep_sphere_oriented_box_read<R: Real>(
    r: R,
    max_frac: R,
    bx: &OrientedBox<R>,
    box_move: Vec4<R>,
    centre: Vec4<R>,
    sphere_move: Vec4<R>,
    steps: bool,
    table: NormalTable,
) -> Option<SphereBoxHit<R>> {
    let [a0, a1, a2] = bx.axes;
    let p = bx.centre;
    let h = [bx.half.x, bx.half.y, bx.half.z];
    let rel = centre - p;
    let mrel = sphere_move - box_move;
    let mut d = [rel.dot(a0), rel.dot(a1), rel.dot(a2)];
    let mut m = [mrel.dot(a0), mrel.dot(a1), mrel.dot(a2)];
    let mut neg = [false; 3];
    for ((di, mi), ni) in d.iter_mut().zip(m.iter_mut()).zip(neg.iter_mut()) {
        if *di < R::ZERO {
            *di = -*di;
            *mi = -*mi;
            *ni = true;
        }
    }
    let [dx, dy, dz] = d;
    let [hx, hy, hz] = h;
    let region = Region::of([dx <= hx, dy <= hy, dz <= hz]);
    let (feature, index) = region.feature(neg);

    if region == Region::Inside {
        // Local x and y as C·Ai − P·Ai, as the spec writes this case
        // (divergence 65).
        let lx = clamp(centre.dot(a0) - p.dot(a0), -hx, hx);
        let ly = clamp(centre.dot(a1) - p.dot(a1), -hy, hy);
        let normal = horizontal_unit(rel);
        // Corrected, the third lane is the box frame's too (the world z
        // mixes frames; divergence 472).
        let lz = if steps {
            centre.z
        } else {
            clamp(centre.dot(a2) - p.dot(a2), -hz, hz)
        };
        return Some(SphereBoxHit {
            fraction: R::ZERO,
            world_point: centre,
            local_point: [lx, ly, lz],
            normal,
            to_box: -normal,
            feature,
            index,
        });
    }

    if !steps {
        let local = |v: Vec4<R>| [v.dot(a0), v.dot(a1), v.dot(a2)];
        let to_box = horizontal_unit(p - centre);
        // The world point where the moved box touches (divergence 472).
        return super::exact::corrected_hit(
            r,
            max_frac,
            bx,
            local(rel),
            local(mrel),
            to_box,
            feature,
            index,
        )
        .map(|hit| SphereBoxHit {
            world_point: hit.world_point.madd(box_move.with_w(R::ZERO), hit.fraction),
            ..hit
        });
    }

    let Step::Hit { fraction, point } = region.step(h, d, m, r) else {
        return None;
    };
    if fraction > max_frac {
        return None;
    }
    // Unfolding multiplies by the sign, sign first (divergence 64); the world
    // point sums left to right, products rounded first (divergence 65).
    let sign = |n: bool| if n { -R::ONE } else { R::ONE };
    let [x, y, z] = point;
    let [n0, n1, n2] = neg;
    let local = [sign(n0) * x, sign(n1) * y, sign(n2) * z];
    let [lx, ly, lz] = local;
    let world = p.madd(a0, lx).madd(a1, ly).madd(a2, lz).with_w(R::ONE);
    Some(SphereBoxHit {
        fraction,
        world_point: world,
        local_point: local,
        normal: box_normal_to_world_read(bx, feature, index, table),
        to_box: horizontal_unit(p - centre),
        feature,
        index,
    })
}
