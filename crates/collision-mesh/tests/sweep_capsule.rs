//! `PhysicsMesh_SweepCapsule` (0x00347c08), the walking body's sweep: one
//! sphere against the walls, the side and direction tests, the 0.25 m
//! low-triangle rule (spec overview "Sweeping a body" step 2; Coney
//! `characters.md` "Walls and steps"; spec Unit 1 "Seen at runtime": a kerb
//! never reaches the kernel on the ground, but does through the sphere
//! sweep in the air). Both float modes.

#[macro_use]
mod support;

use collision_mesh::{Aabb, CollisionMesh, QueryScratch, SweepQuery};
use kernels::{Capsule, Contact, Quirks, Sphere};
use ps2_float::Real;
use support::{floor, quad, records, tri_flags, V3};
use test_support::{both_modes, close, close_v, point, r};

/// A capsule standing at `feet` with the human's radius 0.35.
fn capsule<R: Real>(feet: V3, radius: f32) -> Capsule<R> {
    Capsule {
        radius: r(radius),
        height: r(1.886),
        base: point(feet),
    }
}

/// The walking sweep of a capsule at `feet` along `mv`.
fn walk<R: Real>(
    mesh: &CollisionMesh,
    feet: V3,
    radius: f32,
    scale: f32,
    mv: V3,
) -> (Vec<Contact<R>>, QueryScratch<R>) {
    walk_with(mesh, feet, radius, scale, mv, Quirks::console())
}

/// [`walk`] under `quirks`.
fn walk_with<R: Real>(
    mesh: &CollisionMesh,
    feet: V3,
    radius: f32,
    scale: f32,
    mv: V3,
    quirks: Quirks,
) -> (Vec<Contact<R>>, QueryScratch<R>) {
    let cap = capsule::<R>(feet, radius);
    let rr = radius * scale;
    let centre = [feet[0], feet[1], feet[2] + rr + 0.05];
    let q =
        SweepQuery::new(Aabb::swept_sphere(point(centre), r(rr), point(mv)), 4).with_quirks(quirks);
    let mut scratch = QueryScratch::new(mesh);
    let mut out = records(4);
    let n = mesh.sweep_capsule(&mut scratch, &mut out, &q, &cap, r(scale), point(mv));
    out.truncate(n);
    (out, scratch)
}

/// The sphere sweep of the same sphere (what the airborne push-out runs).
fn sphere_sweep<R: Real>(
    mesh: &CollisionMesh,
    centre: V3,
    radius: f32,
    mv: V3,
) -> (Vec<Contact<R>>, QueryScratch<R>) {
    let sphere = Sphere {
        radius: r(radius),
        centre: point(centre),
    };
    let q = SweepQuery::new(Aabb::swept_sphere(point(centre), r(radius), point(mv)), 4);
    let mut scratch = QueryScratch::new(mesh);
    let mut out = records(4);
    let n = mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, point(mv));
    out.truncate(n);
    (out, scratch)
}

/// The ground at z = 0 and a step up of `h` at y = 1 (its face looks −y),
/// its top from y = 1 to y = 3.
fn step(h: f32) -> CollisionMesh {
    let mut soup = Vec::new();
    soup.extend(floor([-4.0, -4.0], [4.0, 1.0], 0.0));
    // The face: normal −y.
    soup.extend(quad(
        [-4.0, 1.0, 0.0],
        [4.0, 1.0, 0.0],
        [4.0, 1.0, h],
        [-4.0, 1.0, h],
    ));
    soup.extend(floor([-4.0, 1.0], [4.0, 3.0], h));
    support::mesh(&soup, 2.0)
}

/// A kerb under 0.25 m never reaches the kernel in the walking sweep; the
/// sphere sweep of the same sphere meets its face.
fn kerb<R: Real>() {
    let kerb = step(0.2);
    let (feet, mv) = ([0.0, 0.0, 0.0], [0.0, 1.5, 0.0]);
    let (out, scratch) = walk::<R>(&kerb, feet, 0.35, 1.0, mv);
    assert!(out.is_empty());
    assert_eq!(scratch.stats().kernel_calls, 0, "dropped before the kernel");
    // Tested: the face's and the top's four triangles. The ground (z = 0)
    // lies below the walking sphere's reach (centre 0.4 m up, radius 0.35,
    // less divergence 178's margin: z ≥ 0.034), so the tree passes it over
    // (divergence 236).
    assert_eq!(scratch.stats().tested, 4, "{:?}", scratch.stats());
    // The sphere sweep (no 0.25 m rule): the face stops the sphere where
    // it touches the face's top edge.
    let (out, scratch) = sphere_sweep::<R>(&kerb, [0.0, 0.0, 0.4], 0.35, mv);
    // The face's two triangles: the top edge first, the diagonal later.
    assert_eq!(out.len(), 2);
    assert!(scratch.stats().kernel_calls >= 1);
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [0.0, -1.0, 0.0, 1.0],
        1e-6,
        "the kerb's face",
    );
    // sqrt(0.35² − 0.2²) short of the face.
    let gap = (0.35f64 * 0.35 - 0.2 * 0.2).sqrt();
    close(
        out[0].fraction.unwrap_or(R::MAX),
        (1.0 - gap) / 1.5,
        1e-5,
        "edge",
    );
}
both_modes!(issue348_kerb_never_reaches_the_walking_kernel => kerb);

/// A step 0.25 m or more tall is a wall to the walking sweep, unless its
/// triangles are too thin: the face of an 8 m wide step of exactly 0.25 m,
/// split along its diagonal, has each third corner 0.2499 m from the long
/// edge, so the second half of the rule drops it.
fn tall_step<R: Real>() {
    for h in [0.26f32, 0.3, 0.6] {
        let mesh = step(h);
        let (out, scratch) = walk::<R>(&mesh, [0.0, 0.0, 0.0], 0.35, 1.0, [0.0, 1.5, 0.0]);
        assert!(!out.is_empty(), "step {h}");
        assert!(scratch.stats().kernel_calls >= 1);
        assert!(out[0].fraction.unwrap_or(R::MAX) < R::ONE);
    }
    let (out, scratch) = walk::<R>(&step(0.25), [0.0, 0.0, 0.0], 0.35, 1.0, [0.0, 1.5, 0.0]);
    assert!(out.is_empty());
    assert_eq!(scratch.stats().kernel_calls, 0);
}
both_modes!(characters_walls_step_of_025_or_more_stops => tall_step);

/// The player's sphere: radius 0.3395 × 1.4286 = 0.485, centred 0.535
/// above the feet; it stops 0.485 short of a full-height wall.
fn player_sphere<R: Real>() {
    let wall = support::mesh(
        &quad(
            [-4.0, 1.0, 0.0],
            [4.0, 1.0, 0.0],
            [4.0, 1.0, 3.0],
            [-4.0, 1.0, 3.0],
        ),
        2.0,
    );
    let (out, _) = walk::<R>(&wall, [0.0, 0.0, 0.0], 0.3395, 1.4286, [0.0, 1.0, 0.0]);
    assert_eq!(out.len(), 1);
    let rr = 0.3395f64 * 1.4286;
    close(
        out[0].fraction.unwrap_or(R::MAX),
        1.0 - rr,
        2e-5,
        "fraction",
    );
    // The record's point is where the sphere touches the face.
    close_v(
        out[0].point.get().unwrap_or_default(),
        [0.0, 1.0, rr + 0.05, 1.0],
        2e-5,
        "point",
    );
}
both_modes!(characters_walls_player_sphere_radius_and_height => player_sphere);

/// Only walls count (`|n.z| ≤ 0.65`): a ramp with `n.z` 0.7 is not one,
/// one with `n.z` 0.6 is.
fn wall_threshold<R: Real>() {
    for (top, wall) in [(4.0f32, true), (3.06, false)] {
        // The ramp from y = 1 (z = 0) to y = 4 (z = top): normal
        // (0, −top, 3) / |·|, so n.z = 0.6 for top 4 and 0.7 for 3.06.
        let mesh = support::mesh(
            &quad(
                [-4.0, 1.0, 0.0],
                [4.0, 1.0, 0.0],
                [4.0, 4.0, top],
                [-4.0, 4.0, top],
            ),
            2.0,
        );
        let (out, scratch) = walk::<R>(&mesh, [0.0, 0.0, 0.0], 0.35, 1.0, [0.0, 1.5, 0.0]);
        assert_eq!(out.len(), usize::from(wall), "top {top}");
        assert_eq!(scratch.stats().kernel_calls > 0, wall);
    }
}
both_modes!(sweeping_a_body_wall_threshold_0_65 => wall_threshold);

/// A one-sided wall stops the walking body only from its front; a
/// two-sided one from both sides, turned to face it; the mask is kept.
fn one_sided<R: Real>() {
    let face = |flags: u16| {
        let (a, b, c, d) = (
            [-4.0, 1.0, 0.0],
            [4.0, 1.0, 0.0],
            [4.0, 1.0, 3.0],
            [-4.0, 1.0, 3.0],
        );
        support::mesh(&[tri_flags(a, b, c, flags), tri_flags(a, c, d, flags)], 2.0)
    };
    let one = face(0);
    let (out, scratch) = walk::<R>(&one, [0.0, 0.0, 0.0], 0.35, 1.0, [0.0, 1.0, 0.0]);
    assert_eq!(out.len(), 1);
    assert_eq!(scratch.contacts()[0].mask, Some(7), "face hit: mask 7 kept");
    let (out, _) = walk::<R>(&one, [0.0, 2.0, 0.0], 0.35, 1.0, [0.0, -1.0, 0.0]);
    assert!(out.is_empty(), "from behind it passes");
    let two = face(0x2);
    let (out, _) = walk::<R>(&two, [0.0, 2.0, 0.0], 0.35, 1.0, [0.0, -1.0, 0.0]);
    assert_eq!(out.len(), 1);
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [0.0, 1.0, 0.0, 1.0],
        1e-6,
        "turned",
    );
    // The type bits are not read: a door's 0x400 or 0x40 changes nothing,
    // nor does bit 3 with any body flag.
    let door = face(0x448);
    let (feet, mv) = ([0.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    let cap = capsule::<R>(feet, 0.35);
    let q = SweepQuery::new(
        Aabb::swept_sphere(point([0.0, 0.0, 0.4]), r(0.35), point(mv)),
        4,
    )
    .with_body_flags(0x100);
    let mut scratch = QueryScratch::new(&door);
    let mut out = records::<R>(4);
    assert_eq!(
        door.sweep_capsule(&mut scratch, &mut out, &q, &cap, R::ONE, point(mv)),
        1
    );
}
both_modes!(sweeping_a_body_one_sided_wall_front_only => one_sided);

/// A wall in the plane y = 1, 6 m along and 4 m across around (x 0,
/// z 0.5), cut into twenty strips 0.2 m wide running at 37° to the ground
/// (direction (0.8, 0.6) in x, z), each strip two two-sided triangles. Each
/// triangle rises 0.16 m along its steepest edge (the strip's short side)
/// and its third corner lies 0.2 m or less from its longest edge, so the
/// console's low-triangle rule drops every one of them, though the wall
/// stands well over 2 m tall.
fn sliver_wall() -> CollisionMesh {
    let (a, b) = ([0.8f32, 0.6], [-0.6f32, 0.8]);
    let origin = [-1.2f32, -2.9];
    let at = |s: f32, j: f32| -> V3 {
        [
            origin[0] + s * a[0] + j * 0.2 * b[0],
            1.0,
            origin[1] + s * a[1] + j * 0.2 * b[1],
        ]
    };
    let mut soup = Vec::new();
    for j in 0..20 {
        let j = j as f32;
        let (p00, p10, p11, p01) = (at(0.0, j), at(6.0, j), at(6.0, j + 1.0), at(0.0, j + 1.0));
        soup.push(tri_flags(p00, p10, p11, 0x3));
        soup.push(tri_flags(p00, p11, p01, 0x3));
    }
    support::mesh(&soup, 2.0)
}

/// `MeshQuirks::low_wall_edges` off: a face is too low only when its
/// corners span less than 0.25 m in height (the 0.25 m step is the game's
/// rule, Coney `characters.md` "Walls and steps" step 3). A wall cut into
/// slivers then stops the walking sphere where it first touches the
/// wall's plane, `(1 − r) / 1.5` of a 1.5 m move from y = 0 towards y = 1;
/// the 0.25 m step of [`tall_step`], whose halves the console drops as
/// too thin, stops it where it touches the step's top edge,
/// `(1 − √(r² − (0.4 − 0.25)²)) / 1.5`; a 0.2 m kerb still never reaches
/// the kernel. The fractions are worked from the geometry here, in `f64`.
fn corrected_low_walls<R: Real>() {
    let corrected = Quirks::corrected();
    let (feet, mv) = ([0.0, 0.0, 0.0], [0.0, 1.5, 0.0]);
    let rr = 0.35f64;
    let wall = sliver_wall();
    let (out, scratch) = walk::<R>(&wall, feet, 0.35, 1.0, mv);
    assert!(out.is_empty(), "the console walks through the slivers");
    assert_eq!(scratch.stats().kernel_calls, 0);
    let (out, _) = walk_with::<R>(&wall, feet, 0.35, 1.0, mv, corrected);
    assert!(!out.is_empty(), "corrected: the sliver wall stops the body");
    close(
        out[0].fraction.unwrap_or(R::MAX),
        (1.0 - rr) / 1.5,
        2e-5,
        "the wall's plane",
    );
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [0.0, -1.0, 0.0, 1.0],
        1e-5,
        "normal",
    );
    // The step of exactly 0.25 m.
    let (out, _) = walk_with::<R>(&step(0.25), feet, 0.35, 1.0, mv, corrected);
    assert!(!out.is_empty(), "corrected: a 0.25 m step is a wall");
    let gap = (rr * rr - (0.4f64 - 0.25) * (0.4 - 0.25)).sqrt();
    close(
        out[0].fraction.unwrap_or(R::MAX),
        (1.0 - gap) / 1.5,
        2e-5,
        "the step's top edge",
    );
    // The game's step rule stays: a kerb under 0.25 m is walked onto.
    let (out, scratch) = walk_with::<R>(&step(0.2), feet, 0.35, 1.0, mv, corrected);
    assert!(out.is_empty());
    assert_eq!(scratch.stats().kernel_calls, 0, "dropped before the kernel");
    // A step of 0.3 m stops the body under both presets.
    for q in [Quirks::console(), corrected] {
        let (out, _) = walk_with::<R>(&step(0.3), feet, 0.35, 1.0, mv, q);
        assert!(!out.is_empty());
    }
}
both_modes!(characters_walls_corrected_low_wall_is_the_face_height => corrected_low_walls);
