//! Runs the answer vectors (tests/vectors/answers/*.json) natively, through the one door every
//! surface uses, `preflight::answers::call`.
//!
//! Every file is a JSON array of cases `{name, call, args, ok | error, source?}`:
//! - `call` is a name of `preflight::answers::names()`, `args` its arguments object (given as a
//!   JSON value; `args_text` instead gives the exact text, for arguments that are not JSON);
//! - `ok` is the whole expected result (compared as a JSON value: every member, nothing more),
//!   `error` the expected error code of a call that fails;
//! - `source`: where the case comes from (the spec's section, or the documented example).
//!
//! The calls and their outputs, byte for byte, are written to target/vectors/answers-native.json
//! (`call`, `args_text`, `output`: `{"ok":<result>}` or `{"error":{"code","message"}}`); the
//! Node, Chromium and Python suites make the same calls and compare with `output`; and the names
//! of `preflight::answers::names()`, in order, to target/vectors/answers-names.json, which each
//! of them compares with its own `answersNames()` / `answers_names()`.

mod common;

use serde_json::{json, Value};
use std::fs;
use std::path::Path;

#[test]
fn answer_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/answers");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/vectors/answers")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut outputs = Vec::new();
    let mut failures = Vec::new();
    let mut calls_seen = std::collections::BTreeSet::new();
    for file in &files {
        let fname = file.file_name().unwrap().to_string_lossy().into_owned();
        let cases: Vec<Value> = serde_json::from_str(&fs::read_to_string(file).unwrap())
            .unwrap_or_else(|e| {
                panic!("{fname}: {e}");
            });
        for case in cases {
            let name = case["name"].as_str().unwrap_or("?").to_string();
            let call = case["call"]
                .as_str()
                .unwrap_or_else(|| panic!("{fname}: {name}: call"));
            calls_seen.insert(call.to_string());
            let args_text = match (&case.get("args_text"), &case.get("args")) {
                (Some(Value::String(t)), _) => t.clone(),
                (_, Some(args)) => serde_json::to_string(args).unwrap(),
                _ => panic!("{fname}: {name}: no args"),
            };
            let result = preflight::answers::call(call, &args_text);
            let output = common::envelope::envelope(result);
            assert_eq!(
                output,
                common::envelope::envelope(preflight::answers::call(call, &args_text)),
                "{fname}: {name}: not deterministic"
            );
            let got: Value = serde_json::from_str(&output).expect("the output is JSON");
            match (case.get("ok"), case.get("error")) {
                (Some(ok), None) => {
                    if got.get("ok") != Some(ok) {
                        failures.push(format!(
                            "{fname}: {name}: expected ok {ok}\n   got {output}"
                        ));
                    }
                }
                (None, Some(code)) => {
                    if got["error"]["code"] != *code {
                        failures.push(format!(
                            "{fname}: {name}: expected error {code}, got {output}"
                        ));
                    }
                }
                _ => panic!("{fname}: {name}: exactly one of ok and error"),
            }
            outputs.push(json!({"file": fname, "name": name, "call": call, "args_text": args_text, "output": output}));
        }
    }
    // Every reader has vectors.
    for n in preflight::answers::names() {
        if !calls_seen.contains(n) {
            failures.push(format!("no vector calls {n}"));
        }
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/vectors");
    fs::create_dir_all(&out).unwrap();
    fs::write(
        out.join("answers-native.json"),
        serde_json::to_string_pretty(&outputs).unwrap(),
    )
    .unwrap();
    let names: Vec<&str> = preflight::answers::names().collect();
    fs::write(
        out.join("answers-names.json"),
        serde_json::to_string(&names).unwrap(),
    )
    .unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
