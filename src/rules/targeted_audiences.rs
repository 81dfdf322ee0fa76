//! `targeted_audiences_query`: the targeted audiences GET query (document B §4 Targeted
//! audiences).
//!
//! > GET {ads_base_url}/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted;
//! > query `with_active` (boolean, default true; false also includes line items with
//! > servable=false), `cursor`. Returns targeted entries.
//!
//! Both parameters are per field, so the kind is validated from its description alone.

use crate::model::{Description, Field, Type};
use crate::rules::list_query::CURSOR;

/// What `describe("targeted_audiences_query")` says.
pub const TARGETED_AUDIENCES_QUERY: Description = Description {
    title: "The targeted audiences GET query",
    root: Type::Object(&[
        Field::optional(
            "with_active",
            Type::Bool,
            "boolean, default true; false also includes line items with servable=false",
        ),
        CURSOR,
    ]),
    rules: &[],
};
