//! docs/RULES.md and the engine must not drift apart: every kind has a section, every section is
//! a kind, every row names at least one vector, and every vector it names exists.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Every vector case name; names must be unique across all files (RULES.md cites them by name).
fn vector_names() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut names = BTreeSet::new();
    let mut repeated = Vec::new();
    for entry in fs::read_dir(dir).expect("tests/vectors").flatten() {
        let text = fs::read_to_string(entry.path()).expect("readable");
        let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("array of cases");
        for c in cases {
            if let Some(n) = c["name"].as_str() {
                if !names.insert(n.to_string()) {
                    repeated.push(n.to_string());
                }
            }
        }
    }
    assert!(repeated.is_empty(), "vector names used twice: {repeated:?}");
    names
}

#[test]
fn rules_doc_matches_kinds_and_vectors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/RULES.md")).expect("docs/RULES.md");
    let codes: BTreeSet<&str> = preflight::Code::ALL.iter().map(|c| c.as_str()).collect();
    let kinds: BTreeSet<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    let names = vector_names();
    let mut sections = BTreeSet::new();
    let mut problems = Vec::new();
    let mut section = String::new();
    let mut rows = 0;
    for line in doc.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            section = title.trim().to_string();
            if !kinds.contains(section.as_str()) {
                problems.push(format!("section '{section}' is not a kind"));
            }
            sections.insert(section.clone());
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // A rule row: | id | words | code | vectors |
        if cells.len() < 6 || !cells[1].starts_with(&format!("{section}.")) {
            continue;
        }
        rows += 1;
        let cited: Vec<&str> = cells[3].split('`').skip(1).step_by(2).collect();
        if cited.is_empty() {
            problems.push(format!("rule {} names no code", cells[1]));
        }
        for c in cited {
            if !codes.contains(c) {
                problems.push(format!("rule {} names an unknown code: {c}", cells[1]));
            }
        }
        let vectors: Vec<&str> = cells[4].split('`').skip(1).step_by(2).collect();
        if vectors.is_empty() {
            problems.push(format!("rule {} names no vector", cells[1]));
        }
        for v in vectors {
            if !names.contains(v) {
                problems.push(format!(
                    "rule {} names a vector that does not exist: {v}",
                    cells[1]
                ));
            }
        }
    }
    for k in &kinds {
        if !sections.contains(*k) {
            problems.push(format!("kind {k} has no section in docs/RULES.md"));
        }
    }
    assert!(rows > 0, "no rule rows found");
    assert!(
        problems.is_empty(),
        "docs/RULES.md:\n{}",
        problems.join("\n")
    );
}
