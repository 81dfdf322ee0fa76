//! What `describe` says of `webhook_create`, `webhook_list_query` and `webhook_id`, built from
//! the constants the rules in [`super`] use.

use super::{
    CONFIG_FIELDS, FIELDS_MIN_ITEMS, FIELDS_PARAM, ID, ID_MAX_DIGITS, ID_PARAM, URL, URL_MAX_CHARS,
    WEBHOOK_CONFIG_FIELDS,
};
use crate::model::{Description, Field, Format, List, Str, Type};

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
    .hooked(&URL)]),
    rules: &[],
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
    .hooked(&CONFIG_FIELDS)]),
    rules: &[],
};

/// What `describe("webhook_id")` says.
pub const ID_DESCRIPTION: Description = Description {
    title: "The webhook id path parameter",
    root: Type::Object(&[
        Field::required(ID_PARAM, WEBHOOK_ID, "string, Pattern `^[0-9]{1,19}$`").hooked(&ID),
    ]),
    rules: &[],
};
