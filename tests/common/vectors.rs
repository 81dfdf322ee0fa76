//! Reading the shared vector suite (tests/vectors/*.json), for `tests/vectors.rs` (which runs
//! it) and `tests/rules_doc/` (which checks that docs/RULES.md cites it).
//!
//! Every file is a JSON array of cases:
//! `{name, kind, options?, payload | payload_text, object_form?, valid?, issues?: [{path, code}],
//! error?}`.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// One case of a vector file, with the texts fed to the engine.
pub struct Case {
    /// The vector file's name (`hostile.json`).
    pub file: String,
    /// The case's `name`, if it has one.
    pub name: Option<String>,
    pub kind: String,
    /// `payload_text` as it is, or `payload` as JSON text; `None` when the case has neither.
    pub payload: Option<String>,
    /// `options` as JSON text; empty when absent or `null`.
    pub options: String,
    /// The expected issues (errors and warnings) as sorted (path, code) pairs.
    pub issues: Vec<(String, String)>,
    /// The whole case (for `valid` and `error`).
    pub json: Value,
}

/// The cases of every vector file whose name starts with `prefix` (`""`: every file), files in
/// name order. Panics on a file that is not a JSON array.
pub fn vector_cases(prefix: &str) -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        if !file.starts_with(prefix) {
            continue;
        }
        let text = fs::read_to_string(&path).expect("readable vector file");
        let cases: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{file} is not a JSON array of cases: {e}"));
        out.extend(cases.into_iter().map(|json| Case {
            file: file.clone(),
            name: json["name"].as_str().map(String::from),
            kind: json["kind"].as_str().unwrap_or_default().to_string(),
            payload: match (json.get("payload_text"), json.get("payload")) {
                (Some(Value::String(t)), _) => Some(t.clone()),
                (_, Some(p)) => Some(p.to_string()),
                _ => None,
            },
            options: match json.get("options") {
                None | Some(Value::Null) => String::new(),
                Some(o) => o.to_string(),
            },
            issues: issue_pairs(&json["issues"]),
            json,
        }));
    }
    out
}

/// A list of issues (`[{path, code, ...}]`, a vector's expectation or a report's issues) as
/// sorted (path, code) pairs: compared as a multiset. Not a list: none.
pub fn issue_pairs(issues: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = issues
        .as_array()
        .map(|a| {
            a.iter()
                .map(|i| {
                    (
                        i["path"].as_str().unwrap_or("?").to_string(),
                        i["code"].as_str().unwrap_or("?").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}
