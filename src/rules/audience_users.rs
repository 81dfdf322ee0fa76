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

mod description;

pub use description::{CUSTOM_AUDIENCE_DESCRIPTION, DO_NOT_REACH_DESCRIPTION};

use crate::audience::batch::{MAX_BODY_BYTES, MAX_OPERATIONS_PER_BODY, MAX_USERS_PER_BODY};
use crate::checks::dates::{self, Require};
use crate::checks::fields::{self, Need};
use crate::checks::needs;
use crate::ctx::Ctx;
use crate::json::{Object, Value};
use crate::report::{Code, Pointer};
use serde_json::json;

/// The values of `operation_type`.
pub const OPERATION_TYPES: &[&str] = &["Update", "Delete"];

/// Hexadecimal digits of a SHA-256 hash.
pub const SHA256_HEX_DIGITS: usize = 64;

/// `params.pattern` of a value that is not a hash as sent.
pub const HASH_PATTERN: &str = "sha256_lowercase_hex";

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

const OPERATION_KNOWN: &[&str] = &["operation_type", "params"];

/// What differs between the two endpoints.
struct Endpoint {
    name: &'static str,
    /// The identifier arrays a user may carry.
    identifiers: &'static [&'static str],
    /// The members of `params`.
    params_known: &'static [&'static str],
    /// Whether `params.effective_at` is documented.
    effective_at: bool,
    expires_at: Need,
    /// The rule id `expires_at` later than now is checked under (named when there is no clock).
    expires_rule: &'static str,
}

const CUSTOM_AUDIENCE: Endpoint = Endpoint {
    name: "custom_audience_users",
    identifiers: IDENTIFIERS,
    params_known: &["users", "effective_at", "expires_at"],
    effective_at: true,
    expires_at: Need::Optional,
    expires_rule: crate::clock::CUSTOM_AUDIENCE_EXPIRES_LATER_THAN_NOW,
};

const DO_NOT_REACH: Endpoint = Endpoint {
    name: "do_not_reach_users",
    identifiers: DO_NOT_REACH_IDENTIFIERS,
    params_known: &["users", "expires_at"],
    effective_at: false,
    expires_at: Need::Required,
    expires_rule: crate::clock::DO_NOT_REACH_EXPIRES_LATER_THAN_NOW,
};

/// The custom audience users POST body.
pub fn validate_custom_audience(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    validate(ctx, path, value, &CUSTOM_AUDIENCE);
}

/// The do-not-reach list users POST body.
pub fn validate_do_not_reach(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    validate(ctx, path, value, &DO_NOT_REACH);
}

fn validate(ctx: &mut Ctx, path: &Pointer, value: &Value, ep: &Endpoint) {
    body_bytes(ctx, path, value);
    let Some(operations) = fields::array(ctx, path, value) else {
        return;
    };
    if operations.len() > MAX_OPERATIONS_PER_BODY {
        ctx.error(
            path,
            Code::TooManyItems,
            format!(
                "a request holds at most {MAX_OPERATIONS_PER_BODY} operation objects (it has {})",
                operations.len()
            ),
            json!({"max": MAX_OPERATIONS_PER_BODY, "actual": operations.len(),
                "counted": "operations"}),
        );
    }
    let mut users = 0usize;
    for (i, op) in operations.iter().enumerate() {
        users = users.saturating_add(operation(ctx, &path.index(i), op, ep));
    }
    // "2500 operations (counting Update and Delete objects)": the users inside are not said to
    // count. If the platform counts them, a request with more is refused whole: a warning, and
    // the batch builder never makes one.
    if users > MAX_USERS_PER_BODY {
        ctx.warning(
            path,
            Code::TooManyItems,
            format!(
                "the request holds {users} users; the limit of {MAX_USERS_PER_BODY} operations \
                 may count users too, and a request over it fails whole: send at most \
                 {MAX_USERS_PER_BODY} users per request"
            ),
            json!({"max": MAX_USERS_PER_BODY, "actual": users, "counted": "users"}),
        );
    }
}

/// "body at most 5,000,000 bytes": the compact JSON serialization of the payload (no spaces or
/// line breaks; indentation a sender adds is not counted).
fn body_bytes(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    let actual = serialized_len(value);
    if actual > MAX_BODY_BYTES {
        ctx.error(
            path,
            Code::TooLarge,
            format!(
                "a request body is at most {MAX_BODY_BYTES} bytes (this one is {actual} bytes as \
                 compact JSON)"
            ),
            json!({"max": MAX_BODY_BYTES, "actual": actual}),
        );
    }
}

/// Bytes of the compact JSON text of `value` (as serde_json writes it), counted without building
/// the text.
pub fn serialized_len(value: &Value) -> usize {
    value.compact_len()
}

/// One operation object; returns how many users it holds.
fn operation(ctx: &mut Ctx, path: &Pointer, value: &Value, ep: &Endpoint) -> usize {
    let Some(obj) = fields::object(ctx, path, value) else {
        return 0;
    };
    fields::enum_member(
        ctx,
        obj,
        path,
        "operation_type",
        OPERATION_TYPES,
        Need::Required,
    );
    let users = match fields::object_member(ctx, obj, path, "params", Need::Required) {
        Some(params_obj) => params(ctx, &path.key("params"), params_obj, ep),
        None => 0,
    };
    fields::unknown_fields(ctx, path, obj, OPERATION_KNOWN);
    users
}

/// `params`; returns how many users it holds.
fn params(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, ep: &Endpoint) -> usize {
    let users = fields::array_member(ctx, obj, path, "users", Need::Required).unwrap_or_default();
    let users_path = path.key("users");
    for (i, u) in users.iter().enumerate() {
        user(ctx, &users_path.index(i), u, ep);
    }
    let effective = if ep.effective_at {
        fields::datetime_member(ctx, obj, path, "effective_at", Require::Utc, Need::Optional)
    } else {
        None
    };
    let expires =
        fields::datetime_member(ctx, obj, path, "expires_at", Require::Utc, ep.expires_at);
    let at = path.key("expires_at");
    match (effective, expires) {
        (Some(start), Some(end)) => {
            dates::later_than(ctx, &at, &start, &end, "effective_at");
        }
        // Custom audience: "later than effective_at", which is "default now" when not sent.
        // Do-not-reach: "needing to be later than now".
        (None, Some(end)) if !ep.effective_at || !fields::present(obj, "effective_at") => {
            if let Some(now) = ctx.now(ep.expires_rule) {
                if end.key() <= now.key() {
                    let message = if ep.effective_at {
                        "must be later than now: effective_at is not given, and it defaults to now"
                    } else {
                        "must be later than now"
                    };
                    ctx.error(
                        &at,
                        Code::InvalidDateRange,
                        message,
                        json!({"later_than": "now"}),
                    );
                }
            }
        }
        _ => {}
    }
    fields::unknown_fields(ctx, path, obj, ep.params_known);
    users.len()
}

/// One user object.
fn user(ctx: &mut Ctx, path: &Pointer, value: &Value, ep: &Endpoint) {
    let Some(obj) = fields::object(ctx, path, value) else {
        return;
    };
    let mut any = false;
    for &name in IDENTIFIERS {
        let Some(v) = obj.get(name) else {
            continue;
        };
        let at = path.key(name);
        if !ep.identifiers.contains(&name) {
            ctx.error(
                &at,
                Code::NotAllowed,
                format!(
                    "the {} endpoint takes only {} identifiers",
                    ep.name,
                    ep.identifiers.join(" and ")
                ),
                json!({"allowed": ep.identifiers}),
            );
            continue;
        }
        // A member of the wrong type is reported as such, not also as missing.
        any |= !matches!(v, Value::Array(a) if a.is_empty());
        let Some(items) = fields::array(ctx, &at, v) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            identifier(ctx, &at.index(i), name, item);
        }
    }
    // Reported at the first identifier array (see `checks::needs`).
    if !any {
        needs::one_of(
            ctx,
            path,
            ep.identifiers,
            format!(
                "a user needs at least one identifier value, in one of: {}",
                ep.identifiers.join(", ")
            ),
        );
    }
    fields::unknown_fields(ctx, path, obj, IDENTIFIERS);
}

/// One value of identifier array `name`. Messages name the array, never the value.
fn identifier(ctx: &mut Ctx, path: &Pointer, name: &str, value: &Value) {
    let Some(s) = fields::string(ctx, path, value) else {
        return;
    };
    if name == UNHASHED_IDENTIFIER {
        if s.is_empty() {
            let message = "partner_user_id values must not be empty";
            fields::required_because(ctx, path, name, message);
        }
        return;
    }
    let hex = s.len() == SHA256_HEX_DIGITS && s.bytes().all(|b| b.is_ascii_hexdigit());
    if hex && !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let (reason, message) = if hex {
        (
            "uppercase",
            format!("{name} hashes must be in lower case (64 lowercase hexadecimal digits)"),
        )
    } else {
        (
            "not_hashed",
            format!(
                "{name} values must be SHA-256 hashed after normalization: 64 lowercase \
                 hexadecimal digits"
            ),
        )
    };
    ctx.error(
        path,
        Code::InvalidFormat,
        message,
        json!({"pattern": HASH_PATTERN, "reason": reason}),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{validate, Kind, Options};
    use serde_json::Value;

    /// [`super::serialized_len`] of a `serde_json` value.
    fn serialized_len(v: &Value) -> usize {
        super::serialized_len(&crate::json::Value::from_serde(v))
    }

    const HASH: &str = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

    fn codes(kind: Kind, payload: &Value) -> Vec<(String, &'static str, bool)> {
        validate(kind, payload, &Options::default())
            .issues
            .into_iter()
            .map(|i| {
                (
                    i.path,
                    i.code.as_str(),
                    i.severity == crate::Severity::Error,
                )
            })
            .collect()
    }

    /// One Update operation whose users are `count` partner ids of `len` bytes each.
    fn body(count: usize, len: usize) -> Value {
        let user = json!({"partner_user_id": ["p".repeat(len)]});
        json!([{"operation_type": "Update", "params": {"users": vec![user; count]}}])
    }

    #[test]
    fn descriptions_name_the_members_the_rules_know() {
        use crate::describe::Description;
        fn names(fields: &[crate::describe::Field]) -> Vec<&str> {
            fields.iter().map(|f| f.name).collect()
        }
        for (d, ep, users) in [
            (
                &CUSTOM_AUDIENCE_DESCRIPTION,
                &CUSTOM_AUDIENCE,
                description::CUSTOM_AUDIENCE_USER,
            ),
            (
                &DO_NOT_REACH_DESCRIPTION,
                &DO_NOT_REACH,
                description::DO_NOT_REACH_USER,
            ),
        ] {
            let d: &Description = d;
            let crate::describe::Type::Array(ops) = d.root else {
                panic!("the root is an array of operations");
            };
            let crate::describe::Type::Object(op) = ops.item else {
                panic!("an operation is an object");
            };
            assert_eq!(names(op), OPERATION_KNOWN);
            let crate::describe::Type::Object(params) = op[1].ty else {
                panic!("params is an object");
            };
            let mut described = names(params);
            let mut known = ep.params_known.to_vec();
            described.sort_unstable();
            known.sort_unstable();
            assert_eq!(described, known);
            assert_eq!(names(users), ep.identifiers);
        }
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
}
