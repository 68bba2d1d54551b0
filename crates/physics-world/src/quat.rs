//! Unit quaternions for rotations, the original's `Quat_Slerp` and
//! `Quat_IntegrateAngular`, and the scalar `acos`, `sin`, `cos` they need.
//!
//! Everything is generic over [`Real`], so `Ee32` mode runs the console's float
//! arithmetic. The order of every float operation is written out; where the
//! specification does not fix it, the doc comment says "inferred" and
//! divergence 219 lists the readings.
//!
//! No function allocates or panics: every finite input gives a finite, defined
//! answer (the degenerate cases are documented on each function).

use core::ops::{Mul, Neg};

use ps2_float::{Real, Vec4};

/// A quaternion `x·i + y·j + z·k + w`, held as the original's `float[4]`.
///
/// Lane order `x, y, z, w` with `w` the scalar part (inferred: the
/// specification names the functions but not the lane layout; `w` last is the
/// layout of the original's `float[4]` vectors, whose `w` is lane 3).
///
/// A unit quaternion `q` stands for the rotation `v ↦ q v q*`; `q` and `−q`
/// are the same rotation.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Quat<R> {
    /// The `i` component (lane 0).
    pub x: R,
    /// The `j` component (lane 1).
    pub y: R,
    /// The `k` component (lane 2).
    pub z: R,
    /// The scalar part (lane 3; inferred, see the type's docs).
    pub w: R,
}

/// `π` as the nearest `f32` (`0x40490fdb`).
const PI: f32 = core::f32::consts::PI;
/// `π/2` as the nearest `f32` (`0x3fc90fdb`).
const FRAC_PI_2: f32 = core::f32::consts::FRAC_PI_2;
/// `1/(2π)` as the nearest `f32`.
const FRAC_1_TAU: f32 = 0.159_154_94;
/// The high part of `2π` for the reduction, `6.28125 = 201/32` (8 bits, so
/// `k × TAU_HI` is exact for `|k| < 2¹⁶`).
const TAU_HI: f32 = 6.281_25;
/// `2π − TAU_HI` to `f32` precision.
const TAU_LO: f32 = 0.001_935_307_2;

/// Slerp falls back to a normalised linear interpolation when the 4-lane dot of
/// its (shortest-arc) endpoints exceeds this, an angle between the two
/// quaternions below about 1.8° (a rotation of about 3.6°). Inferred.
const SLERP_NLERP_DOT: f32 = 0.999_999;

// The constants repeat `Vec4`'s lane for lane, but a quaternion is its own
// type: a `const` needs its own struct literal.
impl<R: Real> Quat<R> {
    /// `(0, 0, 0, 1)`, no rotation.
    pub const IDENTITY: Self = Self {
        x: R::ZERO,
        y: R::ZERO,
        z: R::ZERO,
        w: R::ONE,
    };

    /// `(0, 0, 0, 0)`: not a rotation; the value of a zeroed record.
    pub const ZERO: Self = Self {
        x: R::ZERO,
        y: R::ZERO,
        z: R::ZERO,
        w: R::ZERO,
    };

    /// A quaternion from its four lanes (`w` the scalar).
    #[inline]
    #[must_use]
    pub const fn new(x: R, y: R, z: R, w: R) -> Self {
        Self { x, y, z, w }
    }

    /// A quaternion from `f32` lanes `[x, y, z, w]`, converted into the mode.
    #[inline]
    #[must_use]
    pub fn from_f32(q: [f32; 4]) -> Self {
        Self::from_vec4(Vec4::from_f32(q))
    }

    /// The lanes `[x, y, z, w]` as `f32`.
    #[inline]
    #[must_use]
    pub fn to_f32(self) -> [f32; 4] {
        self.to_vec4().to_f32()
    }

    /// The quaternion as the record's 16-byte vector (`w` in lane 3).
    #[inline]
    #[must_use]
    pub const fn to_vec4(self) -> Vec4<R> {
        Vec4::new(self.x, self.y, self.z, self.w)
    }

    /// The quaternion held in a 16-byte vector (`w` from lane 3).
    #[inline]
    #[must_use]
    pub const fn from_vec4(v: Vec4<R>) -> Self {
        Self::new(v.x, v.y, v.z, v.w)
    }

    /// The rotation by `angle` radians about `axis` (right-handed):
    /// `(axis·sin(angle/2), cos(angle/2))`.
    ///
    /// `axis` is used as given (its `w` ignored) and should be a unit vector; a
    /// non-unit axis gives a non-unit quaternion, a zero axis the quaternion
    /// `(0, 0, 0, cos(angle/2))`. The half angle is `angle × 0.5` and the lanes
    /// are `axis.x × s` etc., the vector lane first as in the workspace's
    /// divergence 41 (operation order inferred; only `Ee32` bits depend on
    /// it). `sin` and `cos` are this module's [`sin`] and [`cos`].
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` (no original
    /// is named for them).
    #[must_use]
    pub fn from_axis_angle(axis: Vec4<R>, angle: R) -> Self {
        let half = angle * R::from_f32(0.5);
        let s = sin(half);
        let c = cos(half);
        Self::new(axis.x * s, axis.y * s, axis.z * s, c)
    }

    /// The Hamilton product `self ⊗ o`: as rotations, apply `o` first, then
    /// `self` (so `(a * b).rotate(v) = a.rotate(b.rotate(v))`).
    ///
    /// Lanes (each a chain of products rounded then added, through
    /// [`Real::madd`] / [`Real::msub`], in the order written; inferred):
    ///
    /// * `x = ((aw·bx + ax·bw) + ay·bz) − az·by`
    /// * `y = ((aw·by + ay·bw) + az·bx) − ax·bz`
    /// * `z = ((aw·bz + az·bw) + ax·by) − ay·bx`
    /// * `w = ((aw·bw − ax·bx) − ay·by) − az·bz`
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` (no original
    /// is named for them).
    #[must_use]
    pub fn mul_quat(self, o: Self) -> Self {
        let a = self;
        Self {
            x: (a.w * o.x).madd(a.x, o.w).madd(a.y, o.z).msub(a.z, o.y),
            y: (a.w * o.y).madd(a.y, o.w).madd(a.z, o.x).msub(a.x, o.z),
            z: (a.w * o.z).madd(a.z, o.w).madd(a.x, o.y).msub(a.y, o.x),
            w: (a.w * o.w).msub(a.x, o.x).msub(a.y, o.y).msub(a.z, o.z),
        }
    }

    /// The conjugate `(−x, −y, −z, w)`: the inverse rotation of a unit
    /// quaternion.
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` (no original
    /// is named for them).
    #[inline]
    #[must_use]
    pub fn conjugate(self) -> Self {
        Self::new(-self.x, -self.y, -self.z, self.w)
    }

    /// The 4-lane dot product `((ax·bx + ay·by) + az·bz) + aw·bw` (the VU0
    /// 3-lane order of [`Vec4::dot`] with `w` added last; inferred), through
    /// [`Real::madd`] so `f32` mode saturates instead of overflowing.
    #[inline]
    #[must_use]
    pub fn dot(self, o: Self) -> R {
        (self.x * o.x)
            .madd(self.y, o.y)
            .madd(self.z, o.z)
            .madd(self.w, o.w)
    }

    /// Every lane times `s`.
    #[inline]
    #[must_use]
    pub fn scale(self, s: R) -> Self {
        Self::new(self.x * s, self.y * s, self.z * s, self.w * s)
    }

    /// `self · (1 / sqrt(self · self))`, the reciprocal from one
    /// [`Real::rsqrt`] (as [`Vec4::normalize`], on four lanes; inferred).
    ///
    /// Degenerate case (inferred, as [`Vec4::normalize`]): the zero quaternion
    /// stays zero in both modes (`0 × MAX = 0`); it is not a rotation, and no
    /// function of this module produces it from a unit quaternion.
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` (no original
    /// is named for them).
    #[inline]
    #[must_use]
    pub fn normalize(self) -> Self {
        self.scale(R::ONE.rsqrt(self.dot(self)))
    }

    /// `v` rotated by the unit quaternion `self` (`q v q*`), `w` of `v` kept.
    ///
    /// Computed as `t = 2·(u × v)`, `v' = (v + w·t) + u × t` with `u` the vector
    /// part, the cross products in [`Vec4::cross`]'s order (inferred; the
    /// specification fixes only the rotation). A non-unit `self` scales the
    /// change by `|q|²` and is not a rotation.
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` (no original
    /// is named for them).
    #[must_use]
    pub fn rotate(self, v: Vec4<R>) -> Vec4<R> {
        let u = Vec4::new(self.x, self.y, self.z, R::ZERO);
        let c = u.cross(v);
        let t = c + c;
        let t = t.with_w(R::ZERO);
        let r = v.madd(t, self.w);
        let uxt = u.cross(t);
        Vec4::new(r.x + uxt.x, r.y + uxt.y, r.z + uxt.z, v.w)
    }

    /// The world directions of the object's local x, y and z axes: the rows of
    /// its rotation matrix in the original's row-vector convention (a local
    /// vector `v` goes to the world vector `v · M`), `w = 0`.
    ///
    /// For a unit quaternion:
    ///
    /// * `x axis = (1 − 2(yy + zz), 2(xy + wz), 2(xz − wy))`
    /// * `y axis = (2(xy − wz), 1 − 2(xx + zz), 2(yz + wx))`
    /// * `z axis = (2(xz + wy), 2(yz − wx), 1 − 2(xx + yy))`
    ///
    /// with the doubled products formed once (`x2 = x + x`, `xx = x·x2`, …) and
    /// the sums in the order written (inferred). A non-unit quaternion gives
    /// the matrix of the formula, which is not a rotation.
    ///
    /// Specification: the quaternion helpers listed for `quat.rs` ("the three
    /// local axes in world: rows of the rotation matrix").
    #[inline]
    #[must_use]
    pub fn axes(self) -> [Vec4<R>; 3] {
        let Self { x, y, z, w } = self;
        let (x2, y2, z2) = (x + x, y + y, z + z);
        let (xx, yy, zz) = (x * x2, y * y2, z * z2);
        let (xy, xz, yz) = (x * y2, x * z2, y * z2);
        let (wx, wy, wz) = (w * x2, w * y2, w * z2);
        let one = R::ONE;
        [
            Vec4::new(one - (yy + zz), xy + wz, xz - wy, R::ZERO),
            Vec4::new(xy - wz, one - (xx + zz), yz + wx, R::ZERO),
            Vec4::new(xz + wy, yz - wx, one - (xx + yy), R::ZERO),
        ]
    }
}

impl<R: Real> Mul for Quat<R> {
    type Output = Self;
    /// The Hamilton product [`Quat::mul_quat`]: `a * b` applies `b`, then `a`.
    #[inline]
    fn mul(self, o: Self) -> Self {
        self.mul_quat(o)
    }
}

impl<R: Real> Neg for Quat<R> {
    type Output = Self;
    /// Every lane negated: the same rotation.
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.x, -self.y, -self.z, -self.w)
    }
}

/// Spherical linear interpolation from `from` (at `t = 0`) to `to` (at
/// `t = 1`) along the shortest arc.
///
/// With `d = from · to` (4-lane [`Quat::dot`]): when `d < 0` (strictly; a
/// zero dot is not negated, inferred), `to` and `d` are negated, so the path
/// is the shorter of the two arcs between the rotations (at `t = 1` the
/// result is then `−to`, the same rotation). Then, with
/// `θ = acos(d)`:
///
/// * if `d > 1 − 1e-6` (the port's research: a plain lerp "within 1e-6 of
///   parallel"; the constant's bits are inferred, divergence 216), the
///   result is the normalised linear interpolation
///   `normalize(from·(1 − t) + to·t)`;
/// * otherwise `from·(sin((1 − t)θ) / sin θ) + to·(sin(tθ) / sin θ)`, not
///   renormalised (inferred; a unit pair gives a unit result to rounding).
///
/// `acos` and `sin` are this module's polynomial [`acos`] and [`sin`], computed
/// in the mode (inferred: the game calls a library routine whose code is not
/// known). `t` is clamped to `[0, 1]` first (the port's research,
/// `maths.md` "Rotations"). Degenerate inputs: two zero quaternions give
/// zero; the divisions are by `sin θ ≥ sin(acos(1 − 1e-6)) ≈ 0.0014`.
///
/// Specification: `Quat_Slerp` fixes the shortest arc (negate `to` on a
/// negative dot) and the normalised-lerp fallback for a tiny angle; the
/// threshold and operation order are inferred.
///
/// Original: `Quat_Slerp` (0x00336a00).
#[must_use]
pub fn quat_slerp<R: Real>(t: R, from: Quat<R>, to: Quat<R>) -> Quat<R> {
    let t = t.max(R::ZERO).min(R::ONE);
    let mut to = to;
    let mut d = from.dot(to);
    if d < R::ZERO {
        to = -to;
        d = -d;
    }
    let nearly_equal = d > R::from_f32(SLERP_NLERP_DOT);
    let (s0, s1) = if nearly_equal {
        (R::ONE - t, t)
    } else {
        let theta = acos(d);
        let sin_theta = sin(theta);
        (
            sin((R::ONE - t) * theta).div(sin_theta),
            sin(t * theta).div(sin_theta),
        )
    };
    let q = Quat::new(
        (from.x * s0).madd(to.x, s1),
        (from.y * s0).madd(to.y, s1),
        (from.z * s0).madd(to.z, s1),
        (from.w * s0).madd(to.w, s1),
    );
    if nearly_equal {
        q.normalize()
    } else {
        q
    }
}

/// One explicit (first-order) step of the rotation `q` under the world angular
/// velocity `omega` (radians per second) over `dt` seconds, then normalised:
/// `q' = normalize(q + (ω ⊗ q)·(dt/2))`, with `ω` the pure quaternion
/// `(ωx, ωy, ωz, 0)` (`omega.w` is ignored).
///
/// `ω` on the left because it is a world-frame velocity (the specification's
/// `q += ½ ω q dt`). Operation order: `h = dt × 0.5`, then each lane
/// `q + (ω ⊗ q)·h` by [`Real::madd`], then [`Quat::normalize`] (inferred).
/// The step is first order: a turn of `|ω|·dt` comes out as
/// `2·atan(|ω|·dt/2)` (for `ω = (0, 0, π)`, `dt = 0.5`: 76.3°, not 90°).
/// Degenerate case: `q = 0` stays zero.
///
/// Specification: `Quat_IntegrateAngular` fixes `q += ½ ω q dt` then the
/// normalisation, `ω` a world angular velocity as a pure quaternion.
///
/// Original: `Quat_IntegrateAngular` (0x00335b08).
#[must_use]
pub fn quat_integrate_angular<R: Real>(dt: R, q: Quat<R>, omega: Vec4<R>) -> Quat<R> {
    let w = Quat::new(omega.x, omega.y, omega.z, R::ZERO);
    let qdot = w * q;
    let h = dt * R::from_f32(0.5);
    Quat::new(
        q.x.madd(qdot.x, h),
        q.y.madd(qdot.y, h),
        q.z.madd(qdot.z, h),
        q.w.madd(qdot.w, h),
    )
    .normalize()
}

/// `acos(x)` in radians, in `[0, π]`, evaluated in the mode.
///
/// The EE has no `acos` instruction and the game calls a library routine whose
/// code is not known, so this is inferred: Abramowitz & Stegun 4.4.46,
/// `acos(a) = (a0 + a1·a + … + a7·a⁷)·sqrt(1 − a)` for `0 ≤ a ≤ 1` (absolute
/// error ≤ 2e-8 in exact arithmetic), Horner order, the polynomial the left
/// factor (in `Ee32` mode `x × 1` is exact and `1 × x` is not), with `a0`
/// replaced by the `f32` nearest `π/2` so that `acos(0)` is that `f32`
/// exactly, and
/// `acos(x) = π − acos(−x)` for `x < 0`. The input is clamped to `[−1, 1]`
/// first (a dot product of unit vectors can exceed 1 by rounding), so
/// `acos(1) = 0` and `acos(−1) = π` (the `f32` values) exactly.
///
/// Specification: none beyond "acos" in `Settle_NearestAxis` and `Quat_Slerp`;
/// the whole routine is inferred. Chosen over converting to `f32` and calling
/// the host's `f32::acos`, whose last bits depend on the platform's libm, so
/// that each mode is deterministic everywhere and `Ee32` mode rounds as the
/// console would.
#[must_use]
pub fn acos<R: Real>(x: R) -> R {
    const A: [f32; 8] = [
        FRAC_PI_2,
        -0.214_598_8,
        0.088_978_99,
        -0.050_174_305,
        0.030_891_88,
        -0.017_088_126,
        0.006_670_09,
        -0.001_262_491_1,
    ];
    let one = R::ONE;
    let x = if x > one {
        one
    } else if x < -one {
        -one
    } else {
        x
    };
    let neg = x < R::ZERO;
    let a = x.abs();
    let mut p = R::from_f32(A[7]);
    for &c in A[..7].iter().rev() {
        p = R::from_f32(c).madd(p, a);
    }
    // The polynomial first: `Ee32`'s `x × 1` is exact where `1 × x` may land
    // one unit low, so `acos(0)` stays exactly `π/2`.
    let r = p * (one - a).sqrt();
    if neg {
        R::from_f32(PI) - r
    } else {
        r
    }
}

/// Reduces `x` to `[−π, π]`: `(x − k·TAU_HI) − k·TAU_LO` (Cody and Waite's
/// two-part `2π`) with `k = trunc(x/(2π) ± 0.5)` (the nearest integer),
/// skipped when `|x| ≤ π` (so those arguments are exact), then clamped to
/// `[−π, π]`. Beyond `|x| ≈ 1e5` the result loses precision, and beyond
/// about 1e7 it keeps none, but it stays in range, so the polynomials never
/// overflow.
fn reduce<R: Real>(x: R) -> R {
    let pi = R::from_f32(PI);
    if x.abs() <= pi {
        return x;
    }
    let half = R::from_f32(0.5);
    let q = x * R::from_f32(FRAC_1_TAU);
    let q = if q < R::ZERO { q - half } else { q + half };
    let k = R::from_i32(q.to_i32());
    let r = x.msub(k, R::from_f32(TAU_HI)).msub(k, R::from_f32(TAU_LO));
    r.max(-pi).min(pi)
}

/// `sin(x)`, `x` in radians, evaluated in the mode (inferred; see [`acos`]).
///
/// `x` is reduced to `[−π, π]` (exact for `|x| ≤ π`), folded to `[−π/2, π/2]`
/// by `sin(r) = sin(π − r)` (or `sin(−π − r)`), and the odd Taylor polynomial
/// to `r¹¹` evaluated in Horner form in `r²` (truncation error below 6e-8).
/// Every finite `x` gives a finite value in about `[−1, 1]`; for `|x|` beyond
/// about 1e7 the value carries no precision (the reduction's error).
///
/// Specification: none beyond "sin" in `Quat_Slerp`; inferred, as [`acos`].
#[must_use]
pub fn sin<R: Real>(x: R) -> R {
    const S: [f32; 6] = [
        1.0,
        -1.0 / 6.0,
        1.0 / 120.0,
        -1.0 / 5_040.0,
        1.0 / 362_880.0,
        -1.0 / 39_916_800.0,
    ];
    let pi = R::from_f32(PI);
    let half_pi = R::from_f32(FRAC_PI_2);
    let r = reduce(x);
    let r = if r > half_pi {
        pi - r
    } else if r < -half_pi {
        -pi - r
    } else {
        r
    };
    let r2 = r * r;
    let mut p = R::from_f32(S[5]);
    for &c in S[..5].iter().rev() {
        p = R::from_f32(c).madd(p, r2);
    }
    r * p
}

/// `cos(x)`, `x` in radians, evaluated in the mode (inferred; see [`acos`]).
///
/// `x` is reduced to `[−π, π]` as in [`sin`], folded to `[−π/2, π/2]` by
/// `cos(r) = −cos(π − r)` (or `−cos(π + r)`), and the even Taylor polynomial to
/// `r¹²` evaluated in Horner form in `r²` (truncation error below 1e-8).
///
/// Specification: none (used by [`Quat::from_axis_angle`]); inferred, as
/// [`acos`].
#[must_use]
pub fn cos<R: Real>(x: R) -> R {
    const C: [f32; 7] = [
        1.0,
        -0.5,
        1.0 / 24.0,
        -1.0 / 720.0,
        1.0 / 40_320.0,
        -1.0 / 3_628_800.0,
        1.0 / 479_001_600.0,
    ];
    let pi = R::from_f32(PI);
    let half_pi = R::from_f32(FRAC_PI_2);
    let r = reduce(x);
    let (r, neg) = if r > half_pi {
        (pi - r, true)
    } else if r < -half_pi {
        (pi + r, true)
    } else {
        (r, false)
    };
    let r2 = r * r;
    let mut p = R::from_f32(C[6]);
    for &c in C[..6].iter().rev() {
        p = R::from_f32(c).madd(p, r2);
    }
    if neg {
        -p
    } else {
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{both_modes, v};

    both_modes!(
        acos_samples,
        sin_cos_samples,
        sin_cos_finite_for_huge_arguments,
        axis_angle_and_axes,
        product_applies_right_operand_first,
        conjugate_inverts,
        normalize_scales_and_keeps_zero,
        rotate_matches_axes,
        slerp_endpoints,
        slerp_midpoint_of_quarter_turn_is_eighth_turn,
        slerp_takes_shortest_arc,
        slerp_tiny_angle_falls_back_to_nlerp,
        integrate_one_explicit_step,
        integrate_small_steps_approach_ideal_turn,
    );

    fn close(a: f32, b: f32, tol: f32, what: &str) {
        assert!((a - b).abs() <= tol, "{what}: {a} vs {b} (tolerance {tol})");
    }

    fn close_v<R: Real>(a: Vec4<R>, b: [f32; 3], tol: f32, what: &str) {
        let a = a.to_f32();
        for i in 0..3 {
            close(a[i], b[i], tol, what);
        }
    }

    fn close_q<R: Real>(a: Quat<R>, b: [f32; 4], tol: f32, what: &str) {
        let a = a.to_f32();
        for i in 0..4 {
            close(a[i], b[i], tol, what);
        }
    }

    // Expected values from python3 `math` (derive.py).
    fn acos_samples<R: Real>() {
        let cases = [
            (-1.0, core::f32::consts::PI),
            (-0.5, 2.094_395_1),
            (0.0, core::f32::consts::FRAC_PI_2),
            (0.3, 1.266_103_7),
            (0.866_025_4, core::f32::consts::FRAC_PI_6),
            (1.0, 0.0),
        ];
        for (x, want) in cases {
            close(acos(R::from_f32(x)).to_f32(), want, 1e-6, "acos");
        }
        // The ends are exact, and inputs past them clamp.
        assert_eq!(acos(R::ONE).to_f32(), 0.0);
        assert_eq!(acos(R::from_f32(1.5)).to_f32(), 0.0);
        assert_eq!(acos(-R::ONE).to_f32(), core::f32::consts::PI);
        assert_eq!(acos(R::from_f32(-7.0)).to_f32(), core::f32::consts::PI);
        assert_eq!(acos(R::ZERO).to_f32(), core::f32::consts::FRAC_PI_2);
    }

    // Expected values from python3 `math.sin` / `math.cos` (derive.py).
    fn sin_cos_samples<R: Real>() {
        let cases = [
            (0.5, 0.479_425_55, 0.877_582_56),
            (2.0, 0.909_297_4, -0.416_146_84),
            (-3.0, -0.141_120_01, -0.989_992_5),
            (7.0, 0.656_986_6, 0.753_902_25),
            (100.0, -0.506_365_64, 0.862_318_9),
        ];
        for (x, s, c) in cases {
            let x = R::from_f32(x);
            close(sin(x).to_f32(), s, 1e-6, "sin");
            close(cos(x).to_f32(), c, 1e-6, "cos");
        }
        assert_eq!(sin(R::ZERO).to_f32(), 0.0);
        assert_eq!(cos(R::ZERO).to_f32(), 1.0);
    }

    fn sin_cos_finite_for_huge_arguments<R: Real>() {
        for x in [1e10f32, -3e38, 3.4e38, 1e20, -1e7] {
            let s = sin(R::from_f32(x)).to_f32();
            let c = cos(R::from_f32(x)).to_f32();
            assert!(s.is_finite() && s.abs() <= 1.001, "sin({x}) = {s}");
            assert!(c.is_finite() && c.abs() <= 1.001, "cos({x}) = {c}");
        }
    }

    // 90° about z: (0, 0, sin 45°, cos 45°); its local x is world y, its local
    // y world −x, its local z world z.
    fn axis_angle_and_axes<R: Real>() {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        let q =
            Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), R::from_f32(core::f32::consts::FRAC_PI_2));
        close_q(q, [0.0, 0.0, h, h], 1e-6, "quarter turn about z");
        let [ax, ay, az] = q.axes();
        close_v(ax, [0.0, 1.0, 0.0], 1e-6, "x axis");
        close_v(ay, [-1.0, 0.0, 0.0], 1e-6, "y axis");
        close_v(az, [0.0, 0.0, 1.0], 1e-6, "z axis");
        let [ix, iy, iz] = Quat::<R>::IDENTITY.axes();
        assert_eq!(ix.to_f32(), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(iy.to_f32(), [0.0, 1.0, 0.0, 0.0]);
        assert_eq!(iz.to_f32(), [0.0, 0.0, 1.0, 0.0]);
    }

    // a = 90° about z, b = 90° about x. (a * b) applies b then a: local y → z
    // (by b) → z (by a). (b * a): y → −x (by a) → −x (by b).
    fn product_applies_right_operand_first<R: Real>() {
        let quarter = R::from_f32(core::f32::consts::FRAC_PI_2);
        let a = Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), quarter);
        let b = Quat::<R>::from_axis_angle(v(1.0, 0.0, 0.0), quarter);
        close_v(
            (a * b).rotate(v(0.0, 1.0, 0.0)),
            [0.0, 0.0, 1.0],
            1e-6,
            "a*b",
        );
        close_v(
            (b * a).rotate(v(0.0, 1.0, 0.0)),
            [-1.0, 0.0, 0.0],
            1e-6,
            "b*a",
        );
        let ab = a * b;
        let p = v::<R>(0.3, -0.7, 2.0);
        let direct = ab.rotate(p).to_f32();
        close_v(
            a.rotate(b.rotate(p)),
            [direct[0], direct[1], direct[2]],
            1e-6,
            "nested",
        );
        // Exact on unit basis quaternions: i ⊗ j = k.
        let i = Quat::<R>::from_f32([1.0, 0.0, 0.0, 0.0]);
        let j = Quat::<R>::from_f32([0.0, 1.0, 0.0, 0.0]);
        assert_eq!((i * j).to_f32(), [0.0, 0.0, 1.0, 0.0]);
        assert_eq!((j * i).to_f32(), [0.0, 0.0, -1.0, 0.0]);
    }

    fn conjugate_inverts<R: Real>() {
        let q = Quat::<R>::from_axis_angle(v(0.6, 0.0, 0.8), R::from_f32(1.1));
        close_q(q * q.conjugate(), [0.0, 0.0, 0.0, 1.0], 1e-6, "q q*");
        let c = q.conjugate().to_f32();
        let q = q.to_f32();
        assert_eq!(c, [-q[0], -q[1], -q[2], q[3]]);
    }

    // (0, 0, 3, 4) / 5 = (0, 0, 0.6, 0.8).
    fn normalize_scales_and_keeps_zero<R: Real>() {
        let q = Quat::<R>::from_f32([0.0, 0.0, 3.0, 4.0]).normalize();
        close_q(q, [0.0, 0.0, 0.6, 0.8], 1e-6, "normalize");
        assert_eq!(Quat::<R>::ZERO.normalize().to_f32(), [0.0; 4]);
    }

    fn rotate_matches_axes<R: Real>() {
        let q = Quat::<R>::from_axis_angle(v(0.0, 0.6, 0.8), R::from_f32(2.0));
        let axes = q.axes();
        let basis = [v::<R>(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
        for (axis, e) in axes.iter().zip(basis) {
            let a = axis.to_f32();
            close_v(q.rotate(e), [a[0], a[1], a[2]], 1e-6, "rotate vs axes");
        }
    }

    fn slerp_endpoints<R: Real>() {
        let a = Quat::<R>::from_axis_angle(v(1.0, 0.0, 0.0), R::from_f32(0.4));
        let b = Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), R::from_f32(1.3));
        close_q(quat_slerp(R::ZERO, a, b), a.to_f32(), 1e-6, "t = 0");
        close_q(quat_slerp(R::ONE, a, b), b.to_f32(), 1e-6, "t = 1");
    }

    // From identity to 90° about z: θ = 45°, and t = 0.5 is 45° about z,
    // (0, 0, sin 22.5°, cos 22.5°) = (0, 0, 0.38268343, 0.92387953).
    fn slerp_midpoint_of_quarter_turn_is_eighth_turn<R: Real>() {
        let to =
            Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), R::from_f32(core::f32::consts::FRAC_PI_2));
        let m = quat_slerp(R::from_f32(0.5), Quat::IDENTITY, to);
        close_q(m, [0.0, 0.0, 0.382_683_43, 0.923_879_5], 1e-6, "midpoint");
    }

    // `to` negated is the same rotation: the path must not go the long way
    // (which would give w < 0 at the midpoint, a 135° turn the other way).
    fn slerp_takes_shortest_arc<R: Real>() {
        let to =
            Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), R::from_f32(core::f32::consts::FRAC_PI_2));
        let m = quat_slerp(R::from_f32(0.5), Quat::IDENTITY, -to);
        close_q(
            m,
            [0.0, 0.0, 0.382_683_43, 0.923_879_5],
            1e-6,
            "shortest midpoint",
        );
        // At t = 1 the result is −(−to) = to.
        close_q(
            quat_slerp(R::ONE, Quat::IDENTITY, -to),
            to.to_f32(),
            1e-6,
            "t = 1",
        );
    }

    // 0.1° about z: dot with identity cos 0.05° = 0.99999962 > 1 − 1e-6, so
    // the normalised lerp runs; its midpoint is 0.05° about z to about 1e-12:
    // (0, 0, sin 0.025°, cos 0.025°) = (0, 0, 0.0004363323, 0.9999999048).
    fn slerp_tiny_angle_falls_back_to_nlerp<R: Real>() {
        let to = Quat::<R>::from_axis_angle(v(0.0, 0.0, 1.0), R::from_f32(0.1f32.to_radians()));
        let m = quat_slerp(R::from_f32(0.5), Quat::IDENTITY, to);
        close_q(
            m,
            [0.0, 0.0, 0.000436332, 0.999_999_9],
            1e-6,
            "nlerp midpoint",
        );
        close(m.dot(m).to_f32(), 1.0, 1e-6, "unit");
        // Equal endpoints give the endpoint back.
        close_q(
            quat_slerp(R::from_f32(0.3), to, to),
            to.to_f32(),
            1e-6,
            "equal",
        );
    }

    // One step from identity, ω = (0, 0, π), dt = 0.5:
    // ω ⊗ q = (0, 0, π, 0); h = 0.25; q + (ω ⊗ q)·h = (0, 0, π/4, 1);
    // |.| = sqrt(1 + π²/16) = 1.2715553; normalised (0, 0, 0.61766782, 0.78643910),
    // a turn of 2·atan(π/4) = 76.29° about z, NOT the ideal 90° (first order).
    fn integrate_one_explicit_step<R: Real>() {
        let q = quat_integrate_angular(
            R::from_f32(0.5),
            Quat::IDENTITY,
            v(0.0, 0.0, core::f32::consts::PI),
        );
        close_q(q, [0.0, 0.0, 0.617_667_8, 0.786_439_1], 1e-6, "one step");
        // Far from the ideal quarter turn (0, 0, 0.7071, 0.7071).
        assert!((q.z.to_f32() - core::f32::consts::FRAC_1_SQRT_2).abs() > 0.05);
    }

    // 50 steps of dt = 0.01 under ω = (0, 0, π): a turn of 89.9926° (python3,
    // the same first-order step in float64), z = 0.70706111, w = 0.70715245;
    // within 1e-3 of the ideal 90° quarter turn.
    fn integrate_small_steps_approach_ideal_turn<R: Real>() {
        let omega = v::<R>(0.0, 0.0, core::f32::consts::PI);
        let mut q = Quat::<R>::IDENTITY;
        for _ in 0..50 {
            q = quat_integrate_angular(R::from_f32(0.01), q, omega);
        }
        close_q(q, [0.0, 0.0, 0.707_061_1, 0.707_152_4], 2e-5, "50 steps");
        let h = core::f32::consts::FRAC_1_SQRT_2;
        close_q(q, [0.0, 0.0, h, h], 1e-3, "near the ideal quarter turn");
    }
}
