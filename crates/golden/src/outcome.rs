//! [`Outcome`]: everything one kernel call produced, as named fields.

use kernels::{Contact, ContactHalf, Lanes, WorkTriangle};
use ps2_float::{Real, Vec4};

/// One field of an outcome.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A float in the mode of the call: its value and its bits.
    Real {
        /// The value (as `f64`, exact).
        value: f64,
        /// The bit pattern.
        bits: u32,
    },
    /// An integer (a return value, a flags word, an index).
    Int(i64),
    /// Not written by the call: the original leaves what the slot held.
    Unwritten,
}

impl Value {
    /// The value as a number, when there is one.
    #[must_use]
    pub fn number(&self) -> Option<f64> {
        match *self {
            Value::Real { value, .. } => Some(value),
            Value::Int(i) => Some(i as f64),
            Value::Unwritten => None,
        }
    }
}

/// The named fields of one call's result, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// `(path, value)` pairs, e.g. `("contact.fraction", ..)`.
    pub fields: Vec<(String, Value)>,
}

fn real<R: Real>(r: R) -> Value {
    let bits = r.to_bits();
    let value = match R::FLOAT_MODE {
        ps2_float::FloatMode::Ee32 => ps2_float::Ee32::from_bits(bits).to_f64(),
        ps2_float::FloatMode::F32 => f64::from(r.to_f32()),
    };
    Value::Real { value, bits }
}

impl Outcome {
    /// An empty outcome.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of a field.
    #[must_use]
    pub fn get(&self, path: &str) -> Option<&Value> {
        self.fields.iter().find(|(p, _)| p == path).map(|(_, v)| v)
    }

    /// The fields' names, in the order they were added.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|(p, _)| p.as_str())
    }

    /// Adds an integer field.
    pub fn int(&mut self, path: &str, v: i64) -> &mut Self {
        self.fields.push((path.to_owned(), Value::Int(v)));
        self
    }

    /// Adds a float field.
    pub fn real<R: Real>(&mut self, path: &str, v: R) -> &mut Self {
        self.fields.push((path.to_owned(), real(v)));
        self
    }

    /// Adds a float field that may be unwritten.
    pub fn opt_real<R: Real>(&mut self, path: &str, v: Option<R>) -> &mut Self {
        let v = v.map_or(Value::Unwritten, real);
        self.fields.push((path.to_owned(), v));
        self
    }

    /// Adds an integer field that may be unwritten.
    pub fn opt_int(&mut self, path: &str, v: Option<u32>) -> &mut Self {
        let v = v.map_or(Value::Unwritten, |i| Value::Int(i64::from(i)));
        self.fields.push((path.to_owned(), v));
        self
    }

    /// Adds `path.x`, `path.y`, `path.z`, `path.w`.
    pub fn vec<R: Real>(&mut self, path: &str, v: Vec4<R>) -> &mut Self {
        self.real(&format!("{path}.x"), v.x)
            .real(&format!("{path}.y"), v.y)
            .real(&format!("{path}.z"), v.z)
            .real(&format!("{path}.w"), v.w)
    }

    /// Adds `path.x` .. `path.w` of a vector out-parameter, all four
    /// unwritten when it is `None`.
    pub fn opt_vec<R: Real>(&mut self, path: &str, v: Option<Vec4<R>>) -> &mut Self {
        self.opt_real(&format!("{path}.x"), v.map(|v| v.x))
            .opt_real(&format!("{path}.y"), v.map(|v| v.y))
            .opt_real(&format!("{path}.z"), v.map(|v| v.z))
            .opt_real(&format!("{path}.w"), v.map(|v| v.w))
    }

    /// Adds the four lanes of a record field, each written or not.
    pub fn lanes<R: Real>(&mut self, path: &str, v: &Lanes<R>) -> &mut Self {
        self.opt_real(&format!("{path}.x"), v.x)
            .opt_real(&format!("{path}.y"), v.y)
            .opt_real(&format!("{path}.z"), v.z)
            .opt_real(&format!("{path}.w"), v.w)
    }

    fn half<R: Real>(&mut self, path: &str, h: &ContactHalf<R>) -> &mut Self {
        self.opt_int(&format!("{path}.owner"), h.owner)
            .opt_int(&format!("{path}.shape"), h.shape)
            .lanes(&format!("{path}.normal"), &h.normal)
            .lanes(&format!("{path}.point"), &h.point)
            .opt_int(&format!("{path}.feature"), h.feature)
            .opt_int(&format!("{path}.feature_index"), h.feature_index)
    }

    /// Adds every field of a contact record under `path` (`path.fraction`,
    /// `path.other.normal.x`, ...), written or not.
    pub fn contact<R: Real>(&mut self, path: &str, c: &Contact<R>) -> &mut Self {
        self.half(&format!("{path}.own"), &c.own)
            .half(&format!("{path}.other"), &c.other)
            .opt_real(&format!("{path}.fraction"), c.fraction)
            .opt_real(&format!("{path}.depth"), c.depth)
            .lanes(&format!("{path}.point"), &c.point)
            .lanes(&format!("{path}.slide"), &c.slide)
            .opt_int(&format!("{path}.flags"), c.flags)
            .opt_int(&format!("{path}.triangle"), c.triangle)
    }

    /// Adds every field of a working triangle under `path`.
    pub fn triangle<R: Real>(&mut self, path: &str, t: &WorkTriangle<R>) -> &mut Self {
        for k in 0..3 {
            self.vec(&format!("{path}.v{k}"), t.v[k]);
        }
        for k in 0..3 {
            self.vec(&format!("{path}.e{k}"), t.e[k]);
        }
        for k in 0..3 {
            self.real(&format!("{path}.len{k}"), t.len[k]);
        }
        self.vec(&format!("{path}.n"), t.n)
            .real(&format!("{path}.d"), t.d)
    }
}
