//! Document B (catalogs and audiences): catalogs, products and product sets.

use crate::ctx::Mode::{Json, Query};
use crate::engine::KindSpec;
use crate::rules::{catalogs, product, product_sets};

/// The rows of document B's catalog part.
pub const KINDS: &[KindSpec] = &[
    // Through closures: the rows take the closures' addresses, not product::validate's, so
    // the compiler still inlines it into validate_batch (the hot path of the batch benchmark).
    KindSpec::whole(Json, &product::DESCRIPTION, |c, p, v| {
        product::validate(c, p, v)
    }),
    KindSpec::whole(Json, &product::BATCH_DESCRIPTION, |c, p, v| {
        product::validate_batch(c, p, v)
    }),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_LIST_QUERY),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_CREATE),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_UPDATE),
    KindSpec::data(Query, &catalogs::PRODUCTS_LIST_QUERY),
    KindSpec::data(Json, &catalogs::PRODUCTS_DELETE),
    KindSpec::data(Json, &product_sets::PRODUCT_SET_CREATE),
];
