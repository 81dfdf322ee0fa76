//! Target `validate_json`: JSON text through the validation entry points, for every kind.
//!
//! Input: a header line `<kind> [<options>]`, then the payload text. `<kind>` is a kind's name
//! (another word picks a kind by its byte sum, and the call by that word must fail as
//! `unknown_kind`); the first byte of `<options>` picks the options from [`OPTIONS`] (`0` =
//! defaults but a pinned `now`, `1` the next, ...).
//!
//! Invariants:
//! - `validate_json` (the bindings' call) and `validate_slice` give the same result;
//! - a payload is refused only as `invalid_json`, `too_deep` or `input_too_large`, and with the
//!   same code as `parse_json` gives for the same text; the engine's own parser accepts exactly
//!   the texts serde_json's parser accepts (its recursion limit off; a text of exactly MAX_DEPTH
//!   levels included: `parse_json` once refused it, kept as regression files `*depth-128*`);
//! - the report satisfies [`super::report::check`] against the payload;
//! - the object path (`validate` on the serde_json value) and the text path (`validate_slice`
//!   on that value's text) give the same report, byte for byte.

use super::{by_name, header, pick, report, token_byte};
use preflight::{ErrorCode, Kind, Options};

/// Option sets (JSON text as the bindings take it) the second input byte chooses from: defaults,
/// then contexts that switch on the rules needing facts outside the payload. Each pins `now`: the
/// invariants compare two calls byte for byte, and a rule relative to the clock would otherwise
/// read it twice (a report that quotes how far a date is from now would differ).
pub const OPTIONS: &[&str] = &[
    r##"{"now":"2026-11-25T12:00:00Z"}"##,
    r##"{"now":"2026-11-25T12:00:00Z","context":{"objective":"APP_INSTALLS","placements":["PUBLISHER_NETWORK"],"budget_optimization":"LINE_ITEM","current":{"start_time":"2026-11-21T00:00:00Z","end_time":"2026-12-01T00:00:00Z","bid_amount_local_micro":1000000,"total_budget_amount_local_micro":5000000,"pay_by":"APP_CLICK","title":"T","second_cta":"#two","third_cta_tweet":"maybe","ios_app_store_identifier":"333903271"}}}"##,
    r##"{"now":"2026-11-25T12:00:00Z","context":{"objective":"PREROLL_VIEWS","placements":["ALL_ON_TWITTER"],"budget_optimization":"CAMPAIGN","current":{"bid_amount_local_micro":null,"categories":"IAB1"}}}"##,
    r##"{"now":"2026-11-25T12:00:00Z","context":{"objective":"REACH"}}"##,
];

/// Decodes the input: (kind, whether the header named it, options text, payload).
pub fn split(data: &[u8]) -> (Kind, bool, &'static str, &[u8]) {
    let (tokens, payload) = header(data);
    let (kind, named) = by_name(Kind::ALL, Kind::name, &tokens);
    let options = pick(OPTIONS, token_byte(&tokens, 1, b'0'), b'0');
    (kind, named, options, payload)
}

pub fn run(data: &[u8]) {
    let (kind, named, options, payload) = split(data);
    if !named {
        let (tokens, _) = header(data);
        let word = String::from_utf8_lossy(tokens.first().copied().unwrap_or_default());
        let e = preflight::validate_json(&word, payload, options).err();
        assert_eq!(e.map(|e| e.code), Some(ErrorCode::UnknownKind));
    }
    check(kind, options, payload);
}

/// Every invariant of the module docs for one call.
pub fn check(kind: Kind, options_text: &str, payload: &[u8]) {
    let options = match Options::from_json(options_text) {
        Ok(o) => o,
        Err(e) => panic!("the harness's options are refused: {}", e.message),
    };
    let result = preflight::validate_json(kind.name(), payload, options_text);
    let slice = preflight::validate_slice(kind, payload, &options);
    assert_eq!(result, slice, "validate_json and validate_slice differ");
    if let Err(e) = &result {
        assert!(
            matches!(
                e.code,
                ErrorCode::InvalidJson | ErrorCode::TooDeep | ErrorCode::InputTooLarge
            ),
            "a payload refused as {}",
            e.code.code()
        );
    }
    let serde = preflight::parse_json(payload);
    if matches!(
        &result,
        Ok(_)
            | Err(preflight::Error {
                code: ErrorCode::InvalidJson,
                ..
            })
    ) {
        assert_eq!(
            serde_json_accepts(payload),
            result.is_ok(),
            "the engine's parser and serde_json's disagree on the text"
        );
    }
    match (&result, &serde) {
        (Ok(report), Ok(value)) => report::check(report, Some(value)),
        (Err(e), Err(s)) if e.code == s.code => {}
        (Err(e), Err(s)) => panic!(
            "the engine's parser refuses the text as {}, serde_json as {}",
            e.code.code(),
            s.code.code()
        ),
        (Ok(_), Err(s)) => panic!(
            "the engine's parser accepts text that serde_json refuses ({})",
            s.message
        ),
        (Err(e), Ok(_)) => panic!(
            "the engine's parser refuses text that serde_json accepts ({})",
            e.message
        ),
    }
    if let Ok(value) = &serde {
        let object = preflight::validate(kind, value, &options);
        report::check(&object, Some(value));
        let text = match serde_json::to_vec(value) {
            Ok(t) => t,
            Err(e) => panic!("a parsed value does not serialize: {e}"),
        };
        match preflight::validate_slice(kind, &text, &options) {
            Ok(from_text) => assert_eq!(
                from_text.to_json(),
                object.to_json(),
                "the object path and the text path differ"
            ),
            Err(e) => panic!(
                "serde_json's own output is refused by the engine: {}",
                e.message
            ),
        }
    }
}

/// Whether serde_json's own parser reads the text as one JSON value (no recursion limit: depth
/// is the engine's to bound).
fn serde_json_accepts(payload: &[u8]) -> bool {
    let mut de = serde_json::Deserializer::from_slice(payload);
    de.disable_recursion_limit();
    let mut values = de.into_iter::<serde_json::Value>();
    matches!(values.next(), Some(Ok(_))) && values.next().is_none()
}
