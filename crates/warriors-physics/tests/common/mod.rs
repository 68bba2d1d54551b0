//! Shared by the facade's tests and benchmark: the seeded generator (the
//! workspace's [`Lcg`]) and a generated street (floor quads, kerbs, one- and
//! two-sided walls, posts).
#![allow(dead_code)]

pub use collision_mesh::soup::{quad, rect};
pub use test_support::{Lcg, Seeded};
use warriors_physics::{
    Attributes, Level, LevelConfig, Material, Real, SoupTriangle, TriangleFlags,
};

fn words(material: u8, two_sided: bool) -> Attributes {
    Attributes {
        flags: if two_sided {
            TriangleFlags::ENABLED | TriangleFlags::TWO_SIDED
        } else {
            TriangleFlags::ENABLED
        },
        material: Material(material),
        area: 1,
    }
}

/// The floor `[−h, h]²` at z = 0 (default words, facing up), two triangles.
pub fn square_floor(h: f32) -> [SoupTriangle; 2] {
    [
        SoupTriangle::new([[-h, -h, 0.0], [h, -h, 0.0], [h, h, 0.0]]),
        SoupTriangle::new([[-h, -h, 0.0], [h, h, 0.0], [-h, h, 0.0]]),
    ]
}

/// The level `name`: [`square_floor`] of half side `h` and one triangle of
/// wall at `x` (y −5 to 5, 4 m up at y = 0) facing −x (its winding's
/// normal).
pub fn floor_and_wall<R: Real>(h: f32, x: f32, name: &str) -> Level<R> {
    let [a, b] = square_floor(h);
    let wall = SoupTriangle::new([[x, 5.0, 0.0], [x, -5.0, 0.0], [x, 0.0, 4.0]]);
    Level::from_soup(&[a, b, wall], &LevelConfig::default(), name).unwrap()
}

/// A street of `nx × ny` cells of `cell` metres: a floor of quads at z 0,
/// and, seeded, walls (some two-sided), kerbs and slanted panels.
pub fn street(nx: usize, ny: usize, cell: f32, seed: u64) -> Vec<SoupTriangle> {
    let mut rng = Lcg(seed);
    let mut soup = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            let (x, y) = (i as f32 * cell, j as f32 * cell);
            rect(
                &mut soup,
                [x, y],
                [x + cell, y + cell],
                0.0,
                words(6, false),
            );
        }
    }
    let (w, h) = (nx as f32 * cell, ny as f32 * cell);
    let extras = nx * ny / 8 + 4;
    for k in 0..extras {
        let x = rng.range_f32(0.0, w);
        let y = rng.range_f32(0.0, h);
        let len = rng.range_f32(1.0, 6.0);
        let ht = if k % 3 == 0 {
            rng.range_f32(0.05, 0.2)
        } else {
            rng.range_f32(1.0, 4.0)
        };
        let two = rng.unit_f32() < 0.3;
        let mat = [5u8, 3, 2, 30, 7][k % 5];
        let a = rng.range_f32(0.0, std::f32::consts::TAU);
        let (dx, dy) = (a.cos() * len, a.sin() * len);
        let lean = if k % 4 == 1 {
            rng.range_f32(-0.8, 0.8)
        } else {
            0.0
        };
        quad(
            &mut soup,
            [
                [x, y, 0.0],
                [x + dx, y + dy, 0.0],
                [x + dx + lean, y + dy, ht],
                [x + lean, y, ht],
            ],
            words(mat, two),
        );
    }
    soup
}

/// `soup` cut into tiles of at most 150 triangles, named `street`.
pub fn tiled_level<R: Real>(soup: &[SoupTriangle]) -> Level<R> {
    let config = LevelConfig {
        max_tile_triangles: 150,
        ..LevelConfig::default()
    };
    Level::<R>::from_soup(soup, &config, "street").unwrap()
}

/// The street of 20 × 20 cells of 3 m (seed 7) as one mesh and as tiles
/// of at most 150 triangles (at least four of them).
pub fn street_levels<R: Real>() -> (Level<R>, Level<R>) {
    let soup = street(20, 20, 3.0, 7);
    let one = Level::<R>::from_soup(&soup, &LevelConfig::default(), "street").unwrap();
    let tiled = tiled_level::<R>(&soup);
    assert_eq!(one.tile_count(), 1);
    assert!(tiled.tile_count() >= 4, "{} tiles", tiled.tile_count());
    (one, tiled)
}

/// A seeded query over the 60 m street: a start, a move, a radius and a
/// turn about z.
pub struct Probe {
    /// The start.
    pub p: [f32; 3],
    /// The move.
    pub mv: [f32; 3],
    /// The radius.
    pub r: f32,
    /// The turn about z (0 unless drawn).
    pub turn: f32,
}

impl Probe {
    /// A probe from `rng`: the start, the move, the radius; no turn.
    pub fn draw(rng: &mut Lcg) -> Self {
        Self {
            p: [
                rng.range_f32(-2.0, 62.0),
                rng.range_f32(-2.0, 62.0),
                rng.range_f32(0.05, 3.0),
            ],
            mv: [
                rng.range_f32(-5.0, 5.0),
                rng.range_f32(-5.0, 5.0),
                rng.range_f32(-3.0, 1.0),
            ],
            r: rng.range_f32(0.1, 1.2),
            turn: 0.0,
        }
    }

    /// [`Probe::draw`], then a turn in `[0, 3)`.
    pub fn draw_turned(rng: &mut Lcg) -> Self {
        let probe = Self::draw(rng);
        Self {
            turn: rng.range_f32(0.0, 3.0),
            ..probe
        }
    }
}

/// Ticks `world` `ticks` times (no hooks) and returns the level triangles
/// its contact events name, in order.
pub fn level_triangles_met<R: Real>(
    world: &mut warriors_physics::prelude::World<R>,
    ticks: u32,
) -> Vec<warriors_physics::prelude::TriangleId> {
    use warriors_physics::prelude::{ContactEvent, Event, Touched};
    let mut met = Vec::new();
    for _ in 0..ticks {
        world.tick(&mut ());
        for e in world.drain_events() {
            if let Event::Contact(ContactEvent {
                other: Touched::Level(t),
                ..
            }) = e
            {
                met.push(t);
            }
        }
    }
    met
}
