//! The entry points of validation: a payload as a `serde_json::Value`, as the engine's own
//! document, as JSON text (bytes), or the whole call as the bindings make it; and the parsing
//! with the text entry points' limits ([`MAX_INPUT_BYTES`], [`MAX_DEPTH`]). Each hands the
//! kind's row of the registry ([`crate::spec::v12`]) to the engine. Re-exported at the crate root.

use crate::error::{Error, ErrorCode};
use crate::json::{self, MAX_DEPTH, MAX_INPUT_BYTES};
use crate::kind::Kind;
use crate::options::Options;
use crate::report::Report;
use crate::{engine, spec};

/// Validates a parsed payload of `kind`. Never fails: every problem is an issue in the report
/// (at most `options.max_issues` of them, then one `too_many_issues` issue counting the rest).
///
/// ```
/// use preflight::{validate, Code, Kind, Options, Severity};
/// let poll = serde_json::json!({"name": "Lunch poll", "duration_in_minutes": 4,
///     "first_choice": "Pizza", "second_choice": "Salad"});
/// let report = validate(Kind::PollCard, &poll, &Options::default());
/// assert!(!report.valid);
/// let issue = &report.issues[0];
/// assert_eq!(issue.path, "/duration_in_minutes");
/// assert_eq!(issue.code, Code::OutOfRange);
/// assert_eq!(issue.severity, Severity::Error);
/// assert_eq!(issue.params["min"], 5);
/// assert_eq!(issue.params["max"], 10080);
///
/// let poll = serde_json::json!({"name": "Lunch poll", "duration_in_minutes": 1440,
///     "first_choice": "Pizza", "second_choice": "Salad"});
/// assert!(validate(Kind::PollCard, &poll, &Options::default()).valid);
/// ```
pub fn validate(kind: Kind, payload: &serde_json::Value, options: &Options) -> Report {
    validate_value(kind, &json::Value::from_serde(payload), options)
}

/// Validates a payload held as the engine's own document (see [`json::parse`], or
/// [`parse_payload`], which also applies [`MAX_INPUT_BYTES`]), for a caller that validates the
/// same parsed text more than once. Gives the same report as [`validate_slice`] on that text.
pub fn validate_value(kind: Kind, payload: &json::Value<'_>, options: &Options) -> Report {
    engine::run(spec::v12::spec(kind), payload, options)
}

/// Parses JSON text into a `serde_json::Value` (bytes, so invalid UTF-8 is an error and not a
/// panic). The validation calls read text with [`json::parse`] instead; this serves callers that
/// want a `serde_json::Value`, such as the CLI's `--context`.
///
/// The value is the engine's own reading of the text ([`parse_payload`], then
/// [`json::Value::to_serde`]): the same texts are accepted and refused with the same codes, and
/// every number is the one [`validate_json`] reads (correctly rounded; serde_json's own parser,
/// without its `float_roundtrip` feature, can be a unit off in the last place and turn
/// `9919.000000000001` into the whole number 9919). A name written twice keeps its last value,
/// as serde_json's parser keeps it.
pub fn parse_json(bytes: &[u8]) -> Result<serde_json::Value, Error> {
    Ok(parse_payload(bytes)?.to_serde())
}

/// Parses a JSON payload into the engine's document, borrowing from `bytes`, with the checks of
/// the text entry points: at most [`MAX_INPUT_BYTES`] and [`MAX_DEPTH`] levels
/// ([`ErrorCode::InputTooLarge`], [`ErrorCode::TooDeep`]), otherwise [`ErrorCode::InvalidJson`].
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

/// Validates JSON text given as bytes (UTF-8). Fails only when the call is wrong: the text is not
/// JSON ([`ErrorCode::InvalidJson`]: syntax, invalid UTF-8, a lone surrogate, a number out of
/// range), nests deeper than [`MAX_DEPTH`] or is larger than [`MAX_INPUT_BYTES`]. A payload that
/// is JSON but not a valid `kind` is an `Ok` report with its issues.
///
/// A member written twice in one object is reported (`duplicate_key`), which [`validate`] on a
/// `serde_json::Value` cannot do: serde_json keeps only the last.
///
/// ```
/// use preflight::{validate_slice, Code, ErrorCode, Kind, Options};
/// let opts = Options::default();
/// let text = br#"{"name": "Lunch poll", "duration_in_minutes": 1440,
///     "first_choice": "Pizza", "second_choice": "Salad"}"#;
/// assert!(validate_slice(Kind::PollCard, text, &opts)?.valid);
///
/// let twice = br#"{"name": "A", "name": "B", "duration_in_minutes": 1440,
///     "first_choice": "Pizza", "second_choice": "Salad"}"#;
/// let report = validate_slice(Kind::PollCard, twice, &opts)?;
/// assert_eq!(report.issues[0].code, Code::DuplicateKey);
/// assert_eq!(report.issues[0].path, "/name");
///
/// let err = validate_slice(Kind::PollCard, b"{\"name\": }", &opts).unwrap_err();
/// assert_eq!(err.code, ErrorCode::InvalidJson);
/// # Ok::<(), preflight::Error>(())
/// ```
pub fn validate_slice(kind: Kind, payload: &[u8], options: &Options) -> Result<Report, Error> {
    let value = parse_payload(payload)?;
    Ok(validate_value(kind, &value, options))
}

/// The whole call as the bindings make it: kind name, payload JSON text, options JSON text (empty
/// for defaults). Fails for an unknown kind, bad options or unparsable JSON.
///
/// ```
/// use preflight::{validate_json, ErrorCode};
/// let text = br#"{"name": "Lunch poll", "duration_in_minutes": 1440,
///     "first_choice": "Pizza", "second_choice": "Salad"}"#;
/// let report = validate_json("poll_card", text, r#"{"max_issues": 10}"#)?;
/// assert_eq!(report.to_json(), r#"{"valid":true,"issues":[]}"#);
/// let err = validate_json("poll_card", text, r#"{"max_isues": 10}"#).unwrap_err();
/// assert_eq!(err.code, ErrorCode::BadOptions);
/// # Ok::<(), preflight::Error>(())
/// ```
pub fn validate_json(kind: &str, payload: &[u8], options: &str) -> Result<Report, Error> {
    let kind: Kind = kind.parse()?;
    let options = Options::from_json(options)?;
    validate_slice(kind, payload, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> Vec<u8> {
        let mut t = "[".repeat(levels);
        t.push_str(&"]".repeat(levels));
        t.into_bytes()
    }

    /// `validate` of what `parse_json` gives and `validate_json` of the same text read every
    /// number alike, correctly rounded: near-integer numbers that a parse one unit off in the last
    /// place makes whole, or not (the bits: Python's `float()`).
    #[test]
    fn parse_json_reads_numbers_as_validate_json_does() -> Result<(), Error> {
        for (text, python) in [
            ("9919.000000000001", 0x40c3_5f80_0000_0001u64),
            ("66682.000000000007", 0x40f0_47a0_0000_0000),
            ("35321.000000000003", 0x40e1_3f20_0000_0000),
            ("1440.0000000000002", 0x4096_8000_0000_0001),
            ("9.921145896087341e14", 0x430c_3295_6d85_58f1),
            ("9007199254740993.0", 0x4340_0000_0000_0000),
            ("1.0000000000000002e15", 0x430c_6bf5_2634_0002),
            ("123456789012345678.9", 0x437b_69b4_ba63_0f35),
        ] {
            let number = parse_json(text.as_bytes())?.as_f64().map(f64::to_bits);
            assert_eq!(number, Some(python), "{text}");
            let payload = format!(
                r#"{{"name": "Lunch poll", "duration_in_minutes": {text},
                "first_choice": "Pizza", "second_choice": "Salad"}}"#
            );
            let object = validate(
                Kind::PollCard,
                &parse_json(payload.as_bytes())?,
                &Options::default(),
            );
            let text_path = validate_json("poll_card", payload.as_bytes(), "")?;
            assert_eq!(object.to_json(), text_path.to_json(), "{text}");
        }
        Ok(())
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
