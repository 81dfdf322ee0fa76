//! The result of a call as the native tests write it, and the entry points the JavaScript binding
//! (`bindings/wasm`) calls: not public API.
//!
//! Everything here is reachable only through the hidden [`crate::__private`] module, for the
//! binding crate and this workspace's tests, which compare native and wasm results byte for
//! byte. It may change in any release; a Rust caller uses [`crate::validate_slice`],
//! [`crate::validate_json`] and [`crate::Report::to_json`] instead.

use crate::error::Error;
use crate::json::tape::{decode, json_text_bound, TapeRef};
use crate::json::write;
use crate::json::MAX_INPUT_BYTES;
use crate::kind::Kind;
use crate::options::Options;
use crate::report::Report;
use crate::signing;
use crate::{validate_json, validate_value};

/// The result of a call as the native tests write it: `{"ok":<result>}` or
/// `{"error":{"code":...,"message":...}}`. The wasm exports return the result text or throw the
/// code and message; the Node and browser tests make the same text of that, so native and wasm
/// results compare byte for byte.
pub fn envelope<E: JsonError>(result: Result<String, E>) -> String {
    match result {
        Ok(json) => format!("{{\"ok\":{json}}}"),
        Err(e) => format!("{{\"error\":{}}}", e.to_json()),
    }
}

/// An error that serializes as `{"code": ..., "message": ...}`, so every area's errors (validation,
/// signing) cross the JavaScript boundary in the same [`envelope`].
pub trait JsonError {
    /// `{"code": ..., "message": ...}` as JSON text.
    fn to_json(&self) -> String;
}

impl JsonError for Error {
    fn to_json(&self) -> String {
        Error::to_json(self)
    }
}

impl JsonError for signing::SigningError {
    fn to_json(&self) -> String {
        signing::SigningError::to_json(self)
    }
}

/// The whole call for a payload handed over as a tape (see `json::tape`): kind name, tape,
/// options JSON text. `None` when the tape is refused: then the caller validates the payload's
/// JSON text instead ([`validate_json`]), which gives the same result for any tape that is not
/// refused. Fails like [`validate_json`] for an unknown kind or bad options.
pub fn validate_tape(
    kind: &str,
    tape: &TapeRef<'_>,
    options: &str,
) -> Option<Result<Report, Error>> {
    // A tape whose text might pass the size limit is refused before anything else, as the text
    // path refuses such a text before it looks at the kind or the options.
    if json_text_bound(tape) > MAX_INPUT_BYTES {
        return None;
    }
    let call =
        || -> Result<(Kind, Options), Error> { Ok((kind.parse()?, Options::from_json(options)?)) };
    let (kind, options) = match call() {
        Ok(call) => call,
        Err(e) => return Some(Err(e)),
    };
    let value = decode(tape).ok()?;
    Some(Ok(validate_value(kind, &value, &options)))
}

/// [`validate_tape`] wrapped in an [`envelope`]; `None` for a refused tape.
pub fn validate_tape_envelope(kind: &str, tape: &TapeRef<'_>, options: &str) -> Option<String> {
    validate_tape(kind, tape, options).map(|r| envelope(r.map(|r| r.to_json())))
}

/// [`validate_json`] wrapped in an [`envelope`].
pub fn validate_json_envelope(kind: &str, payload: &[u8], options: &str) -> String {
    envelope(validate_json(kind, payload, options).map(|r| r.to_json()))
}

/// Appends `s` to `out` as a JSON string literal, escaped as serde_json escapes it: the engine's
/// one JSON writer (`json::write`), for the bindings' JSON results.
pub fn json_string(out: &mut String, s: &str) {
    write::string(out, s);
}
