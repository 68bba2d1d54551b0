//! Imports one OBJ file with the default options and prints what came of it
//! and how long it took: `cargo run --release -p warriors-collision-mesh --example
//! load_obj -- FILE [3d]` (under `/usr/bin/time -v` for the peak memory);
//! `3d` builds a grid with more than one layer of cells in `z`.

use std::time::Instant;

use collision_mesh::obj::{self, ObjOptions};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: load_obj FILE.obj");
        std::process::exit(2);
    };
    let mut options = ObjOptions::default();
    options.build.flat_z = std::env::args().nth(2).as_deref() != Some("3d");
    let start = Instant::now();
    let result = obj::import_file(std::path::Path::new(&path), &options);
    let took = start.elapsed();
    match result {
        Ok(mesh) => println!(
            "{path}: {} triangles, {} vertices, grid {:?}, in {took:.3?}",
            mesh.triangles().len(),
            mesh.vertices().len(),
            mesh.grid().dims()
        ),
        Err(e) => println!("{path}: refused in {took:.3?}: {e}"),
    }
}
