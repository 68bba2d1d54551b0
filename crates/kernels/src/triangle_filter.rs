//! The per-triangle filter every mesh query applies before its kernel: drop
//! a triangle that is switched off (or excluded by the bit-3 rule), turn a
//! two-sided face towards the shape, drop a one-sided face the shape is
//! behind, and drop a face the move does not go into.
//!
//! The sphere, walking and box sweeps, the sphere overlap and the airborne
//! body's push-out all read a triangle this way (spec Unit 1, "Issue #150";
//! overview "Sweeping a body" step 2; Unit 13, "PhysicsMesh_SweepBox", "Per
//! triangle"); the overlap and the push-out have no move, so the last test
//! is left out for them. The queries differ only in what comes between the
//! steps (the culling, the normal, the `n.z` tests), so the filter is two
//! calls: [`admit`] on the flags, then [`FaceTest::face`] on the working
//! triangle once its normal is known.
//!
//! The float expressions are the console's (`n·c − n·v0 < 1e-6`,
//! `n·M ≥ −0.001`), written once here.

use ps2_float::{Real, Vec4};

use crate::flags::TriangleFlags;
use crate::triangle::WorkTriangle;
use crate::triangle::{INTO_FACE, SIDE_EPSILON};

/// `0.001` (0x3a83126f): the sphere sweep's option 0x40 calls a move with
/// `|n·M| ≤ 0.001` grazing (spec Unit 1, "Issue #150").
pub const GRAZING: u32 = 0x3a83_126f;

/// Body flag 0x100 (body `+0x40`): the sphere and box sweeps drop the
/// triangles with flag bit 0x8 for such a body (spec Unit 1, "Issue #150";
/// Unit 13, "PhysicsMesh_SweepBox").
pub const BODY_SKIPS_BIT3: u32 = 0x100;

/// Why the filter dropped a triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshSkip {
    /// Triangle bit 0x8 under the query's bit-3 rule (body flag 0x100, or
    /// the sphere sweep's option 0x8000).
    Bit3,
    /// Triangle bit 0x1 clear.
    Disabled,
    /// One-sided and the shape's centre is not in front (`n·c − n·v0 < 1e-6`).
    Behind,
    /// The move does not go into the face (`n·move ≥ −0.001`).
    Receding,
}

/// What the face test left of a triangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FaceOutcome<R> {
    /// The triangle goes on to the kernel.
    Kept {
        /// The unit normal facing the shape (the working triangle's `+0x70`).
        normal: Vec4<R>,
        /// Whether the triangle was turned over ([`WorkTriangle::flip`]).
        flipped: bool,
        /// The centre's distance in front of the kept face: `n·c − n·v0` of
        /// the face as it was, negated when it was turned over.
        side: R,
    },
    /// The triangle was dropped, and why.
    Skipped(MeshSkip),
}

/// The flags step: `Err` with the reason when the triangle is dropped before
/// its normal. With `bit3` (the query's bit-3 rule holds) a triangle with
/// bit 0x8 is dropped first; then one without bit 0x1.
///
/// # Errors
///
/// [`MeshSkip::Bit3`] or [`MeshSkip::Disabled`].
#[inline(always)]
pub fn admit(flags: TriangleFlags, bit3: bool) -> Result<(), MeshSkip> {
    if bit3 && flags.contains(TriangleFlags::BIT_3) {
        return Err(MeshSkip::Bit3);
    }
    if !flags.contains(TriangleFlags::ENABLED) {
        return Err(MeshSkip::Disabled);
    }
    Ok(())
}

/// The side and direction tests of one query: the shape's centre at the
/// start of the move (the sphere's, the raised walking sphere's, the box's)
/// and the whole move, if the query has one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceTest<R> {
    /// The point the side test measures.
    pub centre: Vec4<R>,
    /// The whole move; `None` for the overlap and the push-out, which skip
    /// the direction test.
    pub mv: Option<Vec4<R>>,
}

impl<R: Real> FaceTest<R> {
    /// The tests of a sweep from `centre` along `mv`.
    #[inline(always)]
    #[must_use]
    pub fn sweep(centre: Vec4<R>, mv: Vec4<R>) -> Self {
        Self {
            centre,
            mv: Some(mv),
        }
    }

    /// The side test only, at `centre` (no move).
    #[inline(always)]
    #[must_use]
    pub fn at(centre: Vec4<R>) -> Self {
        Self { centre, mv: None }
    }

    /// `n·c − n·v0` for the working triangle's normal and first corner.
    #[inline(always)]
    #[must_use]
    pub fn side(&self, work: &WorkTriangle<R>) -> R {
        work.n.dot(self.centre) - work.n.dot(work.v[0])
    }

    /// Whether a side value puts the centre behind the face (`< 1e-6`).
    #[inline(always)]
    #[must_use]
    pub fn is_behind(side: R) -> bool {
        side < R::from_bits(SIDE_EPSILON)
    }

    /// Whether a move with `n·M = approach` fails the direction test
    /// (`n·M ≥ −0.001`; a NaN passes, as the console's compare lets it).
    #[inline(always)]
    #[must_use]
    pub fn is_receding(approach: R) -> bool {
        approach >= R::from_bits(INTO_FACE)
    }

    /// The side test, then the direction test, on `work` (corners and unit
    /// normal set): a face the centre is behind is turned over when
    /// `flags` has [`TriangleFlags::TWO_SIDED`] and dropped otherwise; then,
    /// with a move, a face it does not go into is dropped. `work` is left
    /// turned over when the outcome says so, even when it is then dropped.
    #[inline(always)]
    pub fn face(&self, work: &mut WorkTriangle<R>, flags: TriangleFlags) -> FaceOutcome<R> {
        self.face_at_side(work, flags, self.side(work))
    }

    /// [`FaceTest::face`] with the side value `side` already formed
    /// ([`FaceTest::side`] of `work`, with the same bits; a mesh keeps each
    /// triangle's `n·v0`).
    #[inline(always)]
    pub fn face_at_side(
        &self,
        work: &mut WorkTriangle<R>,
        flags: TriangleFlags,
        mut side: R,
    ) -> FaceOutcome<R> {
        let mut flipped = false;
        if Self::is_behind(side) {
            if !flags.contains(TriangleFlags::TWO_SIDED) {
                return FaceOutcome::Skipped(MeshSkip::Behind);
            }
            work.flip();
            flipped = true;
            side = -side;
        }
        if let Some(mv) = self.mv {
            if Self::is_receding(work.n.dot(mv)) {
                return FaceOutcome::Skipped(MeshSkip::Receding);
            }
        }
        FaceOutcome::Kept {
            normal: work.n,
            flipped,
            side,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> WorkTriangle<f32> {
        // The plane y = 0, normal +y: (0,0,0), (0,0,1), (1,0,0) gives
        // (0,0,1) × (1,0,0) = (0,1,0).
        let mut w = WorkTriangle::from_corners(
            Vec4::point(0.0, 0.0, 0.0),
            Vec4::point(0.0, 0.0, 1.0),
            Vec4::point(1.0, 0.0, 0.0),
        );
        w.compute_normal();
        w
    }

    #[test]
    fn the_flags_step_drops_bit_3_before_the_enabled_bit() {
        let off_bit3 = TriangleFlags::BIT_3;
        assert_eq!(admit(off_bit3, true), Err(MeshSkip::Bit3));
        assert_eq!(admit(off_bit3, false), Err(MeshSkip::Disabled));
        assert_eq!(
            admit(TriangleFlags::ENABLED | TriangleFlags::BIT_3, false),
            Ok(())
        );
    }

    #[test]
    fn a_two_sided_face_turns_to_the_centre_and_a_one_sided_one_is_dropped() {
        let behind = FaceTest::sweep(Vec4::point(0.5, -2.0, 0.5), Vec4::new(0.0, 1.0, 0.0, 0.0));
        let one = TriangleFlags::ENABLED;
        let two = one | TriangleFlags::TWO_SIDED;
        assert_eq!(
            behind.face(&mut wall(), one),
            FaceOutcome::Skipped(MeshSkip::Behind)
        );
        let mut w = wall();
        let FaceOutcome::Kept {
            normal,
            flipped,
            side,
        } = behind.face(&mut w, two)
        else {
            panic!("a two-sided face is kept");
        };
        assert!(flipped);
        assert_eq!((normal.x, normal.y, normal.z), (0.0, -1.0, 0.0));
        assert_eq!(side, 2.0);
        // Moving away from the front: receding.
        let away = FaceTest::sweep(Vec4::point(0.5, 2.0, 0.5), Vec4::new(0.0, 1.0, 0.0, 0.0));
        assert_eq!(
            away.face(&mut wall(), one),
            FaceOutcome::Skipped(MeshSkip::Receding)
        );
        // No move: only the side test.
        assert!(matches!(
            FaceTest::at(Vec4::point(0.5, 2.0, 0.5)).face(&mut wall(), one),
            FaceOutcome::Kept { flipped: false, .. }
        ));
    }

    #[test]
    fn the_direction_bound_is_minus_one_thousandth() {
        assert!(FaceTest::<f32>::is_receding(-0.001));
        assert!(!FaceTest::<f32>::is_receding(-0.0011));
        assert!(!FaceTest::<f32>::is_receding(f32::NAN));
    }
}
