//! The shared vectors (`tests/vectors/*.json`) as starting points and as a source of realistic
//! member names and string values.

use preflight::{Kind, Options};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// A `valid: true` vector case.
pub struct Case {
    pub name: String,
    pub kind: Kind,
    pub payload: Value,
    pub options: Options,
}

/// Every case of every vector file.
pub fn all_cases() -> Vec<Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            let text = fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Array(cases)) => cases,
                _ => panic!("{} is not a JSON array of cases", f.display()),
            }
        })
        .collect()
}

/// The `valid: true` cases with a payload value and a known kind.
pub fn valid_cases() -> Vec<Case> {
    all_cases()
        .into_iter()
        .filter(|c| c.get("valid") == Some(&Value::Bool(true)))
        .filter_map(|c| {
            let kind: Kind = c.get("kind")?.as_str()?.parse().ok()?;
            let mut options = match c.get("options") {
                None => Options::default(),
                Some(o) => Options::from_value(o).ok()?,
            };
            // A vector that bounds its report (report_bounds.json) would hide the issue a
            // mutation makes: starting points are judged on the whole report.
            options.max_issues = preflight::options::MAX_ISSUES_LIMIT;
            Some(Case {
                name: c.get("name")?.as_str()?.to_owned(),
                kind,
                payload: c.get("payload")?.clone(),
                options,
            })
        })
        .collect()
}

/// Every member name and every string value in the vectors' payloads (sorted, unique), and every
/// payload as compact JSON text.
pub fn vocabulary() -> (Vec<String>, Vec<String>, Vec<String>) {
    fn walk(v: &Value, names: &mut Vec<String>, strings: &mut Vec<String>) {
        match v {
            Value::String(s) => strings.push(s.clone()),
            Value::Array(a) => a.iter().for_each(|x| walk(x, names, strings)),
            Value::Object(m) => {
                for (k, x) in m {
                    names.push(k.clone());
                    walk(x, names, strings);
                }
            }
            _ => {}
        }
    }
    let (mut names, mut strings, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for case in all_cases() {
        if let Some(p) = case.get("payload") {
            walk(p, &mut names, &mut strings);
            texts.push(p.to_string());
        }
        if let Some(Value::String(t)) = case.get("payload_text") {
            texts.push(t.clone());
        }
    }
    for list in [&mut names, &mut strings, &mut texts] {
        list.sort();
        list.dedup();
    }
    (names, strings, texts)
}
