//! A segment "swept" against a capsule and a capsule against a segment
//! (sweep table entries (4, 3) and (3, 4)): the static overlaps.

use crate::overlap::{overlap_capsule_segment, overlap_segment_capsule};

pair_sweep!(
    /// Table entry (4, 3): the static overlap of the segment and the capsule (a
    /// true capsule with rounded ends), Unit 4's [`overlap_segment_capsule`]; the
    /// move is not read and nothing is written, the fraction included (overview,
    /// "The shape-pair tables"). The name is ours (divergence 112).
    ///
    /// Original: `PhysicsSweep_SegmentCapsule` (0x00345d38).
    #[inline]
    physics_sweep_segment_capsule(Segment, Capsule) => overlap overlap_segment_capsule
);

// The two entries are two originals written alike (the mirror calls the
// mirrored overlap): two functions, one per address, both written by
// `pair_sweep` as entry (4, 4) is.
pair_sweep!(
    /// Table entry (3, 4): the static overlap through Unit 4's mirror
    /// [`overlap_capsule_segment`]; the move is not read and nothing is written,
    /// the fraction included. The name is ours (divergence 112).
    ///
    /// Original: `PhysicsSweep_CapsuleSegment` (0x00345d18).
    #[inline]
    physics_sweep_capsule_segment(Capsule, Segment) => overlap overlap_capsule_segment
);
