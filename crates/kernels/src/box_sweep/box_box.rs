//! Two moving boxes: do they meet? (spec, Unit 13, "Sweep_BoxBox
//! (0x0034c430)").

use ps2_float::{Real, Vec4};

use crate::shapes::OrientedBox;

/// The axis that separated two boxes, in the order they are tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxBoxAxis {
    /// `A_i`, `i = 0, 1, 2` (indices 0-2).
    A(u8),
    /// `B_j` (indices 3-5).
    B(u8),
    /// `A_i × B_j`, `i` outer (indices 6-14).
    Cross(u8, u8),
    /// `W × A_i`, a relative-velocity axis (indices 15-17).
    VelocityA(u8),
    /// `W × B_j` (indices 18-20).
    VelocityB(u8),
}

impl BoxBoxAxis {
    /// The position of the axis in the test order, 0 to 20.
    #[must_use]
    pub fn index(self) -> u32 {
        match self {
            BoxBoxAxis::A(i) => u32::from(i),
            BoxBoxAxis::B(j) => 3 + u32::from(j),
            BoxBoxAxis::Cross(i, j) => 6 + 3 * u32::from(i) + u32::from(j),
            BoxBoxAxis::VelocityA(i) => 15 + u32::from(i),
            BoxBoxAxis::VelocityB(j) => 18 + u32::from(j),
        }
    }
}

/// Separated on an end-point axis: both projections of the centre offset lie
/// beyond `r` on the same side (strict).
#[inline]
fn apart<R: Real>(p0: R, p1: R, r: R) -> bool {
    (r < p0 && r < p1) || (p0 < -r && p1 < -r)
}

/// An offset's projection on the cross axis `A_i × B_j` from its projections
/// `dd` on A's axes: `dd[i2]·c[i1][j] − dd[i1]·c[i2][j]`, where `c` holds
/// `A_i · B_j` (always inlined: a call costs a fifth of it in `Ee32` mode).
#[inline(always)]
fn cross_projection<R: Real>(dd: &[R; 3], c: &[[R; 3]; 3], i1: usize, i2: usize, j: usize) -> R {
    dd[i2] * c[i1][j] - dd[i1] * c[i2][j]
}

/// One box's half-extent `h` across a velocity axis, `h·|p·q − s·u|`.
/// Always inlined: a call costs a fifth of it in `Ee32` mode.
#[inline(always)]
fn spread<R: Real>(h: R, p: R, q: R, s: R, u: R) -> R {
    h * (p * q - s * u).abs()
}

/// The first axis separating box `a` moving by `move_a` from box `b` moving by
/// `move_b` over `t` from 0 to 1, or `None` when they meet (the work of
/// [`sweep_box_box`], naming the axis; divergence 96).
///
/// Spec: Unit 13, "Sweep_BoxBox (0x0034c430)". The velocity axes' test
/// `R < |X·axis|` is read as `X` dotted with the box axis (`A_i`, `B_j`),
/// which equals the projection of `D` on `W × A_i` (divergence 92).
#[must_use]
pub fn sweep_box_box_axis<R: Real>(
    a: &OrientedBox<R>,
    move_a: Vec4<R>,
    b: &OrientedBox<R>,
    move_b: Vec4<R>,
) -> Option<BoxBoxAxis> {
    let d = b.centre - a.centre;
    let w = move_b - move_a;
    let d1 = d + w;
    let aa = a.axes;
    let bb = b.axes;
    let ha = [a.half.x, a.half.y, a.half.z];
    let hb = [b.half.x, b.half.y, b.half.z];
    let mut c = [[R::ZERO; 3]; 3];
    for (row, ai) in c.iter_mut().zip(aa.iter()) {
        for (cij, bj) in row.iter_mut().zip(bb.iter()) {
            *cij = ai.dot(*bj);
        }
    }
    let ac = c.map(|row| row.map(R::abs));

    // A's axes against both ends' offsets, kept for the cross axes below
    // (each is the same dot product there; reading it again changes no bit).
    let (mut ad, mut ad1) = ([R::ZERO; 3], [R::ZERO; 3]);
    for i in 0..3 {
        let r = ha[i] + ((hb[0] * ac[i][0] + hb[1] * ac[i][1]) + hb[2] * ac[i][2]);
        (ad[i], ad1[i]) = (aa[i].dot(d), aa[i].dot(d1));
        if apart(ad[i], ad1[i], r) {
            return Some(BoxBoxAxis::A(i as u8));
        }
    }
    for j in 0..3 {
        let r = ((ha[0] * ac[0][j] + ha[1] * ac[1][j]) + ha[2] * ac[2][j]) + hb[j];
        if apart(bb[j].dot(d), bb[j].dot(d1), r) {
            return Some(BoxBoxAxis::B(j as u8));
        }
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let r = ((ha[i1] * ac[i2][j] + ha[i2] * ac[i1][j]) + hb[j1] * ac[i][j2])
                + hb[j2] * ac[i][j1];
            if apart(
                cross_projection(&ad, &c, i1, i2, j),
                cross_projection(&ad1, &c, i1, i2, j),
                r,
            ) {
                return Some(BoxBoxAxis::Cross(i as u8, j as u8));
            }
        }
    }

    let x = w.cross(d);
    // Written out: an array's `map` costs a drain per call here.
    let wa = [w.dot(aa[0]), w.dot(aa[1]), w.dot(aa[2])];
    let wb = [w.dot(bb[0]), w.dot(bb[1]), w.dot(bb[2])];
    for (i, ai) in aa.iter().enumerate() {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        // Term by term (a closure here stays a call in `Ee32` mode).
        let own = ha[i1] * wa[i2].abs() + ha[i2] * wa[i1].abs();
        let r = ((own + spread(hb[0], c[i1][0], wa[i2], c[i2][0], wa[i1]))
            + spread(hb[1], c[i1][1], wa[i2], c[i2][1], wa[i1]))
            + spread(hb[2], c[i1][2], wa[i2], c[i2][2], wa[i1]);
        if r < x.dot(*ai).abs() {
            return Some(BoxBoxAxis::VelocityA(i as u8));
        }
    }
    for (j, bj) in bb.iter().enumerate() {
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        let r = (((spread(ha[0], c[0][j1], wb[j2], c[0][j2], wb[j1])
            + spread(ha[1], c[1][j1], wb[j2], c[1][j2], wb[j1]))
            + spread(ha[2], c[2][j1], wb[j2], c[2][j2], wb[j1]))
            + hb[j1] * wb[j2].abs())
            + hb[j2] * wb[j1].abs();
        if r < x.dot(*bj).abs() {
            return Some(BoxBoxAxis::VelocityB(j as u8));
        }
    }
    None
}

// The original's answer is whether `sweep_box_box_axis` finds no axis: the
// two take the same parameters, so the lists repeat.
/// Whether two oriented boxes, each moving linearly over `t` from 0 to 1
/// without turning, overlap at any time (touching counts): the 15 box axes
/// tested at both ends of the move, then the 6 axes built from the relative
/// velocity `W = move_b − move_a`. No fraction, point or normal; no epsilon;
/// zero axes pass.
///
/// Spec: Unit 13, "Sweep_BoxBox (0x0034c430)".
/// Original: `Sweep_BoxBox` (0x0034c430).
#[inline]
#[must_use]
pub fn sweep_box_box<R: Real>(
    a: &OrientedBox<R>,
    move_a: Vec4<R>,
    b: &OrientedBox<R>,
    move_b: Vec4<R>,
) -> bool {
    sweep_box_box_axis(a, move_a, b, move_b).is_none()
}

/// The first contact of box `a` moving by `move_a` against box `b` at rest
/// over `t` from 0 to 1, by the separating-axis sweep ([`Quirks`](crate::Quirks)'
/// corrected box pair; the original's [`sweep_box_box`] says only whether
/// they meet): each of the 15 axes (`A_i`, `B_j`, `A_i × B_j`) narrows the
/// window of overlap through
/// [`sweep_interval_overlap_with`](super::sweep_interval_overlap_with)
/// without the zero-speed reset. For boxes that translate without turning
/// the obstacle is convex with its faces normal to those axes, so the
/// window's start is the true first contact. Returns the fraction and the
/// axis that set it (`None` for boxes already overlapping at `t = 0`), or
/// `None` when they do not meet.
#[must_use]
pub fn sweep_box_box_first_contact<R: Real>(
    a: &OrientedBox<R>,
    move_a: Vec4<R>,
    b: &OrientedBox<R>,
) -> Option<(R, Option<Vec4<R>>)> {
    use super::interval::{sweep_interval_overlap_with, Interval, Window};
    let span = |bx: &OrientedBox<R>, l: Vec4<R>| {
        let c = bx.centre.with_w(R::ZERO).dot(l);
        let r = (bx.half.x * bx.axes[0].dot(l).abs() + bx.half.y * bx.axes[1].dot(l).abs())
            + bx.half.z * bx.axes[2].dot(l).abs();
        Interval::new(c - r, c + r)
    };
    let mut w = Window {
        first: R::ZERO,
        last: R::from_bits(super::box_triangle::T_LAST_START),
    };
    let mut axis = None;
    let mut test = |l: Vec4<R>| -> bool {
        let l = l.with_w(R::ZERO);
        let before = w.first;
        let sep = sweep_interval_overlap_with(
            &mut w,
            R::ONE,
            move_a.dot(l),
            span(b, l),
            span(a, l),
            false,
        );
        if w.first > before {
            axis = Some(l);
        }
        sep
    };
    for ai in a.axes {
        if test(ai) {
            return None;
        }
    }
    for bj in b.axes {
        if test(bj) {
            return None;
        }
    }
    for ai in a.axes {
        for bj in b.axes {
            if test(ai.cross(bj)) {
                return None;
            }
        }
    }
    let t = w.first;
    (R::ZERO <= t && t <= R::ONE).then_some((t, axis))
}
