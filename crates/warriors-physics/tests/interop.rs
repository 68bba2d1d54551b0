//! nalgebra (and glam) in and out, in both float modes; serde on the
//! records (features `glam` and `serde`).

use warriors_physics::prelude::*;

fn level<R: Real>() -> Level<R> {
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [10.0, 10.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [10.0, 10.0, 0.0], [0.0, 10.0, 0.0]]),
    ];
    Level::from_soup(&soup, &LevelConfig::default(), "floor").unwrap()
}

/// The sphere sweep every form is compared with: from (2, 3, 2), radius
/// 0.5, moving (0, 0, −2), in arrays.
fn reference_hit(l: &Level<f32>) -> Hit<f32> {
    l.cast_sphere([2.0, 3.0, 2.0], 0.5, [0.0, 0.0, -2.0])
        .unwrap()
        .unwrap()
}

/// Every accepted form of the same start and move gives the same hit.
#[test]
fn nalgebra_forms_agree() {
    let l = level::<f32>();
    let want = reference_hit(&l);
    // From 2 m with radius 0.5 the sphere touches after 1.5 of 2 m.
    assert_eq!(want.fraction, 0.75);
    assert_eq!(want.point, Point3::new(2.0, 3.0, 0.0));
    assert_eq!(*want.normal, Vector3::new(0.0, 0.0, 1.0));
    let forms = [
        l.cast_sphere(
            Point3::new(2.0f32, 3.0, 2.0),
            0.5,
            Vector3::new(0.0f32, 0.0, -2.0),
        ),
        l.cast_sphere(
            Translation3::new(2.0f32, 3.0, 2.0),
            0.5,
            Translation3::new(0.0f32, 0.0, -2.0),
        ),
        l.cast_sphere(Isometry3::translation(2.0, 3.0, 2.0), 0.5, [0.0, 0.0, -2.0]),
    ];
    for f in forms {
        assert_eq!(f.unwrap().unwrap(), want);
    }
    let down = Unit::new_normalize(Vector3::new(0.0f32, 0.0, -1.0));
    let ray = l
        .cast_ray(
            Point3::new(2.0f32, 3.0, 2.0),
            down,
            5.0,
            &RayFilter::default(),
        )
        .unwrap()
        .unwrap();
    assert_eq!(ray.point, Point3::new(2.0, 3.0, 0.0));
    assert_eq!(ray.normal, Vector3::z_axis());
}

/// The `Ee32` mode takes `f32` and `Ee32` input alike and keeps the bits.
#[test]
fn ee32_in_and_out() {
    let l = level::<Ee32>();
    let e = |x: f32| Ee32::from_f32(x);
    let a = l
        .cast_sphere(
            Point3::new(2.0f32, 3.0, 2.0),
            0.5f32,
            Vector3::new(0.1f32, 0.0, -2.0),
        )
        .unwrap();
    let b = l
        .cast_sphere(
            Point3::new(e(2.0), e(3.0), e(2.0)),
            e(0.5),
            Vector3::new(e(0.1), e(0.0), e(-2.0)),
        )
        .unwrap();
    assert_eq!(a, b);
    let h = a.unwrap();
    let f: Point3<Ee32> = h.point;
    assert!(f.z.to_f32().abs() < 1e-6);
    assert!((h.fraction.to_f32() - 0.75).abs() < 1e-5);
    // The same query in f32 agrees within the spec's 1e-5.
    let l32 = level::<f32>();
    let g = l32
        .cast_sphere([2.0, 3.0, 2.0], 0.5, [0.1, 0.0, -2.0])
        .unwrap()
        .unwrap();
    assert!((g.fraction - h.fraction.to_f32()).abs() < 1e-5);
    assert_eq!(g.triangle, h.triangle);
}

#[cfg(feature = "glam")]
#[test]
fn glam_in_and_out() {
    let l = level::<f32>();
    let want = reference_hit(&l);
    let got = l
        .cast_sphere(
            glam::Vec3::new(2.0, 3.0, 2.0),
            0.5,
            glam::Vec3A::new(0.0, 0.0, -2.0),
        )
        .unwrap()
        .unwrap();
    assert_eq!(got, want);
    assert_eq!(got.point.to_glam(), glam::Vec3::new(2.0, 3.0, 0.0));
    assert_eq!(got.normal.to_glam(), glam::Vec3::Z);
    assert_eq!(
        l.cast_sphere(glam::Vec3::new(f32::NAN, 3.0, 2.0), 0.5, glam::Vec3::ZERO),
        Err(QueryError::NonFinite {
            input: Input::Position
        })
    );
}

#[cfg(feature = "serde")]
#[test]
fn records_round_trip_through_ron() {
    fn round<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
        t: &T,
    ) {
        let text = ron::to_string(t).unwrap();
        let back: T = ron::from_str(&text).unwrap();
        assert_eq!(&back, t, "{text}");
    }
    let l = level::<f32>();
    let hit = l
        .cast_sphere([2.0, 3.0, 2.0], 0.5, [0.0, 0.0, -2.0])
        .unwrap()
        .unwrap();
    round(&hit);
    round(
        &l.cast_ray(
            [2.0, 3.0, 2.0],
            [0.0, 0.0, -1.0],
            5.0,
            &RayFilter::default(),
        )
        .unwrap()
        .unwrap(),
    );
    round(&l.overlap_sphere([2.0, 1.0, 0.2], 0.5).unwrap()[0]);
    round(&l.ground_below([2.0, 1.0, 2.0], 5.0).unwrap().unwrap());
    round(&TriangleId::new(3, 7));
    round(&Input::RayOrigin);
    round(&SweepFlags::ONE_CONTACT_PER_PLANE);
    round(&QueryError::NonFinite {
        input: Input::Motion,
    });
    round(&LevelConfig::default());
    round(&SweepSettings::<f32>::default());
    let le = level::<Ee32>();
    round(
        &le.cast_sphere([2.0, 3.0, 2.0], 0.5, [0.0, 0.0, -2.0])
            .unwrap()
            .unwrap(),
    );
}

/// An `Isometry3` in, the record layer's box, and the `Isometry3` out.
#[test]
fn box_poses_round_trip() {
    let pose = Isometry3::new(Vector3::new(1.0, -2.0, 0.5), Vector3::new(0.3, -0.2, 1.1));
    let b = warriors_physics::oriented_box::<f32>(Vector3::new(0.5, 0.25, 1.0), &pose).unwrap();
    // Axis k is the rotation's image of the k-th unit vector.
    let x = pose.rotation * Vector3::x();
    assert!((b.axes[0].x - x.x).abs() < 1e-6 && (b.axes[0].z - x.z).abs() < 1e-6);
    let back = warriors_physics::convert::box_isometry(&b);
    assert!((back.translation.vector - pose.translation.vector).norm() < 1e-6);
    assert!(back.rotation.angle_to(&pose.rotation) < 1e-5);
}
