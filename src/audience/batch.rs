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
//! give a field as a string, an array of strings, or null). A record is **rejected whole** when
//! any of its values is invalid (every invalid value is reported), when it has no value at all,
//! when it has a field the endpoint does not take (do-not-reach: only `email` and
//! `phone_number`), or when its user object alone would not fit a body. Rejections carry the
//! input index, the field and the position in the field's array, and a code; never the value.
//! Accepted records keep their input order; the split is deterministic (greedy, first fit).

use super::{prepare, HashOptions, IdError, IdType, Prepared, Scratch};
use crate::checks::dates::{parse_iso8601, DateTime, Offset};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Operation objects per request body, as documented (document B §4, §8).
pub const MAX_OPERATIONS_PER_BODY: usize = 2500;

/// Users per request body: bounded by the operation limit as well (see the module docs), so a
/// body is valid whether the platform counts operation objects or the users in them.
pub const MAX_USERS_PER_BODY: usize = MAX_OPERATIONS_PER_BODY;

/// Bytes of serialized request body, as documented (document B §4, §8).
pub const MAX_BODY_BYTES: usize = 5_000_000;

/// The endpoint a body is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Endpoint {
    /// `POST …/12/accounts/:account_id/custom_audiences/:custom_audience_id/users`: every
    /// identifier type; optional `effective_at` and `expires_at`.
    CustomAudienceUsers,
    /// `POST …/12/batch/accounts/:account_id/do_not_reach_lists/:id/users`: `email` and
    /// `phone_number` only; `expires_at` required (listed as required in document B).
    DoNotReachUsers,
}

impl FromStr for Endpoint {
    type Err = BatchError;

    fn from_str(s: &str) -> Result<Self, BatchError> {
        match s {
            "custom_audience_users" => Ok(Endpoint::CustomAudienceUsers),
            "do_not_reach_users" => Ok(Endpoint::DoNotReachUsers),
            _ => Err(BatchError::UnknownEndpoint),
        }
    }
}

impl Endpoint {
    /// The stable name (`custom_audience_users`, `do_not_reach_users`).
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::CustomAudienceUsers => "custom_audience_users",
            Endpoint::DoNotReachUsers => "do_not_reach_users",
        }
    }

    /// Whether users sent to this endpoint may carry identifiers of `t`.
    pub fn accepts(self, t: IdType) -> bool {
        match self {
            Endpoint::CustomAudienceUsers => true,
            Endpoint::DoNotReachUsers => matches!(t, IdType::Email | IdType::PhoneNumber),
        }
    }
}

/// The operation type of a body's operation object.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Operation {
    /// Add or update the users.
    #[default]
    Update,
    /// Remove the users.
    Delete,
}

impl Operation {
    /// The name as sent (`Update`, `Delete`).
    pub fn name(self) -> &'static str {
        match self {
            Operation::Update => "Update",
            Operation::Delete => "Delete",
        }
    }
}

impl FromStr for Operation {
    type Err = BatchError;

    fn from_str(s: &str) -> Result<Self, BatchError> {
        match s {
            "Update" => Ok(Operation::Update),
            "Delete" => Ok(Operation::Delete),
            _ => Err(BatchError::UnknownOperation),
        }
    }
}

/// One user: raw identifier values per type (any number per field, usually one).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AudienceRecord {
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub email: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub phone_number: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub handle: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub device_id: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub service_id: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub partner_user_id: Vec<String>,
}

/// A field given as a string, an array of strings, or null.
fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Option::<OneOrMany>::deserialize(d)? {
        None => Vec::new(),
        Some(OneOrMany::One(s)) => vec![s],
        Some(OneOrMany::Many(v)) => v,
    })
}

/// The order of user members in the output (document B's listing).
const FIELD_ORDER: [IdType; 6] = [
    IdType::Email,
    IdType::DeviceId,
    IdType::Handle,
    IdType::ServiceId,
    IdType::PhoneNumber,
    IdType::PartnerUserId,
];

impl AudienceRecord {
    /// An empty record.
    pub fn new() -> Self {
        Self::default()
    }

    /// The raw values of field `t`.
    pub fn values(&self, t: IdType) -> &[String] {
        match t {
            IdType::Email => &self.email,
            IdType::PhoneNumber => &self.phone_number,
            IdType::Handle => &self.handle,
            IdType::DeviceId => &self.device_id,
            IdType::ServiceId => &self.service_id,
            IdType::PartnerUserId => &self.partner_user_id,
        }
    }

    fn values_mut(&mut self, t: IdType) -> &mut Vec<String> {
        match t {
            IdType::Email => &mut self.email,
            IdType::PhoneNumber => &mut self.phone_number,
            IdType::Handle => &mut self.handle,
            IdType::DeviceId => &mut self.device_id,
            IdType::ServiceId => &mut self.service_id,
            IdType::PartnerUserId => &mut self.partner_user_id,
        }
    }

    /// Adds a raw value to field `t`.
    pub fn push(&mut self, t: IdType, value: impl Into<String>) {
        self.values_mut(t).push(value.into());
    }

    /// Builder form of [`AudienceRecord::push`].
    pub fn with(mut self, t: IdType, value: impl Into<String>) -> Self {
        self.push(t, value);
        self
    }
}

/// Options of a batch. JSON form (all members optional): `{"operation": "Update"|"Delete",
/// "effective_at": "…Z", "expires_at": "…Z", "now": "…Z", "max_users_per_body": 2500,
/// "max_body_bytes": 5000000, "hash": {…HashOptions}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BatchOptions {
    /// The operation of every body.
    pub operation: Operation,
    /// `params.effective_at`: an ISO 8601 date-time in UTC (`Z` or a zero offset), sent as
    /// given. Custom audience only.
    pub effective_at: Option<String>,
    /// `params.expires_at`: an ISO 8601 date-time in UTC, later than `effective_at` (or than
    /// `now` when there is no `effective_at`). Required for the do-not-reach endpoint.
    pub expires_at: Option<String>,
    /// The current time (ISO 8601 UTC), for the "later than now" check. The library reads no
    /// clock: without it that check is skipped.
    pub now: Option<String>,
    /// Users per body, 1 to [`MAX_USERS_PER_BODY`] (smaller values only make smaller bodies).
    pub max_users_per_body: usize,
    /// Bytes per body, 1 to [`MAX_BODY_BYTES`].
    pub max_body_bytes: usize,
    /// How identifiers are normalized and hashed.
    pub hash: HashOptions,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            operation: Operation::Update,
            effective_at: None,
            expires_at: None,
            now: None,
            max_users_per_body: MAX_USERS_PER_BODY,
            max_body_bytes: MAX_BODY_BYTES,
            hash: HashOptions::default(),
        }
    }
}

/// A wrong batch call (bad options); no body is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BatchError {
    /// An endpoint name other than `custom_audience_users` and `do_not_reach_users`.
    UnknownEndpoint,
    /// An operation name other than `Update` and `Delete`.
    UnknownOperation,
    /// `effective_at` is not an ISO 8601 date-time in UTC.
    InvalidEffectiveAt,
    /// `expires_at` is not an ISO 8601 date-time in UTC.
    InvalidExpiresAt,
    /// `now` is not an ISO 8601 date-time in UTC.
    InvalidNow,
    /// `expires_at` is not later than `effective_at`.
    ExpiresNotAfterEffective,
    /// `expires_at` is not later than `now`.
    ExpiresNotAfterNow,
    /// The do-not-reach endpoint needs `expires_at`.
    MissingExpiresAt,
    /// The do-not-reach endpoint takes no `effective_at`.
    EffectiveAtNotAllowed,
    /// `max_users_per_body` or `max_body_bytes` is 0 or above the documented limit.
    InvalidLimits,
    /// The hash options are invalid (the default country code).
    InvalidHashOptions(IdError),
}

impl BatchError {
    /// The stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            BatchError::UnknownEndpoint => "unknown_endpoint",
            BatchError::UnknownOperation => "unknown_operation",
            BatchError::InvalidEffectiveAt => "invalid_effective_at",
            BatchError::InvalidExpiresAt => "invalid_expires_at",
            BatchError::InvalidNow => "invalid_now",
            BatchError::ExpiresNotAfterEffective => "expires_not_after_effective",
            BatchError::ExpiresNotAfterNow => "expires_not_after_now",
            BatchError::MissingExpiresAt => "missing_expires_at",
            BatchError::EffectiveAtNotAllowed => "effective_at_not_allowed",
            BatchError::InvalidLimits => "invalid_limits",
            BatchError::InvalidHashOptions(e) => e.code(),
        }
    }

    /// A fixed explanation for people.
    pub fn message(self) -> &'static str {
        match self {
            BatchError::UnknownEndpoint => {
                "the endpoint must be custom_audience_users or do_not_reach_users"
            }
            BatchError::UnknownOperation => "the operation must be Update or Delete",
            BatchError::InvalidEffectiveAt => {
                "effective_at must be an ISO 8601 date-time in UTC, like 2026-11-21T09:30:00Z"
            }
            BatchError::InvalidExpiresAt => {
                "expires_at must be an ISO 8601 date-time in UTC, like 2026-11-21T09:30:00Z"
            }
            BatchError::InvalidNow => {
                "now must be an ISO 8601 date-time in UTC, like 2026-11-21T09:30:00Z"
            }
            BatchError::ExpiresNotAfterEffective => "expires_at must be later than effective_at",
            BatchError::ExpiresNotAfterNow => "expires_at must be later than now",
            BatchError::MissingExpiresAt => "the do-not-reach endpoint requires expires_at",
            BatchError::EffectiveAtNotAllowed => "the do-not-reach endpoint takes no effective_at",
            BatchError::InvalidLimits => {
                "max_users_per_body must be 1 to 2500 and max_body_bytes 1 to 5000000"
            }
            BatchError::InvalidHashOptions(e) => e.message(),
        }
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for BatchError {}

/// Why a record was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordError {
    /// One value is invalid.
    Id(IdError),
    /// The record has no value in any field.
    NoIdentifiers,
    /// The endpoint does not take this field (do-not-reach: only `email` and `phone_number`).
    FieldNotAllowed,
    /// The user object alone would make a body larger than the byte limit.
    TooLarge,
}

impl RecordError {
    /// The stable snake_case code ([`IdError::code`] for an invalid value).
    pub fn code(self) -> &'static str {
        match self {
            RecordError::Id(e) => e.code(),
            RecordError::NoIdentifiers => "no_identifiers",
            RecordError::FieldNotAllowed => "field_not_allowed",
            RecordError::TooLarge => "record_too_large",
        }
    }

    /// A fixed explanation for people. Never contains the value.
    pub fn message(self) -> &'static str {
        match self {
            RecordError::Id(e) => e.message(),
            RecordError::NoIdentifiers => "the record has no identifier",
            RecordError::FieldNotAllowed => "this endpoint does not take this identifier type",
            RecordError::TooLarge => "the user alone would exceed the request body size limit",
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl Serialize for RecordError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// A record left out of the bodies. JSON: `{"index":3,"field":"email","value_index":0,
/// "code":"invalid_email"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rejection {
    /// The record's input index.
    pub index: usize,
    /// The field at fault; `None` for a problem of the whole record.
    pub field: Option<IdType>,
    /// The position of the bad value in the field's array, for an invalid value.
    pub value_index: Option<usize>,
    /// What is wrong.
    #[serde(rename = "code")]
    pub error: RecordError,
}

/// One request body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// The compact JSON text, at most the byte limit.
    pub json: String,
    /// The input indexes of the records in it, in order (user `i` of the body is record
    /// `records[i]`; `operation_errors` indexes of the response map through this).
    pub records: Vec<usize>,
}

/// The result of [`build_bodies`] (or of [`BodyBuilder::finish`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bodies {
    /// The bodies, in order. None when no record was accepted.
    pub bodies: Vec<Body>,
    /// Every rejection, in input order.
    pub rejected: Vec<Rejection>,
}

/// Builds bodies record by record (for inputs too large to hold): [`BodyBuilder::push`] returns
/// each body as soon as it is complete; [`BodyBuilder::finish`] returns the last one and the
/// rejections.
#[derive(Clone, Debug)]
pub struct BodyBuilder {
    endpoint: Endpoint,
    hash: HashOptions,
    max_users: usize,
    max_bytes: usize,
    prefix: String,
    current: String,
    records: Vec<usize>,
    next_index: usize,
    rejected: Vec<Rejection>,
    user: String,
    scratch: Scratch,
    errors: Vec<Rejection>,
    /// Where each value of the field being written lies in `user`.
    spans: Vec<(usize, usize)>,
}

const SUFFIX: &str = "]}}]";

fn utc(s: &str) -> Option<DateTime> {
    parse_iso8601(s).filter(|d| d.has_time && d.offset == Offset::Utc)
}

impl BodyBuilder {
    /// Checks the options and prepares the body prefix.
    pub fn new(endpoint: Endpoint, opts: &BatchOptions) -> Result<Self, BatchError> {
        opts.hash
            .validate()
            .map_err(BatchError::InvalidHashOptions)?;
        if !(1..=MAX_USERS_PER_BODY).contains(&opts.max_users_per_body)
            || !(1..=MAX_BODY_BYTES).contains(&opts.max_body_bytes)
        {
            return Err(BatchError::InvalidLimits);
        }
        let parse = |v: &Option<String>, e: BatchError| match v {
            None => Ok(None),
            Some(s) => utc(s).map(Some).ok_or(e),
        };
        let effective = parse(&opts.effective_at, BatchError::InvalidEffectiveAt)?;
        let expires = parse(&opts.expires_at, BatchError::InvalidExpiresAt)?;
        let now = parse(&opts.now, BatchError::InvalidNow)?;
        if endpoint == Endpoint::DoNotReachUsers {
            if effective.is_some() {
                return Err(BatchError::EffectiveAtNotAllowed);
            }
            if expires.is_none() {
                return Err(BatchError::MissingExpiresAt);
            }
        }
        if let Some(exp) = expires {
            match (effective, now) {
                (Some(eff), _) if exp.key() <= eff.key() => {
                    return Err(BatchError::ExpiresNotAfterEffective)
                }
                (None, Some(now)) if exp.key() <= now.key() => {
                    return Err(BatchError::ExpiresNotAfterNow)
                }
                _ => {}
            }
        }
        let mut prefix = String::from("[{\"operation_type\":\"");
        prefix.push_str(opts.operation.name());
        prefix.push_str("\",\"params\":{");
        for (name, value) in [
            ("effective_at", &opts.effective_at),
            ("expires_at", &opts.expires_at),
        ] {
            if let Some(v) = value {
                push_json_str(&mut prefix, name);
                prefix.push(':');
                push_json_str(&mut prefix, v);
                prefix.push(',');
            }
        }
        prefix.push_str("\"users\":[");
        Ok(BodyBuilder {
            endpoint,
            hash: opts.hash.clone(),
            max_users: opts.max_users_per_body,
            max_bytes: opts.max_body_bytes,
            prefix,
            current: String::new(),
            records: Vec::new(),
            next_index: 0,
            rejected: Vec::new(),
            user: String::new(),
            scratch: Scratch::default(),
            errors: Vec::new(),
            spans: Vec::new(),
        })
    }

    /// The bytes every body spends outside its users (`[{…"users":[` and `]}}]`).
    pub fn overhead_bytes(&self) -> usize {
        self.prefix.len() + SUFFIX.len()
    }

    /// Adds the next record (input index = number of records pushed before). Returns the
    /// previous body when this record did not fit in it.
    pub fn push(&mut self, record: &AudienceRecord) -> Option<Body> {
        let index = self.next_index;
        self.next_index += 1;
        if !self.user_json(index, record) {
            self.rejected.append(&mut self.errors);
            return None;
        }
        if self.prefix.len() + self.user.len() + SUFFIX.len() > self.max_bytes {
            self.rejected.push(Rejection {
                index,
                field: None,
                value_index: None,
                error: RecordError::TooLarge,
            });
            return None;
        }
        let fits = !self.records.is_empty()
            && self.records.len() < self.max_users
            && self.current.len() + 1 + self.user.len() + SUFFIX.len() <= self.max_bytes;
        let done = if fits || self.records.is_empty() {
            None
        } else {
            self.close()
        };
        if self.records.is_empty() {
            self.current.clear();
            self.current.push_str(&self.prefix);
        } else {
            self.current.push(',');
        }
        self.current.push_str(&self.user);
        self.records.push(index);
        done
    }

    /// The rejections so far, in input order.
    pub fn rejected(&self) -> &[Rejection] {
        &self.rejected
    }

    /// Closes the last body and returns it (if any) with every rejection.
    pub fn finish(mut self) -> Bodies {
        let bodies = self.close().into_iter().collect();
        Bodies {
            bodies,
            rejected: self.rejected,
        }
    }

    fn close(&mut self) -> Option<Body> {
        if self.records.is_empty() {
            return None;
        }
        let mut json = std::mem::take(&mut self.current);
        json.push_str(SUFFIX);
        Some(Body {
            json,
            records: std::mem::take(&mut self.records),
        })
    }

    /// Writes the user object of `record` into `self.user`; false (with `self.errors` filled)
    /// when the record is rejected.
    fn user_json(&mut self, index: usize, record: &AudienceRecord) -> bool {
        self.user.clear();
        self.user.push('{');
        let mut any = false;
        for t in FIELD_ORDER {
            let values = record.values(t);
            if values.is_empty() {
                continue;
            }
            any = true;
            if !self.endpoint.accepts(t) {
                self.errors.push(Rejection {
                    index,
                    field: Some(t),
                    value_index: None,
                    error: RecordError::FieldNotAllowed,
                });
                continue;
            }
            if self.user.len() > 1 {
                self.user.push(',');
            }
            self.user.push('"');
            self.user.push_str(t.name());
            self.user.push_str("\":[");
            let field_start = self.user.len();
            self.spans.clear();
            for (i, raw) in values.iter().enumerate() {
                match prepare(t, raw, &self.hash, &mut self.scratch) {
                    Ok(p) => {
                        let start = self.user.len();
                        if start > field_start {
                            self.user.push(',');
                        }
                        let value_start = self.user.len();
                        match p {
                            Prepared::Hash(b) => {
                                self.user.push('"');
                                super::hex::push_sha256_hex(b, &mut self.user);
                                self.user.push('"');
                            }
                            Prepared::Final(s) => push_json_str(&mut self.user, s),
                        }
                        // Send a value repeated within the field once.
                        let new = &self.user[value_start..];
                        if self.spans.iter().any(|&(a, b)| &self.user[a..b] == new) {
                            self.user.truncate(start);
                        } else {
                            self.spans.push((value_start, self.user.len()));
                        }
                    }
                    Err(e) => self.errors.push(Rejection {
                        index,
                        field: Some(t),
                        value_index: Some(i),
                        error: RecordError::Id(e),
                    }),
                }
            }
            self.user.push(']');
        }
        self.user.push('}');
        if !any {
            self.errors.push(Rejection {
                index,
                field: None,
                value_index: None,
                error: RecordError::NoIdentifiers,
            });
        }
        self.errors.is_empty()
    }
}

/// Builds every body for `records`. Fails only for bad options; bad records are reported in
/// [`Bodies::rejected`].
///
/// ```
/// use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
/// use preflight::audience::IdType;
/// let records = vec![
///     AudienceRecord::new().with(IdType::Email, "Support@X.com"),
///     AudienceRecord::new().with(IdType::Email, "not an email"),
/// ];
/// let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &BatchOptions::default())
///     .unwrap();
/// assert_eq!(out.bodies.len(), 1);
/// assert_eq!(out.bodies[0].json, "[{\"operation_type\":\"Update\",\"params\":{\"users\":[{\"email\":\
///     [\"6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381\"]}]}}]");
/// assert_eq!(out.rejected[0].index, 1);
/// assert_eq!(out.rejected[0].error.code(), "invalid_email");
/// ```
pub fn build_bodies(
    endpoint: Endpoint,
    records: &[AudienceRecord],
    opts: &BatchOptions,
) -> Result<Bodies, BatchError> {
    let mut builder = BodyBuilder::new(endpoint, opts)?;
    let mut bodies = Vec::new();
    for record in records {
        bodies.extend(builder.push(record));
    }
    let mut tail = builder.finish();
    bodies.append(&mut tail.bodies);
    tail.bodies = bodies;
    Ok(tail)
}

/// Appends `s` as a JSON string (quotes, `\"`, `\\`, control characters escaped the way
/// serde_json does; everything else, including non-ASCII, as is).
fn push_json_str(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if short.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(short);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_match_serde() {
        for s in [
            "",
            "plain",
            "q\"b\\s/",
            "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}",
            "é\u{2028}",
        ] {
            let mut out = String::new();
            push_json_str(&mut out, s);
            assert_eq!(Some(out), serde_json::to_string(s).ok(), "{s:?}");
        }
    }

    #[test]
    fn dates() {
        let o = |eff: Option<&str>, exp: Option<&str>, now: Option<&str>| BatchOptions {
            effective_at: eff.map(str::to_owned),
            expires_at: exp.map(str::to_owned),
            now: now.map(str::to_owned),
            ..BatchOptions::default()
        };
        let ca = Endpoint::CustomAudienceUsers;
        let dnr = Endpoint::DoNotReachUsers;
        let a = Some("2026-01-01T00:00:00Z");
        let b = Some("2026-02-01T00:00:00+00:00");
        let err = |e, o: &BatchOptions| BodyBuilder::new(e, o).err();
        assert_eq!(err(ca, &o(a, b, None)), None);
        assert_eq!(
            err(ca, &o(b, a, None)),
            Some(BatchError::ExpiresNotAfterEffective)
        );
        assert_eq!(
            err(ca, &o(a, a, None)),
            Some(BatchError::ExpiresNotAfterEffective)
        );
        assert_eq!(
            err(ca, &o(None, a, b)),
            Some(BatchError::ExpiresNotAfterNow)
        );
        assert_eq!(
            err(ca, &o(Some("2026-01-01"), None, None)),
            Some(BatchError::InvalidEffectiveAt)
        );
        assert_eq!(
            err(ca, &o(None, Some("2026-01-01T00:00:00+01:00"), None)),
            Some(BatchError::InvalidExpiresAt)
        );
        assert_eq!(
            err(ca, &o(None, Some("2026-01-01T00:00:00"), None)),
            Some(BatchError::InvalidExpiresAt)
        );
        assert_eq!(
            err(ca, &o(None, None, Some("x"))),
            Some(BatchError::InvalidNow)
        );
        assert_eq!(
            err(dnr, &o(None, None, None)),
            Some(BatchError::MissingExpiresAt)
        );
        assert_eq!(
            err(dnr, &o(a, b, None)),
            Some(BatchError::EffectiveAtNotAllowed)
        );
        assert_eq!(err(dnr, &o(None, b, a)), None);
        let limits = BatchOptions {
            max_users_per_body: 2501,
            ..BatchOptions::default()
        };
        assert_eq!(err(ca, &limits), Some(BatchError::InvalidLimits));
    }

    #[test]
    fn duplicate_values_sent_once() {
        let r = AudienceRecord::new()
            .with(IdType::Email, "A@x.com")
            .with(IdType::Email, "a@x.com ")
            .with(IdType::Email, "b@x.com")
            .with(IdType::PartnerUserId, "p")
            .with(IdType::PartnerUserId, "p");
        let out = build_bodies(
            Endpoint::CustomAudienceUsers,
            &[r],
            &BatchOptions::default(),
        )
        .expect("valid options");
        let v: serde_json::Value = serde_json::from_str(&out.bodies[0].json).expect("json");
        let user = &v[0]["params"]["users"][0];
        assert_eq!(user["email"].as_array().map(Vec::len), Some(2));
        assert_eq!(user["partner_user_id"], serde_json::json!(["p"]));
    }
}
