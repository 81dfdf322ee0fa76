//! The rules as data: what each field of a kind is (type, whether it is required and when,
//! length bounds, enum values, formats), for forms that set `maxlength`, fill a `<select>` and
//! mark required fields without copying a rule.
//!
//! A kind's [`Description`] lives in its rules file, next to the rules, and is built from the
//! same named constants the rules use. Two ways keep it honest:
//! - every kind is a row *validated from* its description by the engine (`engine`), so the
//!   description is the rule;
//! - `tests/describe.rs` breaks each described bound of a valid vector (a string one character
//!   too long, a value outside the enum, a required member removed) and requires the engine to
//!   report it at that path (this holds the member hooks and the kinds read in order, whose
//!   rules report their conditions, to the table too); and every valid vector must pass
//!   [`schema::json_schema`] under ajv (tests/node/schema.test.mjs).
//!
//! [`KindSpec::to_json_text`] is the JSON form `describe(kind)` returns in JavaScript,
//! written by the crate's `schema` module; see docs/DESCRIBE.md for its fields.

pub mod schema;

pub use crate::issues::Fact;
pub use crate::model::{
    needed_by, type_name, Applies, Array, Condition, Description, Field, Format, KindSpec, List,
    OnlyIn, Required, Rule, Str, Tagged, Type, When,
};

use crate::ctx::Mode;
use crate::kind::Kind;
use serde_json::Value;

/// The row of `kind`: its name, section and [`Description`] (which the row dereferences to).
pub fn describe(kind: Kind) -> &'static KindSpec {
    crate::spec::v12::spec(kind)
}

impl KindSpec {
    /// Where the payload's values travel: `"query"` (numbers may be decimal strings, booleans
    /// `"true"`/`"false"`) or `"body"` (JSON types as they are).
    pub fn location(&self) -> &'static str {
        match self.mode {
            Mode::Json => "body",
            Mode::Query => "query",
        }
    }

    /// The JSON text of `describe(kind)` (docs/DESCRIBE.md): one entry per field, flattened
    /// in document order with JSON-pointer paths (`*` for an array index).
    pub fn to_json_text(&self) -> String {
        crate::schema::describe::describe(self).text()
    }

    /// [`KindSpec::to_json_text`] as a `serde_json::Value`.
    pub fn to_json(&self) -> Value {
        serde_json::from_str(&self.to_json_text()).unwrap_or(Value::Null)
    }
}

/// The JSON text of `describe(kind)`, for the bindings.
pub fn describe_json(kind: &str) -> Result<String, crate::error::Error> {
    let kind: Kind = kind.parse()?;
    Ok(describe(kind).to_json_text())
}

/// The JSON text of `jsonSchema(kind)`, for the bindings.
pub fn json_schema_json(kind: &str) -> Result<String, crate::error::Error> {
    let kind: Kind = kind.parse()?;
    Ok(crate::schema::json_schema::schema(describe(kind)).text())
}

/// The stable kind names, in [`Kind::ALL`] order, as a JSON array: `kinds()` of the bindings.
///
/// ```
/// let names: Vec<String> = serde_json::from_str(&preflight::describe::kinds_json())?;
/// let want: Vec<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
/// assert_eq!(names, want);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn kinds_json() -> String {
    let mut names = String::from("[");
    for k in Kind::ALL {
        if names.len() > 1 {
            names.push(',');
        }
        crate::json::write::string(&mut names, k.name());
    }
    names.push(']');
    names
}
