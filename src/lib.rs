//! Preflight: client-side validation, audience identifier hashing and signing for an advertising
//! and social-platform developer API.
//!
//! ```
//! use preflight::{validate, Kind, Options};
//! let payload = serde_json::json!({"name": "Poll", "duration_in_minutes": 4,
//!     "first_choice": "Yes", "second_choice": "No"});
//! let report = validate(Kind::PollCard, &payload, &Options::default());
//! assert!(!report.valid);
//! assert_eq!(report.issues[0].path, "/duration_in_minutes");
//! assert_eq!(report.issues[0].code.as_str(), "out_of_range");
//! ```
//!
//! # Cargo features
//! - `nfc-tables` (default): Unicode normalization (NFC of email addresses, NFKC of webhook host
//!   names) with the `unicode-normalization` crate's tables, and email lowercase by
//!   `str::to_lowercase`. Without it (`default-features = false`, as the wasm binding builds the
//!   crate) the embedder registers the missing functions with
//!   [`audience::set_normalizer`] and [`audience::set_lowercase`], once per process (the first
//!   call wins; see [`audience::Registration`]). Until it does, a value that needs them is an
//!   error, never a wrong hash: an identifier fails with `normalization_unavailable`
//!   ([`audience::IdError::NormalizationUnavailable`]), a webhook URL whose host needs NFKC is
//!   reported `invalid_url` with `params.reason` `normalization_unavailable`. ASCII text, and
//!   text made only of characters nothing composes with, never needs them.
//!
//! The command line is not a feature: it is its own crate in the workspace (`cli/`, package
//! `preflight-cli`, binary `preflight`), so a dependency on this library never brings clap
//! (scripts/check-deps.sh checks it, with and without default features).

#![forbid(unsafe_code)]

pub mod audience;
pub mod checks;
pub mod clock;
pub mod ctx;
pub mod describe;
mod engine;
pub mod error;
mod formats;
pub mod json;
pub mod kind;
pub mod options;
pub mod report;
pub mod rules;
mod schema;
pub mod signing;
mod sort;
mod spec;

pub use describe::{describe, Description};
pub use error::{Error, ErrorCode};
pub use kind::Kind;
pub use options::{BudgetOptimization, Context, Options};
pub use report::{Code, Issue, Pointer, Report, Severity};

use options::ClassifyName;

/// The deepest nesting a JSON text may have: a payload nesting deeper is refused with
/// [`ErrorCode::TooDeep`] (by [`json::parse`], which never recurses further). No documented
/// payload comes near it.
pub const MAX_DEPTH: usize = 128;

/// The largest JSON text accepted, in bytes. The largest documented body is 5,000,000 bytes
/// (custom audience users); this leaves room to report such a body as too large instead of
/// refusing to read it.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Validates a parsed payload of `kind`. Never fails: every problem is an issue in the report
/// (at most `options.max_issues` of them, then one `too_many_issues` issue counting the rest).
pub fn validate(kind: Kind, payload: &serde_json::Value, options: &Options) -> Report {
    validate_value(kind, &json::Value::from_serde(payload), options)
}

/// Validates a payload held as the engine's own document (see [`json::parse`]).
pub fn validate_value(kind: Kind, payload: &json::Value<'_>, options: &Options) -> Report {
    engine::run(kind, payload, options)
}

/// Parses JSON text into a `serde_json::Value` (bytes, so invalid UTF-8 is an error and not a
/// panic). The validation calls read text with [`json::parse`] instead; this serves callers that
/// want a `serde_json::Value`, such as the CLI's `--context`.
pub fn parse_json(bytes: &[u8]) -> Result<serde_json::Value, Error> {
    // The engine's parser decides what is JSON (size, depth, UTF-8, numbers, lone surrogates),
    // so this entry point and the text entry points accept exactly the same texts and refuse
    // the rest with the same codes. serde_json then builds the value with its own recursion
    // limit off: the depth is already bounded by MAX_DEPTH (serde's limit of 128 refused a text
    // of exactly MAX_DEPTH levels that validate_json accepts).
    parse_payload(bytes)?;
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            Error::new(
                ErrorCode::InvalidJson,
                format!(
                    "the payload is not valid JSON: {} at line {}, column {}",
                    e.classify_name(),
                    e.line(),
                    e.column()
                ),
            )
        })
}

/// Parses a JSON payload into the engine's document, borrowing from `bytes`.
pub fn parse_payload(bytes: &[u8]) -> Result<json::Value<'_>, Error> {
    check_size(bytes)?;
    json::parse(bytes).map_err(|e| match e.kind {
        json::ParseErrorKind::TooDeep => too_deep(),
        _ => Error::new(
            ErrorCode::InvalidJson,
            format!("the payload is not valid JSON: {e}"),
        ),
    })
}

fn check_size(bytes: &[u8]) -> Result<(), Error> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(Error::new(
            ErrorCode::InputTooLarge,
            format!("the payload is larger than {MAX_INPUT_BYTES} bytes"),
        ));
    }
    Ok(())
}

fn too_deep() -> Error {
    Error::new(
        ErrorCode::TooDeep,
        format!("the payload nests deeper than {MAX_DEPTH} levels"),
    )
}

/// Validates JSON text. Fails only when the text is not JSON.
pub fn validate_slice(kind: Kind, payload: &[u8], options: &Options) -> Result<Report, Error> {
    let value = parse_payload(payload)?;
    Ok(validate_value(kind, &value, options))
}

/// The whole call as the bindings make it: kind name, payload JSON text, options JSON text (empty
/// for defaults). Fails for an unknown kind, bad options or unparsable JSON.
pub fn validate_json(kind: &str, payload: &[u8], options: &str) -> Result<Report, Error> {
    let kind: Kind = kind.parse()?;
    let options = Options::from_json(options)?;
    validate_slice(kind, payload, &options)
}

/// The result of a call as the JavaScript bindings carry it across the boundary:
/// `{"ok":<result>}` or `{"error":{"code":...,"message":...}}`. Native tests compute the same
/// text, so native and wasm results compare byte for byte.
pub fn envelope<E: JsonError>(result: Result<String, E>) -> String {
    match result {
        Ok(json) => format!("{{\"ok\":{json}}}"),
        Err(e) => format!("{{\"error\":{}}}", e.to_json()),
    }
}

/// An error that serializes as `{"code": ..., "message": ...}`, so every area's errors (validation,
/// signing) cross the JavaScript boundary in the same [`envelope`].
pub trait JsonError {
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

/// The whole call for a payload handed over as a tape (see [`json::tape`]): kind name, tape,
/// options JSON text. `None` when the tape is refused: then the caller validates the payload's
/// JSON text instead ([`validate_json`]), which gives the same result for any tape that is not
/// refused. Fails like [`validate_json`] for an unknown kind or bad options.
pub fn validate_tape(
    kind: &str,
    tape: &json::tape::TapeRef<'_>,
    options: &str,
) -> Option<Result<Report, Error>> {
    // A tape whose text might pass the size limit is refused before anything else, as the text
    // path refuses such a text before it looks at the kind or the options.
    if json::tape::json_text_bound(tape) > MAX_INPUT_BYTES {
        return None;
    }
    let call =
        || -> Result<(Kind, Options), Error> { Ok((kind.parse()?, Options::from_json(options)?)) };
    let (kind, options) = match call() {
        Ok(call) => call,
        Err(e) => return Some(Err(e)),
    };
    let value = json::tape::decode(tape).ok()?;
    Some(Ok(validate_value(kind, &value, &options)))
}

/// [`validate_tape`] wrapped in an [`envelope`]; `None` for a refused tape.
pub fn validate_tape_envelope(
    kind: &str,
    tape: &json::tape::TapeRef<'_>,
    options: &str,
) -> Option<String> {
    validate_tape(kind, tape, options).map(|r| envelope(r.map(|r| r.to_json())))
}

/// [`validate_json`] wrapped in an [`envelope`].
pub fn validate_json_envelope(kind: &str, payload: &[u8], options: &str) -> String {
    envelope(validate_json(kind, payload, options).map(|r| r.to_json()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> Vec<u8> {
        let mut t = "[".repeat(levels);
        t.push_str(&"]".repeat(levels));
        t.into_bytes()
    }

    /// Both ways in take exactly MAX_DEPTH levels and refuse one more with `too_deep`.
    #[test]
    fn both_parsers_share_the_depth_limit() {
        let at_limit = nested(MAX_DEPTH);
        assert!(parse_json(&at_limit).is_ok());
        assert!(parse_payload(&at_limit).is_ok());
        let over = nested(MAX_DEPTH + 1);
        assert_eq!(
            parse_json(&over).map_err(|e| e.code),
            Err(ErrorCode::TooDeep)
        );
        assert_eq!(
            parse_payload(&over).map(|_| ()).map_err(|e| e.code),
            Err(ErrorCode::TooDeep)
        );
        assert_eq!(
            parse_json(b"[1,]").map_err(|e| e.code),
            Err(ErrorCode::InvalidJson)
        );
    }
}
