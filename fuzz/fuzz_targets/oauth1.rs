//! Fuzz target `oauth1`: the body is `harness::oauth1::run` (fuzz/harness/oauth1.rs), which
//! tests/fuzz_regressions.rs also runs on every file under tests/fuzz/oauth1/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::oauth1::run(data));
