//! The ground-height helpers (Coney `docs/research/collision.md`, "Ground
//! height"): rays straight down through the world's cast, and a long ray in
//! steps.
//!
//! What the originals pass to the world's cast is not in the research; the
//! port casts with mask 0 and no exclusion list, as Coney does (*inferred*,
//! divergence 171).

use ps2_float::{Real, Vec4};

use super::ray::{MeshRayFilter, Ray, RayResult};
use crate::mesh::CollisionMesh;
use crate::visited::VisitedBits;

/// Where `Collision_DropToGround` leaves the point: 0.1 above the ground.
const ABOVE_GROUND: f32 = 0.1;
/// Where `Collision_DropToMarkedGround` leaves it: 0.25 above.
const ABOVE_MARKED: f32 = 0.25;
/// How far below an unmarked hit the next cast starts: 0.01.
const PAST_UNMARKED: f32 = 0.01;
/// The most steps `Collision_MarchRay` takes (a guard, divergence 172).
pub const MARCH_MAX_STEPS: u32 = 65_536;

/// `(0, 0, −1)`, the helpers' ray direction (0x00511770).
fn down<R: Real>() -> Vec4<R> {
    Vec4::new(R::ZERO, R::ZERO, -R::ONE, R::ZERO)
}

impl CollisionMesh {
    /// Casts straight down from `pos`, `length` long; on a hit puts `pos`
    /// 0.1 above the ground (`pos.z −= t − 0.1`) and returns `true`; on a
    /// miss leaves it and returns `false`.
    ///
    /// Original: `Collision_DropToGround` (0x0034f950).
    pub fn drop_to_ground<R: Real>(
        &self,
        visited: &mut VisitedBits,
        length: R,
        pos: &mut Vec4<R>,
    ) -> bool {
        let ray = Ray::new(*pos, down(), length);
        let mut res = RayResult::default();
        if !self.world_ray_cast(visited, &ray, &mut res, &MeshRayFilter::default()) {
            return false;
        }
        pos.z = pos.z - (res.t - R::from_f32(ABOVE_GROUND));
        true
    }

    /// Casts straight down from `pos`; while the hit triangle's area byte is
    /// 0, moves the origin down by `t + 0.01`, shortens the length by the
    /// same and casts again; on a triangle with a non-zero area byte puts
    /// `pos` 0.25 above that hit (`x`, `y` kept) and returns `true`. Returns
    /// `false`, `pos` unchanged, when a cast misses. At most one cast per
    /// triangle of the mesh, plus one (a guard, divergence 171).
    ///
    /// Original: `Collision_DropToMarkedGround` (0x0034fa28).
    pub fn drop_to_marked_ground<R: Real>(
        &self,
        visited: &mut VisitedBits,
        length: R,
        pos: &mut Vec4<R>,
    ) -> bool {
        let mut origin = *pos;
        let mut length = length;
        for _ in 0..=self.triangles().len() {
            let ray = Ray::new(origin, down(), length);
            let mut res = RayResult::default();
            if !self.world_ray_cast(visited, &ray, &mut res, &MeshRayFilter::default()) {
                return false;
            }
            if res.area != 0 {
                pos.x = origin.x;
                pos.y = origin.y;
                pos.z = (origin.z - res.t) + R::from_f32(ABOVE_MARKED);
                return true;
            }
            let step = res.t + R::from_f32(PAST_UNMARKED);
            origin.z = origin.z - step;
            length = length - step;
        }
        false
    }

    /// Casts the segment `dir × step` from `origin`, then from its end, and
    /// so on while less than `max` is covered (the last step is not
    /// shortened); at the first hit writes the hit point to `out` and returns
    /// `true`. A `step` that is not positive casts nothing, and at most
    /// [`MARCH_MAX_STEPS`] steps are taken (guards, divergence 172).
    ///
    /// Original: `Collision_MarchRay` (0x0034f740).
    pub fn march_ray<R: Real>(
        &self,
        visited: &mut VisitedBits,
        step: R,
        max: R,
        out: &mut Vec4<R>,
        origin: Vec4<R>,
        dir: Vec4<R>,
    ) -> bool {
        let positive = step > R::ZERO;
        if !positive {
            return false;
        }
        let mut o = origin;
        let mut covered = R::ZERO;
        for _ in 0..MARCH_MAX_STEPS {
            let short = covered < max;
            if !short {
                break;
            }
            let ray = Ray::new(o, dir, step);
            let mut res = RayResult::default();
            if self.world_ray_cast(visited, &ray, &mut res, &MeshRayFilter::default()) {
                *out = ray.at(res.t);
                return true;
            }
            o = o.madd(dir, step);
            covered = covered + step;
        }
        false
    }
}
