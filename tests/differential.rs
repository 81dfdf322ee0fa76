//! Differential test, native side: thousands of generated calls through the native crate, their
//! inputs and exact outputs written to target/differential/native.json; the Node suite
//! (tests/node/differential.test.mjs, run after `cargo test` and `bash scripts/build-wasm.sh`)
//! makes the same calls through the wasm package and requires the same output strings.
//!
//! The cases come from a fixed seed (printed; `DIFF_SEED=<decimal or 0xhex>` and
//! `DIFF_CASES=<n>` override it), through a splitmix64 PRNG (tests/differential/generate.rs):
//! - `validate`: mutations of the shared vectors' payloads (tests/vectors/*.json) of every kind,
//!   written as JSON text (repeated member names included), with the vector's options;
//! - `validate` on raw texts: cut, garbled, too deep, invalid UTF-8, escapes that are not
//!   characters;
//! - `normalize` and `hash` of one identifier of every type, with options;
//! - `hash_many` (JavaScript `hashIdentifiers`) and `hash_lines` (`hashLines`) on generated lists
//!   and texts.
//!
//! Outputs: the validation envelope (`preflight::envelope`: the report text, or the error's code
//! and message, which the wasm export returns or throws; tests/node/vector-cases.mjs `envelopeOf`
//! makes the same text of it); one identifier tagged, this file's own format, `o<output>` or
//! `e<code>\t<message>` (the public call's result, or its PreflightError's code and message); bulk
//! results as `{"hashes":[...],"errors":[{"index":i,"code":c}]}` or a tagged error.
//!
//! Natively, every case is also checked on its own: no panic, the same output twice, a report
//! that is JSON with known codes, each hash equal to SHA-256 of the normalized form (computed
//! here with the `sha2` crate), bulk results equal to the one-value results, and a payload
//! without repeated names validating the same (as a multiset of issues) from text and from a
//! parsed `serde_json::Value`.

mod common;
#[path = "differential/generate.rs"]
mod generate;

use generate::{Rng, J};
use preflight::audience::{self, HashOptions, IdError, IdType, PhoneFormat};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// The seed when `DIFF_SEED` is not set.
const DEFAULT_SEED: u64 = 0x5EED_0006_D1FF;
/// Cases per run when `DIFF_CASES` is not set.
const DEFAULT_CASES: usize = 10_000;

fn seed_and_count() -> (u64, usize) {
    let seed = match std::env::var("DIFF_SEED") {
        Ok(s) => {
            let s = s.trim();
            let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => s.parse(),
            };
            parsed.unwrap_or_else(|_| panic!("DIFF_SEED={s} is not a decimal or 0x-hex u64"))
        }
        Err(_) => DEFAULT_SEED,
    };
    let cases = match std::env::var("DIFF_CASES") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("DIFF_CASES={s} is not a count")),
        Err(_) => DEFAULT_CASES,
    };
    (seed, cases)
}

/// A validation payload to start from: kind, payload, options text.
struct Base {
    kind: String,
    payload: J,
    options: String,
}

fn bases() -> Vec<Base> {
    let known: Vec<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    common::vectors::vector_cases("")
        .into_iter()
        .filter(|c| known.contains(&c.kind.as_str()))
        .filter_map(|c| {
            Some(Base {
                payload: J::from_value(c.json.get("payload")?),
                kind: c.kind,
                options: pinned_now(&c.options),
            })
        })
        .collect()
}

/// `options` with `now` pinned when it has none: a mutated payload may meet a rule relative to
/// "now" (a keyword query that lost its `end_time`) that its vector did not, and native and wasm
/// read their clocks at different instants.
fn pinned_now(options: &str) -> String {
    let mut o: serde_json::Value = if options.is_empty() {
        serde_json::json!({})
    } else {
        match serde_json::from_str(options) {
            Ok(o) => o,
            Err(_) => return options.to_string(),
        }
    };
    match o.as_object_mut() {
        Some(m) if !m.contains_key("now") => {
            m.insert("now".into(), serde_json::json!("2026-11-05T00:00:00Z"));
            o.to_string()
        }
        _ => options.to_string(),
    }
}

/// Runs `f`, failing the test with `what` if it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => panic!("panicked: {what}"),
    }
}

/// The tagged text of a failed identifier call (this file's format: the error's code and message).
fn tagged_error(code: &str, message: &str) -> String {
    format!("e{code}\t{message}")
}

/// Hash options as the binding builds them from the JavaScript ones; a bad option is the tagged
/// error the binding throws.
fn hash_options(o: &IdOptions) -> Result<HashOptions, String> {
    let phone_format = o.phone_format.parse::<PhoneFormat>().map_err(|e| {
        let display = e.to_string();
        let message = display
            .strip_prefix(e.code())
            .and_then(|m| m.strip_prefix(": "))
            .unwrap_or(&display)
            .to_string();
        tagged_error(e.code(), &message)
    })?;
    let opts = {
        let mut hash_opts = HashOptions::default();
        hash_opts.phone_format = phone_format;
        hash_opts.default_country_code = o.default_country_code.clone();
        hash_opts.prehashed = o.prehashed;
        hash_opts
    };
    opts.validate()
        .map_err(|e| tagged_error(e.code(), e.message()))?;
    Ok(opts)
}

/// Options of an identifier call, as the JavaScript API takes them.
struct IdOptions {
    phone_format: String,
    default_country_code: Option<String>,
    prehashed: bool,
}

impl IdOptions {
    fn generate(rng: &mut Rng) -> IdOptions {
        IdOptions {
            phone_format: if rng.chance(3) {
                rng.pick(&["E164", "e.164", ""]).to_string()
            } else {
                rng.pick(&["e164", "digits"]).to_string()
            },
            default_country_code: match rng.below(100) {
                0..=59 => None,
                60..=93 => Some(rng.pick(&["1", "44", "49", "353", "7", "380"]).to_string()),
                _ => Some(rng.pick(&["0", "1234", "+1", "٤٤", "", "04"]).to_string()),
            },
            prehashed: rng.chance(10),
        }
    }

    /// The JavaScript options object (camelCase), as the Node suite passes it.
    fn js(&self) -> Value {
        let mut o = json!({"phoneFormat": self.phone_format, "prehashed": self.prehashed});
        if let Some(cc) = &self.default_country_code {
            o["defaultCountryCode"] = json!(cc);
        }
        o
    }
}

fn tag_one(r: Result<String, IdError>) -> String {
    match r {
        Ok(s) => format!("o{s}"),
        Err(e) => tagged_error(e.code(), e.message()),
    }
}

/// Bulk results as the JavaScript API returns them, serialized in its key order.
fn bulk_json(out: &audience::HashOutput) -> String {
    let hashes: Vec<Value> = out
        .iter()
        .map(|h| h.map_or(Value::Null, |s| json!(s)))
        .collect();
    let errors: Vec<String> = out
        .errors()
        .iter()
        .map(|(i, e)| format!("{{\"index\":{i},\"code\":\"{}\"}}", e.code()))
        .collect();
    format!(
        "{{\"hashes\":{},\"errors\":[{}]}}",
        Value::Array(hashes),
        errors.join(",")
    )
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks one identifier natively: hash = SHA-256(normalize) (or the verbatim/prehashed form),
/// the same error from both. (Whether normalizing twice changes nothing is the property tests'
/// business, tests/properties/: it does not hold for every email, see there.)
fn check_identifier(t: IdType, value: &str, opts: &HashOptions) {
    let n = audience::normalize(t, value, opts);
    let h = audience::hash(t, value, opts);
    match (&n, &h) {
        (Ok(n), Ok(h)) if t.is_hashed() && !opts.prehashed => {
            assert_eq!(*h, sha256_hex(n.as_bytes()), "{t} {value:?}")
        }
        (Ok(n), Ok(h)) => assert_eq!(n, h, "{t} {value:?}"),
        (Err(a), Err(b)) => assert_eq!(a, b, "{t} {value:?}"),
        _ => panic!("normalize and hash disagree on {t} {value:?}: {n:?} {h:?}"),
    }
}

/// Codes a validation envelope may carry.
fn known_codes() -> Vec<&'static str> {
    let mut codes: Vec<&str> = preflight::Code::ALL.iter().map(|c| c.code()).collect();
    codes.extend([
        "unknown_kind",
        "bad_options",
        "invalid_json",
        "too_deep",
        "input_too_large",
    ]);
    codes
}

fn check_envelope(out: &str, codes: &[&str]) {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    if let Some(report) = v.get("ok") {
        let issues = report["issues"].as_array().expect("issues");
        let errors = issues.iter().filter(|i| i["severity"] == "error").count();
        assert_eq!(report["valid"], json!(errors == 0), "{out}");
        for i in issues {
            let code = i["code"].as_str().unwrap_or("");
            assert!(codes.contains(&code), "unknown code {code}: {out}");
        }
    } else {
        let code = v["error"]["code"].as_str().unwrap_or("");
        assert!(codes.contains(&code), "unknown error code {code}: {out}");
    }
}

/// A report's validity and its issues (each as JSON text), sorted.
fn sorted_report(report: &str) -> (Value, Vec<String>) {
    let v: Value = serde_json::from_str(report).unwrap_or(Value::Null);
    let mut issues: Vec<String> = v["issues"]
        .as_array()
        .map(|a| a.iter().map(Value::to_string).collect())
        .unwrap_or_default();
    issues.sort();
    (v["valid"].clone(), issues)
}

/// Whether `j` writes a member name twice anywhere (serde_json would keep only the last).
fn repeats_a_name(j: &J) -> bool {
    match j {
        J::Obj(m) => {
            m.iter()
                .enumerate()
                .any(|(i, (k, _))| m[..i].iter().any(|(p, _)| p == k))
                || m.iter().any(|(_, v)| repeats_a_name(v))
        }
        J::Arr(a) => a.iter().any(repeats_a_name),
        _ => false,
    }
}

#[test]
fn native_outputs_for_the_wasm_differential() {
    let (seed, total) = seed_and_count();
    println!("differential: seed {seed:#x}, {total} cases (DIFF_SEED / DIFF_CASES to change)");
    let mut rng = Rng::new(seed);
    let bases = bases();
    assert!(!bases.is_empty(), "no vector payloads to start from");
    let codes = known_codes();
    // Every type, emails (where Unicode normalization matters most) three times as often.
    let mut weighted: Vec<&str> = IdType::ALL.iter().map(|t| t.name()).collect();
    weighted.extend(["email", "email"]);
    let mut items: Vec<Value> = Vec::with_capacity(total);
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();

    for n in 0..total {
        let roll = rng.below(100);
        let op = match roll {
            0..=39 => "validate",
            40..=49 => "validate_raw",
            50..=69 => "normalize",
            70..=89 => "hash",
            90..=94 => "hash_many",
            _ => "hash_lines",
        };
        *counts.entry(op).or_default() += 1;
        let item = match op {
            "validate" | "validate_raw" => {
                let base = &bases[rng.below(bases.len())];
                let mut doc = base.payload.clone();
                for _ in 0..1 + rng.below(3) {
                    generate::mutate(&mut rng, &mut doc);
                }
                let mut text = String::new();
                doc.write(&mut text, &mut rng, true);
                // Now and then a kind other than the payload's own.
                let kind = if rng.chance(5) {
                    preflight::Kind::ALL[rng.below(preflight::Kind::ALL.len())]
                        .name()
                        .to_string()
                } else {
                    base.kind.clone()
                };
                let bytes = if op == "validate_raw" {
                    generate::raw_text(&mut rng, &text, preflight::MAX_DEPTH)
                } else {
                    text.clone().into_bytes()
                };
                let what = format!(
                    "case {n}: validate {kind} {}",
                    String::from_utf8_lossy(&bytes)
                );
                let out = no_panic(&what, || {
                    crate::common::envelope::validate_json_envelope(&kind, &bytes, &base.options)
                });
                assert_eq!(
                    out,
                    crate::common::envelope::validate_json_envelope(&kind, &bytes, &base.options),
                    "{what}"
                );
                check_envelope(&out, &codes);
                // Text and parsed value agree where serde_json reads the same document: not
                // where its f64 made a fraction whole (`1e-400` is 0 to serde_json).
                if op == "validate" && !repeats_a_name(&doc) {
                    if let (Ok(v), Ok(k), Ok(mut o)) = (
                        serde_json::from_slice::<Value>(&bytes),
                        kind.parse::<preflight::Kind>(),
                        preflight::Options::from_json(&base.options),
                    ) {
                        let exact = preflight::json::parse(&bytes).map(|d| d.to_serde());
                        let same =
                            exact.ok() == Some(preflight::json::Value::from_serde(&v).to_serde());
                        // serde_json's map sorts member names, so issues may come in another
                        // order: compared as multisets, and whole (a bound keeps the first
                        // issues of each order).
                        o.max_issues = preflight::options::MAX_ISSUES_LIMIT;
                        let from_value = preflight::validate(k, &v, &o).to_json();
                        let from_text = preflight::validate_slice(k, &bytes, &o)
                            .map(|r| r.to_json())
                            .unwrap_or_default();
                        if same {
                            assert_eq!(
                                sorted_report(&from_value),
                                sorted_report(&from_text),
                                "{what}"
                            );
                        }
                    }
                }
                let mut item = json!({"op": "validate", "kind": kind,
                    "options_text": base.options, "output": out});
                match String::from_utf8(bytes) {
                    Ok(s) => item["payload_text"] = json!(s),
                    Err(e) => {
                        let hex: String = e.as_bytes().iter().map(|b| format!("{b:02x}")).collect();
                        item["payload_hex"] = json!(hex);
                    }
                }
                item
            }
            "normalize" | "hash" => {
                let name = rng.pick(&weighted);
                let value = generate::identifier(&mut rng, name);
                let o = IdOptions::generate(&mut rng);
                let t: IdType = name.parse().expect("a type name");
                let what = format!("case {n}: {op} {name} {value:?}");
                let out = no_panic(&what, || match hash_options(&o) {
                    Err(e) => e,
                    Ok(opts) => {
                        check_identifier(t, &value, &opts);
                        tag_one(if op == "normalize" {
                            audience::normalize(t, &value, &opts)
                        } else {
                            audience::hash(t, &value, &opts)
                        })
                    }
                });
                json!({"op": op, "type": name, "value": value, "options": o.js(), "output": out})
            }
            _ => {
                let name = rng.pick(&weighted);
                let t: IdType = name.parse().expect("a type name");
                let values: Vec<String> = (0..rng.below(25))
                    .map(|_| generate::identifier(&mut rng, name))
                    .collect();
                let o = IdOptions::generate(&mut rng);
                let what = format!("case {n}: {op} {name} {values:?}");
                let mut item = json!({"op": op, "type": name, "options": o.js()});
                if op == "hash_many" {
                    let out = no_panic(&what, || match hash_options(&o) {
                        Err(e) => e,
                        Ok(opts) => {
                            let out =
                                audience::hash_many(t, values.iter().map(String::as_str), &opts);
                            for (i, v) in values.iter().enumerate() {
                                let one = audience::hash(t, v, &opts);
                                assert_eq!(
                                    out.result(i),
                                    Some(one.as_deref().map_err(|e| *e)),
                                    "{what} #{i}"
                                );
                            }
                            bulk_json(&out)
                        }
                    });
                    item["values"] = json!(values);
                    item["output"] = json!(out);
                } else {
                    // Lines: `\n` or `\r\n`, sometimes a BOM, a final line ending, empty lines.
                    let mut text = String::new();
                    if rng.chance(10) {
                        text.push('\u{feff}');
                    }
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            text.push_str(rng.pick(&["\n", "\n", "\r\n", "\n\n"]));
                        }
                        text.push_str(&v.replace(['\n', '\r'], " "));
                    }
                    if rng.chance(30) {
                        text.push('\n');
                    }
                    let out = no_panic(&what, || match hash_options(&o) {
                        Err(e) => e,
                        Ok(opts) => {
                            let mut out = audience::HashOutput::new();
                            audience::hash_lines(t, &text, &opts, &mut out);
                            bulk_json(&out)
                        }
                    });
                    item["text"] = json!(text);
                    item["output"] = json!(out);
                }
                item
            }
        };
        items.push(item);
    }

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/differential");
    fs::create_dir_all(&dir).expect("create target/differential");
    let file = json!({"seed": format!("{seed:#x}"), "cases": items.len(), "items": items});
    fs::write(
        dir.join("native.json"),
        serde_json::to_string(&file).expect("serializable"),
    )
    .expect("write target/differential/native.json");
    println!("differential: {counts:?} written to target/differential/native.json");
    assert_eq!(items.len(), total);
    for op in ["validate", "validate_raw", "normalize", "hash"] {
        assert!(
            total < 1000 || counts.get(op).copied().unwrap_or(0) > total / 20,
            "too few {op} cases: {counts:?}"
        );
    }
}
