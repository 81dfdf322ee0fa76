//! The audience bodies at their operation and byte limits: cases too large for a vector file,
//! generated here.

use crate::common::vectors::issue_pairs;
use serde_json::Value;

/// Where the large cases come from (what a message names as their file).
pub const LARGE_CASES_FILE: &str = "tests/rules_doc/large_cases.rs";

/// A case too large for a vector file (the files stay small: they are replayed in Node and
/// Chromium too), generated here, run natively by [`large_cases_match_the_engine`] and cited
/// in docs/RULES.md by name like a vector.
pub struct LargeCase {
    pub name: &'static str,
    pub kind: &'static str,
    payload: Value,
    valid: bool,
    /// The expected issues: (path, code), errors and warnings.
    issues: Vec<(&'static str, &'static str)>,
}

impl LargeCase {
    /// The expected issues as sorted (path, code) pairs, as a vector file's are read.
    pub fn issue_pairs(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .issues
            .iter()
            .map(|(p, c)| (p.to_string(), c.to_string()))
            .collect();
        out.sort();
        out
    }
}

/// The spec's limits of the audience bodies (B §4, §8): "at most 2500 operations per request
/// (counting Update and Delete objects); body at most 5,000,000 bytes".
const MAX_OPERATIONS: usize = 2500;
const MAX_BYTES: usize = 5_000_000;
const HASH: &str = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

/// The compact JSON length of `v` (what the byte limit counts).
fn compact_len(v: &Value) -> usize {
    serde_json::to_string(v).map(|s| s.len()).unwrap_or(0)
}

/// A custom audience body of exactly `bytes` bytes (compact JSON): one Update operation whose
/// 2000 users each hold one `partner_user_id` (sent as it is), the first padded to the size.
fn custom_audience_body_of(bytes: usize) -> Value {
    let users = 2000;
    let body = |len: usize| {
        let user = serde_json::json!({"partner_user_id": ["p".repeat(len)]});
        serde_json::json!([{"operation_type": "Update",
            "params": {"users": vec![user; users]}}])
    };
    let overhead = compact_len(&body(0));
    let len = (bytes - overhead) / users;
    let mut b = body(len);
    let missing = bytes - compact_len(&b);
    b[0]["params"]["users"][0]["partner_user_id"][0] = Value::String("p".repeat(len + missing));
    assert_eq!(compact_len(&b), bytes);
    b
}

/// Every large case.
pub fn large_cases() -> Vec<LargeCase> {
    use serde_json::json;
    let custom_op = json!({"operation_type": "Delete", "params": {"users": [{"email": [HASH]}]}});
    let dnr_op = json!({"operation_type": "Delete",
        "params": {"expires_at": "2030-01-01T00:00:00Z", "users": [{"email": [HASH]}]}});
    let custom_users = |n: usize| {
        json!([{"operation_type": "Update",
            "params": {"users": vec![json!({"partner_user_id": ["p"]}); n]}}])
    };
    // A do-not-reach body over the byte limit with fewer than 2500 users: 2000 users of 38
    // hashed emails each (about 5.2 MB).
    let dnr_big_user = json!({"email": vec![HASH; 38]});
    let dnr_big = json!([{"operation_type": "Update",
        "params": {"expires_at": "2030-01-01T00:00:00Z", "users": vec![dnr_big_user; 2000]}}]);
    let (custom, dnr) = ("custom_audience_users", "do_not_reach_users");
    let none = Vec::new;
    let too_many_ops = || vec![("", "too_many_items"), ("", "too_many_items")];
    let too_large = || vec![("", "too_large")];
    // (kind, name, payload, valid, issues)
    #[rustfmt::skip]
    let cases = vec![
        (custom, "large: custom_audience_users 2500 operations",
            Value::Array(vec![custom_op.clone(); MAX_OPERATIONS]), true, none()),
        (custom, "large: custom_audience_users 2501 operations (their 2501 users also a warning)",
            Value::Array(vec![custom_op; MAX_OPERATIONS + 1]), false, too_many_ops()),
        (custom, "large: custom_audience_users 2500 users in one operation",
            custom_users(MAX_OPERATIONS), true, none()),
        (custom, "large: custom_audience_users 2501 users in one operation is a warning",
            custom_users(MAX_OPERATIONS + 1), true, vec![("", "too_many_items")]),
        (custom, "large: custom_audience_users body of 5,000,000 bytes",
            custom_audience_body_of(MAX_BYTES), true, none()),
        (custom, "large: custom_audience_users body of 5,000,001 bytes",
            custom_audience_body_of(MAX_BYTES + 1), false, too_large()),
        (dnr, "large: do_not_reach_users 2500 operations",
            Value::Array(vec![dnr_op.clone(); MAX_OPERATIONS]), true, none()),
        (dnr, "large: do_not_reach_users 2501 operations (their 2501 users also a warning)",
            Value::Array(vec![dnr_op; MAX_OPERATIONS + 1]), false, too_many_ops()),
        (dnr, "large: do_not_reach_users body over 5,000,000 bytes",
            dnr_big, false, too_large()),
    ];
    cases
        .into_iter()
        .map(|(kind, name, payload, valid, issues)| LargeCase {
            name,
            kind,
            payload,
            valid,
            issues,
        })
        .collect()
}

/// The large cases, run as `cargo test --test vectors` runs a vector: the report's validity
/// and its issues as a multiset of (path, code).
#[test]
fn large_cases_match_the_engine() {
    let mut failures = Vec::new();
    for c in large_cases() {
        let text = serde_json::to_string(&c.payload).expect("serializable");
        let out = crate::common::envelope::validate_json_envelope(c.kind, text.as_bytes(), "");
        let got: Value = serde_json::from_str(&out).expect("envelope is JSON");
        let have = issue_pairs(&got["ok"]["issues"]);
        let want = c.issue_pairs();
        if got["ok"]["valid"] != c.valid || have != want {
            failures.push(format!(
                "{} ({} bytes): expected valid {} and {want:?}, got valid {} and {have:?}",
                c.name,
                text.len(),
                c.valid,
                got["ok"]["valid"],
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
