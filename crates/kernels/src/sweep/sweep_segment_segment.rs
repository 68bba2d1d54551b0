//! A segment "swept" against a segment (sweep table entry (4, 4)): the static
//! overlap.

use crate::overlap::overlap_segment_segment;

pair_sweep!(
    /// Table entry (4, 4): the static overlap of the two segments where they are
    /// (Unit 4's [`overlap_segment_segment`]); the move is not read. Segments move
    /// with their bone and are tested where they are, which is how strikes work;
    /// nothing is written, the fraction included, so the original sorts such
    /// contacts by stack leftovers (overview, "The shape-pair tables"). The name
    /// is ours (divergence 112).
    ///
    /// Original: `PhysicsSweep_SegmentSegment` (0x00344300).
    #[inline]
    physics_sweep_segment_segment(Segment, Segment) => overlap overlap_segment_segment
);
