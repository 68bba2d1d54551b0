//! The sweep table entries the specification gives only by role: sphere
//! against sphere, capsule against capsule, sphere against capsule and
//! against a segment (with their mirrors), and the segment pairs whose
//! "sweep" is the static overlap.
//!
//! # Where these come from
//!
//! The overview ("The shape-pair tables", "Geometry kernels", "Human
//! contacts") names each function, its address, its place in the sweep table
//! and what it tests, but not its algebra or which contact fields it writes.
//! Everything here beyond those facts is *inferred* and has a row in
//! `docs/divergences.md` (divergences 100-116):
//!
//! * the root of every sweep is the first time the two shapes come within
//!   reach, as `C / (D − B)` (divergence 100);
//! * a start already within reach is a hit at fraction 0 only when the move
//!   goes further in; otherwise there is no contact, so two shapes that
//!   overlap can part (divergence 101);
//! * on a hit the contact gets the fraction `+0x80`, the two half normals
//!   (`+0x50` from the other shape towards the mover, `+0x10` its negation,
//!   both `w = 1`: Unit 4's "Half normals"), a world point `+0x90` and a zero
//!   flags word `+0xb0`, as every sweep the units specify does (divergence
//!   102); nothing else.
//!
//! # The pairs
//!
//! One pair per file; a mirrored entry lives beside the order it calls, runs
//! it with the move reversed (`w` kept) and swaps the contact's halves on a
//! hit, as Units 5, 12 and 13 give the original's mirrors.
//!
//! * [`sweep_sphere_sphere()`] / [`physics_sweep_sphere_sphere`]: table (2, 2);
//! * [`sweep_circle_circle_2d`] / [`physics_sweep_capsule_capsule`]: table
//!   (3, 3), the horizontal circles then the vertical ranges through Unit 13's
//!   [`crate::box_sweep::sweep_interval_overlap`], with the two heights
//!   swapped;
//! * [`sweep_sphere_capsule()`] / [`physics_sweep_sphere_capsule`] and its
//!   mirror [`physics_sweep_capsule_sphere`]: tables (2, 3) and (3, 2); the
//!   kernel also serves the capsule's ray ([`crate::ray`]);
//! * [`physics_sweep_sphere_segment`] and its mirror
//!   [`physics_sweep_segment_sphere`]: tables (2, 4) and (4, 2), through
//!   Unit 4's [`crate::segment::closest_points`];
//! * [`physics_sweep_segment_segment`], [`physics_sweep_capsule_segment`],
//!   [`physics_sweep_segment_capsule`]: tables (4, 4), (3, 4), (4, 3), the
//!   static overlaps of Unit 4, which write no fraction.

/// Defines a sweep table entry `name(own, other)` of one of the forms the
/// tables repeat, each entry with its own docs, kernels and switch:
///
/// * `=> k`: the kernel `k` on the same arguments;
/// * `=> mirror of k`: the order `k` run with the shapes exchanged and the
///   move [`reversed`] (`w` kept), the contact's halves swapped on a hit
///   (`Contact::mirrored`), as Units 5, 12 and 13 give the original's
///   mirrors;
/// * `=> overlap k`: the static overlap `k`; the move is not read and
///   nothing is written, the fraction included;
/// * `: switch ? console : corrected`: an entry that takes the bodies'
///   state and reads one switch of [`PairQuirks`](crate::PairQuirks)
///   (`ctx.quirks.pairs.switch`): on, the console's kernel; off, the
///   corrected one (`k` or `mirror of k`).
///
/// Each call names its entry first, `name(OwnShape, OtherShape)`, so a
/// search for `name(` finds where an entry is written; the generated
/// signature is the tables' `(c, [ctx,] own, other, mv) -> bool`.
macro_rules! pair_sweep {
    ($(#[$m:meta])* $name:ident($own:ident, $other:ident):
        $switch:ident ? $console:ident : $($corrected:tt)+) => {
        $(#[$m])*
        pub fn $name<R: ::ps2_float::Real>(
            c: &mut $crate::contact::Contact<R>,
            ctx: &$crate::pair::PairContext,
            own: &$crate::shapes::$own<R>,
            other: &$crate::shapes::$other<R>,
            mv: ::ps2_float::Vec4<R>,
        ) -> bool {
            if ctx.quirks.pairs.$switch {
                $console(c, own, other, mv)
            } else {
                $crate::sweep::pair_sweep!(@body c, own, other, mv => $($corrected)+)
            }
        }
    };
    ($(#[$m:meta])* $name:ident($own:ident, $other:ident) => overlap $k:ident) => {
        $crate::sweep::pair_sweep!(@fn [$(#[$m])*] $name($own, $other, _mv) => overlap $k);
    };
    ($(#[$m:meta])* $name:ident($own:ident, $other:ident) => $($how:tt)+) => {
        $crate::sweep::pair_sweep!(@fn [$(#[$m])*] $name($own, $other, mv) => $($how)+);
    };
    (@fn [$(#[$m:meta])*] $name:ident($own:ident, $other:ident, $mv:ident) => $($how:tt)+) => {
        $(#[$m])*
        pub fn $name<R: ::ps2_float::Real>(
            c: &mut $crate::contact::Contact<R>,
            own: &$crate::shapes::$own<R>,
            other: &$crate::shapes::$other<R>,
            $mv: ::ps2_float::Vec4<R>,
        ) -> bool {
            $crate::sweep::pair_sweep!(@body c, own, other, $mv => $($how)+)
        }
    };
    (@body $c:ident, $own:ident, $other:ident, $mv:ident => mirror of $k:ident) => {{
        let hit = $k($c, $other, $own, $crate::sweep::reversed($mv));
        $c.mirrored(hit)
    }};
    (@body $c:ident, $own:ident, $other:ident, $mv:ident => overlap $k:ident) => {
        $k($c, $own, $other)
    };
    (@body $c:ident, $own:ident, $other:ident, $mv:ident => $k:ident) => {
        $k($c, $own, $other, $mv)
    };
}
pub(crate) use pair_sweep;

mod segment_first_touch;
mod sweep_capsule_capsule;
mod sweep_segment_capsule;
mod sweep_segment_segment;
mod sweep_sphere_capsule;
mod sweep_sphere_segment;
mod sweep_sphere_sphere;

pub use segment_first_touch::{
    capsule_segment_first_touch, physics_sweep_capsule_segment_in,
    physics_sweep_segment_capsule_in, physics_sweep_segment_segment_in,
    physics_sweep_segment_sphere_in, physics_sweep_sphere_segment_in, segment_capsule_first_touch,
    segment_first_touch, sphere_segment_first_touch,
};
pub(crate) use segment_first_touch::{first_touch as first_touch_of, golden_min as golden_min_of};
pub use sweep_capsule_capsule::{
    physics_sweep_capsule_capsule, physics_sweep_capsule_capsule_in, sweep_circle_circle_2d,
    CAPSULE_WINDOW_LAST,
};
pub use sweep_segment_capsule::{physics_sweep_capsule_segment, physics_sweep_segment_capsule};
pub use sweep_segment_segment::physics_sweep_segment_segment;
pub(crate) use sweep_sphere_capsule::cap_entry;
pub use sweep_sphere_capsule::{
    physics_sweep_capsule_sphere, physics_sweep_sphere_capsule, sweep_sphere_capsule,
};
pub use sweep_sphere_segment::{physics_sweep_segment_sphere, physics_sweep_sphere_segment};
pub use sweep_sphere_sphere::{physics_sweep_sphere_sphere, sweep_sphere_sphere};

use ps2_float::{Real, Vec4};

use crate::contact::Contact;

/// The move reversed in `x, y, z`, `w` kept: what a mirrored entry passes to
/// the order it calls (Units 12 and 13 give the original's mirrors this way).
#[inline]
#[must_use]
pub(crate) fn reversed<R: Real>(mv: Vec4<R>) -> Vec4<R> {
    Vec4::new(-mv.x, -mv.y, -mv.z, mv.w)
}

/// The smaller root of `A·t² + 2·B·t + C = 0` in the stable form
/// `C / (sqrt(B² − A·C) − B)`, for a path that approaches (`B < 0`) and
/// starts outside (`C > 0`); `None` when the path passes wide (negative
/// discriminant). The denominator is then at least `−B > 0`, so nothing
/// divides by zero (divergence 100).
#[inline]
#[must_use]
pub(crate) fn entry_root<R: Real>(a: R, b: R, c: R) -> Option<R> {
    let disc = b * b - a * c;
    if disc < R::ZERO {
        return None;
    }
    Some(c.div(disc.sqrt() - b))
}

/// Writes the two half normals of a hit: `+0x50` = `n` (from the other shape
/// towards the mover) and `+0x10` = `−n`, both with `w = 1` (divergence 102).
#[inline]
pub(crate) fn write_normals<R: Real>(c: &mut Contact<R>, n: Vec4<R>) {
    c.other.normal.set(n.with_w(R::ONE));
    c.own.normal.set((-n).with_w(R::ONE));
}

/// Writes a round shape's sweep hit at fraction `f` along the unit normal
/// `n`: `+0x80` the fraction, the half normals ([`write_normals`]), `+0x90`
/// the point `radius` along `n` from `near` (`w = 1`) and `+0xb0 = 0`.
#[inline]
pub(crate) fn write_hit<R: Real>(c: &mut Contact<R>, f: R, n: Vec4<R>, near: Vec4<R>, radius: R) {
    c.fraction = Some(f);
    write_normals(c, n);
    c.point.set(near.madd(n, radius).with_w(R::ONE));
    c.flags = Some(0);
}
