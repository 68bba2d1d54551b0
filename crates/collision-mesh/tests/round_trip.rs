//! Round trips through every form: RON, the binary form, the chunks (in
//! memory and as six files), and OBJ.

mod common;

use collision_mesh::chunks::MeshChunks;
use collision_mesh::obj::{self, ObjAxes, ObjOptions, Sidecar};
use collision_mesh::{
    binary, build, ron_text, Attributes, BuildConfig, CollisionMesh, Material, MeshError,
    SoupTriangle, TriangleFlags,
};
use proptest::prelude::*;
use std::path::Path;

fn hand_made() -> CollisionMesh {
    common::mesh_chunks().decode("hand-made").expect("decode")
}

fn yard() -> CollisionMesh {
    let rail = Attributes {
        flags: TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED,
        material: Material::RAILING,
        area: 3,
    };
    let shell = Attributes {
        flags: TriangleFlags::from_bits_retain(0xf00d),
        material: Material(0),
        area: 0,
    };
    let soup = [
        SoupTriangle::new([[0.0, 0.0, 0.0], [40.0, 0.0, 0.0], [40.0, 40.0, 0.0]]),
        SoupTriangle::new([[0.0, 0.0, 0.0], [40.0, 40.0, 0.0], [0.0, 40.0, 0.0]]),
        SoupTriangle::new([[20.0, 0.0, 0.0], [20.0, 40.0, 0.0], [20.0, 40.0, 1.1]]).with(rail),
        SoupTriangle::new([[5.5, 5.25, 0.0], [7.125, 5.25, 1.5], [5.5, 6.0, -0.75]]).with(shell),
    ];
    build::from_soup(&soup, &BuildConfig::default(), "yard").expect("build")
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("collision-mesh-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Saves the yard as `file` in a scratch folder of its own (`name`) with
/// `save`, and asserts that `load` gives it back.
fn yard_file_round_trip(
    name: &str,
    file: &str,
    save: fn(&CollisionMesh, &Path) -> Result<(), MeshError>,
    load: fn(&Path) -> Result<CollisionMesh, MeshError>,
) {
    let dir = scratch_dir(name);
    let path = dir.join(file);
    save(&yard(), &path).expect("save");
    assert_eq!(load(&path).expect("load"), yard());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ron_round_trip() {
    for mesh in [hand_made(), yard()] {
        let text = ron_text::to_string(&mesh).expect("ron");
        assert_eq!(ron_text::from_str(&text, "mesh.ron").expect("parse"), mesh);
    }
    // Flags are written by name, unknown bits as hex.
    let text = ron_text::to_string(&hand_made()).expect("ron");
    assert!(text.contains("ENABLED | TWO_SIDED"), "{text}");
    assert!(text.contains("0xf000"), "{text}");
}

#[test]
fn ron_files_round_trip() {
    yard_file_round_trip("ron", "yard.ron", ron_text::save, ron_text::load);
}

#[test]
fn binary_round_trip() {
    for mesh in [hand_made(), yard()] {
        let bytes = binary::to_bytes(&mesh);
        assert_eq!(binary::from_bytes(&bytes, "mesh.bin").expect("read"), mesh);
        // The same bytes again: the form is canonical.
        assert_eq!(
            binary::to_bytes(&binary::from_bytes(&bytes, "mesh.bin").expect("read")),
            bytes
        );
    }
    yard_file_round_trip("bin", "yard.bin", binary::save, binary::load);
}

#[test]
fn chunk_round_trip() {
    let chunks = common::mesh_chunks();
    let mesh = chunks.decode("hand-made").expect("decode");
    assert_eq!(MeshChunks::encode(&mesh), chunks);
    let mesh = yard();
    let chunks = MeshChunks::encode(&mesh);
    for id in collision_mesh::chunks::ChunkId::FILE_ORDER {
        assert_eq!(chunks.get(id).len() % 16, 0, "{id} is padded to 16 bytes");
    }
    assert_eq!(chunks.decode("yard").expect("decode"), mesh);
}

#[test]
fn chunk_files_round_trip() {
    let dir = scratch_dir("chunks");
    let chunks = common::mesh_chunks();
    chunks.write_dir(&dir).expect("write");
    assert!(dir.join("52.bin").exists() && dir.join("03.bin").exists());
    assert_eq!(MeshChunks::read_dir(&dir).expect("read"), chunks);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn obj_round_trip() {
    let mesh = yard();
    let text = obj::export(&mesh);
    let back = obj::import_str(&text, "yard.obj", &ObjOptions::default()).expect("import");
    assert_eq!(back, mesh);
}

#[test]
fn obj_groups_and_sidecar_give_the_words() {
    let text = "\
# a kerb and a railing, y up
v 0 0 0
v 10 0 0
v 10 0 -10
v 0 1 0
v 10 1 0
g kerb
f 1 2 3
g railing flags=ENABLED|TWO_SIDED
f 1 2 5 4
o shell mat=0 flags=0xf00d area=9
f -3 -2 -1
";
    let sidecar = Sidecar::parse(
        r#"(
            default: (material: 116, flags: "ENABLED", area: 1),
            groups: { "railing": (material: 122, flags: "ENABLED", area: 3) },
        )"#,
        "kerb.sidecar.ron",
    )
    .expect("sidecar");
    let options = ObjOptions {
        axes: ObjAxes::YUp,
        sidecar,
        build: BuildConfig::default(),
        strict: false,
        ..ObjOptions::default()
    };
    let soup = obj::soup_from_str(text, "kerb.obj", &options).expect("soup");
    assert_eq!(soup.len(), 4, "the quad is cut in two");
    assert_eq!(soup[0].attributes.material, Material(116));
    assert_eq!(
        soup[0].corners[2],
        [10.0, 10.0, 0.0],
        "y up: (x, y, z) -> (x, -z, y)"
    );
    for t in &soup[1..3] {
        assert_eq!(t.attributes.material, Material::RAILING);
        assert_eq!(t.attributes.area, 3);
        assert_eq!(
            t.attributes.flags,
            TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED
        );
    }
    assert_eq!(soup[3].attributes.flags.bits(), 0xf00d);
    assert_eq!(soup[3].attributes.area, 9);
    let mesh = obj::import_str(text, "kerb.obj", &options).expect("mesh");
    assert_eq!(mesh.triangles().len(), 4);
    assert_eq!(mesh.vertices().len(), 5);
}

#[test]
fn obj_files_and_sidecar_files() {
    let dir = scratch_dir("obj");
    let obj_path = dir.join("yard.obj");
    std::fs::write(&obj_path, obj::export(&yard())).expect("write");
    let side = dir.join("yard.sidecar.ron");
    std::fs::write(&side, "(default: (material: 3))").expect("write");
    let sidecar = Sidecar::load(&side).expect("sidecar");
    assert_eq!(sidecar.default.material, Material::STEEL);
    assert_eq!(sidecar.default.area, 1, "missing words take the defaults");
    let mesh = obj::import_file(&obj_path, &ObjOptions::default()).expect("import");
    assert_eq!(mesh, yard());
    let _ = std::fs::remove_dir_all(&dir);
}

fn coord() -> impl Strategy<Value = f32> + Clone {
    (-2000i32..2000).prop_map(|v| v as f32 * 0.25)
}

fn soup() -> impl Strategy<Value = Vec<SoupTriangle>> {
    let corner = [coord(), coord(), coord()];
    let tri = (
        [corner.clone(), corner.clone(), corner],
        any::<u16>(),
        any::<u8>(),
        any::<u8>(),
    )
        .prop_map(|(corners, flags, material, area)| {
            SoupTriangle::new(corners).with(Attributes {
                flags: TriangleFlags::from_bits_retain(flags),
                material: Material(material),
                area,
            })
        });
    prop::collection::vec(tri, 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_form_round_trips(soup in soup(), flat in any::<bool>(), cell in 2.0f32..30.0) {
        let config = BuildConfig { cell_size: cell, flat_z: flat, ..BuildConfig::default() };
        let mesh = build::from_soup(&soup, &config, "soup").expect("build");
        prop_assert_eq!(&ron_text::from_str(&ron_text::to_string(&mesh).expect("ron"), "r").expect("ron back"), &mesh);
        prop_assert_eq!(&binary::from_bytes(&binary::to_bytes(&mesh), "b").expect("bin back"), &mesh);
        prop_assert_eq!(&MeshChunks::encode(&mesh).decode("c").expect("chunks back"), &mesh);
        let options = ObjOptions { build: config, ..ObjOptions::default() };
        prop_assert_eq!(&obj::import_str(&obj::export(&mesh), "o", &options).expect("obj back"), &mesh);
    }
}
