//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("account_media_list_query")` says.
pub const ACCOUNT_MEDIA_LIST_QUERY: Description = Description {
    kind: Kind::AccountMediaListQuery,
    title: "The account media GET query",
    source: "C §4 Account media",
    root: Type::Object(&[]),
    rules: &[],
};

/// `account_media_list_query`.
pub fn validate_account_media_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ACCOUNT_MEDIA_LIST_QUERY.fields());
}
