//! The error-body and token-answer readers on hostile text: every prefix of every vector's text
//! and every one-character change of it (a quote, a brace, `%`, `+`, `&`, `=`, a control
//! character, a multi-byte character) gives a result or a wrong-call error of the reader's
//! documented codes, never a panic; a result is always JSON text of the reader's members.

use serde_json::Value;
use std::path::Path;

const CODES: &[&str] = &[
    "invalid_json",
    "too_deep",
    "input_too_large",
    "bad_arguments",
    "callback_not_confirmed",
    "invalid_token_answer",
];

fn cases() -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/answers");
    let mut out = Vec::new();
    for file in ["errors.json", "oauth.json"] {
        let text = std::fs::read_to_string(dir.join(file)).expect("vectors");
        let cases: Vec<Value> = serde_json::from_str(&text).expect("JSON");
        for case in cases {
            let call = case["call"].as_str().expect("call").to_owned();
            out.push((call, case["args"].clone()));
        }
    }
    out
}

fn check(call: &str, args: &Value) {
    let text = args.to_string();
    match preflight::answers::call(call, &text) {
        Ok(result) => {
            let v: Value = serde_json::from_str(&result).expect("a result is JSON");
            assert!(v["issues"].is_array(), "{call}: {result}");
        }
        Err(e) => assert!(CODES.contains(&e.code.code()), "{call}: {e}"),
    }
}

#[test]
fn every_prefix_and_one_character_change_is_read_or_refused() {
    let mut calls = 0;
    for (call, args) in cases() {
        let Some(text) = args.get("text").and_then(Value::as_str) else {
            continue;
        };
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        for &end in &bounds {
            let mut a = args.clone();
            a["text"] = Value::from(&text[..end]);
            check(&call, &a);
            calls += 1;
            if end < text.len() {
                for with in [
                    "\"", "{", "}", "%", "+", "&", "=", "\u{0}", "é", "/", "[", "1",
                ] {
                    let next = bounds
                        .iter()
                        .find(|&&b| b > end)
                        .copied()
                        .unwrap_or(text.len());
                    let changed = format!("{}{}{}", &text[..end], with, &text[next..]);
                    let mut a = args.clone();
                    a["text"] = Value::from(changed);
                    check(&call, &a);
                    calls += 1;
                }
            }
        }
    }
    assert!(calls > 100_000, "only {calls} calls");
}
