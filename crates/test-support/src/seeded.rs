//! The seeded generators the tests, benchmarks and examples draw their
//! cases from: one set of draws ([`Seeded`]) over three steps, each kept
//! because cases (and the counts some tests assert of them) were drawn
//! with it — [`Xorshift`] (xorshift64), [`XorshiftStar`] (xorshift64*) and
//! [`Lcg`] (a 64-bit LCG with Knuth's MMIX constants, the street's) — and
//! the 32-bit [`Xorshift32`], whose words a test suite and a benchmark read
//! directly.

/// The draws of a seeded generator, from its 64-bit step [`Seeded::bits`]:
/// the same seed gives the same cases on every machine.
pub trait Seeded {
    /// The next 64 bits.
    fn bits(&mut self) -> u64;

    /// A number in `[0, n)` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        self.bits() % n
    }

    /// A number in `[lo, hi)` from the top 53 bits.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.bits() >> 11) as f64 / (1u64 << 53) as f64)
    }

    /// [`Seeded::range`] rounded to the nearest `f32`, read back in `f64`:
    /// one input both an `f32` kernel and an `f64` oracle see.
    fn range_rounded(&mut self, lo: f64, hi: f64) -> f64 {
        f64::from(self.range(lo, hi) as f32)
    }

    /// A number in `[0, 1)` from the top 24 bits.
    fn unit_f32(&mut self) -> f32 {
        (self.bits() >> 40) as f32 / (1u32 << 24) as f32
    }

    /// A number in `[lo, hi)` from [`Seeded::unit_f32`].
    fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit_f32()
    }

    /// Three [`Seeded::range_f32`] draws in `[lo, hi)`: x, then y, then z.
    fn vec3_f32(&mut self, lo: f32, hi: f32) -> [f32; 3] {
        [
            self.range_f32(lo, hi),
            self.range_f32(lo, hi),
            self.range_f32(lo, hi),
        ]
    }

    /// A point of the unit 4-ball (not within 0.01 of its centre): four
    /// [`Seeded::range_f32`] draws in `[−1, 1)` until one lies in it. Scaled
    /// to length 1, a uniformly spread rotation's quaternion.
    fn ball4_f32(&mut self) -> [f32; 4] {
        loop {
            let q = [
                self.range_f32(-1.0, 1.0),
                self.range_f32(-1.0, 1.0),
                self.range_f32(-1.0, 1.0),
                self.range_f32(-1.0, 1.0),
            ];
            let l = q.iter().map(|x| x * x).sum::<f32>();
            if l > 1e-4 && l <= 1.0 {
                return q;
            }
        }
    }

    /// A unit vector: [`Seeded::vec3_f32`] in `[−1, 1)³` drawn until it
    /// lies in the unit ball (and not within 0.01 of its centre), then
    /// scaled to length 1.
    fn unit_vec3_f32(&mut self) -> [f32; 3] {
        loop {
            let v = self.vec3_f32(-1.0, 1.0);
            let l = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
            if l > 1e-4 && l <= 1.0 {
                let s = l.sqrt();
                return [v[0] / s, v[1] / s, v[2] / s];
            }
        }
    }
}

/// xorshift64 (Marsaglia's 13, 7, 17): the step is the new state. A zero
/// seed stays zero.
#[derive(Clone, Debug)]
pub struct Xorshift(pub u64);

impl Seeded for Xorshift {
    fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// xorshift64* (12, 25, 27, then a multiply): the step is the new state
/// times `0x2545f4914f6cdd1d`.
#[derive(Clone, Debug)]
pub struct XorshiftStar(pub u64);

impl Seeded for XorshiftStar {
    fn bits(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants): the
/// step is the new state. Its [`Seeded::unit_f32`] is the one the street
/// workloads draw with.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Seeded for Lcg {
    fn bits(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }
}

/// xorshift32 (Marsaglia's 13, 17, 5): 32-bit words, the step is the new
/// state. Not a [`Seeded`]: the cases drawn with it read its words as they
/// are. A zero seed stays zero.
#[derive(Clone, Debug)]
pub struct Xorshift32(pub u32);

impl Xorshift32 {
    /// The next 32 bits.
    pub fn word(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_is_seeded_and_in_range() {
        let (mut a, mut b) = (Xorshift(7), Xorshift(7));
        for _ in 0..1000 {
            assert_eq!(a.bits(), b.bits());
            assert_eq!(a.below(5), b.below(5));
            assert!(b.below(5) < 5 && a.below(5) < 5);
            let x = a.range(-2.0, 3.0);
            assert!((-2.0..3.0).contains(&x));
            assert_eq!(x, b.range(-2.0, 3.0));
        }
    }

    /// The first steps, worked by hand from each rule.
    #[test]
    fn first_steps() {
        // 1 ^ 1<<13 = 0x2001; ^ >>7 (0x40) = 0x2041; ^ <<17 = 0x4082_2041.
        assert_eq!(Xorshift(1).bits(), 0x4082_2041);
        // 1 ^ 1>>12 = 1; ^ 1<<25 = 0x200_0001; ^ >>27 = same; times the constant.
        assert_eq!(
            XorshiftStar(1).bits(),
            0x200_0001u64.wrapping_mul(0x2545_f491_4f6c_dd1d)
        );
        assert_eq!(Lcg(0).bits(), 1_442_695_040_888_963_407);
    }

    /// Marsaglia's example seed for xorshift32 (13, 17, 5) gives 723471715
    /// first ("Xorshift RNGs", 2003); the next two words are the same
    /// three shifts worked in Python's integers, masked to 32 bits.
    #[test]
    fn xorshift32_gives_marsaglias_words() {
        let mut g = Xorshift32(2_463_534_242);
        assert_eq!(
            [g.word(), g.word(), g.word()],
            [723_471_715, 2_497_366_906, 2_064_144_800]
        );
        assert_eq!(Xorshift32(0).word(), 0);
    }

    #[test]
    fn f32_draws_are_in_range() {
        let mut g = Lcg(0x5eed);
        for _ in 0..1000 {
            let u = g.unit_f32();
            assert!((0.0..1.0).contains(&u));
            let x = g.range_f32(-3.0, 2.0);
            assert!((-3.0..2.0).contains(&x));
            let n = g.unit_vec3_f32();
            let l = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
            assert!((l - 1.0).abs() < 1e-5, "{n:?}");
            let q = g.ball4_f32();
            let l = q.iter().map(|x| x * x).sum::<f32>();
            assert!(l > 1e-4 && l <= 1.0, "{q:?}");
            let r = g.range_rounded(0.0, 1.0);
            assert_eq!(r, f64::from(r as f32));
        }
    }
}
