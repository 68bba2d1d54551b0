//! The sweep table's sphere-box entries, (2, 1) and its mirror (1, 2): the
//! kernel's hit copied into the contact record (Unit 5,
//! "PhysicsSweep_SphereBox (0x003453f8)" and "PhysicsSweep_BoxSphere
//! (0x003454c0)").

use ps2_float::{Real, Vec4};

use super::kernel::{sweep_sphere_oriented_box_read, SphereBoxHit};
use crate::contact::{Contact, ContactHalf, Lanes};
use crate::pair::PairContext;
use crate::shapes::{OrientedBox, Sphere};

/// `x, y, z` of a three-float point into a record field, `w` left as it was.
#[inline]
fn set_point3<R: Real>(lanes: &mut Lanes<R>, [x, y, z]: [R; 3]) {
    lanes.x = Some(x);
    lanes.y = Some(y);
    lanes.z = Some(z);
}

/// Writes a hit: the box's half gets the feature (type, index, box-frame point,
/// feature normal), the sphere's half the direction to the box; the shared
/// fields the fraction, the world point and a zero flags word.
fn write_hit<R: Real>(
    c: &mut Contact<R>,
    hit: &SphereBoxHit<R>,
    box_half: impl FnOnce(&mut Contact<R>) -> &mut ContactHalf<R>,
    sphere_normal: impl FnOnce(&mut Contact<R>) -> &mut Lanes<R>,
) {
    c.fraction = Some(hit.fraction);
    c.point.set(hit.world_point);
    c.flags = Some(0);
    sphere_normal(c).set(hit.to_box);
    let b = box_half(c);
    b.feature = Some(hit.feature);
    b.feature_index = Some(hit.index);
    b.normal.set(hit.normal);
    set_point3(&mut b.point, hit.local_point);
}

// The two originals (this one and the box-sphere one below), one per
// address, and below them the two table entries: each passes its own order
// and moves on, so only the wrapper's shape repeats.
/// A moving sphere against a box at rest (sweep table entry (2, 1)): the
/// kernel with `max_frac = 1` and a zero box move; on a hit the contact gets
/// `+0x80` fraction, `+0x90` world point, `+0x60` box-frame point (x, y, z
/// only), `+0x50` the box's feature normal, `+0x70` type, `+0x74` index,
/// `+0x10` the horizontal direction to the box and `+0xb0 = 0`, and the call
/// returns `true`. On no hit nothing is written (Unit 5, "PhysicsSweep_SphereBox").
///
/// Original: `PhysicsSweep_SphereBox` (0x003453f8).
pub fn physics_sweep_sphere_box<R: Real>(
    contact: &mut Contact<R>,
    sphere: &Sphere<R>,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    // The console's context: the original's steps.
    physics_sweep_sphere_box_in(contact, &PairContext::default(), sphere, bx, mv)
}

/// A moving box against a sphere at rest (sweep table entry (1, 2)): the same
/// kernel with the box moving by `mv` and the sphere still, so the sphere
/// moves by `−mv` relative to the box; the contact gets the same values with
/// the halves swapped (`+0x30`, `+0x34`, `+0x20`, `+0x10` the box's; `+0x50` the
/// direction from the sphere to the box). The world point lies on the box's
/// start pose (Unit 5, "PhysicsSweep_BoxSphere").
///
/// Original: `PhysicsSweep_BoxSphere` (0x003454c0).
pub fn physics_sweep_box_sphere<R: Real>(
    contact: &mut Contact<R>,
    bx: &OrientedBox<R>,
    sphere: &Sphere<R>,
    mv: Vec4<R>,
) -> bool {
    physics_sweep_box_sphere_in(contact, &PairContext::default(), bx, sphere, mv)
}

/// Table entry (2, 1) as the table calls it: [`physics_sweep_sphere_box`]
/// with the kernel's region steps as
/// [`Quirks::sphere_box_steps`](crate::Quirks::sphere_box_steps) says
/// (`true`, the console's, is the original bit for bit).
pub fn physics_sweep_sphere_box_in<R: Real>(
    contact: &mut Contact<R>,
    ctx: &PairContext,
    sphere: &Sphere<R>,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
) -> bool {
    sweep_entry(contact, ctx, sphere, bx, Vec4::ORIGIN, mv, false)
}

/// Table entry (1, 2) as the table calls it: [`physics_sweep_box_sphere`]
/// with the region steps as
/// [`Quirks::sphere_box_steps`](crate::Quirks::sphere_box_steps) says.
pub fn physics_sweep_box_sphere_in<R: Real>(
    contact: &mut Contact<R>,
    ctx: &PairContext,
    bx: &OrientedBox<R>,
    sphere: &Sphere<R>,
    mv: Vec4<R>,
) -> bool {
    sweep_entry(contact, ctx, sphere, bx, mv, Vec4::ORIGIN, true)
}

/// Both entries: the kernel with `max_frac = 1`, the box moving by
/// `box_move` and the sphere by `sphere_move`. For the sphere's entry the
/// box's fields go to the other half; for the box's (`box_entry`), straight
/// into the swapped halves (divergence 69).
fn sweep_entry<R: Real>(
    contact: &mut Contact<R>,
    ctx: &PairContext,
    sphere: &Sphere<R>,
    bx: &OrientedBox<R>,
    box_move: Vec4<R>,
    sphere_move: Vec4<R>,
    box_entry: bool,
) -> bool {
    let steps = ctx.quirks.sphere_box_steps;
    let hit = sweep_sphere_oriented_box_read(
        sphere.radius,
        R::ONE,
        bx,
        box_move,
        sphere.centre,
        sphere_move,
        steps,
        ctx.normal_table,
    );
    let Some(hit) = hit else { return false };
    if box_entry {
        write_hit(contact, &hit, |c| &mut c.own, |c| &mut c.other.normal);
    } else {
        write_hit(contact, &hit, |c| &mut c.other, |c| &mut c.own.normal);
    }
    true
}
