//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("product_set_create")` says.
pub const PRODUCT_SET_CREATE: Description = Description {
    kind: Kind::ProductSetCreate,
    title: "The product set POST body",
    source: "B §2 Product set, §4 Product sets",
    root: Type::Object(&[]),
    rules: &[],
};

/// `product_set_create`.
pub fn validate_product_set_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PRODUCT_SET_CREATE.fields());
}
