//! Property tests over the whole finite `f32` range (not only a world's
//! ±50 m): the shared helpers never panic and never give a NaN or an
//! infinity from finite input.

use ac_csphere::{find_time_of_collision, normalize_check_small, Vec3};
use proptest::prelude::*;

fn any_finite() -> impl Strategy<Value = f32> {
    prop_oneof![
        -f32::MAX..f32::MAX,
        -1e-3_f32..1e-3,
        Just(0.0),
        Just(f32::MIN_POSITIVE),
        Just(-f32::MAX),
        Just(f32::MAX),
    ]
}

fn vec3() -> impl Strategy<Value = Vec3> {
    (any_finite(), any_finite(), any_finite()).prop_map(|(x, y, z)| Vec3 { x, y, z })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The time of collision is finite (the `f64` squares of `f32` values
    /// cannot overflow). Its sign is not pinned: moving away, both roots are
    /// negative and the retail rule returns the larger one.
    #[test]
    fn time_of_collision_is_finite(m in vec3(), d in vec3(), r in any_finite()) {
        let t = find_time_of_collision(m, d, r);
        prop_assert!(t.is_finite(), "{t}");
    }

    /// `normalize_check_small` leaves a finite vector finite, and a vector it
    /// normalises has length 1 unless its length overflowed `f32` (then the
    /// scale is 0).
    #[test]
    fn normalize_check_small_is_finite(v in vec3()) {
        let mut w = v;
        let small = normalize_check_small(&mut w);
        prop_assert!(w.is_finite(), "{v:?} -> {w:?}");
        if small {
            prop_assert_eq!(w, v);
        } else if v.length().is_finite() && v.length() > 1e-30 {
            prop_assert!((w.length() - 1.0).abs() < 1e-5, "{v:?} -> {w:?}");
        }
    }
}
