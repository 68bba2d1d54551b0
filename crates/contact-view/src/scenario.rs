//! The pictures of a scenario: one tick (a side view and a top view of the
//! bodies after the tick, the level's triangles and the tick's contacts, in
//! `f32` mode and, where it differs, in `Ee32` mode beside it), and the
//! filmstrip of every tick in one picture.
//!
//! The bodies are drawn from the snapshot's fields (`tNNNNN.<body>.position`,
//! `.rotation`), their shapes from the scenario file, the box's axes by
//! `physics_world::quat::Quat::axes`. A contact is drawn as its normal from
//! the mover's position after the tick (the record keeps no point), labelled
//! with its answer and fraction.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use golden::scenario::{BodySpec, Scenario, ShapeSpec};
use golden::{Entry, EntryCall, Outcome};
use physics_world::quat::Quat;
use ps2_float::FloatMode;

use crate::case::{frame_for, Options};
use crate::error::ViewError;
pub use crate::level_tri::LevelTri;
use crate::scene::{add, scale, Shape, P};
use crate::svg::{esc, face_normal, field_row, n, plane_anchor, Frame, Panel, STYLE};
use crate::written::show;

/// The scenario of an entry.
///
/// # Errors
///
/// [`ViewError::NotAScenario`] for a kernel case.
pub fn scenario_of(entry: &Entry) -> Result<&Scenario, ViewError> {
    match &entry.call {
        EntryCall::Scenario(s) => Ok(s),
        EntryCall::Kernel(_) => Err(ViewError::NotAScenario(entry.name.clone())),
    }
}

/// The level's triangles: the inline ones, or those of the mesh file beside
/// the scenario.
///
/// # Errors
///
/// [`ViewError::Mesh`] when the mesh file cannot be read.
pub fn level_triangles(sc: &Scenario, file: &Path) -> Result<Vec<LevelTri>, ViewError> {
    if let Some(mesh_file) = &sc.level.mesh_file {
        let dir = file.parent().unwrap_or(Path::new("."));
        let mesh = collision_mesh::ron_text::load(&dir.join(mesh_file))?;
        return Ok(crate::level_tri::triangles(&mesh));
    }
    Ok(sc
        .level
        .triangles
        .iter()
        .map(|t| LevelTri {
            corners: t.corners.map(|c| c.map(f64::from)),
            // The builder adds the enabled bit.
            flags: t.flags | 1,
            material: t.material,
        })
        .collect())
}

fn num(o: &Outcome, key: &str) -> Option<f64> {
    o.get(key).and_then(golden::Value::number)
}

/// A body's shape after tick `tick` in one mode's outcome.
fn body_shape(o: &Outcome, tick: u32, b: &BodySpec) -> Option<Shape> {
    let name = &b.name;
    let k = |f: &str| format!("t{tick:05}.{name}.{f}");
    let p = [
        num(o, &k("position.x"))?,
        num(o, &k("position.y"))?,
        num(o, &k("position.z"))?,
    ];
    Some(match b.shape {
        // A human's capsule: radius 0.35 and height 2 m times the class
        // scale, from the feet.
        ShapeSpec::Capsule => Shape::Capsule {
            base: p,
            radius: 0.35 * f64::from(b.scale),
            height: 2.0 * f64::from(b.scale),
        },
        ShapeSpec::Sphere(r) => Shape::Sphere {
            centre: p,
            radius: f64::from(r),
        },
        ShapeSpec::Box(size) => {
            let q = ["x", "y", "z", "w"]
                .map(|l| num(o, &k(&format!("rotation.{l}"))).unwrap_or(0.0) as f32);
            let axes = Quat::<f32>::from_f32(q).axes().map(|a| {
                let v = a.to_f32();
                [f64::from(v[0]), f64::from(v[1]), f64::from(v[2])]
            });
            // A car is drawn as its first box, at its offset in the car's
            // frame.
            let (half, centre) = match b.car_boxes.first() {
                Some(cb) => {
                    let off = cb.offset.map(f64::from);
                    let c = [0, 1, 2].map(|i| {
                        p[i] + axes[0][i] * off[0] + axes[1][i] * off[1] + axes[2][i] * off[2]
                    });
                    (cb.half.map(f64::from), c)
                }
                None => (size.map(|s| f64::from(s) / 2.0), p),
            };
            Shape::Box { centre, half, axes }
        }
    })
}

/// One contact of a tick.
struct TickContact {
    index: usize,
    mover: Option<usize>,
    answer: i64,
    fraction: f64,
    normal: P,
}

fn contacts(o: &Outcome, tick: u32) -> Vec<TickContact> {
    let mut out = Vec::new();
    for index in 0.. {
        let k = |f: &str| format!("t{tick:05}.contact{index}.{f}");
        let Some(answer) = num(o, &k("answer")) else {
            break;
        };
        out.push(TickContact {
            index,
            mover: num(o, &k("mover")).and_then(|m| usize::try_from(m as i64).ok()),
            answer: answer as i64,
            fraction: num(o, &k("fraction")).unwrap_or(f64::NAN),
            normal: [
                num(o, &k("normal.x")).unwrap_or(0.0),
                num(o, &k("normal.y")).unwrap_or(0.0),
                num(o, &k("normal.z")).unwrap_or(0.0),
            ],
        });
    }
    out
}

/// The frame of every tick's bodies in both modes, and the level triangles
/// small enough beside them.
fn scenario_frames(entry: &Entry, sc: &Scenario, tris: &[LevelTri]) -> [Frame; 2] {
    let mut focus = Vec::new();
    for tick in 0..sc.ticks {
        for o in [&entry.single, &entry.ee] {
            for b in &sc.bodies {
                if let Some(s) = body_shape(o, tick, b) {
                    focus.extend(s.extent_points());
                }
            }
        }
    }
    let corners: Vec<&[P; 3]> = tris.iter().map(|t| &t.corners).collect();
    [
        frame_for(&focus, &corners, SIDE),
        frame_for(&focus, &corners, TOP_VIEW),
    ]
}

const SIDE: (usize, usize) = (0, 2);
const TOP_VIEW: (usize, usize) = (0, 1);

/// What a scenario's ticks are drawn from: the case, its scenario, the
/// level's triangles, the two views' frames, and the fields whose modes
/// differ past the tolerance.
struct Drawing<'a> {
    entry: &'a Entry,
    sc: &'a Scenario,
    tris: Vec<LevelTri>,
    frames: [Frame; 2],
    beyond: HashSet<&'a str>,
}

impl<'a> Drawing<'a> {
    /// The drawing of `entry`'s scenario `sc`, its modes compared to
    /// `ulps`.
    fn of(entry: &'a Entry, sc: &'a Scenario, ulps: u64) -> Result<Self, ViewError> {
        let tris = level_triangles(sc, &entry.file)?;
        let frames = scenario_frames(entry, sc, &tris);
        Ok(Self {
            entry,
            sc,
            tris,
            frames,
            beyond: beyond_keys(entry, ulps),
        })
    }

    /// Draws one tick into two panels.
    fn tick(&self, out: &mut String, tick: u32, rects: [[f64; 4]; 2], id: &str, small: bool) {
        let views = [(SIDE, "side (x, z)"), (TOP_VIEW, "top (x, y)")];
        let cs = contacts(&self.entry.single, tick);
        let ce = contacts(&self.entry.ee, tick);
        for (k, (axes, caption)) in views.iter().enumerate() {
            let mut panel = Panel::new(&format!("{id}-v{k}"), *axes, rects[k], self.frames[k]);
            panel.open(out, if small { "" } else { caption });
            for t in &self.tris {
                let cls = match t.flags {
                    f if f & 1 == 0 => "tri disabled",
                    f if f & 2 != 0 => "tri two-sided",
                    _ => "tri",
                };
                panel.poly(
                    out,
                    &t.corners,
                    true,
                    cls,
                    &format!(r#" data-material="{}""#, t.material),
                );
                if !small {
                    let c = plane_anchor(&t.corners, self.frames[k], *axes);
                    let nrm = face_normal(&t.corners);
                    panel.arrow(
                        out,
                        c,
                        add(c, scale(nrm, 0.1 * self.frames[k].size())),
                        "trinormal",
                        "",
                    );
                    panel.label(
                        out,
                        c,
                        6.0,
                        12.0,
                        "small",
                        &format!("flags 0x{:x} material {}", t.flags, t.material),
                    );
                }
            }
            for b in &self.sc.bodies {
                let s = body_shape(&self.entry.single, tick, b);
                let e = body_shape(&self.entry.ee, tick, b);
                if let Some(s) = &s {
                    panel.shape(
                        out,
                        s,
                        "start",
                        &format!(r#" data-body="{}""#, esc(&b.name)),
                    );
                    if !small {
                        panel.label(out, s.anchor(), 6.0, -6.0, "small", &b.name);
                    }
                }
                // Drawn in Ee32 mode too only where its pose differs past the
                // tolerance in ulps.
                let pose = [
                    format!("t{tick:05}.{}.position", b.name),
                    format!("t{tick:05}.{}.rotation", b.name),
                ];
                let moved = self
                    .beyond
                    .iter()
                    .any(|k| pose.iter().any(|p| k.starts_with(p.as_str())));
                if let (Some(s), Some(e)) = (&s, &e) {
                    if s != e && moved {
                        panel.shape(out, e, "differs", "");
                        panel.shape(out, e, "at-contact ee32", r#" data-mode="ee32""#);
                    }
                }
            }
            let len = 0.2 * self.frames[k].size();
            let modes = [
                (&cs, FloatMode::F32, "normal"),
                (&ce, FloatMode::Ee32, "normal ee32"),
            ];
            for (list, mode, cls) in modes {
                let ee32 = mode == FloatMode::Ee32;
                for c in list.iter() {
                    if ee32
                        && cs
                            .iter()
                            .any(|f| f.index == c.index && f.normal == c.normal)
                    {
                        continue;
                    }
                    let body = c.mover.and_then(|m| self.sc.bodies.get(m));
                    let from = body
                        .and_then(|b| body_shape(&self.entry.single, tick, b))
                        .map_or([0.0; 3], |s| s.anchor());
                    panel.arrow(out, from, add(from, scale(c.normal, len)), cls, "");
                    if !small && !ee32 {
                        // The contact's words along the panel's foot.
                        let [l, t, _, h] = rects[k];
                        let _ = write!(
                            out,
                            r#"<text class="small" x="{}" y="{}">contact{} answer 0x{:x} fraction {:?}</text>"#,
                            n(l + 4.0),
                            n(t + h - 6.0 - 12.0 * c.index as f64),
                            c.index,
                            c.answer,
                            c.fraction as f32
                        );
                    }
                }
            }
            panel.close(out);
        }
    }
}

/// The picture of one tick of a scenario.
///
/// # Errors
///
/// [`ViewError::NotAScenario`], [`ViewError::NoSuchTick`], or the mesh
/// file's error.
pub fn tick_svg(entry: &Entry, tick: u32, opts: &Options) -> Result<String, ViewError> {
    let sc = scenario_of(entry)?;
    if tick >= sc.ticks {
        return Err(ViewError::NoSuchTick {
            name: entry.name.clone(),
            ticks: sc.ticks,
            tick,
        });
    }
    let drawing = Drawing::of(entry, sc, opts.ulps)?;
    let prefix = format!("t{tick:05}.");
    let fields: Vec<(String, String, bool)> = if opts.fields {
        crate::written::written(&entry.single)
            .filter(|(p, _)| p.starts_with(&prefix))
            .map(|(p, v)| {
                let e = entry.ee.get(p);
                // Both values shown where they differ; highlighted only
                // past the tolerance in ulps.
                let d = e != Some(v);
                let text = match (d, e) {
                    (true, Some(e)) => format!(
                        "{} = {} ≠ ee32 {}",
                        &p[prefix.len()..],
                        show(v, false),
                        show(e, true)
                    ),
                    _ => format!("{} = {}", &p[prefix.len()..], show(v, false)),
                };
                (p.to_owned(), text, drawing.beyond.contains(p))
            })
            .collect()
    } else {
        Vec::new()
    };
    let rows = fields.len().div_ceil(2);
    let width = 680.0;
    let height = 24.0 + 250.0 + 10.0 + 14.0 * rows as f64 + 10.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv scenario-tick" width="{w}" height="{h}" viewBox="0 0 {w} {h}" data-case="{}" data-tick="{tick}">"#,
        esc(&entry.name),
        w = n(width),
        h = n(height)
    );
    if opts.style {
        let _ = write!(out, "<style>{STYLE}</style>");
    }
    let _ = write!(
        out,
        r#"<text class="title" x="5" y="15">{} · tick {tick}</text>"#,
        esc(&entry.name)
    );
    let rects = [[5.0, 24.0, 330.0, 250.0], [345.0, 24.0, 330.0, 250.0]];
    drawing.tick(&mut out, tick, rects, &opts.id, false);
    for (i, (_, text, d)) in fields.iter().enumerate() {
        let (x, y) = (
            5.0 + (i / rows.max(1)) as f64 * 340.0,
            300.0 + (i % rows.max(1)) as f64 * 14.0,
        );
        field_row(&mut out, x, y, 334.0, text, *d);
    }
    out.push_str("</svg>");
    Ok(out)
}

/// The keys whose modes differ past `ulps` ([`crate::gap::differences_beyond`]).
fn beyond_keys(entry: &Entry, ulps: u64) -> HashSet<&str> {
    crate::gap::differences_beyond(entry, ulps)
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

/// Frames per row of a filmstrip.
pub const PER_ROW: u32 = 6;

/// The most ticks a filmstrip shows one by one; a longer scenario shows
/// only the ticks its outcome records fields for (a workload's samples).
pub const MAX_FRAMES: u32 = 120;

fn shown_ticks(entry: &Entry, sc: &Scenario) -> Vec<u32> {
    if sc.ticks <= MAX_FRAMES {
        return (0..sc.ticks).collect();
    }
    let mut ticks: Vec<u32> = entry
        .single
        .paths()
        .filter_map(|p| p.strip_prefix('t')?.split('.').next()?.parse().ok())
        .collect();
    ticks.dedup();
    ticks.truncate(MAX_FRAMES as usize);
    ticks
}

/// Every tick of a scenario in one picture (or, past [`MAX_FRAMES`] ticks,
/// the first [`MAX_FRAMES`] ticks with recorded fields): one small frame per tick (the
/// side view over the top view), in rows of [`PER_ROW`]; a tick with a
/// stated number is marked, a tick where the modes differ by more than
/// [`crate::gap::DEFAULT_ULPS`] highlighted.
///
/// # Errors
///
/// As [`tick_svg`].
pub fn filmstrip(entry: &Entry, id: &str) -> Result<String, ViewError> {
    filmstrip_with(entry, id, crate::gap::DEFAULT_ULPS)
}

/// As [`filmstrip`], a tick highlighted where the modes differ by more
/// than `ulps` ([`crate::gap::differences_beyond`]).
///
/// # Errors
///
/// As [`tick_svg`].
pub fn filmstrip_with(entry: &Entry, id: &str, ulps: u64) -> Result<String, ViewError> {
    let sc = scenario_of(entry)?;
    let drawing = Drawing::of(entry, sc, ulps)?;
    let differing: std::collections::BTreeSet<&str> = drawing
        .beyond
        .iter()
        .filter_map(|p| p.split('.').next())
        .collect();
    let (cw, ch) = (200.0, 196.0);
    let shown = shown_ticks(entry, sc);
    let rows = (shown.len() as u32).div_ceil(PER_ROW);
    let width = f64::from(PER_ROW) * cw + 5.0;
    let height = f64::from(rows) * ch + 5.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cv filmstrip" width="{w}" height="{h}" viewBox="0 0 {w} {h}" data-case="{}" data-ticks="{}">"#,
        esc(&entry.name),
        sc.ticks,
        w = n(width),
        h = n(height)
    );
    for (slot, &tick) in shown.iter().enumerate() {
        let slot = slot as u32;
        let (col, row) = (slot % PER_ROW, slot / PER_ROW);
        let (x, y) = (5.0 + f64::from(col) * cw, 5.0 + f64::from(row) * ch);
        let prefix = format!("t{tick:05}.");
        let stated = entry.expect.keys().any(|k| k.starts_with(&prefix));
        let differs = differing.contains(&prefix[..prefix.len() - 1]);
        let _ = write!(
            out,
            r#"<g class="tick{}{}" data-tick="{tick}"><text class="small" x="{}" y="{}">tick {tick}{}{}</text>"#,
            if stated { " stated" } else { "" },
            if differs { " tick-differs" } else { "" },
            n(x),
            n(y + 10.0),
            if stated { " · stated numbers" } else { "" },
            if differs { " · modes differ" } else { "" }
        );
        let rects = [
            [x, y + 14.0, cw - 8.0, 86.0],
            [x, y + 102.0, cw - 8.0, 86.0],
        ];
        drawing.tick(&mut out, tick, rects, &format!("{id}-t{tick}"), true);
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    Ok(out)
}
