//! Every line of the EE FPU vector files, bit for bit, through `ee32::raw`.
//!
//! * `fixtures/ee-fpu/ee-fpu-hardware.tsv`: 837 results captured on a console
//!   (the `ps2autotests` suite). For `madd`/`msub` rows the `acc_after` column is
//!   the accumulator as the suite loaded it (`adda.s acc, -0`) and read it back;
//!   `madd.s`/`msub.s` write their destination, not ACC. It is checked through
//!   `table::acc_after_load`.
//! * `fixtures/ee-fpu/ee-fpu-reference.tsv`: 96,000 results of the bit-exact
//!   model on random operands.
//!
//! Every mismatch is printed (op, operands, expected, got); the tests assert that
//! there are none and that no line was skipped.

use ps2_float::ee32::table::{self, Outcome};
use test_support::workspace_path;

/// One data line of a vector file.
struct Row {
    line: usize,
    op: String,
    acc: Option<u32>,
    a: u32,
    b: Option<u32>,
    expected: Outcome,
    acc_after: Option<u32>,
}

fn fixture(name: &str) -> String {
    let path = workspace_path("fixtures/ee-fpu").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn hex(field: &str, line: usize) -> Option<u32> {
    if field == "-" {
        return None;
    }
    Some(
        u32::from_str_radix(field, 16)
            .unwrap_or_else(|e| panic!("line {line}: bad hex field `{field}`: {e}")),
    )
}

/// The data lines of a file: `#` comments and the column header are skipped.
fn parse(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.is_empty() || raw.starts_with('#') || raw.starts_with("op\t") {
            continue;
        }
        let f: Vec<&str> = raw.split('\t').collect();
        assert!(
            f.len() == 5 || f.len() == 6,
            "line {line}: expected 5 or 6 columns, got {}: `{raw}`",
            f.len()
        );
        let expected = match f[4] {
            "true" => Outcome::Bool(true),
            "false" => Outcome::Bool(false),
            h => Outcome::Bits(hex(h, line).unwrap_or_else(|| panic!("line {line}: no result"))),
        };
        rows.push(Row {
            line,
            op: f[0].to_owned(),
            acc: hex(f[1], line),
            a: hex(f[2], line).unwrap_or_else(|| panic!("line {line}: no operand a")),
            b: hex(f[3], line),
            expected,
            acc_after: f.get(5).and_then(|h| hex(h, line)),
        });
    }
    rows
}

fn show(x: Option<u32>) -> String {
    x.map_or_else(|| "-".to_owned(), |v| format!("{v:08x}"))
}

fn show_outcome(o: Outcome) -> String {
    match o {
        Outcome::Bits(v) => format!("{v:08x}"),
        Outcome::Bool(v) => v.to_string(),
    }
}

/// Checks every row, prints each mismatch, and returns (rows checked, mismatches).
fn check(file: &str, rows: &[Row]) -> (usize, usize) {
    let mut bad = 0;
    let mut acc_checked = 0;
    for r in rows {
        let got = table::eval(&r.op, r.acc, r.a, r.b)
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", r.line));
        if got != r.expected {
            bad += 1;
            println!(
                "MISMATCH {file}:{} {} acc={} a={:08x} b={} expected={} got={}",
                r.line,
                r.op,
                show(r.acc),
                r.a,
                show(r.b),
                show_outcome(r.expected),
                show_outcome(got),
            );
        }
        if let (Some(want), Some(acc)) = (r.acc_after, r.acc) {
            acc_checked += 1;
            let got = table::acc_after_load(acc);
            if got != want {
                bad += 1;
                println!(
                    "MISMATCH {file}:{} {} acc_after: acc={acc:08x} expected={want:08x} got={got:08x}",
                    r.line, r.op
                );
            }
        }
    }
    println!(
        "{file}: {} rows (+{acc_checked} acc_after values), {} passed, {bad} mismatches",
        rows.len(),
        rows.len() + acc_checked - bad
    );
    (rows.len(), bad)
}

/// Reads every data line of the fixture `file` (`lines` of them) and
/// checks each result bit for bit against what the file records (`source`).
fn file_matches(file: &str, lines: usize, source: &str) {
    let rows = parse(&fixture(file));
    let (n, bad) = check(file, &rows);
    assert_eq!(n, lines, "{file}: every data line must be read");
    assert_eq!(bad, 0, "{file}: {bad} mismatches against the {source}");
}

#[test]
fn hardware_vectors_match_bit_for_bit() {
    file_matches("ee-fpu-hardware.tsv", 837, "console results");
}

#[test]
fn reference_vectors_match_bit_for_bit() {
    file_matches("ee-fpu-reference.tsv", 96_000, "reference model");
}
