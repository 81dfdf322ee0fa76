//! The vector cases docs/RULES.md cites by name: every case of tests/vectors/*.json and the
//! [`large_cases`](crate::large_cases).

use crate::common::vectors::vector_cases;
use crate::large_cases::{large_cases, LARGE_CASES_FILE};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One vector case, as far as RULES.md is concerned.
pub struct Vector {
    pub file: String,
    pub kind: String,
    /// The expected issues: (path, code).
    pub issues: Vec<(String, String)>,
    /// The texts fed to the engine (as `cargo test --test vectors` feeds them).
    payload: String,
    options: String,
}

impl Vector {
    /// A case known by its expected issues only (a generated one: no payload text to replay).
    pub fn generated(file: &str, kind: &str, issues: Vec<(String, String)>) -> Vector {
        Vector {
            file: file.into(),
            kind: kind.into(),
            issues,
            payload: String::new(),
            options: String::new(),
        }
    }

    /// The rule ids the engine names in this case's `context_missing` warnings
    /// (`params.rules`): the rules it skipped for want of a fact.
    pub fn skipped_rules(&self) -> BTreeSet<String> {
        if !self.issues.iter().any(|(_, c)| c == "context_missing") {
            return BTreeSet::new();
        }
        let out = crate::common::envelope::validate_json_envelope(
            &self.kind,
            self.payload.as_bytes(),
            &self.options,
        );
        let got: Value = serde_json::from_str(&out).unwrap_or_default();
        got["ok"]["issues"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|i| i["code"] == "context_missing")
            .flat_map(|i| i["params"]["rules"].as_array().cloned().unwrap_or_default())
            .filter_map(|r| r.as_str().map(String::from))
            .collect()
    }
}

/// Every vector case by name; names must be unique across all files (RULES.md cites them by
/// name).
pub fn vectors() -> BTreeMap<String, Vector> {
    let mut out = BTreeMap::new();
    let mut repeated = Vec::new();
    for c in vector_cases("") {
        let Some(name) = c.name else {
            panic!("{}: a case without a name: {}", c.file, c.json);
        };
        let v = Vector {
            file: c.file,
            kind: c.kind,
            issues: c.issues,
            payload: c.payload.unwrap_or_default(),
            options: c.options,
        };
        if out.insert(name.clone(), v).is_some() {
            repeated.push(name);
        }
    }
    for c in large_cases() {
        let v = Vector::generated(LARGE_CASES_FILE, c.kind, c.issue_pairs());
        if out.insert(c.name.to_string(), v).is_some() {
            repeated.push(c.name.to_string());
        }
    }
    assert!(repeated.is_empty(), "vector names used twice: {repeated:?}");
    out
}

/// The intro says tests/vectors/hostile.json holds duplicate-key cases of every kind.
#[test]
fn hostile_vectors_cover_every_kind() {
    let vectors = vectors();
    let have: BTreeSet<&str> = vectors
        .values()
        .filter(|v| v.file == "hostile.json" && v.issues.iter().any(|(_, c)| c == "duplicate_key"))
        .map(|v| v.kind.as_str())
        .collect();
    let missing: Vec<&str> = preflight::Kind::ALL
        .iter()
        .map(|k| k.name())
        .filter(|k| !have.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "tests/vectors/hostile.json has no duplicate_key case of: {missing:?}"
    );
}
