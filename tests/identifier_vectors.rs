//! The shared identifier vectors (tests/vectors/identifiers/*.json) natively; the same files run
//! through the wasm build in Node (tests/node/identifier-vectors.test.mjs) and in Chromium
//! (tests/browser/hash-entry.mjs).
//!
//! Every file is a JSON array of cases `{name, type, raw, normalized, sha256}` or
//! `{name, type, raw, error}`, with the hashing options `default_country_code` (digits) and
//! `phone_format` (`"e164"` or `"digits"`) when a case sets them. `raw` and `normalized` are lists
//! of `[text, times]` pieces, joined (so that a vector of a thousand combining marks stays one
//! line). `sha256` was computed apart
//! from this engine (Python's hashlib over `normalized`). Each case goes through every path that
//! hashes: one value (`normalize`, `hash`), values (`hash_many`), lines (`hash_lines`, and
//! `LineHasher` fed a byte at a time and whole) and upload bodies (`build_bodies`).

use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
use preflight::audience::{
    hash, hash_lines, hash_many, normalize, HashOptions, HashOutput, IdType, LineHasher,
    PhoneFormat,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fs;
use std::path::Path;

/// The text of a list of `[text, times]` pieces.
fn joined(pieces: &Value) -> String {
    let list = pieces.as_array().expect("a list of [text, times] pieces");
    list.iter()
        .map(|p| {
            let text = p[0].as_str().expect("piece text");
            let times = p[1].as_u64().expect("piece count");
            text.repeat(times as usize)
        })
        .collect()
}

/// The hashing options a case sets (`default_country_code`, `phone_format`).
fn options(c: &Value) -> HashOptions {
    let mut opts = HashOptions::default();
    if let Some(cc) = c.get("default_country_code") {
        opts = opts
            .with_default_country_code(cc.as_str().expect("default_country_code"))
            .expect("a valid default_country_code");
    }
    match c
        .get("phone_format")
        .map(|f| f.as_str().expect("phone_format"))
    {
        None | Some("e164") => {}
        Some("digits") => opts = opts.with_phone_format(PhoneFormat::Digits),
        Some(other) => panic!("phone_format {other:?}"),
    }
    opts
}

/// Every case of every file, as (file: name, case).
fn cases() -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/identifiers");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/vectors/identifiers")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).expect("vector file");
        let list: Vec<Value> = serde_json::from_str(&text).expect("a JSON array of cases");
        let file = f.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        for c in list {
            out.push((format!("{file}: {}", c["name"].as_str().unwrap_or("?")), c));
        }
    }
    out
}

#[test]
fn identifier_vectors_through_every_hashing_path() {
    let all = cases();
    assert!(all.len() >= 15, "{} cases", all.len());
    let mut failures = Vec::new();
    for (name, c) in &all {
        let opts = options(c);
        let t: IdType = c["type"]
            .as_str()
            .and_then(|t| t.parse().ok())
            .expect("type");
        let raw = joined(&c["raw"]);
        let want: Result<(String, String), String> = match c.get("error") {
            Some(code) => Err(code.as_str().expect("code").to_owned()),
            None => {
                let normalized = joined(&c["normalized"]);
                let sha = c["sha256"].as_str().expect("sha256").to_owned();
                // The file is consistent: its hash is SHA-256 of its normalized text.
                let direct: String = Sha256::digest(normalized.as_bytes())
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                assert_eq!(direct, sha, "{name}: the vector's own hash");
                Ok((normalized, sha))
            }
        };
        let want_hash = want.clone().map(|(_, h)| h);
        let mut got: Vec<(&str, Result<String, String>)> = vec![
            (
                "normalize",
                normalize(t, &raw, &opts)
                    .map_err(|e| e.code().to_owned())
                    .and_then(|n| match &want {
                        Ok((normalized, _)) if *normalized != n => Err(format!("normalized {n:?}")),
                        _ => Ok(want_hash.clone().unwrap_or_default()),
                    }),
            ),
            (
                "hash",
                hash(t, &raw, &opts).map_err(|e| e.code().to_owned()),
            ),
        ];
        let one = |out: &HashOutput| match out.result(out.first_index()) {
            Some(Ok(h)) => Ok(h.to_owned()),
            Some(Err(e)) => Err(e.code().to_owned()),
            None => Err("no result".to_owned()),
        };
        got.push(("hash_many", one(&hash_many(t, [raw.as_str()], &opts))));
        let mut lines = HashOutput::new();
        hash_lines(t, &format!("{raw}\r\n"), &opts, &mut lines);
        got.push(("hash_lines", one(&lines)));
        let mut whole = LineHasher::new(t, opts.clone());
        whole.push(raw.as_bytes());
        got.push(("LineHasher", one(&whole.finish())));
        let mut bytewise = LineHasher::new(t, opts.clone());
        for b in raw.as_bytes().iter().chain(b"\n") {
            bytewise.push(std::slice::from_ref(b));
        }
        got.push(("LineHasher, a byte at a time", one(&bytewise.finish())));
        let record = AudienceRecord::new().with(t, raw.clone());
        let batch = {
            let mut batch_opts = BatchOptions::default();
            batch_opts.expires_at = Some("2030-01-01T00:00:00Z".into());
            batch_opts.hash = opts.clone();
            batch_opts
        };
        let bodies = build_bodies(Endpoint::CustomAudienceUsers, &[record], &batch)
            .expect("valid batch options");
        let in_body = match (bodies.rejected.first(), bodies.bodies.first()) {
            (Some(r), _) => Err(r.error.code().to_owned()),
            (None, Some(b)) => match &want_hash {
                Ok(h) if b.json.contains(&format!("[\"{h}\"]")) => Ok(h.clone()),
                _ => Err(format!("body {}", b.json)),
            },
            (None, None) => Err("no body and no rejection".to_owned()),
        };
        got.push(("build_bodies", in_body));
        for (path, result) in got {
            if result != want_hash {
                failures.push(format!(
                    "{name}: {path}: {result:?}, expected {want_hash:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
