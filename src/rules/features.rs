//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("features_query")` says.
pub const FEATURES_QUERY: Description = Description {
    kind: Kind::FeaturesQuery,
    title: "The account features GET query",
    source: "C §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `features_query`.
pub fn validate_features_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, FEATURES_QUERY.fields());
}

/// What `describe("sandbox_features_create")` says.
pub const SANDBOX_FEATURES_CREATE: Description = Description {
    kind: Kind::SandboxFeaturesCreate,
    title: "The sandbox account features POST parameters",
    source: "C §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `sandbox_features_create`.
pub fn validate_sandbox_features_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, SANDBOX_FEATURES_CREATE.fields());
}
