//! Fuzz target `validate_json`: the body is `harness::validate_json::run` (fuzz/harness/validate_json.rs), which
//! tests/fuzz_regressions.rs also runs on every file under tests/fuzz/validate_json/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::validate_json::run(data));
