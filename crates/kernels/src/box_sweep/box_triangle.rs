//! The box-triangle sweep: 13 separating axes, a fraction or `1e28`
//! (spec, Unit 13, "Sweep_BoxTriangle (0x0034d5d0)").

use ps2_float::{Real, Vec4};

use super::interval::{sweep_interval_overlap_with, AxisTimes, Interval, Window};
use super::project::{box_tri_project_box, box_tri_project_triangle};
use crate::{shapes::OrientedBox, triangle::WorkTriangle};

/// `1e28` (0x6e013f39): the kernel's "no contact".
pub const NO_CONTACT: u32 = 0x6e01_3f39;

/// `1e24` (0x6753c21c): the window's initial `tLast`.
pub(crate) const T_LAST_START: u32 = 0x6753_c21c;

/// [`sweep_box_triangle`], also returning the window after each axis it
/// tested (axis 0 the face, 1-3 the box axes, 4-12 the crosses `e_i × A_j`,
/// `i` outer), `None` past the axis that ended the sweep.
///
/// Spec: Unit 13, "Sweep_BoxTriangle (0x0034d5d0)" and its worked windows
/// (Test ideas, tests 1 and 4). The traced form of the function below
/// (divergence 95).
#[must_use]
pub fn sweep_box_triangle_windows<R: Real>(
    bx: &OrientedBox<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
) -> (R, [Option<Window<R>>; 13]) {
    sweep_box_triangle_windows_with(bx, tri, mv, true)
}

// Each `_with` form below takes its entry's parameters and adds `reset`,
// so the parameter lists repeat.
/// [`sweep_box_triangle_windows`] with the zero-speed reset switched
/// (`reset`, [`Quirks::zero_speed_reset`](crate::Quirks::zero_speed_reset)).
#[must_use]
pub fn sweep_box_triangle_windows_with<R: Real>(
    bx: &OrientedBox<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    reset: bool,
) -> (R, [Option<Window<R>>; 13]) {
    let mut trace = [None; 13];
    let t = sweep_box_triangle_spans(bx, tri, mv, reset, None, &mut trace);
    (t, trace)
}

/// Where [`sweep_box_triangle_spans`] puts the window after each axis: the
/// thirteen of the trace, or nowhere ([`NoTrace`], for the mesh sweep,
/// which reads only the time).
pub(crate) trait AxisTrace<R> {
    /// Keeps the window after axis `axis` (0 to 12).
    fn record(&mut self, axis: usize, w: Window<R>);
}

impl<R: Copy> AxisTrace<R> for [Option<Window<R>>; 13] {
    #[inline(always)]
    fn record(&mut self, axis: usize, w: Window<R>) {
        if let Some(slot) = self.get_mut(axis) {
            *slot = Some(w);
        }
    }
}

/// No trace: the windows are not kept.
pub(crate) struct NoTrace;

impl<R> AxisTrace<R> for NoTrace {
    #[inline(always)]
    fn record(&mut self, _: usize, _: Window<R>) {}
}

/// The box's own three axes as the interval test reads them: per axis `A`,
/// the speed `A·M`, the triangle's interval and the box's own (`A·P ± h`),
/// and once the pre-test has tested an axis, its entry and exit times.
/// The box axes' pre-test ([`box_axes_separate`]) and the kernel's axes 2-4
/// form the same values and times; worked once, they serve both.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxAxisSpans<R> {
    speed: [R; 3],
    tri: [Interval<R>; 3],
    own: [Interval<R>; 3],
    times: [Option<AxisTimes<R>>; 3],
}

impl<R: Real> BoxAxisSpans<R> {
    /// The spans of box `bx` moving by `mv` and the triangle `v`.
    pub(crate) fn new(bx: &OrientedBox<R>, v: &[Vec4<R>; 3], mv: Vec4<R>) -> Self {
        let half = [bx.half.x, bx.half.y, bx.half.z];
        let axis = |k: usize| {
            let a = bx.axes[k];
            let c = a.dot(bx.centre);
            (
                a.dot(mv),
                box_tri_project_triangle(v, a),
                Interval::new(c - half[k], c + half[k]),
            )
        };
        let (s0, t0, o0) = axis(0);
        let (s1, t1, o1) = axis(1);
        let (s2, t2, o2) = axis(2);
        Self {
            speed: [s0, s1, s2],
            tri: [t0, t1, t2],
            own: [o0, o1, o2],
            times: [None; 3],
        }
    }

    /// [`box_axes_separate`] on these spans, keeping each tested axis's
    /// times for the kernel.
    pub(crate) fn separate(&mut self) -> bool {
        (0..3).any(|k| {
            let mut w = Window {
                first: R::ZERO,
                last: R::from_bits(T_LAST_START),
            };
            let times = AxisTimes::new(self.speed[k], self.tri[k], self.own[k]);
            self.times[k] = Some(times);
            times.narrow(&mut w, R::ONE, true)
        })
    }
}

/// [`sweep_box_triangle_windows_with`]'s time, its axes 2-4 read from
/// `spans` when the caller worked them (the same values bit for bit), the
/// window after each axis given to `trace`.
pub(crate) fn sweep_box_triangle_spans<R: Real, T: AxisTrace<R>>(
    bx: &OrientedBox<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    reset: bool,
    spans: Option<&BoxAxisSpans<R>>,
    trace: &mut T,
) -> R {
    let none = R::from_bits(NO_CONTACT);
    let t_max = R::ONE;
    let mut w = Window {
        first: R::ZERO,
        last: R::from_bits(T_LAST_START),
    };
    let [e0, e1, e2] = tri.e;

    // Axis 1, the face: the triangle is the single value N·v0.
    let n = e0.cross(e1);
    let p = n.dot(tri.v[0]);
    let sep = sweep_interval_overlap_with(
        &mut w,
        t_max,
        n.dot(mv),
        Interval::new(p, p),
        box_tri_project_box(bx, n),
        reset,
    );
    trace.record(0, w);
    if sep {
        return none;
    }

    // Axes 2-4, the box's own axes (dot products in the spec's written
    // order; divergence 99).
    let half = [bx.half.x, bx.half.y, bx.half.z];
    for (k, (a, h)) in bx.axes.iter().zip(half).enumerate() {
        let (speed, on_tri, own) = match spans {
            Some(s) => (s.speed[k], s.tri[k], s.own[k]),
            None => {
                let c = a.dot(bx.centre);
                (
                    a.dot(mv),
                    box_tri_project_triangle(&tri.v, *a),
                    Interval::new(c - h, c + h),
                )
            }
        };
        let times = spans
            .and_then(|s| s.times[k])
            .unwrap_or_else(|| AxisTimes::new(speed, on_tri, own));
        let sep = times.narrow(&mut w, t_max, reset);
        trace.record(1 + k, w);
        if sep {
            return none;
        }
    }

    // Axes 5-13, the crosses e_i × A_j; a zero axis is not skipped.
    for (i, e) in [e0, e1, e2].into_iter().enumerate() {
        for (j, a) in bx.axes.iter().enumerate() {
            let l = e.cross(*a);
            let sep = sweep_interval_overlap_with(
                &mut w,
                t_max,
                l.dot(mv),
                box_tri_project_triangle(&tri.v, l),
                box_tri_project_box(bx, l),
                reset,
            );
            trace.record(4 + 3 * i + j, w);
            if sep {
                return none;
            }
        }
    }

    let t = w.first;
    if t < R::ZERO || t > R::ONE {
        none
    } else {
        t
    }
}

/// Whether one of the box's own three axes separates the box from the
/// triangle `v` over the whole move `mv`, tested as
/// [`sweep_box_triangle`] tests axes 2-4 (the same projections and speeds,
/// bit for bit) but each on a fresh window `[0, 1e24]`.
///
/// A `true` proves the kernel answers `1e28`: an interval test that
/// separates on a fresh window (the box moving away or never reaching the
/// triangle's interval by `t = 1`, or leaving it before it arrives) also
/// separates on any window the earlier axes left, since those only raise
/// `first` above 0 and lower `last`. A `false` proves nothing. So a caller
/// may skip the kernel (and its set-up, the edges) on `true` and take
/// `1e28`: a cull under divergence 178's rule, exact in both float modes.
#[must_use]
pub fn box_axes_separate<R: Real>(bx: &OrientedBox<R>, v: &[Vec4<R>; 3], mv: Vec4<R>) -> bool {
    BoxAxisSpans::new(bx, v, mv).separate()
}

/// Sweeps a box by `mv` (over `t` from 0 to 1, without turning) against a
/// still triangle whose edges `e0, e1, e2` the caller has filled (not
/// normalised); returns the fraction of first contact, or `1e28`
/// ([`NO_CONTACT`]) for none. Touching counts; `t = 1` exactly is a contact.
///
/// The axes are the face normal `e0 × e1`, the box's axes, then the nine
/// crosses `e_i × A_j`, each through
/// [`sweep_interval_overlap`](super::sweep_interval_overlap). Its
/// zero-speed reset is the quirk that gives fraction 0 for an axis-aligned
/// box dropped straight down, a contact earlier than the true one, or a
/// contact where the box passes the triangle; a move falling short of the
/// plane is still refused by the face axis.
///
/// Spec: Unit 13, "Sweep_BoxTriangle (0x0034d5d0)".
/// Original: `Sweep_BoxTriangle` (0x0034d5d0).
#[inline]
#[must_use]
pub fn sweep_box_triangle<R: Real>(bx: &OrientedBox<R>, tri: &WorkTriangle<R>, mv: Vec4<R>) -> R {
    sweep_box_triangle_windows(bx, tri, mv).0
}

/// [`sweep_box_triangle`] with the zero-speed reset switched (`reset`,
/// [`Quirks::zero_speed_reset`](crate::Quirks::zero_speed_reset)): false
/// gives the separating-axis sweep's true first contact (Unit 13's flat
/// drop, Test ideas row 1: 0.75 instead of 0).
#[inline]
#[must_use]
pub fn sweep_box_triangle_with<R: Real>(
    bx: &OrientedBox<R>,
    tri: &WorkTriangle<R>,
    mv: Vec4<R>,
    reset: bool,
) -> R {
    sweep_box_triangle_windows_with(bx, tri, mv, reset).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::{Seeded, Xorshift};

    /// The kernel with the pre-test's times for the box's own axes gives
    /// the same fraction and the same window after every axis, bit for
    /// bit, as the kernel working them itself: 20,000 seeded boxes (a third
    /// axis-aligned), triangles around them and moves (a fifth straight
    /// down), with and without the zero-speed reset, in both float modes.
    fn times_change_no_bit<R: Real>() {
        let mut rng = Xorshift(0x7a11_5eed);
        let (mut kernels, mut hits) = (0, 0);
        for i in 0..20_000 {
            let mut u = |lo: f32, hi: f32| rng.range_f32(lo, hi);
            let mut v =
                |lo: f32, hi: f32| Vec4::<R>::from_f32([u(lo, hi), u(lo, hi), u(lo, hi), 0.0]);
            let centre = v(-2.0, 2.0).with_w(R::ONE);
            let half = v(0.05, 1.0);
            let axes = if i % 3 == 0 {
                [
                    Vec4::from_f32([1.0, 0.0, 0.0, 0.0]),
                    Vec4::from_f32([0.0, 1.0, 0.0, 0.0]),
                    Vec4::from_f32([0.0, 0.0, 1.0, 0.0]),
                ]
            } else {
                let a = v(-1.0, 1.0).normalize();
                let b = a.cross(v(-1.0, 1.0)).normalize();
                [a, b, a.cross(b)]
            };
            let bx = OrientedBox { centre, axes, half };
            let mut tri = WorkTriangle::from_corners(v(-3.0, 3.0), v(-3.0, 3.0), v(-3.0, 3.0));
            tri.compute_normal();
            tri.compute_edges(false);
            let mv = if i % 5 == 0 {
                Vec4::from_f32([0.0, 0.0, -u(0.0, 3.0), 0.0])
            } else {
                v(-3.0, 3.0)
            };
            let mut spans = BoxAxisSpans::new(&bx, &tri.v, mv);
            if spans.separate() {
                continue;
            }
            assert!(spans.times.iter().all(Option::is_some));
            for reset in [true, false] {
                kernels += 1;
                let (mut trace, mut trace0) = ([None; 13], [None; 13]);
                let t = sweep_box_triangle_spans(&bx, &tri, mv, reset, Some(&spans), &mut trace);
                let t0 = sweep_box_triangle_spans(&bx, &tri, mv, reset, None, &mut trace0);
                let untraced = sweep_box_triangle_spans(&bx, &tri, mv, reset, None, &mut NoTrace);
                assert_eq!(untraced.to_bits(), t0.to_bits(), "case {i}, reset {reset}");
                let bits = |w: &Option<Window<R>>| w.map(|w| (w.first.to_bits(), w.last.to_bits()));
                assert_eq!(t.to_bits(), t0.to_bits(), "case {i}, reset {reset}");
                assert_eq!(
                    trace.map(|w| bits(&w)),
                    trace0.map(|w| bits(&w)),
                    "case {i}, reset {reset}"
                );
                hits += usize::from(t.to_bits() != NO_CONTACT);
            }
        }
        assert!(
            kernels > 5_000 && hits > 1_000,
            "kernels {kernels}, hits {hits}"
        );
    }

    test_support::both_modes!(times_change_no_bit);
}
