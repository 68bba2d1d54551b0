//! The eight retail functions of the `CSphere` sphere-against-sphere family,
//! as methods of [`Sphere`].
//!
//! `self` is always the obstacle's sphere in the world frame, except for
//! [`Sphere::slide_sphere`], where it is the mover's sphere at the check
//! position (as in the original, where the crease slide is called on the
//! path's global sphere). Section numbers are those of the specification
//! `ac-csphere-family.md`; "row N" is a row of `DIVERGENCES.md`.

use crate::constants::{F_EPSILON, LANDING_Z};
use crate::math::{Plane, Vec3};
use crate::shared::{find_time_of_collision, normalize_check_small};
use crate::state::{InsertType, ObjectInfoState, Position, Sphere, SphereIndex, TransitionState};
use crate::transition::{Transition, TransitionOps};

/// The lowest walk-interpolation value a landing or step-down may leave
/// (spec §2 branch 5 and §7: `timecheck < −0.1` is a collision).
const TIMECHECK_FLOOR: f32 = -0.1;

/// The crease step of a slide (spec §4, row 5), shared by the foot's and
/// the sphere's slides: with a crease `normal × slide-plane normal`, the
/// movement `g_delta` is replaced by its projection on it (COLLIDED when the
/// projection is shorter than `√F_EPSILON`, otherwise the check position
/// moves by `projection − g_delta` and the answer is SLID); `None` when there
/// is no crease (the two normals are parallel), the caller's case.
fn crease_slide(
    t: &mut Transition,
    normal: Vec3,
    g_delta: Vec3,
    radius: f32,
) -> Option<TransitionState> {
    let plane = t.collision_info.slide_plane();
    let crease = normal.cross(plane.normal);
    let crease_sq = crease.length_squared();
    if crease_sq >= F_EPSILON {
        let along = crease.dot(g_delta);
        let mut offset = crease * (along / crease_sq);
        if offset.length_squared() < F_EPSILON {
            return Some(TransitionState::Collided);
        }
        offset = offset - g_delta;
        t.sphere_path.add_offset_to_check_pos(offset, radius);
        return Some(TransitionState::Slid);
    }
    None
}

impl Sphere {
    /// Places this sphere (given in its object's local frame) at `position`
    /// scaled by `scale`, and runs the dispatcher on it.
    ///
    /// The centre becomes `position`'s origin plus its rotation of
    /// `center · scale`, moved by the block offset from `position`'s cell to
    /// the check position's cell; the radius becomes `radius · scale`
    /// (spec, function inventory; row 19).
    ///
    /// Original: `CSphere::intersects_sphere` (0x00537fd0).
    pub fn intersects_sphere_at<O: TransitionOps + ?Sized>(
        &self,
        position: &Position,
        scale: f32,
        t: &mut Transition,
        ops: &mut O,
        is_creature: bool,
    ) -> TransitionState {
        // Row 19.
        let local = self.center * scale;
        let block = ops.block_offset(position.objcell_id, t.sphere_path.check_pos.objcell_id);
        let center = position.frame.local_to_global(local) + block;
        Sphere::new(center, self.radius * scale).intersects_sphere(t, ops, is_creature)
    }

    /// The dispatcher: tests the mover's spheres against this obstacle sphere
    /// and picks the response by what the transition is doing (spec §2).
    ///
    /// 1. placement or ethereal: overlap detection only;
    /// 2. step-down probe: land on the top ([`Sphere::step_sphere_down`]),
    ///    never on a creature or missile (row 3);
    /// 3. walkable probe: any overlap blocks;
    /// 4. the normal sweep: grounded movers step up or slide, path-clipped
    ///    ones collide, airborne ones land on the foot hit and collide on the
    ///    head hit;
    /// 5. the collide-flag re-test: the exact time-of-impact landing on the
    ///    sphere's cap, on a tilted plane whose normal is the sphere-to-sphere
    ///    direction, never on a creature or missile (row 3).
    ///
    /// `F_EPSILON` is taken off the radius sum once here (row 2), so two
    /// spheres resting exactly touching do not collide.
    ///
    /// Original: `CSphere::intersects_sphere` (0x00537a80).
    pub fn intersects_sphere<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &mut O,
        is_creature: bool,
    ) -> TransitionState {
        let sp = &t.sphere_path;
        let two = sp.num_sphere > 1;
        let s0 = sp.global_sphere[0];
        let disp0 = s0.center - self.center;
        let disp1 = if two {
            sp.global_sphere[1].center - self.center
        } else {
            Vec3::ZERO
        };
        // Row 2: the one place the epsilon comes off.
        let radsum = s0.radius + self.radius - F_EPSILON;
        let foot_hit = Sphere::collides_with_sphere(disp0, radsum);
        let head_hit = two && Sphere::collides_with_sphere(disp1, radsum);

        // Branch 1: placement / ethereal, detection only.
        if sp.obstruction_ethereal || sp.insert_type == InsertType::Placement {
            return if foot_hit || head_hit {
                TransitionState::Collided
            } else {
                TransitionState::Ok
            };
        }

        // Branch 2: the step-down probe.
        if sp.step_down {
            if is_creature {
                // Row 3.
                return TransitionState::Ok;
            }
            return self.step_sphere_down(t, &s0, disp0, radsum);
        }

        // Branch 3: the walkable probe.
        if sp.check_walkable {
            return if foot_hit || head_hit {
                TransitionState::Collided
            } else {
                TransitionState::Ok
            };
        }

        // Branch 4: the normal sweep.
        if !sp.collide {
            let state = t.object_info.state;
            if state.intersects(ObjectInfoState::CONTACT | ObjectInfoState::ON_WALKABLE) {
                if foot_hit {
                    return self.step_sphere_up(t, ops, disp0, radsum);
                }
                if head_hit {
                    return self.slide_sphere_from_contact(t, &*ops, SphereIndex::Head);
                }
            } else if state.contains(ObjectInfoState::PATH_CLIPPED) {
                if foot_hit {
                    return self.collide_with_point(t, &*ops, &s0, radsum, SphereIndex::Foot);
                }
            } else {
                if foot_hit {
                    return self.land_on_sphere(t);
                }
                if head_hit {
                    let s1 = t.sphere_path.global_sphere[1];
                    return self.collide_with_point(t, &*ops, &s1, radsum, SphereIndex::Head);
                }
            }
            return TransitionState::Ok;
        }

        // Branch 5: the collide-flag re-test, the exact cap landing.
        if is_creature {
            // Row 3.
            return TransitionState::Ok;
        }
        if !foot_hit && !head_hit {
            return TransitionState::Ok;
        }
        let sp = &t.sphere_path;
        // Row 5: the cur→check block offset (zero in a continuous world).
        let block = ops.block_offset(sp.cur_pos.objcell_id, sp.check_pos.objcell_id);
        let mut movement = sp.global_curr_center[0] - s0.center - block;
        // Row 2: the epsilon goes back on for the exact solve.
        let radsum = radsum + F_EPSILON;
        let len_sq = movement.length_squared();
        let diff = -movement.dot(disp0);
        if len_sq.abs() < F_EPSILON {
            return TransitionState::Collided;
        }
        let under = diff * diff - (disp0.length_squared() - radsum * radsum) * len_sq;
        if under.is_nan() || under < 0.0 {
            // Row 18: only the head sphere overlaps and the foot's path never
            // reaches the cap. The literal IEEE path takes the square root of
            // a negative number, every comparison after it is false and the
            // walkable test fails on a NaN normal: OK, nothing written. That
            // answer is given here without computing the NaN.
            return TransitionState::Ok;
        }
        let mut root = under.sqrt() + diff;
        if root > 1.0 {
            // Row 23: the numerator, not the time, is compared with 1.
            root = diff * 2.0 - root;
        }
        let time = root / len_sq;
        let walk_interp = sp.walk_interp;
        let timecheck = (1.0 - time) * walk_interp;
        if timecheck >= walk_interp || timecheck < TIMECHECK_FLOOR {
            return TransitionState::Collided;
        }
        movement *= time;
        let normal = (disp0 + movement) / radsum;
        if !sp.is_walkable_allowable(normal.z) {
            return TransitionState::Ok;
        }
        let contact = s0.center - normal * s0.radius;
        let cell = sp.check_pos.objcell_id;
        // Row 4: the landing plane is flagged as water, as in the original.
        t.collision_info
            .set_contact_plane(Plane::new(normal, -normal.dot(contact)), true);
        t.collision_info.contact_plane_cell_id = cell;
        t.sphere_path.walk_interp = timecheck;
        t.sphere_path.add_offset_to_check_pos(movement, s0.radius);
        TransitionState::Adjusted
    }

    /// Whether a sphere at `disp` from this one's centre overlaps it: the full
    /// 3-D test `|disp|² ≤ radsum²`, with `radsum` already shaved by
    /// `F_EPSILON` at every call site (spec §1, row 2).
    ///
    /// Original: `CSphere::collides_with_sphere` (0x005369e0).
    pub fn collides_with_sphere(disp: Vec3, radsum: f32) -> bool {
        disp.length_squared() <= radsum * radsum
    }

    /// The grounded foot hit: step over the obstacle when the clearance
    /// `radsum − disp.z` is within the mover's step-up height, else slide
    /// along it (spec §3). A failed step-up falls back to the caller's
    /// `step_up_slide`.
    ///
    /// Original: `CSphere::step_sphere_up` (0x00537900).
    pub fn step_sphere_up<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &mut O,
        disp: Vec3,
        radsum: f32,
    ) -> TransitionState {
        // Row 2.
        let radsum = radsum + F_EPSILON;
        if t.object_info.step_up_height < radsum - disp.z {
            // Row 8: the step-up's own slide (ACE's), not the shared one.
            return self.step_up_slide_sphere(t, &*ops, disp);
        }
        let normal = t.sphere_path.global_curr_center[0] - self.center;
        if ops.step_up(t, normal) {
            TransitionState::Ok
        } else {
            ops.step_up_slide(t)
        }
    }

    /// The slide of a step too tall to take (spec §3's `slide_sphere(this,
    /// disp0, 0)`, with the body of the step-up's overload as ACE gives it;
    /// row 8): the normal from this obstacle to the mover's current foot
    /// centre (a normal shorter than `F_EPSILON` is a collision) becomes the
    /// collision normal; the foot's movement `check − current` (plus the
    /// block offset) is projected on the crease `normal × plane normal` as
    /// in the shared slide (a projection below `F_EPSILON` in squared length
    /// is COLLIDED, else SLID). With no crease (the normal parallel to the
    /// plane's) a plane normal that points against `disp`, the foot's
    /// offset from this obstacle, is COLLIDED; otherwise the movement loses
    /// its component along the normal (SLID).
    fn step_up_slide_sphere<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &O,
        disp: Vec3,
    ) -> TransitionState {
        let curr = t.sphere_path.global_curr_center[0];
        let mut normal = curr - self.center;
        if normalize_check_small(&mut normal) {
            return TransitionState::Collided;
        }
        t.collision_info.set_collision_normal(normal);
        let sp = &t.sphere_path;
        let foot = sp.global_sphere[0];
        // Row 5.
        let block = ops.block_offset(sp.cur_pos.objcell_id, sp.check_pos.objcell_id);
        let g_delta = foot.center - curr + block;
        if let Some(state) = crease_slide(t, normal, g_delta, foot.radius) {
            return state;
        }
        let plane = t.collision_info.slide_plane();
        if plane.normal.dot(disp) < 0.0 {
            return TransitionState::Collided;
        }
        let offset = -(normal * normal.dot(g_delta));
        t.sphere_path.add_offset_to_check_pos(offset, foot.radius);
        TransitionState::Slid
    }

    /// The prologue of a slide against this obstacle (spec §4): the normal is
    /// the direction from this sphere's centre to the mover's current centre
    /// of sphere `sphere`; a normal shorter than `F_EPSILON` is a
    /// collision; otherwise the mover's check sphere runs the crease slide.
    /// The spec gives this step no address of its own (row 7).
    pub fn slide_sphere_from_contact<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &O,
        sphere: SphereIndex,
    ) -> TransitionState {
        let curr = t.sphere_path.global_curr_center[sphere.index()];
        let mut normal = curr - self.center;
        if normalize_check_small(&mut normal) {
            return TransitionState::Collided;
        }
        let mover = t.sphere_path.global_sphere[sphere.index()];
        mover.slide_sphere(t, ops, normal, curr)
    }

    /// The crease slide, called on the mover's sphere at the check position
    /// with the collision `normal` and the same sphere's current centre
    /// `curr_pos` (spec §4; the body is row 6).
    ///
    /// The step's movement `g = check − current` is replaced by its
    /// projection on the crease `normal × contact-plane normal`: the line along
    /// which the obstacle's surface crosses the contact plane. A projection shorter than
    /// `√F_EPSILON` (1.41 cm) is a collision; otherwise the check position
    /// moves to the current position plus the projection and the result is
    /// SLID. When there is no crease (the normal is parallel to the plane's
    /// normal) the movement's component along the normal is removed if the
    /// two normals agree, and otherwise the movement is reported as the
    /// collision normal and the test passes.
    ///
    /// Original: `CSphere::slide_sphere` (0x00537440).
    pub fn slide_sphere<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &O,
        normal: Vec3,
        curr_pos: Vec3,
    ) -> TransitionState {
        // Row 6.
        if normal == Vec3::ZERO {
            let half = (curr_pos - self.center) * 0.5;
            t.sphere_path.add_offset_to_check_pos(half, self.radius);
            return TransitionState::Adjusted;
        }
        t.collision_info.set_collision_normal(normal);
        let sp = &t.sphere_path;
        // Row 5.
        let block = ops.block_offset(sp.cur_pos.objcell_id, sp.check_pos.objcell_id);
        let g_delta = block + (self.center - curr_pos);
        if let Some(state) = crease_slide(t, normal, g_delta, self.radius) {
            return state;
        }
        let plane = t.collision_info.slide_plane();
        if normal.dot(plane.normal) >= 0.0 {
            let offset = -(normal * normal.dot(g_delta));
            t.sphere_path.add_offset_to_check_pos(offset, self.radius);
            return TransitionState::Slid;
        }
        let mut back = -g_delta;
        if !normalize_check_small(&mut back) {
            t.collision_info.set_collision_normal(back);
        }
        TransitionState::Ok
    }

    /// The airborne foot hit: arm the collide flag with the direction from
    /// this sphere to the mover's current foot centre and set the walkable
    /// allowance to `LANDING_Z`, so the next attempt runs the cap landing of
    /// branch 5 (spec §5).
    ///
    /// Original: `CSphere::land_on_sphere` (0x005379a0).
    pub fn land_on_sphere(&self, t: &mut Transition) -> TransitionState {
        let mut normal = t.sphere_path.global_curr_center[0] - self.center;
        if normalize_check_small(&mut normal) {
            return TransitionState::Collided;
        }
        t.sphere_path.set_collide(normal);
        t.sphere_path.walkable_allowance = LANDING_Z;
        TransitionState::Adjusted
    }

    /// A hit that stops the mover (path-clipped foot, airborne head): records
    /// the direction from this sphere to the mover's current centre of sphere
    /// `sphere` as the collision normal and collides (spec §6).
    ///
    /// With `PERFECT_CLIP` set, the exact time of impact is solved instead and
    /// the check position adjusted, as the spec gives it (rows 15 and 16); no
    /// player arms that bit (spec §8.2).
    ///
    /// Original: `CSphere::collide_with_point` (0x00537230).
    pub fn collide_with_point<O: TransitionOps + ?Sized>(
        &self,
        t: &mut Transition,
        ops: &O,
        check_sphere: &Sphere,
        radsum: f32,
        sphere: SphereIndex,
    ) -> TransitionState {
        let curr = t.sphere_path.global_curr_center[sphere.index()];
        let mut global_offset = curr - self.center;
        if !t.object_info.state.contains(ObjectInfoState::PERFECT_CLIP) {
            if !normalize_check_small(&mut global_offset) {
                t.collision_info.set_collision_normal(global_offset);
            }
            return TransitionState::Collided;
        }
        // Row 16: the PerfectClip tail, as the spec writes it.
        let sp = &t.sphere_path;
        let block = ops.block_offset(sp.cur_pos.objcell_id, sp.check_pos.objcell_id);
        let check_offset = check_sphere.center - curr + block;
        // Row 2.
        let time = find_time_of_collision(check_offset, global_offset, radsum + F_EPSILON);
        if time < f64::from(F_EPSILON) || time > 1.0 {
            return TransitionState::Collided;
        }
        let collision_offset = check_offset * (time as f32) - check_offset;
        let old_disp = collision_offset + check_sphere.center - self.center;
        t.collision_info.set_collision_normal(old_disp / radsum);
        t.sphere_path
            .add_offset_to_check_pos(old_disp, check_sphere.radius);
        TransitionState::Adjusted
    }

    /// The step-down probe against this sphere: raise the lowered check
    /// position onto the dome at its horizontal offset and rest it there on a
    /// tilted plane through the dome point, whose normal is the
    /// sphere-to-sphere direction; a dome point too steep for the walkable
    /// allowance is passed over (spec §7).
    ///
    /// `check_sphere` is the mover's foot sphere at the check position,
    /// `disp` its offset from this sphere's centre and `radsum` the shaved sum
    /// of radii.
    ///
    /// Original: `CSphere::step_sphere_down` (0x00536d20).
    pub fn step_sphere_down(
        &self,
        t: &mut Transition,
        check_sphere: &Sphere,
        disp: Vec3,
        radsum: f32,
    ) -> TransitionState {
        let sp = &t.sphere_path;
        let head_hit = sp.num_sphere > 1
            && Sphere::collides_with_sphere(sp.global_sphere[1].center - self.center, radsum);
        if !Sphere::collides_with_sphere(disp, radsum) && !head_hit {
            return TransitionState::Ok;
        }
        let step_down = sp.step_down_amt * sp.walk_interp;
        if step_down.abs() < F_EPSILON {
            return TransitionState::Collided;
        }
        // Row 2.
        let radsum = radsum + F_EPSILON;
        let under = radsum * radsum - disp.length_squared_xy();
        if under.is_nan() || under < 0.0 {
            // Row 18: the foot is outside the dome's footprint (only the head
            // overlaps); the original would carry a NaN on.
            return TransitionState::Collided;
        }
        let top = under.sqrt();
        let scaled_step = (top - disp.z) / step_down;
        let walk_interp = sp.walk_interp;
        let timecheck = (1.0 - scaled_step) * walk_interp;
        if timecheck >= walk_interp || timecheck < TIMECHECK_FLOOR {
            return TransitionState::Collided;
        }
        let interp = step_down * scaled_step;
        let normal = Vec3::new(disp.x, disp.y, disp.z + interp) / radsum;
        if normal.z <= sp.walkable_allowance {
            return TransitionState::Ok;
        }
        let contact = normal * self.radius + self.center;
        let cell = sp.check_pos.objcell_id;
        // Row 4.
        t.collision_info
            .set_contact_plane(Plane::new(normal, -normal.dot(contact)), true);
        t.collision_info.contact_plane_cell_id = cell;
        t.sphere_path.walk_interp = timecheck;
        t.sphere_path
            .add_offset_to_check_pos(Vec3::new(0.0, 0.0, interp), check_sphere.radius);
        TransitionState::Adjusted
    }
}
