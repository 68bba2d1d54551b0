//! The scenario runner's loose parts (`loose_parts`, divergence 304): bad
//! descriptions refused with the field named, and a part's fields in both
//! modes (rule 1 of the overview's "Cars": one update a tick, removed at the
//! 360th).

use golden::scenario::Scenario;
use ps2_float::Ee32;

const BASE: &str = r#"(
    unit: "scenario",
    spec: "a test part",
    ticks: 362,
    bodies: [
        (name: "car", owner: Car, shape: Box((1.0, 1.0, 1.0)), position: (0.0, 0.0, 0.0),
         car_boxes: [(half: (0.9, 2.2, 0.5), offset: (0.0, 0.0, 0.5)),
                     (half: (0.8, 1.2, 0.3), offset: (0.0, 0.0, 1.3))]),
        (name: "crate", owner: WorldObject, shape: Box((0.5, 0.5, 0.5)), position: (5.0, 0.0, 0.25)),
    ],
    loose_parts: [
        (name: "NAME", car: CAR, size: SIZE, position: (0.0, 0.0, 3.0),
         velocity: (1.0, 0.0, 0.0), target: Some(9)),
    ],
)"#;

fn scenario(name: &str, car: &str, size: &str) -> Scenario {
    let text = BASE
        .replace("NAME", name)
        .replace("CAR", car)
        .replace("SIZE", size);
    ron::from_str(&text).expect("parses")
}

fn field(s: &Scenario) -> Result<(), String> {
    s.validate().map_err(|e| e.field)
}

#[test]
fn bad_parts_are_refused_naming_the_field() {
    let good = "(0.9, 0.6, 0.06)";
    for (name, car, size, want) in [
        ("panel", "Some(\"car\")", good, None),
        ("panel", "None", good, None),
        // No such body, and a body that is no car.
        ("panel", "Some(\"truck\")", good, Some("loose_parts[0].car")),
        ("panel", "Some(\"crate\")", good, Some("loose_parts[0].car")),
        // A name taken by a body, and a dotted name.
        ("crate", "None", good, Some("loose_parts[0].name")),
        ("a.b", "None", good, Some("loose_parts[0].name")),
        // A flat part, and a NaN size.
        ("panel", "None", "(0.9, 0.0, 0.06)", Some("loose_parts[0]")),
        ("panel", "None", "(0.9, NaN, 0.06)", Some("loose_parts[0]")),
    ] {
        let s = scenario(name, car, size);
        assert_eq!(
            field(&s),
            want.map_or(Ok(()), |f| Err(f.to_owned())),
            "{name} {car} {size}"
        );
    }
}

// No level: the part flies for ever; life 360 − (tick + 1); the message at
// tick 269 (life 90 < 91) with the target 9; removed at tick 359.
fn fields<R: ps2_float::Real>() {
    let s = scenario("panel", "Some(\"car\")", "(0.9, 0.6, 0.06)");
    let out = s.run::<R>(std::path::Path::new(".")).expect("runs");
    let get = |k: &str| out.get(k).map(|v| format!("{v:?}"));
    assert_eq!(get("t00000.panel.life"), Some("Int(359)".to_owned()));
    assert_eq!(get("t00269.panel.message"), Some("Int(9)".to_owned()));
    assert_eq!(get("t00268.panel.message"), Some("Unwritten".to_owned()));
    assert_eq!(get("t00359.panel.removed"), Some("Int(1)".to_owned()));
    assert_eq!(get("t00359.panel.flags"), Some("Int(0)".to_owned()));
    assert_eq!(get("t00361.panel.life"), Some("Int(0)".to_owned()));
}

#[test]
fn part_fields_in_both_modes() {
    fields::<f32>();
    fields::<Ee32>();
}
