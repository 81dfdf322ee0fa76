//! The bodies of the fuzz targets, shared by `fuzz/fuzz_targets/*.rs` (cargo-fuzz, nightly) and
//! `tests/fuzz_regressions.rs` (stable `cargo test`, every file under `tests/fuzz/<target>/`), so a
//! crash input kept as a regression file runs through exactly the code that found it.
//!
//! Each target module has `run(data: &[u8])`: it decodes the input (formats in
//! `tests/fuzz/README.md`), calls the library, and asserts the invariants it can check cheaply.
//! Nothing here may panic except an assertion of an invariant: a panic is a finding.

pub mod csv_hash;
pub mod normalize;
pub mod oauth1;
pub mod report;
pub mod signing;
pub mod validate_json;

/// The entry at `selector - base` (wrapping) modulo the list's length. Seeds use printable
/// selectors: `b'0'` picks the first entry, `b'1'` the next, and so on.
pub fn pick<T: Copy>(list: &[T], selector: u8, base: u8) -> T {
    list[usize::from(selector.wrapping_sub(base)) % list.len()]
}

/// An input's first line, split at spaces, and the rest after its line feed (empty when there
/// is none). Every target reads its settings from this header, by name where it names
/// something, so a seed keeps its meaning when lists grow.
pub fn header(data: &[u8]) -> (Vec<&[u8]>, &[u8]) {
    let (line, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(p) => (&data[..p], &data[p + 1..]),
        None => (data, &data[data.len()..]),
    };
    (line.split(|&b| b == b' ').collect(), rest)
}

/// The first byte of header token `i`, or `default`.
pub fn token_byte(tokens: &[&[u8]], i: usize, default: u8) -> u8 {
    tokens
        .get(i)
        .and_then(|t| t.first())
        .copied()
        .unwrap_or(default)
}

/// The entry of `all` whose name is header token 0; for any other token (a mutated name), the
/// entry its byte sum picks, so every input still reaches some entry. Also says whether the token
/// was a name.
pub fn by_name<T: Copy>(all: &[T], name: fn(T) -> &'static str, tokens: &[&[u8]]) -> (T, bool) {
    let token = tokens.first().copied().unwrap_or_default();
    match all.iter().find(|t| name(**t).as_bytes() == token) {
        Some(t) => (*t, true),
        None => {
            let sum = token
                .iter()
                .fold(0usize, |a, &b| a.wrapping_add(usize::from(b)));
            (all[sum % all.len()], false)
        }
    }
}

/// 64 lowercase hexadecimal digits of the SHA-256 of `bytes`, computed with the `sha2` crate
/// directly (not through the engine's own hashing paths).
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `s` is stable snake_case (`[a-z0-9_]+`, starting with a letter).
pub fn is_snake_case(s: &str) -> bool {
    s.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}
