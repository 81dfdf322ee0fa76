//! Fuzz target `normalize`: the body is `harness::normalize::run` (fuzz/harness/normalize.rs), which
//! tests/fuzz_regressions.rs also runs on every file under tests/fuzz/normalize/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::normalize::run(data));
