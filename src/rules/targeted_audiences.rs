//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("targeted_audiences_query")` says.
pub const TARGETED_AUDIENCES_QUERY: Description = Description {
    kind: Kind::TargetedAudiencesQuery,
    title: "The targeted audiences GET query",
    source: "B §4 Targeted audiences",
    root: Type::Object(&[]),
    rules: &[],
};

/// `targeted_audiences_query`.
pub fn validate_targeted_audiences_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, TARGETED_AUDIENCES_QUERY.fields());
}
