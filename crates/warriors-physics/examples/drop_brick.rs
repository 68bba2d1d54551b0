//! Drops a brick onto a floor and watches it bounce, settle and come to
//! rest, with the record layer's reference world-object owner
//! (`WorldObject_Integrate`, `WorldObject_OnContact`, the settle slots).
//!
//! `cargo run -p warriors-physics --example drop_brick`

use std::error::Error;

use warriors_physics::prelude::*;
use warriors_physics::record::reference::{ReferenceOwner, ReferenceOwners, WorldObjectOwner};
use warriors_physics::record::Vec4;

/// The object flags the reference owner keeps (`+0x54`).
const AIRBORNE: u32 = 0x400_0000;
const SETTLING: u32 = 0x4_0000;
const GROUNDED: u32 = 0x200_0000;

fn main() -> Result<(), Box<dyn Error>> {
    let floor = [
        SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [4.0, 4.0, 0.0]]),
        SoupTriangle::new([[-4.0, -4.0, 0.0], [4.0, 4.0, 0.0], [-4.0, 4.0, 0.0]]),
    ];
    let mut world = World::<f32>::new();
    world.set_level(Level::from_soup(&floor, &LevelConfig::default(), "floor")?)?;

    // A brick 0.07 × 0.21 × 0.10 m, turned 30° about z, drifting sideways
    // (axis byte 5: it settles onto a face).
    let size = [0.07, 0.21, 0.10];
    let mut owners = ReferenceOwners::<f32>::default();
    let mut brick = WorldObjectOwner::at(
        Vec4::point(0.0, 0.0, 1.2),
        Vec4::new(size[0], size[1], size[2], 0.0),
        5,
    );
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 30f32.to_radians());
    brick.rotation = warriors_physics::record::Quat::from_f32([turn.i, turn.j, turn.k, turn.w]);
    let id = owners.push(ReferenceOwner::Object(brick));
    let body = world.create_object(&owners, id, ObjectBody::Box { size })?;
    owners.set_body(id, body.0);
    owners.drop_object(id, Vec4::new(0.3, 0.2, 0.0, 0.0));

    let mut last_flags = u32::MAX;
    let mut lowest = f32::MAX;
    for tick in 0..240 {
        world.tick_reference_objects(&mut owners);
        let o = owners.object(id).expect("the brick");
        lowest = lowest.min(o.position.z);
        if o.flags != last_flags {
            let state = match o.flags {
                f if f & SETTLING != 0 => "settling",
                f if f & AIRBORNE != 0 => "falling",
                f if f & GROUNDED != 0 => "at rest",
                _ => "still",
            };
            println!(
                "tick {tick:3}: {state:8} z = {:.4} vz = {:+.3}",
                o.position.z, o.velocity.z
            );
            last_flags = o.flags;
        }
    }
    let o = owners.object(id).expect("the brick");
    println!("after 4 s: z = {:.4}, lowest {lowest:.4}", o.position.z);
    assert!(o.flags & AIRBORNE == 0, "the brick came to rest");
    assert!(
        lowest > 0.0 && o.position.z < 0.2,
        "on the floor, not through it"
    );
    Ok(())
}
