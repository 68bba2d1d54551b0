//! Debug drawing with Bevy's gizmos (feature `debug-draw`): the marks of
//! [`sketch`](crate::sketch::sketch), each drawn by its kind and coloured by
//! its [`Role`].

use bevy_app::{App, PostUpdate};
use bevy_color::Color;
use bevy_ecs::prelude::*;
use bevy_gizmos::gizmos::Gizmos;
use bevy_math::Isometry3d;
use bevy_transform::components::Transform;

use crate::real::PhysicsReal;
use crate::resources::Physics;
use crate::sketch::{sketch, DebugDraw, Mark, Role};

pub(crate) fn build<R: PhysicsReal>(app: &mut App) {
    app.init_resource::<DebugDraw>()
        .add_systems(PostUpdate, draw::<R>);
}

fn colour(role: Role) -> Color {
    match role {
        Role::ContactPoint => Color::srgb(1.0, 0.2, 0.2),
        Role::Normal => Color::srgb(1.0, 1.0, 0.2),
        Role::Triangle => Color::srgb(0.2, 1.0, 1.0),
        Role::Shape => Color::srgb(0.3, 1.0, 0.3),
        Role::WalkingSphere => Color::srgb(1.0, 0.5, 1.0),
    }
}

/// Draws the sketch of the last tick; its buffer is kept between frames.
fn draw<R: PhysicsReal>(
    physics: Res<Physics<R>>,
    what: Res<DebugDraw>,
    mut marks: Local<Vec<Mark>>,
    mut gizmos: Gizmos,
) {
    marks.clear();
    sketch(&physics, *what, &mut marks);
    for mark in marks.iter() {
        match *mark {
            Mark::Sphere {
                centre,
                radius,
                role,
            } => {
                gizmos.sphere(Isometry3d::from_translation(centre), radius, colour(role));
            }
            Mark::Line { from, to, role } => gizmos.line(from, to, colour(role)),
            Mark::Arrow { from, to, role } => {
                gizmos.arrow(from, to, colour(role));
            }
            Mark::Triangle { corners: k, role } => {
                gizmos.linestrip([k[0], k[1], k[2], k[0]], colour(role));
            }
            Mark::Cuboid {
                centre,
                rotation,
                size,
                role,
            } => gizmos.cube(
                Transform {
                    translation: centre,
                    rotation,
                    scale: size,
                },
                colour(role),
            ),
        }
    }
}
