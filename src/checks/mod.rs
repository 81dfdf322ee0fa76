//! Shared check primitives. Each reports into a [`crate::ctx::Ctx`] at the path it is given and
//! returns what it could read, so a rule reads as a list of the spec's sentences. A format a rule
//! names (a GTIN, a domain, a price) lives here under the format's name; what only one payload
//! kind means by it (its limits, its cross-field rules) stays in that kind's file in
//! [`crate::rules`]. The documented formats a field table names are one enum,
//! [`crate::formats::Format`], whose checks call these.
//!
//! - [`fields`]: members of an object, their presence and JSON type, and the typed `*_member`
//!   readers (string, enum, integer, boolean, date-time, object, array);
//! - [`lengths`]: character and item counts;
//! - [`enums`]: closed value sets;
//! - [`numbers`]: integers (also from decimal strings in query mode) and ranges;
//! - [`text`]: the shape of free text: digit runs, plain text (no markup), no hex colour codes;
//!   and the byte searches the checks share ([`text::find_byte`], [`text::split_byte`]);
//! - [`credentials`]: HTTP Basic credentials (`Basic <base64 of key:secret>`);
//! - [`urls`]: absolute http(s) URLs, and bare domain names with the same host rules;
//! - [`iso`]: ISO 3166-1 countries and ISO 4217 currencies;
//! - [`dates`]: ISO 8601 date-times;
//! - [`prices`]: `<number> <ISO 4217>` prices;
//! - [`gtin`]: UPC, EAN, JAN and ISBN numbers and their check digits;
//! - [`needs`]: where "X needs Y" and "one of" rules report (at the member a form marks);
//! - [`current`]: updates and the existing record (`context.current`): reading its values, and
//!   the cross-field rules that involve a member not sent.

pub mod credentials;
pub mod current;
pub mod dates;
pub mod enums;
pub mod fields;
pub mod gtin;
pub mod iso;
pub mod lengths;
pub mod needs;
pub mod numbers;
pub mod prices;
pub mod text;
pub mod types;
pub mod urls;
