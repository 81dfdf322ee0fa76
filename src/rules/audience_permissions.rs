//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("tailored_audience_permission_list_query")` says.
pub const TAILORED_AUDIENCE_PERMISSION_LIST_QUERY: Description = Description {
    kind: Kind::TailoredAudiencePermissionListQuery,
    title: "The tailored audience permissions GET query",
    source: "B §4 Tailored audience permissions, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `tailored_audience_permission_list_query`.
pub fn validate_tailored_audience_permission_list_query(
    ctx: &mut Ctx,
    path: &Pointer,
    value: &Value,
) {
    form::object(
        ctx,
        path,
        value,
        TAILORED_AUDIENCE_PERMISSION_LIST_QUERY.fields(),
    );
}

/// What `describe("tailored_audience_permission_create")` says.
pub const TAILORED_AUDIENCE_PERMISSION_CREATE: Description = Description {
    kind: Kind::TailoredAudiencePermissionCreate,
    title: "The tailored audience permission POST parameters",
    source: "B §2 Tailored audience permission, §4",
    root: Type::Object(&[]),
    rules: &[],
};

/// `tailored_audience_permission_create`.
pub fn validate_tailored_audience_permission_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(
        ctx,
        path,
        value,
        TAILORED_AUDIENCE_PERMISSION_CREATE.fields(),
    );
}
