//! JSON types: the type name a `wrong_type` issue reports, and the report itself (every typed
//! reader of [`super::fields`] and [`super::numbers`] gives it).

use crate::ctx::{report, Ctx};
use crate::issues::IssueKind;
use crate::json::Value;
use crate::report::Pointer;

/// The JSON type name used in `wrong_type` params (`expected`, `actual`).
pub fn type_name(v: &Value) -> &'static str {
    v.type_name()
}

/// Reports `wrong_type` at `path`. Kept out of line: inlined into every typed reader, it made
/// them too large to take the member lookup inline (about 7% more instructions per product).
#[inline(never)]
pub fn wrong_type(ctx: &mut Ctx, path: &Pointer, expected: &'static str, actual: &Value) {
    let actual = type_name(actual);
    report(ctx, path, IssueKind::WrongType { expected, actual });
}
