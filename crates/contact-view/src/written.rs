//! What a call wrote: the written fields of an [`Outcome`] (a field the
//! kernel leaves alone, [`Value::Unwritten`], is never shown), and the marks
//! a picture draws from them: the fraction, the points and the normals.

use golden::{Outcome, Value};

use crate::scene::P;

/// The fields of `outcome` the call wrote, in order.
pub fn written(outcome: &Outcome) -> impl Iterator<Item = (&str, &Value)> {
    outcome
        .fields
        .iter()
        .filter(|(_, v)| *v != Value::Unwritten)
        .map(|(p, v)| (p.as_str(), v))
}

/// A value as the snapshots print it (`Ee32` values with their bits).
#[must_use]
pub fn show(v: &Value, bits: bool) -> String {
    match *v {
        Value::Real { value, bits: b } => {
            let exp255 = (b >> 23) & 0xff == 0xff;
            let text = if exp255 {
                format!("{value:e}")
            } else {
                format!("{:?}", value as f32)
            };
            if bits {
                format!("{text} (0x{b:08x})")
            } else {
                text
            }
        }
        Value::Int(i) => i.to_string(),
        Value::Unwritten => "unwritten".to_owned(),
    }
}

/// The marks of one mode's outcome.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The contact's fraction: its field and value.
    pub fraction: Option<(String, f64)>,
    /// Every written point (`x`, `y` and `z` all written) whose last name
    /// holds `point`: the field path and the point.
    pub points: Vec<(String, P)>,
    /// Every written normal (last name holding `normal`): the field path,
    /// where it is drawn from (its own half's point, else the contact
    /// point, when written) and the direction.
    pub normals: Vec<(String, Option<P>, P)>,
}

impl Marks {
    /// The contact point the picture marks first: `contact.point`, else
    /// the first point written.
    #[must_use]
    pub fn contact_point(&self) -> Option<&(String, P)> {
        self.points
            .iter()
            .find(|(p, _)| p == "contact.point")
            .or_else(|| self.points.first())
    }
}

fn number(o: &Outcome, path: &str) -> Option<f64> {
    match o.get(path)? {
        Value::Real { value, .. } => Some(*value),
        Value::Int(i) => Some(*i as f64),
        Value::Unwritten => None,
    }
}

fn vector(o: &Outcome, base: &str) -> Option<P> {
    Some([
        number(o, &format!("{base}.x"))?,
        number(o, &format!("{base}.y"))?,
        number(o, &format!("{base}.z"))?,
    ])
}

const FRACTIONS: &[&str] = &["contact.fraction", "record.fraction", "fraction"];

/// The marks of an outcome.
#[must_use]
pub fn marks(o: &Outcome) -> Marks {
    let fraction = FRACTIONS
        .iter()
        .find_map(|f| number(o, f).map(|v| ((*f).to_owned(), v)))
        .or_else(|| {
            o.fields.iter().find_map(|(p, v)| {
                let last = p.rsplit('.').next().unwrap_or(p);
                (last == "fraction")
                    .then(|| v.number().map(|x| (p.clone(), x)))
                    .flatten()
            })
        })
        .or_else(|| match o.get("ret") {
            // A sweep that returns its fraction (the box sweeps, the rays).
            Some(Value::Real { value, .. }) => Some(("ret".to_owned(), *value)),
            _ => None,
        });
    let mut m = Marks {
        fraction,
        ..Marks::default()
    };
    let mut normals = Vec::new();
    for (path, _) in &o.fields {
        let Some(base) = path.strip_suffix(".x") else {
            continue;
        };
        let last = base.rsplit('.').next().unwrap_or(base);
        let Some(v) = vector(o, base) else { continue };
        if last.contains("point") {
            m.points.push((base.to_owned(), v));
        } else if last.contains("normal") {
            normals.push((base.to_owned(), v));
        }
    }
    let contact = m.contact_point().map(|(_, p)| *p);
    for (base, v) in normals {
        let own = base.replace("normal", "point");
        let from = m
            .points
            .iter()
            .find(|(p, _)| *p == own)
            .map(|(_, p)| *p)
            .or(contact);
        m.normals.push((base, from, v));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwritten_lanes_make_no_mark() {
        let mut o = Outcome::new();
        o.int("ret", 1)
            .real("contact.fraction", 0.25f32)
            .real("contact.point.x", 1.0f32)
            .real("contact.point.y", 2.0f32)
            .real("contact.point.z", 3.0f32)
            .real("contact.other.point.x", 1.0f32)
            .opt_real::<f32>("contact.other.point.y", None)
            .real("contact.other.point.z", 3.0f32)
            .real("contact.other.normal.x", 0.0f32)
            .real("contact.other.normal.y", 0.0f32)
            .real("contact.other.normal.z", 1.0f32)
            .opt_real::<f32>("contact.depth", None);
        let m = marks(&o);
        assert_eq!(m.fraction, Some(("contact.fraction".into(), 0.25)));
        assert_eq!(m.points, vec![("contact.point".into(), [1.0, 2.0, 3.0])]);
        // Its own half's point is not written: drawn from the contact point.
        assert_eq!(
            m.normals,
            vec![(
                "contact.other.normal".into(),
                Some([1.0, 2.0, 3.0]),
                [0.0, 0.0, 1.0]
            )]
        );
        let shown: Vec<&str> = written(&o).map(|(p, _)| p).collect();
        assert!(!shown.contains(&"contact.depth"));
        assert!(!shown.contains(&"contact.other.point.y"));
        assert_eq!(shown.len(), 10);
    }
}
