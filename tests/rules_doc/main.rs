//! docs/RULES.md and the engine must not drift apart. Checked here:
//! - every kind has a section and every section is a kind;
//! - every table row is well formed: as many cells as its table's header, and an id that starts
//!   with its section's kind (`kind.field.rule`) or is marked `(not checkable)`;
//! - every rule id is written once, names at least one known code and at least one vector;
//! - every vector a row cites exists and is a case of the row's kind;
//! - every code a row cites is reported by at least one of the vectors it cites (the vector
//!   files' own `issues` expectations, which `cargo test --test vectors` holds to the engine's
//!   output), so a row whose vectors are all valid cannot stand for an error;
//! - every rule id names a described field exactly, or is a whole-payload row or a listed row of
//!   a rule across fields ([`about`]: the matching rule, also written in docs/RULES.md's
//!   conventions); a row naming nothing fails, with the fields of a name it holds;
//! - every field `describe(kind)` lists has a row naming it exactly, and every rule across fields
//!   (`Description.rules`) has its own rows ([`coverage::CROSS_FIELD_ROWS`]), each citing the
//!   rule's code;
//! - every constraint `describe(kind)` gives a field (type, required or its condition, lengths,
//!   range, enum, format, item counts, items) has a row about that field citing the code the
//!   engine reports when it is broken ([`constraints`]); those codes are the engine's
//!   ([`constraint_codes`] breaks each constraint on every valid vector);
//! - tests/vectors/hostile.json holds at least one case of every kind (as the intro says);
//! - the part `# Answers` (the answer readers' rules) against the readers and their vectors
//!   ([`answers`]); the checks above read only the part before it.
//!
//! Where:
//! - this file: the check of the whole document ([`rules_doc_matches_kinds_and_vectors`]:
//!   sections, rule ids, the rule ids the engine names);
//! - [`doc`]: parsing docs/RULES.md into sections and rows (and the test of the parser);
//! - [`answers`]: the part `# Answers`, parsed and checked;
//! - [`about`]: which described fields a row is about (the matching rule of rule ids to field
//!   paths);
//! - [`rows`]: one row against the vectors it cites and the members it is about;
//! - [`vectors`]: the cases rows cite by name: tests/vectors/*.json (read by
//!   tests/common/vectors.rs) and the [`large_cases`] (audience bodies at their limits, generated
//!   and run here);
//! - [`coverage`]: the document against `describe` (every described field and rule has rows);
//! - [`constraints`]: the document against each described constraint of each field, and
//!   [`constraint_codes`]: the codes those constraints give, against the engine.

mod about;
mod answers;
#[path = "../common/mod.rs"]
mod common;
mod constraint_codes;
mod constraints;
mod coverage;
mod doc;
mod large_cases;
mod rows;
mod vectors;

use doc::doc;
use rows::{cited_vectors, row_pointers, row_problems};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use vectors::vectors;

/// The crate's root folder.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The string literals of src/ that are rule ids (`"<kind>.<field>.<rule>"`): the ids the
/// engine names when it skips a rule for want of a context fact. (src/ file -> ids.)
fn rule_id_literals(kinds: &BTreeSet<&str>) -> BTreeMap<String, String> {
    fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
        for e in fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, files);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files);
    files.sort();
    let mut out = BTreeMap::new();
    for f in files {
        let text = fs::read_to_string(&f).unwrap_or_default();
        let rel = f
            .strip_prefix(root())
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        for lit in text.split('"').skip(1).step_by(2) {
            let mut segs = lit.split('.');
            let first = segs.next().unwrap_or_default();
            let rest: Vec<&str> = segs.collect();
            let id_like = rest.len() >= 2
                && rest.iter().all(|s| {
                    !s.is_empty()
                        && s.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                });
            if kinds.contains(first) && id_like {
                out.entry(lit.to_string()).or_insert_with(|| rel.clone());
            }
        }
    }
    out
}

#[test]
fn rules_doc_matches_kinds_and_vectors() {
    let d = doc();
    let codes: BTreeSet<&str> = preflight::Code::ALL.iter().map(|c| c.code()).collect();
    let kinds: BTreeSet<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    let vectors = vectors();
    let mut problems = d.problems.clone();
    let mut seen = BTreeSet::new();
    for s in &d.sections {
        if !kinds.contains(s.as_str()) {
            problems.push(format!("section '{s}' is not a kind"));
        }
        if !seen.insert(s.as_str()) {
            problems.push(format!("section '{s}' written twice"));
        }
    }
    for k in &kinds {
        if !seen.contains(k) {
            problems.push(format!("kind {k} has no section in docs/RULES.md"));
        }
    }
    let mut ids = BTreeSet::new();
    let mut checked = 0;
    for row in &d.rows {
        let Some(id) = &row.id else {
            // A (not checkable) row may cite a vector showing the rule is not checked.
            cited_vectors(row, &format!("line {}", row.line), &vectors, &mut problems);
            continue;
        };
        checked += 1;
        if !ids.insert(id.as_str()) {
            problems.push(format!(
                "line {}: rule {id} has a row already (one row per rule id)",
                row.line
            ));
        }
        problems.extend(about::naming_problem(&row.section, id, row.line));
        let pointers = row_pointers(&row.section, id);
        problems.extend(row_problems(row, id, &vectors, &codes, &pointers));
    }
    // Every rule id the engine names has a row citing context_missing: the ids its
    // context_missing warnings name in the vectors, and the rule-id literals of src/.
    let cites_context: BTreeSet<&str> = d
        .rows
        .iter()
        .filter(|r| r.codes.iter().any(|c| c == "context_missing"))
        .filter_map(|r| r.id.as_deref())
        .collect();
    let mut named: BTreeMap<String, String> = BTreeMap::new();
    for (name, v) in &vectors {
        for rule in v.skipped_rules() {
            named
                .entry(rule)
                .or_insert_with(|| format!("vector {name}"));
        }
    }
    for (rule, file) in rule_id_literals(&kinds) {
        named.entry(rule).or_insert(file);
    }
    for (rule, source) in &named {
        if !ids.contains(rule.as_str()) {
            problems.push(format!(
                "the engine names the rule {rule} ({source}), which has no row"
            ));
        } else if !cites_context.contains(rule.as_str())
            // A clock rule is skipped only where there is no clock at all (src/clock.rs): no
            // vector can show it.
            && !preflight::clock::CLOCK_RULES.contains(&rule.as_str())
        {
            problems.push(format!(
                "the engine skips the rule {rule} without its context fact ({source}), but its \
                 row does not cite context_missing"
            ));
        }
    }
    assert!(checked > 0, "no rule rows found");
    assert!(
        problems.is_empty(),
        "docs/RULES.md ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
