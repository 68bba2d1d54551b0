//! A level of three tiles side by side, each a 10 m square of two
//! triangles: tile 0 `GRASS` at z = 0, tile 1 `ASHPHALT` at z = 2 (its
//! second triangle two-sided), tile 2 `STEEL` at z = 6 with the car shells'
//! flags `0xf00d` (corner edge 3).

use collision_mesh::{
    build, Attributes, BuildConfig, CollisionMesh, Material, SoupTriangle, TriangleFlags,
};

/// Tile `k`: the square `x` 10k..10k+10, `y` 0..10 at height `z`.
fn square(k: usize, z: f32, material: Material, flags: [u16; 2]) -> CollisionMesh {
    let x0 = 10.0 * k as f32;
    let x1 = x0 + 10.0;
    let tri = |c: [[f32; 3]; 3], f: u16| {
        SoupTriangle::new(c).with(Attributes {
            flags: TriangleFlags::from_bits_retain(f),
            material,
            area: 1,
        })
    };
    let soup = [
        tri([[x0, 0.0, z], [x1, 0.0, z], [x1, 10.0, z]], flags[0]),
        tri([[x0, 0.0, z], [x1, 10.0, z], [x0, 10.0, z]], flags[1]),
    ];
    build::from_soup(&soup, &BuildConfig::default(), "square").unwrap()
}

pub fn three_tiles() -> Vec<CollisionMesh> {
    let two_sided = TriangleFlags::TWO_SIDED.bits();
    vec![
        square(0, 0.0, Material::GRASS, [0, 0]),
        square(1, 2.0, Material::ASHPHALT, [0, two_sided]),
        square(2, 6.0, Material::STEEL, [0xf00d, 0xf00d]),
    ]
}
