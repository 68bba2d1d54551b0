//! Plain SVG building: escaping, the panels that map world coordinates to
//! the picture, and the shapes drawn in them.
//!
//! Every panel is a `<g class="panel">` whose `data-axes` names the world
//! axes drawn across and up (`"x,y"`: the top view) and whose `data-ox`,
//! `data-oy` and `data-s` give the mapping: a world point `p` is drawn at
//! `(ox + s·p[across], oy − s·p[up])`. Tests and readers map a drawn point
//! back with them.

use std::fmt::Write as _;

use crate::scene::{add, scale, Shape, P};

/// Escapes text for an SVG or HTML text node or attribute.
#[must_use]
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number for an attribute: two decimals, no `-0`.
#[must_use]
pub fn n(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 || !r.is_finite() {
        "0".to_owned()
    } else {
        format!("{r}")
    }
}

/// One line of a picture's field table at `(x, y)`: its text, over a
/// highlight `width` wide when the two float modes wrote it differently.
pub fn field_row(out: &mut String, x: f64, y: f64, width: f64, text: &str, differs: bool) {
    if differs {
        let _ = write!(
            out,
            r#"<rect class="field differs-row" x="{}" y="{}" width="{}" height="13"/>"#,
            n(x - 2.0),
            n(y - 10.0),
            n(width)
        );
    }
    let _ = write!(
        out,
        r#"<text class="field small" x="{}" y="{}">{}</text>"#,
        n(x),
        n(y),
        esc(text)
    );
}

/// A world coordinate for a `data-` attribute: the shortest text that reads
/// back as the same `f64`.
#[must_use]
pub fn w(v: f64) -> String {
    format!("{v:?}")
}

const AXIS: [&str; 3] = ["x", "y", "z"];

/// A world box on two axes, to frame a panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The lowest corner.
    pub min: [f64; 2],
    /// The highest corner.
    pub max: [f64; 2],
}

impl Frame {
    /// The box of `points` on the axes `(across, up)`, `None` when empty.
    #[must_use]
    pub fn of(points: &[P], axes: (usize, usize)) -> Option<Frame> {
        let mut it = points.iter().filter(|p| p.iter().all(|c| c.is_finite()));
        let first = it.next()?;
        let mut f = Frame {
            min: [first[axes.0], first[axes.1]],
            max: [first[axes.0], first[axes.1]],
        };
        for p in it {
            for (k, a) in [axes.0, axes.1].into_iter().enumerate() {
                f.min[k] = f.min[k].min(p[a]);
                f.max[k] = f.max[k].max(p[a]);
            }
        }
        Some(f)
    }

    /// The larger side.
    #[must_use]
    pub fn size(&self) -> f64 {
        (self.max[0] - self.min[0]).max(self.max[1] - self.min[1])
    }

    /// Grown by `frac` of the larger side on every side, and to at least
    /// `least` across.
    #[must_use]
    pub fn padded(self, frac: f64, least: f64) -> Frame {
        let size = self.size().max(least);
        let mut f = self;
        for k in 0..2 {
            let mid = (f.min[k] + f.max[k]) / 2.0;
            let half = ((f.max[k] - f.min[k]) / 2.0).max(least / 2.0) + size * frac;
            f.min[k] = mid - half;
            f.max[k] = mid + half;
        }
        f
    }
}

/// One view of the world inside a rectangle of the picture.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The world axes across and up (0 x, 1 y, 2 z).
    pub axes: (usize, usize),
    /// The panel's rectangle: left, top, width, height (pixels).
    pub rect: [f64; 4],
    /// Pixels per world unit.
    pub s: f64,
    /// The pixel position of the world origin's `across` coordinate.
    pub ox: f64,
    /// The pixel position of the world origin's `up` coordinate.
    pub oy: f64,
    /// A unique id (for the clip path).
    pub id: String,
    /// The caption [`Panel::close`] draws.
    pub caption: String,
}

impl Panel {
    /// A panel showing `frame` whole, centred, with one scale on both axes.
    #[must_use]
    pub fn new(id: &str, axes: (usize, usize), rect: [f64; 4], frame: Frame) -> Panel {
        let [left, top, wd, ht] = rect;
        let fw = (frame.max[0] - frame.min[0]).max(1e-9);
        let fh = (frame.max[1] - frame.min[1]).max(1e-9);
        let s = (wd / fw).min(ht / fh);
        let cx = (frame.min[0] + frame.max[0]) / 2.0;
        let cy = (frame.min[1] + frame.max[1]) / 2.0;
        Panel {
            axes,
            rect,
            s,
            ox: left + wd / 2.0 - cx * s,
            oy: top + ht / 2.0 + cy * s,
            id: id.to_owned(),
            caption: String::new(),
        }
    }

    /// Where a world point is drawn.
    #[must_use]
    pub fn map(&self, p: P) -> (f64, f64) {
        (
            self.ox + self.s * p[self.axes.0],
            self.oy - self.s * p[self.axes.1],
        )
    }

    /// The world point drawn at pixel `(px, py)` on the panel's two axes.
    #[must_use]
    pub fn unmap(&self, px: f64, py: f64) -> [f64; 2] {
        [(px - self.ox) / self.s, (self.oy - py) / self.s]
    }

    /// The axis names, `"x,y"`.
    #[must_use]
    pub fn axis_names(&self) -> String {
        format!("{},{}", AXIS[self.axes.0], AXIS[self.axes.1])
    }

    /// Opens the panel's group: its frame, caption and clip.
    pub fn open(&mut self, out: &mut String, caption: &str) {
        let [l, t, wd, ht] = self.rect;
        let _ = write!(
            out,
            r#"<g class="panel" data-axes="{}" data-ox="{}" data-oy="{}" data-s="{}"><clipPath id="{id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath><rect class="frame" x="{}" y="{}" width="{}" height="{}"/><g clip-path="url(#{id})">"#,
            self.axis_names(),
            w(self.ox),
            w(self.oy),
            w(self.s),
            n(l),
            n(t),
            n(wd),
            n(ht),
            n(l),
            n(t),
            n(wd),
            n(ht),
            id = esc(&self.id),
        );
        self.caption = caption.to_owned();
    }

    /// Closes what [`Panel::open`] opened, the caption drawn over the
    /// content.
    pub fn close(&self, out: &mut String) {
        let [l, t, _, _] = self.rect;
        let _ = write!(
            out,
            r#"</g><text class="caption" x="{}" y="{}">{}</text></g>"#,
            n(l + 4.0),
            n(t + 12.0),
            esc(&self.caption)
        );
    }

    /// A polyline or polygon through world points.
    pub fn poly(&self, out: &mut String, pts: &[P], closed: bool, class: &str, extra: &str) {
        let tag = if closed { "polygon" } else { "polyline" };
        let list: Vec<String> = pts
            .iter()
            .map(|p| {
                let (x, y) = self.map(*p);
                format!("{},{}", n(x), n(y))
            })
            .collect();
        let _ = write!(
            out,
            r#"<{tag} class="{class}" points="{}"{extra}/>"#,
            list.join(" ")
        );
    }

    /// An arrow from world point `a` to `b`.
    pub fn arrow(&self, out: &mut String, a: P, b: P, class: &str, extra: &str) {
        let (x0, y0) = self.map(a);
        let (x1, y1) = self.map(b);
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        if len < 1.5 {
            // Seen end-on: a dot in a ring.
            let _ = write!(
                out,
                r#"<circle class="{class} endon" cx="{}" cy="{}" r="3"{extra}/>"#,
                n(x0),
                n(y0)
            );
            return;
        }
        let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
        let head = 6.0_f64.min(len / 2.0);
        let (hx, hy) = (x1 - ux * head, y1 - uy * head);
        let _ = write!(
            out,
            r#"<g class="{class}"{extra}><line x1="{}" y1="{}" x2="{}" y2="{}"/><polygon points="{},{} {},{} {},{}"/></g>"#,
            n(x0),
            n(y0),
            n(hx),
            n(hy),
            n(x1),
            n(y1),
            n(hx - uy * head * 0.5),
            n(hy + ux * head * 0.5),
            n(hx + uy * head * 0.5),
            n(hy - ux * head * 0.5),
        );
    }

    /// A marked point (a dot) with its world coordinates in `data-world`.
    pub fn dot(&self, out: &mut String, p: P, r: f64, class: &str, extra: &str) {
        let (x, y) = self.map(p);
        let _ = write!(
            out,
            r#"<circle class="{class}" cx="{}" cy="{}" r="{}" data-world="{},{},{}"{extra}/>"#,
            n(x),
            n(y),
            n(r),
            w(p[0]),
            w(p[1]),
            w(p[2])
        );
    }

    /// Text at a world point, offset by pixels; ending left of the point
    /// when it would run past the panel's right edge.
    pub fn label(&self, out: &mut String, p: P, dx: f64, dy: f64, class: &str, text: &str) {
        let (x, y) = self.map(p);
        let right = self.rect[0] + self.rect[2];
        // About 5 pixels a character at the labels' size.
        let wide = 5.0 * text.chars().count() as f64;
        let (x, anchor) = if x + dx + wide > right {
            (x - dx.abs(), r#" text-anchor="end""#)
        } else {
            (x + dx, "")
        };
        let _ = write!(
            out,
            r#"<text class="{class}" x="{}" y="{}"{anchor}>{}</text>"#,
            n(x),
            n(y + dy),
            esc(text)
        );
    }

    /// A ball of world `radius` at `centre`: its circle, at least a pixel
    /// across.
    fn ball(&self, out: &mut String, centre: P, radius: f64, class: &str, extra: &str) {
        let (x, y) = self.map(centre);
        let _ = write!(
            out,
            r#"<circle class="{class}" cx="{}" cy="{}" r="{}"{extra}/>"#,
            n(x),
            n(y),
            n((radius * self.s).max(1.0))
        );
    }

    /// The outline of a shape (a triangle's polygon, a box's twelve edges,
    /// a sphere's circle, a capsule's stadium, a segment's swept band).
    pub fn shape(&self, out: &mut String, shape: &Shape, class: &str, extra: &str) {
        match shape {
            Shape::Sphere { centre, radius } => {
                self.ball(out, *centre, *radius, class, extra);
            }
            Shape::Box { .. } => {
                let c = shape.box_corners();
                let mut d = String::new();
                for a in 0..8usize {
                    for bit in [1usize, 2, 4] {
                        if a & bit == 0 {
                            let (x0, y0) = self.map(c[a]);
                            let (x1, y1) = self.map(c[a | bit]);
                            let _ = write!(d, "M{},{}L{},{}", n(x0), n(y0), n(x1), n(y1));
                        }
                    }
                }
                // The hull's fill: the corners' projected box is close
                // enough for a shade; the edges carry the shape.
                let _ = write!(out, r#"<path class="{class}" d="{d}"{extra}/>"#);
            }
            Shape::Capsule {
                base,
                radius,
                height,
            } => {
                if self.axes.1 == 2 {
                    let top = add(*base, [0.0, 0.0, *height + radius]);
                    let (x, y) = self.map(top);
                    let rs = (radius * self.s).max(1.0);
                    let _ = write!(
                        out,
                        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="{}"{extra}/>"#,
                        n(x - rs),
                        n(y),
                        n(2.0 * rs),
                        n((height + 2.0 * radius) * self.s),
                        n(rs)
                    );
                } else {
                    self.ball(out, *base, *radius, class, extra);
                }
            }
            Shape::Segment { start, end, radius } => {
                let (x0, y0) = self.map(*start);
                let (x1, y1) = self.map(*end);
                let _ = write!(
                    out,
                    r#"<g class="{class} segment"{extra}><line class="band" x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/></g>"#,
                    n(x0),
                    n(y0),
                    n(x1),
                    n(y1),
                    n((2.0 * radius * self.s).max(1.0)),
                    n(x0),
                    n(y0),
                    n(x1),
                    n(y1)
                );
            }
            Shape::Triangle { corners, .. } => self.poly(out, corners, true, class, extra),
            Shape::Point { at } => {
                let (x, y) = self.map(*at);
                let _ = write!(
                    out,
                    r#"<circle class="{class}" cx="{}" cy="{}" r="2.5"{extra}/>"#,
                    n(x),
                    n(y)
                );
            }
        }
    }
}

/// A triangle's face normal as the kernels form it, `(b − a) × (c − b)`,
/// scaled to unit length (zero for a degenerate triangle).
#[must_use]
pub fn face_normal(c: &[P; 3]) -> P {
    let u = add(c[1], scale(c[0], -1.0));
    let v = add(c[2], scale(c[1], -1.0));
    let x = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
    if len > 0.0 {
        scale(x, 1.0 / len)
    } else {
        [0.0; 3]
    }
}

/// Where a triangle's marks go in a view of `frame` on `axes`: its
/// centroid when that is in view, else the frame's centre dropped onto the
/// triangle's plane along its normal (a large floor or wall still shows its
/// normal and words where the view looks).
#[must_use]
pub fn plane_anchor(corners: &[P; 3], frame: Frame, axes: (usize, usize)) -> P {
    let centroid = scale(add(add(corners[0], corners[1]), corners[2]), 1.0 / 3.0);
    let (a0, a1) = axes;
    let inside = centroid[a0] >= frame.min[0]
        && centroid[a0] <= frame.max[0]
        && centroid[a1] >= frame.min[1]
        && centroid[a1] <= frame.max[1];
    if inside {
        return centroid;
    }
    let nrm = face_normal(corners);
    let mut p = corners[0];
    p[a0] = (frame.min[0] + frame.max[0]) / 2.0;
    p[a1] = (frame.min[1] + frame.max[1]) / 2.0;
    let d: f64 = (0..3).map(|k| (p[k] - corners[0][k]) * nrm[k]).sum();
    add(p, scale(nrm, -d))
}

/// The style sheet every picture carries (the report repeats none of it).
pub const STYLE: &str = "\
.cv text{font:11px sans-serif;fill:#222}\
.cv .caption{font-weight:bold;fill:#555}\
.cv .title{font:bold 12px sans-serif}\
.cv .frame{fill:#fcfcfa;stroke:#bbb}\
.cv .tri{fill:#dbe9d2;stroke:#5a7d4a;stroke-width:1;fill-opacity:.8}\
.cv .tri.two-sided{fill:#d2dff0;stroke:#4a6a9d}\
.cv .tri.disabled{fill:#eee;stroke:#999;stroke-dasharray:3 2}\
.cv .other{fill:#e4e0f0;fill-opacity:.6;stroke:#6b5a9d;stroke-width:1.2}\
.cv .start{fill:#9ecae1;fill-opacity:.35;stroke:#2171b5;stroke-width:1.4}\
.cv .at-contact{fill:#fdae6b;fill-opacity:.45;stroke:#d94801;stroke-width:1.8}\
.cv .at-contact.ee32{fill:none;stroke:#3f51b5;stroke-dasharray:4 2}\
.cv .end{fill:none;stroke:#888;stroke-width:1;stroke-dasharray:4 3}\
.cv .segment .band{stroke-opacity:.3;stroke-linecap:round}\
.cv g.segment line{stroke:inherit}\
.cv .move line,.cv .normal line{stroke-width:1.5}\
.cv .move line{stroke:#333}.cv .move polygon{fill:#333}\
.cv .normal line{stroke:#238b45}.cv .normal polygon{fill:#238b45}\
.cv .normal.ee32 line{stroke:#3f51b5}.cv .normal.ee32 polygon{fill:#3f51b5}\
.cv .trinormal line{stroke:#5a7d4a;stroke-dasharray:2 2}.cv .trinormal polygon{fill:#5a7d4a}\
.cv .endon{fill:none;stroke-width:1.5}\
.cv .normal.endon{stroke:#238b45}.cv .trinormal.endon{stroke:#5a7d4a}\
.cv .contact-point{fill:#e31a1c;stroke:#fff;stroke-width:1}\
.cv .contact-point.ee32{fill:#3f51b5}\
.cv .point{fill:#fff;stroke:#e31a1c;stroke-width:1.2}\
.cv .point.ee32{stroke:#3f51b5}\
.cv .input{fill:#555}\
.cv .differs{fill:none;stroke:#ffd600;stroke-width:4;stroke-opacity:.7}\
.cv .field.differs-row{fill:#fff3b0}\
.cv .small{font-size:9px;fill:#666}\
.cv .grid{stroke:#ccc;stroke-width:.5}\
.cv .corner-edge{fill:#d6338a}\
";
