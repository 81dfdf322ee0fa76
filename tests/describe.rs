//! `describe(kind)` must say what the engine does. For the kinds with hand-written rules the
//! description is a second statement of the rules, so this test holds them together: starting
//! from every valid shared vector, it breaks each described bound of each field the payload
//! carries and requires the engine to report an error at that field's path:
//! - a string one character longer than `maxLength` (and shorter than `minLength`);
//! - an integer one past `minimum` / `maximum`;
//! - an enum member replaced by a value outside the set, and every listed enum value accepted;
//! - a list with one item more than `maxItems`;
//! - a member described as always required removed.
//!
//! (The kinds validated straight from their row by the engine (`src/engine/`) pass by
//! construction; the test still runs them, which checks the engine.)

use preflight::{Kind, Options};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Every valid case of the shared vectors: (name, kind, options, payload).
fn valid_cases() -> Vec<(String, Kind, Options, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("tests/vectors")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).expect("readable");
        let cases: Vec<Value> = serde_json::from_str(&text).expect("array of cases");
        for c in cases {
            if c["valid"] != Value::Bool(true) || c.get("payload").is_none() {
                continue;
            }
            let Ok(kind) = c["kind"].as_str().unwrap_or_default().parse::<Kind>() else {
                continue;
            };
            let mut options = Options::from_value(c.get("options").unwrap_or(&Value::Null))
                .expect("vector options");
            // A vector that bounds its report (report_bounds.json) would hide the error a
            // mutation makes: the mutations are judged on the whole report.
            options.max_issues = preflight::options::MAX_ISSUES_LIMIT;
            let name = c["name"].as_str().unwrap_or_default().to_string();
            out.push((name, kind, options, c["payload"].clone()));
        }
    }
    out
}

/// The concrete pointers a described path (`/a/*/b`) has in `payload`, honouring the entry's
/// `appliesWhen` (a tagged variant's member applies only where the tag has that value).
fn concrete_paths(payload: &Value, template: &str, applies: &Value) -> Vec<String> {
    let mut found = vec![(String::new(), payload)];
    let segments: Vec<&str> = template.split('/').skip(1).collect();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        let mut next = Vec::new();
        for (at, v) in found {
            if *seg == "*" {
                if let Value::Array(items) = v {
                    for (j, item) in items.iter().enumerate() {
                        next.push((format!("{at}/{j}"), item));
                    }
                }
            } else if let Value::Object(m) = v {
                let key = seg.replace("~1", "/").replace("~0", "~");
                if last && !applies.is_null() {
                    let tag = applies["field"].as_str().unwrap_or_default();
                    let tag_name = tag.rsplit('/').next().unwrap_or_default();
                    if m.get(tag_name).and_then(Value::as_str) != applies["value"].as_str() {
                        continue;
                    }
                }
                if let Some(child) = m.get(&key) {
                    next.push((format!("{at}/{seg}"), child));
                }
            }
        }
        found = next;
    }
    found.into_iter().map(|(p, _)| p).collect()
}

/// The parent pointer and the member name or index of `path`.
fn split(path: &str) -> (&str, &str) {
    path.rsplit_once('/').unwrap_or(("", path))
}

fn set(payload: &Value, path: &str, v: Value) -> Value {
    let mut p = payload.clone();
    if let Some(slot) = p.pointer_mut(path) {
        *slot = v;
    }
    p
}

fn remove(payload: &Value, path: &str) -> Value {
    let mut p = payload.clone();
    let (parent, key) = split(path);
    if let Some(Value::Object(m)) = p.pointer_mut(parent) {
        m.remove(key);
    }
    p
}

fn errors_at(kind: Kind, options: &Options, payload: &Value, path: &str) -> Vec<String> {
    let report = preflight::validate(kind, payload, options);
    report
        .errors()
        .filter(|i| i.path == path)
        .map(|i| i.code.code().to_string())
        .collect()
}

/// A value the description says is too long: `n` characters of a letter that fits every
/// documented text rule (no markup, no hex colour).
fn text_of(n: usize) -> String {
    "k".repeat(n)
}

#[test]
fn described_bounds_are_the_engines() {
    let mut problems = Vec::new();
    let mut checked = 0usize;
    for (name, kind, options, payload) in valid_cases() {
        let d = preflight::describe(kind).to_json();
        let is_query = d["in"] == "query";
        for f in d["fields"].as_array().cloned().unwrap_or_default() {
            let template = f["path"].as_str().unwrap_or_default();
            for path in concrete_paths(&payload, template, &f["appliesWhen"]) {
                let current = payload.pointer(&path).cloned().unwrap_or(Value::Null);
                let mut must_fail: Vec<(&str, Value)> = Vec::new();
                let mut expect_error = |what: &'static str, mutated: Value| {
                    must_fail.push((what, mutated));
                };
                let mut must_accept: Vec<Value> = Vec::new();
                if let (Some(max), Value::String(_)) = (f["maxLength"].as_u64(), &current) {
                    expect_error(
                        "a string longer than maxLength",
                        set(&payload, &path, Value::String(text_of(max as usize + 1))),
                    );
                }
                if let (Some(min), Value::String(_)) = (f["minLength"].as_u64(), &current) {
                    if min > 1 {
                        expect_error(
                            "a string shorter than minLength",
                            set(&payload, &path, Value::String(text_of(min as usize - 1))),
                        );
                    }
                }
                if let Some(max) = f["maximum"].as_i64() {
                    if current.is_number() || (is_query && current.is_string()) {
                        expect_error(
                            "a number above maximum",
                            set(&payload, &path, Value::from(max + 1)),
                        );
                    }
                }
                if let Some(min) = f["minimum"].as_i64() {
                    if current.is_number() || (is_query && current.is_string()) {
                        expect_error(
                            "a number below minimum",
                            set(&payload, &path, Value::from(min - 1)),
                        );
                    }
                }
                if let (Some(values), Value::String(_)) = (f["enum"].as_array(), &current) {
                    expect_error(
                        "a value outside the enum",
                        set(&payload, &path, Value::from("NOT_A_DOCUMENTED_VALUE")),
                    );
                    must_accept.extend(values.iter().cloned());
                }
                if let (Some(max), Value::String(s)) = (f["maxItems"].as_u64(), &current) {
                    if f["type"] == "list" && !s.is_empty() {
                        let first = s.split(',').next().unwrap_or_default();
                        let many = vec![first; max as usize + 1].join(",");
                        expect_error(
                            "a list longer than maxItems",
                            set(&payload, &path, Value::from(many)),
                        );
                    }
                }
                if let (Some(max), Value::Array(items)) = (f["maxItems"].as_u64(), &current) {
                    if let Some(first) = items.first() {
                        let many = vec![first.clone(); max as usize + 1];
                        expect_error(
                            "an array longer than maxItems",
                            set(&payload, &path, Value::Array(many)),
                        );
                    }
                }
                if f["required"] == "always" {
                    expect_error("removing a required member", remove(&payload, &path));
                }
                for (what, mutated) in must_fail {
                    checked += 1;
                    if errors_at(kind, &options, &mutated, &path).is_empty() {
                        problems.push(format!(
                            "{kind} ({name}): {what} at {path} gives no error there"
                        ));
                    }
                }
                for v in must_accept {
                    checked += 1;
                    let mutated = set(&payload, &path, v.clone());
                    let codes = errors_at(kind, &options, &mutated, &path);
                    if codes.iter().any(|c| c == "not_in_enum") {
                        problems.push(format!(
                            "{kind} ({name}): described enum value {v} at {path} is refused"
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 0, "no described field was exercised");
    assert!(
        problems.is_empty(),
        "{} of {checked} checks failed:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Every kind describes at least one field, and its JSON form has the documented members.
#[test]
fn every_kind_is_described() {
    for kind in Kind::ALL {
        let d = preflight::describe(*kind).to_json();
        assert_eq!(d["kind"], kind.name());
        let fields = d["fields"].as_array().cloned().unwrap_or_default();
        assert!(!fields.is_empty(), "{kind}: no field described");
        for f in fields {
            for member in [
                "path",
                "name",
                "type",
                "required",
                "condition",
                "minLength",
                "maxLength",
                "minimum",
                "maximum",
                "minItems",
                "maxItems",
                "enum",
                "format",
                "items",
                "appliesWhen",
                "description",
            ] {
                assert!(
                    f.get(member).is_some(),
                    "{kind}: {} lacks {member}",
                    f["path"]
                );
            }
            let req = f["required"].as_str().unwrap_or_default();
            assert!(["always", "optional", "conditional"].contains(&req));
            assert_eq!(req == "conditional", !f["condition"].is_null());
        }
    }
}

/// `readsClock` marks exactly the rules relative to "now" (src/clock.rs), each kind's JSON
/// Schema says so in its `$comment`, and each such rule gives another answer at another time:
/// the marked rules are the ones that read the clock, and no unmarked rule does.
#[test]
fn rules_that_read_the_clock_are_marked() {
    let mut marked = Vec::new();
    for kind in Kind::ALL {
        let d = preflight::describe(*kind).to_json();
        for r in d["rules"].as_array().into_iter().flatten() {
            assert!(r["readsClock"].is_boolean(), "{kind}: {r}");
            if r["readsClock"] == true {
                marked.push(format!("{kind} {}", r["code"].as_str().unwrap_or_default()));
            }
        }
        let schema = preflight::describe::schema::json_schema(preflight::describe(*kind));
        let comment = schema["$comment"].as_str().unwrap_or_default();
        let clock_rules = d["rules"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["readsClock"] == true)
            .count();
        assert_eq!(
            comment.matches("[reads the clock]").count(),
            clock_rules,
            "{kind}"
        );
    }
    marked.sort();
    assert_eq!(
        marked,
        [
            "activity_subscription deprecated",
            "custom_audience_users invalid_date_range",
            "do_not_reach_users invalid_date_range",
            "keyword_insights_query invalid_date_range",
        ]
    );
    assert_eq!(marked.len(), preflight::clock::CLOCK_RULES.len());
    // Each marked kind answers differently at two times for one payload.
    let at = |kind: &str, payload: &str, now: &str| {
        preflight::validate_json(kind, payload.as_bytes(), &format!(r#"{{"now":"{now}"}}"#))
            .map(|r| r.valid)
    };
    let cases = [
        (
            "keyword_insights_query",
            r#"{"granularity":"DAY","keywords":"a","start_time":"2026-11-01T00:00:00Z"}"#,
        ),
        (
            "custom_audience_users",
            r#"[{"operation_type":"Update","params":{"users":[{"partner_user_id":["p"]}],"expires_at":"2026-12-01T00:00:00Z"}}]"#,
        ),
        (
            "do_not_reach_users",
            r#"[{"operation_type":"Update","params":{"users":[{"email":["6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381"]}],"expires_at":"2026-12-01T00:00:00Z"}}]"#,
        ),
    ];
    for (kind, payload) in cases {
        assert_eq!(
            at(kind, payload, "2026-11-02T00:00:00Z"),
            Ok(true),
            "{kind}"
        );
        assert_eq!(
            at(kind, payload, "2027-01-01T00:00:00Z"),
            Ok(false),
            "{kind}"
        );
    }
    let sub = r#"{"event_type":"ProfileBioUpdate","filter":{"user_id":"2244994945"}}"#;
    let warnings = |now: &str| {
        preflight::validate_json(
            "activity_subscription",
            sub.as_bytes(),
            &format!(r#"{{"now":"{now}"}}"#),
        )
        .map(|r| r.issues.len())
    };
    assert_eq!(warnings("2026-03-17T00:00:00Z"), Ok(0));
    assert_eq!(warnings("2026-03-18T00:00:00Z"), Ok(1));
}

/// A member another needs is `conditional` in `describe`, on the condition the engine uses:
/// poll_card's third_choice when fourth_choice is present, and each Post text of a
/// video_conversation_card when its CTA is given (not ""). Before, describe showed them as plain
/// optional though the engine reports them missing (`dependency_missing`) exactly then.
#[test]
fn members_needed_by_another_are_conditional() {
    let cases = [
        (Kind::PollCard, "third_choice", "present", "fourth_choice"),
        (
            Kind::VideoConversationCard,
            "second_cta_tweet",
            "given",
            "second_cta",
        ),
        (
            Kind::VideoConversationCard,
            "third_cta_tweet",
            "given",
            "third_cta",
        ),
        (
            Kind::VideoConversationCard,
            "fourth_cta_tweet",
            "given",
            "fourth_cta",
        ),
    ];
    for (kind, name, op, by) in cases {
        let d = preflight::describe(kind).to_json();
        let fields = d["fields"].as_array().cloned().unwrap_or_default();
        let f = fields
            .iter()
            .find(|f| f["name"] == name)
            .unwrap_or_else(|| panic!("{kind}: {name} is described"));
        assert_eq!(f["required"], "conditional", "{kind} {name}");
        assert_eq!(f["condition"]["when"]["op"], op, "{kind} {name}");
        assert_eq!(
            f["condition"]["when"]["field"],
            format!("/{by}"),
            "{kind} {name}"
        );
    }
    // And the engine: the condition holds and the member is missing, or sent "" where a value
    // must be given.
    let payloads = [
        (
            Kind::PollCard,
            serde_json::json!({"name": "n", "duration_in_minutes": 5, "first_choice": "a",
                "second_choice": "b", "fourth_choice": "d"}),
            "/third_choice",
        ),
        (
            Kind::VideoConversationCard,
            serde_json::json!({"first_cta": "#a", "first_cta_tweet": "t", "media_key": "m",
                "name": "n", "thank_you_text": "x", "title": "t", "second_cta": "#b",
                "second_cta_tweet": ""}),
            "/second_cta_tweet",
        ),
    ];
    for (kind, payload, at) in payloads {
        let report = preflight::validate(kind, &payload, &Options::default());
        let codes: Vec<&str> = report
            .issues
            .iter()
            .filter(|i| i.path == at)
            .map(|i| i.code.code())
            .collect();
        assert_eq!(codes, ["dependency_missing"], "{kind}: {report:?}");
    }
    // With the CTA sent empty, its Post text is not needed (the condition does not hold).
    let payload = serde_json::json!({"first_cta": "#a", "first_cta_tweet": "t", "media_key": "m",
        "name": "n", "thank_you_text": "x", "title": "t", "second_cta": ""});
    let report = preflight::validate(Kind::VideoConversationCard, &payload, &Options::default());
    assert!(
        report.issues.iter().all(|i| i.path != "/second_cta_tweet"),
        "{report:?}"
    );
}

/// The rules `describe` shows are derived from the checks, not restated beside them: a member's
/// needs is shown in the words "X needs Y" at X, and a nested table's rules (each product of a
/// batch) are the product's, at the batch's pointers, one for one.
#[test]
fn rules_are_derived_from_the_checks() {
    let rules = |kind: &str| -> Vec<Value> {
        let kind: Kind = kind.parse().expect("kind");
        let d = preflight::describe(kind).to_json();
        d["rules"].as_array().cloned().unwrap_or_default()
    };
    let poll = rules("poll_card");
    assert!(
        poll.iter().any(|r| r["code"] == "dependency_missing"
            && r["text"] == "fourth_choice needs third_choice"
            && r["fields"] == serde_json::json!(["/fourth_choice", "/third_choice"])),
        "{poll:?}"
    );
    let product = rules("product");
    let batch = rules("product_batch");
    assert!(!product.is_empty());
    for r in &product {
        let fields: Vec<String> = r["fields"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|f| format!("/products/*{}", f.as_str().unwrap_or_default()))
            .collect();
        assert!(
            batch.iter().any(|b| b["code"] == r["code"]
                && b["text"] == r["text"]
                && b["fields"] == serde_json::json!(fields)),
            "product_batch lacks {r}"
        );
    }
    // The batch's own rule (ids unique across the array), then the product's.
    assert_eq!(batch.len(), product.len() + 1);
    assert_eq!(batch[0]["fields"], serde_json::json!(["/products/*/id"]));
}
