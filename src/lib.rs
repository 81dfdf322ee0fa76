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
//! There are no other features: serde (`Serialize`/`Deserialize` of [`Kind`], [`Report`],
//! [`Issue`] with its typed [`report::Params`], [`Code`], [`Severity`], [`ErrorCode`] and the
//! audience options) is always on.
//!
//! # Stability
//! - The stable names are the contract: kind names ([`Kind::name`]), issue codes
//!   ([`Code::as_str`]), error codes ([`ErrorCode::as_str`], [`audience::IdError::code`],
//!   [`signing::SigningError::code`]). Serde writes and reads exactly these names, and a report
//!   round-trips: `serde_json::from_str::<Report>(&report.to_json())` gives the same report.
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
//! - Minimum supported Rust version: the `rust-version` of Cargo.toml, which the test command
//!   (scripts/test.sh) builds the library with, with and without default features.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The engine (rules, checks, context) is private: its layout changes as rules are added, and a
// caller reaches it only through `validate*`, `describe` and the types below. (Tests reach it
// through `__private`, which is why the docs lints are off for these modules.)
#[allow(
    missing_docs,
    rustdoc::private_intra_doc_links,
    rustdoc::broken_intra_doc_links
)]
mod checks;
#[allow(
    missing_docs,
    rustdoc::private_intra_doc_links,
    rustdoc::broken_intra_doc_links
)]
mod ctx;
mod envelope;
mod issues;
mod model;
#[allow(
    missing_docs,
    rustdoc::private_intra_doc_links,
    rustdoc::broken_intra_doc_links
)]
mod rules;
mod sort;
mod time;

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
mod validate;

pub use describe::{describe, Description};
pub use error::{Error, ErrorCode};
pub use json::{MAX_DEPTH, MAX_INPUT_BYTES};
pub use kind::Kind;
pub use options::{BudgetOptimization, Context, MediaType, Objective, Options, Placement};
pub use report::{Code, Issue, Report, Severity};
pub use validate::{
    parse_json, parse_payload, validate, validate_json, validate_slice, validate_value,
};

/// Not public API: what the JavaScript binding (`bindings/wasm`) and this workspace's tests need
/// beyond the public API, namely the JSON-tape hand-over of a JavaScript value (`tape`) and the
/// `{"ok": ...}` / `{"error": ...}` envelope the binding returns (which the native tests compute
/// too, to compare native and wasm results byte for byte). Hidden from the documentation; it may
/// change or go away in any release, semver does not cover it.
#[doc(hidden)]
#[allow(missing_docs)]
pub mod __private {
    pub use crate::envelope::{
        envelope, validate_json_envelope, validate_tape, validate_tape_envelope, JsonError,
    };

    /// The JSON tape (see `src/json/tape.rs`).
    pub mod tape {
        pub use crate::json::tape::*;
    }

    /// The rules, for tests that read a rule's named constants instead of restating them.
    pub mod rules {
        pub use crate::rules::*;
    }

    /// The shared checks, for tests (ISO code tables, date parsing).
    pub mod checks {
        pub use crate::checks::*;
    }

    /// The validation context, for tests (`Mode`).
    pub mod ctx {
        pub use crate::ctx::*;
    }
}
