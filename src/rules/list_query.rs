//! The conventions every list query shares (document B §1 "Common conventions", which document C
//! adopts: "The response envelope and the `count`, `cursor`, `sort_by`, `with_deleted` ... and
//! `with_total_count` conventions are those of document B"):
//!
//! > `count`: Records per request; default and bounds are given per endpoint.
//! > `cursor`: Opaque string for the next page.
//! > `sort_by`: Sort attribute with direction (string).
//! > `with_total_count`: boolean, default false; exclusive with `cursor`.
//! > `with_deleted` (boolean, default false: include deleted records).
//! > Id filters: up to 200 ids (C §8 Limits; B §4 Tailored audience permissions).
//!
//! The fields are `const` builders for the kinds' description tables; [`EXCLUSIVE_RULE`] is the
//! one rule across them, as data: `with_total_count` true sent with a `cursor` (not `""`, an
//! untouched form input) is `mutually_exclusive` at `/with_total_count`; false, or not a boolean
//! (reported on its own), is fine.

use crate::model::{Check, Field, List, Rule, Str, Type};
use crate::report::Code;

/// Most ids in one id filter ("id filters up to 200 ids").
pub const ID_FILTER_MAX: usize = 200;
/// The smallest `count` any endpoint allows ("1 to ...").
pub const COUNT_MIN: i64 = 1;

/// `cursor`: "Opaque string for the next page".
pub const CURSOR: Field = Field::optional("cursor", Str::ANY, "Opaque string for the next page");
/// `sort_by`: "Sort attribute with direction (string)".
pub const SORT_BY: Field = Field::optional(
    "sort_by",
    Str::ANY,
    "Sort attribute with direction (string)",
);
/// `with_deleted`: "boolean, default false: include deleted records".
pub const WITH_DELETED: Field = Field::optional(
    "with_deleted",
    Type::Bool,
    "boolean, default false: include deleted records",
);
/// `with_total_count`: "boolean, default false; exclusive with cursor".
pub const WITH_TOTAL_COUNT: Field = Field::optional(
    "with_total_count",
    Type::Bool,
    "boolean, default false; exclusive with cursor",
);

/// `count` with the endpoint's bounds ("default D, 1 to MAX").
pub const fn count(max: i64, doc: &'static str) -> Field {
    Field::optional(
        "count",
        Type::Int {
            min: Some(COUNT_MIN),
            max: Some(max),
        },
        doc,
    )
}

/// The list query as most endpoints' rows give it: "`count` (default D, 1 to MAX), `cursor`,
/// `sort_by`, `with_deleted`, `with_total_count`", `count` up to the endpoint's `max` and
/// described by `count_doc` (the endpoint's words).
pub const fn standard(max: i64, count_doc: &'static str) -> [Field; 5] {
    [
        count(max, count_doc),
        CURSOR,
        SORT_BY,
        WITH_DELETED,
        WITH_TOTAL_COUNT,
    ]
}

/// An id filter: a comma-separated list of up to [`ID_FILTER_MAX`] ids.
pub const ID_LIST: Type = Type::List(&List {
    item: Str::ANY,
    min_items: None,
    max_items: Some(ID_FILTER_MAX),
    unique: false,
});

/// An id filter member named `name`.
pub const fn id_filter(name: &'static str, doc: &'static str) -> Field {
    Field::optional(name, ID_LIST, doc)
}

/// The rule across the convention fields, for a kind's `rules` list.
pub const EXCLUSIVE_RULE: Rule = Rule {
    code: Code::MutuallyExclusive,
    // "A cursor sent as "" is an untouched form input, not a page to continue from."
    check: Check::ExclusiveWhenTrue {
        flag: WITH_TOTAL_COUNT.name,
        other: CURSOR.name,
        message: "with_total_count is exclusive with cursor: ask for the total on the first page \
                  only",
    },
    reads_clock: false,
    text: "with_total_count (true) is exclusive with cursor",
    fields: &["/with_total_count", "/cursor"],
};
