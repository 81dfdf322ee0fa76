//! The entry points the JavaScript binding (`bindings/wasm`) calls beyond the public API: not
//! public API.
//!
//! Everything here is reachable only through the hidden [`crate::__private`] module, for the
//! binding crate. It may change in any release; a Rust caller uses [`crate::validate_slice`],
//! [`crate::validate_json`] and [`crate::Report::to_json`] instead. (The `{"ok": ...}` /
//! `{"error": ...}` form of a result that the native tests compare with the wasm results is the
//! tests' own: tests/common/envelope.rs.)

use crate::error::Error;
use crate::json::tape::{decode, json_text_bound, TapeRef};
use crate::json::write;
use crate::json::MAX_INPUT_BYTES;
use crate::kind::Kind;
use crate::options::Options;
use crate::report::Report;
use crate::validate_value;

/// The whole call for a payload handed over as a tape (see `json::tape`): kind name, tape,
/// options JSON text. `None` when the tape is refused: then the caller validates the payload's
/// JSON text instead ([`crate::validate_json`]), which gives the same result for any tape that is not
/// refused. Fails like [`crate::validate_json`] for an unknown kind or bad options.
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

/// Appends `s` to `out` as a JSON string literal, escaped as serde_json escapes it: the engine's
/// one JSON writer (`json::write`), for the bindings' JSON results.
pub fn json_string(out: &mut String, s: &str) {
    write::string(out, s);
}

/// Appends the decimal digits of `n`: the engine's JSON writer of integers (`json::write`), for
/// the bindings' results.
pub fn json_uint(out: &mut String, n: u64) {
    write::uint(out, n);
}
