//! What the debug drawing draws, as plain values.
//!
//! [`sketch`] turns the world's last tick into [`Mark`]s: for each contact
//! its point, its normal and the level triangle it met, and for each body
//! its shapes as the world last posed them (a human's walking sphere among
//! them). The feature `debug-draw` hands the marks to Bevy's gizmos; the
//! sketch itself needs no renderer, so a headless game (or a test) can read
//! what would be drawn. Nothing here computes physics: every number is a
//! contact's or a shape's as the facade gives it, turned to `f32`.

use bevy_ecs::prelude::Resource;
use bevy_math::{Quat, Vec3};
use warriors_physics::{BodyShape, Event, Real, Touched};

use crate::real::PhysicsReal;
use crate::resources::Physics;

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

/// What a mark shows, which the drawing colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A contact's point.
    ContactPoint,
    /// A contact's normal (the other half's, pointing at the mover).
    Normal,
    /// The level triangle a contact met.
    Triangle,
    /// A body's shape.
    Shape,
    /// The sphere a body's capsule walks the level with.
    WalkingSphere,
}

/// One thing to draw, in the level's axes (metres, `z` up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// A sphere's outline.
    Sphere {
        /// Its centre.
        centre: Vec3,
        /// Its radius.
        radius: f32,
        /// What it shows.
        role: Role,
    },
    /// A line.
    Line {
        /// One end.
        from: Vec3,
        /// The other end.
        to: Vec3,
        /// What it shows.
        role: Role,
    },
    /// An arrow from `from` to `to`.
    Arrow {
        /// Its foot.
        from: Vec3,
        /// Its head.
        to: Vec3,
        /// What it shows.
        role: Role,
    },
    /// A triangle's outline, corner 0 to 1 to 2 and back.
    Triangle {
        /// Its corners, in the mesh's order.
        corners: [Vec3; 3],
        /// What it shows.
        role: Role,
    },
    /// An oriented box's outline.
    Cuboid {
        /// Its centre.
        centre: Vec3,
        /// Its rotation.
        rotation: Quat,
        /// Its full size along its own axes (twice the half extents).
        size: Vec3,
        /// What it shows.
        role: Role,
    },
}

/// The radius of a contact point's sphere, in metres.
pub const CONTACT_RADIUS: f32 = 0.03;
/// The length a normal is drawn, in metres.
pub const NORMAL_LENGTH: f32 = 0.3;

fn lanes<R: Real>(x: R, y: R, z: R) -> Vec3 {
    Vec3::new(x.to_f32(), y.to_f32(), z.to_f32())
}

/// Appends to `out` what `what` asks to be drawn of the last tick: for each
/// contact event (in the order the world reported them) a
/// [`Role::ContactPoint`] sphere, a [`Role::Normal`] arrow of
/// [`NORMAL_LENGTH`] and, for a level triangle, its [`Role::Triangle`]
/// outline; then for each body (in the plugin's body order) its shapes
/// ([`Role::Shape`]: a sphere, a capsule as its two end spheres and the
/// line between them, a box, a segment) and, for a body with a capsule,
/// its [`Role::WalkingSphere`]
/// ([`World::walking_sphere`](warriors_physics::World::walking_sphere)).
pub fn sketch<R: PhysicsReal>(physics: &Physics<R>, what: DebugDraw, out: &mut Vec<Mark>) {
    let world = physics.world();
    if what.contacts {
        for event in physics.events() {
            let Event::Contact(c) = event else { continue };
            let point = lanes(c.point.x, c.point.y, c.point.z);
            let normal = lanes(c.normal.x, c.normal.y, c.normal.z);
            out.push(Mark::Sphere {
                centre: point,
                radius: CONTACT_RADIUS,
                role: Role::ContactPoint,
            });
            out.push(Mark::Arrow {
                from: point,
                to: point + normal * NORMAL_LENGTH,
                role: Role::Normal,
            });
            let Touched::Level(t) = c.other else { continue };
            let corners = world
                .level()
                .and_then(|level| level.mesh(t.tile))
                .and_then(|mesh| mesh.corners::<f32>(usize::from(t.index)));
            if let Some(k) = corners {
                let corners = k.map(|q| {
                    let q = q.to_f32();
                    Vec3::new(q[0], q[1], q[2])
                });
                out.push(Mark::Triangle {
                    corners,
                    role: Role::Triangle,
                });
            }
        }
    }
    if what.shapes {
        for body in physics.bodies() {
            if let Ok(shapes) = world.shapes(body) {
                out.extend(shapes.flat_map(|s| shape_marks(&s)));
            }
            if let Ok(Some((centre, radius))) = world.walking_sphere(body) {
                out.push(Mark::Sphere {
                    centre: lanes(centre.x, centre.y, centre.z),
                    radius: radius.to_f32(),
                    role: Role::WalkingSphere,
                });
            }
        }
    }
}

/// The marks of one shape (at most three).
fn shape_marks<R: Real>(s: &BodyShape<R>) -> impl Iterator<Item = Mark> {
    let role = Role::Shape;
    let marks: [Option<Mark>; 3] = match *s {
        BodyShape::Sphere { centre, radius } => [
            Some(Mark::Sphere {
                centre: lanes(centre.x, centre.y, centre.z),
                radius: radius.to_f32(),
                role,
            }),
            None,
            None,
        ],
        BodyShape::Capsule {
            base,
            radius,
            height,
        } => {
            let b = lanes(base.x, base.y, base.z);
            let top = Vec3::new(b.x, b.y, (base.z + height).to_f32());
            let r = radius.to_f32();
            [
                Some(Mark::Sphere {
                    centre: b,
                    radius: r,
                    role,
                }),
                Some(Mark::Sphere {
                    centre: top,
                    radius: r,
                    role,
                }),
                Some(Mark::Line {
                    from: b,
                    to: top,
                    role,
                }),
            ]
        }
        BodyShape::Box { half_extents, pose } => {
            let t = pose.translation.vector;
            let q = pose.rotation;
            [
                Some(Mark::Cuboid {
                    centre: Vec3::new(t.x, t.y, t.z),
                    rotation: Quat::from_xyzw(q.i, q.j, q.k, q.w),
                    size: lanes(half_extents.x, half_extents.y, half_extents.z) * 2.0,
                    role,
                }),
                None,
                None,
            ]
        }
        BodyShape::Segment { start, end, .. } => [
            Some(Mark::Line {
                from: lanes(start.x, start.y, start.z),
                to: lanes(end.x, end.y, end.z),
                role,
            }),
            None,
            None,
        ],
        // A shape a later facade adds is not drawn until it is named here.
        _ => [None, None, None],
    };
    marks.into_iter().flatten()
}
