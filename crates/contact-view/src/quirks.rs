//! The quirks of `docs/quirks.md` and the cases each names, for the
//! report's quirk filter.
//!
//! A quirk is a row of one of the file's tables; the cases it names are the
//! back-quoted words of the row that are a case's name, or end in `*` and
//! begin one (`unit1_row11_*`).

/// One quirk.
#[derive(Clone, Debug, PartialEq)]
pub struct Quirk {
    /// A short id, `q1`, `q2`, ... in file order.
    pub id: String,
    /// The section heading it is under.
    pub section: String,
    /// The quirk's text (its first cell, without back quotes).
    pub text: String,
    /// The back-quoted words of the row that may name cases.
    pub patterns: Vec<String>,
}

impl Quirk {
    /// `true` when the quirk names the case `name`.
    #[must_use]
    pub fn names(&self, name: &str) -> bool {
        self.patterns.iter().any(|p| match p.strip_suffix('*') {
            Some(prefix) => !prefix.is_empty() && name.starts_with(prefix),
            None => p == name,
        })
    }

    /// A label for a menu: the section's first words and the quirk's.
    #[must_use]
    pub fn label(&self) -> String {
        let section = self
            .section
            .split(" (")
            .next()
            .unwrap_or(&self.section)
            .trim();
        let mut text: String = self.text.chars().take(90).collect();
        if text.len() < self.text.len() {
            text.push('…');
        }
        format!("{section}: {text}")
    }
}

fn back_quoted(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| {
            !w.is_empty()
                && w.contains('_')
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '*')
        })
        .map(str::to_owned)
        .collect()
}

/// The quirks of the markdown text of `docs/quirks.md`.
#[must_use]
pub fn parse(markdown: &str) -> Vec<Quirk> {
    let mut out = Vec::new();
    let mut section = String::new();
    for line in markdown.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.trim().to_owned();
            continue;
        }
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        let cells: Vec<&str> = row.split(" | ").map(str::trim).collect();
        let first = cells
            .first()
            .map(|c| c.trim_end_matches('|').trim())
            .unwrap_or("");
        if first.is_empty() || first == "quirk" || first.starts_with("---") {
            continue;
        }
        let patterns = back_quoted(row);
        out.push(Quirk {
            id: format!("q{}", out.len() + 1),
            section: section.clone(),
            text: first.replace('`', ""),
            patterns,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_patterns() {
        let md = "# Q\n\n## Unit 1 (triangles): quirks\n\n| quirk | spec | where | pinned |\n| --- | --- | --- | --- |\n| Late `corner` contact | row 11 | `a::b` | `unit1_row11_late`; cases `unit1_row11_*`, `unit1_runtime_row11_x` |\n";
        let q = parse(md);
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].id, "q1");
        assert_eq!(q[0].text, "Late corner contact");
        assert!(q[0].names("unit1_row11_late_corner"));
        assert!(q[0].names("unit1_runtime_row11_x"));
        assert!(!q[0].names("unit1_runtime_row11_xy"));
        assert!(!q[0].names("unit1_row12_missed"));
        assert_eq!(q[0].label(), "Unit 1: Late corner contact");
    }
}
