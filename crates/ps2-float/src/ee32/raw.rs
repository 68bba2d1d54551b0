//! The EE FPU's arithmetic on bare bit patterns: every function takes and returns
//! `u32` patterns (sign, 8-bit exponent, 23-bit mantissa) and, for arithmetic, the
//! status [`Flags`] the operation raises.
//!
//! # Source of the rules
//!
//! The algorithms are those of the bit-exact model of the EE's float units
//! published by a PCSX2 developer, TellowKrinkle, in the repository
//! `TellowKrinkle/PS2Float` (`ps2add.cpp`, `ps2mul.cpp`, `ps2divsqrt.cpp`; the
//! reference vectors were produced at commit `57187965abd8`). This file is an
//! independent implementation of the rules that model describes, checked line by
//! line against results captured on a console (`fixtures/ee-fpu/ee-fpu-hardware.tsv`,
//! from the `ps2autotests` suite) and against the model on 96,000 random operand
//! sets (`fixtures/ee-fpu/ee-fpu-reference.tsv`); see `tests/vectors.rs`.
//!
//! # The rules
//!
//! * **No specials.** Exponent 255 is an ordinary binade; the largest magnitude
//!   is `0x7fffffff`. An operand whose exponent is 0 is zero whatever its
//!   mantissa ("denormals are zero").
//! * **Range.** A result whose exponent would fall below 1 is a zero with the
//!   result's sign (underflow flag); one whose exponent would pass 255 is the
//!   sign with `0x7fffffff` (overflow flag).
//! * **Adder** ([`add`], [`sub`]): the operand of larger magnitude leads; both
//!   24-bit mantissas get one guard bit; the smaller is shifted right by the
//!   exponent difference (and is gone past 24); the aligned mantissas are added
//!   as integers and the sum is normalised by truncation. An exact cancellation
//!   gives `+0`; two zeros give `-0` only if both are negative.
//! * **Multiplier** ([`mul`]): a radix-4 Booth multiplier whose reduction tree
//!   drops some low partial-product bits. The product is the truncated exact
//!   product or one unit below it, and it depends on the operand order (the
//!   second operand is the Booth-recoded one).
//! * **Divider and square root** ([`div`], [`sqrt`], [`rsqrt`]): a radix-2 SRT
//!   digit recurrence (digits −1, 0, +1) over a carry-save remainder, 25 digits,
//!   with no final correction: the quotient is the truncated one or one unit
//!   above it, depending on the path the recurrence took.
//! * **Multiply-add** ([`madd`], [`msub`]): the multiplier's product, then the
//!   adder. A product that overflows is the result (negated for `msub`) and the
//!   accumulator is ignored.
//! * **Compares** ([`eq`], [`lt`], [`le`]): zero-exponent values are zero, then
//!   sign and magnitude (`-0 == +0`). [`min`] and [`max`] order the raw patterns
//!   as sign-magnitude numbers (no flush: they return an operand unchanged).
//! * **Sign ops** ([`abs`], [`neg`]): the sign bit only, nothing flushed.
//! * **Conversions** ([`to_i32`], [`from_i32`]): truncation toward zero;
//!   `cvt.w.s` saturates out of range.
//!
//! Nothing here allocates, panics or uses `unsafe`.

/// The status flags an FPU operation raises (the `O`, `U`, `D` and `I` bits of
/// the EE's FCR31; the sticky copies are the caller's business).
///
/// The reference vectors check results only, not flags: the flags follow the
/// rules stated on each function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// The result saturated to `±0x7fffffff` because its exponent passed 255.
    pub overflow: bool,
    /// The result was flushed to a signed zero because its exponent fell below 1.
    pub underflow: bool,
    /// A division of a non-zero value by zero (`div.s`, `rsqrt.s`).
    pub divide: bool,
    /// An invalid operation: `0 / 0`, or the square root of a negative value.
    pub invalid: bool,
}

impl Flags {
    /// No flag raised.
    pub const NONE: Self = Self {
        overflow: false,
        underflow: false,
        divide: false,
        invalid: false,
    };

    /// `true` when any flag is raised.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.overflow | self.underflow | self.divide | self.invalid
    }

    /// The flags raised by either operand (bitwise or).
    #[inline]
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self {
            overflow: self.overflow | other.overflow,
            underflow: self.underflow | other.underflow,
            divide: self.divide | other.divide,
            invalid: self.invalid | other.invalid,
        }
    }

    const OVERFLOW: Self = Self {
        overflow: true,
        ..Self::NONE
    };
    const UNDERFLOW: Self = Self {
        underflow: true,
        ..Self::NONE
    };
}

impl core::ops::BitOr for Flags {
    type Output = Self;
    #[inline]
    fn bitor(self, rhs: Self) -> Self {
        self.union(rhs)
    }
}

impl core::ops::BitOrAssign for Flags {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = self.union(rhs);
    }
}

const SIGN: u32 = 0x8000_0000;
const MAG: u32 = 0x7fff_ffff;
const FRAC: u32 = 0x007f_ffff;
const HIDDEN: u32 = 0x0080_0000;

/// The biased exponent field.
#[inline(always)]
const fn exponent(x: u32) -> u32 {
    (x >> 23) & 0xff
}

/// The 24-bit significand with its hidden bit.
#[inline(always)]
const fn significand(x: u32) -> u32 {
    (x & FRAC) | HIDDEN
}

/// Packs a sign, a biased exponent that may be out of range, and a 24-bit
/// significand (hidden bit at bit 23), saturating or flushing by the range rule.
#[inline(always)]
fn pack(sign: u32, exp: i32, sig: u32) -> (u32, Flags) {
    if exp > 255 {
        (sign | MAG, Flags::OVERFLOW)
    } else if exp < 1 {
        (sign, Flags::UNDERFLOW)
    } else {
        (sign | ((exp as u32) << 23) | (sig & FRAC), Flags::NONE)
    }
}

// ---------------------------------------------------------------------------
// Adder
// ---------------------------------------------------------------------------

/// `a + b` (`add.s`, `adda.s`).
///
/// Rule (adder): the operand of larger magnitude leads and gives the sign; the
/// other's significand, with one guard bit, is shifted right by the exponent
/// difference (nothing is left past 24) and added or subtracted as an integer;
/// the sum is normalised by truncation. `a + (-a)` is `+0`; a zero-exponent
/// operand is zero (two zeros give `-0` only if both are negative). Raises
/// overflow or underflow by the range rule.
#[inline]
#[must_use]
pub fn add(a: u32, b: u32) -> (u32, Flags) {
    let (big, small) = if a & MAG >= b & MAG { (a, b) } else { (b, a) };
    let eb = exponent(big);
    let es = exponent(small);
    if es == 0 {
        // The smaller is zero; so is the larger if its exponent is zero too.
        let r = if eb == 0 { big & small & SIGN } else { big };
        return (r, Flags::NONE);
    }
    let shift = eb - es;
    let mb = significand(big) << 1;
    let ms = if shift > 24 {
        0
    } else {
        (significand(small) << 1) >> shift
    };
    let sum = if (a ^ b) & SIGN == 0 {
        mb + ms
    } else {
        mb - ms
    };
    if sum == 0 {
        return (0, Flags::NONE);
    }
    // `sum` is below 2^26; a leading one at bit 24 keeps the exponent.
    let lz = sum.leading_zeros();
    let exp = eb as i32 + 7 - lz as i32;
    pack(big & SIGN, exp, (sum << lz) >> 8)
}

/// `a - b` (`sub.s`, `suba.s`): [`add`] with the sign of `b` flipped.
#[inline]
#[must_use]
pub fn sub(a: u32, b: u32) -> (u32, Flags) {
    add(a, b ^ SIGN)
}

// ---------------------------------------------------------------------------
// Multiplier
// ---------------------------------------------------------------------------

/// Carry-save addition of three rows: the bitwise sum and the carries (already
/// moved up one place).
#[inline(always)]
const fn csa(x: u32, y: u32, z: u32) -> (u32, u32) {
    let u = x ^ y;
    (u ^ z, ((x & y) | (u & z)) << 1)
}

/// Bit 15 of the low word of the multiplier's partial-product tree for the
/// significands `x` (multiplicand) and `y` (Booth-recoded multiplier).
///
/// The tree sums the low 32 bits of eight radix-4 Booth rows (digits 0 to 7 of
/// `y`, each read from multiplier bits `2k+1, 2k, 2k-1`) in four carry-save
/// levels. A negative digit's row is the one's complement of its magnitude, with
/// the `+1` that completes the two's complement supplied separately; the tree
/// loses some bits: row 4's bits 8 to 10, the `+1`s of digits 0 to 4, and bits
/// 0 to 14 of the final sum and carry words. The carry that those bits would have
/// sent into bit 15 is what the product misses.
#[inline(always)]
const fn tree_bit15(x: u32, y: u32) -> u32 {
    // Row (before its shift by 2k) by Booth triplet: 0, +x, +x, +2x, -2x, -x,
    // -x, 0; negative rows in one's complement (the shift fills zeros below 2k).
    let x2 = x << 1;
    let rows = [0, x, x, x2, !x2, !x, !x, 0];
    let y2 = y << 1; // bit -1 of the multiplier reads as 0
                     // Row k of the tree (a macro: a `const fn` takes no closure).
    macro_rules! row {
        ($k:literal) => {
            rows[((y2 >> (2 * $k)) & 7) as usize] << (2 * $k)
        };
    }
    let negative = negative_digits(y);
    let n5 = negative & (1 << 10);
    let n6 = negative & (1 << 12);
    let n7 = negative & (1 << 14);
    let r5 = row!(5);

    // First level; row 4 loses bits 8..=10, row 5 its bits 10 and 11 and its
    // +1, which are moved to places that are free.
    let (sa, ca) = csa(row!(1), row!(2), row!(3));
    let (sb, cb) = csa(row!(4) & !0x7ff, r5 & !0xfff, row!(6));
    let cb = cb | n6 | (r5 & 0x800);
    let r7 = row!(7) | ((r5 & 0x400) + n5);
    // Second to fourth levels.
    let (sc, cc) = csa(row!(0), sa, ca);
    let (sd, cd) = csa(r7, sb, cb);
    let (se, ce) = csa(cc, sd, cd);
    let (sf, cf) = csa(sc, se, ce);
    let cf = cf.wrapping_add(n7);
    // Bits 0..=14 of both words are dropped, so bit 15 of their sum is the XOR.
    (sf ^ cf) & 0x8000
}

/// The Booth digits of the multiplier `y` that are negative (triplets 4, 5
/// and 6): digit `k`'s flag at bit `2k`, read from multiplier bits `2k+1`,
/// `2k`, `2k-1` (bit -1 reads as 0).
#[inline(always)]
const fn negative_digits(y: u32) -> u32 {
    let y2 = y << 1;
    (y2 >> 2) & !((y2 >> 1) & y2)
}

/// [`tree_bit15`] for a multiplicand whose low 16 bits are clear (1.0, 0.5,
/// 3.0, 1.5 and every power of two), by the sign pattern of digits 0 to 7:
/// such a multiplicand's positive rows are zero in bits 0 to 15 and its
/// negative rows (`!x`, `!2x`) are all ones there above their shift, so the
/// tree's bit 15 depends on which digits are negative and on nothing else.
/// Entry `m` holds the bit for the pattern whose digit `k` is negative when
/// bit `k` of `m` is set, worked by the tree itself on `1.0` and a
/// multiplier with exactly those digits negative (triplet 4 or 5 where the
/// pattern has one, 0 or 1 elsewhere).
const ROUND_MULTIPLICAND_BIT15: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut y = HIDDEN;
        let mut k = 0;
        while k < 8 {
            if m & (1 << k) != 0 {
                y |= 1 << (2 * k + 1);
            }
            k += 1;
        }
        table[m] = tree_bit15(HIDDEN, y) as u16;
        m += 1;
    }
    table
};

/// Digit `k`'s negative flag (bit `2k` of [`negative_digits`]) moved to bit
/// `k`: the index into [`ROUND_MULTIPLICAND_BIT15`].
#[inline(always)]
const fn negative_pattern(y: u32) -> usize {
    let m = negative_digits(y) & 0x5555;
    let m = (m | (m >> 1)) & 0x3333;
    let m = (m | (m >> 2)) & 0x0f0f;
    ((m | (m >> 4)) & 0x00ff) as usize
}

/// The Booth product of two 24-bit significands (48 bits): the exact product,
/// or `2^15` below it when the tree's bit 15 disagrees with the exact one.
#[inline(always)]
fn booth_product(x: u32, y: u32) -> u64 {
    let full = u64::from(x) * u64::from(y);
    // The missed carry only reaches the result (bit 23 up) when bits 15..=22
    // of the exact product are all zero. And a multiplier whose low 16 bits are
    // zero (1.0, 0.5, 3.0, ...) has Booth digits 0 to 7 all zero: the tree holds
    // nothing, and the exact product's bit 15 is clear too. Skip the tree then.
    if full & 0x7f_8000 != 0 || y & 0xffff == 0 {
        return full;
    }
    if x & 0xffff == 0 {
        // A round multiplicand (1.0, 0.5, 3.0, ...): bits 0 to 15 of the
        // exact product are clear, so the tree's bit 15 is the correction.
        return full - u64::from(ROUND_MULTIPLICAND_BIT15[negative_pattern(y)]);
    }
    booth_correction(x, y, full)
}

/// [`booth_product`]'s rare path, out of line so that the common one inlines.
#[cold]
#[inline(never)]
fn booth_correction(x: u32, y: u32, full: u64) -> u64 {
    full - u64::from((full as u32 ^ tree_bit15(x, y)) & 0x8000)
}

/// `a × b` (`mul.s`, `mula.s`).
///
/// Rule (multiplier): the significand product of a radix-4 Booth multiplier
/// that recodes `b`: the truncated exact product or one unit below it, so
/// `mul(a, b)` and `mul(b, a)` can differ (`1.0 × 0x3fffffff` is `0x3ffffffe`,
/// `0x3fffffff × 1.0` is `0x3fffffff`). A zero-exponent operand gives a signed
/// zero (no flag); overflow and underflow follow the range rule.
#[inline]
#[must_use]
pub fn mul(a: u32, b: u32) -> (u32, Flags) {
    let sign = (a ^ b) & SIGN;
    let ea = exponent(a);
    let eb = exponent(b);
    if ea == 0 || eb == 0 {
        return (sign, Flags::NONE);
    }
    let p = booth_product(significand(a), significand(b));
    let carry = (p >> 47) as u32;
    let sig = (p >> (23 + carry)) as u32;
    let exp = ea as i32 + eb as i32 - 127 + carry as i32;
    pack(sign, exp, sig)
}

// ---------------------------------------------------------------------------
// Divider and square root
// ---------------------------------------------------------------------------

/// One step of the SRT recurrence shared by the divider and the square root.
///
/// The partial remainder is held in carry-save form, a sum word `S` and a carry
/// word `C`, with the binary point between bits 25 and 24 (`1.0 = 1 << 25`).
/// It is passed as its value `v = S + C` (mod 2^32) and its sum word `s`, so
/// `C = v - s` (bit 0 of `C` is always clear). `pos`/`neg` are all-ones masks
/// for the current digit (+1, −1; both clear for 0).
///
/// The hardware step adds the digit's addend to `S` and `C` in carry-save
/// (for +1 the one's complement of the subtrahend `x` with a carry-in of 1 in
/// the free bit 0 of `C`; for −1 the addend `y`; nothing for 0), selects the
/// next digit from an estimate of the new remainder (the two words added above
/// bit 24, the sum word's bits below ORed in: +1 from `0.25` up, −1 below
/// `−0.5`, else 0; after a 0 digit the estimate reads the words from before the
/// add), and doubles the remainder.
///
/// For a sum word `T` and value `V`, that estimate is at least `0.25` exactly
/// when `V - (T mod 2^23) >= 2^23`, and below `−0.5` exactly when
/// `V - (T mod 2^24) < -2^24` (as `i32`), so only `T` and `V` are needed. The
/// caller passes the digit's contributions precomputed: `pos_sum = !x ^ 1` (what
/// +1 XORs into the sum word, carry-in included), `pos_val = -x` (what it adds
/// to the value) and `neg_add = y`.
///
/// Returns the doubled remainder's value and sum word and the next digit's
/// masks. (The sign tests below are exact while the remainder's value stays
/// within ±2^30; the recurrence keeps it below 2^27 in magnitude.)
#[inline(always)]
const fn srt_step(
    v: u32,
    s: u32,
    pos: u32,
    neg: u32,
    pos_sum: u32,
    pos_val: u32,
    neg_add: u32,
) -> [u32; 4] {
    let c = v.wrapping_sub(s);
    let neg_part = neg & neg_add;
    let add_sum = (pos & pos_sum) | neg_part;
    let add_val = (pos & pos_val) | neg_part;
    let e = s ^ add_sum;
    // The sum word the estimate reads: the carry-save sum, or `s` after a 0.
    let t = e ^ (c & (pos | neg));
    let value = v.wrapping_add(add_val);
    // Sign set: `value - (t mod 2^23) >= 2^23`.
    let to_pos = (t & 0x007f_ffff)
        .wrapping_sub(value)
        .wrapping_add((1 << 23) - 1);
    // Sign set: `value - (t mod 2^24) < -2^24` (`t | 0xff000000` is `(t mod 2^24) - 2^24`).
    let to_neg = value.wrapping_sub(t | 0xff00_0000);
    [
        value << 1,
        (e ^ c) << 1,
        (to_pos as i32 >> 31) as u32,
        (to_neg as i32 >> 31) as u32,
    ]
}

/// Repeats a statement five times; nested, the 25 steps of the SRT loops are
/// fully unrolled, so the compiler schedules across steps and drops the loop
/// counter.
macro_rules! times5 {
    ($($step:tt)*) => {{
        $($step)*;
        $($step)*;
        $($step)*;
        $($step)*;
        $($step)*;
    }};
}

/// The 25-digit SRT quotient of two 24-bit significands `x / y` (with the
/// leading one at bit 24 when `x >= y`, at bit 23 otherwise). The first digit
/// is +1; no final correction is applied, so the quotient is the truncated one
/// or one unit above it.
///
/// The digits are not collected: each step subtracts `digit × 4y` from the
/// remainder and doubles it, so after 25 steps its value is exactly
/// `8·(2^24·x − y·Q)` for the quotient `Q` the digits spell. The recurrence
/// keeps that remainder in `[−8y, 8y)`, so `Q` is the truncated quotient `F`
/// when the remainder is non-negative and `F + 1` when it is negative: `F` is
/// computed by one integer division at the start, off the recurrence's path,
/// and only the final remainder's sign is read. (Whether the remainder ends
/// negative depends on the carry-save split of every step, not on `x` and `y`
/// through `F` and the exact remainder alone, so the 25 steps cannot be
/// skipped; `tests` checks the shortcut against the quotient recovered from
/// the full remainder.)
///
/// Kept out of line: the unrolled loop is large and its cost dwarfs a call.
#[inline(never)]
#[allow(unused_assignments)] // the last unrolled step's digit is not needed
fn div_significand(x: u32, y: u32) -> u32 {
    // `y` is a significand (hidden bit set); the OR only lets the compiler see
    // that the divisor is not zero.
    let truncated = ((u64::from(x) << 24) / u64::from(y | HIDDEN)) as u32;
    let d = y << 2;
    let (pos_sum, pos_val) = (!d ^ 1, d.wrapping_neg());
    let [mut v, mut s, mut pos, mut neg] = [x << 2, x << 2, u32::MAX, 0];
    times5!(times5!(
        [v, s, pos, neg] = srt_step(v, s, pos, neg, pos_sum, pos_val, d)
    ));
    truncated + (v >> 31)
}

/// `floor(sqrt(n))` for `n < 2^53`, through the correctly rounded `f64` root
/// (exact input; the rounding can only land on the next integer, which the
/// check below takes back, and the second check guards the other side).
#[inline(always)]
fn isqrt53(n: u64) -> u64 {
    let r = (n as f64).sqrt() as u64;
    let r = r - u64::from(r * r > n);
    r + u64::from((r + 1) * (r + 1) <= n)
}

/// The SRT square root of a significand shifted so the radicand lies in
/// `[1, 4)` (units of `1 << 24`); the root has its leading one at bit 25.
///
/// Digit `i` has weight `2w` in the root, `w = 2^(24-i)`; appending digit `n`
/// to the root `q` so far lowers the remainder, kept as `2^i·(radicand −
/// root²)/2`, by `n·(q + n·w)`. The recurrence keeps `q` within one unit `4w`
/// of the exact root `z` (`floor(sqrt(radicand · 2^26))`) and its remainder's
/// sign tells which side: `q` is `z` truncated to a multiple of `4w` when the
/// remainder is non-negative, one unit more when it is negative. A +1 digit is
/// only chosen on a positive remainder and a −1 digit only on a negative one
/// (the estimate never exceeds the remainder), so the subtrahend of a +1 digit
/// is `trunc(z) + w` and the addend of a −1 digit is `trunc(z) + 3w`: both
/// known before the step, computed from `z` off the recurrence's path instead
/// of from the digits (after the first five steps, which accumulate the digits
/// as before). The final root is `z` truncated to even, plus 2 when the final
/// remainder is negative.
///
/// Kept out of line: the unrolled loop is large and its cost dwarfs a call.
#[inline(never)]
#[allow(unused_assignments)] // the last unrolled step's remainder is not needed
fn sqrt_significand(m: u32) -> u32 {
    // `m < 2^26`, so `m · 2^26 < 2^52` and the root is below `2^26`.
    let z = isqrt53(u64::from(m) << 26) as u32;
    let [mut v, mut s, mut pos, mut neg] = [m, m, u32::MAX, 0];
    let mut w = 1u32 << 24;
    // The first five steps take the root so far from their digits, so they
    // need not wait for `z` (whose float root has a long latency); the two
    // ways give the same operands whenever a digit uses them.
    let mut q = 0u32;
    times5!(times5!({
        let (x, y) = if w >= 1 << 20 {
            let xy = (q | w, q.wrapping_sub(w));
            q = q.wrapping_add((w << 1) & pos).wrapping_sub((w << 1) & neg);
            xy
        } else {
            let truncated = z & !((w << 2) - 1);
            (truncated | w, truncated | (3 * w))
        };
        [v, s, pos, neg] = srt_step(v, s, pos, neg, x ^ !1, x.wrapping_neg(), y);
        w >>= 1;
    }));
    (z & !1) + ((v >> 31) << 1)
}

/// `a / b` (`div.s`).
///
/// Rule (divider): the 25-digit SRT quotient of the significands, truncated to
/// 24 bits; it is the truncated quotient or one unit above it. A zero-exponent
/// divisor gives the XOR of the signs with `0x7fffffff` and raises divide (or
/// invalid when the dividend is zero too); a zero-exponent dividend over a
/// non-zero divisor gives a signed zero. Overflow and underflow follow the range
/// rule.
#[inline]
#[must_use]
pub fn div(a: u32, b: u32) -> (u32, Flags) {
    let sign = (a ^ b) & SIGN;
    let ea = exponent(a);
    let eb = exponent(b);
    if eb == 0 {
        let flags = if ea == 0 {
            Flags {
                invalid: true,
                ..Flags::NONE
            }
        } else {
            Flags {
                divide: true,
                ..Flags::NONE
            }
        };
        return (sign | MAG, flags);
    }
    if ea == 0 {
        return (sign, Flags::NONE);
    }
    let q = div_significand(significand(a), significand(b));
    let carry = q >> 24;
    let exp = ea as i32 - eb as i32 + 126 + carry as i32;
    pack(sign, exp, q >> carry)
}

/// `sqrt(|a|)` (`sqrt.s`).
///
/// Rule (square root): the 25-digit SRT root of the significand (shifted one
/// more place for an even biased exponent), truncated to 24 bits; the result is
/// positive. A zero-exponent operand gives `+0`. A negative non-zero operand
/// raises invalid (and the root of its magnitude is still returned).
#[inline]
#[must_use]
pub fn sqrt(a: u32) -> (u32, Flags) {
    let e = exponent(a);
    if e == 0 {
        return (0, Flags::NONE);
    }
    let flags = Flags {
        invalid: a & SIGN != 0,
        ..Flags::NONE
    };
    // An even biased exponent is an odd true exponent: move one factor of two
    // into the significand.
    let m = significand(a) << (2 - (e & 1));
    let root = sqrt_significand(m);
    (((e + 127) >> 1) << 23 | ((root >> 2) & FRAC), flags)
}

/// `a / sqrt(|b|)` (`rsqrt.s`): [`sqrt`] of `|b|`, then [`div`].
///
/// The sign is `a`'s (the console ignores `b`'s). A zero-exponent `b` gives
/// `a`'s sign with `0x7fffffff` and raises divide (also when `a` is zero); a
/// negative non-zero `b` raises invalid. Overflow and underflow follow the range
/// rule.
#[inline]
#[must_use]
pub fn rsqrt(a: u32, b: u32) -> (u32, Flags) {
    if exponent(b) == 0 {
        let flags = Flags {
            divide: true,
            ..Flags::NONE
        };
        return ((a & SIGN) | MAG, flags);
    }
    let (root, f1) = sqrt(b);
    let (q, f2) = div(a, root);
    (q, f1 | f2)
}

// ---------------------------------------------------------------------------
// Multiply-add
// ---------------------------------------------------------------------------

/// `acc + a × b` (`madd.s`, `madda.s`).
///
/// Rule (multiply-add): the [`mul`] product, then [`add`]. A product that
/// overflows is the result (`±0x7fffffff` with the product's sign) and `acc` is
/// ignored. The flags are those of both steps.
#[inline]
#[must_use]
pub fn madd(acc: u32, a: u32, b: u32) -> (u32, Flags) {
    multiply_add(acc, a, b, 0)
}

/// `acc - a × b` (`msub.s`, `msuba.s`).
///
/// Rule (multiply-add): the [`mul`] product, then [`sub`]. A product that
/// overflows gives the negated product (`∓0x7fffffff`) and `acc` is ignored.
/// The flags are those of both steps.
#[inline]
#[must_use]
pub fn msub(acc: u32, a: u32, b: u32) -> (u32, Flags) {
    multiply_add(acc, a, b, SIGN)
}

/// `acc` plus the product `a × b` with its sign bit flipped by `sign`: the
/// body of [`madd`] (`sign` 0) and [`msub`] (`sign` [`SIGN`], as [`sub`]
/// adds the negated operand). An overflowing product (its sign flipped) is
/// the result and `acc` is ignored.
#[inline(always)]
fn multiply_add(acc: u32, a: u32, b: u32, sign: u32) -> (u32, Flags) {
    let (p, fp) = mul(a, b);
    if fp.overflow {
        return (p ^ sign, fp);
    }
    let (r, fa) = add(acc, p ^ sign);
    (r, fp | fa)
}

// ---------------------------------------------------------------------------
// Sign operations, compares, min/max
// ---------------------------------------------------------------------------

/// `|a|` (`abs.s`): clears the sign bit, nothing else (no flush).
#[inline]
#[must_use]
pub const fn abs(a: u32) -> u32 {
    a & MAG
}

/// `-a` (`neg.s`): flips the sign bit, nothing else (no flush).
#[inline]
#[must_use]
pub const fn neg(a: u32) -> u32 {
    a ^ SIGN
}

/// `mag` negated when `a`'s sign bit is set: an integer with `a`'s sign.
#[inline(always)]
const fn with_sign_of(a: u32, mag: i32) -> i32 {
    if a & SIGN != 0 {
        -mag
    } else {
        mag
    }
}

/// The compare key: zero-exponent values are 0, the rest sign and magnitude.
#[inline(always)]
const fn compare_key(a: u32) -> i32 {
    let mag = if exponent(a) == 0 {
        0
    } else {
        (a & MAG) as i32
    };
    with_sign_of(a, mag)
}

/// `a == b` (`c.eq.s`): zero-exponent values are zero and `-0 == +0`; other
/// values are equal when their patterns are.
#[inline]
#[must_use]
pub const fn eq(a: u32, b: u32) -> bool {
    compare_key(a) == compare_key(b)
}

/// `a < b` (`c.lt.s`): zero-exponent values are zero, then sign and magnitude.
#[inline]
#[must_use]
pub const fn lt(a: u32, b: u32) -> bool {
    compare_key(a) < compare_key(b)
}

/// `a <= b` (`c.le.s`): zero-exponent values are zero, then sign and magnitude.
#[inline]
#[must_use]
pub const fn le(a: u32, b: u32) -> bool {
    compare_key(a) <= compare_key(b)
}

/// The raw order key of `min.s`/`max.s`: the pattern as a sign-magnitude
/// integer, with `-0` below `+0` and nothing flushed.
#[inline(always)]
const fn raw_key(a: u32) -> i32 {
    let i = a as i32;
    // Negative patterns: reverse the magnitude order below zero.
    i ^ ((i >> 31) as u32 >> 1) as i32
}

/// The smaller of `a` and `b` (`min.s`): the raw patterns ordered as
/// sign-magnitude numbers, `-0 < +0`, zero-exponent patterns not flushed; the
/// chosen operand is returned unchanged.
#[inline]
#[must_use]
pub const fn min(a: u32, b: u32) -> u32 {
    if raw_key(a) <= raw_key(b) {
        a
    } else {
        b
    }
}

/// The larger of `a` and `b` (`max.s`): the raw patterns ordered as
/// sign-magnitude numbers, `-0 < +0`, zero-exponent patterns not flushed; the
/// chosen operand is returned unchanged.
#[inline]
#[must_use]
pub const fn max(a: u32, b: u32) -> u32 {
    if raw_key(a) >= raw_key(b) {
        a
    } else {
        b
    }
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// `a` as an integer (`cvt.w.s`): truncated toward zero; zero-exponent values
/// are 0; magnitudes of `2^31` and above saturate to `i32::MAX` or `i32::MIN`
/// by the sign (so `-2^31` gives `i32::MIN` too).
#[inline]
#[must_use]
pub const fn to_i32(a: u32) -> i32 {
    let e = exponent(a);
    if e < 127 {
        return 0;
    }
    if e > 157 {
        return if a & SIGN != 0 { i32::MIN } else { i32::MAX };
    }
    // value = significand × 2^(e - 150), below 2^31 here.
    let sig = significand(a);
    let mag = if e >= 150 {
        sig << (e - 150)
    } else {
        sig >> (150 - e)
    } as i32;
    with_sign_of(a, mag)
}

/// `i` as a float (`cvt.s.w`): the magnitude is truncated to 24 significant
/// bits (toward zero, the FPU's only rounding); `0` gives `+0`.
#[inline]
#[must_use]
pub const fn from_i32(i: i32) -> u32 {
    if i == 0 {
        return 0;
    }
    let sign = (i as u32) & SIGN;
    let mag = i.unsigned_abs();
    let top = 31 - mag.leading_zeros(); // position of the leading one
    let sig = if top > 23 {
        mag >> (top - 23)
    } else {
        mag << (23 - top)
    };
    sign | ((127 + top) << 23) | (sig & FRAC)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules as the published model states them, step by step (slow): the
    /// Booth rows built one by one and the SRT recurrence on explicit sum and
    /// carry words. The fast paths above must agree with it.
    mod model {
        use super::super::csa;

        fn booth_row(x: u32, y2: u32, k: u32) -> (u32, u32) {
            let t = (y2 >> (2 * k)) & 7;
            let mag = if t == 3 || t == 4 { x << 1 } else { x } << (2 * k);
            let negative = (4..=6).contains(&t);
            let row = if negative {
                mag ^ (u32::MAX << (2 * k))
            } else {
                mag
            };
            let row = if t == 0 || t == 7 { 0 } else { row };
            (row, u32::from(negative) << (2 * k))
        }

        pub fn tree_bit15(x: u32, y: u32) -> u32 {
            let r: Vec<(u32, u32)> = (0..8).map(|k| booth_row(x, y << 1, k)).collect();
            let (s1, c1) = csa(r[1].0, r[2].0, r[3].0);
            let (s2, c2) = csa(r[4].0 & !0x7ff, r[5].0 & !0xfff, r[6].0);
            let c2 = c2 | r[6].1 | (r[5].0 & 0x800);
            let r7 = r[7].0 | ((r[5].0 & 0x400) + r[5].1);
            let (s3, c3) = csa(r[0].0, s1, c1);
            let (s4, c4) = csa(r7, s2, c2);
            let (s5, c5) = csa(c3, s4, c4);
            let (s6, c6) = csa(s3, s5, c5);
            let c6 = c6.wrapping_add(r[7].1);
            (s6 & !0x7fff).wrapping_add(c6 & !0x7fff) & 0x8000
        }

        pub fn booth_product(x: u32, y: u32) -> u64 {
            let full = u64::from(x) * u64::from(y);
            full - u64::from((tree_bit15(x, y) ^ full as u32) & 0x8000)
        }

        fn select(sum: u32, carry: u32) -> i32 {
            const LOW: u32 = (1 << 24) - 1;
            let est = ((sum & !LOW).wrapping_add(carry) | (sum & LOW)) as i32;
            if est >= 1 << 23 {
                1
            } else if est < -(1 << 24) {
                -1
            } else {
                0
            }
        }

        /// `step(q, digit, i)` gives the digit's operand (subtracted for +1,
        /// added for -1) and the quotient or root with the digit appended.
        fn srt(start: u32, mut step: impl FnMut(u32, i32, usize) -> (u32, u32)) -> u32 {
            let (mut sum, mut carry, mut q, mut digit) = (start, 0u32, 0u32, 1i32);
            for i in 0..25 {
                let (sub, q_next) = step(q, digit, i);
                q = q_next;
                let add = match digit {
                    1 => !sub,
                    -1 => sub,
                    _ => 0,
                };
                if digit == 1 {
                    carry += 1;
                }
                let (s, c) = csa(sum, carry, add);
                digit = if digit != 0 {
                    select(s, c)
                } else {
                    select(sum, carry)
                };
                sum = s << 1;
                carry = c << 1;
            }
            q
        }

        pub fn div_significand(x: u32, y: u32) -> u32 {
            srt(x << 2, |q, digit, _| {
                (y << 2, (q << 1).wrapping_add(digit as u32))
            })
        }

        pub fn sqrt_significand(m: u32) -> u32 {
            srt(m, |q, digit, i| {
                let sub = q.wrapping_add((digit as u32) << (24 - i));
                (sub, q.wrapping_add((digit as u32) << (25 - i)))
            })
        }
    }

    /// The previous fast paths, kept as a reference for the shortcuts of
    /// [`div_significand`] and [`sqrt_significand`]: the same unrolled
    /// recurrence, but the quotient recovered from the full final remainder
    /// by an exact division, and the root accumulated digit by digit.
    mod previous {
        use super::super::{srt_step, HIDDEN};

        #[allow(unused_assignments)]
        pub fn div_significand(x: u32, y: u32) -> u32 {
            let d = y << 2;
            let (pos_sum, pos_val) = (!d ^ 1, d.wrapping_neg());
            let [mut v, mut s, mut pos, mut neg] = [x << 2, x << 2, u32::MAX, 0];
            times5!(times5!(
                [v, s, pos, neg] = srt_step(v, s, pos, neg, pos_sum, pos_val, d)
            ));
            let remainder = i64::from(v as i32 >> 3); // 2^24·x − y·Q
            let numerator = ((i64::from(x) << 24) - remainder) as u64;
            (numerator / u64::from(y | HIDDEN)) as u32
        }

        #[allow(unused_assignments)]
        pub fn sqrt_significand(m: u32) -> u32 {
            let [mut v, mut s, mut pos, mut neg] = [m, m, u32::MAX, 0];
            let mut q = 0u32;
            let mut w = 1u32 << 24;
            times5!(times5!({
                let x = q.wrapping_add(w);
                let y = q.wrapping_sub(w);
                q = q.wrapping_add((w << 1) & pos).wrapping_sub((w << 1) & neg);
                [v, s, pos, neg] = srt_step(v, s, pos, neg, !x ^ 1, x.wrapping_neg(), y);
                w >>= 1;
            }));
            q
        }
    }

    /// A small deterministic generator (xorshift64, the step of
    /// `test_support::Xorshift`, which this crate's tests cannot use: that
    /// crate depends on this one).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 16) as u32
        }
        fn significand(&mut self) -> u32 {
            // Mix in significands with long runs of zeros or ones in the low half.
            let r = self.next();
            let low = match r >> 30 {
                0 => r & 0xffff_0000,
                1 => r | 0x0000_ffff,
                _ => r,
            };
            (low & FRAC) | HIDDEN
        }
    }

    /// Calls `check` on `n` pairs of significands drawn from `seed`.
    fn significand_pairs(seed: u64, n: usize, mut check: impl FnMut(u32, u32)) {
        let mut rng = Rng(seed);
        for _ in 0..n {
            let (x, y) = (rng.significand(), rng.significand());
            check(x, y);
        }
    }

    /// The Booth product's bits from 23 up against the model's (the fast
    /// path skips the tree when its answer cannot reach bit 23).
    #[track_caller]
    fn booth_agrees(x: u32, y: u32) {
        assert_eq!(
            booth_product(x, y) >> 23,
            model::booth_product(x, y) >> 23,
            "{x:06x} × {y:06x}"
        );
    }

    #[test]
    fn booth_product_matches_the_model() {
        significand_pairs(0x0123_4567_89ab_cdef, 200_000, |x, y| {
            booth_agrees(x, y);
            assert_eq!(
                tree_bit15(x, y),
                model::tree_bit15(x, y),
                "{x:06x} × {y:06x}"
            );
        });
    }

    /// The table for multiplicands with clear low halves against the tree,
    /// every multiplier's low half for the round multiplicands the kernels
    /// meet most (1.0, 1.5, the largest), and every such multiplicand for a
    /// sample of multipliers.
    #[test]
    fn round_multiplicand_table_matches_the_tree() {
        let shortcut = |x: u32, y: u32| {
            assert_eq!(x & 0xffff, 0);
            u32::from(ROUND_MULTIPLICAND_BIT15[negative_pattern(y)])
        };
        for x in [HIDDEN, 0x00c0_0000, 0x00ff_0000] {
            for low in 0..=0xffff {
                let y = HIDDEN | 0x0055_0000 | low;
                assert_eq!(shortcut(x, y), model::tree_bit15(x, y), "{x:06x} × {y:06x}");
            }
        }
        let mut rng = Rng(0x5eed_0000_0000_0001);
        for high in 0x80..=0xff {
            let x = high << 16;
            for _ in 0..512 {
                let y = rng.significand();
                assert_eq!(shortcut(x, y), model::tree_bit15(x, y), "{x:06x} × {y:06x}");
                booth_agrees(x, y);
            }
        }
    }

    #[test]
    fn srt_matches_the_carry_save_model() {
        significand_pairs(0xfedc_ba98_7654_3210, 50_000, |x, y| {
            assert_eq!(
                div_significand(x, y),
                model::div_significand(x, y),
                "{x:06x} / {y:06x}"
            );
            let m = x << (1 + (y & 1));
            assert_eq!(
                sqrt_significand(m),
                model::sqrt_significand(m),
                "sqrt {m:08x}"
            );
        });
    }

    /// Significand pairs where a shortcut could slip: equal, adjacent and
    /// extreme significands, and quotients that are exact.
    fn edge_significands() -> Vec<u32> {
        let mut v = vec![HIDDEN, HIDDEN + 1, HIDDEN | FRAC, (HIDDEN | FRAC) - 1];
        v.extend([
            0x00c0_0000,
            0x00aa_aaaa,
            0x00b5_04f3,
            0x00ff_0000,
            0x0080_ffff,
        ]);
        v.extend((0..23).map(|k| HIDDEN | (1 << k)));
        v.extend((0..23).map(|k| HIDDEN | (FRAC >> k)));
        v
    }

    fn check_div_shortcut(x: u32, y: u32) {
        assert_eq!(
            div_significand(x, y),
            previous::div_significand(x, y),
            "{x:06x} / {y:06x}"
        );
    }

    fn check_sqrt_shortcut(m: u32) {
        assert_eq!(
            sqrt_significand(m),
            previous::sqrt_significand(m),
            "sqrt {m:08x}"
        );
    }

    #[test]
    fn isqrt53_is_the_floor_root() {
        let mut rng = Rng(0x005e_ed0f_1505);
        let squares = (1u64..=3).flat_map(|k| {
            let r = (1u64 << 26) - k;
            [r * r - 1, r * r, r * r + 1]
        });
        let random = (0..100_000).map(|_| {
            let hi = u64::from(rng.next());
            let lo = u64::from(rng.next());
            ((hi << 32) | lo) >> (11 + (lo & 15))
        });
        for n in squares.chain(random).chain([0, 1, 2, 3, 4, (1 << 53) - 1]) {
            let r = isqrt53(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "isqrt {n}");
        }
    }

    #[test]
    fn div_shortcut_matches_the_full_remainder() {
        let edges = edge_significands();
        for &x in &edges {
            for &y in &edges {
                check_div_shortcut(x, y);
            }
        }
        significand_pairs(0x0bad_cafe_f00d_1234, 1_000_000, check_div_shortcut);
    }

    /// 100 million random significand pairs (`cargo test --release -p
    /// ps2-float -- --ignored`; a few minutes).
    #[test]
    #[ignore]
    fn div_shortcut_matches_the_full_remainder_long() {
        significand_pairs(0x1357_9bdf_2468_ace0, 100_000_000, check_div_shortcut);
    }

    /// The radicands `sqrt` passes: a significand shifted by 1 (odd biased
    /// exponent) or 2 (even).
    fn radicand(mantissa: u32, even_exponent: bool) -> u32 {
        (mantissa | HIDDEN) << (1 + u32::from(even_exponent))
    }

    #[test]
    fn sqrt_shortcut_matches_accumulated_root() {
        for mantissa in (0..=FRAC).step_by(61).chain(FRAC - 64..=FRAC) {
            check_sqrt_shortcut(radicand(mantissa, false));
            check_sqrt_shortcut(radicand(mantissa, true));
        }
    }

    /// Every radicand `sqrt` can pass: 2^23 mantissas with both exponent
    /// parities (`cargo test --release -p ps2-float -- --ignored`).
    #[test]
    #[ignore]
    fn sqrt_shortcut_matches_accumulated_root_exhaustively() {
        for mantissa in 0..=FRAC {
            check_sqrt_shortcut(radicand(mantissa, false));
            check_sqrt_shortcut(radicand(mantissa, true));
        }
    }

    const ONE: u32 = 0x3f80_0000;

    #[test]
    fn multiplier_depends_on_operand_order() {
        assert_eq!(mul(ONE, 0x3fff_ffff).0, 0x3fff_fffe);
        assert_eq!(mul(0x3fff_ffff, ONE).0, 0x3fff_ffff);
    }

    #[test]
    fn exact_cancellation_is_positive_zero() {
        for x in [ONE, 0xbf80_0000, 0x7fff_ffff, 0x0080_0000, 0x4049_0fdb] {
            assert_eq!(add(x, neg(x)), (0, Flags::NONE));
            assert_eq!(sub(x, x), (0, Flags::NONE));
        }
        assert_eq!(add(0x8000_0000, 0x8000_0000).0, 0x8000_0000);
        assert_eq!(add(0x8000_0000, 0).0, 0);
    }

    #[test]
    fn division_by_zero_saturates() {
        assert_eq!(div(ONE, 0).0, 0x7fff_ffff);
        assert!(div(ONE, 0).1.divide);
        assert_eq!(div(ONE, 0x8000_0000).0, 0xffff_ffff);
        // A zero-exponent divisor is zero whatever its mantissa.
        assert_eq!(div(0xbf80_0000, 0x0000_0001).0, 0xffff_ffff);
        let (r, f) = div(0, 0);
        assert_eq!(r, 0x7fff_ffff);
        assert!(f.invalid && !f.divide);
        assert_eq!(rsqrt(0x8000_0000, 0).0, 0xffff_ffff);
    }

    #[test]
    fn sqrt_takes_the_magnitude() {
        let (r, f) = sqrt(0xc080_0000); // -4
        assert_eq!(r, 0x4000_0000);
        assert!(f.invalid);
        assert_eq!(sqrt(0x4080_0000), (0x4000_0000, Flags::NONE));
        assert_eq!(sqrt(0x8000_0000), (0, Flags::NONE));
    }

    #[test]
    fn overflow_saturates() {
        let (r, f) = add(0x7fff_ffff, 0x7fff_ffff);
        assert_eq!(r, 0x7fff_ffff);
        assert!(f.overflow);
        assert_eq!(
            mul(0x7f80_0000, 0xff80_0000),
            (0xffff_ffff, Flags::OVERFLOW)
        );
        assert_eq!(div(0x7f80_0000, 0x3e80_0000).0, 0x7fff_ffff);
        // An overflowing product ignores the accumulator.
        assert_eq!(madd(0xffff_ffff, 0x7fff_ffff, 0x7fff_ffff).0, 0x7fff_ffff);
        assert_eq!(msub(0x7fff_ffff, 0x7fff_ffff, 0x7fff_ffff).0, 0xffff_ffff);
    }

    #[test]
    fn underflow_flushes_to_signed_zero() {
        let (r, f) = mul(0x8080_0000, 0x3f00_0000); // -2^-126 × 0.5
        assert_eq!(r, 0x8000_0000);
        assert!(f.underflow);
        let (r, f) = sub(0x0100_0000, 0x00ff_ffff);
        assert_eq!(r, 0);
        assert!(f.underflow);
    }

    #[test]
    fn exponent_255_is_ordinary() {
        assert_eq!(add(0x7f80_0000, 0x7f80_0000).0, 0x7fff_ffff);
        assert_eq!(mul(0x7f80_0000, 0x3f00_0000), (0x7f00_0000, Flags::NONE));
        assert_eq!(sub(0x7f80_0001, 0x7f80_0000).0, 0x7400_0000);
    }

    #[test]
    fn compares_flush_and_ignore_zero_sign() {
        assert!(eq(0, 0x8000_0000));
        assert!(eq(0x0000_0001, 0x8040_0000));
        assert!(lt(0xff80_0000, 0x7f80_0000));
        assert!(!lt(0x8000_0000, 0));
        assert!(le(0x8000_0000, 0));
        assert!(lt(0xc000_0000, 0xbf80_0000));
    }

    #[test]
    fn min_max_use_raw_patterns() {
        assert_eq!(min(0, 0x8000_0000), 0x8000_0000);
        assert_eq!(max(0x8000_0000, 0), 0);
        assert_eq!(min(0x0000_0001, ONE), 0x0000_0001);
        assert_eq!(min(0xc000_0000, 0xbf80_0000), 0xc000_0000);
        assert_eq!(max(0xc000_0000, 0xbf80_0000), 0xbf80_0000);
    }

    // cvt.w.s / cvt.s.w results captured on a console (ps2autotests,
    // tests/cpu/ee_fpu/convert.expected).
    #[test]
    fn conversions_match_hardware() {
        let to_int: [(u32, u32); 14] = [
            (0x8000_0000, 0),
            (0x3f80_0000, 1),
            (0x7fff_ffff, 0x7fff_ffff),
            (0xffff_ffff, 0x8000_0000),
            (0x0000_ffff, 0),
            (0x4f00_0000, 0x7fff_ffff),
            (0xcf00_0000, 0x8000_0000),
            (0x4eff_ffff, 0x7fff_ff80),
            (0xceff_ffff, 0x8000_0080),
            (0x3fc0_0000, 1),
            (0xbfc1_47ae, 0xffff_ffff),
            (0x3fff_ffff, 1),
            (0x7f80_0001, 0x7fff_ffff),
            (0xdead_beef, 0x8000_0000),
        ];
        for (x, want) in to_int {
            assert_eq!(to_i32(x) as u32, want, "cvt.w.s {x:08x}");
        }
        let to_float: [(u32, u32); 12] = [
            (0, 0),
            (0x8000_0000, 0xcf00_0000),
            (0x3f80_0000, 0x4e7e_0000),
            (0x7fff_ffff, 0x4eff_ffff),
            (0xffff_ffff, 0xbf80_0000),
            (0x0000_0005, 0x40a0_0000),
            (0x0000_ffff, 0x477f_ff00),
            (0xceff_ffff, 0xce44_0000),
            (0x3fc1_47ae, 0x4e7f_051e),
            (0xbfbe_b852, 0xce80_828f),
            (0x0000_1337, 0x4599_b800),
            (0xdead_beef, 0xce05_4904),
        ];
        for (x, want) in to_float {
            assert_eq!(from_i32(x as i32), want, "cvt.s.w {x:08x}");
        }
    }
}
