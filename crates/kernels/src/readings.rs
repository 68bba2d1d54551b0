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

/// How the corner step picks its edge when the move is parallel to edge
/// `k`'s side plane (`m_k·M = 0`, Unit 1 "SphereSweep_VertexRegion", edge
/// case; SPEC-NOTES item 3, divergence 23). The crossing `u` then divides by
/// zero, and the specification gives two texts: what the console computes
/// (a saturated `u`, so the comparison of `e_k·V` with `e_k·X` is decided by
/// the saturated lanes) and a sign rule it recommends for an IEEE build.
/// Both pick edge 2 in Test ideas row 14; they part where the saturated
/// lanes of `e_k·X` cancel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ParallelSideRule {
    /// The console's arithmetic: `u = num / 0` saturates to `±MAX` and `X`,
    /// `e_k·X` are formed with saturating products and sums, in both float
    /// modes (the default).
    #[default]
    Saturated,
    /// The sign rule for an IEEE build: edge `k − 1` when the numerator
    /// `m_k·v_k − m_k·c` is zero; else, when `e_k·M = 0`, edge `k` if
    /// `e_k·v_k ≤ e_k·c`; else edge `k` when the numerator and `e_k·M` have
    /// the same strict sign.
    SignRule,
}
