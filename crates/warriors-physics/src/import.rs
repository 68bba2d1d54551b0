//! Loading an OBJ level with the record layer's import report beside it, and
//! the level's box.
//!
//! [`Level::from_obj_str_with_report`] and [`Level::load_obj_with_report`]
//! read the text with the record layer's reader ([`obj::read_str`],
//! [`obj::read_file`]) and make the level from its soup with
//! [`Level::from_soup`], as [`Level::from_obj_str`] does; the
//! [`ImportReport`] they return beside it is the reader's own, unchanged:
//! each skipped line with its number and reason, each unknown `usemtl` name
//! with its count and first line. What is refused and what is only reported
//! is [`ObjOptions::policy`]'s choice (the record layer's `obj` module has
//! the table); for a third-party file, [`Strictness::Geometry`] refuses
//! broken geometry and lists the names it does not know.
//!
//! [`Strictness::Geometry`]: collision_mesh::obj::Strictness::Geometry

use std::path::Path;

use collision_mesh::obj::{self, ImportReport, ObjOptions};
use collision_mesh::MeshError;
use nalgebra::Point3;
use ps2_float::Real;

use crate::level::{Level, LevelConfig, MAX_TILE_TRIANGLES};

impl<R: Real> Level<R> {
    /// A level from OBJ text and the import's report: the record layer's
    /// [`obj::read_str`], then [`Level::from_soup`] with the options' build
    /// settings and tiles of up to `max_tile_triangles` (the level
    /// [`Level::from_obj_str`] makes).
    ///
    /// # Errors
    ///
    /// What either returns: [`MeshError::BadLine`],
    /// [`MeshError::IndexOutOfRange`], [`MeshError::NonFinite`] or
    /// [`MeshError::CutOff`] naming the line and field, ...
    pub fn from_obj_str_with_report(
        text: &str,
        file: &str,
        options: &ObjOptions,
        max_tile_triangles: usize,
    ) -> Result<(Self, ImportReport), MeshError> {
        let (soup, report) = obj::read_str(text, file, options)?;
        Ok((
            Self::from_obj_soup(&soup, file, options, max_tile_triangles)?,
            report,
        ))
    }

    /// A level from an OBJ file, of any size, and the import's report:
    /// [`obj::read_file`] (bytes that are not UTF-8, a Latin-1 group name,
    /// read as U+FFFD), then [`Level::from_soup`] with tiles of up to
    /// [`MAX_TILE_TRIANGLES`]. The report names the file as
    /// `path.display()` does, as [`obj::read_file`]'s (divergence 374:
    /// [`Level::load_obj`] refuses such bytes).
    ///
    /// # Errors
    ///
    /// [`MeshError::Io`], or what [`Level::from_obj_str_with_report`]
    /// returns.
    pub fn load_obj_with_report(
        path: impl AsRef<Path>,
        options: &ObjOptions,
    ) -> Result<(Self, ImportReport), MeshError> {
        let path = path.as_ref();
        let (soup, report) = obj::read_file(path, options)?;
        let file = path.display().to_string();
        let level = Self::from_obj_soup(&soup, &file, options, MAX_TILE_TRIANGLES)?;
        Ok((level, report))
    }

    fn from_obj_soup(
        soup: &[collision_mesh::SoupTriangle],
        file: &str,
        options: &ObjOptions,
        max_tile_triangles: usize,
    ) -> Result<Self, MeshError> {
        let config = LevelConfig {
            build: options.build,
            max_tile_triangles,
        };
        Self::from_soup(soup, &config, file)
    }

    /// The box of every tile's triangles, `(min, max)`, in `f32`, the
    /// meshes' own vertex values (no rounding in either float mode): over
    /// the tiles, the box of the vertices their triangles use
    /// (each tile's stored box, [`collision_mesh::tiled::triangle_bounds`],
    /// the box its culling tests), without the culling's margin. Vertices
    /// no triangle uses are not in it. `None` when no tile has a triangle
    /// (divergence 374). One read per tile.
    #[must_use]
    pub fn bounds(&self) -> Option<(Point3<f32>, Point3<f32>)> {
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for tile in self.shared().tiles() {
            let b = tile.bounds();
            if b[0] > b[3] {
                // No triangle (the record's `f32::MAX` / `f32::MIN` box).
                continue;
            }
            for k in 0..3 {
                lo[k] = lo[k].min(b[k]);
                hi[k] = hi[k].max(b[k + 3]);
            }
        }
        lo[0]
            .is_finite()
            .then(|| (Point3::from(lo), Point3::from(hi)))
    }
}
