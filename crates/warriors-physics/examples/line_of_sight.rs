//! Casts line-of-sight rays across the street of `fixtures/mesh/street.obj`:
//! through the shop window (glass) with and without the AI's see-through
//! materials, over and into the parked car.
//!
//! `cargo run -p warriors-physics --example line_of_sight`

use std::error::Error;
use std::path::Path;

use warriors_physics::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let obj = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mesh/street.obj");
    let level = Level::<f32>::load_obj(&obj, &ObjOptions::default())?;

    // The sight rays pass through fences, railings and glass.
    let see_through = [Material::GLASS, Material::LOW_FENCE, Material::RAILING];
    let sight = RayFilter::through(&see_through);
    let solid = RayFilter::default();

    let cases = [
        (
            "through the shop window",
            [5.0, -1.0, 1.6],
            [15.0, -1.0, 1.6],
        ),
        ("into the parked car", [18.0, 2.0, 1.0], [26.0, 2.0, 1.0]),
        ("over the parked car", [18.0, 2.0, 1.8], [26.0, 2.0, 1.8]),
        ("down the road", [1.0, 0.0, 1.6], [39.0, 0.0, 1.6]),
    ];
    let mut blocked = Vec::new();
    for (name, from, to) in cases {
        let a = level.line_of_sight(from, to, &solid)?;
        let b = level.line_of_sight(from, to, &sight)?;
        let show = |h: Option<RayHit<f32>>| match h {
            Some(h) => format!("blocked by {} at {:.2} m", h.material, h.distance),
            None => "clear".to_owned(),
        };
        println!("{name:24} solid: {:32} sight: {}", show(a), show(b));
        blocked.push((a.is_some(), b.is_some()));
    }
    assert_eq!(
        blocked,
        [(true, false), (true, true), (false, false), (false, false)]
    );
    // A bad input is an error, not a hit at x = 0.
    let nan = level.line_of_sight([f32::NAN, 0.0, 1.6], [10.0, 0.0, 1.6], &solid);
    println!("a NaN eye: {nan:?}");
    assert!(nan.is_err());
    Ok(())
}
