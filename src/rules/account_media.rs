//! `account_media_list_query`: the account media GET query (document C §4 Account media, §2
//! Enumerations, §8 Limits; list conventions of document B §1).
//!
//! > GET /12/accounts/:account_id/account_media: `account_media_ids` (comma list, up to 200),
//! > `count` (default 200, 1 to 1000), `creative_types` (comma list of the enum), `cursor`,
//! > `sort_by`, `with_deleted`, `with_total_count`
//!
//! > creative_type: BANNER, BANNER_TABLET, INTERSTITIAL, INTERSTITIAL_LANDSCAPE,
//! > INTERSTITIAL_LANDSCAPE_TABLET, INTERSTITIAL_TABLET, MEDIUM_RECTANGLE, PREROLL, VAST_PREROLL.
//!
//! Every rule is per field except "`with_total_count` ... exclusive with `cursor`"
//! (`list_query::EXCLUSIVE_RULE`, data).

use super::list_query::{self, CURSOR, SORT_BY, WITH_DELETED, WITH_TOTAL_COUNT};
use crate::model::{Description, Field, List, Type};

/// `count`: "(default 200, 1 to 1000)".
pub const COUNT_MAX: i64 = 1000;

/// creative_type (C §2 Enumerations): "BANNER, BANNER_TABLET, INTERSTITIAL,
/// INTERSTITIAL_LANDSCAPE, INTERSTITIAL_LANDSCAPE_TABLET, INTERSTITIAL_TABLET, MEDIUM_RECTANGLE,
/// PREROLL, VAST_PREROLL".
pub const CREATIVE_TYPES: &[&str] = &[
    "BANNER",
    "BANNER_TABLET",
    "INTERSTITIAL",
    "INTERSTITIAL_LANDSCAPE",
    "INTERSTITIAL_LANDSCAPE_TABLET",
    "INTERSTITIAL_TABLET",
    "MEDIUM_RECTANGLE",
    "PREROLL",
    "VAST_PREROLL",
];

/// What `describe("account_media_list_query")` says.
pub const ACCOUNT_MEDIA_LIST_QUERY: Description = Description {
    title: "The account media GET query",
    root: Type::Object(&[
        list_query::id_filter("account_media_ids", "comma list, up to 200"),
        list_query::count(COUNT_MAX, "default 200, 1 to 1000"),
        Field::optional(
            "creative_types",
            Type::List(&List {
                item: Type::Enum(CREATIVE_TYPES),
                min_items: None,
                max_items: None,
                unique: false,
            }),
            "comma list of the enum (creative_type)",
        ),
        CURSOR,
        SORT_BY,
        WITH_DELETED,
        WITH_TOTAL_COUNT,
    ]),
    rules: &[list_query::EXCLUSIVE_RULE],
};
