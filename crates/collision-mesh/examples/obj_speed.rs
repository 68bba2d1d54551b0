//! Times the OBJ reader and the builder on the generated street soup:
//! `cargo run --release -p warriors-collision-mesh --example obj_speed`. Reads the
//! 12 × 12-block soup (125,856 triangles; more than a mesh holds) and
//! imports the 8 × 8-block one (55,936 triangles) into a mesh, five times
//! each, and prints the fastest and slowest run.

use std::time::{Duration, Instant};

use collision_mesh::obj::{self, ObjOptions};

#[path = "../tests/support/street_obj.rs"]
mod street_obj;

fn time<T>(mut f: impl FnMut() -> T) -> (Duration, Duration, T) {
    let mut best = Duration::MAX;
    let mut worst = Duration::ZERO;
    let mut last = None;
    for _ in 0..5 {
        let start = Instant::now();
        let out = f();
        let took = start.elapsed();
        best = best.min(took);
        worst = worst.max(took);
        last = Some(out);
    }
    (best, worst, last.expect("five runs"))
}

fn main() {
    let options = ObjOptions::default();
    let big = street_obj::street_obj(12);
    let (best, worst, soup) = time(|| {
        obj::read_str(&big, "street12.obj", &options)
            .expect("read")
            .0
            .len()
    });
    println!(
        "read {soup} triangles ({} blocks of {}, {:.1} MB of text): {best:.3?} to {worst:.3?}",
        12 * 12,
        street_obj::TRIANGLES_PER_BLOCK,
        big.len() as f64 / 1e6
    );
    let part = street_obj::street_obj(8);
    let (best, worst, mesh) =
        time(|| obj::import_str(&part, "street8.obj", &options).expect("mesh"));
    println!(
        "import {} triangles ({:.1} MB), grid {:?}: {best:.3?} to {worst:.3?}",
        mesh.triangles().len(),
        part.len() as f64 / 1e6,
        mesh.grid().dims()
    );
    let soup = obj::soup_from_str(&part, "street8.obj", &options).expect("soup");
    let (best, worst, _) =
        time(|| collision_mesh::build::from_soup(&soup, &options.build, "street8").expect("mesh"));
    println!("of which building the mesh: {best:.3?} to {worst:.3?}");
}
