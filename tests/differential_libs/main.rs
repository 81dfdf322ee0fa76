//! The engine's hand-written pieces against well-kept crates and the standard library, each over
//! at least a million generated inputs (docs/PERFORMANCE.md, "Hand-written code and why"):
//! - `floats`: JSON numbers read by [`preflight::json::parse`] against `str::parse::<f64>`, and
//!   the shortest digits reports write against `ryu` (and serde_json's text);
//! - `json`: documents and broken texts, accept/reject and values, against serde_json;
//! - `sha256`: the wasm build's one-message and four-lane SHA-256 (on the portable lanes
//!   natively) against `sha2`, every length 0..=300 and random ones;
//! - `dates`: the ISO 8601 profile of the rules against chrono's RFC 3339 parser;
//! - `percent`: signing's percent-encoding and decoding against the `percent-encoding` crate;
//! - `csv`: the CSV reader of bulk hashing against the `csv` crate.
//!
//! A million inputs per piece in an optimized build: scripts/test.sh runs `cargo test --release
//! -p preflight --test differential_libs` (about a minute on two cores); the debug build of
//! `cargo test --workspace` runs 20,000 each. The inputs come from the splitmix64 generator of the
//! differential test (tests/differential/generate.rs), seeded by `LIBS_SEED` (decimal or `0x`
//! hex; a fixed seed otherwise); `LIBS_CASES` sets the number per piece. Every failure message
//! names the seed and the case.

#[allow(dead_code)]
#[path = "../differential/generate.rs"]
mod generate;

mod csv;
mod dates;
mod floats;
mod json;
mod percent;
mod sha256;

use generate::Rng;

/// The seed when `LIBS_SEED` is not set.
const DEFAULT_SEED: u64 = 0x5EED_0F11_B5A5;

/// Inputs per piece when `LIBS_CASES` is not set: a million in an optimized build (the step of
/// scripts/test.sh), a smoke run of 20,000 in the debug build of `cargo test --workspace`.
const DEFAULT_CASES: usize = if cfg!(debug_assertions) {
    20_000
} else {
    1_000_000
};

/// The seed of this run (printed, so that a failure can be replayed).
pub fn seed() -> u64 {
    let seed = match std::env::var("LIBS_SEED") {
        Ok(s) => {
            let s = s.trim();
            match s.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => s.parse(),
            }
            .unwrap_or_else(|_| panic!("LIBS_SEED={s:?} is not a number"))
        }
        Err(_) => DEFAULT_SEED,
    };
    println!("LIBS_SEED={seed:#x}");
    seed
}

/// The number of generated inputs per piece.
pub fn cases() -> usize {
    std::env::var("LIBS_CASES")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// A generator for one piece: the run's seed, mixed with the piece's name so that the pieces'
/// inputs differ.
pub fn rng(piece: &str) -> (Rng, u64) {
    let seed = seed();
    let mixed = piece.bytes().fold(seed, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
    });
    (Rng::new(mixed), seed)
}
