//! `preflight answer <reader> [FILE]` gives, byte for byte, what `preflight::answers::call` gives
//! every other surface: each answer vector of a one-text reader (tests/vectors/answers/*.json
//! whose arguments are only `text`) read from standard input and from a file.

mod common;

use common::{preflight, stdout};
use std::path::Path;

/// The command-line name of each one-text reader's call (cli/src/answer.rs `READERS`).
fn reader(call: &str) -> String {
    call.replace('_', "-")
}

#[test]
fn every_one_text_answer_vector_prints_the_readers_result() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/answers");
    let help = stdout(&preflight(&["answer", "--help"], b""));
    let mut ran = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let tmp = std::env::temp_dir().join(format!("preflight-cli-answer-{}", std::process::id()));
    for file in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for case in cases {
            let call = case["call"].as_str().unwrap();
            let args = &case["args"];
            let Some(text) = args.get("text").and_then(|t| t.as_str()) else {
                continue;
            };
            if args.as_object().is_some_and(|o| o.len() != 1) || !help.contains(&reader(call)) {
                continue;
            }
            let name = case["name"].as_str().unwrap();
            let native =
                preflight::answers::call(call, &serde_json::json!({ "text": text }).to_string());
            std::fs::write(&tmp, text).unwrap();
            for out in [
                preflight(&["answer", &reader(call)], text.as_bytes()),
                preflight(&["answer", &reader(call), tmp.to_str().unwrap()], b""),
            ] {
                match &native {
                    Ok(result) => {
                        assert_eq!(stdout(&out), format!("{result}\n"), "{name}");
                        let issues = result.contains("\"issues\":[{");
                        assert_eq!(
                            out.status.code(),
                            Some(if issues { 1 } else { 0 }),
                            "{name}"
                        );
                    }
                    Err(e) => {
                        assert_eq!(stdout(&out), "", "{name}");
                        assert_eq!(
                            String::from_utf8_lossy(&out.stderr),
                            format!("preflight: answer: {e}\n"),
                            "{name}"
                        );
                        assert_eq!(out.status.code(), Some(2), "{name}");
                    }
                }
            }
            ran += 1;
        }
    }
    let _ = std::fs::remove_file(&tmp);
    assert!(ran >= 10, "only {ran} vectors ran");
}
