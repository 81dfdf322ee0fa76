//! Fuzz target `csv_hash`: the body is `harness::csv_hash::run` (fuzz/harness/csv_hash.rs), which
//! tests/fuzz_regressions.rs also runs on every file under tests/fuzz/csv_hash/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::csv_hash::run(data));
