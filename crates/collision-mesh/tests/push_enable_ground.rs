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
use kernels::{MeshQuirks, Sphere};
use ps2_float::{Real, Vec4};
use support::{floor, quad, quad_with, records, wall_x, V3};
use test_support::oracle::{add_scaled, dot, sub};
use test_support::{both_modes, close, close_v, f64_of, point, r, Seeded, Xorshift};

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
    soup.extend(floor([-4.0, -4.0], [4.0, 4.0], 0.0));
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
    soup.extend(wall_x(5.0, [-2.0, 2.0], 3.0));
    soup.extend(wall_x(5.0, [2.0, 6.0], 3.0));
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
    let mesh = support::mesh(&wall_x(3.0, [-2.0, 2.0], 3.0), 2.0);
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

// The corrected sphere push (`MeshQuirks::push_faces_only` and
// `push_average` off) against a brute-force oracle in `f64`: the shortest
// move of the centre that leaves it at least the radius from every wall
// triangle, found by marching and bisecting along sampled directions with
// the exact point-triangle distance written here (Ericson's regions), not
// the crate's.

type P = [f64; 3];

/// The point of triangle `t` nearest `p` (Ericson, "Real-Time Collision
/// Detection" 5.1.5).
fn nearest_on_triangle(p: P, t: &[P; 3]) -> P {
    let [a, b, c] = *t;
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let (d1, d2) = (dot(ab, ap), dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = sub(p, b);
    let (d3, d4) = (dot(ab, bp), dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return add_scaled(a, ab, d1 / (d1 - d3));
    }
    let cp = sub(p, c);
    let (d5, d6) = (dot(ab, cp), dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return add_scaled(a, ac, d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return add_scaled(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let den = 1.0 / (va + vb + vc);
    add_scaled(add_scaled(a, ab, vb * den), ac, vc * den)
}

/// The least distance from `p` to the triangles.
fn gap(p: P, tris: &[[P; 3]]) -> f64 {
    tris.iter()
        .map(|t| {
            let q = nearest_on_triangle(p, t);
            dot(sub(p, q), sub(p, q)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

/// The shortest clearing move along `dir` (unit): march in steps of
/// `rad / 50` to the first clear centre, then bisect 40 times.
fn clearing_length(c: P, rad: f64, dir: P, tris: &[[P; 3]]) -> f64 {
    let step = rad / 50.0;
    let mut hi = 0.0;
    while gap(add_scaled(c, dir, hi), tris) < rad {
        hi += step;
        if hi > 4.0 * rad {
            return f64::INFINITY;
        }
    }
    let mut lo = (hi - step).max(0.0);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if gap(add_scaled(c, dir, mid), tris) < rad {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The oracle's shortest clearing move over `dirs`.
fn shortest_clearing_move(c: P, rad: f64, tris: &[[P; 3]], dirs: &[P]) -> P {
    let mut best = (f64::INFINITY, [0.0; 3]);
    for &d in dirs {
        let t = clearing_length(c, rad, d, tris);
        if t < best.0 {
            best = (t, d);
        }
    }
    best.1.map(|k| k * best.0)
}

/// The oracle's shortest clearing move in the ground plane: every 0.1°,
/// then twice refined over four of the last spacings around the best, in
/// 200 steps (the shortest move can sit at a kink, where a coarse sample
/// overshoots by more than the tolerance).
fn shortest_level_move(c: P, rad: f64, tris: &[[P; 3]]) -> P {
    let at = |a: f64| [a.cos(), a.sin(), 0.0];
    let mut spacing = std::f64::consts::PI / 1800.0;
    let mut best = (f64::INFINITY, 0.0);
    for i in 0..3600 {
        let a = f64::from(i) * spacing;
        let t = clearing_length(c, rad, at(a), tris);
        if t < best.0 {
            best = (t, a);
        }
    }
    for _ in 0..2 {
        let centre = best.1;
        for i in 0..=200 {
            let a = centre - 2.0 * spacing + f64::from(i) * (4.0 * spacing / 200.0);
            let t = clearing_length(c, rad, at(a), tris);
            if t < best.0 {
                best = (t, a);
            }
        }
        spacing *= 4.0 / 200.0;
    }
    at(best.1).map(|k| k * best.0)
}

/// 20,000 directions spread over the sphere (a Fibonacci lattice).
fn all_directions() -> Vec<P> {
    let n = 20_000;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (f64::from(i) + 0.5) / f64::from(n);
            let rho = (1.0 - z * z).sqrt();
            let a = golden * f64::from(i);
            [rho * a.cos(), rho * a.sin(), z]
        })
        .collect()
}

/// A two-sided vertical wall from `a` to `b` (x, y), 3 m tall from z = 0,
/// as its two triangles, for the mesh and for the oracle.
fn wall(a: [f32; 2], b: [f32; 2]) -> ([SoupTriangle; 2], [[P; 3]; 2]) {
    let two = Attributes {
        flags: TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED,
        ..Attributes::default()
    };
    let (p0, p1, p2, p3) = (
        [a[0], a[1], 0.0],
        [b[0], b[1], 0.0],
        [b[0], b[1], 3.0],
        [a[0], a[1], 3.0],
    );
    let f = |v: [f32; 3]| v.map(f64::from);
    (
        quad_with(p0, p1, p2, p3, two),
        [[f(p0), f(p1), f(p2)], [f(p0), f(p2), f(p3)]],
    )
}

/// The corrected push of a sphere at `c` against `mesh`, as `f64`.
fn corrected_push<R: Real>(mesh: &CollisionMesh, c: [f32; 3], rad: f32) -> Option<P> {
    let mut visited = mesh.visited_bits();
    let mut centre = point::<R>(c);
    let mut first = Vec4::ZERO;
    let q = MeshQuirks::corrected();
    let hit = mesh.sphere_push_with(&mut visited, r(rad), &mut centre, None, &mut first, &q);
    hit.then(|| {
        [
            f64_of(centre.x) - f64::from(c[0]),
            f64_of(centre.y) - f64::from(c[1]),
            f64_of(centre.z) - f64::from(c[2]),
        ]
    })
}

/// The corrected move `got` against the oracle's `want`: their lengths
/// within 1e-4 m, their directions within `spread` (radians: the oracle's
/// spacing of directions, near which the shortest move's length barely
/// changes), and the moved sphere clear of every wall.
#[track_caller]
fn agree(got: P, want: P, c: [f32; 3], rad: f32, tris: &[[P; 3]], spread: f64, what: &str) {
    let (lg, lw) = (dot(got, got).sqrt(), dot(want, want).sqrt());
    assert!(
        (lg - lw).abs() < 1e-4,
        "{what}: move {got:?} ({lg}), oracle {want:?} ({lw})"
    );
    let off = sub(got, want);
    assert!(
        dot(off, off).sqrt() <= lw * spread + 1e-4,
        "{what}: move {got:?}, oracle {want:?}"
    );
    let moved = add_scaled(c.map(f64::from), got, 1.0);
    assert!(
        gap(moved, tris) > f64::from(rad) - 1e-4,
        "{what}: still inside a wall"
    );
}

/// The spacing of [`shortest_level_move`]'s last refinement and of
/// [`all_directions`].
const LEVEL_SPREAD: f64 = 1e-4;
const ALL_SPREAD: f64 = 0.03;

/// Fixed cases: a square corner (the console leaves the sphere half way
/// into both walls; corrected it ends clear of each), a wall's end edge
/// (the console never pushes; corrected it pushes out of the edge) and a
/// wall's top corner (in 3-D), each against the oracle.
fn corrected_push_fixed<R: Real>() {
    let (wa, ta) = wall([0.0, -4.0], [0.0, 4.0]);
    let (wb, tb) = wall([4.0, 0.0], [-4.0, 0.0]);
    let mesh = support::mesh(&[wa, wb].concat(), 8.0);
    let tris = [ta, tb].concat();
    let (c, rad) = ([0.3f32, 0.3, 1.4], 0.5f32);
    let want = shortest_level_move(c.map(f64::from), f64::from(rad), &tris);
    let got = corrected_push::<R>(&mesh, c, rad).expect("pushed");
    agree(got, want, c, rad, &tris, LEVEL_SPREAD, "square corner");
    close(r::<R>(got[0] as f32), 0.2, 1e-5, "out of wall A");
    // The console's average, from the same walls: half of each.
    let (hit, cc, _) = push::<R>(&mesh, c, rad, None);
    assert!(hit);
    close_v(cc, [0.4, 0.4, 1.4, 1.0], 1e-6, "console average");

    let single = support::mesh(&wa, 8.0);
    let c = [0.3f32, 4.2, 1.0];
    let want = shortest_level_move(c.map(f64::from), 0.5, &ta);
    let got = corrected_push::<R>(&single, c, 0.5).expect("the edge pushes");
    agree(got, want, c, 0.5, &ta, LEVEL_SPREAD, "end edge");
    let (hit, _, _) = push::<R>(&single, c, 0.5, None);
    assert!(!hit, "console: edges never push");

    let c = [0.2f32, 4.2, 3.2];
    let want = shortest_clearing_move(c.map(f64::from), 0.5, &ta, &all_directions());
    let got = corrected_push::<R>(&single, c, 0.5).expect("the corner pushes");
    agree(got, want, c, 0.5, &ta, ALL_SPREAD, "top corner");
}
both_modes!(collision_sphere_push_corrected_fixed_cases => corrected_push_fixed);

/// 24 random concave corners (two walls meeting at 95° to 175°, turned at
/// random) with the sphere near the corner, and 24 wall ends: the
/// corrected push agrees with the oracle's shortest clearing move.
fn corrected_push_random<R: Real>() {
    let mut rng = Xorshift(0x9a5_e1d0);
    for i in 0..48 {
        let turn = rng.range(0.0, std::f64::consts::TAU);
        let open = if i < 24 {
            rng.range(95f64.to_radians(), 175f64.to_radians())
        } else {
            std::f64::consts::PI
        };
        let along = |a: f64, len: f64| [(len * a.cos()) as f32, (len * a.sin()) as f32];
        let (w1, t1) = wall(along(turn, 4.0), [0.0, 0.0]);
        let (w2, t2) = if i < 24 {
            wall([0.0, 0.0], along(turn + open, 4.0))
        } else {
            // A lone wall: the sphere sits off its end at the origin.
            (w1, t1)
        };
        let (soup, tris) = if i < 24 {
            ([w1, w2].concat(), [t1, t2].concat())
        } else {
            (w1.to_vec(), t1.to_vec())
        };
        let mesh = support::mesh(&soup, 8.0);
        // Inside the wedge (or past the lone wall's end), within reach.
        let mid = turn + open * rng.range(0.3, 0.7);
        let (dist, rad) = if i < 24 {
            (rng.range(0.15, 0.4), rng.range(0.35, 0.6))
        } else {
            (rng.range(0.1, 0.3), 0.4)
        };
        let c = [(dist * mid.cos()) as f32, (dist * mid.sin()) as f32, 1.5];
        let rad = rad as f32;
        let want = shortest_level_move(c.map(f64::from), f64::from(rad), &tris);
        let got = corrected_push::<R>(&mesh, c, rad);
        let Some(got) = got else {
            // Only when the oracle needs no move either.
            assert!(want.iter().all(|k| k.abs() < 1e-4), "case {i}: missed");
            continue;
        };
        agree(got, want, c, rad, &tris, LEVEL_SPREAD, &format!("case {i}"));
    }
}
both_modes!(collision_sphere_push_corrected_matches_the_oracle => corrected_push_random);
