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
            // product-answer also takes the body sent (the test below).
            if args.as_object().is_some_and(|o| o.len() != 1)
                || !help.contains(&reader(call))
                || call == "product_answer"
            {
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

/// `preflight answer product-answer --sent SENT [FILE]` prints what `product_answer` gives on
/// every product vector whose arguments are the two texts, and exits 1 when the result has
/// issues or a product sent was not written.
#[test]
fn every_product_answer_vector_prints_the_readers_result() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/answers/products.json");
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let dir = std::env::temp_dir().join(format!("preflight-cli-product-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sent_path, answer_path) = (dir.join("sent.json"), dir.join("answer.json"));
    let mut ran = 0;
    for case in cases.iter().filter(|c| c["call"] == "product_answer") {
        let args = &case["args"];
        let (Some(sent), Some(text)) = (args["sent"].as_str(), args["text"].as_str()) else {
            continue;
        };
        let name = case["name"].as_str().unwrap();
        std::fs::write(&sent_path, sent).unwrap();
        std::fs::write(&answer_path, text).unwrap();
        let native = preflight::answers::call("product_answer", &args.to_string());
        let sent_arg = sent_path.to_str().unwrap();
        for out in [
            preflight(
                &["answer", "product-answer", "--sent", sent_arg],
                text.as_bytes(),
            ),
            preflight(
                &[
                    "answer",
                    "product-answer",
                    "--sent",
                    sent_arg,
                    answer_path.to_str().unwrap(),
                ],
                b"",
            ),
        ] {
            match &native {
                Ok(result) => {
                    assert_eq!(stdout(&out), format!("{result}\n"), "{name}");
                    let value: serde_json::Value = serde_json::from_str(result).unwrap();
                    let written = value["products"].as_array().unwrap().iter().all(|p| {
                        ["created", "updated", "unchanged"]
                            .contains(&p["outcome"].as_str().unwrap())
                    });
                    let clean = value["issues"].as_array().unwrap().is_empty() && written;
                    assert_eq!(out.status.code(), Some(if clean { 0 } else { 1 }), "{name}");
                }
                Err(e) => {
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
    assert!(ran >= 8, "only {ran} vectors ran");
    // Without --sent, and --sent for another reader: usage errors.
    let out = preflight(&["answer", "product-answer"], b"{}");
    assert_eq!(out.status.code(), Some(2));
    let out = preflight(
        &["answer", "list-page", "--sent", sent_path.to_str().unwrap()],
        b"{}",
    );
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
