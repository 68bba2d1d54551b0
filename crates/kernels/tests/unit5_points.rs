//! Unit 5 corrected ([`Quirks::sphere_box_steps`](kernels::Quirks) off): the
//! box-frame point of a centre inside the box has the box frame's z, and
//! the mirror's world point lies where the moved box touches the sphere,
//! in `f32` and `Ee32` mode.

use kernels::sphere_box::sweep_sphere_oriented_box_with;
use kernels::OrientedBox;
use ps2_float::{Ee32, Real, Vec4};
use test_support::{both_modes, f64_of, rotation_rows, Seeded, Xorshift};

mod support;

/// The unit box (half sizes 1) along the world axes, centred at `centre`.
fn unit_box<R: Real>(centre: [f32; 3]) -> OrientedBox<R> {
    support::world_box([1.0, 1.0, 1.0], centre, 1.0)
}

fn pinned<R: Real>() {
    let r = R::from_f32(0.5);
    let still = Vec4::<R>::from_f32([0.0, 0.0, 0.0, 0.0]);
    // A centre inside a box centred 5 m up: the console's third lane is the
    // world z 5.25, the box frame's is 0.25.
    let bx = unit_box::<R>([0.0, 0.0, 5.0]);
    let centre = Vec4::from_f32([0.5, 0.25, 5.25, 1.0]);
    for (steps, z) in [(true, 5.25), (false, 0.25)] {
        let hit =
            sweep_sphere_oriented_box_with(r, R::ONE, &bx, still, centre, still, steps).unwrap();
        assert_eq!(hit.local_point.map(f64_of), [0.5, 0.25, z]);
        assert_eq!(f64_of(hit.fraction), 0.0);
    }
    // The box moves by (0, −2, 0) towards a still sphere at (0, −3, 0): its
    // face y = −1 − 2f reaches the sphere's −2.5 at f = 0.75. The console's
    // point lies on the start pose (y −1), the corrected one at −2.5.
    let bx = unit_box::<R>([0.0, 0.0, 0.0]);
    let centre = Vec4::from_f32([0.0, -3.0, 0.0, 1.0]);
    let mv = Vec4::from_f32([0.0, -2.0, 0.0, 0.0]);
    for (steps, y) in [(true, -1.0), (false, -2.5)] {
        let hit = sweep_sphere_oriented_box_with(r, R::ONE, &bx, mv, centre, still, steps).unwrap();
        assert_eq!(f64_of(hit.fraction), 0.75);
        let p = hit.world_point;
        assert_eq!([p.x, p.y, p.z].map(f64_of), [0.0, y, 0.0]);
    }
}

both_modes!(unit5_corrected_inside_point_box_frame_and_mirror_point_at_contact => pinned);

/// Random oriented boxes moving against still spheres: at a corrected hit
/// after 0 the world point is `r` from the centre and on the surface of the
/// box moved by the fraction of its move (its box-frame coordinates, worked
/// in `f64`, within the half sizes and one of them at a face).
fn mirror_points<R: Real>() -> usize {
    let mut g = Xorshift(0x0005_b0c5_0201);
    let mut checked = 0;
    for i in 0..400 {
        let q = [0; 4].map(|_| g.range(-1.0, 1.0));
        let axes = rotation_rows(q);
        let half = g.vec3_f32(0.2, 1.5);
        let centre = g.vec3_f32(-3.5, 3.5);
        let aim = g.vec3_f32(-1.0, 1.0);
        let mv = [0, 1, 2].map(|k| (centre[k] - aim[k]) * 1.5);
        let r = g.range_f32(0.1, 0.6);
        let bx = OrientedBox::<R> {
            half: Vec4::from_f32([half[0], half[1], half[2], 1.0]),
            axes: axes.map(|a| Vec4::from_f32([a[0], a[1], a[2], 1.0])),
            centre: Vec4::from_f32([0.0, 0.0, 0.0, 1.0]),
        };
        let c = Vec4::from_f32([centre[0], centre[1], centre[2], 1.0]);
        let m = Vec4::from_f32([mv[0], mv[1], mv[2], 0.0]);
        let still = Vec4::from_f32([0.0, 0.0, 0.0, 0.0]);
        let Some(hit) =
            sweep_sphere_oriented_box_with(R::from_f32(r), R::ONE, &bx, m, c, still, false)
        else {
            continue;
        };
        let f = f64_of(hit.fraction);
        if f <= 0.0 {
            continue;
        }
        let p = hit.world_point;
        let p = [p.x, p.y, p.z].map(f64_of);
        let gap: f64 = (0..3)
            .map(|k| (p[k] - f64::from(centre[k])).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!(
            (gap - f64::from(r)).abs() < 1e-4,
            "case {i}: gap {gap}, r {r}"
        );
        let rel = [0, 1, 2].map(|k| p[k] - f * f64::from(mv[k]));
        let mut at_face = false;
        for k in 0..3 {
            let a = axes[k].map(f64::from);
            let x = (rel[0] * a[0] + rel[1] * a[1] + rel[2] * a[2]).abs();
            let h = f64::from(half[k]);
            assert!(x <= h + 1e-4, "case {i}: off the moved box, {x} > {h}");
            at_face |= (x - h).abs() < 1e-4;
        }
        assert!(at_face, "case {i}: inside the moved box");
        checked += 1;
    }
    checked
}

#[test]
fn unit5_corrected_mirror_point_on_moved_box() {
    for n in [mirror_points::<f32>(), mirror_points::<Ee32>()] {
        assert!(n > 100, "{n} hits checked");
    }
}
