//! One module per unit: its `Call` enum (one variant per kernel entry point)
//! and how each call is evaluated into an [`Outcome`].

use kernels::Contact;
use ps2_float::Real;
use serde::de::DeserializeOwned;

use crate::{error::InputError, outcome::Outcome};

pub mod pairs;
pub mod unit1;
pub mod unit12;
pub mod unit13;
pub mod unit4;
pub mod unit5;

/// A unit's call type: deserialised from a case's `call` and evaluated in a
/// float mode.
pub trait Kernel: DeserializeOwned + std::fmt::Debug {
    /// Runs the call in mode `R` and names every field it produced.
    fn eval<R: Real>(&self) -> Result<Outcome, InputError>;
}

/// Calls `$body` with the type alias `$t` bound to the unit's call type:
/// one arm per unit module, each named once.
macro_rules! with_unit {
    ($unit:expr, $t:ident => $body:expr, else $other:expr) => {
        $crate::units::with_unit!(
            @each $unit, $t => $body, else $other; unit1 unit4 unit5 unit12 unit13 pairs
        )
    };
    (@each $unit:expr, $t:ident => $body:expr, else $other:expr; $($name:ident)*) => {
        match $unit {
            $(stringify!($name) => {
                type $t = $crate::units::$name::Call;
                $body
            })*
            _ => $other,
        }
    };
}
pub(crate) use with_unit;

/// The unit names a case file may give.
pub const UNITS: &[&str] = &["unit1", "unit4", "unit5", "unit12", "unit13", "pairs"];

/// Records a pair's sweep entry run on a fresh contact: its answer as
/// `ret` and the contact it wrote as `contact`.
fn sweep_entry<R: Real>(o: &mut Outcome, sweep: impl FnOnce(&mut Contact<R>) -> bool) {
    let mut c = Contact::default();
    let hit = sweep(&mut c);
    o.int("ret", i64::from(hit)).contact("contact", &c);
}
