//! The resolution and the sweep are total: any answer word, any contact
//! record (NaN and infinite lanes included), any velocity, time step and
//! push, in both float modes, without a panic.

mod common;

use collision_mesh::{build, BuildConfig, SoupTriangle};
use common::{id, Owner, Table};
use kernels::Contact;
use physics_world::{BodyFlags, BodyId, MoveState, MoverState, PhysicsWorld};
use proptest::prelude::*;
use ps2_float::{Ee32, Real, Vec4};

fn world<R: Real>(answers: &[u32], attrs: [f32; 3]) -> (PhysicsWorld<R>, Table<R>, [BodyId; 3]) {
    let mut w = PhysicsWorld::<R>::default();
    let mut t = Table::default();
    let soup = vec![
        SoupTriangle::new([[-5.0, -5.0, 0.0], [5.0, -5.0, 0.0], [5.0, 5.0, 0.0]]),
        SoupTriangle::new([[2.0, -5.0, 0.0], [2.0, 5.0, 3.0], [2.0, 5.0, 0.0]]),
    ];
    w.set_mesh(build::from_soup(&soup, &BuildConfig::default(), "props").unwrap());
    let mut bodies = Vec::new();
    for (n, x) in [(1u32, 0.0f32), (2, 1.0)] {
        let o = t.add(n, Owner::at(0x1, x, 0.0, 1.0));
        let s = w
            .shape_pools_mut()
            .alloc_object_sphere(R::from_f32(0.5))
            .unwrap();
        let flags = BodyFlags::OBJECT_START | BodyFlags::BLOCKOBJECTS | BodyFlags::BLOCKHUMANS;
        let b = w.create_object_body(&t, o, s, flags).unwrap();
        w.update(&t, b);
        bodies.push(b);
    }
    let h = t.add(3, Owner::at(0x40, -1.0, 0.0, 0.0));
    let hb = w.create_human_body(&t, h).unwrap();
    w.update(&t, hb);
    bodies.push(hb);
    for n in 1..=3 {
        let o = t.get_mut(id(n));
        o.answers = answers.to_vec();
        o.attrs.insert(1, R::from_f32(attrs[0]));
        o.attrs.insert(7, R::from_f32(attrs[1]));
        o.attrs.insert(8, R::from_f32(attrs[2]));
    }
    (w, t, [bodies[0], bodies[1], bodies[2]])
}

fn vec4<R: Real>(v: [f32; 3]) -> Vec4<R> {
    Vec4::new(
        R::from_f32(v[0]),
        R::from_f32(v[1]),
        R::from_f32(v[2]),
        R::ZERO,
    )
}

#[derive(Clone, Debug)]
struct RawContact {
    other: u32,
    normal: [f32; 3],
    slide: [f32; 3],
    fraction: Option<f32>,
    flags: Option<u32>,
    triangle: Option<u32>,
}

fn raw_contact() -> impl Strategy<Value = RawContact> {
    (
        0u32..6,
        any::<[f32; 3]>(),
        any::<[f32; 3]>(),
        proptest::option::of(any::<f32>()),
        proptest::option::of(any::<u32>()),
        proptest::option::of(0u32..4),
    )
        .prop_map(
            |(other, normal, slide, fraction, flags, triangle)| RawContact {
                other,
                normal,
                slide,
                fraction,
                flags,
                triangle,
            },
        )
}

fn contact<R: Real>(c: &RawContact) -> Contact<R> {
    let mut k = Contact::default();
    k.other.owner = Some(c.other);
    k.other.normal.set(vec4(c.normal));
    k.slide.set(vec4(c.slide));
    k.fraction = c.fraction.map(R::from_f32);
    k.flags = c.flags;
    k.triangle = c.triangle;
    k
}

fn resolve_case<R: Real>(
    answers: &[u32],
    attrs: [f32; 3],
    raw: &[RawContact],
    mover: usize,
    vel: [f32; 3],
    d: [f32; 3],
) {
    let (mut w, mut t, bodies) = world::<R>(answers, attrs);
    let list: Vec<Contact<R>> = raw.iter().map(contact).collect();
    let mut st = MoveState::new(vec4(vel), vec4(vel));
    let r = w.resolve_contacts(&mut t, bodies[mover % 3], &list, vec4(d), &mut st);
    assert!((-1..=1).contains(&r));
    assert!(st.contacts_met as usize <= list.len());
}

#[allow(clippy::too_many_arguments)]
fn sweep_case<R: Real>(
    answers: &[u32],
    attrs: [f32; 3],
    mover: usize,
    vel: [f32; 3],
    dt: f32,
    push: [f32; 3],
    flags: u32,
    state: (bool, bool, Option<u8>),
) {
    let (mut w, mut t, bodies) = world::<R>(answers, attrs);
    let b = bodies[mover % 3];
    w.set_pending_push(b, vec4(push));
    w.set_body_flags(b, BodyFlags::from_bits_retain(flags));
    let ms = MoverState {
        airborne_or_holding: state.0,
        running: state.1,
        player: state.2,
    };
    let mut cands = Vec::new();
    for _ in 0..2 {
        let rep = w.sweep(&mut t, b, vec4(vel), R::from_f32(dt), &ms, &mut cands);
        assert!(rep.passes <= 3);
        assert!(rep.contacts <= 3 * 50);
        assert!(!(rep.moved && rep.stuck));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn resolve_contacts_is_total_in_both_modes(
        answers in proptest::collection::vec(any::<u32>(), 0..6),
        attrs in any::<[f32; 3]>(),
        raw in proptest::collection::vec(raw_contact(), 0..8),
        mover in 0usize..3,
        vel in any::<[f32; 3]>(),
        d in any::<[f32; 3]>(),
    ) {
        resolve_case::<f32>(&answers, attrs, &raw, mover, vel, d);
        resolve_case::<Ee32>(&answers, attrs, &raw, mover, vel, d);
    }

    #[test]
    fn sweep_is_total_in_both_modes(
        answers in proptest::collection::vec(
            prop_oneof![0u32..6, Just(0x1_0001u32), Just(0x2_0002), Just(0x4_0000), any::<u32>()],
            0..6,
        ),
        attrs in prop_oneof![Just([82.0f32, 1.0, 0.1]), any::<[f32; 3]>()],
        mover in 0usize..3,
        vel in prop_oneof![
            (-20.0f32..20.0, -20.0f32..20.0, -20.0f32..20.0).prop_map(|(x, y, z)| [x, y, z]),
            any::<[f32; 3]>(),
        ],
        dt in prop_oneof![Just(1.0f32 / 30.0), Just(0.0f32), any::<f32>()],
        push in any::<[f32; 3]>(),
        flags in any::<u32>(),
        state in (any::<bool>(), any::<bool>(), proptest::option::of(any::<u8>())),
    ) {
        sweep_case::<f32>(&answers, attrs, mover, vel, dt, push, flags, state);
        sweep_case::<Ee32>(&answers, attrs, mover, vel, dt, push, flags, state);
    }
}
