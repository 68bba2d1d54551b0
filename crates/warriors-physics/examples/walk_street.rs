//! Walks a human down a street loaded from an OBJ file
//! (`fixtures/mesh/street.obj`) until the parked car stops him, then turns
//! him onto the pavement, over the kerb, and into a façade.
//!
//! `cargo run -p warriors-physics --example walk_street`

use std::error::Error;
use std::path::Path;

use warriors_physics::prelude::*;
use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WalkingHumanOwner};
use warriors_physics::record::{MoverState, Vec4};

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

    let mut owners = ReferenceOwners::<f32>::default();
    let walker = owners.push(ReferenceOwner::Human(WalkingHumanOwner::at(Vec4::point(
        2.0, 2.0, 0.0,
    ))));
    let body = world.create_human(&owners, walker)?;
    owners.set_body(walker, body.0);

    let dt = 1.0 / 30.0;
    let walk =
        |world: &mut World<f32>, owners: &mut ReferenceOwners<f32>, v: Vector3<f32>, ticks| {
            let mut stuck = 0;
            for _ in 0..ticks {
                let r = world.sweep(owners, body, v, dt, &MoverState::default())?;
                stuck += u32::from(r.contacts > 0);
            }
            Ok::<_, WorldError>(stuck)
        };
    let feet = |owners: &ReferenceOwners<f32>| match owners.get(walker) {
        Some(ReferenceOwner::Human(h)) => h.position,
        _ => Vec4::ZERO,
    };

    // East along the road at 1.5 m/s for 15 s: 22.5 m would pass x = 20,
    // where the car's side stands.
    let touched = walk(&mut world, &mut owners, Vector3::new(1.5, 0.0, 0.0), 450)?;
    let p = feet(&owners);
    println!(
        "after 15 s east: x = {:.3}, y = {:.3} ({touched} ticks touching)",
        p.x, p.y
    );
    assert!(p.x < 20.0 && p.x > 19.0, "the car stops him");

    // North: over the kerb (0.15 m, below the walking body's 0.25 m wall
    // rule) and on into the façade at y = 6.
    walk(&mut world, &mut owners, Vector3::new(0.0, 1.5, 0.0), 150)?;
    let p = feet(&owners);
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
