//! Document C (creatives and campaigns): line items, curated categories, accounts, features
//! and single-record queries.

use crate::ctx::Mode::Query;
use crate::model::KindSpec;
use crate::rules::{accounts, curated_categories, entity_query, features, line_item};

/// The rows of document C's campaign and account part.
pub const KINDS: &[KindSpec] = &[
    // The members whose rules read the context (objective, placements, budget optimization) or
    // the record are checked by slot hooks at their place in the table (`checked_in_slot`).
    KindSpec::data(Query, &line_item::DESCRIPTION),
    KindSpec::data(
        Query,
        &curated_categories::LINE_ITEM_CURATED_CATEGORY_LIST_QUERY,
    ),
    KindSpec::data(
        Query,
        &curated_categories::LINE_ITEM_CURATED_CATEGORY_CREATE,
    ),
    KindSpec::data(
        Query,
        &curated_categories::LINE_ITEM_CURATED_CATEGORY_UPDATE,
    ),
    KindSpec::data(Query, &entity_query::ENTITY_GET_QUERY),
    KindSpec::data(Query, &accounts::ACCOUNT_LIST_QUERY),
    KindSpec::data(Query, &accounts::ACCOUNT_UPDATE),
    KindSpec::data(Query, &accounts::ACCOUNT_APP_LIST_QUERY),
    KindSpec::data(Query, &accounts::ACCOUNT_HISTORY_QUERY),
    KindSpec::data(Query, &features::FEATURES_QUERY),
    KindSpec::data(Query, &features::SANDBOX_FEATURES_CREATE),
];
