//! The box's feature normals: the face, edge and corner tables as the
//! executable holds them, and their turn into world space (Unit 5,
//! "SphereBox_ToBoxSpace (0x0034baf0)" and "The normal tables").
//!
//! The tables keep the executable's bit patterns: `a = 0x3f3504f4`
//! (0.70710683) and `b = 0x3f13b646` (0.577 exactly, not 1/√3 = 0.57735026;
//! SPEC-NOTES item 1). They also keep its eight wrong entries: joined with the
//! index the kernel picks from the start region's signs, the edges along y and
//! corners 1, 3, 5 and 7 give a normal that is not the outward one (SPEC-NOTES
//! item 2; the spec's prose says six, its table lists eight).

use ps2_float::{Real, Vec4};

pub use crate::readings::NormalTable;
use crate::shapes::OrientedBox;

/// `a` as the specification prints it, 0.70710677 (`0x3f3504f3`).
pub const A_PRINTED_BITS: u32 = 0x3f35_04f3;
/// `b` as the specification prints it, 0.57735026 (`0x3f13cd3a`).
pub const B_PRINTED_BITS: u32 = 0x3f13_cd3a;

// The bit patterns, not the spec's decimals (divergence 70), unless a
// `NormalTable` reading asks for the decimals.

/// `a` of the tables, 0.70710683 (`0x3f3504f4`, one unit above 1/√2).
pub const A_BITS: u32 = 0x3f35_04f4;
/// `b` of the tables, 0.577 (`0x3f13b646`; 1/√3 would be `0x3f13cd3a`).
pub const B_BITS: u32 = 0x3f13_b646;

const S: u32 = 0x8000_0000;
const O: u32 = 0;
const A: u32 = A_BITS;
const NA: u32 = A_BITS | S;
const B: u32 = B_BITS;
const NB: u32 = B_BITS | S;
const P1: u32 = 0x3f80_0000;
const N1: u32 = P1 | S;

/// The three tables as they lie in the executable, one after the other:
/// faces at 0x00512930 (6 entries), edges at 0x00512990 (12), corners at
/// 0x00512a50 (8); 16 bytes each, `w = 0`.
const TABLE: [[u32; 4]; 26] = [
    // Faces, 0x00512930.
    [O, P1, O, O],
    [P1, O, O, O],
    [O, N1, O, O],
    [N1, O, O, O],
    [O, O, P1, O],
    [O, O, N1, O],
    // Edges, 0x00512990.
    [NA, A, O, O],
    [A, A, O, O],
    [A, NA, O, O],
    [NA, NA, O, O],
    // Edges 4-7 (along y): the kernel gives index 4 to the (-, -) edge, 5 to
    // (-, +), 6 to (+, -), 7 to (+, +); each entry here faces the edge with
    // the other x sign (SPEC-NOTES item 2). Kept as the executable has them.
    [A, O, A, O],
    [A, O, NA, O],
    [NA, O, NA, O],
    [NA, O, A, O],
    [O, A, A, O],
    [O, A, NA, O],
    [O, NA, NA, O],
    [O, NA, A, O],
    // Corners, 0x00512a50. Entries 1, 3, 5 and 7 face the corner with the
    // other x and z signs than the one the kernel gives that index to
    // (SPEC-NOTES item 2). Kept as the executable has them.
    [NB, B, B, O],
    [NB, B, NB, O],
    [B, B, NB, O],
    [B, B, B, O],
    [NB, NB, B, O],
    [NB, NB, NB, O],
    [B, NB, NB, O],
    [B, NB, B, O],
];

/// Where each feature type's table starts in [`TABLE`].
const FACE_BASE: u32 = 0;
const EDGE_BASE: u32 = 6;
const CORNER_BASE: u32 = 18;

/// The constant the function uses for any other feature type, at 0x00511730.
const OTHER: [u32; 4] = [O, P1, O, P1];

/// The box-frame normal of a feature (type 0 face, 2 edge, 1 corner; any
/// other type the constant `(0, 1, 0, 1)`), as the executable's tables hold
/// it (Unit 5, "The normal tables").
///
/// An index past its table reads on into the next one, as the original's
/// address arithmetic does (the three tables are contiguous); past the corner
/// table the executable's bytes are not known and the normal is zero
/// (divergence 63).
#[must_use]
pub fn local_normal<R: Real>(feature: u32, index: u32) -> Vec4<R> {
    local_normal_read(feature, index, NormalTable::BitPatterns)
}

/// [`local_normal`] with the tables' `a` and `b` as `table` says.
#[must_use]
pub fn local_normal_read<R: Real>(feature: u32, index: u32, table: NormalTable) -> Vec4<R> {
    let base = match feature {
        0 => FACE_BASE,
        2 => EDGE_BASE,
        1 => CORNER_BASE,
        _ => return from_bits(OTHER),
    };
    let entry = usize::try_from(base.saturating_add(index))
        .ok()
        .and_then(|i| TABLE.get(i));
    let printed = |bits: u32| match bits & !S {
        A_BITS => A_PRINTED_BITS | (bits & S),
        B_BITS => B_PRINTED_BITS | (bits & S),
        _ => bits,
    };
    entry.map_or(Vec4::ZERO, |e| match table {
        NormalTable::BitPatterns => from_bits(*e),
        NormalTable::PrintedDecimals => from_bits(e.map(printed)),
    })
}

#[inline]
fn from_bits<R: Real>(e: [u32; 4]) -> Vec4<R> {
    Vec4::new(
        R::from_bits(e[0]),
        R::from_bits(e[1]),
        R::from_bits(e[2]),
        R::from_bits(e[3]),
    )
}

/// The world-space normal of a box feature: the table entry `n` picked by
/// `feature` and `index`, turned by the box's rows as
/// `((A0·nx + A1·ny) + A2·nz) + (0, 0, 0, 1)·nw` on all four lanes (so the
/// axes' `w` lanes reach the result's `w`). The original's name says "to box
/// space"; it goes from the box's frame to the world (Unit 5,
/// "SphereBox_ToBoxSpace").
///
/// Original: `SphereBox_ToBoxSpace` (0x0034baf0).
#[must_use]
pub fn box_normal_to_world<R: Real>(bx: &OrientedBox<R>, feature: u32, index: u32) -> Vec4<R> {
    box_normal_to_world_read(bx, feature, index, NormalTable::BitPatterns)
}

/// [`box_normal_to_world`] with the tables' `a` and `b` as `table` says.
#[must_use]
pub fn box_normal_to_world_read<R: Real>(
    bx: &OrientedBox<R>,
    feature: u32,
    index: u32,
    table: NormalTable,
) -> Vec4<R> {
    let n = local_normal_read::<R>(feature, index, table);
    let [a0, a1, a2] = bx.axes;
    let w = Vec4::new(R::ZERO, R::ZERO, R::ZERO, R::ONE);
    // All four lanes, axis lane first, summed left to right (divergence 65);
    // the axes' w lanes reach the result's w (divergence 66).
    let lane = |a0: R, a1: R, a2: R, w: R| ((a0 * n.x + a1 * n.y) + a2 * n.z) + w * n.w;
    Vec4::new(
        lane(a0.x, a1.x, a2.x, w.x),
        lane(a0.y, a1.y, a2.y, w.y),
        lane(a0.z, a1.z, a2.z, w.z),
        lane(a0.w, a1.w, a2.w, w.w),
    )
}
