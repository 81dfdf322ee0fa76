//! `card` and `card_update`: the cards POST and PUT JSON bodies (document C §4 Cards,
//! §2 Card components, §8 Limits).
//!
//! > POST: JSON body: `name` (max 80) required; exactly one of `components` (array, order is
//! > render order top to bottom) or `slides` (array of arrays of components, for
//! > multi-destination carousels). PUT: JSON body of the fields to replace.
//! >
//! > A card needs one media component plus a DETAILS or BUTTON component.
//!
//! Components (§2): MEDIA {media_key (string)}, SWIPEABLE_MEDIA {media_keys (array of 2 to 6
//! strings)}, DETAILS {title (string), destination (object)}, BUTTON {label (object),
//! destination (object)}. Label: `type` must be `ENUM`; `value` one of BOOK, CONNECT, INSTALL,
//! OPEN, ORDER, PLAY, SHOP (BUTTON only). Destination: `WEBSITE` {type, url (string, required)}
//! only in DETAILS; `APP` {type, country_code (ISO 3166-1 alpha-2, required),
//! androidstore_app_id, ios_app_store_identifier (at least one of these two required),
//! androidstore_deep_link (only with androidstore_app_id), ios_deep_link (only with
//! ios_app_store_identifier)} only in BUTTON.
//!
//! Choices where the spec is silent are listed in docs/RULES.md; the main ones:
//! "one media component plus a DETAILS or BUTTON component" is read as exactly one of each
//! (MEDIA or SWIPEABLE_MEDIA; DETAILS or BUTTON), checked per component list (`components`, or
//! each slide of `slides`); the order of components is not checked; a list holding a component
//! whose type could not be read is not checked for its composition.
//!
//! Both kinds are rows read in order (`in order` in the kind table): the tables of `description` are
//! what the engine checks (a component is its `Type::Tagged` table; "label ... BUTTON only" is
//! its `only_in`), "exactly one of components or slides" is a data rule right after `name`, and
//! the member hooks below keep what has messages of its own: the composition of each list of
//! components, `media_keys`, the destination, the PUT's `name`.

mod description;

pub use description::{DESCRIPTION, UPDATE_DESCRIPTION};

use crate::checks::fields::{self, Need};
use crate::checks::{iso, lengths, needs, urls};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::engine::form;
use crate::engine::rules::{self, Contains};
use crate::issues::CreativeIssue;
use crate::json::{Object, Value};
use crate::model::{At, Member};
use crate::report::Pointer;

/// Longest card name, in characters ("`name` (max 80)"; §8 "Card name ... max 80 chars").
pub const NAME_MAX_CHARS: usize = 80;
/// Fewest media keys of a SWIPEABLE_MEDIA component ("array of 2 to 6 strings").
pub const SWIPEABLE_MEDIA_MIN_ITEMS: usize = 2;
/// Most media keys of a SWIPEABLE_MEDIA component ("array of 2 to 6 strings").
pub const SWIPEABLE_MEDIA_MAX_ITEMS: usize = 6;
/// Media components (MEDIA or SWIPEABLE_MEDIA) per card or slide ("one media component").
pub const MEDIA_COMPONENTS_PER_CARD: usize = 1;
/// DETAILS or BUTTON components per card or slide ("plus a DETAILS or BUTTON component").
pub const ACTION_COMPONENTS_PER_CARD: usize = 1;

/// The component types (§2 Card components).
pub const COMPONENT_TYPES: &[&str] = &["MEDIA", "SWIPEABLE_MEDIA", "DETAILS", "BUTTON"];
/// The media component types.
pub const MEDIA_COMPONENT_TYPES: &[&str] = &["MEDIA", "SWIPEABLE_MEDIA"];
/// The component types that carry the destination.
pub const ACTION_COMPONENT_TYPES: &[&str] = &["DETAILS", "BUTTON"];
/// Label `type` "must be `ENUM`".
pub const LABEL_TYPES: &[&str] = &["ENUM"];
/// Label `value` "is one of BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP".
pub const LABEL_VALUES: &[&str] = &[
    "BOOK", "CONNECT", "INSTALL", "OPEN", "ORDER", "PLAY", "SHOP",
];
/// The destination types.
pub const DESTINATION_TYPES: &[&str] = &["WEBSITE", "APP"];
/// The two app store identifiers of an APP destination, at least one of which is required.
pub const APP_IDS: &[&str] = &["androidstore_app_id", "ios_app_store_identifier"];

/// The members of a WEBSITE destination.
const WEBSITE_MEMBERS: &[&str] = &["type", "url"];
/// The members of an APP destination.
const APP_MEMBERS: &[&str] = &[
    "type",
    "country_code",
    "androidstore_app_id",
    "ios_app_store_identifier",
    "androidstore_deep_link",
    "ios_deep_link",
];

/// "A card needs one media component plus a DETAILS or BUTTON component", per list of
/// components, read as exactly one of each group.
const COMPOSITION: &[Contains] = &[
    Contains {
        tags: MEDIA_COMPONENT_TYPES,
        max: MEDIA_COMPONENTS_PER_CARD,
        param: "component_types",
        missing: "needs one media component, MEDIA or SWIPEABLE_MEDIA",
        extra: "takes only one media component, MEDIA or SWIPEABLE_MEDIA",
    },
    Contains {
        tags: ACTION_COMPONENT_TYPES,
        max: ACTION_COMPONENTS_PER_CARD,
        param: "component_types",
        missing: "needs a DETAILS or BUTTON component",
        extra: "takes only one DETAILS or BUTTON component",
    },
];

/// Member hook of the PUT's `name`: "`name` (max 80)"; sent as `""`, the replacement would
/// leave the card without its required name.
fn name_update_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member { path, value: v, .. }) = hook.member() else {
        return;
    };
    let Some(name) = fields::string(ctx, path, v) else {
        return;
    };
    if name.is_empty() {
        let message = "name is required and must not be replaced by an empty value";
        fields::required_because(ctx, path, "name", message);
    } else {
        lengths::max_chars(ctx, path, name, NAME_MAX_CHARS);
    }
}

/// Member hook of `components`: each component (the tagged table of
/// `description::COMPONENT`), then the composition of the list.
fn components_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path,
        name,
        value: v,
        ..
    }) = hook.member()
    else {
        return;
    };
    if let Some(list) = fields::array(ctx, path, v) {
        component_list(ctx, path, name, list, "a card");
    }
}

/// Member hook of `slides` ("array of arrays of components, for multi-destination carousels"):
/// each slide is a list of components with the composition rule of `components`; no slide at
/// all leaves the card without its components.
fn slides_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path,
        name,
        value: v,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(slides) = fields::array(ctx, path, v) else {
        return;
    };
    if slides.is_empty() {
        rules::contains(ctx, path, &[], COMPOSITION, "a card");
    }
    for (i, slide) in slides.iter().enumerate() {
        let p = path.index(i);
        if let Some(list) = fields::array(ctx, &p, slide) {
            component_list(ctx, &p, name, list, "a slide");
        }
    }
}

/// A list of components: each component, then the composition, when every component's type
/// was read (a component whose type could not be read is already an error; counting without it
/// would add a second, possibly wrong, composition error).
fn component_list(ctx: &mut Ctx, path: &Pointer, name: &str, list: &[Value], whole: &str) {
    let mut types = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        form::value(
            ctx,
            &path.index(i),
            name,
            item,
            &description::COMPONENT,
            true,
        );
        let ty = match item {
            Value::Object(c) => c.get("type").and_then(Value::as_str),
            _ => None,
        };
        types.push(ty.filter(|t| COMPONENT_TYPES.contains(t)));
    }
    if let Some(types) = types.into_iter().collect::<Option<Vec<&str>>>() {
        rules::contains(ctx, path, &types, COMPOSITION, whole);
    }
}

/// Member hook of SWIPEABLE_MEDIA's `media_keys` ("array of 2 to 6 strings"): the count, and
/// each key a non-empty string.
fn media_keys_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member { path, value: v, .. }) = hook.member() else {
        return;
    };
    let Some(keys) = fields::array(ctx, path, v) else {
        return;
    };
    let (min, max) = (SWIPEABLE_MEDIA_MIN_ITEMS, SWIPEABLE_MEDIA_MAX_ITEMS);
    lengths::item_count(ctx, path, keys.len(), Some(min), Some(max));
    for (i, key) in keys.iter().enumerate() {
        let ip = path.index(i);
        if fields::string(ctx, &ip, key).is_some_and(str::is_empty) {
            fields::required_because(ctx, &ip, "media_keys", "a media key must not be empty");
        }
    }
}

/// Member hook of the `destination` of a DETAILS or BUTTON component (`component`): its type
/// (WEBSITE only in DETAILS, APP only in BUTTON; one in the wrong component is `not_allowed`
/// and still checked as what it is), then its members.
fn destination_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path: p,
        value: v,
        parent: component,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(d) = fields::object(ctx, p, v) else {
        return;
    };
    let Some(t) = fields::enum_member(ctx, d, p, "type", DESTINATION_TYPES, Need::Required) else {
        return;
    };
    let website = t == "WEBSITE";
    let owner = component.get("type").and_then(Value::as_str);
    // "WEBSITE ... allowed only in DETAILS"; "APP ... allowed only in BUTTON".
    let belongs_in = if website { "DETAILS" } else { "BUTTON" };
    if owner != Some(belongs_in) {
        let at = p.key("type");
        report(
            ctx,
            &at,
            CreativeIssue::DestinationOnlyIn {
                component: belongs_in,
            }
            .into(),
        );
    }
    if website {
        // "`WEBSITE` = {type, url (string, required)}"; no scheme is stated, so http and https
        // are both accepted.
        if let Some(url) = fields::str_member(ctx, d, p, "url", Need::Required) {
            urls::http_url(ctx, &p.key("url"), url);
        }
        fields::unknown_fields(ctx, p, d, WEBSITE_MEMBERS);
    } else {
        app_destination(ctx, d, p);
        fields::unknown_fields(ctx, p, d, APP_MEMBERS);
    }
}

/// "`APP` = {type, country_code (ISO 3166-1 alpha-2, required), androidstore_app_id,
/// ios_app_store_identifier (at least one of these two required), androidstore_deep_link (only
/// with androidstore_app_id), ios_deep_link (only with ios_app_store_identifier)}".
fn app_destination(ctx: &mut Ctx, d: &Object<'_>, p: &Pointer) {
    if let Some(cc) = fields::str_member(ctx, d, p, "country_code", Need::Required) {
        if !iso::is_country_alpha2(cc) {
            let at = p.key("country_code");
            report(ctx, &at, CreativeIssue::NotCountryAlpha2.into());
        }
    }
    for id in APP_IDS {
        fields::str_member(ctx, d, p, id, Need::Optional);
    }
    if !APP_IDS.iter().any(|id| fields::given(d, id)) {
        needs::one_of(
            ctx,
            p,
            APP_IDS,
            "an app destination needs androidstore_app_id or ios_app_store_identifier",
        );
    }
    for (link, id) in [
        ("androidstore_deep_link", "androidstore_app_id"),
        ("ios_deep_link", "ios_app_store_identifier"),
    ] {
        fields::str_member(ctx, d, p, link, Need::Optional);
        // Reported at the identifier, the member missing (a deep link is "only with" it).
        if fields::given(d, link) && !fields::given(d, id) {
            needs::missing(ctx, p, id, link, format!("{id} is required with {link}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::options::Options;
    use crate::report::Report;
    use crate::Kind;
    use serde_json::{json, Value};

    fn run(kind: Kind, payload: Value) -> Report {
        crate::validate(kind, &payload, &Options::default())
    }

    fn pairs(r: &Report) -> Vec<(String, &'static str)> {
        r.issues
            .iter()
            .map(|i| (i.path.clone(), i.code.code()))
            .collect()
    }

    #[test]
    fn website_and_app_cards_are_valid() {
        let website = json!({"name": "components create cards", "components": [
            {"type": "MEDIA", "media_key": "3_1323490622599176192"},
            {"type": "DETAILS", "title": "Twitter",
             "destination": {"type": "WEBSITE", "url": "https://twitter.com"}}]});
        assert_eq!(pairs(&run(Kind::Card, website)), vec![]);
        let app = json!({"name": "app", "components": [
            {"type": "SWIPEABLE_MEDIA", "media_keys": ["3_1", "3_2"]},
            {"type": "BUTTON", "label": {"type": "ENUM", "value": "INSTALL"},
             "destination": {"type": "APP", "country_code": "US",
                             "ios_app_store_identifier": "333903271"}}]});
        assert_eq!(pairs(&run(Kind::Card, app)), vec![]);
    }

    #[test]
    fn messages_never_carry_payload_values() {
        let secret = "SECRET-VALUE-42";
        let payload = json!({"name": secret.repeat(10), secret: secret, "slides": [[
            {"type": secret},
            {"type": "BUTTON", secret: 1, "label": {"type": secret, "value": secret},
             "destination": {"type": "WEBSITE", "url": secret, secret: secret}},
            {"type": "DETAILS", "title": secret, "label": secret,
             "destination": {"type": "APP", "country_code": secret,
                             "androidstore_deep_link": secret, "ios_deep_link": secret}},
            {"type": "SWIPEABLE_MEDIA", "media_keys": [secret]}]],
            "components": secret});
        for kind in [Kind::Card, Kind::CardUpdate] {
            let r = run(kind, payload.clone());
            assert!(!r.valid);
            assert!(r.issues.len() > 10);
            for i in &r.issues {
                assert!(!i.message.contains(secret), "{}: {}", i.path, i.message);
                let params = serde_json::to_string(&i.params).unwrap_or_default();
                assert!(!params.contains(secret), "{}: {params}", i.path);
            }
        }
    }

    #[test]
    fn odd_shapes_do_not_panic_and_are_deterministic() {
        let shapes = [
            json!(null),
            json!([]),
            json!("card"),
            json!({"components": null, "slides": [null, 1, [], [[]], [{}]]}),
            json!({"components": [null, [], {"type": null}, {"type": ""}]}),
            json!({"slides": [[{"type": "BUTTON", "label": [], "destination": "x"}]]}),
            json!({"components": [{"type": "DETAILS", "destination": {"type": 1}}]}),
            json!({"components": [{"type": "SWIPEABLE_MEDIA", "media_keys": {}}]}),
        ];
        for kind in [Kind::Card, Kind::CardUpdate] {
            for s in &shapes {
                let a = run(kind, s.clone());
                let b = run(kind, s.clone());
                assert_eq!(a, b);
                assert!(!a.valid, "{s}");
            }
        }
    }

    #[test]
    fn update_requires_nothing() {
        assert_eq!(pairs(&run(Kind::CardUpdate, json!({}))), vec![]);
        assert_eq!(
            pairs(&run(Kind::Card, json!({}))),
            vec![
                ("/name".to_string(), "required"),
                ("/components".to_string(), "one_of_required")
            ]
        );
    }
}
