//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("entity_get_query")` says.
pub const ENTITY_GET_QUERY: Description = Description {
    kind: Kind::EntityGetQuery,
    title: "The query of a single-record GET ({with_deleted})",
    source: "C header, §4 (every GET .../:id with `with_deleted`)",
    root: Type::Object(&[]),
    rules: &[],
};

/// `entity_get_query`.
pub fn validate_entity_get_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ENTITY_GET_QUERY.fields());
}
