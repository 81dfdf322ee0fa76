//! Errors for calls that are themselves wrong (unknown kind, bad options, unparsable JSON).
//! A bad payload never produces an `Error`: it produces a [`crate::Report`].

use serde::Serialize;
use std::fmt;

/// Stable error codes of a wrong call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The kind name is not one of [`crate::Kind::ALL`].
    UnknownKind,
    /// The options object is malformed or holds an unknown member or value.
    BadOptions,
    /// The payload text is not JSON (syntax, invalid UTF-8, lone surrogate, number out of range).
    InvalidJson,
    /// The payload nests deeper than [`crate::MAX_DEPTH`].
    TooDeep,
    /// The payload text is larger than [`crate::MAX_INPUT_BYTES`].
    InputTooLarge,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownKind => "unknown_kind",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::InvalidJson => "invalid_json",
            ErrorCode::TooDeep => "too_deep",
            ErrorCode::InputTooLarge => "input_too_large",
        }
    }
}

/// A wrong call: a stable code and a message for people (never containing payload values).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error {
            code,
            message: message.into(),
        }
    }
}

impl Error {
    /// `{"code": ..., "message": ...}` as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| format!("{{\"code\":\"{}\",\"message\":\"\"}}", self.code.as_str()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Error {}
