//! What the workspace's tests share, so each test file states only its
//! cases.
//!
//! # What it holds
//!
//! | item | what |
//! | --- | --- |
//! | [`both_modes!`] | the workspace's one float-mode macro: a generic test run as `f32_mode::name` and `ee32_mode::name` |
//! | [`near`], [`near_v`] | closeness in `f32`, naming both values |
//! | [`close`], [`close_opt`], [`close_v`] | closeness in `f64`, naming the value checked |
//! | [`r`], [`p`], [`v`], [`point`], [`dir`] | scalars, points (`w = 1`) and directions (`w = 0`) in either mode, from `f32` literals or `[f32; 3]` |
//! | [`r64`], [`p64`], [`f64_of`] | scalars and points from `f64` literals, and a scalar read back in `f64` |
//! | [`Seeded`]: [`Xorshift`], [`XorshiftStar`], [`Lcg`] | the seeded generators property, workload and benchmark cases are drawn from |
//! | [`console_pattern`] | whether a bit pattern is one the console's FPU can hold |
//! | [`rotation_rows`] | the rows of a quaternion's rotation, for a box's axes |
//! | [`workspace_path`] | a repository file (a fixture) from any crate's tests |
//! | [`files_under`], [`rust_files`] | the files of a folder and its subfolders, for the tests that scan sources |
//! | [`oracle`] | independent `f64` geometry for oracles: point, segment and triangle distances, golden section, a sampled first touch, a brute-force hull |
//!
//! # How to use it
//!
//! Add it as a dev-dependency (`test-support.workspace = true`, package
//! `warriors-test-support`), write a test once, generic over
//! `R: Real`, and name it in [`both_modes!`]:
//!
//! ```
//! use ps2_float::Real;
//! use test_support::{both_modes, near_v, v};
//!
//! fn adds<R: Real>() {
//!     near_v(v::<R>(1.0, 2.0, 3.0) + v(1.0, 0.0, 0.0), [2.0, 2.0, 3.0], 0.0);
//! }
//! both_modes!(adds);
//! # fn main() {}
//! ```
//!
//! # Features
//!
//! None; it is never a normal dependency.
#![forbid(unsafe_code)]

use ps2_float::{Real, Vec4};

pub mod oracle;
mod seeded;
pub use seeded::{Lcg, Seeded, Xorshift, Xorshift32, XorshiftStar};

/// Runs each named generic test function `name::<R>()` once per float
/// mode, as `f32_mode::name` and `ee32_mode::name`.
///
/// `both_modes!(name => check)` makes one test `name` that runs
/// `check::<f32>()` then `check::<Ee32>()`.
#[macro_export]
macro_rules! both_modes {
    ($name:ident => $check:ident) => {
        #[test]
        fn $name() {
            $check::<f32>();
            $check::<$crate::Ee32>();
        }
    };
    ($($name:ident),* $(,)?) => {
        mod f32_mode {
            $(#[test] fn $name() { super::$name::<f32>(); })*
        }
        mod ee32_mode {
            $(#[test] fn $name() { super::$name::<$crate::Ee32>(); })*
        }
    };
}

/// Installs the test binary's global allocator: the system's, counting
/// the `alloc`, `alloc_zeroed` and `realloc` calls made on each thread, and
/// defines `fn allocations() -> usize`, the calling thread's count so far.
/// Counting per thread keeps the test harness's own threads (and the tests
/// running beside the counted one) out of the count.
///
/// The `unsafe impl` it expands to is the test binary's own (the
/// `GlobalAlloc` trait's contract: every call is passed to `System`
/// unchanged); the library crates keep `#![forbid(unsafe_code)]`.
#[macro_export]
macro_rules! counting_allocator {
    () => {
        struct Counting;

        thread_local! {
            static ALLOCATIONS: ::std::cell::Cell<usize> = const { ::std::cell::Cell::new(0) };
        }

        fn count() {
            // `try_with`: a thread being torn down has no counter left.
            let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        }

        /// The allocations made on this thread so far.
        fn allocations() -> usize {
            ALLOCATIONS.with(::std::cell::Cell::get)
        }

        // SAFETY: `GlobalAlloc` is an unsafe trait (the allocator must
        // return valid memory for the layout); this wrapper only counts
        // calls and passes every one to `System` unchanged.
        unsafe impl ::std::alloc::GlobalAlloc for Counting {
            unsafe fn alloc(&self, layout: ::std::alloc::Layout) -> *mut u8 {
                count();
                // SAFETY: the caller's contract is passed on to `System`.
                unsafe { ::std::alloc::GlobalAlloc::alloc(&::std::alloc::System, layout) }
            }
            unsafe fn dealloc(&self, ptr: *mut u8, layout: ::std::alloc::Layout) {
                // SAFETY: `ptr` came from `System` with this layout.
                unsafe { ::std::alloc::GlobalAlloc::dealloc(&::std::alloc::System, ptr, layout) }
            }
            unsafe fn alloc_zeroed(&self, layout: ::std::alloc::Layout) -> *mut u8 {
                count();
                // SAFETY: the caller's contract is passed on to `System`.
                unsafe { ::std::alloc::GlobalAlloc::alloc_zeroed(&::std::alloc::System, layout) }
            }
            unsafe fn realloc(
                &self,
                ptr: *mut u8,
                layout: ::std::alloc::Layout,
                new_size: usize,
            ) -> *mut u8 {
                count();
                // SAFETY: the caller's contract is passed on to `System`.
                unsafe {
                    ::std::alloc::GlobalAlloc::realloc(&::std::alloc::System, ptr, layout, new_size)
                }
            }
        }

        #[global_allocator]
        static GLOBAL: Counting = Counting;
    };
}

#[doc(hidden)]
pub use ps2_float::Ee32;

/// `x` in mode `R`.
#[must_use]
pub fn r<R: Real>(x: f32) -> R {
    R::from_f32(x)
}

/// The point `(x, y, z, 1)` in mode `R`.
#[must_use]
pub fn p<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::from_f32([x, y, z, 1.0])
}

/// The direction `(x, y, z, 0)` in mode `R`.
#[must_use]
pub fn v<R: Real>(x: f32, y: f32, z: f32) -> Vec4<R> {
    Vec4::from_f32([x, y, z, 0.0])
}

/// The point `(p[0], p[1], p[2], 1)` in mode `R`.
#[must_use]
pub fn point<R: Real>(p: [f32; 3]) -> Vec4<R> {
    Vec4::from_f32([p[0], p[1], p[2], 1.0])
}

/// The direction `(d[0], d[1], d[2], 0)` in mode `R`.
#[must_use]
pub fn dir<R: Real>(d: [f32; 3]) -> Vec4<R> {
    Vec4::from_f32([d[0], d[1], d[2], 0.0])
}

/// A scalar in either mode from an `f64` literal (rounded to `f32`).
#[must_use]
pub fn r64<R: Real>(x: f64) -> R {
    R::from_f32(x as f32)
}

/// A scalar read back in `f64`.
#[must_use]
pub fn f64_of<R: Real>(x: R) -> f64 {
    f64::from(x.to_f32())
}

/// A point (`w = 1`) in either mode from `f64` literals (each rounded to
/// `f32`).
#[must_use]
pub fn p64<R: Real>(x: f64, y: f64, z: f64) -> Vec4<R> {
    Vec4::from_f32([x as f32, y as f32, z as f32, 1.0])
}

/// Whether `bits` is a pattern the console can hold after an operation: a
/// zero exponent only with a zero mantissa (the EE flushes denormals; the
/// `Ee32` invariant of `docs/ARCHITECTURE.md`).
#[must_use]
pub fn console_pattern(bits: u32) -> bool {
    bits & 0x7f80_0000 != 0 || bits & 0x007f_ffff == 0
}

/// The rows of the rotation of the quaternion `[w, x, y, z]`, normalised
/// first in `f64` (a zero quaternion gives the identity), rounded to `f32`:
/// unit, orthogonal box axes as the original assumes.
#[must_use]
pub fn rotation_rows(q: [f64; 4]) -> [[f32; 3]; 3] {
    let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
    if n < 1e-9 {
        return [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    }
    let [w, x, y, z] = q.map(|c| c / n);
    let m = [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y + w * z),
            2.0 * (x * z - w * y),
        ],
        [
            2.0 * (x * y - w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z + w * x),
        ],
        [
            2.0 * (x * z + w * y),
            2.0 * (y * z - w * x),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ];
    m.map(|r| r.map(|v| v as f32))
}

/// The path of `relative` (say `fixtures/ee-fpu/ee-fpu-hardware.tsv`) from
/// the repository's root, for the tests of any crate under `crates/`.
#[must_use]
pub fn workspace_path(relative: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// The files under `dir` and its subfolders (but `target` and hidden
/// folders) whose path `keep` accepts, in the order the folders list
/// them; none when `dir` cannot be read.
#[must_use]
pub fn files_under(
    dir: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    collect_files(dir, keep, &mut out);
    out
}

fn collect_files(
    dir: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
    out: &mut Vec<std::path::PathBuf>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name != "target" && !name.starts_with('.') {
                collect_files(&p, keep, out);
            }
        } else if keep(&p) {
            out.push(p);
        }
    }
}

/// The `.rs` files under `dir` ([`files_under`]).
#[must_use]
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    files_under(dir, &|p| p.extension().is_some_and(|x| x == "rs"))
}

/// Asserts `|got − want| ≤ tol` (compared in `f32`), naming both.
#[track_caller]
pub fn near<R: Real>(got: R, want: f32, tol: f32) {
    let g = got.to_f32();
    let off = (g - want).abs();
    assert!(
        off <= tol,
        "{} {g} is not {want} (±{tol}, off by {off:e})",
        R::MODE
    );
}

/// [`near`] on `x`, `y` and `z`.
#[track_caller]
pub fn near_v<R: Real>(got: Vec4<R>, want: [f32; 3], tol: f32) {
    let g = got.to_f32();
    for (k, lane) in ["x", "y", "z"].iter().enumerate() {
        assert!(
            (g[k] - want[k]).abs() <= tol,
            "{} {lane}: {:?} is not {want:?} (±{tol})",
            R::MODE,
            &g[..3]
        );
    }
}

/// Asserts `|got − want| ≤ tol` with `got` read in `f64`, naming the
/// mode and `what`.
#[track_caller]
pub fn close<R: Real>(got: R, want: f64, tol: f64, what: &str) {
    let g = f64::from(got.to_f32());
    let off = (g - want).abs();
    let mode = R::MODE;
    assert!(
        off <= tol,
        "{mode} {what}: got {g}, expected {want} ± {tol:e} (off by {off:e})"
    );
}

/// [`close`] on a field that may be unwritten (`None` fails, naming it).
#[track_caller]
pub fn close_opt<R: Real>(got: Option<R>, want: f64, tol: f64, what: &str) {
    let Some(got) = got else {
        panic!("{} {what}: unwritten, expected {want}", R::MODE);
    };
    close(got, want, tol, what);
}

/// [`close`] on each of the four lanes of `got` (`w` included).
#[track_caller]
pub fn close_v<R: Real>(got: Vec4<R>, want: [f64; 4], tol: f64, what: &str) {
    let g = got.to_f32();
    for (k, lane) in ["x", "y", "z", "w"].iter().enumerate() {
        assert!(
            (f64::from(g[k]) - want[k]).abs() <= tol,
            "{} {what} {lane}: got {g:?}, expected {want:?} ± {tol:e}",
            R::MODE
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shorthands<R: Real>() {
        assert_eq!(p::<R>(1.0, 2.0, 3.0).to_f32(), [1.0, 2.0, 3.0, 1.0]);
        assert_eq!(v::<R>(1.0, 2.0, 3.0).to_f32(), [1.0, 2.0, 3.0, 0.0]);
        near(r::<R>(0.5), 0.5, 0.0);
        near_v(v::<R>(1.0, 2.0, 3.0), [1.0, 2.0, 3.0], 0.0);
        assert_eq!(point::<R>([1.0, 2.0, 3.0]).to_f32(), [1.0, 2.0, 3.0, 1.0]);
        assert_eq!(dir::<R>([1.0, 2.0, 3.0]).to_f32(), [1.0, 2.0, 3.0, 0.0]);
        close_v(
            point::<R>([0.5, -1.0, 2.0]),
            [0.5, -1.0, 2.0, 1.0],
            0.0,
            "p",
        );
    }
    both_modes!(shorthands);

    fn closes<R: Real>() {
        close(r::<R>(0.25), 0.25, 0.0, "a quarter");
        close_opt(Some(r::<R>(2.0)), 2.0, 0.0, "two");
    }
    both_modes!(closes_in_both_modes => closes);

    #[test]
    #[should_panic(expected = "p w:")]
    fn close_v_reads_the_w_lane() {
        close_v(
            dir::<f32>([0.5, -1.0, 2.0]),
            [0.5, -1.0, 2.0, 1.0],
            0.1,
            "p",
        );
    }

    #[test]
    fn console_patterns() {
        // Zero (both signs), normals and the largest exponent are patterns;
        // a denormal is not.
        for bits in [0, 0x8000_0000, 0x3f80_0000, 0x0080_0000, 0x7fff_ffff] {
            assert!(console_pattern(bits), "{bits:08x}");
        }
        for bits in [0x0000_0001, 0x007f_ffff, 0x8040_0000] {
            assert!(!console_pattern(bits), "{bits:08x}");
        }
    }

    #[test]
    fn workspace_path_reaches_the_root() {
        assert!(workspace_path("Cargo.toml").is_file());
        assert!(workspace_path("fixtures/ee-fpu").is_dir());
    }

    #[test]
    #[should_panic(expected = "unwritten")]
    fn close_opt_fails_on_unwritten() {
        close_opt::<f32>(None, 1.0, 0.0, "x");
    }

    #[test]
    #[should_panic(expected = "is not 0.4")]
    fn near_fails_outside_the_tolerance() {
        near(0.5f32, 0.4, 0.01);
    }

    #[test]
    #[should_panic(expected = "y:")]
    fn near_v_names_the_lane() {
        near_v(v::<f32>(0.0, 1.0, 0.0), [0.0, 0.0, 0.0], 0.1);
    }

    /// A quarter turn about z takes x to y: rows (0, 1, 0), (−1, 0, 0),
    /// (0, 0, 1); an unnormalised quaternion gives the same; zero gives the
    /// identity.
    #[test]
    fn rotation_rows_of_a_quarter_turn() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let want = [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]];
        for q in [[h, 0.0, 0.0, h], [3.0, 0.0, 0.0, 3.0]] {
            let m = rotation_rows(q);
            for (row, w) in m.iter().zip(want) {
                for (a, b) in row.iter().zip(w) {
                    assert!((a - b).abs() < 1e-6, "{m:?}");
                }
            }
        }
        assert_eq!(rotation_rows([0.0; 4])[1], [0.0, 1.0, 0.0]);
    }
}
