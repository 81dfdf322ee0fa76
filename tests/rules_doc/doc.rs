//! Parsing docs/RULES.md: its `## kind` sections and the rows of their tables, up to its part
//! `# Answers` (the answer readers' rules: [`crate::answers`]).

use crate::root;
use std::collections::BTreeSet;
use std::fs;

/// One table row of docs/RULES.md.
#[derive(Clone, Debug)]
pub struct Row {
    /// 1-based line number.
    pub line: usize,
    pub section: String,
    /// The rule id (`kind.field.rule`); `None` for a `(not checkable)` row.
    pub id: Option<String>,
    pub codes: Vec<String>,
    pub vectors: Vec<String>,
}

/// The rows of docs/RULES.md, the sections (in order) and what is malformed.
pub struct Doc {
    pub sections: Vec<String>,
    pub rows: Vec<Row>,
    pub problems: Vec<String>,
}

/// The items written in backticks in a cell.
pub fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

pub fn cells(line: &str) -> Vec<&str> {
    let inner = line.trim();
    let inner = inner.strip_prefix('|').unwrap_or(inner);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').map(str::trim).collect()
}

pub const NOT_CHECKABLE: &str = "(not checkable) ";

fn parse(doc: &str, kinds: &BTreeSet<&str>) -> Doc {
    let lines: Vec<&str> = doc.lines().collect();
    let mut sections = Vec::new();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut section = String::new();
    // The number of cells of the table being read (its header's), if inside a table.
    let mut header: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let n = i + 1;
        i += 1;
        if let Some(title) = line.strip_prefix("## ") {
            section = title.trim().to_string();
            sections.push(section.clone());
            header = None;
            continue;
        }
        if !line.trim_start().starts_with('|') {
            header = None;
            continue;
        }
        let is_separator = |l: &str| {
            let c = cells(l);
            !c.is_empty()
                && c.iter()
                    .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')))
        };
        if header.is_none() {
            // A table starts: its header, then the separator.
            if i < lines.len() && is_separator(lines[i]) {
                let h = cells(line);
                if h != ["rule", "spec's words", "code", "vectors"] {
                    problems.push(format!(
                        "line {n}: a table whose header is not | rule | spec's words | code | \
                         vectors |: {line}"
                    ));
                }
                if section.is_empty() {
                    problems.push(format!("line {n}: a table outside any `## kind` section"));
                }
                header = Some(h.len());
                i += 1;
            } else {
                problems.push(format!("line {n}: a table line with no header: {line}"));
            }
            continue;
        }
        let want = header.unwrap_or_default();
        let c = cells(line);
        if c.len() != want {
            problems.push(format!(
                "line {n}: a row of {} cells in a table of {want} (a missing cell, or a `|` \
                 inside a cell): {line}",
                c.len()
            ));
            continue;
        }
        let (id_cell, code_cell, vector_cell) = (c[0], c[2], c[3]);
        let id = if let Some(rest) = id_cell.strip_prefix(NOT_CHECKABLE) {
            if rest.is_empty() {
                problems.push(format!("line {n}: a (not checkable) row names no rule"));
            }
            if !code_cell.starts_with("none") {
                problems.push(format!(
                    "line {n}: the (not checkable) row {rest} must say `none: <why>` in its \
                     code cell"
                ));
            }
            None
        } else {
            let first = id_cell.split('.').next().unwrap_or_default();
            let well_formed = id_cell.split('.').count() >= 2
                && id_cell.split('.').all(|s| {
                    !s.is_empty()
                        && s.chars()
                            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
                });
            if first != section || !well_formed {
                let what = if kinds.contains(first) && first != section {
                    format!("an id of kind {first} in section {section}")
                } else {
                    format!("an id that is not {section}.<field>.<rule> (nor (not checkable) ...)")
                };
                problems.push(format!("line {n}: {what}: {id_cell}"));
                continue;
            }
            Some(id_cell.to_string())
        };
        rows.push(Row {
            line: n,
            section: section.clone(),
            id,
            codes: ticked(code_cell),
            vectors: ticked(vector_cell),
        });
    }
    Doc {
        sections,
        rows,
        problems,
    }
}

/// The line that starts the part of docs/RULES.md on the answer readers.
pub const ANSWERS_PART: &str = "# Answers";

/// docs/RULES.md split in two: the kinds' part, and the answers' part (from the line starting
/// with [`ANSWERS_PART`]; empty when there is none).
pub fn parts() -> (String, String) {
    let text = fs::read_to_string(root().join("docs/RULES.md")).expect("docs/RULES.md");
    let at = text
        .match_indices(&format!("\n{ANSWERS_PART}"))
        .next()
        .map_or(text.len(), |(i, _)| i + 1);
    (text[..at].to_string(), text[at..].to_string())
}

/// docs/RULES.md's kinds' part, parsed.
pub fn doc() -> Doc {
    let kinds: BTreeSet<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    parse(&parts().0, &kinds)
}

/// The parser itself: a malformed row is reported, not skipped.
#[test]
fn malformed_rows_are_reported() {
    let kinds: BTreeSet<&str> = ["poll_card", "product"].into_iter().collect();
    let text = "## poll_card\n\n| rule | spec's words | code | vectors |\n|---|---|---|---|\n\
        | poll_card.name.required | \"x\" | `required` | `a` |\n\
        | poll_card.name.short | \"x\" | `too_long` |\n\
        | product.name.required | \"x\" | `required` | `a` |\n\
        | name.required | \"x\" | `required` | `a` |\n\
        | (not checkable) name.pixels | \"x\" | none: fetched | |\n";
    let d = parse(text, &kinds);
    assert_eq!(d.rows.len(), 2, "{:?}", d.rows);
    assert_eq!(d.problems.len(), 3, "{:?}", d.problems);
    assert!(d.problems[0].contains("a row of 3 cells in a table of 4"));
    assert!(d.problems[1].contains("an id of kind product in section poll_card"));
    assert!(d.problems[2].contains("not poll_card.<field>.<rule>"));
}
