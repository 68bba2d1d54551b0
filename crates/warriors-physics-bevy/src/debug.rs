//! Debug drawing with Bevy's gizmos (feature `debug-draw`): each contact
//! of the last tick (its point, its normal, the triangle met), and each
//! body's shapes as the world last posed them (a human's walking sphere
//! among them).

use bevy_app::{App, PostUpdate};
use bevy_color::Color;
use bevy_ecs::prelude::*;
use bevy_gizmos::gizmos::Gizmos;
use bevy_math::{Isometry3d, Quat, Vec3};
use warriors_physics::{BodyShape, Event, Touched};

use crate::resources::Physics;
use crate::PhysicsReal;

/// What to draw; a resource (all on by default).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugDraw {
    /// The last tick's contacts: points, normals, triangles met.
    pub contacts: bool,
    /// Every body's shapes (spheres, capsules, boxes, segments).
    pub shapes: bool,
}

impl Default for DebugDraw {
    fn default() -> Self {
        Self {
            contacts: true,
            shapes: true,
        }
    }
}

pub(crate) fn build<R: PhysicsReal>(app: &mut App) {
    app.init_resource::<DebugDraw>()
        .add_systems(PostUpdate, draw::<R>);
}

fn v<R: PhysicsReal>(x: R, y: R, z: R) -> Vec3 {
    Vec3::new(x.to_f32(), y.to_f32(), z.to_f32())
}

fn draw<R: PhysicsReal>(physics: Res<Physics<R>>, what: Res<DebugDraw>, mut gizmos: Gizmos) {
    let world = physics.world();
    if what.contacts {
        for e in physics.events() {
            let Event::Contact(c) = e else { continue };
            let p = v(c.point.x, c.point.y, c.point.z);
            let n = v(c.normal.x, c.normal.y, c.normal.z);
            gizmos.sphere(
                Isometry3d::from_translation(p),
                0.03,
                Color::srgb(1.0, 0.2, 0.2),
            );
            gizmos.arrow(p, p + n * 0.3, Color::srgb(1.0, 1.0, 0.2));
            if let (Touched::Level(t), Some(level)) = (c.other, world.level()) {
                let corners = level
                    .mesh(t.tile)
                    .and_then(|mesh| mesh.corners::<f32>(usize::from(t.index)));
                if let Some(k) = corners {
                    let k = k.map(|q| {
                        let q = q.to_f32();
                        Vec3::new(q[0], q[1], q[2])
                    });
                    gizmos.linestrip([k[0], k[1], k[2], k[0]], Color::srgb(0.2, 1.0, 1.0));
                }
            }
        }
    }
    if what.shapes {
        for body in physics.bodies() {
            if let Ok(shapes) = world.shapes(body) {
                for s in shapes {
                    draw_shape(&mut gizmos, &s);
                }
            }
        }
    }
}

fn draw_shape<R: PhysicsReal>(gizmos: &mut Gizmos, s: &BodyShape<R>) {
    let colour = Color::srgb(0.3, 1.0, 0.3);
    match *s {
        BodyShape::Sphere { centre, radius } => {
            let c = v(centre.x, centre.y, centre.z);
            gizmos.sphere(Isometry3d::from_translation(c), radius.to_f32(), colour);
        }
        BodyShape::Capsule {
            base,
            radius,
            height,
        } => {
            let b = v(base.x, base.y, base.z);
            let r = radius.to_f32();
            let up = Vec3::Z * height.to_f32();
            gizmos.sphere(Isometry3d::from_translation(b), r, colour);
            gizmos.sphere(Isometry3d::from_translation(b + up), r, colour);
            gizmos.line(b, b + up, colour);
        }
        BodyShape::Box { half_extents, pose } => {
            let t = pose.translation.vector;
            let q = pose.rotation;
            let size = v(half_extents.x, half_extents.y, half_extents.z) * 2.0;
            gizmos.cube(
                bevy_transform::components::Transform {
                    translation: Vec3::new(t.x, t.y, t.z),
                    rotation: Quat::from_xyzw(q.i, q.j, q.k, q.w),
                    scale: size,
                },
                colour,
            );
        }
        BodyShape::Segment { start, end, .. } => {
            gizmos.line(v(start.x, start.y, start.z), v(end.x, end.y, end.z), colour);
        }
        _ => {}
    }
}
