//! The neutral workload of the mesh queries (`common/neutral.rs`) timed
//! with criterion: per scene (2,002 and 63,900-odd triangles, 8 m and 2 m
//! cells) and query kind, the port in `f32` mode, parry3d, and parry3d with
//! the port's one-sided culling; the port's `Ee32` mode on the 2k mesh with
//! 2 m cells. One iteration answers every query of the kind once
//! (`neutral::QUERIES`).
//!
//! Run: `cargo bench -p warriors-collision-mesh --bench neutral -- --warm-up-time 0.5
//! --measurement-time 1`; a filter such as `ray_level` narrows it. The
//! instruction counts of the same workload come from `cargo xtask bench-ir`.

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "common/street.rs"]
#[allow(dead_code)]
mod street;

#[path = "common/town.rs"]
mod town;

#[path = "common/neutral.rs"]
mod neutral;

use neutral::{Kind, Runner, System, SCENES};

fn benches(c: &mut Criterion) {
    for name in SCENES {
        let s = neutral::scene(name);
        let work = neutral::workload(&s);
        let mut runner = Runner::new(&s, &work);
        for kind in Kind::ALL {
            let mut g = c.benchmark_group(format!("neutral/{}/{name}", kind.name()));
            let mut systems = vec![System::Ours, System::Parry, System::ParryOneSided];
            if name == "2k_2m" {
                systems.push(System::OursEe32);
            }
            for system in systems {
                g.bench_function(system.name(), |b| {
                    b.iter(|| runner.measure(kind, system, 1));
                });
            }
            g.finish();
        }
    }
}

criterion_group!(neutral_benches, benches);
criterion_main!(neutral_benches);
