//! The product catalog and products requests (document B §4 Product catalogs, Products; §8
//! Limits): `product_catalog_list_query`, `product_catalog_create`, `product_catalog_update`,
//! `products_list_query`, `products_delete`.
//!
//! > GET {ads_base_url}/12/product_catalogs: optional query `user_id` (long).
//! > POST {ads_base_url}/12/product_catalogs: `name` string required; `user_id` long optional.
//! > PUT {ads_base_url}/12/product_catalogs/:product_catalog_id: `name` string required.
//! > GET .../product_catalogs/:product_catalog_id/products: query `item_group_key`, `count`
//! > (default 100, 1 to 100), `cursor`.
//! > DELETE same path: JSON `{product_keys: array}` required.
//! > §8: Product GET: count max 100.
//!
//! Every rule here is per field, so each kind is validated from its description alone. Choices
//! where the spec is silent are listed in docs/RULES.md.

use crate::model::{Array, Description, Field, Str, Type};
use crate::rules::list_query::{self, CURSOR};

/// Most products per GET ("`count` (default 100, 1 to 100)"; §8 "Product GET: count max 100").
pub const PRODUCTS_COUNT_MAX: i64 = 100;
/// Fewest keys in a products DELETE body: `{product_keys: array}` is "required", and an empty
/// array asks to delete nothing (the product's choice, as for every required list).
pub const PRODUCT_KEYS_MIN_ITEMS: usize = 1;

/// `user_id`: "optional query `user_id` (long)", "`user_id` long optional".
const USER_ID: Field = Field::optional("user_id", Type::Long, "long, optional");

/// `name`: "`name` string required" (POST and PUT).
const NAME: Field = Field::required("name", Str::ANY, "string required");

/// What `describe("product_catalog_list_query")` says.
pub const PRODUCT_CATALOG_LIST_QUERY: Description = Description {
    title: "The product catalogs GET query",
    root: Type::Object(&[USER_ID]),
    rules: &[],
};

/// What `describe("product_catalog_create")` says.
pub const PRODUCT_CATALOG_CREATE: Description = Description {
    title: "The product catalog POST parameters",
    root: Type::Object(&[NAME, USER_ID]),
    rules: &[],
};

/// What `describe("product_catalog_update")` says.
pub const PRODUCT_CATALOG_UPDATE: Description = Description {
    title: "The product catalog PUT parameters",
    root: Type::Object(&[NAME]),
    rules: &[],
};

/// What `describe("products_list_query")` says.
pub const PRODUCTS_LIST_QUERY: Description = Description {
    title: "The products GET query",
    root: Type::Object(&[
        Field::optional(
            "item_group_key",
            Str::ANY,
            "Generated group identifier (B §2 Product)",
        ),
        list_query::count(PRODUCTS_COUNT_MAX, "default 100, 1 to 100"),
        CURSOR,
    ]),
    rules: &[],
};

/// What `describe("products_delete")` says.
pub const PRODUCTS_DELETE: Description = Description {
    title: "The products DELETE body {product_keys}",
    root: Type::Object(&[Field::required(
        "product_keys",
        Type::Array(&Array {
            item: Str::ANY,
            min_items: Some(PRODUCT_KEYS_MIN_ITEMS),
            max_items: None,
        }),
        "JSON {product_keys: array} required; the keys of the products to delete",
    )]),
    rules: &[],
};
