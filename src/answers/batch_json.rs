//! What the batch answer readers share: reading the arguments of a call, their issues, writing a
//! value of an answer back as it was given, and finding the items of a JSON array in its text.

use super::bad_arguments;
use crate::error::Error;
use crate::issues::{CheckIssue, IssueKind};
use crate::json::write::{uint, value as write_value};
use crate::json::{Object, Value};
use crate::report::{Code, Issue, Params, Pointer, Severity};

/// Appends `Some(value)` as compact JSON, `None` as `null`.
pub(crate) fn write_opt(out: &mut String, value: Option<&Value<'_>>) {
    match value {
        Some(v) => write_value(out, v),
        None => out.push_str("null"),
    }
}

/// Appends `n` (a position or a count).
pub(crate) fn write_usize(out: &mut String, n: usize) {
    uint(out, u64::try_from(n).unwrap_or(u64::MAX));
}

/// A non-negative integer of the arguments (`what` names it in the error).
pub(crate) fn arg_index(value: &Value<'_>, what: &str) -> Result<usize, Error> {
    value
        .as_i64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| bad_arguments(&format!("{what}: not a non-negative integer")))
}

/// An error issue of a batch answer's own code (`count_mismatch`, `not_sent`, ...) at `path`.
pub(crate) fn error(path: String, code: Code, message: &str, params: Params) -> Issue {
    Issue::new(path, code, Severity::Error, message, params)
}

/// `wrong_type` at `path`, as validation reports it (`params.expected`, `params.actual`).
pub(crate) fn wrong_type(path: String, expected: &'static str, actual: &Value<'_>) -> Issue {
    IssueKind::WrongType {
        expected,
        actual: actual.type_name(),
    }
    .issue(path, Severity::Error)
}

/// `required` at `path`, as validation reports it (`params.field`).
pub(crate) fn required(path: String, field: &'static str, message: &'static str) -> Issue {
    IssueKind::Check(CheckIssue::Required { field, message }).issue(path, Severity::Error)
}

/// `duplicate_key` at `at`/name for each of `names` that `object` writes more than once: a
/// member the reader decides on must not be read last-wins (another JSON reader takes the first:
/// `{"errors":[{..}],"errors":[]}` would be accepted by one and failed by the other).
pub(crate) fn repeated(
    object: &Object<'_>,
    names: &[&str],
    at: &Pointer<'_>,
    issues: &mut Vec<Issue>,
) {
    for repeat in object.repeats_in_order() {
        if names.contains(&repeat.name) {
            let mut issue = IssueKind::DuplicateKey {
                count: repeat.count,
                first_index: repeat.first_index,
            }
            .issue(at.key(repeat.name).to_string(), Severity::Error);
            issue.message = format!(
                "this member name is written {} times; which one the platform meant is unknown, \
                 so none of them is taken",
                repeat.count
            );
            issues.push(issue);
        }
    }
}

/// The byte ranges of the items of the JSON array `text` (already known to parse as an array),
/// in order: the exact text of each item, so that a body can be rewritten with some of its items
/// without writing any of them again.
pub(crate) fn array_item_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut start: Option<usize> = None;
    let mut last_end = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                last_end = i + 1;
            }
            continue;
        }
        match b {
            b' ' | b'\t' | b'\n' | b'\r' => {}
            b'[' | b'{' => {
                if depth == 1 && start.is_none() {
                    start = Some(i);
                }
                depth += 1;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 1 {
                    last_end = i + 1;
                }
                if depth == 0 {
                    if let Some(s) = start.take() {
                        spans.push((s, last_end));
                    }
                }
            }
            b',' if depth == 1 => {
                if let Some(s) = start.take() {
                    spans.push((s, last_end));
                }
            }
            b'"' => {
                if depth == 1 && start.is_none() {
                    start = Some(i);
                }
                in_string = true;
            }
            _ => {
                if depth == 1 && start.is_none() {
                    start = Some(i);
                }
                if depth == 1 {
                    last_end = i + 1;
                }
            }
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_spans_are_the_items_text() {
        for (text, items) in [
            ("[]", vec![]),
            ("[ ]", vec![]),
            ("[1]", vec!["1"]),
            (
                " [ 1 , \"a,]\\\"\" ,{\"x\":[1,2]}, [[]] ,null,-2.5e3 ] ",
                vec![
                    "1",
                    "\"a,]\\\"\"",
                    "{\"x\":[1,2]}",
                    "[[]]",
                    "null",
                    "-2.5e3",
                ],
            ),
        ] {
            let got: Vec<&str> = array_item_spans(text)
                .into_iter()
                .map(|(a, b)| &text[a..b])
                .collect();
            assert_eq!(got, items, "{text}");
        }
    }

    /// Each span is its item: parsed alone, it is the item the whole array parses to.
    #[test]
    fn item_spans_parse_to_the_items() {
        for text in [
            r#"[{"a":"]\\","b":[1,{"c":"}\""}]} , "\u005d" ,	-0.5e-3,true,false,null,[]]"#,
            "\n[\n{\"operation_type\":\"Update\",\"params\":{\"users\":[{\"email\":[\"x,y\"]}]}}\n,\n{}\n]\n",
            r#"["é😀","\\","\"",""]"#,
        ] {
            let whole = crate::json::parse(text.as_bytes()).expect("an array");
            let items = whole.as_array().expect("an array");
            let spans = array_item_spans(text);
            assert_eq!(spans.len(), items.len(), "{text}");
            for ((a, b), item) in spans.into_iter().zip(items) {
                let alone = crate::json::parse(&text.as_bytes()[a..b]).expect("an item");
                assert_eq!(&alone, item, "{}", &text[a..b]);
            }
        }
    }

    #[test]
    fn values_written_back_as_given() {
        for text in [
            r#"{"code":214,"message":"x\ny","a":[1,-2,2.5,true,null,{}]}"#,
            r#""é""#,
            "18446744073709551615",
        ] {
            let v = crate::json::parse(text.as_bytes()).expect("json");
            let mut out = String::new();
            write_value(&mut out, &v);
            assert_eq!(out, text);
        }
    }
}
