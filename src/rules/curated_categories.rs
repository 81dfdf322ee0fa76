//! Line item curated categories (document C §4 Line items; the list conventions of document B
//! §1).
//!
//! > Line item curated categories (/12/accounts/:account_id/line_item_curated_categories):
//! >
//! > | GET | (none) | `count` (default 200, 1 to 1000), `cursor`, `sort_by`, `with_deleted`,
//! > `with_total_count` |
//! > | POST | (none) | `curated_category_id` and `line_item_id` required |
//! > | PUT | /:line_item_curated_category_id | `curated_category_id`, `line_item_id` optional |
//!
//! (The single-record GET, "`with_deleted`", is [`super::entity_query`].) Every member is
//! checked by the engine from the description tables below; the list query also has
//! `list_query::EXCLUSIVE_RULE` (data the engine runs).

use crate::model::{Description, Field, Str, Type};

use super::list_query::{self, EXCLUSIVE_RULE};

/// Largest `count` of GET .../line_item_curated_categories: "`count` (default 200, 1 to 1000)".
pub const LINE_ITEM_CURATED_CATEGORIES_COUNT_MAX: i64 = 1000;

/// The spec's words for the two ids of the POST.
const CREATE_DOC: &str = "`curated_category_id` and `line_item_id` required";
/// The spec's words for the two ids of the PUT.
const UPDATE_DOC: &str = "`curated_category_id`, `line_item_id` optional";

/// What `describe("line_item_curated_category_list_query")` says.
pub const LINE_ITEM_CURATED_CATEGORY_LIST_QUERY: Description = Description {
    title: "The line item curated categories GET query \
            (GET /12/accounts/:account_id/line_item_curated_categories)",
    root: Type::Object(&list_query::standard(
        LINE_ITEM_CURATED_CATEGORIES_COUNT_MAX,
        "Records per request: default 200, 1 to 1000",
    )),
    rules: &[EXCLUSIVE_RULE],
};

/// What `describe("line_item_curated_category_create")` says.
pub const LINE_ITEM_CURATED_CATEGORY_CREATE: Description = Description {
    title: "The line item curated category POST parameters \
            (POST /12/accounts/:account_id/line_item_curated_categories)",
    root: Type::Object(&[
        Field::required("curated_category_id", Str::ANY, CREATE_DOC),
        Field::required("line_item_id", Str::ANY, CREATE_DOC),
    ]),
    rules: &[],
};

/// What `describe("line_item_curated_category_update")` says.
pub const LINE_ITEM_CURATED_CATEGORY_UPDATE: Description = Description {
    title: "The line item curated category PUT parameters \
            (PUT /12/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id)",
    root: Type::Object(&[
        Field::optional("curated_category_id", Str::ANY, UPDATE_DOC),
        Field::optional("line_item_id", Str::ANY, UPDATE_DOC),
    ]),
    rules: &[],
};
