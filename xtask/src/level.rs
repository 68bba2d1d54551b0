//! `cargo xtask level FILE [--svg OUT] [--y-up] [--sidecar FILE]
//! [--policy lenient|geometry|strict]`: loads a level mesh through
//! `collision-mesh`'s loaders, prints what it holds and, with `--svg`, draws
//! it from above (`contact_view::level`).
//! `cargo xtask view FILE` reads the file the same way ([`load`]) and draws
//! every tile in one picture (`crate::level_view`).
//!
//! The loader is chosen by the path: a folder of chunk files
//! (`MeshChunks::read_dir`), `.obj` (`obj::read_file`: each line it skipped
//! is printed with its number and why; a soup past the format's 65,535
//! triangles becomes tiles, as `warriors_physics::Level` cuts it, each
//! summarised and, with `--svg`, drawn to its own file), `.ron` or
//! `.ron.mesh` (`ron_text::load`), anything else a flat chunk container (a
//! level file or the binary form, `chunks::read_level_file`).
//!
//! The last line is `loaded N triangles (K skipped)`: `N` the triangles of
//! every tile, `K` the OBJ faces that gave no triangle (fewer than three
//! corners, or cut off by the file's end), `ImportReport::skipped_faces`,
//! the number the report's own summary prints as "K faces skipped"; other
//! skipped lines and unknown `usemtl` names are the report's, printed above
//! it (divergence 373). `--policy` chooses what the OBJ reader refuses
//! (`obj::Strictness`: `lenient`, the default; `geometry`, strict about
//! geometry and lenient about material names; `strict`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use collision_mesh::build;
use collision_mesh::chunks::{read_level_file, MeshChunks};
use collision_mesh::obj::{read_file, ImportReport, ObjAxes, ObjOptions, Sidecar, Strictness};
use collision_mesh::{ron_text, CollisionMesh, Material, MeshError, TriangleFlags};

/// How the file is read.
pub(crate) struct Load {
    /// One mesh, or the tiles of a larger soup.
    pub(crate) tiles: Vec<CollisionMesh>,
    /// The OBJ reader's report (the other forms skip nothing: a part they
    /// cannot read is an error).
    pub(crate) report: Option<ImportReport>,
    /// For an OBJ file, each material's `usemtl` names (those the reader's
    /// tables map to it, in the order of first use).
    pub(crate) names: BTreeMap<u8, Vec<String>>,
}

/// The `usemtl` names of an OBJ text that `options` maps to a material, by
/// material (a name once, in the order of first use; a line's `#` comment
/// dropped).
fn usemtl_names(text: &str, options: &ObjOptions) -> BTreeMap<u8, Vec<String>> {
    let mut out: BTreeMap<u8, Vec<String>> = BTreeMap::new();
    for line in text.lines() {
        let code = line.split('#').next().unwrap_or("").trim();
        let Some(name) = code.strip_prefix("usemtl") else {
            continue;
        };
        if !name.starts_with(char::is_whitespace) {
            continue;
        }
        let name = name.trim();
        if let Some(m) = options.material_of(name) {
            let names = out.entry(m.0).or_default();
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
    }
    out
}

/// How the loader reads an OBJ file: its axes, the sidecar of materials
/// and flags, and how strict it is (`--y-up`, `--sidecar FILE`,
/// `--policy lenient|geometry|strict`).
pub(crate) struct LoaderOptions {
    axes: ObjAxes,
    sidecar: Option<PathBuf>,
    strictness: Strictness,
}

impl Default for LoaderOptions {
    fn default() -> Self {
        Self {
            axes: ObjAxes::ZUp,
            sidecar: None,
            strictness: Strictness::Lenient,
        }
    }
}

/// Reads a level in any of the forms the task reads (see the module's
/// documentation).
pub(crate) fn load(path: &Path, loader: &LoaderOptions) -> Result<Load, MeshError> {
    let LoaderOptions {
        axes,
        ref sidecar,
        strictness,
    } = *loader;
    let name = path.to_string_lossy().to_ascii_lowercase();
    let mut report = None;
    let mut names = BTreeMap::new();
    let tiles = if path.is_dir() {
        vec![MeshChunks::read_dir(path)?.decode(&path.display().to_string())?]
    } else if name.ends_with(".obj") {
        let sidecar = match sidecar {
            Some(s) => Sidecar::load(s)?,
            None => Sidecar::default(),
        };
        let options = ObjOptions {
            axes,
            sidecar,
            strictness,
            ..ObjOptions::default()
        };
        let file = path.display().to_string();
        let (soup, r) = read_file(path, &options)?;
        report = Some(r);
        if let Ok(text) = std::fs::read_to_string(path) {
            names = usemtl_names(&text, &options);
        }
        if soup.len() <= warriors_physics::MAX_TILE_TRIANGLES {
            vec![build::from_soup(&soup, &options.build, &file)?]
        } else {
            let config = warriors_physics::LevelConfig {
                build: options.build,
                max_tile_triangles: warriors_physics::MAX_TILE_TRIANGLES,
            };
            let level = warriors_physics::Level::<f32>::from_soup(&soup, &config, &file)?;
            level.meshes().cloned().collect()
        }
    } else if name.ends_with(".ron") || name.ends_with(".ron.mesh") {
        vec![ron_text::load(path)?]
    } else {
        vec![read_level_file(path)?]
    };
    Ok(Load {
        tiles,
        report,
        names,
    })
}

impl LoaderOptions {
    /// Reads one of the loader's options at `a`, taking its value from
    /// `it`; `Ok(false)` when `a` is none of them.
    pub(crate) fn parse<'a>(
        &mut self,
        a: &str,
        it: &mut impl Iterator<Item = &'a String>,
    ) -> Result<bool, String> {
        match a {
            "--y-up" => self.axes = ObjAxes::YUp,
            "--sidecar" => {
                self.sidecar = Some(PathBuf::from(it.next().ok_or("--sidecar needs a file")?))
            }
            "--policy" => {
                self.strictness = match it.next().map(String::as_str) {
                    Some("lenient") => Strictness::Lenient,
                    Some("geometry") => Strictness::Geometry,
                    Some("strict") => Strictness::Full,
                    _ => return Err("--policy needs lenient, geometry or strict".to_owned()),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Runs the task; `Ok(false)` (exit 1) when the file cannot be loaded.
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut file = None;
    let mut svg = None;
    let mut loader = LoaderOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--svg" => svg = Some(PathBuf::from(it.next().ok_or("--svg needs a file")?)),
            other if loader.parse(other, &mut it)? => {}
            other if !other.starts_with('-') && file.is_none() => file = Some(PathBuf::from(other)),
            other => return Err(format!("level: unknown argument `{other}`")),
        }
    }
    let file = file.ok_or("level: name a level file")?;
    let Load { tiles, report, .. } = match load(&file, &loader) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("level: {e}");
            eprintln!("level: {e:?}");
            return Ok(false);
        }
    };
    if tiles.len() > 1 {
        println!(
            "tiles: {} (the format holds at most {} triangles a mesh)",
            tiles.len(),
            warriors_physics::MAX_TILE_TRIANGLES
        );
    }
    for (k, mesh) in tiles.iter().enumerate() {
        if tiles.len() > 1 {
            println!("tile {k}:");
        }
        print_summary(mesh);
    }
    let skipped = report.as_ref().map_or(0, ImportReport::skipped_faces);
    if let Some(r) = report.as_ref().filter(|r| !r.is_clean()) {
        let text = r.to_string();
        print!("{text}");
        if !text.ends_with('\n') {
            println!();
        }
    }
    if let Some(out) = svg {
        let title = file.file_name().map_or_else(
            || file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        for (k, mesh) in tiles.iter().enumerate() {
            // Tile 0 to OUT, tile k to OUT with `.tileK` before its extension.
            let path = if k == 0 {
                out.clone()
            } else {
                out.with_extension(format!("tile{k}.svg"))
            };
            let text = contact_view::level::level_svg(mesh, &title, 1200.0);
            std::fs::write(&path, text).map_err(|e| format!("level: {}: {e}", path.display()))?;
            println!("picture: {}", path.display());
        }
    }
    let triangles: usize = tiles.iter().map(|m| m.triangles().len()).sum();
    println!("loaded {triangles} triangles ({skipped} skipped)");
    Ok(true)
}

fn print_summary(mesh: &CollisionMesh) {
    let v = mesh.vertices();
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for t in mesh.triangles() {
        for &i in &t.v {
            if let Some(p) = v.get(usize::from(i)) {
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
        }
    }
    println!(
        "triangles: {}, vertices: {}",
        mesh.triangles().len(),
        v.len()
    );
    if lo[0].is_finite() {
        println!("bounds: min {lo:?}, max {hi:?}");
    }
    let g = mesh.grid();
    let m = g.matrix();
    println!(
        "grid: {:?} cells ({} in all), scale ({}, {}, {}), offset ({}, {}, {}), clamp {:?} to {:?}",
        g.dims(),
        g.cell_count(),
        m[0][0],
        m[1][1],
        m[2][2],
        m[3][0],
        m[3][1],
        m[3][2],
        &g.clamp_min()[..3],
        &g.clamp_max()[..3]
    );
    let mut materials: BTreeMap<u8, usize> = BTreeMap::new();
    let (mut two, mut disabled, mut corner) = (0, 0, 0);
    for t in mesh.triangles() {
        *materials.entry(t.material.0).or_default() += 1;
        two += usize::from(t.flags.contains(TriangleFlags::TWO_SIDED));
        disabled += usize::from(!t.flags.contains(TriangleFlags::ENABLED));
        corner += usize::from(contact_view::level::corner_edge(t.flags.bits()) != 0);
    }
    println!(
        "flags: {two} two-sided, {disabled} disabled, {corner} with a corner edge (bits 14-15), {} degenerate",
        mesh.degenerate_triangles().count()
    );
    let list: Vec<String> = materials
        .iter()
        .map(|(m, n)| format!("{m} {} ×{n}", Material(*m).name().unwrap_or("?")))
        .collect();
    println!("materials: {}", list.join(", "));
}
