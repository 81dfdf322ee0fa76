//! The card list queries (document C §4 Cards, Poll cards, Video conversation cards; §2
//! Enumerations; §8 Limits; list conventions of document B §1).
//!
//! > GET /12/accounts/:account_id/cards: `card_types` (comma list), `card_id` (up to 200),
//! > `card_uris` (up to 200), `count` (default 100, 1 to 200), `cursor`, `include_legacy_cards`
//! > (default false), `q` (max 80 chars, case-insensitive prefix match on name), `sort_by`,
//! > `with_deleted` | list; only cards created by the cards POST are returned
//!
//! > GET /12/accounts/:account_id/cards/poll: `card_ids` (up to 200), `count` (default 200, 1 to
//! > 1000), `cursor`, `q` (max 80, prefix), `sort_by`, `with_deleted`, `with_total_count`
//!
//! > GET /12/accounts/:account_id/cards/video_conversation: `card_ids`, `count` (default 200, 1
//! > to 1000), `cursor`, `q`, `sort_by`, `with_deleted`, `with_total_count`
//!
//! > §8 Limits: Id filters: up to 200 ids. Card name, card q, poll q: max 80 chars.
//!
//! The cards GET lists no `with_total_count`, so it has no rule across fields; the other two
//! have "`with_total_count` ... exclusive with `cursor`" (`list_query::EXCLUSIVE_RULE`, data).

use super::list_query::{self, CURSOR, SORT_BY, WITH_DELETED, WITH_TOTAL_COUNT};
use crate::model::{Description, Field, List, Str, Type};

/// Cards GET `count`: "(default 100, 1 to 200)".
pub const CARDS_COUNT_MAX: i64 = 200;
/// Poll cards and video conversation cards GET `count`: "(default 200, 1 to 1000)".
pub const CARD_LIST_COUNT_MAX: i64 = 1000;
/// Cards GET and poll cards GET `q`: "max 80 chars" (§8 "card q, poll q: max 80 chars").
pub const Q_MAX_CHARS: usize = 80;

/// card_type (C §2 Enumerations): the types of the cards the cards POST creates, the only ones
/// the cards GET returns ("only cards created by the cards POST are returned"). The types poll
/// cards and video conversation cards "show" (VIDEO_POLLS, TEXT_POLLS, VIDEO_CONVERSATION) are
/// not among them.
pub const CARD_TYPES: &[&str] = &[
    "IMAGE_APP",
    "IMAGE_CAROUSEL_APP",
    "IMAGE_CAROUSEL_WEBSITE",
    "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE",
    "IMAGE_WEBSITE",
    "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE",
    "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP",
    "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE",
    "VIDEO_APP",
    "VIDEO_CAROUSEL_APP",
    "VIDEO_CAROUSEL_WEBSITE",
    "VIDEO_MULTI_DEST_CAROUSEL_WEBSITE",
    "VIDEO_WEBSITE",
];

/// `card_ids` of the poll and video conversation card lists: an id filter (§8 "Id filters: up to
/// 200 ids"; the poll list also states "(up to 200)").
const CARD_IDS: Field =
    list_query::id_filter("card_ids", "up to 200 (§8: id filters up to 200 ids)");

/// What `describe("card_list_query")` says.
pub const CARD_LIST_QUERY: Description = Description {
    title: "The cards GET query",
    root: Type::Object(&[
        Field::optional(
            "card_types",
            Type::List(&List {
                item: Type::Enum(CARD_TYPES),
                min_items: None,
                max_items: None,
                unique: false,
            }),
            "comma list (card_type)",
        ),
        list_query::id_filter("card_id", "up to 200"),
        list_query::id_filter("card_uris", "up to 200"),
        list_query::count(CARDS_COUNT_MAX, "default 100, 1 to 200"),
        CURSOR,
        Field::optional("include_legacy_cards", Type::Bool, "default false"),
        Field::optional(
            "q",
            Str::max(Q_MAX_CHARS),
            "max 80 chars, case-insensitive prefix match on name",
        ),
        SORT_BY,
        WITH_DELETED,
    ]),
    rules: &[],
};

/// What `describe("poll_card_list_query")` says.
pub const POLL_CARD_LIST_QUERY: Description = Description {
    title: "The poll cards GET query",
    root: Type::Object(&[
        CARD_IDS,
        list_query::count(CARD_LIST_COUNT_MAX, "default 200, 1 to 1000"),
        CURSOR,
        Field::optional("q", Str::max(Q_MAX_CHARS), "max 80, prefix"),
        SORT_BY,
        WITH_DELETED,
        WITH_TOTAL_COUNT,
    ]),
    rules: &[list_query::EXCLUSIVE_RULE],
};

/// What `describe("video_conversation_card_list_query")` says.
pub const VIDEO_CONVERSATION_CARD_LIST_QUERY: Description = Description {
    title: "The video conversation cards GET query",
    root: Type::Object(&[
        CARD_IDS,
        list_query::count(CARD_LIST_COUNT_MAX, "default 200, 1 to 1000"),
        CURSOR,
        Field::optional("q", Str::ANY, "q (no length stated)"),
        SORT_BY,
        WITH_DELETED,
        WITH_TOTAL_COUNT,
    ]),
    rules: &[list_query::EXCLUSIVE_RULE],
};
