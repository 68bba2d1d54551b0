//! Box against box (table entry (1, 1)), with the original's wrong rotation
//! matrix.

use ps2_float::Real;

use super::OverlapQuirks;
use crate::contact::Contact;
use crate::sat::{add, dot, mul, sub, vsub};
use crate::shapes::{lane, OrientedBox};

/// `(p + q) + s`, saturated.
#[inline]
fn sum3<R: Real>(p: R, q: R, s: R) -> R {
    add(add(p, q), s)
}

/// The matrix the original uses in place of `A_k · B_m`:
/// `R[k][m] = Σ_{n=0..3} A_n[k] · B_n[m]`, where row 3 of each box's matrix is
/// its centre (Unit 4, `PhysicsOverlap_BoxBox`, "The quirk").
///
/// The products are summed in row order n = 0, 1, 2, 3 (divergence 42).
#[must_use]
fn quirk_matrix<R: Real>(a: &OrientedBox<R>, b: &OrientedBox<R>) -> [[R; 3]; 3] {
    let rows_a = [a.axes[0], a.axes[1], a.axes[2], a.centre];
    let rows_b = [b.axes[0], b.axes[1], b.axes[2], b.centre];
    let mut r = [[R::ZERO; 3]; 3];
    for (k, row) in r.iter_mut().enumerate() {
        for (m, cell) in row.iter_mut().enumerate() {
            let mut acc = mul(lane(rows_a[0], k), lane(rows_b[0], m));
            for (ra, rb) in rows_a.iter().zip(rows_b.iter()).skip(1) {
                acc = acc.madd(lane(*ra, k), lane(*rb, m));
            }
            *cell = acc;
        }
    }
    r
}

/// The true rotation matrix `R[k][m] = A_k · B_m` (Unit 4,
/// `PhysicsOverlap_BoxBox`, "A correct test uses").
#[must_use]
fn true_matrix<R: Real>(a: &OrientedBox<R>, b: &OrientedBox<R>) -> [[R; 3]; 3] {
    a.axes.map(|ak| b.axes.map(|bm| dot(ak, bm)))
}

/// `true` unless one of the fifteen separating axes separates the two boxes
/// strictly (Unit 4, `PhysicsOverlap_BoxBox`): the three axes of each box,
/// then the nine cross products, in Gottschalk's form with no epsilon.
///
/// The rotation matrix is the original's wrong one, `Σ_{n=0..3} A_n[k]·B_n[m]`
/// with each box's centre as a fourth row: it equals the true `A_k · B_m` for
/// two axis-aligned boxes with the querying one at the origin, and in general
/// nowhere else, so boxes that overlap can be reported apart. Touching boxes
/// overlap. The contact is not written.
///
/// Original: `PhysicsOverlap_BoxBox` (0x00345dd8).
#[must_use]
pub fn overlap_box_box<R: Real>(
    _c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &OrientedBox<R>,
) -> bool {
    overlap_with_matrix(own, other, &quirk_matrix(own, other))
}

/// [`overlap_box_box`] with its quirk switchable: with
/// [`OverlapQuirks::box_box_matrix`] on it is the console's test; off, the
/// fifteen axes use the true matrix `A_k · B_m`, so the answer is the true
/// separating-axis answer wherever the boxes are. Touching boxes overlap
/// either way; the contact is not written.
#[must_use]
pub fn overlap_box_box_with<R: Real>(
    c: &mut Contact<R>,
    own: &OrientedBox<R>,
    other: &OrientedBox<R>,
    q: &OverlapQuirks,
) -> bool {
    if q.box_box_matrix {
        overlap_box_box(c, own, other)
    } else {
        overlap_with_matrix(own, other, &true_matrix(own, other))
    }
}

/// The fifteen-axis test with the given matrix `r` (row `k` for own's axis
/// `k`, column `m` for other's axis `m`).
#[must_use]
fn overlap_with_matrix<R: Real>(
    own: &OrientedBox<R>,
    other: &OrientedBox<R>,
    r: &[[R; 3]; 3],
) -> bool {
    let mut abs_r = [[R::ZERO; 3]; 3];
    for (abs_row, row) in abs_r.iter_mut().zip(r.iter()) {
        for (abs_cell, cell) in abs_row.iter_mut().zip(row.iter()) {
            *abs_cell = cell.abs();
        }
    }
    let between = vsub(other.centre, own.centre);
    let t = own.axes.map(|axis| dot(axis, between));
    let a = |k: usize| own.half_extent(k);
    let b = |m: usize| other.half_extent(m);

    // The sums are grouped as in Gottschalk's form (divergence 42).
    // The three axes of the querying box.
    for (k, (tk, abs_row)) in t.iter().zip(abs_r.iter()).enumerate() {
        let rb = sum3(
            mul(b(0), abs_row[0]),
            mul(b(1), abs_row[1]),
            mul(b(2), abs_row[2]),
        );
        if tk.abs() > add(a(k), rb) {
            return false;
        }
    }
    // The three axes of the other box.
    for m in 0..3 {
        let proj = sum3(mul(t[0], r[0][m]), mul(t[1], r[1][m]), mul(t[2], r[2][m]));
        let ra = sum3(
            mul(a(0), abs_r[0][m]),
            mul(a(1), abs_r[1][m]),
            mul(a(2), abs_r[2][m]),
        );
        if proj.abs() > add(ra, b(m)) {
            return false;
        }
    }
    // The nine cross products A_i × B_j.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let proj = sub(mul(t[i2], r[i1][j]), mul(t[i1], r[i2][j]));
            let ra = add(mul(a(i1), abs_r[i2][j]), mul(a(i2), abs_r[i1][j]));
            let rb = add(mul(b(j1), abs_r[i][j2]), mul(b(j2), abs_r[i][j1]));
            if proj.abs() > add(ra, rb) {
                return false;
            }
        }
    }
    true
}
