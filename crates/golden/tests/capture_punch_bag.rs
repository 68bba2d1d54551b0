//! The punch bag as a scenario body (the owner kind the punch bag capture
//! needs): its segment posed from bone 3 once switched on, its capsule's
//! height, and the inputs it refuses.

use std::fs;
use std::path::PathBuf;

use golden::{Error, Value};

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("punch_bag_{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("make the folder");
    dir
}

const BAG: &str = r#"(
    unit: "scenario",
    spec: "a test bag",
    ticks: 3,
    bodies: [(name: "bag", owner: PunchBag, position: (1.0, 2.0, 3.0))],
    inputs: [
        (tick: 0, body: "bag", action: Bone(bone: 3, at: (1.0, 2.0, 5.15))),
        (tick: 1, body: "bag", action: INPUT),
    ],
)"#;

#[test]
fn the_bags_segment_is_posed_from_bone_3_once_on() {
    let dir = folder("posed");
    fs::write(
        dir.join("bag.ron"),
        BAG.replace("INPUT", "StrikeShape(bone: 3, on: true)"),
    )
    .unwrap();
    let (entries, report) = golden::evaluate(&[dir.as_path()]).expect("runs");
    assert!(report.failures.is_empty());
    let o = &entries[0].single;
    let num = |k: &str| o.get(k).and_then(Value::number).unwrap_or(f64::NAN);
    // Off at tick 0: not posed (divergence 360).
    assert_eq!(num("t00000.bag.segment.start.z"), 0.0);
    // On from tick 1: from bone 3, 1.5 m along its (identity) x axis
    // (divergence 361).
    let start = ["x", "y", "z"].map(|l| num(&format!("t00001.bag.segment.start.{l}")));
    let end = ["x", "y", "z"].map(|l| num(&format!("t00001.bag.segment.end.{l}")));
    assert_eq!(start, [1.0, 2.0, f64::from(5.15f32)]);
    assert_eq!(end, [2.5, 2.0, f64::from(5.15f32)]);
    assert_eq!(num("t00002.bag.capsule.height"), f64::from(1.787f32));
    // The bag does not walk: its position stays.
    assert_eq!(num("t00002.bag.position.z"), 3.0);
}

#[test]
fn a_bag_refuses_a_walk_and_a_drop() {
    let dir = folder("refused");
    for action in ["Walk((1.0, 0.0, 0.0))", "Drop((0.0, 0.0, 0.0))"] {
        fs::write(dir.join("bag.ron"), BAG.replace("INPUT", action)).unwrap();
        match golden::evaluate(&[dir.as_path()]) {
            Err(Error::Input { source, .. }) => {
                assert_eq!(source.field, "inputs[1].action", "{action}");
                assert!(source.message.contains("PunchBag"), "{}", source.message);
            }
            other => panic!("{action}: {other:?}"),
        }
    }
}
