//! `custom_audience_users` and `do_not_reach_users`: the users POST bodies of the custom audience
//! and do-not-reach list endpoints (document B §4, §8; audience-identifiers.md). The bodies are
//! built elsewhere (for instance by [`crate::audience::batch`]); these rules check one before it
//! is sent.
//!
//! > Body: JSON array of operation objects. `operation_type` enum required (`Update`, `Delete`);
//! > `params` object required, holding `users` (array of objects, required), `effective_at`
//! > (ISO 8601 UTC, optional), `expires_at` (ISO 8601 UTC, optional, later than `effective_at`).
//! > User identifier arrays: `email`, `device_id`, `handle`, `service_id`, `phone_number`,
//! > `partner_user_id`. Every value except `partner_user_id` must be SHA-256 hashed after
//! > normalization. At most 2500 operations per request (counting Update and Delete objects);
//! > body at most 5,000,000 bytes.
//! >
//! > Do-not-reach list users: the same shape; users with hashed `email` and `phone_number`
//! > arrays; `expires_at` (ISO 8601 UTC; listed as required, also described as defaulting to
//! > 13 months and needing to be later than now). Batch and error rules mirror the custom
//! > audience endpoint.
//!
//! The limits are the ones [`crate::audience::batch`] builds bodies to, so a built body always
//! passes. Choices where the spec is silent are listed in docs/RULES.md.
//!
//! Both kinds are rows ([`description`]): the field tables of an operation, its `params` and a
//! user, and the rules as data (at least one identifier, the identifiers the do-not-reach list
//! refuses, `expires_at` later than `effective_at` or now) run by the engine. The code here is
//! the hooks data cannot say: the body's bytes and operation count, and the users in all
//! ([`custom_audience_body`], [`do_not_reach_body`], named in [`crate::spec::v12::hooks`]); and
//! the member hooks of the identifier arrays (a value hashed, or sent as it is, messages naming
//! the array, never the value) and of the nested objects with rules (`params`, `users`).

mod description;

pub use description::{
    CUSTOM_AUDIENCE_BODY, CUSTOM_AUDIENCE_DESCRIPTION, DO_NOT_REACH_BODY, DO_NOT_REACH_DESCRIPTION,
};

use crate::audience::batch::{MAX_BODY_BYTES, MAX_OPERATIONS_PER_BODY, MAX_USERS_PER_BODY};
use crate::checks::fields;
use crate::ctx::Ctx;
use crate::ctx::{report, warn};
use crate::engine::form;
use crate::issues::AudienceIssue;
use crate::json::Value;
use crate::model::{At, Field, Member, Rule};
use crate::report::Pointer;

/// The values of `operation_type`.
pub const OPERATION_TYPES: &[&str] = &["Update", "Delete"];

/// Hexadecimal digits of a SHA-256 hash.
pub const SHA256_HEX_DIGITS: usize = 64;

/// The identifier arrays of a user object, in document B's order.
pub const IDENTIFIERS: &[&str] = &[
    "email",
    "device_id",
    "handle",
    "service_id",
    "phone_number",
    "partner_user_id",
];

/// The identifier arrays a do-not-reach user may carry.
pub const DO_NOT_REACH_IDENTIFIERS: &[&str] = &["email", "phone_number"];

/// The one identifier sent as it is, not hashed.
pub const UNHASHED_IDENTIFIER: &str = "partner_user_id";

/// The code of the custom audience users body's root hook: see [`body`].
fn custom_audience_body(ctx: &mut Ctx, at: &At) {
    if let Some(value) = at.value {
        body(ctx, at.path, value, description::CUSTOM_AUDIENCE_OPERATION);
    }
}

/// The code of the do-not-reach list users body's root hook: see [`body`].
fn do_not_reach_body(ctx: &mut Ctx, at: &At) {
    if let Some(value) = at.value {
        body(ctx, at.path, value, description::DO_NOT_REACH_OPERATION);
    }
}

/// The body: at most [`MAX_BODY_BYTES`] bytes, an array of at most [`MAX_OPERATIONS_PER_BODY`]
/// operation objects (each checked by the engine against `operation`), and a warning past
/// [`MAX_USERS_PER_BODY`] users in all.
fn body(ctx: &mut Ctx, path: &Pointer, value: &Value, operation: &[Field]) {
    body_bytes(ctx, path, value);
    let Some(operations) = fields::array(ctx, path, value) else {
        return;
    };
    if operations.len() > MAX_OPERATIONS_PER_BODY {
        let actual = operations.len();
        report(
            ctx,
            path,
            AudienceIssue::TooManyOperations { actual }.into(),
        );
    }
    let mut users = 0usize;
    for (i, op) in operations.iter().enumerate() {
        form::object(ctx, &path.index(i), op, operation);
        users = users.saturating_add(users_of(op));
    }
    // "2500 operations (counting Update and Delete objects)": the users inside are not said to
    // count. If the platform counts them, a request with more is refused whole: a warning, and
    // the batch builder never makes one.
    if users > MAX_USERS_PER_BODY {
        warn(
            ctx,
            path,
            AudienceIssue::TooManyUsers { actual: users }.into(),
        );
    }
}

/// How many users operation `op` holds (its `params.users` array, when both are as typed).
fn users_of(op: &Value) -> usize {
    let params = match op {
        Value::Object(o) => o.get("params"),
        _ => None,
    };
    match params {
        Some(Value::Object(p)) => match p.get("users") {
            Some(Value::Array(users)) => users.len(),
            _ => 0,
        },
        _ => 0,
    }
}

/// "body at most 5,000,000 bytes": the compact JSON serialization of the payload (no spaces or
/// line breaks; indentation a sender adds is not counted).
fn body_bytes(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    let actual = serialized_len(value);
    if actual > MAX_BODY_BYTES {
        report(ctx, path, AudienceIssue::BodyTooLarge { actual }.into());
    }
}

/// Bytes of the compact JSON text of `value` (as serde_json writes it), counted without building
/// the text.
pub fn serialized_len(value: &Value) -> usize {
    value.compact_len()
}

/// Member hook of a `users` array: each user is an object of `table`, with `rules` before its
/// unknown members ([`form::object_then_rules`]).
fn users(ctx: &mut Ctx, path: &Pointer, value: &Value, table: &[Field], rules: &[Rule]) {
    if let Some(items) = fields::array(ctx, path, value) {
        for (i, user) in items.iter().enumerate() {
            form::object_then_rules(ctx, &path.index(i), user, table, rules);
        }
    }
}

/// Member hook of a custom audience `params.users`.
fn custom_audience_users(c: &mut Ctx, at: &At) {
    if let Some(m) = at.member() {
        let rules = description::CUSTOM_AUDIENCE_USER_RULES;
        users(c, m.path, m.value, description::CUSTOM_AUDIENCE_USER, rules);
    }
}

/// Member hook of a do-not-reach `params.users`.
fn do_not_reach_users(c: &mut Ctx, at: &At) {
    if let Some(m) = at.member() {
        let rules = description::DO_NOT_REACH_USER_RULES;
        users(c, m.path, m.value, description::DO_NOT_REACH_USER, rules);
    }
}

/// Member hook of a custom audience operation's `params`: its table, then the date rule, then
/// its unknown members.
fn custom_audience_params(c: &mut Ctx, at: &At) {
    if let Some(m) = at.member() {
        let (table, rules) = description::CUSTOM_AUDIENCE_PARAMS;
        form::object_then_rules(c, m.path, m.value, table, rules);
    }
}

/// Member hook of a do-not-reach operation's `params`.
fn do_not_reach_params(c: &mut Ctx, at: &At) {
    if let Some(m) = at.member() {
        let (table, rules) = description::DO_NOT_REACH_PARAMS;
        form::object_then_rules(c, m.path, m.value, table, rules);
    }
}

/// Member hook of a hashed identifier array: each value 64 lowercase hexadecimal digits.
/// Messages name the array, never the value.
fn hashed_values(c: &mut Ctx, at: &At) {
    let Some(Member {
        path: p,
        name,
        value: v,
        ..
    }) = at.member()
    else {
        return;
    };
    let Some(items) = fields::array(c, p, v) else {
        return;
    };
    for (i, item) in items.iter().enumerate() {
        if let Some(s) = fields::string(c, &p.index(i), item) {
            hashed(c, &p.index(i), name, s);
        }
    }
}

/// Member hook of [`UNHASHED_IDENTIFIER`]: each value a non-empty string, sent as it is.
fn unhashed_values(c: &mut Ctx, at: &At) {
    let Some(Member {
        path: p,
        name,
        value: v,
        ..
    }) = at.member()
    else {
        return;
    };
    let Some(items) = fields::array(c, p, v) else {
        return;
    };
    for (i, item) in items.iter().enumerate() {
        if fields::string(c, &p.index(i), item) == Some("") {
            let message = "partner_user_id values must not be empty";
            fields::required_because(c, &p.index(i), name, message);
        }
    }
}

/// One value of hashed identifier array `name`.
fn hashed(ctx: &mut Ctx, path: &Pointer, name: &str, s: &str) {
    let hex = s.len() == SHA256_HEX_DIGITS && s.bytes().all(|b| b.is_ascii_hexdigit());
    if hex && !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let issue = if hex {
        AudienceIssue::UppercaseHash { name }
    } else {
        AudienceIssue::NotHashed { name }
    };
    report(ctx, path, issue.into());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Code;
    use crate::{validate, Kind, Options};
    use serde_json::{json, Value};

    /// [`super::serialized_len`] of a `serde_json` value.
    fn serialized_len(v: &Value) -> usize {
        super::serialized_len(&crate::json::Value::from_serde(v))
    }

    const HASH: &str = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

    fn codes(kind: Kind, payload: &Value) -> Vec<(String, &'static str, bool)> {
        validate(kind, payload, &Options::default())
            .issues
            .into_iter()
            .map(|i| (i.path, i.code.code(), i.severity == crate::Severity::Error))
            .collect()
    }

    /// One Update operation whose users are `count` partner ids of `len` bytes each.
    fn body(count: usize, len: usize) -> Value {
        let user = json!({"partner_user_id": ["p".repeat(len)]});
        json!([{"operation_type": "Update", "params": {"users": vec![user; count]}}])
    }

    #[test]
    fn serialized_len_is_compact_json() {
        let v = json!([{"a": "é", "b": [1, 2.5, null, true]}]);
        assert_eq!(
            serialized_len(&v),
            serde_json::to_string(&v).map(|s| s.len()).unwrap_or(0)
        );
        assert_eq!(serialized_len(&json!("x\n")), 5);
    }

    #[test]
    fn body_byte_limit() {
        // Prefix, suffix and the users' separators around `count` users of `len`-byte ids.
        let count = 2000;
        let small = body(count, 10);
        let overhead = serialized_len(&small) - count * 10;
        // Make the body exactly MAX_BODY_BYTES, then one byte more.
        let len = (MAX_BODY_BYTES - overhead) / count;
        let mut at_limit = body(count, len);
        let missing = MAX_BODY_BYTES - serialized_len(&at_limit);
        at_limit[0]["params"]["users"][0]["partner_user_id"][0] =
            Value::String("p".repeat(len + missing));
        assert_eq!(serialized_len(&at_limit), MAX_BODY_BYTES);
        assert!(codes(Kind::CustomAudienceUsers, &at_limit).is_empty());
        let mut over = at_limit;
        over[0]["params"]["users"][0]["partner_user_id"][0] =
            Value::String("p".repeat(len + missing + 1));
        assert_eq!(serialized_len(&over), MAX_BODY_BYTES + 1);
        let report = validate(Kind::CustomAudienceUsers, &over, &Options::default());
        assert_eq!(report.issues.len(), 1);
        let issue = &report.issues[0];
        assert_eq!((issue.path.as_str(), issue.code), ("", Code::TooLarge));
        assert_eq!(issue.params["max"], json!(MAX_BODY_BYTES));
        assert_eq!(issue.params["actual"], json!(MAX_BODY_BYTES + 1));
        // The same for the do-not-reach endpoint (hashed emails this time).
        let user = json!({"email": [HASH]});
        let n = MAX_BODY_BYTES / 70 + 1;
        let dnr = json!([{"operation_type": "Delete",
            "params": {"expires_at": "2030-01-01T00:00:00Z", "users": vec![user; n]}}]);
        let got = codes(Kind::DoNotReachUsers, &dnr);
        assert!(got.contains(&(String::new(), "too_large", true)), "{got:?}");
    }

    #[test]
    fn operation_limit_counts_objects() {
        let op = json!({"operation_type": "Delete", "params": {"users": [{"email": [HASH]}]}});
        let at_limit = Value::Array(vec![op.clone(); MAX_OPERATIONS_PER_BODY]);
        assert!(codes(Kind::CustomAudienceUsers, &at_limit).is_empty());
        let over = Value::Array(vec![op; MAX_OPERATIONS_PER_BODY + 1]);
        let got = codes(Kind::CustomAudienceUsers, &over);
        // Operations over the limit (an error) and, as each holds a user, users too (a warning).
        assert_eq!(
            got,
            vec![
                (String::new(), "too_many_items", true),
                (String::new(), "too_many_items", false)
            ]
        );
    }

    #[test]
    fn users_over_the_limit_are_a_warning() {
        let report = validate(
            Kind::CustomAudienceUsers,
            &body(MAX_USERS_PER_BODY + 1, 4),
            &Options::default(),
        );
        assert!(report.valid);
        assert_eq!(report.issues.len(), 1);
        assert_eq!(report.issues[0].params["counted"], json!("users"));
        assert!(codes(Kind::CustomAudienceUsers, &body(MAX_USERS_PER_BODY, 4)).is_empty());
    }

    /// (message, params) of each issue of `payload`.
    fn messages(kind: Kind, payload: &Value) -> Vec<(String, Value)> {
        validate(kind, payload, &Options::default())
            .issues
            .into_iter()
            .map(|i| {
                let params = serde_json::to_value(&i.params).unwrap_or_default();
                (i.message, params)
            })
            .collect()
    }

    // The limits' issues are too large for a vector (tests/vectors): their whole message and
    // params are pinned here, as the rules wrote them before the typed issues.
    #[test]
    fn limit_issues_have_their_messages_and_params() {
        let op = json!({"operation_type": "Delete", "params": {"users": [{"email": [HASH]}]}});
        let over = Value::Array(vec![op; 2501]);
        let want = vec![
            (
                "a request holds at most 2500 operation objects (it has 2501)".to_owned(),
                json!({"max": 2500, "actual": 2501, "counted": "operations"}),
            ),
            (
                "the request holds 2501 users; the limit of 2500 operations may count users too, \
                 and a request over it fails whole: send at most 2500 users per request"
                    .to_owned(),
                json!({"max": 2500, "actual": 2501, "counted": "users"}),
            ),
        ];
        assert_eq!(messages(Kind::CustomAudienceUsers, &over), want);
        let big = body(1, 5_000_000);
        let actual = serialized_len(&big);
        let want = vec![(
            format!("a request body is at most 5000000 bytes (this one is {actual} bytes as compact JSON)"),
            json!({"max": 5_000_000, "actual": actual}),
        )];
        assert_eq!(messages(Kind::DoNotReachUsers, &big)[..1], want[..]);
        assert_eq!(messages(Kind::CustomAudienceUsers, &big), want);
    }

    #[test]
    fn messages_never_contain_values() {
        let secret = "marker-7f3a@example.com";
        let payload = json!([{"operation_type": "Update", "params": {"users": [
            {"email": [secret], "partner_user_id": [""], "device_id": [secret.to_uppercase()]}
        ]}}]);
        for kind in [Kind::CustomAudienceUsers, Kind::DoNotReachUsers] {
            let text = validate(kind, &payload, &Options::default()).to_json();
            assert!(!text.to_lowercase().contains("marker-7f3a"), "{text}");
        }
    }

    /// (path, code) of the report of `text` at 2026-11-05.
    fn at_now(kind: Kind, text: &str) -> Vec<(String, &'static str)> {
        let options = Options {
            now: crate::checks::dates::parse_iso8601("2026-11-05T00:00:00Z"),
            ..Options::default()
        };
        crate::validate_slice(kind, text.as_bytes(), &options)
            .map(|r| {
                r.issues
                    .into_iter()
                    .map(|i| (i.path, i.code.code()))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn pairs(expected: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        expected.iter().map(|(p, c)| (p.to_string(), *c)).collect()
    }

    // The expected reports below are those of the hand-written rules before the migration to
    // rows (the wasm build of commit 5da36db), not of the code under test.

    #[test]
    fn refused_identifiers_are_reported_in_the_identifiers_order() {
        let text = format!(
            r#"[{{"operation_type":"Update","params":{{"expires_at":"2030-01-01T00:00:00Z",
            "users":[{{"handle":["{HASH}"],"phone_number":["x"],"email":["{}"],
            "device_id":["{HASH}"],"partner_user_id":[""],"zz":1}}]}}}}]"#,
            HASH.to_uppercase()
        );
        let u = "/0/params/users/0";
        let want = [
            (format!("{u}/email/0"), "invalid_format"),
            (format!("{u}/device_id"), "not_allowed"),
            (format!("{u}/handle"), "not_allowed"),
            (format!("{u}/phone_number/0"), "invalid_format"),
            (format!("{u}/partner_user_id"), "not_allowed"),
            (format!("{u}/zz"), "unknown_field"),
        ];
        assert_eq!(at_now(Kind::DoNotReachUsers, &text), want.to_vec());
    }

    #[test]
    fn at_least_one_identifier_comes_before_unknown_members() {
        let text = r#"[{"operation_type":"Update","params":{"users":[{"email":[]},{"zz":[]}],
            "effective_at":"2029-01-01T00:00:00+01:00","expires_at":"2030-01-01T00:00:00Z"}}]"#;
        let want = pairs(&[
            ("/0/params/users/0/email", "one_of_required"),
            ("/0/params/users/1/email", "one_of_required"),
            ("/0/params/users/1/zz", "unknown_field"),
            ("/0/params/effective_at", "invalid_date_time"),
        ]);
        assert_eq!(at_now(Kind::CustomAudienceUsers, text), want);
        // A value of another type counts as an identifier (it is reported on its own).
        let text = r#"[{"operation_type":"Update","params":{"users":[{"email":""}]}}]"#;
        let want = pairs(&[("/0/params/users/0/email", "wrong_type")]);
        assert_eq!(at_now(Kind::CustomAudienceUsers, text), want);
    }

    #[test]
    fn dates_compare_the_last_of_a_repeated_member_and_come_before_unknown_members() {
        let text = r#"[{"operation_type":"Update","params":{"users":[{"email":""}],
            "effective_at":"2029-01-01T00:00:00Z","effective_at":"2031-01-01T00:00:00Z",
            "expires_at":"2030-01-01T00:00:00Z"}}]"#;
        let want = pairs(&[
            ("/0/params/effective_at", "duplicate_key"),
            ("/0/params/users/0/email", "wrong_type"),
            ("/0/params/expires_at", "invalid_date_range"),
        ]);
        assert_eq!(at_now(Kind::CustomAudienceUsers, text), want);
        let text = format!(
            r#"[{{"operation_type":"Update","params":{{"users":[{{"email":["{HASH}"]}}],
            "expires_at":"2020-01-01T00:00:00Z","zz":1}}}}]"#
        );
        let want = pairs(&[
            ("/0/params/expires_at", "invalid_date_range"),
            ("/0/params/zz", "unknown_field"),
        ]);
        assert_eq!(at_now(Kind::CustomAudienceUsers, &text), want);
    }
}
