//! Upload bodies for the custom audience users endpoint and the do-not-reach list users endpoint
//! (document B §4): hash every identifier, group the users into `Update` or `Delete` operations,
//! and split them into request bodies that each respect both limits of a request.
//!
//! # What counts against the limits
//! Document B: "at most 2500 operations per request (counting Update and Delete objects)" and
//! "body at most 5,000,000 bytes". Whether the users inside one operation object also count is
//! not said, so the bodies are built to be valid under either reading: **every body holds exactly
//! one operation object, and at most [`MAX_USERS_PER_BODY`] (= [`MAX_OPERATIONS_PER_BODY`],
//! 2500) users**. One input record is one user object. The byte limit is checked on the exact
//! text emitted (compact JSON, UTF-8, brackets and commas included): a body is at most
//! [`MAX_BODY_BYTES`] bytes, and it is closed only when the next user would not fit.
//!
//! Body shapes (compact JSON, members in this order, absent dates omitted):
//! - custom audience users: `[{"operation_type":"Update","params":{"effective_at":"…",`
//!   `"expires_at":"…","users":[{"email":["<sha256>"],…},…]}}]`
//! - do-not-reach list users: `[{"operation_type":"Update","params":{"expires_at":"…",`
//!   `"users":[{"email":["<sha256>"],"phone_number":["<sha256>"]},…]}}]`
//!
//! User members appear in the order of document B: `email`, `device_id`, `handle`,
//! `service_id`, `phone_number`, `partner_user_id`; each is an array (one user may have several
//! emails), empty arrays are omitted, and a value repeated within one field after normalization
//! is sent once.
//!
//! # Records
//! An [`AudienceRecord`] is one user: each field holds zero or more raw values (JSON input may
//! give a field as a string, an array of strings, or null). **A user keeps every valid
//! identifier**: an invalid value, or a field the endpoint does not take (do-not-reach: only
//! `email` and `phone_number`), is left out and reported in [`Bodies::dropped`], and the user is
//! sent with the rest. A user is **rejected** ([`Bodies::rejected`], with every one of its
//! problems) only when nothing is left to send (every value invalid or not taken, or no value at
//! all: `no_identifiers`) or when its user object alone would not fit a body
//! (`record_too_large`). Both lists carry the input index, the field and the position in the
//! field's array, and a code; never the value. Accepted records keep their input order; the
//! split is deterministic (greedy, first fit).

//!
//! # Files
//! - `endpoint.rs`: [`Endpoint`] and [`Operation`];
//! - `record.rs`: [`AudienceRecord`], one user's raw values;
//! - `options.rs`: [`BatchOptions`] and [`BatchError`];
//! - `rejection.rs`: [`RecordError`] and [`Rejection`];
//! - `builder.rs`: [`BodyBuilder`], [`build_bodies`], [`Body`] and [`Bodies`];
//! - `json.rs`: JSON string escaping for the emitted text.

mod builder;
mod endpoint;
mod options;
mod record;
mod rejection;

pub use builder::{build_bodies, Bodies, Body, BodyBuilder};
pub use endpoint::{Endpoint, Operation};
pub use options::{BatchError, BatchOptions};
pub use record::AudienceRecord;
pub use rejection::{RecordError, Rejection};

/// Operation objects per request body, as documented (document B §4, §8).
pub const MAX_OPERATIONS_PER_BODY: usize = 2500;

/// Users per request body: bounded by the operation limit as well (see the module docs), so a
/// body is valid whether the platform counts operation objects or the users in them.
pub const MAX_USERS_PER_BODY: usize = MAX_OPERATIONS_PER_BODY;

/// Bytes of serialized request body, as documented (document B §4, §8).
pub const MAX_BODY_BYTES: usize = 5_000_000;
