//! The box and capsule mesh overlaps with `MeshQuirks::overlap_sphere_only`
//! off (`CollisionMesh::overlap_box_with`, `overlap_capsule_with`;
//! divergences 477-479): the triangles found and their records, the side
//! test at the shape's centre, the output's cap, and the console's 0 kept
//! under the console's switches (overview, "The shape-pair tables").
//! Both float modes.

#[macro_use]
mod support;

use collision_mesh::{Aabb, CollisionMesh, QueryScratch, SweepQuery};
use kernels::{Capsule, Contact, OrientedBox, Quirks};
use ps2_float::Real;
use support::{cube_about, records, tri, tri_flags, V3};
use test_support::{both_modes, close, dir, point, r};

/// Unit 1's triangle T (`n = (0, 0, 1)`), one-sided, and beside it at
/// x 10 the same triangle two-sided.
fn floors() -> CollisionMesh {
    const T: [V3; 3] = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
    let two = T.map(|v| [v[0] + 10.0, v[1], v[2]]);
    support::mesh(
        &[
            tri(T[0], T[1], T[2]),
            tri_flags(two[0], two[1], two[2], 0x2),
        ],
        8.0,
    )
}

/// A query over a wide box about `c`, with the given quirks, up to `max`.
fn query<R: Real>(c: V3, quirks: Quirks, max: usize) -> SweepQuery<R> {
    let lo = point([c[0] - 2.0, c[1] - 2.0, c[2] - 2.0]);
    let hi = point([c[0] + 2.0, c[1] + 2.0, c[2] + 2.0]);
    let mut q = SweepQuery::new(Aabb::new(lo, hi), max);
    q.own_shape = 7;
    q.quirks = quirks;
    q
}

fn cube<R: Real>(c: V3) -> OrientedBox<R> {
    cube_about(c, dir)
}

fn capsule<R: Real>(base: V3, height: f32) -> Capsule<R> {
    Capsule {
        radius: r(0.4),
        height: r(height),
        base: point(base),
    }
}

/// Under the console's switches, `overlap` (given the scratch, a row of
/// four records and the query about `c`) finds nothing and writes nothing,
/// and the scratch keeps none of the previous, corrected query's contacts.
fn console_finds_nothing<R: Real>(
    scratch: &mut QueryScratch<R>,
    c: V3,
    overlap: impl FnOnce(&mut QueryScratch<R>, &mut [Contact<R>], &SweepQuery<R>) -> usize,
) {
    let mut out = records::<R>(4);
    let console = query(c, Quirks::console(), 4);
    assert!(
        !scratch.contacts().is_empty(),
        "the corrected query's contact"
    );
    assert_eq!(overlap(scratch, &mut out, &console), 0);
    assert!(out.iter().all(|k| *k == Contact::default()));
    assert!(scratch.contacts().is_empty());
}

/// A cube centred 0.3 above T is 0.2 in: one record with the shape, the
/// normal, fraction 0, the depth and the triangle, no point; below the
/// one-sided T (centre at −0.3) nothing; below the two-sided one it is
/// found turned over, normal (0, 0, −1). Under the console's switches the
/// box finds nothing and writes nothing.
fn box_overlap<R: Real>() {
    let mesh = floors();
    let mut scratch = QueryScratch::new(&mesh);
    let corrected = Quirks::corrected();
    let mut out = records::<R>(4);
    let mut at = |c: V3, out: &mut [Contact<R>]| {
        mesh.overlap_box_with(&mut scratch, out, &query(c, corrected, 4), &cube(c))
    };
    let c = [1.0, 1.0, 0.3];
    let n = at(c, &mut out);
    assert_eq!(n, 1);
    close(out[0].depth.unwrap_or(R::MAX), 0.2, 1e-6, "depth");
    assert_eq!(
        (out[0].fraction, out[0].triangle, out[0].own.shape),
        (Some(R::ZERO), Some(0), Some(7))
    );
    assert!(out[0].point.is_unwritten());
    let nz = out[0].other.normal.get().expect("a normal").z;
    close(nz, 1.0, 1e-6, "normal");
    let below = [1.0, 1.0, -0.3];
    let mut out = records::<R>(4);
    let n = at(below, &mut out);
    assert_eq!(n, 0, "behind a one-sided face");
    let two = [11.0, 1.0, -0.3];
    let n = at(two, &mut out);
    assert_eq!(n, 1, "under a two-sided face");
    assert_eq!(out[0].triangle, Some(1));
    close(
        out[0].other.normal.get().expect("a normal").z,
        -1.0,
        1e-6,
        "turned over",
    );
    close(out[0].depth.unwrap_or(R::MAX), 0.2, 1e-6, "depth");
    console_finds_nothing(&mut scratch, c, |scratch, out, console| {
        mesh.overlap_box_with(scratch, out, console, &cube(c))
    });
}

/// A capsule (r 0.4) standing with its base 0.1 above T is 0.3 in; one
/// beside T's edge meets it only within the radius of the edge; the
/// output's cap holds.
/// Under the console's switches nothing.
fn capsule_overlap<R: Real>() {
    let mesh = floors();
    let mut scratch = QueryScratch::new(&mesh);
    let corrected = Quirks::corrected();
    let mut out = records::<R>(4);
    let b = [1.0, 1.0, 0.1];
    let n = mesh.overlap_capsule_with(
        &mut scratch,
        &mut out,
        &query(b, corrected, 4),
        &capsule(b, 1.6),
    );
    assert_eq!(n, 1);
    close(out[0].depth.unwrap_or(R::MAX), 0.3, 1e-5, "depth");
    assert_eq!(out[0].triangle, Some(0));
    // Beside T's edge along x (y = 0) with the base 0.1 up: 0.45 out the
    // axis is 0.461 from the edge, apart; 0.35 out it is √(0.35² + 0.1²)
    // = 0.364, 0.036 in.
    let beside = |y: f32| [1.0, y, 0.1];
    let mut at = |y: f32, out: &mut [Contact<R>]| {
        let b = beside(y);
        mesh.overlap_capsule_with(&mut scratch, out, &query(b, corrected, 4), &capsule(b, 1.6))
    };
    assert_eq!(at(-0.45, &mut out), 0, "beside the edge");
    assert_eq!(at(-0.35, &mut out), 1, "over the edge");
    let edge = 0.4 - (0.35f64 * 0.35 + 0.1 * 0.1).sqrt();
    close(out[0].depth.unwrap_or(R::MAX), edge, 1e-5, "edge depth");
    // Sunk through T (base 0.2 under, 1.8 tall): 0.2 + 0.4; with no room
    // in the output, nothing is written.
    let sunk = [1.0, 1.0, -0.2];
    let mut none = records::<R>(0);
    let q = query(sunk, corrected, 4);
    assert_eq!(
        mesh.overlap_capsule_with(&mut scratch, &mut none, &q, &capsule(sunk, 1.8)),
        0
    );
    let n = mesh.overlap_capsule_with(&mut scratch, &mut out, &q, &capsule(sunk, 1.8));
    assert_eq!(n, 1);
    close(out[0].depth.unwrap_or(R::MAX), 0.6, 1e-5, "sunk");
    console_finds_nothing(&mut scratch, b, |scratch, out, console| {
        mesh.overlap_capsule_with(scratch, out, console, &capsule(b, 1.6))
    });
}

both_modes!(box_overlap, capsule_overlap);
