//! Invariants of every validation report, whatever the payload.

use super::is_snake_case;
use preflight::{Report, Severity};
use serde_json::Value;

/// Checks `report` on its own and, when the payload is known as a `serde_json::Value`, against it:
/// - `valid` is true exactly when no issue is an error;
/// - the JSON form parses and says the same (`valid`, one entry per issue, the same codes);
/// - every path is an RFC 6901 pointer (`""` or `/...`, `~` only as `~0` or `~1`);
/// - every code is snake_case and every message non-empty;
/// - every path points into the payload, or at a member of an object of the payload (a missing
///   member is reported where it would be).
pub fn check(report: &Report, payload: Option<&Value>) {
    let any_error = report.issues.iter().any(|i| i.severity == Severity::Error);
    assert_eq!(report.valid, !any_error, "valid disagrees with the issues");
    let text = report.to_json();
    let back: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => panic!("the report's JSON does not parse: {e}"),
    };
    assert_eq!(back.get("valid"), Some(&Value::Bool(report.valid)));
    let issues = back.get("issues").and_then(Value::as_array);
    assert_eq!(issues.map(Vec::len), Some(report.issues.len()));
    for (issue, json) in report.issues.iter().zip(issues.into_iter().flatten()) {
        assert!(
            is_pointer(&issue.path),
            "not a JSON pointer: {:?}",
            issue.path
        );
        assert!(is_snake_case(issue.code.code()), "{}", issue.code);
        assert_eq!(
            json.get("code").and_then(Value::as_str),
            Some(issue.code.code())
        );
        assert_eq!(
            json.get("path").and_then(Value::as_str),
            Some(issue.path.as_str())
        );
        assert!(
            !issue.message.is_empty(),
            "empty message for {}",
            issue.code
        );
        if let Some(payload) = payload {
            assert!(
                points_into(payload, &issue.path),
                "{} at {:?} points outside the payload",
                issue.code,
                issue.path
            );
        }
    }
}

/// Whether `p` is an RFC 6901 JSON pointer.
pub fn is_pointer(p: &str) -> bool {
    if p.is_empty() {
        return true;
    }
    if !p.starts_with('/') {
        return false;
    }
    let b = p.as_bytes();
    b.iter()
        .enumerate()
        .all(|(i, &c)| c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

/// Whether `path` resolves in `payload`, or its parent resolves to an object (where a missing
/// member is reported).
pub fn points_into(payload: &Value, path: &str) -> bool {
    if payload.pointer(path).is_some() {
        return true;
    }
    match path.rfind('/') {
        Some(i) => matches!(payload.pointer(&path[..i]), Some(Value::Object(_))),
        None => false,
    }
}
