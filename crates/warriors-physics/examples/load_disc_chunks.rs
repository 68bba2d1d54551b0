//! Loads the console's collision chunks from a level file
//! (`fixtures/mesh/hand-made.lev`, assembled from the documented layout)
//! and asks it what lies under a grid of points.
//!
//! `cargo run -p warriors-physics --example load_disc_chunks [FILE.lev]`

use std::error::Error;
use std::path::{Path, PathBuf};

use warriors_physics::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args_os().nth(1).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mesh/hand-made.lev"),
        PathBuf::from,
    );
    let level = match Level::<f32>::load_level_file(&path) {
        Ok(l) => l,
        Err(e) => {
            // A typed error naming the file and the chunk and byte offset.
            eprintln!("cannot load: {e}");
            return Err(e.into());
        }
    };
    let mesh = level.mesh(0).expect("one tile");
    println!(
        "{}: {} triangles, {} vertices, grid {:?}",
        path.display(),
        mesh.triangles().len(),
        mesh.vertices().len(),
        mesh.grid().dims()
    );
    for (i, t) in mesh.triangles().iter().enumerate() {
        println!(
            "  triangle {i}: flags {:#06x} material {}{}",
            t.flags.bits(),
            t.material,
            if t.is_degenerate(mesh.vertices()) == Some(true) {
                " (degenerate)"
            } else {
                ""
            }
        );
    }
    let mut grounds = 0;
    for j in 0..5 {
        let mut row = String::new();
        for i in 0..5 {
            let p = Point3::new(i as f32 * 2.0 + 1.0, j as f32 * 2.0 + 1.0, 3.0);
            match level.ground_below(p, 10.0)? {
                Some(g) => {
                    grounds += 1;
                    row.push_str(&format!(" {:>3}", g.hit.triangle.index));
                }
                None => row.push_str("   ."),
            }
        }
        println!("  ground under y = {}:{row}", j * 2 + 1);
    }
    assert!(grounds > 0);
    Ok(())
}
