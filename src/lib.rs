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
//! assert_eq!(report.issues[0].code.code(), "out_of_range");
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
//!   text made only of characters nothing composes with, never needs them. With or without the
//!   feature, an email address holding a character added after Unicode 15.1
//!   ([`audience::UNICODE_VERSION`]) that normalizes or has case is `unsupported_character`
//!   ([`audience::IdError::UnsupportedCharacter`]): every build gives the same answer, whatever
//!   the Unicode version of its tables (a registered normalizer's included).
//!
//! The command line is not a feature: it is its own crate in the workspace (`cli/`, package
//! `preflight-cli`, binary `preflight`), so a dependency on this library never brings clap
//! (scripts/check-deps.sh checks it, with and without default features).
//!
//! - `sha2-hmac` (off by default): HMAC-SHA256 through the `hmac` crate over `sha2` in wasm too,
//!   as natively, instead of a hand-written HMAC over the audience hashing's SHA-256; the same
//!   tags. The signing-only wasm build takes it (compiled for size, `sha2` at opt-level 3 hashes
//!   long bodies faster).
//!
//! There are no other features: serde (`Serialize`/`Deserialize` of [`Kind`], [`Report`],
//! [`Issue`] with its typed [`report::Params`], [`Code`], [`Severity`], [`ErrorCode`] and the
//! audience options) is always on.
//!
//! # Stability
//! - The stable names are the contract: kind names ([`Kind::name`]), issue codes
//!   ([`Code::code`]), error codes ([`ErrorCode::code`], [`audience::IdError::code`],
//!   [`signing::SigningError::code`]). Serde writes and reads exactly these names, and a report
//!   round-trips: `serde_json::from_str::<Report>(&report.to_json())` gives the same report.
//!   One convention names them: every code type's stable text is `code()` (issue codes, error
//!   codes, every error enum), every named value's is `name()` (kinds, severities, identifier
//!   types, flow steps, formats, context facts).
//! - Enums that grow with the platform's API ([`Kind`], [`Code`], [`ErrorCode`], the error enums,
//!   [`audience::IdType`], [`report::Param`], the context facts' [`Objective`], [`Placement`],
//!   [`MediaType`] and [`BudgetOptimization`]) are `#[non_exhaustive]`: a `match` needs a
//!   wildcard arm.
//! - Options with a fixed set of values are enums, never strings: a misspelled value does not
//!   compile, and text is parsed with `str::parse` (the enums' `FromStr`), which refuses any
//!   other text with the error the JSON options give ([`ErrorCode::BadOptions`]). Each enum's
//!   `name()` and `Display` give the spec's name, the text `parse` reads back.
//!
//!   ```compile_fail,E0004
//!   use preflight::ErrorCode;
//!   // Does not compile, although it names every code of this release: codes may be added.
//!   fn retry(code: ErrorCode) -> bool {
//!       match code {
//!           ErrorCode::UnknownKind | ErrorCode::BadOptions | ErrorCode::InvalidJson => false,
//!           ErrorCode::TooDeep | ErrorCode::InputTooLarge => false,
//!       }
//!   }
//!   ```
//! - Structs that will grow are `#[non_exhaustive]` too ([`audience::HashOptions`],
//!   [`audience::batch::BatchOptions`], [`audience::batch::AudienceRecord`],
//!   [`signing::Oauth1Request`], [`Report`], [`Issue`], [`Error`] and other results, and every
//!   type of [`describe()`]'s description, which grows with the rules: formats, field types, rule
//!   kinds): options
//!   start from `default()` (or a constructor such as [`signing::Oauth1Request::new`]) and are
//!   changed field by field or with their `with_*` methods; results are read, and built only
//!   with constructors such as [`Report::from_issues`] and [`Issue::new`].
//!
//!   ```compile_fail,E0639
//!   // Does not compile: more options may be added.
//!   let opts = preflight::audience::HashOptions { prehashed: true, ..Default::default() };
//!   ```
//!   ```
//!   let opts = preflight::audience::HashOptions::default().with_prehashed(true);
//!   # assert!(opts.prehashed);
//!   ```
//! - The rule engine is private. `preflight::__private` (hidden from these docs) is for the
//!   workspace's own wasm binding and tests, not covered by semver, and may change in any
//!   release.
//! - The repository's `tests/public-api.txt` lists every public item, and a test fails when the
//!   API differs from it, so that no change of the API goes unnoticed.
//! - Minimum supported Rust version: the `rust-version` of Cargo.toml, which the test command
//!   (scripts/test.sh) builds the library with, with and without default features.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// A type a caller can hold (a field, a return value, an argument) but not name is an internal
// leaking into the public API.
#![deny(unnameable_types)]

// The engine (rules, checks, context, model) is private: its layout changes as rules are added,
// and a caller reaches it only through `validate*`, `describe` and the types below.
mod checks;
mod ctx;
mod envelope;
mod issues;
mod model;
mod rules;
mod sort;
mod time;

pub mod answers;
pub mod audience;
pub mod clock;
pub mod describe;
mod engine;
pub mod error;
mod formats;
pub mod json;
pub mod kind;
pub mod options;
pub mod report;
mod schema;
pub mod signing;
mod spec;

pub use describe::{describe, Description};
pub use error::{Error, ErrorCode};
pub use json::{MAX_DEPTH, MAX_INPUT_BYTES};
pub use kind::Kind;
pub use options::{BudgetOptimization, Context, MediaType, Objective, Options, Placement};
pub use report::{Code, Issue, Report, Severity};

/// The README's Rust snippets, compiled by `cargo test --doc` as this crate's own examples are.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Not public API: what the JavaScript binding (`bindings/wasm`) and this workspace's tests,
/// benches and CLI need beyond the public API, and nothing more. Hidden from the documentation;
/// it may change or go away in any release, semver does not cover it.
///
/// Kept narrow on purpose, each item named (no glob of an internal module), so that the engine
/// stays private and `tests/public_api.rs` lists every item reachable here too:
/// - the JSON-tape hand-over of a JavaScript value (`tape::TapeRef`, `validate_tape`) and the
///   engine's one JSON writer of strings and integers (`json_string`, `json_uint`), with which
///   the binding writes its results;
/// - the named limits and value lists of the rules (`rules::*`) and the ISO country list
///   (`checks::iso`), for the property tests that break each rule with the constant the rule
///   itself uses;
/// - the date parser (`checks::dates`) and the hand-written pieces (`pieces`) that the public
///   API does not reach directly, for the differential tests against well-kept crates and the
///   size bench (bench/libsize).
#[doc(hidden)]
pub mod __private {
    pub use crate::envelope::{json_string, json_uint, validate_tape};

    /// The JSON tape (see `src/json/tape.rs`): the borrowed words, numbers and text that
    /// `pkg/lib/tape.js` writes.
    pub mod tape {
        pub use crate::json::tape::TapeRef;
    }

    /// The rules' named limits and value lists, for tests that read a rule's constants instead
    /// of restating them.
    pub mod rules {
        /// The audience users endpoints' lists (document B §4).
        pub mod audience_users {
            pub use crate::rules::audience_users::{
                DO_NOT_REACH_IDENTIFIERS, IDENTIFIERS, OPERATION_TYPES, SHA256_HEX_DIGITS,
                UNHASHED_IDENTIFIER,
            };
        }
        /// The card's limits and lists (document C §2, §4).
        pub mod card {
            pub use crate::rules::card::{
                COMPONENT_TYPES, DESTINATION_TYPES, LABEL_TYPES, LABEL_VALUES, NAME_MAX_CHARS,
                SWIPEABLE_MEDIA_MAX_ITEMS, SWIPEABLE_MEDIA_MIN_ITEMS,
            };
        }
        /// The line item's lists (document C §4 Line items).
        pub mod line_item {
            pub use crate::rules::line_item::{AUDIENCE_EXPANSIONS, ENTITY_STATUSES, GOALS};
            /// Bids.
            pub mod bid {
                pub use crate::rules::line_item::bid::{BID_AMOUNT_MIN_MICRO, BID_STRATEGIES};
            }
            /// Frequency caps.
            pub mod frequency_cap {
                pub use crate::rules::line_item::frequency_cap::DURATIONS_IN_DAYS;
            }
            /// `pay_by`.
            pub mod pay_by {
                pub use crate::rules::line_item::pay_by::PAY_BY_VALUES;
            }
        }
        /// The poll card's limits (document C §4 Poll cards).
        pub mod poll_card {
            pub use crate::rules::poll_card::{
                CHOICE_MAX_CHARS, DURATION_MAX_MINUTES, DURATION_MIN_MINUTES,
            };
        }
        /// The product's limits and lists (document B §2 Product).
        pub mod product {
            pub use crate::rules::product::{
                ADDITIONAL_IMAGES_MAX, AGE_GROUP, AVAILABILITY, CONDITION, DESCRIPTION_MAX_CHARS,
                GENDER, TITLE_MAX_CHARS,
            };
        }
        /// The video conversation card's limits (document C §4 Video conversation cards).
        pub mod video_conversation_card {
            pub use crate::rules::video_conversation_card::{
                CTA_MAX_CHARS, HASHTAG_SIGN, THANK_YOU_TEXT_MAX_CHARS, TITLE_MAX_CHARS,
            };
        }
    }

    /// The shared checks' tables and the date parser, for tests and bench/libsize.
    pub mod checks {
        /// The ISO 3166-1 alpha-2 codes.
        pub mod iso {
            pub use crate::checks::iso::COUNTRY_ALPHA2;
        }
        /// The ISO 8601 date-time parser.
        pub mod dates {
            pub use crate::time::{parse_iso8601, DateTime};
        }
    }

    /// The hand-written pieces that the public API does not reach natively, for the
    /// differential tests against well-kept crates (tests/differential_libs/). Native builds
    /// only, so that nothing of it is in a shipped `.wasm`; bench/libsize builds it for wasm
    /// with `--cfg preflight_pieces` to weigh the pieces.
    #[cfg(any(not(target_arch = "wasm32"), preflight_pieces))]
    pub mod pieces {
        /// Appends the shortest digits of a finite `f64` as reports write them.
        pub fn write_f64(out: &mut String, f: f64) {
            crate::json::write::write_f64(out, f);
        }

        /// Appends `s` as a JSON string as reports write it.
        pub fn write_string(out: &mut String, s: &str) {
            crate::json::write::string(out, s);
        }

        /// SHA-256 of one message by the wasm build's own code, on this build's lanes.
        pub fn sha256_one(data: &[u8]) -> [u8; 32] {
            crate::audience::sha256_one(data)
        }

        /// HMAC-SHA256 as the wasm build computes it (signing's HMAC over the SHA-256 of
        /// `sha256_one`), on this build's lanes.
        pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
            crate::signing::mac::hmac_sha256_with(key, message, crate::audience::sha256_after_one)
        }

        /// The hex digests of up to four messages of at most 55 bytes hashed together by the
        /// four-lane code, on this build's lanes; `None` when a message does not fit.
        pub fn sha256_four(msgs: &[&[u8]]) -> Option<Vec<[u8; 64]>> {
            crate::audience::sha256_four(msgs)
        }
    }
}

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
