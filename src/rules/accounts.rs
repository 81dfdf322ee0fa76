//! Accounts, account apps and account history (document C §4 Accounts and account data, §2
//! Enumerations, §8 Limits; the list conventions of document B §1).
//!
//! > | GET | /12/accounts | `account_ids`, `count` (default 200, 1 to 1000), `cursor`, `q` (name
//! > prefix, case-insensitive), `sort_by`, `with_deleted`, `with_total_count` | list |
//! > | PUT | /12/accounts/:account_id | `name`, `industry_type` optional | account |
//! > | GET | /12/accounts/:account_id/account_apps | `count` (default 200, 1 to 1000), `cursor`,
//! > `sort_by`, `with_deleted`, `with_total_count` | list of account apps |
//! > | GET | /12/accounts/:account_id/account_history | `entity_type` and `entity_id` required;
//! > `start_time`, `end_time` required whole hours; `count` (default 200, 1 to 1000); `cursor`;
//! > `user_id` long | list of history entries; beta, needs allowlisting |
//!
//! > - industry_type: AGENCY, BUSINESS_TO_BUSINESS, ONLINE_SERVICES, EDUCATION, FINANCIAL, HEALTH,
//! >   GOVERNMENT, MEDIA, MOBILE, RESTAURANT, RETAIL, TECHNOLOGY, TRAVEL, OTHER.
//! > - History entity_type: CAMPAIGN, LINE_ITEM, PROMOTED_TWEET, TARGETING_CRITERIA,
//! >   PROMOTED_ACCOUNT.
//!
//! > | Id filters | up to 200 ids | (C §8 Limits)
//!
//! The engine checks every member from the description tables below; the rules across members
//! are data too: `list_query::EXCLUSIVE_RULE` (`with_total_count` exclusive with `cursor`) and
//! the history window (`Check::Later`: `end_time` later than `start_time`).

use crate::model::{Check, Description, Field, Format, Rule, Str, Type};
use crate::report::Code;

use super::list_query::{self, CURSOR, EXCLUSIVE_RULE, SORT_BY, WITH_DELETED, WITH_TOTAL_COUNT};

/// Largest `count` of GET /12/accounts: "`count` (default 200, 1 to 1000)".
pub const ACCOUNTS_COUNT_MAX: i64 = 1000;
/// Largest `count` of GET .../account_apps: "`count` (default 200, 1 to 1000)".
pub const ACCOUNT_APPS_COUNT_MAX: i64 = 1000;
/// Largest `count` of GET .../account_history: "`count` (default 200, 1 to 1000)".
pub const ACCOUNT_HISTORY_COUNT_MAX: i64 = 1000;

/// "industry_type: AGENCY, BUSINESS_TO_BUSINESS, ONLINE_SERVICES, EDUCATION, FINANCIAL, HEALTH,
/// GOVERNMENT, MEDIA, MOBILE, RESTAURANT, RETAIL, TECHNOLOGY, TRAVEL, OTHER" (C §2).
pub const INDUSTRY_TYPES: &[&str] = &[
    "AGENCY",
    "BUSINESS_TO_BUSINESS",
    "ONLINE_SERVICES",
    "EDUCATION",
    "FINANCIAL",
    "HEALTH",
    "GOVERNMENT",
    "MEDIA",
    "MOBILE",
    "RESTAURANT",
    "RETAIL",
    "TECHNOLOGY",
    "TRAVEL",
    "OTHER",
];

/// "History entity_type: CAMPAIGN, LINE_ITEM, PROMOTED_TWEET, TARGETING_CRITERIA,
/// PROMOTED_ACCOUNT" (C §2).
pub const HISTORY_ENTITY_TYPES: &[&str] = &[
    "CAMPAIGN",
    "LINE_ITEM",
    "PROMOTED_TWEET",
    "TARGETING_CRITERIA",
    "PROMOTED_ACCOUNT",
];

/// The members of the account history window.
const START_TIME: &str = "start_time";
const END_TIME: &str = "end_time";

/// What `describe("account_list_query")` says.
pub const ACCOUNT_LIST_QUERY: Description = Description {
    title: "The accounts GET query (GET /12/accounts)",
    root: Type::Object(&[
        list_query::id_filter(
            "account_ids",
            "Account ids to return (comma list); id filters up to 200 ids",
        ),
        list_query::count(
            ACCOUNTS_COUNT_MAX,
            "Records per request: default 200, 1 to 1000",
        ),
        CURSOR,
        Field::optional("q", Str::ANY, "name prefix, case-insensitive"),
        SORT_BY,
        WITH_DELETED,
        WITH_TOTAL_COUNT,
    ]),
    rules: &[EXCLUSIVE_RULE],
};

/// What `describe("account_update")` says.
pub const ACCOUNT_UPDATE: Description = Description {
    title: "The account PUT parameters (PUT /12/accounts/:account_id)",
    root: Type::Object(&[
        Field::optional("name", Str::ANY, "optional: the account's name"),
        Field::optional(
            "industry_type",
            Type::Enum(INDUSTRY_TYPES),
            "optional; one of the industry_type values of C §2",
        ),
    ]),
    rules: &[],
};

/// What `describe("account_app_list_query")` says.
pub const ACCOUNT_APP_LIST_QUERY: Description = Description {
    title: "The account apps GET query (GET /12/accounts/:account_id/account_apps)",
    root: Type::Object(&list_query::standard(
        ACCOUNT_APPS_COUNT_MAX,
        "Records per request: default 200, 1 to 1000",
    )),
    rules: &[EXCLUSIVE_RULE],
};

/// A whole hour of the history window: "`start_time`, `end_time` required whole hours".
const WHOLE_HOUR: Type = Str::format(Format::WholeHour);

/// What `describe("account_history_query")` says.
pub const ACCOUNT_HISTORY_QUERY: Description = Description {
    title: "The account history GET query (GET /12/accounts/:account_id/account_history)",
    root: Type::Object(&[
        Field::required(
            "entity_type",
            Type::Enum(HISTORY_ENTITY_TYPES),
            "required; one of the History entity_type values of C §2",
        ),
        Field::required(
            "entity_id",
            Str::ANY,
            "required (`entity_type` and `entity_id` required)",
        ),
        Field::required(
            START_TIME,
            WHOLE_HOUR,
            "required; a whole hour (ISO 8601 with an offset, minutes and seconds zero)",
        ),
        Field::required(
            END_TIME,
            WHOLE_HOUR,
            "required; a whole hour (ISO 8601 with an offset, minutes and seconds zero), later \
             than start_time",
        ),
        list_query::count(
            ACCOUNT_HISTORY_COUNT_MAX,
            "Records per request: default 200, 1 to 1000",
        ),
        CURSOR,
        Field::optional("user_id", Type::Long, "long"),
    ]),
    rules: &[Rule {
        code: Code::InvalidDateRange,
        // The history is read between the two, so the end must be strictly later than the
        // start (two equal whole hours hold no hour).
        check: Check::Later {
            earlier: START_TIME,
            later: END_TIME,
        },
        reads_clock: false,
        text: "end_time must be later than start_time",
        fields: &["/start_time", "/end_time"],
    }],
};
