//! The shape records, their poses and bounds, the box helpers, the pools
//! and the ignore slots, in both float modes (overview "Shapes", "The human
//! body", "Ignore lists", "Data"). Expected numbers are worked by hand in
//! the comments.

use kernels::{Shape, ShapeQuirks};
use ps2_float::{Ee32, Real, Vec4};
use shape_pools::details::human_capsule_height;
use shape_pools::{
    Aabb, CapsuleRaise, HumanCapsule, IgnoreSlots, PhysShape, PoolCapacities, Pose, PoseSource,
    ShapeFlags, ShapeKind, ShapePools,
};

use test_support::{both_modes, p, r, v, Seeded, Xorshift};

both_modes!(
    sphere_pose_on_bone_and_reset_rule,
    capsule_ignores_the_reset_flag,
    box_set_size_halves_and_pose_takes_owner_axes,
    box_corners_and_bounds,
    segment_pose_and_the_punch_bag_runtime_table,
    human_capsule_height_rules,
    aabb_helpers,
    set_from_matrix_moves_sphere_not_segment,
    segment_bound_is_wrong_on_an_axis_it_points_down,
    capsule_corrected_honours_the_reset_flag,
    segment_corrected_bound_is_the_swept_ball_box,
    set_from_matrix_corrected_next_sweep_starts_at_the_new_place,
);

fn close<R: Real>(a: Vec4<R>, e: [f32; 3], tol: f32, what: &str) {
    let a = a.to_f32();
    for k in 0..3 {
        assert!(
            (a[k] - e[k]).abs() <= tol,
            "{what}: lane {k}: {} vs {} (diff {})",
            a[k],
            e[k],
            (a[k] - e[k]).abs()
        );
    }
}

/// A pose turned 90° about z (local x → world y, local y → world −x).
fn quarter_turn<R: Real>(at: Vec4<R>) -> Pose<R> {
    Pose {
        axes: [v(0.0, 1.0, 0.0), v(-1.0, 0.0, 0.0), v(0.0, 0.0, 1.0)],
        position: at,
    }
}

struct Bones<R: Real> {
    frame: Pose<R>,
    bone: Pose<R>,
}
impl<R: Real> PoseSource<R> for Bones<R> {
    fn frame(&self) -> Pose<R> {
        self.frame
    }
    fn bone(&self, _: u8) -> Pose<R> {
        self.bone
    }
}

// Overview "Shapes": the sphere's pose puts its offset on its bone (owner
// +0xb8) or in the body's frame; the previous position is where the shape
// was; flag 0x10 makes the previous position the new one.
fn sphere_pose_on_bone_and_reset_rule<R: Real>() {
    let mut s = PhysShape::<R>::sphere(r(0.09));
    s.head.bone = Some(25);
    s.head.offset = v(0.08, 0.0, 0.0);
    let src = Bones {
        frame: Pose::at(p(0.0, 0.0, 0.0)),
        bone: quarter_turn(p(1.0, 2.0, 1.2)),
    };
    s.pose(&src);
    // 0.08 along the bone's x (world y): (1, 2.08, 1.2).
    close(s.position(), [1.0, 2.08, 1.2], 1e-6, "centre");
    close(
        s.head.previous,
        [0.0, 0.0, 0.0],
        0.0,
        "previous = old centre",
    );
    // Moved bone; the next pose sweeps from the last centre.
    let src2 = Bones {
        frame: src.frame,
        bone: quarter_turn(p(1.5, 2.0, 1.2)),
    };
    s.pose(&src2);
    close(s.head.previous, [1.0, 2.08, 1.2], 1e-6, "previous");
    close(s.position(), [1.5, 2.08, 1.2], 1e-6, "centre 2");
    // Enabling sets 0x11; the next pose resets the previous position.
    s.set_enabled(true);
    assert_eq!(s.head.flags, ShapeFlags::from_bits_retain(0x11));
    s.pose(&src);
    close(s.head.previous, [1.0, 2.08, 1.2], 1e-6, "reset previous");
    assert!(
        !s.head.flags.contains(ShapeFlags::RESET),
        "the pose clears 0x10"
    );
    // Bone −1: the offset in the owner's frame.
    s.head.bone = None;
    s.pose(&Bones {
        frame: quarter_turn(p(5.0, 0.0, 0.0)),
        bone: src.bone,
    });
    close(s.position(), [5.0, 0.08, 0.0], 1e-6, "body frame");
}

// "0x10 reset: ... for the sphere, box and segment but not the capsule"
// (overview "Shapes", Unit 6).
fn capsule_ignores_the_reset_flag<R: Real>() {
    let mut c = PhysShape::<R>::capsule(r(2.0), r(0.35));
    c.head.offset = v(0.0, 0.0, 0.5);
    c.set_enabled(true);
    c.pose(&Pose::at(p(3.0, 4.0, 0.0)));
    // Another owner: base = position + the unrotated offset.
    close(c.position(), [3.0, 4.0, 0.5], 0.0, "base");
    close(c.head.previous, [0.0, 0.0, 0.0], 0.0, "previous not reset");
    assert!(c.head.flags.contains(ShapeFlags::RESET), "flag left set");
    let Shape::Capsule(k) = c.geom else { panic!() };
    assert_eq!(k.height.to_f32(), 2.0, "another owner's height is kept");
    let mut b = PhysShape::<R>::oriented_box(v(0.5, 0.5, 0.5));
    b.set_enabled(true);
    b.pose(&Pose::at(p(3.0, 4.0, 0.0)));
    close(b.head.previous, [3.0, 4.0, 0.0], 0.0, "box reset");
}

// PhysicsBox_SetSize halves the sizes it is given; the pose takes the
// owner's axes and the offset in its frame.
fn box_set_size_halves_and_pose_takes_owner_axes<R: Real>() {
    let mut b = PhysShape::<R>::oriented_box(Vec4::ZERO);
    b.box_set_size(v(0.07, 0.21, 0.10));
    let Shape::Box(k) = b.geom else { panic!() };
    close(k.half, [0.035, 0.105, 0.05], 1e-7, "half extents");
    b.head.offset = v(0.0, 0.1, 0.0);
    b.pose(&quarter_turn(p(2.0, 0.0, 1.0)));
    let Shape::Box(k) = b.geom else { panic!() };
    close(
        k.centre,
        [1.9, 0.0, 1.0],
        1e-6,
        "centre: 0.1 along local y = world −x",
    );
    close(k.axes[0], [0.0, 1.0, 0.0], 0.0, "axis 0");
    // SetMatrix (the cars): same result from a matrix directly.
    let mut c = PhysShape::<R>::oriented_box(v(1.0, 1.0, 1.0));
    c.head.offset = v(0.0, 0.1, 0.0);
    c.box_set_matrix(&quarter_turn(p(2.0, 0.0, 1.0)));
    assert_eq!(c.position().to_f32(), k.centre.to_f32());
}

fn box_corners_and_bounds<R: Real>() {
    let mut b = PhysShape::<R>::oriented_box(v(1.0, 2.0, 0.5));
    b.pose(&quarter_turn(p(10.0, 0.0, 0.0)));
    let corners = b.box_corners().unwrap();
    // Corner i: + on axis k when bit k is set. Corner 0 = c − A0·1 − A1·2 −
    // A2·0.5 = (10,0,0) − (0,1,0) − (−2,0,0) − (0,0,0.5) = (12, −1, −0.5);
    // corner 7 = (8, 1, 0.5); corner 1 = c + A0 − 2A1 − 0.5A2 = (12, 1, −0.5).
    close(corners[0], [12.0, -1.0, -0.5], 1e-6, "corner 0");
    close(corners[7], [8.0, 1.0, 0.5], 1e-6, "corner 7");
    close(corners[1], [12.0, 1.0, -0.5], 1e-6, "corner 1");
    // The bounds hold every corner exactly: x 8..12, y −1..1, z ±0.5.
    let bb = b.bounds();
    close(bb.min, [8.0, -1.0, -0.5], 1e-6, "min");
    close(bb.max, [12.0, 1.0, 0.5], 1e-6, "max");
    assert!(PhysShape::<R>::sphere(r(1.0)).box_corners().is_none());
}

// Overview "Bodies" (the punch bag, confirmed at runtime): the segment
// starts at bone 3, 2.15 m above the bag's origin at z −197.567, and ends
// 1.5 along bone 3's local x, which points down 0.05 m off the vertical:
// end ≈ 0.65 m above the origin. With x = (0.05, 0, −√(1.5² − 0.05²))/1.5
// the end is start + (0.05, 0, −1.4991664), 0.6508336 above the origin.
fn segment_pose_and_the_punch_bag_runtime_table<R: Real>() {
    let origin_z = -197.567f32;
    let dz = -(1.5f32 * 1.5 - 0.05 * 0.05).sqrt();
    let bone = Pose {
        axes: [
            v(0.05 / 1.5, 0.0, dz / 1.5),
            v(0.0, 1.0, 0.0),
            v(-dz / 1.5, 0.0, 0.05 / 1.5),
        ],
        position: p(0.0, 0.0, origin_z + 2.15),
    };
    let mut s = PhysShape::<R>::segment(r(0.35), r(1.5));
    s.head.bone = Some(3);
    s.pose(&Bones {
        frame: Pose::at(p(0.0, 0.0, origin_z)),
        bone,
    });
    let Shape::Segment(k) = s.geom else { panic!() };
    close(k.start, [0.0, 0.0, origin_z + 2.15], 2e-5, "start");
    close(k.end, [0.05, 0.0, origin_z + 0.650_833_6], 5e-5, "end");
    assert!(
        ((k.end.z.to_f32() - origin_z) - 0.65).abs() < 0.005,
        "0.65 m above"
    );
    // A bone-rotated offset: start = bone + R·offset.
    s.head.offset = v(0.0, 0.1, 0.0);
    s.pose(&Bones {
        frame: Pose::at(p(0.0, 0.0, origin_z)),
        bone: quarter_turn(p(1.0, 1.0, 1.0)),
    });
    let Shape::Segment(k) = s.geom else { panic!() };
    close(k.start, [0.9, 1.0, 1.0], 1e-6, "rotated offset");
    close(k.end, [0.9, 2.5, 1.0], 1e-6, "end along bone x (world y)");
    // Bone −1: the owner's position, the offset ignored.
    s.head.bone = None;
    s.pose(&Pose::at(p(4.0, 0.0, 0.0)));
    let Shape::Segment(k) = s.geom else { panic!() };
    close(k.start, [4.0, 0.0, 0.0], 0.0, "bone −1 start");
    close(k.end, [5.5, 0.0, 0.0], 1e-6, "bone −1 end");
}

// Overview "The human body": height = base height + 0.2 × scale; raised
// by 0.61 × scale in one mode and 0.7 × scale in the selected states (at
// most 0.7 above +0x560); 0.35 × scale when cuffed; never under 0.2 × scale.
fn human_capsule_height_rules<R: Real>() {
    let h = |head: f32, raise, cuffed| HumanCapsule {
        head_height: r::<R>(head),
        scale: r(0.97),
        raise,
        cuffed,
    };
    let f = |x: (R, R)| (x.0.to_f32(), x.1.to_f32());
    // Standing: 1.692 + 0.194 = 1.886 (the runtime capsule +0x44 of a
    // scale-0.97 human, characters.md "Walls").
    let (lift, height) = f(human_capsule_height(
        &h(1.692, CapsuleRaise::None, false),
        r(0.0),
    ));
    assert_eq!(lift, 0.0);
    assert!((height - 1.886).abs() < 1e-5, "{height}");
    // Mode: lift 0.61 × 0.97 = 0.5917, height 1.886 − 0.5917 = 1.2943.
    let (lift, height) = f(human_capsule_height(
        &h(1.692, CapsuleRaise::Mode, false),
        r(0.0),
    ));
    assert!((lift - 0.5917).abs() < 1e-5 && (height - 1.2943).abs() < 1e-5);
    // States with the limit 0.2 below the base: room 0.7 − 0.2 = 0.5 < 0.679.
    let (lift, _) = f(human_capsule_height(
        &h(1.692, CapsuleRaise::States { limit: r(-0.2) }, false),
        r(0.0),
    ));
    assert!((lift - 0.5).abs() < 1e-5, "{lift}");
    // Cuffed: 0.35 × 0.97 = 0.3395.
    let (_, height) = f(human_capsule_height(
        &h(1.692, CapsuleRaise::None, true),
        r(0.0),
    ));
    assert!((height - 0.3395).abs() < 1e-6);
    // Crouched below the floor: 0.2 × 0.97 = 0.194.
    let (_, height) = f(human_capsule_height(
        &h(0.3, CapsuleRaise::Mode, false),
        r(0.0),
    ));
    assert!((height - 0.194).abs() < 1e-6, "{height}");
}

fn aabb_helpers<R: Real>() {
    let s = Aabb::<R>::from_sphere(p(1.0, 2.0, 3.0), r(0.5));
    close(s.min, [0.5, 1.5, 2.5], 0.0, "sphere min");
    close(s.max, [1.5, 2.5, 3.5], 0.0, "sphere max");
    let c = Aabb::<R>::from_upright_cylinder(p(1.0, 2.0, 3.0), r(0.35), r(2.0));
    close(
        c.min,
        [0.65, 1.65, 3.0],
        1e-6,
        "cylinder min: no radius below",
    );
    close(
        c.max,
        [1.35, 2.35, 5.0],
        1e-6,
        "cylinder max: no radius above",
    );
    let e = s.extend_by_move(v(-1.0, 0.5, 0.0));
    close(e.min, [-0.5, 1.5, 2.5], 0.0, "extend min");
    close(e.max, [1.5, 3.0, 3.5], 0.0, "extend max");
    // Centre (1,2,3), half (0.5,0.5,0.5) × (2, 1, 1.4286) = (1, 0.5, 0.7143).
    let k = s.scale_about_centre(v(2.0, 1.0, 1.4286));
    close(k.min, [0.0, 1.5, 2.2857], 1e-6, "scaled min");
    close(k.max, [2.0, 2.5, 3.7143], 1e-6, "scaled max");
}

// Overview "The human body", Moved: a sphere's centre jumps to the new
// origin (no offset) with its previous position left alone; a segment is
// not touched.
fn set_from_matrix_moves_sphere_not_segment<R: Real>() {
    let mut s = PhysShape::<R>::sphere(r(0.15));
    s.head.offset = v(0.05, 0.0, 0.03);
    s.pose(&Pose::at(p(1.0, 0.0, 0.0)));
    let before = s.head.previous;
    s.set_from_matrix(&Pose::at(p(9.0, 9.0, 0.0)));
    close(s.position(), [9.0, 9.0, 0.0], 0.0, "jumped");
    assert_eq!(s.head.previous.to_f32(), before.to_f32());
    let mut g = PhysShape::<R>::segment(r(0.1), r(0.4));
    g.pose(&Pose::at(p(1.0, 0.0, 0.0)));
    let old = g.geom;
    g.set_from_matrix(&Pose::at(p(9.0, 9.0, 0.0)));
    assert_eq!(g.geom, old);
}

#[test]
fn pools_have_the_console_capacities_and_allocate_first_free() {
    let mut pools = ShapePools::<f32>::new(PoolCapacities::CONSOLE);
    let caps = [
        (ShapeKind::BoneSphere, 300),
        (ShapeKind::BoneSegment, 300),
        (ShapeKind::StrikeSphere, 60),
        (ShapeKind::Capsule, 60),
        (ShapeKind::ObjectSphere, 416),
        (ShapeKind::ObjectBox, 416),
        (ShapeKind::PaneBox, 255),
        (ShapeKind::CarBox, 36),
        (ShapeKind::PushSphere, 30),
    ];
    for (k, n) in caps {
        assert_eq!(pools.pool(k).capacity(), n, "{k:?}");
    }
    // The capsules are made with (2.0, 0.35).
    let c = pools.alloc_capsule().unwrap();
    let Shape::Capsule(k) = pools.get(c).unwrap().geom else {
        panic!()
    };
    assert_eq!((k.height, k.radius), (2.0, 0.35));
    // Strike spheres come switched off and flagged 0x2 (plus in use 0x8).
    let s = pools.find_free_strike_sphere(0.1).unwrap();
    assert_eq!(pools.get(s).unwrap().head.flags.bits(), 0x2 | 0x8);
    // Exhaustion: the 31st push sphere is refused and counted.
    let spheres: Vec<_> = (0..30).map(|_| pools.alloc_big_sphere().unwrap()).collect();
    assert_eq!(pools.alloc_big_sphere(), None);
    assert_eq!(pools.exhausted(), 1);
    // Free the 5th and the 2nd: the next allocation takes the 2nd (first
    // free), and the freed handles are stale.
    assert!(pools.free_shape(spheres[4]));
    assert!(pools.free_shape(spheres[1]));
    let again = pools.alloc_big_sphere().unwrap();
    assert_eq!(again.slot.index, 1);
    assert!(pools.get(spheres[1]).is_none());
    assert!(
        !pools.free_shape(spheres[1]),
        "a stale free changes nothing"
    );
    assert_eq!(pools.from_word(again.word()), Some(again));
    // Raised capacities: 200 humans' capsules.
    let big = ShapePools::<f32>::new(PoolCapacities {
        humans: 200,
        ..PoolCapacities::CONSOLE
    });
    assert_eq!(big.pool(ShapeKind::Capsule).capacity(), 200);
    assert_eq!(big.pool(ShapeKind::BoneSphere).capacity(), 1000);
}

#[test]
fn ignore_slots_fill_refuse_and_forget() {
    // Overview "Ignore lists": sixty slots; with all in use Ignore does
    // nothing; StopIgnoring frees one or, given null, all; removing a body
    // frees every slot naming its owner.
    let mut s = IgnoreSlots::<u32, u32>::new(60);
    for o in 0..60 {
        assert!(s.ignore(1, 100 + o));
    }
    assert_eq!(s.find_free(), None);
    assert!(!s.ignore(2, 7), "full: nothing happens");
    assert_eq!(s.refused(), 1);
    assert!(!s.is_ignoring(2, 7));
    assert!(s.is_ignoring(1, 130));
    assert_eq!(s.stop_ignoring(1, Some(130)), 1);
    assert_eq!(s.find_free(), Some(30));
    assert!(s.ignore(2, 100));
    assert_eq!(
        s.forget_owner(100),
        2,
        "body 1's and body 2's slots naming 100"
    );
    assert_eq!(s.stop_ignoring(1, None), 58);
    assert!(s.is_empty());
}

#[test]
fn ee32_pose_rounds_like_the_console() {
    // The rotated offset is accumulated x·row0 + y·row1 + z·row2 with each
    // product rounded (truncated in Ee32): with a row of 1/3 the Ee32 result
    // is the truncated product, never above the f32 one.
    let third = Ee32::from_f32(1.0 / 3.0);
    let pose = Pose::<Ee32> {
        axes: [
            Vec4::new(third, third, third, Ee32::ZERO),
            Vec4::new(Ee32::ZERO, Ee32::ONE, Ee32::ZERO, Ee32::ZERO),
            Vec4::new(Ee32::ZERO, Ee32::ZERO, Ee32::ONE, Ee32::ZERO),
        ],
        position: Vec4::ORIGIN,
    };
    let o = Vec4::new(Ee32::from_f32(3.0), Ee32::ZERO, Ee32::ZERO, Ee32::ZERO);
    let got = pose.transform(o).x;
    assert_eq!(got.to_bits(), (third * Ee32::from_f32(3.0)).to_bits());
    assert!(got.to_f32() <= 1.0);
}

// Overview "Shapes" (Unit 6): a segment pointing down an axis gets a wrong
// bound there; read as `start − r` to `end + r` without ordering the ends
// (divergence 187).
fn segment_bound_is_wrong_on_an_axis_it_points_down<R: Real>() {
    let mut s = PhysShape::<R>::segment(r(0.1), r(0.4));
    // Along +x from (1, 2, 3): x 0.9 .. 1.5, a true bound.
    s.pose(&Pose::at(p(1.0, 2.0, 3.0)));
    let b = s.bounds();
    close(b.min, [0.9, 1.9, 2.9], 1e-6, "min");
    close(b.max, [1.5, 2.1, 3.1], 1e-6, "max");
    // Hanging down z (local x = world −z), as the punch bag's: z from
    // 3 − 0.1 = 2.9 "up to" 2.6 + 0.1 = 2.7, a box with min above max.
    let down = Pose {
        axes: [v(0.0, 0.0, -1.0), v(0.0, 1.0, 0.0), v(1.0, 0.0, 0.0)],
        position: p(1.0, 2.0, 3.0),
    };
    s.pose(&down);
    let b = s.bounds();
    close(b.min, [0.9, 1.9, 2.9], 1e-6, "min");
    close(b.max, [1.1, 2.1, 2.7], 1e-6, "max");
    assert!(b.min.z > b.max.z, "inverted on the axis it points down");
    // A box the segment passes through (z 2.75..2.85, the segment covers
    // 2.5..3.1 with its radius) is missed by the wrong bound.
    let probe = Aabb::new(p(0.9, 1.9, 2.75), p(1.1, 2.1, 2.85));
    assert!(!b.overlaps(&probe), "the wrong bound misses it");
}

// Overview "Shapes": flag 0x10 makes the next pose's previous position the
// posed one. With `ShapeQuirks::capsule_ignores_reset` off the capsule does
// what the sphere, box and segment do. The expected base is worked by hand:
// another owner's capsule stands on the position plus the unrotated offset.
fn capsule_corrected_honours_the_reset_flag<R: Real>() {
    let q = ShapeQuirks::corrected();
    let mut c = PhysShape::<R>::capsule(r(2.0), r(0.35));
    c.head.offset = v(0.0, 0.0, 0.5);
    c.pose_with(&Pose::at(p(-1.0, 0.0, 0.0)), &q);
    close(
        c.head.previous,
        [0.0, 0.0, 0.0],
        0.0,
        "no flag: the old base",
    );
    // Switched on (0x11), then posed 4 m away: no sweep spans the jump.
    c.set_enabled(true);
    c.pose_with(&Pose::at(p(3.0, 4.0, 0.0)), &q);
    close(c.position(), [3.0, 4.0, 0.5], 0.0, "base");
    close(c.head.previous, [3.0, 4.0, 0.5], 0.0, "previous reset");
    assert!(!c.head.flags.contains(ShapeFlags::RESET), "flag cleared");
    // The next pose sweeps from there as usual.
    c.pose_with(&Pose::at(p(3.5, 4.0, 0.0)), &q);
    close(c.head.previous, [3.0, 4.0, 0.5], 0.0, "previous");
    close(c.position(), [3.5, 4.0, 0.5], 0.0, "moved base");
    // The console's preset still ignores the flag.
    let mut k = PhysShape::<R>::capsule(r(2.0), r(0.35));
    k.set_enabled(true);
    k.pose_with(&Pose::at(p(3.0, 4.0, 0.0)), &ShapeQuirks::console());
    close(k.head.previous, [0.0, 0.0, 0.0], 0.0, "console: not reset");
}

/// The box of a ball of radius `rad` swept from `a` to `b`, by sampling
/// 1,001 centres along the segment in `f64` and taking each centre `± rad`
/// on every axis (a ball's extreme along an axis is its centre ± r).
fn sampled_segment_box(a: [f64; 3], b: [f64; 3], rad: f64) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for i in 0..=1000 {
        let t = f64::from(i) / 1000.0;
        for k in 0..3 {
            let c = a[k] + (b[k] - a[k]) * t;
            lo[k] = lo[k].min(c - rad);
            hi[k] = hi[k].max(c + rad);
        }
    }
    (lo, hi)
}

// Overview "Shapes" (Unit 6): the true bound of a segment, with
// `ShapeQuirks::segment_bound_unordered` off, against a box sampled along
// the segment; the hanging segment of the console's test now reaches the
// probe box it missed, and 300 random segments, half pointing down some
// axis, agree with the sampled box.
fn segment_corrected_bound_is_the_swept_ball_box<R: Real>() {
    let q = ShapeQuirks::corrected();
    let mut s = PhysShape::<R>::segment(r(0.1), r(0.4));
    let down = Pose {
        axes: [v(0.0, 0.0, -1.0), v(0.0, 1.0, 0.0), v(1.0, 0.0, 0.0)],
        position: p(1.0, 2.0, 3.0),
    };
    s.pose_with(&down, &q);
    let b = s.bounds_with(&q);
    let (lo, hi) = sampled_segment_box([1.0, 2.0, 3.0], [1.0, 2.0, 2.6], 0.1);
    let f = |x: [f64; 3]| x.map(|c| c as f32);
    close(b.min, f(lo), 1e-6, "min");
    close(b.max, f(hi), 1e-6, "max");
    let probe = Aabb::new(p(0.9, 1.9, 2.75), p(1.1, 2.1, 2.85));
    assert!(b.overlaps(&probe), "the true bound meets the probe");

    let mut rng = Xorshift(0x5e9_b0d5);
    for i in 0..300 {
        let a = [
            rng.range_rounded(-50.0, 50.0),
            rng.range_rounded(-50.0, 50.0),
            rng.range_rounded(-5.0, 5.0),
        ];
        let d = [
            rng.range_rounded(-2.0, 2.0),
            rng.range_rounded(-2.0, 2.0),
            rng.range_rounded(-2.0, 2.0),
        ];
        let rad = rng.range_rounded(0.0, 0.5);
        let e = [0, 1, 2].map(|k| f64::from((a[k] + d[k]) as f32));
        let seg = PhysShape::<R> {
            head: Default::default(),
            geom: Shape::Segment(kernels::Segment {
                start: p(a[0] as f32, a[1] as f32, a[2] as f32),
                end: p(e[0] as f32, e[1] as f32, e[2] as f32),
                radius: r(rad as f32),
                length: r(2.0),
            }),
        };
        let b = seg.bounds_with(&q);
        let (lo, hi) = sampled_segment_box(a, e, rad);
        close(b.min, f(lo), 1e-4, &format!("segment {i} min"));
        close(b.max, f(hi), 1e-4, &format!("segment {i} max"));
    }
}

// Overview "The human body", Moved: with
// `ShapeQuirks::moved_keeps_previous` off, the pose after a teleport sweeps
// nothing across the jump: each shape's previous position after it is
// where that pose put it, worked here in `f64` from the new frame (a
// sphere's offset on its bone, a segment's start at the bone plus the
// bone-rotated offset), not from the code.
fn set_from_matrix_corrected_next_sweep_starts_at_the_new_place<R: Real>() {
    let q = ShapeQuirks::corrected();
    let old = Bones {
        frame: Pose::at(p(1.0, 0.0, 0.0)),
        bone: quarter_turn(p(1.0, 0.0, 1.2)),
    };
    let new = Bones {
        frame: Pose::at(p(9.0, 9.0, 0.0)),
        bone: quarter_turn(p(9.0, 9.0, 1.2)),
    };
    // A hand sphere on its bone, offset 0.08 along the bone's x (world y).
    let mut s = PhysShape::<R>::sphere(r(0.09));
    s.head.bone = Some(25);
    s.head.offset = v(0.08, 0.0, 0.0);
    s.pose_with(&old, &q);
    s.pose_with(&old, &q);
    s.set_from_matrix_with(&new.frame, &q);
    close(s.position(), [9.0, 9.0, 0.0], 0.0, "jumped to the origin");
    close(s.head.previous, [9.0, 9.0, 0.0], 0.0, "previous follows");
    s.pose_with(&new, &q);
    let hand = [9.0, 9.0 + 0.08, 1.2].map(|c: f64| c as f32);
    close(s.position(), hand, 1e-6, "posed on the bone");
    close(s.head.previous, hand, 1e-6, "no sweep across the jump");
    // A shin segment on its bone: its start is the bone plus the offset
    // turned by the bone, (0.1, 0, 0) along world y.
    let mut g = PhysShape::<R>::segment(r(0.1), r(0.4));
    g.head.bone = Some(32);
    g.head.offset = v(0.1, 0.0, 0.0);
    g.pose_with(&old, &q);
    g.set_from_matrix_with(&new.frame, &q);
    g.pose_with(&new, &q);
    let start = [9.0, 9.1, 1.2].map(|c: f64| c as f32);
    close(g.position(), start, 1e-6, "segment start");
    close(
        g.head.previous,
        start,
        1e-6,
        "segment: no sweep across the jump",
    );
    // The console: the segment's next pose sweeps from before the jump.
    let mut k = PhysShape::<R>::segment(r(0.1), r(0.4));
    k.head.bone = Some(32);
    k.head.offset = v(0.1, 0.0, 0.0);
    k.pose(&old);
    k.set_from_matrix(&new.frame);
    k.pose(&new);
    close(
        k.head.previous,
        [1.0, 0.1, 1.2],
        1e-6,
        "console: from before",
    );
}
