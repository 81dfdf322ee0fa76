//! Document B (catalogs and audiences): catalogs, products and product sets.

use crate::ctx::Mode::{Json, Query};
use crate::model::KindSpec;
use crate::rules::{catalogs, product, product_sets};

/// The rows of document B's catalog part.
pub const KINDS: &[KindSpec] = &[
    // Rules anchored in the product table (`Field::then`) and the member hook of sale_price
    // (`product::sale_price_check`).
    KindSpec::data(Json, &product::DESCRIPTION),
    KindSpec::data(Json, &product::BATCH_DESCRIPTION),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_LIST_QUERY),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_CREATE),
    KindSpec::data(Query, &catalogs::PRODUCT_CATALOG_UPDATE),
    KindSpec::data(Query, &catalogs::PRODUCTS_LIST_QUERY),
    KindSpec::data(Json, &catalogs::PRODUCTS_DELETE),
    KindSpec::data(Json, &product_sets::PRODUCT_SET_CREATE),
];
