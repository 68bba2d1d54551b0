//! `cargo xtask ee-check FILE...`: checks tables of EE float results against
//! `Ee32`, bit for bit.
//!
//! A table has tab-separated columns `op acc a b expected [acc_after]`, hex bit
//! patterns (or `-` for an operand the op does not take; `true`/`false` for the
//! compares), a header line starting with `op`, and `#` comment lines: the form
//! of `fixtures/ee-fpu/*.tsv`. A user checks values captured on their own console
//! by writing them in that form.

use std::fs;

use ps2_float::ee32::table::{self, Outcome};

/// One failed or malformed line, already formatted.
type Problem = String;

/// Runs the task; `Ok(false)` when any line fails.
pub fn main(files: &[String]) -> Result<bool, String> {
    if files.is_empty() {
        return Err("ee-check: give one or more table files".into());
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in files {
        let text = fs::read_to_string(file).map_err(|e| format!("ee-check: {file}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            match check_line(line) {
                None => {}
                Some(Ok(_)) => passed += 1,
                Some(Err(p)) => {
                    failed += 1;
                    println!("{file}:{}: {p}", i + 1);
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

fn hex(field: &str, name: &str) -> Result<Option<u32>, Problem> {
    if field == "-" {
        return Ok(None);
    }
    u32::from_str_radix(field, 16)
        .map(Some)
        .map_err(|_| format!("column `{name}`: `{field}` is not a hex bit pattern"))
}

/// `None` for a comment, blank or header line; else the number of values that
/// matched, or what is wrong.
fn check_line(line: &str) -> Option<Result<usize, Problem>> {
    let line = line.trim_end();
    if line.is_empty() || line.starts_with('#') || line.starts_with("op\t") {
        return None;
    }
    Some(check_row(line))
}

fn check_row(line: &str) -> Result<usize, Problem> {
    let f: Vec<&str> = line.split('\t').collect();
    if !(5..=6).contains(&f.len()) {
        return Err(format!(
            "expected 5 or 6 tab-separated columns (op acc a b expected [acc_after]), found {}",
            f.len()
        ));
    }
    let op = f[0];
    let acc = hex(f[1], "acc")?;
    let a = hex(f[2], "a")?.ok_or("column `a`: an operand is required")?;
    let b = hex(f[3], "b")?;
    let got = table::eval(op, acc, a, b).map_err(|e| e.to_string())?;
    let want = match f[4] {
        "true" => Outcome::Bool(true),
        "false" => Outcome::Bool(false),
        w => Outcome::Bits(hex(w, "expected")?.ok_or("column `expected`: a value is required")?),
    };
    let show = |o: Outcome| match o {
        Outcome::Bits(b) => format!("{b:08x}"),
        Outcome::Bool(t) => t.to_string(),
    };
    if got != want {
        return Err(format!(
            "{op} acc={} a={a:08x} b={}: expected {}, computed {}",
            f[1],
            f[3],
            show(want),
            show(got)
        ));
    }
    let mut n = 1;
    if let (Some(Some(want)), Some(acc)) = (f.get(5).map(|v| hex(v, "acc_after")).transpose()?, acc)
    {
        let got = table::acc_after_load(acc);
        if got != want {
            return Err(format!(
                "{op} acc={acc:08x}: acc_after expected {want:08x}, computed {got:08x}"
            ));
        }
        n += 1;
    }
    Ok(n)
}
