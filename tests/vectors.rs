//! Runs the shared vector suite (tests/vectors/*.json) natively.
//!
//! Every file is a JSON array of cases:
//! `{name, kind, options?, payload | payload_text, valid?, issues?: [{path, code}], error?}`.
//! - `payload` is the JSON value to validate; `payload_text` is raw text (for parse errors).
//! - `valid` and `issues` are the expected report: every issue (errors and warnings), compared as
//!   a multiset of (path, code); `error` is the expected error code of a wrong call instead.
//!
//! The native calls and outputs are written to target/vectors/native.json (`kind`,
//! `payload_text`, `options_text`, `output`); the Node and browser suites make the same calls
//! through wasm and compare byte for byte with `output`.

use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};

fn vector_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    // VECTORS=product runs only the files whose name starts with "product" (while developing).
    if let Ok(prefix) = std::env::var("VECTORS") {
        files.retain(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix))
        });
    }
    files
}

fn pairs(issues: &Value) -> Vec<(String, String)> {
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

#[test]
fn shared_vectors() {
    let mut outputs = Vec::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in vector_files() {
        let fname = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let text = fs::read_to_string(&file).expect("readable vector file");
        let cases: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{fname} is not a JSON array of cases: {e}"));
        for case in cases {
            count += 1;
            let name = case["name"].as_str().unwrap_or("?").to_string();
            let kind = case["kind"].as_str().unwrap_or("");
            let options = match case.get("options") {
                None | Some(Value::Null) => String::new(),
                Some(o) => o.to_string(),
            };
            let payload = match (case.get("payload_text"), case.get("payload")) {
                (Some(Value::String(t)), _) => t.clone(),
                (_, Some(p)) => p.to_string(),
                _ => panic!("{fname}: {name}: no payload"),
            };
            let out = preflight::validate_json_envelope(kind, payload.as_bytes(), &options);
            // Deterministic: the same call gives the same bytes.
            assert_eq!(
                out,
                preflight::validate_json_envelope(kind, payload.as_bytes(), &options)
            );
            let got: Value = serde_json::from_str(&out).expect("envelope is JSON");
            let mut problems = Vec::new();
            if let Some(code) = case.get("error") {
                if got["error"]["code"] != *code {
                    problems.push(format!("expected error {code}, got {out}"));
                }
            } else {
                let report = &got["ok"];
                if report["valid"] != case["valid"] {
                    problems.push(format!(
                        "valid: expected {}, got {}",
                        case["valid"], report["valid"]
                    ));
                }
                let want = pairs(&case["issues"]);
                let have = pairs(&report["issues"]);
                if want != have {
                    problems.push(format!(
                        "issues:\n    expected {want:?}\n    got      {have:?}"
                    ));
                }
            }
            if !problems.is_empty() {
                failures.push(format!("{fname}: {name}: {}", problems.join("; ")));
            }
            // The exact texts fed to the engine, so the JavaScript suites make the same call.
            outputs.push(json!({"file": fname, "name": name, "kind": kind,
                "payload_text": payload, "options_text": options, "output": out}));
        }
    }
    let out_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/vectors");
    fs::create_dir_all(&out_dir).expect("create target/vectors");
    fs::write(
        out_dir.join("native.json"),
        serde_json::to_string_pretty(&outputs).unwrap_or_default(),
    )
    .expect("write native outputs");
    assert!(count > 0, "no vectors found");
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{count} vectors passed");
}
