//! `IPhysics_CollideShape` and `IPhysics_OverlapShape` write their contacts
//! straight into the caller's records (overview "Queries"): the console
//! keeps at most 50, sorted (the sweep) or in gather order (the overlap),
//! and copies the first `max` out; a shorter output or a smaller `max`
//! must give exactly the first records of the full answer and leave the
//! rest of the output as it was. The full answer's fractions are checked
//! against every pair swept one by one (the sweep table directly), sorted
//! here.

mod common;

use collision_mesh::{build, BuildConfig, SoupTriangle};
use common::{both_modes, v, Owner, Table};
use kernels::table::{sweep_pair, PairAnswer};
use kernels::{Contact, PairContext, Shape, Sphere};
use physics_world::{BodyFlags, PhysicsWorld, QueryOptions, ShapeQuery, MAX_CONTACTS};
use ps2_float::{Real, Vec4};

/// Sixty crates of 0.4 m in a row along x, 0.5 m apart, at z 1, over a
/// floor at z 0.5: more bodies than the 50-record list holds.
fn row<R: Real>() -> (PhysicsWorld<R>, Table<R>, Vec<Shape<R>>) {
    let mut w = PhysicsWorld::<R>::default();
    let soup = [
        SoupTriangle::new([[-5.0, -5.0, 0.5], [40.0, -5.0, 0.5], [40.0, 5.0, 0.5]]),
        SoupTriangle::new([[-5.0, -5.0, 0.5], [40.0, 5.0, 0.5], [-5.0, 5.0, 0.5]]),
    ];
    w.set_mesh(build::from_soup(&soup, &BuildConfig::default(), "floor").unwrap());
    let mut t = Table::<R>::default();
    let mut shapes = Vec::new();
    for k in 0..60u32 {
        let x = 0.5 * k as f32;
        let o = t.add(k + 1, Owner::at(0x1, x, 0.0, 1.0));
        let s = w
            .shape_pools_mut()
            .alloc_object_box(v(0.4, 0.4, 0.4))
            .unwrap();
        let b = w
            .create_object_body(&t, o, s, BodyFlags::OBJECT_START)
            .unwrap();
        w.update(&t, b);
        shapes.push(w.shape(s).unwrap().geom);
    }
    (w, t, shapes)
}

fn probe<R: Real>() -> Shape<R> {
    Shape::Sphere(Sphere {
        radius: R::from_f32(0.3),
        centre: Vec4::point(R::from_f32(-1.0), R::ZERO, R::from_f32(1.0)),
    })
}

/// A record no query writes: a fraction of 1234.
fn sentinel<R: Real>() -> Contact<R> {
    Contact {
        fraction: Some(R::from_f32(1234.0)),
        ..Contact::default()
    }
}

/// Checks a query's count `k` written into `out` (all sentinels before)
/// with `max` against the whole answer `full`: as many as all three
/// allow, the whole answer's first ones, the rest of `out` untouched.
#[track_caller]
fn written_in_place<R: Real>(out: &[Contact<R>], k: usize, full: &[Contact<R>], max: usize) {
    let len = out.len();
    let expect = full.len().min(len).min(max);
    assert_eq!(k, expect, "out {len}, max {max}");
    assert_eq!(out[..k], full[..k], "out {len}, max {max}");
    assert!(
        out[k..].iter().all(|c| *c == sentinel()),
        "out {len}, max {max}"
    );
}

fn fractions<R: Real>(cs: &[Contact<R>]) -> Vec<u32> {
    cs.iter()
        .map(|c| c.fraction.map_or(u32::MAX, |f| f.to_f32().to_bits()))
        .collect()
}

fn collide_writes_in_place<R: Real>() {
    let (mut w, t, shapes) = row::<R>();
    let mv = Vec4::new(R::from_f32(32.0), R::ZERO, R::from_f32(-0.5), R::ZERO);
    let q = ShapeQuery::of_shape(probe(), None, QueryOptions::BODIES | QueryOptions::MESH);
    let mut cand = Vec::new();
    let mut full = [sentinel::<R>(); MAX_CONTACTS + 5];
    let n = w.collide_shape(&t, &mut full, &q, mv, &mut cand);
    assert_eq!(
        n, MAX_CONTACTS,
        "sixty crates and the floor: the list is full"
    );
    assert_eq!(fractions(&full[n..]), fractions(&[sentinel::<R>(); 5]));
    // The bodies' fractions, each pair swept alone, sorted: the full
    // answer's body contacts are the first 50 of them, with the floor's
    // contact in its sorted place.
    let mut alone: Vec<f32> = shapes
        .iter()
        .filter_map(|s| {
            let mut c = Contact::default();
            let ctx = PairContext::default();
            (sweep_pair(&mut c, &ctx, &probe(), s, mv) == PairAnswer::Met)
                .then(|| c.fraction.unwrap().to_f32())
        })
        .collect();
    assert!(alone.len() > MAX_CONTACTS, "{} crates met", alone.len());
    alone.sort_by(f32::total_cmp);
    let got: Vec<f32> = full[..n]
        .iter()
        .filter(|c| c.other.owner != Some(0))
        .map(|c| c.fraction.unwrap().to_f32())
        .collect();
    assert_eq!(got[..], alone[..got.len()], "the nearest crates, in order");
    assert!(
        full[..n].iter().any(|c| c.other.owner == Some(0)),
        "the floor"
    );
    for (len, max) in [
        (3, 50),
        (50, 7),
        (12, 12),
        (1, 1),
        (0, 50),
        (50, 0),
        (60, 49),
    ] {
        let mut out = vec![sentinel::<R>(); len];
        let q = ShapeQuery { max, ..q };
        let k = w.collide_shape(&t, &mut out, &q, mv, &mut cand);
        written_in_place(&out, k, &full[..n], max);
    }
}

fn overlap_writes_in_place<R: Real>() {
    let (mut w, t, _) = row::<R>();
    // A long box over the row and into the floor: every crate and both
    // floor triangles overlap it (a box's mesh overlap gives nothing, so
    // a sphere is the level's prober: it comes first, then the bodies).
    let big = Shape::Sphere(Sphere {
        radius: R::from_f32(40.0),
        centre: Vec4::point(R::from_f32(15.0), R::ZERO, R::from_f32(1.0)),
    });
    let q = ShapeQuery::of_shape(big, None, QueryOptions::BODIES | QueryOptions::MESH);
    let mut cand = Vec::new();
    let mut full = [sentinel::<R>(); MAX_CONTACTS];
    let n = w.overlap_shape(&t, &mut full, &q, &mut cand);
    assert_eq!(n, MAX_CONTACTS, "two floor triangles and sixty crates");
    assert_eq!(full[0].other.owner, Some(0), "the level's contacts first");
    assert_eq!(full[1].other.owner, Some(0));
    assert_ne!(full[2].other.owner, Some(0), "then the bodies");
    for (len, max) in [(3, 50), (50, 7), (1, 1), (0, 50), (50, 0), (20, 2)] {
        let mut out = vec![sentinel::<R>(); len];
        let q = ShapeQuery { max, ..q };
        let k = w.overlap_shape(&t, &mut out, &q, &mut cand);
        written_in_place(&out, k, &full[..n], max);
    }
}

both_modes!(collide_writes_in_place, overlap_writes_in_place);
