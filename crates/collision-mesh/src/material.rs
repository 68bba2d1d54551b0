//! [`Material`]: the `u8` material id at `+0x08` of a collision triangle, and
//! the names the game gives the ids.
//!
//! The game maps an id to its `MATERIAL_*` name through a 191-entry jump table
//! (`0x0034fc08`, table at `0x005785d0`, ids 0 to 190). The research publishes
//! the names of the ids below; the others are known only by number. The
//! material decides sounds and effects elsewhere, and a few queries pass
//! through some materials (the AI's sight rays through fences, railings and
//! glass; the climb through materials 30, 31 and 122).

use core::fmt;

/// A material id (`u8` at triangle `+0x08`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Material(pub u8);

/// The ids whose names are published, with the name the game's table gives
/// (without the `MATERIAL_` prefix, except id 1's, which the table spells in
/// full). Sources: Coney `docs/research/collision.md` "Materials" (0-7, 35,
/// 36, 186-190) and `docs/research/ai.md` "Sight" (30, 107, 122).
const NAMES: &[(u8, &str)] = &[
    (0, "undefined"),
    (1, "MATERIAL_NONE"),
    (2, "GLASS"),
    (3, "STEEL"),
    (4, "ALUMINIUM"),
    (5, "CONCRETE"),
    (6, "ASHPHALT"),
    (7, "LAMPOST"),
    (30, "LOW_FENCE"),
    (35, "GRASS"),
    (36, "DIRT"),
    (107, "CHAINLINK_NOCLIMB"),
    (122, "RAILING"),
    (186, "SAND"),
    (187, "STOREDOOR_GLASS"),
    (188, "PUNCHING_BAG"),
    (189, "FOAMHAND"),
    (190, "SALAMI"),
];

impl Material {
    /// 0, `undefined`.
    pub const UNDEFINED: Self = Self(0);
    /// 1, `MATERIAL_NONE`: what a ray result holds before it hits anything,
    /// and the end marker of a material exclusion list.
    pub const NONE: Self = Self(1);
    /// 2, `GLASS`.
    pub const GLASS: Self = Self(2);
    /// 3, `STEEL`.
    pub const STEEL: Self = Self(3);
    /// 4, `ALUMINIUM`.
    pub const ALUMINIUM: Self = Self(4);
    /// 5, `CONCRETE`.
    pub const CONCRETE: Self = Self(5);
    /// 6, `ASHPHALT` (the game's spelling).
    pub const ASHPHALT: Self = Self(6);
    /// 7, `LAMPOST` (the game's spelling).
    pub const LAMPOST: Self = Self(7);
    /// 30, `LOW_FENCE`.
    pub const LOW_FENCE: Self = Self(30);
    /// 35, `GRASS`.
    pub const GRASS: Self = Self(35);
    /// 36, `DIRT`.
    pub const DIRT: Self = Self(36);
    /// 107, `CHAINLINK_NOCLIMB`.
    pub const CHAINLINK_NOCLIMB: Self = Self(107);
    /// 122, `RAILING`.
    pub const RAILING: Self = Self(122);
    /// 186, `SAND`.
    pub const SAND: Self = Self(186);
    /// 187, `STOREDOOR_GLASS`.
    pub const STOREDOOR_GLASS: Self = Self(187);
    /// 188, `PUNCHING_BAG`.
    pub const PUNCHING_BAG: Self = Self(188);
    /// 189, `FOAMHAND`.
    pub const FOAMHAND: Self = Self(189);
    /// 190, `SALAMI`.
    pub const SALAMI: Self = Self(190);

    /// The number of entries of the game's name table (ids 0 to 190).
    pub const TABLE_LEN: usize = 191;

    /// The game's name of this id, when it is published; `None` for the
    /// others (including ids past the table, 191-255).
    #[must_use]
    pub fn name(self) -> Option<&'static str> {
        NAMES.iter().find(|(id, _)| *id == self.0).map(|(_, n)| *n)
    }

    /// The id of a name: a published name (with or without its `MATERIAL_`
    /// prefix, any case) or a decimal id.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        if let Ok(id) = text.parse::<u8>() {
            return Some(Self(id));
        }
        let upper = text.to_ascii_uppercase();
        let bare = upper.strip_prefix("MATERIAL_").unwrap_or(&upper);
        NAMES
            .iter()
            .find(|(_, n)| {
                let n = n.to_ascii_uppercase();
                n == upper || n.strip_prefix("MATERIAL_").unwrap_or(&n) == bare
            })
            .map(|(id, _)| Self(*id))
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "{} ({n})", self.0),
            None => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids() {
        assert_eq!(Material::ASHPHALT.name(), Some("ASHPHALT"));
        assert_eq!(Material(116).name(), None);
        assert_eq!(Material::parse("steel"), Some(Material::STEEL));
        assert_eq!(Material::parse("MATERIAL_RAILING"), Some(Material::RAILING));
        assert_eq!(Material::parse("none"), Some(Material::NONE));
        assert_eq!(Material::parse("116"), Some(Material(116)));
        assert_eq!(Material::parse("WOOD"), None);
        assert_eq!(Material::GLASS.to_string(), "2 (GLASS)");
    }
}
