//! The state one level query uses: handed out by the level's pool (the
//! [`level`](crate::level) module, "Sharing") and read by the queries. It
//! sits below both, so their imports go one way: the queries' module
//! imports the level and this module, the level this module.

use collision_mesh::{TiledMesh, TiledScratch};
use kernels::Contact;
use ps2_float::Real;

/// The state one query uses: each tile's record-layer scratch (visited
/// bits, the mesh contact array), the output records of one tile's sweep
/// and the ray filter's material list in the record layer's words.
#[derive(Debug)]
pub(crate) struct Scratch<R> {
    pub(crate) tiles: TiledScratch<R>,
    /// [`collision_mesh::query::MESH_CONTACTS`] records, each reset once
    /// read.
    pub(crate) out: Vec<Contact<R>>,
    pub(crate) exclude: Vec<u32>,
}

impl<R: Real> Scratch<R> {
    pub(crate) fn new(mesh: &TiledMesh) -> Self {
        Self {
            tiles: TiledScratch::new(mesh),
            out: vec![Contact::default(); collision_mesh::query::MESH_CONTACTS],
            exclude: Vec::new(),
        }
    }
}
