//! Properties over arbitrary operands: no panic, no result the console cannot
//! produce, and no infinity or NaN from `f32` mode.

use proptest::prelude::*;
use ps2_float::{Ee32, Real};
use test_support::{console_pattern, Seeded, Xorshift};

fn finite() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>().prop_filter("finite", |v| v.is_finite()),
        -1e3f32..1e3,
        Just(0.0f32),
        Just(-0.0f32),
        Just(f32::MAX),
        Just(-f32::MAX),
        Just(f32::MIN_POSITIVE),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn ee32_results_are_console_patterns(a in any::<u32>(), b in any::<u32>(), c in any::<u32>()) {
        let (a, b, c) = (Ee32::from_bits(a), Ee32::from_bits(b), Ee32::from_bits(c));
        for r in [
            a + b, a - b, a * b, a.div(b), a.sqrt(), a.rsqrt(b), c.madd(a, b), c.msub(a, b),
            Ee32::from_i32(a.to_i32()),
        ] {
            prop_assert!(console_pattern(r.to_bits()), "{:08x}", r.to_bits());
        }
        // Conversions never panic and stay in range.
        let _ = a.to_i32();
        prop_assert!(a.to_f32().is_finite());
    }

    #[test]
    fn ee32_compare_is_consistent(a in any::<u32>(), b in any::<u32>()) {
        let (a, b) = (Ee32::from_bits(a), Ee32::from_bits(b));
        // Exactly one of <, ==, > holds (zeros of any pattern compare equal).
        let n = [a < b, a == b, a > b].iter().filter(|&&t| t).count();
        prop_assert_eq!(n, 1);
        let (lt, eq) = (a < b, a == b);
        prop_assert_eq!(a <= b, lt || eq);
    }

    #[test]
    fn f32_mode_never_yields_inf_or_nan(a in finite(), b in finite(), c in finite()) {
        for r in [
            Real::div(a, b), Real::sqrt(a), a.rsqrt(b), c.madd(a, b), c.msub(a, b),
            <f32 as Real>::from_bits(a.to_bits()),
        ] {
            prop_assert!(r.is_finite(), "{a} {b} {c} -> {r}");
        }
    }

    #[test]
    fn f32_and_ee32_agree_to_an_ulp_on_game_values(a in -1e3f32..1e3, b in -1e3f32..1e3) {
        let (ea, eb) = (Ee32::from_f32(a), Ee32::from_f32(b));
        for (f, e) in [(a + b, ea + eb), (a - b, ea - eb), (a * b, ea * eb)] {
            let ulp = f.abs().max(1e-30) * 2.4e-7;
            prop_assert!((f - e.to_f32()).abs() <= ulp, "{f} vs {:?}", e);
        }
    }
}

/// The ends of every class of `f32` pattern: both infinities, both zeros,
/// `±MAX`, the subnormals' ends, the smallest normals, `1.0`, quiet and
/// signalling NaNs of both signs.
const SPECIAL: [u32; 17] = [
    0x7f80_0000,
    0xff80_0000,
    0,
    0x8000_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    1,
    0x007f_ffff,
    0x8000_0001,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x3f80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7f80_0001,
    0xff80_0001,
];

/// `f32`'s saturation (one clamp) gives what "an infinity becomes `±MAX`,
/// anything else is kept" gives, bit for bit: every special class (both
/// infinities, both zeros, `±MAX`, the subnormals' ends, quiet and
/// signalling NaNs of both signs) and a million patterns in between.
#[test]
fn f32_saturate_is_infinities_to_max() {
    let reference = |x: f32| {
        if x.is_infinite() {
            f32::MAX.copysign(x)
        } else {
            x
        }
    };
    let mut g = Xorshift(0x2545_f491_4f6c_dd1d);
    let random = (0..1_000_000).map(|_| (g.bits() >> 32) as u32);
    for b in SPECIAL.into_iter().chain(random) {
        let v = f32::from_bits(b);
        assert_eq!(v.saturate().to_bits(), reference(v).to_bits(), "{b:#x}");
    }
}

/// `from_finite_f32` is `from_f32` for every finite value, in both modes:
/// the finite ends of every class ([`SPECIAL`]) and a million finite
/// patterns in between. (`f32`
/// mode only leaves out the test for an infinity; `Ee32` still flushes a
/// subnormal to zero.)
#[test]
fn from_finite_f32_is_from_f32_for_finite_values() {
    let mut g = Xorshift(0x51ed_f1a7_e5c0_ffee);
    let random = (0..1_000_000).map(|_| (g.bits() >> 32) as u32);
    let mut checked = 0;
    for b in SPECIAL.into_iter().chain(random) {
        let v = f32::from_bits(b);
        if !v.is_finite() {
            continue;
        }
        checked += 1;
        assert_eq!(
            <f32 as Real>::from_finite_f32(v).to_bits(),
            <f32 as Real>::from_f32(v).to_bits(),
            "{b:#x}"
        );
        assert_eq!(
            Ee32::from_finite_f32(v).to_bits(),
            <Ee32 as Real>::from_f32(v).to_bits(),
            "{b:#x}"
        );
    }
    assert!(checked > 990_000, "{checked}");
    // A subnormal is zero in `Ee32` mode, kept in `f32` mode.
    assert_eq!(Ee32::from_finite_f32(f32::from_bits(1)).to_bits(), 0);
    assert_eq!(
        <f32 as Real>::from_finite_f32(f32::from_bits(1)).to_bits(),
        1
    );
}
