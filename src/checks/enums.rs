//! Closed value sets. Matching is exact (case-sensitive), as the spec writes the values.

use crate::ctx::Ctx;
use crate::report::{Code, Pointer};
use serde_json::json;

/// `value` must be one of `allowed`; reports `not_in_enum` (with the allowed values) otherwise.
pub fn one_of(ctx: &mut Ctx, path: &Pointer, value: &str, allowed: &[&str]) -> bool {
    if allowed.contains(&value) {
        return true;
    }
    ctx.error(
        path,
        Code::NotInEnum,
        format!("must be one of: {}", allowed.join(", ")),
        json!({"allowed": allowed}),
    );
    false
}
