//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("line_item_curated_category_list_query")` says.
pub const LINE_ITEM_CURATED_CATEGORY_LIST_QUERY: Description = Description {
    kind: Kind::LineItemCuratedCategoryListQuery,
    title: "The line item curated categories GET query",
    source: "C §4 Line items",
    root: Type::Object(&[]),
    rules: &[],
};

/// `line_item_curated_category_list_query`.
pub fn validate_line_item_curated_category_list_query(
    ctx: &mut Ctx,
    path: &Pointer,
    value: &Value,
) {
    form::object(
        ctx,
        path,
        value,
        LINE_ITEM_CURATED_CATEGORY_LIST_QUERY.fields(),
    );
}

/// What `describe("line_item_curated_category_create")` says.
pub const LINE_ITEM_CURATED_CATEGORY_CREATE: Description = Description {
    kind: Kind::LineItemCuratedCategoryCreate,
    title: "The line item curated category POST parameters",
    source: "C §4 Line items",
    root: Type::Object(&[]),
    rules: &[],
};

/// `line_item_curated_category_create`.
pub fn validate_line_item_curated_category_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, LINE_ITEM_CURATED_CATEGORY_CREATE.fields());
}

/// What `describe("line_item_curated_category_update")` says.
pub const LINE_ITEM_CURATED_CATEGORY_UPDATE: Description = Description {
    kind: Kind::LineItemCuratedCategoryUpdate,
    title: "The line item curated category PUT parameters",
    source: "C §4 Line items",
    root: Type::Object(&[]),
    rules: &[],
};

/// `line_item_curated_category_update`.
pub fn validate_line_item_curated_category_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, LINE_ITEM_CURATED_CATEGORY_UPDATE.fields());
}
