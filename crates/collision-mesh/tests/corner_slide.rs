//! The walking sweep's corner slide (`PhysicsMesh_SweepCapsule`, 0x00347c08):
//! a wall contact on a triangle whose flag bits 14-15 name an edge, met past
//! that edge (the kernel's inside mask, `+0x14`, has its bit clear), gets
//! contact flag 0x1 and a unit slide vector at `+0xa0` along the wall, in the
//! ground plane, towards that edge (spec overview "Contacts": flag 0x1 and
//! `+0xa0`; "Open questions": the corner edge in bits 14-15; spec Unit 1
//! "Seen at runtime": none for an airborne body; the vector itself is
//! *inferred*, divergences 290 to 294). Both float modes.
//!
//! The scene is a convex corner: a block filling `x ≤ 0, y ≤ 0`, its wall
//! A the plane `y = 0` facing `+y` (`x` from −4 to 0), its wall B the plane
//! `x = 0` facing `+x` (`y` from −4 to 0), both 3 m tall, meeting at the
//! vertical edge `x = y = 0`.

#[macro_use]
mod support;

use collision_mesh::{Aabb, CollisionMesh, QueryScratch, SoupTriangle, SweepQuery};
use kernels::{Capsule, Contact};
use ps2_float::Real;
use support::{mesh, records, tri_flags, V3};
use test_support::{both_modes, close, close_v, point, r};

/// Bits 14-15 = 1: the corner edge is `e0`.
const EDGE_E0: u16 = 0x4000;
/// Bits 14-15 = 3: the corner edge is `e2`.
const EDGE_E2: u16 = 0xc000;

/// Wall A's two triangles. The second, `(0,0,0) (−4,0,3) (0,0,3)`, has the
/// corner edge as its `e2` (from `(0,0,3)` down to `(0,0,0)`); `named` puts
/// that in its bits 14-15. The first touches the corner only at a vertex.
fn wall_a(named: bool) -> [SoupTriangle; 2] {
    [
        tri_flags([0.0, 0.0, 0.0], [-4.0, 0.0, 0.0], [-4.0, 0.0, 3.0], 0),
        tri_flags(
            [0.0, 0.0, 0.0],
            [-4.0, 0.0, 3.0],
            [0.0, 0.0, 3.0],
            if named { EDGE_E2 } else { 0 },
        ),
    ]
}

/// Wall B's two triangles. The second, `(0,0,0) (0,0,3) (0,−4,3)`, has the
/// corner edge as its `e0` (from `(0,0,0)` up to `(0,0,3)`), named.
fn wall_b() -> [SoupTriangle; 2] {
    [
        tri_flags([0.0, 0.0, 0.0], [0.0, -4.0, 3.0], [0.0, -4.0, 0.0], 0),
        tri_flags([0.0, 0.0, 0.0], [0.0, 0.0, 3.0], [0.0, -4.0, 3.0], EDGE_E0),
    ]
}

/// The corner's mesh: wall A (triangles 0 and 1), wall B (2 and 3).
fn corner(named_a: bool) -> CollisionMesh {
    let mut soup = wall_a(named_a).to_vec();
    soup.extend(wall_b());
    mesh(&soup, 8.0)
}

/// The walking sweep of the human's capsule (radius 0.35, scale 1: the
/// sphere of radius 0.35 centred 0.4 above the feet) from `feet` along `mv`.
fn walk<R: Real>(mesh: &CollisionMesh, feet: V3, mv: V3, airborne: bool) -> Vec<Contact<R>> {
    let cap = Capsule {
        radius: r(0.35),
        height: r(1.886),
        base: point::<R>(feet),
    };
    let centre = [feet[0], feet[1], feet[2] + 0.4];
    let q = SweepQuery::new(Aabb::swept_sphere(point(centre), r(0.35), point(mv)), 8)
        .with_airborne(airborne);
    let mut scratch = QueryScratch::new(mesh);
    let mut out = records(8);
    let n = mesh.sweep_capsule(&mut scratch, &mut out, &q, &cap, R::ONE, point(mv));
    out.truncate(n);
    out
}

/// The first contact, which must be on `triangle` at `fraction`.
fn first_contact<R: Real>(out: &[Contact<R>], triangle: u32, fraction: f64) -> &Contact<R> {
    let c = out.first().expect("a contact");
    assert_eq!(c.triangle, Some(triangle), "{}: the triangle", R::MODE);
    close(
        c.fraction.expect("a fraction"),
        fraction,
        1e-5,
        "the fraction",
    );
    c
}

/// The contact must have the corner-slide flag and `slide` at `+0xa0`.
fn assert_slides<R: Real>(c: &Contact<R>, slide: [f64; 4]) {
    assert_eq!(c.flags, Some(0x1), "{}: the corner-slide flag", R::MODE);
    close_v(c.slide.get().expect("a slide"), slide, 1e-6, "the slide");
}

/// The walk into wall A near the corner, from its side (wall A's edge
/// `named` or not, the body `airborne` or not): the first contact must be
/// the face contact of triangle 1 at the fraction where the sphere (radius
/// 0.35) first reaches the wall (the centre's distance 1.0 less 0.35, over
/// the approach speed 1.0, is 0.65), with flag 0 and `+0xa0` not written.
fn into_wall_a_without_a_slide<R: Real>(named: bool, airborne: bool) {
    let m = corner(named);
    let out = walk::<R>(&m, [-0.5, 1.0, 0.0], [0.3, -1.0, 0.0], airborne);
    let c = first_contact(&out, 1, 0.65);
    assert_eq!(c.flags, Some(0), "{}: no corner-slide flag", R::MODE);
    assert!(c.slide.is_unwritten(), "{}: +0xa0 unwritten", R::MODE);
}

/// Into wall A near the corner, from its side: a face contact on the named
/// triangle (the sphere meets the face inside the corner edge: the kernel's
/// inside mask has the edge's bit) gets no slide (divergence 292).
fn into_wall_a_inside_the_corner_edge<R: Real>() {
    into_wall_a_without_a_slide::<R>(true, false);
}

/// Past the corner edge: the sphere's centre 0.3 beyond the corner's line
/// (x = 0.3) walking along −y meets wall A's named triangle at its corner
/// edge, where the centre is 0.35 from the edge: y = sqrt(0.35² − 0.3²) =
/// 0.180278, fraction (1 − 0.180278) / 1 = 0.819722 (wall B is not gone
/// into; the other triangle's vertex is 0.5 away). The mask has the
/// edge's bit clear, so the slide: `n = (0, 1, 0)`, `n × up = (1, 0, 0)`;
/// the edge's corners less the third, `((0,0,3) − (−4,0,3)) + ((0,0,0) −
/// (−4,0,3)) = (8, 0, −3)`, have a positive dot with it: kept, `(1, 0, 0)`.
fn into_the_corner_edge_of_wall_a<R: Real>() {
    let m = corner(true);
    let out = walk::<R>(&m, [0.3, 1.0, 0.0], [0.0, -1.0, 0.0], false);
    assert_slides(first_contact(&out, 1, 0.819722), [1.0, 0.0, 0.0, 1.0]);
}

/// Into wall B's corner edge from its side, 0.3 past the corner's line
/// (y = 0.3) moving along −x: the edge is met where the centre is 0.35
/// from it, x = 0.180278, fraction 0.819722 (wall A is not gone into). The
/// slide runs along `+y`, towards the corner. By hand: `n = (1, 0, 0)`,
/// `n × up = (0, −1, 0)`; the edge's corners less the third,
/// `((0,0,0) − (0,−4,3)) + ((0,0,3) − (0,−4,3)) = (0, 8, −3)`, have a
/// negative dot with it, so it is turned over: `(0, 1, 0)`.
fn into_the_corner_edge_of_wall_b<R: Real>() {
    let m = corner(true);
    let out = walk::<R>(&m, [1.0, 0.3, 0.0], [-1.0, 0.0, 0.0], false);
    assert_slides(first_contact(&out, 3, 0.819722), [0.0, 1.0, 0.0, 1.0]);
}

/// The same move into wall A when its triangle names no edge: the contact
/// is the plain wall contact, flag 0 and `+0xa0` not written.
fn an_unnamed_edge_gives_no_slide<R: Real>() {
    into_wall_a_without_a_slide::<R>(false, false);
}

/// A move along wall A (`n·M = 0`, not into the face) meets nothing: no
/// contact, so no slide, named edge or not.
fn a_move_along_the_face_meets_nothing<R: Real>() {
    let m = corner(true);
    let out = walk::<R>(&m, [-2.0, 0.5, 0.0], [1.0, 0.0, 0.0], false);
    assert!(out.is_empty(), "{}: {} contacts", R::MODE, out.len());
}

/// An airborne body gets the same contact without the slide (spec Unit 1
/// "Seen at runtime": the corner slide skips airborne bodies).
fn an_airborne_body_gets_no_slide<R: Real>() {
    into_wall_a_without_a_slide::<R>(true, true);
}

/// A slanted wall, met at its named edge: the slide is the unit vector along the wall's horizontal
/// line, computed here apart in `f64` from the corners (the normal of
/// `(0,0,0) (−4,4,0) (0,0,3)`'s plane, crossed with up, made a unit vector
/// and turned towards the named edge `e2`, from `(0,0,3)` to `(0,0,0)`).
fn a_slanted_wall_slides_along_its_ground_line<R: Real>() {
    let (a, b, c) = ([0.0, 0.0, 0.0], [-4.0, 4.0, 0.0], [0.0, 0.0, 3.0]);
    let m = mesh(&[tri_flags(a, b, c, EDGE_E2)], 8.0);
    // The normal, independently: (b − a) × (c − a), unit.
    let (u, v) = ([-4.0f64, 4.0, 0.0], [0.0f64, 0.0, 3.0]);
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let n = [n[0] / len, n[1] / len, n[2] / len];
    // n × up, unit, towards the edge's side: the edge (x = y = 0) lies
    // towards +x from the third corner (−4, 4, 0).
    let mut s = [n[1], -n[0], 0.0];
    let sl = (s[0] * s[0] + s[1] * s[1]).sqrt();
    s = [s[0] / sl, s[1] / sl, 0.0];
    let toward = [8.0, -8.0];
    if s[0] * toward[0] + s[1] * toward[1] < 0.0 {
        s = [-s[0], -s[1], 0.0];
    }
    // Start 1 m in front of the wall's plane and 0.2 m past the edge's line
    // (x = y = 0) along the wall, moving straight in: the sphere (0.35)
    // meets the edge itself, past it in the mask (divergence 292).
    let past = 0.2 / 2f64.sqrt();
    let start = [past + n[0], -past + n[1], 0.0];
    let mv = [-n[0] as f32, -n[1] as f32, 0.0];
    let feet = [start[0] as f32, start[1] as f32, 0.0];
    let out = walk::<R>(&m, feet, mv, false);
    assert_slides(
        out.first().expect("the wall is met"),
        [s[0], s[1], 0.0, 1.0],
    );
}
both_modes!(
    into_wall_a_inside_the_corner_edge,
    into_the_corner_edge_of_wall_a,
    into_the_corner_edge_of_wall_b,
    an_unnamed_edge_gives_no_slide,
    a_move_along_the_face_meets_nothing,
    an_airborne_body_gets_no_slide,
    a_slanted_wall_slides_along_its_ground_line,
);
