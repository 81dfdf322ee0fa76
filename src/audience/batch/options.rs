//! Options of a batch, and the errors of a wrong batch call.

use super::{Operation, MAX_BODY_BYTES, MAX_USERS_PER_BODY};
use crate::audience::{HashOptions, IdError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Options of a batch. JSON form (all members optional): `{"operation": "Update"|"Delete",
/// "effective_at": "…Z", "expires_at": "…Z", "now": "…Z", "max_users_per_body": 2500,
/// "max_body_bytes": 5000000, "hash": {…HashOptions}}`.
///
/// More options may be added in a minor release (`#[non_exhaustive]`): start from
/// [`BatchOptions::default`] and assign the fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct BatchOptions {
    /// The operation of every body.
    pub operation: Operation,
    /// `params.effective_at`: an ISO 8601 date-time in UTC (`Z` or a zero offset), sent as
    /// given. Custom audience only.
    pub effective_at: Option<String>,
    /// `params.expires_at`: an ISO 8601 date-time in UTC, later than `effective_at` (or than
    /// `now` when there is no `effective_at`). Required for the do-not-reach endpoint.
    pub expires_at: Option<String>,
    /// The current time (ISO 8601 UTC), for the "later than now" check of `expires_at`; without
    /// it the clock is read as validation reads it ([`crate::clock::now`]: the system clock
    /// natively, `Date.now()` in the wasm package).
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
