//! `cargo xtask view FILE [--svg OUT] [--html OUT] [--around x,y,r]
//! [--shade height|material] [--y-up] [--sidecar FILE] [--policy ..]`: the
//! picture of a whole level, every tile in one
//! (`contact_view::level_map`), read as `cargo xtask level` reads it
//! (`crate::level::load`: a chunk folder, OBJ, RON, the binary form or a
//! chunk container). `--html` writes the page with the toggles (shade by
//! height or material; flags, grid and tile outlines shown or hidden),
//! `--svg` the picture alone; `--around` draws the square of half-side `r`
//! around `(x, y)` (divergence 385).

use std::path::{Path, PathBuf};

use contact_view::level_map::{level_map_html, level_map_svg, Around, MapOptions, Shade};

/// The options of either view that take a value.
const VALUED: [&str; 8] = [
    "--tick",
    "--fixtures",
    "--svg",
    "--html",
    "--around",
    "--shade",
    "--sidecar",
    "--policy",
];

/// Whether `view`'s name (its first word that is neither an option nor the
/// value of one) is a level: an existing folder, an existing file that is
/// not a case or scenario file (a `.ron` naming a `unit`), or a missing
/// file named as a level file (`.obj`, `.lev`, `.bin`, `.ron.mesh`), whose
/// loader then says it is missing.
pub fn is_level(args: &[String]) -> bool {
    let mut it = args.iter();
    let mut name = None;
    while let Some(a) = it.next() {
        if VALUED.contains(&a.as_str()) {
            it.next();
        } else if !a.starts_with('-') {
            name = Some(a);
            break;
        }
    }
    let Some(first) = name else {
        return false;
    };
    let p = Path::new(first);
    if p.is_dir() {
        return true;
    }
    let lower = first.to_ascii_lowercase();
    if !p.exists() {
        // A level file that is not there: the loader's error says so.
        return [".obj", ".lev", ".bin", ".ron.mesh"]
            .iter()
            .any(|x| lower.ends_with(x));
    }
    if lower.ends_with(".ron") && !lower.ends_with(".ron.mesh") {
        // A case file or a scenario names its unit; a RON mesh does not.
        let text = std::fs::read_to_string(p).unwrap_or_default();
        return !text.contains("unit:");
    }
    true
}

/// Runs the level view; `Ok(false)` (exit 1) when the level cannot be
/// loaded.
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut file = None;
    let mut svg = None;
    let mut html = None;
    let mut around = None;
    let mut shade = Shade::Height;
    let mut loader = crate::level::LoaderOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--svg" => svg = Some(PathBuf::from(it.next().ok_or("--svg needs a file")?)),
            "--html" => html = Some(PathBuf::from(it.next().ok_or("--html needs a file")?)),
            "--around" => {
                let text = it.next().ok_or("--around needs x,y,r")?;
                around = Some(Around::parse(text).map_err(|e| format!("view: {e}"))?);
            }
            "--shade" => {
                shade = match it.next().map(String::as_str) {
                    Some("height") => Shade::Height,
                    Some("material") => Shade::Material,
                    _ => return Err("--shade needs height or material".into()),
                }
            }
            other if loader.parse(other, &mut it)? => {}
            other if !other.starts_with('-') && file.is_none() => file = Some(PathBuf::from(other)),
            other => return Err(format!("view: unknown argument `{other}`")),
        }
    }
    let file = file.ok_or("view: name a level file")?;
    if svg.is_none() && html.is_none() {
        return Err("view: a level needs --svg OUT or --html OUT".into());
    }
    let load = match crate::level::load(&file, &loader) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("view: {e}");
            return Ok(false);
        }
    };
    let title = file.file_name().map_or_else(
        || file.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let opts = MapOptions {
        around,
        shade,
        material_names: load.names,
        unknown_names: load
            .report
            .iter()
            .flat_map(|r| r.unknown_materials.iter().map(|u| u.name.clone()))
            .collect(),
        ..MapOptions::default()
    };
    let picture = level_map_svg(&load.tiles, &title, &opts);
    for (out, text) in [
        (svg, picture.clone()),
        (html, level_map_html(&picture, &title)),
    ] {
        if let Some(out) = out {
            std::fs::write(&out, text).map_err(|e| format!("view: {}: {e}", out.display()))?;
            println!("wrote {}", out.display());
        }
    }
    let drawn: usize = load
        .tiles
        .iter()
        .map(|m| {
            contact_view::level_tri::triangles(m)
                .iter()
                .filter(|t| around.is_none_or(|a| a.meets(t)))
                .count()
        })
        .sum();
    let total: usize = load.tiles.iter().map(|m| m.triangles().len()).sum();
    println!(
        "level: {} tiles, {drawn} of {total} triangles drawn",
        load.tiles.len()
    );
    Ok(true)
}
