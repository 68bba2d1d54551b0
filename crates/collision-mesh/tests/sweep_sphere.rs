//! `PhysicsMesh_SweepSphere` (0x00348a50): every filter and option of spec
//! Unit 1, "Issue #150", on synthetic geometry, in both float modes; and the
//! sphere overlap and the two overlaps that return 0.

#[macro_use]
mod support;

use collision_mesh::query::marks;
use collision_mesh::{
    Aabb, CollisionMesh, QueryScratch, SoupTriangle, SweepOptions, SweepQuery, TriangleFlags,
};
use kernels::{Capsule, Contact, OrientedBox, Sphere};
use ps2_float::{Real, Vec4};
use support::{check_floor_contact, cube_about, quad, records, tri, tri_flags, V3};
use test_support::{both_modes, close, close_v, point, r};

/// Triangle T of Unit 1's Test ideas: `n = (0, 0, 1)`, `d = 0`.
const T: [V3; 3] = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];

fn floor() -> CollisionMesh {
    support::mesh(&[tri(T[0], T[1], T[2])], 8.0)
}

/// A query over the box the sphere sweeps, copying out up to `max`.
fn query<R: Real>(c: V3, rad: f32, mv: V3, max: usize) -> SweepQuery<R> {
    let mut q = SweepQuery::new(Aabb::swept_sphere(point(c), r(rad), point(mv)), max);
    q.own_shape = 9;
    q
}

/// Sweeps and returns the records written and the scratch.
fn sweep<R: Real>(
    mesh: &CollisionMesh,
    q: &SweepQuery<R>,
    c: V3,
    rad: f32,
    mv: V3,
) -> (Vec<Contact<R>>, QueryScratch<R>) {
    let mut scratch = QueryScratch::new(mesh);
    let mut out = records(8);
    let sphere = Sphere {
        radius: r(rad),
        centre: point(c),
    };
    let n = mesh.sweep_sphere(&mut scratch, &mut out, q, &sphere, point(mv));
    out.truncate(n);
    (out, scratch)
}

fn count<R: Real>(mesh: &CollisionMesh, q: &SweepQuery<R>, c: V3, rad: f32, mv: V3) -> usize {
    sweep(mesh, q, c, rad, mv).0.len()
}

/// Test ideas row 1 through the mesh: one contact at 0.5 with the fields
/// of the output record.
fn row01_face_contact_record<R: Real>() {
    let mesh = floor();
    let (c, mv) = ([1.0, 1.0, 2.0], [0.0, 0.0, -3.0]);
    let (out, scratch) = sweep::<R>(&mesh, &query(c, 0.5, mv, 4), c, 0.5, mv);
    assert_eq!(out.len(), 1);
    let k = &out[0];
    check_floor_contact(k, 0.5, [1.0, 1.0, 0.0], 1e-6);
    assert_eq!((k.own.shape, k.other.shape), (Some(9), Some(0)));
    assert_eq!((k.flags, k.triangle), (Some(0), Some(0)));
    assert!(k.depth.is_none() && k.slide.is_unwritten() && k.own.owner.is_none());
    let s = scratch.stats();
    assert_eq!(
        (s.tested, s.kernel_calls, s.kept, s.overflowed),
        (1, 1, 1, 0)
    );
}
both_modes!(issue150_row01_face_contact_record => row01_face_contact_record);

/// A triangle listed in many cells is tested once per query.
fn visited_once<R: Real>() {
    let mesh = support::mesh(
        &quad(
            [0.0, 0.0, 0.0],
            [20.0, 0.0, 0.0],
            [20.0, 20.0, 0.0],
            [0.0, 20.0, 0.0],
        ),
        1.0,
    );
    let (c, mv) = ([5.0, 12.0, 3.0], [0.0, 0.0, -5.0]);
    let q = query(c, 0.5, mv, 4);
    // The walk as the specification reads it (every list of the box).
    let mut scratch = QueryScratch::<R>::new(&mesh);
    scratch.visited.set_reference_walk(true);
    let mut out = records(8);
    let sphere = Sphere {
        radius: r(0.5),
        centre: point(c),
    };
    assert_eq!(
        mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, point(mv)),
        1
    );
    let s = scratch.stats();
    assert!(s.cells > 1, "{s:?}");
    // The builder lists only the triangle under the sphere in these cells;
    // it is read in each of them and tested once.
    assert!(s.entries > s.tested, "{s:?}");
    assert_eq!(s.tested, 1);
    // The cells' blocks (divergence 236) meet it in each of the box's
    // cells and test it once.
    let (out, scratch) = sweep::<R>(&mesh, &q, c, 0.5, mv);
    assert_eq!(out.len(), 1);
    let s = scratch.stats();
    assert_eq!((s.cells, s.entries, s.tested), (4, 4, 1), "{s:?}");
}
both_modes!(issue150_visited_triangle_tested_once => visited_once);

/// Flag bit 3 is skipped for a body with flag 0x100 or with option 0x8000.
fn bit3_rule<R: Real>() {
    let mesh = support::mesh(&[tri_flags(T[0], T[1], T[2], 0x8)], 8.0);
    let (c, mv) = ([1.0, 1.0, 2.0], [0.0, 0.0, -3.0]);
    let q = query::<R>(c, 0.5, mv, 4);
    assert_eq!(count(&mesh, &q, c, 0.5, mv), 1);
    assert_eq!(count(&mesh, &q.with_body_flags(0x100), c, 0.5, mv), 0);
    assert_eq!(
        count(&mesh, &q.with_options(SweepOptions::SKIP_BIT_3), c, 0.5, mv),
        0
    );
    assert_eq!(count(&mesh, &q.with_body_flags(0x2203f), c, 0.5, mv), 1);
}
both_modes!(issue150_bit3_with_body_flag_0x100_or_option_0x8000 => bit3_rule);

/// A disabled triangle is skipped, even with flag 0x800 (the sweep has no
/// mask to let it through).
fn disabled<R: Real>() {
    let mut mesh = floor();
    let (c, mv) = ([1.0, 1.0, 2.0], [0.0, 0.0, -3.0]);
    let q = query::<R>(c, 0.5, mv, 4);
    mesh.set_flags(0, TriangleFlags::empty());
    assert_eq!(count(&mesh, &q, c, 0.5, mv), 0);
    mesh.set_flags(0, TriangleFlags::TESTABLE_WHILE_DISABLED);
    assert_eq!(count(&mesh, &q, c, 0.5, mv), 0);
}
both_modes!(issue150_disabled_triangle_skipped => disabled);

/// Option 0x4 skips `n.z` below the first threshold, 0x8 above the second.
fn nz_thresholds<R: Real>() {
    // A ceiling at z = 1 (normal down) and the floor T.
    let ceiling = support::mesh(
        &[tri([0.0, 0.0, 1.0], [0.0, 4.0, 1.0], [4.0, 0.0, 1.0])],
        8.0,
    );
    let (c, up) = ([1.0, 1.0, 0.0], [0.0, 0.0, 3.0]);
    let q = query::<R>(c, 0.5, up, 4);
    let (out, _) = sweep(&ceiling, &q, c, 0.5, up);
    assert_eq!(out.len(), 1);
    close(
        out[0].fraction.unwrap_or(R::MAX),
        1.0 / 6.0,
        1e-6,
        "ceiling",
    );
    assert_eq!(
        count(&ceiling, &q.with_options(SweepOptions::NZ_MIN), c, 0.5, up),
        0,
        "n.z = -1 is below -0.65"
    );
    assert_eq!(
        count(&ceiling, &q.with_options(SweepOptions::NZ_MAX), c, 0.5, up),
        1
    );
    let floor = floor();
    let (c, down) = ([1.0, 1.0, 2.0], [0.0, 0.0, -3.0]);
    let q = query::<R>(c, 0.5, down, 4);
    assert_eq!(
        count(&floor, &q.with_options(SweepOptions::NZ_MAX), c, 0.5, down),
        0,
        "n.z = 1 is above 0"
    );
    assert_eq!(
        count(&floor, &q.with_options(SweepOptions::NZ_MIN), c, 0.5, down),
        1
    );
}
both_modes!(issue150_options_0x4_and_0x8_nz_thresholds => nz_thresholds);

/// A wall at x = 2 facing −x, one- or two-sided.
fn wall(flags: u16) -> CollisionMesh {
    let (a, b, c, d) = (
        [2.0, -2.0, 0.0],
        [2.0, -2.0, 3.0],
        [2.0, 2.0, 3.0],
        [2.0, 2.0, 0.0],
    );
    support::mesh(&[tri_flags(a, b, c, flags), tri_flags(a, c, d, flags)], 8.0)
}

/// A one-sided wall stops a sphere only from its front; a two-sided one is
/// turned to face the sphere.
fn one_sided_front_only<R: Real>() {
    let one = wall(0);
    let (front, into) = ([0.0, 0.5, 1.0], [3.0, 0.0, 0.0]);
    let (out, _) = sweep::<R>(&one, &query(front, 0.5, into, 4), front, 0.5, into);
    assert_eq!(out.len(), 1);
    close(out[0].fraction.unwrap_or(R::MAX), 0.5, 1e-6, "front");
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [-1.0, 0.0, 0.0, 1.0],
        1e-6,
        "normal",
    );
    let (behind, back) = ([4.0, 0.5, 1.0], [-3.0, 0.0, 0.0]);
    assert_eq!(
        count::<R>(&one, &query(behind, 0.5, back, 4), behind, 0.5, back),
        0
    );
    let two = wall(0x2);
    let (out, _) = sweep::<R>(&two, &query(behind, 0.5, back, 4), behind, 0.5, back);
    assert_eq!(out.len(), 1);
    close(out[0].fraction.unwrap_or(R::MAX), 0.5, 1e-6, "behind");
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [1.0, 0.0, 0.0, 1.0],
        1e-6,
        "flipped toward the sphere",
    );
}
both_modes!(issue150_one_sided_wall_stops_only_from_its_front => one_sided_front_only);

/// The direction test: `n·M ≥ −0.001` skips the face, even for a sphere
/// already reaching it.
fn direction<R: Real>() {
    let mesh = floor();
    let c = [1.0, 1.0, 0.3];
    for (mv, want) in [
        ([1.0, 0.0, -0.0009], 0),
        ([1.0, 0.0, -0.001], 0),
        ([1.0, 0.0, -0.0011], 1),
        ([1.0, 0.0, 0.0], 0),
    ] {
        let (out, _) = sweep::<R>(&mesh, &query(c, 0.5, mv, 4), c, 0.5, mv);
        assert_eq!(out.len(), want, "{mv:?}");
        if want == 1 {
            close(
                out[0].fraction.unwrap_or(R::MAX),
                0.0,
                0.0,
                "already reaching",
            );
        }
    }
}
both_modes!(issue150_direction_test_minus_0_001 => direction);

/// Option 0x40 keeps what the side and direction tests would skip, marked
/// 0x10 (behind), 0x20 (away) or 0x40 (grazing); a two-sided face behind is
/// still turned over, unmarked.
fn option_0x40_marks<R: Real>() {
    let mesh = floor();
    let mark = SweepOptions::MARK_FACES;
    let flags = |c: V3, mv: V3, options: SweepOptions| -> Vec<(u32, f32)> {
        let q = query::<R>(c, 0.5, mv, 4).with_options(options);
        sweep(&mesh, &q, c, 0.5, mv)
            .0
            .iter()
            .map(|k| {
                (
                    k.flags.unwrap_or(u32::MAX),
                    k.fraction.unwrap_or(R::MAX).to_f32(),
                )
            })
            .collect()
    };
    // Behind and moving up into it: Test ideas row 7's 0.5, marked behind
    // and away (n·M = 3 with the face's own normal).
    let (below, up) = ([1.0, 1.0, -2.0], [0.0, 0.0, 3.0]);
    assert_eq!(flags(below, up, SweepOptions::empty()), []);
    assert_eq!(flags(below, up, mark), [(marks::BEHIND | marks::AWAY, 0.5)]);
    // Already reaching and moving away: fraction 0, marked away.
    let reach = [1.0, 1.0, 0.3];
    assert_eq!(flags(reach, [0.0, 0.0, 1.0], SweepOptions::empty()), []);
    assert_eq!(flags(reach, [0.0, 0.0, 1.0], mark), [(marks::AWAY, 0.0)]);
    // Grazing: |n·M| ≤ 0.001.
    assert_eq!(
        flags(reach, [1.0, 0.0, 0.0005], mark),
        [(marks::GRAZING, 0.0)]
    );
    // Two-sided from behind: turned over, no mark.
    let two = support::mesh(&[tri_flags(T[0], T[1], T[2], 0x2)], 8.0);
    let q = query::<R>(below, 0.5, up, 4).with_options(mark);
    let (out, _) = sweep(&two, &q, below, 0.5, up);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].flags, Some(0));
    close_v(
        out[0].other.normal.get().unwrap_or_default(),
        [0.0, 0.0, -1.0, 1.0],
        1e-6,
        "turned",
    );
}
both_modes!(issue150_option_0x40_marks_instead_of_skipping => option_0x40_marks);

/// Option 0x20000 keeps one contact per plane, the earliest.
fn one_per_plane<R: Real>() {
    // A at x 0..4 (hypotenuse x + y = 4), B coplanar at x 5..9, and a
    // floor one unit lower.
    let soup = [
        tri(T[0], T[1], T[2]),
        tri([5.0, 0.0, 0.0], [9.0, 0.0, 0.0], [5.0, 4.0, 0.0]),
        tri([0.0, -1.0, -1.0], [10.0, -1.0, -1.0], [0.0, 5.0, -1.0]),
    ];
    let mesh = support::mesh(&soup, 1.0);
    // Over B, moving toward A: B at 0 (already reaching), A's edge later;
    // the walk meets A first (lower x), so B replaces it.
    let (c, mv) = ([7.0, 1.0, 0.3], [-4.5, 0.0, -0.01]);
    let q = query::<R>(c, 0.5, mv, 8);
    let (all, _) = sweep(&mesh, &q, c, 0.5, mv);
    let tris: Vec<_> = all.iter().map(|k| k.triangle).collect();
    assert_eq!(tris, [Some(1), Some(0)], "without the option");
    let later = all[1].fraction.unwrap_or(R::ZERO);
    assert!(later > R::ZERO && later < R::ONE);
    let (one, _) = sweep(
        &mesh,
        &q.with_options(SweepOptions::ONE_PER_PLANE),
        c,
        0.5,
        mv,
    );
    assert_eq!(one.len(), 1);
    assert_eq!((one[0].triangle, one[0].fraction), (Some(1), Some(R::ZERO)));
    // The other way: A first at 0, B's edge later and dropped.
    let (c, mv) = ([1.0, 1.0, 0.3], [4.5, 0.0, -0.01]);
    let q = query::<R>(c, 0.5, mv, 8).with_options(SweepOptions::ONE_PER_PLANE);
    let (one, _) = sweep(&mesh, &q, c, 0.5, mv);
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].triangle, Some(0));
    // Falling through both planes: one contact per plane.
    let (c, mv) = ([2.0, 1.0, 2.0], [0.0, 0.0, -3.0]);
    let q = query::<R>(c, 0.5, mv, 8);
    assert_eq!(count(&mesh, &q, c, 0.5, mv), 2);
    assert_eq!(
        count(
            &mesh,
            &q.with_options(SweepOptions::ONE_PER_PLANE),
            c,
            0.5,
            mv
        ),
        2
    );
}
both_modes!(issue150_option_0x20000_one_contact_per_plane => one_per_plane);

/// Test ideas row 12 through the mesh: the kernel returns 1.783594 and the
/// sweep drops it, so the sphere passes the corner it touches at 0.718.
fn row12_dropped<R: Real>() {
    let mesh = floor();
    let (c, mv) = ([-0.9, -0.9, 0.6], [0.6, 1.2, -0.6]);
    let (out, scratch) = sweep::<R>(&mesh, &query(c, 0.5, mv, 4), c, 0.5, mv);
    assert!(out.is_empty());
    let s = scratch.stats();
    assert_eq!((s.kernel_calls, s.kept), (1, 0));
}
both_modes!(unit1_row12_missed_corner_dropped_by_the_sweep => row12_dropped);

/// Contacts come out sorted by fraction, capped at `max` and at the
/// output's length; the scratch keeps all of them.
fn sorted_and_capped<R: Real>() {
    let soup: Vec<_> = [-2.0f32, -1.0, 0.0]
        .iter()
        .map(|&z| tri([0.0, 0.0, z], [4.0, 0.0, z], [0.0, 4.0, z]))
        .collect();
    let mesh = support::mesh(&soup, 8.0);
    let (c, mv) = ([1.0, 1.0, 2.0], [0.0, 0.0, -5.0]);
    let mut scratch = QueryScratch::new(&mesh);
    let sphere = Sphere {
        radius: r(0.5),
        centre: point(c),
    };
    let sweep = |scratch: &mut QueryScratch<R>, out: &mut [Contact<R>], max| {
        mesh.sweep_sphere(scratch, out, &query(c, 0.5, mv, max), &sphere, point(mv))
    };
    let mut out = records::<R>(2);
    let n = sweep(&mut scratch, &mut out, 10);
    assert_eq!(n, 2);
    let f: Vec<f32> = scratch
        .contacts()
        .iter()
        .map(|k| k.fraction.to_f32())
        .collect();
    assert!((f[0] - 0.3).abs() < 1e-6 && (f[1] - 0.5).abs() < 1e-6 && (f[2] - 0.7).abs() < 1e-6);
    assert_eq!(out[0].triangle, Some(2));
    assert_eq!(out[1].triangle, Some(1));
    let mut out = records::<R>(4);
    let n = sweep(&mut scratch, &mut out, 1);
    assert_eq!(n, 1);
    assert!(out[1].fraction.is_none(), "the rest is left as it was");
}
both_modes!(mesh_tests_sorted_by_fraction_and_capped => sorted_and_capped);

/// 120 floor triangles 1 cm apart, from z = 0 down: more than the
/// 100-entry contact array holds for one sweep through them all.
fn stacked_floors() -> Vec<SoupTriangle> {
    (0..120)
        .map(|k| {
            let z = -0.01 * k as f32;
            tri([0.0, 0.0, z], [4.0, 0.0, z], [0.0, 4.0, z])
        })
        .collect()
}

/// More than 100 hits: the 100-entry array keeps the first 100 found
/// (the console has no overflow check; divergence 153).
fn overflow<R: Real>() {
    let soup = stacked_floors();
    let mesh = support::mesh(&soup, 8.0);
    let (c, mv) = ([1.0, 1.0, 1.0], [0.0, 0.0, -3.0]);
    let (out, scratch) = sweep::<R>(&mesh, &query(c, 0.5, mv, 200), c, 0.5, mv);
    assert_eq!(out.len(), 8, "capped by the output");
    let s = scratch.stats();
    assert_eq!((s.kept, s.overflowed), (100, 20));
    assert_eq!(scratch.contacts().len(), 100);
    assert_eq!(scratch.contacts()[99].triangle, 99);
}
both_modes!(mesh_tests_hundred_entry_array_guard => overflow);

/// The sphere overlap: `SphereTriangle_Penetration`'s depth (Test ideas:
/// 0.2 for the centre 0.3 above T, none when touching exactly).
fn overlap<R: Real>() {
    let mesh = floor();
    let mut scratch = QueryScratch::new(&mesh);
    let mut out = records::<R>(4);
    let at = |z: f32| Sphere {
        radius: r(0.5),
        centre: point([1.0, 1.0, z]),
    };
    let q = |z: f32| {
        SweepQuery::new(
            Aabb::swept_sphere(point([1.0, 1.0, z]), r(0.5), Vec4::ZERO),
            4,
        )
    };
    assert_eq!(
        mesh.overlap_sphere(&mut scratch, &mut out, &q(0.3), &at(0.3)),
        1
    );
    close(out[0].depth.unwrap_or(R::MAX), 0.2, 1e-6, "depth");
    assert_eq!(out[0].fraction, Some(R::ZERO));
    assert_eq!(out[0].triangle, Some(0));
    assert!(out[0].point.is_unwritten());
    let mut out = records::<R>(4);
    assert_eq!(
        mesh.overlap_sphere(&mut scratch, &mut out, &q(0.5), &at(0.5)),
        0
    );
    // Below a one-sided face: skipped.
    assert_eq!(
        mesh.overlap_sphere(&mut scratch, &mut out, &q(-0.3), &at(-0.3)),
        0
    );
    // Boxes and capsules never overlap the mesh, and write nothing.
    assert_eq!(
        mesh.overlap_box(&mut out, &q(0.0), &OrientedBox::default()),
        0
    );
    assert_eq!(
        mesh.overlap_capsule(&mut out, &q(0.0), &Capsule::default()),
        0
    );
    assert!(out.iter().all(|k| *k == Contact::default()));
}
both_modes!(unit1_penetration_through_the_mesh_overlap => overlap);

/// The walk goes `x` outermost, and the sort keeps the walk's order between
/// equal fractions: two floors at the same height, the one with the higher
/// index in the lower-`x` cells, both overlapped (fraction 0).
fn walk_order<R: Real>() {
    let soup = [
        tri([6.0, 0.0, 0.0], [8.0, 0.0, 0.0], [6.0, 2.0, 0.0]),
        tri([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]),
    ];
    let mesh = support::mesh(&soup, 1.0);
    let sphere = Sphere {
        radius: r::<R>(4.0),
        centre: point([4.0, 0.5, 0.3]),
    };
    let q = SweepQuery::new(
        Aabb::swept_sphere(sphere.centre, sphere.radius, Vec4::ZERO),
        4,
    );
    let mut scratch = QueryScratch::new(&mesh);
    let mut out = records::<R>(4);
    assert_eq!(mesh.overlap_sphere(&mut scratch, &mut out, &q, &sphere), 2);
    assert_eq!((out[0].triangle, out[1].triangle), (Some(1), Some(0)));
}
both_modes!(mesh_tests_walk_x_outer_and_stable_sort => walk_order);

/// No query allocates: the scratch's contact array and visited bits keep
/// their buffers through every kind of query, the 100-entry overflow
/// included.
fn no_allocation<R: Real>() {
    let soup = stacked_floors();
    let mesh = support::mesh(&soup, 1.0);
    let mut scratch = QueryScratch::<R>::new(&mesh);
    let contacts = scratch.contacts().as_ptr();
    let bits = scratch.visited.as_bytes().as_ptr();
    let mut out = records::<R>(100);
    let (c, mv) = ([1.0, 1.0, 1.0], [0.0, 0.0, -3.0]);
    let sphere = Sphere {
        radius: r(0.5),
        centre: point(c),
    };
    let q = query::<R>(c, 0.5, mv, 100);
    for _ in 0..3 {
        mesh.sweep_sphere(&mut scratch, &mut out, &q, &sphere, point(mv));
        assert_eq!(scratch.stats().overflowed, 20, "the array filled");
        let capsule = Capsule {
            radius: r(0.5),
            height: r(2.0),
            base: point([1.0, 1.0, 0.3]),
        };
        mesh.sweep_capsule(&mut scratch, &mut out, &q, &capsule, R::ONE, point(mv));
        let bx = cube_about(c, point);
        mesh.sweep_box(&mut scratch, &mut out, &q, &bx, point(mv));
        mesh.overlap_sphere(&mut scratch, &mut out, &q, &sphere);
        let mut pos = point::<R>([1.0, 1.0, 5.0]);
        mesh.drop_to_ground(&mut scratch.visited, r(10.0), &mut pos);
        let mut centre = point::<R>(c);
        let mut first = Vec4::ZERO;
        mesh.sphere_push(&mut scratch.visited, r(0.5), &mut centre, None, &mut first);
        assert_eq!(scratch.contacts().as_ptr(), contacts);
        assert_eq!(scratch.visited.as_bytes().as_ptr(), bits);
    }
}
both_modes!(mesh_tests_no_allocation_per_query => no_allocation);
