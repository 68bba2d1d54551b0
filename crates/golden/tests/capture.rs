//! Capture files: parsing (a good file, every kind of bad line, the
//! bounds), the default tolerances, and the comparison with a scenario's
//! run (a seeded off value found at its tick with its ulps, the count of
//! all, the `known` marks) through the golden run.

use std::fs;
use std::path::{Path, PathBuf};

use golden::capture::{self, Capture, CaptureError, Captured, Comparison, Tolerance};
use golden::{run, Error, Mode, Value};

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("capture_{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("make the folder");
    dir
}

fn parse(text: &str) -> Result<capture::Capture, CaptureError> {
    capture::parse(Path::new("c.tsv"), text)
}

/// The line and column of the error `text` gives, and its message.
fn bad(text: &str) -> (usize, usize, String) {
    let e = parse(text).expect_err("a bad line");
    assert_eq!(e.path, Path::new("c.tsv"));
    assert!(e
        .to_string()
        .starts_with(&format!("c.tsv:{}:{}: ", e.line, e.column)));
    (e.line, e.column, e.message)
}

/// Writes the drop that checks the capture `drop.tsv` as `drop.ron` in
/// `dir`.
fn write_capturing_drop(dir: &Path) {
    fs::write(
        dir.join("drop.ron"),
        DROP.replace("CAPTURE", "capture: \"drop.tsv\","),
    )
    .unwrap();
}

/// The capture `tsv` (written as `drop.tsv` in `dir`, with the drop that
/// names it as `drop.ron`) as read, and its comparison with the run in
/// either mode.
fn compared(dir: &Path, tsv: &str) -> (Capture, [Comparison; 2]) {
    fs::write(dir.join("drop.tsv"), tsv).unwrap();
    write_capturing_drop(dir);
    let (entries, _) = golden::evaluate(&[dir]).expect("runs");
    capture::for_entry(&entries[0]).unwrap().expect("a capture")
}

#[test]
fn a_good_file_parses_with_its_tolerances() {
    let text = "# a comment\r\n\
                \n\
                0\tbrick.flags\t0x40000\n\
                1\tbrick.velocity.z\t-0.2613\r\n\
                2\tbrick.settle_t\tunwritten\n\
                3\tbrick.velocity.z\t-0.5\t0xbf000000\n\
                4\tcontact0.fraction\t4.2e-1\n\
                5\tbrick.position.z\t1.5e-3\n\
                6\tcontact0.answer\t131074\n\
                \t# an indented comment\n\
                tol\tcontact0.*\tulps\t4\n\
                tol\tbrick.position.z\tabs\t0.01\n\
                known\t1\tbrick.velocity.z\tdivergence 1: a reason\n";
    let c = parse(text).expect("parses");
    assert_eq!(c.rows.len(), 7);
    assert_eq!(
        c.rows.iter().map(|r| r.line).collect::<Vec<_>>(),
        [3, 4, 5, 6, 7, 8, 9]
    );
    assert_eq!(
        c.rows[0].value,
        Captured::Number {
            value: 262144.0,
            bits: None
        }
    );
    assert_eq!(
        c.rows[1].value,
        Captured::Number {
            value: -0.2613,
            bits: None
        }
    );
    assert_eq!(c.rows[2].value, Captured::Unwritten);
    assert_eq!(
        c.rows[3].value,
        Captured::Number {
            value: -0.5,
            bits: Some(0xbf00_0000)
        }
    );
    assert_eq!(c.rows[1].key(), "t00001.brick.velocity.z");
    let tol: Vec<Tolerance> = c.rows.iter().map(|r| c.tolerance(r)).collect();
    // Hex: exact; four decimals: half of 1e-4; bits: 0 ulps; `contact0.*`
    // by its `tol` row; 1.5e-3 has its own default replaced by `abs 0.01`;
    // a decimal integer: exact.
    assert_eq!(tol[0], Tolerance::Abs(0.0));
    assert!(matches!(tol[1], Tolerance::Abs(x) if (x - 5e-5).abs() < 1e-18));
    assert_eq!(tol[3], Tolerance::Ulps(0));
    assert_eq!(tol[4], Tolerance::Ulps(4));
    assert_eq!(tol[5], Tolerance::Abs(0.01));
    assert_eq!(tol[6], Tolerance::Ulps(4));
    assert_eq!(
        c.known
            .get(&(1, "brick.velocity.z".to_owned()))
            .map(String::as_str),
        Some("divergence 1: a reason")
    );
}

#[test]
fn the_default_tolerance_is_half_the_last_printed_digit() {
    let abs = |t: &str| match Tolerance::for_text(t) {
        Tolerance::Abs(x) => x,
        Tolerance::Ulps(_) => f64::NAN,
    };
    assert!((abs("0.2613") - 5e-5).abs() < 1e-18);
    assert!((abs("-5.49") - 5e-3).abs() < 1e-15);
    assert!((abs("0.2") - 0.05).abs() < 1e-15);
    assert!((abs("1.25e-3") - 5e-6).abs() < 1e-18);
    assert!((abs("3e2") - 50.0).abs() < 1e-12);
    assert_eq!(abs("42"), 0.0);
    assert_eq!(abs("0x8000000"), 0.0);
}

#[test]
fn every_kind_of_bad_line_names_its_line_and_column() {
    let ok = "0\tb.x\t1.0\n";
    // One row per bad line, alike in form: each is a case of its own.
    let cases: &[(&str, usize, usize, &str)] = &[
        // Too few and too many columns.
        ("0\tb.x\n", 2, 6, "need 3"),
        ("0\tb.x\t1.0\t0x3f800000\textra\n", 2, 22, "at most 4"),
        // The tick.
        ("x\tb.x\t1.0\n", 2, 1, "tick `x`"),
        ("-1\tb.x\t1.0\n", 2, 1, "tick `-1`"),
        ("100000\tb.x\t1.0\n", 2, 1, "past the largest"),
        // The field.
        ("0\tb x\t1.0\n", 2, 3, "field `b x`"),
        ("0\t\t1.0\n", 2, 3, "a field name"),
        // The value.
        ("0\tb.y\tabc\n", 2, 7, "value `abc`"),
        ("0\tb.y\tinf\n", 2, 7, "value `inf`"),
        ("0\tb.y\tNaN\n", 2, 7, "value `NaN`"),
        ("0\tb.y\t1.2.3\n", 2, 7, "value `1.2.3`"),
        ("0\tb.y\t--0.5\n", 2, 7, "value `--0.5`"),
        ("0\tb.y\t-+1\n", 2, 7, "value `-+1`"),
        ("0\tb.y\t1e400\n", 2, 7, "value `1e400`"),
        ("0\tb.y\t0xZZ\n", 2, 7, "value `0xZZ`"),
        // The bits.
        ("0\tb.y\t1.0\t0x3f80\n", 2, 11, "bits `0x3f80`"),
        ("0\tb.y\t1.0\t3f800000\n", 2, 11, "bits `3f800000`"),
        ("0\tb.y\t2.0\t0x3f800000\n", 2, 7, "not what bits"),
        (
            "0\tb.y\tunwritten\t0x3f800000\n",
            2,
            17,
            "bits for an unwritten",
        ),
        // A row given twice.
        ("0\tb.x\t2.0\n", 2, 1, "given twice"),
        // `tol` rows.
        ("tol\tb.x\tmaybe\t1\n", 2, 9, "`ulps` or `abs`"),
        ("tol\tb.x\tulps\t1.5\n", 2, 14, "ulps `1.5`"),
        ("tol\tb.x\tabs\t-1\n", 2, 13, "not negative"),
        ("tol\tb.x\tabs\n", 2, 12, "need 4"),
        ("tol\tb x\tabs\t1\n", 2, 5, "field `b x`"),
        // `known` rows.
        ("known\t0\tb.x\t \n", 2, 13, "reason"),
        ("known\t0\tb.z\tdivergence 1\n", 2, 1, "which no row gives"),
        (
            "known\t0\tb.x\tdivergence 1\nknown\t0\tb.x\tdivergence 2\n",
            3,
            1,
            "marked twice",
        ),
        ("known\tq\tb.x\tdivergence 1\n", 2, 7, "tick `q`"),
    ];
    for &(tail, line, column, words) in cases {
        let (l, c, m) = bad(&format!("{ok}{tail}"));
        assert_eq!((l, c), (line, column), "{tail:?}: {m}");
        assert!(m.contains(words), "{tail:?}: {m}");
    }
}

#[test]
fn the_bounds_hold_without_reading_past_them() {
    // A line past the limit.
    let long = format!("0\tb.x\t1.{}\n", "0".repeat(capture::MAX_LINE));
    let (l, c, m) = bad(&long);
    assert_eq!((l, c), (1, 0));
    assert!(m.contains("longer than 1024"), "{m}");
    // A row past the limit.
    let mut many = String::new();
    for t in 0..=capture::MAX_ROWS {
        many.push_str(&format!("{}\tf{}\t0\n", t % 1000, t / 1000));
    }
    let (l, c, m) = bad(&many);
    assert_eq!((l, c), (capture::MAX_ROWS + 1, 1));
    assert!(m.contains("more than 200000 rows"), "{m}");
    // A file past the byte limit is refused before it is parsed.
    let dir = folder("bounds");
    let big = dir.join("big.tsv");
    let f = fs::File::create(&big).unwrap();
    f.set_len(capture::MAX_BYTES + 1).unwrap();
    let e = capture::load(&big).expect_err("too large");
    assert_eq!((e.line, e.column), (0, 0));
    assert!(e.message.contains("larger than"), "{e}");
    // Not UTF-8, on line 2.
    let bin = dir.join("bin.tsv");
    fs::write(&bin, b"# ok\n0\tb.x\t\xff\n").unwrap();
    let e = capture::load(&bin).expect_err("not UTF-8");
    assert_eq!(e.line, 2);
    // A missing file.
    let e = capture::load(&dir.join("none.tsv")).expect_err("missing");
    assert!(e.to_string().contains("none.tsv"));
}

#[test]
fn ulps_count_neighbouring_floats() {
    let b = |x: f32| x.to_bits();
    assert_eq!(
        capture::ulps_between(b(0.0), b(-0.0)),
        1,
        "−0 one step below +0"
    );
    assert_eq!(capture::ulps_between(b(0.0), b(0.0)), 0);
    assert_eq!(capture::ulps_between(b(1.0), b(1.0) + 1), 1);
    assert_eq!(capture::ulps_between(b(-1.0), b(-1.0) + 3), 3);
    assert_eq!(
        capture::ulps_between(b(f32::from_bits(1)), b(-f32::from_bits(1))),
        3
    );
}

const DROP: &str = r#"(
    unit: "scenario",
    spec: "a test drop",
    ticks: 4,
    CAPTURE
    bodies: [(name: "ball", owner: WorldObject, shape: Sphere(0.1), position: (0.0, 0.0, 5.0))],
    inputs: [(tick: 0, body: "ball", action: Drop((0.0, 0.0, 0.0)))],
    every: Some(100),
    keep: ["ball.position"],
)"#;

/// The `f32` bits of `ball.velocity.z` at ticks 0-3 of the drop, and the
/// `Ee32` ones, from a run without a capture.
fn drop_bits(dir: &Path) -> [[u32; 4]; 2] {
    let plain = DROP.replace("CAPTURE", "").replace(
        "    every: Some(100),\n    keep: [\"ball.position\"],\n",
        "",
    );
    fs::write(dir.join("drop.ron"), plain).unwrap();
    let (entries, _) = golden::evaluate(&[dir]).expect("runs");
    let bits = |o: &golden::Outcome, t: u32| match o.get(&format!("t{t:05}.ball.velocity.z")) {
        Some(Value::Real { bits, .. }) => *bits,
        other => panic!("tick {t}: {other:?}"),
    };
    let e = &entries[0];
    [
        [0, 1, 2, 3].map(|t| bits(&e.single, t)),
        [0, 1, 2, 3].map(|t| bits(&e.ee, t)),
    ]
}

fn row(t: u32, bits: u32) -> String {
    format!(
        "{t}\tball.velocity.z\t{:e}\t0x{bits:08x}\n",
        f32::from_bits(bits)
    )
}

#[test]
fn a_seeded_off_value_is_found_at_its_tick_with_its_ulps() {
    let dir = folder("seeded");
    let [f, _] = drop_bits(&dir);
    // The velocity is falling, so negative: one more in the bits is one
    // ulp further from zero.
    assert!(f32::from_bits(f[2]) < 0.0);
    let text = format!(
        "# seeded\n{}{}{}{}",
        row(0, f[0]),
        row(1, f[1]),
        row(2, f[2] + 3),
        row(3, f[3] + 7)
    );
    // The scenario keeps only positions at tick 0 and 3 (`every`, `keep`):
    // the captured fields are kept anyway.
    let (cap, [single, ee]) = compared(&dir, &text);
    assert_eq!(cap.rows.len(), 4);
    assert_eq!((single.rows, single.divergences.len()), (4, 2));
    let field = &single.fields[0];
    assert_eq!(
        (field.field.as_str(), field.rows, field.diverged),
        ("ball.velocity.z", 4, 2)
    );
    let first = field.first.as_ref().expect("a first divergence");
    assert_eq!((first.tick, first.line, first.ulps), (2, 4, Some(3)));
    assert_eq!(single.divergences[1].ulps, Some(7));
    assert_eq!(single.divergences[1].tick, 3);
    assert_eq!(
        first.abs,
        Some((f64::from(f32::from_bits(f[2] + 3)) - f64::from(f32::from_bits(f[2]))).abs())
    );
    // Ee32 mode: the same ticks, the ulps from its own bits.
    let [_, e] = drop_bits(&dir);
    let ee_first = ee.fields[0].first.as_ref().unwrap();
    let want = [f[0], f[1], f[2] + 3, f[3] + 7]
        .iter()
        .zip(e)
        .map(|(&c, o)| capture::ulps_between(c, o))
        .collect::<Vec<_>>();
    let first_off = want.iter().position(|&u| u > 0).unwrap() as u32;
    assert_eq!(ee_first.tick, first_off);
    assert_eq!(ee_first.ulps, Some(want[first_off as usize]));

    // Through the golden run: each divergence a failure naming the file,
    // its line, the mode and the field; the summary counts them.
    write_capturing_drop(&dir);
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    let tsv = dir.join("drop.tsv").display().to_string();
    assert!(
        report.failures.iter().any(|f| f
            .starts_with(&format!("{tsv}:4: f32: field `ball.velocity.z`"))
            && f.contains("3 ulps")),
        "{:#?}",
        report.failures
    );
    assert!(report
        .captures
        .iter()
        .any(|c| c == &format!("{tsv}: f32: 4 rows, 2 met, 2 diverged (0 known)")));
    assert_eq!(report.captured, 8);

    // Marked known: reported, not failed; a mark on a met row fails.
    let marked = format!(
        "{text}known\t2\tball.velocity.z\tdivergence 1\nknown\t3\tball.velocity.z\tdivergence 1\n"
    );
    fs::write(dir.join("drop.tsv"), &marked).unwrap();
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    let f32_failures: Vec<_> = report
        .failures
        .iter()
        .filter(|f| f.contains(": f32:"))
        .collect();
    assert!(f32_failures.is_empty(), "{f32_failures:#?}");
    assert_eq!(
        report.known.iter().filter(|k| k.contains(": f32:")).count(),
        2
    );
    fs::write(
        dir.join("drop.tsv"),
        format!("{marked}known\t1\tball.velocity.z\tdivergence 1\n"),
    )
    .unwrap();
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    assert!(report
        .failures
        .iter()
        .any(|f| f.starts_with(&format!("{tsv}:3: f32: captured value met although marked"))));
}

#[test]
fn a_bad_capture_fails_the_run_with_its_line() {
    let dir = folder("bad_run");
    write_capturing_drop(&dir);
    fs::write(
        dir.join("drop.tsv"),
        "0\tball.velocity.z\t0\n4\tball.velocity.z\t0\n",
    )
    .unwrap();
    match run(&dir, &dir.join("out"), Mode::Update) {
        Err(Error::Capture(e)) => {
            assert_eq!((e.line, e.column), (2, 1));
            assert!(e.message.contains("past the scenario's last tick 3"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    fs::write(dir.join("drop.tsv"), "0\tball.velocity.z\n").unwrap();
    let e = run(&dir, &dir.join("out"), Mode::Update).expect_err("a bad line");
    assert!(e.to_string().contains("drop.tsv:1:"), "{e}");
    fs::remove_file(dir.join("drop.tsv")).unwrap();
    let e = run(&dir, &dir.join("out"), Mode::Update).expect_err("no file");
    assert!(e.to_string().contains("drop.tsv"), "{e}");
}

#[test]
fn the_committed_captures_are_met_or_known() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("fixtures/scenarios");
    let (entries, report) = golden::evaluate(&[dir.as_path()]).expect("runs");
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    let mut with = Vec::new();
    for e in &entries {
        if let Some((cap, cmp)) = capture::for_entry(e).expect("reads") {
            for c in &cmp {
                assert_eq!(c.unexpected(), 0, "{}: {}", e.name, c.summary());
                assert!(c.known_met.is_empty());
            }
            with.push((e.name.clone(), cap.rows.len(), cmp[0].known()));
        }
    }
    // The settle slot: 12 rows, the freed slot's t known (divergence 358);
    // the brick: 16 rows, the seven velocities after the floor contact
    // known (divergence 359); the punch bag: 6 rows, the unposed segment
    // and its end along x known (divergences 360, 361).
    with.sort();
    assert_eq!(
        with,
        [
            ("brick_settle".to_owned(), 16, 7),
            ("punch_bag".to_owned(), 6, 3),
            ("settle_slot".to_owned(), 12, 1)
        ]
    );
}

#[test]
fn a_capture_adds_a_bounded_number_of_lines() {
    let dir = folder("bounded");
    write_capturing_drop(&dir);
    // 60 fields the run does not write: 60 divergences a mode.
    let text: String = (0..60).map(|i| format!("0\tball.f{i}\t1\n")).collect();
    fs::write(dir.join("drop.tsv"), text).unwrap();
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    let f32_lines: Vec<&String> = report
        .failures
        .iter()
        .filter(|f| f.contains(": f32:"))
        .collect();
    assert_eq!(f32_lines.len(), golden::runner::CAPTURE_LINES + 1);
    assert!(f32_lines
        .last()
        .unwrap()
        .ends_with("f32: 10 more captured values not met"));
    assert!(
        f32_lines[0].contains("captured 1, ours no such field"),
        "{}",
        f32_lines[0]
    );
    let firsts = report
        .captures
        .iter()
        .filter(|c| c.contains(": f32: `"))
        .count();
    assert_eq!(firsts, golden::runner::CAPTURE_LINES);
    assert!(report
        .captures
        .iter()
        .any(|c| c.ends_with("f32: 10 more fields diverge")));
}

/// A row naming a field the run writes at no tick (a misspelt name)
/// diverges, even when it captures `unwritten`; a true field's row is met.
#[test]
fn a_misspelt_field_never_passes() {
    let dir = folder("misspelt");
    let [f, _] = drop_bits(&dir);
    let text = format!("{}2\tball.velosity.z\tunwritten\n", row(1, f[1]));
    let (_, [single, ee]) = compared(&dir, &text);
    for c in [&single, &ee] {
        assert_eq!(c.divergences.len(), 1, "{}", c.mode);
        let d = &c.divergences[0];
        assert_eq!(
            (d.tick, d.line, d.field.as_str()),
            (2, 2, "ball.velosity.z")
        );
        assert_eq!(d.ours, "no such field");
    }
}
