//! Evaluation of one row of the EE FPU vector files (`fixtures/ee-fpu/*.tsv`) by
//! op name, shared by `tests/vectors.rs` and `cargo xtask ee-check`.
//!
//! The names are those of the files (the FPU mnemonics without `.s`): `add`,
//! `sub`, `mul`, `div`, `sqrt`, `rsqrt`, `madd`, `msub`, their accumulator forms
//! `adda`, `suba`, `mula`, `madda`, `msuba` (same value, written to ACC), `abs`,
//! `neg`, `mov`, `min`, `max`, the compares `eq`, `lt`, `le`, `f` (always false),
//! and the conversions `cvt.w.s`, `cvt.s.w`. Operand conventions follow the
//! files: `sub` is `a - b`, `div` is `a / b`, `rsqrt` is `a / sqrt(|b|)`,
//! `madd` is `acc + a × b`, one-operand ops read `a` only.

use core::fmt;

use super::raw;

/// The result of one op: a bit pattern, or the truth of a compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A float result (or, for `cvt.w.s`, the integer's bits).
    Bits(u32),
    /// A compare result (`eq`, `lt`, `le`, `f`).
    Bool(bool),
}

/// `eval` could not evaluate the row: the op name is not in the table, or an
/// operand the op needs (`acc` or `b`) was not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOp {
    /// The op name as given.
    pub op: String,
    /// The missing operand (`"acc"` or `"b"`), or `None` for an unknown name.
    pub missing: Option<&'static str>,
}

impl fmt::Display for UnknownOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.missing {
            None => write!(f, "unknown EE FPU op `{}`", self.op),
            Some(operand) => write!(f, "EE FPU op `{}` needs operand `{operand}`", self.op),
        }
    }
}

impl std::error::Error for UnknownOp {}

/// Evaluates `op` on the operands of one vector-file row through [`raw`].
///
/// `acc` is read by `madd`/`msub` and their `*a` forms only, `b` by the
/// two-operand ops only; an operand an op does not read is ignored.
///
/// # Errors
///
/// [`UnknownOp`] for a name outside the table or a missing operand.
pub fn eval(op: &str, acc: Option<u32>, a: u32, b: Option<u32>) -> Result<Outcome, UnknownOp> {
    let missing = |operand| UnknownOp {
        op: op.to_owned(),
        missing: Some(operand),
    };
    let need_b = || b.ok_or_else(|| missing("b"));
    let need_acc = || acc.ok_or_else(|| missing("acc"));
    let bits = |x: (u32, raw::Flags)| Outcome::Bits(x.0);
    Ok(match op {
        "abs" => Outcome::Bits(raw::abs(a)),
        "neg" => Outcome::Bits(raw::neg(a)),
        "mov" => Outcome::Bits(a),
        "add" | "adda" => bits(raw::add(a, need_b()?)),
        "sub" | "suba" => bits(raw::sub(a, need_b()?)),
        "mul" | "mula" => bits(raw::mul(a, need_b()?)),
        "div" => bits(raw::div(a, need_b()?)),
        "sqrt" => bits(raw::sqrt(a)),
        "rsqrt" => bits(raw::rsqrt(a, need_b()?)),
        "madd" | "madda" => bits(raw::madd(need_acc()?, a, need_b()?)),
        "msub" | "msuba" => bits(raw::msub(need_acc()?, a, need_b()?)),
        "min" => Outcome::Bits(raw::min(a, need_b()?)),
        "max" => Outcome::Bits(raw::max(a, need_b()?)),
        "eq" => Outcome::Bool(raw::eq(a, need_b()?)),
        "lt" => Outcome::Bool(raw::lt(a, need_b()?)),
        "le" => Outcome::Bool(raw::le(a, need_b()?)),
        "f" => Outcome::Bool(false),
        "cvt.w.s" => Outcome::Bits(raw::to_i32(a) as u32),
        "cvt.s.w" => Outcome::Bits(raw::from_i32(a as i32)),
        _ => {
            return Err(UnknownOp {
                op: op.to_owned(),
                missing: None,
            })
        }
    })
}

/// The accumulator a hardware-suite row's `acc_after` column reports for an
/// initial `acc`: the suite loads ACC with `adda.s acc, -0` and reads it back
/// with `madd.s ACC + (-0 × +0)`, so the value is `acc` with a zero exponent
/// flushed to a signed zero. (`madd.s`/`msub.s` write their destination, not
/// ACC.)
#[must_use]
pub fn acc_after_load(acc: u32) -> u32 {
    const NEG_ZERO: u32 = 0x8000_0000;
    let loaded = raw::add(acc, NEG_ZERO).0;
    raw::madd(loaded, NEG_ZERO, 0).0
}
