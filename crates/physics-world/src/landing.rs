//! The landing test of an airborne human (`Human_LandingTest`, overview
//! "Sweeping a body" step 2): a segment from the raised feet down along the
//! move, cast into the level, whose hit on ground steep enough becomes a
//! contact flagged 0x80 (divergence 246).

use collision_mesh::{MeshRayFilter, Ray};
use kernels::Contact;
use ps2_float::{Real, Vec4};

use crate::flags::type_bits;
use crate::ids::BodyId;
use crate::owner::Owners;
use crate::world::PhysicsWorld;

/// The landing contact's flag (`+0xb0`).
pub const LANDING_FLAG: u32 = 0x80;

/// The distance the landing fraction is measured from (the human's vtable
/// `+0x5c`, 1.0).
const LANDING_NEAR: f32 = 1.0;

/// The landing normal's least `z` (strictly above).
const LANDING_NZ: f32 = 0.65;

/// The part of the landing raise that goes per unit of scale.
const LANDING_SCALE_DROP: f32 = 0.16;

impl<R: Real> PhysicsWorld<R> {
    /// The landing segment of an airborne human (Coney's `characters.md`
    /// "Falling"; overview "Sweeping a body" step 2): a ray from
    /// the feet `feet` raised by `offset − 0.16 × scale` down to the moved
    /// feet `feet + mv`, cast into the level's mesh
    /// ([`collision_mesh::CollisionMesh::world_ray_cast`], no material or
    /// type filter; over a level of several tiles the nearest hit of the
    /// tiles the segment's box reaches, the lower tile's on a tie, its
    /// triangle word naming the tile: divergences 345, 346). A hit whose normal has `z > 0.65` is a contact flagged
    /// 0x80 with the level: the fraction `(t − 1.0) / (length − 1.0)`, or 0
    /// when `t ≤ 1.0` (the formula's value at 1.0, without its 0 / 0 when
    /// the segment is 1.0 long), the hit point, the triangle's normal as
    /// the other half's, the triangle. `None` without a level, a hit, or a
    /// segment of length 0. The operation order and the filter are
    /// *inferred* (divergence 246).
    ///
    /// Original: `Human_LandingTest` (0x0023e408).
    pub fn landing_test(
        &mut self,
        feet: Vec4<R>,
        mv: Vec4<R>,
        offset: R,
        scale: R,
    ) -> Option<Contact<R>> {
        let level = self.level.tiles.as_ref()?;
        let raise = offset - R::from_f32(LANDING_SCALE_DROP) * scale;
        let upper = feet.with_z(feet.z + raise).with_w(R::ONE);
        let end = (feet + mv).with_w(R::ONE);
        let d = (end - upper).with_w(R::ZERO);
        let length = d.length();
        if length.partial_cmp(&R::ZERO) != Some(core::cmp::Ordering::Greater) {
            return None;
        }
        let ray = Ray::new(upper, d.normalize(), length);
        // The nearest hit over the tiles, the lower tile's on a tie
        // (divergence 345).
        let (tile, hit) =
            level.nearest_ray_hit(&mut self.level.scratch, &ray, &MeshRayFilter::default())?;
        if hit.normal.z.partial_cmp(&R::from_f32(LANDING_NZ)) != Some(core::cmp::Ordering::Greater)
        {
            return None;
        }
        let near = R::from_f32(LANDING_NEAR);
        let fraction = if hit.t <= near {
            R::ZERO
        } else {
            (hit.t - near).div(length - near)
        };
        let mut c = Contact {
            fraction: Some(fraction),
            flags: Some(LANDING_FLAG),
            triangle: hit.triangle.map(|t| crate::tiles::triangle_word(tile, t)),
            ..Contact::default()
        };
        c.point.set(ray.at(hit.t));
        c.other.owner = Some(0);
        c.other.shape = Some(0);
        c.other.normal.set(hit.normal.with_w(R::ZERO));
        Some(c)
    }

    /// The landing contact of body `id` for one pass of its sweep: `None`
    /// unless the body's type mask has the human bit 0x40 and
    /// [`Owners::landing_offset`] gives a raise; else
    /// [`PhysicsWorld::landing_test`] from the owner's position (the feet)
    /// along `mv` with the owner's scale, stamped with the body's owner and
    /// first shape.
    pub(crate) fn landing_contact<O: Owners<R> + ?Sized>(
        &mut self,
        owners: &O,
        id: BodyId,
        mv: Vec4<R>,
    ) -> Option<Contact<R>> {
        let b = self.body(id)?;
        if b.type_mask & type_bits::HUMAN == 0 {
            return None;
        }
        let (owner, first) = (b.owner, b.first_shape);
        let offset = owners.landing_offset(owner)?;
        let feet = owners.position(owner);
        let scale = owners.human_scale(owner);
        let mut c = self.landing_test(feet, mv, offset, scale)?;
        c.own.owner = Some(owner.word());
        c.own.shape = first.map(|s| s.word());
        Some(c)
    }
}
