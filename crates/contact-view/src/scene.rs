//! [`Scene`]: the shapes, triangles, points and move of a kernel case, read
//! from its call's structure.
//!
//! The call is read by the shape of its records, not by kernel: a record with
//! `centre` and `half` is a box (with its `axes`, the world axes when absent),
//! `base`, `radius` and `height` an upright capsule, `start`, `end` and
//! `radius` a segment, `centre` and `radius` a sphere, `start` and `dir` a
//! ray, three corners (`TriIn`) a triangle (with the record's `flags` and
//! `material` when it has them), and `a` with `e` an edge from `a` to
//! `a + e`, `c1` with `reach` the ball of that radius the moving centre
//! `c0` meets. The vector named `mv`, `move` or `motion` (`m` for the plane kernels) is the move; it moves
//! the ray, or else the first shape that is not a triangle. Every other vector
//! is drawn as a labelled point; a vector of two numbers lies in the plane
//! `z = 0`.

use crate::tree::Node;

/// A point or vector of the world, `x, y, z`.
pub type P = [f64; 3];

/// One shape of a case, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A sphere.
    Sphere {
        /// The centre.
        centre: P,
        /// The radius.
        radius: f64,
    },
    /// An oriented box.
    Box {
        /// The centre.
        centre: P,
        /// The half extents along the axes.
        half: P,
        /// The three axes (rows).
        axes: [P; 3],
    },
    /// An upright capsule: `[base.z, base.z + height]`, horizontal radius.
    Capsule {
        /// The base point.
        base: P,
        /// The radius.
        radius: f64,
        /// The height.
        height: f64,
    },
    /// A segment with a radius.
    Segment {
        /// The start.
        start: P,
        /// The end.
        end: P,
        /// The radius.
        radius: f64,
    },
    /// A triangle with its words.
    Triangle {
        /// The corners.
        corners: [P; 3],
        /// The flag word, when the call gives one.
        flags: Option<u32>,
        /// The material byte, when the call gives one.
        material: Option<u32>,
    },
    /// A ray's origin (the ray is the move).
    Point {
        /// The origin.
        at: P,
    },
}

// `test_support::oracle` has the same `f64` helpers; it is a test-only
// crate (never a normal dependency), so the viewer keeps its own.
/// Adds `b` to `a`.
#[must_use]
pub fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a · s`.
#[must_use]
pub fn scale(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s, a[2] * s]
}

impl Shape {
    /// The shape moved by `d`.
    #[must_use]
    pub fn translated(&self, d: P) -> Shape {
        let mut s = self.clone();
        match &mut s {
            Shape::Sphere { centre, .. } | Shape::Box { centre, .. } => *centre = add(*centre, d),
            Shape::Capsule { base, .. } => *base = add(*base, d),
            Shape::Segment { start, end, .. } => {
                *start = add(*start, d);
                *end = add(*end, d);
            }
            Shape::Triangle { corners, .. } => {
                for c in corners {
                    *c = add(*c, d);
                }
            }
            Shape::Point { at } => *at = add(*at, d),
        }
        s
    }

    /// A reference point: the centre, the capsule's middle, the segment's
    /// middle, the triangle's centroid.
    #[must_use]
    pub fn anchor(&self) -> P {
        match self {
            Shape::Sphere { centre, .. } | Shape::Box { centre, .. } => *centre,
            Shape::Capsule { base, height, .. } => add(*base, [0.0, 0.0, height / 2.0]),
            Shape::Segment { start, end, .. } => scale(add(*start, *end), 0.5),
            Shape::Triangle {
                corners: [a, b, c], ..
            } => scale(add(add(*a, *b), *c), 1.0 / 3.0),
            Shape::Point { at } => *at,
        }
    }

    /// Points whose box holds the shape (for framing the view).
    #[must_use]
    pub fn extent_points(&self) -> Vec<P> {
        let ball = |c: P, r: f64| vec![add(c, [-r, -r, -r]), add(c, [r, r, r])];
        match self {
            Shape::Sphere { centre, radius } => ball(*centre, *radius),
            Shape::Box { .. } => self.box_corners().to_vec(),
            Shape::Capsule {
                base,
                radius,
                height,
            } => {
                let mut v = ball(*base, *radius);
                v.extend(ball(add(*base, [0.0, 0.0, *height]), *radius));
                v
            }
            Shape::Segment { start, end, radius } => {
                let mut v = ball(*start, *radius);
                v.extend(ball(*end, *radius));
                v
            }
            Shape::Triangle { corners, .. } => corners.to_vec(),
            Shape::Point { at } => vec![*at],
        }
    }

    /// A box's eight corners (bit 0: axis 0 sign, bit 1: axis 1, bit 2:
    /// axis 2); the anchor eight times for any other shape.
    #[must_use]
    pub fn box_corners(&self) -> [P; 8] {
        let Shape::Box { centre, half, axes } = self else {
            return [self.anchor(); 8];
        };
        let mut out = [*centre; 8];
        for (k, o) in out.iter_mut().enumerate() {
            for a in 0..3 {
                let s = if k >> a & 1 == 1 { half[a] } else { -half[a] };
                *o = add(*o, scale(axes[a], s));
            }
        }
        out
    }

    /// The shape's kind, as a word.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Sphere { .. } => "sphere",
            Shape::Box { .. } => "box",
            Shape::Capsule { .. } => "capsule",
            Shape::Segment { .. } => "segment",
            Shape::Triangle { .. } => "triangle",
            Shape::Point { .. } => "ray",
        }
    }
}

/// A shape with the path of the input it came from (`own`, `sphere`, `tri`).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The input's path in the call.
    pub label: String,
    /// The shape.
    pub shape: Shape,
}

/// What a case's call shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The call's variant (the kernel).
    pub kernel: String,
    /// The shapes and triangles, in call order.
    pub items: Vec<Item>,
    /// The index in `items` of the shape the move moves.
    pub mover: Option<usize>,
    /// The move.
    pub mv: Option<P>,
    /// The other vectors of the call, with their paths.
    pub points: Vec<(String, P)>,
}

/// A vector `V([x, y, z(, w)])` or a list of three or four numbers.
fn vector(n: &Node) -> Option<P> {
    let list = match n.unwrap_some() {
        Node::Tuple(name, v) if name == "V" && v.len() == 1 => match &v[0] {
            Node::List(l) => l,
            _ => return None,
        },
        Node::List(l) => l,
        _ => return None,
    };
    match list.len() {
        // A plane vector (the circle kernels): z = 0.
        2 => Some([list[0].num()?, list[1].num()?, 0.0]),
        3 | 4 => Some([list[0].num()?, list[1].num()?, list[2].num()?]),
        _ => None,
    }
}

/// Three corners: `TriIn([V, V, V])` or a list or tuple of three vectors.
fn corners(n: &Node) -> Option<[P; 3]> {
    let items = match n.unwrap_some() {
        Node::Tuple(name, v) if name == "TriIn" && v.len() == 1 => match &v[0] {
            Node::List(l) | Node::Tuple(_, l) => l,
            _ => return None,
        },
        Node::Tuple(name, v) if name == "TriIn" => v,
        _ => return None,
    };
    if items.len() != 3 {
        return None;
    }
    Some([vector(&items[0])?, vector(&items[1])?, vector(&items[2])?])
}

/// Three axis vectors (a list or tuple).
fn axes(n: &Node) -> Option<[P; 3]> {
    let items = match n.unwrap_some() {
        Node::List(l) | Node::Tuple(_, l) if l.len() == 3 => l,
        Node::Tuple(_, v) if v.len() == 1 => return axes(&v[0]),
        _ => return None,
    };
    Some([vector(&items[0])?, vector(&items[1])?, vector(&items[2])?])
}

/// The label suffix of the ball a moving centre meets (never the mover).
const REACH: &str = " (reach)";
const MOVE_NAMES: &[&str] = &["mv", "move", "motion", "m"];
const WORLD: [P; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

impl Scene {
    /// The scene of a call node.
    #[must_use]
    pub fn from_call(call: &Node) -> Scene {
        let mut s = Scene {
            kernel: match call {
                Node::Struct(n, _) | Node::Tuple(n, _) | Node::Word(n) => n.clone(),
                _ => String::new(),
            },
            ..Scene::default()
        };
        let mut ray = None;
        s.walk(call, "", &mut ray);
        s.mover = ray.or_else(|| {
            s.items.iter().position(|i| {
                !matches!(i.shape, Shape::Triangle { .. }) && !i.label.ends_with(REACH)
            })
        });
        if s.mover.is_none() && s.mv.is_some() {
            // Only points: the move starts at the first.
            if let Some((label, p)) = s.points.first().cloned() {
                s.items.push(Item {
                    label,
                    shape: Shape::Point { at: p },
                });
                s.points.remove(0);
                s.mover = Some(s.items.len() - 1);
            }
        }
        s
    }

    /// The shape at the start of the move.
    #[must_use]
    pub fn moving(&self) -> Option<&Shape> {
        self.mover.map(|i| &self.items[i].shape)
    }

    fn push(&mut self, label: &str, shape: Shape) {
        self.items.push(Item {
            label: label.to_owned(),
            shape,
        });
    }

    fn walk(&mut self, n: &Node, label: &str, ray: &mut Option<usize>) {
        let join = |a: &str, b: &str| {
            if a.is_empty() {
                b.to_owned()
            } else {
                format!("{a}.{b}")
            }
        };
        let n = n.unwrap_some();
        if let Some(c) = corners(n) {
            self.push(
                label,
                Shape::Triangle {
                    corners: c,
                    flags: None,
                    material: None,
                },
            );
            return;
        }
        if let Some(v) = vector(n) {
            let last = label.rsplit('.').next().unwrap_or(label);
            if MOVE_NAMES.contains(&last) && self.mv.is_none() {
                self.mv = Some(v);
            } else {
                self.points.push((label.to_owned(), v));
            }
            return;
        }
        match n {
            Node::Struct(_, fields) => {
                let get = |f: &str| fields.iter().find(|(k, _)| k == f).map(|(_, v)| v);
                let vec_of = |f: &str| get(f).and_then(vector);
                let num_of = |f: &str| get(f).and_then(|v| v.unwrap_some().num());
                let mut used: Vec<&str> = Vec::new();
                let here = if label.is_empty() { "call" } else { label };
                if let (Some(centre), Some(half)) = (vec_of("centre"), vec_of("half")) {
                    let ax = get("axes").and_then(axes).unwrap_or(WORLD);
                    self.push(
                        here,
                        Shape::Box {
                            centre,
                            half,
                            axes: ax,
                        },
                    );
                    used.extend(["centre", "half", "axes"]);
                } else if let (Some(base), Some(radius), Some(height)) =
                    (vec_of("base"), num_of("radius"), num_of("height"))
                {
                    self.push(
                        here,
                        Shape::Capsule {
                            base,
                            radius,
                            height,
                        },
                    );
                    used.extend(["base", "radius", "height"]);
                } else if let (Some(start), Some(end), Some(radius)) =
                    (vec_of("start"), vec_of("end"), num_of("radius"))
                {
                    self.push(here, Shape::Segment { start, end, radius });
                    used.extend(["start", "end", "radius", "length"]);
                } else if let (Some(centre), Some(radius)) = (vec_of("centre"), num_of("radius")) {
                    self.push(here, Shape::Sphere { centre, radius });
                    used.extend(["centre", "radius"]);
                }
                if let (Some(at), Some(dir)) = (vec_of("start"), vec_of("dir")) {
                    if !used.contains(&"start") {
                        self.push(&join(label, "start"), Shape::Point { at });
                        *ray = Some(self.items.len() - 1);
                        self.mv.get_or_insert(dir);
                        used.extend(["start", "dir"]);
                    }
                }
                if let (Some(c1), Some(reach)) = (vec_of("c1"), num_of("reach")) {
                    // The pair sweeps of two centres: contact when the
                    // centres are `reach` apart, a ball of that radius.
                    self.push(
                        &join(label, "c1 (reach)"),
                        Shape::Sphere {
                            centre: c1,
                            radius: reach,
                        },
                    );
                    used.extend(["c1", "reach"]);
                }
                if let (Some(a), Some(e)) = (vec_of("a"), vec_of("e")) {
                    self.push(
                        &join(label, "a + e"),
                        Shape::Segment {
                            start: a,
                            end: add(a, e),
                            radius: 0.0,
                        },
                    );
                    used.extend(["a", "e"]);
                }
                let first_new = self.items.len();
                for (k, v) in fields {
                    if !used.contains(&k.as_str()) {
                        self.walk(v, &join(label, k), ray);
                    }
                }
                // The record's words go to the triangles it holds directly.
                let flags = num_of("flags").map(|f| f as u32);
                let material = num_of("material").map(|f| f as u32);
                for item in &mut self.items[first_new..] {
                    if let Shape::Triangle {
                        flags: f,
                        material: m,
                        ..
                    } = &mut item.shape
                    {
                        *f = f.or(flags);
                        *m = m.or(material);
                    }
                }
            }
            Node::Tuple(_, items) if items.len() == 1 => self.walk(&items[0], label, ray),
            Node::Tuple(_, items) | Node::List(items) => {
                for (i, v) in items.iter().enumerate() {
                    self.walk(v, &format!("{label}[{i}]"), ray);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::parse;

    fn scene(text: &str) -> Scene {
        Scene::from_call(&parse(text).unwrap())
    }

    #[test]
    fn sphere_triangle_sweep() {
        let s = scene("SweepSphereTriangle { tri: TriIn([V([0.0, 0.0, 0.0]), V([4.0, 0.0, 0.0]), V([0.0, 4.0, 0.0])]), sphere: SphereIn { centre: V([1.0, 1.0, 2.0]), radius: 0.5 }, mv: V([0.0, 0.0, -3.0]) }");
        assert_eq!(s.kernel, "SweepSphereTriangle");
        assert_eq!(s.items.len(), 2);
        assert_eq!(s.mover, Some(1));
        assert_eq!(
            s.moving(),
            Some(&Shape::Sphere {
                centre: [1.0, 1.0, 2.0],
                radius: 0.5
            })
        );
        assert_eq!(s.mv, Some([0.0, 0.0, -3.0]));
    }

    #[test]
    fn mesh_box_sweep_with_flags_and_axes() {
        let s = scene("PhysicsMeshSweepBox { box: BoxIn { centre: V([0.0, 0.0, 2.0]), half: V([0.5, 0.5, 0.5]), axes: Some([V([0.0, 1.0, 0.0]), V([-1.0, 0.0, 0.0]), V([0.0, 0.0, 1.0])]) }, tri: TriIn([V([-10.0, -10.0, 0.0]), V([30.0, -10.0, 0.0]), V([-10.0, 30.0, 0.0])]), flags: 3, move: V([0.0, 0.0, -2.0]) }");
        assert_eq!(s.mover, Some(0));
        let Shape::Box { axes, .. } = &s.items[0].shape else {
            panic!()
        };
        assert_eq!(axes[1], [-1.0, 0.0, 0.0]);
        assert!(matches!(
            s.items[1].shape,
            Shape::Triangle { flags: Some(3), .. }
        ));
        // Corner 7 (+, +, +) of the rotated box: centre + 0.5 (a0 + a1 + a2).
        assert_eq!(s.items[0].shape.box_corners()[7], [-0.5, 0.5, 2.5]);
    }

    #[test]
    fn ray_and_tagged_shapes() {
        let s = scene("PhysicsRayCapsule { capsule: CapsuleIn { base: V([0.0, 0.0, 0.0]), radius: 0.35, height: 2.0 }, start: V([-1.0, 0.0, 1.0]), dir: V([2.0, 0.0, 0.0]) }");
        // The ray moves, not the capsule.
        let m = s.mover.unwrap();
        assert_eq!(
            s.items[m].shape,
            Shape::Point {
                at: [-1.0, 0.0, 1.0]
            }
        );
        assert_eq!(s.items.len(), 2);
        assert_eq!(s.mv, Some([2.0, 0.0, 0.0]));
        let t = scene("SweepTable { own: Segment(SegmentIn { start: V([-3.0, 0.0, 0.5]), end: V([3.0, 0.0, 0.5]), radius: 0.3, length: None }), other: Box(BoxIn { centre: V([0.0, 0.0, 0.5]), half: V([2.0, 1.0, 0.5]), axes: None }), move: V([0.1, 0.0, 0.0]) }");
        assert_eq!(t.items.len(), 2);
        assert_eq!(t.items[0].label, "own");
        assert_eq!(t.items[0].shape.kind(), "segment");
        assert_eq!(t.items[1].shape.kind(), "box");
        assert_eq!(t.mover, Some(0));
        let c = scene("SweepSphereSphere { c0: V([-2.0, 0.0, 0.0]), mv: V([4.0, 0.0, 0.0]), c1: V([0.0, 0.0, 0.0]), reach: 1.0 }");
        assert_eq!(
            c.items[0].shape,
            Shape::Sphere {
                centre: [0.0; 3],
                radius: 1.0
            }
        );
        assert_eq!(
            c.items[c.mover.unwrap()].shape,
            Shape::Point {
                at: [-2.0, 0.0, 0.0]
            }
        );
    }
}
