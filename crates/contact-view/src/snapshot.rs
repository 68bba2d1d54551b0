//! Reading a golden snapshot file back: the case's name and every field of
//! both float modes, as the [`golden`] run wrote them
//! (`fixtures/golden/README.md`), into [`Outcome`]s.
//!
//! The reader knows the writer's layout, one field a line: an optional
//! header between `---` lines, then `(`, one `key: value,` line per entry at
//! four spaces (`case`, `spec`, `checked`, ...), the maps (`sources`, `f32`,
//! `ee32`) opened by `key: {` and closed by `},`, each of their entries
//! `"name": "value",` at eight spaces, and `)`. Of the maps only `f32` and
//! `ee32` are read; the others are passed over.
//!
//! A value is `unwritten`, an integer (`-3`, `131074`), or a float: in
//! `f32` as Rust prints an `f32` (the shortest text that reads back to the
//! same bits), in `ee32` the same text followed by the bit pattern,
//! `0.32500005 (0x3ea66668)`. Where a bit pattern is given it is the value
//! (in `ee32` read as an `Ee32`: an all-ones exponent is a large finite
//! number, not an infinity), and the text before it only has to be a
//! number.
//!
//! Anything else is a [`SnapshotError::Malformed`] naming the file, the
//! line and the field; nothing here panics on a file's contents
//! (divergence 383).

use std::path::{Path, PathBuf};

use golden::{Entry, Outcome, Value};
use ps2_float::{Ee32, FloatMode};

/// One snapshot: its name and both modes' fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The snapshot's name: its file name without `.snap`
    /// (`unit5__unit5_row01_face`, `scenario__brick_settle`).
    pub name: String,
    /// The case's name (a scenario's file stem), from its `case` line.
    pub case: String,
    /// The fields in `f32` mode, in file order.
    pub f32: Outcome,
    /// The fields in `Ee32` mode, in file order.
    pub ee32: Outcome,
}

impl Snapshot {
    /// The snapshot of an evaluated case or scenario: what the golden run
    /// writes for it, without the text.
    #[must_use]
    pub fn of_entry(e: &Entry) -> Snapshot {
        Snapshot {
            name: e.snapshot.clone(),
            case: e.name.clone(),
            f32: e.single.clone(),
            ee32: e.ee.clone(),
        }
    }

    /// The outcome of one mode (`ee32` for `Ee32`).
    #[must_use]
    pub fn outcome(&self, ee32: bool) -> &Outcome {
        if ee32 {
            &self.ee32
        } else {
            &self.f32
        }
    }
}

/// Why a snapshot file or folder could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The file or folder could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line does not have the snapshot layout.
    #[error("{}:{line}: field `{field}`: {message}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// The field: an entry's key (`case`, `f32`), or a mode's field
        /// (`f32 t00003.brick.velocity.z`).
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// The snapshot files (`*.snap`) of a folder, read and sorted by name.
///
/// # Errors
///
/// [`SnapshotError::Io`] when the folder or a file cannot be read,
/// [`SnapshotError::Malformed`] for the first file that is not a snapshot.
pub fn read_dir(dir: &Path) -> Result<Vec<Snapshot>, SnapshotError> {
    let io = |source| SnapshotError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let p = entry.map_err(io)?.path();
        if p.extension().is_some_and(|x| x == "snap") && p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    files.iter().map(|p| read_file(p)).collect()
}

/// One snapshot file.
///
/// # Errors
///
/// As [`read_dir`].
pub fn read_file(path: &Path) -> Result<Snapshot, SnapshotError> {
    let text = std::fs::read_to_string(path).map_err(|source| SnapshotError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let name = name.strip_suffix(".snap").unwrap_or(&name).to_owned();
    parse(&text, &name, path)
}

/// Reads a snapshot's text; `name` is the snapshot's name, `path` the file
/// named in errors.
///
/// # Errors
///
/// [`SnapshotError::Malformed`] naming the line and the field.
pub fn parse(text: &str, name: &str, path: &Path) -> Result<Snapshot, SnapshotError> {
    let lines: Vec<&str> = text.lines().collect();
    let bad = |line: usize, field: &str, message: String| SnapshotError::Malformed {
        path: path.to_path_buf(),
        line,
        field: field.to_owned(),
        message,
    };
    let mut i = 0;
    if lines.first().map(|l| l.trim_end()) == Some("---") {
        i = 1;
        while i < lines.len() && lines[i].trim_end() != "---" {
            i += 1;
        }
        if i == lines.len() {
            return Err(bad(1, "header", "opened by `---` but never closed".into()));
        }
        i += 1;
    }
    while i < lines.len() && lines[i].trim().is_empty() {
        i += 1;
    }
    match lines.get(i).map(|l| l.trim_end()) {
        Some("(") => i += 1,
        Some(other) => {
            return Err(bad(
                i + 1,
                "body",
                format!("expected `(`, found `{}`", clip(other)),
            ))
        }
        None => {
            return Err(bad(
                i.max(1),
                "body",
                "the file ends before its body".into(),
            ))
        }
    }
    let mut case = None;
    // The `f32` map, then the `ee32` one.
    let mut modes: [Option<Outcome>; 2] = [None, None];
    let mut closed = false;
    while i < lines.len() {
        let line = lines[i].trim_end();
        let number = i + 1;
        i += 1;
        if line == ")" {
            closed = true;
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let Some(entry) = line.strip_prefix("    ").filter(|l| !l.starts_with(' ')) else {
            return Err(bad(
                number,
                "body",
                format!(
                    "expected `key: value,` at four spaces, found `{}`",
                    clip(line)
                ),
            ));
        };
        let Some((key, rest)) = entry.split_once(':') else {
            return Err(bad(number, "body", format!("no `:` in `{}`", clip(line))));
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad(number, "body", format!("`{}` is not a key", clip(key))));
        }
        let rest = rest.trim();
        if rest == "{" {
            let mode = FloatMode::from_name(key);
            let mut outcome = Outcome::new();
            let mut ended = false;
            while i < lines.len() {
                let inner = lines[i].trim_end();
                let number = i + 1;
                i += 1;
                if inner.trim() == "}," || inner.trim() == "}" {
                    ended = true;
                    break;
                }
                let Some(m) = mode else { continue };
                let (field, value) =
                    map_line(inner).map_err(|message| bad(number, key, message))?;
                let label = format!("{key} {field}");
                if outcome.get(&field).is_some() {
                    return Err(bad(number, &label, "given twice".into()));
                }
                let value = parse_value(&value, m == FloatMode::Ee32)
                    .map_err(|message| bad(number, &label, message))?;
                outcome.fields.push((field, value));
            }
            if !ended {
                return Err(bad(
                    lines.len(),
                    key,
                    "the map is not closed by `},`".into(),
                ));
            }
            if let Some(m) = mode {
                let slot = &mut modes[usize::from(m == FloatMode::Ee32)];
                if slot.is_some() {
                    return Err(bad(number, key, "given twice".into()));
                }
                *slot = Some(outcome);
            }
            continue;
        }
        if key == "case" {
            let value = rest.strip_suffix(',').unwrap_or(rest);
            let (s, after) = quoted(value).map_err(|message| bad(number, key, message))?;
            if !after.trim().is_empty() {
                return Err(bad(
                    number,
                    key,
                    format!("`{}` after the name", clip(after)),
                ));
            }
            case = Some(s);
        }
    }
    if !closed {
        return Err(bad(
            lines.len().max(1),
            "body",
            "the file ends before its closing `)`".into(),
        ));
    }
    if let Some(extra) = lines[i..].iter().position(|l| !l.trim().is_empty()) {
        return Err(bad(
            i + extra + 1,
            "body",
            "text after the closing `)`".into(),
        ));
    }
    let last = lines.len().max(1);
    let [f32, ee32] = modes;
    Ok(Snapshot {
        name: name.to_owned(),
        case: case.ok_or_else(|| bad(last, "case", "missing".into()))?,
        f32: f32.ok_or_else(|| bad(last, "f32", "missing".into()))?,
        ee32: ee32.ok_or_else(|| bad(last, "ee32", "missing".into()))?,
    })
}

/// At most 60 characters of a line, for a message.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// A map line, `"name": "value",`: the two strings.
fn map_line(line: &str) -> Result<(String, String), String> {
    let (field, rest) = quoted(line.trim_start())?;
    let rest = rest
        .trim_start()
        .strip_prefix(':')
        .ok_or_else(|| format!("expected `:` after the field name `{field}`"))?;
    let (value, rest) = quoted(rest.trim_start())?;
    let rest = rest.trim();
    if !(rest.is_empty() || rest == ",") {
        return Err(format!("`{}` after the value of `{field}`", clip(rest)));
    }
    Ok((field, value))
}

/// A string in Rust's debug notation at the start of `s`, and what follows
/// it.
fn quoted(s: &str) -> Result<(String, &str), String> {
    let body = s
        .strip_prefix('"')
        .ok_or_else(|| format!("expected a quoted string, found `{}`", clip(s)))?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &body[k + 1..])),
            '\\' => {
                let Some((_, e)) = chars.next() else { break };
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    '0' => out.push('\0'),
                    '\\' | '"' | '\'' => out.push(e),
                    'u' => {
                        let rest = chars.as_str();
                        let end = rest
                            .find('}')
                            .filter(|_| rest.starts_with('{'))
                            .ok_or("a `\\u` escape without `{...}`")?;
                        let code = u32::from_str_radix(&rest[1..end], 16)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or_else(|| format!("bad escape `\\u{}`", &rest[..=end]))?;
                        out.push(code);
                        for _ in 0..rest[..=end].chars().count() {
                            chars.next();
                        }
                    }
                    other => return Err(format!("unknown escape `\\{other}`")),
                }
            }
            c => out.push(c),
        }
    }
    Err("a string without its closing `\"`".into())
}

/// A field's value as the snapshot writes it in one mode (`Ee32` when
/// `ee32`).
fn parse_value(text: &str, ee32: bool) -> Result<Value, String> {
    if text == "unwritten" {
        return Ok(Value::Unwritten);
    }
    let (head, bits) = match text.strip_suffix(')').and_then(|t| t.rsplit_once(" (0x")) {
        Some((head, hex)) => {
            if hex.len() != 8 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(format!("`{text}`: the bit pattern is not 8 hex digits"));
            }
            let bits = u32::from_str_radix(hex, 16)
                .map_err(|_| format!("`{text}`: the bit pattern is not hex"))?;
            (head, Some(bits))
        }
        None => (text, None),
    };
    let digits = head.strip_prefix('-').unwrap_or(head);
    if bits.is_none() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        return head
            .parse::<i64>()
            .map(Value::Int)
            .map_err(|e| format!("`{text}`: {e}"));
    }
    let bits = match bits {
        Some(b) => {
            head.parse::<f64>().map_err(|_| {
                format!("`{text}`: `{head}` before the bit pattern is not a number")
            })?;
            b
        }
        None => head
            .parse::<f32>()
            .map_err(|_| format!("`{text}` is not a number, an integer or `unwritten`"))?
            .to_bits(),
    };
    let value = if ee32 {
        Ee32::from_bits(bits).to_f64()
    } else {
        f64::from(f32::from_bits(bits))
    };
    Ok(Value::Real { value, bits })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<Snapshot, SnapshotError> {
        parse(text, "t", Path::new("t.snap"))
    }

    #[test]
    fn values_read_as_written() {
        assert_eq!(parse_value("unwritten", false), Ok(Value::Unwritten));
        assert_eq!(parse_value("-131074", true), Ok(Value::Int(-131074)));
        assert_eq!(
            parse_value("0.325", false),
            Ok(Value::Real {
                value: f64::from(0.325f32),
                bits: 0x3ea6_6666
            })
        );
        // 0x3ea66668 is 0.325 + 2 ulps: 0.32500005 as f32 text.
        assert_eq!(
            parse_value("0.32500005 (0x3ea66668)", true),
            Ok(Value::Real {
                value: f64::from(f32::from_bits(0x3ea6_6668)),
                bits: 0x3ea6_6668
            })
        );
        // An all-ones exponent is finite in Ee32: 2^128 (1 + 0) = 3.4e38.
        let Ok(Value::Real { value, .. }) = parse_value("3.4028237e38 (0x7f800000)", true) else {
            panic!("a number");
        };
        assert_eq!(value, 2f64.powi(128));
        assert!(parse_value("0.3x", false).is_err());
        assert!(parse_value("1.0 (0x3f80)", true).is_err());
        assert!(parse_value("1.0 (0x+f800000)", true).is_err());
        assert!(parse_value("", false).is_err());
    }

    #[test]
    fn a_bad_line_names_its_line_and_field() {
        let text = "---\nsource: x\n---\n(\n    case: \"c\",\n    f32: {\n        \"ret\": \"1\",\n        \"fraction\": \"0.2.5\",\n    },\n    ee32: {\n    },\n)\n";
        match p(text) {
            Err(SnapshotError::Malformed { line, field, .. }) => {
                assert_eq!((line, field.as_str()), (8, "f32 fraction"));
            }
            other => panic!("{other:?}"),
        }
        let cut = "(\n    case: \"c\",\n    f32: {\n        \"ret\": \"1\",\n";
        assert!(matches!(p(cut), Err(SnapshotError::Malformed { field, .. }) if field == "f32"));
        let no_ee = "(\n    case: \"c\",\n    f32: {\n    },\n)\n";
        assert!(
            matches!(p(no_ee), Err(SnapshotError::Malformed { line: 5, field, .. }) if field == "ee32")
        );
        assert!(p("").is_err());
        assert!(p("---\n").is_err());
    }

    #[test]
    fn escapes_in_names_are_read() {
        assert_eq!(
            quoted(r#""a \"b\" \\ \u{e9}" rest"#),
            Ok(("a \"b\" \\ é".to_owned(), " rest"))
        );
        assert!(quoted(r#""open"#).is_err());
        assert!(quoted(r#""\u{110000}""#).is_err());
    }
}
