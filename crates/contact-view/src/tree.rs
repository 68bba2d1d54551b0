//! A reader for the debug notation of a case's call (the text
//! [`golden::EntryCall::Kernel`] holds): `Name { field: value, .. }`,
//! `Name(value, ..)`, `[..]`, `{key: value, ..}`, numbers, strings, `true`,
//! `false` and bare names (`None`).

use crate::error::ViewError;

/// One value of the notation.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A number.
    Num(f64),
    /// `true` or `false`.
    Bool(bool),
    /// A quoted string.
    Str(String),
    /// A bare name (`None`, a unit variant).
    Word(String),
    /// `Name { a: .., b: .. }`.
    Struct(String, Vec<(String, Node)>),
    /// `Name(.., ..)` (`Some(..)`, a newtype, a tuple variant); an unnamed
    /// tuple `(.., ..)` has an empty name.
    Tuple(String, Vec<Node>),
    /// `[.., ..]`.
    List(Vec<Node>),
    /// `{k: v, ..}`.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// The number, when the node is one.
    #[must_use]
    pub fn num(&self) -> Option<f64> {
        match self {
            Node::Num(v) => Some(*v),
            _ => None,
        }
    }

    /// The field `name` of a struct node.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&Node> {
        match self {
            Node::Struct(_, fields) => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The node without `Some(..)` and newtype wrappers of one value whose
    /// name is `Some`.
    #[must_use]
    pub fn unwrap_some(&self) -> &Node {
        match self {
            Node::Tuple(n, v) if n == "Some" && v.len() == 1 => v[0].unwrap_some(),
            other => other,
        }
    }
}

impl Node {
    /// The node written back compactly for a reader: vectors as `[x, y, z]`,
    /// the input records' type names (`SphereIn`, `TriIn`, `V`) dropped,
    /// `Some(..)` unwrapped, `None` fields left out.
    #[must_use]
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    fn write_compact(&self, out: &mut String) {
        let list = |out: &mut String, items: &[Node], open: &str, close: &str| {
            out.push_str(open);
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                v.write_compact(out);
            }
            out.push_str(close);
        };
        match self {
            Node::Num(v) => out.push_str(&format!("{v}")),
            Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Node::Str(s) => out.push_str(&format!("{s:?}")),
            Node::Word(w) => out.push_str(w),
            Node::Struct(name, fields) => {
                if !name.ends_with("In") {
                    out.push_str(name);
                }
                out.push('(');
                let mut first = true;
                for (k, v) in fields {
                    if matches!(v, Node::Word(w) if w == "None") {
                        continue;
                    }
                    if !first {
                        out.push_str(", ");
                    }
                    first = false;
                    out.push_str(k);
                    out.push_str(": ");
                    v.write_compact(out);
                }
                out.push(')');
            }
            Node::Tuple(name, items)
                if items.len() == 1 && (name == "Some" || name == "V" || name.ends_with("In")) =>
            {
                items[0].write_compact(out);
            }
            Node::Tuple(name, items) => list(out, items, &format!("{name}("), ")"),
            Node::List(items) => list(out, items, "[", "]"),
            Node::Map(pairs) => {
                out.push('{');
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.write_compact(out);
                    out.push_str(": ");
                    v.write_compact(out);
                }
                out.push('}');
            }
        }
    }
}

/// Parses the whole text as one node.
pub fn parse(text: &str) -> Result<Node, ViewError> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
    };
    let node = p.node()?;
    p.ws();
    if p.at != p.s.len() {
        return Err(p.err("text after the value"));
    }
    Ok(node)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn err(&self, what: &str) -> ViewError {
        ViewError::Notation {
            at: self.at,
            message: what.to_owned(),
        }
    }

    fn ws(&mut self) {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), ViewError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", c as char)))
        }
    }

    fn ident(&mut self) -> String {
        self.ws();
        let start = self.at;
        while self.at < self.s.len()
            && (self.s[self.at].is_ascii_alphanumeric() || self.s[self.at] == b'_')
        {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.at]).into_owned()
    }

    /// `items` separated by commas (a trailing comma allowed) up to `close`.
    fn items<T>(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<T, ViewError>,
    ) -> Result<Vec<T>, ViewError> {
        let mut out = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(out);
            }
            out.push(item(self)?);
            if !self.eat(b',') {
                self.expect(close)?;
                return Ok(out);
            }
        }
    }

    fn node(&mut self) -> Result<Node, ViewError> {
        match self.peek() {
            None => Err(self.err("unexpected end")),
            Some(b'[') => {
                self.at += 1;
                Ok(Node::List(self.items(b']', Self::node)?))
            }
            Some(b'{') => {
                self.at += 1;
                Ok(Node::Map(self.items(b'}', |p| {
                    let k = p.node()?;
                    p.expect(b':')?;
                    Ok((k, p.node()?))
                })?))
            }
            Some(b'(') => {
                self.at += 1;
                Ok(Node::Tuple(String::new(), self.items(b')', Self::node)?))
            }
            Some(b'"') => self.string(),
            Some(c) if c == b'-' || c == b'+' || c.is_ascii_digit() => self.number(),
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                let name = self.ident();
                match name.as_str() {
                    "true" => return Ok(Node::Bool(true)),
                    "false" => return Ok(Node::Bool(false)),
                    "inf" => return Ok(Node::Num(f64::INFINITY)),
                    "NaN" => return Ok(Node::Num(f64::NAN)),
                    _ => {}
                }
                match self.peek() {
                    Some(b'{') => {
                        self.at += 1;
                        let fields = self.items(b'}', |p| {
                            let f = p.ident();
                            if f.is_empty() {
                                return Err(p.err("expected a field name"));
                            }
                            p.expect(b':')?;
                            Ok((f, p.node()?))
                        })?;
                        Ok(Node::Struct(name, fields))
                    }
                    Some(b'(') => {
                        self.at += 1;
                        Ok(Node::Tuple(name, self.items(b')', Self::node)?))
                    }
                    _ => Ok(Node::Word(name)),
                }
            }
            Some(_) => Err(self.err("unexpected character")),
        }
    }

    fn string(&mut self) -> Result<Node, ViewError> {
        self.at += 1;
        let mut out = String::new();
        while let Some(&c) = self.s.get(self.at) {
            self.at += 1;
            match c {
                b'"' => return Ok(Node::Str(out)),
                b'\\' => {
                    if let Some(&e) = self.s.get(self.at) {
                        self.at += 1;
                        out.push(match e {
                            b'n' => '\n',
                            b't' => '\t',
                            other => other as char,
                        });
                    }
                }
                other => out.push(other as char),
            }
        }
        Err(self.err("unterminated string"))
    }

    fn number(&mut self) -> Result<Node, ViewError> {
        let start = self.at;
        if matches!(self.s[self.at], b'-' | b'+') {
            self.at += 1;
        }
        if self.s[self.at..].starts_with(b"inf") {
            self.at += 3;
            let neg = self.s[start] == b'-';
            return Ok(Node::Num(if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }));
        }
        while self.at < self.s.len()
            && (self.s[self.at].is_ascii_alphanumeric()
                || matches!(self.s[self.at], b'.' | b'-' | b'+'))
        {
            // An exponent's sign only right after `e`.
            if matches!(self.s[self.at], b'-' | b'+') && !matches!(self.s[self.at - 1], b'e' | b'E')
            {
                break;
            }
            self.at += 1;
        }
        let text = String::from_utf8_lossy(&self.s[start..self.at]);
        text.parse::<f64>()
            .map(Node::Num)
            .map_err(|_| ViewError::Notation {
                at: start,
                message: format!("bad number `{text}`"),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_call() {
        let n = parse(
            "SweepSphereTriangle { tri: TriIn([V([0.0, 0.0, 0.0]), V([4.0, 0.0, 0.0]), V([0.0, 4.0, 0.0])]), sphere: SphereIn { centre: V([1.0, 1.0, 2.0]), radius: 0.5 }, mv: V([0.0, 0.0, -3.0]), axes: None, k: Some(-1e-5) }",
        )
        .unwrap();
        let Node::Struct(name, fields) = &n else {
            panic!("{n:?}")
        };
        assert_eq!(name, "SweepSphereTriangle");
        assert_eq!(fields.len(), 5);
        let s = n.field("sphere").unwrap();
        assert_eq!(s.field("radius").unwrap().num(), Some(0.5));
        assert_eq!(n.field("axes"), Some(&Node::Word("None".into())));
        assert_eq!(n.field("k").unwrap().unwrap_some().num(), Some(-1e-5));
    }

    #[test]
    fn compact_form() {
        let n = parse("Call { sphere: SphereIn { centre: V([1.0, 1.0, 2.0]), radius: 0.5 }, tri: TriIn([V([0.0, 0.0, 0.0]), V([4.0, 0.0, 0.0]), V([0.0, 4.0, 0.0])]), axes: None, k: Some(2) }").unwrap();
        assert_eq!(
            n.compact(),
            "Call(sphere: (centre: [1, 1, 2], radius: 0.5), tri: [[0, 0, 0], [4, 0, 0], [0, 4, 0]], k: 2)"
        );
    }

    #[test]
    fn bad_text_is_an_error() {
        assert!(matches!(parse("A { b: }"), Err(ViewError::Notation { .. })));
        assert!(matches!(parse("[1, 2"), Err(ViewError::Notation { .. })));
        assert!(matches!(parse("1 2"), Err(ViewError::Notation { .. })));
    }
}
