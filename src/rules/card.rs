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

mod description;

pub use description::{DESCRIPTION, UPDATE_DESCRIPTION};

use crate::checks::fields::{self, Need};
use crate::checks::{iso, lengths, needs, urls};
use crate::ctx::Ctx;
use crate::json::{Object, Value};
use crate::report::{Code, Pointer};
use serde_json::json;

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

const CARD_MEMBERS: &[&str] = &["name", "components", "slides"];
const LABEL_MEMBERS: &[&str] = &["type", "value"];
const WEBSITE_MEMBERS: &[&str] = &["type", "url"];
const APP_MEMBERS: &[&str] = &[
    "type",
    "country_code",
    "androidstore_app_id",
    "ios_app_store_identifier",
    "androidstore_deep_link",
    "ios_deep_link",
];

/// Which call the body is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Call {
    /// POST: the whole card.
    Create,
    /// PUT: the fields to replace; only the members present are checked.
    Update,
}

/// A component type that was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ComponentType {
    Media,
    SwipeableMedia,
    Details,
    Button,
}

impl ComponentType {
    fn parse(s: &str) -> Option<Self> {
        match s {
            "MEDIA" => Some(ComponentType::Media),
            "SWIPEABLE_MEDIA" => Some(ComponentType::SwipeableMedia),
            "DETAILS" => Some(ComponentType::Details),
            "BUTTON" => Some(ComponentType::Button),
            _ => None,
        }
    }

    fn is_media(self) -> bool {
        matches!(self, ComponentType::Media | ComponentType::SwipeableMedia)
    }

    /// The members documented for this type. `label` is listed for every type so that a label
    /// outside BUTTON is reported once, as `not_allowed`, and not also as `unknown_field`.
    fn members(self) -> &'static [&'static str] {
        match self {
            ComponentType::Media => &["type", "media_key", "label"],
            ComponentType::SwipeableMedia => &["type", "media_keys", "label"],
            ComponentType::Details => &["type", "title", "destination", "label"],
            ComponentType::Button => &["type", "label", "destination"],
        }
    }
}

/// The cards POST body.
pub fn validate(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    card(ctx, path, value, Call::Create);
}

/// The cards PUT body: replacement semantics, so only the members present are checked, each
/// with the POST rules; nothing is required.
pub fn validate_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    card(ctx, path, value, Call::Update);
}

fn card(ctx: &mut Ctx, path: &Pointer, value: &Value, call: Call) {
    let Some(obj) = fields::object(ctx, path, value) else {
        return;
    };

    // "`name` (max 80) required".
    let need = match call {
        Call::Create => Need::Required,
        Call::Update => Need::Optional,
    };
    if let Some(name) = fields::str_member(ctx, obj, path, "name", need) {
        if name.is_empty() {
            // Only reachable on update: the replacement would leave the card without its
            // required name.
            fields::required_because(
                ctx,
                &path.key("name"),
                "name",
                "name is required and must not be replaced by an empty value",
            );
        } else {
            lengths::max_chars(ctx, &path.key("name"), name, NAME_MAX_CHARS);
        }
    }

    // "exactly one of `components` ... or `slides`".
    let fields_pair = ["components", "slides"];
    match (
        fields::present(obj, "components"),
        fields::present(obj, "slides"),
    ) {
        (true, true) => ctx.error(
            &path.key(fields_pair[0]),
            Code::MutuallyExclusive,
            "give either components or slides, not both",
            json!({"fields": fields_pair}),
        ),
        (false, false) if call == Call::Create => needs::one_of(
            ctx,
            path,
            &fields_pair,
            "one of components or slides is required",
        ),
        _ => {}
    }

    if let Some(list) = fields::array_member(ctx, obj, path, "components", Need::Optional) {
        component_list(ctx, &path.key("components"), list, "a card");
    }

    // "`slides` (array of arrays of components, for multi-destination carousels)": each slide
    // is a list of components with the same composition rule as `components`.
    if let Some(slides) = fields::array_member(ctx, obj, path, "slides", Need::Optional) {
        let sp = path.key("slides");
        if slides.is_empty() {
            // No slide at all: the card has no media and no DETAILS or BUTTON component.
            composition(ctx, &sp, &[], "a card");
        }
        for (i, slide) in slides.iter().enumerate() {
            let p = sp.index(i);
            if let Some(list) = fields::array(ctx, &p, slide) {
                component_list(ctx, &p, list, "a slide");
            }
        }
    }

    fields::unknown_fields(ctx, path, obj, CARD_MEMBERS);
}

/// A list of components (`components`, or one slide): each component, then the composition.
fn component_list(ctx: &mut Ctx, path: &Pointer, list: &[Value], whole: &str) {
    let mut types = Vec::with_capacity(list.len());
    let mut all_read = true;
    for (i, item) in list.iter().enumerate() {
        match component(ctx, &path.index(i), item) {
            Some(t) => types.push(t),
            None => all_read = false,
        }
    }
    // A component whose type could not be read is already an error; counting without it would
    // add a second, possibly wrong, composition error.
    if all_read {
        composition(ctx, path, &types, whole);
    }
}

/// "A card needs one media component plus a DETAILS or BUTTON component": exactly one of each
/// group in the list at `path` (`whole` names it in messages: "a card" or "a slide").
fn composition(ctx: &mut Ctx, path: &Pointer, types: &[ComponentType], whole: &str) {
    let media = types.iter().filter(|t| t.is_media()).count();
    let actions = types.len() - media;
    let groups = [
        (
            media,
            MEDIA_COMPONENTS_PER_CARD,
            MEDIA_COMPONENT_TYPES,
            "needs one media component, MEDIA or SWIPEABLE_MEDIA",
            "takes only one media component, MEDIA or SWIPEABLE_MEDIA",
        ),
        (
            actions,
            ACTION_COMPONENTS_PER_CARD,
            ACTION_COMPONENT_TYPES,
            "needs a DETAILS or BUTTON component",
            "takes only one DETAILS or BUTTON component",
        ),
    ];
    for (actual, max, group, missing, extra) in groups {
        if actual == 0 {
            ctx.error(
                path,
                Code::OneOfRequired,
                format!("{whole} {missing}"),
                json!({"component_types": group}),
            );
        } else if actual > max {
            ctx.error(
                path,
                Code::TooManyItems,
                format!("{whole} {extra} (it has {actual})"),
                json!({"component_types": group, "max": max, "actual": actual}),
            );
        }
    }
}

/// One component. Returns its type when it could be read (and is a documented type).
fn component(ctx: &mut Ctx, path: &Pointer, value: &Value) -> Option<ComponentType> {
    let obj = fields::object(ctx, path, value)?;
    let t = fields::enum_member(ctx, obj, path, "type", COMPONENT_TYPES, Need::Required)?;
    let ty = ComponentType::parse(t)?;
    match ty {
        ComponentType::Media => {
            // "MEDIA | media_key (string)".
            fields::str_member(ctx, obj, path, "media_key", Need::Required);
        }
        ComponentType::SwipeableMedia => media_keys(ctx, obj, path),
        ComponentType::Details => {
            // "DETAILS | title (string), destination (object)".
            fields::str_member(ctx, obj, path, "title", Need::Required);
            destination(ctx, obj, path, ty);
        }
        ComponentType::Button => {
            // "BUTTON | label (object), destination (object)".
            label(ctx, obj, path);
            destination(ctx, obj, path, ty);
        }
    }
    // Label "(BUTTON only)".
    if ty != ComponentType::Button && fields::present(obj, "label") {
        ctx.error(
            &path.key("label"),
            Code::NotAllowed,
            "a label is allowed only in a BUTTON component",
            json!({"allowed_in": ["BUTTON"]}),
        );
    }
    fields::unknown_fields(ctx, path, obj, ty.members());
    Some(ty)
}

/// "SWIPEABLE_MEDIA | media_keys (array of 2 to 6 strings)".
fn media_keys(ctx: &mut Ctx, obj: &Object<'_>, path: &Pointer) {
    let Some(keys) = fields::array_member(ctx, obj, path, "media_keys", Need::Required) else {
        return;
    };
    let p = path.key("media_keys");
    lengths::item_count(
        ctx,
        &p,
        keys.len(),
        Some(SWIPEABLE_MEDIA_MIN_ITEMS),
        Some(SWIPEABLE_MEDIA_MAX_ITEMS),
    );
    for (i, key) in keys.iter().enumerate() {
        let ip = p.index(i);
        if fields::string(ctx, &ip, key).is_some_and(str::is_empty) {
            fields::required_because(ctx, &ip, "media_keys", "a media key must not be empty");
        }
    }
}

/// "Label object: `type` must be `ENUM`; `value` is one of BOOK, CONNECT, INSTALL, OPEN, ORDER,
/// PLAY, SHOP".
fn label(ctx: &mut Ctx, obj: &Object<'_>, path: &Pointer) {
    let Some(l) = fields::object_member(ctx, obj, path, "label", Need::Required) else {
        return;
    };
    let p = path.key("label");
    fields::enum_member(ctx, l, &p, "type", LABEL_TYPES, Need::Required);
    fields::enum_member(ctx, l, &p, "value", LABEL_VALUES, Need::Required);
    fields::unknown_fields(ctx, &p, l, LABEL_MEMBERS);
}

/// The `destination` of a DETAILS or BUTTON component.
fn destination(ctx: &mut Ctx, obj: &Object<'_>, path: &Pointer, owner: ComponentType) {
    let Some(d) = fields::object_member(ctx, obj, path, "destination", Need::Required) else {
        return;
    };
    let p = path.key("destination");
    let Some(t) = fields::enum_member(ctx, d, &p, "type", DESTINATION_TYPES, Need::Required) else {
        return;
    };
    let website = t == "WEBSITE";
    // "WEBSITE ... allowed only in DETAILS"; "APP ... allowed only in BUTTON".
    match (website, owner) {
        (true, ComponentType::Details) | (false, ComponentType::Button) => {}
        (true, _) => ctx.error(
            &p.key("type"),
            Code::NotAllowed,
            "this destination type is allowed only in a DETAILS component",
            json!({"allowed_in": ["DETAILS"]}),
        ),
        (false, _) => ctx.error(
            &p.key("type"),
            Code::NotAllowed,
            "this destination type is allowed only in a BUTTON component",
            json!({"allowed_in": ["BUTTON"]}),
        ),
    }
    if website {
        // "`WEBSITE` = {type, url (string, required)}"; no scheme is stated, so http and https
        // are both accepted.
        if let Some(url) = fields::str_member(ctx, d, &p, "url", Need::Required) {
            urls::http_url(ctx, &p.key("url"), url);
        }
        fields::unknown_fields(ctx, &p, d, WEBSITE_MEMBERS);
    } else {
        app_destination(ctx, d, &p);
        fields::unknown_fields(ctx, &p, d, APP_MEMBERS);
    }
}

/// "`APP` = {type, country_code (ISO 3166-1 alpha-2, required), androidstore_app_id,
/// ios_app_store_identifier (at least one of these two required), androidstore_deep_link (only
/// with androidstore_app_id), ios_deep_link (only with ios_app_store_identifier)}".
fn app_destination(ctx: &mut Ctx, d: &Object<'_>, p: &Pointer) {
    if let Some(cc) = fields::str_member(ctx, d, p, "country_code", Need::Required) {
        if !iso::is_country_alpha2(cc) {
            ctx.error(
                &p.key("country_code"),
                Code::InvalidCountryCode,
                "must be an ISO 3166-1 alpha-2 country code (two capital letters)",
                json!(null),
            );
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
            .map(|i| (i.path.clone(), i.code.as_str()))
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
                let params = Value::Object(i.params.clone()).to_string();
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
