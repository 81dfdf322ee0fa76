//! The fuzz corpus as regression tests: every file under `tests/fuzz/<target>/` (the seeds and
//! every crash `scripts/fuzz.sh` found) runs through the same code as the cargo-fuzz target
//! (`fuzz/harness/<target>.rs`), which asserts the target's invariants. A failing file is named.

#[allow(dead_code)]
#[path = "../fuzz/harness/mod.rs"]
mod harness;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Runs `body` on every file of `tests/fuzz/<target>/`; fails naming each file that panics.
fn corpus(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(target);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    let mut failures = Vec::new();
    for file in &files {
        let data = fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
            failures.push(file.display().to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} {target} inputs fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn validate_json_corpus() {
    corpus("validate_json", harness::validate_json::run);
}

#[test]
fn normalize_corpus() {
    corpus("normalize", harness::normalize::run);
}

#[test]
fn csv_hash_corpus() {
    corpus("csv_hash", harness::csv_hash::run);
}

#[test]
fn csv_differential_corpus() {
    corpus("csv_differential", harness::csv_hash::differential);
}

#[test]
fn oauth1_corpus() {
    corpus("oauth1", harness::oauth1::run);
}

#[test]
fn signing_corpus() {
    corpus("signing", harness::signing::run);
}

/// The signing harness's own oracle (HMAC-SHA256 and base64 outside the signing module) gives the
/// spec's vectors (signing.md), so its "verified exactly when" invariant is not vacuous.
#[test]
fn signing_oracle_gives_the_spec_vectors() {
    use harness::signing::expected_signature;
    assert_eq!(
        expected_signature(b"test", b"test=1&other_test=2"),
        "sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc="
    );
    assert_eq!(
        expected_signature(
            b"z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu",
            b"9b4507b3-9040-4669-9ca3-6b94edb50553"
        ),
        "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8="
    );
}
