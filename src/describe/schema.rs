//! `jsonSchema(kind)` as a `serde_json::Value`; written by the crate's `schema::json_schema`
//! (see there for what it carries).

use super::KindSpec;
use serde_json::Value;

pub use crate::schema::json_schema::DIALECT;

/// The schema of a kind.
pub fn json_schema(d: &KindSpec) -> Value {
    serde_json::from_str(&crate::schema::json_schema::schema(d).text()).unwrap_or(Value::Null)
}
