//! The switches of the level mesh's quirks (`docs/quirks.md`, the mesh's
//! rows; Coney `collision.md`, `characters.md`), one field of
//! [`Quirks`](crate::Quirks). The mesh and its queries live in
//! `collision-mesh`, which reads these.

/// The level mesh's switchable quirks; `true` reproduces the console's
/// behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshQuirks {
    /// Loading sets the enabled bit 0x1 in every triangle, so a triangle a
    /// file stores switched off collides all the same. Off, each triangle
    /// keeps the bit its file stores. Read by
    /// `collision_mesh::MeshChunks::decode_with`.
    pub enable_on_load: bool,
    /// The walking sweep's low-wall test measures a face by its steepest
    /// edge's rise and drops a face whose third corner lies under 0.25 m
    /// from its longest (not nearly vertical) edge, so a tall face whose
    /// steepest edge is short, or a tall face cut into slivers, is walked
    /// through. Off, a face is too low exactly when its corners span less
    /// than 0.25 m in height: the 0.25 m step itself is the game's rule and
    /// stays. Read by the walking sweep
    /// (`collision_mesh::CollisionMesh::sweep_capsule`).
    pub low_wall_edges: bool,
    /// The sphere push-out counts a wall only where the centre's
    /// projection falls inside its face: a sphere reaching a wall's edge or
    /// corner and not its face is not pushed. Off, every wall the sphere
    /// reaches pushes, along the line from the wall's nearest point to the
    /// centre. Read by `collision_mesh::CollisionMesh::sphere_push`.
    pub push_faces_only: bool,
    /// The sphere push-out moves the centre by the average of the walls'
    /// pushes, so a sphere in a corner of two walls ends half way out of
    /// each. Off, the centre moves by the shortest displacement that takes
    /// it out of every wall's push (the wall's plane, or its edge's tangent
    /// plane, at the radius). Read by
    /// `collision_mesh::CollisionMesh::sphere_push`.
    pub push_average: bool,
    /// Only a sphere overlaps the mesh: the mesh overlap table's box and
    /// capsule entries return 0 without reading the mesh, so a box or a
    /// capsule standing in a wall or the ground finds nothing. Off, they
    /// overlap its triangles as the sphere does, with a depth
    /// ([`box_triangle_depth`], [`capsule_triangle_depth`]; divergences 477,
    /// 478). Read by `collision_mesh::CollisionMesh::overlap_box_with` and
    /// `overlap_capsule_with`.
    ///
    /// [`box_triangle_depth`]: crate::triangle_overlap::box_triangle_depth
    /// [`capsule_triangle_depth`]: crate::triangle_overlap::capsule_triangle_depth
    pub overlap_sphere_only: bool,
}

impl MeshQuirks {
    /// Every mesh quirk as the console has it.
    #[must_use]
    pub const fn console() -> Self {
        Self {
            enable_on_load: true,
            low_wall_edges: true,
            push_faces_only: true,
            push_average: true,
            overlap_sphere_only: true,
        }
    }

    /// Every mesh quirk turned off.
    #[must_use]
    pub const fn corrected() -> Self {
        Self {
            enable_on_load: false,
            low_wall_edges: false,
            push_faces_only: false,
            push_average: false,
            overlap_sphere_only: false,
        }
    }
}

impl Default for MeshQuirks {
    fn default() -> Self {
        Self::console()
    }
}
