//! The part "Answers" of docs/RULES.md: one `## answer: <call>` section per answer reader
//! (`preflight::answers::names()`), each row's id starting with its call, and every vector a row
//! cites a case of tests/vectors/answers/*.json of that call.

use crate::doc::answers_doc;
use crate::root;
use std::collections::BTreeSet;
use std::fs;

/// The case names of tests/vectors/answers/*.json, with their call.
fn answer_cases() -> Vec<(String, String)> {
    let dir = root().join("tests/vectors/answers");
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).expect("tests/vectors/answers").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let cases: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).expect("read")).expect("JSON");
        for c in cases.as_array().expect("an array of cases") {
            out.push((
                c["name"].as_str().unwrap_or_default().to_owned(),
                c["call"].as_str().unwrap_or_default().to_owned(),
            ));
        }
    }
    out
}

#[test]
fn answers_part_matches_readers_and_vectors() {
    let d = answers_doc();
    let names: BTreeSet<&str> = preflight::answers::names().collect();
    let cases = answer_cases();
    let mut problems = d.problems.clone();
    let mut seen = BTreeSet::new();
    for s in &d.sections {
        // A section still without rows may name a reader of another branch.
        let has_rows = d.rows.iter().any(|r| &r.section == s);
        if has_rows && !names.contains(s.as_str()) {
            problems.push(format!("section 'answer: {s}' is not an answer reader"));
        }
        if !seen.insert(s.as_str()) {
            problems.push(format!("section 'answer: {s}' written twice"));
        }
    }
    let mut ids = BTreeSet::new();
    for row in &d.rows {
        if let Some(id) = &row.id {
            if !ids.insert(id.clone()) {
                problems.push(format!("line {}: rule {id} has a row already", row.line));
            }
        }
        if row.vectors.is_empty() {
            problems.push(format!("line {}: a row that cites no vector", row.line));
        }
        for v in &row.vectors {
            match cases.iter().find(|(name, _)| name == v) {
                None => problems.push(format!("line {}: no answer vector named `{v}`", row.line)),
                Some((_, call)) if *call != row.section => problems.push(format!(
                    "line {}: the vector `{v}` calls {call}, not {}",
                    row.line, row.section
                )),
                Some(_) => {}
            }
        }
    }
    assert!(
        problems.is_empty(),
        "docs/RULES.md, part Answers ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
