//! Imports one OBJ file with the default options and prints what came of it
//! and how long it took: `cargo run --release -p collision-mesh --example
//! load_obj -- FILE` (under `/usr/bin/time -v` for the peak memory).

use std::time::Instant;

use collision_mesh::obj::{self, ObjOptions};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: load_obj FILE.obj");
        std::process::exit(2);
    };
    let start = Instant::now();
    let result = obj::import_file(std::path::Path::new(&path), &ObjOptions::default());
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
