//! What a kind's row says, as JSON: `describe(kind)` ([`describe`], docs/DESCRIBE.md) and
//! `jsonSchema(kind)` ([`json_schema`]), both derived from the same rows the engine runs
//! ([`crate::spec::v12`]) and written with a small JSON tree of their own ([`json`]). The field
//! types themselves ([`crate::model::Field`], [`crate::model::Type`]) are in
//! [`crate::describe`].

pub mod describe;
pub mod json;
pub mod json_schema;
