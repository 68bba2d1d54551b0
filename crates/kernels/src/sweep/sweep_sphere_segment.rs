//! A sphere swept against a segment with a radius (sweep table entry (2, 4))
//! and its mirror (4, 2).

use ps2_float::{Real, Vec4};

use super::write_hit;
use crate::segment::closest_points;
use crate::{contact::Contact, shapes::Segment, shapes::Sphere};

/// A moving sphere (`own`) against a segment at rest (`other`), table entry
/// (2, 4).
///
/// The sphere's path `C`..`C + mv` and the segment `S`..`E` are two segments;
/// Unit 4's [`closest_points`] gives the parameters `(s, t)` of their closest
/// points (with `d1 = mv`, `d2 = E − S`, `w = C − S`, and its absolute
/// parallel threshold), and the pair touches when the gap
/// `w + s·d1 − t·d2` is at most the sum of the radii (touching included).
/// The fraction is `s`, the point of closest approach along the move, not the
/// first touch: a path that crosses the segment is met where it is nearest,
/// later than where the two first touch (*inferred*: the overview says only
/// that these entries use the segment kernels, divergence 109). A zero move
/// is the static overlap at fraction 0.
///
/// On a hit it writes `+0x80` = `s`; `+0x50` the unit gap from the segment's
/// nearest point to the sphere's centre at `s` (`w = 1`), `+0x10` its
/// negation; `+0x90` the point on the segment's surface along it (`w = 1`);
/// `+0xb0 = 0`; and returns `true`. A miss writes nothing (divergence 102).
///
/// Original: `PhysicsSweep_SphereSegment` (0x00344320).
pub fn physics_sweep_sphere_segment<R: Real>(
    c: &mut Contact<R>,
    own: &Sphere<R>,
    other: &Segment<R>,
    mv: Vec4<R>,
) -> bool {
    let d2 = other.end - other.start;
    let w = own.centre - other.start;
    let (s, t) = closest_points(mv, d2, w);
    // Unit 4's gap, w + s·d1 − t·d2.
    let gap = w.madd(mv, s) - d2.scale(t);
    let reach = own.radius + other.radius;
    if gap.dot(gap) > reach * reach {
        return false;
    }
    let n = gap.normalize();
    let near = other.start.madd(d2, t);
    write_hit(c, s, n, near, other.radius);
    true
}

pair_sweep!(
    /// The mirror, table entry (4, 2): the segment moves by `mv` against a sphere
    /// at rest. Runs [`physics_sweep_sphere_segment`] with the move reversed
    /// (`w` kept) and, on a hit, swaps the contact's halves wholesale
    /// (*inferred* from the function's size, the same as the specified mirrors,
    /// divergence 108). Strikes sweep a segment with its bone: the segment's
    /// whole move is then the sphere's reversed move.
    ///
    /// Original: `PhysicsSweep_SegmentSphere` (0x00344538).
    physics_sweep_segment_sphere(Segment, Sphere) => mirror of physics_sweep_sphere_segment
);
