//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("product_catalog_list_query")` says.
pub const PRODUCT_CATALOG_LIST_QUERY: Description = Description {
    kind: Kind::ProductCatalogListQuery,
    title: "The product catalogs GET query",
    source: "B §4 Product catalogs",
    root: Type::Object(&[]),
    rules: &[],
};

/// `product_catalog_list_query`.
pub fn validate_product_catalog_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCT_CATALOG_LIST_QUERY.fields());
}

/// What `describe("product_catalog_create")` says.
pub const PRODUCT_CATALOG_CREATE: Description = Description {
    kind: Kind::ProductCatalogCreate,
    title: "The product catalog POST parameters",
    source: "B §4 Product catalogs",
    root: Type::Object(&[]),
    rules: &[],
};

/// `product_catalog_create`.
pub fn validate_product_catalog_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCT_CATALOG_CREATE.fields());
}

/// What `describe("product_catalog_update")` says.
pub const PRODUCT_CATALOG_UPDATE: Description = Description {
    kind: Kind::ProductCatalogUpdate,
    title: "The product catalog PUT parameters",
    source: "B §4 Product catalogs",
    root: Type::Object(&[]),
    rules: &[],
};

/// `product_catalog_update`.
pub fn validate_product_catalog_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCT_CATALOG_UPDATE.fields());
}

/// What `describe("products_list_query")` says.
pub const PRODUCTS_LIST_QUERY: Description = Description {
    kind: Kind::ProductsListQuery,
    title: "The products GET query",
    source: "B §4 Products",
    root: Type::Object(&[]),
    rules: &[],
};

/// `products_list_query`.
pub fn validate_products_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCTS_LIST_QUERY.fields());
}

/// What `describe("products_delete")` says.
pub const PRODUCTS_DELETE: Description = Description {
    kind: Kind::ProductsDelete,
    title: "The products DELETE body {product_keys}",
    source: "B §4 Products",
    root: Type::Object(&[]),
    rules: &[],
};

/// `products_delete`.
pub fn validate_products_delete(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCTS_DELETE.fields());
}
