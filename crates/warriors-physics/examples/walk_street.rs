//! Walks a human down a street loaded from an OBJ file
//! (`fixtures/mesh/street.obj`) until the parked car stops him, then turns
//! him onto the pavement, over the kerb, and into a façade, and prints
//! what he touched.
//!
//! `cargo run -p warriors-physics --example walk_street`

use std::error::Error;
use std::path::Path;

use warriors_physics::prelude::*;

/// Ticks `ticks` times (60 Hz), counting the walker's contacts.
fn run(world: &mut World, walker: Body, ticks: usize) -> usize {
    let mut touched = 0;
    for _ in 0..ticks {
        world.tick(&mut ());
        touched += world
            .drain_events()
            .filter(|e| matches!(e, Event::Contact(c) if c.mover == walker))
            .count();
    }
    touched
}

fn main() -> Result<(), Box<dyn Error>> {
    let obj = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mesh/street.obj");
    let level = Level::<f32>::load_obj(&obj, &ObjOptions::default())?;
    println!(
        "street: {} triangles in {} tile(s)",
        level.triangle_count(),
        level.tile_count()
    );
    let mut world = World::<f32>::new();
    world.set_level(level)?;
    let walker = world.add_human(HumanDesc::at(Point3::new(2.0, 2.0, 0.0)))?;

    // East along the road at 1.5 m/s for 15 s: 22.5 m would pass x = 20,
    // where the car's side stands.
    world.set_walk(walker, Vector3::new(1.5, 0.0, 0.0))?;
    let touched = run(&mut world, walker, 900);
    let p = world.position(walker)?;
    println!(
        "after 15 s east: x = {:.3}, y = {:.3} ({touched} contacts)",
        p.x, p.y
    );
    assert!(p.x < 20.0 && p.x > 19.0, "the car stops him");

    // North: over the kerb (0.15 m, below the walking body's 0.25 m wall
    // rule) and on into the façade at y = 6.
    world.set_walk(walker, Vector3::new(0.0, 1.5, 0.0))?;
    run(&mut world, walker, 300);
    let p = world.position(walker)?;
    println!("after 5 s north: x = {:.3}, y = {:.3}", p.x, p.y);
    assert!(p.y > 5.0 && p.y < 6.0, "the façade stops him");

    // What does he see ahead? A line of sight along the pavement.
    let level = world.level().expect("the level");
    let eye = Point3::new(p.x, p.y, 1.6);
    let ahead = level.cast_ray(
        eye,
        Vector3::new(1.0f32, 0.0, 0.0),
        50.0,
        &RayFilter::default(),
    )?;
    if let Some(h) = ahead {
        println!(
            "ahead: {} at {:.2} m (triangle {:?})",
            h.material, h.distance, h.triangle
        );
    }
    Ok(())
}
