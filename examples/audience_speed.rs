//! Rough speed of bulk email hashing beside a raw SHA-256 loop over the same normalized strings.
//!
//! `cargo run --release --example audience_speed [count]` (default 1,000,000 emails). Each figure
//! is the best of 7 interleaved rounds, in ns per value, so a busy machine disturbs it less.
//! "fresh output" runs allocate and first-touch their 64 bytes of hex per value, like any caller
//! keeping every result; "reused output" runs write into memory touched before.

use preflight::audience::{
    hash_lines, hash_many, hash_many_into, normalize, HashOptions, HashOutput, IdType, LineHasher,
};
use sha2::{Digest, Sha256};
use std::hint::black_box;
use std::time::Instant;

const NAMES: [&str; 7] = [
    "raw Sha256::digest loop, normalized input",
    "raw Sha256::digest + hex into a fresh Vec",
    "hash_many, fresh output",
    "hash_lines (\\r\\n text), fresh output",
    "LineHasher (64 KiB chunks), fresh output",
    "hash_many_into, reused output",
    "hash_many_into already-lowercase, reused",
];

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let opts = HashOptions::default();
    let raw: Vec<String> = (0..n)
        .map(|i| format!("User.Name{i}+News@Example{}.com", i % 97))
        .collect();
    let normalized: Vec<String> = raw
        .iter()
        .map(|s| normalize(IdType::Email, s, &opts).unwrap_or_default())
        .collect();
    let text = raw.join("\r\n");
    let mut reused = HashOutput::with_capacity(n);
    hash_many_into(
        IdType::Email,
        raw.iter().map(String::as_str),
        &opts,
        &mut reused,
    );
    let mut best = [f64::MAX; NAMES.len()];
    for _ in 0..7 {
        for (k, slot) in best.iter_mut().enumerate() {
            let t = Instant::now();
            match k {
                0 => {
                    for s in &normalized {
                        black_box(Sha256::digest(black_box(s.as_bytes())));
                    }
                }
                1 => {
                    let mut out: Vec<u8> = Vec::with_capacity(n * 64);
                    for s in &normalized {
                        let d = Sha256::digest(black_box(s.as_bytes()));
                        for b in d {
                            out.extend_from_slice(&[
                                HEX[usize::from(b >> 4)],
                                HEX[usize::from(b & 15)],
                            ]);
                        }
                    }
                    black_box(out);
                }
                2 => {
                    black_box(hash_many(
                        IdType::Email,
                        raw.iter().map(String::as_str),
                        &opts,
                    ));
                }
                3 => {
                    let mut out = HashOutput::new();
                    hash_lines(IdType::Email, &text, &opts, &mut out);
                    black_box(out);
                }
                4 => {
                    let mut h = LineHasher::new(IdType::Email, opts.clone());
                    for chunk in text.as_bytes().chunks(64 * 1024) {
                        h.push(chunk);
                    }
                    black_box(h.finish());
                }
                5 => {
                    reused.clear();
                    let values = raw.iter().map(String::as_str);
                    hash_many_into(IdType::Email, values, &opts, &mut reused);
                    black_box(&reused);
                }
                _ => {
                    reused.clear();
                    let values = normalized.iter().map(String::as_str);
                    hash_many_into(IdType::Email, values, &opts, &mut reused);
                    black_box(&reused);
                }
            }
            *slot = slot.min(t.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    let many = hash_many(IdType::Email, raw.iter().map(String::as_str), &opts);
    let mut lines = HashOutput::new();
    hash_lines(IdType::Email, &text, &opts, &mut lines);
    assert!(many.ok_count() == n && many == lines);
    for (name, ns) in NAMES.iter().zip(best) {
        println!(
            "{name:<45} {ns:7.1} ns/value  {:4.0}% of raw",
            100.0 * best[0] / ns
        );
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";
