//! `product_set_create`: the product set POST body (document B §2 Product set, §4 Product sets).
//!
//! > POST .../product_catalogs/:product_catalog_id/product_sets: JSON: `name` required,
//! > `description`, `type` required (MANUAL or FILTERED), `filters` (required when FILTERED),
//! > `product_keys` (required when MANUAL).
//! >
//! > Product set: ... `filters` (array of {attribute, operator, value}), `type` (`MANUAL`,
//! > `FILTERED`). Filter attributes: `price`, `product_type`, `taxonomy_product_category`,
//! > `sale_price`, `inventory`, `custom_label_0` to `custom_label_4`. Operators:
//! > `GREATER_THAN`, `EQUAL_TO`, `LESS_THAN`, `MATCH`, `NOT_CONTAINS`, `CONTAINS`.
//!
//! Every rule is per field (the two "required when" conditions are conditions of the field
//! table), so the kind is validated from its description alone. Choices where the spec is
//! silent are listed in docs/RULES.md.

use crate::model::{Array, Condition, Description, Field, Str, Type, When};

/// The set's `type` values ("`type` required (MANUAL or FILTERED)").
pub const SET_TYPES: [&str; 2] = [MANUAL, FILTERED];
/// A set of listed products ("`product_keys` (required when MANUAL)").
pub const MANUAL: &str = "MANUAL";
/// A set chosen by filters ("`filters` (required when FILTERED)").
pub const FILTERED: &str = "FILTERED";
/// "Filter attributes: `price`, `product_type`, `taxonomy_product_category`, `sale_price`,
/// `inventory`, `custom_label_0` to `custom_label_4`".
pub const FILTER_ATTRIBUTES: [&str; 10] = [
    "price",
    "product_type",
    "taxonomy_product_category",
    "sale_price",
    "inventory",
    "custom_label_0",
    "custom_label_1",
    "custom_label_2",
    "custom_label_3",
    "custom_label_4",
];
/// "Operators: `GREATER_THAN`, `EQUAL_TO`, `LESS_THAN`, `MATCH`, `NOT_CONTAINS`, `CONTAINS`".
pub const FILTER_OPERATORS: [&str; 6] = [
    "GREATER_THAN",
    "EQUAL_TO",
    "LESS_THAN",
    "MATCH",
    "NOT_CONTAINS",
    "CONTAINS",
];
/// Fewest items of `filters` and of `product_keys`: a "required" array that is empty selects
/// nothing (the product's choice, as for every required list).
pub const SET_MIN_ITEMS: usize = 1;

/// One filter: "{attribute, operator, value}".
const FILTER: &[Field] = &[
    Field::required(
        "attribute",
        Type::Enum(&FILTER_ATTRIBUTES),
        "price, product_type, taxonomy_product_category, sale_price, inventory, custom_label_0 to custom_label_4",
    ),
    Field::required(
        "operator",
        Type::Enum(&FILTER_OPERATORS),
        "GREATER_THAN, EQUAL_TO, LESS_THAN, MATCH, NOT_CONTAINS, CONTAINS",
    ),
    Field::required(
        "value",
        Str::ANY,
        "the value the attribute is compared with (a string, as product attributes are sent)",
    ),
];

/// What `describe("product_set_create")` says.
pub const PRODUCT_SET_CREATE: Description = Description {
    title: "The product set POST body",
    root: Type::Object(&[
        Field::required("name", Str::ANY, "required"),
        Field::optional("description", Str::ANY, "optional"),
        Field::required(
            "type",
            Type::Enum(&SET_TYPES),
            "required (MANUAL or FILTERED)",
        ),
        Field::required_when(
            "filters",
            Type::Array(&Array {
                item: Type::Object(FILTER),
                min_items: Some(SET_MIN_ITEMS),
                max_items: None,
            }),
            Condition {
                text: "required when type is FILTERED",
                when: When::Equals("type", FILTERED),
            },
            "array of {attribute, operator, value}; required when FILTERED",
        ),
        Field::required_when(
            "product_keys",
            Type::Array(&Array {
                item: Str::ANY,
                min_items: Some(SET_MIN_ITEMS),
                max_items: None,
            }),
            Condition {
                text: "required when type is MANUAL",
                when: When::Equals("type", MANUAL),
            },
            "the keys of the set's products; required when MANUAL",
        ),
    ]),
    rules: &[],
};
