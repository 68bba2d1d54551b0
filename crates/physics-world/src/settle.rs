//! Settling: the slow turn that lays a resting object on one of its faces.
//!
//! When an object of a settling type comes to rest on a contact normal `n`,
//! the original picks the allowed local axis nearest `n`
//! ([`settle_nearest_axis`]), computes the rotation that lines that axis up
//! with `n` ([`settle_compute_target`]), and turns the object there over a few
//! frames from a settle slot ([`SettleSlot::tick`]), easing in with a constant
//! acceleration of the interpolation parameter.
//!
//! Everything is generic over [`Real`]; no function allocates or panics, and
//! every finite input gives a defined answer (documented per function).
//! Readings the specification does not fix are marked "inferred" and listed
//! under divergence 220 in `docs/divergences.md`.

use ps2_float::{Real, Vec4};

use crate::quat::{acos, quat_slerp, Quat};

/// `π/2` as the nearest `f32` (`0x3fc90fdb`): the wrap bound of the target turn.
const FRAC_PI_2: f32 = core::f32::consts::FRAC_PI_2;
/// `π` as the nearest `f32` (`0x40490fdb`).
const PI: f32 = core::f32::consts::PI;

/// The bits of the settle slot's acceleration of `t` per tick, `0.02`
/// (`0x3ca3d70a`), fixed by the specification.
pub const SETTLE_ACCEL_BITS: u32 = 0x3ca3_d70a;

/// The bits of the 30 Hz variant's acceleration, `0.08` (`0x3da3d70a`, the
/// nearest `f32`; inferred: the specification gives the value 0.08, not its
/// bits). Four times 60 Hz's, so that half as many ticks cover the same
/// ground: `t = 0.04·n(n − 1)`, done in 6 ticks.
pub const SETTLE_ACCEL_30HZ_BITS: u32 = 0x3da3_d70a;

/// The settle acceleration `0.02` in the mode, from [`SETTLE_ACCEL_BITS`].
#[inline]
#[must_use]
pub fn settle_accel<R: Real>() -> R {
    R::from_bits(SETTLE_ACCEL_BITS)
}

/// The 30 Hz variant's acceleration `0.08` in the mode, from
/// [`SETTLE_ACCEL_30HZ_BITS`] (inferred bits).
#[inline]
#[must_use]
pub fn settle_accel_30hz<R: Real>() -> R {
    R::from_bits(SETTLE_ACCEL_30HZ_BITS)
}

/// Which local axes of an object may be turned onto the contact normal: the
/// object type's axis byte, held unchanged.
///
/// Bit 0 allows the local x axis, bit 1 y, bit 2 z ([`X`](Self::X) 1,
/// [`Y`](Self::Y) 2, [`XY`](Self::XY) 3, [`Z`](Self::Z) 4, [`XZ`](Self::XZ) 5,
/// [`YZ`](Self::YZ) 6, [`XYZ`](Self::XYZ) 7). Bit 3 marks the `_ROUND` types
/// ([`XZ_ROUND`](Self::XZ_ROUND) 13, [`YZ_ROUND`](Self::YZ_ROUND) 14): the
/// original looks at it but drops what it selects (overview "Settling a
/// landed object"), so 13 behaves as 5 and 14 as 6, and the byte 8 (bit 3
/// alone) allows no axis. Bits 4 to 7 are not read (inferred: the specification names bits
/// 0 to 3 only).
///
/// Specification: the settle section's axis byte (values 1-7, 13, 14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AxisMask(pub u8);

impl AxisMask {
    /// No axis: the object never settles.
    pub const NONE: Self = Self(0);
    /// Local x.
    pub const X: Self = Self(1);
    /// Local y.
    pub const Y: Self = Self(2);
    /// Local x or y.
    pub const XY: Self = Self(3);
    /// Local z.
    pub const Z: Self = Self(4);
    /// Local x or z.
    pub const XZ: Self = Self(5);
    /// Local y or z.
    pub const YZ: Self = Self(6);
    /// Any local axis.
    pub const XYZ: Self = Self(7);
    /// `XZ` with the round bit: settles as [`XZ`](Self::XZ).
    pub const XZ_ROUND: Self = Self(13);
    /// `YZ` with the round bit: settles as [`YZ`](Self::YZ).
    pub const YZ_ROUND: Self = Self(14);

    /// The mask of a type's axis byte, unchanged.
    #[inline]
    #[must_use]
    pub const fn from_byte(byte: u8) -> Self {
        Self(byte)
    }

    /// The axis byte.
    #[inline]
    #[must_use]
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// `true` when local axis `axis` (0 x, 1 y, 2 z) is allowed: bit `axis`
    /// set. Any `axis` above 2 is not allowed.
    #[inline]
    #[must_use]
    pub const fn allows(self, axis: usize) -> bool {
        axis < 3 && (self.0 >> axis) & 1 == 1
    }

    /// `true` when bit 3 (the `_ROUND` types) is set. The original tests it;
    /// nothing here depends on it (see the type's docs).
    #[inline]
    #[must_use]
    pub const fn is_round(self) -> bool {
        self.0 & 8 != 0
    }
}

/// The answer of [`settle_nearest_axis`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NearestAxis<R> {
    /// The local axis: 0 x, 1 y, 2 z.
    pub index: usize,
    /// `acos(direction · n)` in radians, in `[0, π]`.
    pub angle: R,
    /// The axis's world direction (a row of the rotation, [`Quat::axes`]),
    /// `w = 0`.
    pub direction: Vec4<R>,
}

/// Among the allowed local axes of an object with rotation `rotation`, the one
/// whose POSITIVE direction is nearest the contact normal `n`: the smallest
/// `acos(axis · n)`, with `axis` the world direction of the local axis
/// ([`Quat::axes`]) and the dot in [`Vec4::dot`]'s order, axis first. It is the
/// angle of the positive end, not `|axis · n|`: an axis pointing straight away
/// from `n` (angle `π`) loses to one lying flat (angle `π/2`).
///
/// The axes are tried in the order x, y, z and a later one replaces the best
/// only with a strictly smaller angle, so a tie goes to the lower index
/// (inferred). No allowed axis (mask bits 0 to 2 clear, e.g. the bytes 0 and
/// 8) gives `None`. `n` is used as given (a unit normal is expected); `acos`
/// clamps its argument to `[−1, 1]`, so any finite `n` gives an answer.
///
/// Specification: `Settle_NearestAxis` fixes the smallest `acos(axis · n)` of
/// the positive directions among the allowed axes, and `None` for none.
///
/// Original: `Settle_NearestAxis` (0x00340b38).
#[must_use]
pub fn settle_nearest_axis<R: Real>(
    rotation: Quat<R>,
    mask: AxisMask,
    n: Vec4<R>,
) -> Option<NearestAxis<R>> {
    nearest_axis_by(rotation, mask, n, true)
}

/// [`settle_nearest_axis`] under the world's quirks: with
/// `settle_axis_by_positive_end` on (the console) the same; off, the
/// allowed axis whose line is nearest `n`, either end: the largest
/// `|axis · n|`, a later axis replacing the best only when strictly larger
/// (a tie to the lower index, as the console's). The answer's `angle` is
/// still `acos(axis · n)` of the positive end, so
/// [`settle_compute_target_with`]'s wrap lands whichever end is nearer
/// (divergence 491).
#[must_use]
pub fn settle_nearest_axis_with<R: Real>(
    rotation: Quat<R>,
    mask: AxisMask,
    n: Vec4<R>,
    quirks: kernels::WorldQuirks,
) -> Option<NearestAxis<R>> {
    nearest_axis_by(rotation, mask, n, quirks.settle_axis_by_positive_end)
}

fn nearest_axis_by<R: Real>(
    rotation: Quat<R>,
    mask: AxisMask,
    n: Vec4<R>,
    positive_end: bool,
) -> Option<NearestAxis<R>> {
    let axes = rotation.axes();
    let mut best: Option<NearestAxis<R>> = None;
    for (index, direction) in axes.into_iter().enumerate() {
        if !mask.allows(index) {
            continue;
        }
        let dot = direction.dot(n);
        let angle = acos(dot);
        let better = match best {
            None => true,
            Some(b) if positive_end => angle < b.angle,
            Some(b) => dot.abs() > b.direction.dot(n).abs(),
        };
        if better {
            best = Some(NearestAxis {
                index,
                angle,
                direction,
            });
        }
    }
    best
}

/// The answer of [`settle_compute_target`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettleTarget<R> {
    /// The rotation the object settles to.
    pub end: Quat<R>,
    /// The axis [`settle_nearest_axis`] chose, `None` when the mask allows
    /// none.
    pub nearest: Option<NearestAxis<R>>,
    /// The signed turn in radians about [`axis`](Self::axis), in
    /// `[−π/2, π/2]`; zero when there is no turn.
    pub turn: R,
    /// The unit turn axis `normalize(direction × n)`; zero when there is no
    /// turn.
    pub axis: Vec4<R>,
}

/// The rotation a resting object settles to: `start` turned by the smallest
/// angle that lines the chosen axis ([`settle_nearest_axis`]) up with the
/// contact normal `n`, one end or the other.
///
/// With `θ = acos(axis · n)` of the chosen axis: the turn is `θ` when
/// `θ ≤ π/2`, else `θ − π` (the wrap to ±90°: then the NEGATIVE end of the
/// axis lands on `n`). The turn axis is `k = normalize(axis × n)` (cross in
/// [`Vec4::cross`]'s order), the turn the quaternion
/// [`Quat::from_axis_angle`]`(k, turn)`, and `end = turn ⊗ start`, a turn in
/// the world frame applied after `start` (inferred: the specification gives
/// the turn, not the side of the product). `π/2` and `π` are the nearest
/// `f32`s and the wrap test is a strict `θ > π/2` (inferred); `acos(0)` is
/// exactly that `π/2`, so a flat axis turns by `+π/2`.
/// `end` is not renormalised (inferred).
///
/// Consequence: an allowed axis pointing straight down (`θ = π`) loses to an
/// allowed axis lying flat (`θ = π/2`), which is then turned through 90°, so
/// an object already resting on the face of the first axis tips over.
///
/// Degenerate cases (defined, no turn: `end = start`, `turn = 0`,
/// `axis = 0`): no allowed axis; the chosen axis parallel or antiparallel to
/// `n` (`axis × n` zero, tested as its squared length being exactly zero:
/// inferred). The argument shape (the mask and normal
/// rather than a chosen axis) is a port choice.
///
/// Specification: `Settle_ComputeTarget` fixes the turn `acos(axis · n)`
/// wrapped by `− 180°` past 90°, the axis `normalize(axis × n)`, and no turn
/// for a zero cross product; `turn ⊗ start` (the side) is inferred.
///
/// Original: `Settle_ComputeTarget` (0x00340d08).
#[must_use]
pub fn settle_compute_target<R: Real>(
    start: Quat<R>,
    mask: AxisMask,
    n: Vec4<R>,
) -> SettleTarget<R> {
    settle_compute_target_with(start, mask, n, kernels::WorldQuirks::console())
}

/// [`settle_compute_target`] with the nearest axis chosen under the
/// world's quirks ([`settle_nearest_axis_with`]); the turn, its wrap and
/// its axis are the same. With `settle_axis_by_positive_end` off an object
/// resting on an allowed face is not turned over: the axis along the normal
/// (either end) is chosen and its turn is the small one that lines it up.
#[must_use]
pub fn settle_compute_target_with<R: Real>(
    start: Quat<R>,
    mask: AxisMask,
    n: Vec4<R>,
    quirks: kernels::WorldQuirks,
) -> SettleTarget<R> {
    let none = |nearest| SettleTarget {
        end: start,
        nearest,
        turn: R::ZERO,
        axis: Vec4::ZERO,
    };
    let Some(nearest) = settle_nearest_axis_with(start, mask, n, quirks) else {
        return none(None);
    };
    let c = nearest.direction.cross(n).with_w(R::ZERO);
    if c.length_sq() == R::ZERO {
        return none(Some(nearest));
    }
    let axis = c.normalize();
    let turn = if nearest.angle > R::from_f32(FRAC_PI_2) {
        nearest.angle - R::from_f32(PI)
    } else {
        nearest.angle
    };
    let end = Quat::from_axis_angle(axis, turn) * start;
    SettleTarget {
        end,
        nearest: Some(nearest),
        turn,
        axis,
    }
}

/// An object id as the settle slot holds it; `0` marks a free slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

impl ObjectId {
    /// The id of no object (a free slot).
    pub const NONE: Self = Self(0);
}

/// One settle slot (0x30 bytes in the original), free when
/// [`object`](Self::object) is 0.
///
/// Fields in the order the specification lists them; the byte offsets
/// `+0x00`, `+0x04`, `+0x08`, `+0x0c`, `+0x10`, `+0x20` follow from that order
/// and the sizes (inferred).
///
/// The object's id type `Id` defaults to [`ObjectId`] (the slot's `u32`);
/// a world with its own handle type (for example a non-zero owner id, with
/// the slot held as an `Option`) can name it instead. [`FREE`](Self::FREE) and
/// [`is_free`](Self::is_free) exist for `ObjectId` only.
///
/// Specification: the settle slot (0x30 bytes; object, t, acceleration 0.02,
/// speed, end rotation, start rotation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettleSlot<R, Id = ObjectId> {
    /// `+0x00` the settling object, [`ObjectId::NONE`] when free.
    pub object: Id,
    /// `+0x04` the progress `t`, 0 to 1.
    pub t: R,
    /// `+0x08` the acceleration of `t` per tick ([`settle_accel`], 0.02).
    pub accel: R,
    /// `+0x0c` the speed of `t` per tick.
    pub speed: R,
    /// `+0x10` the end rotation ([`settle_compute_target`]).
    pub end: Quat<R>,
    /// `+0x20` the start rotation.
    pub start: Quat<R>,
}

impl<R: Real> SettleSlot<R, ObjectId> {
    /// A free slot: all 0x30 bytes zero (inferred: only `object = 0` is
    /// specified).
    pub const FREE: Self = Self {
        object: ObjectId::NONE,
        t: R::ZERO,
        accel: R::ZERO,
        speed: R::ZERO,
        end: Quat::ZERO,
        start: Quat::ZERO,
    };

    /// `true` when the slot holds no object (`object == 0`).
    #[inline]
    #[must_use]
    pub fn is_free(&self) -> bool {
        self.object == ObjectId::NONE
    }
}

impl<R: Real, Id: Copy> SettleSlot<R, Id> {
    /// A settle of `object` from `start` to `end` starting from rest
    /// (`t = 0`, `speed = 0`) with the 60 Hz acceleration [`settle_accel`].
    #[must_use]
    pub fn begin(object: Id, start: Quat<R>, end: Quat<R>) -> Self {
        Self::begin_with_accel(object, start, end, settle_accel())
    }

    /// As [`begin`](Self::begin) with the 30 Hz variant's acceleration
    /// [`settle_accel_30hz`] (inferred variant), done in 6 ticks.
    #[must_use]
    pub fn begin_30hz(object: Id, start: Quat<R>, end: Quat<R>) -> Self {
        Self::begin_with_accel(object, start, end, settle_accel_30hz())
    }

    /// A settle from rest (`t = 0`, `speed = 0`) with the acceleration
    /// `accel`.
    #[must_use]
    pub fn begin_with_accel(object: Id, start: Quat<R>, end: Quat<R>, accel: R) -> Self {
        Self {
            object,
            t: R::ZERO,
            accel,
            speed: R::ZERO,
            end,
            start,
        }
    }

    /// One frame of the settle, exactly: `t += speed; speed += accel;` then
    /// `t` clamped to at most 1; returns the rotation
    /// [`quat_slerp`]`(t, start, end)` and whether `t` reached 1 (the clamp as
    /// `if t > 1 { t = 1 }` and the test as `t ≥ 1` after it: inferred forms).
    ///
    /// From rest, `t` after `n` ticks is `Σ_{k<n} k·accel = 0.01·n(n − 1)`
    /// (0, 0.02, 0.06, 0.12, 0.2, 0.3, 0.42, 0.56, 0.72, 0.9, then 1.1
    /// clamped to 1): the 11th tick ends a settle. The tick does not free the
    /// slot or test whether it is free (the caller does both); on a free slot
    /// it computes the same arithmetic on zeros and returns the zero
    /// quaternion. Once done, further ticks keep `t = 1` and return `end` (or
    /// `−end`, the same rotation, if the arc went through `−end`).
    ///
    /// Specification: the settle slot's per-frame update (`t += speed;
    /// speed += accel;` clamp; slerp); the 30 Hz acceleration is inferred.
    pub fn tick(&mut self) -> (Quat<R>, bool) {
        self.t = self.t + self.speed;
        self.speed = self.speed + self.accel;
        if self.t > R::ONE {
            self.t = R::ONE;
        }
        let rotation = quat_slerp(self.t, self.start, self.end);
        (rotation, self.t >= R::ONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{both_modes, v};

    both_modes!(
        accel_bits,
        tick_progress_is_quadratic_and_ends_on_tick_11,
        runtime_samples_are_a_subsequence,
        tick_returns_slerp_of_progress,
        tick_30hz_ends_on_tick_6,
        free_slot,
        nearest_axis_every_byte_positive_directions,
        nearest_axis_every_byte_other_order,
        nearest_axis_ties_go_to_lower_index,
        down_pointing_axis_loses_and_object_tips_over,
        compute_target_tilted_brick_lands_on_z,
        compute_target_wraps_to_negative_end,
        compute_target_without_turn,
        full_settle_lands_axis_on_normal,
        finite_inputs_never_panic,
    );

    const TOL: f32 = 1e-5;

    fn close(a: f32, b: f32, tol: f32, what: &str) {
        assert!((a - b).abs() <= tol, "{what}: {a} vs {b} (tolerance {tol})");
    }

    fn close_v<R: Real>(a: Vec4<R>, b: [f32; 3], what: &str) {
        let a = a.to_f32();
        for i in 0..3 {
            close(a[i], b[i], TOL, what);
        }
    }

    fn deg<R: Real>(d: f32) -> R {
        R::from_f32(d.to_radians())
    }

    /// `t` after each of `ticks` ticks from rest.
    fn progress<R: Real>(accel: R, ticks: usize) -> [(f32, bool); 12] {
        let mut slot =
            SettleSlot::begin_with_accel(ObjectId(7), Quat::<R>::IDENTITY, Quat::IDENTITY, accel);
        let mut out = [(0.0, false); 12];
        for o in out.iter_mut().take(ticks) {
            let (_, done) = slot.tick();
            *o = (slot.t.to_f32(), done);
        }
        out
    }

    fn accel_bits<R: Real>() {
        assert_eq!(settle_accel::<R>().to_bits(), 0x3ca3_d70a);
        assert_eq!(settle_accel_30hz::<R>().to_bits(), 0x3da3_d70a);
        // python3: struct.pack('<f', 0.02) -> 0x3ca3d70a, 0.08 -> 0x3da3d70a.
        assert_eq!(0.02f32.to_bits(), SETTLE_ACCEL_BITS);
        assert_eq!(0.08f32.to_bits(), SETTLE_ACCEL_30HZ_BITS);
    }

    // t(n) = Σ_{k=0}^{n−1} 0.02·k = 0.01·n(n − 1): 0, 0.02, 0.06, 0.12, 0.2,
    // 0.3, 0.42, 0.56, 0.72, 0.9, 1.1 → clamped 1.0.
    fn tick_progress_is_quadratic_and_ends_on_tick_11<R: Real>() {
        let p = progress(settle_accel::<R>(), 12);
        for n in 1..=12usize {
            let exact = 0.01 * (n * (n - 1)) as f32;
            let (t, done) = p[n - 1];
            close(t, exact.min(1.0), TOL, "t(n)");
            assert_eq!(done, n >= 11, "done at tick {n}");
        }
        assert_eq!(p[10].0, 1.0, "clamped exactly to 1");
    }

    // The values seen at runtime (not every tick was sampled).
    fn runtime_samples_are_a_subsequence<R: Real>() {
        let p = progress(settle_accel::<R>(), 11);
        let samples = [0.02, 0.12, 0.2, 0.3, 0.42, 0.56, 0.72, 0.9, 1.0];
        let mut i = 0;
        for s in samples {
            while i < 11 && (p[i].0 - s).abs() > TOL {
                i += 1;
            }
            assert!(i < 11, "sample {s} not found in order");
            i += 1;
        }
    }

    fn tick_returns_slerp_of_progress<R: Real>() {
        let start = Quat::<R>::IDENTITY;
        let end = Quat::from_axis_angle(v(0.0, 0.0, 1.0), deg(90.0));
        let mut slot = SettleSlot::begin(ObjectId(3), start, end);
        for _ in 0..11 {
            let (q, _) = slot.tick();
            assert_eq!(q.to_f32(), quat_slerp(slot.t, start, end).to_f32());
        }
        let (q, done) = slot.tick();
        assert!(done);
        for (got, want) in q.to_f32().into_iter().zip(end.to_f32()) {
            close(got, want, 1e-6, "done at end");
        }
    }

    // t(n) = 0.04·n(n − 1): 0, 0.08, 0.24, 0.48, 0.8, 1.2 → 1.0.
    fn tick_30hz_ends_on_tick_6<R: Real>() {
        let p = progress(settle_accel_30hz::<R>(), 7);
        for n in 1..=7usize {
            let exact = 0.04 * (n * (n - 1)) as f32;
            close(p[n - 1].0, exact.min(1.0), TOL, "t(n) at 30 Hz");
            assert_eq!(p[n - 1].1, n >= 6, "done at tick {n}");
        }
        let mut slot = SettleSlot::<R>::begin_30hz(ObjectId(1), Quat::IDENTITY, Quat::IDENTITY);
        let mut ticks = 0;
        while !slot.tick().1 {
            ticks += 1;
        }
        assert_eq!(ticks + 1, 6);
    }

    fn free_slot<R: Real>() {
        assert!(SettleSlot::<R>::FREE.is_free());
        let s = SettleSlot::<R>::begin(ObjectId(9), Quat::IDENTITY, Quat::IDENTITY);
        assert!(!s.is_free());
        assert_eq!((s.t.to_f32(), s.speed.to_f32()), (0.0, 0.0));
        let mut f = SettleSlot::<R>::FREE;
        let (q, done) = f.tick();
        assert_eq!((q.to_f32(), done), ([0.0; 4], false));
    }

    /// 90° about z, built exactly: `(0, 0, √½, √½)`. Local x is world
    /// (0, 1, 0), local y world (−1, 0, 0), local z world (0, 0, 1).
    fn quarter_turn_z<R: Real>() -> Quat<R> {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        Quat::from_f32([0.0, 0.0, h, h])
    }

    /// Checks `settle_nearest_axis` for every byte 0..=15 against `want`,
    /// indexed by the low three bits (bit 3 and byte 8 handled here), and the
    /// `_ROUND` bytes against XZ and YZ.
    fn check_every_byte<R: Real>(
        q: Quat<R>,
        n: Vec4<R>,
        angles: [f32; 3],
        want: [Option<usize>; 8],
    ) {
        for byte in 0u8..=15 {
            let got = settle_nearest_axis(q, AxisMask::from_byte(byte), n);
            let expect = want[usize::from(byte & 7)];
            assert_eq!(got.map(|g| g.index), expect, "byte {byte}");
            if let (Some(g), Some(i)) = (got, expect) {
                close(g.angle.to_f32(), angles[i], TOL, "angle");
                let d = q.axes()[i].to_f32();
                close_v(g.direction, [d[0], d[1], d[2]], "direction");
            }
        }
        let nearest = |m| settle_nearest_axis(q, m, n);
        assert_eq!(nearest(AxisMask::XZ_ROUND), nearest(AxisMask::XZ));
        assert_eq!(nearest(AxisMask::YZ_ROUND), nearest(AxisMask::YZ));
        assert!(nearest(AxisMask::from_byte(8)).is_none());
        assert!(AxisMask::XZ_ROUND.is_round() && !AxisMask::XZ.is_round());
    }

    // Object turned 90° about z; n = (3, 1, 2)/√14. Dots (python3):
    // local x (0, 1, 0): 1/√14 → acos 1.3002466
    // local y (−1, 0, 0): −3/√14 → acos 2.5010703 (π − 0.6405223)
    // local z (0, 0, 1): 2/√14 → acos 1.0068537
    // Order z < x < y. |dot| would pick y (0.80) wherever allowed: it must not.
    // Bytes: 1 x, 2 y, 3 x, 4 z, 5 z, 6 z, 7 z (and 9-15 the same as 1-7).
    fn nearest_axis_every_byte_positive_directions<R: Real>() {
        let s = 14f32.sqrt();
        let n = v::<R>(3.0 / s, 1.0 / s, 2.0 / s);
        check_every_byte(
            quarter_turn_z(),
            n,
            [1.300_246_6, 2.501_070_3, 1.006_853_7],
            [
                None,
                Some(0),
                Some(1),
                Some(0),
                Some(2),
                Some(2),
                Some(2),
                Some(2),
            ],
        );
    }

    // Same object; n = (−3, 1, 2)/√14:
    // local x: 1/√14 → 1.3002466; local y: 3/√14 → 0.6405223;
    // local z: 2/√14 → 1.0068537. Order y < z < x.
    // Bytes: 1 x, 2 y, 3 y, 4 z, 5 z, 6 y, 7 y.
    fn nearest_axis_every_byte_other_order<R: Real>() {
        let s = 14f32.sqrt();
        let n = v::<R>(-3.0 / s, 1.0 / s, 2.0 / s);
        check_every_byte(
            quarter_turn_z(),
            n,
            [1.300_246_6, 0.640_522_3, 1.006_853_7],
            [
                None,
                Some(0),
                Some(1),
                Some(1),
                Some(2),
                Some(2),
                Some(1),
                Some(1),
            ],
        );
    }

    // Identity: n = (1, 1, 0)/√2 is 45° from both x and y, the same bits
    // (x·n = nx, y·n = ny, nx = ny): x (index 0) wins. n = (0, 1, 1)/√2: y wins
    // over z.
    fn nearest_axis_ties_go_to_lower_index<R: Real>() {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        let q = Quat::<R>::IDENTITY;
        let a = settle_nearest_axis(q, AxisMask::XYZ, v(h, h, 0.0)).unwrap();
        assert_eq!(a.index, 0);
        close(a.angle.to_f32(), core::f32::consts::FRAC_PI_4, TOL, "45°");
        let a = settle_nearest_axis(q, AxisMask::YZ, v(0.0, h, h)).unwrap();
        assert_eq!(a.index, 1);
        let a = settle_nearest_axis(q, AxisMask::XYZ, v(0.0, h, h)).unwrap();
        assert_eq!(a.index, 1);
    }

    // 180° about x, exactly (1, 0, 0, 0): local x = (1, 0, 0), local
    // y = (0, −1, 0), local z = (0, 0, −1), straight down. Floor normal
    // n = (0, 0, 1). Mask XZ: z at acos(−1) = 180° loses to x at acos(0) = 90°
    // (under |dot| z would win with no turn). The target turns x through +90°
    // about normalize(x × n) = (0, −1, 0), i.e. −90° about +y, which maps
    // (a, 0, c) to (a·cos α + c·sin α, 0, −a·sin α + c·cos α), α = −90°:
    // (−c, 0, a). So x = (1, 0, 0) → (0, 0, 1) = n and
    // z = (0, 0, −1) → (1, 0, 0). The object, resting on its z face (z down),
    // tips over onto its x face.
    fn down_pointing_axis_loses_and_object_tips_over<R: Real>() {
        let q = Quat::<R>::from_f32([1.0, 0.0, 0.0, 0.0]);
        let n = v::<R>(0.0, 0.0, 1.0);
        let a = settle_nearest_axis(q, AxisMask::XZ, n).unwrap();
        assert_eq!(a.index, 0);
        close(a.angle.to_f32(), core::f32::consts::FRAC_PI_2, TOL, "90°");
        // z alone: chosen at 180°, and wrapped to no turn.
        let z = settle_nearest_axis(q, AxisMask::Z, n).unwrap();
        close(z.angle.to_f32(), core::f32::consts::PI, TOL, "180°");

        let t = settle_compute_target(q, AxisMask::XZ, n);
        close(
            t.turn.to_f32(),
            core::f32::consts::FRAC_PI_2,
            TOL,
            "turn +90°",
        );
        close_v(t.axis, [0.0, -1.0, 0.0], "turn axis");
        let [ex, _, ez] = t.end.axes();
        close_v(ex, [0.0, 0.0, 1.0], "x lands on n");
        close_v(ez, [1.0, 0.0, 0.0], "z now flat");
    }

    /// The target of a brick turned `degrees` about x landing on the floor
    /// (n = +z) with `mask`, and its nearest axis, which must be z (index 2).
    fn floor_target_about_x<R: Real>(
        degrees: f32,
        mask: AxisMask,
    ) -> (SettleTarget<R>, NearestAxis<R>) {
        let start = Quat::<R>::from_axis_angle(v(1.0, 0.0, 0.0), deg(degrees));
        let t = settle_compute_target(start, mask, v::<R>(0.0, 0.0, 1.0));
        let a = t.nearest.unwrap();
        assert_eq!(a.index, 2);
        (t, a)
    }

    // Start 30° about x: local z = (0, −sin 30°, cos 30°) = (0, −0.5, 0.8660254),
    // local x = (1, 0, 0). Mask XZ, n = (0, 0, 1): z at 30° beats x at 90°.
    // z × n = (−0.5, 0, 0) → k = (−1, 0, 0); turn +30° about −x undoes the tilt:
    // end = identity (up to sign), end's z axis = (0, 0, 1) = n.
    fn compute_target_tilted_brick_lands_on_z<R: Real>() {
        let (t, a) = floor_target_about_x::<R>(30.0, AxisMask::XZ);
        close_v(a.direction, [0.0, -0.5, 0.866_025_4], "start z");
        close(t.turn.to_f32(), 30f32.to_radians(), TOL, "turn 30°");
        close_v(t.axis, [-1.0, 0.0, 0.0], "turn axis");
        close_v(t.end.axes()[2], [0.0, 0.0, 1.0], "end z = n");
        let e = t.end.to_f32();
        let s = if e[3] < 0.0 { -1.0 } else { 1.0 };
        for (i, want) in [0.0, 0.0, 0.0, 1.0].into_iter().enumerate() {
            close(e[i] * s, want, TOL, "end is identity");
        }
    }

    // Start 120° about x: local z = (0, −sin 120°, cos 120°) =
    // (0, −0.8660254, −0.5), 120° from n = (0, 0, 1). Mask Z only.
    // θ = 120° > 90° → turn = 120° − 180° = −60° about
    // k = normalize(z × n) = normalize(−0.866, 0, 0) = (−1, 0, 0),
    // i.e. +60° about +x: end = 60° ⊗ 120° about x = 180° about x, whose z
    // axis is (0, −sin 180°, cos 180°) = (0, 0, −1) = −n: the NEGATIVE end of z
    // lands on n (it was 60° from n). Its y axis is (0, cos 180°, sin 180°) =
    // (0, −1, 0).
    fn compute_target_wraps_to_negative_end<R: Real>() {
        let (t, a) = floor_target_about_x::<R>(120.0, AxisMask::Z);
        close(a.angle.to_f32(), 120f32.to_radians(), TOL, "θ = 120°");
        close(t.turn.to_f32(), (-60f32).to_radians(), TOL, "turn −60°");
        close_v(t.axis, [-1.0, 0.0, 0.0], "turn axis");
        let [_, ey, ez] = t.end.axes();
        close_v(ez, [0.0, 0.0, -1.0], "end z = −n");
        close_v(ey, [0.0, -1.0, 0.0], "end y");
    }

    fn compute_target_without_turn<R: Real>() {
        let n = v::<R>(0.0, 0.0, 1.0);
        let start = Quat::<R>::from_axis_angle(v(0.0, 0.6, 0.8), R::from_f32(0.7));
        // No allowed axis: bytes 0 and 8.
        for byte in [0u8, 8] {
            let t = settle_compute_target(start, AxisMask::from_byte(byte), n);
            assert_eq!(t.end, start);
            assert!(t.nearest.is_none());
            assert_eq!(t.turn.to_f32(), 0.0);
        }
        // Parallel: identity, z = n exactly; antiparallel: 180° about x
        // exactly, z = −n. Both: cross zero, end = start.
        for q in [Quat::<R>::IDENTITY, Quat::from_f32([1.0, 0.0, 0.0, 0.0])] {
            let t = settle_compute_target(q, AxisMask::Z, n);
            assert_eq!(t.end, q);
            assert_eq!(t.nearest.unwrap().index, 2);
            assert_eq!(t.turn.to_f32(), 0.0);
            assert_eq!(t.axis.to_f32(), [0.0; 4]);
        }
    }

    // A whole settle: the target of a tilted object, then 11 ticks; the last
    // rotation is the end, whose chosen axis lies on n.
    fn full_settle_lands_axis_on_normal<R: Real>() {
        let start = Quat::<R>::from_axis_angle(v(0.6, 0.8, 0.0), deg(40.0));
        let n = v::<R>(0.0, 0.0, 1.0);
        let target = settle_compute_target(start, AxisMask::XYZ, n);
        let index = target.nearest.unwrap().index;
        let mut slot = SettleSlot::begin(ObjectId(42), start, target.end);
        let mut ticks = 0;
        let rotation = loop {
            ticks += 1;
            let (q, done) = slot.tick();
            if done || ticks > 20 {
                break q;
            }
        };
        assert_eq!(ticks, 11);
        // 40° about (0.6, 0.8, 0) (python3, Rodrigues): local x ends at
        // 120.9° from n, y at 67.3°, z at 40.0°: z is chosen.
        assert_eq!(index, 2);
        close_v(rotation.axes()[index], [0.0, 0.0, 1.0], "settled axis on n");
    }

    /// Every public function on a grid of finite values, degenerate and huge
    /// ones included: no panic in either mode, and (for lanes up to 1e6, the
    /// range of positions and rotations) finite answers.
    fn finite_inputs_never_panic<R: Real>() {
        let vals = [
            0.0f32, -0.0, 1.0, -1.0, 0.5, 1e-30, -1e-30, 3.0, -7.5, 1e6, -1e6, 1e30, -3e38, 3.4e38,
        ];
        let mut k = 0usize;
        let mut pick = || {
            k = (k * 7 + 3) % vals.len();
            vals[k]
        };
        for round in 0..400 {
            let q = Quat::<R>::from_f32([pick(), pick(), pick(), pick()]);
            let r = Quat::<R>::from_f32([pick(), pick(), pick(), pick()]);
            let n = Vec4::<R>::from_f32([pick(), pick(), pick(), pick()]);
            let t = R::from_f32(pick());
            let mask = AxisMask::from_byte((round % 256) as u8);
            let moderate = [q.to_f32(), r.to_f32(), n.to_f32(), [t.to_f32(); 4]]
                .iter()
                .flatten()
                .all(|x| x.abs() <= 1e6);
            let mut outs = Vec::new();
            outs.extend(quat_slerp(t, q, r).to_f32());
            outs.extend(crate::quat::quat_integrate_angular(t, q, n).to_f32());
            outs.extend((q * r).normalize().to_f32());
            outs.extend(q.rotate(n).to_f32());
            outs.extend(q.axes().iter().flat_map(|a| a.to_f32()));
            outs.push(crate::quat::sin(t).to_f32());
            outs.push(crate::quat::cos(t).to_f32());
            outs.push(acos(t).to_f32());
            if let Some(a) = settle_nearest_axis(q, mask, n) {
                outs.push(a.angle.to_f32());
            }
            let target = settle_compute_target(q, mask, n);
            outs.extend(target.end.to_f32());
            let mut slot = SettleSlot::begin_with_accel(ObjectId(1), q, r, t);
            for _ in 0..3 {
                outs.extend(slot.tick().0.to_f32());
            }
            if moderate {
                assert!(
                    outs.iter().all(|x| x.is_finite()),
                    "round {round}: {outs:?}"
                );
            }
        }
    }
}
