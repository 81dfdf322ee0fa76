//! Fuzz target `signing`: the body is `harness::signing::run` (fuzz/harness/signing.rs), which
//! tests/fuzz_regressions.rs also runs on every file under tests/fuzz/signing/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::signing::run(data));
