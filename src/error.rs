//! Errors for calls that are themselves wrong (unknown kind, bad options, unparsable JSON).
//! A bad payload never produces an `Error`: it produces a [`crate::Report`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// Stable error codes of a wrong call. The snake_case code ([`ErrorCode::code`], also the
/// serde form) is the public contract. New codes may be added in a minor release, so a `match`
/// needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
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
    /// The answer reader named is not one of [`crate::answers::names`].
    UnknownCall,
    /// The arguments of an answer reader are not a JSON object, or a member is missing or of
    /// the wrong type.
    BadArguments,
    /// `list_next_query`: the query holds both a `cursor` and `with_total_count` true, which
    /// documents B and C make exclusive.
    CursorWithTotalCount,
    /// `list_next_query`: the page answered does not say whether another page follows (not a
    /// JSON object, or its `next_cursor` absent, repeated, empty, or neither a string nor null).
    InvalidPage,
    /// `list_next_query`: the page gives back the cursor that fetched it; following it would
    /// fetch the same page forever.
    CursorRepeated,
    /// An OAuth 1.0a request-token answer whose `oauth_callback_confirmed` is not the literal
    /// `true` (absent, `false`, `True`, `1`, repeated): the callback may have been swapped, and
    /// the request token must not be used (document A §2 "Token values", §3).
    CallbackNotConfirmed,
    /// An OAuth token answer that cannot be read: not form-encoded name=value pairs (a broken
    /// `%` escape, an ambiguous `+`, text that is not UTF-8) nor a JSON object of strings, a
    /// name written more than once, or `oauth_token` or `oauth_token_secret` missing or empty.
    InvalidTokenAnswer,
}

impl ErrorCode {
    /// The stable snake_case code, as serialized (`"unknown_kind"`, ...).
    pub fn code(self) -> &'static str {
        match self {
            ErrorCode::UnknownKind => "unknown_kind",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::InvalidJson => "invalid_json",
            ErrorCode::TooDeep => "too_deep",
            ErrorCode::InputTooLarge => "input_too_large",
            // --- answers (`crate::answers`; AnswersErrorCode in pkg/types/codes.d.ts) ---
            ErrorCode::UnknownCall => "unknown_call",
            ErrorCode::BadArguments => "bad_arguments",
            ErrorCode::CursorWithTotalCount => "cursor_with_total_count",
            ErrorCode::InvalidPage => "invalid_page",
            ErrorCode::CursorRepeated => "cursor_repeated",
            ErrorCode::CallbackNotConfirmed => "callback_not_confirmed",
            ErrorCode::InvalidTokenAnswer => "invalid_token_answer",
        }
    }

    /// The stable snake_case code: [`ErrorCode::code`], the name every code type of the crate
    /// uses.
    #[deprecated(since = "0.2.0", note = "use `ErrorCode::code`")]
    pub fn as_str(self) -> &'static str {
        self.code()
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A wrong call: a stable code and a message for people (never containing payload values).
///
/// `Display` writes `<code>: <message>`; it implements [`std::error::Error`], so `?` takes it into
/// a `Box<dyn std::error::Error>` or an `anyhow::Error`.
///
/// ```
/// let err = preflight::validate_json("no_such_kind", b"{}", "").unwrap_err();
/// assert_eq!(err.code, preflight::ErrorCode::UnknownKind);
/// assert!(err.to_string().starts_with("unknown_kind: "));
/// ```
///
/// More members may be added in a minor release (`#[non_exhaustive]`): build one with
/// [`Error::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Error {
    /// What kind of wrong call this is.
    pub code: ErrorCode,
    /// For people; never contains a payload value, an identifier or a secret.
    pub message: String,
}

impl Error {
    /// An error with `code` and `message`.
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
            .unwrap_or_else(|_| format!("{{\"code\":\"{}\",\"message\":\"\"}}", self.code.code()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.code(), self.message)
    }
}

impl std::error::Error for Error {}
