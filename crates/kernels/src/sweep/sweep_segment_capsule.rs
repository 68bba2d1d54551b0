//! A segment "swept" against a capsule and a capsule against a segment
//! (sweep table entries (4, 3) and (3, 4)): the static overlaps.

use ps2_float::{Real, Vec4};

use crate::overlap::{overlap_capsule_segment, overlap_segment_capsule};
use crate::{contact::Contact, shapes::Capsule, shapes::Segment};

/// Table entry (4, 3): the static overlap of the segment and the capsule (a
/// true capsule with rounded ends), Unit 4's [`overlap_segment_capsule`]; the
/// move is not read and nothing is written, the fraction included (overview,
/// "The shape-pair tables"). The name is ours (divergence 112).
///
/// Original: `PhysicsSweep_SegmentCapsule` (0x00345d38).
#[inline]
pub fn physics_sweep_segment_capsule<R: Real>(
    c: &mut Contact<R>,
    own: &Segment<R>,
    other: &Capsule<R>,
    _mv: Vec4<R>,
) -> bool {
    overlap_segment_capsule(c, own, other)
}

// The two entries are two originals written alike (the mirror calls the
// mirrored overlap): kept as two functions, one per address.
/// Table entry (3, 4): the static overlap through Unit 4's mirror
/// [`overlap_capsule_segment`]; the move is not read and nothing is written,
/// the fraction included. The name is ours (divergence 112).
///
/// Original: `PhysicsSweep_CapsuleSegment` (0x00345d18).
#[inline]
pub fn physics_sweep_capsule_segment<R: Real>(
    c: &mut Contact<R>,
    own: &Capsule<R>,
    other: &Segment<R>,
    _mv: Vec4<R>,
) -> bool {
    overlap_capsule_segment(c, own, other)
}
