//! The tailored audience permission requests (document B §2 Tailored audience permission, §4
//! Tailored audience permissions, §8 Limits): `tailored_audience_permission_list_query` and
//! `tailored_audience_permission_create`.
//!
//! > GET /permissions: `count` (default 200, 1 to 1000), `cursor`, `granted_account_ids` (comma
//! > list, up to 200), `sort_by`, `tailored_audience_permission_ids` (comma list, up to 200),
//! > `with_total_count`.
//! > POST /permissions: `granted_account_id` string required; `permission_level` required
//! > (READ_ONLY or READ_WRITE).
//! > §8: Permissions GET: count max 1000; id filters up to 200.
//! > §1: `with_total_count`: boolean, default false; exclusive with `cursor`.
//!
//! The list query's one rule across fields is the shared `with_total_count`/`cursor` exclusion
//! (`list_query::EXCLUSIVE_RULE`, data); everything else is per field. Choices where the spec is silent
//! are listed in docs/RULES.md.

use crate::model::{Description, Field, Str, Type};
use crate::rules::list_query::{self, CURSOR, EXCLUSIVE_RULE, SORT_BY, WITH_TOTAL_COUNT};

/// Most permissions per GET ("`count` (default 200, 1 to 1000)"; §8 "count max 1000").
pub const PERMISSIONS_COUNT_MAX: i64 = 1000;
/// "`permission_level` (`READ_ONLY`, `READ_WRITE`)".
pub const PERMISSION_LEVELS: [&str; 2] = ["READ_ONLY", "READ_WRITE"];

/// What `describe("tailored_audience_permission_list_query")` says.
pub const TAILORED_AUDIENCE_PERMISSION_LIST_QUERY: Description = Description {
    title: "The tailored audience permissions GET query",
    root: Type::Object(&[
        list_query::count(PERMISSIONS_COUNT_MAX, "default 200, 1 to 1000"),
        CURSOR,
        list_query::id_filter("granted_account_ids", "comma list, up to 200"),
        SORT_BY,
        list_query::id_filter("tailored_audience_permission_ids", "comma list, up to 200"),
        WITH_TOTAL_COUNT,
    ]),
    rules: &[EXCLUSIVE_RULE],
};

/// What `describe("tailored_audience_permission_create")` says.
pub const TAILORED_AUDIENCE_PERMISSION_CREATE: Description = Description {
    title: "The tailored audience permission POST parameters",
    root: Type::Object(&[
        Field::required(
            "granted_account_id",
            Str::ANY,
            "string required; the ad account the audience is shared with",
        ),
        Field::required(
            "permission_level",
            Type::Enum(&PERMISSION_LEVELS),
            "required (READ_ONLY or READ_WRITE)",
        ),
    ]),
    rules: &[],
};
