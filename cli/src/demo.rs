//! `preflight demo`: the README's first command. Runs the three jobs on bundled samples embedded at
//! build time: validates the sample payloads (examples/samples/demo.json), hashes the sample
//! identifiers (examples/samples/identifiers.csv, the spec's public vectors and its error cases),
//! and answers a CRC challenge and checks event signatures with the spec's public vectors.

use crate::validate::print_human;
use crate::{EXIT_OK, EXIT_USAGE};
use preflight::{Kind, Options};
use serde_json::Value;

const SAMPLES: &str = include_str!("../../examples/samples/demo.json");
const IDENTIFIERS: &str = include_str!("../../examples/samples/identifiers.csv");

/// signing.md's public CRC vector: (consumer secret, crc_token). A published test value, not a
/// secret of anyone's.
const CRC_VECTOR: (&str, &str) = (
    "z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu",
    "9b4507b3-9040-4669-9ca3-6b94edb50553",
);
/// signing.md's public event-signature vector: (secret, body, header).
const EVENT_VECTOR: (&str, &str, &str) = (
    "test",
    r#"{"test_number":1,"test_string":"two"}"#,
    "sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=",
);

pub fn run() -> u8 {
    let code = validate_samples();
    if code != EXIT_OK {
        return code;
    }
    hash_samples();
    signing_samples();
    EXIT_OK
}

fn validate_samples() -> u8 {
    // Read by the engine's parser, as `preflight validate` reads a payload.
    let samples = match preflight::parse_json(SAMPLES.as_bytes()) {
        Ok(Value::Array(v)) => v,
        Ok(_) => {
            eprintln!("preflight: demo: the bundled samples are not an array");
            return EXIT_USAGE;
        }
        Err(e) => {
            eprintln!("preflight: demo: the bundled samples do not parse: {e}");
            return EXIT_USAGE;
        }
    };
    out!(
        "Preflight demo: validating {} bundled sample payloads\n",
        samples.len()
    );
    for s in &samples {
        let title = s["title"].as_str().unwrap_or("sample");
        let kind_name = s["kind"].as_str().unwrap_or("");
        let kind: Kind = match kind_name.parse() {
            Ok(k) => k,
            Err(e) => {
                eprintln!("preflight: demo: {e}");
                return EXIT_USAGE;
            }
        };
        let options = match Options::from_value(s.get("options").unwrap_or(&Value::Null)) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("preflight: demo: {e}");
                return EXIT_USAGE;
            }
        };
        out!("== {title}\n   preflight validate {kind_name}");
        let report = preflight::validate(kind, &s["payload"], &options);
        print_human(&report, "   ");
        out!();
    }
    EXIT_OK
}

/// Hashes the bundled identifiers as `preflight hash` would, showing the normalized value for
/// these public samples (the CLI itself never prints values, only hashes and row numbers).
fn hash_samples() {
    use preflight::audience::{hash, normalize, HashOptions, IdType};
    out!("== Audience identifiers: normalize, then SHA-256 (examples/samples/identifiers.csv)");
    let opts = HashOptions::default();
    for (row, line) in IDENTIFIERS.lines().enumerate().skip(1) {
        let Some((ty, raw)) = line.split_once(',') else {
            continue;
        };
        let raw = raw
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .unwrap_or(raw);
        let Ok(id_type) = ty.parse::<IdType>() else {
            continue;
        };
        match (normalize(id_type, raw, &opts), hash(id_type, raw, &opts)) {
            (Ok(n), Ok(h)) => out!("   row {row:>2} {ty:<13} {n:<40} {h}"),
            (Err(e), _) | (_, Err(e)) => {
                out!(
                    "   row {row:>2} {ty:<13} rejected: {} ({})",
                    e.code(),
                    e.message()
                )
            }
        }
    }
    out!();
}

/// Answers the spec's CRC challenge and checks its event signature, then a tampered body.
fn signing_samples() {
    use preflight::signing::{crc_response_json, verify_signature, CrcTokenPolicy};
    out!("== Signing: webhook CRC answer and event signatures (signing.md public vectors)");
    let (secret, token) = CRC_VECTOR;
    match crc_response_json(secret.as_bytes(), token, &CrcTokenPolicy::default()) {
        Ok(json) => out!("   CRC answer for the sample crc_token: {json}"),
        Err(e) => out!("   CRC refused: {}", e.code()),
    }
    let hostile = r#"{"event":"forged"}"#;
    match crc_response_json(secret.as_bytes(), hostile, &CrcTokenPolicy::default()) {
        Ok(_) => out!("   a JSON body as crc_token was signed (this must not happen)"),
        Err(e) => out!(
            "   a JSON body as crc_token is refused, never signed: {}",
            e.code()
        ),
    }
    let (secret, body, header) = EVENT_VECTOR;
    let good = verify_signature(secret.as_bytes(), body.as_bytes(), Some(header));
    let tampered = body.replace("two", "three");
    let bad = verify_signature(secret.as_bytes(), tampered.as_bytes(), Some(header));
    out!("   signed event body: verified = {good}");
    out!("   tampered body:     verified = {bad}");
    out!();
}
