//! The neutral workload of the mesh queries, shared by the criterion bench
//! (`benches/neutral.rs`) and the instruction-count binary
//! (`examples/bench_ir.rs`, run by `cargo xtask bench-ir`).
//!
//! Both systems answer the same seeded queries on the same triangles:
//!
//! * starts: half of them in front of a wall-like triangle (a façade, a
//!   kerb face, a post, a car shell, a crate or the fence: any triangle with
//!   `|n.z| < 0.3`), a short way off its face and moving towards it; the
//!   other half anywhere over the mesh (the whole tiling for the large
//!   mesh). No sweep or ray starts in contact: a start whose shape lies
//!   within 1 cm of a triangle (parry3d's distance query) is drawn again;
//! * sphere sweeps (radius 0.5, moves of 0.5-2.5 m), every contact sorted
//!   and the first contact; the walking capsule (radius 0.35, 1.8 m tall,
//!   moves of 0.3-1.5 m); a box sweep (half extents 0.4 × 0.3 × 0.25 m,
//!   turned about `z`); rays of 20 m straight down and level; a sphere
//!   overlap and a sphere push-out (radius 0.5, centres up to 0.45 m into a
//!   wall for the near half);
//! * parry3d, newest: its `TriMesh` (with its BVH) of the same vertices
//!   and indices; the first contact is one `cast_shapes` against the whole
//!   `TriMesh` (the BVH's best-first cast), the all-contact sweeps the BVH's
//!   box query and a `cast_shapes` per triangle and a sort, the rays
//!   `cast_local_ray`, the overlap and push-out the box query and a
//!   `contact` per triangle. Parry's walking body is its `Capsule` (the
//!   port's walking sweep is one sphere at the feet of that capsule);
//! * parry3d with the port's one-sided culling: the same calls, skipping
//!   the triangles the port's filter skips before its kernel (disabled,
//!   behind a one-sided face, a two-sided face turned to the shape, moving
//!   away or grazing; the walking sweep's wall rule `|n.z| ≤ 0.65`), so
//!   neither side does work the other does not.
//!
//! The `turned_` scenes are two of them turned 20° about the vertical
//! through the middle of their tiling, triangles and queries alike (the
//! queries are drawn on the unturned scene, then turned), so that their
//! walls and crates stand off the axes, as a level's do.
//!
//! Nothing here allocates per query (parry's hit lists are reused).

#![allow(dead_code)]

use std::hint::black_box;

use collision_mesh::query::{Aabb, MeshRayFilter, QueryScratch, Ray, RayResult, SweepQuery};
use collision_mesh::{CollisionMesh, VisitedBits};
use kernels::{Capsule, Contact, OrientedBox, Sphere};
use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::{self, Ray as PRay, RayCast, ShapeCastOptions};
use parry3d::shape::{Ball, Capsule as PCapsule, Cuboid, Shape, TriMesh};
use ps2_float::{Ee32, Real, Vec4};

use crate::street::{built_with_parry_arrays, street, Lcg, Seeded, V3};
use crate::town::{any_direction, inside_any, on_box, town, Boxed, BLOCK};
use test_support::XorshiftStar;

/// The sphere's radius (sweeps, overlap, push-out).
pub const RADIUS: f32 = 0.5;
/// The rays' length.
pub const RAY_LEN: f32 = 20.0;
/// The walking capsule's radius and height.
pub const CAPSULE_R: f32 = 0.35;
pub const CAPSULE_H: f32 = 1.8;
/// The swept box's half extents.
pub const BOX_HALF: V3 = [0.4, 0.3, 0.25];
/// Queries per kind.
pub const QUERIES: usize = 256;
/// The port's side threshold and into-face limit (the filter parry gets).
const SIDE_EPS: f32 = 1e-6;
const INTO_FACE: f32 = -0.001;

/// The query kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    SweepAll,
    SweepFirst,
    Capsule,
    Box,
    RayDown,
    RayLevel,
    Overlap,
    Push,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::SweepAll,
        Kind::SweepFirst,
        Kind::Capsule,
        Kind::Box,
        Kind::RayDown,
        Kind::RayLevel,
        Kind::Overlap,
        Kind::Push,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::SweepAll => "sweep_all",
            Kind::SweepFirst => "sweep_first",
            Kind::Capsule => "capsule",
            Kind::Box => "box",
            Kind::RayDown => "ray_down",
            Kind::RayLevel => "ray_level",
            Kind::Overlap => "overlap",
            Kind::Push => "push",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// Who answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    Ours,
    OursEe32,
    Parry,
    ParryOneSided,
}

impl System {
    pub const ALL: [System; 4] = [
        System::Ours,
        System::OursEe32,
        System::Parry,
        System::ParryOneSided,
    ];

    pub fn name(self) -> &'static str {
        match self {
            System::Ours => "ours",
            System::OursEe32 => "ours_ee32",
            System::Parry => "parry",
            System::ParryOneSided => "parry_one_sided",
        }
    }

    pub fn parse(s: &str) -> Option<System> {
        System::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// One mesh in both systems.
pub struct Scene {
    pub name: &'static str,
    pub ours: CollisionMesh,
    pub parry: TriMesh,
    /// Per triangle: the flags word and the unit normal of `v0 v1 v2`.
    flags: Vec<u16>,
    normals: Vec<Vector>,
    /// The horizontal extent the far half of the starts is drawn from.
    extent: [f32; 2],
    /// The town's boxes (none for the street).
    boxes: Vec<Boxed>,
    /// The turn about `z` through `centre` (0 but for the `turned_`
    /// scenes).
    turn: f32,
    centre: [f32; 2],
}

/// The ten scenes: the street workload's `2k_8m`, `2k_2m`, `64k_8m`,
/// `64k_2m`, the town workload's (`town.rs`) of the same sizes, and the
/// street and the town of 2,000 triangles and 8 m cells turned 20°.
pub const SCENES: [&str; 10] = [
    "2k_8m",
    "2k_2m",
    "64k_8m",
    "64k_2m",
    "town_2k_8m",
    "town_2k_2m",
    "town_64k_8m",
    "town_64k_2m",
    "turned_2k_8m",
    "turned_town_2k_8m",
];

/// The turn of the `turned_` scenes: 20°.
const TURN: f32 = 0.349_065_84;

/// `p` turned by `turn` about the vertical through `centre`.
fn turned(p: V3, turn: f32, centre: [f32; 2]) -> V3 {
    let (sin, cos) = turn.sin_cos();
    let (x, y) = (p[0] - centre[0], p[1] - centre[1]);
    [
        centre[0] + cos * x - sin * y,
        centre[1] + sin * x + cos * y,
        p[2],
    ]
}

pub fn scene(name: &'static str) -> Scene {
    let (base, turn) = match name.strip_prefix("turned_") {
        Some(base) => (base, TURN),
        None => (name, 0.0),
    };
    let is_town = base.starts_with("town_");
    let (nx, ny, cell) = match base.trim_start_matches("town_") {
        "2k_8m" => (1, 1, 8.0),
        "2k_2m" => (1, 1, 2.0),
        "64k_8m" => (8, 4, 8.0),
        "64k_2m" => (8, 4, 2.0),
        _ => panic!("unknown scene {name}"),
    };
    let (mut soup, boxes, side) = if is_town {
        let (soup, boxes) = town(nx, ny);
        (soup, boxes, BLOCK)
    } else {
        (street(nx, ny), Vec::new(), 60.0)
    };
    let extent = [side * nx as f32, side * ny as f32];
    let centre = [extent[0] * 0.5, extent[1] * 0.5];
    if turn != 0.0 {
        for t in &mut soup {
            t.corners = t.corners.map(|p| turned(p, turn, centre));
        }
    }
    let (ours, points, indices) = built_with_parry_arrays(&soup, cell);
    let flags = ours.triangles().iter().map(|t| t.flags.bits()).collect();
    let normals = indices
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|i| points[i as usize]);
            (b - a).cross(c - a).normalize_or_zero()
        })
        .collect();
    let parry = TriMesh::new(points, indices).expect("the same triangles");
    Scene {
        name,
        ours,
        parry,
        flags,
        normals,
        extent,
        boxes,
        turn,
        centre,
    }
}

/// One query: a start (a centre, a capsule's base, a ray's origin), a move
/// (a ray's unit direction) and a heading for the box.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub c: V3,
    pub mv: V3,
    pub turn: f32,
    /// The sphere's or the capsule's radius.
    pub r: f32,
    /// The capsule's height.
    pub h: f32,
    /// The box's half extents.
    pub half: V3,
}

impl Query {
    /// A query of the street workload's sizes.
    fn street(c: V3, mv: V3, turn: f32, kind: Kind) -> Self {
        let r = if kind == Kind::Capsule {
            CAPSULE_R
        } else {
            RADIUS
        };
        Query {
            c,
            mv,
            turn,
            r,
            h: CAPSULE_H,
            half: BOX_HALF,
        }
    }
}

/// The queries of every kind for one scene.
pub struct Workload {
    pub queries: [Vec<Query>; 8],
}

impl Workload {
    pub fn of(&self, kind: Kind) -> &[Query] {
        &self.queries[kind as usize]
    }
}

fn vec(p: V3) -> Vector {
    Vector::new(p[0], p[1], p[2])
}

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: V3, s: f32) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn box_pose(q: &Query) -> Pose {
    Pose::from_parts(vec(q.c), Rotation::from_rotation_z(q.turn))
}

fn capsule_shape(q: &Query) -> PCapsule {
    // The capsule from its lowest point 0.05 above the feet to its top.
    let a = Vector::new(0.0, 0.0, q.r + 0.05);
    let b = Vector::new(0.0, 0.0, q.h - q.r);
    PCapsule::new(a, b, q.r)
}

/// Whether a shape at `pose` keeps clear of every triangle by 1 cm.
fn clear(s: &Scene, pose: &Pose, shape: &dyn Shape) -> bool {
    query::distance(pose, shape, &Pose::identity(), &s.parry)
        .map(|d| d.distance > 0.01)
        .unwrap_or(false)
}

/// The seeded workload of a scene.
pub fn workload(s: &Scene) -> Workload {
    if s.turn != 0.0 {
        // Drawn on the unturned scene, then turned with it.
        let base = scene(s.name.trim_start_matches("turned_"));
        let mut w = workload(&base);
        for q in w.queries.iter_mut().flatten() {
            q.c = turned(q.c, s.turn, s.centre);
            q.mv = turned(q.mv, s.turn, [0.0, 0.0]);
            q.turn += s.turn;
        }
        return w;
    }
    if s.boxes.is_empty() {
        street_workload(s)
    } else {
        town_workload(s)
    }
}

/// The town's queries (see `town.rs`): half within 3 m of a box, half
/// anywhere; sizes drawn per query.
fn town_workload(s: &Scene) -> Workload {
    let mut g = XorshiftStar(0x746f_776e_7175_6572 ^ s.ours.triangles().len() as u64);
    let extent = s.extent;
    let boxes = &s.boxes;
    let mut queries: [Vec<Query>; 8] = Default::default();
    for kind in Kind::ALL {
        let list = &mut queries[kind as usize];
        while list.len() < QUERIES {
            let near = list.len().is_multiple_of(2);
            let r = if kind == Kind::Capsule {
                g.range_f32(0.35, 0.45)
            } else {
                g.range_f32(0.3, 0.6)
            };
            let h = g.range_f32(1.6, 1.9);
            let half = [
                g.range_f32(0.2, 0.6),
                g.range_f32(0.2, 0.6),
                g.range_f32(0.2, 0.6),
            ];
            let turn = g.range_f32(-3.1, 3.1);
            let b = &boxes[g.below(boxes.len() as u64) as usize];
            let (p, n) = on_box(&mut g, b);
            let anywhere = |g: &mut XorshiftStar, z: f32| {
                [
                    g.range_f32(0.5, extent[0] - 0.5),
                    g.range_f32(0.5, extent[1] - 0.5),
                    z,
                ]
            };
            // The shape's reach about its centre, for the box tests.
            let reach = match kind {
                Kind::Box => half[0].hypot(half[1]).max(half[2]),
                Kind::RayDown | Kind::RayLevel => 0.01,
                _ => r,
            };
            let lift = if kind == Kind::Box { half[2] } else { r };
            let near_point = |g: &mut XorshiftStar, lo: f32| {
                let c = add(p, scale(n, reach + g.range_f32(lo, 3.0 - reach).max(lo)));
                [c[0], c[1], c[2].max(lift + 0.02)]
            };
            let mut q = Query {
                c: [0.0; 3],
                mv: [0.0; 3],
                turn,
                r,
                h,
                half,
            };
            let ok = match kind {
                Kind::SweepAll | Kind::SweepFirst | Kind::Box => {
                    q.c = if near {
                        near_point(&mut g, 0.02)
                    } else {
                        let z = lift + g.range_f32(0.02, 3.0);
                        anywhere(&mut g, z)
                    };
                    q.mv = scale(any_direction(&mut g), g.range_f32(0.5, 3.0));
                    let shape_clear = if kind == Kind::Box {
                        clear(s, &box_pose(&q), &Cuboid::new(vec(half)))
                    } else {
                        clear(s, &Pose::from_translation(vec(q.c)), &Ball::new(r))
                    };
                    shape_clear && !inside_any(boxes, q.c, 0.0)
                }
                Kind::Capsule => {
                    let c = if near {
                        near_point(&mut g, 0.02)
                    } else {
                        anywhere(&mut g, 0.0)
                    };
                    q.c = [c[0], c[1], 0.02];
                    let d = g.range_f32(0.0, std::f32::consts::TAU);
                    let len = g.range_f32(0.3, 2.0);
                    q.mv = [d.cos() * len, d.sin() * len, 0.0];
                    let body = add(q.c, [0.0, 0.0, h * 0.5]);
                    clear(s, &Pose::from_translation(vec(q.c)), &capsule_shape(&q))
                        && !inside_any(boxes, body, r)
                }
                Kind::RayDown | Kind::RayLevel => {
                    let z = if kind == Kind::RayDown {
                        g.range_f32(0.5, 8.0)
                    } else {
                        g.range_f32(0.3, 5.0)
                    };
                    q.c = anywhere(&mut g, z);
                    q.mv = if kind == Kind::RayDown {
                        [0.0, 0.0, -1.0]
                    } else {
                        let d = g.range_f32(0.0, std::f32::consts::TAU);
                        [d.cos(), d.sin(), 0.0]
                    };
                    clear(s, &Pose::from_translation(vec(q.c)), &Ball::new(0.01))
                        && !inside_any(boxes, q.c, 0.0)
                }
                Kind::Overlap | Kind::Push => {
                    q.c = if near {
                        // Pressed into the face by up to the radius.
                        let c = add(p, scale(n, r - g.range_f32(0.0, r)));
                        [c[0], c[1], c[2].max(r * 0.5)]
                    } else {
                        let z = g.range_f32(0.3, 2.0);
                        anywhere(&mut g, z)
                    };
                    !inside_any(boxes, q.c, 0.0)
                }
            };
            if ok {
                list.push(q);
            }
        }
    }
    Workload { queries }
}

/// The street's queries (see the module docs).
fn street_workload(s: &Scene) -> Workload {
    let walls: Vec<usize> = (0..s.normals.len())
        .filter(|&i| s.normals[i].z.abs() < 0.3 && s.normals[i].length() > 0.5)
        .collect();
    let mut g = Lcg(0x6e65_7574_7261_6c00 ^ s.extent[0] as u64);
    let tris = s.parry.indices();
    let verts = s.parry.vertices();
    // A point on a wall-like triangle and its front normal.
    let on_wall = |g: &mut Lcg| -> (V3, V3) {
        let i = walls[(g.unit_f32() * walls.len() as f32) as usize % walls.len()];
        let (mut a, mut b) = (g.unit_f32(), g.unit_f32());
        if a + b > 1.0 {
            (a, b) = (1.0 - a, 1.0 - b);
        }
        let [p0, p1, p2] = tris[i].map(|k| verts[k as usize]);
        let p = p0 + (p1 - p0) * a + (p2 - p0) * b;
        let mut n = s.normals[i];
        if s.flags[i] & 0x2 != 0 && g.unit_f32() < 0.5 {
            n = -n;
        }
        ([p.x, p.y, p.z], [n.x, n.y, n.z])
    };
    let extent = s.extent;
    let anywhere = |g: &mut Lcg, z: f32| {
        [
            g.range_f32(0.5, extent[0] - 0.5),
            g.range_f32(0.5, extent[1] - 0.5),
            z,
        ]
    };
    // A ray's origin: in front of the wall point `p` (front normal `n`) by a
    // distance drawn from `ahead` when `near`, else anywhere; at a height
    // drawn from `height`.
    let ray_origin =
        |g: &mut Lcg, near: bool, (p, n): (V3, V3), ahead: [f32; 2], height: [f32; 2]| {
            if near {
                let c = add(p, scale(n, g.range_f32(ahead[0], ahead[1])));
                [c[0], c[1], g.range_f32(height[0], height[1])]
            } else {
                let z = g.range_f32(height[0], height[1]);
                anywhere(g, z)
            }
        };
    // A move towards the face (`-n` turned by up to ±60°), or any heading.
    let heading = |g: &mut Lcg, n: Option<V3>| -> V3 {
        let base = n.map_or(g.range_f32(0.0, std::f32::consts::TAU), |n| {
            (-n[1]).atan2(-n[0]) + g.range_f32(-1.0, 1.0)
        });
        [base.cos(), base.sin(), 0.0]
    };
    let mut queries: [Vec<Query>; 8] = Default::default();
    for kind in Kind::ALL {
        let list = &mut queries[kind as usize];
        while list.len() < QUERIES {
            let near = list.len().is_multiple_of(2);
            let (p, n) = on_wall(&mut g);
            let turn = g.range_f32(-3.1, 3.1);
            let q = match kind {
                Kind::SweepAll | Kind::SweepFirst | Kind::Box => {
                    let lift = if kind == Kind::Box {
                        BOX_HALF[2]
                    } else {
                        RADIUS
                    };
                    let c = if near {
                        let c = add(p, scale(n, RADIUS + g.range_f32(0.05, 1.0)));
                        [c[0], c[1], c[2].max(lift + g.range_f32(0.05, 0.3))]
                    } else {
                        {
                            let z = lift + g.range_f32(0.05, 2.5);
                            anywhere(&mut g, z)
                        }
                    };
                    let d = heading(&mut g, near.then_some(n));
                    let len = g.range_f32(0.5, 2.5);
                    let mv = [d[0] * len, d[1] * len, len * g.range_f32(-0.3, 0.1)];
                    let q = Query::street(c, mv, turn, kind);
                    let ok = if kind == Kind::Box {
                        clear(s, &box_pose(&q), &Cuboid::new(vec(q.half)))
                    } else {
                        clear(s, &Pose::from_translation(vec(c)), &Ball::new(RADIUS))
                    };
                    ok.then_some(q)
                }
                Kind::Capsule => {
                    let base = if near {
                        let c = add(p, scale(n, CAPSULE_R + g.range_f32(0.05, 1.0)));
                        [c[0], c[1], 0.17]
                    } else {
                        {
                            let z = 0.17;
                            anywhere(&mut g, z)
                        }
                    };
                    let d = heading(&mut g, near.then_some(n));
                    let len = g.range_f32(0.3, 1.5);
                    let q = Query::street(base, [d[0] * len, d[1] * len, 0.0], turn, kind);
                    clear(s, &Pose::from_translation(vec(base)), &capsule_shape(&q)).then_some(q)
                }
                Kind::RayDown => {
                    let o = ray_origin(&mut g, near, (p, n), [0.05, 0.5], [0.5, 8.0]);
                    let q = Query::street(o, [0.0, 0.0, -1.0], turn, kind);
                    clear(s, &Pose::from_translation(vec(o)), &Ball::new(0.01)).then_some(q)
                }
                Kind::RayLevel => {
                    let o = ray_origin(&mut g, near, (p, n), [0.2, 5.0], [0.3, 5.0]);
                    let d = heading(&mut g, near.then_some(n));
                    let q = Query::street(o, d, turn, kind);
                    clear(s, &Pose::from_translation(vec(o)), &Ball::new(0.01)).then_some(q)
                }
                Kind::Overlap | Kind::Push => {
                    let c = if near {
                        let c = add(p, scale(n, g.range_f32(0.05, 0.45)));
                        [c[0], c[1], c[2].max(0.3)]
                    } else {
                        {
                            let z = g.range_f32(0.3, 2.0);
                            anywhere(&mut g, z)
                        }
                    };
                    Some(Query::street(c, [0.0; 3], turn, kind))
                }
            };
            if let Some(q) = q {
                list.push(q);
            }
        }
    }
    Workload { queries }
}

fn v4<R: Real>(p: V3, w: f32) -> Vec4<R> {
    Vec4::from_f32([p[0], p[1], p[2], w])
}

/// The reusable state of both systems.
pub struct Runner<'a> {
    pub scene: &'a Scene,
    pub work: &'a Workload,
    scratch: QueryScratch<f32>,
    scratch_ee: QueryScratch<Ee32>,
    visited: VisitedBits,
    out: Vec<Contact<f32>>,
    out_ee: Vec<Contact<Ee32>>,
    hits: Vec<(f32, u32)>,
}

impl<'a> Runner<'a> {
    pub fn new(scene: &'a Scene, work: &'a Workload) -> Self {
        Self {
            scene,
            work,
            scratch: QueryScratch::new(&scene.ours),
            scratch_ee: QueryScratch::new(&scene.ours),
            visited: scene.ours.visited_bits(),
            out: vec![Contact::default(); 100],
            out_ee: vec![Contact::default(); 100],
            hits: Vec::with_capacity(1024),
        }
    }

    /// Runs every query of `kind` `reps` times with `system`; returns a
    /// checksum of the answers.
    #[inline(never)]
    pub fn measure(&mut self, kind: Kind, system: System, reps: usize) -> f64 {
        let mut sum = 0.0f64;
        let work = self.work;
        for _ in 0..reps {
            for q in work.of(kind) {
                let q = black_box(q);
                sum += match system {
                    System::Ours => ours::<f32>(
                        self.scene,
                        &mut self.scratch,
                        &mut self.out,
                        &mut self.visited,
                        kind,
                        q,
                    ),
                    System::OursEe32 => ours::<Ee32>(
                        self.scene,
                        &mut self.scratch_ee,
                        &mut self.out_ee,
                        &mut self.visited,
                        kind,
                        q,
                    ),
                    System::Parry => parry(self.scene, &mut self.hits, kind, q, false),
                    System::ParryOneSided => parry(self.scene, &mut self.hits, kind, q, true),
                };
            }
        }
        sum
    }
}

/// One query of the port.
fn ours<R: Real>(
    s: &Scene,
    scratch: &mut QueryScratch<R>,
    out: &mut [Contact<R>],
    visited: &mut VisitedBits,
    kind: Kind,
    q: &Query,
) -> f64 {
    let mesh = &s.ours;
    let c = v4::<R>(q.c, 1.0);
    let mv = v4::<R>(q.mv, 0.0);
    let r = R::from_f32(q.r);
    let sphere = Sphere {
        radius: r,
        centre: c,
    };
    let fsum = |n: usize, out: &[Contact<R>]| {
        n as f64
            + out[..n]
                .iter()
                .map(|k| f64::from(k.fraction.map_or(0.0, |f| f.to_f32())))
                .sum::<f64>()
    };
    match kind {
        Kind::SweepAll | Kind::SweepFirst => {
            let max = if kind == Kind::SweepAll { 100 } else { 1 };
            let sq = SweepQuery::new(Aabb::swept_sphere(c, r, mv), max);
            let n = mesh.sweep_sphere(scratch, out, &sq, &sphere, mv);
            fsum(n, out)
        }
        Kind::Capsule => {
            let (rr, h) = (R::from_f32(q.r), R::from_f32(q.h));
            let cap = Capsule {
                radius: rr,
                height: h,
                base: c,
            };
            let e = c + mv;
            let wb = Aabb::new(
                Vec4::point(c.x.min(e.x) - rr, c.y.min(e.y) - rr, c.z.min(e.z)),
                Vec4::point(c.x.max(e.x) + rr, c.y.max(e.y) + rr, c.z.max(e.z) + h),
            );
            let sq = SweepQuery::new(wb, 100);
            let n = mesh.sweep_capsule(scratch, out, &sq, &cap, R::ONE, mv);
            fsum(n, out)
        }
        Kind::Box => {
            let (sn, cs) = q.turn.sin_cos();
            let bx = OrientedBox {
                half: v4::<R>(q.half, 0.0),
                axes: [
                    v4::<R>([cs, sn, 0.0], 0.0),
                    v4::<R>([-sn, cs, 0.0], 0.0),
                    v4::<R>([0.0, 0.0, 1.0], 0.0),
                ],
                centre: c,
            };
            let sq = SweepQuery::new(Aabb::swept_box(&bx, mv), 100);
            let n = mesh.sweep_box(scratch, out, &sq, &bx, mv);
            fsum(n, out)
        }
        Kind::RayDown | Kind::RayLevel => {
            let ray = Ray::new(c, mv, R::from_f32(RAY_LEN));
            let mut res = RayResult::default();
            if mesh.world_ray_cast(visited, &ray, &mut res, &MeshRayFilter::default()) {
                f64::from(res.t.to_f32())
            } else {
                0.0
            }
        }
        Kind::Overlap => {
            let sq = SweepQuery::new(Aabb::swept_sphere(c, r, Vec4::ZERO), 100);
            let n = mesh.overlap_sphere(scratch, out, &sq, &sphere);
            n as f64
                + out[..n]
                    .iter()
                    .map(|k| f64::from(k.depth.map_or(0.0, |d| d.to_f32())))
                    .sum::<f64>()
        }
        Kind::Push => {
            let mut centre = c;
            let mut first = Vec4::ZERO;
            mesh.sphere_push(visited, r, &mut centre, None, &mut first);
            f64::from((centre - c).length().to_f32())
        }
    }
}

/// The port's per-triangle filter, for parry's one-sided runs: the normal
/// the port would use, or `None` for a triangle it skips before its kernel.
fn facing(s: &Scene, i: u32, c: Vector, mv: Option<Vector>, wall: bool) -> Option<Vector> {
    let i = i as usize;
    let flags = s.flags[i];
    if flags & 0x1 == 0 {
        return None;
    }
    let mut n = s.normals[i];
    if wall && n.z.abs() > 0.65 {
        return None;
    }
    let v0 = s.parry.vertices()[s.parry.indices()[i][0] as usize];
    if n.dot(c) - n.dot(v0) < SIDE_EPS {
        if flags & 0x2 == 0 {
            return None;
        }
        n = -n;
    }
    if let Some(mv) = mv {
        if n.dot(mv) >= INTO_FACE {
            return None;
        }
    }
    Some(n)
}

fn swept_aabb(lo: Vector, hi: Vector, mv: Vector) -> PAabb {
    PAabb::new(lo.min(lo + mv), hi.max(hi + mv))
}

/// One query of parry3d (with the port's culling when `one_sided`).
fn parry(s: &Scene, hits: &mut Vec<(f32, u32)>, kind: Kind, q: &Query, one_sided: bool) -> f64 {
    let c = vec(q.c);
    let mv = vec(q.mv);
    let still = Pose::identity();
    let opts = ShapeCastOptions::with_max_time_of_impact(1.0);
    let ball = Ball::new(q.r);
    let r3 = Vector::splat(q.r);
    // Every contact of a cast against the triangles of a box, sorted.
    let mut cast_all = |pos: &Pose, shape: &dyn Shape, aabb: PAabb, probe: Vector, wall: bool| {
        hits.clear();
        for t in s.parry.bvh().intersect_aabb(&aabb) {
            if one_sided && facing(s, t, probe, Some(mv), wall).is_none() {
                continue;
            }
            let tri = s.parry.triangle(t);
            if let Ok(Some(hit)) =
                query::cast_shapes(pos, mv, shape, &still, Vector::ZERO, &tri, opts)
            {
                hits.push((hit.time_of_impact, t));
            }
        }
        hits.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        hits.len() as f64 + hits.iter().map(|h| f64::from(h.0)).sum::<f64>()
    };
    match kind {
        Kind::SweepAll => {
            let pos = Pose::from_translation(c);
            cast_all(&pos, &ball, swept_aabb(c - r3, c + r3, mv), c, false)
        }
        Kind::SweepFirst => {
            let pos = Pose::from_translation(c);
            if one_sided {
                // The BVH's cast with the filter per leaf.
                let aabb = swept_aabb(c - r3, c + r3, mv);
                let mut best = None::<f32>;
                for t in s.parry.bvh().intersect_aabb(&aabb) {
                    if facing(s, t, c, Some(mv), false).is_none() {
                        continue;
                    }
                    let tri = s.parry.triangle(t);
                    let o = ShapeCastOptions::with_max_time_of_impact(best.unwrap_or(1.0));
                    if let Ok(Some(hit)) =
                        query::cast_shapes(&pos, mv, &ball, &still, Vector::ZERO, &tri, o)
                    {
                        best = Some(hit.time_of_impact);
                    }
                }
                best.map_or(0.0, |t| 1.0 + f64::from(t))
            } else {
                match query::cast_shapes(&pos, mv, &ball, &still, Vector::ZERO, &s.parry, opts) {
                    Ok(Some(hit)) => 1.0 + f64::from(hit.time_of_impact),
                    _ => 0.0,
                }
            }
        }
        Kind::Capsule => {
            let cap = capsule_shape(q);
            let pos = Pose::from_translation(c);
            let lo = c - Vector::new(q.r, q.r, 0.0);
            let hi = c + Vector::new(q.r, q.r, q.h);
            // The port's walking sphere, where its side test is made.
            let probe = c + Vector::new(0.0, 0.0, q.r + 0.05);
            cast_all(&pos, &cap, swept_aabb(lo, hi, mv), probe, true)
        }
        Kind::Box => {
            let cuboid = Cuboid::new(vec(q.half));
            let pos = box_pose(q);
            let aabb = cuboid.aabb(&pos);
            cast_all(
                &pos,
                &cuboid,
                swept_aabb(aabb.mins, aabb.maxs, mv),
                c,
                false,
            )
        }
        Kind::RayDown | Kind::RayLevel => {
            let ray = PRay::new(c, mv);
            if one_sided {
                s.parry
                    .bvh()
                    .cast_ray(&ray, RAY_LEN, |t, best| {
                        let i = t as usize;
                        let flags = s.flags[i];
                        if flags & 0x1 == 0 || (flags & 0x2 == 0 && s.normals[i].dot(mv) >= 0.0) {
                            return None;
                        }
                        s.parry.triangle(t).cast_local_ray(&ray, best, true)
                    })
                    .map_or(0.0, |(_, t)| f64::from(t))
            } else {
                s.parry
                    .cast_local_ray(&ray, RAY_LEN, true)
                    .map_or(0.0, f64::from)
            }
        }
        Kind::Overlap | Kind::Push => {
            let pos = Pose::from_translation(c);
            let aabb = PAabb::new(c - r3, c + r3);
            let (mut sum, mut n, mut depth) = (Vector::ZERO, 0u32, 0.0f64);
            for t in s.parry.bvh().intersect_aabb(&aabb) {
                if one_sided && facing(s, t, c, None, false).is_none() {
                    continue;
                }
                let tri = s.parry.triangle(t);
                if let Ok(Some(k)) = query::contact(&pos, &ball, &still, &tri, 0.0) {
                    if k.dist < 0.0 {
                        sum -= k.normal1 * k.dist;
                        depth -= f64::from(k.dist);
                        n += 1;
                    }
                }
            }
            if kind == Kind::Overlap {
                f64::from(n) + depth
            } else if n > 0 {
                f64::from((sum / n as f32).length())
            } else {
                0.0
            }
        }
    }
}
