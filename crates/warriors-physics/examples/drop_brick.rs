//! Drops a brick onto a floor and watches it bounce, settle and come to
//! rest, through the world's events (`WorldObject_Integrate`,
//! `WorldObject_OnContact`, the settle slots).
//!
//! `cargo run -p warriors-physics --example drop_brick`

use std::error::Error;

use warriors_physics::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let floor = [
        SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [4.0, 4.0, 0.0]]),
        SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, 4.0, 0.0], [-4.0, 4.0, 0.0]]),
    ];
    let mut world = World::<f32>::new();
    world.set_level(Level::from_soup(&floor, &LevelConfig::default(), "floor")?)?;

    // A brick 0.07 × 0.21 × 0.10 m, turned 30° about z, drifting sideways;
    // it may settle onto a face across x or z.
    let mut brick = ObjectDesc::cuboid(Point3::new(0.0, 0.0, 1.2), Vector3::new(0.07, 0.21, 0.10));
    brick.rotation = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 30f32.to_radians());
    brick.settle = SettleAxis::XZ;
    let body = world.add_object(brick)?;
    world.drop_object(body, Vector3::new(0.3, 0.2, 0.0))?;

    let mut lowest = f32::MAX;
    for tick in 0..240 {
        world.tick(&mut ());
        let z = world.position(body)?.z;
        lowest = lowest.min(z);
        for event in world.drain_events() {
            match event {
                Event::Contact(c) => println!(
                    "tick {tick:3}: contact, normal z {:+.2}, answer {:?} ({:#x})",
                    c.normal.z,
                    c.answer.code,
                    c.answer.word()
                ),
                Event::SettleStarted { .. } => println!("tick {tick:3}: settling, z = {z:.4}"),
                Event::SettleFinished { .. } => println!("tick {tick:3}: settled, z = {z:.4}"),
                Event::Landed { .. } => println!("tick {tick:3}: at rest, z = {z:.4}"),
                _ => {}
            }
        }
    }
    let z = world.position(body)?.z;
    println!("after 4 s: z = {z:.4}, lowest {lowest:.4}");
    assert!(world.state(body)?.is_at_rest(), "the brick came to rest");
    assert!(lowest > 0.0 && z < 0.2, "on the floor, not through it");
    Ok(())
}
