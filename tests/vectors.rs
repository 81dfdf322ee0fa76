//! Runs the shared vector suite (tests/vectors/*.json) natively.
//!
//! Every file is a JSON array of cases:
//! `{name, kind, options?, payload | payload_text, object_form?, valid?, issues?: [{path, code}],
//! error?}`.
//! - `payload` is the JSON value to validate; `payload_text` is raw text (for parse errors, and
//!   numbers whose exact digits matter); `object_form: true` asks the JavaScript suites to also
//!   validate the value `JSON.parse` makes of `payload_text` and get the same report.
//! - `valid` and `issues` are the expected report: every issue (errors and warnings), compared as
//!   a multiset of (path, code); `error` is the expected error code of a wrong call instead.
//!
//! Every output is also pinned byte for byte, messages and params included, by
//! tests/snapshots/reports.jsonl (one line per case: file, name, output). A change of any report
//! fails here and lists the cases; when the change is meant, `UPDATE_SNAPSHOTS=1 cargo test --test
//! vectors` rewrites the file and the diff shows every report that moved.
//!
//! The native calls and outputs are written to target/vectors/native.json (`kind`,
//! `payload_text`, `options_text`, `output`); the Node and browser suites make the same calls
//! through wasm and compare byte for byte with `output`.

mod common;

use common::vectors::{issue_pairs, vector_cases};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::fs;
use std::path::Path;

#[test]
fn shared_vectors() {
    let mut outputs = Vec::new();
    let mut failures = Vec::new();
    let mut count = 0;
    // VECTORS=product runs only the files whose name starts with "product" (while developing).
    let prefix = std::env::var("VECTORS").unwrap_or_default();
    for case in vector_cases(&prefix) {
        count += 1;
        let (fname, kind, options) = (&case.file, case.kind.as_str(), &case.options);
        let name = case.name.as_deref().unwrap_or("?");
        let Some(payload) = &case.payload else {
            panic!("{fname}: {name}: no payload");
        };
        let out =
            crate::common::envelope::validate_json_envelope(kind, payload.as_bytes(), options);
        // Deterministic: the same call gives the same bytes.
        assert_eq!(
            out,
            crate::common::envelope::validate_json_envelope(kind, payload.as_bytes(), options)
        );
        // A vector that meets a rule relative to "now" pins `options.now`, so its report does not
        // depend on the day it runs (and native and wasm agree): one that does not must give
        // the same report at two far-apart times.
        if let Some(problem) = clock_dependence(kind, payload, options, &out) {
            failures.push(format!("{fname}: {name}: {problem}"));
        }
        let got: Value = serde_json::from_str(&out).expect("envelope is JSON");
        let mut problems = Vec::new();
        if let Some(code) = case.json.get("error") {
            if got["error"]["code"] != *code {
                problems.push(format!("expected error {code}, got {out}"));
            }
        } else {
            let report = &got["ok"];
            if report["valid"] != case.json["valid"] {
                problems.push(format!(
                    "valid: expected {}, got {}",
                    case.json["valid"], report["valid"]
                ));
            }
            let have = issue_pairs(&report["issues"]);
            if case.issues != have {
                problems.push(format!(
                    "issues:\n    expected {:?}\n    got      {have:?}",
                    case.issues
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
    if prefix.is_empty() {
        check_snapshots(&outputs, &mut failures);
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

/// Outputs up to this many bytes are kept whole in the snapshot file.
const SNAPSHOT_INLINE_BYTES: usize = 16 * 1024;

/// Compares every output with tests/snapshots/reports.jsonl (or rewrites it when
/// `UPDATE_SNAPSHOTS=1`).
fn check_snapshots(outputs: &[Value], failures: &mut Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/reports.jsonl");
    let lines: Vec<String> = outputs
        .iter()
        .map(|o| {
            let out = o["output"].as_str().unwrap_or_default();
            if out.len() <= SNAPSHOT_INLINE_BYTES {
                json!({"file": o["file"], "name": o["name"], "output": out})
            } else {
                // A megabyte report (report_bounds.json) is pinned by its digest and its start.
                let head: String = out.chars().take(SNAPSHOT_INLINE_BYTES / 4).collect();
                let digest: String = Sha256::digest(out.as_bytes())
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                json!({"file": o["file"], "name": o["name"], "output_bytes": out.len(),
                    "output_sha256": digest, "output_head": head})
            }
            .to_string()
        })
        .collect();
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        fs::create_dir_all(path.parent().expect("parent")).expect("create tests/snapshots");
        fs::write(&path, lines.join("\n") + "\n").expect("write the snapshots");
        return;
    }
    let kept = fs::read_to_string(&path).unwrap_or_default();
    let kept: Vec<&str> = kept.lines().collect();
    if kept.len() != lines.len() {
        failures.push(format!(
            "tests/snapshots/reports.jsonl holds {} reports, the vectors give {} (UPDATE_SNAPSHOTS=1 rewrites it)",
            kept.len(),
            lines.len()
        ));
    }
    for (have, want) in lines.iter().zip(&kept) {
        if have != want {
            failures.push(format!(
                "report changed (tests/snapshots/reports.jsonl):\n    was {want}\n    now {have}"
            ));
        }
    }
}

/// `Some(problem)` when a case without `options.now` gives another report at another time.
fn clock_dependence(kind: &str, payload: &str, options: &str, out: &str) -> Option<String> {
    let mut opts: Value = if options.is_empty() {
        json!({})
    } else {
        serde_json::from_str(options).ok()?
    };
    if opts.get("now").is_some() || !opts.is_object() {
        return None;
    }
    for now in ["1970-01-01T00:00:00Z", "2100-01-01T00:00:00Z"] {
        opts["now"] = json!(now);
        let pinned = crate::common::envelope::validate_json_envelope(
            kind,
            payload.as_bytes(),
            &opts.to_string(),
        );
        if pinned != out {
            return Some(format!(
                "the report depends on the current time (at {now}: {pinned}): pin options.now"
            ));
        }
    }
    None
}
