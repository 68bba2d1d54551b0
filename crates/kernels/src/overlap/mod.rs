//! The static overlap of two shapes: the fourteen pair functions of the
//! overlap table (IPhysics `+0x18`), exactly as Unit 4 of the specification
//! gives them, and the per-pair step of the overlap query.
//!
//! # The pair functions
//!
//! Every pair function has the original's shape
//! `fn(c: &mut Contact<R>, own: &A<R>, other: &B<R>) -> bool`: `own` is the
//! querying (row) shape, the answer is `true` on overlap. One file per pair;
//! the mirrored entries live beside the order they call and are one-liners.
//!
//! * Touching counts as overlap everywhere except the horizontal test of
//!   [`overlap_capsule_capsule`] (strict); [`overlap_box_box`] separates only
//!   on a strict `>`.
//! * Only three tests write into the contact: capsule-capsule (`+0x10`,
//!   `+0x50`, `+0x88`), capsule-box (`+0x50`, `+0x88`) and box-capsule (the
//!   capsule-box result with the halves swapped). None writes the fraction
//!   `+0x80`, the point `+0x90` or the slide `+0xa0`.
//! * The capsule is a flat-ended cylinder against a capsule, a footprint
//!   against a box (no height read at all), and a true capsule with rounded
//!   ends against a sphere or a segment.
//! * The segment has no entry against the box, in either order (the table,
//!   [`crate::table::overlap_pair`], answers `None`).
//!
//! # Switches
//!
//! [`OverlapQuirks`] (the field `overlap` of [`crate::Quirks`]) turns the
//! unit's quirks off one by one. The functions with a `_with` suffix read
//! it, and so does [`crate::table::overlap_pair_with`], whose corrected
//! table also has a segment-box entry ([`overlap_segment_box`]); the
//! functions without it are the console's.
//!
//! # The query step
//!
//! [`crate::details::overlap`] holds what `IPhysics_OverlapShape` does around
//! one pair: the gather-box test, the table lookup
//! ([`crate::table::overlap_pair`]), and the fields it sets on a hit; its
//! arguments are [`Aabb`](crate::Aabb), [`QueryShape`] and [`QueryBody`].

/// Defines a mirrored overlap entry `name(own, other)` of the console's
/// table: the order it calls with the shapes exchanged, nothing swapped
/// (that order writes nothing).
macro_rules! mirrored_overlap {
    ($(#[$m:meta])* $name:ident($own:ident, $other:ident) => $calls:ident) => {
        $(#[$m])*
        pub fn $name<R: ::ps2_float::Real>(
            c: &mut $crate::contact::Contact<R>,
            own: &$crate::shapes::$own<R>,
            other: &$crate::shapes::$other<R>,
        ) -> bool {
            $calls(c, other, own)
        }
    };
}

mod closest_points;
mod footprint;
mod overlap_box_box;
mod overlap_box_sphere;
mod overlap_capsule_box;
mod overlap_capsule_capsule;
mod overlap_capsule_sphere;
mod overlap_segment_box;
mod overlap_segment_capsule;
mod overlap_segment_segment;
mod overlap_segment_sphere;
mod overlap_sphere_sphere;
pub(crate) mod query;
mod quirks;

pub use closest_points::closest_points_with;
pub use footprint::{corner_circle, side_interval};
pub use overlap_box_box::{overlap_box_box, overlap_box_box_with};
pub use overlap_box_sphere::{overlap_box_sphere, overlap_sphere_box};
pub use overlap_capsule_box::{
    overlap_box_capsule, overlap_box_capsule_with, overlap_capsule_box, overlap_capsule_box_with,
};
pub use overlap_capsule_capsule::overlap_capsule_capsule;
pub use overlap_capsule_sphere::{overlap_capsule_sphere, overlap_sphere_capsule};
pub use overlap_segment_box::{
    overlap_box_segment, overlap_segment_box, segment_box_approach, SegmentBoxApproach,
};
pub use overlap_segment_capsule::{
    overlap_capsule_segment, overlap_capsule_segment_with, overlap_segment_capsule,
    overlap_segment_capsule_with,
};
pub use overlap_segment_segment::{overlap_segment_segment, overlap_segment_segment_with};
pub use overlap_segment_sphere::{overlap_segment_sphere, overlap_sphere_segment};
pub use overlap_sphere_sphere::overlap_sphere_sphere;
pub use query::{QueryBody, QueryShape};
pub use quirks::OverlapQuirks;

use ps2_float::{Real, Vec4};

/// A capsule's axis `(0, 0, h)`: the original's constant `(0, 0, 1, 1)`
/// (0x00511740) scaled by the height (`w` stays 1). Divergence 47 for its use
/// in the capsule-sphere test.
#[inline]
#[must_use]
pub(crate) fn capsule_axis<R: Real>(h: R) -> Vec4<R> {
    crate::sat::vscale(Vec4::new(R::ZERO, R::ZERO, R::ONE, R::ONE), h)
}

/// `true` when the gap vector `g` between two shapes' nearest points is no
/// longer than their radii together: `g·g ≤ (ra + rb)²`, the sum taken first
/// and touching a hit (the round shapes' closing test of Unit 4).
#[inline]
#[must_use]
pub(crate) fn within_reach<R: Real>(g: Vec4<R>, ra: R, rb: R) -> bool {
    let reach = crate::sat::add(ra, rb);
    crate::sat::dot(g, g) <= crate::sat::mul(reach, reach)
}
