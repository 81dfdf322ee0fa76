//! Fuzz target `csv_differential`: the body is `harness::csv_hash::differential`
//! (fuzz/harness/csv_hash.rs): the command line's CSV pipeline against the library's streaming
//! reader (the one the wasm helpers run), fed in pieces of fuzzed sizes.
//! tests/fuzz_regressions.rs also runs it on every file under tests/fuzz/csv_differential/.
#![no_main]

#[allow(dead_code)]
#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::csv_hash::differential(data));
