//! Calls of `unit13`.

use ps2_float::Real;
use serde::Deserialize;

use super::Kernel;
use crate::{InputError, Outcome};

/// One variant per kernel entry point.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Call {}

impl Kernel for Call {
    fn eval<R: Real>(&self) -> Result<Outcome, InputError> {
        match *self {}
    }
}
