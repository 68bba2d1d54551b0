//! The sphere push-out (`CollisionMesh_SpherePush` 0x003519f8), the
//! physics push-out of walls (`PhysicsBody_PushOutOfWalls` 0x003477c0),
//! switching triangles in a box (`CollisionMesh_SetEnabledInBox`
//! 0x00351160) and the ground helpers (0x0034f950, 0x0034fa28, 0x0034f740)
//! (Coney `collision.md`, "Sphere push-out", "Switching triangles on and
//! off", "Ground height"; `characters.md`, "Walls and steps"). Both float
//! modes.

#[macro_use]
mod support;

use collision_mesh::{
    Aabb, Attributes, CollisionMesh, Material, MeshRayFilter, Ray, RayResult, SoupTriangle,
    SweepQuery, TriangleFlags,
};
use kernels::Sphere;
use ps2_float::{Real, Vec4};
use support::{quad, quad_with, records, V3};
use test_support::{both_modes, close, close_v, point, r};

/// Wall A at x = 0 facing +x, wall B at y = 0 facing +y (both y or x from
/// −4 to 4, 3 tall), and a floor at z = 0.
fn corner(a_words: Attributes) -> Vec<SoupTriangle> {
    let mut soup = Vec::new();
    soup.extend(quad_with(
        [0.0, -4.0, 0.0],
        [0.0, 4.0, 0.0],
        [0.0, 4.0, 3.0],
        [0.0, -4.0, 3.0],
        a_words,
    ));
    soup.extend(quad(
        [4.0, 0.0, 0.0],
        [-4.0, 0.0, 0.0],
        [-4.0, 0.0, 3.0],
        [4.0, 0.0, 3.0],
    ));
    soup.extend(quad(
        [-4.0, -4.0, 0.0],
        [4.0, -4.0, 0.0],
        [4.0, 4.0, 0.0],
        [-4.0, 4.0, 0.0],
    ));
    soup
}

fn push<R: Real>(
    mesh: &CollisionMesh,
    c: V3,
    rad: f32,
    exclude: Option<&[u32]>,
) -> (bool, Vec4<R>, Vec4<R>) {
    let mut visited = mesh.visited_bits();
    let mut centre = point::<R>(c);
    let mut first = Vec4::ZERO;
    let hit = mesh.sphere_push(&mut visited, r(rad), &mut centre, exclude, &mut first);
    (hit, centre, first)
}

/// Walls only, and the average of the pushes: in a corner, the floor under
/// the sphere never pushes and the two walls' pushes are averaged.
fn sphere_push_average<R: Real>() {
    let mesh = support::mesh(&corner(Attributes::default()), 8.0);
    let (hit, c, first) = push::<R>(&mesh, [0.3, 0.3, 0.4], 0.5, None);
    assert!(hit);
    close_v(c, [0.4, 0.4, 0.4, 1.0], 1e-6, "centre");
    close_v(first, [1.0, 0.0, 0.0, 1.0], 1e-6, "first normal");
    // Only the floor reached: no push.
    let (hit, c, _) = push::<R>(&mesh, [2.0, 2.0, 0.3], 0.5, None);
    assert!(!hit);
    close_v(c, [2.0, 2.0, 0.3, 1.0], 1e-6, "unmoved");
}
both_modes!(collision_sphere_push_walls_only_average => sphere_push_average);

/// A one-sided wall does not push a sphere behind it; a two-sided one
/// pushes it out the other way. Only the face pushes, and excluded
/// materials never do.
fn sphere_push_sides<R: Real>() {
    let one = support::mesh(&corner(Attributes::default()), 8.0);
    let (hit, _, _) = push::<R>(&one, [-0.1, 2.0, 1.0], 0.5, None);
    assert!(!hit, "behind a one-sided wall");
    let two_words = Attributes {
        flags: TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED,
        ..Attributes::default()
    };
    let two = support::mesh(&corner(two_words), 8.0);
    let (hit, c, first) = push::<R>(&two, [-0.1, 2.0, 1.0], 0.5, None);
    assert!(hit);
    close_v(c, [-0.5, 2.0, 1.0, 1.0], 1e-6, "pushed back");
    close_v(first, [-1.0, 0.0, 0.0, 1.0], 1e-6, "turned");
    // Past the wall's end at y = 4: the sphere touches its edge, not its face.
    let (hit, _, _) = push::<R>(&one, [0.3, 4.2, 1.0], 0.5, None);
    assert!(!hit, "edges and corners never push");
    let glass = Attributes {
        material: Material::GLASS,
        ..Attributes::default()
    };
    let pane = support::mesh(&corner(glass), 8.0);
    let list = [2u32, 1];
    let (hit, _, _) = push::<R>(&pane, [0.3, 2.0, 1.0], 0.5, Some(&list));
    assert!(!hit, "excluded material");
    let (hit, _, _) = push::<R>(&pane, [0.3, 2.0, 1.0], 0.5, None);
    assert!(hit);
}
both_modes!(collision_sphere_push_sides_faces_and_materials => sphere_push_sides);

/// The airborne push-out: out of the nearest wall only, by
/// `n × (r − distance)`; floors are not walls.
fn push_out_of_walls<R: Real>() {
    let mesh = support::mesh(&corner(Attributes::default()), 8.0);
    let mut visited = mesh.visited_bits();
    let sphere = |c: V3| Sphere {
        radius: r::<R>(0.5),
        centre: point(c),
    };
    let got = mesh.push_out_of_walls(&mut visited, &sphere([0.2, 0.3, 1.0]));
    let w = got.expect("two walls reached");
    close(w.distance, 0.2, 1e-6, "nearest");
    close_v(w.push, [0.3, 0.0, 0.0, 0.0], 1e-6, "push");
    assert!(w.triangle < 2, "wall A");
    let got = mesh.push_out_of_walls(&mut visited, &sphere([0.35, 0.2, 1.0]));
    close_v(
        got.map(|w| w.push).unwrap_or_default(),
        [0.0, 0.3, 0.0, 0.0],
        1e-6,
        "B",
    );
    assert!(mesh
        .push_out_of_walls(&mut visited, &sphere([2.0, 2.0, 0.3]))
        .is_none());
}
both_modes!(characters_walls_push_out_of_the_nearest_wall => push_out_of_walls);

/// A doorway at x = 5 (y −2..2) and the wall beside it (y 2..6).
fn doorway() -> CollisionMesh {
    let mut soup = Vec::new();
    soup.extend(quad(
        [5.0, -2.0, 0.0],
        [5.0, -2.0, 3.0],
        [5.0, 2.0, 3.0],
        [5.0, 2.0, 0.0],
    ));
    soup.extend(quad(
        [5.0, 2.0, 0.0],
        [5.0, 2.0, 3.0],
        [5.0, 6.0, 3.0],
        [5.0, 6.0, 0.0],
    ));
    support::mesh(&soup, 2.0)
}

/// Switching off the triangles whose three vertices are inside a box opens
/// the doorway to sweeps and rays; a ray with mask bit 0 still sees it.
fn enable_in_box<R: Real>() {
    let mut mesh = doorway();
    let (lo, hi) = (point::<R>([4.0, -2.5, -1.0]), point::<R>([6.0, 2.5, 4.0]));
    let sweep = |mesh: &CollisionMesh| {
        let (c, mv) = ([0.0, 0.0, 1.0], [8.0, 0.0, 0.0]);
        let sphere = Sphere {
            radius: r::<R>(0.5),
            centre: point(c),
        };
        let q = SweepQuery::new(Aabb::swept_sphere(point(c), r(0.5), point(mv)), 4);
        let mut scratch = collision_mesh::QueryScratch::new(mesh);
        let mut out = records(4);
        mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, point(mv))
    };
    let ray_hits = |mesh: &CollisionMesh, mask: u32| {
        let mut visited = mesh.visited_bits();
        let ray = Ray::new(
            point::<R>([0.0, 0.0, 1.0]),
            Vec4::new(R::ONE, R::ZERO, R::ZERO, R::ZERO),
            r(10.0),
        );
        let mut res = RayResult::default();
        mesh.world_ray_cast(
            &mut visited,
            &ray,
            &mut res,
            &MeshRayFilter {
                exclude: None,
                mask,
            },
        )
    };
    assert!(sweep(&mesh) > 0);
    assert_eq!(
        mesh.set_enabled_in_box(lo, hi, false),
        2,
        "the doorway's two"
    );
    assert!(mesh.triangles()[2..]
        .iter()
        .all(|t| t.flags.contains(TriangleFlags::ENABLED)));
    assert_eq!(sweep(&mesh), 0);
    assert!(!ray_hits(&mesh, 0));
    assert!(ray_hits(&mesh, 1), "mask bit 0 tests disabled triangles");
    assert_eq!(mesh.set_enabled_in_box(lo, hi, false), 0, "already off");
    assert_eq!(mesh.set_enabled_in_box(lo, hi, true), 2);
    assert!(sweep(&mesh) > 0);
}
both_modes!(collision_set_enabled_in_box_three_vertices_inside => enable_in_box);

/// A floor at `z` with this area byte, facing up.
fn floor_at(z: f32, area: u8) -> [SoupTriangle; 2] {
    quad_with(
        [-4.0, -4.0, z],
        [4.0, -4.0, z],
        [4.0, 4.0, z],
        [-4.0, 4.0, z],
        Attributes {
            area,
            ..Attributes::default()
        },
    )
}

/// Dropping to the ground leaves the point 0.1 above it; a miss leaves it.
fn drop_to_ground<R: Real>() {
    let mesh = support::mesh(&floor_at(1.0, 1), 8.0);
    let mut visited = mesh.visited_bits();
    let mut pos = point::<R>([0.5, 0.5, 5.0]);
    assert!(mesh.drop_to_ground(&mut visited, r(10.0), &mut pos));
    close_v(pos, [0.5, 0.5, 1.1, 1.0], 1e-6, "0.1 above");
    let mut pos = point::<R>([0.5, 0.5, 0.5]);
    assert!(!mesh.drop_to_ground(&mut visited, r(10.0), &mut pos));
    close_v(pos, [0.5, 0.5, 0.5, 1.0], 1e-6, "unchanged");
}
both_modes!(collision_drop_to_ground_0_1_above => drop_to_ground);

/// Dropping to marked ground passes triangles whose area byte is 0 and
/// stops 0.25 above the first marked one.
fn drop_to_marked_ground<R: Real>() {
    let mut soup = Vec::new();
    soup.extend(floor_at(2.0, 0));
    soup.extend(floor_at(0.0, 3));
    let mesh = support::mesh(&soup, 8.0);
    let mut visited = mesh.visited_bits();
    let mut pos = point::<R>([0.5, 0.5, 5.0]);
    assert!(mesh.drop_to_marked_ground(&mut visited, r(10.0), &mut pos));
    close_v(
        pos,
        [0.5, 0.5, 0.25, 1.0],
        1e-5,
        "0.25 above the marked floor",
    );
    let unmarked = support::mesh(&floor_at(2.0, 0), 8.0);
    let mut visited = unmarked.visited_bits();
    let mut pos = point::<R>([0.5, 0.5, 5.0]);
    assert!(!unmarked.drop_to_marked_ground(&mut visited, r(10.0), &mut pos));
    close_v(pos, [0.5, 0.5, 5.0, 1.0], 1e-6, "unchanged");
}
both_modes!(collision_drop_to_marked_ground_passes_area_0 => drop_to_marked_ground);

/// The marching ray finds the first hit within its maximum; a step that is
/// not positive casts nothing.
fn march<R: Real>() {
    let mesh = support::mesh(
        &quad(
            [3.0, -2.0, 0.0],
            [3.0, -2.0, 3.0],
            [3.0, 2.0, 3.0],
            [3.0, 2.0, 0.0],
        ),
        2.0,
    );
    let mut visited = mesh.visited_bits();
    let o = point::<R>([0.0, 0.5, 1.0]);
    let d = Vec4::new(R::ONE, R::ZERO, R::ZERO, R::ZERO);
    let mut out = Vec4::ZERO;
    assert!(mesh.march_ray(&mut visited, r(0.1), r(5.0), &mut out, o, d));
    close_v(out, [3.0, 0.5, 1.0, 1.0], 1e-5, "the wall");
    let mut out = Vec4::ZERO;
    assert!(!mesh.march_ray(&mut visited, r(0.1), r(2.0), &mut out, o, d));
    assert!(!mesh.march_ray(&mut visited, r(0.0), r(5.0), &mut out, o, d));
    assert!(!mesh.march_ray(&mut visited, r(-1.0), r(5.0), &mut out, o, d));
    assert_eq!(out, Vec4::ZERO);
}
both_modes!(collision_march_ray_first_hit => march);
