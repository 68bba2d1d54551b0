//! The picture of one kernel case: a top view and a side view of the shapes
//! and triangles of its call, the moving shape at the start, at the contact
//! and at the end of the move, the move, and what the kernel wrote (the
//! contact points and normals, the fraction), in `f32` mode and, where the two
//! modes differ, in `Ee32` mode beside it with the difference highlighted.

use std::fmt::Write as _;

use golden::{Entry, EntryCall};

use crate::gap::{differences_beyond, largest_gap};
use crate::scene::{add, scale, Scene, Shape, P};
use crate::svg::{esc, face_normal, field_row, n, plane_anchor, Frame, Panel, STYLE};
use crate::written::{marks, show, written, Marks};
use crate::{error::ViewError, tree};

/// How a picture is drawn.
#[derive(Clone, Debug)]
pub struct Options {
    /// A prefix making the picture's ids unique in a page.
    pub id: String,
    /// List the written fields under the views (a picture on its own); the
    /// report shows them in a table instead.
    pub fields: bool,
    /// Embed the style sheet (a picture on its own); the report has it once.
    pub style: bool,
    /// The modes are drawn apart only where a float differs by more than
    /// this many ulps (or an integer differs at all).
    pub ulps: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            id: "cv".to_owned(),
            fields: true,
            style: true,
            ulps: crate::gap::DEFAULT_ULPS,
        }
    }
}

/// The scene of a kernel case.
///
/// # Errors
///
/// [`ViewError::NotAKernelCase`] for a scenario, [`ViewError::Notation`]
/// when the call's text cannot be read.
pub fn case_scene(entry: &Entry) -> Result<Scene, ViewError> {
    match &entry.call {
        EntryCall::Kernel(text) => Ok(Scene::from_call(&tree::parse(text)?)),
        EntryCall::Scenario(_) => Err(ViewError::NotAKernelCase(entry.name.clone())),
    }
}

/// The width of a case picture, in pixels.
pub const WIDTH: f64 = 680.0;
const PANEL_W: f64 = 330.0;
const PANEL_H: f64 = 250.0;
const TOP: f64 = 24.0;

fn same(a: P, b: P) -> bool {
    a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// The side view's axes: across the move's larger horizontal component
/// (`x` unless the move goes more along `y`), `z` up.
fn side_axes(scene: &Scene) -> (usize, usize) {
    match scene.mv {
        Some(m) if m[1].abs() > m[0].abs() => (1, 2),
        _ => (0, 2),
    }
}

/// The picture of a kernel case, as an `<svg>` element.
///
/// # Errors
///
/// As [`case_scene`].
pub fn case_svg(entry: &Entry, opts: &Options) -> Result<String, ViewError> {
    let scene = case_scene(entry)?;
    let single = marks(&entry.single);
    let ee = marks(&entry.ee);
    let differs: Vec<&str> = differences_beyond(entry, opts.ulps)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let two_modes = !differs.is_empty();
    let mv = scene.mv.unwrap_or([0.0; 3]);
    let mover = scene.moving().cloned();
    let at = |f: f64| mover.as_ref().map(|s| s.translated(scale(mv, f)));

    // What frames the views: everything but large triangles.
    let mut focus: Vec<P> = Vec::new();
    for (i, item) in scene.items.iter().enumerate() {
        if Some(i) == scene.mover || !matches!(item.shape, Shape::Triangle { .. }) {
            focus.extend(item.shape.extent_points());
        }
    }
    if let Some(m) = &mover {
        focus.extend(m.translated(mv).extent_points());
    }
    for mk in [&single, &ee] {
        if let (Some((_, f)), Some(m)) = (&mk.fraction, &mover) {
            if f.is_finite() && f.abs() < 10.0 {
                focus.extend(m.translated(scale(mv, *f)).extent_points());
            }
        }
        focus.extend(mk.points.iter().map(|(_, p)| *p));
    }
    focus.extend(scene.points.iter().map(|(_, p)| *p));
    let tris: Vec<&[P; 3]> = scene
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Triangle { corners, .. } => Some(corners),
            _ => None,
        })
        .collect();

    let views = [((0usize, 1usize), "top (x, y)"), (side_axes(&scene), "")];
    let mut out = String::new();
    let fields: Vec<(&str, &golden::Value)> = if opts.fields {
        written(&entry.single).collect()
    } else {
        Vec::new()
    };
    let ee_only: Vec<(&str, &golden::Value)> = written(&entry.ee)
        .filter(|(p, _)| {
            entry
                .single
                .get(p)
                .is_none_or(|v| *v == golden::Value::Unwritten)
        })
        .collect();
    let rows = if opts.fields {
        (fields.len() + ee_only.len()).div_ceil(2)
    } else {
        0
    };
    let legend_y = TOP + PANEL_H + 16.0;
    let height = legend_y
        + 20.0
        + if rows > 0 {
            16.0 + 14.0 * rows as f64
        } else {
            0.0
        };
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv contact-view" width="{}" height="{}" viewBox="0 0 {} {}" data-case="{}" data-kernel="{}" data-modes-differ="{}">"#,
        n(WIDTH),
        n(height),
        n(WIDTH),
        n(height),
        esc(&entry.name),
        esc(&scene.kernel),
        two_modes
    );
    if opts.style {
        let _ = write!(out, "<style>{STYLE}</style>");
    }
    let _ = write!(
        out,
        r#"<text class="title" x="5" y="15">{} · {}</text>"#,
        esc(&entry.name),
        esc(&scene.kernel)
    );

    for (k, (axes, caption)) in views.iter().enumerate() {
        let caption = if caption.is_empty() {
            format!("side ({}, z)", if axes.0 == 0 { "x" } else { "y" })
        } else {
            (*caption).to_owned()
        };
        let frame = frame_for(&focus, &tris, *axes);
        let rect = [5.0 + k as f64 * (PANEL_W + 10.0), TOP, PANEL_W, PANEL_H];
        let mut panel = Panel::new(&format!("{}-v{k}", opts.id), *axes, rect, frame);
        panel.open(&mut out, &caption);
        draw_items(&mut out, &panel, &scene, frame);
        if let Some(m) = &mover {
            panel.shape(&mut out, m, "start", "");
            if let Some(end) = at(1.0) {
                panel.shape(&mut out, &end, "end", "");
            }
            if scene.mv.is_some() {
                panel.arrow(&mut out, m.anchor(), add(m.anchor(), mv), "move", "");
            }
        }
        let len = 0.2 * frame.size();
        draw_marks(&mut out, &panel, &single, "f32", &at, len, None);
        if two_modes {
            draw_marks(&mut out, &panel, &ee, "ee32", &at, len, Some(&single));
        }
        panel.close(&mut out);
    }

    // The legend: the fraction in each mode, the return.
    let mut legend = String::new();
    if let Some(v) = entry.single.get("ret") {
        let _ = write!(legend, "ret {} · ", show(v, false));
    }
    match (&single.fraction, &ee.fraction) {
        (Some((f, a)), Some((_, b))) if a.to_bits() != b.to_bits() => {
            let _ = write!(legend, "{f}: f32 {a:?} ≠ ee32 {b:?}");
        }
        (Some((f, a)), _) => {
            let _ = write!(legend, "{f} {a:?}");
        }
        (None, Some((f, b))) => {
            let _ = write!(legend, "{f}: ee32 only {b:?}");
        }
        (None, None) => legend.push_str("no fraction written"),
    }
    if two_modes {
        let _ = write!(legend, " · modes differ in {} fields", differs.len());
        if let Some((field, u)) = largest_gap(entry) {
            let _ = write!(legend, " (largest {u} ulps, {field})");
        }
    }
    let _ = write!(
        out,
        r#"<text class="legend{}" x="5" y="{}">{}</text>"#,
        if two_modes { " differs-text" } else { "" },
        n(legend_y),
        esc(&legend)
    );
    let _ = write!(
        out,
        r#"<text class="small" x="5" y="{}">blue: at the start · orange: at the contact · dashed: at the end · red dot: contact point · green: normal{}</text>"#,
        n(legend_y + 14.0),
        if two_modes {
            " · indigo: ee32 where it differs"
        } else {
            ""
        }
    );

    if rows > 0 {
        let all: Vec<(&str, String, bool)> = fields
            .iter()
            .map(|(p, v)| {
                let d = differs.contains(p);
                let text = match (d, entry.ee.get(p)) {
                    (true, Some(e)) => format!("{p} = {} ≠ ee32 {}", show(v, false), show(e, true)),
                    _ => format!("{p} = {}", show(v, false)),
                };
                (*p, text, d)
            })
            .chain(
                ee_only
                    .iter()
                    .map(|(p, v)| (*p, format!("{p} = ee32 only {}", show(v, true)), true)),
            )
            .collect();
        let y0 = legend_y + 34.0;
        for (i, (_, text, d)) in all.iter().enumerate() {
            let (col, row) = (
                i.checked_div(rows).unwrap_or(0),
                i.checked_rem(rows).unwrap_or(0),
            );
            let (x, y) = (5.0 + col as f64 * (WIDTH / 2.0), y0 + row as f64 * 14.0);
            field_row(&mut out, x, y, WIDTH / 2.0 - 6.0, text, *d);
        }
    }
    out.push_str("</svg>");
    Ok(out)
}

/// The view's frame: the focus points, and the triangles small enough
/// beside them; the triangles alone when there is nothing else.
pub(crate) fn frame_for(focus: &[P], tris: &[&[P; 3]], axes: (usize, usize)) -> Frame {
    let mut pts: Vec<P> = focus.to_vec();
    let base = Frame::of(focus, axes);
    for t in tris {
        let tf = Frame::of(&t[..], axes);
        let small = match (base, tf) {
            (Some(b), Some(t)) => t.size() <= 4.0 * b.size().max(0.25),
            _ => true,
        };
        if small {
            pts.extend(t.iter());
        }
    }
    let f = Frame::of(&pts, axes).unwrap_or(Frame {
        min: [-1.0, -1.0],
        max: [1.0, 1.0],
    });
    let least = if f.size() > 0.0 { f.size() * 0.25 } else { 1.0 };
    f.padded(0.12, least)
}

fn flags_class(flags: Option<u32>) -> &'static str {
    match flags {
        Some(f) if f & 1 == 0 => "tri disabled",
        Some(f) if f & 2 != 0 => "tri two-sided",
        _ => "tri",
    }
}

fn draw_items(out: &mut String, panel: &Panel, scene: &Scene, frame: Frame) {
    for (i, item) in scene.items.iter().enumerate() {
        if Some(i) == scene.mover {
            continue;
        }
        match &item.shape {
            Shape::Triangle {
                corners,
                flags,
                material,
            } => {
                panel.shape(out, &item.shape, flags_class(*flags), "");
                // The face normal, from the centroid when it is in view,
                // else from the frame's centre dropped onto the plane.
                let nrm = face_normal(corners);
                let from = plane_anchor(corners, frame, panel.axes);
                panel.arrow(
                    out,
                    from,
                    add(from, scale(nrm, 0.15 * frame.size())),
                    "trinormal",
                    "",
                );
                let mut words = item.label.clone();
                if let Some(f) = flags {
                    let _ = write!(words, " flags 0x{f:x}");
                }
                if let Some(m) = material {
                    let _ = write!(words, " material {m}");
                }
                panel.label(out, from, 6.0, 12.0, "small", &words);
            }
            other => {
                panel.shape(out, other, "other", "");
                panel.label(out, other.anchor(), 4.0, -4.0, "small", &item.label);
            }
        }
    }
    for (label, p) in &scene.points {
        panel.dot(out, *p, 2.0, "input", "");
        panel.label(out, *p, 4.0, -3.0, "small", label);
    }
}

fn draw_marks(
    out: &mut String,
    panel: &Panel,
    m: &Marks,
    mode: &str,
    at: &dyn Fn(f64) -> Option<Shape>,
    len: f64,
    other: Option<&Marks>,
) {
    let ee = other.is_some();
    let cls = |base: &str| {
        if ee {
            format!("{base} ee32")
        } else {
            base.to_owned()
        }
    };
    let attr = |path: &str| format!(r#" data-mode="{mode}" data-field="{}""#, esc(path));
    let mut anchor = None;
    if let Some((field, f)) = &m.fraction {
        let moved = other
            .and_then(|o| o.fraction.as_ref())
            .is_none_or(|(_, g)| g.to_bits() != f.to_bits());
        if f.is_finite() && f.abs() < 10.0 && (moved || !ee) {
            if let Some(s) = at(*f) {
                panel.shape(out, &s, &cls("at-contact"), &attr(field));
                anchor = Some(s.anchor());
            }
        }
    }
    for (path, p) in &m.points {
        let differs =
            other.is_some_and(|o| !o.points.iter().any(|(q, v)| q == path && same(*v, *p)));
        if ee && !differs {
            continue;
        }
        if differs {
            panel.dot(out, *p, 8.0, "differs", &attr(path));
        }
        let base = if path == "contact.point" || m.points.len() == 1 {
            "contact-point"
        } else {
            "point"
        };
        panel.dot(out, *p, 3.5, &cls(base), &attr(path));
    }
    for (path, from, dir) in &m.normals {
        let differs = other.is_some_and(|o| {
            !o.normals
                .iter()
                .any(|(q, _, v)| q == path && same(*v, *dir))
        });
        if ee && !differs {
            continue;
        }
        let Some(from) = from.or(anchor).or_else(|| at(0.0).map(|s| s.anchor())) else {
            continue;
        };
        panel.arrow(
            out,
            from,
            add(from, scale(*dir, len)),
            &cls("normal"),
            &attr(path),
        );
    }
}
