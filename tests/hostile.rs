//! Hostile input through the native crate, every kind: each gives a stable code, nothing panics,
//! nothing is lost (the same call gives the same bytes again), and the time stays reasonable
//! (printed, never asserted: figures come from scripts).
//!
//! | input | outcome |
//! |---|---|
//! | invalid UTF-8 (anywhere in the text) | error `invalid_json` |
//! | a 10 MB string value | a report: `too_long` where a length is documented, `too_large` for an audience body |
//! | 10,000 levels of nesting | error `too_deep` (text); a value built in code is viewed down to `MAX_DEPTH` |
//! | `1e400`, `-1e400` | error `invalid_json` (out of range of a 64-bit float, as in serde_json) |
//! | `-0`, `-0.0` | the number 0 |
//! | a member name written twice | issue `duplicate_key` at the member |
//! | an escaped lone surrogate (`"\ud800"`) | error `invalid_json` |
//! | `null` where an object is expected | issue `wrong_type` (`params.expected`) |
//! | an audience body over 5,000,000 bytes | issue `too_large` at `""` |
//! | a text over `MAX_INPUT_BYTES` | error `input_too_large`, before any parsing |
//!
//! The JavaScript side of the same list (and lone surrogates in JavaScript strings) is
//! tests/node/hostile.test.mjs.

mod common;
use preflight::audience::{self, HashOptions, IdError, IdType};
use preflight::{Kind, MAX_DEPTH, MAX_INPUT_BYTES};
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// The size of the "10 MB" strings.
const TEN_MB: usize = 10 * 1000 * 1000;
/// The nesting of the deep documents.
const DEEP: usize = 10_000;

/// The envelope of one call, checked for panics and determinism, parsed.
fn call(kind: &str, payload: &[u8], options: &str) -> Value {
    let what = format!(
        "{kind} {}",
        String::from_utf8_lossy(&payload[..payload.len().min(80)])
    );
    let out = catch_unwind(AssertUnwindSafe(|| {
        crate::common::envelope::validate_json_envelope(kind, payload, options)
    }))
    .unwrap_or_else(|_| panic!("panicked: {what}"));
    let again = crate::common::envelope::validate_json_envelope(kind, payload, options);
    assert_eq!(out, again, "not deterministic: {what}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn error_code(v: &Value) -> Option<&str> {
    v["error"]["code"].as_str()
}

/// The issues (path, code) of a report envelope.
fn issues(v: &Value) -> Vec<(String, String)> {
    v["ok"]["issues"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|i| {
                    let s = |k: &str| i[k].as_str().unwrap_or("?").to_string();
                    (s("path"), s("code"))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn has_issue(v: &Value, path: &str, code: &str) -> bool {
    issues(v).iter().any(|(p, c)| p == path && c == code)
}

/// Whether the kind's payload is a JSON array (the audience upload bodies) rather than an object.
fn array_root(kind: Kind) -> bool {
    let v = call(kind.name(), b"{}", "");
    has_issue(&v, "", "wrong_type")
        && call(kind.name(), b"[]", "")["ok"]["issues"]
            .as_array()
            .is_some_and(|a| {
                !a.iter()
                    .any(|i| i["path"] == "" && i["code"] == "wrong_type")
            })
}

/// `member` inside the kind's root: `{member}` or `[{member}]`, and the pointer prefix of it.
fn inside(kind: Kind, member: &str) -> (String, &'static str) {
    if array_root(kind) {
        (format!("[{{{member}}}]"), "/0")
    } else {
        (format!("{{{member}}}"), "")
    }
}

#[test]
fn invalid_utf8_anywhere_is_invalid_json() {
    let bad: [&[u8]; 7] = [
        b"\xff",
        b"\xc3",             // truncated sequence
        b"\xc0\xaf",         // overlong '/'
        b"\xed\xa0\x80",     // a UTF-16 surrogate encoded as UTF-8
        b"\xf4\x90\x80\x80", // above U+10FFFF
        b"\x80",             // lone continuation byte
        b"\xe2\x82",         // truncated euro sign
    ];
    for kind in Kind::ALL {
        for b in bad {
            for (before, after) in [
                (&b"{\"name\":\""[..], &b"\"}"[..]),
                (b"{\"", b"\":1}"),
                (b"", b""),
                (b"[\"", b"\"]"),
            ] {
                let text = [before, b, after].concat();
                let v = call(kind.name(), &text, "");
                assert_eq!(error_code(&v), Some("invalid_json"), "{kind} {text:?}: {v}");
                let message = v["error"]["message"].as_str().unwrap_or("");
                assert!(message.contains("invalid UTF-8"), "{message}");
            }
        }
    }
    // Bulk identifier lines: each line that is not UTF-8 is an `invalid_utf8` error, the others
    // are hashed.
    let mut h = audience::LineHasher::new(IdType::Email, HashOptions::default());
    h.push(b"a@b.com\n\xff@b.com\nc@d.com\n\xed\xa0\x80\n");
    let out = h.finish();
    assert_eq!(out.len(), 4);
    assert_eq!(
        out.errors(),
        &[(1, IdError::InvalidUtf8), (3, IdError::InvalidUtf8)]
    );
    assert_eq!(
        out.get(0),
        audience::hash(IdType::Email, "a@b.com", &HashOptions::default())
            .ok()
            .as_deref()
    );
}

#[test]
fn ten_megabyte_strings_are_reported_not_fatal() {
    let big = "x".repeat(TEN_MB);
    // Product title: too_long with the documented maximum and the actual length.
    let product =
        json!({"id": "SKU-1", "title": big, "description": "d", "availability": "in stock",
        "condition": "new", "price": "1.00 USD", "link": "https://s.example.com/p",
        "image_link": "https://s.example.com/p.jpg", "brand": "b"})
        .to_string();
    let start = Instant::now();
    let v = call("product", product.as_bytes(), "");
    println!("10 MB product title: {:?} (two calls)", start.elapsed());
    let title = v["ok"]["issues"]
        .as_array()
        .and_then(|a| a.iter().find(|i| i["path"] == "/title"))
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(title["code"], "too_long", "{v}");
    assert_eq!(title["params"]["max"], 150);
    assert_eq!(title["params"]["actual"], TEN_MB);
    // An audience upload body of 10 MB: too_large at the root (and the value is not a hash).
    let users = json!([{"operation_type": "Update",
        "params": {"users": [{"email": [big]}]}}])
    .to_string();
    let start = Instant::now();
    let v = call("custom_audience_users", users.as_bytes(), "");
    println!("10 MB audience body: {:?} (two calls)", start.elapsed());
    assert!(has_issue(&v, "", "too_large"), "{v}");
    assert!(has_issue(&v, "/0/params/users/0/email/0", "invalid_format"));
    // Every kind: a 10 MB value (and a 100 KB member name: member names land in paths, which
    // the debug build writes slowly), each a report or an error, never a crash.
    let start = Instant::now();
    let name = "n".repeat(100_000);
    for kind in Kind::ALL {
        for member in [format!("\"name\":\"{big}\""), format!("\"{name}\":1")] {
            let (text, _) = inside(*kind, &member);
            let v = call(kind.name(), text.as_bytes(), "");
            assert!(
                v.get("ok").is_some(),
                "{kind}: {}",
                error_code(&v).unwrap_or("?")
            );
        }
    }
    println!(
        "10 MB value and 100 KB name through {} kinds: {:?}",
        Kind::ALL.len(),
        start.elapsed()
    );
    // One identifier of 10 MB: too_long, for every type.
    for t in IdType::ALL {
        assert_eq!(
            audience::hash(t, &big, &HashOptions::default()),
            Err(IdError::TooLong),
            "{t}"
        );
    }
}

#[test]
fn ten_thousand_levels_of_nesting_are_too_deep() {
    let texts = [
        "[".repeat(DEEP) + &"]".repeat(DEEP),
        "{\"a\":".repeat(DEEP) + "1" + &"}".repeat(DEEP),
        "[{\"a\":".repeat(DEEP / 2) + "1" + &"}]".repeat(DEEP / 2),
        // Unclosed: refused at the depth limit, before the end is looked for.
        "[".repeat(DEEP),
        format!("{{\"name\":{}", "[".repeat(DEEP)),
    ];
    for kind in Kind::ALL {
        for t in &texts {
            let v = call(kind.name(), t.as_bytes(), "");
            assert_eq!(error_code(&v), Some("too_deep"), "{kind}: {v}");
            assert_eq!(
                v["error"]["message"],
                format!("the payload nests deeper than {MAX_DEPTH} levels")
            );
        }
    }
    // Exactly MAX_DEPTH levels are read; one more is too deep.
    let at = |d: usize| format!("{{\"name\":{}{}}}", "[".repeat(d - 1), "]".repeat(d - 1));
    assert!(call("poll_card", at(MAX_DEPTH).as_bytes(), "")
        .get("ok")
        .is_some());
    assert_eq!(
        error_code(&call("poll_card", at(MAX_DEPTH + 1).as_bytes(), "")),
        Some("too_deep")
    );
    // parse_json (the serde_json value) refuses such text too, as too_deep.
    let e = preflight::parse_json(texts[0].as_bytes()).expect_err("too deep");
    assert_eq!(e.code.code(), "too_deep");
    // A value built in code 10,000 levels deep: validated without recursing past MAX_DEPTH. (Built
    // and dropped on a large stack: serde_json's own drop recurses.)
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(|| {
        // (Not json!: it serializes a variable it is given, recursively.)
        let mut v = json!("x");
        for i in 0..DEEP {
            v = if i % 2 == 0 {
                Value::Array(vec![v])
            } else {
                let mut m = serde_json::Map::new();
                m.insert("name".to_string(), v);
                Value::Object(m)
            };
        }
        for kind in Kind::ALL {
            let r = preflight::validate(*kind, &v, &preflight::Options::default());
            assert!(!r.to_json().is_empty());
        }
    });
    assert!(worker.map(|h| h.join().is_ok()).unwrap_or(false));
}

#[test]
fn numbers_out_of_range_and_negative_zero() {
    for kind in Kind::ALL {
        for n in ["1e400", "-1e400", "1E+999", "123456789e305"] {
            let (text, _) = inside(*kind, &format!("\"name\":{n}"));
            let v = call(kind.name(), text.as_bytes(), "");
            assert_eq!(error_code(&v), Some("invalid_json"), "{kind} {n}");
            let message = v["error"]["message"].as_str().unwrap_or("");
            assert!(message.contains("number out of range"), "{message}");
        }
    }
    // In options (read by serde_json) a number out of range is bad_options.
    let v = call(
        "poll_card",
        b"{}",
        r#"{"context":{"current":{"duration_in_minutes":1e400}}}"#,
    );
    assert_eq!(error_code(&v), Some("bad_options"), "{v}");
    // -0 and -0.0 are the integer 0 (out of range here, with params.actual 0), and so is 1e-400,
    // whose nearest f64 is 0 (as JSON.parse and parse_json read it).
    for zero in ["-0", "-0.0", "0e5", "-0E-0", "1e-400", "-1e-400"] {
        let text = format!(
            r#"{{"name":"Poll","duration_in_minutes":{zero},"first_choice":"A","second_choice":"B"}}"#
        );
        let v = call("poll_card", text.as_bytes(), "");
        let issue = &v["ok"]["issues"][0];
        assert_eq!(issue["code"], "out_of_range", "{zero}: {v}");
        assert_eq!(issue["params"]["actual"], 0, "{zero}: {v}");
    }
}

#[test]
fn a_whole_number_of_any_size_is_out_of_range_with_the_bounds_only() {
    // Up to ten thousand digits: the report carries the field's bounds, never the value's
    // digits, and stays as small as for 10081. A number beyond a 64-bit float (past 1.8e308) is
    // not read at all, as serde_json reads none: invalid_json.
    let nines = "9".repeat(10_000);
    let zeros = "0".repeat(10_000);
    let digits = "123456789".repeat(33);
    for (n, code) in [
        (digits.clone(), "out_of_range"),
        (format!("-{digits}"), "out_of_range"),
        (format!("{digits}.{zeros}"), "out_of_range"),
        // Not whole, but its nearest f64 is (as JSON.parse reads it): that whole number.
        (format!("{digits}.{zeros}1"), "out_of_range"),
        (format!("0.{zeros}1e10004"), "valid"),
        (format!("0.{zeros}1e10000"), "not_an_integer"),
        // Its nearest f64 is 0: out of range, with params.actual 0.
        (format!("1.5e-{nines}"), "out_of_range"),
        (format!("0e{nines}"), "out_of_range"),
        (format!("1e{nines}"), "invalid_json"),
        (format!("1{zeros}"), "invalid_json"),
        ("1e308".into(), "out_of_range"),
        ("9223372036854775808".into(), "out_of_range"),
        ("-9223372036854775809".into(), "out_of_range"),
        ("1e19".into(), "out_of_range"),
    ] {
        let text = format!(
            r#"{{"name":"Poll","duration_in_minutes":{n},"first_choice":"A","second_choice":"B"}}"#
        );
        let v = call("poll_card", text.as_bytes(), "");
        let short = &n[..n.len().min(24)];
        match code {
            "invalid_json" => assert_eq!(error_code(&v), Some(code), "{short}"),
            "valid" => assert_eq!(v["ok"], json!({"valid": true, "issues": []}), "{short}"),
            _ => {
                let issues = v["ok"]["issues"].as_array().expect("a report");
                assert_eq!(issues.len(), 1, "{short}: {v}");
                assert_eq!(issues[0]["code"], code, "{short}: {v}");
            }
        }
        if code == "out_of_range" && !n.starts_with("0e") && !n.starts_with("1.5e-") {
            // Beyond 64 bits, all of them.
            let issue = &v["ok"]["issues"][0];
            assert_eq!(
                issue["params"],
                json!({"min": 5, "max": 10080}),
                "{short}: {v}"
            );
            assert_eq!(issue["message"], "must be between 5 and 10080");
        }
        assert!(v.to_string().len() < 300, "{v}");
    }
}

#[test]
fn a_member_name_written_twice_is_duplicate_key_in_every_kind() {
    for kind in Kind::ALL {
        let (text, prefix) = inside(*kind, r#""x":1,"y":2,"x":3,"x":4"#);
        let v = call(kind.name(), text.as_bytes(), "");
        let dup: Vec<&Value> = v["ok"]["issues"]
            .as_array()
            .map(|a| a.iter().filter(|i| i["code"] == "duplicate_key").collect())
            .unwrap_or_default();
        assert_eq!(dup.len(), 1, "{kind}: {v}");
        assert_eq!(dup[0]["path"], format!("{prefix}/x"));
        assert_eq!(dup[0]["severity"], "error");
        assert_eq!(dup[0]["params"], json!({"count": 3, "first_index": 0}));
        assert_eq!(v["ok"]["valid"], false);
    }
    // A hostile object: 200,000 members of one name, then 20,000 unknown names each written twice.
    // One sort each, not a comparison of every pair (nor a pass over the earlier names for each
    // unknown one).
    let one_name = format!("{{{}\"name\":\"Poll\"}}", "\"name\":0,".repeat(200_000));
    let start = Instant::now();
    let v = call("poll_card", one_name.as_bytes(), "");
    let dup = v["ok"]["issues"]
        .as_array()
        .and_then(|a| a.iter().find(|i| i["code"] == "duplicate_key"))
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(dup["params"]["count"], 200_001, "{dup}");
    let pairs: Vec<String> = (0..20_000)
        .flat_map(|i| [format!("\"k{i}\":1"), format!("\"k{i}\":2")])
        .collect();
    // Every issue kept (the report's bound is lifted to its limit), so all of them are counted.
    let unbounded = format!(
        "{{\"max_issues\":{}}}",
        preflight::options::MAX_ISSUES_LIMIT
    );
    let v = call(
        "poll_card",
        format!("{{{}}}", pairs.join(",")).as_bytes(),
        &unbounded,
    );
    let count = issues(&v)
        .iter()
        .filter(|(_, c)| c == "duplicate_key")
        .count();
    assert_eq!(count, 20_000);
    println!(
        "200,001 repeats of one name, 20,000 repeated names: {:?}",
        start.elapsed()
    );
    // 50,000 distinct unknown members: one warning each, in one pass.
    let unknown: Vec<String> = (0..50_000).map(|i| format!("\"u{i}\":1")).collect();
    let v = call(
        "poll_card",
        format!("{{{}}}", unknown.join(",")).as_bytes(),
        &unbounded,
    );
    let count = issues(&v)
        .iter()
        .filter(|(_, c)| c == "unknown_field")
        .count();
    assert_eq!(count, 50_000);
    println!("then 50,000 unknown members: {:?}", start.elapsed());
    // A parsed serde_json::Value cannot carry a repeated name: no duplicate_key from it.
    let parsed: Value = serde_json::from_str(r#"{"name":"a","name":"b"}"#).expect("JSON");
    let r = preflight::validate(Kind::PollCard, &parsed, &preflight::Options::default());
    assert!(!r.to_json().contains("duplicate_key"));
}

#[test]
fn escaped_lone_surrogates_are_invalid_json() {
    for kind in Kind::ALL {
        for esc in [
            r"\ud800",
            r"\udfff",
            r"\udc00\ud800",
            r"\ud83d x",
            r"\ud800\u0041",
        ] {
            for member in [format!("\"name\":\"a{esc}\""), format!("\"a{esc}\":1")] {
                let (text, _) = inside(*kind, &member);
                let v = call(kind.name(), text.as_bytes(), "");
                assert_eq!(error_code(&v), Some("invalid_json"), "{kind} {text}");
                let message = v["error"]["message"].as_str().unwrap_or("");
                assert!(message.contains("surrogate"), "{message}");
            }
        }
    }
}

#[test]
fn null_where_an_object_is_expected_is_wrong_type() {
    for kind in Kind::ALL {
        let v = call(kind.name(), b"null", "");
        let root = v["ok"]["issues"]
            .as_array()
            .and_then(|a| a.iter().find(|i| i["path"] == ""))
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(root["code"], "wrong_type", "{kind}: {v}");
        assert_eq!(root["params"]["actual"], "null", "{kind}: {v}");
        assert_eq!(v["ok"]["valid"], false);
        // Nested: an array root's first item null.
        if array_root(*kind) {
            let v = call(kind.name(), b"[null]", "");
            assert!(has_issue(&v, "/0", "wrong_type"), "{kind}: {v}");
        }
    }
    let nested = [
        ("product_batch", r#"{"products":[null]}"#, "/products/0"),
        (
            "card",
            r#"{"name":"c","components":[null]}"#,
            "/components/0",
        ),
        (
            "activity_subscription",
            r#"{"event_type":"post.create","filter":null}"#,
            "/filter",
        ),
        (
            "custom_audience_users",
            r#"[{"operation_type":"Update","params":{"users":[null]}}]"#,
            "/0/params/users/0",
        ),
        (
            "do_not_reach_users",
            r#"[{"operation_type":"Update","params":null}]"#,
            "/0/params",
        ),
    ];
    for (kind, text, path) in nested {
        let v = call(kind, text.as_bytes(), "");
        assert!(has_issue(&v, path, "wrong_type"), "{kind}: {v}");
    }
    // As options: null is the defaults; null context is no context.
    assert!(call("poll_card", b"{}", "null").get("ok").is_some());
    assert!(call("poll_card", b"{}", r#"{"context":null}"#)
        .get("ok")
        .is_some());
}

#[test]
fn bodies_over_the_documented_byte_limits() {
    use preflight::audience::batch::MAX_BODY_BYTES;
    // An audience body of exactly MAX_BODY_BYTES + 1 bytes of compact JSON: too_large at "".
    for kind in ["custom_audience_users", "do_not_reach_users"] {
        let hash = "a".repeat(64);
        let body = |n: usize, pad: usize| {
            let mut emails = vec![hash.clone(); n];
            if let Some(last) = emails.last_mut() {
                last.push_str(&"a".repeat(pad));
            }
            json!([{"operation_type": "Update", "params": {"users": [{"email": emails}],
                "expires_at": "2030-01-01T00:00:00Z"}}])
            .to_string()
        };
        // 67 bytes per hash (quotes and comma), the rest of the body well under 1,000 bytes.
        let n = (MAX_BODY_BYTES - 1000) / 67;
        let short = MAX_BODY_BYTES - body(n, 0).len();
        let at_limit = body(n, short);
        assert_eq!(at_limit.len(), MAX_BODY_BYTES);
        let v = call(kind, at_limit.as_bytes(), "");
        assert!(!has_issue(&v, "", "too_large"), "{kind}");
        let over = body(n, short + 1);
        let v = call(kind, over.as_bytes(), "");
        let issue = v["ok"]["issues"]
            .as_array()
            .and_then(|a| {
                a.iter()
                    .find(|i| i["path"] == "" && i["code"] == "too_large")
            })
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(issue["params"]["max"], MAX_BODY_BYTES, "{kind}");
        assert_eq!(issue["params"]["actual"], MAX_BODY_BYTES + 1, "{kind}");
    }
    // A text over MAX_INPUT_BYTES: input_too_large for every kind, before it is read.
    let mut huge = vec![b' '; MAX_INPUT_BYTES + 1];
    huge[0] = b'{';
    let start = Instant::now();
    for kind in Kind::ALL {
        let v = call(kind.name(), &huge, "");
        assert_eq!(error_code(&v), Some("input_too_large"), "{kind}");
    }
    println!(
        "{} kinds refusing {} bytes: {:?}",
        Kind::ALL.len(),
        huge.len(),
        start.elapsed()
    );
    // Exactly MAX_INPUT_BYTES is read (whitespace after the value).
    let mut at_limit = huge;
    at_limit.truncate(MAX_INPUT_BYTES);
    at_limit[1] = b'}';
    assert!(call("poll_card", &at_limit, "").get("ok").is_some());
    let e = preflight::parse_json(&vec![b' '; MAX_INPUT_BYTES + 1]).expect_err("too large");
    assert_eq!(e.code.code(), "input_too_large");
}

#[test]
fn wrong_calls_are_typed_errors_never_panics() {
    let cases: [(&str, &[u8], &str, &str); 6] = [
        ("nope", b"{}", "", "unknown_kind"),
        ("", b"{}", "", "unknown_kind"),
        ("poll_card\0", b"{}", "", "unknown_kind"),
        ("poll_card", b"{}", "[]", "bad_options"),
        (
            "poll_card",
            b"{}",
            "{\"context\":{\"objective\":1e400}}",
            "bad_options",
        ),
        ("poll_card", b"{}", "{\"contxt\":{}}", "bad_options"),
    ];
    for (kind, payload, options, code) in cases {
        let v = call(kind, payload, options);
        assert_eq!(error_code(&v), Some(code), "{kind:?} {options}: {v}");
    }
}

/// A timing attacker is hostile input too. Constant-time comparison holds by construction, and
/// this checks the construction: the one place a MAC is compared is `verify_hmac_sha256` in
/// src/signing/mac.rs, through the `hmac` crate's `verify_slice` (which compares with `subtle`'s
/// constant-time equality, a dependency in Cargo.lock); every signature check reaches it
/// (`check_signature`, which the request and CRC GET checks call); no other code of the core,
/// the wasm binding or the JavaScript wrapper computes a MAC and compares it. (Timing itself is
/// not measured by a test; the behaviour of the checks is tested against independent HMACs in
/// tests/signing.rs.)
#[test]
fn signature_checks_compare_in_constant_time_by_construction() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_default();
    /// The non-test code of a Rust source.
    fn code(src: &str) -> &str {
        src.split("#[cfg(test)]").next().unwrap_or("")
    }
    let mac = read("src/signing/mac.rs");
    let verify = code(&mac)
        .split("pub fn verify_hmac_sha256")
        .nth(1)
        .unwrap_or("");
    // The `hmac` crate's `verify_slice` (native, signing-only wasm build) or `subtle`'s `ct_eq`
    // over the hand-written HMAC (the full wasm build): both `subtle`'s constant-time equality.
    assert!(verify.contains(".verify_slice(tag)"), "{verify}");
    assert!(verify.contains("want.ct_eq(tag)"), "{verify}");
    let event = read("src/signing/event.rs");
    let check = code(&event)
        .split("pub fn check_signature")
        .nth(1)
        .and_then(|s| s.split("\npub fn ").next())
        .unwrap_or("");
    assert!(check.contains("verify_hmac_sha256(consumer_secret, body, &tag)"));
    for caller in ["check_request_signature", "check_crc_request_signature"] {
        let body = code(&event)
            .split(&format!("pub fn {caller}"))
            .nth(1)
            .and_then(|s| s.split("\npub fn ").next())
            .unwrap_or("");
        assert!(body.contains("check_signature("), "{caller}");
    }
    // Elsewhere a MAC is only computed and encoded, never compared.
    let mut files = vec![
        "src/signing/event.rs",
        "src/signing/crc.rs",
        "src/signing/app_only.rs",
        "src/signing/percent.rs",
        "src/signing/mod.rs",
        "bindings/wasm/src/signing.rs",
        "bindings/shared/src/signing.rs",
        "bindings/python/src/sign.rs",
    ];
    let oauth: Vec<String> = std::fs::read_dir(root.join("src/signing/oauth1"))
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| format!("src/signing/oauth1/{}", e.file_name().to_string_lossy()))
                .collect()
        })
        .unwrap_or_default();
    files.extend(oauth.iter().map(String::as_str));
    for f in files {
        let src = read(f);
        assert!(!src.is_empty(), "{f} is missing");
        for line in code(&src).lines() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            assert!(
                !line.contains("verify_slice") && !line.contains("ct_eq"),
                "{f}: {line}"
            );
            if line.contains("hmac_sha256(") || line.contains("hmac_sha1(") {
                assert!(!line.contains("==") && !line.contains("!="), "{f}: {line}");
            }
        }
    }
    for f in ["pkg/lib/signing.js", "pkg/lib/core.js", "pkg/api.js"] {
        let src = read(f);
        for forbidden in ["createHmac", "timingSafeEqual", "crypto.subtle", ".digest("] {
            assert!(
                !src.contains(forbidden),
                "{f} computes a MAC itself: {forbidden}"
            );
        }
    }
    // `subtle` is what the hmac crate's verify_slice compares with.
    let lock = read("Cargo.lock");
    let digest = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"digest\""))
        .unwrap_or("");
    assert!(digest.contains("\"subtle\""), "{digest}");
}

/// SECURITY.md names each guarantee's tests as `` `file` › `test`, `test` ``: every file it names
/// must exist and hold every test it names (a Rust `fn` or a JavaScript `test('...')`), so the
/// document cannot point at a test that was renamed or removed.
#[test]
fn security_md_names_only_tests_that_exist() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("SECURITY.md")).expect("SECURITY.md");
    let mut cited = 0;
    let mut missing = Vec::new();
    for line in doc.lines() {
        let mut rest = line;
        while let Some(at) = rest.find("` › `") {
            let file = rest[..at].rsplit('`').next().unwrap_or("");
            rest = &rest[at + "` › ".len()..];
            let src = std::fs::read_to_string(root.join(file)).unwrap_or_default();
            if src.is_empty() {
                missing.push(format!("{file}: no such file"));
            }
            // `name`, `name`, ... (names may hold commas, never backticks).
            while let Some(after) = rest.strip_prefix('`') {
                let Some(end) = after.find('`') else { break };
                let name = &after[..end];
                cited += 1;
                let found = if file.ends_with(".rs") {
                    src.contains(&format!("fn {name}("))
                } else {
                    src.contains(&format!("test('{name}'"))
                };
                if !found {
                    missing.push(format!("{file}: {name}"));
                }
                rest = &after[end + 1..];
                match rest.strip_prefix(", ") {
                    Some(r) if r.starts_with('`') => rest = r,
                    _ => break,
                }
            }
        }
    }
    assert!(cited >= 40, "only {cited} tests cited");
    assert!(
        missing.is_empty(),
        "SECURITY.md cites:\n{}",
        missing.join("\n")
    );
}
