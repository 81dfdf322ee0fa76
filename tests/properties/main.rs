//! Property tests (proptest), part of the default `cargo test`, with fixed case counts so they stay
//! quick:
//! 1. generated payloads (JSON-shaped values, arbitrary bytes, vector texts with byte edits)
//!    never panic through validation, for every kind (`validate.rs`);
//! 2. identifiers of every type never panic, and normalization is idempotent, with its documented
//!    exceptions checked precisely (`identifiers.rs`);
//! 3. a valid vector payload with one member broken by a mutation from the rule catalog
//!    (`catalog.rs`, built from the rules' own constants) gets an issue at that member's path
//!    (`mutation.rs`).
//!
//! The per-value checks are the fuzz targets' (`fuzz/harness/`), so a property and a fuzz target
//! assert the same invariants. A failure proptest minimizes is kept next to its test file
//! (`tests/properties/<file>.proptest-regressions`) and replayed first on later runs.

#[allow(dead_code)]
#[path = "../../fuzz/harness/mod.rs"]
mod harness;

mod catalog;
mod identifiers;
mod mutation;
mod validate;
mod vectors;

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases per property; failures kept next to the test's source file.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
