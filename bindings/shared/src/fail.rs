//! The one error shape of every binding: a failed call is a [`Fail`], a stable snake_case code
//! and a fixed message that never holds an input value. Each binding turns it into its host's
//! error at the end of a call (`bindings/wasm/src/fail.rs`: a JavaScript `Error` with `code`;
//! `bindings/python/src/fail.rs`: `preflight.PreflightError(code, message)`), so that every code
//! path up to there is the same, and testable natively.

use std::borrow::Cow;

/// A failed call: a stable code and a message.
#[derive(Debug, PartialEq, Eq)]
pub struct Fail {
    pub code: &'static str,
    // Most messages are fixed text: borrowed, so that no error site allocates and copies one.
    pub message: Cow<'static, str>,
}

impl Fail {
    /// From a stable code and a fixed message.
    pub fn of(code: &'static str, message: impl Into<Cow<'static, str>>) -> Fail {
        Fail {
            code,
            message: message.into(),
        }
    }
}

impl From<preflight::Error> for Fail {
    fn from(e: preflight::Error) -> Fail {
        Fail::of(e.code.code(), e.message)
    }
}

impl From<preflight::signing::SigningError> for Fail {
    fn from(e: preflight::signing::SigningError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

impl From<preflight::audience::IdError> for Fail {
    fn from(e: preflight::audience::IdError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

impl From<preflight::audience::csv::CsvError> for Fail {
    fn from(e: preflight::audience::csv::CsvError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

impl From<preflight::audience::batch::BatchError> for Fail {
    fn from(e: preflight::audience::batch::BatchError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}
