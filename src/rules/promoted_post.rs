//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("promoted_post_create")` says.
pub const PROMOTED_POST_CREATE: Description = Description {
    kind: Kind::PromotedPostCreate,
    title: "The promoted Post creation parameters (POST .../tweet)",
    source: "C §4 Promoted Posts, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `promoted_post_create`.
pub fn validate_promoted_post_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PROMOTED_POST_CREATE.fields());
}

/// What `describe("promoted_post_name_update")` says.
pub const PROMOTED_POST_NAME_UPDATE: Description = Description {
    kind: Kind::PromotedPostNameUpdate,
    title: "The promoted Post name PUT parameters",
    source: "C §4 Promoted Posts",
    root: Type::Object(&[]),
    rules: &[],
};

/// `promoted_post_name_update`.
pub fn validate_promoted_post_name_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, PROMOTED_POST_NAME_UPDATE.fields());
}
