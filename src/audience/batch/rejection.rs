//! Why a record was left out of the bodies.

use crate::audience::{IdError, IdType};
use serde::{Serialize, Serializer};
use std::fmt;

/// Why a record, or one of its values, was left out.
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

/// [`std::error::Error::source`] is the [`IdError`] of an invalid value.
impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Id(e) => Some(e),
            _ => None,
        }
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
#[non_exhaustive]
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

/// `record <index>[, <field>[<value_index>]]: <code>: <message>`: positions and names only, never
/// a value.
impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {}", self.index)?;
        if let Some(field) = self.field {
            write!(f, ", {field}")?;
            if let Some(i) = self.value_index {
                write!(f, "[{i}]")?;
            }
        }
        write!(f, ": {}", self.error)
    }
}

/// [`std::error::Error::source`] is the [`RecordError`].
impl std::error::Error for Rejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
