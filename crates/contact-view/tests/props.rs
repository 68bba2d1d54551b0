//! The picture writers are total (issue item 7): any case or scenario,
//! the committed fixtures with their float literals replaced by random
//! values (perturbed, zero, tiny, huge, NaN, infinite), evaluates or is
//! refused, and whatever evaluates draws without a panic (`case_svg`, each
//! scenario tick's `tick_svg`, the `filmstrip`, the `level_svg` of a random
//! soup) into well-formed XML, checked by the small checker below (every
//! tag closed in order, attributes quoted, `&` only in entities, no `<` in
//! text). Seeded; a few dozen cases, a few seconds at opt-level 1.

use std::path::{Path, PathBuf};

use contact_view::{case_svg, Options};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// Whether `text` is well-formed XML of elements, attributes, text,
/// comments and entity references (no DTD, no CDATA: the pictures use
/// neither). `Err` says where it is not.
fn well_formed(text: &str) -> Result<(), String> {
    let b = text.as_bytes();
    let mut stack: Vec<&str> = Vec::new();
    let mut i = 0;
    let mut roots = 0;
    let entity = |at: usize| -> Result<usize, String> {
        let end = text[at..].find(';').ok_or(format!("& without ; at {at}"))? + at;
        let name = &text[at + 1..end];
        let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || (name.starts_with("#x")
                && name.len() > 2
                && name[2..].chars().all(|c| c.is_ascii_hexdigit()))
            || (name.starts_with('#')
                && name.len() > 1
                && name[1..].chars().all(|c| c.is_ascii_digit()));
        if ok {
            Ok(end + 1)
        } else {
            Err(format!("bad entity &{name}; at {at}"))
        }
    };
    while i < b.len() {
        match b[i] {
            b'<' if text[i..].starts_with("<!--") => {
                let end = text[i..]
                    .find("-->")
                    .ok_or(format!("open comment at {i}"))?;
                i += end + 3;
            }
            b'<' if text[i..].starts_with("<?") => {
                let end = text[i..]
                    .find("?>")
                    .ok_or(format!("open declaration at {i}"))?;
                i += end + 2;
            }
            b'<' if text[i..].starts_with("</") => {
                let end = text[i..].find('>').ok_or(format!("open end tag at {i}"))? + i;
                let name = text[i + 2..end].trim();
                match stack.pop() {
                    Some(open) if open == name => {}
                    other => return Err(format!("</{name}> at {i} closes {other:?}")),
                }
                i = end + 1;
            }
            b'<' => {
                if stack.is_empty() {
                    roots += 1;
                }
                let mut j = i + 1;
                while j < b.len() && !b[j].is_ascii_whitespace() && b[j] != b'>' && b[j] != b'/' {
                    j += 1;
                }
                let name = &text[i + 1..j];
                if name.is_empty()
                    || !name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c))
                {
                    return Err(format!("bad tag name {name:?} at {i}"));
                }
                let mut seen: Vec<&str> = Vec::new();
                loop {
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j >= b.len() {
                        return Err(format!("open tag <{name} at {i}"));
                    }
                    if b[j] == b'>' {
                        stack.push(name);
                        j += 1;
                        break;
                    }
                    if text[j..].starts_with("/>") {
                        j += 2;
                        break;
                    }
                    let eq = text[j..]
                        .find('=')
                        .ok_or(format!("attribute without = at {j}"))?
                        + j;
                    let attr = text[j..eq].trim();
                    if attr.is_empty()
                        || !attr
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c))
                    {
                        return Err(format!("bad attribute {attr:?} at {j}"));
                    }
                    if seen.contains(&attr) {
                        return Err(format!("attribute {attr} twice at {j}"));
                    }
                    seen.push(attr);
                    let q = b.get(eq + 1).copied().ok_or("end in attribute")?;
                    if q != b'"' && q != b'\'' {
                        return Err(format!("unquoted attribute {attr} at {eq}"));
                    }
                    let close = text[eq + 2..]
                        .find(q as char)
                        .ok_or(format!("open value at {eq}"))?
                        + eq
                        + 2;
                    let value = &text[eq + 2..close];
                    if value.contains('<') {
                        return Err(format!("< in attribute {attr} at {eq}"));
                    }
                    let mut k = 0;
                    while let Some(a) = value[k..].find('&') {
                        k = entity(eq + 2 + k + a)? - (eq + 2);
                    }
                    j = close + 1;
                }
                i = j;
            }
            b'&' => i = entity(i)?,
            b'>' => return Err(format!("> in text at {i}")),
            _ => i += 1,
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_checker_tells_good_from_bad() {
    assert_eq!(
        well_formed(r#"<svg a="1"><g><text>x &amp; y</text></g><path d="M0 0"/></svg>"#),
        Ok(())
    );
    for bad in [
        "<svg><g></svg>",
        "<svg a=1></svg>",
        "<svg>a < b</svg>",
        "<svg>a & b</svg>",
        r#"<svg a="1" a="2"></svg>"#,
        "<svg></svg><svg></svg>",
        r#"<svg t="<"></svg>"#,
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed case and scenario files, but the street workload (its
/// run is the slow part, and it has no float literal to vary).
fn fixtures() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["fixtures/kernels", "fixtures/scenarios"] {
        let mut names: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        names.sort();
        for p in names {
            let text = std::fs::read_to_string(&p).unwrap();
            if text.contains("workload") {
                continue;
            }
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            out.push((format!("{dir}/{name}"), text));
        }
    }
    out
}

/// The byte ranges of `text`'s float literals (digits, a point, digits,
/// an optional exponent), outside `//` comments.
fn floats(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut comment = false;
    while i < b.len() {
        if b[i] == b'\n' {
            comment = false;
        } else if b[i..].starts_with(b"//") {
            comment = true;
        }
        let starts = !comment
            && b[i].is_ascii_digit()
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let s = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
        let mut j = i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j < b.len() && b[j] == b'.' && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
            j += 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j < b.len() && (b[j] == b'e' || b[j] == b'E') {
                let mut k = j + 1;
                if k < b.len() && (b[k] == b'-' || b[k] == b'+') {
                    k += 1;
                }
                if k < b.len() && b[k].is_ascii_digit() {
                    while k < b.len() && b[k].is_ascii_digit() {
                        k += 1;
                    }
                    j = k;
                }
            }
            out.push((s, j));
        }
        i = j.max(i + 1);
    }
    out
}

/// How a float literal is replaced.
#[derive(Clone, Debug)]
enum Edit {
    /// `x · (1 + e)`.
    Scale(f64),
    /// A fixed literal.
    Literal(&'static str),
    /// `−x`.
    Negate,
}

impl Edit {
    fn apply(&self, x: f64) -> String {
        match self {
            Self::Scale(e) => format!("{:?}", x * (1.0 + e)),
            Self::Literal(l) => (*l).to_owned(),
            Self::Negate => format!("{:?}", -x),
        }
    }
}

fn value() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (-0.5f64..0.5).prop_map(Edit::Scale),
        1 => Just(Edit::Negate),
        4 => prop::sample::select(vec!["0.0", "1e-40", "3e38", "-1e30", "NaN", "inf"]).prop_map(Edit::Literal),
    ]
}

/// Checks that `svg`, the picture `what`, is well formed.
fn well_formed_picture(svg: &str, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(well_formed(svg).is_ok(), "{what}: {:?}", well_formed(svg));
    Ok(())
}

/// Draws every entry of `dir` (cases: `case_svg`; scenarios: each tick and
/// the filmstrip) and checks each picture.
fn draw_all(dir: &Path) -> Result<usize, TestCaseError> {
    let Ok((entries, _)) = golden::evaluate(&[dir]) else {
        return Ok(0);
    };
    let mut drawn = 0;
    for e in &entries {
        match &e.call {
            golden::EntryCall::Kernel(_) => {
                if let Ok(svg) = case_svg(e, &Options::default()) {
                    well_formed_picture(&svg, &e.name)?;
                    drawn += 1;
                }
            }
            golden::EntryCall::Scenario(sc) => {
                for tick in 0..sc.ticks.min(8) {
                    if let Ok(svg) = contact_view::scenario::tick_svg(e, tick, &Options::default())
                    {
                        well_formed_picture(&svg, &format!("{} t{}", e.name, tick))?;
                        drawn += 1;
                    }
                }
                if let Ok(film) = contact_view::scenario::filmstrip(e, "f") {
                    // The filmstrip is a fragment of the report: one root.
                    well_formed_picture(&film, &format!("{} film", e.name))?;
                    drawn += 1;
                }
            }
        }
    }
    Ok(drawn)
}

#[test]
fn the_committed_pictures_are_well_formed() {
    let r = root();
    let k = r.join("fixtures/kernels");
    let s = r.join("fixtures/scenarios");
    let (entries, _) = golden::evaluate(&[k.as_path(), s.as_path()]).unwrap();
    for e in &entries {
        if let golden::EntryCall::Kernel(_) = e.call {
            let svg = case_svg(e, &Options::default()).unwrap();
            assert_eq!(well_formed(&svg), Ok(()), "{}", e.name);
        } else {
            let svg = contact_view::scenario::tick_svg(e, 0, &Options::default()).unwrap();
            assert_eq!(well_formed(&svg), Ok(()), "{}", e.name);
        }
    }
}

#[test]
fn mutated_cases_and_scenarios_draw_well_formed() {
    let files = fixtures();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contact_view_props");
    let mut runner = TestRunner::new_with_rng(
        Config::with_cases(12),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let strategy = (
        0..files.len(),
        prop::collection::vec((any::<prop::sample::Index>(), value()), 1..12),
    );
    let total = std::cell::Cell::new(0usize);
    let case = std::cell::Cell::new(0usize);
    runner
        .run(&strategy, |(f, edits)| {
            let (name, text) = &files[f];
            let spans = floats(text);
            prop_assume!(!spans.is_empty());
            let mut chosen: Vec<(usize, usize, String)> = edits
                .iter()
                .map(|(ix, v)| {
                    let (s, e) = spans[ix.index(spans.len())];
                    let x: f64 = text[s..e].parse().unwrap_or(1.0);
                    (s, e, v.apply(x))
                })
                .collect();
            chosen.sort_by_key(|c| std::cmp::Reverse(c.0));
            chosen.dedup_by_key(|c| c.0);
            let mut out = text.clone();
            for (s, e, v) in chosen {
                out.replace_range(s..e, &v);
            }
            case.set(case.get() + 1);
            let dir = tmp.join(format!("case{}", case.get()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let file = Path::new(name).file_name().unwrap();
            std::fs::write(dir.join(file), &out).unwrap();
            total.set(total.get() + draw_all(&dir)?);
            let _ = std::fs::remove_dir_all(&dir);
            Ok(())
        })
        .unwrap();
    assert!(total.get() > 50, "{} pictures drawn", total.get());
}

#[test]
fn random_soups_draw_well_formed_levels() {
    let mut runner = TestRunner::new_with_rng(
        Config::with_cases(48),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let corner = prop_oneof![
        6 => -50.0f32..50.0,
        1 => Just(0.0f32),
        1 => Just(1e-40f32),
        1 => Just(100_000.0f32),
    ];
    let tri = prop::array::uniform3(prop::array::uniform3(corner));
    runner
        .run(&prop::collection::vec(tri, 1..40), |soup| {
            let soup: Vec<_> = soup
                .into_iter()
                .map(collision_mesh::SoupTriangle::new)
                .collect();
            if let Ok(mesh) = collision_mesh::build::from_soup(
                &soup,
                &collision_mesh::BuildConfig::default(),
                "p",
            ) {
                let svg = contact_view::level::level_svg(&mesh, "a <title> & more", 400.0);
                prop_assert_eq!(well_formed(&svg), Ok(()));
            }
            Ok(())
        })
        .unwrap();
}
