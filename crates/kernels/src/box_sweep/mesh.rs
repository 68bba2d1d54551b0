//! One triangle of the mesh's box sweep, and the contact it leaves (spec,
//! Unit 13, "PhysicsMesh_SweepBox (0x00348530)").
//!
//! The walk itself (the query start, the cells, the visited bits, the
//! 100-entry array, the sort and its counter bug) belongs to the mesh crate;
//! [`BoxTriangleStep`] tells it which exit each triangle took, since the
//! original's counter bug depends on it.

use ps2_float::{Real, Vec4};

use super::box_triangle::{sweep_box_triangle_spans, BoxAxisSpans, NoTrace, NO_CONTACT};
pub use crate::triangle_filter::MeshSkip;
use crate::triangle_filter::{admit, FaceOutcome, FaceTest, BODY_SKIPS_BIT3};
use crate::{contact::Contact, flags::TriangleFlags, shapes::OrientedBox, triangle::WorkTriangle};

/// One triangle as the mesh holds it (its identity a number standing for the
/// original's pointer to the file's triangle; divergence 98).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MeshTriangle<R> {
    /// The corners `v0, v1, v2`.
    pub corners: [Vec4<R>; 3],
    /// The raw flags (`u16` at `+0x06`): 0x1 enabled, 0x2 two-sided, 0x8 bit 3.
    pub flags: u16,
    /// The triangle (the mesh contact's `+0x04`, the record's `+0xb4`).
    pub id: u32,
}

/// A kept triangle: the 0xb0-byte mesh contact the walk stores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshBoxContact<R> {
    /// `+0x00`: the fraction `t`, in `[0, 1]`.
    pub t: R,
    /// `+0x04`: the triangle.
    pub triangle: u32,
    /// `+0x08`: the flags word, always 0.
    pub flags: u32,
    /// `+0x20`-`+0xaf`: the working triangle as the kernel saw it (its normal,
    /// `+0x90`, possibly flipped). Its plane constant and lengths were not
    /// computed (stale bytes in the original; here what the caller's record
    /// held).
    pub work: WorkTriangle<R>,
}

/// Which exit a triangle took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoxTriangleStep<R> {
    /// Dropped by a filter before the kernel (the walk's counter advances).
    Skipped(MeshSkip),
    /// The kernel's `t < 0`: dropped (the counter advances).
    Before(R),
    /// The kernel's `t > 1`, including its `1e28` "no contact": dropped
    /// through the exit that skips the walk's counter increment (the bug of
    /// 0x0034888c, for the mesh crate to reproduce).
    Beyond(R),
    /// `0 ≤ t ≤ 1`: kept.
    Kept(MeshBoxContact<R>),
}

/// One triangle of the mesh's box sweep: the filters, the side test at the
/// box centre (a two-sided triangle is flipped to face the centre, a
/// one-sided one behind it is skipped), the approach test, then
/// [`sweep_box_triangle`](super::sweep_box_triangle) on the working triangle `work` (the caller's stack
/// record, left as the original leaves it: corners, unit normal through
/// [`WorkTriangle::compute_normal`] and [`WorkTriangle::flip`], edges through
/// [`WorkTriangle::compute_edges`] unnormalised, no plane constant, no
/// lengths). `body_flags` is the moving body's `+0x40`.
///
/// The triangle's visited bit and the cell walk are the mesh crate's; this
/// covers everything the original does to one triangle index after its visited
/// bit (spec, Unit 13, "PhysicsMesh_SweepBox (0x00348530)", "Per triangle").
/// The mesh's options word and n.z range are not read by the original. The
/// split into this function and [`write_mesh_box_contact`] is a port choice
/// (divergence 93). It is the per-triangle part of `PhysicsMesh_SweepBox`
/// (0x00348530), whose `Original:` line is on the query that walks the
/// mesh, `collision_mesh::CollisionMesh::sweep_box`.
pub fn physics_mesh_sweep_box_triangle<R: Real>(
    work: &mut WorkTriangle<R>,
    bx: &OrientedBox<R>,
    body_flags: u32,
    tri: &MeshTriangle<R>,
    mv: Vec4<R>,
) -> BoxTriangleStep<R> {
    physics_mesh_sweep_box_triangle_with_normal(work, bx, body_flags, tri, mv, None, true)
}

// The entry above keeps the original's parameters; this form adds the
// normal and the reset, so the two parameter lists repeat.
/// [`physics_mesh_sweep_box_triangle`] with the triangle's unit normal given
/// when the caller already has it: `normal` must be what
/// [`WorkTriangle::compute_normal`] gives for `tri.corners` (a mesh keeps it
/// per triangle); `None` computes it. The answer is the same bit for bit.
/// `reset` is the kernel's zero-speed reset
/// ([`Quirks::zero_speed_reset`](crate::Quirks::zero_speed_reset); `true`
/// is the original).
pub fn physics_mesh_sweep_box_triangle_with_normal<R: Real>(
    work: &mut WorkTriangle<R>,
    bx: &OrientedBox<R>,
    body_flags: u32,
    tri: &MeshTriangle<R>,
    mv: Vec4<R>,
    normal: Option<Vec4<R>>,
    reset: bool,
) -> BoxTriangleStep<R> {
    let flags = TriangleFlags::from_bits_retain(tri.flags);
    if let Err(skip) = admit(flags, body_flags & BODY_SKIPS_BIT3 != 0) {
        return BoxTriangleStep::Skipped(skip);
    }
    work.v = tri.corners;
    match normal {
        Some(n) => work.n = n,
        None => work.compute_normal(),
    }
    if let FaceOutcome::Skipped(skip) = FaceTest::sweep(bx.centre, mv).face(work, flags) {
        return BoxTriangleStep::Skipped(skip);
    }
    // The box's own axes first (exact: divergence 178's rule): a triangle
    // they separate gets the kernel's 1e28 without the edges or the face.
    let mut spans = BoxAxisSpans::new(bx, &work.v, mv);
    if spans.separate() {
        return BoxTriangleStep::Beyond(R::from_bits(NO_CONTACT));
    }
    work.compute_edges(false);
    let t = sweep_box_triangle_spans(bx, work, mv, reset, Some(&spans), &mut NoTrace);
    if t > R::ONE {
        BoxTriangleStep::Beyond(t)
    } else if t < R::ZERO {
        BoxTriangleStep::Before(t)
    } else {
        BoxTriangleStep::Kept(MeshBoxContact {
            t,
            triangle: tri.id,
            flags: 0,
            work: *work,
        })
    }
}

/// Writes one sorted mesh contact into the 0xc0 record, as the output loop of
/// `PhysicsMesh_SweepBox` (0x00348930-0x00348a1c) does: `+0x04` the box
/// shape `own_shape`, `+0x44` 0, `+0x50` the (possibly flipped) unit normal,
/// `+0x80` `t`, `+0x90` the box centre at contact `P + t·move` (`w = 1`, not a
/// point on the surface), `+0xb0` 0, `+0xb4` the triangle, `+0x10` the move's
/// direction (`w` the move's). Nothing else.
///
/// Spec: Unit 13, "PhysicsMesh_SweepBox (0x00348530)", the output table.
pub fn write_mesh_box_contact<R: Real>(
    out: &mut Contact<R>,
    mc: &MeshBoxContact<R>,
    own_shape: u32,
    bx: &OrientedBox<R>,
    mv: Vec4<R>,
) {
    out.own.shape = Some(own_shape);
    out.other.shape = Some(0);
    out.other.normal.set(mc.work.n);
    out.fraction = Some(mc.t);
    out.point.set(bx.centre.madd(mv, mc.t).with_w(R::ONE));
    out.flags = Some(mc.flags);
    out.triangle = Some(mc.triangle);
    out.own.normal.set(mv.normalize());
}
