//! `activity_subscription`: the body of POST /2/activity/subscriptions (document A §6).
//!
//! > "subscriptions managed at POST /2/activity/subscriptions; filters: user id, keyword, and
//! > `direction` with values `sent`, `received` or both for DM and chat events". Event kinds:
//! > post.create, post.delete, dm.received, dm.sent, dm.read, dm.indicate_typing, spaces.start,
//! > spaces.end, profile.update.bio, profile.update.verified, profile.update.affiliate,
//! > profile.update.screenname. "The older PascalCase kinds (ProfileBioUpdate,
//! > ProfilePictureUpdate, ProfileBannerUpdate, ProfileGeoUpdate, ProfileUrlUpdate) were
//! > deprecated in favor of the dot-separated lowercase names, effective 2026-03-18."
//! > "Request and response shapes of the activity endpoints: not shown."
//!
//! The request shape is therefore this product's own, the smallest one that carries what the
//! spec names (docs/RULES.md):
//!
//! ```json
//! {"event_type": "dm.received",
//!  "filter": {"user_id": "2244994945", "keyword": "launch", "direction": ["sent", "received"]},
//!  "webhook_id": "1146654567674912769"}
//! ```

use crate::checks::dates::parse_iso8601;
use crate::checks::fields;
use crate::checks::needs;
use crate::ctx::Ctx;
use crate::ctx::{report, warn};
use crate::issues::WebhookIssue;
pub use crate::issues::{DEPRECATED_SINCE, DIRECTIONS, DM_EVENT_TYPES, EVENT_TYPES};
use crate::json::{Object, Value};
use crate::model::{
    At, Check, Condition, Description, Field, Hook, List, Member, Place, Rule, Str, Type, When,
};
use crate::report::{Code, Pointer};
use crate::rules::webhooks;

/// The deprecated PascalCase kinds and the replacement the spec names (only ProfileBioUpdate
/// has one: "profile.update.bio" is the same change in the new naming).
pub const DEPRECATED_EVENT_TYPES: [(&str, Option<&str>); 5] = [
    ("ProfileBioUpdate", Some("profile.update.bio")),
    ("ProfilePictureUpdate", None),
    ("ProfileBannerUpdate", None),
    ("ProfileGeoUpdate", None),
    ("ProfileUrlUpdate", None),
];
/// Most items of a `direction` array (both values, once each).
pub const DIRECTION_MAX_ITEMS: usize = DIRECTIONS.len();
/// Fewest items of a `direction` array.
pub const DIRECTION_MIN_ITEMS: usize = 1;
/// The filters that say whose activity is delivered; at least one is required.
pub const SELECTING_FILTERS: [&str; 2] = ["user_id", "keyword"];

#[cfg(test)]
const KNOWN: &[&str] = &["event_type", "filter", "webhook_id"];
const FILTER_KNOWN: &[&str] = &["user_id", "keyword", "direction"];

/// Every event kind the engine accepts: the current kinds, then the deprecated PascalCase ones
/// (accepted with a `deprecated` warning).
pub const ACCEPTED_EVENT_TYPES: [&str; EVENT_TYPES.len() + DEPRECATED_EVENT_TYPES.len()] =
    accepted_event_types();

const fn accepted_event_types() -> [&'static str; EVENT_TYPES.len() + DEPRECATED_EVENT_TYPES.len()]
{
    let mut out = [""; EVENT_TYPES.len() + DEPRECATED_EVENT_TYPES.len()];
    let mut i = 0;
    while i < EVENT_TYPES.len() {
        out[i] = EVENT_TYPES[i];
        i += 1;
    }
    let mut j = 0;
    while j < DEPRECATED_EVENT_TYPES.len() {
        out[i + j] = DEPRECATED_EVENT_TYPES[j].0;
        j += 1;
    }
    out
}

/// What `describe("activity_subscription")` says (the shape is this product's own; see the
/// module documentation).
pub const DESCRIPTION: Description = Description {
    title: "An activity subscription",
    root: Type::Object(&[
        Field::required(
            "event_type",
            Type::Enum(&ACCEPTED_EVENT_TYPES),
            "one event kind; the PascalCase kinds are deprecated since 2026-03-18 (accepted with a warning)",
        )
        .hooked(&EVENT_TYPE),
        Field::required(
            "filter",
            Type::Object(&[
                Field::required_when(
                    "user_id",
                    Str::ANY,
                    &Condition {
                        text: "required if keyword is absent (a filter names user id, keyword or both)",
                        when: When::AllAbsent(&["keyword"]),
                    },
                    "user id (a string)",
                ),
                Field::required_when(
                    "keyword",
                    Str::ANY,
                    &Condition {
                        text: "required if user_id is absent (a filter names user id, keyword or both)",
                        when: When::AllAbsent(&["user_id"]),
                    },
                    "keyword",
                ),
                Field::optional(
                    "direction",
                    Type::List(&List {
                        item: Type::Enum(&DIRECTIONS),
                        min_items: Some(DIRECTION_MIN_ITEMS),
                        max_items: Some(DIRECTION_MAX_ITEMS),
                        unique: true,
                    }),
                    "`sent`, `received` or both, for DM events: one value as a string, both as an array",
                ),
            ]),
            "filters: user id, keyword, and direction",
        )
        .hooked(&FILTER),
        Field::optional(
            "webhook_id",
            webhooks::WEBHOOK_ID,
            "the webhook to deliver to: string, Pattern `^[0-9]{1,19}$`",
        )
        .hooked(&webhooks::ID),
    ]),
    rules: &[],
};

/// The member hook of `event_type`: a string, not empty, then [`event_type`] (current,
/// deprecated with a warning, or `not_in_enum` with the current kinds only).
pub const EVENT_TYPE: Hook = Hook::new(Place::Value, event_type_check, &[
    Rule {
            code: Code::Deprecated,
        check: &Check::Hook,
        reads_clock: true,
        text: "the PascalCase event kinds are deprecated since 2026-03-18 (a warning from that day on: options.now, else the clock)",
        fields: &["/event_type"],
    },
]);

fn event_type_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path: at,
        name,
        value: v,
        required: req,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(e) = fields::string(ctx, at, v) else {
        return;
    };
    if e.is_empty() && req {
        let message = format!("{name} is required and must not be empty");
        fields::required_because(ctx, at, name, message);
        return;
    }
    event_type(ctx, at, e);
}

/// The member hook of `filter`: an object, then [`validate_filter`] with the subscription's
/// event kind when it is one the engine accepts (read from the sibling `event_type`).
pub const FILTER: Hook = Hook::new(
    Place::Value,
    filter_check,
    &[
        Rule {
            code: Code::OneOfRequired,
            check: &Check::Hook,
            reads_clock: false,
            text: "the filter needs user_id or keyword (or both)",
            fields: &["/filter/user_id", "/filter/keyword"],
        },
        Rule {
            code: Code::NotAllowed,
            check: &Check::Hook,
            reads_clock: false,
            text: "direction applies only to direct-message event kinds (dm.*)",
            fields: &["/filter/direction", "/event_type"],
        },
    ],
);

fn filter_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path: at,
        value: v,
        parent,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(filter) = fields::object(ctx, at, v) else {
        return;
    };
    let event_type = parent
        .get("event_type")
        .and_then(Value::as_str)
        .filter(|e| ACCEPTED_EVENT_TYPES.contains(e));
    validate_filter(ctx, at, filter, event_type);
}

/// The rule id the deprecation is checked under (named when there is no clock).
const RULE_DEPRECATED: &str = crate::clock::EVENT_TYPE_DEPRECATED;

/// A current kind (returned), a deprecated kind (a `deprecated` warning; returned), or
/// `not_in_enum` (`None`). Matching is exact: `Post.Create` and `profilebioupdate` are not kinds.
fn event_type<'v>(ctx: &mut Ctx, path: &Pointer, e: &'v str) -> Option<&'v str> {
    if EVENT_TYPES.contains(&e) {
        return Some(e);
    }
    if let Some((_, replacement)) = DEPRECATED_EVENT_TYPES.iter().find(|(old, _)| *old == e) {
        // "deprecated ..., effective 2026-03-18": before that day the kind was current.
        let since = parse_iso8601(DEPRECATED_SINCE).map(|d| d.key());
        if ctx.now(RULE_DEPRECATED).map(|now| now.key()) < since {
            return Some(e);
        }
        let deprecated = WebhookIssue::DeprecatedEventType {
            replacement: *replacement,
        };
        warn(ctx, path, deprecated.into());
        return Some(e);
    }
    report(ctx, path, WebhookIssue::UnknownEventType.into());
    None
}

/// `filter`: `user_id` and `keyword` (strings; at least one given), `direction` (DM kinds only).
fn validate_filter(ctx: &mut Ctx, path: &Pointer, filter: &Object<'_>, event_type: Option<&str>) {
    if !SELECTING_FILTERS.iter().any(|f| fields::given(filter, f)) {
        needs::one_of(
            ctx,
            path,
            &SELECTING_FILTERS,
            "the filter needs user_id or keyword (or both)",
        );
    }
    for name in SELECTING_FILTERS {
        match filter.get(name) {
            None | Some(Value::String(_)) => {}
            Some(Value::Number(_)) => {
                let number = WebhookIssue::NumberNotString { digits: false };
                report(ctx, &path.key(name), number.into());
            }
            Some(other) => fields::wrong_type(ctx, &path.key(name), "string", other),
        }
    }
    if let Some(d) = filter.get("direction") {
        let at = path.key("direction");
        let well_formed = direction(ctx, &at, d);
        if let Some(e) = event_type {
            if well_formed && !DM_EVENT_TYPES.contains(&e) {
                report(ctx, &at, WebhookIssue::DirectionNotForEvent.into());
            }
        }
    }
    fields::unknown_fields(ctx, path, filter, FILTER_KNOWN);
}

/// `"sent"`, `"received"`, or an array of one or both of them, each once ("or both"). A value
/// `"both"` is not one the spec names and is refused.
fn direction(ctx: &mut Ctx, path: &Pointer, v: &Value) -> bool {
    match v {
        Value::String(s) => direction_value(ctx, path, s),
        Value::Array(items) => {
            let before = ctx.issue_count();
            if !crate::checks::lengths::item_count(
                ctx,
                path,
                items.len(),
                Some(DIRECTION_MIN_ITEMS),
                Some(DIRECTION_MAX_ITEMS),
            ) {
                return false;
            }
            for (i, item) in items.iter().enumerate() {
                let at = path.index(i);
                let Some(s) = fields::string(ctx, &at, item) else {
                    continue;
                };
                if !direction_value(ctx, &at, s) {
                    continue;
                }
                if let Some(first) = items[..i].iter().position(|x| x.as_str() == Some(s)) {
                    let repeated = WebhookIssue::RepeatedDirection { index: i, first };
                    report(ctx, &at, repeated.into());
                }
            }
            ctx.issue_count() == before
        }
        other => {
            fields::wrong_type(ctx, path, "string or array of strings", other);
            false
        }
    }
}

fn direction_value(ctx: &mut Ctx, path: &Pointer, s: &str) -> bool {
    if DIRECTIONS.contains(&s) {
        return true;
    }
    report(ctx, path, WebhookIssue::UnknownDirection.into());
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn described_members_are_the_ones_the_rules_know() {
        let names = |fields: &[Field]| fields.iter().map(|f| f.name).collect::<Vec<_>>();
        assert_eq!(names(DESCRIPTION.fields()), KNOWN);
        let Type::Object(filter) = DESCRIPTION.fields()[1].ty else {
            panic!("filter is an object");
        };
        assert_eq!(names(filter), FILTER_KNOWN);
        assert_eq!(ACCEPTED_EVENT_TYPES[..EVENT_TYPES.len()], EVENT_TYPES);
        for (old, _) in DEPRECATED_EVENT_TYPES {
            assert!(ACCEPTED_EVENT_TYPES.contains(&old));
        }
    }
}
