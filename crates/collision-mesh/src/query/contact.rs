//! The 0xb0-byte mesh contact the sweeps collect, its sort, and its copy
//! into the 0xc0 contact record.

use kernels::box_sweep::MeshBoxContact;
use kernels::{Contact, WorkTriangle};
use ps2_float::{Real, Vec4};

/// One mesh contact, as the sweeps keep it in their 100-entry array (spec
/// Unit 13, "PhysicsMesh_SweepBox": "+0x00 = t, +0x04 the 10-byte file
/// triangle, +0x08 = 0, +0x20…+0xaf the copy of T+0x00…T+0x8f (normal at
/// +0x90)").
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MeshContact<R> {
    /// `+0x00`: the fraction of the move, in `[0, 1]` (0 for an overlap).
    pub fraction: R,
    /// `+0x04`: the triangle (its index; the original keeps a pointer to the
    /// file's triangle, divergence 176).
    pub triangle: u16,
    /// `+0x08`: the flags word: 0 for the box and capsule sweeps, option
    /// 0x40's marks for the sphere sweep.
    pub flags: u32,
    /// `+0x14`: the kernel's inside mask, kept by the capsule sweep only
    /// (spec Unit 1, "Sweep_SphereTriangle": "The capsule sweep stores it in
    /// its contact at +0x14").
    pub mask: Option<u32>,
    /// `+0x88` of the 0xc0 record: the depth, for the sphere overlap only.
    pub depth: Option<R>,
    /// `+0x20`-`+0xaf`: the working triangle as the test left it (its unit
    /// normal, `+0x90`, turned to face the shape for a two-sided triangle).
    pub work: WorkTriangle<R>,
}

impl<R: Real> MeshContact<R> {
    /// The unit normal the contact carries (`+0x90`).
    #[must_use]
    pub fn normal(&self) -> Vec4<R> {
        self.work.n
    }

    /// The contact of triangle `ix` at `fraction`, the working triangle as
    /// the test left it; no flags, mask or depth.
    pub(crate) fn kept(fraction: R, ix: usize, work: &WorkTriangle<R>) -> Self {
        Self {
            fraction,
            // At most 65,535 triangles.
            triangle: ix as u16,
            flags: 0,
            mask: None,
            depth: None,
            work: *work,
        }
    }

    /// A box sweep's kept triangle, as the mesh crate stores it.
    pub(crate) fn from_box(c: &MeshBoxContact<R>) -> Self {
        Self {
            fraction: c.t,
            // The kernel carries the index it was given (at most 65,535).
            triangle: u16::try_from(c.triangle).unwrap_or(u16::MAX),
            flags: c.flags,
            mask: None,
            depth: None,
            work: c.work,
        }
    }

    /// The same contact as the kernels' box record (to reuse their writer).
    pub(crate) fn to_box(self) -> MeshBoxContact<R> {
        MeshBoxContact {
            t: self.fraction,
            triangle: u32::from(self.triangle),
            flags: self.flags,
            work: self.work,
        }
    }
}

/// Sorts mesh contacts by fraction, smallest first, keeping the walk's order
/// between equal fractions: an insertion sort, in place (allocation-free).
///
/// The specification names a "smear" of this sort (Unit 13,
/// "PhysicsMesh_SweepBox": "Sort (MeshContacts_SortByFraction, with its
/// smear)") without describing it; its description belongs to Unit 2, which
/// the port's specification does not hold. The smear is not reproduced: the
/// order here is a plain stable sort (*inferred*, divergence 155).
///
/// Original: `MeshContacts_SortByFraction` (0x00347300).
pub fn sort_by_fraction<R: Real>(contacts: &mut [MeshContact<R>]) {
    for i in 1..contacts.len() {
        let mut j = i;
        while j > 0 && contacts[j].fraction < contacts[j - 1].fraction {
            contacts.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Writes a sorted sphere (or walking-sphere) mesh contact into the 0xc0
/// record: `+0x04` the shape, `+0x44` 0, `+0x50` the unit normal, `+0x80` the
/// fraction, `+0x90` the point where the sphere touches the face's plane,
/// `c + t·M − r·n` (`w = 1`), `+0xb0` the flags word, `+0xb4` the triangle,
/// `+0x10` the move's direction (`w` the move's). Nothing else. The fields
/// follow the box's output table with the point on the sphere (*inferred*,
/// divergence 156).
pub(crate) fn write_sphere_contact<R: Real>(
    out: &mut Contact<R>,
    mc: &MeshContact<R>,
    own_shape: u32,
    centre: Vec4<R>,
    radius: R,
    mv: Vec4<R>,
) {
    out.own.shape = Some(own_shape);
    out.other.shape = Some(0);
    out.other.normal.set(mc.work.n);
    out.fraction = Some(mc.fraction);
    out.point.set(
        centre
            .madd(mv, mc.fraction)
            .madd(mc.work.n, -radius)
            .with_w(R::ONE),
    );
    out.flags = Some(mc.flags);
    out.triangle = Some(u32::from(mc.triangle));
    out.own.normal.set(mv.normalize());
}

/// Writes a sphere overlap's mesh contact: `+0x04` the shape, `+0x44` 0,
/// `+0x50` the unit normal, `+0x80` 0, `+0x88` the depth, `+0xb0` 0, `+0xb4`
/// the triangle (*inferred*, divergence 165).
pub(crate) fn write_overlap_contact<R: Real>(
    out: &mut Contact<R>,
    mc: &MeshContact<R>,
    own_shape: u32,
) {
    out.own.shape = Some(own_shape);
    out.other.shape = Some(0);
    out.other.normal.set(mc.work.n);
    out.fraction = Some(mc.fraction);
    out.depth = mc.depth;
    out.flags = Some(mc.flags);
    out.triangle = Some(u32::from(mc.triangle));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mc(f: f32, tri: u16) -> MeshContact<f32> {
        MeshContact {
            fraction: f,
            triangle: tri,
            ..MeshContact::default()
        }
    }

    #[test]
    fn sort_is_stable_and_ascending() {
        let mut v = [mc(0.5, 0), mc(0.25, 1), mc(0.5, 2), mc(0.0, 3), mc(0.25, 4)];
        sort_by_fraction(&mut v);
        let order: Vec<u16> = v.iter().map(|c| c.triangle).collect();
        assert_eq!(order, [3, 1, 4, 0, 2]);
    }
}
