//! The body sweep and the contact resolution, in both float modes
//! (overview "Contacts", "Sweeping a body", "Attributes", "Settling a
//! landed object"; SPEC-NOTES note 7). Every expected number is derived by
//! hand in the comment above its assertion.

mod common;

use collision_mesh::{SoupTriangle, TriangleFlags};
use common::{
    both_modes, floor, human_body, id, mesh, near, near_v, object_at, r, start_object, sweep_once,
    v, wall, Owner, Solid, Table,
};
use kernels::{Contact, Shape, Sphere};
use physics_world::resolve::{back_off_plane, bounce, remove_normal_part};
use physics_world::{
    BodyFlags, BodyId, ContactList, MoveState, MoverState, Other, OwnerId, PhysicsWorld,
};
use ps2_float::{Real, Vec4};
use shape_pools::Aabb;

both_modes!(
    bounce_follows_the_formula,
    bounce_of_the_brick,
    remove_normal_part_only_into_the_surface,
    back_off_plane_stops_short_by_a_centimetre,
    code_1_advances_along_the_normal_and_slides,
    code_2_bounces_both_velocities,
    code_3_zeroes_both_velocities,
    code_above_4_takes_no_branch,
    code_0_goes_on_to_the_next_contact,
    high_bit_0x10000_ends_the_walk,
    high_bit_0x40000_aborts,
    high_bit_0x20000_keeps_the_largest_scale,
    airborne_human_scale_is_a_quarter,
    skipped_contacts,
    code_4_pushes_the_other_body,
    code_4_push_weight_1e9,
    code_4_not_pushable,
    slide_flags,
    layer_masks,
    sweep_human_mask_filters,
    shape_vs_mesh_option_0x4_for_humans,
    sphere_drops_onto_a_floor_and_bounces,
    brick_lands_and_bounces_to_0_5379,
    human_walks_into_a_wall_and_slides,
    human_head_on_into_a_wall_is_stuck,
    three_stopped_passes_zero_horizontal_velocity,
    pending_push_joins_the_move,
    write_back_requests,
    bodies_and_walls_in_one_sorted_list,
    walker_into_a_human_pushes_him,
    tiny_first_move_stops_a_free_box,
    a_move_just_above_the_tiny_limit_is_swept,
    tiny_bounce_at_pass_2_rests_at_the_advance,
);

const TOL: f32 = 2e-6;

/// A level contact with normal `n` at fraction `f`.
fn level_contact<R: Real>(n: Vec4<R>, f: f32) -> Contact<R> {
    let mut c = Contact::default();
    c.other.owner = Some(0);
    c.other.shape = Some(0);
    c.other.normal.set(n);
    c.fraction = Some(r(f));
    c
}

/// A contact with owner `o`'s body.
fn body_contact<R: Real>(o: OwnerId, n: Vec4<R>, f: f32) -> Contact<R> {
    let mut c = level_contact(n, f);
    c.other.owner = Some(o.word());
    c
}

/// The resolution's standard case: the mover (owner 1, a 0.5 m sphere at
/// (0, 0, 1)) with the move's velocity (2, 0, −4) over dt 0.5, so the pass
/// moves d = (1, 0, −2); one floor contact (n = +z) at fraction 0.5.
fn standard<R: Real>(answers: &[u32]) -> (PhysicsWorld<R>, Table<R>, BodyId, MoveState<R>) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, 1.0), Solid::Sphere(0.5));
    t.get_mut(id(1)).answers = answers.to_vec();
    let st = MoveState::new(v(2.0, 0.0, -4.0), v(2.0, 0.0, -4.0));
    (w, t, b, st)
}

fn d<R: Real>() -> Vec4<R> {
    v(1.0, 0.0, -2.0)
}

// ---- the vector helpers ----------------------------------------------------

fn bounce_follows_the_formula<R: Real>() {
    let n = v::<R>(0.0, 0.0, 1.0);
    // SPEC-NOTES 7: v·n = −2 < 0, so v − n (−2)(1.1) = (0, 0, −2 + 2.2).
    near_v(
        bounce(v::<R>(0.0, 0.0, -2.0), n, r(0.1)),
        [0.0, 0.0, 0.2],
        TOL,
    );
    // The tangential part is kept: (3, 0, −2) → (3, 0, 0.2).
    near_v(
        bounce(v::<R>(3.0, 0.0, -2.0), n, r(0.1)),
        [3.0, 0.0, 0.2],
        TOL,
    );
    // Outgoing: v·n = 2 ≥ 0, so v − n (2)(0.1) = (0, 0, 1.8).
    near_v(
        bounce(v::<R>(0.0, 0.0, 2.0), n, r(0.1)),
        [0.0, 0.0, 1.8],
        TOL,
    );
    // e = 0.5 is exact in both modes: −4 → −4 + 4 × 1.5 = 2.
    assert_eq!(
        bounce(v::<R>(2.0, 0.0, -4.0), n, r(0.5)).to_f32(),
        [2.0, 0.0, 2.0, 0.0]
    );
}

fn bounce_of_the_brick<R: Real>() {
    // −5.4886 × 1.1 = −6.03746; −5.4886 + 6.03746 = 0.54886 (the trace's
    // +0.5489 before the scale); × 0.98 = 0.537883 (+0.5379 after it).
    let b = bounce(v::<R>(0.0, 0.0, -5.4886), v(0.0, 0.0, 1.0), r(0.1));
    near(b.z, 0.54886, 1e-5);
    near(b.z * R::from_bits(0x3f7a_e148), 0.537883, 1e-5);
}

fn remove_normal_part_only_into_the_surface<R: Real>() {
    let n = v::<R>(0.0, 0.0, 1.0);
    // (1, 0, −2)·n = −2: (1, 0, −2) + n × 2 = (1, 0, 0), exact.
    assert_eq!(
        remove_normal_part(v::<R>(1.0, 0.0, -2.0), n).to_f32(),
        [1.0, 0.0, 0.0, 0.0]
    );
    // Going out or along: unchanged.
    assert_eq!(
        remove_normal_part(v::<R>(1.0, 0.0, 2.0), n).to_f32(),
        [1.0, 0.0, 2.0, 0.0]
    );
    assert_eq!(
        remove_normal_part(v::<R>(1.0, 5.0, 0.0), n).to_f32(),
        [1.0, 5.0, 0.0, 0.0]
    );
}

fn back_off_plane_stops_short_by_a_centimetre<R: Real>() {
    let n = v::<R>(0.0, 0.0, 1.0);
    // to_touch·n = −1: the advance is n × (−1 + 0.01) = (0, 0, −0.99); the
    // part along the plane (0.5 in x) is not applied.
    near_v(
        back_off_plane(v::<R>(0.5, 0.0, -1.0), n),
        [0.0, 0.0, -0.99],
        TOL,
    );
    // A touch 0.005 m away is nearer than 0.01: the body is backed out by
    // 0.005 (divergence 221; the brick of "Settling a landed object", tick
    // 32, went back up from 0.0078 to 0.01 above the floor).
    near_v(
        back_off_plane(v::<R>(0.0, 0.0, -0.005), n),
        [0.0, 0.0, 0.005],
        TOL,
    );
    // A touch at the start (fraction 0): backed out by the whole 0.01.
    near_v(
        back_off_plane(v::<R>(0.0, 0.0, 0.0), n),
        [0.0, 0.0, 0.01],
        TOL,
    );
}

// ---- the resolution, code by code --------------------------------------------

fn code_1_advances_along_the_normal_and_slides<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[1]);
    let list = [level_contact(v(0.0, 0.0, 1.0), 0.5)];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    // The move to the touch is d × 0.5 = (0.5, 0, −1): the advance is
    // (0, 0, −0.99) and the owner goes from z 1 to 0.01, x unchanged.
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.01], TOL);
    near_v(st.advanced, [0.0, 0.0, -0.99], TOL);
    // (2, 0, −4)·n = −4: both velocities become (2, 0, 0), exactly.
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, 0.0, 0.0]);
    assert_eq!(st.real.to_f32(), [2.0, 0.0, 0.0, 0.0]);
    assert_eq!(st.contacts_met, 1);
    assert!(st.write_back);
    assert_eq!(st.scale, None);
}

fn code_2_bounces_both_velocities<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[2]);
    t.get_mut(id(1)).attrs.insert(8, r(0.5));
    let list = [level_contact(v(0.0, 0.0, 1.0), 0.5)];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    // The same advance as code 1.
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.01], TOL);
    // e = attribute 8 = 0.5: −4 + 4 × 1.5 = 2, so (2, 0, 2) for both.
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, 2.0, 0.0]);
    assert_eq!(st.real.to_f32(), [2.0, 0.0, 2.0, 0.0]);
}

fn code_3_zeroes_both_velocities<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[3]);
    let list = [level_contact(v(0.0, 0.0, 1.0), 0.5)];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.01], TOL);
    assert_eq!(st.velocity.to_f32(), [0.0; 4]);
    assert_eq!(st.real.to_f32(), [0.0; 4]);
}

fn code_above_4_takes_no_branch<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[5]);
    let list = [level_contact(v(0.0, 0.0, 1.0), 0.5)];
    // No branch, but no high bit either: the walk stops, another pass.
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    assert_eq!(t.get(id(1)).positions_written, 0);
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, -4.0, 0.0]);
    assert!(!st.write_back);
}

fn code_0_goes_on_to_the_next_contact<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[0, 1]);
    let list = [
        level_contact(v(0.0, 0.0, 1.0), 0.25),
        level_contact(v(0.0, 0.0, 1.0), 0.5),
    ];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    // Both were asked; the second (fraction 0.5) did the advance.
    assert_eq!(t.get(id(1)).seen.len(), 2);
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.01], TOL);
    // Code 0 with 0x20000 and no other bit also goes on and keeps no scale.
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x2_0000]);
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 0);
    assert_eq!(t.get(id(1)).seen.len(), 2);
    assert_eq!(st.scale, None);
    // An empty list: the move goes on.
    assert_eq!(w.resolve_contacts(&mut t, b, &[], d(), &mut st), 0);
}

fn high_bit_0x10000_ends_the_walk<R: Real>() {
    let list = [
        level_contact(v::<R>(0.0, 0.0, 1.0), 0.25),
        level_contact(v::<R>(0.0, 0.0, 1.0), 0.5),
    ];
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x1_0001]);
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 0);
    assert_eq!(t.get(id(1)).seen.len(), 1);
    // Code 1 at fraction 0.25: to the touch (0.25, 0, −0.5), the advance
    // n × (−0.5 + 0.01) = −0.49: z 1 → 0.51.
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.51], TOL);
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, 0.0, 0.0]);
    // Code 0 with 0x10000 ends the walk too, without a branch.
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x1_0000]);
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 0);
    assert_eq!(t.get(id(1)).seen.len(), 1);
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, -4.0, 0.0]);
}

fn high_bit_0x40000_aborts<R: Real>() {
    let list = [
        level_contact(v::<R>(0.0, 0.0, 1.0), 0.25),
        level_contact(v::<R>(0.0, 0.0, 1.0), 0.5),
    ];
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x4_0000]);
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), -1);
    assert_eq!(t.get(id(1)).seen.len(), 1);
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, -4.0, 0.0]);
    // With a code, the branch runs first, then the abort.
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x4_0001]);
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), -1);
    assert_eq!(st.velocity.to_f32(), [2.0, 0.0, 0.0, 0.0]);
}

fn high_bit_0x20000_keeps_the_largest_scale<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[0x2_0001]);
    let _other = start_object(&mut w, &mut t, 2, (5.0, 0.0, 1.0), Solid::Sphere(0.5));
    // The mesh: 0.98 (0x3f7ae148) for a body that is not a human.
    let list = [level_contact(v::<R>(0.0, 0.0, 1.0), 0.5)];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    assert_eq!(st.scale.map(|s| s.to_bits()), Some(0x3f7a_e148));
    // Then a body: 1.0 is larger and is kept.
    let list = [body_contact(id(2), v::<R>(-1.0, 0.0, 0.0), 0.5)];
    assert_eq!(w.resolve_contacts(&mut t, b, &list, d(), &mut st), 1);
    assert_eq!(st.scale.map(|s| s.to_f32()), Some(1.0));
    // The mesh again: 0.98 is smaller, 1.0 stays.
    let list = [level_contact(v::<R>(0.0, 0.0, 1.0), 0.5)];
    w.resolve_contacts(&mut t, b, &list, d(), &mut st);
    assert_eq!(st.scale.map(|s| s.to_f32()), Some(1.0));
}

fn airborne_human_scale_is_a_quarter<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let o = t.add(1, Owner::at(0x40, 0.0, 0.0, 0.0));
    let b = human_body(&mut w, &t, o);
    t.get_mut(o).answers = vec![0x2_0001];
    let list = [level_contact(v::<R>(0.0, 0.0, 1.0), 0.5)];
    let mut st = MoveState::new(v(2.0, 0.0, -4.0), v(2.0, 0.0, -4.0));
    w.resolve_contacts(&mut t, b, &list, d(), &mut st);
    assert_eq!(st.scale.map(|s| s.to_f32()), Some(1.0));
    w.set_human_airborne(b, true);
    let mut st = MoveState::new(v(2.0, 0.0, -4.0), v(2.0, 0.0, -4.0));
    w.resolve_contacts(&mut t, b, &list, d(), &mut st);
    assert_eq!(st.scale.map(|s| s.to_f32()), Some(0.25));
}

fn skipped_contacts<R: Real>() {
    let (mut w, mut t, b, mut st) = standard::<R>(&[1]);
    w.set_mesh(mesh(&floor(0.0)));
    let mut tri = level_contact(v::<R>(0.0, 0.0, 1.0), 0.5);
    tri.triangle = Some(0);
    // Triangle 0 switched off since the contact was found: skipped.
    w.mesh_mut().unwrap().set_flags(0, TriangleFlags::empty());
    assert_eq!(w.resolve_contacts(&mut t, b, &[tri], d(), &mut st), 0);
    assert!(t.get(id(1)).seen.is_empty());
    // A triangle the mesh does not have: skipped.
    let mut gone = tri;
    gone.triangle = Some(999);
    assert_eq!(w.resolve_contacts(&mut t, b, &[gone], d(), &mut st), 0);
    // An owner without a body: skipped.
    let nobody = body_contact(id(77), v::<R>(-1.0, 0.0, 0.0), 0.5);
    assert_eq!(w.resolve_contacts(&mut t, b, &[nobody], d(), &mut st), 0);
    assert!(t.get(id(1)).seen.is_empty());
    assert_eq!(st.contacts_met, 0);
    // Switched on again: asked, code 1.
    w.mesh_mut().unwrap().set_flags(0, TriangleFlags::ENABLED);
    assert_eq!(w.resolve_contacts(&mut t, b, &[tri], d(), &mut st), 1);
    assert_eq!(t.get(id(1)).seen.len(), 1);
    assert_eq!(t.get(id(1)).seen[0].contact.triangle, Some(0));
}

/// Code 4: mover owner 1 at the origin, moving d = (2, 0, 0) (V (4, 0, 0),
/// dt 0.5), into owner 2's body; the normal (−1, 0, 0) points at the
/// mover; both weigh 82 (attribute 1); owner 2's push weight is `k`.
fn code_4_case<R: Real>(
    k: f32,
    not_pushable: bool,
) -> (PhysicsWorld<R>, Table<R>, BodyId, MoveState<R>) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, 1.0), Solid::Sphere(0.5));
    let ob = start_object(&mut w, &mut t, 2, (3.0, 0.0, 1.0), Solid::Sphere(0.5));
    if not_pushable {
        w.set_body_flags(ob, BodyFlags::NOT_PUSHABLE);
    }
    t.get_mut(id(1)).answers = vec![4];
    t.get_mut(id(1)).attrs.insert(1, r(82.0));
    t.get_mut(id(2)).attrs.insert(1, r(82.0));
    t.get_mut(id(2)).attrs.insert(7, r(k));
    let mut st = MoveState::new(v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    let list = [body_contact(id(2), v::<R>(-1.0, 0.0, 0.0), 0.5)];
    assert_eq!(
        w.resolve_contacts(&mut t, b, &list, v(2.0, 0.0, 0.0), &mut st),
        1
    );
    (w, t, ob, st)
}

fn code_4_pushes_the_other_body<R: Real>() {
    let (w, t, ob, st) = code_4_case::<R>(1.0, false);
    // d·n = −2; 0.5 × −2 = −1; × 82 = −82; / (82 × 1) = −1; the push is
    // n × −1 = (1, 0, 0): half of the move into him, exactly.
    assert_eq!(w.body(ob).unwrap().push.to_f32(), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(t.get(id(2)).pushed_by, vec![id(1)]);
    assert_eq!(t.get(id(1)).seen[0].other, Other::Owner(id(2)));
    // Then as code 1: the touch at (1, 0, 0), the advance n × (−1 + 0.01)
    // = (0.99, 0, 0); the velocity loses its part into him: (0, 0, 0).
    near_v(t.get(id(1)).frame.position, [0.99, 0.0, 1.0], TOL);
    assert_eq!(st.velocity.to_f32(), [0.0; 4]);
    assert_eq!(st.real.to_f32(), [0.0; 4]);
}

fn code_4_push_weight_1e9<R: Real>() {
    let (w, t, ob, _) = code_4_case::<R>(1e9, false);
    // −82 / (82 × 1e9) = −1e-9: he does not visibly move.
    let p = w.body(ob).unwrap().push.to_f32();
    assert!((p[0] - 1e-9).abs() < 1e-14, "{p:?}");
    assert_eq!(t.get(id(2)).pushed_by.len(), 1);
}

fn code_4_not_pushable<R: Real>() {
    let (w, t, ob, st) = code_4_case::<R>(1.0, true);
    assert_eq!(w.body(ob).unwrap().push.to_f32(), [0.0; 4]);
    // Still told (divergence 224), and the mover still slides.
    assert_eq!(t.get(id(2)).pushed_by.len(), 1);
    assert_eq!(st.velocity.to_f32(), [0.0; 4]);
}

fn slide_flags<R: Real>() {
    let (mut w, mut t, b, _) = standard::<R>(&[1]);
    // A code-1 contact with the floor while moving along it, d = (2, 0, 0):
    // no advance (d·n = 0), no normal part removed. The slide (−1, 1, 0)
    // has −1 against the move's direction (1, 0, 0): it becomes (0, 1, 0).
    let mut c = level_contact(v::<R>(0.0, 0.0, 1.0), 0.5);
    c.slide.set(v(-1.0, 1.0, 0.0));
    c.flags = Some(0x1);
    let mut st = MoveState::new(v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    w.resolve_contacts(&mut t, b, &[c], v(2.0, 0.0, 0.0), &mut st);
    near_v(st.velocity, [4.0, 1.0, 0.0], TOL);
    near_v(st.real, [4.0, 0.0, 0.0], TOL);
    assert_eq!(w.body(b).unwrap().push.to_f32(), [0.0; 4]);
    // Flag 0x2: stored in the push-out, once per move.
    c.flags = Some(0x2);
    w.resolve_contacts(&mut t, b, &[c], v(2.0, 0.0, 0.0), &mut st);
    near_v(w.body(b).unwrap().push, [0.0, 1.0, 0.0], TOL);
    near_v(st.velocity, [4.0, 1.0, 0.0], TOL);
    c.slide.set(v(0.0, 2.0, 0.0));
    w.resolve_contacts(&mut t, b, &[c], v(2.0, 0.0, 0.0), &mut st);
    near_v(w.body(b).unwrap().push, [0.0, 1.0, 0.0], TOL);
    // Body flag 0x8000: no slide at all.
    w.set_body_flags(b, BodyFlags::NO_SLIDE);
    c.flags = Some(0x1);
    let mut st = MoveState::new(v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    w.resolve_contacts(&mut t, b, &[c], v(2.0, 0.0, 0.0), &mut st);
    assert_eq!(st.velocity.to_f32(), [4.0, 0.0, 0.0, 0.0]);
}

// ---- the layer mask and the two halves of a pass -------------------------

fn layer_masks<R: Real>() {
    let walk = MoverState::default();
    assert_eq!(walk.mask(false, false), 0x2);
    assert_eq!(walk.mask(false, true), 0x2);
    assert_eq!(walk.mask(true, false), 0x4);
    assert_eq!(walk.mask(true, true), 0x24);
    let air = MoverState {
        airborne_or_holding: true,
        running: true,
        player: Some(1),
    };
    assert_eq!(air.mask(true, false), 0x44 | 0x4_0000 | 0x10_0000);
    let far = MoverState {
        player: Some(40),
        ..Default::default()
    };
    assert_eq!(far.mask(true, false), 0x4);
    let _ = R::ZERO;
}

fn sweep_human_mask_filters<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, 1.0), Solid::Sphere(0.5));
    // Owner 2 blocks objects; owner 3, at the same place, only humans.
    let o2 = object_at(
        &mut w,
        &mut t,
        2,
        (2.0, 0.0, 1.0),
        Solid::Sphere(0.5),
        BodyFlags::OBJECT_START | BodyFlags::BLOCKOBJECTS,
    );
    object_at(
        &mut w,
        &mut t,
        3,
        (2.0, 0.0, 1.0),
        Solid::Sphere(0.5),
        BodyFlags::OBJECT_START | BodyFlags::BLOCKHUMANS,
    );
    let mv = v::<R>(2.0, 0.0, 0.0);
    let bx = w.body(b).unwrap().aabb.extend_by_move(mv);
    let mut cands = Vec::new();
    let run = |w: &PhysicsWorld<R>, t: &Table<R>, cands: &mut Vec<BodyId>| {
        let mut list = ContactList::<R>::default();
        let n = w.sweep_human_mask(
            t,
            b,
            Vec4::ZERO,
            &bx,
            mv,
            &MoverState::default(),
            cands,
            &mut list,
        );
        (n, list)
    };
    let (n, list) = run(&w, &t, &mut cands);
    assert_eq!(n, 1);
    let c = list.as_slice()[0];
    assert_eq!(c.other.owner, Some(2));
    assert_eq!(c.own.owner, Some(1));
    // Centres 2 apart, radii 0.5 + 0.5: they touch after 1 of the 2 m.
    near(c.fraction.unwrap(), 0.5, 1e-5);
    // The same non-zero group passes.
    w.set_group(b, 9);
    w.set_group(o2, 9);
    assert_eq!(run(&w, &t, &mut cands).0, 0);
    w.set_group(o2, 0);
    assert_eq!(run(&w, &t, &mut cands).0, 1);
    // A refusing owner passes.
    t.get_mut(id(1)).refuses.push(id(2));
    assert_eq!(run(&w, &t, &mut cands).0, 0);
}

fn shape_vs_mesh_option_0x4_for_humans<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    // A ceiling at z 2 facing down.
    let soup: Vec<SoupTriangle> = floor(2.0)
        .into_iter()
        .map(|s| {
            let [a, b, c] = s.corners;
            SoupTriangle::new([a, c, b])
        })
        .collect();
    w.set_mesh(mesh(&soup));
    let shape = Shape::Sphere(Sphere {
        radius: r(0.5),
        centre: Vec4::point(r(0.0), r(0.0), r(1.0)),
    });
    let mv = v::<R>(0.0, 0.0, 1.0);
    let bx = Aabb::new(
        Vec4::point(r(-1.0), r(-1.0), r(0.0)),
        Vec4::point(r(1.0), r(1.0), r(3.0)),
    );
    let mut c = Contact::default();
    // Not a human: the ceiling is met after 0.5 of the move.
    assert_eq!(
        w.sweep_shape_vs_mesh(&mut c, &shape, 0, 0, 0x1, R::ONE, false, &bx, mv),
        1
    );
    near(c.fraction.unwrap(), 0.5, 1e-5);
    near_v(c.other.normal.get_or(R::ZERO), [0.0, 0.0, -1.0], TOL);
    // A human (type mask 0x40): option 0x4 skips n.z = −1 < −0.65.
    let mut c = Contact::default();
    assert_eq!(
        w.sweep_shape_vs_mesh(&mut c, &shape, 0, 0, 0x40, R::ONE, false, &bx, mv),
        0
    );
}

// ---- the whole sweep -----------------------------------------------------

/// A world of the [`floor`] at `floor_z` and a sphere body (owner 1, at
/// rest) of the radius given, its centre above the origin at the height
/// given, its owner answering every contact `answer`, its restitution `e`.
fn ball_over_floor<R: Real>(
    floor_z: f32,
    (z, radius): (f32, f32),
    answer: u32,
    e: f32,
) -> (PhysicsWorld<R>, Table<R>, BodyId) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    w.set_mesh(mesh(&floor(floor_z)));
    let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, z), Solid::Sphere(radius));
    t.get_mut(id(1)).answers = vec![answer];
    t.get_mut(id(1)).attrs.insert(8, r(e));
    (w, t, b)
}

/// A world of two humans (owners 1 and 2, type 0x40) 1 m apart along x,
/// owner 1 at the origin: each owner and body.
fn two_humans<R: Real>() -> (PhysicsWorld<R>, Table<R>, [(OwnerId, BodyId); 2]) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = t.add(1, Owner::at(0x40, 0.0, 0.0, 0.0));
    let o = t.add(2, Owner::at(0x40, 1.0, 0.0, 0.0));
    let ba = w.create_human_body(&t, a).unwrap();
    let bo = w.create_human_body(&t, o).unwrap();
    (w, t, [(a, ba), (o, bo)])
}

fn sphere_drops_onto_a_floor_and_bounces<R: Real>() {
    let (mut w, mut t, b) = ball_over_floor::<R>(0.0, (1.0, 0.5), 2, 0.1);
    let rep = sweep_once(&mut w, &mut t, b, v(1.0, 0.0, -6.0), r(0.25));
    // Pass 1: d = (0.25, 0, −1.5); the sphere's bottom is 0.5 above the
    // floor, so t = 1/3 and the move to the touch is (0.0833, 0, −0.5):
    // the advance is (0, 0, −0.49), to z 0.51. The bounce with e 0.1:
    // −6 × 1.1 = −6.6, −6 + 6.6 = 0.6, so V = (1, 0, 0.6).
    // Pass 2: d = (0.25, 0, 0.15) goes away from the floor: no contact,
    // the body moves by it, to (0.25, 0, 0.66).
    assert_eq!(rep.passes, 2);
    assert_eq!(rep.contacts, 1);
    assert!(rep.moved && !rep.stuck && !rep.aborted);
    let o = t.get(id(1));
    near(o.seen[0].contact.fraction.unwrap(), 1.0 / 3.0, 1e-5);
    near_v(o.frame.position, [0.25, 0.0, 0.66], 1e-5);
    // Flag 0x400 (0x80000500) and a floor without 0x100: written back,
    // unscaled (no 0x20000).
    assert_eq!(o.velocities.len(), 1);
    near_v(o.velocities[0], [1.0, 0.0, 0.6], 1e-5);
    near_v(rep.velocity, [1.0, 0.0, 0.6], 1e-5);
    // The body's shape and box followed.
    let bd = w.body(b).unwrap();
    near(bd.aabb.min.z, 0.16, 1e-5);
    assert_eq!(bd.stuck, 0);
}

fn brick_lands_and_bounces_to_0_5379<R: Real>() {
    // The brick's trace, as a 0.05 m sphere: the floor at 0.2231, the
    // centre 0.1 above its touch (z 0.3731), vz −5.4886 over dt 1/30.
    let (mut w, mut t, b) = ball_over_floor::<R>(0.2231, (0.3731, 0.05), 0x2_0002, 0.1);
    let dt = R::ONE.div(r(30.0));
    let rep = sweep_once(&mut w, &mut t, b, v(0.0, 0.0, -5.4886), dt);
    // Pass 1: d.z = −0.182953; the touch after 0.1 m, so the advance is
    // −0.09 and the centre rests at 0.2831 (floor + 0.05 + 0.01). The
    // bounce gives +0.54886. Pass 2: 0.54886 / 30 = 0.0182953 up, no
    // contact: z 0.3013953.
    assert_eq!(rep.passes, 2);
    near(
        t.get(id(1)).seen[0].contact.fraction.unwrap(),
        0.1 / 0.182953,
        1e-4,
    );
    near(t.get(id(1)).frame.position.z, 0.3013953, 2e-5);
    // The kept scale 0.98 on the upward z: 0.54886 × 0.98 = 0.537883.
    let o = t.get(id(1));
    assert_eq!(o.velocities.len(), 1);
    near(o.velocities[0].z, 0.537883, 2e-5);
}

fn walker<R: Real>() -> (PhysicsWorld<R>, Table<R>, BodyId) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    w.set_mesh(mesh(&wall()));
    let o = t.add(1, Owner::at(0x40, 0.0, 0.0, 0.0));
    let b = human_body(&mut w, &t, o);
    // Human_OnContact against the level: 0x20001, a slide.
    t.get_mut(o).answers = vec![0x2_0001];
    (w, t, b)
}

fn human_walks_into_a_wall_and_slides<R: Real>() {
    let (mut w, mut t, b) = walker::<R>();
    let rep = sweep_once(&mut w, &mut t, b, v(4.0, 3.0, 0.0), r(0.5));
    // The walking sphere: r 0.35 at x 0. d = (2, 1.5, 0) meets the wall
    // when 0.35 + 2t = 2, t = 0.825; the move to the touch has x 1.65, so
    // the advance is (1.64, 0, 0) (along the normal only): 0.01 m short.
    // V (4, 3, 0) loses its part into the wall: (0, 3, 0). Pass 2 moves
    // along the wall by (0, 1.5, 0): no contact.
    assert_eq!(rep.passes, 2);
    assert!(rep.moved);
    let o = t.get(id(1));
    near(o.seen[0].contact.fraction.unwrap(), 0.825, 1e-5);
    near_v(o.frame.position, [1.64, 1.5, 0.0], 1e-5);
    let cap = w.body(b).unwrap().first_shape.unwrap();
    if let Shape::Capsule(c) = w.shape(cap).unwrap().geom {
        near(c.base.x + c.radius, 1.99, 1e-5);
    } else {
        panic!("a human's first shape is its capsule");
    }
    // The human body has 0x400; a standing human's scale is 1.0.
    assert_eq!(o.velocities.len(), 1);
    near_v(o.velocities[0], [0.0, 3.0, 0.0], 1e-6);
    assert_eq!(w.body(b).unwrap().stuck, 0);
}

fn human_head_on_into_a_wall_is_stuck<R: Real>() {
    let (mut w, mut t, b) = walker::<R>();
    let rep = sweep_once(&mut w, &mut t, b, v(4.0, 0.0, 0.0), r(0.5));
    // The same advance to x 1.64; the slide leaves V = 0: no move, so the
    // body stays, its counter goes up.
    assert!(rep.stuck && !rep.moved);
    assert_eq!(rep.passes, 1);
    near(t.get(id(1)).frame.position.x, 1.64, 1e-5);
    assert_eq!(w.body(b).unwrap().stuck, 1);
    assert_eq!(t.get(id(1)).velocities.last().unwrap().to_f32(), [0.0; 4]);
}

fn three_stopped_passes_zero_horizontal_velocity<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    w.set_mesh(mesh(&floor(0.0)));
    // No 0x400: the stuck write happens whatever the flags.
    let flags = BodyFlags::DIRTY | BodyFlags::SKIP_BIT_3;
    let b = object_at(
        &mut w,
        &mut t,
        1,
        (0.0, 0.0, 1.0),
        Solid::Sphere(0.5),
        flags,
    );
    // Code 5: no branch, another pass; every pass meets the floor again.
    t.get_mut(id(1)).answers = vec![5];
    let vel = v::<R>(3.0, 0.0, -6.0);
    let rep = sweep_once(&mut w, &mut t, b, vel, r(0.25));
    assert_eq!(rep.passes, 3);
    assert_eq!(rep.contacts, 3);
    assert!(rep.stuck);
    // The body stays, its horizontal velocity is zeroed and written.
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 1.0], 0.0);
    assert_eq!(t.get(id(1)).velocities.len(), 1);
    assert_eq!(t.get(id(1)).velocities[0].to_f32(), [0.0, 0.0, -6.0, 0.0]);
    assert_eq!(w.body(b).unwrap().stuck, 1);
    sweep_once(&mut w, &mut t, b, vel, r(0.25));
    assert_eq!(w.body(b).unwrap().stuck, 2);
    // A move that goes on resets the counter (answer 0: nothing).
    t.get_mut(id(1)).answers = vec![0];
    let rep = sweep_once(&mut w, &mut t, b, v(1.0, 0.0, 0.0), r(0.25));
    assert!(rep.moved);
    assert_eq!(w.body(b).unwrap().stuck, 0);
    near_v(t.get(id(1)).frame.position, [0.25, 0.0, 1.0], 1e-6);
    // Without 0x400 nothing more was written.
    assert_eq!(t.get(id(1)).velocities.len(), 2);
}

fn pending_push_joins_the_move<R: Real>() {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, 5.0), Solid::Sphere(0.5));
    t.get_mut(id(1)).attrs.insert(7, r(2.0));
    // Push (1, 0, 0) over the push weight 2: 0.5; as a velocity 0.5 / 0.5
    // = 1; the move (0, 0, 0) × 0.5 + (0.5, 0, 0). Exact.
    w.set_pending_push(b, v(1.0, 0.0, 0.0));
    let rep = sweep_once(&mut w, &mut t, b, v(0.0, 0.0, 0.0), r(0.5));
    assert!(rep.moved);
    assert_eq!(t.get(id(1)).frame.position.to_f32(), [0.5, 0.0, 5.0, 1.0]);
    assert_eq!(w.body(b).unwrap().push.to_f32(), [0.0; 4]);
    // The real velocity does not carry the push.
    assert_eq!(rep.velocity.to_f32(), [0.0; 4]);
    // Flag 0x1000: the push is taken as it is.
    w.set_body_flags(b, BodyFlags::PUSH_PREDIVIDED);
    w.set_pending_push(b, v(1.0, 0.0, 0.0));
    sweep_once(&mut w, &mut t, b, v(0.0, 0.0, 0.0), r(0.5));
    assert_eq!(t.get(id(1)).frame.position.to_f32(), [1.5, 0.0, 5.0, 1.0]);
}

fn write_back_requests<R: Real>() {
    // A floor triangle with flag 0x100 does not ask for the write-back.
    let (mut w, mut t, b, mut st) = standard::<R>(&[1]);
    w.set_mesh(mesh(&floor(0.0)));
    w.mesh_mut()
        .unwrap()
        .set_flags(0, TriangleFlags::ENABLED | TriangleFlags::BIT_8);
    let mut tri = level_contact(v::<R>(0.0, 0.0, 1.0), 0.5);
    tri.triangle = Some(0);
    assert_eq!(w.resolve_contacts(&mut t, b, &[tri], d(), &mut st), 1);
    assert!(!st.write_back);
    assert_eq!(t.get(id(1)).seen[0].other, Other::Level);
    // The other triangle (flags 0x1) does.
    tri.triangle = Some(1);
    w.resolve_contacts(&mut t, b, &[tri], d(), &mut st);
    assert!(st.write_back);
    // Two airborne humans do not; one airborne does.
    let (mut w, mut t, [(a, ba), (o, bo)]) = two_humans::<R>();
    t.get_mut(a).answers = vec![1];
    let c = body_contact(o, v::<R>(-1.0, 0.0, 0.0), 0.5);
    w.set_human_airborne(ba, true);
    let mut st = MoveState::new(v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    w.resolve_contacts(&mut t, ba, &[c], v(2.0, 0.0, 0.0), &mut st);
    assert!(st.write_back);
    w.set_human_airborne(bo, true);
    let mut st = MoveState::new(v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    w.resolve_contacts(&mut t, ba, &[c], v(2.0, 0.0, 0.0), &mut st);
    assert!(!st.write_back);
}

fn bodies_and_walls_in_one_sorted_list<R: Real>() {
    // A 0.5 m sphere at the origin moves d = (2, 0, 0) (V 4, dt 0.5)
    // towards the wall at x 2 (touch when 0.5 + 2t = 2: t = 0.75) and a
    // body blocking objects at x `at` (touch when 2t = at − 1).
    for (at, body_first) in [(1.5f32, true), (2.9, false)] {
        let mut w = PhysicsWorld::<R>::default();
        let mut t = Table::default();
        w.set_mesh(mesh(&wall()));
        let b = start_object(&mut w, &mut t, 1, (0.0, 0.0, 1.0), Solid::Sphere(0.5));
        let flags = BodyFlags::OBJECT_START | BodyFlags::BLOCKOBJECTS;
        object_at(&mut w, &mut t, 2, (at, 0.0, 1.0), Solid::Sphere(0.5), flags);
        // Answer 0: each contact is asked in the list's order.
        t.get_mut(id(1)).answers = vec![0];
        let rep = sweep_once(&mut w, &mut t, b, v(4.0, 0.0, 0.0), r(0.5));
        assert_eq!(rep.passes, 1);
        assert_eq!(rep.contacts, 2);
        let seen = &t.get(id(1)).seen;
        let fr: Vec<f32> = seen
            .iter()
            .map(|c| c.contact.fraction.unwrap().to_f32())
            .collect();
        assert!(fr[0] <= fr[1], "{fr:?}");
        let body_at = (at - 1.0) / 2.0;
        if body_first {
            assert_eq!(seen[0].other, Other::Owner(id(2)));
            assert_eq!(seen[1].other, Other::Level);
            near(seen[0].contact.fraction.unwrap(), body_at, 1e-5);
            near(seen[1].contact.fraction.unwrap(), 0.75, 1e-5);
        } else {
            assert_eq!(seen[0].other, Other::Level);
            assert_eq!(seen[1].other, Other::Owner(id(2)));
            near(seen[1].contact.fraction.unwrap(), body_at, 1e-5);
        }
    }
}

fn walker_into_a_human_pushes_him<R: Real>() {
    // Two humans 1.0 m apart; the walker moves d = (2, 0, 0) into the
    // other and answers 4 (Human_OnContact against a human). Both weigh
    // 82, the other's push weight is 1.
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let a = t.add(1, Owner::at(0x40, 0.0, 0.0, 0.0));
    let o = t.add(2, Owner::at(0x40, 1.0, 0.0, 0.0));
    for x in [a, o] {
        t.get_mut(x).attrs.insert(1, r(82.0));
        t.get_mut(x).attrs.insert(7, r(1.0));
    }
    let ba = w.create_human_body(&t, a).unwrap();
    let bo = w.create_human_body(&t, o).unwrap();
    w.update(&t, ba);
    w.update(&t, bo);
    t.get_mut(a).answers = vec![4];
    let rep = sweep_once(&mut w, &mut t, ba, v(4.0, 0.0, 0.0), r(0.5));
    assert!(rep.contacts >= 1);
    let seen = &t.get(a).seen;
    assert_eq!(seen[0].other, Other::Owner(o));
    // Whatever the capsule pair's normal n (unit, pointing at the walker),
    // the push is 0.5 (d·n) n × 82 / (82 × 1): along n, half of the move
    // into him.
    let n = seen[0].normal();
    let dn = seen[0].pass_move.dot(n).to_f32();
    assert!(dn < 0.0, "the move goes into him: d·n = {dn}");
    let push = w.body(bo).unwrap().push.to_f32();
    let nn = n.to_f32();
    for k in 0..3 {
        assert!(
            (push[k] - 0.5 * dn * nn[k]).abs() < 1e-5,
            "{push:?} vs n {nn:?}"
        );
    }
    assert_eq!(t.get(o).pushed_by, vec![a]);
    // Head-on, n = (−1, 0, 0): the push is half of the whole pass move
    // (2 m) along −n, 1 m ("Contacts", code 4: d is this pass's move).
    near_v(w.body(bo).unwrap().push, [1.0, 0.0, 0.0], 1e-5);
    // The walker stops where the footprints touch, 0.35 + 0.35 from the
    // other's axis, less the 0.01 back-off ("Human contacts": centres meet
    // at the sum of the radii; divergences 105 and 221): x = 1 − 0.71.
    near(t.get(a).frame.position.x, 0.29, 1e-5);
    // His move went straight into the other: nothing is left to slide, so
    // the sweep ends stuck ("Sweeping a body").
    assert!(rep.stuck, "{rep:?}");
    // A shared group passes through: no contact at all.
    let (mut w2, mut t2, [(a2, ba2), (_, bo2)]) = two_humans::<R>();
    w2.update(&t2, ba2);
    w2.update(&t2, bo2);
    let g = w2.new_group();
    w2.set_group(ba2, g);
    w2.set_group(bo2, g);
    t2.get_mut(a2).answers = vec![4];
    let rep = sweep_once(&mut w2, &mut t2, ba2, v(4.0, 0.0, 0.0), r(0.5));
    assert_eq!(rep.contacts, 0);
    assert!(rep.moved);
    near(t2.get(a2).frame.position.x, 2.0, 1e-6);
}

/// A free world-object box (size 0.2 × 0.2 × 0.2, no level, no bodies) at
/// `at`, owned by owner 1.
fn free_box<R: Real>(w: &mut PhysicsWorld<R>, t: &mut Table<R>, at: (f32, f32, f32)) -> BodyId {
    object_at(
        w,
        t,
        1,
        at,
        Solid::Box(0.2, 0.2, 0.2),
        BodyFlags::OBJECT_START,
    )
}

fn tiny_first_move_stops_a_free_box<R: Real>() {
    // Unit 13's box-box test ideas: the body sweep stops below
    // |D|² ≤ 1e-6 (divergence 228). v = (0.03, 0.01, 0) for 1/60 s gives
    // D = (5e-4, 1.667e-4, 0): D·D = 2.5e-7 + 2.78e-8 = 2.78e-7 ≤ 1e-6, so
    // no pass is swept and the move ends as a slide that left no move:
    // the box stays at (1, 2, 3), its horizontal velocity is zeroed and
    // written (whatever the flags), the counter goes up.
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = free_box(&mut w, &mut t, (1.0, 2.0, 3.0));
    let vel = v::<R>(0.03, 0.01, -0.02);
    let rep = sweep_once(&mut w, &mut t, b, vel, r(1.0 / 60.0));
    // D·D adds (−0.02 / 60)² = 1.1e-7: 3.9e-7, still below the limit.
    assert_eq!(rep.passes, 0);
    assert_eq!(rep.contacts, 0);
    assert!(rep.stuck && !rep.moved && !rep.aborted);
    near_v(t.get(id(1)).frame.position, [1.0, 2.0, 3.0], 0.0);
    assert_eq!(t.get(id(1)).velocities.len(), 1);
    near_v(t.get(id(1)).velocities[0], [0.0, 0.0, -0.02], 0.0);
    assert_eq!(w.body(b).unwrap().stuck, 1);
    // The box did not move: its bounds are still 3 ± 0.1 in z.
    near(w.body(b).unwrap().aabb.min.z, 2.9, 1e-6);
    // A zero move is the same stop (it was swept and went on before).
    let rep = sweep_once(&mut w, &mut t, b, v(0.0, 0.0, 0.0), r(1.0 / 60.0));
    assert!(rep.stuck && rep.passes == 0);
    assert_eq!(w.body(b).unwrap().stuck, 2);
}

fn a_move_just_above_the_tiny_limit_is_swept<R: Real>() {
    // v = (0.09, 0, 0) for 1/60 s: D = (1.5e-3, 0, 0), D·D = 2.25e-6 > 1e-6:
    // one pass, nothing met, the box moves by D and the counter is reset.
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let b = free_box(&mut w, &mut t, (1.0, 2.0, 3.0));
    let rep = sweep_once(&mut w, &mut t, b, v(0.09, 0.0, 0.0), r(1.0 / 60.0));
    assert_eq!(rep.passes, 1);
    assert!(rep.moved && !rep.stuck);
    near_v(t.get(id(1)).frame.position, [1.0015, 2.0, 3.0], 1e-6);
    assert_eq!(w.body(b).unwrap().stuck, 0);
}

fn tiny_bounce_at_pass_2_rests_at_the_advance<R: Real>() {
    // The drop of `sphere_drops_onto_a_floor_and_bounces` straight down
    // with restitution 0.0005: pass 1, d = (0, 0, −1.5), the bottom is 0.5
    // above the floor, t = 1/3, the advance (0, 0, −0.49) puts the centre at
    // z 0.51; the bounce gives vz = −6 + 6 × 1.0005 = 0.003. Pass 2:
    // d = (0, 0, 0.00075), D·D = 5.6e-7 ≤ 1e-6, so the sweep stops there
    // (divergence 228): the sphere rests at z 0.51 (before the rule it went
    // on by 0.00075 to 0.51075), vz 0.003 is kept (only x and y are zeroed)
    // and written, and the counter goes up.
    let (mut w, mut t, b) = ball_over_floor::<R>(0.0, (1.0, 0.5), 2, 0.0005);
    let rep = sweep_once(&mut w, &mut t, b, v(0.0, 0.0, -6.0), r(0.25));
    assert_eq!(rep.passes, 1);
    assert_eq!(rep.contacts, 1);
    assert!(rep.stuck && !rep.moved);
    near_v(t.get(id(1)).frame.position, [0.0, 0.0, 0.51], 1e-5);
    near_v(rep.velocity, [0.0, 0.0, 0.003], 1e-5);
    assert_eq!(w.body(b).unwrap().stuck, 1);
    near(w.body(b).unwrap().aabb.min.z, 0.01, 1e-5);
}
