//! Reading what the platform answers: the documented answer bodies read into typed values, and
//! the answers of batch uploads mapped back to what was sent.
//!
//! Every reader is a typed Rust function of its submodule. The bindings (wasm, Python) and the
//! command line reach the same readers through one door, [`call`]: a call name, its arguments
//! as one JSON object, and the result as JSON text written by the engine's one JSON writer, so
//! that every surface gives the same bytes (tests/vectors/answers/, run natively, in Node, in
//! Chromium and in Python). A reader fails (an [`Error`] with a stable code) only when the call
//! is wrong or the answer is one the caller must not go on with; an answer that breaks a
//! documented rule is read, and the rule's issue is reported beside the value.

pub mod audience;
mod batch_json;
pub mod products;

use crate::error::{Error, ErrorCode};
use crate::json::{self, Value};

pub mod list;
pub mod oauth;
pub mod problem;

/// One call of [`call`]: handed the arguments object, returns the result as JSON text.
type Call = fn(&json::Object<'_>) -> Result<String, Error>;

/// Every call, by name. One line per call; its arguments and result are documented at its
/// function (docs/ANSWERS.md lists them).
const CALLS: &[(&str, Call)] = &[
    // Lists (documents B and C: the response envelope's `next_cursor` and `total_count`).
    ("list_page", list::list_page_call),
    ("list_next_query", list::list_next_query_call),
    // Error bodies and token answers (document A §7, §3).
    ("error_body", problem::call_error_body),
    ("request_token", oauth::call_request_token),
    ("access_token", oauth::call_access_token),
    ("invalidate_token", oauth::call_invalidate_token),
    // Batch answers (document B §3, §4).
    ("product_answer", products::call),
    ("audience_outcome", audience::call),
];

/// The names [`call`] takes, in table order.
pub fn names() -> impl Iterator<Item = &'static str> {
    CALLS.iter().map(|(name, _)| *name)
}

/// Runs the reader named `name` on `args`, the JSON text of one object holding its arguments,
/// and returns its result as JSON text.
///
/// Fails with `unknown_call` for a name not in [`names`], and with `bad_arguments` for `args`
/// that are not a JSON object (or hold a member of the wrong type: each reader's own checks),
/// besides the errors of the reader itself.
pub fn call(name: &str, args: &str) -> Result<String, Error> {
    let Some((_, run)) = CALLS.iter().find(|(n, _)| *n == name) else {
        return Err(Error::new(
            ErrorCode::UnknownCall,
            "unknown answer reader; `answers::names()` lists them",
        ));
    };
    let value = json::parse(args.as_bytes()).map_err(|_| bad_arguments("not JSON"))?;
    let Value::Object(object) = &value else {
        return Err(bad_arguments("not a JSON object"));
    };
    run(object)
}

/// A `bad_arguments` error: `arguments: <what>` (names only, never a value).
pub(crate) fn bad_arguments(what: &str) -> Error {
    Error::new(ErrorCode::BadArguments, format!("arguments: {what}"))
}

/// Member `name` of the arguments, a string (an answer's text): else `bad_arguments`.
pub(crate) fn text_member<'o>(args: &'o json::Object<'_>, name: &str) -> Result<&'o str, Error> {
    match args.get(name) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad_arguments(&format!("{name}: not a string"))),
        None => Err(bad_arguments(&format!("{name}: missing"))),
    }
}

/// An answer's text read as JSON: `invalid_json` (what and where, never the text) or
/// `too_deep` when it is not, and `input_too_large` for a text larger than
/// [`json::MAX_INPUT_BYTES`] (the bound of a payload to validate: no documented answer comes
/// near it).
pub(crate) fn parse_answer(text: &str) -> Result<Value<'_>, Error> {
    if text.len() > json::MAX_INPUT_BYTES {
        return Err(Error::new(
            ErrorCode::InputTooLarge,
            format!(
                "answer: larger than {} bytes (MAX_INPUT_BYTES)",
                json::MAX_INPUT_BYTES
            ),
        ));
    }
    json::parse(text.as_bytes()).map_err(|e| {
        let code = match e.kind {
            json::ParseErrorKind::TooDeep => ErrorCode::TooDeep,
            _ => ErrorCode::InvalidJson,
        };
        Error::new(code, format!("answer: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_name_or_arguments_that_are_no_object_are_wrong_calls() {
        assert_eq!(
            call("no_such_reader", "{}").unwrap_err().code,
            ErrorCode::UnknownCall
        );
        for name in names() {
            for args in ["", "[]", "1", "{", "\"x\""] {
                assert_eq!(
                    call(name, args).unwrap_err().code,
                    ErrorCode::BadArguments,
                    "{name} {args:?}"
                );
            }
        }
    }

    #[test]
    fn an_answer_larger_than_the_input_bound_is_refused_before_it_is_read() {
        let mut text = String::from("{\"data\":[],\"next_cursor\":null,\"x\":\"");
        text.push_str(&"a".repeat(json::MAX_INPUT_BYTES));
        text.push_str("\"}");
        assert_eq!(
            parse_answer(&text).unwrap_err().code,
            ErrorCode::InputTooLarge
        );
        text.truncate(json::MAX_INPUT_BYTES - 2);
        text.push_str("\"}");
        assert!(parse_answer(&text).is_ok());
    }
}
