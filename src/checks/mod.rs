//! Shared check primitives. Each reports into a [`crate::ctx::Ctx`] at the path it is given and
//! returns what it could read, so a rule reads as a list of the spec's sentences.
//!
//! - [`fields`]: members of an object, their presence and JSON type;
//! - [`lengths`]: character and item counts;
//! - [`enums`]: closed value sets;
//! - [`numbers`]: integers (also from decimal strings in query mode) and ranges;
//! - [`urls`]: absolute http(s) URLs;
//! - [`iso`]: ISO 3166-1 countries and ISO 4217 currencies;
//! - [`dates`]: ISO 8601 date-times;
//! - [`prices`]: `<number> <ISO 4217>` prices.

pub mod dates;
pub mod enums;
pub mod fields;
pub mod iso;
pub mod lengths;
pub mod numbers;
pub mod prices;
pub mod urls;

pub use fields::Need;
