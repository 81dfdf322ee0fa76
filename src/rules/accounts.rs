//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("account_list_query")` says.
pub const ACCOUNT_LIST_QUERY: Description = Description {
    kind: Kind::AccountListQuery,
    title: "The accounts GET query",
    source: "C §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `account_list_query`.
pub fn validate_account_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ACCOUNT_LIST_QUERY.fields());
}

/// What `describe("account_update")` says.
pub const ACCOUNT_UPDATE: Description = Description {
    kind: Kind::AccountUpdate,
    title: "The account PUT parameters",
    source: "C §2, §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `account_update`.
pub fn validate_account_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ACCOUNT_UPDATE.fields());
}

/// What `describe("account_app_list_query")` says.
pub const ACCOUNT_APP_LIST_QUERY: Description = Description {
    kind: Kind::AccountAppListQuery,
    title: "The account apps GET query",
    source: "C §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `account_app_list_query`.
pub fn validate_account_app_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ACCOUNT_APP_LIST_QUERY.fields());
}

/// What `describe("account_history_query")` says.
pub const ACCOUNT_HISTORY_QUERY: Description = Description {
    kind: Kind::AccountHistoryQuery,
    title: "The account history GET query",
    source: "C §2, §4 Accounts and account data",
    root: Type::Object(&[]),
    rules: &[],
};

/// `account_history_query`.
pub fn validate_account_history_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, ACCOUNT_HISTORY_QUERY.fields());
}
