//! The facade's public signatures speak values and typed words: outside
//! the `record` module no `pub fn` names the record layer's `Vec4`, its
//! `Quat`, an `OwnerId` or a numbered attribute (issue of the game's
//! world; DESIGN "Two layers of API").

use std::path::Path;

/// Every `pub fn` signature (from `pub fn` / `pub const fn` to its body's
/// `{` or a `;`) of the files under `dir`.
fn signatures(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            signatures(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("pub fn ").or_else(|| rest.find("pub const fn ")) {
            let tail = &rest[at..];
            let end = tail.find(['{', ';']).unwrap_or(tail.len());
            out.push((path.display().to_string(), tail[..end].to_string()));
            rest = &tail[end..];
        }
    }
}

#[test]
fn no_public_signature_names_a_record_word() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    signatures(&src, &mut all);
    assert!(all.len() > 100, "{} signatures read", all.len());
    let banned = [
        "Vec4",
        "Quat<",
        "Quat ",
        "OwnerId",
        "float_attribute",
        "type_mask: u32",
    ];
    let bad: Vec<_> = all
        .iter()
        .filter(|(_, sig)| banned.iter().any(|b| sig.contains(b)))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_front_types_are_in_the_prelude() {
    // Compiles only if each is reachable from the prelude.
    use warriors_physics::prelude::*;
    fn named<T>() {}
    named::<ObjAxes>();
    named::<WorldError>();
    named::<Event<f32>>();
    named::<ContactAnswer>();
    named::<SettleAxis>();
    named::<ObjectState>();
    named::<BodyAttributes<f32>>();
    named::<WalkInput<f32>>();
    named::<warriors_physics::MeshError>();
}

/// The walls-only queries answer walls only, as their names say: the
/// walking capsule dropped onto a floor and a sphere pressed into it meet
/// nothing (the walking sweep's wall test and `PhysicsBody_PushOutOfWalls`
/// take `|n.z| ≤ 0.65`), while the sphere sweep meets the floor.
#[test]
fn the_walls_only_queries_meet_no_floor() {
    use warriors_physics::prelude::*;
    let floor = [
        SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 5.0, 0.0]]),
        SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, 5.0, 0.0], [-5.0, 5.0, 0.0]]),
    ];
    let level: Level = Level::from_soup(&floor, &LevelConfig::default(), "floor").unwrap();
    let down = Vector3::new(0.0, 0.0, -2.0);
    let capsule = level
        .cast_capsule_walls(Point3::new(0.0, 0.0, 1.0), 0.35, 1.8, down)
        .unwrap();
    assert_eq!(capsule, None);
    let push = level
        .push_out_of_walls(Point3::new(0.0, 0.0, 0.2), 0.5)
        .unwrap();
    assert_eq!(push, None);
    let sphere = level
        .cast_sphere(Point3::new(0.0, 0.0, 1.0), 0.35, down)
        .unwrap()
        .expect("the sphere sweep meets the floor");
    assert!((sphere.fraction - 0.325).abs() < 1e-5);
}
