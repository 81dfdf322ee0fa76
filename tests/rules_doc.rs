//! docs/RULES.md and the engine must not drift apart: every kind has a section, every section is
//! a kind, every row names at least one vector, and every vector it names exists.

use std::collections::{BTreeMap, BTreeSet};
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

/// docs/RULES.md.
fn rules_doc(root: &Path) -> String {
    fs::read_to_string(root.join("docs/RULES.md")).expect("docs/RULES.md")
}

/// The rule ids of each section: `kind` -> [(rule id, codes cited)].
fn rows_by_kind(doc: &str) -> BTreeMap<String, Vec<(String, Vec<String>)>> {
    let mut out: BTreeMap<String, Vec<(String, Vec<String>)>> = BTreeMap::new();
    let mut section = String::new();
    for line in doc.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            section = title.trim().to_string();
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6 || !cells[1].starts_with(&format!("{section}.")) {
            continue;
        }
        let codes = cells[3]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect();
        out.entry(section.clone())
            .or_default()
            .push((cells[1].to_string(), codes));
    }
    out
}

/// The coverage check: every field the engine describes for a kind (`describe(kind)`) has a
/// row whose rule id names it (`kind.<...>.field.<...>`), and every rule across fields it
/// describes has a row citing its code. So a rule the engine knows without a row fails the
/// build, as a row without a vector does (above).
#[test]
fn every_described_field_and_rule_has_a_row() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rows = rows_by_kind(&rules_doc(root));
    let mut problems = Vec::new();
    for kind in preflight::Kind::ALL {
        let d = preflight::describe(*kind).to_json();
        let fields = d["fields"].as_array().cloned().unwrap_or_default();
        if fields.is_empty() {
            problems.push(format!("{kind}: describe lists no field"));
        }
        let section = rows.get(kind.name()).cloned().unwrap_or_default();
        for f in &fields {
            let name = f["name"].as_str().unwrap_or_default();
            // A name may itself hold dots (`webhook_config.fields`): match it as a run of
            // segments.
            let want: Vec<&str> = name.split('.').collect();
            let named = section.iter().any(|(id, _)| {
                let segs: Vec<&str> = id.split('.').skip(1).collect();
                segs.windows(want.len()).any(|w| w == want.as_slice())
            });
            if !named {
                problems.push(format!(
                    "{kind}: field {} has no row (a rule id like {kind}.{name}.<rule>)",
                    f["path"]
                ));
            }
        }
        for r in d["rules"].as_array().cloned().unwrap_or_default() {
            let code = r["code"].as_str().unwrap_or_default();
            if !section
                .iter()
                .any(|(_, codes)| codes.iter().any(|c| c == code))
            {
                problems.push(format!(
                    "{kind}: the rule \"{}\" (code {code}) has no row citing that code",
                    r["text"].as_str().unwrap_or_default()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn rules_doc_matches_kinds_and_vectors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = rules_doc(root);
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
