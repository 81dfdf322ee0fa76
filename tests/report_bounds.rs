//! The report is bounded (docs/RULES.md, conventions; SECURITY.md §5, report amplification):
//! - at most `max_issues` issues (default `DEFAULT_MAX_ISSUES`), then one `too_many_issues`
//!   issue at `""` counting the rest, an error when an error was left out (so `valid` still
//!   counts every issue found);
//! - no issue's message or params grow with the payload: every kind, every described field,
//!   hostile values of many sizes;
//! - a hostile payload of megabytes gives a report of at most 20 times its size;
//! - a bounded report is the start of the full one, and its counts are the full one's.
//!
//! The same cases through wasm: tests/vectors/report_bounds.json (Node and Chromium compare the
//! engine's output byte for byte); the CLI's `--max-issues` against the Node package:
//! tests/node/report-bounds.test.mjs.

mod common;

use common::vectors::vector_cases;
use preflight::options::{DEFAULT_MAX_ISSUES, MAX_ISSUES_LIMIT};
use preflight::Kind;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The longest message plus params (as compact JSON) of any issue, in bytes. The longest today is
/// a `not_in_enum` over the 22 sandbox feature keys (their list in `params.allowed`, about 640
/// bytes); before the bound, its message listed them again (about 1,200 bytes each).
const DETAIL_MAX_BYTES: usize = 1024;

/// How much larger than its payload a report of a large hostile payload may be.
const MAX_AMPLIFICATION: usize = 20;

/// The report of a call that must succeed.
fn report(kind: &str, payload: &[u8], options: &str) -> Value {
    let out = crate::common::envelope::validate_json_envelope(kind, payload, options);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(
        v.get("ok").is_some(),
        "{kind}: {}",
        &out[..out.len().min(300)]
    );
    v["ok"].clone()
}

fn issues(r: &Value) -> &[Value] {
    r["issues"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn options(max_issues: usize) -> String {
    json!({ "max_issues": max_issues }).to_string()
}

/// An issue's message and params, digit runs counted as one character: an index or a count may
/// grow with the payload by its digits, nothing else may.
fn detail_shape(i: &Value) -> usize {
    let text = format!("{}{}", i["message"].as_str().unwrap_or(""), i["params"]);
    let mut n = 0;
    let mut digit = false;
    for c in text.chars() {
        if !(digit && c.is_ascii_digit()) {
            n += 1;
        }
        digit = c.is_ascii_digit();
    }
    n
}

fn detail_bytes(i: &Value) -> usize {
    i["message"].as_str().unwrap_or("").len() + i["params"].to_string().len()
}

/// JSON text with `leaf` at the described `path` (`/products/*/id`): each `*` an array whose
/// first one holds `n` copies and the others one.
fn at_path(segments: &[&str], leaf: &str, n: usize) -> String {
    match segments.split_first() {
        None => leaf.to_string(),
        Some((&"*", rest)) => {
            let inner = at_path(rest, leaf, 1);
            format!("[{}]", vec![inner; n].join(","))
        }
        Some((name, rest)) => format!("{{{}:{}}}", json!(name), at_path(rest, leaf, n)),
    }
}

/// Hostile values of size `n`: arrays and comma lists of items that break enum, format and
/// uniqueness rules, of the wrong type, empty; long strings; objects of unknown and repeated
/// members.
fn leaves(n: usize) -> Vec<(&'static str, String)> {
    let items = |item: &str| vec![item; n].join(",");
    let members = |f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<Vec<_>>().join(",");
    vec![
        ("array of \"a\"", format!("[{}]", items("\"a\""))),
        ("array of \"1\"", format!("[{}]", items("\"1\""))),
        ("array of {}", format!("[{}]", items("{}"))),
        ("array of null", format!("[{}]", items("null"))),
        ("array of []", format!("[{}]", items("[]"))),
        ("comma list of a", format!("\"{}\"", vec!["a"; n].join(","))),
        ("comma list of 1", format!("\"{}\"", vec!["1"; n].join(","))),
        ("commas", format!("\"{}\"", ",".repeat(n))),
        ("long string", format!("\"{}\"", "x".repeat(n))),
        ("digits", format!("\"{}\"", "9".repeat(n))),
        (
            "unknown members",
            format!("{{{}}}", members(&|i| format!("\"k{i}\":1"))),
        ),
        (
            "repeated members",
            format!("{{{}}}", members(&|i| format!("\"k{}\":{i}", i % 3))),
        ),
    ]
}

/// Every payload of the hostile family for `kind`, at size `n`: each leaf at each described path
/// and at the root, and each short leaf repeated `n` times at each path that holds an array.
fn hostile_payloads(kind: Kind, n: usize) -> Vec<(String, String)> {
    let described = preflight::describe(kind).to_json();
    let mut paths: Vec<String> = described["fields"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter_map(|f| f["path"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    paths.push(String::new());
    paths.dedup();
    let mut out = Vec::new();
    for path in &paths {
        let segments: Vec<&str> = path.split('/').skip(1).collect();
        for (name, leaf) in leaves(n) {
            out.push((format!("{path} = {name}"), at_path(&segments, &leaf, 1)));
        }
        if segments.contains(&"*") {
            for leaf in ["\"a\"", "\"1\"", "{}", "null", "[]"] {
                out.push((format!("{path}, {n} x {leaf}"), at_path(&segments, leaf, n)));
            }
        }
    }
    out
}

/// The largest detail shape of each code in a report.
fn details_by_code(r: &Value) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for i in issues(r) {
        let e = out
            .entry(i["code"].as_str().unwrap_or("?").to_string())
            .or_insert(0);
        *e = detail_shape(i).max(*e);
    }
    out
}

/// Every kind, every described field, every hostile value: at most `DEFAULT_MAX_ISSUES` issues
/// and one `too_many_issues` last; no message or params longer than `DETAIL_MAX_BYTES`, and none
/// longer (digits aside) at 1,100 items than at 40.
#[test]
fn every_kind_keeps_the_bound_and_issues_of_constant_size() {
    const SMALL: usize = 40;
    const LARGE: usize = DEFAULT_MAX_ISSUES + 100;
    let mut problems = Vec::new();
    let mut bounded = 0;
    for kind in Kind::ALL {
        let small = hostile_payloads(*kind, SMALL);
        let large = hostile_payloads(*kind, LARGE);
        for ((_, small), (what, large)) in small.iter().zip(&large) {
            let at = format!("{kind}: {what}");
            let r_small = report(kind.name(), small.as_bytes(), "");
            let r = report(kind.name(), large.as_bytes(), "");
            let list = issues(&r);
            if list.len() > DEFAULT_MAX_ISSUES + 1 {
                problems.push(format!("{at}: {} issues", list.len()));
            }
            if list.len() == DEFAULT_MAX_ISSUES + 1 {
                bounded += 1;
                if list[DEFAULT_MAX_ISSUES]["code"] != "too_many_issues" {
                    problems.push(format!("{at}: the last issue is not too_many_issues"));
                }
            }
            let early = &list[..list.len().saturating_sub(1)];
            if early.iter().any(|i| i["code"] == "too_many_issues") {
                problems.push(format!("{at}: too_many_issues before the end"));
            }
            if let Some(i) = list.iter().find(|i| detail_bytes(i) > DETAIL_MAX_BYTES) {
                problems.push(format!("{at}: {} bytes of details: {i}", detail_bytes(i)));
            }
            let before = details_by_code(&r_small);
            for (code, size) in details_by_code(&r) {
                if before.get(&code).is_some_and(|b| size > *b) {
                    problems.push(format!("{at}: {code} details grow with the payload"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The family does reach the bound (else the test would prove nothing about it).
    assert!(bounded > 100, "only {bounded} payloads reached the bound");
}

/// A valid product of the spec's shape.
fn product(id: &str) -> Value {
    json!({"id": id, "title": "T-shirt", "description": "Cotton", "availability": "in stock",
        "condition": "new", "price": "19.99 USD", "link": "https://shop.example.com/p",
        "image_link": "https://cdn.example.com/p.jpg", "brand": "Acme"})
}

/// Hostile payloads of 1 to 4 MB, the worst shapes found: every report at most
/// `MAX_AMPLIFICATION` times its payload and `DEFAULT_MAX_ISSUES` + 1 issues, the same twice.
#[test]
fn megabyte_payloads_give_reports_within_twenty_times_their_size() {
    let many = |item: &str, n: usize| format!("[{}]", vec![item; n].join(","));
    let products: Vec<Value> = (0..20_000).map(|_| product("SKU-1")).collect();
    let users = many(r#"{"email":["a"],"phone_number":1}"#, 60_000);
    let cases: Vec<(&str, String)> = vec![
        // The issue's case: `Array(900000).fill('a')`, about 3.6 MB.
        (
            "sandbox_features_create",
            format!("{{\"feature_keys\":{}}}", many("\"a\"", 900_000)),
        ),
        (
            "sandbox_features_create",
            format!("{{\"feature_keys\":\"{}\"}}", vec!["a"; 500_000].join(",")),
        ),
        (
            "card_list_query",
            format!("{{\"card_types\":\"{}\"}}", vec!["a"; 500_000].join(",")),
        ),
        (
            "webhook_list_query",
            format!(
                "{{\"webhook_config.fields\":\"{}\"}}",
                vec!["id"; 400_000].join(",")
            ),
        ),
        ("product_batch", json!({ "products": products }).to_string()),
        (
            "product_batch",
            format!("{{\"products\":{}}}", many("{}", 400_000)),
        ),
        (
            "custom_audience_users",
            format!(r#"[{{"operation_type":"Update","params":{{"users":{users}}}}}]"#),
        ),
        (
            "card",
            format!("{{\"name\":\"c\",\"components\":{}}}", many("{}", 400_000)),
        ),
        (
            "poll_card",
            format!(
                "{{{}}}",
                // 60,000 names, each written twice: a duplicate_key each.
                (0..120_000)
                    .map(|i| format!("\"k{}\":1", i / 2))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ),
        (
            "poll_card",
            format!(
                "{{{}}}",
                (0..100_000)
                    .map(|i| format!("\"u{i}\":1"))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ),
    ];
    for (kind, payload) in &cases {
        assert!(
            payload.len() >= 1_000_000,
            "{kind}: {} bytes",
            payload.len()
        );
        let out = crate::common::envelope::validate_json_envelope(kind, payload.as_bytes(), "");
        assert_eq!(
            out,
            crate::common::envelope::validate_json_envelope(kind, payload.as_bytes(), "")
        );
        let r: Value = serde_json::from_str(&out).expect("JSON");
        let list = issues(&r["ok"]);
        assert_eq!(
            list.len(),
            DEFAULT_MAX_ISSUES + 1,
            "{kind}: {}",
            payload.len()
        );
        assert_eq!(
            list[DEFAULT_MAX_ISSUES]["code"], "too_many_issues",
            "{kind}"
        );
        assert!(
            out.len() <= MAX_AMPLIFICATION * payload.len(),
            "{kind}: a report of {} bytes for a payload of {}",
            out.len(),
            payload.len()
        );
        println!("{kind}: {} bytes -> {} bytes", payload.len(), out.len());
    }
}

/// `case_options` with `max_issues` set.
fn with_max(case_options: &str, max: usize) -> String {
    let mut o: Value = serde_json::from_str(case_options).unwrap_or_else(|_| json!({}));
    if let Some(m) = o.as_object_mut() {
        m.insert("max_issues".into(), json!(max));
    }
    o.to_string()
}

/// Every shared vector's payload, bounded at 0 to 3 issues and at one fewer than it has: the
/// report is the start of the full one; `too_many_issues` counts exactly the rest (errors and
/// warnings), is an error exactly when one of them is, and `valid` is the full report's. (Rules
/// that read an earlier error, such as keyword_insights' sum of keywords, see an error left out.)
#[test]
fn a_bounded_report_is_the_start_of_the_full_one() {
    let mut checked = 0;
    for case in vector_cases("") {
        let Some(payload) = &case.payload else {
            continue;
        };
        let base = if case.options.is_empty() {
            "{}"
        } else {
            &case.options
        };
        let full_out = crate::common::envelope::validate_json_envelope(
            &case.kind,
            payload.as_bytes(),
            &with_max(base, MAX_ISSUES_LIMIT),
        );
        let full: Value = serde_json::from_str(&full_out).expect("JSON");
        let Some(all) = full["ok"]["issues"].as_array() else {
            continue;
        };
        let name = case.name.as_deref().unwrap_or("?");
        let mut bounds = vec![0, 1, 2, 3];
        bounds.push(all.len().saturating_sub(1));
        for max in bounds {
            let r = report(&case.kind, payload.as_bytes(), &with_max(base, max));
            let kept = issues(&r);
            assert_eq!(r["valid"], full["ok"]["valid"], "{name} at {max}");
            if all.len() <= max {
                assert_eq!(kept, all.as_slice(), "{name} at {max}");
                continue;
            }
            assert_eq!(kept.len(), max + 1, "{name} at {max}");
            assert_eq!(&kept[..max], &all[..max], "{name} at {max}");
            let rest = &all[max..];
            let errors = rest.iter().filter(|i| i["severity"] == "error").count();
            let last = &kept[max];
            assert_eq!(last["code"], "too_many_issues", "{name} at {max}");
            assert_eq!(last["path"], "", "{name} at {max}");
            assert_eq!(
                last["params"],
                json!({"max_issues": max, "omitted": rest.len(),
                    "omitted_errors": errors, "omitted_warnings": rest.len() - errors}),
                "{name} at {max}"
            );
            let severity = if errors > 0 { "error" } else { "warning" };
            assert_eq!(last["severity"], severity, "{name} at {max}");
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

/// `max_issues` 3 over ten bad items: three kept, then the count of the seven others.
#[test]
fn max_issues_three_keeps_three_and_counts_the_rest() {
    let payload = json!({"feature_keys": vec!["a"; 10]}).to_string();
    let r = report("sandbox_features_create", payload.as_bytes(), &options(3));
    let list = issues(&r);
    assert_eq!(list.len(), 4, "{r}");
    for (i, issue) in list[..3].iter().enumerate() {
        assert_eq!(issue["path"], format!("/feature_keys/{i}"));
        assert_eq!(issue["code"], "not_in_enum");
    }
    assert_eq!(
        list[3],
        json!({"path": "", "code": "too_many_issues", "severity": "error",
            "message": "7 more issues not shown (7 errors, 0 warnings): a report holds at most \
                        3 issues (option max_issues)",
            "params": {"max_issues": 3, "omitted": 7, "omitted_errors": 7, "omitted_warnings": 0}})
    );
    assert_eq!(r["valid"], false);
    // Only warnings left out: a warning, and the payload stays valid.
    let poll = json!({"name": "p", "duration_in_minutes": 60, "first_choice": "a",
        "second_choice": "b", "x1": 1, "x2": 2, "x3": 3, "x4": 4});
    let r = report("poll_card", poll.to_string().as_bytes(), &options(3));
    let list = issues(&r);
    assert_eq!(list.len(), 4, "{r}");
    assert_eq!(list[3]["severity"], "warning");
    assert_eq!(list[3]["params"]["omitted_warnings"], 1);
    assert_eq!(r["valid"], true);
}

/// `max_issues` must be a whole number from 0 to `MAX_ISSUES_LIMIT`; `null` is the default.
#[test]
fn bad_max_issues_values_are_refused() {
    let poll = br#"{"name":"p","duration_in_minutes":60,"first_choice":"a","second_choice":"b"}"#;
    for bad in [
        json!(-1),
        json!(3.5),
        json!(1e20),
        json!("3"),
        json!(true),
        json!([3]),
        json!({}),
        json!(MAX_ISSUES_LIMIT + 1),
    ] {
        let o = json!({ "max_issues": bad }).to_string();
        let e = preflight::validate_json("poll_card", poll, &o).expect_err(&o);
        assert_eq!(e.code, preflight::ErrorCode::BadOptions, "{o}");
    }
    for good in [json!(0), json!(MAX_ISSUES_LIMIT), json!(null)] {
        let o = json!({ "max_issues": good }).to_string();
        assert!(
            preflight::validate_json("poll_card", poll, &o).is_ok(),
            "{o}"
        );
    }
    let default = preflight::Options::from_json(r#"{"max_issues":null}"#).expect("null");
    assert_eq!(default.max_issues, DEFAULT_MAX_ISSUES);
}
