//! The platform's API, as data: one module per API version ([`v12`]), each a registry of
//! [`KindSpec`](crate::model::KindSpec) rows that the engine ([`crate::engine`]) interprets.

pub mod v12;
