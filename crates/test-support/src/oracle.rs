//! Independent `f64` geometry for the tests' oracles: vectors as `[f64; 3]`,
//! distances between points, segments and triangles, the least of a convex
//! function, a sampled first touch, and the faces of a small point set's
//! convex hull by brute force. Written from the geometry alone, not from
//! the kernels they check.

/// A vector in `f64`.
pub type V = [f64; 3];

/// `a · b`.
#[must_use]
pub fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `a + b`.
#[must_use]
pub fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a·s`.
#[must_use]
pub fn scale(a: V, s: f64) -> V {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// `a − b`.
#[must_use]
pub fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a + d·s`.
#[must_use]
pub fn add_scaled(a: V, d: V, s: f64) -> V {
    [a[0] + d[0] * s, a[1] + d[1] * s, a[2] + d[2] * s]
}

/// `a × b`.
#[must_use]
pub fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `|a|`.
#[must_use]
pub fn len(a: V) -> f64 {
    dot(a, a).sqrt()
}

/// An `f32` triple in `f64`.
#[must_use]
pub fn f64s(a: [f32; 3]) -> V {
    a.map(f64::from)
}

/// The argument of the least value of a convex `f` on `[lo, hi]`: 80
/// steps of golden section, the middle of the last bracket.
#[must_use]
pub fn golden_in(lo: f64, hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let (mut a, mut b) = (lo, hi);
    for _ in 0..80 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if f(c) <= f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    0.5 * (a + b)
}

/// The argument of the least value of a convex `f` on `[0, 1]`:
/// [`golden_in`], or an end where that is lower.
#[must_use]
pub fn golden(f: impl Fn(f64) -> f64) -> f64 {
    [golden_in(0.0, 1.0, &f), 0.0, 1.0]
        .into_iter()
        .min_by(|x, y| f(*x).total_cmp(&f(*y)))
        .unwrap_or(0.0)
}

/// The point of `a`..`b` nearest to `p`.
#[must_use]
pub fn point_segment(p: V, a: V, b: V) -> V {
    let d = sub(b, a);
    let dd = dot(d, d);
    if dd == 0.0 {
        return a;
    }
    add_scaled(a, d, (dot(sub(p, a), d) / dd).clamp(0.0, 1.0))
}

/// The distance from `p` to the segment `a`..`b`.
#[must_use]
pub fn point_segment_distance(p: V, a: V, b: V) -> f64 {
    len(sub(p, point_segment(p, a, b)))
}

/// The distance between the segments `p0`..`p1` and `q0`..`q1`, with
/// their nearest points: the interior solution of the two-parameter least
/// squares when it lies inside both, else the least of the four
/// end-to-segment distances.
#[must_use]
pub fn segment_segment(p0: V, p1: V, q0: V, q1: V) -> (f64, V, V) {
    let (d1, d2, w) = (sub(p1, p0), sub(q1, q0), sub(p0, q0));
    let (a, b, c, d, e) = (
        dot(d1, d1),
        dot(d1, d2),
        dot(d2, d2),
        dot(d1, w),
        dot(d2, w),
    );
    let den = a * c - b * b;
    let mut best: Option<(f64, V, V)> = None;
    let mut take = |x: V, y: V| {
        let l = len(sub(x, y));
        if best.is_none_or(|(bl, _, _)| l < bl) {
            best = Some((l, x, y));
        }
    };
    if den > 1e-12 * a.max(1e-12) * c.max(1e-12) {
        let s = (b * e - c * d) / den;
        let t = (a * e - b * d) / den;
        if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
            take(add_scaled(p0, d1, s), add_scaled(q0, d2, t));
        }
    }
    for p in [p0, p1] {
        take(p, point_segment(p, q0, q1));
    }
    for q in [q0, q1] {
        take(point_segment(q, p0, p1), q);
    }
    best.unwrap_or((len(sub(p0, q0)), p0, q0))
}

/// The distance from `p` to the triangle `t`: to its plane's foot when
/// that lies within the three edges, else to the nearest edge.
#[must_use]
pub fn point_triangle_distance(p: V, t: [V; 3]) -> f64 {
    let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    let nn = dot(n, n);
    let edges = (0..3)
        .map(|k| point_segment_distance(p, t[k], t[(k + 1) % 3]))
        .fold(f64::INFINITY, f64::min);
    if nn == 0.0 {
        return edges;
    }
    let foot = add_scaled(p, n, -dot(sub(p, t[0]), n) / nn);
    let inside = (0..3).all(|k| {
        let e = sub(t[(k + 1) % 3], t[k]);
        dot(cross(e, sub(foot, t[k])), n) >= 0.0
    });
    if inside {
        len(sub(p, foot))
    } else {
        edges
    }
}

/// The distance from the segment `a`..`b` to the triangle `t`: the least
/// of the point-triangle distance along the segment, which is convex there.
#[must_use]
pub fn segment_triangle_distance(a: V, b: V, t: [V; 3]) -> f64 {
    let f = |s: f64| point_triangle_distance(add_scaled(a, sub(b, a), s), t);
    f(golden(f))
}

/// The first touch of a static distance `dist(t)`, `t` in `[0, 1]`, with
/// `reach`: 0 when touching at the start, else the first of 400 samples
/// within reach (a graze between samples found by golden section),
/// bisected 60 times; `None` when it never comes within reach.
#[must_use]
pub fn sampled_first_touch(dist: impl Fn(f64) -> f64, reach: f64) -> Option<f64> {
    if dist(0.0) <= reach {
        return Some(0.0);
    }
    let n = 400;
    let hi = (1..=n)
        .map(|i| f64::from(i) / f64::from(n))
        .find(|&t| dist(t) <= reach);
    let hi = match hi {
        Some(t) => t,
        None => {
            let g = golden(&dist);
            if dist(g) > reach {
                return None;
            }
            g
        }
    };
    Some(bisect_first(|t| dist(t) <= reach, 0.0, hi, 60))
}

/// The upper end of `[lo, hi]` after halving it `times` times, keeping
/// `inside(lo)` false and `inside(hi)` true: the first `t` inside, to
/// within the last half's width.
#[must_use]
pub fn bisect_first(inside: impl Fn(f64) -> bool, lo: f64, hi: f64, times: u32) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..times {
        let mid = 0.5 * (lo + hi);
        if inside(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The signed distance from the origin to the boundary of the convex hull
/// of `points`, by brute force over every plane through three of them that
/// has all the points on one side: negative by the distance to the nearest
/// face when the origin lies strictly inside, else a number at least 0 (0
/// for a flat hull). Meant for a few dozen points.
#[must_use]
pub fn hull_inner_depth(points: &[V]) -> f64 {
    let scale = points.iter().map(|p| len(*p)).fold(1.0, f64::max);
    let tol = 1e-9 * scale;
    let mut nearest = f64::INFINITY;
    let mut outside = false;
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            for k in j + 1..points.len() {
                let n = cross(sub(points[j], points[i]), sub(points[k], points[i]));
                let l = len(n);
                if l <= 1e-12 * scale * scale {
                    continue;
                }
                let n = n.map(|c| c / l);
                let h = dot(n, points[i]);
                let (mut lo, mut hi) = (0.0f64, 0.0f64);
                for p in points {
                    let s = dot(n, *p) - h;
                    lo = lo.min(s);
                    hi = hi.max(s);
                }
                if lo < -tol && hi > tol {
                    continue;
                }
                // A face: the hull lies on the side of `s` with the sign of
                // the larger spread; the origin's side is `−h`.
                let inward = if hi > tol { 1.0 } else { -1.0 };
                let d = -h * inward;
                if lo >= -tol && hi <= tol {
                    // Every point on the plane: a flat hull.
                    return 0.0;
                }
                if d <= 0.0 {
                    outside = true;
                } else {
                    nearest = nearest.min(d);
                }
            }
        }
    }
    if outside || !nearest.is_finite() {
        0.0
    } else {
        -nearest
    }
}
