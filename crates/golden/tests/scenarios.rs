//! The scenario runner's own tests: typed errors naming the file and the
//! field, a user's folder of scenarios, the "unwritten" and known-divergence
//! rules, both modes.

use std::fs;
use std::path::{Path, PathBuf};

use golden::{run, Error, Mode, Report};

test_support::counting_allocator!();

/// A fresh folder under the target directory.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("scenarios_{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("make the folder");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    fs::write(&p, text).expect("write the scenario");
    p
}

const DROP: &str = r#"(
    unit: "scenario",
    spec: "a test drop",
    ticks: 4,
    bodies: [(name: "ball", owner: WorldObject, shape: Sphere(0.1), position: (0.0, 0.0, 5.0))],
    inputs: [(tick: 0, body: "ball", action: Drop((0.0, 0.0, 0.0)))],
    expect: [
        (tick: 1, field: "ball.velocity.z", value: -0.2613333, tol: Some(1e-6), source: Choice("a test")),
        (tick: 3, field: "ball.velocity.z", value: -0.784, tol: Some(1e-5), source: Choice("a test")),
        (tick: 2, field: "contact0.answer", value: "unwritten", source: Choice("a test")),
        (tick: 2, field: "ball.settle_t", value: "unwritten", source: Choice("a test")),
        EXTRA
    ],
)"#;

fn drop_with(extra: &str) -> String {
    DROP.replace("EXTRA", extra)
}

/// The report of `dir` (its snapshots under `dir/out`) after writing the
/// drop with `extra` checked as `drop.ron`.
fn run_drop(dir: &Path, extra: &str) -> Report {
    write(dir, "drop.ron", &drop_with(extra));
    run(dir, &dir.join("out"), Mode::Update).expect("runs")
}

/// The input error of `dir` in `mode` once `text` is written as `name`.
fn input_error(dir: &Path, name: &str, text: &str, mode: Mode) -> String {
    write(dir, name, text);
    match run(dir, &dir.join("out"), mode) {
        Err(e @ Error::Input { .. }) => e.to_string(),
        other => panic!("expected an input error, got {other:?}"),
    }
}

/// The drop run `ticks` long (written as `long.ron` in `dir`), refused in
/// `mode` with an input error naming the file and `ticks`: the text, the
/// error and the allocations the refused run made on this thread.
fn refused_long(dir: &Path, ticks: u32, mode: Mode) -> (String, String, usize) {
    let long = drop_with("").replace("ticks: 4,", &format!("ticks: {ticks},"));
    let before = allocations();
    let s = input_error(dir, "long.ron", &long, mode);
    let made = allocations() - before;
    assert!(s.contains("long.ron") && s.contains("`ticks`"), "{s}");
    (long, s, made)
}

/// The parse error of `dir` once `text` is written as `name` (the file is
/// removed again): its line and message, after checking it names the file.
fn parse_error(dir: &Path, name: &str, text: &str) -> (usize, String) {
    let path = write(dir, name, text);
    let found = match run(dir, &dir.join("out"), Mode::Check) {
        Err(Error::Parse {
            path: p,
            line,
            message,
            ..
        }) => {
            assert_eq!(p, path);
            (line, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    };
    fs::remove_file(&path).expect("remove");
    found
}

#[test]
fn a_users_folder_runs_and_writes_its_snapshot() {
    let dir = folder("user");
    let out = dir.join("out");
    write(&dir, "drop.ron", &drop_with(""));
    let report = run(&dir, &out, Mode::Update).expect("runs");
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.cases, 1);
    assert_eq!(report.checks, 8, "four numbers in two modes");
    let snap = fs::read_to_string(out.join("scenario__drop.snap")).expect("snapshot written");
    assert!(snap.contains("\"t00001.ball.velocity.z\""));
    assert!(snap.contains("ee32: {"));
    // Check mode: current.
    let again = run(&dir, &out, Mode::Check).expect("runs");
    assert!(again.is_ok(Mode::Check), "{:?}", again.changed);
    // A changed scenario makes the snapshot stale.
    write(&dir, "drop.ron", &drop_with("").replace("5.0))]", "4.0))]"));
    let stale = run(&dir, &out, Mode::Check).expect("runs");
    assert_eq!(stale.changed.len(), 1);
}

#[test]
fn an_unmet_number_fails_in_both_modes() {
    let unmet = r#"(tick: 0, field: "ball.velocity.z", value: -1.0, source: Choice("a test")),"#;
    let report = run_drop(&folder("unmet"), unmet);
    assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
    assert!(report.failures[0].contains("t00000.ball.velocity.z"));
}

#[test]
fn a_known_divergence_is_reported_and_meeting_it_fails() {
    let dir = folder("known");
    let report = run_drop(
        &dir,
        r#"(tick: 0, field: "ball.velocity.z", value: -1.0, source: Choice("a test"), known_divergence: Some("row 0")),"#,
    );
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.known.len(), 2);
    let report = run_drop(
        &dir,
        r#"(tick: 0, field: "ball.velocity.z", value: 0.0, source: Choice("a test"), known_divergence: Some("row 0")),"#,
    );
    assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
    assert!(report.failures[0].contains("remove the mark"));
}

#[test]
fn malformed_files_give_typed_errors_naming_file_and_field() {
    let dir = folder("malformed");
    let speed = drop_with("").replace("ticks: 4,", "ticks: 4, speed: 3,");
    let (_, message) = parse_error(&dir, "bad.ron", &speed);
    assert!(message.contains("speed"), "{message}");
    let misnamed = drop_with("").replace("body: \"ball\"", "body: \"bal\"");
    let s = input_error(&dir, "body.ron", &misnamed, Mode::Check);
    assert!(
        s.contains("body.ron") && s.contains("inputs[0].body"),
        "{s}"
    );
    for (from, to, what, field) in [
        ("ticks: 4,", "ticks: 0,", "zero ticks", "`ticks`"),
        (
            "bodies: [",
            "level: (mesh_file: Some(\"missing.ron\")), bodies: [",
            "missing mesh",
            "level.mesh_file",
        ),
        ("Sphere(0.1)", "Sphere(-1.0)", "bad size", "bodies[0].shape"),
    ] {
        write(&dir, "body.ron", &drop_with("").replace(from, to));
        let e = run(&dir, &dir.join("out"), Mode::Check).expect_err(what);
        assert!(e.to_string().contains(field), "{e}");
    }
}

#[test]
fn a_mesh_file_beside_the_scenario_is_the_level() {
    use collision_mesh::{build, BuildConfig, SoupTriangle};
    let dir = folder("mesh");
    let floor = [SoupTriangle::new([
        [-10.0, -10.0, 0.0],
        [30.0, -10.0, 0.0],
        [-10.0, 30.0, 0.0],
    ])];
    let mesh = build::from_soup(&floor, &BuildConfig::default(), "floor").expect("mesh");
    collision_mesh::ron_text::save(&mesh, &dir.join("floor.ron.mesh")).expect("save");
    // A 0.1 m ball 0.1 m above the floor (falls 0.0305 m by tick 3, 0.0740
    // by tick 5, 0.1350 by tick 7) lands in its fourth update (tick 7),
    // answered 0x20002 (a floor; axis byte 0: no settle).
    let text = r#"(
        unit: "scenario",
        spec: "a ball on a mesh file",
        ticks: 9,
        level: (mesh_file: Some("floor.ron.mesh")),
        bodies: [(name: "ball", owner: WorldObject, shape: Sphere(0.1), position: (0.0, 0.0, 0.2))],
        inputs: [(tick: 0, body: "ball", action: Drop((0.0, 0.0, 0.0)))],
        expect: [
            (tick: 5, field: "contact0.answer", value: "unwritten", source: Choice("a test")),
            (tick: 7, field: "contact0.answer", value: 131074, source: Choice("a test")),
            (tick: 7, field: "contact0.normal.z", value: 1.0, source: Choice("a test")),
        ],
    )"#;
    write(&dir, "ball.ron", text);
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.files, 1, "the mesh file is not a scenario");
}

#[test]
fn an_unknown_field_lists_the_fields_of_its_tick() {
    let dir = folder("unknown_field");
    let report = run_drop(
        &dir,
        r#"(tick: 1, field: "ball.speed", value: 1.0, source: Choice("a test")),"#,
    );
    assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
    let f = &report.failures[0];
    assert!(f.contains("no such field; it produces:"), "{f}");
    assert!(f.contains("t00001.ball.velocity.z"), "{f}");
    assert!(!f.contains("t00002."), "only the tick's own fields: {f}");
}

#[test]
fn humans_cars_and_workloads_are_checked() {
    let dir = folder("kinds");
    let human = r#"(
        unit: "scenario", spec: "s", ticks: 2,
        bodies: [BODY],
        inputs: [INPUT],
    )"#;
    let case = |body: &str, input: &str| human.replace("BODY", body).replace("INPUT", input);
    for (body, input, field) in [
        // A human with a box, a world object walking, a car without its boxes.
        (
            r#"(name: "h", owner: Human, shape: Box((1.0, 1.0, 1.0)), position: (0.0, 0.0, 0.0))"#,
            "",
            "bodies[0].shape",
        ),
        (
            r#"(name: "o", owner: WorldObject, shape: Sphere(0.1), position: (0.0, 0.0, 0.0))"#,
            r#"(tick: 0, body: "o", action: Walk((1.0, 0.0, 0.0)))"#,
            "inputs[0].action",
        ),
        (
            r#"(name: "h", owner: Human, position: (0.0, 0.0, 0.0))"#,
            r#"(tick: 0, body: "h", action: Drop((1.0, 0.0, 0.0)))"#,
            "inputs[0].action",
        ),
        (
            r#"(name: "c", owner: Car, shape: Box((4.0, 2.0, 1.0)), position: (0.0, 0.0, 0.0))"#,
            "",
            "bodies[0].car_boxes",
        ),
        (
            r#"(name: "h", owner: Human, position: (0.0, 0.0, 0.0), push_weight: 0.0)"#,
            "",
            "bodies[0].push_weight",
        ),
        (
            r#"(name: "h", owner: Human, position: (0.0, 0.0, 0.0))"#,
            r#"(tick: 0, body: "h", action: Walk((1e39, 0.0, 0.0)))"#,
            "inputs[0].action",
        ),
    ] {
        write(&dir, "k.ron", &case(body, input));
        let e = run(&dir, &dir.join("out"), Mode::Check).expect_err(field);
        assert!(e.to_string().contains(field), "{field}: {e}");
    }
    write(
        &dir,
        "k.ron",
        r#"(unit: "scenario", spec: "s", ticks: 2, workload: Some(Street),
            bodies: [(name: "h", owner: Human, position: (0.0, 0.0, 0.0))])"#,
    );
    let e = run(&dir, &dir.join("out"), Mode::Check).expect_err("workload and bodies");
    assert!(e.to_string().contains("workload"), "{e}");
}

/// Divergence 274: a scenario past the default budget (here 100,000 ticks of
/// one ball, which took half a minute and a 296 MB snapshot before) is
/// refused before it runs, naming the file and `ticks`; `no_budget: true`
/// lifts the budget (checked by validation only: running it is the slow
/// part this refuses).
#[test]
fn a_scenario_past_the_budget_is_refused_naming_file_and_field() {
    let dir = folder("budget");
    let (long, s, refusing) = refused_long(&dir, 100_000, Mode::Check);
    assert!(s.contains("no_budget"), "{s}");
    // Refused before it runs: with fewer allocations than the 4-tick drop
    // makes when it runs.
    let before = allocations();
    run_drop(&folder("budget_4"), "");
    let four = allocations() - before;
    assert!(
        refusing < four,
        "{refusing} refusing, {four} running 4 ticks"
    );
    let lifted: golden::scenario::Scenario =
        ron::from_str(&long.replace("ticks: 100000,", "ticks: 100000, no_budget: true,"))
            .expect("parses");
    assert_eq!(lifted.validate(), Ok(()));
    // At the budget's edge: 10,000 ticks of one body pass, 10,001 do not.
    let edge: golden::scenario::Scenario =
        ron::from_str(&long.replace("ticks: 100000,", "ticks: 10000,")).expect("parses");
    assert_eq!(edge.validate(), Ok(()));
    let past: golden::scenario::Scenario =
        ron::from_str(&long.replace("ticks: 100000,", "ticks: 10001,")).expect("parses");
    assert_eq!(
        past.validate().map_err(|e| e.field),
        Err("ticks".to_owned())
    );
}

/// Divergence 332: a long run's snapshot keeps the fields the file asks
/// for (`keep`, by the start of their name) at the ticks it asks for
/// (`every`, and the last), plus the checked ones; without them a run whose
/// snapshot passes the default 4 MiB stops with an error naming the file
/// and `ticks` (10,000 ticks of one ball: 12 fields a tick in each mode,
/// about 1.15 KB a tick written, which the runner's upper bound counts as
/// 1.7 KB, so it stops near tick 2,500 instead of writing some 11.5 MB);
/// `no_snapshot_limit: true` lifts it.
#[test]
fn a_long_snapshot_keeps_what_is_asked_or_is_refused() {
    let dir = folder("snapshot_limit");
    let (long, s, refusing) = refused_long(&dir, 10_000, Mode::Update);
    assert!(s.contains("no_snapshot_limit") && s.contains("keep"), "{s}");
    // Stopped where the limit was passed, not at the end: at the counted
    // 1.7 KB or so a tick, 4 MiB is passed at tick 2,517.
    let tick: u32 = s
        .split("at tick ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no tick in {s}"));
    assert!(
        (2_000..3_000).contains(&tick),
        "stopped at tick {tick}: {s}"
    );
    assert!(!dir.join("out").join("scenario__long.snap").exists());
    // And it stopped there: the refused run made fewer allocations than
    // the same drop run to tick 2,517 in both modes with its snapshot
    // written (about 2.6 times fewer; a run to tick 10,000 would make about
    // four times more than it did).
    let to_stop = folder("snapshot_to_stop");
    let upto = long.replace("ticks: 10000,", "ticks: 2517, no_snapshot_limit: true,");
    write(&to_stop, "long.ron", &upto);
    let before = allocations();
    run(&to_stop, &to_stop.join("out"), Mode::Update).expect("runs");
    let running = allocations() - before;
    assert!(refusing < running, "{refusing} refusing, {running} running");

    // Kept fields, sampled ticks: runs, and the snapshot holds just those.
    let dir = folder("snapshot_keep");
    let kept = long.replace(
        "ticks: 10000,",
        r#"ticks: 10000, keep: ["ball.position"], every: Some(100),"#,
    );
    write(&dir, "long.ron", &kept);
    let report = run(&dir, &dir.join("out"), Mode::Update).expect("runs");
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    let snap = fs::read_to_string(dir.join("out").join("scenario__long.snap")).expect("written");
    assert!(snap.contains("\"t00100.ball.position.z\""));
    assert!(snap.contains("\"t09999.ball.position.z\""), "the last tick");
    assert!(!snap.contains("\"t00101.ball.position.z\""));
    assert!(!snap.contains("\"t00100.ball.velocity.z\""));
    // The checked fields stay whatever `keep` says.
    assert!(snap.contains("\"t00001.ball.velocity.z\""));
    // 101 ticks of the position's 4 lanes and the 3 checked fields: a few
    // tens of KB, not megabytes.
    assert!(snap.len() < 200_000, "{}", snap.len());

    // Lifted: 4,000 ticks of every field (about 4.6 MB written, 6.8 MB
    // counted) pass with the mark, and are refused without it.
    let dir = folder("snapshot_lifted");
    let lifted = drop_with("").replace("ticks: 4,", "ticks: 4000, no_snapshot_limit: true,");
    write(&dir, "lifted.ron", &lifted);
    run(&dir, &dir.join("out"), Mode::Update).expect("runs with the limit lifted");
    let refused = lifted.replace(" no_snapshot_limit: true,", "");
    write(&dir, "lifted.ron", &refused);
    assert!(matches!(
        run(&dir, &dir.join("out"), Mode::Update),
        Err(Error::Input { .. })
    ));
    let zero: golden::scenario::Scenario =
        ron::from_str(&drop_with("").replace("ticks: 4,", "ticks: 4, every: Some(0),"))
            .expect("parses");
    assert_eq!(
        zero.validate().map_err(|e| e.field),
        Err("every".to_owned())
    );
}

/// The file's 1-based line holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .expect("the needle is in the text")
}

#[test]
fn a_missing_or_unknown_source_is_a_typed_error_naming_file_line_and_field() {
    let dir = folder("sources");
    // Missing: the parser names the field at the expectation's line.
    let missing = drop_with("").replace(
        r#"value: -0.784, tol: Some(1e-5), source: Choice("a test")"#,
        "value: -0.784, tol: Some(1e-5)",
    );
    let (line, message) = parse_error(&dir, "missing.ron", &missing);
    assert_eq!(line, line_of(&missing, "value: -0.784"), "{message}");
    assert!(message.contains("source"), "{message}");
    // Unknown kind: the parser names the variant and the three it knows.
    let unknown = drop_with("").replace(
        r#"value: -0.784, tol: Some(1e-5), source: Choice("a test")"#,
        r#"value: -0.784, tol: Some(1e-5), source: Guess("a test")"#,
    );
    let (line, message) = parse_error(&dir, "unknown.ron", &unknown);
    assert_eq!(line, line_of(&unknown, "Guess"), "{message}");
    assert!(
        message.contains("Guess") && message.contains("Worked"),
        "{message}"
    );
    // An empty text, and a number stated twice: the file and the field's path.
    for (name, text, field) in [
        (
            "empty.ron",
            drop_with(r#"(tick: 0, field: "ball.flags", value: 67108864, source: Spec(" ")),"#),
            "expect[4].source",
        ),
        (
            "twice.ron",
            drop_with(
                r#"(tick: 3, field: "ball.velocity.z", value: -0.784, source: Worked("again")),"#,
            ),
            "expect[4]",
        ),
    ] {
        let s = input_error(&dir, name, &text, Mode::Check);
        assert!(s.contains(name) && s.contains(&format!("`{field}`")), "{s}");
        fs::remove_file(dir.join(name)).expect("remove");
    }
}

#[test]
fn the_snapshot_shows_each_source_and_the_counts() {
    let dir = folder("source_snapshot");
    let out = dir.join("out");
    let text = drop_with("")
        .replacen(
            r#"source: Choice("a test")"#,
            r#"source: Spec("a section")"#,
            1,
        )
        .replacen(
            r#"source: Choice("a test")"#,
            r#"source: Worked("a rule")"#,
            1,
        );
    write(&dir, "drop.ron", &text);
    let report = run(&dir, &out, Mode::Update).expect("runs");
    assert_eq!(
        (
            report.sources.spec,
            report.sources.worked,
            report.sources.choice
        ),
        (1, 1, 2)
    );
    let snap = fs::read_to_string(out.join("scenario__drop.snap")).expect("written");
    assert!(
        snap.contains("    source_counts: (spec: 1, worked: 1, choice: 2),\n"),
        "{snap}"
    );
    assert!(
        snap.contains(r#"        "t00001.ball.velocity.z": Spec("a section"),"#),
        "{snap}"
    );
    assert!(
        snap.contains(r#"        "t00003.ball.velocity.z": Worked("a rule"),"#),
        "{snap}"
    );
    assert!(
        snap.contains(r#"        "t00002.contact0.answer": Choice("a test"),"#),
        "{snap}"
    );
}

#[test]
fn an_ee32_value_is_the_ee32_modes_own() {
    let dir = folder("ee32_value");
    // Met in f32 mode only: one failure, the Ee32 mode's.
    let report = run_drop(
        &dir,
        r#"(tick: 0, field: "ball.velocity.z", value: 0.0, ee32: Some(1.0), source: Choice("a test")),"#,
    );
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    assert!(report.failures[0].contains("Ee32") || report.failures[0].contains("ee32"));
    // Without `ee32`, `value` holds in both modes.
    let report = run_drop(
        &dir,
        r#"(tick: 0, field: "ball.velocity.z", value: 0.0, ee32: Some(0.0), source: Choice("a test")),"#,
    );
    assert!(report.failures.is_empty(), "{:?}", report.failures);
}
