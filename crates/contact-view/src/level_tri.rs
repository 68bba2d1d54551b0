//! [`LevelTri`]: a level triangle as the pictures draw it, and the
//! triangles of a collision mesh in that form. The level view
//! ([`crate::level`], [`crate::level_map`]) and the scenario view
//! ([`crate::scenario`]) both draw them; neither imports the other.

use collision_mesh::CollisionMesh;

use crate::scene::P;

/// A level triangle as drawn: corners, flags, material.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTri {
    /// The corners.
    pub corners: [P; 3],
    /// The flag word.
    pub flags: u16,
    /// The material byte.
    pub material: u8,
}

impl LevelTri {
    /// The highest corner's `z`.
    #[must_use]
    pub fn top(&self) -> f64 {
        self.corners.iter().map(|c| c[2]).fold(f64::MIN, f64::max)
    }

    /// The mean of the corners' `z`.
    #[must_use]
    pub fn mean_height(&self) -> f64 {
        self.corners.iter().map(|c| c[2]).sum::<f64>() / 3.0
    }
}

/// The mesh's triangles as drawn (corners, flags, material), in mesh order.
#[must_use]
pub fn triangles(mesh: &CollisionMesh) -> Vec<LevelTri> {
    let v = mesh.vertices();
    mesh.triangles()
        .iter()
        .map(|t| LevelTri {
            corners: t.v.map(|i| {
                let p = v.get(usize::from(i)).copied().unwrap_or([0.0; 4]);
                [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])]
            }),
            flags: t.flags.bits(),
            material: t.material.0,
        })
        .collect()
}
