//! The catalog of rule-breaking mutations: for each kind, member paths (RFC 6901, `*` for any
//! array index) and what breaks the rule on that member. Every limit and value set comes from the
//! constant the rule itself uses, imported from `preflight::__private::rules::*`; nothing is restated here.

use preflight::__private::checks::iso::COUNTRY_ALPHA2;
use preflight::__private::rules::audience_users::{
    DO_NOT_REACH_IDENTIFIERS, IDENTIFIERS, OPERATION_TYPES, SHA256_HEX_DIGITS, UNHASHED_IDENTIFIER,
};
use preflight::__private::rules::card::{
    COMPONENT_TYPES, DESTINATION_TYPES, LABEL_TYPES, LABEL_VALUES, NAME_MAX_CHARS,
    SWIPEABLE_MEDIA_MAX_ITEMS, SWIPEABLE_MEDIA_MIN_ITEMS,
};
use preflight::__private::rules::line_item::bid::{BID_AMOUNT_MIN_MICRO, BID_STRATEGIES};
use preflight::__private::rules::line_item::frequency_cap::DURATIONS_IN_DAYS;
use preflight::__private::rules::line_item::pay_by::PAY_BY_VALUES;
use preflight::__private::rules::line_item::{AUDIENCE_EXPANSIONS, ENTITY_STATUSES, GOALS};
use preflight::__private::rules::poll_card::{
    CHOICE_MAX_CHARS, DURATION_MAX_MINUTES, DURATION_MIN_MINUTES,
};
use preflight::__private::rules::product::{
    ADDITIONAL_IMAGES_MAX, AGE_GROUP, AVAILABILITY, CONDITION, DESCRIPTION_MAX_CHARS, GENDER,
    TITLE_MAX_CHARS as PRODUCT_TITLE_MAX_CHARS,
};
use preflight::__private::rules::video_conversation_card::{
    CTA_MAX_CHARS, HASHTAG_SIGN, THANK_YOU_TEXT_MAX_CHARS, TITLE_MAX_CHARS as VCC_TITLE_MAX_CHARS,
};
use preflight::Kind;

/// The JSON type a member must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Json {
    String,
    /// A JSON number; for a kind sent as query parameters also a decimal string.
    Integer,
    Object,
    Array,
}

/// What breaks the rule on one member.
#[derive(Clone, Copy, Debug)]
pub enum Break {
    /// A string of more than `max` characters after `prefix` (which the rule does not count).
    TooLong { max: usize, prefix: Option<char> },
    /// A non-empty string that is not one of the set.
    NotInEnum(&'static [&'static str]),
    /// An integer that is not one of the set.
    IntNotInEnum(&'static [i64]),
    /// An integer below `min` or above `max`.
    OutOfRange { min: Option<i64>, max: Option<i64> },
    /// An array of strings with fewer than `min` or more than `max` items.
    ItemCount { min: usize, max: usize },
    /// A comma-separated list of more than `max` URLs.
    UrlListTooLong { max: usize },
    /// A value of another JSON type.
    WrongType(Json),
    /// The member removed (it is required).
    Remove,
    /// A non-empty string that is not an ISO 3166-1 alpha-2 code ([`COUNTRY_ALPHA2`]).
    NotCountry,
    /// A string that is not [`SHA256_HEX_DIGITS`] lowercase hexadecimal digits.
    NotHashed,
}

/// One catalog entry.
#[derive(Clone, Debug)]
pub struct Entry {
    pub kind: Kind,
    /// RFC 6901 pointer pattern; a `*` segment matches any array index.
    pub path: String,
    pub brk: Break,
}

/// Adds `breaks` for `path` under `kind`.
fn add(out: &mut Vec<Entry>, kind: Kind, path: &str, breaks: &[Break]) {
    for &brk in breaks {
        out.push(Entry {
            kind,
            path: path.to_owned(),
            brk,
        });
    }
}

use Break::*;

const STRING: Break = WrongType(Json::String);

/// product, and each product of product_batch (`prefix` `/products/*`).
fn product(out: &mut Vec<Entry>, kind: Kind, prefix: &str) {
    let p = |name: &str| format!("{prefix}/{name}");
    let required = [STRING, Remove];
    add(
        out,
        kind,
        &p("title"),
        &[TooLong {
            max: PRODUCT_TITLE_MAX_CHARS,
            prefix: None,
        }],
    );
    add(
        out,
        kind,
        &p("description"),
        &[TooLong {
            max: DESCRIPTION_MAX_CHARS,
            prefix: None,
        }],
    );
    for name in ["id", "title", "description", "price", "link", "image_link"] {
        add(out, kind, &p(name), &required);
    }
    add(
        out,
        kind,
        &p("availability"),
        &[NotInEnum(AVAILABILITY), STRING, Remove],
    );
    add(
        out,
        kind,
        &p("condition"),
        &[NotInEnum(CONDITION), STRING, Remove],
    );
    add(out, kind, &p("gender"), &[NotInEnum(GENDER), STRING]);
    add(out, kind, &p("age_group"), &[NotInEnum(AGE_GROUP), STRING]);
    add(out, kind, &p("inventory"), &[WrongType(Json::Integer)]);
    add(
        out,
        kind,
        &p("additional_image_link"),
        &[
            UrlListTooLong {
                max: ADDITIONAL_IMAGES_MAX,
            },
            STRING,
        ],
    );
    for name in [
        "brand",
        "gtin",
        "mpn",
        "mobile_link",
        "product_key",
        "sale_price",
        "sale_price_effective_date",
        "item_group_id",
        "color",
        "size",
        "product_type",
        "taxonomy_product_category",
    ] {
        add(out, kind, &p(name), &[STRING]);
    }
}

/// The component rules of card and card_update, in `components` and in every slide.
fn components(out: &mut Vec<Entry>, kind: Kind) {
    for list in ["/components/*", "/slides/*/*"] {
        let p = |rest: &str| format!("{list}/{rest}");
        // A member that must be one of `values`.
        let one_of = |out: &mut Vec<Entry>, rest: &str, values: &'static [&'static str]| {
            add(out, kind, &p(rest), &[NotInEnum(values), STRING, Remove]);
        };
        one_of(out, "type", COMPONENT_TYPES);
        add(out, kind, &p("media_key"), &[STRING, Remove]);
        add(
            out,
            kind,
            &p("media_keys"),
            &[
                ItemCount {
                    min: SWIPEABLE_MEDIA_MIN_ITEMS,
                    max: SWIPEABLE_MEDIA_MAX_ITEMS,
                },
                WrongType(Json::Array),
                Remove,
            ],
        );
        add(out, kind, &p("media_keys/*"), &[STRING]);
        add(out, kind, &p("title"), &[STRING, Remove]);
        add(out, kind, &p("label"), &[WrongType(Json::Object), Remove]);
        one_of(out, "label/type", LABEL_TYPES);
        one_of(out, "label/value", LABEL_VALUES);
        add(
            out,
            kind,
            &p("destination"),
            &[WrongType(Json::Object), Remove],
        );
        one_of(out, "destination/type", DESTINATION_TYPES);
        add(out, kind, &p("destination/url"), &[STRING, Remove]);
        add(
            out,
            kind,
            &p("destination/country_code"),
            &[NotCountry, STRING, Remove],
        );
        for id in ["androidstore_app_id", "ios_app_store_identifier"] {
            add(out, kind, &p(&format!("destination/{id}")), &[STRING]);
        }
    }
}

/// video_conversation_card (`create`) and its update.
fn video_conversation_card(out: &mut Vec<Entry>, kind: Kind, create: bool) {
    let cta = TooLong {
        max: CTA_MAX_CHARS,
        prefix: None,
    };
    add(
        out,
        kind,
        "/first_cta",
        &[TooLong {
            max: CTA_MAX_CHARS,
            prefix: Some(HASHTAG_SIGN),
        }],
    );
    for name in ["second_cta", "third_cta", "fourth_cta"] {
        add(out, kind, &format!("/{name}"), &[cta]);
    }
    for (name, max) in [
        ("title", VCC_TITLE_MAX_CHARS),
        ("thank_you_text", THANK_YOU_TEXT_MAX_CHARS),
    ] {
        add(
            out,
            kind,
            &format!("/{name}"),
            &[TooLong { max, prefix: None }],
        );
    }
    // What the create requires, then the other members.
    const REQUIRED: [&str; 5] = [
        "first_cta",
        "first_cta_tweet",
        "media_key",
        "name",
        "thank_you_text",
    ];
    for name in REQUIRED.into_iter().chain([
        "title",
        "second_cta",
        "second_cta_tweet",
        "third_cta",
        "fourth_cta",
        "third_cta_tweet",
        "fourth_cta_tweet",
        "poster_media_key",
        "thank_you_url",
        "unlocked_image_media_key",
        "unlocked_video_media_key",
    ]) {
        add(out, kind, &format!("/{name}"), &[STRING]);
    }
    if create {
        for name in REQUIRED {
            add(out, kind, &format!("/{name}"), &[Remove]);
        }
    }
}

/// custom_audience_users and do_not_reach_users.
fn audience_users(out: &mut Vec<Entry>, kind: Kind, identifiers: &[&str]) {
    add(
        out,
        kind,
        "/*/operation_type",
        &[NotInEnum(OPERATION_TYPES), STRING, Remove],
    );
    add(out, kind, "/*/params", &[WrongType(Json::Object), Remove]);
    add(
        out,
        kind,
        "/*/params/users",
        &[WrongType(Json::Array), Remove],
    );
    add(out, kind, "/*/params/users/*", &[WrongType(Json::Object)]);
    for &id in identifiers {
        let at = format!("/*/params/users/*/{id}");
        add(out, kind, &at, &[WrongType(Json::Array)]);
        let item = format!("{at}/*");
        add(out, kind, &item, &[STRING]);
        if id != UNHASHED_IDENTIFIER {
            add(out, kind, &item, &[NotHashed]);
        }
    }
    add(out, kind, "/*/params/expires_at", &[STRING]);
    if kind == Kind::CustomAudienceUsers {
        add(out, kind, "/*/params/effective_at", &[STRING]);
    }
}

/// The kinds whose entries are another kind's, reused (the batch of products, the updates): their
/// vectors need not reach every entry.
pub const DERIVED: [Kind; 3] = [
    Kind::ProductBatch,
    Kind::CardUpdate,
    Kind::VideoConversationCardUpdate,
];

/// Every entry.
pub fn catalog() -> Vec<Entry> {
    let mut out = Vec::new();
    product(&mut out, Kind::Product, "");
    product(&mut out, Kind::ProductBatch, "/products/*");
    add(
        &mut out,
        Kind::ProductBatch,
        "/products",
        &[WrongType(Json::Array), Remove],
    );

    for (kind, create) in [(Kind::Card, true), (Kind::CardUpdate, false)] {
        add(
            &mut out,
            kind,
            "/name",
            &[
                TooLong {
                    max: NAME_MAX_CHARS,
                    prefix: None,
                },
                STRING,
            ],
        );
        if create {
            add(&mut out, kind, "/name", &[Remove]);
        }
        add(&mut out, kind, "/components", &[WrongType(Json::Array)]);
        add(&mut out, kind, "/slides", &[WrongType(Json::Array)]);
        add(&mut out, kind, "/slides/*", &[WrongType(Json::Array)]);
        components(&mut out, kind);
    }

    let k = Kind::PollCard;
    add(&mut out, k, "/name", &[STRING, Remove]);
    add(
        &mut out,
        k,
        "/duration_in_minutes",
        &[
            OutOfRange {
                min: Some(DURATION_MIN_MINUTES),
                max: Some(DURATION_MAX_MINUTES),
            },
            WrongType(Json::Integer),
            Remove,
        ],
    );
    let choice = TooLong {
        max: CHOICE_MAX_CHARS,
        prefix: None,
    };
    for name in ["first_choice", "second_choice"] {
        add(&mut out, k, &format!("/{name}"), &[choice, STRING, Remove]);
    }
    for name in ["third_choice", "fourth_choice"] {
        add(&mut out, k, &format!("/{name}"), &[choice, STRING]);
    }
    add(&mut out, k, "/media_key", &[STRING]);

    video_conversation_card(&mut out, Kind::VideoConversationCard, true);
    video_conversation_card(&mut out, Kind::VideoConversationCardUpdate, false);

    let k = Kind::LineItemUpdate;
    let sets: [(&str, &'static [&'static str]); 5] = [
        ("audience_expansion", AUDIENCE_EXPANSIONS),
        ("entity_status", ENTITY_STATUSES),
        ("goal", GOALS),
        ("bid_strategy", BID_STRATEGIES),
        ("pay_by", PAY_BY_VALUES),
    ];
    for (name, set) in sets {
        add(&mut out, k, &format!("/{name}"), &[NotInEnum(set), STRING]);
    }
    let query_int = WrongType(Json::Integer);
    add(
        &mut out,
        k,
        "/duration_in_days",
        &[IntNotInEnum(DURATIONS_IN_DAYS), query_int],
    );
    add(
        &mut out,
        k,
        "/bid_amount_local_micro",
        &[
            OutOfRange {
                min: Some(BID_AMOUNT_MIN_MICRO),
                max: None,
            },
            query_int,
        ],
    );
    for name in [
        "total_budget_amount_local_micro",
        "daily_budget_amount_local_micro",
        "frequency_cap",
    ] {
        add(&mut out, k, &format!("/{name}"), &[query_int]);
    }
    for name in [
        "name",
        "advertiser_domain",
        "advertiser_user_id",
        "android_app_store_identifier",
        "ios_app_store_identifier",
        "categories",
        "start_time",
        "end_time",
    ] {
        add(&mut out, k, &format!("/{name}"), &[STRING]);
    }

    audience_users(&mut out, Kind::CustomAudienceUsers, IDENTIFIERS);
    audience_users(&mut out, Kind::DoNotReachUsers, DO_NOT_REACH_IDENTIFIERS);
    out
}

/// Whether `s` is a hash as the audience endpoints take it.
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == SHA256_HEX_DIGITS
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether `s` is an ISO 3166-1 alpha-2 code.
pub fn is_country(s: &str) -> bool {
    COUNTRY_ALPHA2.contains(&s)
}
