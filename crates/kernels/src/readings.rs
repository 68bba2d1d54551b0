//! The readings a kernel takes where the specification contradicts itself
//! about its data: one named choice each, the console's by default.

/// Which constants the normal tables are read with, where the
/// specification's bit patterns and its printed decimals disagree
/// (SPEC-NOTES item 1, divergence 70): `a` and `b` of every edge and corner
/// entry. Faces (0 and ±1) read the same either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NormalTable {
    /// The executable's bit patterns, `a = 0x3f3504f4` (0.70710683) and
    /// `b = 0x3f13b646` (0.577): the console's tables (the default).
    #[default]
    BitPatterns,
    /// The decimals the specification prints, `a = 0.70710677`
    /// (`0x3f3504f3`, the `f32` nearest 1/√2) and `b = 0.57735026`
    /// (`0x3f13cd3a`, the `f32` nearest 1/√3), which its Test ideas' corner
    /// normals (0.5774) were computed with.
    PrintedDecimals,
}
