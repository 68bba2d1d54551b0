//! `PhysicsMesh_SweepBox` (0x00348530) through the mesh: spec Unit 13's
//! Test ideas (the mesh contact, the flat-drop quirk, the filters) and the
//! counter bug's walk, in both float modes.

#[macro_use]
mod support;

use collision_mesh::mesh::GridData;
use collision_mesh::{
    Aabb, CollisionMesh, ListWalk, MeshData, QueryScratch, SweepOptions, SweepQuery, Triangle,
    TriangleFlags,
};
use kernels::{Contact, OrientedBox};
use ps2_float::{Real, Vec4};
use support::{check_floor_contact, records, tri_flags, V3};
use test_support::{both_modes, close, close_v, point, r};

/// Test ideas' floor: `(−10, −10, 0), (30, −10, 0), (−10, 30, 0)`.
const FLOOR: [V3; 3] = [[-10.0, -10.0, 0.0], [30.0, -10.0, 0.0], [-10.0, 30.0, 0.0]];

fn floor(flags: u16) -> CollisionMesh {
    support::mesh(&[tri_flags(FLOOR[0], FLOOR[1], FLOOR[2], flags)], 8.0)
}

/// The rotation by `deg` about the unit axis along `axis` (Rodrigues), as
/// columns: the box's axes.
fn axes(axis: [f64; 3], deg: f64) -> [[f64; 3]; 3] {
    let n = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
    let [x, y, z] = axis.map(|a| a / n);
    let (s, c) = deg.to_radians().sin_cos();
    let k = 1.0 - c;
    let m = [
        [c + x * x * k, x * y * k - z * s, x * z * k + y * s],
        [y * x * k + z * s, c + y * y * k, y * z * k - x * s],
        [z * x * k - y * s, z * y * k + x * s, c + z * z * k],
    ];
    [0, 1, 2].map(|j| [m[0][j], m[1][j], m[2][j]])
}

fn obox<R: Real>(centre: V3, a: [[f64; 3]; 3]) -> OrientedBox<R> {
    let v = |q: [f64; 3]| Vec4::from_f32([q[0] as f32, q[1] as f32, q[2] as f32, 1.0]);
    OrientedBox {
        half: Vec4::from_f32([0.5, 0.5, 0.5, 1.0]),
        axes: a.map(v),
        centre: point(centre),
    }
}

fn cube<R: Real>(centre: V3) -> OrientedBox<R> {
    obox(centre, axes([0.0, 0.0, 1.0], 0.0))
}

/// Test ideas' tilted box: 40° about `(1, 2, 3)`.
fn tilted<R: Real>(centre: V3) -> OrientedBox<R> {
    obox(centre, axes([1.0, 2.0, 3.0], 40.0))
}

fn sweep<R: Real>(
    mesh: &CollisionMesh,
    q: &SweepQuery<R>,
    bx: &OrientedBox<R>,
    mv: V3,
) -> (Vec<Contact<R>>, QueryScratch<R>) {
    let mut scratch = QueryScratch::new(mesh);
    let mut out = records(4);
    let n = mesh.sweep_box(&mut scratch, &mut out, q, bx, point(mv));
    out.truncate(n);
    (out, scratch)
}

/// The one contact of the sweep of `bx` along `mv` through `mesh` with
/// max 1.
fn only_contact<R: Real>(mesh: &CollisionMesh, bx: &OrientedBox<R>, mv: V3) -> Contact<R> {
    let (mut out, _) = sweep(mesh, &query(bx, mv, 1), bx, mv);
    assert_eq!(out.len(), 1);
    out.pop().expect("one contact")
}

fn query<R: Real>(bx: &OrientedBox<R>, mv: V3, max: usize) -> SweepQuery<R> {
    let mut q = SweepQuery::new(Aabb::swept_box(bx, point(mv)), max);
    q.own_shape = 3;
    q
}

/// Test ideas "Mesh contact": test 2 through the mesh with max 1.
fn mesh_contact<R: Real>() {
    let mesh = floor(0);
    let bx = tilted::<R>([0.0, 0.0, 2.0]);
    let mv = [0.0, 0.0, -2.0];
    let k = &only_contact(&mesh, &bx, mv);
    // The point is the box centre at contact.
    check_floor_contact(k, 0.629511, [0.0, 0.0, 0.740977], 1e-5);
    assert_eq!((k.flags, k.triangle), (Some(0), Some(0)));
    assert_eq!((k.own.shape, k.other.shape), (Some(3), Some(0)));
    assert!(k.slide.is_unwritten() && k.depth.is_none());
}
both_modes!(unit13_test8_mesh_contact_through_the_mesh => mesh_contact);

/// Test ideas "Flat drop": a box dropped flat gets fraction 0 (exact 0.75)
/// through the mesh too; turned 30° with a sideways move, 0.75.
fn flat_drop<R: Real>() {
    let mesh = floor(0);
    let bx = cube::<R>([0.0, 0.0, 2.0]);
    let down = [0.0, 0.0, -2.0];
    let k = only_contact(&mesh, &bx, down);
    assert_eq!(k.fraction, Some(R::ZERO), "{}", R::MODE);
    let turned = obox::<R>([0.0, 0.0, 2.0], axes([0.0, 0.0, 1.0], 30.0));
    let side = [0.1, 0.05, -2.0];
    let k = only_contact(&mesh, &turned, side);
    close(k.fraction.unwrap_or(R::MAX), 0.75, 1e-5, "turned");
}
both_modes!(unit13_test1_flat_drop_quirk_through_the_mesh => flat_drop);

/// Test ideas "Mesh filters" through the mesh: one-sided behind, two-sided
/// receding, the −0.001 rule, bit 3 against body flag 0x100; the options
/// and thresholds are not read.
fn filters<R: Real>() {
    let down = [0.0, 0.0, -2.0];
    let below = tilted::<R>([0.0, 0.0, -2.0]);
    let above = tilted::<R>([0.0, 0.0, 2.0]);
    let n = |mesh: &CollisionMesh, q: &SweepQuery<R>, bx: &OrientedBox<R>, mv: V3| {
        sweep(mesh, q, bx, mv).0.len()
    };
    assert_eq!(n(&floor(0), &query(&below, down, 1), &below, down), 0);
    assert_eq!(n(&floor(0x2), &query(&below, down, 1), &below, down), 0);
    // Two-sided and moving up into it from below: turned to face the box
    // centre, and met.
    let up = [0.0, 0.0, 2.0];
    let k = only_contact(&floor(0x2), &below, up);
    close(
        k.fraction.unwrap_or(R::MAX),
        0.629511,
        1e-5,
        "mirror of test 2",
    );
    close_v(
        k.other.normal.get().unwrap_or_default(),
        [0.0, 0.0, -1.0, 1.0],
        1e-6,
        "turned toward the box",
    );
    assert_eq!(
        n(&floor(0), &query(&below, up, 1), &below, up),
        0,
        "one-sided"
    );
    let slow = [0.0, 0.0, -0.0009];
    assert_eq!(n(&floor(0), &query(&above, slow, 1), &above, slow), 0);
    let bit3 = floor(0x8);
    let q = query(&above, down, 1);
    assert_eq!(n(&bit3, &q.with_body_flags(0x100), &above, down), 0);
    assert_eq!(n(&bit3, &q, &above, down), 1);
    // No counterpart of the sphere's option 0x8000, nor of its n.z range.
    let mut q = q.with_options(SweepOptions::SKIP_BIT_3 | SweepOptions::NZ_MAX);
    q.nz_max = r(-1.0);
    assert_eq!(n(&bit3, &q, &above, down), 1);
}
both_modes!(unit13_test7_mesh_filters_through_the_mesh => filters);

/// A hand-made two-cell mesh: cell 0 lists triangle 0, a floor far below
/// the box (a kernel miss, 1e28); cell 1 lists triangle 1, a floor just
/// under it. The lists are `[0, 1, 0, 1, 1]`: after cell 0's one entry
/// comes cell 1's count, 1.
fn two_cells() -> CollisionMesh {
    let v = |x: f32, y: f32, z: f32| [x, y, z, 1.0];
    let data = MeshData {
        vertices: vec![
            v(-10.0, -10.0, -5.0),
            v(30.0, -10.0, -5.0),
            v(-10.0, 30.0, -5.0),
            v(-10.0, -10.0, 1.2),
            v(30.0, -10.0, 1.2),
            v(-10.0, 30.0, 1.2),
        ],
        triangles: vec![
            Triangle {
                v: [0, 1, 2],
                flags: TriangleFlags::ENABLED,
                ..Triangle::default()
            },
            Triangle {
                v: [3, 4, 5],
                flags: TriangleFlags::ENABLED,
                ..Triangle::default()
            },
        ],
        grid: GridData {
            // x / 10 on two cells; y and z on one.
            matrix: [
                [0.1, 0.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
            clamp_min: [0.5, 0.5, 0.5, 1.0],
            clamp_max: [1.5, 0.5, 0.5, 1.0],
            dims: [2, 1, 1],
            cells: vec![1, 3],
            lists: vec![0, 1, 0, 1, 1],
        },
        ..MeshData::default()
    };
    CollisionMesh::from_data(data, "two-cells").expect("a checked mesh")
}

/// Unit 13, "Bug": every kernel miss leaves the cell's counter where it was
/// while the list pointer moves on. The port walks the lists exactly (only
/// cell 0's triangle, a miss: no contact); the console's walk reads cell
/// 1's count as a triangle index after the miss and finds triangle 1, a
/// cell the query box does not cover.
fn counter_bug<R: Real>() {
    let mesh = two_cells();
    let bx = cube::<R>([2.0, 0.0, 2.0]);
    let mv = [0.0, 0.0, -1.0];
    let q = query(&bx, mv, 4);
    let range = mesh.grid().cell_range(q.world_box.min, q.world_box.max);
    assert_eq!((range.lo, range.hi), ([0, 0, 0], [0, 0, 0]), "cell 0 only");
    // The exact walk of the specification's reading (no culling): the one
    // entry, tested, a kernel miss.
    let mut scratch = QueryScratch::<R>::new(&mesh);
    scratch.visited.set_reference_walk(true);
    let mut out = records(4);
    assert_eq!(
        mesh.sweep_box(&mut scratch, &mut out, &q, &bx, point(mv)),
        0
    );
    let s = scratch.stats();
    assert_eq!((s.entries, s.tested, s.kernel_calls), (1, 1, 1));
    // With the box-axis cull (divergence 272) the triangle at z = −5, which
    // the cube moving from z = 2 to 1 never nears along its own z axis, is
    // passed over before the kernel, with the same answer: the search of
    // the mesh's tree (divergence 236) never reaches it.
    let (out, scratch) = sweep(&mesh, &q, &bx, mv);
    assert!(out.is_empty());
    let s = scratch.stats();
    assert_eq!((s.entries, s.tested, s.kernel_calls), (0, 0, 0));
    let (out, scratch) = sweep(&mesh, &q.with_walk(ListWalk::ConsoleOverrun), &bx, mv);
    assert_eq!(out.len(), 1, "the overrun's extra read");
    assert_eq!(out[0].triangle, Some(1));
    let s = scratch.stats();
    assert_eq!((s.entries, s.tested, s.kernel_calls), (2, 2, 2));
}
both_modes!(unit13_mesh_box_counter_bug_walks_exact_lists => counter_bug);
