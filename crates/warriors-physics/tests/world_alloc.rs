//! A steady world allocates nothing: walkers, falling crates and their
//! events over a street, the events drained every tick (the counting
//! allocator below counts the allocations of the thread that runs the
//! world, so that the test harness's own threads, which allocate when they
//! please, are not counted).

mod common;

use warriors_physics::prelude::*;

test_support::counting_allocator!();

fn run<R: Real>() -> usize {
    let mut soup = common::square_floor(20.0).to_vec();
    for x in [-6.0f32, 6.0] {
        soup.push(SoupTriangle::new([
            [x, 20.0, 0.0],
            [x, -20.0, 0.0],
            [x, 0.0, 5.0],
        ]));
        soup.push(SoupTriangle::new([
            [x, -20.0, 0.0],
            [x, 20.0, 0.0],
            [x, 0.0, 5.0],
        ]));
    }
    let mut world = World::<R>::new();
    world
        .set_level(Level::from_soup(&soup, &LevelConfig::default(), "street").unwrap())
        .unwrap();
    let f = R::from_f32;
    for k in 0..4 {
        let h = world
            .add_human(HumanDesc::at(Point3::new(
                f(-4.0 + 2.5 * k as f32),
                f(0.0),
                f(0.0),
            )))
            .unwrap();
        let dir = if k % 2 == 0 { 2.0f32 } else { -2.0 };
        world.set_walk(h, [dir, 0.3, 0.0]).unwrap();
    }
    let mut crates = Vec::new();
    for k in 0..12 {
        let c = world
            .add_object(ObjectDesc::cuboid(
                Point3::new(f(-5.0 + k as f32 * 0.9), f(2.0), f(1.0 + 0.3 * k as f32)),
                Vector3::new(f(0.4), f(0.3), f(0.5)),
            ))
            .unwrap();
        crates.push(c);
    }
    let mut seen = 0usize;
    let mut tick = |world: &mut World<R>, t: usize| {
        if t.is_multiple_of(90) {
            for (k, &c) in crates.iter().enumerate() {
                let vx = if k % 2 == 0 { 1.5f32 } else { -1.5 };
                world.drop_object(c, [vx, 0.5, 2.0]).unwrap();
            }
        }
        world.tick(&mut ());
        seen += world.drain_events().count();
    };
    for t in 0..400 {
        tick(&mut world, t);
    }
    let before = allocations();
    for t in 400..800 {
        tick(&mut world, t);
    }
    let allocated = allocations() - before;
    assert!(seen > 100, "{seen} events");
    allocated
}

#[test]
fn a_steady_world_allocates_nothing() {
    assert_eq!(run::<f32>(), 0, "f32");
    assert_eq!(run::<Ee32>(), 0, "Ee32");
}
