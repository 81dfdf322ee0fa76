//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("keyword_insights_query")` says.
pub const KEYWORD_INSIGHTS_QUERY: Description = Description {
    kind: Kind::KeywordInsightsQuery,
    title: "The keyword insights GET query",
    source: "B §4 Keyword insights, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `keyword_insights_query`.
pub fn validate_keyword_insights_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, KEYWORD_INSIGHTS_QUERY.fields());
}
