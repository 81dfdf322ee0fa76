//! What `describe` says of `webhook_create`, `webhook_list_query` and `webhook_id`, built from
//! the constants the rules in [`super`] use.

use super::{
    config_fields_check, id_check, url_check, FIELDS_MIN_ITEMS, FIELDS_PARAM, ID_MAX_DIGITS,
    ID_PARAM, URL_MAX_CHARS, WEBHOOK_CONFIG_FIELDS,
};
use crate::model::{Check, Description, Field, Format, List, Rule, Str, Type};
use crate::report::Code;

/// A webhook id: a string of 1 to [`ID_MAX_DIGITS`] ASCII digits (A §2 WebhookConfig, "Pattern
/// `^[0-9]{1,19}$`"); never a JSON number. Shared with `activity_subscription`.
pub const WEBHOOK_ID: Type = Type::Str(Str {
    min: None,
    max: Some(ID_MAX_DIGITS),
    format: Some(Format::Digits),
});

/// What `describe("webhook_create")` says.
pub const CREATE_DESCRIPTION: Description = Description {
    title: "The webhook create body",
    root: Type::Object(&[Field::required(
        "url",
        Type::Str(Str {
            min: None,
            max: Some(URL_MAX_CHARS),
            format: Some(Format::HttpsUrl),
        }),
        "publicly reachable HTTPS URL; the path is free; no port; well-formed; capped at 200 characters",
    )
    .checked_by(url_check)]),
    rules: &[Rule {
        code: Code::NotAllowed,
        // In the member hook of `url` (`checked_by`).
        check: Check::InTable,
        reads_clock: false,
        text: "the URL names no port and no user info, and its host is publicly reachable (not localhost, a loopback, private, link-local or other special-purpose address)",
        fields: &["/url"],
    }],
};

/// What `describe("webhook_list_query")` says.
pub const LIST_QUERY_DESCRIPTION: Description = Description {
    title: "The webhook list query",
    root: Type::Object(&[Field::optional(
        FIELDS_PARAM,
        Type::List(&List {
            item: Type::Enum(&WEBHOOK_CONFIG_FIELDS),
            min_items: Some(FIELDS_MIN_ITEMS),
            max_items: None,
            unique: true,
        }),
        "Comma-separated list (form style, not exploded), at least one item, items unique. Allowed items: created_at, id, url, valid",
    )
    .checked_by(config_fields_check)]),
    rules: &[],
};

/// What `describe("webhook_id")` says.
pub const ID_DESCRIPTION: Description = Description {
    title: "The webhook id path parameter",
    root: Type::Object(&[
        Field::required(ID_PARAM, WEBHOOK_ID, "string, Pattern `^[0-9]{1,19}$`")
            .checked_by(id_check),
    ]),
    rules: &[],
};
