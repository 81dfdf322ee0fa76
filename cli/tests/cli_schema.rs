//! `preflight schema (KIND | --all) [--out DIR]`: the JSON Schema of a kind, printed or written
//! as DIR/<kind>.schema.json (the files the npm package ships; tests/node/schema.test.mjs holds
//! them to these bytes), and its exit statuses.

mod common;

use common::preflight;
use serde_json::Value;
use std::path::PathBuf;

/// A directory of this test's own (removed first).
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "preflight-cli-schema-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn prints_the_schema_of_a_kind_as_describe_schema_does() {
    let out = preflight(&["schema", "product"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // Pretty-printed: two spaces, one member a line.
    assert!(text.starts_with("{\n  \"$comment\": "), "{}", &text[..40]);
    let printed: Value = serde_json::from_str(&text).expect("JSON");
    let compact = preflight(&["describe", "product", "--schema"], b"");
    let described: Value = serde_json::from_slice(&compact.stdout).expect("JSON");
    assert_eq!(printed, described);
    // What the schema says of a product: a price pattern, no member not listed, one rule for
    // brand / gtin / mpn.
    assert_eq!(printed["additionalProperties"], Value::Bool(false));
    let price = printed["properties"]["price"]["pattern"]
        .as_str()
        .expect("pattern");
    assert!(
        price.starts_with("^[0-9]+(\\.[0-9]+)? (AED|") && price.contains("|USD|"),
        "{price}"
    );
    let groups = printed["allOf"].as_array().expect("allOf");
    assert_eq!(groups.len(), 1, "{groups:?}");
    assert_eq!(groups[0]["anyOf"].as_array().map(Vec::len), Some(3));
}

#[test]
fn writes_every_kind_into_a_directory() {
    let dir = temp_dir("all");
    let out = preflight(
        &["schema", "--all", "--out", dir.to_str().expect("path")],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort_unstable();
    let mut want: Vec<String> = preflight::Kind::ALL
        .iter()
        .map(|k| format!("{}.schema.json", k.name()))
        .collect();
    want.sort_unstable();
    assert_eq!(files, want);
    // Each file is what `preflight schema KIND` prints.
    for k in preflight::Kind::ALL {
        let file = std::fs::read(dir.join(format!("{}.schema.json", k.name()))).expect("file");
        assert_eq!(
            file,
            preflight(&["schema", k.name()], b"").stdout,
            "{}",
            k.name()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exit_statuses() {
    let code = |args: &[&str]| preflight(args, b"").status.code();
    assert_eq!(code(&["schema", "card"]), Some(0));
    // An unknown kind, neither a kind nor --all, both, and --all without --out: usage errors.
    assert_eq!(code(&["schema", "no_such_kind"]), Some(2));
    assert_eq!(code(&["schema"]), Some(2));
    assert_eq!(code(&["schema", "card", "--all", "--out", "x"]), Some(2));
    assert_eq!(code(&["schema", "--all"]), Some(2));
    // An --out that cannot be a directory (a file is in the way).
    let dir = temp_dir("file");
    std::fs::write(&dir, b"a file").expect("file");
    assert_eq!(
        code(&["schema", "card", "--out", dir.to_str().expect("path")]),
        Some(2)
    );
    let _ = std::fs::remove_file(&dir);
}
