//! The endpoint a body is for, and the operation of its operation object.

use super::BatchError;
use crate::audience::IdType;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// The endpoint a body is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
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
#[non_exhaustive]
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
