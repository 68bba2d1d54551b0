//! One module per unit: its `Call` enum (one variant per kernel entry point)
//! and how each call is evaluated into an [`Outcome`].

use kernels::Contact;
use ps2_float::{Real, Vec4};
use serde::de::DeserializeOwned;

use crate::input::{ShapeRecord, V};
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

/// The records of a pair entry's two shapes in mode `R`.
type Records<R, A, B> = (<A as ShapeRecord>::Record<R>, <B as ShapeRecord>::Record<R>);

/// A pair entry's two shapes, each with the field name the case file gives
/// it (for errors).
struct Pair<'a, A, B> {
    own: (&'a str, &'a A),
    other: (&'a str, &'a B),
}

impl<'a, A: ShapeRecord, B: ShapeRecord> Pair<'a, A, B> {
    /// The pair whose shapes the case names `own` and `other`.
    fn own_other(own: &'a A, other: &'a B) -> Self {
        Self::named(("own", own), ("other", other))
    }

    /// The pair whose shapes the case names as given (`sphere`, `box`).
    fn named(own: (&'a str, &'a A), other: (&'a str, &'a B)) -> Self {
        Self { own, other }
    }

    /// The two records in mode `R`.
    fn records<R: Real>(&self) -> Result<Records<R, A, B>, InputError> {
        Ok((
            self.own.1.record(self.own.0)?,
            self.other.1.record(self.other.0)?,
        ))
    }

    /// Runs the pair's sweep entry, `kernel(contact, own, other, move)` (a
    /// kernel, or a closure that hands it the bodies' state too), in mode
    /// `R` on a fresh contact along the case's `move`, recorded as
    /// [`answer`] records it.
    fn sweep<R: Real>(
        &self,
        mv: &V,
        kernel: impl FnOnce(&mut Contact<R>, &A::Record<R>, &B::Record<R>, Vec4<R>) -> bool,
    ) -> Result<Outcome, InputError> {
        let (a, b) = self.records()?;
        let m = mv.get("move")?;
        let mut c = Contact::default();
        let hit = kernel(&mut c, &a, &b, m);
        Ok(answer(hit, &c))
    }

    /// Runs the pair's overlap entry, `kernel(contact, own, other)`, on `c`
    /// (a fresh contact, or one a case has preset a field of), recorded as
    /// [`answer`] records it.
    fn overlap<R: Real>(
        &self,
        c: &mut Contact<R>,
        kernel: impl FnOnce(&mut Contact<R>, &A::Record<R>, &B::Record<R>) -> bool,
    ) -> Result<Outcome, InputError> {
        let (a, b) = self.records()?;
        let hit = kernel(c, &a, &b);
        Ok(answer(hit, c))
    }
}

/// A pair entry's answer as `ret` (1 met, 0 not) and the contact it left
/// as `contact`.
fn answer<R: Real>(hit: bool, c: &Contact<R>) -> Outcome {
    let mut o = Outcome::new();
    o.int("ret", i64::from(hit)).contact("contact", c);
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use ps2_float::Ee32;

    fn error_field<C: Kernel>(call: &str) -> String {
        let call: C = ron::from_str(call).expect("the call parses");
        let f32_err = call.eval::<f32>().expect_err("a malformed field");
        let ee_err = call.eval::<Ee32>().expect_err("a malformed field");
        assert_eq!(f32_err, ee_err);
        f32_err.field
    }

    /// A pair entry's error names the case's own field: each shape by the
    /// name the case file gives it, and the move as `move`.
    #[test]
    fn a_pair_entry_names_the_malformed_field() {
        let sphere = "(centre: [0, 0, 0], radius: 1)";
        let bx = "(centre: [3, 0, 0], half: [1, 1, 1])";
        let short = "[0, 0]";
        let cases: [(String, &str); 3] = [
            (
                format!("PhysicsSweepSphereBox(sphere: {sphere}, box: (centre: {short}, half: [1, 1, 1]), move: [4, 0, 0])"),
                "box.centre",
            ),
            (
                format!("PhysicsSweepBoxSphere(box: {bx}, sphere: (centre: {short}, radius: 1), move: [4, 0, 0])"),
                "sphere.centre",
            ),
            (
                format!("PhysicsSweepSphereBox(sphere: {sphere}, box: {bx}, move: {short})"),
                "move",
            ),
        ];
        for (call, field) in cases {
            assert_eq!(error_field::<unit5::Call>(&call), field, "{call}");
        }
        let own_other = format!(
            "PhysicsSweepSphereSphere(own: {sphere}, other: (centre: {short}, radius: 1), move: [4, 0, 0])"
        );
        assert_eq!(error_field::<pairs::Call>(&own_other), "other.centre");
        let overlap = format!(
            "PhysicsOverlapSphereSphere(own: (centre: {short}, radius: 1), other: {sphere})"
        );
        assert_eq!(error_field::<unit4::Call>(&overlap), "own.centre");
        let capsule = "(base: [0, 0, 0], radius: 0.3, height: 1.8)";
        let with_state = format!("PhysicsSweepBoxCapsule(box: (centre: [3, 0, 0], half: {short}), capsule: {capsule}, move: [4, 0, 0])");
        assert_eq!(error_field::<unit12::Call>(&with_state), "box.half");
    }
}
